//! `sudoku-bench`: solve, count and verify puzzles with any registered solver, list the solvers.
//!
//! Exit status: 0 success; 1 a negative answer (a grid that does not verify, a solver that gave
//! up or answered wrongly); 2 bad input or usage (unreadable, malformed, conflicting, unsolvable
//! or ambiguous puzzles). Errors are one line on stderr naming what and where.

mod bench;
mod generate;
mod human;
mod input;
mod output;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};
use sudoku_core::{
    Budget, Entry, Grid, Outcome, Rejection, Solver, Uniqueness, Verdict, Violation, solve_checked,
    uniqueness,
};

use crate::input::InputArgs;
use crate::output::Printer;

#[derive(Parser)]
#[command(
    name = "sudoku-bench",
    version,
    about = "Every classic Sudoku algorithm, measured side by side"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles (argument, --file, --board or stdin) and print solutions and counters.
    Solve(SolveArgs),
    /// Count the solutions of puzzles.
    Count(CountArgs),
    /// Check a filled grid (or a set of clues) against the rules.
    Verify(VerifyArgs),
    /// List the registered solvers and their capabilities.
    Solvers(FormatArg),
    /// Time solvers on datasets; write results.csv, summaries, charts and index.html.
    Bench(bench::BenchArgs),
    /// Rebuild every table and chart of a report from a results CSV alone.
    Report(bench::ReportArgs),
    /// Rate puzzles' difficulty: the thesis's 0-6 scale, the 2009 levels, a fine-grained rating
    /// and a score with its level; the spread over a file at the end.
    Rate(human::RateArgs),
    /// Explain a solve step by step as a person would make it (or only the next step: --hint).
    Explain(human::ExplainArgs),
    /// Make seeded puzzles: minimal or level-bounded unique puzzles, the thesis's random clues,
    /// grids with a share of givens kept, or transformations of a file's puzzles.
    Generate(generate::GenerateArgs),
    /// Re-measure the 2009 document's Table 1/2 and Charts 1-2, beside every other solver.
    Reproduce(bench::ReproduceArgs),
    /// Serve solves to a run on standard input and output (runs start it; not for people).
    #[command(hide = true, name = bench::WORKER_COMMAND)]
    Worker,
}

#[derive(clap::Args)]
struct FormatArg {
    /// Output form.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// Boxed grid and counters, for people.
    Text,
    /// One solution per line, nothing else.
    Line,
    /// One JSON object per puzzle, one per line.
    Json,
}

#[derive(clap::Args)]
pub(crate) struct BudgetArgs {
    /// Give up after this many seconds per puzzle.
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Give up after this much work (the solver's main counter).
    #[arg(long, value_name = "N")]
    max_iterations: Option<u64>,
    /// Seed for stochastic solvers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl BudgetArgs {
    pub(crate) fn apply(&self, mut budget: Budget) -> Result<Budget, Failure> {
        if let Some(seconds) = self.timeout {
            let timeout = Duration::try_from_secs_f64(seconds)
                .map_err(|_| Failure::input(format!("--timeout {seconds}: not a duration")))?;
            budget = budget.with_deadline(Instant::now() + timeout);
        }
        if let Some(cap) = self.max_iterations {
            budget = budget.with_max_iterations(cap);
        }
        Ok(budget.with_seed(self.seed))
    }
}

#[derive(clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver id (see `sudoku-bench solvers`).
    #[arg(long, default_value = "naive")]
    solver: String,
    /// List up to N solutions instead of solving a puzzle that must have exactly one.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    format: FormatArg,
    /// Also render the search step by step as an animated GIF (one puzzle only).
    #[arg(long, value_name = "GIF")]
    animate: Option<PathBuf>,
    /// Most frames in the animation; long searches are sampled evenly.
    #[arg(long, default_value_t = 300, requires = "animate")]
    max_frames: usize,
}

#[derive(clap::Args)]
struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver id; defaults to the fastest registered solver that counts solutions.
    #[arg(long)]
    solver: Option<String>,
    /// Stop counting at N solutions.
    #[arg(long, value_name = "N")]
    max: Option<u64>,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    format: FormatArg,
}

#[derive(clap::Args)]
struct VerifyArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Require every cell filled (otherwise a grid with empty cells is checked as clues).
    #[arg(long)]
    filled: bool,
    /// Also print each grid with the candidates of its empty cells (pencil marks).
    #[arg(long)]
    pencil: bool,
    /// The puzzle the grid claims to solve: its clues must be kept.
    #[arg(long = "puzzle", id = "solves", value_name = "PUZZLE")]
    solves: Option<String>,
}

