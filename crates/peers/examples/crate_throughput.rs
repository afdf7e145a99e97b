//! bitmask against the `sudoku` crate in tdoku's manner: `sudoku_run::throughput` (what
//! `sudoku-bench throughput` runs), the two alternated pass by pass in one process, each line
//! parsed by each solver's own parser in the timed loop, a second solution sought; every answer
//! checked first (dlx counts). The `sudoku` crate reports no guesses: its column shows 0.
//!
//! `cargo run --release -p sudoku-peers --features peers --example crate_throughput -- [SECONDS] FILE...`

use std::time::Duration;

use sudoku_run::throughput::{Contender, Line, Settings, measure};

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let seconds: f64 = match args.peek().and_then(|a| a.parse().ok()) {
        Some(seconds) => {
            args.next();
            seconds
        }
        None => 6.0,
    };
    let files: Vec<String> = args.collect();
    if files.is_empty() {
        eprintln!("usage: crate_throughput [SECONDS] FILE...");
        std::process::exit(2);
    }
    let settings = Settings {
        limit: 2,
        seconds: Duration::from_secs_f64(seconds),
        timeout: Duration::from_secs(10),
    };
    println!("file,solver,puzzles,passes,puzzles_per_second,us_per_puzzle,solutions_per_pass");
    for file in &files {
        let dataset = match sudoku_catalog::read_file(std::path::Path::new(file)) {
            Ok(dataset) => dataset,
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(2);
            }
        };
        let lines: Vec<Line> = dataset
            .puzzles
            .into_iter()
            .map(|p| Line {
                place: format!("{file}: {}", p.id),
                text: p.grid.to_line(),
                grid: p.grid,
            })
            .collect();
        let contender = |entry: &sudoku_core::Registered| Contender {
            id: entry.id().to_string(),
            solver: entry.make(),
        };
        let mut contenders: Vec<Contender> =
            sudoku_peers::contenders().iter().map(contender).collect();
        let dlx = sudoku_core::Registered::of::<sudoku_dlx::Dlx>();
        let mut references: Vec<Contender> = contenders.iter().map(|_| contender(&dlx)).collect();
        let measured = measure(
            &mut contenders,
            &mut references,
            file,
            &lines,
            &settings,
            &mut |_| {},
        );
        match measured {
            Ok(measured) => {
                for m in measured {
                    println!(
                        "{file},{},{},{},{:.0},{:.3},{}",
                        m.id,
                        m.puzzles,
                        m.passes,
                        m.puzzles_per_second(),
                        m.micros_per_puzzle(),
                        m.solutions
                    );
                }
            }
            Err(problem) => {
                eprintln!("{problem}");
                std::process::exit(1);
            }
        }
    }
}
