//! The `bench`, `report` and `reproduce` commands: their options, the progress bar, and what they
//! print. The work is done by `sudoku-run` (solving), `sudoku-report` (the figures and tables)
//! and `sudoku-charts` (the charts, the page and the files).

use std::path::{Path, PathBuf};
use std::time::Duration;

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use sudoku_report::{Digest, summary};
use sudoku_run::{
    Check, EarlierRun, Interrupted, Isolation, Observer, PARTIAL_FILE, RESULTS_FILE, Row,
    RunOptions, WorkerCommand,
};

use crate::options::{Format, SeedArg};
use crate::ui;

/// Options of `sudoku-bench bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Solver id to run (repeatable); default: every registered solver.
    #[arg(long = "solver", short = 's', value_name = "ID")]
    pub solvers: Vec<String>,
    /// Dataset: a built-in one by name (`sudoku-bench datasets` lists them) or a file of one
    /// puzzle a line (repeatable); default: `named`, the eight level sets and the two variant
    /// sets.
    #[arg(long = "dataset", short = 'd', value_name = "NAME|PATH")]
    pub datasets: Vec<String>,
    /// Use only the first N puzzles of each dataset.
    #[arg(long, value_name = "N", alias = "limit")]
    pub puzzles: Option<usize>,
    /// Draw N puzzles of each dataset at random (seeded by --seed).
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Timed passes after the warm-up (deterministic solvers).
    #[arg(long, default_value_t = 3)]
    pub reps: u32,
    /// Runs with distinct seeds per puzzle (stochastic solvers).
    #[arg(long, default_value_t = sudoku_run::options::DEFAULT_SEEDS)]
    pub seeds: u32,
    /// Per-solve time budget in seconds (default: 10 s, stochastic solvers 2 s).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    /// Per-solve time budget of stochastic solvers in seconds, when it should differ from
    /// `--timeout` (default: `--timeout` if given, else 2 s).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub stochastic_timeout: Option<f64>,
    /// Per-solve cap on the solver's work counter (default: none, stochastic 10 million).
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    /// Solutions to look for: default 2 (proves uniqueness) for solvers that count, else 1.
    #[arg(long, value_name = "N", alias = "solution-limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_solutions: Option<u64>,
    /// What a complete solver's "unsolvable", "unique" or exact count is checked against,
    /// outside the timing: `reference` (the dataset's `:count`/`:solution` where a line has them,
    /// else a second complete solver, never the one under test), `expected` (the dataset's
    /// fields only) or `off` (grids only). A disagreement is a wrong answer and exits 1.
    #[arg(long, value_enum, default_value_t = CheckArg::Reference)]
    pub check: CheckArg,
    /// Stop repeating a puzzle once its timed passes took this many seconds.
    #[arg(long, default_value_t = 3.0, value_name = "SECONDS")]
    pub max_puzzle_seconds: f64,
    /// Puzzles solved at once (one thread each); 1 keeps timings free of contention.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Pin the run (its threads and worker processes) to logical CPU N, so no solve migrates
    /// between cores while it is timed; with --jobs 1 only. Recorded in the run header.
    #[arg(long, value_name = "CPU")]
    pub pin: Option<usize>,
    /// Which solvers run in worker processes under a watchdog that kills a solve running past
    /// its budget: `auto` (those with external engines: ILP and SAT), `off` or `process` (all).
    #[arg(long, value_enum, default_value_t = IsolateArg::Auto)]
    pub isolate: IsolateArg,
    /// Solve only part I of N of the puzzles (`I/N`, 1 ≤ I ≤ N), split by puzzle the same way
    /// on every machine: run each part anywhere, then `report` all their CSVs together.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<sudoku_run::Shard>,
    /// Most puzzles of a dataset held in memory: a file with more is read and run this many at
    /// a time, each part shuffled on its own (raise it to shuffle a large file whole).
    #[arg(long, default_value_t = sudoku_run::options::DEFAULT_CHUNK, value_name = "N")]
    pub chunk: usize,
    /// Output folder for results.csv and the report.
    #[arg(long, default_value = "reports/latest")]
    pub out: PathBuf,
    /// Continue an interrupted run in --out with the options it recorded.
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Clear --out first when it already holds a run (otherwise such a folder is refused).
    #[arg(long)]
    pub force: bool,
    /// The summary printed at the end: text (a markdown table), csv or json (one object a
    /// line); the report's files are written either way.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the results only, no report.
    #[arg(long)]
    pub no_report: bool,
    /// Stop (with an error) after writing this many rows: simulates an interruption in tests.
    #[arg(long, hide = true)]
    pub stop_after_rows: Option<usize>,
}

