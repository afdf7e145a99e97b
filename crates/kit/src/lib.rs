//! The conformance kit: one corpus, every solver, checks adjusted to what each solver declares.
//!
//! A solver crate runs it in one test:
//!
//! ```text
//! #[test]
//! fn conforms() {
//!     sudoku_kit::assert_conforms(&mut MySolver::default());
//! }
//! ```
//!
//! The corpus (`datasets/conformance.txt`, `puzzle:count[:solution]` lines) holds unique,
//! multi-solution (with exact counts), unsolvable and invalid puzzles from 4×4 to 16×16. Every
//! case runs through [`solve_checked`], so every returned solution is verified. What is demanded
//! follows [`Capabilities`]:
//!
//! | case | complete + counting | complete | incomplete |
//! |---|---|---|---|
//! | unique | the solution; uniqueness proven | the solution | the solution, or gave up |
//! | multi-solution | exact count, distinct solutions | one valid solution | valid solution, or gave up |
//! | unsolvable | `Unsolvable` | `Unsolvable` | gave up |
//! | invalid clues | rejected | rejected | rejected |
//!
//! Budgets are checked too: a cancelled flag, a past deadline and an iteration cap each stop the
//! solver with the matching [`StopReason`], and a stochastic solver repeats itself given a seed.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use sudoku_core::{
    Budget, Capabilities, Grid, Outcome, Rejection, Shape, Solver, StopReason, Verdict,
    parse_entries, solve_checked, validate_clues,
};

const CORPUS: &str = include_str!("../../../datasets/conformance.txt");

/// How long the kit lets one case run before it counts as a failure to finish.
const CASE_DEADLINE: Duration = Duration::from_secs(30);

/// What a corpus case is, by its clues and count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseKind {
    Unique,
    Multiple,
    Unsolvable,
    Invalid,
}

/// One corpus line.
#[derive(Clone, Debug)]
pub struct Case {
    pub line: usize,
    pub puzzle: Grid,
    pub kind: CaseKind,
    /// Exact number of solutions (0 for unsolvable and invalid).
    pub count: u64,
    pub solution: Option<Grid>,
}

/// The whole corpus, in file order.
pub fn corpus() -> Vec<Case> {
    parse_entries(CORPUS)
        .expect("the corpus parses")
        .into_iter()
        .map(|entry| {
            let count = entry.expected_count.expect("every corpus line has a count");
            let kind = match count {
                _ if validate_clues(&entry.grid).is_err() => CaseKind::Invalid,
                0 => CaseKind::Unsolvable,
                1 => CaseKind::Unique,
                _ => CaseKind::Multiple,
            };
            Case {
                line: entry.line,
                puzzle: entry.grid,
                kind,
                count,
                solution: entry.solution,
            }
        })
        .collect()
}

/// What a kit run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Cases and budget checks that ran.
    pub checks: usize,
    /// Cases skipped because the solver does not declare their size.
    pub skipped: usize,
    /// Cases an incomplete solver gave up on (allowed, but shown).
    pub gave_up: usize,
    pub failures: Vec<String>,
}

/// Runs the whole kit against `solver` and reports every failure.
pub fn check(solver: &mut dyn Solver) -> Report {
    let caps = solver.info().capabilities;
    let mut report = Report::default();
    for case in corpus() {
        if !caps.supports(case.puzzle.shape()) {
            report.skipped += 1;
            continue;
        }
        report.checks += 1;
        if let Err(why) = check_case(solver, &caps, &case, &mut report) {
            report.failures.push(format!(
                "corpus line {} ({} {:?}): {why}",
                case.line,
                case.puzzle.shape(),
                case.kind
            ));
        }
    }
    for result in check_budgets(solver, &caps) {
        report.checks += 1;
        if let Err(why) = result {
            report.failures.push(format!("budget: {why}"));
        }
    }
    report
}

/// Runs the kit and panics with every failure listed if there are any.
pub fn assert_conforms(solver: &mut dyn Solver) {
    let id = solver.info().id;
    let report = check(solver);
    assert!(report.checks > 0, "{id}: the kit ran no case");
    assert!(
        report.failures.is_empty(),
        "{id} fails the conformance kit ({} of {} checks):\n{}",
        report.failures.len(),
        report.checks,
        report.failures.join("\n")
    );
}

fn with_deadline(budget: Budget) -> Budget {
    budget.with_deadline(Instant::now() + CASE_DEADLINE)
}

fn check_case(
    solver: &mut dyn Solver,
    caps: &Capabilities,
    case: &Case,
    report: &mut Report,
) -> Result<(), String> {
    let outcome = solve_checked(solver, &case.puzzle, &with_deadline(Budget::solve()));
    if let Verdict::WrongAnswer(why) = &outcome.verdict {
        return Err(format!("wrong answer: {why}"));
    }
    if matches!(outcome.verdict, Verdict::GaveUp(_)) && !caps.complete {
        report.gave_up += 1;
    }
    match case.kind {
        CaseKind::Invalid => expect_rejected(&outcome),
        CaseKind::Unsolvable if caps.complete => expect_verdict(&outcome, Verdict::Unsolvable),
        CaseKind::Unsolvable => expect_gave_up(&outcome),
        CaseKind::Unique | CaseKind::Multiple => {
            if !caps.complete && matches!(outcome.verdict, Verdict::GaveUp(_)) {
                return Ok(());
            }
            expect_verdict(&outcome, Verdict::Solved)?;
            if let Some(expected) = &case.solution
                && outcome.solutions.first() != Some(expected)
            {
                return Err("solved, but not to the corpus's solution".into());
            }
            if caps.counts_solutions {
                check_counts(solver, case)?;
            }
            Ok(())
        }
    }
}

