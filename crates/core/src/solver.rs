//! The contract every solver implements, and the shared types it speaks in.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::geometry::VariantKind;
use crate::grid::Grid;
use crate::rules::{Conflict, Violation, validate_clues, verify_solution};
use crate::shape::Shape;
use crate::watch::{NotWatchable, SearchEvent};

/// A Sudoku algorithm. Object-safe, so a registry can hold every solver as `Box<dyn Solver>`.
///
/// A solver owns whatever scratch space it reuses between solves, hence `&mut self`; make one
/// instance per thread. Solvers count their work in [`Counters`] and never read a clock except to
/// honour [`Budget::deadline`] through [`Budget::check`].
pub trait Solver: Send {
    /// What the solver is and what it can do. Must not change between calls.
    fn info(&self) -> SolverInfo;

    /// Solves `puzzle` within `budget`.
    ///
    /// Callers normally go through [`solve_checked`], which rejects sizes the solver does not
    /// declare and conflicting clues before calling this, and verifies every returned solution.
    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome;

    /// Solves as [`Solver::solve`] does, telling `watch` of each step of its own search in its
    /// own terms ([`SearchEvent`]: placements and removals, covers, moves, technique steps), so
    /// the search can be shown as it really ran. The outcome must be the one [`Solver::solve`]
    /// gives, and replaying the events on the puzzle ([`crate::Replay`]) must end on the first
    /// solution when the search stops there.
    ///
    /// The default refuses ([`NotWatchable`]) without solving: it is never wrong to say a search
    /// cannot be seen, and always wrong to pretend. Solvers that can show their search override
    /// this; those whose search runs in foreign code refuse, naming the engine.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        let _ = (puzzle, budget, watch);
        Err(NotWatchable::new(
            self.info().id,
            "it does not report the steps of its search",
        ))
    }

    /// The steps of a solve in words, for solvers that reason the way a person does (techniques
    /// with names, cells and digits). The default is never wrong: no explanation.
    fn explain(&mut self, puzzle: &Grid, budget: &Budget) -> Option<Vec<Step>> {
        let _ = (puzzle, budget);
        None
    }

    /// Solves a puzzle given as its text line, the parsing counted as part of the work: what
    /// throughput is measured on, as the fastest solvers' own benchmarks measure it. The first
    /// solution's cells go into `first` (left empty when there is none). Callers check each
    /// line once beforehand ([`admit`] on its parsed grid), as for [`Solver::solve`].
    ///
    /// The default parses into a [`Grid`] and calls [`Solver::solve`]. A solver with a faster
    /// way from text overrides it; it must answer as [`Solver::solve`] does.
    fn solve_text(
        &mut self,
        line: &str,
        budget: &Budget,
        first: &mut Vec<u8>,
    ) -> Result<TextAnswer, crate::ParseError> {
        solve_parsed(self, line, budget, first)
    }

    /// Which compiled copy of its code this solver runs, for solvers built several ways (the
    /// fast solver's scalar, AVX2 and AVX-512 copies); `None` for one way only.
    fn code_path(&self) -> Option<&'static str> {
        None
    }
}

/// [`Solver::solve_text`]'s default: the line parsed into a [`Grid`], then [`Solver::solve`].
pub fn solve_parsed<S: Solver + ?Sized>(
    solver: &mut S,
    line: &str,
    budget: &Budget,
    first: &mut Vec<u8>,
) -> Result<TextAnswer, crate::ParseError> {
    let grid = Grid::parse(line)?;
    let outcome = solver.solve(&grid, budget);
    first.clear();
    if let Some(solution) = outcome.solutions.first() {
        first.extend_from_slice(solution.cells());
    }
    Ok(TextAnswer {
        solutions: outcome.solution_count,
        guesses: outcome.counters.guesses,
        stopped: match outcome.verdict {
            Verdict::GaveUp(reason) => Some(reason),
            _ => None,
        },
    })
}

/// What [`Solver::solve_text`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextAnswer {
    /// Solutions found, up to the budget's limit.
    pub solutions: u64,
    /// Guesses made ([`Counters::guesses`]).
    pub guesses: u64,
    /// Set when the budget stopped the search before it was settled.
    pub stopped: Option<StopReason>,
}

