//! What every successfully parsed grid or dataset entry must satisfy, whichever parser read it.

use sudoku_core::{Entry, Format, Grid};

/// The forms `sudoku_core::format` writes; its documentation promises each reads back unchanged.
const WRITTEN_FORMS: [Format; 4] = [Format::Line, Format::Rows, Format::Spaced, Format::Boxed];

/// Every written form of `grid` parses back to `grid` (through `Grid::parse` and `FromStr`).
pub fn assert_written_forms_read_back(grid: &Grid) {
    for format in WRITTEN_FORMS {
        let text = grid.render(format);
        match Grid::parse(&text) {
            Ok(back) => assert_eq!(
                &back, grid,
                "{format:?} form read back differently:\n{text}"
            ),
            Err(error) => panic!("{format:?} form of {grid:?} does not read back: {error}\n{text}"),
        }
    }
    assert_eq!(grid.to_line().parse::<Grid>().as_ref(), Ok(grid));
}

/// The dataset line that carries everything an entry holds: `puzzle:count:solution`, with empty
/// fields for what it lacks. The `:` on every line makes the reader take one puzzle a line, so
/// sixteen 4×4 lines are not mistaken for one 16×16 grid.
pub fn dataset_line(grid: &Grid, count: Option<u64>, solution: Option<&Grid>) -> String {
    format!(
        "{}:{}:{}",
        grid.to_line(),
        count.map_or_else(String::new, |c| c.to_string()),
        solution.map_or_else(String::new, Grid::to_line)
    )
}

/// The facts an entry states about itself: one line number a cell, a solution of the puzzle's
/// size.
pub fn assert_entry_is_coherent(entry: &Entry) {
    assert!(entry.line >= 1, "lines are 1-based");
    assert_eq!(entry.cell_lines.len(), entry.grid.cells().len());
    assert!(entry.cell_lines.iter().all(|&line| line >= entry.line));
    if let Some(solution) = &entry.solution {
        assert_eq!(
            solution.shape(),
            entry.grid.shape(),
            "solution of another size"
        );
    }
}
