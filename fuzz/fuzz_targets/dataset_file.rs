//! Fuzzes reading a dataset file from its bytes: `sudoku_catalog::text_from_bytes` (the UTF-8
//! check `read_file` runs on the file's bytes) then `sudoku_catalog::parse_dataset` (which runs
//! `sudoku_core::parse_entries`). That is `read_file` without the disk.
//!
//! It also reads the same bytes as a large file is read, a line at a time
//! (`sudoku_catalog::EntryLines`), which must agree with the whole-text reader wherever that one
//! reads the text as one puzzle a line.
//!
//! Properties: no panic; a byte error exactly when the bytes are UTF-16 (by their byte-order
//! mark) or not UTF-8, the text otherwise the bytes less a UTF-8 byte-order mark; every error says
//! something and names its origin; every puzzle read is coherent, its grid reads back from every
//! written form, and the dataset written back as `puzzle:count:solution` lines reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bench_fuzz::grid_checks::{
    assert_entry_is_coherent, assert_written_forms_read_back, dataset_line,
};
use sudoku_catalog::{Dataset, EntryLines, LoadError, parse_dataset, text_from_bytes};
use sudoku_core::parse_entries;

/// The name errors must carry, as a path would be.
const ORIGIN: &str = "fuzz-input.txt";

/// The byte-order mark some editors put before UTF-8 text; the reader drops it.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

fuzz_target!(|data: &[u8]| {
    check_line_reader(data);
    let starts_utf16 = data.starts_with(&[0xFF, 0xFE]) || data.starts_with(&[0xFE, 0xFF]);
    let body = data.strip_prefix(UTF8_BOM).unwrap_or(data);
    let text = match text_from_bytes(ORIGIN, data.to_vec()) {
        Ok(text) => text,
        Err(error) => {
            match error {
                LoadError::Utf16 { .. } => assert!(starts_utf16, "UTF-16 without its mark"),
                LoadError::NotUtf8 { .. } => {
                    assert!(std::str::from_utf8(body).is_err(), "valid UTF-8 refused")
                }
                ref other => panic!("not a byte error: {other:?}"),
            }
            assert_names_origin(&error);
            return;
        }
    };
    assert!(!starts_utf16, "UTF-16 text accepted");
    assert_eq!(
        text.as_bytes(),
        body,
        "the text is not the bytes less a UTF-8 mark"
    );
    match parse_dataset("fuzz", ORIGIN, &text) {
        Ok(dataset) => check_dataset(&text, &dataset),
        Err(error) => assert_names_origin(&error),
    }
});

/// The line-at-a-time reader never panics, names its origin in every error, and reads what the
/// whole-text reader reads whenever that one reads several puzzles (so one a line).
fn check_line_reader(data: &[u8]) {
    let streamed: Vec<Result<sudoku_core::Entry, LoadError>> =
        EntryLines::new(data, ORIGIN).collect();
    for error in streamed.iter().filter_map(|r| r.as_ref().err()) {
        assert_names_origin(error);
    }
    let whole = text_from_bytes(ORIGIN, data.to_vec())
        .ok()
        .and_then(|text| parse_entries(&text).ok());
    if let Some(whole) = whole.filter(|entries| entries.len() > 1) {
        let streamed: Vec<_> = streamed
            .into_iter()
            .map(|entry| entry.unwrap_or_else(|e| panic!("the line reader refused: {e}")))
            .collect();
        assert_eq!(streamed, whole, "the two readers disagree");
    }
}

fn assert_names_origin(error: &LoadError) {
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("{ORIGIN}: ")) && message.len() > ORIGIN.len() + 2,
        "error without origin or words: {message:?}"
    );
}

fn check_dataset(text: &str, dataset: &Dataset) {
    assert!(!dataset.puzzles.is_empty(), "an empty dataset is an error");
    for entry in parse_entries(text).expect("parse_dataset succeeded on the same text") {
        assert_entry_is_coherent(&entry);
    }
    let mut written = String::new();
    for puzzle in &dataset.puzzles {
        assert!(puzzle.id.starts_with("line-"), "id {:?}", puzzle.id);
        assert_written_forms_read_back(&puzzle.grid);
        if let Some(solution) = &puzzle.solution {
            assert_written_forms_read_back(solution);
        }
        written += &dataset_line(
            &puzzle.grid,
            puzzle.expected_count,
            puzzle.solution.as_ref(),
        );
        written.push('\n');
    }
    let back = parse_dataset("fuzz", ORIGIN, &written)
        .unwrap_or_else(|error| panic!("written dataset does not read back: {error}\n{written}"));
    assert_eq!(back.puzzles.len(), dataset.puzzles.len(), "{written}");
    for (before, after) in dataset.puzzles.iter().zip(&back.puzzles) {
        assert_eq!(after.grid, before.grid, "{written}");
        assert_eq!(after.expected_count, before.expected_count, "{written}");
        assert_eq!(after.solution, before.solution, "{written}");
    }
}