/// One step of an explained solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique's name (`naked single`, `X-Wing`).
    pub technique: String,
    /// The step in words, naming cells and digits.
    pub text: String,
    /// Digits placed, as `(cell, value)`.
    pub placed: Vec<(usize, u8)>,
    /// Candidates removed, as `(cell, value)`.
    pub eliminated: Vec<(usize, u8)>,
}

/// A solver's identity and declared capabilities; reports and tests read these, never guess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverInfo {
    /// Stable identifier used on the command line and in result files (`naive`, `dlx`).
    pub id: &'static str,
    pub family: Family,
    /// One line saying what the algorithm does.
    pub description: &'static str,
    pub capabilities: Capabilities,
}

/// The kind of algorithm, for grouping in reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    Backtracking,
    ExactCover,
    LinearProgramming,
    /// A SAT encoding handed to a CDCL engine.
    Satisfiability,
    GraphColouring,
    LocalSearch,
    Evolutionary,
    /// Agents that build solutions and share what they learn (an ant colony's pheromone).
    SwarmIntelligence,
    HumanTechniques,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Backtracking => "backtracking",
            Family::ExactCover => "exact cover",
            Family::LinearProgramming => "linear programming",
            Family::Satisfiability => "satisfiability",
            Family::GraphColouring => "graph colouring",
            Family::LocalSearch => "local search",
            Family::Evolutionary => "evolutionary",
            Family::SwarmIntelligence => "swarm intelligence",
            Family::HumanTechniques => "human techniques",
        })
    }
}

/// What a solver promises. Built with [`Capabilities::exact`] or [`Capabilities::incomplete`]
/// and the setters, so a capability added later does not touch every solver.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// Explores the whole search space: finds a solution whenever one exists (budget allowing)
    /// and may declare a puzzle unsolvable.
    pub complete: bool,
    /// Honours solution limits above one: can prove uniqueness and count solutions.
    pub counts_solutions: bool,
    /// Its path depends on [`Budget::seed`].
    pub stochastic: bool,
    /// Board sides it accepts (4, 6, 9, 12, 16, 25).
    pub sizes: &'static [usize],
    /// The variants it accepts; classic only unless it reads the board's houses from its
    /// [`crate::Geometry`].
    pub variants: &'static [VariantKind],
    /// Fills [`Counters::guesses`] meaningfully (a branch taken with more than one candidate).
    pub reports_guesses: bool,
    /// The counter [`Budget::max_iterations`] caps and reports show as the solver's work: one of
    /// [`Counters::FIXED`] or a name it adds with [`Counters::add`].
    pub work_counter: &'static str,
    /// Each unit of the work counter is a whole engine run (an integer program, a SAT call), not
    /// a search step, so a cap of a few units is already a large budget.
    pub coarse_work: bool,
    /// Runs foreign code it cannot fully control (a C++ engine, an external program): it may
    /// overrun its time limit, take the process down, or not be thread-safe, so the harness runs
    /// it in a worker process under a watchdog.
    pub external_engine: bool,
}

impl Capabilities {
    /// A complete search that counts solutions, its work counted in `iterations`.
    pub fn exact(sizes: &'static [usize]) -> Capabilities {
        Capabilities {
            complete: true,
            counts_solutions: true,
            stochastic: false,
            sizes,
            variants: &[VariantKind::Classic],
            reports_guesses: false,
            work_counter: "iterations",
            coarse_work: false,
            external_engine: false,
        }
    }

    /// A search that may give up on a solvable puzzle and looks for one solution only.
    pub fn incomplete(sizes: &'static [usize]) -> Capabilities {
        Capabilities {
            complete: false,
            counts_solutions: false,
            ..Capabilities::exact(sizes)
        }
    }

    /// Complete, but stops at the first solution (cannot prove uniqueness).
    pub fn without_counting(self) -> Capabilities {
        Capabilities {
            counts_solutions: false,
            ..self
        }
    }

    /// Its path depends on the seed.
    pub fn stochastic(self) -> Capabilities {
        Capabilities {
            stochastic: true,
            ..self
        }
    }

    /// Fills [`Counters::guesses`].
    pub fn reporting_guesses(self) -> Capabilities {
        Capabilities {
            reports_guesses: true,
            ..self
        }
    }

    /// The counter its work is measured and capped in.
    pub fn work_counter(self, name: &'static str) -> Capabilities {
        Capabilities {
            work_counter: name,
            ..self
        }
    }

