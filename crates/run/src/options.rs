//! What a run is asked to do, and the budget every solve of it gets.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sudoku_core::{Budget, Capabilities};

use crate::isolate::{Isolation, WorkerCommand};
use crate::verdict::Check;

/// Per-solve deadline for complete (and other non-stochastic) solvers.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Per-solve deadline for stochastic solvers: they rarely finish late if they finish at all.
pub const DEFAULT_STOCHASTIC_TIMEOUT: Duration = Duration::from_secs(2);
/// Runs per puzzle of a stochastic solver, each with its own seed: enough for a success rate and
/// a median time to solution to mean something.
pub const DEFAULT_SEEDS: u32 = 10;

/// The seed every command starts from when given none: the same options give the same results.
pub const DEFAULT_SEED: u64 = 1;

/// The most threads `--jobs` takes: more than the cores of any machine this runs on, few enough
/// that a mistyped number is refused at once rather than starting thousands of threads.
pub const MAX_JOBS: usize = 1024;

/// `--jobs`: 1 to [`MAX_JOBS`] threads.
pub fn check_jobs(jobs: usize) -> anyhow::Result<()> {
    anyhow::ensure!(
        (1..=MAX_JOBS).contains(&jobs),
        "--jobs {jobs}: a number of threads from 1 to {MAX_JOBS}"
    );
    Ok(())
}

/// Puzzles a dataset file may hold for a run to take it whole; a run on more reads them this
/// many at a time, so memory stays bounded whatever the file's size.
pub const DEFAULT_CHUNK: usize = 100_000;
/// Most solutions a solve keeps for checking: every solution counted up to this many must be
/// returned and is verified (the rest are only counted).
pub const KEEP_SOLUTIONS: u64 = 100;

/// Cap on a stochastic solver's work counter (moves, generations).
pub const DEFAULT_STOCHASTIC_CAP: u64 = 10_000_000;

/// The options of a run. They are recorded in the results file's header, so `--resume`
/// continues with exactly these.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunOptions {
    /// Solver ids to run; empty: every registered solver.
    pub solvers: Vec<String>,
    /// Dataset specs (`named`, a level set, or a file path); empty: the named boards and the
    /// level sets ([`sudoku_catalog::default_specs`]).
    pub datasets: Vec<String>,
    /// Only the first N puzzles of each dataset.
    pub limit: Option<usize>,
    /// N puzzles of each dataset drawn with the seed.
    pub sample: Option<usize>,
    /// Seed for sampling, puzzle order and stochastic solvers.
    pub seed: u64,
    /// Timed passes after the warm-up (deterministic solvers).
    pub reps: u32,
    /// Runs with distinct seeds per puzzle (stochastic solvers).
    pub seeds: u32,
    /// Per-solve time budget in seconds (default by capability).
    pub timeout: Option<f64>,
    /// Per-solve time budget of stochastic solvers in seconds, when it differs from `timeout`
    /// (`reproduce` gives complete solvers minutes and stochastic ones their usual budget).
    pub stochastic_timeout: Option<f64>,
    /// Per-solve cap on the solver's declared work counter.
    pub max_iterations: Option<u64>,
    /// Solutions to look for (default 2, uniqueness, for solvers that count; else 1).
    pub solution_limit: Option<u64>,
    /// What complete solvers' verdicts are checked against beyond their grids.
    pub check: Check,
    /// Solver ids a verdict may be checked against, in order of preference: the first that is
    /// not the solver under test, counts solutions and takes the size.
    pub references: Vec<String>,
    /// Stop repeating a puzzle once its timed passes took this many seconds.
    pub max_puzzle_seconds: f64,
    /// Puzzles solved at once (one thread each); 1 keeps timings free of contention.
    pub jobs: usize,
    /// The logical CPU the run is pinned to (its threads and worker processes), so no solve
    /// migrates between cores while it is timed. Only with `jobs` 1.
    pub pin: Option<usize>,
    /// Which solvers run in worker processes under a watchdog.
    pub isolate: Isolation,
    /// The part of the puzzles this run solves when a run is spread over several machines.
    pub shard: Option<Shard>,
    /// Most puzzles of one dataset held at once: a file with more is run in parts of this many,
    /// read from the file as they come, each part shuffled on its own.
    pub chunk: usize,
    /// How to start a worker process; without one, nothing is isolated unless `isolate` is
    /// [`Isolation::Process`], which is then an error. Not recorded in the results file: it names
    /// this machine's program, and a resumed run takes the resuming program's.
    #[serde(skip)]
    pub worker: Option<WorkerCommand>,
    /// The commit the program running the benchmark was built from, for the header (the
    /// `sudoku-bench` binary embeds its own). Not recorded as an option: a resumed run keeps
    /// the header it has.
    #[serde(skip)]
    pub commit: Option<String>,
}

