//! Sudoku as a 0/1 integer program, the model of the thesis (reference document 002), solved by a
//! general-purpose engine through `good_lp`.
//!
//! # The model
//! A binary variable x[cell, digit] for every cell and digit (729 on 9×9) and only equality rows,
//! no objective: each cell takes one digit (81 rows), each digit sits once in each house (on a
//! classic board the rows, columns and boxes: 3·81 rows), and each clue is fixed by a row of its
//! own. The engine is asked for any feasible point.
//!
//! The houses are read from the puzzle's [`sudoku_core::Geometry`]: a jigsaw board's regions
//! stand where the boxes stood, and the X rule's two diagonals add 2·N rows. Nothing else in the
//! model knows the board's layout, so every backend declares every variant.
//!
//! The presolved variant (`…-presolve`) first places what naked and hidden singles decide (over
//! the same houses), then builds variables only for the digits still possible in the cells
//! still empty, and rows only for the digits a house still lacks: on most 9×9 puzzles a few
//! hundred variables or none.
//!
//! # Uniqueness and counting
//! As integer programmers do it: after a solution, the cut "the variables it sets sum to at most
//! (cells decided − 1)" excludes exactly that assignment, and the program is solved again, up to
//! the budget's solution limit. An infeasible program ends the enumeration, so a count below the
//! limit is exact; an infeasible first program proves the puzzle unsolvable.
//!
//! # Backends
//! - `ilp-cbc`: COIN-OR CBC, linked from Debian's `coinor-libcbc-dev`, single-threaded, logging
//!   off, cut generators and heuristics off, preprocessing tuned (each measured: see the code).
//!   CBC is not thread-safe; `good_lp`'s `singlethread-cbc` lock lets one solve run at a time in
//!   a process, and the harness runs every backend in worker processes (the capability
//!   `external_engine`), so `--jobs` runs that many engines side by side, each in its own
//!   process, and a watchdog stops one that overruns its time limit.
//! - `ilp-highs`: HiGHS, compiled from source by the default `highs` feature (cmake, a C++
//!   compiler and libclang at build time), single-threaded and quiet. A build without the
//!   feature keeps the entry, which fails with a message saying how to get it.
//! - `ilp-microlp`: `microlp`, pure Rust, for machines where nothing can be installed.
//! - `ilp-glpk`: GLPK's `glpsol` (Debian `glpk-utils`), the thesis's own engine, driven through
//!   `lp-solvers` as a child process with an LP file.
//!
//! A backend that reports an error is a [`Verdict::Failed`] outcome naming it (and the package to
//! install when the engine is missing); one that stops on its time limit gives up. Whatever a
//! backend calls optimal is decoded and verified by the caller like any answer: an invalid grid
//! is a wrong answer, never a success.
//!
//! # Counters and budget
//! `iterations`: programs solved (the work counter the cap limits; each is a whole engine run).
//! Extras: `variables` and `rows` of the program before any cut, and `build_us`
//! ([`Counters::BUILD_US`]): time spent building programs (the singles, the variables and rows,
//! handing the rows to the engine), which reports show apart from the engine's time.
//!
//! The budget is checked before every program; the deadline left is handed to the engine as its time limit (CBC counts whole
//! seconds). A cancel flag is seen between programs, not inside one.
//!
//! # Cost and limits
//! Every program is a fresh engine run, so a uniqueness check costs two runs. The thesis's model
//! grows as N³ variables: 4,096 on 16×16, 15,625 on 25×25. Declared sizes: every size for CBC,
//! HiGHS and GLPK, up to 9×9 for microlp, whose branch and bound has no cuts.
//!
//! # When to use it
//! To compare specialised search with the general engines people reach for, and to re-measure
//! the thesis's figure with its own model (and, with `ilp-glpk`, its own engine).

mod model;

use std::time::{Duration, Instant};

