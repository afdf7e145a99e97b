//! Checks what a complete solver claims beyond its grids.
//!
//! A solved grid is verified by [`crate::timed_solve`] against the clues and the rules, and
//! every solution a solver counts up to the kept number must be there, distinct and valid. What
//! no grid can show is a claim that there are no more: "unsolvable", "unique", "exactly 3".
//! Those are checked here, outside the timing, against the dataset line's `:count` and
//! `:solution` fields when it has them, and otherwise against a second complete solver that is
//! not the one under test. A claim that disagrees becomes [`Status::WrongAnswer`], with both
//! answers in the row's detail; the row's `checked` column says what it was checked against.

use serde::{Deserialize, Serialize};
use sudoku_catalog::Puzzle;
use sudoku_core::{Budget, Grid, Registered, Solver, VariantKind, Verdict, solve_checked};

use crate::results::{Row, SolverMeta, Status};

/// What a run checks complete solvers' verdicts against, beyond their grids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Check {
    /// The dataset's `:count` and `:solution` fields only; lines without them go unchecked.
    Expected,
    /// The dataset's fields where a line has them, else a reference solver's count.
    #[default]
    Reference,
    /// Grids only.
    Off,
}

/// The `checked` value of a verdict the dataset confirmed.
pub const BY_DATASET: &str = "dataset";
/// The `checked` value of a lower bound ("at least N solutions") shown by its N verified grids.
pub const BY_GRIDS: &str = "grids";
/// The prefix of the `checked` value of a verdict a reference solver confirmed.
pub const BY_REFERENCE: &str = "reference:";

/// What a reference solver found, capped at the solution limit it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReferenceAnswer {
    Counted {
        id: &'static str,
        count: u64,
    },
    /// It could not say (gave up, or no reference takes the puzzle): the claim stays unchecked.
    Undecided(String),
}

/// The references a run may check against, in order of preference.
pub struct References<'a> {
    candidates: &'a [Registered],
}

impl<'a> References<'a> {
    pub fn new(candidates: &'a [Registered]) -> References<'a> {
        References { candidates }
    }

    /// A fresh instance of the first reference that is not `solver` (a solver never checks
    /// itself), counts solutions, takes `size` and `variant` and runs in this process (no
    /// external engine, which may not be thread-safe); `None` when there is none.
    pub fn for_solver(
        &self,
        solver: &str,
        size: usize,
        variant: VariantKind,
    ) -> Option<Box<dyn Solver>> {
        self.candidates
            .iter()
            .find(|r| {
                let caps = &r.info.capabilities;
                r.id() != solver
                    && caps.complete
                    && caps.counts_solutions
                    && !caps.external_engine
                    && caps.takes(size, variant)
            })
            .map(Registered::make)
    }
}

/// Counts `puzzle`'s solutions up to `limit` with `reference` within `budget`'s deadline.
pub fn reference_count(
    reference: &mut dyn Solver,
    puzzle: &Grid,
    budget: &Budget,
) -> ReferenceAnswer {
    let id = reference.info().id;
    let budget = Budget {
        solution_limit: budget.solution_limit,
        keep_solutions: 1,
        seed: 0,
        max_iterations: None,
        ..budget.clone()
    };
    let outcome = solve_checked(reference, puzzle, &budget);
    match outcome.verdict {
        Verdict::Solved | Verdict::Unsolvable => ReferenceAnswer::Counted {
            id,
            count: outcome.solution_count.min(budget.solution_limit),
        },
        other => ReferenceAnswer::Undecided(format!("reference {id}: {other}")),
    }
}

/// What a row claims about its puzzle's number of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Claim {
    count: u64,
    /// Exactly `count`; otherwise at least `count` (the search stopped at its limit).
    exact: bool,
}

impl Claim {
    /// The claim of a decided row; `None` for any other.
    fn of(row: &Row) -> Option<Claim> {
        match row.status {
            Status::Unsolvable => Some(Claim {
                count: 0,
                exact: true,
            }),
            Status::Solved => Some(Claim {
                count: row.solutions,
                exact: row.solutions < row.solution_limit,
            }),
            _ => None,
        }
    }