/// Part `index` of `count` (1-based): the puzzles whose stable hash of dataset name and puzzle
/// id falls in it. The split depends on nothing but those two names, so it is the same on every
/// machine, under `--resume`, and whatever the order or sample of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Whether the puzzle `puzzle` of dataset `dataset` belongs to this shard.
    pub fn holds(&self, dataset: &str, puzzle: &str) -> bool {
        // FNV-1a: fixed and portable, unlike the standard library's hasher.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in dataset.bytes().chain([0]).chain(puzzle.bytes()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        hash % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `i/n` with 1 ≤ i ≤ n.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text:?}: expected I/N with 1 ≤ I ≤ N, e.g. 2/4");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            solvers: Vec::new(),
            datasets: Vec::new(),
            limit: None,
            sample: None,
            seed: DEFAULT_SEED,
            reps: 3,
            seeds: DEFAULT_SEEDS,
            timeout: None,
            stochastic_timeout: None,
            max_iterations: None,
            solution_limit: None,
            check: Check::default(),
            references: Vec::new(),
            max_puzzle_seconds: 3.0,
            jobs: 1,
            pin: None,
            isolate: Isolation::Auto,
            shard: None,
            chunk: DEFAULT_CHUNK,
            worker: None,
            commit: None,
        }
    }
}

impl RunOptions {
    /// The run `sudoku-bench reproduce` measures: the known boards of the 2009 document's
    /// Table 1, `reps` timed solves each after a warm-up, one solution sought (as the document
    /// did), `timeout` seconds per solve of a deterministic solver, every repetition kept. The
    /// table and charts are then a view over its rows (`sudoku_report::reproduce`).
    pub fn reproduce(reps: u32, timeout: f64) -> RunOptions {
        RunOptions {
            datasets: vec!["table1".into()],
            reps: reps.max(1),
            timeout: Some(timeout),
            // Beside the table, a stochastic run's budget is the one `bench` gives it: a
            // minutes-long budget for naive's worst board would only lengthen the runs that
            // never solve.
            stochastic_timeout: Some(DEFAULT_STOCHASTIC_TIMEOUT.as_secs_f64()),
            solution_limit: Some(1),
            // The stochastic solvers stand beside the table, not in it: a few seeds say enough.
            seeds: 3,
            max_puzzle_seconds: 1e9,
            ..RunOptions::default()
        }
    }
}

/// The budget one solver gets on every puzzle: defaults by capability, then the options'
/// overrides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Policy {
    pub timeout: Duration,
    pub max_iterations: Option<u64>,
    pub solution_limit: u64,
}

impl RunOptions {
    /// Refuses options no run can honour, naming the option: a budget that is not a positive
    /// number of seconds, no passes, no seeds, no threads, several threads on one pinned CPU.
    pub fn validate(&self) -> anyhow::Result<()> {
        for (option, given) in [
            ("--timeout", self.timeout),
            ("--stochastic-timeout", self.stochastic_timeout),
        ] {
            if let Some(seconds) = given {
                anyhow::ensure!(
                    seconds.is_finite() && seconds > 0.0,
                    "{option} {seconds}: a budget is a positive number of seconds"
                );
            }
        }
        anyhow::ensure!(
            self.max_puzzle_seconds.is_finite() && self.max_puzzle_seconds >= 0.0,
            "--max-puzzle-seconds {}: a number of seconds, 0 or more",
            self.max_puzzle_seconds
        );
        anyhow::ensure!(
            self.reps > 0,
            "--reps 0: a run needs at least one timed pass"
        );
        anyhow::ensure!(self.seeds > 0, "--seeds 0: a run needs at least one seed");
        check_jobs(self.jobs)?;
        if let Some(cpu) = self.pin {
            anyhow::ensure!(
                self.jobs == 1,
                "--pin {cpu} with --jobs {}: a pinned run has one CPU, so its threads would take \
                 turns on it and each solve's time would include the others' turns; pin with \
                 --jobs 1, or run --jobs unpinned",
                self.jobs
            );
        }
        anyhow::ensure!(
            self.chunk > 0,
            "--chunk 0: a run needs room for at least one puzzle"
        );
        anyhow::ensure!(
            self.max_iterations != Some(0),
            "--max-iterations 0: a solver needs some work to do"
        );
        anyhow::ensure!(
            self.sample != Some(0) && self.limit != Some(0),
            "--sample 0 or --limit 0 leaves nothing to run"
        );
        Ok(())
    }
}