    /// The work counter counts whole engine runs (see [`Capabilities::coarse_work`]).
    pub fn counting_engine_runs(self, name: &'static str) -> Capabilities {
        Capabilities {
            work_counter: name,
            coarse_work: true,
            ..self
        }
    }

    /// Declares foreign engine code: see [`Capabilities::external_engine`].
    pub fn external_engine(self) -> Capabilities {
        Capabilities {
            external_engine: true,
            ..self
        }
    }

    /// Takes every variant: it reads houses, never boxes or bands.
    pub fn on_every_variant(self) -> Capabilities {
        Capabilities {
            variants: &VariantKind::ALL,
            ..self
        }
    }

    pub fn supports(&self, shape: Shape) -> bool {
        self.sizes.contains(&shape.size())
    }

    pub fn supports_variant(&self, kind: VariantKind) -> bool {
        self.variants.contains(&kind)
    }

    /// Whether it takes boards of side `size` under `variant`: what [`admit`] asks of a
    /// puzzle before its clues, and what callers ask when choosing a solver for a kind of board.
    pub fn takes(&self, size: usize, variant: VariantKind) -> bool {
        self.sizes.contains(&size) && self.supports_variant(variant)
    }
}

/// Every size the suite supports, for solvers that take them all.
pub const ALL_SIZES: &[usize] = &[4, 6, 9, 12, 16, 25];

/// How much a solve may spend, and how many solutions it should look for.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Stop after this many solutions: 1 to solve, 2 to check uniqueness, `u64::MAX` to count all.
    pub solution_limit: u64,
    /// Keep at most this many solutions in [`Outcome::solutions`] (the first is always kept);
    /// the rest are only counted.
    pub keep_solutions: usize,
    pub deadline: Option<Instant>,
    /// Cap on the solver's main work counter (iterations, nodes, moves, generations).
    pub max_iterations: Option<u64>,
    /// Seed for stochastic solvers; equal seeds give equal runs.
    pub seed: u64,
    /// Set from another thread to stop the solve early.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::solve()
    }
}

impl Budget {
    /// Find one solution.
    pub fn solve() -> Budget {
        Budget {
            solution_limit: 1,
            keep_solutions: 1,
            deadline: None,
            max_iterations: None,
            seed: 0,
            cancel: None,
        }
    }

    /// Look for a second solution, to prove uniqueness.
    pub fn unique() -> Budget {
        Budget::list(2)
    }

    /// Count solutions up to `limit` (`u64::MAX` for all), keeping the first one.
    pub fn count(limit: u64) -> Budget {
        Budget {
            solution_limit: limit,
            ..Budget::solve()
        }
    }

    /// Find and keep up to `limit` solutions.
    pub fn list(limit: usize) -> Budget {
        Budget {
            solution_limit: limit as u64,
            keep_solutions: limit,
            ..Budget::solve()
        }
    }

    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// A deadline `limit` from now, by the budgets' [`clock`].
    pub fn with_time_limit(self, limit: Duration) -> Budget {
        self.with_deadline(clock() + limit)
    }

    pub fn with_max_iterations(mut self, cap: u64) -> Budget {
        self.max_iterations = Some(cap);
        self
    }

    pub fn with_seed(mut self, seed: u64) -> Budget {
        self.seed = seed;
        self
    }

    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// Whether the budget is spent, given `work` units done so far. Solvers call this at natural
    /// boundaries (every few thousand steps on hot loops) and stop with [`Verdict::GaveUp`].
    pub fn check(&self, work: u64) -> Result<(), StopReason> {
        if self.max_iterations.is_some_and(|cap| work >= cap) {
            return Err(StopReason::IterationCap);
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|deadline| clock() >= deadline) {
            return Err(StopReason::Deadline);
        }
        Ok(())
    }

    /// The time left before the deadline (zero once past it), for a solver that hands a time
    /// limit on to an engine; `None` without a deadline.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(clock()))
    }
}

/// The clock budgets read: the one place deadlines meet the system's time, so a build for a
/// platform without `std::time::Instant` (a browser) has one function to replace.
pub fn clock() -> Instant {
    Instant::now()
}

/// Where a hot loop next consults its budget. [`Checkpoints::due`] is one comparison per step;
/// the budget itself (clock, cancel flag, cap) is read only every `every` units of work, and a
/// checkpoint never lies past the iteration cap, so a cap is honoured exactly.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoints {
    every: u64,
    next: u64,
    cap: u64,
}