/// `--isolate`'s values.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum IsolateArg {
    Auto,
    Off,
    Process,
}

/// `--check`'s values.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum CheckArg {
    Expected,
    Reference,
    Off,
}

/// The error `bench` ends with when a solver answered wrongly: the run and its report are
/// complete, and the exit status says a verdict failed (1), not that the input was bad.
#[derive(Debug)]
pub struct WrongAnswers(pub usize);

impl std::fmt::Display for WrongAnswers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: see the `wrong` column of the summary and the rows' `detail`",
            ui::count_of(self.0 as u64, "wrong answer")
        )
    }
}

impl std::error::Error for WrongAnswers {}

/// The hidden subcommand a worker process runs: see [`sudoku_run::isolate`].
pub const WORKER_COMMAND: &str = "worker";

/// The solvers verdicts are checked against, fastest first.
fn references() -> Vec<String> {
    sudoku_registry::REFERENCE_ORDER
        .iter()
        .map(|id| id.to_string())
        .collect()
}

/// How runs start their worker processes: this program, serving solves.
fn worker_command() -> Result<WorkerCommand> {
    WorkerCommand::this_program(&[WORKER_COMMAND])
}

impl BenchArgs {
    fn options(&self) -> Result<RunOptions> {
        Ok(RunOptions {
            solvers: self.solvers.clone(),
            datasets: self.datasets.clone(),
            limit: self.puzzles,
            sample: self.sample,
            seed: self.seed.seed,
            reps: self.reps,
            seeds: self.seeds,
            timeout: self.timeout,
            stochastic_timeout: self.stochastic_timeout,
            max_iterations: self.max_iterations,
            solution_limit: self.max_solutions,
            check: match self.check {
                CheckArg::Expected => Check::Expected,
                CheckArg::Reference => Check::Reference,
                CheckArg::Off => Check::Off,
            },
            references: references(),
            max_puzzle_seconds: self.max_puzzle_seconds,
            jobs: self.jobs,
            pin: self.pin,
            isolate: match self.isolate {
                IsolateArg::Auto => Isolation::Auto,
                IsolateArg::Off => Isolation::Off,
                IsolateArg::Process => Isolation::Process,
            },
            shard: self.shard,
            chunk: self.chunk,
            worker: Some(worker_command()?),
            commit: crate::build_commit().map(String::from),
        })
    }
}

/// Options of `sudoku-bench report`.
#[derive(clap::Args, Clone, Debug)]
pub struct ReportArgs {
    /// A results CSV written by `bench`, or every part of a run split with `bench --shard`
    /// (merged into one report, which lists where each part ran).
    #[arg(required = true, value_name = "RESULTS")]
    pub results: Vec<PathBuf>,
    /// Output folder (default: the folder of the CSV; needed when merging parts).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The summary printed: text (a markdown table), csv or json (one object a line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Options of `sudoku-bench reproduce`.
#[derive(clap::Args, Clone, Debug)]
pub struct ReproduceArgs {
    /// Output folder for results.csv, table1.md, table1.csv and the two charts.
    #[arg(long, default_value = "reports/reproduce")]
    pub out: PathBuf,
    /// Clear --out first when it already holds a run (otherwise such a folder is refused).
    #[arg(long)]
    pub force: bool,
    /// The solver compared with the published figures: the documents' algorithm.
    #[arg(long, short, value_name = "ID", default_value = "naive")]
    pub solver: String,
    /// Timed solves per board (median reported).
    #[arg(long, default_value_t = 3)]
    pub reps: u32,
    /// Per-solve time budget in seconds of the deterministic solvers (the stochastic ones, beside
    /// the table, get their usual 2 s: the budget, not a limit of their own, ends their runs).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 30.0,
        allow_negative_numbers = true
    )]
    pub timeout: f64,
}

