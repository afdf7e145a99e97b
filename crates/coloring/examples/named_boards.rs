//! What the pruning and DSATUR buy: naive, `candidates`, `coloring-greedy` and `dsatur` on the
//! documents' named boards, by default with a uniqueness-checking solve (solution limit 2).
//! Prints one markdown row per board and solver.
//!
//! `cargo run --release -p sudoku-coloring --example named_boards [-- --limit 1]`

use std::time::Instant;

use sudoku_candidates::Candidates;
use sudoku_coloring::{Dsatur, GreedyColoring};
use sudoku_core::{Budget, Solver, solve_checked};
use sudoku_naive::Naive;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let limit: u64 = match args.as_slice() {
        [] => 2,
        [flag, n] if flag == "--limit" => n.parse().unwrap_or(0),
        _ => 0,
    };
    if limit == 0 {
        eprintln!("usage: named_boards [--limit N]  (solution limit, at least 1; default 2)");
        std::process::exit(2);
    }
    println!("solution limit {limit}");
    let mut solvers: Vec<Box<dyn Solver>> = vec![
        Box::new(Naive),
        Box::new(Candidates::default()),
        Box::new(GreedyColoring::default()),
        Box::new(Dsatur::default()),
    ];
    println!(
        "| board | solver | verdict | solutions | iterations | nodes | guesses | backtracks | ms |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|");
    for puzzle in sudoku_catalog::named_dataset().puzzles {
        for solver in &mut solvers {
            let started = Instant::now();
            let outcome = solve_checked(solver.as_mut(), &puzzle.grid, &Budget::count(limit));
            let ms = started.elapsed().as_secs_f64() * 1e3;
            let c = outcome.counters;
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {ms:.3} |",
                puzzle.id,
                solver.info().id,
                outcome.verdict,
                outcome.solution_count,
                c.iterations,
                c.nodes,
                c.guesses,
                c.backtracks
            );
        }
    }
}
