//! `bench`: every chosen solver on every chosen dataset, timed the way tdoku times, streamed to a
//! CSV, then summarised and charted.
//!
//! Method, per solver × dataset:
//! 1. Puzzles are taken in a seeded order (`--seed`), after `--limit` (first N) and `--sample`
//!    (N drawn with the seed).
//! 2. Deterministic solvers: a warm-up pass solves every puzzle through
//!    [`sudoku_core::solve_checked`] (validating every answer), then `--reps` timed passes run
//!    the same steps with the clock around [`Solver::solve`] alone: [`admit`] before it,
//!    [`check_answer`] after it, outside the timing. A puzzle that gave up, was rejected or answered wrongly is not
//!    repeated; nor is one whose timed passes already took `--max-puzzle-seconds`.
//! 3. Stochastic solvers: `--seeds` runs per puzzle, each timed and verified; no warm-up.
//!
//! Each solve has a budget: by default 10 s for complete solvers and 2 s plus a 10-million-step
//! cap for stochastic ones (`--timeout`, `--max-iterations` override both). The solution limit
//! is 2 (uniqueness) for solvers that count solutions and 1 for the rest (`--solution-limit`).

use std::collections::{HashMap, HashSet};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sudoku_catalog::{Dataset, Puzzle};
use sudoku_core::{
    Budget, Capabilities, Grid, Outcome, Solver, Verdict, admit, check_answer, solve_checked,
    solve_guarded,
};
use sudoku_registry::Registered;

use crate::results::{Phase, ResultsFile, Row, RowKey, RunHeader, SolverMeta, Status};

/// Per-solve deadline for complete (and other non-stochastic) solvers.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Per-solve deadline for stochastic solvers: they rarely finish late if they finish at all.
pub const DEFAULT_STOCHASTIC_TIMEOUT: Duration = Duration::from_secs(2);
/// Cap on a stochastic solver's main work counter (moves, generations).
pub const DEFAULT_STOCHASTIC_CAP: u64 = 10_000_000;

/// The final results file inside the output folder.
pub const RESULTS_FILE: &str = "results.csv";
/// Where a run in progress streams its rows; renamed to [`RESULTS_FILE`] when it completes.
pub const PARTIAL_FILE: &str = "results.partial.csv";

/// Options of `sudoku-bench bench`.
#[derive(clap::Args, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchArgs {
    /// Solver id to run (repeatable); default: every registered solver.
    #[arg(long = "solver", short = 's', value_name = "ID")]
    pub solvers: Vec<String>,
    /// Dataset: `named` (the documents' boards) or a file of one puzzle a line (repeatable);
    /// default: `named`.
    #[arg(long = "dataset", short = 'd', value_name = "SPEC")]
    pub datasets: Vec<String>,
    /// Use only the first N puzzles of each dataset.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Draw N puzzles of each dataset at random (seeded by --seed).
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// Seed for sampling, puzzle order and stochastic solvers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Timed passes after the warm-up (deterministic solvers).
    #[arg(long, default_value_t = 3)]
    pub reps: u32,
    /// Runs with distinct seeds per puzzle (stochastic solvers).
    #[arg(long, default_value_t = 3)]
    pub seeds: u32,
    /// Per-solve time budget in seconds (default: 10 s, stochastic solvers 2 s).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Per-solve cap on the solver's main work counter (default: none, stochastic 10 million).
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    /// Solutions to look for: default 2 (proves uniqueness) for solvers that count, else 1.
    #[arg(long, value_name = "N")]
    pub solution_limit: Option<u64>,
    /// Stop repeating a puzzle once its timed passes took this many seconds.
    #[arg(long, default_value_t = 3.0, value_name = "SECONDS")]
    pub max_puzzle_seconds: f64,
    /// Puzzles solved at once (one thread each); 1 keeps timings free of contention.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Output folder for results.csv and the report.
    #[arg(long, default_value = "reports/latest")]
    pub out: PathBuf,
    /// Continue an interrupted run in --out with the options it recorded.
    #[arg(long)]
    pub resume: bool,
    /// Write the results only, no report.
    #[arg(long)]
    pub no_report: bool,
    /// Stop (with an error) after writing this many rows: simulates an interruption in tests.
    #[arg(long, hide = true)]
    #[serde(skip)]
    pub stop_after_rows: Option<usize>,
}

