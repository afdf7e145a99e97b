//! [`Human`]: the engine behind the [`Solver`] trait, so the harness can time and check it like
//! every other algorithm.

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, Family, Grid, NotWatchable, Outcome, Rejection,
    SearchEvent, Solver, SolverInfo, Step,
};

use crate::AnalysisError;
use crate::board::Board;
use crate::deduction::Deduction;
use crate::engine::{LogicEnd, analyse_within, run_logic};
use crate::rating::Counts;
use crate::search::search_watched;
use crate::technique::{Order, Technique};

/// Solves with techniques in an [`Order`] (the thesis's by default), then by search when they
/// get stuck (see the crate documentation). Holds no state between solves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Human {
    order: Order,
}

impl Human {
    /// A solver trying techniques in `order`.
    pub fn new(order: Order) -> Human {
        Human { order }
    }

    pub fn order(&self) -> Order {
        self.order
    }

    /// The solve, telling `watch` (if any) of each technique step with the pencil marks after
    /// it, then, if they get stuck, of each guess and propagation of the search with its marks
    /// and of the digits its backtracks take back.
    fn run(
        &self,
        puzzle: &Grid,
        budget: &Budget,
        mut watch: Option<&mut dyn FnMut(SearchEvent<'_>)>,
    ) -> Outcome {
        let mut board = match Board::new(puzzle) {
            Ok(board) => board,
            Err(AnalysisError::ConflictingClues(conflict)) => {
                return Outcome::rejected(Rejection::ConflictingClues(conflict));
            }
            Err(other) => return Outcome::failed(other.to_string(), Counters::default()),
        };
        let mut counts = Counts::default();
        let mut work = 0;
        let logic = run_logic(&mut board, self.order, budget, &mut work, |before, step| {
            counts.add(step.technique());
            if let Some(watch) = watch.as_deref_mut() {
                report_step(before, step, watch);
            }
        });
        let mut counters = Counters::default();
        let outcome = match logic {
            Ok(LogicEnd::Solved) => {
                counters.add("steps", work);
                Outcome::from_search(None, vec![board.grid()], 1, counters)
            }
            Err(reason) => {
                counters.add("steps", work);
                Outcome::from_search(Some(reason), Vec::new(), 0, counters)
            }
            Ok(LogicEnd::Stuck) => {
                let searched = search_watched(&board, budget, &mut work, watch);
                counters.add("steps", work);
                counters.nodes = searched.nodes;
                counters.guesses = searched.guesses;
                counters.backtracks = searched.backtracks;
                searched.found.into_outcome(searched.stopped, counters)
            }
        };
        with_technique_counts(outcome, &counts)
    }
}

/// Tells `watch` of a technique step found in `before`: its name, what it placed and struck,
/// and every cell's candidates once it is applied.
fn report_step(before: &Board, step: &Deduction, watch: &mut dyn FnMut(SearchEvent<'_>)) {
    let mut after = before.clone();
    step.apply(&mut after);
    watch(SearchEvent::Technique {
        name: step.technique().name(),
        placed: step.placed.as_slice(),
        eliminated: &step.eliminated,
        marks: &after.cands,
    });
}

/// Adds one counter per technique applied (`naked_single`, `x_wing`, …), in technique order.
fn with_technique_counts(mut outcome: Outcome, counts: &Counts) -> Outcome {
    for (technique, count) in counts.used() {
        if technique != Technique::Guess {
            outcome.counters.add(technique.key(), u64::from(count));
        }
    }
    outcome
}

impl Solver for Human {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "human",
            family: Family::HumanTechniques,
            description: "pencil-mark techniques, simplest first in the thesis's order; \
                          backtracking when none applies",
            capabilities: Capabilities::exact(ALL_SIZES)
                .reporting_guesses()
                .work_counter("steps")
                .on_every_variant(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, None)
    }

    /// Each technique step (its name, placements, eliminations and the pencil marks after it);
    /// when the techniques are stuck, each guess and each propagation of the search as a step
    /// with its marks, and each digit a backtrack takes back.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, Some(watch)))
    }

    /// Every step of [`crate::analyse_within`] in this solver's order; `None` when the puzzle
    /// has conflicting clues or no solution, or the budget ran out.
    fn explain(&mut self, puzzle: &Grid, budget: &Budget) -> Option<Vec<Step>> {
        analyse_within(puzzle, self.order, budget)
            .ok()
            .map(|analysis| analysis.steps())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Shape, StopReason, Verdict, solve_checked};

    const FLOWER: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn counters_name_each_technique_and_the_work() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let outcome = solve_checked(&mut Human::default(), &puzzle, &Budget::unique());
        assert_eq!(outcome.verdict, Verdict::Solved);
        assert_eq!(outcome.solution_count, 1);
        let counters = &outcome.counters;
        let by_technique: u64 = Technique::ALL.iter().map(|t| counters.get(t.key())).sum();
        assert_eq!(counters.get("steps"), by_technique);
        assert_eq!((counters.guesses, counters.nodes), (0, 0));
        assert!(counters.get("naked_single") > 0);
    }

    #[test]
    fn a_stuck_solve_counts_its_search() {
        let puzzle = Grid::empty(Shape::S4);
        let outcome = solve_checked(&mut Human::default(), &puzzle, &Budget::count(u64::MAX));
        assert_eq!(outcome.solution_count, 288);
        assert!(outcome.counters.guesses > 0);
        assert_eq!(outcome.counters.get("steps"), outcome.counters.nodes);
    }

    #[test]
    fn the_cap_counts_logic_steps_too() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let capped = Budget::solve().with_max_iterations(5);
        let outcome = solve_checked(&mut Human::default(), &puzzle, &capped);
        assert_eq!(outcome.verdict, Verdict::GaveUp(StopReason::IterationCap));
        assert_eq!(outcome.counters.get("steps"), 5);
    }

    #[test]
    fn explain_gives_the_steps_of_the_solve() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let steps = Human::default()
            .explain(&puzzle, &Budget::solve())
            .expect("a solvable puzzle is explained");
        let placed: usize = steps.iter().map(|s| s.placed.len()).sum();
        assert_eq!(placed, 81 - puzzle.clue_count());
        assert!(
            steps
                .iter()
                .all(|s| s.text.contains('r') && !s.technique.is_empty())
        );
        let conflict = Grid::parse("11..............").unwrap();
        assert_eq!(Human::default().explain(&conflict, &Budget::solve()), None);
    }
}
