//! `solve` and `count` over any number of puzzles: every puzzle gets its own record (a failure
//! too), the rest of the input still runs, and the exit status sums them up.

use std::time::{Duration, Instant};

use sudoku_core::{
    Budget, Grid, Outcome, Rejection, Solver, Uniqueness, VariantKind, Verdict, solve_checked,
};

use crate::input::{InputArgs, Item};
use crate::options::{BudgetArgs, Format, SeedArg};
use crate::output::{Answer, Printer, Record};
use crate::ui::Progress;
use crate::{Failure, Tally};

#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver id (`sudoku-bench solvers` lists them); default: the fastest complete solver that
    /// takes the puzzle's size (bitmask takes every size).
    #[arg(long, short, value_name = "ID")]
    solver: Option<String>,
    /// List up to N solutions instead of solving a puzzle that must have exactly one.
    #[arg(long, value_name = "N", alias = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    max_solutions: Option<u64>,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    seed: SeedArg,
    /// Output: text (the solution drawn, counters, time), line (the solution, or the status
    /// word of a puzzle not solved), csv or json (one record a puzzle).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also render the solver's own search step by step as an animated GIF (one puzzle only).
    #[arg(long, value_name = "GIF")]
    animate: Option<std::path::PathBuf>,
    /// Most frames in the animation; long searches are sampled evenly.
    #[arg(long, default_value_t = 300, requires = "animate")]
    max_frames: usize,
}

#[derive(clap::Args)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver id (it must count solutions); default: the fastest complete solver for the
    /// puzzle's size.
    #[arg(long, short, value_name = "ID")]
    solver: Option<String>,
    /// Stop counting at N solutions (the count is then "at least N").
    #[arg(long, value_name = "N", alias = "max", value_parser = clap::value_parser!(u64).range(1..))]
    max_solutions: Option<u64>,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    seed: SeedArg,
    /// Output: text (a sentence a puzzle), line (the count, `>=N` when it stopped early), csv
    /// or json.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// One solver per kind of board (size and variant), made when a kind first comes up: a file
/// may mix them, and making a solver (the registry looked through) costs more than solving an
/// easy puzzle.
pub struct SolverPerBoard {
    /// The solver's id; `None`: the fastest complete solver of each kind of board.
    id: Option<String>,
    made: Vec<((usize, VariantKind), Box<dyn Solver>)>,
}

impl SolverPerBoard {
    pub fn new(id: Option<String>) -> Result<SolverPerBoard, Failure> {
        if let Some(id) = &id {
            make_solver(id)?;
        }
        Ok(SolverPerBoard {
            id,
            made: Vec::new(),
        })
    }

    /// The solver for boards like `puzzle`.
    pub fn get(&mut self, puzzle: &Grid) -> Result<&mut dyn Solver, Failure> {
        let kind = (puzzle.size(), puzzle.variant().kind());
        let index = match self.made.iter().position(|(k, _)| *k == kind) {
            Some(index) => index,
            None => {
                let solver = match &self.id {
                    Some(id) => make_solver(id)?,
                    None => sudoku_registry::reference_solver(kind.0, kind.1),
                };
                self.made.push((kind, solver));
                self.made.len() - 1
            }
        };
        Ok(self.made[index].1.as_mut())
    }
}

pub fn make_solver(id: &str) -> Result<Box<dyn Solver>, Failure> {
    sudoku_registry::make(id).ok_or_else(|| {
        Failure::input(format!(
            "unknown solver {id:?}; registered: {}",
            sudoku_registry::ids().join(", ")
        ))
    })
}