/// Set by Ctrl-C: the run stops before writing another row.
static STOP: AtomicBool = AtomicBool::new(false);

/// Ctrl-C once stops the run after the solve under way (its row left out, every earlier one
/// kept for `--resume`); twice stops at once. Worker processes ignore it (see [`worker`]), so
/// the solve under way ends normally.
fn stop_on_ctrl_c() {
    let installed = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!(
            "\nstopping after the solve under way (at most its time budget); Ctrl-C again to \
             stop at once"
        );
    });
    if let Err(error) = installed {
        ui::note(format!("Ctrl-C will not stop the run cleanly: {error}"));
    }
}

/// A progress bar on a terminal (nothing otherwise, or with --quiet), the Ctrl-C stop, and the
/// hidden `--stop-after-rows` hook.
struct Progress {
    bar: ui::Progress,
    stop_after_rows: Option<usize>,
    rows: usize,
    checks: CheckTally,
}

/// How this session's verdicts were checked, from the rows' `checked` column.
#[derive(Debug, Default)]
struct CheckTally {
    dataset: u64,
    reference: u64,
    grids: u64,
    unchecked: u64,
    wrong: u64,
}

impl CheckTally {
    fn add(&mut self, row: &Row) {
        use sudoku_run::verdict::{BY_DATASET, BY_GRIDS, BY_REFERENCE};
        match row.checked.as_str() {
            "" => {}
            BY_DATASET => self.dataset += 1,
            BY_GRIDS => self.grids += 1,
            reference if reference.starts_with(BY_REFERENCE) => self.reference += 1,
            _ if row.status == sudoku_run::Status::WrongAnswer => self.wrong += 1,
            _ => self.unchecked += 1,
        }
    }
}

impl std::fmt::Display for CheckTally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let checked = self.dataset + self.reference + self.grids + self.wrong;
        write!(
            f,
            "{} checked ({} against the dataset, {} against a reference solver, {} by their \
             grids), {} wrong, {} unchecked",
            ui::count_of(checked, "verdict"),
            ui::grouped(self.dataset),
            ui::grouped(self.reference),
            ui::grouped(self.grids),
            ui::grouped(self.wrong),
            ui::grouped(self.unchecked)
        )
    }
}

impl Progress {
    fn new(stop_after_rows: Option<usize>) -> Progress {
        Progress {
            bar: ui::Progress::drawn_as(
                "{elapsed_precise} [{bar:40}] {pos}/{len} solves (upper bound), eta {eta} {msg}",
                0,
            ),
            stop_after_rows,
            rows: 0,
            checks: CheckTally::default(),
        }
    }
}

impl Observer for Progress {
    fn planned(&mut self, total: u64, done: u64, worst_case: Duration) {
        let left = if done > 0 {
            format!(", {done} already done")
        } else {
            String::new()
        };
        ui::note(format!(
            "plan: {} at most{left}; if every solve used its whole time budget, {}",
            ui::count_of(total, "solve"),
            humantime(worst_case)
        ));
        self.bar.set_length(total);
        self.bar.set_position(done as usize);
    }

    fn working_on(&mut self, solver: &str, dataset: &str) {
        self.bar.set_message(format!("{solver} on {dataset}"));
    }

    fn row(&mut self, row: &Row) -> Result<()> {
        self.bar.advance();
        self.rows += 1;
        self.checks.add(row);
        if self.stop_after_rows.is_some_and(|limit| self.rows >= limit) {
            bail!(Interrupted);
        }
        Ok(())
    }

