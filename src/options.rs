//! The options several subcommands share, each with one name and one meaning everywhere:
//! `--format`, `--timeout`, `--max-iterations`, `--seed`, `--max-solutions`.

use std::time::Duration;

use sudoku_core::Budget;

use crate::Failure;

/// `--format`'s values, the same in every subcommand that prints results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people: grids drawn, counters named.
    Text,
    /// One bare result a line (a solution, a count, a status word), for pipes.
    Line,
    /// A header line, then one row a result.
    Csv,
    /// One JSON object a line.
    Json,
}

/// What the time budget of a subcommand that works puzzle by puzzle is, when not given.
pub const DEFAULT_TIMEOUT_SECONDS: f64 = 10.0;

/// `--timeout` and `--max-iterations` of the subcommands that work puzzle by puzzle.
#[derive(clap::Args, Clone, Debug)]
pub struct BudgetArgs {
    /// Give up on a puzzle after this many seconds (its record says so; a count says "at least
    /// N" with the solutions found so far).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIMEOUT_SECONDS, allow_negative_numbers = true)]
    pub timeout: f64,
    /// Give up on a puzzle after this much work (the solver's main counter: iterations, nodes,
    /// moves); default: no cap.
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
}

impl BudgetArgs {
    /// The time budget, checked: a positive, finite number of seconds.
    pub fn timeout(&self) -> Result<Duration, Failure> {
        positive_seconds("--timeout", self.timeout)
    }

    /// `base` with this budget's deadline (counted from now) and cap, and `seed`.
    pub fn apply(&self, base: Budget, seed: u64) -> Result<Budget, Failure> {
        let mut budget = base.with_time_limit(self.timeout()?).with_seed(seed);
        if let Some(cap) = self.max_iterations {
            budget = budget.with_max_iterations(cap);
        }
        Ok(budget)
    }

    /// The budget in words, as progress lines and records state it.
    pub fn stated(&self) -> String {
        let mut text = format!("budget {} s a puzzle", self.timeout);
        if let Some(cap) = self.max_iterations {
            text.push_str(&format!(", {} iterations", crate::ui::grouped(cap)));
        }
        text
    }
}

/// A number of seconds that can serve as a time budget, or the error naming `option`.
pub fn positive_seconds(option: &str, seconds: f64) -> Result<Duration, Failure> {
    if seconds > 0.0
        && let Ok(duration) = Duration::try_from_secs_f64(seconds)
    {
        return Ok(duration);
    }
    Err(Failure::input(format!(
        "{option} {seconds}: a time budget is a positive number of seconds"
    )))
}

/// `--jobs` of a subcommand, checked: 1 to [`MAX_JOBS`] threads.
pub fn checked_jobs(jobs: usize) -> Result<usize, Failure> {
    sudoku_run::options::check_jobs(jobs).map_err(|e| Failure::input(e.to_string()))?;
    Ok(jobs)
}

/// `--seed`: one default in every subcommand.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct SeedArg {
    /// Seed of the random choices (stochastic solvers, sampling, generation): the same seed
    /// gives the same result.
    #[arg(long, default_value_t = sudoku_run::options::DEFAULT_SEED)]
    pub seed: u64,
}
