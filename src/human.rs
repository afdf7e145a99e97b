//! `rate` and `explain`: the human-technique solver's ratings and steps, for people and files.

use std::time::Instant;

use serde_json::json;
use sudoku_core::{Budget, Entry};
use sudoku_human::{AnalysisError, Level, Marks, Move, Order, Rating, Technique};

use crate::input::InputArgs;
use crate::{BudgetArgs, Failure};

#[derive(clap::Args)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output form: a line per puzzle for people, or CSV/JSON (one object a line) for programs.
    #[arg(long, value_enum, default_value_t = RateFormat::Text)]
    format: RateFormat,
    #[command(flatten)]
    budget: BudgetArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RateFormat {
    Text,
    Csv,
    Json,
}

#[derive(clap::Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Show only the next step (a hint), with the pencil marks it starts from.
    #[arg(long)]
    hint: bool,
    /// Technique order: `thesis` (the thesis's seven first, then the rest) or `rating` (the
    /// easiest by weight first).
    #[arg(long, default_value_t = Order::Thesis)]
    order: Order,
    /// Leave out the pencil-mark grid before each step.
    #[arg(long)]
    no_pencil: bool,
}

/// A rating or analysis error as the user should see it: the line, and the cell for conflicts.
fn analysis_failure(error: AnalysisError, entry: &Entry, origin: &str) -> Failure {
    let line = match &error {
        AnalysisError::ConflictingClues(conflict) => entry.cell_lines[conflict.second],
        _ => entry.line,
    };
    match error {
        AnalysisError::GaveUp(_) => Failure::negative(format!("{origin}line {line}: {error}")),
        _ => Failure::input(format!("{origin}line {line}: {error}")),
    }
}

pub fn rate(args: &RateArgs) -> Result<(), Failure> {
    let puzzles = args.input.read()?;
    let origin = &puzzles.origin;
    let mut entries = Vec::with_capacity(puzzles.len());
    let mut ratings = Vec::with_capacity(puzzles.len());
    let started = Instant::now();
    for entry in puzzles.iter()? {
        let entry = entry?;
        let budget = args.budget.apply(Budget::solve())?;
        let rating = sudoku_human::rate_within(&entry.grid, &budget)
            .map_err(|e| analysis_failure(e, &entry, origin))?;
        entries.push(entry);
        ratings.push(rating);
    }
    let seconds = started.elapsed().as_secs_f64();
    let csv_header = ["line", "puzzle", "thesis", "explainer", "score", "level"]
        .into_iter()
        .chain(["level_2009", "hardest", "guessed", "unique"])
        .map(str::to_string)
        .chain(Technique::ALL.iter().map(|t| t.key().to_string()))
        .collect::<Vec<_>>();
    if args.format == RateFormat::Csv {
        println!("{}", csv_header.join(","));
    }
    for (entry, rating) in entries.iter().zip(&ratings) {
        match args.format {
            RateFormat::Text => println!(
                "line {}: thesis {}, explainer {:.1}, score {:.1} ({}), 2009 level {}{}; {}",
                entry.line,
                rating.thesis,
                rating.explainer,
                rating.score,
                rating.level,
                rating.level_2009,
                if rating.unique { "" } else { ", not unique" },
                rating.counts,
            ),
            RateFormat::Csv => {
                let fields = [
                    entry.line.to_string(),
                    entry.grid.to_line(),
                    rating.thesis.to_string(),
                    format!("{:.1}", rating.explainer),
                    format!("{:.1}", rating.score),
                    rating.level.to_string(),
                    rating.level_2009.to_string(),
                    rating
                        .hardest
                        .map_or(String::new(), |t| t.key().to_string()),
                    rating.guessed.to_string(),
                    rating.unique.to_string(),
                ];
                let counts = Technique::ALL
                    .iter()
                    .map(|&t| rating.counts.get(t).to_string());
                println!(
                    "{}",
                    fields
                        .into_iter()
                        .chain(counts)
                        .collect::<Vec<_>>()
                        .join(",")
                );
            }
            RateFormat::Json => println!("{}", rating_json(entry, rating)),
        }
    }
    let summary = distribution(&ratings, seconds);
    if args.format == RateFormat::Text {
        println!("{summary}");
    } else {
        eprintln!("{summary}");
    }
    Ok(())
}

