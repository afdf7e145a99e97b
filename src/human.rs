//! `rate` and `explain`: the human-technique solver's ratings and steps, for people and files.

use std::time::Instant;

use serde_json::json;
use sudoku_core::Budget;
use sudoku_core::format::symbol;
use sudoku_human::{AnalysisError, Level, Marks, Move, Order, Rating, Technique};
use sudoku_run::options::DEFAULT_SEED;

use crate::input::{InputArgs, Item};
use crate::options::{BudgetArgs, Format, checked_jobs};
use crate::ui::{self, Progress};
use crate::{Failure, Tally};

#[derive(clap::Args)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: text (a line a puzzle, the spread at the end), line (the level), csv (the
    /// ratings and every technique's count) or json (one object a line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Puzzles rated at once, one thread each (more than the machine's cores only slows each
    /// puzzle's clock). The output is the same, in the same order, as with one thread; the
    /// summary's puzzles per second is for all the threads together.
    #[arg(long, value_name = "N", default_value_t = 1)]
    jobs: usize,
}

#[derive(clap::Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Show only the next step (a hint), with the pencil marks it starts from; exit status 1
    /// when the puzzle has more than one solution.
    #[arg(long)]
    hint: bool,
    /// Technique order: `thesis` (the thesis's seven first, then the rest), `rating` (Sudoku
    /// Explainer's, the easiest by its rating first) or `hodoku` (HoDoKu's).
    #[arg(long, default_value_t = Order::Thesis)]
    order: Order,
    /// Leave out the pencil marks shown before each step (in JSON, the position before it).
    #[arg(long)]
    no_pencil: bool,
    /// Output: text (each step, after the pencil marks it starts from), line (a step a line),
    /// csv or json (one record a step: technique, text, placements, eliminations; in JSON also
    /// `before`, the placed digits and each cell's candidates before the step).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// What a rating that failed came to, as a record's status and exit status.
fn failed_rating(error: &AnalysisError) -> (&'static str, u8) {
    match error {
        AnalysisError::GaveUp(_) => ("gave-up", 1),
        AnalysisError::NoSolution => ("unsolvable", 1),
        AnalysisError::ConflictingClues(_) => ("rejected", 2),
        _ => ("failed", 1),
    }
}

/// An analysis error as the user should see it: the line (of the second clue, for conflicts)
/// or board, and the exit status its kind gives.
fn analysis_failure(error: AnalysisError, item: &Item, origin: &str) -> Failure {
    let place = match (&error, &item.board) {
        (AnalysisError::ConflictingClues(conflict), None) => {
            format!("line {}", item.entry.cell_lines[conflict.second])
        }
        _ => item.label(),
    };
    let message = format!("{origin}{place}: {error}");
    match failed_rating(&error) {
        (_, 2) => Failure::input(message),
        _ => Failure::negative(message),
    }
}

pub fn rate(args: &RateArgs) -> Result<Tally, Failure> {
    let jobs = checked_jobs(args.jobs)?;
    let puzzles = args.input.read()?;
    puzzles.require_consistent_clues()?;
    args.budget.timeout()?;
    let origin = &puzzles.origin;
    let mut ratings = Vec::with_capacity(puzzles.len());
    let mut tally = Tally::default();
    let started = Instant::now();
    if args.format == Format::Csv {
        let header = ["line", "board", "puzzle", "status"]
            .into_iter()
            .chain(RATING_FIELDS.split(','))
            .map(str::to_string)
            .chain(Technique::ALL.iter().map(|t| t.key().to_string()))
            .collect::<Vec<_>>();
        println!("{}", header.join(","));
    }
    let progress = Progress::new("rating", puzzles.len(), &args.budget.stated());
    let rate_one = |item: &Item| {
        let budget = args.budget.apply(Budget::solve(), DEFAULT_SEED)?;
        Ok(sudoku_human::rate_within(&item.entry.grid, &budget))
    };
    puzzles.each_in_order(jobs, rate_one, |item, rated| {
        let rated = rated?;
        let (status, code) = match &rated {
            Ok(rating) if rating.unique => ("rated", 0),
            Ok(_) => ("multiple", 1),
            Err(error) => failed_rating(error),
        };
        let text = match &rated {
            Ok(rating) => rating_text(rating),
            Err(error) => error.to_string(),
        };
        let line = match args.format {
            Format::Text => {
                let style = if code == 0 { ui::GOOD } else { ui::BAD };
                format!("{}: {}", item.label(), ui::styled(style, &text))
            }
            Format::Line => match &rated {
                Ok(rating) if rating.unique => rating.level.to_string(),
                _ => status.to_string(),
            },
            Format::Csv => rating_csv(item, status, rated.as_ref().ok()),
            Format::Json => rating_json(item, status, &text, rated.as_ref().ok()).to_string(),
        };
        progress.println(&line);
        progress.advance();
        tally.record(status, code, || format!("{origin}{}: {text}", item.label()));
        if let Ok(rating) = rated {
            ratings.push(rating);
        }
        Ok(())
    })?;
    let summary = distribution(&ratings, started.elapsed().as_secs_f64());
    if args.format == Format::Text {
        println!("{summary}");
    } else {
        ui::note(summary);
    }
    Ok(tally)
}