/// Why the command failed, with its exit status.
#[derive(Debug)]
pub(crate) struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    /// Bad input or usage: exit 2.
    fn input(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }

    /// A negative answer: exit 1.
    fn negative(message: impl Into<String>) -> Failure {
        Failure {
            code: 1,
            message: message.into(),
        }
    }
}

fn main() -> ExitCode {
    restore_broken_pipe_exit();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Count(args) => count(&args),
        Command::Verify(args) => verify(&args),
        Command::Solvers(args) => {
            output::print_solvers(args.format);
            Ok(())
        }
        Command::Bench(args) => harness(bench::bench(&args)),
        Command::Report(args) => harness(bench::report(&args)),
        Command::Reproduce(args) => harness(bench::reproduce(&args)),
        Command::Generate(args) => harness(generate::generate(&args)),
        Command::Rate(args) => human::rate(&args),
        Command::Explain(args) => human::explain(&args),
        Command::Worker => harness(bench::worker()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// Output piped into a reader that stops early (`| head`) ends the program quietly, as for
/// every command-line tool, instead of a panic on the failed write.
fn restore_broken_pipe_exit() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Harness errors are about what it was given (options, files): exit 2, the whole chain shown.
fn harness(result: anyhow::Result<()>) -> Result<(), Failure> {
    result.map_err(|e| Failure::input(format!("{e:#}")))
}

fn make_solver(id: &str) -> Result<Box<dyn Solver>, Failure> {
    sudoku_registry::make(id).ok_or_else(|| {
        Failure::input(format!(
            "unknown solver {id:?}; registered: {}",
            sudoku_registry::ids().join(", ")
        ))
    })
}

/// Runs a solver and turns every outcome but `Solved` into the failure the user should see.
fn run(
    solver: &mut dyn Solver,
    entry: &Entry,
    origin: &str,
    budget: &Budget,
) -> Result<Outcome, Failure> {
    let outcome = solve_checked(solver, &entry.grid, budget);
    match failure(&outcome, solver.info().id, entry, origin) {
        Some(failure) => Err(failure),
        None => Ok(outcome),
    }
}

/// What the user should be told about an outcome that is not a solution, if it is not one.
fn failure(outcome: &Outcome, id: &str, entry: &Entry, origin: &str) -> Option<Failure> {
    let line = entry.line;
    Some(match &outcome.verdict {
        Verdict::Solved => return None,
        Verdict::Unsolvable => {
            Failure::input(format!("{origin}line {line}: the puzzle has no solution"))
        }
        Verdict::Rejected(Rejection::ConflictingClues(conflict)) => Failure::input(format!(
            "{origin}line {}: clues conflict: {conflict}",
            entry.cell_lines[conflict.second]
        )),
        Verdict::Rejected(why) => {
            Failure::input(format!("{origin}line {line}: solver {id}: {why}"))
        }
        Verdict::GaveUp(reason) => Failure::negative(format!(
            "{origin}line {line}: solver {id} gave up ({reason}) after {} iterations, {} nodes",
            outcome.counters.iterations, outcome.counters.nodes
        )),
        Verdict::WrongAnswer(why) => Failure::negative(format!(
            "{origin}line {line}: solver {id} returned a wrong answer: {why}"
        )),
        Verdict::Crashed(message) => Failure::negative(format!(
            "{origin}line {line}: solver {id} crashed: {message}"
        )),
        Verdict::Failed(message) => Failure::negative(format!(
            "{origin}line {line}: solver {id} failed: {message}"
        )),
    })
}

fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let puzzles = args.input.read()?;
    let origin = &puzzles.origin;
    let mut solver = make_solver(&args.solver)?;
    if let Some(path) = &args.animate {
        let entry = puzzles.single("--animate")?;
        let budget = args.budget.apply(Budget::solve())?;
        let summary =
            sudoku_report::render_gif(solver.as_mut(), &entry.grid, &budget, path, args.max_frames)
                .map_err(|e| Failure::input(format!("--animate {}: {e:#}", path.display())))?;
        eprintln!(
            "{}: {} frames of {} search steps ({})",
            path.display(),
            summary.frames,
            summary.steps,
            summary.verdict
        );
    }
    let printer = Printer::new(args.format.format);
    let mut references = SolverPerSize::reference();
    for entry in puzzles.iter()? {
        let entry = &entry?;
        let limit = args.limit.unwrap_or(1);
        let outcome = run(
            solver.as_mut(),
            entry,
            origin,
            &args.budget.apply(Budget::list(limit))?,
        )?;
        if args.limit.is_none() {
            let reference = references.get(entry.grid.size())?;
            require_unique(reference, entry, origin, &args.budget)?;
        }
        printer.solved(entry, solver.info().id, &outcome);
    }
    Ok(())
}

/// A puzzle to be solved must have exactly one solution; the fastest counting solver checks,
/// through the library's uniqueness check (the one the generator uses).
fn require_unique(
    reference: &mut dyn Solver,
    entry: &Entry,
    origin: &str,
    budget: &BudgetArgs,
) -> Result<(), Failure> {
    let budget = budget.apply(Budget::unique())?;
    match uniqueness(reference, &entry.grid, &budget) {
        Uniqueness::Unique(_) => Ok(()),
        Uniqueness::Multiple { differs_at, .. } => Err(Failure::input(format!(
            "{origin}line {}: the puzzle has more than one solution (two differ at {}); \
             pass --limit N to list them",
            entry.line,
            entry.grid.shape().cell_name(differs_at)
        ))),
        Uniqueness::NoSolution => Err(Failure::input(format!(
            "{origin}line {}: the puzzle has no solution",
            entry.line
        ))),
        Uniqueness::Undecided(outcome) => {
            Err(failure(&outcome, reference.info().id, entry, origin)
                .unwrap_or_else(|| Failure::negative("the uniqueness check was undecided")))
        }
    }
}

/// One solver per board size, made when a size first comes up: a file may mix sizes, and
/// making a solver (the registry looked through) costs more than solving an easy puzzle.
struct SolverPerSize {
    /// The solver's id; `None`: the reference solver of each size.
    id: Option<String>,
    made: Vec<(usize, Box<dyn Solver>)>,
}

impl SolverPerSize {
    fn reference() -> SolverPerSize {
        SolverPerSize {
            id: None,
            made: Vec::new(),
        }
    }

    fn get(&mut self, size: usize) -> Result<&mut dyn Solver, Failure> {
        let index = match self.made.iter().position(|(s, _)| *s == size) {
            Some(index) => index,
            None => {
                let solver = match &self.id {
                    Some(id) => make_solver(id)?,
                    None => sudoku_registry::reference_solver(size),
                };
                self.made.push((size, solver));
                self.made.len() - 1
            }
        };
        Ok(self.made[index].1.as_mut())
    }
}

fn count(args: &CountArgs) -> Result<(), Failure> {
    let puzzles = args.input.read()?;
    let origin = &puzzles.origin;
    let printer = Printer::new(args.format.format);
    let mut solvers = SolverPerSize {
        id: args.solver.clone(),
        made: Vec::new(),
    };
    for entry in puzzles.iter()? {
        let entry = &entry?;
        let solver = solvers.get(entry.grid.size())?;
        let info = solver.info();
        if !info.capabilities.counts_solutions {
            return Err(Failure::input(format!(
                "solver {} cannot count solutions",
                info.id
            )));
        }
        let limit = args.max.unwrap_or(u64::MAX);
        let budget = args.budget.apply(Budget::count(limit))?;
        let outcome = solve_checked(solver, &entry.grid, &budget);
        if outcome.verdict != Verdict::Unsolvable
            && let Some(failure) = failure(&outcome, info.id, entry, origin)
        {
            return Err(failure);
        }
        printer.counted(entry, info.id, &outcome, outcome.solution_count < limit);
    }
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<(), Failure> {
    let puzzles = args.input.read()?;
    let origin = &puzzles.origin;
    let puzzle = match &args.solves {
        Some(text) => {
            Some(Grid::parse(text).map_err(|e| Failure::input(format!("--puzzle: {e}")))?)
        }
        None => None,
    };
    for entry in puzzles.iter()? {
        let entry = &entry?;
        let grid = &entry.grid;
        if args.pencil {
            print!("{}", sudoku_core::pencil_marks(grid));
        }
        let checked = match &puzzle {
            Some(puzzle) => sudoku_core::verify_solution(puzzle, grid),
            None if args.filled => sudoku_core::verify_filled(grid),
            None => sudoku_core::validate_clues(grid).map_err(Violation::Conflict),
        };
        match checked {
            Ok(()) if grid.is_filled() => println!("{origin}line {}: valid solution", entry.line),
            Ok(()) => println!(
                "{origin}line {}: valid clues ({} given, {} empty; no digit repeats in a row, column or box)",
                entry.line,
                grid.clue_count(),
                grid.cells().len() - grid.clue_count()
            ),
            Err(violation) => {
                let line = match violation {
                    Violation::Conflict(conflict) => entry.cell_lines[conflict.second],
                    Violation::Empty { cell, .. } | Violation::ClueChanged { cell, .. } => {
                        entry.cell_lines[cell]
                    }
                    _ => entry.line,
                };
                return Err(Failure::negative(format!(
                    "{origin}line {line}: invalid: {violation}"
                )));
            }
        }
    }
    Ok(())
}
