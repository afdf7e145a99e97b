//! Variant puzzles of side 6 and 9 for solvers to agree on: each board's filling comes from a
//! reference solver and is checked by `sudoku_core::verify_filled`; puzzles keep some of its
//! cells (a fixed pseudo-random choice), and one adds a wrong but unrepeated digit.
//!
//! Shared by the variant tests of the dlx and ilp crates (included by path).

use std::sync::Arc;

use sudoku_core::{Budget, Geometry, Grid, Shape, Solver, Variant, validate_clues, verify_filled};

/// A 6×6 jigsaw map (row by row), each region six connected cells. It has no filling with
/// the diagonals too.
pub const JIGSAW_6: &str = "aaabbbaacbbbdaccceddceeeddcfeedfffff";

/// A 6×6 jigsaw map that has fillings with the diagonals: the boxes with two cells traded
/// across box borders.
pub const JIGSAW_6_X: &str = "aaaabbaabbbbcccdddcccdfdeeedffeeefff";

/// A 9×9 jigsaw map: the boxes with one cell traded across five box borders.
pub const JIGSAW_9: &str =
    "aaaabbcccaaabbbcccaabbbbcccdddeeeeffdddeeffffgddeeefffgdghhhhiiggghhhiiiggghhiiii";

/// Diagonal, jigsaw and jigsaw-diagonal boards of sides 6 and 9; every map is checked by
/// `Variant::jigsaw`.
pub fn geometries() -> Vec<Arc<Geometry>> {
    let jigsaw = |shape: Shape, map: &str| {
        let labels: Vec<char> = map.chars().collect();
        Variant::jigsaw(shape, &labels).expect("a valid jigsaw map")
    };
    vec![
        Geometry::of(Shape::S6, &Variant::diagonal()),
        Geometry::of(Shape::S6, &jigsaw(Shape::S6, JIGSAW_6)),
        Geometry::of(
            Shape::S6,
            &jigsaw(Shape::S6, JIGSAW_6_X).with_diagonals(true),
        ),
        Geometry::of(Shape::S9, &Variant::diagonal()),
        Geometry::of(Shape::S9, &jigsaw(Shape::S9, JIGSAW_9)),
        Geometry::of(Shape::S9, &jigsaw(Shape::S9, JIGSAW_9).with_diagonals(true)),
    ]
}

/// A valid full board of `geometry`, found by `reference`.
pub fn filling(geometry: &Arc<Geometry>, reference: &mut dyn Solver) -> Grid {
    let empty = Grid::empty_on(geometry.clone());
    let outcome = reference.solve(&empty, &Budget::solve());
    let filled = outcome
        .solutions
        .into_iter()
        .next()
        .expect("the board has a filling");
    verify_filled(&filled).expect("a valid filling");
    filled
}

/// `filling` with each cell kept with probability `percent`/100 (a fixed xorshift draw).
pub fn keep(filling: &Grid, percent: u64, seed: u64) -> Grid {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut puzzle = Grid::empty_on(filling.geometry().clone());
    for cell in 0..filling.cells().len() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        if state % 100 < percent {
            puzzle.set(cell, filling.get(cell));
        }
    }
    puzzle
}

/// `puzzle` with one empty cell given a digit that is not `filling`'s there and repeats no
/// digit in a house: if `filling` is the puzzle's only solution, the result has none.
pub fn spoiled(puzzle: &Grid, filling: &Grid) -> Option<Grid> {
    for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0) {
        for digit in (1..=puzzle.size() as u8).filter(|&d| d != filling.get(cell)) {
            let mut wrong = puzzle.clone();
            wrong.set(cell, digit);
            if validate_clues(&wrong).is_ok() {
                return Some(wrong);
            }
        }
    }
    None
}