impl Checkpoints {
    /// Checkpoints every `every` units of work under `budget`.
    pub fn new(budget: &Budget, every: u64) -> Checkpoints {
        let cap = budget.max_iterations.unwrap_or(u64::MAX);
        Checkpoints {
            every,
            next: every.min(cap),
            cap,
        }
    }

    /// No checkpoint ever: for internal solves that run without a budget.
    pub fn never() -> Checkpoints {
        Checkpoints {
            every: u64::MAX,
            next: u64::MAX,
            cap: u64::MAX,
        }
    }

    /// Whether `work` has reached the next checkpoint.
    #[inline]
    pub fn due(&self, work: u64) -> bool {
        work >= self.next
    }

    /// Checks `budget` at `work` and sets the next checkpoint.
    pub fn check(&mut self, budget: &Budget, work: u64) -> Result<(), StopReason> {
        self.next = work.saturating_add(self.every).min(self.cap);
        budget.check(work)
    }
}

/// Why a solve stopped before it could decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    Deadline,
    IterationCap,
    Cancelled,
    /// A stochastic search ran its own course (generations, restarts) without a solution.
    SearchExhausted,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Deadline => "deadline reached",
            StopReason::IterationCap => "iteration cap reached",
            StopReason::Cancelled => "cancelled",
            StopReason::SearchExhausted => "search ran its course without a solution",
        })
    }
}

/// Why a puzzle was refused without searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The solver does not declare this size.
    UnsupportedSize(Shape),
    /// The solver does not declare this variant.
    UnsupportedVariant(VariantKind),
    /// The clues already break the rules, so there is nothing to solve.
    ConflictingClues(Conflict),
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::UnsupportedSize(shape) => write!(f, "{shape} boards are not supported"),
            Rejection::UnsupportedVariant(kind) => write!(f, "{kind} boards are not supported"),
            Rejection::ConflictingClues(conflict) => write!(f, "clues conflict: {conflict}"),
        }
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// At least one solution was found. If fewer than the solution limit were found, the search
    /// was exhausted and [`Outcome::solution_count`] is the exact total.
    Solved,
    /// Proven to have no solution. Only complete solvers say this.
    Unsolvable,
    /// The budget ran out (or the search ran its course) before the question was settled.
    GaveUp(StopReason),
    /// The input was refused without searching.
    Rejected(Rejection),
    /// A returned solution failed verification: set by [`solve_checked`], never by a solver.
    WrongAnswer(Violation),
    /// The solver panicked, with its message: set by [`solve_guarded`], never by a solver.
    Crashed(String),
    /// The solver could not work and said why without panicking (an external engine's error, a
    /// library that refused the model). Neither a crash nor a budget running out.
    Failed(String),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Solved => f.write_str("solved"),
            Verdict::Unsolvable => f.write_str("unsolvable"),
            Verdict::GaveUp(reason) => write!(f, "gave up ({reason})"),
            Verdict::Rejected(why) => write!(f, "rejected ({why})"),
            Verdict::WrongAnswer(why) => write!(f, "wrong answer ({why})"),
            Verdict::Crashed(message) => write!(f, "crashed ({message})"),
            Verdict::Failed(message) => write!(f, "failed ({message})"),
        }
    }
}

/// Work a solver did, by kind. Each solver fills the counters that fit it and leaves the rest 0;
/// work of another kind (restarts, evaluations, simplex iterations, branch-and-bound nodes,
/// techniques applied) goes in named extras through [`Counters::add`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Values tried (naive backtracking: each value counts before its feasibility check).
    pub iterations: u64,
    /// Branches taken at a cell with more than one candidate.
    pub guesses: u64,
    /// Times the search undid a choice.
    pub backtracks: u64,
    /// Search-tree nodes, or dancing-links updates.
    pub nodes: u64,
    /// Generations of a population-based search.
    pub generations: u64,
    /// Moves of a local search.
    pub moves: u64,
    /// Further counters by name, in the order first added.
    pub extras: Vec<(&'static str, u64)>,
}

impl Counters {
    /// The names of the fixed counters, in the order of tables and CSV columns.
    pub const FIXED: [&'static str; 6] = [
        "iterations",
        "guesses",
        "backtracks",
        "nodes",
        "generations",
        "moves",
    ];

