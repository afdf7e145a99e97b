//! Times the generic path on every size: full grids are made by scrambling the pattern grid
//! (rows within bands, columns within stacks, digits relabelled), a random share of their cells
//! is blanked, and each puzzle is counted up to two solutions, giving up after 10 s.
//!
//! `cargo run --release -p sudoku-bitmask --example sizes [percent-blank [puzzles]]`

use std::time::{Duration, Instant};

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Grid, Shape, Solver, Verdict};

/// Each count gives up after this long.
const DEADLINE: Duration = Duration::from_secs(10);

/// xorshift64: deterministic, so every run times the same puzzles.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

fn scrambled_grid(shape: Shape, rng: &mut Rng) -> Grid {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut digits: Vec<usize> = (1..=n).collect();
    rng.shuffle(&mut digits);
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
    let cells = (0..n * n)
        .map(|cell| {
            let (r, c) = (rows[cell / n], cols[cell % n]);
            digits[((r % br) * bc + r / br + c) % n] as u8
        })
        .collect();
    Grid::from_cells(shape, cells).expect("the pattern grid fits its shape")
}

fn main() {
    let percent: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let count: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let mut solver = Bitmask::default();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    println!("{percent}% of cells blanked, {count} puzzles per size, counted up to 2 solutions");
    println!("| size | median | slowest | gave up | nodes (median) |");
    println!("|---|---:|---:|---:|---:|");
    for shape in Shape::ALL {
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut gave_up = 0;
        for _ in 0..count {
            let mut puzzle = scrambled_grid(shape, &mut rng);
            for cell in 0..puzzle.cells().len() {
                if rng.below(100) < percent {
                    puzzle.set(cell, 0);
                }
            }
            let started = Instant::now();
            let budget = Budget::unique().with_deadline(started + DEADLINE);
            let outcome = solver.solve(&puzzle, &budget);
            times.push(started.elapsed());
            nodes.push(outcome.counters.nodes);
            gave_up += usize::from(matches!(outcome.verdict, Verdict::GaveUp(_)));
        }
        times.sort();
        nodes.sort();
        println!(
            "| {shape} | {:.2?} | {:.2?} | {gave_up} | {} |",
            times[times.len() / 2],
            times[times.len() - 1],
            nodes[nodes.len() / 2]
        );
    }
}