impl Policy {
    pub fn for_solver(caps: &Capabilities, options: &RunOptions) -> Policy {
        let default_timeout = if caps.stochastic {
            DEFAULT_STOCHASTIC_TIMEOUT
        } else {
            DEFAULT_TIMEOUT
        };
        let asked = if caps.stochastic {
            options.stochastic_timeout.or(options.timeout)
        } else {
            options.timeout
        };
        let timeout = asked
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(default_timeout, Duration::from_secs_f64);
        let max_iterations = options
            .max_iterations
            .or(caps.stochastic.then_some(DEFAULT_STOCHASTIC_CAP));
        let solution_limit = if caps.counts_solutions {
            options.solution_limit.unwrap_or(2).max(1)
        } else {
            1
        };
        Policy {
            timeout,
            max_iterations,
            solution_limit,
        }
    }

    /// The budget of one solve, its deadline counted from now. It keeps every solution it
    /// counts, up to [`KEEP_SOLUTIONS`], so each can be verified.
    pub fn budget(&self, seed: u64) -> Budget {
        let mut budget = Budget::count(self.solution_limit)
            .with_seed(seed)
            .with_time_limit(self.timeout);
        budget.keep_solutions = self.solution_limit.min(KEEP_SOLUTIONS) as usize;
        budget.max_iterations = self.max_iterations;
        budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::ALL_SIZES;

    #[test]
    fn budgets_follow_capabilities_and_options() {
        let exact = Capabilities::exact(ALL_SIZES);
        let stochastic = Capabilities::incomplete(ALL_SIZES).stochastic();
        let options = RunOptions::default();
        let p = Policy::for_solver(&exact, &options);
        assert_eq!(
            (p.timeout, p.max_iterations, p.solution_limit),
            (DEFAULT_TIMEOUT, None, 2)
        );
        let p = Policy::for_solver(&stochastic, &options);
        assert_eq!(p.timeout, DEFAULT_STOCHASTIC_TIMEOUT);
        assert_eq!(
            (p.max_iterations, p.solution_limit),
            (Some(DEFAULT_STOCHASTIC_CAP), 1)
        );
        let options = RunOptions {
            timeout: Some(0.5),
            max_iterations: Some(7),
            solution_limit: Some(5),
            ..RunOptions::default()
        };
        let p = Policy::for_solver(&exact, &options);
        assert_eq!(p.timeout, Duration::from_millis(500));
        assert_eq!((p.max_iterations, p.solution_limit), (Some(7), 5));
        let first_only = Capabilities::exact(ALL_SIZES).without_counting();
        assert_eq!(Policy::for_solver(&first_only, &options).solution_limit, 1);
        assert_eq!(
            Policy::for_solver(&stochastic, &options).timeout,
            Duration::from_millis(500),
            "--timeout alone applies to stochastic solvers too"
        );
        let apart = RunOptions {
            timeout: Some(30.0),
            stochastic_timeout: Some(1.5),
            ..RunOptions::default()
        };
        assert_eq!(
            Policy::for_solver(&exact, &apart).timeout,
            Duration::from_secs(30)
        );
        assert_eq!(
            Policy::for_solver(&stochastic, &apart).timeout,
            Duration::from_millis(1500)
        );
        let refused = RunOptions {
            stochastic_timeout: Some(0.0),
            ..RunOptions::default()
        };
        let error = refused.validate().unwrap_err().to_string();
        assert!(error.starts_with("--stochastic-timeout 0: "), "{error}");
    }

    #[test]
    fn the_reproduction_seeks_one_solution_on_table_1_and_is_a_valid_run() {
        let options = RunOptions::reproduce(0, 30.0);
        assert_eq!(options.datasets, ["table1"]);
        assert_eq!((options.reps, options.solution_limit), (1, Some(1)));
        assert_eq!(
            options.stochastic_timeout,
            Some(DEFAULT_STOCHASTIC_TIMEOUT.as_secs_f64())
        );
        options.validate().unwrap();
    }

    #[test]
    fn a_pinned_run_solves_one_puzzle_at_a_time() {
        let pinned = RunOptions {
            pin: Some(0),
            ..RunOptions::default()
        };
        assert!(pinned.validate().is_ok());
        let crowded = RunOptions { jobs: 2, ..pinned };
        let error = crowded.validate().unwrap_err().to_string();
        assert!(error.starts_with("--pin 0 with --jobs 2: "), "{error}");
    }
}