/// A counting solver finds exactly the corpus's count, stops at a limit, and lists distinct
/// solutions.
fn check_counts(solver: &mut dyn Solver, case: &Case) -> Result<(), String> {
    let all = solve_checked(
        solver,
        &case.puzzle,
        &with_deadline(Budget::count(u64::MAX)),
    );
    expect_verdict(&all, Verdict::Solved)?;
    if all.solution_count != case.count {
        return Err(format!(
            "counted {} solutions, the corpus says {}",
            all.solution_count, case.count
        ));
    }
    let listed = solve_checked(solver, &case.puzzle, &with_deadline(Budget::list(2)));
    expect_verdict(&listed, Verdict::Solved)?;
    let expected = case.count.min(2);
    if listed.solution_count != expected || listed.solutions.len() as u64 != expected {
        return Err(format!(
            "with a limit of 2, reported {} solutions and returned {}; expected {expected}",
            listed.solution_count,
            listed.solutions.len()
        ));
    }
    Ok(())
}

fn expect_verdict(outcome: &Outcome, expected: Verdict) -> Result<(), String> {
    if outcome.verdict == expected {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {}", outcome.verdict))
    }
}

fn expect_rejected(outcome: &Outcome) -> Result<(), String> {
    match outcome.verdict {
        Verdict::Rejected(Rejection::ConflictingClues(_)) => Ok(()),
        ref other => Err(format!("conflicting clues must be rejected, got {other}")),
    }
}

fn expect_gave_up(outcome: &Outcome) -> Result<(), String> {
    match outcome.verdict {
        Verdict::GaveUp(_) => Ok(()),
        ref other => Err(format!(
            "an incomplete solver must give up here, got {other}"
        )),
    }
}

/// A puzzle the solver cannot settle quickly: counting every solution of an empty board for a
/// counting solver, else a consistent but unsolvable board that only a complete search settles.
fn endless_task(caps: &Capabilities) -> (Grid, Budget) {
    let size = if caps.supports(Shape::S9) {
        9
    } else {
        caps.sizes[caps.sizes.len() - 1]
    };
    let shape = Shape::from_size(size).expect("declared sizes are real");
    if caps.counts_solutions {
        return (Grid::empty(shape), Budget::count(u64::MAX));
    }
    let unsolvable = corpus()
        .into_iter()
        .filter(|case| case.kind == CaseKind::Unsolvable && case.puzzle.shape() == shape)
        .max_by_key(|case| case.puzzle.cells().iter().filter(|&&v| v == 0).count())
        .map_or_else(|| Grid::empty(shape), |case| case.puzzle);
    (unsolvable, Budget::solve())
}

/// Each way of running out stops the solver with the matching reason, promptly.
fn check_budgets(solver: &mut dyn Solver, caps: &Capabilities) -> Vec<Result<(), String>> {
    let (puzzle, base) = endless_task(caps);
    let stops = |solver: &mut dyn Solver, budget: Budget, reason: StopReason| {
        let started = Instant::now();
        let outcome = solve_checked(solver, &puzzle, &budget);
        let took = started.elapsed();
        if outcome.verdict != Verdict::GaveUp(reason) {
            return Err(format!(
                "expected to give up ({reason}), got {}",
                outcome.verdict
            ));
        }
        if took > Duration::from_secs(10) {
            return Err(format!("took {took:?} to notice ({reason})"));
        }
        Ok(())
    };
    let cancelled = Arc::new(AtomicBool::new(true));
    let mut results = vec![
        stops(
            solver,
            base.clone().with_cancel(cancelled),
            StopReason::Cancelled,
        ),
        stops(
            solver,
            base.clone()
                .with_deadline(Instant::now() + Duration::from_millis(200)),
            StopReason::Deadline,
        ),
        stops(
            solver,
            base.clone()
                .with_max_iterations(10_000)
                .with_deadline(Instant::now() + Duration::from_secs(20)),
            StopReason::IterationCap,
        ),
    ];
    if caps.stochastic {
        results.push(check_seeded_repeat(solver));
    }
    results
}

/// A stochastic solver given the same seed twice does the same thing twice.
fn check_seeded_repeat(solver: &mut dyn Solver) -> Result<(), String> {
    let caps = solver.info().capabilities;
    let case = corpus()
        .into_iter()
        .find(|case| case.kind == CaseKind::Unique && caps.supports(case.puzzle.shape()))
        .ok_or("no unique case of a supported size")?;
    let budget = Budget::solve().with_seed(7).with_max_iterations(200_000);
    let first = solve_checked(solver, &case.puzzle, &budget);
    let second = solve_checked(solver, &case.puzzle, &budget);
    if first == second {
        Ok(())
    } else {
        Err(format!(
            "seed 7 twice gave different runs: {} with {:?}, then {} with {:?}",
            first.verdict, first.counters, second.verdict, second.counters
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_covers_every_kind_in_4_9_and_16() {
        let cases = corpus();
        for size in [4, 9, 16] {
            for kind in [
                CaseKind::Unique,
                CaseKind::Multiple,
                CaseKind::Unsolvable,
                CaseKind::Invalid,
            ] {
                assert!(
                    cases
                        .iter()
                        .any(|c| c.kind == kind && c.puzzle.size() == size),
                    "no {kind:?} case of size {size}"
                );
            }
        }
    }

    #[test]
    fn unique_cases_carry_verified_solutions() {
        for case in corpus().iter().filter(|c| c.kind == CaseKind::Unique) {
            let solution = case
                .solution
                .as_ref()
                .expect("unique cases give their solution");
            assert_eq!(sudoku_core::verify_solution(&case.puzzle, solution), Ok(()));
        }
    }
}