use good_lp::solvers::lp_solvers::{GlpkSolver, LpSolver};
use good_lp::{
    Expression, ProblemVariables, ResolutionError, Solution, SolutionStatus, SolverModel, Variable,
    WithTimeLimit, coin_cbc, constraint, microlp, variable,
};
use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, Family, Found, Grid, NotWatchable, Outcome,
    SearchEvent, Solver, SolverInfo, StopReason,
};

pub use model::Model;

/// The engine a program is handed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Cbc,
    Highs,
    Microlp,
    Glpk,
}

impl Backend {
    fn name(self) -> &'static str {
        match self {
            Backend::Cbc => "cbc",
            Backend::Highs => "highs",
            Backend::Microlp => "microlp",
            Backend::Glpk => "glpk",
        }
    }

    /// The engine as its authors write it, for messages.
    fn engine(self) -> &'static str {
        match self {
            Backend::Cbc => "CBC",
            Backend::Highs => "HiGHS",
            Backend::Microlp => "microlp",
            Backend::Glpk => "GLPK",
        }
    }
}

/// The integer-programming solver: one backend, with or without the presolve.
#[derive(Clone, Copy, Debug)]
pub struct Ilp {
    backend: Backend,
    presolve: bool,
}

impl Ilp {
    pub fn new(backend: Backend, presolve: bool) -> Ilp {
        Ilp { backend, presolve }
    }
}

impl Default for Ilp {
    /// CBC with the thesis's model.
    fn default() -> Ilp {
        Ilp::new(Backend::Cbc, false)
    }
}

impl Solver for Ilp {
    fn info(&self) -> SolverInfo {
        let (id, description) = match (self.backend, self.presolve) {
            (Backend::Cbc, false) => ("ilp-cbc", "0/1 integer program (the thesis's model), CBC"),
            (Backend::Cbc, true) => (
                "ilp-cbc-presolve",
                "0/1 integer program over what singles leave open, CBC",
            ),
            (Backend::Highs, false) => (
                "ilp-highs",
                "0/1 integer program (the thesis's model), HiGHS",
            ),
            (Backend::Highs, true) => (
                "ilp-highs-presolve",
                "0/1 integer program over what singles leave open, HiGHS",
            ),
            (Backend::Microlp, false) => (
                "ilp-microlp",
                "0/1 integer program (the thesis's model), microlp (pure Rust)",
            ),
            (Backend::Microlp, true) => (
                "ilp-microlp-presolve",
                "0/1 integer program over what singles leave open, microlp (pure Rust)",
            ),
            (Backend::Glpk, false) => (
                "ilp-glpk",
                "0/1 integer program (the thesis's model), GLPK's glpsol as the thesis ran it",
            ),
            (Backend::Glpk, true) => (
                "ilp-glpk-presolve",
                "0/1 integer program over what singles leave open, GLPK's glpsol",
            ),
        };
        let sizes = match self.backend {
            Backend::Microlp => &[4, 6, 9][..],
            Backend::Cbc | Backend::Highs | Backend::Glpk => ALL_SIZES,
        };
        SolverInfo {
            id,
            family: Family::LinearProgramming,
            description,
            capabilities: Capabilities::exact(sizes)
                .counting_engine_runs("iterations")
                .external_engine()
                .on_every_variant(),
        }
    }

    /// Refused: branch and bound runs inside the engine, which reports no step of it.
    fn solve_watched(
        &mut self,
        _: &Grid,
        _: &Budget,
        _: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Err(NotWatchable::external_engine(
            self.info().id,
            self.backend.engine(),
        ))
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        let building = Instant::now();
        let model = if self.presolve {
            Model::presolved(puzzle)
        } else {
            Some(Model::thesis(puzzle))
        };
        let mut build = building.elapsed();
        let mut outcome = match model.filter(|m| !m.has_empty_row()) {
            // A cell or a unit with no digit left: no solution, proven before any engine runs.
            None => Found::new(budget).into_outcome(None, Counters::default()),
            Some(model) => self.enumerate(&model, budget, &mut build),
        };
        outcome
            .counters
            .add(Counters::BUILD_US, build.as_micros() as u64);
        outcome
    }
}

