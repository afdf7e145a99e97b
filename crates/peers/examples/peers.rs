//! Prints puzzles/s of bitmask and (with `--features peers`) of the `sudoku` crate on the three
//! public datasets, measured alternately in one run, with bitmask's guesses per puzzle.
//!
//! `cargo run --release -p sudoku-peers --features peers --example peers [rounds [dataset]]`

use std::time::Duration;

use sudoku_catalog::PUBLIC_DATASETS;
use sudoku_peers::{Contender, bitmask_stats, compare, dataset_lines};

fn main() {
    let rounds = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    // An optional second argument keeps only the datasets whose name contains it.
    let only = std::env::args().nth(2).unwrap_or_default();
    let mut contenders = Contender::all();
    let names: Vec<&str> = contenders.iter().map(Contender::name).collect();
    // The ratio compares bitmask's fast path (first) with the `sudoku` crate, when present.
    let peer = names.iter().position(|name| name.starts_with("sudoku"));
    println!(
        "uniqueness-checking solves (stop at a 2nd solution), line parsed in the timed loop; \
         median of {rounds} alternated passes of ~0.4 s each"
    );
    print!("| dataset | puzzles |");
    for name in &names {
        print!(" {name} /s |");
    }
    if peer.is_some() {
        print!(" bitmask / sudoku |");
    }
    println!(" guesses/puzzle | solved w/o guessing |");
    println!(
        "|---|---:|{}",
        "---:|".repeat(names.len() + usize::from(names.len() > 1) + 2)
    );
    for name in PUBLIC_DATASETS
        .into_iter()
        .filter(|name| name.contains(&only))
    {
        let lines = match dataset_lines(name) {
            Ok(lines) => lines,
            Err(error) => {
                println!("| {name} | skipped: {error} |");
                continue;
            }
        };
        let stats = bitmask_stats(&lines);
        let rates = compare(&mut contenders, &lines, rounds, Duration::from_millis(400));
        print!("| {name} | {} |", lines.len());
        for rate in &rates {
            print!(" {:.0} |", rate.per_second);
        }
        if let Some(peer) = peer {
            print!(" {:.2}× |", rates[0].per_second / rates[peer].per_second);
        }
        println!(
            " {:.2} | {:.1}% |",
            stats.guesses_per_puzzle(),
            stats.percent_without_guessing()
        );
        for rate in rates.iter().filter(|r| r.failures > 0) {
            println!(
                "  {}: {} puzzles not answered with one verified solution",
                rate.name, rate.failures
            );
        }
        if stats.failures > 0 {
            println!("  bitmask stats: {} failures", stats.failures);
        }
    }
}
