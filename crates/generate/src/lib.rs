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

/// `solution` with `percent` % of its cells (rounded down) emptied at random positions. The
/// result may have several solutions; `solution` is always one of them.
pub fn blank_cells<R: Rng + ?Sized>(solution: &Grid, percent: usize, rng: &mut R) -> Grid {
    let mut puzzle = solution.clone();
    let cells = puzzle.cells().len();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    for &cell in &order[..cells * percent.min(100) / 100] {
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
    fn blanking_keeps_the_solution_and_empties_the_share_asked() {
        let mut rng = StdRng::seed_from_u64(9);
        let solution = random_solution(Shape::S9, &mut rng);
        let puzzle = blank_cells(&solution, 40, &mut rng);
        assert_eq!(puzzle.cells().len() - puzzle.clue_count(), 81 * 40 / 100);
        assert_eq!(verify_solution(&puzzle, &solution), Ok(()));
    }
}
