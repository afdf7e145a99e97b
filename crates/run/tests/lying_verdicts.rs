//! Complete solvers that lie about what no grid shows — a wrong "unsolvable", a wrong
//! "unique", a count of 3 for a 2-solution puzzle — are each caught by a run, against the
//! dataset's `:count`/`:solution` fields where a line has them and against a reference solver
//! where it has none; an honest solver's verdicts pass the same checks.

use sudoku_core::{
    Budget, Capabilities, Family, Grid, Outcome, Registered, Solver, SolverInfo, Verdict,
    verify_solution,
};
use sudoku_run::results::{self, Row, Status};
use sudoku_run::{RESULTS_FILE, RunOptions};

fn info(id: &'static str) -> SolverInfo {
    SolverInfo {
        id,
        family: Family::Backtracking,
        description: "lies about its count, for tests",
        capabilities: Capabilities::exact(&[9]),
    }
}

/// The honest search the liars start from.
fn dlx_solve(puzzle: &Grid, budget: &Budget) -> Outcome {
    sudoku_registry::make("dlx")
        .expect("dlx is registered")
        .solve(puzzle, budget)
}

/// Calls every puzzle unsolvable.
struct NoneFound;

impl Solver for NoneFound {
    fn info(&self) -> SolverInfo {
        info("none-found")
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        let honest = dlx_solve(puzzle, budget);
        Outcome {
            verdict: Verdict::Unsolvable,
            solutions: Vec::new(),
            solution_count: 0,
            ..honest
        }
    }
}

/// Stops at the first solution and calls it the only one.
struct FirstIsOnly;

impl Solver for FirstIsOnly {
    fn info(&self) -> SolverInfo {
        info("first-is-only")
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        dlx_solve(
            puzzle,
            &Budget {
                solution_limit: 1,
                keep_solutions: 1,
                ..budget.clone()
            },
        )
    }
}

/// Finds every solution up to the limit, then counts one more than it found.
struct OneMore;

impl Solver for OneMore {
    fn info(&self) -> SolverInfo {
        info("one-more")
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        let mut outcome = dlx_solve(puzzle, budget);
        if outcome.solution_count >= 2 {
            outcome.solution_count += 1;
        }
        outcome
    }
}

/// Golden Nugget, which has one solution.
const UNIQUE: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

/// A solved grid with a deadly rectangle emptied: cells (r1,c1), (r1,c2), (r2,c1), (r2,c2)
/// in one band and two stacks, holding a, b / b, a. Each of the two rows then misses exactly
/// {a, b}, so the puzzle has exactly the two fillings that swap them, checked here by trying all
/// sixteen ways to fill the four cells.
fn two_solution_puzzle() -> (Grid, Grid) {
    let solved = dlx_solve(&Grid::parse(UNIQUE).unwrap(), &Budget::solve()).solutions[0].clone();
    let at = |r: usize, c: usize| solved.get(r * 9 + c);
    for r1 in 0..9 {
        for r2 in (r1 + 1)..(r1 / 3 * 3 + 3) {
            for c1 in 0..9 {
                for c2 in (c1 / 3 * 3 + 3)..9 {
                    if at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1) {
                        let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        let mut puzzle = solved.clone();
                        cells.iter().for_each(|&cell| puzzle.set(cell, 0));
                        assert_eq!(fillings(&puzzle, &cells, [at(r1, c1), at(r1, c2)]), 2);
                        return (puzzle, solved);
                    }
                }
            }
        }
    }
    panic!("this solution has no deadly rectangle; pick another unique puzzle")
}

/// The ways to fill `cells` of `puzzle` with `digits` that solve it.
fn fillings(puzzle: &Grid, cells: &[usize; 4], digits: [u8; 2]) -> usize {
    (0..16u32)
        .filter(|choice| {
            let mut grid = puzzle.clone();
            for (bit, &cell) in cells.iter().enumerate() {
                grid.set(cell, digits[(choice >> bit & 1) as usize]);
            }
            verify_solution(puzzle, &grid).is_ok()
        })
        .count()
}

fn run(dataset: &str, solvers: &[&str]) -> Vec<Row> {
    let registry = vec![
        Registered::new(|| Box::new(NoneFound)),
        Registered::new(|| Box::new(FirstIsOnly)),
        Registered::new(|| Box::new(OneMore)),
        sudoku_registry::registry()
            .into_iter()
            .find(|r| r.id() == "dlx")
            .unwrap(),
        sudoku_registry::registry()
            .into_iter()
            .find(|r| r.id() == "bitmask")
            .unwrap(),
    ];
    let out = tempfile::tempdir().unwrap();
    let options = RunOptions {
        solvers: solvers.iter().map(|s| s.to_string()).collect(),
        datasets: vec![dataset.into()],
        reps: 1,
        solution_limit: Some(5),
        references: vec!["bitmask".into(), "dlx".into()],
        ..RunOptions::default()
    };
    let outcome = sudoku_run::run_in(
        out.path(),
        registry,
        &options,
        sudoku_run::EarlierRun::Refuse,
        &mut (),
    )
    .unwrap();
    assert!(outcome.checking > std::time::Duration::ZERO);
    results::read(&out.path().join(RESULTS_FILE)).unwrap().rows
}