/// Why a program gave no answer.
enum Stop {
    GaveUp(StopReason),
    Failed(String),
}

impl Ilp {
    /// Solves `model`, then solves it again with a cut excluding each solution found, until it
    /// is infeasible, the solution limit is reached or the budget is spent. Time spent building
    /// programs is added to `build`.
    fn enumerate(&self, model: &Model, budget: &Budget, build: &mut Duration) -> Outcome {
        let mut counters = Counters::default();
        let mut found = Found::new(budget);
        counters.add("variables", model.variables.len() as u64);
        counters.add("rows", model.rows.len() as u64);
        if model.variables.is_empty() {
            // Propagation settled every cell: the one solution needs no engine.
            found.record(|| model.base.clone());
            return found.into_outcome(None, counters);
        }
        let mut cuts: Vec<Vec<usize>> = Vec::new();
        loop {
            if let Err(reason) = budget.check(counters.iterations) {
                return found.into_outcome(Some(reason), counters);
            }
            counters.iterations += 1;
            match self.run(model, &cuts, budget, build) {
                Ok(Some(values)) => {
                    let solution = model.decode(&values);
                    cuts.push(model.chosen(&solution));
                    if found.record(|| solution) {
                        return found.into_outcome(None, counters);
                    }
                }
                Ok(None) => return found.into_outcome(None, counters),
                Err(Stop::GaveUp(reason)) => {
                    return found.into_outcome(Some(reason), counters);
                }
                Err(Stop::Failed(why)) => {
                    return Outcome::failed(
                        format!("{} backend: {why}", self.backend.name()),
                        counters,
                    );
                }
            }
        }
    }

    /// Builds the program with its cuts and hands it to the backend: the variables' values, or
    /// `None` when it is infeasible. Building time is added to `build`.
    fn run(
        &self,
        model: &Model,
        cuts: &[Vec<usize>],
        budget: &Budget,
        build: &mut Duration,
    ) -> Result<Option<Vec<f64>>, Stop> {
        let building = Instant::now();
        let mut problem = ProblemVariables::new();
        let x: Vec<Variable> = problem.add_vector(variable().binary(), model.variables.len());
        let sum = |vars: &[usize]| vars.iter().map(|&v| x[v]).sum::<Expression>();
        let mut rows: Vec<good_lp::Constraint> = model
            .rows
            .iter()
            .map(|row| constraint!(sum(row) == 1))
            .collect();
        let limit = model.cells as f64 - 1.0;
        rows.extend(cuts.iter().map(|cut| constraint!(sum(cut) <= limit)));
        // No objective: any feasible point will do. The LP file GLPK reads cannot hold an empty
        // objective, so it gets the first row's sum, which is 1 at every feasible point.
        let objective = match self.backend {
            Backend::Glpk => sum(&model.rows[0]),
            _ => Expression::from(0.0),
        };
        let unsolved = problem.minimise(objective);
        let seconds = match budget.deadline {
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                // GLPK takes whole seconds: below one, it would stop at once, without an answer.
                let least = match self.backend {
                    Backend::Glpk => Duration::from_secs(1),
                    _ => Duration::ZERO,
                };
                if left <= least {
                    return Err(Stop::GaveUp(StopReason::Deadline));
                }
                Some(left.as_secs_f64())
            }
            None => None,
        };
        let program = Program {
            rows,
            seconds,
            x: &x,
            building,
            build,
        };
        match self.backend {
            Backend::Cbc => {
                let mut engine = unsolved.using(coin_cbc);
                engine.set_log_level(0);
                // Settings measured on 200 top1465 puzzles (seed 1), uniqueness proven. CBC's
                // cut generators cost more than they prune here: off, 8.1 → 29.9 puzzles/s.
                // Its primal heuristics rarely beat branching to a first point and never help
                // prove infeasibility: off, presolved 44.8 → 57.2/s. Left at their defaults:
                // `tunePreProcess` with bit 0 set (presolved median 10.9 → 9.0 ms) crashed CBC
                // (SIGSEGV) counting small multi-solution puzzles; `preprocess=off` is 8× slower;
                // `preprocess=strategy` had CBC return invalid grids as optimal (131 of 200, each
                // caught by verification as a wrong answer).
                engine.set_parameter("cuts", "off");
                engine.set_parameter("heur", "off");
                program.solve(engine)
            }
            Backend::Highs => highs_engine(unsolved).and_then(|engine| program.solve(engine)),
            Backend::Microlp => program.solve(unsolved.using(microlp)),
            Backend::Glpk => {
                if !glpsol_installed() {
                    return Err(Stop::Failed(
                        "glpsol not found: install GLPK (Debian package glpk-utils)".into(),
                    ));
                }
                program.solve(unsolved.using(LpSolver(GlpkSolver::new())))
            }
        }
    }
}

