//! The solvers a fuzzed puzzle is handed, the budgets they get, and what their outcomes must
//! satisfy, alone and side by side.
//!
//! Only pure-Rust solvers are linked: the registry without its `engines` feature (which brings
//! the C/C++ integer programming engines and SAT's CaDiCaL). Every solve goes through `solve_checked`, which already
//! turns an unverified answer into `Verdict::WrongAnswer`; these checks add what one outcome
//! cannot show: complete solvers that decide must agree with each other, and no solver may find
//! a solution to a puzzle a complete solver proved unsolvable.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use sudoku_core::{Budget, Grid, Outcome, Solver, StopReason, Verdict, verify_solution};

/// Work caps of a complete solver, in its declared work counter, by board side: enough for the
/// bit-set and exact-cover searches to settle most random puzzles up to 9×9, and smaller on
/// larger boards, where one unit of work (a node, a technique step) costs far more. Measured
/// under the address sanitizer: at most tens of milliseconds a solve.
const COMPLETE_WORK_CAPS: [(usize, u64); 6] = [
    (4, 20_000),
    (6, 20_000),
    (9, 20_000),
    (12, 5_000),
    (16, 2_000),
    (25, 150),
];

/// Work caps of an incomplete (stochastic) solver by board side: its units (moves, whole
/// generations of a population) cost more, and it is checked for wrong answers only.
const INCOMPLETE_WORK_CAPS: [(usize, u64); 6] =
    [(4, 50), (6, 50), (9, 20), (12, 10), (16, 5), (25, 3)];

/// The cap for a board of side `size` in a table of caps by side.
fn cap_for(caps: &[(usize, u64)], size: usize) -> u64 {
    caps.iter()
        .find(|&&(side, _)| side == size)
        .map_or(1, |&(_, cap)| cap)
}

/// A wall-clock bound on each solve, there only to turn a hang into a clean stop: the work caps
/// end every solve long before it on any machine.
pub const HANG_GUARD: Duration = Duration::from_secs(2);

/// A fresh instance of every pure-Rust solver the registry holds; fresh per input so a crash
/// replays from the input alone.
pub fn solvers() -> Vec<Box<dyn Solver>> {
    sudoku_registry::registry()
        .iter()
        .map(|entry| entry.make())
        .collect()
}

/// The budget `solver` gets on a board of side `size`: a complete, counting solver lists up to
/// `solution_limit` solutions (so whole solution sets can be compared); the others look for one.
pub fn budget_for(solver: &dyn Solver, size: usize, solution_limit: u64) -> Budget {
    let caps = solver.info().capabilities;
    let (budget, cap) = match (caps.complete, caps.counts_solutions) {
        (true, true) => (
            Budget::list(solution_limit as usize),
            cap_for(&COMPLETE_WORK_CAPS, size),
        ),
        (true, false) => (Budget::solve(), cap_for(&COMPLETE_WORK_CAPS, size)),
        (false, _) => (Budget::solve(), cap_for(&INCOMPLETE_WORK_CAPS, size)),
    };
    budget
        .with_max_iterations(cap)
        .with_seed(solution_limit)
        .with_deadline(Instant::now() + HANG_GUARD)
}

/// One solver's outcome on the puzzle, with what it declared.
pub struct Solve {
    pub id: &'static str,
    pub complete: bool,
    pub counts_solutions: bool,
    pub budget: Budget,
    pub outcome: Outcome,
}

impl Solve {
    /// A complete, counting solver that settled the question within its budget.
    fn decided_by_counting(&self) -> bool {
        self.complete
            && self.counts_solutions
            && matches!(self.outcome.verdict, Verdict::Solved | Verdict::Unsolvable)
    }
}

/// What one outcome must satisfy on its own: an allowed verdict, verified solutions, and counts
/// that fit the budget.
pub fn assert_outcome_is_sound(puzzle: &Grid, solve: &Solve) {
    let Solve {
        id,
        outcome,
        budget,
        ..
    } = solve;
    let stopped_by_budget = |reason: &StopReason| {
        matches!(reason, StopReason::IterationCap | StopReason::Deadline)
            || (!solve.complete && *reason == StopReason::SearchExhausted)
    };
    match &outcome.verdict {
        Verdict::Solved | Verdict::Unsolvable => {}
        Verdict::GaveUp(reason) => assert!(stopped_by_budget(reason), "{id}: gave up: {reason}"),
        other => panic!("{id} on {puzzle:?}: {other}"),
    }
    if outcome.verdict == Verdict::Unsolvable {
        assert!(
            solve.complete,
            "{id} is incomplete but declared {puzzle:?} unsolvable"
        );
        assert_eq!(outcome.solution_count, 0, "{id}: unsolvable with solutions");
    }
    for solution in &outcome.solutions {
        if let Err(violation) = verify_solution(puzzle, solution) {
            panic!("{id} on {puzzle:?}: {solution:?} is wrong: {violation}");
        }
    }
    if outcome.verdict == Verdict::Solved {
        let count = outcome.solution_count;
        assert!(
            count >= 1 && count <= budget.solution_limit,
            "{id}: {count} solutions"
        );
        let kept = count.min(budget.keep_solutions as u64) as usize;
        assert_eq!(
            outcome.solutions.len(),
            kept,
            "{id}: kept solutions of {count}"
        );
    }
}

/// What the outcomes must satisfy side by side: complete, counting solvers that decided give the
/// same verdict and count, and the same solutions when they listed them all; no solver solves
/// what one of them proved unsolvable, nor finds a solution outside a complete list.
pub fn assert_solves_agree(puzzle: &Grid, solves: &[Solve]) {
    let Some(reference) = solves.iter().find(|solve| solve.decided_by_counting()) else {
        return;
    };
    let limit = reference.budget.solution_limit;
    let solution_set = |solve: &Solve| {
        solve
            .outcome
            .solutions
            .iter()
            .cloned()
            .collect::<HashSet<_>>()
    };
    let listed_all = reference.outcome.solution_count < limit;
    for solve in solves {
        let (ours, theirs) = (&solve.outcome, &reference.outcome);
        if solve.decided_by_counting() {
            assert_eq!(
                (&ours.verdict, ours.solution_count),
                (&theirs.verdict, theirs.solution_count),
                "{} and {} disagree on {puzzle:?} (limit {limit})",
                solve.id,
                reference.id
            );
            if listed_all {
                assert!(
                    solution_set(solve) == solution_set(reference),
                    "{} and {} list different solutions of {puzzle:?}",
                    solve.id,
                    reference.id
                );
            }
        } else if let Some(found) = ours.solutions.first() {
            assert_ne!(
                theirs.verdict,
                Verdict::Unsolvable,
                "{} solved {puzzle:?}, which {} proved unsolvable",
                solve.id,
                reference.id
            );
            assert!(
                !listed_all || theirs.solutions.contains(found),
                "{} found a solution of {puzzle:?} missing from {}'s complete list",
                solve.id,
                reference.id
            );
        }
    }
}