fn rating_json(entry: &Entry, rating: &Rating) -> serde_json::Value {
    let counts: serde_json::Map<String, serde_json::Value> = rating
        .counts
        .used()
        .map(|(t, n)| (t.key().to_string(), json!(n)))
        .collect();
    json!({
        "line": entry.line,
        "puzzle": entry.grid.to_line(),
        "thesis": rating.thesis,
        "explainer": (rating.explainer * 10.0).round() / 10.0,
        "score": (rating.score * 10.0).round() / 10.0,
        "level": rating.level.to_string(),
        "level_2009": rating.level_2009,
        "hardest": rating.hardest.map(|t| t.key()),
        "guessed": rating.guessed,
        "unique": rating.unique,
        "counts": counts,
    })
}

/// How many puzzles were rated how fast, and how they spread over the levels and scales.
fn distribution(ratings: &[Rating], seconds: f64) -> String {
    let total = ratings.len();
    let share = |n: usize| format!("{n} ({:.1}%)", n as f64 * 100.0 / total.max(1) as f64);
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|&level| {
            let n = ratings.iter().filter(|r| r.level == level).count();
            format!("{level} {}", share(n))
        })
        .collect();
    let levels_2009: Vec<String> = (1..=4)
        .map(|level| {
            let n = ratings.iter().filter(|r| r.level_2009 == level).count();
            format!("{level}: {}", share(n))
        })
        .collect();
    let thesis: Vec<String> = (0..=12)
        .map(|halves| halves as f32 / 2.0)
        .filter_map(|value| {
            let n = ratings.iter().filter(|r| r.thesis == value).count();
            (n > 0).then(|| format!("{value}: {}", share(n)))
        })
        .collect();
    let rate = if seconds > 0.0 {
        format!("{:.0} puzzles/s", total as f64 / seconds)
    } else {
        "too fast to time".into()
    };
    format!(
        "rated {total} puzzles in {seconds:.3} s ({rate})\nlevels: {}\n2009 levels: {}\nthesis scale: {}",
        levels.join(", "),
        levels_2009.join(", "),
        thesis.join(", ")
    )
}

pub fn explain(args: &ExplainArgs) -> Result<(), Failure> {
    let puzzles = args.input.read()?;
    let entry = &puzzles.single("explain")?;
    let fail = |e| analysis_failure(e, entry, &puzzles.origin);
    if args.hint {
        let marks = Marks::new(&entry.grid).map_err(fail)?;
        return match sudoku_human::next_step(&marks, args.order).map_err(fail)? {
            Some(step) => {
                print_move(1, &step, !args.no_pencil);
                Ok(())
            }
            None => {
                println!("the grid is full: nothing left to do");
                Ok(())
            }
        };
    }
    let analysis = sudoku_human::analyse(&entry.grid, args.order).map_err(fail)?;
    for (index, step) in analysis.moves.iter().enumerate() {
        print_move(index + 1, step, !args.no_pencil);
    }
    println!(
        "solution:\n{}",
        analysis.solution.render(sudoku_core::Format::Boxed)
    );
    let ending = if analysis.solved_by_logic() {
        "solved by logic alone".to_string()
    } else {
        format!(
            "logic got stuck: a search made {} guesses",
            analysis.guesses
        )
    };
    println!(
        "{} steps ({}); {ending}{}",
        analysis.moves.len(),
        analysis.counts(),
        if analysis.unique {
            ""
        } else {
            "; the puzzle has more than one solution"
        }
    );
    Ok(())
}

/// A step in words, then (with `pencil`) the pencil marks it was found in.
fn print_move(number: usize, step: &Move, pencil: bool) {
    println!("step {number}, {}: {}", step.technique, step.step.text);
    if pencil {
        println!("{}", step.before.render());
    }
}
