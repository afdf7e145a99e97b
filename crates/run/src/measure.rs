//! The one timed-solve path: `bench`, `reproduce`, the criterion benches and the peers
//! comparison all time a solve through [`timed_solve`].

use std::time::{Duration, Instant};

use sudoku_core::{
    Budget, Grid, Outcome, Solver, Verdict, Violation, admit, check_answer, solve_guarded,
};

/// Runs `puzzle` once, timing only the solver's own work: the input check ([`admit`]) comes
/// before the clock starts, the answer check ([`check_answer`]) after it stops. A panic becomes
/// [`sudoku_core::Verdict::Crashed`]; a wrong answer, [`sudoku_core::Verdict::WrongAnswer`].
/// Every solution counted up to the budget's `keep_solutions` must be there to check, so a
/// claim of "2 solutions" rests on two verified, distinct grids.
pub fn timed_solve(solver: &mut dyn Solver, puzzle: &Grid, budget: &Budget) -> (Outcome, Duration) {
    if let Err(why) = admit(solver, puzzle) {
        return (Outcome::rejected(why), Duration::ZERO);
    }
    let start = Instant::now();
    let mut outcome = solve_guarded(solver, puzzle, budget);
    let elapsed = start.elapsed();
    check_answer(puzzle, &mut outcome);
    let owed = outcome.solution_count.min(budget.keep_solutions as u64);
    if outcome.verdict == Verdict::Solved && (outcome.solutions.len() as u64) < owed {
        outcome.verdict = Verdict::WrongAnswer(Violation::Unbacked);
    }
    (outcome, elapsed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Capabilities, Counters, Family, SolverInfo, Verdict};

    /// Returns the puzzle itself as its solution.
    struct Liar;

    impl Solver for Liar {
        fn info(&self) -> SolverInfo {
            SolverInfo {
                id: "liar",
                family: Family::Backtracking,
                description: "returns the puzzle as its solution",
                capabilities: Capabilities::exact(&[4]).without_counting(),
            }
        }

        fn solve(&mut self, puzzle: &Grid, _: &Budget) -> Outcome {
            Outcome::from_search(None, vec![puzzle.clone()], 1, Counters::default())
        }
    }

    #[test]
    fn a_wrong_answer_is_caught_outside_the_timing() {
        let board = Grid::parse("1...............").unwrap();
        let (outcome, _) = timed_solve(&mut Liar, &board, &Budget::solve());
        assert!(matches!(outcome.verdict, Verdict::WrongAnswer(_)));
    }
}
