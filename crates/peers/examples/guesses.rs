//! Bitmask's raw 9×9 path (no `Grid`, no budget) on the public datasets and the project's
//! multi-solution set: guesses per puzzle,
//! nodes per puzzle and puzzles/s with uniqueness checking (limit 2), for quick comparisons of
//! search changes. `cargo run --release -p sudoku-peers --example guesses [reps [dataset]]`

use std::time::Instant;

use sudoku_bitmask::Bitmask;
use sudoku_catalog::PUBLIC_DATASETS;
use sudoku_peers::MULTI_SOLUTION;

fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let only = std::env::args().nth(2).unwrap_or_default();
    let Some(dir) = sudoku_catalog::public_datasets_dir() else {
        eprintln!("no public datasets folder");
        std::process::exit(2);
    };
    let mut solver = Bitmask::default();
    let mut solution = [0u8; 81];
    // The project's multi-solution set too (every puzzle has two solutions or more).
    let multi = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets");
    let sets = PUBLIC_DATASETS
        .into_iter()
        .map(|name| (name, dir.join(name)))
        .chain([(MULTI_SOLUTION, multi.join("multi-solution.txt"))]);
    for (name, path) in sets.filter(|(n, _)| n.contains(&only)) {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .collect();
        let (mut guesses, mut nodes, mut no_guess, mut bad) = (0u64, 0u64, 0usize, 0usize);
        for line in &lines {
            let tally = solver
                .solve_line(line, 2, &mut solution)
                .expect("a 9×9 line");
            guesses += tally.counters.guesses;
            nodes += tally.counters.nodes;
            no_guess += usize::from(tally.counters.guesses == 0);
            bad += usize::from(tally.solutions != 1);
        }
        let mut best = f64::INFINITY;
        for _ in 0..reps {
            let start = Instant::now();
            for line in &lines {
                std::hint::black_box(solver.solve_line(line, 2, &mut solution));
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        let n = lines.len().max(1) as f64;
        println!(
            "{name:32} {:>6} puzzles  {:>9.0}/s  guesses {:>7.2}  nodes {:>7.2}  no-guess {:>5.1}%  not unique {bad}",
            lines.len(),
            n / best,
            guesses as f64 / n,
            nodes as f64 / n,
            100.0 * no_guess as f64 / n
        );
    }
}
