//! Solves one named board repeatedly with naive; for instruction-count comparisons
//! (`perf stat -e instructions` or callgrind), which stay repeatable on a busy machine.
use sudoku_core::{Budget, Solver};

fn main() {
    let id = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "star-burst-leo".into());
    let board = sudoku_catalog::named_board(&id).expect("a named board id");
    let total: u64 = (0..5)
        .map(|_| {
            sudoku_naive::Naive
                .solve(&board.grid(), &Budget::solve())
                .counters
                .iterations
        })
        .sum();
    println!("{id}: {total} iterations in 5 solves");
}