    /// The extra a solver that builds a model for an engine (an integer program, a formula)
    /// reports its building time in, µs: the time is part of the solve, and reports show it
    /// apart so what the engine costs and what feeding it costs read separately.
    pub const BUILD_US: &'static str = "build_us";

    /// The extras that are times rather than counts of work: they vary from one run of the same
    /// search to the next, so comparisons of searches leave them out.
    pub const TIMINGS: [&'static str; 1] = [Counters::BUILD_US];

    /// These counters without [`Counters::TIMINGS`]: what two runs of the same search share.
    pub fn work_only(&self) -> Counters {
        let mut work = self.clone();
        work.extras
            .retain(|(name, _)| !Counters::TIMINGS.contains(name));
        work
    }

    /// The fixed counters as `(name, value)` pairs, in [`Counters::FIXED`] order.
    pub fn named(&self) -> [(&'static str, u64); 6] {
        [
            ("iterations", self.iterations),
            ("guesses", self.guesses),
            ("backtracks", self.backtracks),
            ("nodes", self.nodes),
            ("generations", self.generations),
            ("moves", self.moves),
        ]
    }

    /// Adds `amount` to the counter called `name`: a fixed one, or an extra (created at 0).
    pub fn add(&mut self, name: &'static str, amount: u64) {
        let fixed = match name {
            "iterations" => Some(&mut self.iterations),
            "guesses" => Some(&mut self.guesses),
            "backtracks" => Some(&mut self.backtracks),
            "nodes" => Some(&mut self.nodes),
            "generations" => Some(&mut self.generations),
            "moves" => Some(&mut self.moves),
            _ => None,
        };
        if let Some(counter) = fixed {
            *counter += amount;
        } else if let Some((_, value)) = self.extras.iter_mut().find(|(n, _)| *n == name) {
            *value += amount;
        } else {
            self.extras.push((name, amount));
        }
    }

    /// Every counter as `(name, value)`: the fixed ones in [`Counters::FIXED`] order, then the
    /// extras. What tables, CSV rows and JSON show.
    pub fn all(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.named().into_iter().chain(self.extras.iter().copied())
    }

    /// The counter called `name`, fixed or extra; 0 when the solver never set it.
    pub fn get(&self, name: &str) -> u64 {
        self.all()
            .find(|(n, _)| *n == name)
            .map_or(0, |(_, value)| value)
    }
}

/// The solutions a search has found: every one counted, the first [`Budget::keep_solutions`]
/// kept (at least one), and whether the budget's solution limit is reached. One bookkeeping for
/// every backtracking search.
#[derive(Clone, Debug)]
pub struct Found {
    solutions: Vec<Grid>,
    count: u64,
    keep: usize,
    limit: u64,
}

impl Found {
    pub fn new(budget: &Budget) -> Found {
        Found {
            solutions: Vec::new(),
            count: 0,
            keep: budget.keep_solutions.max(1),
            limit: budget.solution_limit,
        }
    }

    /// Counts a solution, building its grid with `grid` only if it is kept; true when the
    /// solution limit is reached and the search should stop.
    pub fn record(&mut self, grid: impl FnOnce() -> Grid) -> bool {
        self.count += 1;
        if self.solutions.len() < self.keep {
            self.solutions.push(grid());
        }
        self.count >= self.limit
    }

    pub fn count(&self) -> u64 {
        self.count
    }

    /// The outcome of the search: stopped by the budget (`stopped`) or run to its end.
    pub fn into_outcome(self, stopped: Option<StopReason>, counters: Counters) -> Outcome {
        Outcome::from_search(stopped, self.solutions, self.count, counters)
    }
}

/// What a solve produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// The first solutions found, at most [`Budget::keep_solutions`].
    pub solutions: Vec<Grid>,
    /// How many solutions were found in all (may exceed `solutions.len()`).
    pub solution_count: u64,
    pub counters: Counters,
    /// Where an incomplete solver stood when it gave up: its best grid and that grid's cost (0
    /// would be a solution), so a search ending at cost 2 reads differently from one at 40.
    pub best_attempt: Option<Attempt>,
    /// How an incomplete search's best cost fell with its work (empty for other solvers).
    pub convergence: Convergence,
}

/// A local search's best cost at each amount of work where it improved: what a convergence
/// chart plots. Only improvements are kept, so its length is bounded by the starting cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Convergence {
    points: Vec<(u64, u64)>,
}

