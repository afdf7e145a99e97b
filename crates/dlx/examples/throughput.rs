//! Puzzles per second of the DLX solver on the public benchmark sets, measured the way the
//! dataset README's figures were: uniqueness-checking solves (stop at a second solution), each
//! 81-character line parsed inside the timed loop, one thread.
//!
//! ```text
//! cargo run --release -p sudoku-dlx --example throughput [-- DATASET_DIR [SECONDS [SET]]]
//! ```
//!
//! `DATASET_DIR` defaults to `shared/datasets` beside the project; each set is run for whole
//! passes until `SECONDS` (default 3) have elapsed, after an untimed pass that checks every
//! answer (exactly one solution, verified). Columns, all in puzzles per second: `wall/s` over
//! all timed passes by the clock; `cpu/s` over the same passes by the time this thread was
//! actually on a CPU (Linux scheduler statistics), which is what a shared, busy machine cannot
//! disturb as much; `best/s` the fastest single pass by the clock. On an idle machine the three
//! agree. `nodes` and `guesses` are per puzzle. A third argument keeps only the sets whose name
//! contains it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_core::{Budget, Grid, Shape, Solver, verify_solution};
use sudoku_dlx::Dlx;

const SETS: [&str; 3] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
];

/// The one-line form: `1`-`9` are clues, anything else is empty.
fn parse_line(line: &[u8]) -> Grid {
    let cells = line
        .iter()
        .map(|&b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    Grid::from_cells(Shape::S9, cells).expect("81 cells, each at most 9")
}

/// Time this thread has spent on a CPU, from the Linux scheduler's statistics; `None` where
/// that file does not exist.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets"),
        PathBuf::from,
    );
    let seconds: f64 = args
        .next()
        .map_or(3.0, |s| s.parse().expect("SECONDS is a number"));
    let only = args.next().unwrap_or_default();
    let mut solver = Dlx::default();
    let budget = Budget::count(2);
    println!(
        "{:<28} {:>7} {:>6} {:>10} {:>10} {:>10} {:>8} {:>8}",
        "set", "puzzles", "passes", "wall/s", "cpu/s", "best/s", "nodes", "guesses"
    );
    for set in SETS.into_iter().filter(|set| set.contains(&only)) {
        let path = dir.join(set);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let lines: Vec<&[u8]> = text
            .lines()
            .map(str::trim)
            .filter(|l| l.len() == 81 && !l.starts_with('#'))
            .map(str::as_bytes)
            .collect();

        // Untimed pass: every answer checked, work counted.
        let (mut nodes, mut guesses) = (0u64, 0u64);
        for line in &lines {
            let grid = parse_line(line);
            let outcome = solver.solve(&grid, &budget);
            assert!(
                outcome.is_solved() && outcome.solution_count == 1,
                "{set}: {grid}"
            );
            assert_eq!(verify_solution(&grid, &outcome.solutions[0]), Ok(()));
            nodes += outcome.counters.nodes;
            guesses += outcome.counters.guesses;
        }

        let started = Instant::now();
        let cpu_started = cpu_time();
        let mut passes = 0u64;
        let mut checksum = 0u64;
        let mut best_pass = f64::INFINITY;
        while passes == 0 || started.elapsed() < Duration::from_secs_f64(seconds) {
            let pass_started = Instant::now();
            for line in &lines {
                let outcome = solver.solve(&parse_line(line), &budget);
                checksum = checksum.wrapping_add(outcome.solution_count);
            }
            best_pass = best_pass.min(pass_started.elapsed().as_secs_f64());
            passes += 1;
        }
        let wall = started.elapsed().as_secs_f64();
        let cpu = cpu_started
            .zip(cpu_time())
            .map_or(wall, |(from, to)| (to - from).as_secs_f64());
        assert_eq!(checksum, passes * lines.len() as u64);
        let count = lines.len() as f64;
        let solved = passes as f64 * count;
        println!(
            "{set:<28} {:>7} {passes:>6} {:>10.0} {:>10.0} {:>10.0} {:>8.1} {:>8.2}",
            lines.len(),
            solved / wall,
            solved / cpu,
            count / best_pass,
            nodes as f64 / count,
            guesses as f64 / count,
        );
    }
}
