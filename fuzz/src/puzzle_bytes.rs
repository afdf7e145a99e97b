//! Fuzz bytes decoded into a puzzle whose clues never conflict, so every input reaches the
//! solvers instead of being rejected up front.
//!
//! Layout: byte 0 picks the shape among [`Shape::ALL`], byte 1 the solution limit among
//! [`SOLUTION_LIMITS`], then each 3-byte chunk proposes one clue: a cell (two bytes, big-endian,
//! modulo the cell count) and a digit (modulo the board side, plus one). A proposal is dropped
//! when its cell is already filled or a peer already holds its digit. Nearby inputs give nearby
//! puzzles, which is what lets libFuzzer's mutations explore.

use sudoku_core::{Grid, Shape, UnitKind};

/// Solution limits a solve may be asked for: solve, prove uniqueness, count a few.
pub const SOLUTION_LIMITS: [u64; 3] = [1, 2, 10];

/// A puzzle to solve and how many solutions to ask for.
#[derive(Clone, Debug)]
pub struct FuzzPuzzle {
    pub grid: Grid,
    pub solution_limit: u64,
}

/// Decodes `data` (see the module documentation); `None` when it is too short to pick a shape
/// and a limit.
pub fn puzzle_from_bytes(data: &[u8]) -> Option<FuzzPuzzle> {
    let [shape_byte, limit_byte, clue_bytes @ ..] = data else {
        return None;
    };
    let shape = Shape::ALL[usize::from(*shape_byte) % Shape::ALL.len()];
    let solution_limit = SOLUTION_LIMITS[usize::from(*limit_byte) % SOLUTION_LIMITS.len()];
    let mut grid = Grid::empty(shape);
    for chunk in clue_bytes.chunks_exact(3) {
        let cell = usize::from(u16::from_be_bytes([chunk[0], chunk[1]])) % shape.cell_count();
        let digit = (usize::from(chunk[2]) % shape.size() + 1) as u8;
        if grid.get(cell) == 0 && !a_peer_holds(&grid, cell, digit) {
            grid.set(cell, digit);
        }
    }
    Some(FuzzPuzzle {
        grid,
        solution_limit,
    })
}

/// Whether a cell sharing a row, column or box with `cell` already holds `digit`.
fn a_peer_holds(grid: &Grid, cell: usize, digit: u8) -> bool {
    let shape = grid.shape();
    UnitKind::ALL.into_iter().any(|kind| {
        shape
            .unit_cells(kind, shape.unit_of(kind, cell))
            .any(|other| grid.get(other) == digit)
    })
}