pub fn solve(args: &SolveArgs) -> Result<Tally, Failure> {
    let puzzles = args.input.read()?;
    puzzles.require_consistent_clues()?;
    args.budget.timeout()?;
    let mut solvers = SolverPerBoard::new(args.solver.clone())?;
    let mut references = SolverPerBoard::new(None)?;
    if let Some(path) = &args.animate {
        let item = puzzles.single("--animate")?;
        let solver = solvers.get(&item.entry.grid)?;
        let budget = args.budget.apply(Budget::solve(), args.seed.seed)?;
        crate::animate(solver, &item.entry.grid, &budget, path, args.max_frames)?;
    }
    let mut printer = Printer::new(args.format);
    let mut tally = Tally::default();
    let progress = Progress::new("solving", puzzles.len(), &args.budget.stated());
    for item in puzzles.iter()? {
        let item = item?;
        let budget = args.budget.apply(
            Budget::list(args.max_solutions.unwrap_or(1) as usize),
            args.seed.seed,
        )?;
        let solver = solvers.get(&item.entry.grid)?;
        let started = Instant::now();
        let outcome = solve_checked(solver, &item.entry.grid, &budget);
        let elapsed = started.elapsed();
        let id = solver.info().id;
        let mut answer = match args.max_solutions {
            Some(limit) => listed(&outcome, limit),
            None => solved(&outcome),
        };
        if args.max_solutions.is_none() && answer == Answer::Solved {
            answer = unique_or_not(references.get(&item.entry.grid)?, &item.entry.grid, &budget);
        }
        answer = answer.checked_against(&item, &outcome);
        let record = Record {
            item: &item,
            solver: id,
            outcome: &outcome,
            answer,
            elapsed,
            budget: &args.budget,
        };
        report(
            &record,
            false,
            &puzzles.origin,
            &mut printer,
            &progress,
            &mut tally,
        );
    }
    Ok(tally)
}

/// Prints a puzzle's record (a `count` one when `counting`), counts it in the tally and moves
/// the progress on.
fn report(
    record: &Record,
    counting: bool,
    origin: &str,
    printer: &mut Printer,
    progress: &Progress,
    tally: &mut Tally,
) {
    let text = if counting {
        printer.counted(record)
    } else {
        printer.solved(record)
    };
    progress.println(&text);
    tally.add(&record.answer, || {
        format!(
            "{origin}{}: {}",
            record.item.label(),
            record.message(counting)
        )
    });
    progress.advance();
}

/// What a solve asked for one solution came to, before the uniqueness check.
fn solved(outcome: &Outcome) -> Answer {
    match &outcome.verdict {
        Verdict::Solved => Answer::Solved,
        other => not_solved(other),
    }
}

/// What a solve asked for up to `limit` solutions came to.
fn listed(outcome: &Outcome, limit: u64) -> Answer {
    match &outcome.verdict {
        Verdict::Solved => Answer::Listed {
            all: outcome.solution_count < limit,
        },
        other => not_solved(other),
    }
}

fn not_solved(verdict: &Verdict) -> Answer {
    match verdict {
        Verdict::Solved => unreachable!("handled by the callers"),
        Verdict::Unsolvable => Answer::Unsolvable,
        Verdict::GaveUp(reason) => Answer::GaveUp(reason.to_string()),
        Verdict::Rejected(Rejection::ConflictingClues(conflict)) => {
            Answer::Rejected(format!("clues conflict: {conflict}"))
        }
        Verdict::Rejected(why) => Answer::Rejected(why.to_string()),
        Verdict::WrongAnswer(why) => Answer::Failed(format!("wrong answer: {why}")),
        Verdict::Crashed(message) => Answer::Failed(format!("crashed: {message}")),
        Verdict::Failed(message) => Answer::Failed(message.clone()),
    }
}

/// A solved puzzle must have exactly one solution: the fastest counting solver checks, through
/// the library's uniqueness check (the one the generator uses), within the puzzle's budget.
fn unique_or_not(reference: &mut dyn Solver, puzzle: &Grid, budget: &Budget) -> Answer {
    let id = reference.info().id;
    match sudoku_core::uniqueness(reference, puzzle, budget) {
        Uniqueness::Unique(_) => Answer::Solved,
        Uniqueness::Multiple { differs_at, .. } => Answer::Multiple {
            differs_at: puzzle.shape().cell_name(differs_at).to_string(),
        },
        Uniqueness::NoSolution => Answer::Failed(format!(
            "{id} found no solution to a puzzle the solver solved (its solution verified)"
        )),
        Uniqueness::Undecided(outcome) => match not_solved(&outcome.verdict) {
            Answer::GaveUp(reason) => Answer::GaveUp(format!("uniqueness check by {id}: {reason}")),
            other => other,
        },
    }
}

