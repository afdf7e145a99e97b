//! `sudoku-bench throughput`: raw puzzles per second in the manner of the fastest solvers' own
//! benchmarks (tdoku's `run_benchmark`), every answer checked before anything is timed
//! ([`sudoku_run::throughput`] does the work; this is its command line).

use serde_json::json;
use sudoku_run::throughput::{Contender, Line, Measured, Progress, Settings, measure};

use crate::input::InputArgs;
use crate::options::{DEFAULT_TIMEOUT_SECONDS, Format, positive_seconds};
use crate::solve::make_solver;
use crate::{Failure, ui};

/// The timed time each contender spends on each file when not told: as tdoku's benchmark.
pub const DEFAULT_SECONDS: f64 = 6.0;

#[derive(clap::Args)]
pub struct ThroughputArgs {
    /// Puzzle files (one puzzle a line) or built-in dataset names, each measured in turn.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,
    /// A solver to time (repeat for several; alternated pass by pass); default: bitmask.
    #[arg(long = "solver", short, value_name = "ID")]
    solvers: Vec<String>,
    /// Seconds of timed passes each solver spends on each file (whole passes, at least one).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SECONDS)]
    seconds: f64,
    /// Solutions sought a puzzle: 2 checks uniqueness (as tdoku's benchmark does), 1 stops at
    /// the first.
    #[arg(long = "max-solutions", visible_alias = "solutions", value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=2))]
    solutions: u64,
    /// Stop with an error when a single solve takes longer than this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIMEOUT_SECONDS, allow_negative_numbers = true)]
    timeout: f64,
    /// Pin the process to this logical CPU while it measures.
    #[arg(long, value_name = "CPU")]
    pin: Option<usize>,
    /// Output: text (a table), line (puzzles/s alone), csv or json (a row or object a file and
    /// solver).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// The columns of the csv form, in order; the json form has the same keys.
const COLUMNS: [&str; 12] = [
    "file",
    "solver",
    "path",
    "solutions_sought",
    "puzzles",
    "passes",
    "seconds",
    "puzzles_per_second",
    "us_per_puzzle",
    "percent_without_guessing",
    "guesses_per_puzzle",
    "solutions_per_pass",
];

pub fn throughput(args: &ThroughputArgs) -> Result<(), Failure> {
    let settings = Settings {
        limit: args.solutions,
        seconds: positive_seconds("--seconds", args.seconds)?,
        timeout: positive_seconds("--timeout", args.timeout)?,
    };
    let ids: Vec<String> = if args.solvers.is_empty() {
        vec!["bitmask".to_string()]
    } else {
        args.solvers.clone()
    };
    let mut contenders = Vec::new();
    let mut references = Vec::new();
    for id in &ids {
        let solver = make_solver(id)?;
        let capabilities = solver.info().capabilities;
        if !capabilities.complete || !capabilities.counts_solutions {
            return Err(Failure::input(format!(
                "--solver {id}: throughput times complete solvers that count solutions; {id} \
                 does not (time it with `sudoku-bench bench -s {id}`)"
            )));
        }
        if capabilities.external_engine {
            return Err(Failure::input(format!(
                "--solver {id}: its search runs in an external engine, which throughput's \
                 per-puzzle limit cannot stop (time it with `sudoku-bench bench -s {id}`)"
            )));
        }
        // The counts are checked against another complete solver: the first of the usual
        // references that is not this one.
        let reference = sudoku_registry::REFERENCE_ORDER
            .iter()
            .find(|&&other| other != id.as_str())
            .expect("the registry has more than one reference solver");
        references.push(Contender {
            id: reference.to_string(),
            solver: make_solver(reference)?,
        });
        contenders.push(Contender {
            id: id.clone(),
            solver,
        });
    }
    if let Some(cpu) = args.pin {
        sudoku_run::machine::pin_to_cpu(cpu).map_err(|e| Failure::input(format!("{e:#}")))?;
    }
    let files: Vec<(String, Vec<Line>)> = args
        .files
        .iter()
        .map(|spec| read_lines(spec))
        .collect::<Result<_, _>>()?;

    ui::note(format!(
        "throughput: each line parsed in the timed loop, {}, whole passes, solvers alternated \
         pass by pass; {} s of timed passes per solver and file, after a pass that checks every \
         answer; {} s at most a puzzle; {}",
        if settings.limit == 2 {
            "a second solution sought (uniqueness checked)"
        } else {
            "the first solution only"
        },
        args.seconds,
        args.timeout,
        match args.pin {
            Some(cpu) => format!("pinned to CPU {cpu}"),
            None => "not pinned (--pin CPU pins)".to_string(),
        }
    ));
    let text = args.format == Format::Text;
    let width = Width {
        file: files
            .iter()
            .map(|(name, _)| name.chars().count())
            .max()
            .unwrap_or(0)
            .max(4),
        solver: ids
            .iter()
            .map(|id| id.chars().count())
            .max()
            .unwrap_or(0)
            .max(6),
    };
    if text {
        println!(
            "{:<fw$}  {:<sw$}  {:<7} {:>8} {:>6} {:>11} {:>9} {:>9} {:>14}",
            "file",
            "solver",
            "path",
            "puzzles",
            "passes",
            "puzzles/s",
            "µs/puzzle",
            "no guess",
            "guesses/puzzle",
            fw = width.file,
            sw = width.solver,
        );
    }
    if args.format == Format::Csv {
        println!("{}", COLUMNS.join(","));
    }
    for (name, lines) in &files {
        if lines.is_empty() {
            return Err(Failure::input(format!("{name}: no puzzles to time")));
        }
        let progress = ui::Progress::new(&format!("checking {name}"), lines.len(), "");
        let mut show = |event: Progress<'_>| match event {
            Progress::Checking { id, done, .. } => {
                progress.set_position(done);
                progress.set_message(format!("checking {id}'s answers"));
            }
            Progress::Passed { id, passes, spent } => progress.set_message(format!(
                "{id}: {passes} timed pass(es), {:.1} s",
                spent.as_secs_f64()
            )),
        };
        let measured = measure(
            &mut contenders,
            &mut references,
            name,
            lines,
            &settings,
            &mut show,
        )
        .map_err(|problem| Failure::negative(problem.to_string()))?;
        drop(progress);
        for m in &measured {
            let row = json_row(name, m, &settings);
            match args.format {
                Format::Text => println!("{}", text_row(name, m, &width)),
                Format::Line => println!("{:.0}", m.puzzles_per_second()),
                Format::Csv => println!("{}", csv_row(&row)),
                Format::Json => println!("{row}"),
            }
        }
    }
    Ok(())
}

