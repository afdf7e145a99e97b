//! `sudoku-bench`: solve, count, verify, rate, explain and generate puzzles with any registered
//! solver; time solvers side by side and report on it.
//!
//! Exit status: 0 every puzzle answered; 1 a negative answer for at least one (no solution,
//! several solutions, a budget run out, a grid that does not verify, a solver that failed or
//! disagrees with the dataset); 2 bad input or usage (unreadable, malformed or conflicting
//! puzzles, bad option values); 130 interrupted (Ctrl-C). Errors are one line on stderr naming
//! what and where; every puzzle of a batch still gets its own record on stdout.

mod bench;
mod generate;
mod human;
mod input;
mod options;
mod output;
mod serve;
mod solve;
mod throughput;
mod ui;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;
use std::sync::LazyLock;

use clap::{CommandFactory, Parser, Subcommand};
use serde_json::json;
use sudoku_core::{Budget, Grid, Solver, Violation};

use crate::input::InputArgs;
use crate::options::Format;
use crate::ui::ColorWhen;

/// The commit of the tree this program was built from: the 12-digit short hash, `-dirty` when
/// tracked files differed from it, `None` when built outside git. `build.rs` embeds it, so run
/// headers name the program that measured, whatever folder it is started in.
pub(crate) fn build_commit() -> Option<&'static str> {
    Some(env!("SUDOKU_BENCH_COMMIT")).filter(|commit| !commit.is_empty())
}

/// `--version`: the package's version and the commit the program was built from.
static VERSION: LazyLock<String> = LazyLock::new(|| match build_commit() {
    Some(commit) => format!("{} ({commit})", env!("CARGO_PKG_VERSION")),
    None => env!("CARGO_PKG_VERSION").to_string(),
});

#[derive(Parser)]
#[command(
    name = "sudoku-bench",
    version = VERSION.as_str(),
    about = "Every classic Sudoku algorithm, measured side by side",
    after_help = "Exit status: 0 all answered, 1 some negative answer, 2 bad input or usage, \
                  130 interrupted."
)]
struct Cli {
    /// Print results only: no progress and no notes on stderr (errors still show).
    #[arg(long, short, global = true, display_order = 900)]
    quiet: bool,
    /// Colour: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_enum, global = true, default_value_t = ColorWhen::Auto, value_name = "WHEN", display_order = 901)]
    color: ColorWhen,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles (argument, --file, --board, --dataset or stdin): the solution, its
    /// uniqueness checked, the solver's counters and time.
    Solve(solve::SolveArgs),
    /// Count the solutions of puzzles ("at least N" when a budget stops the count).
    Count(solve::CountArgs),
    /// Check filled grids (or sets of clues) against the rules.
    Verify(VerifyArgs),
    /// Rate puzzles' difficulty: the thesis's 0-6 scale, the 2009 levels, a fine-grained rating
    /// and a score with its level; the spread over a file at the end.
    Rate(human::RateArgs),
    /// Explain a solve step by step as a person would make it (or only the next step: --hint).
    Explain(human::ExplainArgs),
    /// Make seeded puzzles: minimal or level-bounded unique puzzles, the thesis's random clues,
    /// grids with a share of givens kept, or transformations of a file's puzzles.
    Generate(generate::GenerateArgs),
    /// Time solvers on datasets; write results.csv, summaries, charts and index.html.
    Bench(bench::BenchArgs),
    /// Rebuild every table and chart of a report from a results CSV alone.
    Report(bench::ReportArgs),
    /// Re-measure the 2009 document's Table 1/2 and Charts 1-2, beside every other solver.
    Reproduce(bench::ReproduceArgs),
    /// Raw puzzles per second as the fastest solvers' own benchmarks measure it: lines parsed
    /// in the timed loop, uniqueness checked, whole passes, solvers alternated; every answer
    /// checked first.
    Throughput(throughput::ThroughputArgs),
    /// The browser lab: race solvers live, step through a human solve, chart a report's
    /// results, in a page served on this machine (http://127.0.0.1:8080/ by default).
    Serve(serve::ServeArgs),
    /// List the registered solvers and their capabilities.
    Solvers(ListArgs),
    /// List the built-in datasets and the named boards.
    Datasets(ListArgs),
    /// Print a shell completion script: `sudoku-bench completions bash > ~/.local/share/bash-completion/completions/sudoku-bench`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Serve solves to a run on standard input and output (runs start it; not for people).
    #[command(hide = true, name = bench::WORKER_COMMAND)]
    Worker,
}