pub fn count(args: &CountArgs) -> Result<Tally, Failure> {
    let puzzles = args.input.read()?;
    puzzles.require_consistent_clues()?;
    args.budget.timeout()?;
    let mut solvers = SolverPerBoard::new(args.solver.clone())?;
    let mut printer = Printer::new(args.format);
    let mut tally = Tally::default();
    let limit = args.max_solutions.unwrap_or(u64::MAX);
    let progress = Progress::new("counting", puzzles.len(), &args.budget.stated());
    for item in puzzles.iter()? {
        let item = item?;
        let solver = solvers.get(&item.entry.grid)?;
        let info = solver.info();
        if !info.capabilities.counts_solutions {
            return Err(Failure::input(format!(
                "solver {} cannot count solutions; counting solvers: {}",
                info.id,
                counting_solvers().join(", ")
            )));
        }
        let budget = args.budget.apply(Budget::count(limit), args.seed.seed)?;
        let started = Instant::now();
        let outcome = solve_checked(solver, &item.entry.grid, &budget);
        let elapsed: Duration = started.elapsed();
        let answer = match &outcome.verdict {
            Verdict::Solved | Verdict::Unsolvable => Answer::Counted {
                stopped_at_limit: outcome.solution_count >= limit,
            },
            other => not_solved(other),
        }
        .checked_against(&item, &outcome);
        let record = Record {
            item: &item,
            solver: info.id,
            outcome: &outcome,
            answer,
            elapsed,
            budget: &args.budget,
        };
        report(
            &record,
            true,
            &puzzles.origin,
            &mut printer,
            &progress,
            &mut tally,
        );
    }
    Ok(tally)
}

fn counting_solvers() -> Vec<&'static str> {
    sudoku_registry::registry()
        .into_iter()
        .filter(|r| r.info.capabilities.counts_solutions)
        .map(|r| r.info.id)
        .collect()
}

impl Answer {
    /// This answer, or a mismatch when the dataset line's `:count` or `:solution` field says
    /// otherwise: a dataset that disagrees with a verified answer is worth knowing about.
    fn checked_against(self, item: &Item, outcome: &Outcome) -> Answer {
        let entry = &item.entry;
        let found = outcome.solution_count;
        // The number of solutions as far as this answer knows it: exact, or a lower bound.
        let (known, exact) = match &self {
            Answer::Solved => (1, true),
            Answer::Multiple { .. } => (2, false),
            Answer::Unsolvable => (0, true),
            Answer::Listed { all } => (found, *all),
            Answer::Counted { stopped_at_limit } => (found, !stopped_at_limit),
            Answer::GaveUp(_) => (found, false),
            _ => return self,
        };
        if let Some(expected) = entry.expected_count {
            let disagrees = if exact {
                expected != known
            } else {
                expected < known
            };
            if disagrees {
                let found = if exact {
                    crate::ui::count_of(known, "solution")
                } else {
                    format!("at least {}", crate::ui::count_of(known, "solution"))
                };
                return Answer::Mismatch(format!(
                    "the dataset says {}; the solver found {found}",
                    crate::ui::count_of(expected, "solution")
                ));
            }
        }
        if let Some(expected) = &entry.solution
            && exact
            && known >= 1
            && !outcome.solutions.is_empty()
            && !outcome.solutions.contains(expected)
        {
            let first = &outcome.solutions[0];
            let cell = (0..first.cells().len())
                .find(|&cell| first.get(cell) != expected.get(cell))
                .unwrap_or(0);
            return Answer::Mismatch(format!(
                "the dataset's solution differs from the verified one at {}",
                first.shape().cell_name(cell)
            ));
        }
        self
    }
}
