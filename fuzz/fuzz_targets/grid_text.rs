//! Fuzzes the one-puzzle reader `Grid::parse` (= `sudoku_core::format::parse_grid`) on any text:
//! the puzzle a user types or pipes in, in every form it accepts (one line, rows, spaced numbers,
//! boxed).
//!
//! Properties: no panic; an error names a line and says something; a grid read back from any
//! form the project writes is the same grid; and the one-line fast path never accepts a text the
//! general reader (`parse_entries`) reads differently, which is what the fast path promises.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bench_fuzz::grid_checks::assert_written_forms_read_back;
use sudoku_core::{Grid, parse_entries};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Grid::parse(text) {
        Ok(grid) => {
            assert_written_forms_read_back(&grid);
            let general = parse_entries(text).map(|entries| {
                entries
                    .into_iter()
                    .map(|entry| entry.grid)
                    .collect::<Vec<_>>()
            });
            assert_eq!(
                general,
                Ok(vec![grid]),
                "Grid::parse and parse_entries disagree on {text:?}"
            );
        }
        Err(error) => {
            assert!(error.line >= 1, "lines are 1-based: {error:?}");
            assert!(!error.to_string().is_empty());
        }
    }
});