/// A file's puzzles, each with the text the timed loop parses (the grid's own line).
fn read_lines(spec: &str) -> Result<(String, Vec<Line>), Failure> {
    let puzzles = InputArgs::dataset(spec).read()?;
    let mut lines = Vec::with_capacity(puzzles.len());
    for item in puzzles.iter()? {
        let item = item?;
        lines.push(Line {
            place: format!("{}{}", puzzles.origin, item.label()),
            text: item.entry.grid.to_line(),
            grid: item.entry.grid,
        });
    }
    Ok((spec.to_string(), lines))
}

/// Column widths of the text table: the longest file name and solver id.
struct Width {
    file: usize,
    solver: usize,
}

fn text_row(file: &str, m: &Measured, width: &Width) -> String {
    format!(
        "{:<fw$}  {:<sw$}  {:<7} {:>8} {:>6} {:>11} {:>9.2} {:>8.1}% {:>14.2}",
        file,
        m.id,
        m.path.unwrap_or("-"),
        ui::grouped(m.puzzles as u64),
        m.passes,
        ui::grouped(m.puzzles_per_second().round() as u64),
        m.micros_per_puzzle(),
        m.percent_without_guessing(),
        m.guesses_per_puzzle(),
        fw = width.file,
        sw = width.solver,
    )
}

/// The json row's values in [`COLUMNS`] order as one csv line (quoted by the `csv` crate, as
/// every csv the program writes).
fn csv_row(row: &serde_json::Value) -> String {
    let fields = COLUMNS.iter().map(|key| match &row[*key] {
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    });
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(fields).expect("writing to memory");
    let bytes = writer.into_inner().expect("writing to memory");
    String::from_utf8_lossy(&bytes).trim_end().to_string()
}

fn json_row(file: &str, m: &Measured, settings: &Settings) -> serde_json::Value {
    json!({
        "file": file,
        "solver": m.id,
        "path": m.path,
        "solutions_sought": settings.limit,
        "puzzles": m.puzzles,
        "passes": m.passes,
        "seconds": m.elapsed.as_secs_f64(),
        "puzzles_per_second": m.puzzles_per_second(),
        "us_per_puzzle": m.micros_per_puzzle(),
        "percent_without_guessing": m.percent_without_guessing(),
        "guesses_per_puzzle": m.guesses_per_puzzle(),
        "solutions_per_pass": m.solutions,
    })
}
