//! Times the generic path on every size: random full grids (`sudoku_generate`, seeded), a share
//! of their cells blanked, and each puzzle counted up to two solutions, giving up after 10 s.
//!
//! `cargo run --release -p sudoku-bitmask --example sizes [percent-blank [puzzles]]`

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Shape, Solver, Verdict};
use sudoku_generate::{blank_cells, random_solution};

/// Each count gives up after this long.
const DEADLINE: Duration = Duration::from_secs(10);

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
    let mut rng = StdRng::seed_from_u64(0x2545_f491_4f6c_dd1d);
    println!("{percent}% of cells blanked, {count} puzzles per size, counted up to 2 solutions");
    println!("| size | median | slowest | gave up | nodes (median) |");
    println!("|---|---:|---:|---:|---:|");
    for shape in Shape::ALL {
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut gave_up = 0;
        for _ in 0..count {
            let puzzle = blank_cells(&random_solution(shape, &mut rng), percent, &mut rng);
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