    /// Whether a puzzle with `truth` solutions (exact, or capped at the row's `limit`) bears it out.
    fn holds(self, truth: u64, limit: u64) -> bool {
        if self.exact {
            truth.min(limit) == self.count
        } else {
            truth >= self.count
        }
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.count, self.exact) {
            (0, _) => f.write_str("no solution"),
            (1, true) => f.write_str("a unique solution"),
            (n, true) => write!(f, "exactly {n} solutions"),
            (n, false) => write!(f, "at least {n} solution{}", if n == 1 { "" } else { "s" }),
        }
    }
}

/// Checks `row`'s verdict as `check` says, setting its `checked` column, or turning it into a
/// wrong answer with both answers in its detail. `first` is the solver's first solution;
/// `reference` is asked only when the dataset cannot settle the claim.
pub fn judge(
    row: &mut Row,
    meta: &SolverMeta,
    puzzle: &Puzzle,
    first: Option<&Grid>,
    check: Check,
    reference: impl FnOnce() -> ReferenceAnswer,
) {
    let Some(claim) = Claim::of(row) else { return };
    if check == Check::Off || !meta.complete {
        return;
    }
    let limit = row.solution_limit;
    if puzzle.expected_count.is_some() || puzzle.solution.is_some() {
        match against_dataset(claim, limit, puzzle, first) {
            Ok(()) => row.checked = BY_DATASET.into(),
            Err(why) => wrong(row, why),
        }
        return;
    }
    if !claim.exact {
        row.checked = BY_GRIDS.into();
        return;
    }
    if check == Check::Expected {
        return;
    }
    match reference() {
        ReferenceAnswer::Counted { id, count } if claim.holds(count, limit) => {
            row.checked = format!("{BY_REFERENCE}{id}");
        }
        ReferenceAnswer::Counted { id, count } => {
            let found = Claim {
                count,
                exact: count < limit,
            };
            wrong(row, format!("claims {claim}; reference {id} found {found}"));
        }
        ReferenceAnswer::Undecided(why) => row.checked = format!("unchecked: {why}"),
    }
}

/// The claim against the dataset line's fields.
fn against_dataset(
    claim: Claim,
    limit: u64,
    puzzle: &Puzzle,
    first: Option<&Grid>,
) -> Result<(), String> {
    if let Some(count) = puzzle.expected_count
        && !claim.holds(count, limit)
    {
        let count = Claim { count, exact: true };
        return Err(format!("claims {claim}; the dataset says {count}"));
    }
    if let Some(solution) = &puzzle.solution {
        if claim.count == 0 {
            return Err(format!("claims {claim}; the dataset gives one"));
        }
        if claim.exact
            && claim.count == 1
            && let Some(first) = first
            && first != solution
        {
            let cell = (0..first.cells().len())
                .find(|&cell| first.get(cell) != solution.get(cell))
                .unwrap_or(0);
            return Err(format!(
                "claims {claim}; the dataset's solution differs from it at {}",
                first.shape().cell_name(cell)
            ));
        }
    }
    Ok(())
}

