//! Prints puzzles/s of bitmask and (with `--features peers`) of the `sudoku` crate on the three
//! public datasets and the project's multi-solution set (`datasets/multi-solution.txt`, each
//! puzzle expected to report two solutions), every solve timed by `bench`'s own path,
//! alternated pass by pass in one run.
//!
//! `cargo run --release -p sudoku-peers --features peers --example peers [rounds [dataset]]`

use sudoku_peers::{compare, contenders, read_set, set_names};

fn main() {
    let rounds = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    // An optional second argument keeps only the datasets whose name contains it.
    let only = std::env::args().nth(2).unwrap_or_default();
    let contenders = contenders();
    println!(
        "uniqueness-checking solves through sudoku_run::timed_solve; median of {rounds} \
         alternated passes"
    );
    print!("| dataset | puzzles |");
    for contender in &contenders {
        print!(" {} /s |", contender.id());
    }
    if contenders.len() > 1 {
        print!(" bitmask / {} |", contenders[1].id());
    }
    println!(" bitmask guesses/puzzle | solved w/o guessing |");
    println!("|---|---:|{}", "---:|".repeat(contenders.len() * 2 + 1));
    for name in set_names().filter(|name| name.contains(&only)) {
        let (read, expected) = read_set(name);
        let puzzles = match read {
            Ok(puzzles) => puzzles,
            Err(error) => {
                println!("| {name} | skipped: {error} |");
                continue;
            }
        };
        let rates = compare(&contenders, &puzzles, rounds, expected);
        print!("| {name} | {} |", puzzles.len());
        for rate in &rates {
            print!(" {:.0} |", rate.per_second);
        }
        if let Some(peer) = rates.get(1) {
            print!(" {:.2}× |", rates[0].per_second / peer.per_second);
        }
        let bitmask = rates[0].first;
        println!(
            " {:.2} | {:.1}% |",
            bitmask.guesses as f64 / puzzles.len().max(1) as f64,
            100.0 * bitmask.solved_without_guessing as f64 / puzzles.len().max(1) as f64
        );
        for rate in rates.iter().filter(|r| r.first.failures > 0) {
            println!(
                "  {}: {} puzzles not answered with {expected} verified solution(s)",
                rate.id, rate.first.failures
            );
        }
    }
}