impl Default for BenchArgs {
    fn default() -> BenchArgs {
        BenchArgs {
            solvers: Vec::new(),
            datasets: Vec::new(),
            limit: None,
            sample: None,
            seed: 1,
            reps: 3,
            seeds: 3,
            timeout: None,
            max_iterations: None,
            solution_limit: None,
            max_puzzle_seconds: 3.0,
            jobs: 1,
            out: PathBuf::from("reports/latest"),
            resume: false,
            no_report: false,
            stop_after_rows: None,
        }
    }
}

/// The budget one solver gets on every puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    pub timeout: Duration,
    pub max_iterations: Option<u64>,
    pub solution_limit: u64,
}

impl Policy {
    /// Defaults by capability, then the command line's overrides.
    pub fn for_solver(caps: &Capabilities, args: &BenchArgs) -> Policy {
        let default_timeout = if caps.stochastic {
            DEFAULT_STOCHASTIC_TIMEOUT
        } else {
            DEFAULT_TIMEOUT
        };
        let timeout = args
            .timeout
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(default_timeout, Duration::from_secs_f64);
        let max_iterations = args
            .max_iterations
            .or(caps.stochastic.then_some(DEFAULT_STOCHASTIC_CAP));
        let solution_limit = if caps.counts_solutions {
            args.solution_limit.unwrap_or(2).max(1)
        } else {
            1
        };
        Policy {
            timeout,
            max_iterations,
            solution_limit,
        }
    }

    fn budget(&self, seed: u64) -> Budget {
        let mut budget = Budget::count(self.solution_limit)
            .with_seed(seed)
            .with_deadline(Instant::now() + self.timeout);
        budget.max_iterations = self.max_iterations;
        budget
    }
}

/// Loads, trims, samples and orders the datasets as the options say.
pub fn prepare_datasets(args: &BenchArgs) -> Result<Vec<Dataset>> {
    let specs = if args.datasets.is_empty() {
        vec!["named".to_string()]
    } else {
        args.datasets.clone()
    };
    specs
        .iter()
        .map(|spec| {
            let dataset = sudoku_catalog::load(spec)
                .with_context(|| format!("cannot load dataset `{spec}`"))?;
            Ok(order(dataset, args))
        })
        .collect()
}

/// `--limit` first, then `--sample`, then a seeded shuffle (tdoku permutes its puzzles too, so
/// no solver benefits from a file's order).
fn order(mut dataset: Dataset, args: &BenchArgs) -> Dataset {
    let mut rng = StdRng::seed_from_u64(args.seed);
    if let Some(n) = args.limit {
        dataset.puzzles.truncate(n);
    }
    if let Some(n) = args.sample {
        let n = n.min(dataset.puzzles.len());
        let mut picked: Vec<usize> =
            rand::seq::index::sample(&mut rng, dataset.puzzles.len(), n).into_vec();
        picked.sort_unstable();
        let all = std::mem::take(&mut dataset.puzzles);
        dataset.puzzles = picked.into_iter().map(|i| all[i].clone()).collect();
    }
    dataset.puzzles.shuffle(&mut rng);
    dataset
}

/// The registered solvers the options name (all by default), in registry order.
pub fn chosen_solvers(args: &BenchArgs) -> Result<Vec<Registered>> {
    let registry = sudoku_registry::registry();
    for id in &args.solvers {
        if !registry.iter().any(|r| r.info.id == id) {
            let known: Vec<&str> = registry.iter().map(|r| r.info.id).collect();
            bail!("no solver `{id}`; registered: {}", known.join(", "));
        }
    }
    Ok(registry
        .into_iter()
        .filter(|r| args.solvers.is_empty() || args.solvers.iter().any(|id| id == r.info.id))
        .collect())
}