fn rating_text(rating: &Rating) -> String {
    format!(
        "{} (score {}), explainer {}, thesis {}, 2009 level {}{}; {}",
        rating.level,
        rating.score,
        explainer_text(rating),
        rating.thesis,
        rating.level_2009,
        if rating.unique {
            ""
        } else {
            ", not unique: more than one solution"
        },
        rating.counts,
    )
}

/// The Explainer-scale ratings: `7.2/1.5/1.2` (rating, pearl, diamond), or that guessing was
/// needed beyond the hardest technique.
fn explainer_text(rating: &Rating) -> String {
    if rating.guessed {
        return format!(
            "beyond its techniques: guessing needed (diamond {:.1})",
            rating.diamond
        );
    }
    format!(
        "{:.1}/{:.1}/{:.1}",
        rating.explainer, rating.pearl, rating.diamond
    )
}

/// The fields of a rating that `rate` writes, as its CSV's header names them in order; its JSON
/// has the same keys.
const RATING_FIELDS: &str =
    "thesis,explainer,pearl,diamond,score,level,level_2009,hardest,guessed,unique";

/// A rating's fields in [`RATING_FIELDS`] order, each as CSV text and as a JSON value: the one
/// list both forms read. The Explainer-scale ratings keep one decimal in both.
fn rating_values(rating: &Rating) -> [(String, serde_json::Value); 10] {
    // Rounded as f64: an f32 tenth widened to f64 would print as 1.2000000476837158.
    let tenths = |value: f32| {
        let rounded = (f64::from(value) * 10.0).round() / 10.0;
        (format!("{value:.1}"), json!(rounded))
    };
    let hardest = rating.hardest.map(|t| t.key());
    [
        (rating.thesis.to_string(), json!(rating.thesis)),
        tenths(rating.explainer),
        tenths(rating.pearl),
        tenths(rating.diamond),
        (rating.score.to_string(), json!(rating.score)),
        (rating.level.to_string(), json!(rating.level.to_string())),
        (rating.level_2009.to_string(), json!(rating.level_2009)),
        (hardest.unwrap_or_default().to_string(), json!(hardest)),
        (rating.guessed.to_string(), json!(rating.guessed)),
        (rating.unique.to_string(), json!(rating.unique)),
    ]
}

fn rating_csv(item: &Item, status: &str, rating: Option<&Rating>) -> String {
    let entry = &item.entry;
    let mut fields = vec![
        entry.line.to_string(),
        item.board.clone().unwrap_or_default(),
        entry.grid.to_line(),
        status.to_string(),
    ];
    match rating {
        Some(rating) => {
            fields.extend(rating_values(rating).into_iter().map(|(text, _)| text));
            fields.extend(
                Technique::ALL
                    .iter()
                    .map(|&t| rating.counts.get(t).to_string()),
            );
        }
        None => fields.extend(std::iter::repeat_n(
            String::new(),
            RATING_FIELDS.split(',').count() + Technique::ALL.len(),
        )),
    }
    fields.join(",")
}

fn rating_json(
    item: &Item,
    status: &str,
    text: &str,
    rating: Option<&Rating>,
) -> serde_json::Value {
    let entry = &item.entry;
    let mut object = json!({
        "line": entry.line,
        "board": item.board,
        "puzzle": entry.grid.to_line(),
        "status": status,
        "message": text,
    });
    let Some(rating) = rating else {
        return object;
    };
    for (key, (_, value)) in RATING_FIELDS.split(',').zip(rating_values(rating)) {
        object[key] = value;
    }
    let counts: serde_json::Map<String, serde_json::Value> = rating
        .counts
        .used()
        .map(|(t, n)| (t.key().to_string(), json!(n)))
        .collect();
    object["counts"] = json!(counts);
    object
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
        "rated {} in {seconds:.3} s ({rate})\nlevels: {}\n2009 levels: {}\nthesis scale: {}",
        ui::count_of(total as u64, "puzzle"),
        levels.join(", "),
        levels_2009.join(", "),
        thesis.join(", ")
    )
}

