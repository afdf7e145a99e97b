//! Random boards, for corpora, tests, examples and benchmarks.
//!
//! A full grid starts from the banded pattern `(box_cols·(r mod box_rows) + r / box_rows + c)
//! mod N`, which is valid for every shape, and is scrambled by moves that keep a grid valid:
//! bands shuffled, rows within each band, stacks, columns within each stack, and the digits
//! relabelled (the 2009 program's transformations). Each call costs O(N²) and draws from the
//! caller's RNG, so a seeded RNG gives the same boards every time.
//!
//! The grids are not uniform over all Sudoku grids (the moves reach a small part of them), which
//! is fine for testing and benchmarking solvers; making puzzles with exactly one solution is the
//! job of a solver-driven carving loop on top of [`random_solution`].

use rand::Rng;
use rand::seq::SliceRandom;
use sudoku_core::{Grid, Shape};

/// A random valid full grid of `shape`.
pub fn random_solution<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    let (n, box_rows, box_cols) = (shape.size(), shape.box_rows(), shape.box_cols());
    let rows = shuffled_lines(n / box_rows, box_rows, rng);
    let cols = shuffled_lines(n / box_cols, box_cols, rng);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let cells = (0..n * n)
        .map(|cell| {
            let (r, c) = (rows[cell / n], cols[cell % n]);
            digits[(box_cols * (r % box_rows) + r / box_rows + c) % n]
        })
        .collect();
    Grid::from_cells(shape, cells).expect("pattern values are 1..=N")
}

/// `groups` groups of `width` consecutive lines: the groups in random order, and the lines
/// within each group in random order.
fn shuffled_lines<R: Rng + ?Sized>(groups: usize, width: usize, rng: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut lines = Vec::with_capacity(groups * width);
    for group in order {
        let mut inner: Vec<usize> = (0..width).map(|k| group * width + k).collect();
        inner.shuffle(rng);
        lines.extend(inner);
    }
    lines
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
