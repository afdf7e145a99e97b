//! The kit fails what it should: solvers broken on purpose, each in one way, fail it with that
//! check named, and the same solvers unbroken pass.

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Family, Grid, NotWatchable, Outcome, SearchEvent, Solver,
    SolverInfo, StopReason, Verdict,
};
use sudoku_kit::{Report, check, check_agreement};
use sudoku_naive::Naive;

/// Naive search declared incomplete: it gives up wherever naive proves there is no solution,
/// and, unless `solves`, on every puzzle. It honours every budget, so only the share of cases
/// solved tells the two apart.
struct Incomplete {
    solves: bool,
}

impl Solver for Incomplete {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "incomplete-naive",
            family: Family::LocalSearch,
            description: "naive search that gives up instead of proving anything",
            capabilities: Capabilities::incomplete(ALL_SIZES),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.judge(Naive.solve(puzzle, budget))
    }

    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Naive
            .solve_watched(puzzle, budget, watch)
            .map(|outcome| self.judge(outcome))
    }
}

impl Incomplete {
    /// Naive's outcome, given up on wherever this solver gives up.
    fn judge(&self, outcome: Outcome) -> Outcome {
        match outcome.verdict {
            Verdict::Solved if self.solves => outcome,
            Verdict::GaveUp(_) => outcome,
            _ => Outcome::from_search(
                Some(StopReason::SearchExhausted),
                Vec::new(),
                0,
                outcome.counters,
            ),
        }
    }
}

/// The checks that failed, by the name the report gives them.
fn failed_checks(report: &Report) -> Vec<&str> {
    report
        .failures
        .iter()
        .map(|failure| failure.split(':').next().unwrap_or(failure))
        .collect()
}

#[test]
fn an_incomplete_solver_that_always_gives_up_fails() {
    let report = check(&mut Incomplete { solves: false });
    assert_eq!(failed_checks(&report), ["solvable cases"], "{report:#?}");
    assert_eq!(report.gave_up, report.solvable);
}

#[test]
fn an_incomplete_solver_that_solves_passes() {
    let report = check(&mut Incomplete { solves: true });
    assert_eq!(report.result("incomplete-naive"), Ok(()));
    assert_eq!(report.gave_up, 0);
}

/// Naive, with one flaw switched on.
#[derive(Default)]
struct Flawed {
    /// The watch misses the last write of each solve.
    drops_last_write: bool,
    /// A solve after a stopped one counts one iteration too many, as stale scratch space would.
    stale_after_stop: bool,
    /// Reports one solution more than it found.
    overcounts: bool,
    stopped: bool,
}

impl Solver for Flawed {
    fn info(&self) -> SolverInfo {
        Naive.info()
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        let mut outcome = Naive.solve(puzzle, budget);
        if self.stale_after_stop && self.stopped {
            outcome.counters.iterations += 1;
        }
        if self.overcounts && outcome.is_solved() {
            outcome.solution_count += 1;
        }
        self.stopped = matches!(outcome.verdict, Verdict::GaveUp(_));
        outcome
    }

    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        // Events borrow nothing in naive's search, so the last one can be held back.
        let mut last: Option<SearchEvent<'static>> = None;
        let outcome = Naive.solve_watched(puzzle, budget, &mut |event| {
            let owned = match event {
                SearchEvent::Place { cell, digit, guess } => {
                    SearchEvent::Place { cell, digit, guess }
                }
                SearchEvent::Remove { cell, digit } => SearchEvent::Remove { cell, digit },
                other => panic!("naive reported {other:?}"),
            };
            if let Some(previous) = last.replace(owned) {
                watch(previous);
            }
        })?;
        if let Some(event) = last.filter(|_| !self.drops_last_write) {
            watch(event);
        }
        Ok(outcome)
    }
}

/// Naive, claiming to be watched while its search runs in no external engine.
struct Shy;

impl Solver for Shy {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "shy",
            ..Naive.info()
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        Naive.solve(puzzle, budget)
    }
}

#[test]
fn a_refusal_without_an_external_engine_fails() {
    let report = check(&mut Shy);
    let failed = failed_checks(&report);
    assert!(!failed.is_empty(), "{report:#?}");
    assert!(
        failed.iter().all(|name| name.starts_with("watched solve")),
        "{report:#?}"
    );
}

#[test]
fn a_watch_that_misses_a_write_fails() {
    let mut solver = Flawed {
        drops_last_write: true,
        ..Flawed::default()
    };
    let report = check(&mut solver);
    let failed = failed_checks(&report);
    assert!(!failed.is_empty(), "{report:#?}");
    assert!(
        failed.iter().all(|name| name.starts_with("watched solve")),
        "{report:#?}"
    );
}

#[test]
fn stale_state_after_a_stopped_solve_fails() {
    let mut solver = Flawed {
        stale_after_stop: true,
        ..Flawed::default()
    };
    let report = check(&mut solver);
    let failed = failed_checks(&report);
    assert!(failed.contains(&"after a stopped solve"), "{report:#?}");
}

#[test]
fn naive_passes_unflawed_and_agrees_with_itself() {
    assert_eq!(check(&mut Flawed::default()).result("naive"), Ok(()));
    assert_eq!(
        check_agreement(&mut Flawed::default(), &mut Naive).result("naive"),
        Ok(())
    );
}

#[test]
fn a_count_the_reference_does_not_find_fails_agreement() {
    let mut solver = Flawed {
        overcounts: true,
        ..Flawed::default()
    };
    let report = check_agreement(&mut solver, &mut Naive);
    assert!(!report.failures.is_empty(), "{report:#?}");
    assert!(
        report
            .failures
            .iter()
            .all(|f| f.contains("solutions, the reference")),
        "{report:#?}"
    );
}
