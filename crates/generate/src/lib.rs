//! Random boards and puzzles, for corpora, tests, examples and benchmarks.
//!
//! # Full grids, two ways
//! - [`random_solution`]: the banded pattern [`base_pattern`] moved by a random [`Transform`]
//!   (the 2009 program's moves: bands, rows within bands, stacks, columns within stacks,
//!   digit relabelling; no transposition, so the committed data files stay reproducible). O(N²), cheap and valid for
//!   every shape, but it reaches only grids with the pattern's structure: fine for testing and
//!   timing solvers, not for making puzzles whose difficulty is measured.
//! - [`random_grid`]: randomized backtracking on an empty board (most-constrained cell first,
//!   digits in random order, bit-set masks, bounded restarts). Any grid can come out, so it is
//!   what the puzzle generators carve.
//!
//! # Puzzles
//! - [`keep_givens`]: a share of a grid's cells kept at random, unique or not (Lewis's
//!   instance family for stochastic solvers).
//! - [`thesis_puzzle`]: the thesis's method as documented: random non-conflicting clues,
//!   17 to 25 on 9×9, counted, and drawn again from scratch until exactly one solution; it
//!   reports the attempts, which is the finding.
//! - [`minimal_puzzle`] and [`generate_minimal`]: strictly minimal unique puzzles carved from
//!   [`random_grid`] grids, with the clue pattern symmetric under a chosen [`Symmetry`], and a
//!   retry loop for a caller's acceptance test (a target difficulty); [`is_minimal`] and
//!   [`is_symmetric`] check the results.
//! - [`carve_bounded`] and [`generate_bounded`]: unique puzzles carved while a caller's test
//!   holds (a rater's "at most this hard"), so a level can be reached on boards whose minimal
//!   puzzles are all harder (16×16: every random minimal one needs guessing).
//! - [`Transform::apply`] turns one puzzle (and its solution) into another of the same
//!   difficulty: the 2009 program's way of making new boards from known ones.
//!
//! # Seeds, solvers and limits
//! Every function draws its randomness from the caller's RNG, so a seeded RNG gives the same
//! boards every time. The crate depends on no solver: generators that count solutions take a
//! `&mut dyn Solver` that is complete and counts (callers pass `sudoku_bitmask::Bitmask`), and
//! run under [`Limits`] (attempts, a deadline, a work cap per count), failing with a
//! [`GenerateError`] that says what ran out and after how many attempts rather than running
//! on. The counting generators' time grows steeply with the size: each module says what to
//! expect up to 25×25.

mod error;
mod fill;
mod minimal;
mod regions;
mod symmetry;
mod thesis;
mod transform;

pub use error::{ErrorKind, GenerateError, Limits};
pub use fill::{MAX_TRIES, NODES_PER_TRY, random_grid};
pub use minimal::{
    Carving, Generated, Minimality, REPAIR_ROUNDS, carve, carve_bounded, generate_bounded,
    generate_minimal, is_minimal, minimal_puzzle,
};
pub use regions::{Board, TRADES_PER_CELL, UnsupportedSymmetry, random_regions};
pub use symmetry::{ParseSymmetryError, Symmetry, is_symmetric};
pub use thesis::{ThesisFailures, ThesisPuzzle, thesis_clue_range, thesis_clues, thesis_puzzle};
pub use transform::Transform;

use rand::Rng;
use rand::seq::SliceRandom;
use sudoku_core::{Grid, Shape};

/// The banded pattern every shape has: cell `(r, c)` holds
/// `(box_cols·(r mod box_rows) + ⌊r / box_rows⌋ + c) mod N`, plus one. Each row is a cyclic
/// shift of `1..=N`; the shifts are chosen so that boxes hold every digit too.
pub fn base_pattern(shape: Shape) -> Grid {
    let (n, box_rows, box_cols) = (shape.size(), shape.box_rows(), shape.box_cols());
    let cells = (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((box_cols * (r % box_rows) + r / box_rows + c) % n) as u8 + 1
        })
        .collect();
    Grid::from_cells(shape, cells).expect("pattern values are 1..=N")
}

/// A random valid full grid of `shape`: [`base_pattern`] moved by a random [`Transform`]
/// without transposition, so the data files made with it (`datasets/conformance.txt`,
/// `large.txt`, `givens-*.txt`) come out the same from the same seed. Cheap (O(N²)) but
/// structured; see the crate documentation for when to prefer [`random_grid`].
pub fn random_solution<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    Transform::drawn(shape, rng, false).apply(&base_pattern(shape))
}

/// `solution` with `proportion` of its cells (rounded to the nearest cell, clamped to 0..=1)
/// kept as givens at random positions and the rest emptied: the instance family Lewis used to
/// show the easy–hard–easy transition of stochastic solvers. The result may have several
/// solutions; `solution` is always one of them.
pub fn keep_givens<R: Rng + ?Sized>(solution: &Grid, proportion: f64, rng: &mut R) -> Grid {
    let cells = solution.cells().len();
    let givens = (cells as f64 * proportion.clamp(0.0, 1.0)).round() as usize;
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut puzzle = solution.clone();
    for &cell in &order[givens..] {
        puzzle.set(cell, 0);
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use sudoku_core::{verify_filled, verify_solution};

    #[test]
    fn the_base_pattern_is_valid_for_every_shape() {
        for shape in Shape::ALL {
            assert_eq!(verify_filled(&base_pattern(shape)), Ok(()), "{shape}");
        }
    }

    #[test]
    fn every_shape_gives_valid_grids_that_depend_on_the_seed() {
        for shape in Shape::ALL {
            let mut rng = StdRng::seed_from_u64(3);
            let first = random_solution(shape, &mut rng);
            assert_eq!(verify_filled(&first), Ok(()), "{shape}");
            let second = random_solution(shape, &mut rng);
            assert_ne!(first, second, "{shape}");
            let again = random_solution(shape, &mut StdRng::seed_from_u64(3));
            assert_eq!(first, again, "{shape}");
        }
    }

    #[test]
    fn keeping_givens_keeps_the_solution_and_the_share_asked() {
        let mut rng = StdRng::seed_from_u64(9);
        let solution = random_solution(Shape::S16, &mut rng);
        for (proportion, givens) in [(0.0, 0), (0.4, 102), (0.45, 115), (1.0, 256), (1.5, 256)] {
            let puzzle = keep_givens(&solution, proportion, &mut rng);
            assert_eq!(puzzle.clue_count(), givens, "{proportion}");
            assert_eq!(verify_solution(&puzzle, &solution), Ok(()));
        }
    }
}
