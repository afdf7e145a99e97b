//! DSATUR declares 25×25: it settles 25×25 boards with 40% of the cells empty, uniqueness
//! question included, well inside a few seconds each (milliseconds, measured). The boards are
//! random, so not all unique; the question answered is "one solution or at least two".
//! (Beyond ~45% empty DSATUR's time on 25×25 becomes heavy-tailed: see the crate doc.)

use std::time::{Duration, Instant};

use sudoku_coloring::Dsatur;
use sudoku_core::{Budget, Grid, Shape, Verdict, solve_checked};

/// A small deterministic generator (SplitMix64), so the boards are the same on every run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random solved board of `shape`: the banded pattern grid with rows shuffled within bands,
/// columns within stacks, and digits relabelled; then `empty_percent` of its cells cleared.
fn puzzle(shape: Shape, empty_percent: usize, rng: &mut SplitMix) -> (Grid, Grid) {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut rows: Vec<usize> = Vec::new();
    for band in 0..n / br {
        let mut within: Vec<usize> = (0..br).map(|k| band * br + k).collect();
        rng.shuffle(&mut within);
        rows.extend(within);
    }
    let mut cols: Vec<usize> = Vec::new();
    for stack in 0..n / bc {
        let mut within: Vec<usize> = (0..bc).map(|k| stack * bc + k).collect();
        rng.shuffle(&mut within);
        cols.extend(within);
    }
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let pattern = |r: usize, c: usize| (bc * (r % br) + r / br + c) % n;
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            cells[r * n + c] = digits[pattern(rows[r], cols[c])];
        }
    }
    let solution = Grid::from_cells(shape, cells.clone()).unwrap();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for &cell in &order[..n * n * empty_percent / 100] {
        cells[cell] = 0;
    }
    (Grid::from_cells(shape, cells).unwrap(), solution)
}

#[test]
fn dsatur_settles_25x25_boards_with_40_percent_empty() {
    let mut rng = SplitMix(2026);
    let mut solver = Dsatur::default();
    for _ in 0..10 {
        let (grid, solution) = puzzle(Shape::S25, 40, &mut rng);
        let started = Instant::now();
        let budget = Budget::count(2).with_deadline(started + Duration::from_secs(20));
        let outcome = solve_checked(&mut solver, &grid, &budget);
        assert_eq!(outcome.verdict, Verdict::Solved, "{grid}");
        if outcome.solution_count == 1 {
            assert_eq!(outcome.solutions[0], solution);
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{grid}: {:?}",
            started.elapsed()
        );
    }
}