/// HiGHS, single-threaded and quiet.
#[cfg(feature = "highs")]
fn highs_engine(
    unsolved: good_lp::variable::UnsolvedProblem,
) -> Result<good_lp::solvers::highs::HighsProblem, Stop> {
    let mut engine = unsolved.using(good_lp::highs).set_threads(1);
    engine.set_verbose(false);
    Ok(engine)
}

/// HiGHS is built only with the `highs` feature; without it, the backend says how to get it.
#[cfg(not(feature = "highs"))]
fn highs_engine(
    _: good_lp::variable::UnsolvedProblem,
) -> Result<good_lp::solvers::microlp::MicroLpProblem, Stop> {
    Err(Stop::Failed(
        "this build has no HiGHS: rebuild with the `highs` feature (it compiles HiGHS, which \
         needs cmake, a C++ compiler and libclang: Debian packages cmake, g++, libclang-dev)"
            .into(),
    ))
}

/// A built program on its way to an engine: its rows, time limit and variables.
struct Program<'a> {
    rows: Vec<good_lp::Constraint>,
    seconds: Option<f64>,
    x: &'a [Variable],
    building: Instant,
    build: &'a mut Duration,
}

impl Program<'_> {
    /// Adds the rows, sets the time limit and solves, in any engine.
    fn solve<M>(self, mut engine: M) -> Result<Option<Vec<f64>>, Stop>
    where
        M: SolverModel<Error = ResolutionError> + WithTimeLimit,
    {
        for row in self.rows {
            engine.add_constraint(row);
        }
        if let Some(seconds) = self.seconds {
            engine = engine.with_time_limit(seconds);
        }
        *self.build += self.building.elapsed();
        let seconds = self.seconds;
        let started = Instant::now();
        // Engines count their limit in whole seconds at best: one that used its last whole
        // second may have stopped on time rather than proved anything.
        let out_of_time =
            || seconds.is_some_and(|limit| started.elapsed().as_secs_f64() + 1.0 >= limit.floor());
        let x = self.x;
        match engine.solve() {
            Ok(solution) if matches!(solution.status(), SolutionStatus::Optimal) => {
                Ok(Some(x.iter().map(|&v| solution.value(v)).collect()))
            }
            Ok(_) => Err(Stop::GaveUp(StopReason::Deadline)),
            Err(ResolutionError::Infeasible) => Ok(None),
            // The program is bounded (binary variables), so "unbounded" is GLPK's way of saying
            // it found no integer point: infeasible, unless its time ran out first.
            Err(ResolutionError::Unbounded) if out_of_time() => {
                Err(Stop::GaveUp(StopReason::Deadline))
            }
            Err(ResolutionError::Unbounded) => Ok(None),
            Err(_) if out_of_time() => Err(Stop::GaveUp(StopReason::Deadline)),
            Err(error) => Err(Stop::Failed(error.to_string())),
        }
    }
}

/// Whether GLPK's `glpsol` runs here: asked once per process, not once per program.
fn glpsol_installed() -> bool {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *INSTALLED.get_or_init(|| {
        std::process::Command::new("glpsol")
            .arg("--version")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    })
}