/// Runs `puzzle` once, timing only the solver's own work: [`sudoku_core::solve_checked`]'s
/// input check ([`admit`]) comes before the clock starts, its answer check ([`check_answer`])
/// after it stops.
pub fn timed_solve(solver: &mut dyn Solver, puzzle: &Grid, budget: &Budget) -> (Outcome, Duration) {
    if let Err(why) = admit(solver, puzzle) {
        return (Outcome::rejected(why), Duration::ZERO);
    }
    let start = Instant::now();
    let mut outcome = solve_guarded(solver, puzzle, budget);
    let elapsed = start.elapsed();
    check_answer(puzzle, &mut outcome);
    (outcome, elapsed)
}

/// One solve to do.
#[derive(Clone, Debug)]
struct Task<'a> {
    puzzle: &'a Puzzle,
    phase: Phase,
    rep: u32,
    seed: u64,
}

/// Solves one task and turns it into a row.
fn perform(
    solver: &mut dyn Solver,
    meta: &SolverMeta,
    dataset: &str,
    task: &Task<'_>,
    policy: &Policy,
) -> Row {
    let budget = policy.budget(task.seed);
    let (outcome, elapsed) = match task.phase {
        Phase::Warmup => {
            let start = Instant::now();
            let outcome = solve_checked(solver, &task.puzzle.grid, &budget);
            (outcome, start.elapsed())
        }
        Phase::Timed => timed_solve(solver, &task.puzzle.grid, &budget),
    };
    let status = Status::from_verdict(&outcome.verdict);
    let detail = match &outcome.verdict {
        Verdict::Solved | Verdict::Unsolvable => String::new(),
        other => other.to_string(),
    };
    Row {
        solver: meta.id.clone(),
        family: meta.family.clone(),
        dataset: dataset.into(),
        puzzle: task.puzzle.id.clone(),
        size: task.puzzle.grid.size(),
        clues: task.puzzle.grid.clue_count(),
        phase: task.phase,
        rep: task.rep,
        seed: task.seed,
        solution_limit: policy.solution_limit,
        status,
        solutions: outcome.solution_count,
        time_ns: elapsed.as_nanos().min(u64::MAX as u128) as u64,
        counters: Row::counters_from(&outcome.counters),
        detail,
    }
}

/// Where rows go: the file, the progress bar, and the interruption hook.
struct Sink {
    file: ResultsFile,
    limit: Option<usize>,
    progress: ProgressBar,
}

impl Sink {
    fn accept(&mut self, row: &Row) -> Result<()> {
        if self.limit.is_some_and(|limit| self.file.written() >= limit) {
            bail!(Interrupted);
        }
        self.file.write(row)?;
        self.progress.inc(1);
        Ok(())
    }
}

/// The error `--stop-after-rows` ends a run with.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("run stopped by --stop-after-rows; continue it with --resume")
    }
}

impl std::error::Error for Interrupted {}

/// What each puzzle's earlier rows say about repeating it.
#[derive(Clone, Copy, Debug, Default)]
struct PuzzleState {
    /// Gave up, was rejected or answered wrongly: no more repetitions.
    stop: bool,
    timed_seconds: f64,
}

/// What the solves of one solver × dataset share.
struct Job<'a> {
    registered: &'a Registered,
    meta: &'a SolverMeta,
    dataset: &'a str,
    policy: &'a Policy,
    pool: Option<&'a rayon::ThreadPool>,
    sink: &'a Mutex<Sink>,
}

impl Job<'_> {
    /// Runs the solves of one phase, in parallel when there is a pool; returns their rows.
    /// A solver that crashed is replaced by a fresh instance before its next solve.
    fn run(&self, tasks: &[Task<'_>], solver: &mut Box<dyn Solver>) -> Result<Vec<Row>> {
        let (meta, dataset, policy) = (self.meta, self.dataset, self.policy);
        let solve = |solver: &mut Box<dyn Solver>, task: &Task<'_>| {
            let row = perform(solver.as_mut(), meta, dataset, task, policy);
            if row.status == Status::Crashed {
                *solver = (self.registered.make)();
            }
            row
        };
        let write = |row: Row| -> Result<Row> {
            self.sink
                .lock()
                .map_err(|_| anyhow::anyhow!("a solver thread panicked"))?
                .accept(&row)?;
            Ok(row)
        };
        match self.pool {
            None => tasks
                .iter()
                .map(|task| write(solve(solver, task)))
                .collect(),
            Some(pool) => pool.install(|| {
                tasks
                    .par_iter()
                    .map_init(
                        || (self.registered.make)(),
                        |solver, task| write(solve(solver, task)),
                    )
                    .collect()
            }),
        }
    }
}

