//! A fixed amount of solving on one dataset, for profilers and `perf stat` (whose cycle and
//! instruction counts stay comparable on a busy machine, where wall-clock rates do not).
//!
//! `perf stat -e instructions target/release/examples/fixed_work top1465 20 [contender]` (or
//! `multi` for the multi-solution set, each puzzle expected to report two solutions), the
//! contender being `bitmask` (the default) or, built with `--features peers`, `sudoku-crate`.

use sudoku_peers::{contenders, pass_expecting, read_set, set_names};

fn main() {
    let only = std::env::args().nth(1).unwrap_or_else(|| "top1465".into());
    let reps: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let Some(name) = set_names().find(|name| name.contains(&only)) else {
        let names: Vec<_> = set_names().collect();
        eprintln!("no dataset matches {only:?}; choose from {names:?}");
        std::process::exit(2);
    };
    let (read, expected) = read_set(name);
    let puzzles = match read {
        Ok(puzzles) => puzzles,
        Err(error) => {
            eprintln!("{name}: {error}");
            std::process::exit(1);
        }
    };
    let wanted = std::env::args().nth(3).unwrap_or_else(|| "bitmask".into());
    let Some(contender) = contenders().into_iter().find(|c| c.id() == wanted) else {
        eprintln!("no contender {wanted:?} in this build");
        std::process::exit(2);
    };
    let failures: usize = (0..reps)
        .map(|_| pass_expecting(&contender, &puzzles, expected).failures)
        .sum();
    println!(
        "{wanted}, {name}: {} solves, {failures} not answered with {expected} verified solution(s)",
        puzzles.len() * reps
    );
}