impl Convergence {
    /// Notes that after `work` units of the solver's work counter the best cost so far is
    /// `cost`; kept only when it improves on the last point.
    pub fn record(&mut self, work: u64, cost: u64) {
        if self.points.last().is_none_or(|&(_, best)| cost < best) {
            self.points.push((work, cost));
        }
    }

    /// `(work, best cost)` pairs, work increasing, cost decreasing.
    pub fn points(&self) -> &[(u64, u64)] {
        &self.points
    }

    /// The lowest cost recorded.
    pub fn best(&self) -> Option<u64> {
        self.points.last().map(|&(_, cost)| cost)
    }
}

/// The best grid an incomplete search reached, with the cost the solver gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub grid: Grid,
    pub cost: u64,
}

impl Outcome {
    /// An outcome with no search behind it.
    pub fn rejected(why: Rejection) -> Outcome {
        Outcome {
            verdict: Verdict::Rejected(why),
            solutions: Vec::new(),
            solution_count: 0,
            counters: Counters::default(),
            best_attempt: None,
            convergence: Convergence::default(),
        }
    }

    /// A solver that could not work, and why ([`Verdict::Failed`]).
    pub fn failed(why: impl Into<String>, counters: Counters) -> Outcome {
        Outcome {
            verdict: Verdict::Failed(why.into()),
            solutions: Vec::new(),
            solution_count: 0,
            counters,
            best_attempt: None,
            convergence: Convergence::default(),
        }
    }

    /// The same outcome, with how its search converged.
    pub fn with_convergence(self, convergence: Convergence) -> Outcome {
        Outcome {
            convergence,
            ..self
        }
    }

    /// An incomplete search that stopped for `reason` at `best`.
    pub fn gave_up_at(reason: StopReason, best: Attempt, counters: Counters) -> Outcome {
        Outcome {
            best_attempt: Some(best),
            ..Outcome::from_search(Some(reason), Vec::new(), 0, counters)
        }
    }

    /// The outcome of a search that stopped either by budget (`stopped`) or by running out of
    /// tree: `Solved` if anything was found, otherwise `Unsolvable` for an exhausted search.
    pub fn from_search(
        stopped: Option<StopReason>,
        solutions: Vec<Grid>,
        solution_count: u64,
        counters: Counters,
    ) -> Outcome {
        let verdict = match stopped {
            Some(reason) => Verdict::GaveUp(reason),
            None if solution_count > 0 => Verdict::Solved,
            None => Verdict::Unsolvable,
        };
        Outcome {
            verdict,
            solutions,
            solution_count,
            counters,
            best_attempt: None,
            convergence: Convergence::default(),
        }
    }

    pub fn is_solved(&self) -> bool {
        self.verdict == Verdict::Solved
    }
}

/// Runs a solver the way every caller should: [`admit`] first, then the solve, then
/// [`check_answer`]. No unverified answer leaves it.
pub fn solve_checked(solver: &mut dyn Solver, puzzle: &Grid, budget: &Budget) -> Outcome {
    if let Err(why) = admit(solver, puzzle) {
        return Outcome::rejected(why);
    }
    let mut outcome = solve_guarded(solver, puzzle, budget);
    check_answer(puzzle, &mut outcome);
    outcome
}

/// What a uniqueness check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// Exactly one solution, verified.
    Unique(Grid),
    /// Proven to have none.
    NoSolution,
    /// At least two; `differs_at` is the first cell (row-major) where the two found differ.
    Multiple {
        first: Grid,
        second: Grid,
        differs_at: usize,
    },
    /// The check could not decide: the outcome says why (budget, rejection, wrong answer).
    Undecided(Outcome),
}