/// The rows of `solver` on `puzzle` (`line-N` of the file), as (status, checked, detail).
fn verdicts(rows: &[Row], solver: &str, puzzle: &str) -> Vec<(Status, String, String)> {
    rows.iter()
        .filter(|r| r.solver == solver && r.puzzle == puzzle)
        .map(|r| (r.status.clone(), r.checked.clone(), r.detail.clone()))
        .collect()
}

#[test]
fn lies_are_caught_against_the_dataset_and_the_reference() {
    let (two, one_of_them) = two_solution_puzzle();
    let unique = Grid::parse(UNIQUE).unwrap();
    let unique_solution = dlx_solve(&unique, &Budget::solve()).solutions[0].clone();
    // line 1: unique, no fields; line 2: two solutions, `:2`; line 3: the same, no fields;
    // line 4: unique with its `:1:solution`; line 5: two solutions, one of them as `::solution`.
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        file.path(),
        format!("{unique}\n{two}:2\n{two}\n{unique}:1:{unique_solution}\n{two}::{one_of_them}\n"),
    )
    .unwrap();
    let rows = run(
        file.path().to_str().unwrap(),
        &["none-found", "first-is-only", "one-more", "dlx"],
    );
    let wrong = |solver: &str, puzzle: &str, why: &str| {
        let found = verdicts(&rows, solver, puzzle);
        assert!(!found.is_empty(), "{solver} on {puzzle}: no rows");
        for (status, checked, detail) in found {
            assert_eq!(
                status,
                Status::WrongAnswer,
                "{solver} on {puzzle}: {detail}"
            );
            assert_eq!(checked, "wrong");
            assert_eq!(detail, why, "{solver} on {puzzle}");
        }
    };
    let right = |solver: &str, puzzle: &str, how: &str| {
        let found = verdicts(&rows, solver, puzzle);
        assert_eq!(
            found.len(),
            2,
            "{solver} on {puzzle}: a warm-up and a timed pass"
        );
        for (status, checked, detail) in found {
            assert_eq!(status, Status::Solved, "{solver} on {puzzle}: {detail}");
            assert_eq!(checked, how, "{solver} on {puzzle}");
        }
    };

    // A wrong "unsolvable": against the reference, then against each of the dataset's fields.
    let reference = "reference bitmask";
    wrong(
        "none-found",
        "line-1",
        &format!("claims no solution; {reference} found a unique solution"),
    );
    wrong(
        "none-found",
        "line-2",
        "claims no solution; the dataset says exactly 2 solutions",
    );
    wrong(
        "none-found",
        "line-5",
        "claims no solution; the dataset gives one",
    );
    // A wrong "unique".
    right("first-is-only", "line-1", "reference:bitmask");
    right("first-is-only", "line-4", "dataset");
    wrong(
        "first-is-only",
        "line-2",
        "claims a unique solution; the dataset says exactly 2 solutions",
    );
    wrong(
        "first-is-only",
        "line-3",
        &format!("claims a unique solution; {reference} found exactly 2 solutions"),
    );
    // Three claimed, two returned: caught by the grids before any count is compared.
    for puzzle in ["line-2", "line-3", "line-5"] {
        let found = verdicts(&rows, "one-more", puzzle);
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .all(|(status, _, detail)| *status == Status::WrongAnswer
                    && detail.contains("claimed more solutions than it returned")),
            "{found:?}"
        );
    }
    right("one-more", "line-1", "reference:bitmask");
    // The honest solver passes every check.
    right("dlx", "line-1", "reference:bitmask");
    right("dlx", "line-2", "dataset");
    right("dlx", "line-3", "reference:bitmask");
    right("dlx", "line-4", "dataset");
    right("dlx", "line-5", "dataset");
}

#[test]
fn a_solver_is_never_its_own_reference() {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), format!("{UNIQUE}\n")).unwrap();
    let rows = run(file.path().to_str().unwrap(), &["bitmask", "dlx"]);
    assert!(
        rows.iter()
            .filter(|r| r.solver == "bitmask")
            .all(|r| r.checked == "reference:dlx")
    );
    assert!(
        rows.iter()
            .filter(|r| r.solver == "dlx")
            .all(|r| r.checked == "reference:bitmask")
    );
}
