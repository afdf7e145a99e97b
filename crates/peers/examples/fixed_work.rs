//! A fixed amount of bitmask work on one dataset, for profilers and `perf stat` (whose cycle
//! and instruction counts stay comparable on a busy machine, where wall-clock rates do not).
//!
//! `perf stat -e task-clock target/release/examples/fixed_work top1465 20 [contender]`, the
//! contender being `bitmask` (the default) or, built with `--features peers`, `sudoku`.

use sudoku_catalog::PUBLIC_DATASETS;
use sudoku_peers::{Contender, dataset_lines};

fn main() {
    let only = std::env::args().nth(1).unwrap_or_else(|| "top1465".into());
    let reps = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let Some(name) = PUBLIC_DATASETS
        .into_iter()
        .find(|name| name.contains(&only))
    else {
        eprintln!("no dataset matches {only:?}; choose from {PUBLIC_DATASETS:?}");
        std::process::exit(2);
    };
    let lines = match dataset_lines(name) {
        Ok(lines) => lines,
        Err(error) => {
            eprintln!("{name}: {error}");
            std::process::exit(1);
        }
    };
    let wanted = std::env::args().nth(3).unwrap_or_else(|| "bitmask".into());
    let Some(mut contender) = Contender::all()
        .into_iter()
        .find(|c| c.name().starts_with(&wanted))
    else {
        eprintln!("no contender {wanted:?} in this build");
        std::process::exit(2);
    };
    let (took, checksum) = contender.pass(&lines, reps);
    println!(
        "{}, {name}: {} solves in {:.3} s ({:.0}/s wall clock), checksum {checksum}",
        contender.name(),
        lines.len() * reps,
        took.as_secs_f64(),
        (lines.len() * reps) as f64 / took.as_secs_f64()
    );
}