/// The rows of a finished (or interrupted) run, and where they are.
#[derive(Debug)]
pub struct RunOutcome {
    pub csv: PathBuf,
    pub rows_written: usize,
    pub elapsed: Duration,
}

/// Runs the benchmark into `partial`, resuming from the rows already in it when `resume`.
/// Runs `solvers` as `args` say, streaming rows to `partial` (created with `header`, or
/// continued on `--resume`). The solvers are passed in so that tests can run solvers the
/// registry does not hold.
pub fn execute(
    solvers: &[Registered],
    args: &BenchArgs,
    partial: &Path,
    header: &RunHeader,
) -> Result<RunOutcome> {
    let started = Instant::now();
    let datasets = prepare_datasets(args)?;
    let (file, previous) = if args.resume && partial.exists() {
        let (file, previous) = ResultsFile::open_for_resume(partial)?;
        (file, previous.rows)
    } else {
        (ResultsFile::create(partial, header)?, Vec::new())
    };
    let done: HashSet<RowKey> = previous.iter().map(Row::key).collect();
    let total: u64 = solvers
        .iter()
        .map(|r| {
            let per_puzzle = if r.info.capabilities.stochastic {
                u64::from(args.seeds.max(1))
            } else {
                1 + u64::from(args.reps)
            };
            datasets.iter().map(|d| d.puzzles.len() as u64).sum::<u64>() * per_puzzle
        })
        .sum();
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {pos}/{len} solves (upper bound) {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        )
    } else {
        ProgressBar::hidden()
    };
    progress.inc(done.len() as u64);
    let sink = Mutex::new(Sink {
        file,
        limit: args.stop_after_rows,
        progress: progress.clone(),
    });
    let pool = if args.jobs > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(args.jobs)
                .build()
                .context("cannot start the solver threads")?,
        )
    } else {
        None
    };

    for registered in solvers {
        let meta = SolverMeta::from(&registered.info);
        let policy = Policy::for_solver(&registered.info.capabilities, args);
        let mut solver = (registered.make)();
        for dataset in &datasets {
            progress.set_message(format!("{} on {}", meta.id, dataset.name));
            let mut state: HashMap<&str, PuzzleState> = HashMap::new();
            for row in previous
                .iter()
                .filter(|r| r.solver == meta.id && r.dataset == dataset.name)
            {
                let entry = state.entry(row.puzzle.as_str()).or_default();
                entry.stop |= !row.status.is_decided();
                if row.phase == Phase::Timed {
                    entry.timed_seconds += row.time_ns as f64 / 1e9;
                }
            }
            let pending = |task: &Task<'_>| {
                !done.contains(&RowKey {
                    solver: meta.id.clone(),
                    dataset: dataset.name.clone(),
                    puzzle: task.puzzle.id.clone(),
                    phase: task.phase.as_str(),
                    rep: task.rep,
                    seed: task.seed,
                })
            };
            let job = Job {
                registered,
                meta: &meta,
                dataset: &dataset.name,
                policy: &policy,
                pool: pool.as_ref(),
                sink: &sink,
            };
            let run = |tasks: Vec<Task<'_>>, solver: &mut Box<dyn Solver>| job.run(&tasks, solver);
            if registered.info.capabilities.stochastic {
                let tasks: Vec<Task<'_>> = dataset
                    .puzzles
                    .iter()
                    .flat_map(|puzzle| {
                        (0..u64::from(args.seeds.max(1))).map(move |k| Task {
                            puzzle,
                            phase: Phase::Timed,
                            rep: 1,
                            seed: args.seed.wrapping_add(k),
                        })
                    })
                    .filter(pending)
                    .collect();
                run(tasks, &mut solver)?;
                continue;
            }
            let warmup: Vec<Task<'_>> = dataset
                .puzzles
                .iter()
                .map(|puzzle| Task {
                    puzzle,
                    phase: Phase::Warmup,
                    rep: 0,
                    seed: args.seed,
                })
                .filter(pending)
                .collect();
            for row in run(warmup, &mut solver)? {
                let id = dataset
                    .puzzles
                    .iter()
                    .find(|p| p.id == row.puzzle)
                    .map_or("", |p| p.id.as_str());
                state.entry(id).or_default().stop |= !row.status.is_decided();
            }
            for rep in 1..=args.reps {
                let tasks: Vec<Task<'_>> = dataset
                    .puzzles
                    .iter()
                    .filter(|p| {
                        let s = state.get(p.id.as_str()).copied().unwrap_or_default();
                        !s.stop && s.timed_seconds < args.max_puzzle_seconds
                    })
                    .map(|puzzle| Task {
                        puzzle,
                        phase: Phase::Timed,
                        rep,
                        seed: args.seed,
                    })
                    .filter(pending)
                    .collect();
                for row in run(tasks, &mut solver)? {
                    let id = dataset
                        .puzzles
                        .iter()
                        .find(|p| p.id == row.puzzle)
                        .map_or("", |p| p.id.as_str());
                    let entry = state.entry(id).or_default();
                    entry.stop |= !row.status.is_decided();
                    entry.timed_seconds += row.time_ns as f64 / 1e9;
                }
            }
        }
    }
    progress.finish_and_clear();
    let rows_written = sink
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a solver thread panicked"))?
        .file
        .written();
    Ok(RunOutcome {
        csv: partial.to_path_buf(),
        rows_written,
        elapsed: started.elapsed(),
    })
}