#[derive(clap::Args)]
struct ListArgs {
    /// Output: text (aligned columns), line (the ids), csv or json (one object a line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(clap::Args)]
struct VerifyArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Require every cell filled (otherwise a grid with empty cells is checked as clues).
    #[arg(long)]
    filled: bool,
    /// Also print each grid with the candidates of its empty cells (pencil marks; filled cells
    /// in brackets).
    #[arg(long)]
    pencil: bool,
    /// The puzzle the grid claims to solve: its clues must be kept.
    #[arg(long = "puzzle", id = "solves", value_name = "PUZZLE")]
    solves: Option<String>,
    /// Output: text (a sentence a grid), line (`valid` or `invalid`), csv or json.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
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

/// What a batch came to: how many records of each status, the exit status they sum up to, and
/// the first problem (repeated on stderr, so a script's log says what went wrong).
#[derive(Default)]
pub(crate) struct Tally {
    statuses: BTreeMap<&'static str, usize>,
    code: u8,
    problems: usize,
    first_problem: Option<String>,
}

impl Tally {
    pub(crate) fn add(&mut self, answer: &output::Answer, label: impl FnOnce() -> String) {
        self.record(answer.status(), answer.exit_code(), label);
    }

    /// A record of `status` whose exit status alone would be `code`; `problem` describes it.
    pub(crate) fn record(
        &mut self,
        status: &'static str,
        code: u8,
        problem: impl FnOnce() -> String,
    ) {
        *self.statuses.entry(status).or_default() += 1;
        if code != 0 {
            self.problems += 1;
            self.code = self.code.max(code);
            self.first_problem.get_or_insert_with(problem);
        }
    }

