//! Fuzzes the results-file reader `sudoku_run::results::parse`, which `report` and `bench
//! --resume` run on files a crashed or hand-edited run may have left in any state.
//!
//! Properties: no panic (in the reader, nor in what reports call next on what it returns); an
//! error says something; and a file `--resume` would accept (the writer's columns, each counter
//! named once a row) written back through `ResultsFile` reads back the same rows and header.
#![no_main]

use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;
use sudoku_run::results::{self, Results, ResultsFile, RunHeader};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match results::parse(text) {
        Ok(parsed) => parsed,
        Err(error) => {
            assert!(!format!("{error:#}").trim().is_empty());
            return;
        }
    };
    parsed.solver_metas();
    let digest = sudoku_report::Digest::of(&parsed);
    sudoku_report::summary::summaries(&digest);
    assert_eq!(digest.puzzles().count(), digest.puzzles().count());
    assert!(parsed.keys().len() <= parsed.rows.len());
    if has_writer_columns(text) && counters_named_once(&parsed) {
        assert_writes_back(&parsed);
    }
});

/// A scratch file of this process: libFuzzer runs one input at a time per process.
fn scratch_path() -> PathBuf {
    std::env::temp_dir().join(format!("sudoku-fuzz-results-{}.csv", std::process::id()))
}

/// A header for files that have none; the writer needs one.
fn placeholder_header() -> RunHeader {
    serde_json::from_value(serde_json::json!({
        "tool": "fuzz", "started": "", "git_commit": null,
        "machine": {"cpu": "", "cores": 0, "os": ""},
        "options": null, "jobs": 1, "solvers": [], "method": ""
    }))
    .expect("a complete header")
}

/// The column names the writer puts in a new file, read from an empty file it wrote.
fn writer_columns() -> &'static [String] {
    static COLUMNS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    COLUMNS.get_or_init(|| {
        let path = scratch_path();
        drop(ResultsFile::create(&path, &placeholder_header()).expect("scratch file"));
        let text = std::fs::read_to_string(&path).expect("scratch file");
        column_names(&text).expect("the writer's own file has a header row")
    })
}

/// The header row of a results text, read as `parse` reads it (`#` lines are comments).
fn column_names(text: &str) -> Option<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let headers = reader.headers().ok()?;
    Some(headers.iter().map(str::to_string).collect())
}

fn has_writer_columns(text: &str) -> bool {
    column_names(text).as_deref() == Some(writer_columns())
}

/// A counter name met twice in a row (an `extra` pair naming a fixed counter, or repeated) is
/// ambiguous: `Row::counter` keeps the first, so the writer cannot keep both.
fn counters_named_once(parsed: &Results) -> bool {
    parsed.rows.iter().all(|row| {
        let mut names: Vec<&str> = row.counters.iter().map(|(name, _)| name.as_str()).collect();
        names.sort_unstable();
        names.windows(2).all(|pair| pair[0] != pair[1])
    })
}

fn assert_writes_back(parsed: &Results) {
    let path = scratch_path();
    let header = parsed.header.clone().unwrap_or_else(placeholder_header);
    let mut file = ResultsFile::create(&path, &header).expect("scratch file");
    for row in &parsed.rows {
        file.write(row).expect("scratch file");
    }
    drop(file);
    let back = results::read(&path)
        .unwrap_or_else(|error| panic!("a written file does not read back: {error:#}"));
    assert_eq!(back.rows, parsed.rows, "rows changed through the writer");
    if let Some(header) = &parsed.header {
        let json = |header: &RunHeader| serde_json::to_value(header).expect("headers serialize");
        let back_header = back.header.as_ref().expect("the writer writes the header");
        assert!(
            same_json(&json(back_header), &json(header)),
            "header changed: {back_header:?}, was {header:?}"
        );
    }
}

/// Equal JSON values, floats allowed to differ in their last bits: serde_json reads floats
/// best-effort (its `float_roundtrip` feature is off), so a float written and read back may
/// move by an ulp without anything being wrong.
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (
                x.as_f64().unwrap_or(f64::NAN),
                y.as_f64().unwrap_or(f64::NAN),
            );
            x == y || (x.to_bits() as i64).abs_diff(y.to_bits() as i64) <= 2
        }
        (Value::Array(xs), Value::Array(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(xs), Value::Object(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .all(|(key, x)| ys.get(key).is_some_and(|y| same_json(x, y)))
        }
        _ => a == b,
    }
}