pub fn explain(args: &ExplainArgs) -> Result<(), Failure> {
    let puzzles = args.input.read()?;
    let item = &puzzles.single("explain")?;
    let fail = |e| analysis_failure(e, item, &puzzles.origin);
    let mut steps = StepPrinter::new(args.format, !args.no_pencil);
    let budget = args.budget.apply(Budget::solve(), DEFAULT_SEED)?;
    if args.hint {
        let marks = Marks::new(&item.entry.grid).map_err(fail)?;
        let next = sudoku_human::next_step_within(&marks, args.order, &budget).map_err(fail)?;
        let Some(hint) = next else {
            ui::note("the grid is full: nothing left to do");
            return Ok(());
        };
        steps.print(1, &hint.step);
        return if hint.unique {
            Ok(())
        } else {
            Err(several_solutions(&puzzles.origin, item))
        };
    }
    let analysis =
        sudoku_human::analyse_within(&item.entry.grid, args.order, &budget).map_err(fail)?;
    for (index, step) in analysis.moves.iter().enumerate() {
        steps.print(index + 1, step);
    }
    let ending = if analysis.solved_by_logic() {
        "solved by logic alone".to_string()
    } else {
        format!(
            "logic got stuck: a search made {}",
            ui::count_of(analysis.guesses, "guess")
        )
    };
    let summary = format!(
        "{} ({}); {ending}{}",
        ui::count_of(analysis.moves.len() as u64, "step"),
        analysis.counts(),
        if analysis.unique {
            ""
        } else {
            "; the puzzle has more than one solution"
        }
    );
    if args.format == Format::Text {
        println!(
            "solution:\n{}",
            analysis.solution.render(sudoku_core::Format::Boxed)
        );
        println!("{summary}");
    } else {
        ui::note(summary);
    }
    if !analysis.unique {
        return Err(several_solutions(&puzzles.origin, item));
    }
    Ok(())
}

/// What `explain` ends with on a puzzle a person cannot finish by reasoning alone: it has more
/// than one solution (the steps shown still hold in every one of them).
fn several_solutions(origin: &str, item: &Item) -> Failure {
    Failure::negative(format!(
        "{origin}{}: the puzzle has more than one solution",
        item.label()
    ))
}

/// Prints steps in one `--format`; CSV's header comes with the first.
struct StepPrinter {
    format: Format,
    pencil: bool,
    header_written: bool,
}

impl StepPrinter {
    fn new(format: Format, pencil: bool) -> StepPrinter {
        StepPrinter {
            format,
            pencil,
            header_written: false,
        }
    }

    /// Step `number`: in text, the pencil marks it starts from (titled so), then the step.
    fn print(&mut self, number: usize, step: &Move) {
        let shape = step.before.grid().shape();
        let cells = |pairs: &[(usize, u8)]| -> Vec<String> {
            pairs
                .iter()
                .map(|&(cell, value)| format!("{}={}", shape.cell_name(cell), symbol(value)))
                .collect()
        };
        match self.format {
            Format::Text => {
                if self.pencil {
                    println!("pencil marks before step {number} (filled cells in brackets):");
                    print!("{}", step.before.render());
                }
                println!("step {number}, {}: {}", step.technique, step.step.text);
                if self.pencil {
                    println!();
                }
            }
            Format::Line => println!("{}: {}", step.technique, step.step.text),
            Format::Csv => {
                if !std::mem::replace(&mut self.header_written, true) {
                    println!("step,technique,weight,text,placed,eliminated");
                }
                let mut writer = csv::Writer::from_writer(Vec::new());
                let fields = [
                    number.to_string(),
                    step.technique.to_string(),
                    format!("{:.1}", step.weight),
                    step.step.text.clone(),
                    cells(&step.step.placed).join(" "),
                    cells(&step.step.eliminated).join(" "),
                ];
                writer.write_record(&fields).expect("writing to memory");
                let bytes = writer.into_inner().expect("writing to memory");
                print!("{}", String::from_utf8_lossy(&bytes));
            }
            Format::Json => {
                let mut record = json!({
                    "step": number,
                    "technique": step.technique.to_string(),
                    "weight": (step.weight * 10.0).round() / 10.0,
                    "text": step.step.text,
                    "placed": cells(&step.step.placed),
                    "eliminated": cells(&step.step.eliminated),
                });
                if self.pencil {
                    // The position before the step: the digits placed, and each cell's
                    // candidates ("" for a filled cell).
                    let candidates: Vec<String> = step
                        .before
                        .all_candidates()
                        .iter()
                        .map(|&set| sudoku_core::format::set_symbols(set))
                        .collect();
                    record["before"] = json!({
                        "grid": step.before.grid().to_line(),
                        "candidates": candidates,
                    });
                }
                println!("{record}");
            }
        }
    }
}
