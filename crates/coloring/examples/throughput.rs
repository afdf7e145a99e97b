//! Throughput of `candidates`, `dsatur` and `coloring-greedy` on the public benchmark sets, measured
//! the way the datasets README measures the public solvers: one thread, a uniqueness-checking
//! solve (stop at a second solution), each puzzle parsed from its 81-character line inside the
//! timed region.
//!
//! Every puzzle gets its own deadline, so a slow solver cannot stall the run; the report says
//! how many puzzles each solver settled within it, and rates only count those. Answers are
//! checked outside the timed region: each settled puzzle must have exactly one solution, and it
//! must verify against the clues.
//!
//! ```text
//! cargo run --release -p sudoku-coloring --example throughput -- \
//!     [--solvers candidates,dsatur,coloring-greedy] [--sets 17,top1465,hardest] \
//!     [--limit N] [--deadline-ms 1000] [--dir ../shared/datasets]
//! ```
//!
//! `--limit N` takes N puzzles spread evenly over each file (every k-th line) instead of all.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudoku_candidates::Candidates;
use sudoku_coloring::{Dsatur, GreedyColoring};
use sudoku_core::{Budget, Grid, Solver, Verdict, verify_solution};

const SETS: [(&str, &str); 3] = [
    ("17", "puzzles2_17_clue"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("hardest", "puzzles6_forum_hardest_1106"),
];

struct Options {
    solvers: Vec<String>,
    sets: Vec<String>,
    limit: Option<usize>,
    deadline: Duration,
    dir: PathBuf,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        solvers: vec![
            "candidates".into(),
            "dsatur".into(),
            "coloring-greedy".into(),
        ],
        sets: SETS.iter().map(|(short, _)| short.to_string()).collect(),
        limit: None,
        deadline: Duration::from_millis(1000),
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--solvers" => options.solvers = value()?.split(',').map(String::from).collect(),
            "--sets" => options.sets = value()?.split(',').map(String::from).collect(),
            "--limit" => {
                options.limit = Some(value()?.parse().map_err(|e| format!("--limit: {e}"))?)
            }
            "--deadline-ms" => {
                let ms: u64 = value()?
                    .parse()
                    .map_err(|e| format!("--deadline-ms: {e}"))?;
                options.deadline = Duration::from_millis(ms);
            }
            "--dir" => options.dir = PathBuf::from(value()?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

fn make(id: &str) -> Option<Box<dyn Solver>> {
    Some(match id {
        "candidates" => Box::new(Candidates::default()),
        "dsatur" => Box::new(Dsatur::default()),
        "coloring-greedy" => Box::new(GreedyColoring::default()),
        _ => return None,
    })
}

/// The puzzle lines of a dataset file, every k-th one if a limit is given.
fn lines(text: &str, limit: Option<usize>) -> Vec<&str> {
    let all: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    match limit {
        Some(n) if n < all.len() => (0..n).map(|i| all[i * all.len() / n]).collect(),
        _ => all,
    }
}

/// What one solver did on one set.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    settled: usize,
    /// Parse + solve time of the settled puzzles.
    settled_time: Duration,
    /// Parse + solve time of every puzzle, timed-out ones included.
    total_time: Duration,
    guesses: u64,
    nodes: u64,
    no_guess: usize,
    times: Vec<Duration>,
}

fn run(solver: &mut dyn Solver, lines: &[&str], deadline: Duration) -> Result<Tally, String> {
    let mut tally = Tally {
        puzzles: lines.len(),
        ..Tally::default()
    };
    for line in lines {
        let started = Instant::now();
        let grid = Grid::parse(line).map_err(|e| format!("{line}: {e}"))?;
        let budget = Budget::count(2).with_deadline(started + deadline);
        let outcome = solver.solve(&grid, &budget);
        let took = started.elapsed();
        tally.total_time += took;
        match outcome.verdict {
            Verdict::GaveUp(_) => continue,
            Verdict::Solved if outcome.solution_count == 1 => {
                verify_solution(&grid, &outcome.solutions[0])
                    .map_err(|e| format!("{line}: wrong answer: {e}"))?;
            }
            other => {
                return Err(format!(
                    "{line}: {other} with {} solution(s); every dataset puzzle is unique",
                    outcome.solution_count
                ));
            }
        }
        tally.settled += 1;
        tally.settled_time += took;
        tally.guesses += outcome.counters.guesses;
        tally.nodes += outcome.counters.nodes;
        tally.no_guess += usize::from(outcome.counters.guesses == 0);
        tally.times.push(took);
    }
    Ok(tally)
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(why) => {
            eprintln!("throughput: {why}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "per-puzzle deadline {:?}; {}; uniqueness-checking solves (limit 2), parse inside the timed loop",
        options.deadline,
        options.limit.map_or("every puzzle".into(), |n| format!(
            "sample of {n} evenly spaced puzzles per set"
        )),
    );
    println!(
        "| set | solver | puzzles | settled | puzzles/s (settled) | mean µs | median µs | max µs | guesses/puzzle | nodes/puzzle | no guess |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for set in &options.sets {
        let Some((_, file)) = SETS
            .iter()
            .find(|(short, file)| short == set || file == set)
        else {
            eprintln!("throughput: unknown set {set}");
            return ExitCode::FAILURE;
        };
        let path = options.dir.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("throughput: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        };
        let lines = lines(&text, options.limit);
        for id in &options.solvers {
            let Some(mut solver) = make(id) else {
                eprintln!("throughput: unknown solver {id}");
                return ExitCode::FAILURE;
            };
            let mut tally = match run(solver.as_mut(), &lines, options.deadline) {
                Ok(tally) => tally,
                Err(why) => {
                    eprintln!("throughput: {id} on {file}: {why}");
                    return ExitCode::FAILURE;
                }
            };
            tally.times.sort();
            let settled = tally.settled.max(1) as f64;
            let micros = |d: Duration| d.as_secs_f64() * 1e6;
            println!(
                "| {file} | {id} | {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0} | {:.1}% |",
                tally.puzzles,
                tally.settled,
                tally.settled as f64 / tally.settled_time.as_secs_f64().max(1e-9),
                micros(tally.settled_time) / settled,
                tally
                    .times
                    .get(tally.times.len() / 2)
                    .map_or(0.0, |&d| micros(d)),
                tally.times.last().map_or(0.0, |&d| micros(d)),
                tally.guesses as f64 / settled,
                tally.nodes as f64 / settled,
                100.0 * tally.no_guess as f64 / settled,
            );
            eprintln!(
                "{id} on {file}: {}/{} settled, {:.2} s in all (timed-out puzzles included)",
                tally.settled,
                tally.puzzles,
                tally.total_time.as_secs_f64()
            );
        }
    }
    ExitCode::SUCCESS
}