    fn stop_requested(&self) -> bool {
        STOP.load(Ordering::SeqCst)
    }
}

/// A duration as a person reads it: `45 s`, `12 min`, `3 h 20 min`.
fn humantime(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds.div_ceil(60)),
        _ => format!("{} h {} min", seconds / 3600, seconds % 3600 / 60),
    }
}

/// What to do with a run already in the output folder, from `--resume` and `--force`.
fn earlier_run(resume: bool, force: bool) -> EarlierRun {
    match (resume, force) {
        (true, _) => EarlierRun::Resume,
        (false, true) => EarlierRun::Replace,
        (false, false) => EarlierRun::Refuse,
    }
}

/// An interrupted run's error, with where its rows are and the command that continues it.
fn interrupted(error: anyhow::Error, out: &Path, resume: &str) -> anyhow::Error {
    if !error.is::<Interrupted>() {
        return error;
    }
    let kept =
        sudoku_run::results::read(&out.join(PARTIAL_FILE)).map_or(0, |results| results.rows.len());
    error.context(format!(
        "{} kept in {}; continue with: {resume}",
        ui::count_of(kept as u64, "row"),
        out.join(PARTIAL_FILE).display()
    ))
}

/// The run's summary on stdout in `format`.
fn print_summary(digest: &Digest, format: Format) -> Result<()> {
    let summaries = summary::summaries(digest);
    match format {
        Format::Text => println!("{}", summary::to_markdown(&summaries)),
        Format::Csv => print!("{}", summary::to_csv(&summaries)?),
        Format::Json => {
            for one in &summaries {
                println!("{}", serde_json::to_string(one)?);
            }
        }
        Format::Line => {
            bail!("--format line: a summary has several fields a row; use text, csv or json")
        }
    }
    Ok(())
}

/// `sudoku-bench bench`: runs, writes `--out/results.csv`, prints the summary, writes the
/// report beside it.
pub fn bench(args: &BenchArgs) -> Result<()> {
    if args.format == Format::Line {
        bail!("--format line: a summary has several fields a row; use text, csv or json");
    }
    stop_on_ctrl_c();
    let mut progress = Progress::new(args.stop_after_rows);
    let outcome = sudoku_run::run_in(
        &args.out,
        sudoku_registry::registry(),
        &args.options()?,
        earlier_run(args.resume, args.force),
        &mut progress,
    )
    .map_err(|e| {
        let resume = format!("sudoku-bench bench --out {} --resume", args.out.display());
        interrupted(e, &args.out, &resume)
    })?;
    ui::note(format!(
        "{} in {:.1} s → {}",
        ui::count_of(outcome.rows_written as u64, "row"),
        outcome.elapsed.as_secs_f64(),
        outcome.csv.display()
    ));
    ui::note(format!(
        "{}; checking took {:.2} s, outside the timings",
        progress.checks,
        outcome.checking.as_secs_f64()
    ));
    let digest = Digest::read(&outcome.csv)?;
    print_summary(&digest, args.format)?;
    if !args.no_report {
        sudoku_charts::write_report(&digest, &args.out)?;
        ui::note(format!("report: {}", args.out.join("index.html").display()));
    }
    let wrong: usize = summary::summaries(&digest)
        .iter()
        .map(|s| s.wrong_answers)
        .sum();
    if wrong > 0 {
        bail!(WrongAnswers(wrong));
    }
    Ok(())
}

/// The hidden `worker` subcommand: serves solves to the run that started it, on standard input
/// and output. It ignores Ctrl-C, which the terminal sends to the whole process group: the run
/// decides when to stop, and the solve under way ends within its budget.
pub fn worker() -> Result<()> {
    #[cfg(unix)]
    // SAFETY: called before any thread of this process exists; SIG_IGN is a valid handler.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
    }
    sudoku_run::isolate::serve(
        &sudoku_registry::registry(),
        std::io::stdin().lock(),
        std::io::stdout().lock(),
    )
}