fn wrong(row: &mut Row, why: String) {
    row.status = Status::WrongAnswer;
    row.detail = why;
    row.checked = "wrong".into();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Phase;

    fn puzzle(count: Option<u64>, solution: Option<Grid>) -> Puzzle {
        Puzzle {
            id: "p".into(),
            grid: Grid::parse("1...............").unwrap(),
            expected_count: count,
            solution,
        }
    }

    fn meta(complete: bool) -> SolverMeta {
        SolverMeta {
            id: "s".into(),
            family: "backtracking".into(),
            description: String::new(),
            complete,
            counts_solutions: true,
            stochastic: false,
            reports_guesses: false,
            sizes: vec![4],
            variants: vec!["classic".into()],
            work_counter: "iterations".into(),
        }
    }

    fn row(status: Status, solutions: u64, limit: u64) -> Row {
        Row {
            solver: "s".into(),
            family: "backtracking".into(),
            dataset: "d".into(),
            puzzle: "p".into(),
            size: 4,
            clues: 1,
            phase: Phase::Warmup,
            rep: 0,
            seed: 0,
            solution_limit: limit,
            status,
            solutions,
            time_ns: 1,
            counters: Vec::new(),
            best_cost: None,
            convergence: Vec::new(),
            detail: String::new(),
            checked: String::new(),
        }
    }

    fn counted(count: u64) -> impl FnOnce() -> ReferenceAnswer {
        move || ReferenceAnswer::Counted { id: "ref", count }
    }

    fn judged(mut row: Row, puzzle: &Puzzle, check: Check, reference: u64) -> Row {
        judge(
            &mut row,
            &meta(true),
            puzzle,
            None,
            check,
            counted(reference),
        );
        row
    }

    #[test]
    fn a_reference_confirms_or_contradicts_exact_claims() {
        let none = puzzle(None, None);
        let unique = judged(row(Status::Solved, 1, 2), &none, Check::Reference, 1);
        assert_eq!(
            (unique.status, unique.checked.as_str()),
            (Status::Solved, "reference:ref")
        );
        let lie = judged(row(Status::Solved, 1, 2), &none, Check::Reference, 2);
        assert_eq!(lie.status, Status::WrongAnswer);
        assert_eq!(
            lie.detail,
            "claims a unique solution; reference ref found at least 2 solutions"
        );
        let lie = judged(row(Status::Unsolvable, 0, 2), &none, Check::Reference, 1);
        assert_eq!(
            lie.detail,
            "claims no solution; reference ref found a unique solution"
        );
        let lie = judged(row(Status::Solved, 3, 5), &none, Check::Reference, 2);
        assert_eq!(
            lie.detail,
            "claims exactly 3 solutions; reference ref found exactly 2 solutions"
        );
    }

    #[test]
    fn a_lower_bound_rests_on_its_grids() {
        let none = puzzle(None, None);
        let bound = judged(row(Status::Solved, 2, 2), &none, Check::Reference, 1);
        assert_eq!(
            (bound.status, bound.checked.as_str()),
            (Status::Solved, BY_GRIDS)
        );
    }

    #[test]
    fn the_dataset_settles_what_it_states() {
        let two = puzzle(Some(2), None);
        assert_eq!(
            judged(row(Status::Solved, 2, 2), &two, Check::Reference, 0).checked,
            BY_DATASET
        );
        let lie = judged(row(Status::Solved, 1, 2), &two, Check::Expected, 0);
        assert_eq!(
            lie.detail,
            "claims a unique solution; the dataset says exactly 2 solutions"
        );
        let solved = puzzle(None, Some(Grid::parse("1234341221434321").unwrap()));
        let lie = judged(row(Status::Unsolvable, 0, 2), &solved, Check::Expected, 0);
        assert_eq!(lie.detail, "claims no solution; the dataset gives one");
    }

    #[test]
    fn a_unique_claim_with_another_solution_than_the_datasets_is_wrong() {
        let given = Grid::parse("1234341221434321").unwrap();
        let other = Grid::parse("1234341223414123").unwrap();
        let mut claim = row(Status::Solved, 1, 2);
        let puzzle = puzzle(None, Some(given));
        judge(
            &mut claim,
            &meta(true),
            &puzzle,
            Some(&other),
            Check::Expected,
            counted(1),
        );
        assert_eq!(claim.status, Status::WrongAnswer);
        assert!(
            claim.detail.contains("differs from it at"),
            "{}",
            claim.detail
        );
    }

    #[test]
    fn unchecked_when_off_incomplete_or_nothing_to_check_against() {
        let none = puzzle(None, None);
        let off = judged(row(Status::Solved, 1, 2), &none, Check::Off, 2);
        assert_eq!((off.status, off.checked.as_str()), (Status::Solved, ""));
        let expected_only = judged(row(Status::Solved, 1, 2), &none, Check::Expected, 2);
        assert_eq!(
            (expected_only.status, expected_only.checked.as_str()),
            (Status::Solved, "")
        );
        let mut incomplete = row(Status::Solved, 1, 1);
        judge(
            &mut incomplete,
            &meta(false),
            &none,
            None,
            Check::Reference,
            counted(2),
        );
        assert_eq!(incomplete.checked, "");
        let mut gave_up = row(Status::Solved, 1, 2);
        judge(
            &mut gave_up,
            &meta(true),
            &none,
            None,
            Check::Reference,
            || ReferenceAnswer::Undecided("reference ref: gave up".into()),
        );
        assert_eq!(gave_up.checked, "unchecked: reference ref: gave up");
    }
}