/// Whether `puzzle` has exactly one solution, asked of `solver` (which must count solutions)
/// through [`solve_checked`], within `budget`'s deadline, cap and cancel flag. The command line
/// checks puzzles with it and the generator keeps only puzzles it calls unique.
pub fn uniqueness(solver: &mut dyn Solver, puzzle: &Grid, budget: &Budget) -> Uniqueness {
    let budget = Budget {
        solution_limit: 2,
        keep_solutions: 2,
        ..budget.clone()
    };
    let outcome = solve_checked(solver, puzzle, &budget);
    match (&outcome.verdict, outcome.solutions.as_slice()) {
        (Verdict::Solved, [first, second, ..]) => Uniqueness::Multiple {
            differs_at: (0..first.cells().len())
                .find(|&cell| first.get(cell) != second.get(cell))
                .unwrap_or(0),
            first: first.clone(),
            second: second.clone(),
        },
        (Verdict::Solved, [only]) if outcome.solution_count == 1 => {
            Uniqueness::Unique(only.clone())
        }
        (Verdict::Unsolvable, _) => Uniqueness::NoSolution,
        // Two solutions counted but one returned: the solver did not keep what it was asked to.
        (Verdict::Solved, _) => Uniqueness::Undecided(Outcome {
            verdict: Verdict::WrongAnswer(Violation::Unbacked),
            ..outcome
        }),
        _ => Uniqueness::Undecided(outcome),
    }
}

/// Calls [`Solver::solve`], turning a panic into [`Verdict::Crashed`] so that one faulty solver
/// cannot take a whole run down. A solver that panicked may have left its scratch space
/// inconsistent: callers should make a fresh instance before using it again.
pub fn solve_guarded(solver: &mut dyn Solver, puzzle: &Grid, budget: &Budget) -> Outcome {
    let solve = std::panic::AssertUnwindSafe(|| solver.solve(puzzle, budget));
    std::panic::catch_unwind(solve).unwrap_or_else(|payload| Outcome {
        verdict: Verdict::Crashed(panic_message(payload.as_ref())),
        solutions: Vec::new(),
        solution_count: 0,
        counters: Counters::default(),
        best_attempt: None,
        convergence: Convergence::default(),
    })
}

/// What a caught panic said, for a [`Verdict::Crashed`].
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// Whether `solver` may be handed `puzzle`: it declares the size and the variant, and the
/// clues do not conflict.
pub fn admit(solver: &dyn Solver, puzzle: &Grid) -> Result<(), Rejection> {
    let capabilities = &solver.info().capabilities;
    if !capabilities.supports(puzzle.shape()) {
        return Err(Rejection::UnsupportedSize(puzzle.shape()));
    }
    let kind = puzzle.variant().kind();
    if !capabilities.supports_variant(kind) {
        return Err(Rejection::UnsupportedVariant(kind));
    }
    validate_clues(puzzle).map_err(Rejection::ConflictingClues)
}

/// Verifies an outcome against its puzzle and turns the verdict into [`Verdict::WrongAnswer`]
/// at the first misstatement: a solution that does not verify, a repeated solution, or a claim
/// of solutions with none returned to back it. Solutions are verified under the puzzle's rules
/// and then carry its geometry, however the solver built them.
pub fn check_answer(puzzle: &Grid, outcome: &mut Outcome) {
    if let Some(violation) = first_violation(puzzle, outcome) {
        outcome.verdict = Verdict::WrongAnswer(violation);
    }
    let geometry = puzzle.geometry();
    for solution in &mut outcome.solutions {
        if solution.geometry() != geometry && solution.shape() == puzzle.shape() {
            *solution = solution.clone().on(geometry.clone());
        }
    }
}