/// `sudoku-bench report`: every table and chart again, from a results file alone, or from the
/// parts of a sharded run merged.
pub fn report(args: &ReportArgs) -> Result<()> {
    if args.format == Format::Line {
        bail!("--format line: a summary has several fields a row; use text, csv or json");
    }
    let [single] = args.results.as_slice() else {
        return report_merged(args);
    };
    let digest = Digest::read(single)?;
    let out = args.out.clone().unwrap_or_else(|| {
        single
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    });
    let written = sudoku_charts::write_report(&digest, &out)?;
    // The page links its CSV: keep a copy beside it when the report goes elsewhere.
    let beside = out.join(RESULTS_FILE);
    let same = std::fs::canonicalize(&beside).ok() == std::fs::canonicalize(single).ok();
    if !same {
        std::fs::copy(single, &beside)
            .with_context(|| format!("cannot copy the results to {}", beside.display()))?;
    }
    print_report(&digest, &out, written.len(), args.format)
}

/// The parts of a sharded run merged into `--out/results.csv`, then reported.
fn report_merged(args: &ReportArgs) -> Result<()> {
    let Some(out) = &args.out else {
        bail!(
            "merging {} results files needs --out FOLDER",
            args.results.len()
        );
    };
    let parts = args
        .results
        .iter()
        .map(|path| Ok((path.display().to_string(), sudoku_run::results::read(path)?)))
        .collect::<Result<Vec<_>>>()?;
    let results = sudoku_run::results::merge(parts)?;
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let header = results.header.as_ref().expect("a merge has a header");
    let mut file = sudoku_run::results::ResultsFile::create(&out.join(RESULTS_FILE), header)?;
    for row in &results.rows {
        file.write(row)?;
    }
    drop(file);
    let digest = Digest::of(&results);
    let written = sudoku_charts::write_report(&digest, out)?;
    for shard in &header.shards {
        ui::note(format!(
            "shard {}: {}, started {} on {} ({})",
            shard.shard,
            ui::count_of(shard.rows as u64, "row"),
            shard.started,
            shard.machine.host,
            shard.machine.cpu
        ));
    }
    print_report(&digest, out, written.len() + 1, args.format)
}

fn print_report(digest: &Digest, out: &Path, files: usize, format: Format) -> Result<()> {
    print_summary(digest, format)?;
    ui::note(format!(
        "{} → {}",
        ui::count_of(files as u64, "file"),
        out.join("index.html").display()
    ));
    Ok(())
}

/// `sudoku-bench reproduce`: an ordinary run of every solver on the known boards of Table 1,
/// then the table and charts as a view over its rows.
pub fn reproduce(args: &ReproduceArgs) -> Result<()> {
    let registry = sudoku_registry::registry();
    if !registry.iter().any(|r| r.id() == args.solver) {
        bail!(
            "unknown solver {:?}; registered: {}",
            args.solver,
            sudoku_registry::ids().join(", ")
        );
    }
    let timeout = crate::options::positive_seconds("--timeout", args.timeout)
        .map_err(|failure| anyhow::anyhow!(failure.message))?;
    stop_on_ctrl_c();
    let outcome = sudoku_run::run_in(
        &args.out,
        registry,
        &RunOptions {
            worker: Some(worker_command()?),
            references: references(),
            commit: crate::build_commit().map(String::from),
            ..RunOptions::reproduce(args.reps, timeout.as_secs_f64())
        },
        earlier_run(false, args.force),
        &mut Progress::new(None),
    )
    .map_err(|e| {
        let again = format!(
            "sudoku-bench reproduce --out {} --force",
            args.out.display()
        );
        interrupted(e, &args.out, &again)
    })?;
    let results = sudoku_run::results::read(&outcome.csv)?;
    let table = sudoku_charts::reproduce::write(&results, &args.solver, &args.out)?;
    println!("{table}");
    ui::note(format!("written to {}", args.out.display()));
    Ok(())
}