    /// A note on stderr for a batch (`3 puzzles: 1 solved, 2 unsolvable`), then the exit status.
    fn finish(self) -> Result<(), Failure> {
        let total: usize = self.statuses.values().sum();
        if total > 1 {
            let parts: Vec<String> = self
                .statuses
                .iter()
                .map(|(status, &n)| format!("{} {status}", ui::grouped(n as u64)))
                .collect();
            ui::note(format!(
                "{}: {}",
                ui::count_of(total as u64, "puzzle"),
                parts.join(", ")
            ));
        }
        match self.first_problem {
            None => Ok(()),
            Some(first) if total == 1 => Err(Failure {
                code: self.code,
                message: first,
            }),
            Some(first) => Err(Failure {
                code: self.code,
                message: format!(
                    "{} of {} puzzles not answered as asked; the first: {first}",
                    ui::grouped(self.problems as u64),
                    ui::grouped(total as u64)
                ),
            }),
        }
    }
}

fn main() -> ExitCode {
    restore_broken_pipe_exit();
    let cli = Cli::parse();
    ui::configure(cli.quiet, cli.color);
    // A path the fast solver cannot take is an error here, not a silent fallback later.
    if let Err(error) = sudoku_bitmask::Path::from_env() {
        ui::error(format!("{}: {error}", sudoku_bitmask::PATH_VARIABLE));
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Solve(args) => solve::solve(&args).and_then(Tally::finish),
        Command::Count(args) => solve::count(&args).and_then(Tally::finish),
        Command::Verify(args) => verify(&args).and_then(Tally::finish),
        Command::Rate(args) => human::rate(&args).and_then(Tally::finish),
        Command::Explain(args) => human::explain(&args),
        Command::Solvers(args) => {
            list_solvers(args.format);
            Ok(())
        }
        Command::Datasets(args) => {
            list_datasets(args.format);
            Ok(())
        }
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "sudoku-bench",
                &mut std::io::stdout(),
            );
            Ok(())
        }
        Command::Bench(args) => harness(bench::bench(&args)),
        Command::Report(args) => harness(bench::report(&args)),
        Command::Reproduce(args) => harness(bench::reproduce(&args)),
        Command::Throughput(args) => throughput::throughput(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Generate(args) => harness(generate::generate(&args)),
        Command::Worker => harness(bench::worker()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            ui::error(&failure.message);
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

/// Harness errors are about what it was given (options, files): exit 2, the whole chain shown;
/// an interrupted run exits 130, as a shell reports Ctrl-C.
fn harness(result: anyhow::Result<()>) -> Result<(), Failure> {
    result.map_err(|e| {
        let code = if e.is::<sudoku_run::Interrupted>() {
            130
        } else if e.is::<bench::WrongAnswers>() {
            1
        } else {
            2
        };
        Failure {
            code,
            message: format!("{e:#}"),
        }
    })
}

/// `solve --animate`: the solver's own search as a GIF. A solver whose search cannot be
/// watched is refused (exit 1): a stand-in would mislead.
fn animate(
    solver: &mut dyn Solver,
    puzzle: &Grid,
    budget: &Budget,
    path: &Path,
    max_frames: usize,
) -> Result<(), Failure> {
    let summary =
        sudoku_charts::render_gif(solver, puzzle, budget, path, max_frames).map_err(|e| {
            let message = format!("--animate {}: {e:#}", path.display());
            if sudoku_report::is_not_watchable(&e) {
                Failure::negative(message)
            } else {
                Failure::input(message)
            }
        })?;
    ui::note(summary.describe());
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<Tally, Failure> {
    let puzzles = args.input.read()?;
    let origin = &puzzles.origin;
    let puzzle = match &args.solves {
        Some(text) => {
            Some(Grid::parse(text).map_err(|e| Failure::input(format!("--puzzle: {e}")))?)
        }
        None => None,
    };
    let mut tally = Tally::default();
    let mut header = args.format == Format::Csv;
    for item in puzzles.iter()? {
        let item = item?;
        let entry = &item.entry;
        let grid = &entry.grid;
        let checked = match &puzzle {
            Some(puzzle) => sudoku_core::verify_solution(puzzle, grid),
            None if args.filled => sudoku_core::verify_filled(grid),
            None => sudoku_core::validate_clues(grid).map_err(Violation::Conflict),
        };
        let (valid, what) = match &checked {
            Ok(()) if grid.is_filled() => (true, "valid solution".to_string()),
            Ok(()) => (
                true,
                format!(
                    "valid clues ({} given, {} empty; no digit repeats in a row, column or box)",
                    grid.clue_count(),
                    grid.cells().len() - grid.clue_count()
                ),
            ),
            Err(violation) => (false, format!("invalid: {violation}")),
        };
        let label = match (&checked, &item.board) {
            (Err(violation), None) => {
                let line = match violation {
                    Violation::Conflict(conflict) => entry.cell_lines[conflict.second],
                    Violation::Empty { cell, .. } | Violation::ClueChanged { cell, .. } => {
                        entry.cell_lines[*cell]
                    }
                    _ => entry.line,
                };
                format!("line {line}")
            }
            _ => item.label(),
        };
        let status = if valid { "valid" } else { "invalid" };
        match args.format {
            Format::Text => {
                let style = if valid { ui::GOOD } else { ui::BAD };
                anstream::println!("{label}: {}", ui::styled(style, &what));
                if args.pencil {
                    print!("{}", sudoku_core::pencil_marks(grid));
                }
            }
            Format::Line => println!("{status}"),
            Format::Json => println!(
                "{}",
                json!({
                    "line": entry.line,
                    "board": item.board,
                    "grid": grid.to_line(),
                    "status": status,
                    "message": what,
                })
            ),
            Format::Csv => {
                if std::mem::take(&mut header) {
                    println!("line,board,grid,status,message");
                }
                let mut writer = csv::Writer::from_writer(std::io::stdout());
                let board = item.board.clone().unwrap_or_default();
                let line = entry.line.to_string();
                let fields = [line.as_str(), &board, &grid.to_line(), status, &what];
                if writer
                    .write_record(fields)
                    .and_then(|()| Ok(writer.flush()?))
                    .is_err()
                {
                    return Err(Failure::negative("cannot write to standard output"));
                }
            }
        }
        tally.record(status, u8::from(!valid), || {
            format!("{origin}{label}: {what}")
        });
    }
    Ok(tally)
}

/// `solvers`: the registered solvers and what each declares.
fn list_solvers(format: Format) {
    let rows: Vec<Vec<serde_json::Value>> = sudoku_registry::registry()
        .into_iter()
        .map(|registered| {
            let info = registered.info;
            let caps = &info.capabilities;
            vec![
                json!(info.id),
                json!(info.family.to_string()),
                json!(caps.complete),
                json!(caps.counts_solutions),
                json!(caps.stochastic),
                json!(caps.reports_guesses),
                json!(caps.sizes),
                json!(
                    caps.variants
                        .iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                ),
                json!(info.description),
            ]
        })
        .collect();
    output::print_listing(
        format,
        &[
            "id",
            "family",
            "complete",
            "counts_solutions",
            "stochastic",
            "reports_guesses",
            "sizes",
            "variants",
            "description",
        ],
        &rows,
    );
}

/// `datasets`: the built-in datasets (what `--dataset NAME` takes), then the named boards
/// (what `--board ID` takes).
fn list_datasets(format: Format) {
    let mut rows: Vec<Vec<serde_json::Value>> = sudoku_catalog::embedded_names()
        .into_iter()
        .map(|name| {
            let dataset = sudoku_catalog::embedded(name).expect("listed names are embedded");
            let mut sizes: Vec<usize> = dataset.puzzles.iter().map(|p| p.grid.size()).collect();
            sizes.sort_unstable();
            sizes.dedup();
            vec![
                json!(name),
                json!("dataset"),
                json!(dataset.puzzles.len()),
                json!(sizes),
                json!(sudoku_catalog::describe(name)),
            ]
        })
        .collect();
    rows.extend(sudoku_catalog::named_boards().into_iter().map(|board| {
        let consistent = sudoku_core::validate_clues(&board.grid()).is_ok();
        let mut about = format!(
            "{}, {} clues, from {}",
            board.name, board.clues, board.source
        );
        if !consistent {
            about.push_str(" (its clues conflict as printed: left out of `named`)");
        }
        vec![
            json!(board.id),
            json!("board"),
            json!(1),
            json!([board.size]),
            json!(about),
        ]
    }));
    output::print_listing(
        format,
        &["name", "kind", "puzzles", "sizes", "about"],
        &rows,
    );
}