fn first_violation(puzzle: &Grid, outcome: &Outcome) -> Option<Violation> {
    for (index, solution) in outcome.solutions.iter().enumerate() {
        if let Err(violation) = verify_solution(puzzle, solution) {
            return Some(violation);
        }
        if outcome.solutions[..index].contains(solution) {
            return Some(Violation::Duplicate);
        }
    }
    if let Some(attempt) = &outcome.best_attempt
        && let Err(violation) = crate::rules::verify_keeps_clues(puzzle, &attempt.grid)
    {
        return Some(violation);
    }
    let claims_solutions = outcome.solution_count > 0 || outcome.verdict == Verdict::Solved;
    let backs_claim =
        !outcome.solutions.is_empty() && outcome.solution_count >= outcome.solutions.len() as u64;
    (claims_solutions && !backs_claim).then_some(Violation::Unbacked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers whatever it is told to, to test the checks around solvers.
    struct Scripted(Outcome);

    impl Solver for Scripted {
        fn info(&self) -> SolverInfo {
            SolverInfo {
                id: "scripted",
                family: Family::Backtracking,
                description: "returns a fixed outcome",
                capabilities: Capabilities::exact(&[4]),
            }
        }

        fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
            self.0.clone()
        }
    }

    fn solved(solutions: &[&str], count: u64) -> Scripted {
        Scripted(Outcome {
            verdict: Verdict::Solved,
            solutions: solutions.iter().map(|s| Grid::parse(s).unwrap()).collect(),
            solution_count: count,
            counters: Counters::default(),
            best_attempt: None,
            convergence: Convergence::default(),
        })
    }

    #[test]
    fn every_misstatement_becomes_a_wrong_answer() {
        let puzzle = Grid::parse("1...............").unwrap();
        let good = "1234341221434321";
        let run =
            |mut solver: Scripted| solve_checked(&mut solver, &puzzle, &Budget::solve()).verdict;
        assert_eq!(run(solved(&[good], 1)), Verdict::Solved);
        assert!(matches!(
            run(solved(&["2134341221434321"], 1)),
            Verdict::WrongAnswer(_)
        ));
        assert_eq!(
            run(solved(&[good, good], 2)),
            Verdict::WrongAnswer(Violation::Duplicate)
        );
        assert_eq!(
            run(solved(&[], 1)),
            Verdict::WrongAnswer(Violation::Unbacked)
        );
    }

    /// Panics on every puzzle.
    struct Faulty;

    impl Solver for Faulty {
        fn info(&self) -> SolverInfo {
            solved(&[], 0).info()
        }

        fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
            panic!("index out of bounds in the faulty solver")
        }
    }

    #[test]
    fn a_panicking_solver_is_reported_as_crashed() {
        let puzzle = Grid::parse("1...............").unwrap();
        let outcome = solve_checked(&mut Faulty, &puzzle, &Budget::solve());
        assert_eq!(
            outcome.verdict,
            Verdict::Crashed("index out of bounds in the faulty solver".into())
        );
    }

    #[test]
    fn uniqueness_names_where_two_solutions_differ() {
        let two = ["1234341221434321", "1234341223414123"];
        let puzzle = Grid::parse("12343412........").unwrap();
        match uniqueness(&mut solved(&two, 2), &puzzle, &Budget::solve()) {
            Uniqueness::Multiple { differs_at, .. } => assert_eq!(differs_at, 9),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            uniqueness(&mut solved(&two[..1], 1), &puzzle, &Budget::solve()),
            Uniqueness::Unique(_)
        ));
        let none = Scripted(Outcome::from_search(
            None,
            Vec::new(),
            0,
            Counters::default(),
        ));
        assert_eq!(
            uniqueness(&mut { none }, &puzzle, &Budget::solve()),
            Uniqueness::NoSolution
        );
    }

    #[test]
    fn a_best_attempt_must_keep_the_clues() {
        let puzzle = Grid::parse("1...............").unwrap();
        let attempt = |grid: &str| {
            let mut outcome = Outcome::gave_up_at(
                StopReason::IterationCap,
                Attempt {
                    grid: Grid::parse(grid).unwrap(),
                    cost: 2,
                },
                Counters::default(),
            );
            check_answer(&puzzle, &mut outcome);
            outcome.verdict
        };
        assert_eq!(
            attempt("1234341221434312"),
            Verdict::GaveUp(StopReason::IterationCap)
        );
        assert!(matches!(
            attempt("2134341221434321"),
            Verdict::WrongAnswer(Violation::ClueChanged { .. })
        ));
    }

    #[test]
    fn extra_counters_are_named_and_summed() {
        let mut counters = Counters::default();
        counters.add("restarts", 2);
        counters.add("restarts", 3);
        counters.add("moves", 7);
        assert_eq!(
            (
                counters.get("restarts"),
                counters.moves,
                counters.get("moves")
            ),
            (5, 7, 7)
        );
        assert_eq!(counters.extras, vec![("restarts", 5)]);
        assert_eq!(counters.get("never set"), 0);
    }

    #[test]
    fn unsupported_sizes_and_conflicts_never_reach_the_solver() {
        let mut solver = solved(&["1234341221434321"], 1);
        let nine = Grid::empty(Shape::S9);
        assert_eq!(
            solve_checked(&mut solver, &nine, &Budget::solve()).verdict,
            Verdict::Rejected(Rejection::UnsupportedSize(Shape::S9))
        );
        let conflict = Grid::parse("11..............").unwrap();
        assert!(matches!(
            solve_checked(&mut solver, &conflict, &Budget::solve()).verdict,
            Verdict::Rejected(Rejection::ConflictingClues(_))
        ));
    }
}