/// The header of a new run with these options.
/// The header of a run of `solvers` with `args`.
pub fn new_header(solvers: &[Registered], args: &BenchArgs) -> Result<RunHeader> {
    Ok(RunHeader {
        tool: format!("sudoku-bench {}", env!("CARGO_PKG_VERSION")),
        started: crate::machine::utc_now(),
        git_commit: crate::machine::git_commit(),
        machine: crate::machine::machine(),
        options: serde_json::to_value(args)?,
        jobs: args.jobs.max(1),
        solvers: solvers.iter().map(|r| SolverMeta::from(&r.info)).collect(),
        method: format!(
            "seeded order (seed {}); deterministic solvers: one warm-up pass through solve_checked, \
             then {} timed passes timing Solver::solve alone (answers verified outside the timing), \
             a puzzle's repetitions stop after it gives up or spends {} s; stochastic solvers: {} \
             seeds per puzzle; {} puzzle(s) solved at once",
            args.seed,
            args.reps,
            args.max_puzzle_seconds,
            args.seeds,
            args.jobs.max(1)
        ),
    })
}

/// `sudoku-bench bench`: runs, writes `--out/results.csv`, then the report beside it.
pub fn run(args: &BenchArgs) -> Result<()> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let partial = args.out.join(PARTIAL_FILE);
    let complete = args.out.join(RESULTS_FILE);
    let mut args = args.clone();
    if args.resume {
        if !partial.exists() && complete.exists() {
            std::fs::copy(&complete, &partial)?;
        }
        if !partial.exists() {
            bail!(
                "nothing to resume: no {} in {}",
                PARTIAL_FILE,
                args.out.display()
            );
        }
        // Continue with the options the run started with.
        let recorded = crate::results::read_header(&partial)?
            .context("the interrupted file has no run header")?;
        let mut options: BenchArgs = serde_json::from_value(recorded.options.clone())
            .context("the interrupted run's options cannot be read back")?;
        options.out = args.out.clone();
        options.resume = true;
        options.no_report = args.no_report;
        options.stop_after_rows = args.stop_after_rows;
        args = options;
    }
    let solvers = chosen_solvers(&args)?;
    let header = new_header(&solvers, &args)?;
    let outcome = execute(&solvers, &args, &partial, &header)?;
    std::fs::rename(&partial, &complete)
        .with_context(|| format!("cannot move the results to {}", complete.display()))?;
    eprintln!(
        "{} rows in {:.1} s → {}",
        outcome.rows_written,
        outcome.elapsed.as_secs_f64(),
        complete.display()
    );
    let results = crate::results::read(&complete)?;
    let summaries = crate::summary::summarize(&results.rows, &results.solver_metas());
    println!("{}", crate::summary::to_markdown(&summaries));
    if !args.no_report {
        crate::report::write_report(&results, &args.out)?;
        eprintln!("report: {}", args.out.join("index.html").display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::ALL_SIZES;

    fn caps(stochastic: bool, counts: bool) -> Capabilities {
        Capabilities {
            complete: !stochastic,
            counts_solutions: counts,
            stochastic,
            sizes: ALL_SIZES,
            reports_guesses: false,
        }
    }

    #[test]
    fn budgets_follow_capabilities_and_flags() {
        let args = BenchArgs::default();
        let p = Policy::for_solver(&caps(false, true), &args);
        assert_eq!(
            (p.timeout, p.max_iterations, p.solution_limit),
            (DEFAULT_TIMEOUT, None, 2)
        );
        let p = Policy::for_solver(&caps(true, false), &args);
        assert_eq!(p.timeout, DEFAULT_STOCHASTIC_TIMEOUT);
        assert_eq!(
            (p.max_iterations, p.solution_limit),
            (Some(DEFAULT_STOCHASTIC_CAP), 1)
        );
        let args = BenchArgs {
            timeout: Some(0.5),
            max_iterations: Some(7),
            solution_limit: Some(5),
            ..BenchArgs::default()
        };
        let p = Policy::for_solver(&caps(false, true), &args);
        assert_eq!(p.timeout, Duration::from_millis(500));
        assert_eq!((p.max_iterations, p.solution_limit), (Some(7), 5));
        assert_eq!(
            Policy::for_solver(&caps(false, false), &args).solution_limit,
            1
        );
    }

    #[test]
    fn sampling_is_seeded_and_within_limits() {
        let args = BenchArgs {
            sample: Some(3),
            seed: 9,
            ..BenchArgs::default()
        };
        let a = order(sudoku_catalog::named_dataset(), &args);
        let b = order(sudoku_catalog::named_dataset(), &args);
        let ids = |d: &Dataset| d.puzzles.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&a), ids(&b));
        assert_eq!(a.puzzles.len(), 3);
        let limited = order(
            sudoku_catalog::named_dataset(),
            &BenchArgs {
                limit: Some(2),
                ..BenchArgs::default()
            },
        );
        let mut got = ids(&limited);
        got.sort();
        let mut first_two: Vec<String> = sudoku_catalog::named_dataset().puzzles[..2]
            .iter()
            .map(|p| p.id.clone())
            .collect();
        first_two.sort();
        assert_eq!(got, first_two);
    }

    #[test]
    fn a_wrong_answer_is_caught_outside_the_timing() {
        struct Liar;
        impl Solver for Liar {
            fn info(&self) -> sudoku_core::SolverInfo {
                sudoku_core::SolverInfo {
                    id: "liar",
                    family: sudoku_core::Family::Backtracking,
                    description: "returns the puzzle as its solution",
                    capabilities: caps(false, false),
                }
            }
            fn solve(&mut self, puzzle: &Grid, _: &Budget) -> Outcome {
                Outcome::from_search(
                    None,
                    vec![puzzle.clone()],
                    1,
                    sudoku_core::Counters::default(),
                )
            }
        }
        let board = sudoku_catalog::named_dataset().puzzles[0].grid.clone();
        let (outcome, _) = timed_solve(&mut Liar, &board, &Budget::solve());
        assert!(matches!(outcome.verdict, Verdict::WrongAnswer(_)));
    }
}
