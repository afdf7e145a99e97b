//! Every backend, with and without the presolve, against what the project's datasets record:
//! the named boards are unique, counts stop exactly at the solution limit, large boards solve.

use sudoku_core::{Budget, Grid, Solver, Verdict, parse_entries, solve_checked};
use sudoku_ilp::{Backend, Ilp};
use sudoku_kit::CaseKind;

fn variants(backends: &[Backend]) -> Vec<Ilp> {
    backends
        .iter()
        .flat_map(|&backend| [Ilp::new(backend, false), Ilp::new(backend, true)])
        .collect()
}

const ALL: [Backend; 4] = [
    Backend::Cbc,
    Backend::Highs,
    Backend::Microlp,
    Backend::Glpk,
];

/// A solve that fails only because GLPK is not installed is said so, not counted a success.
fn glpk_missing(solver: &Ilp, verdict: &Verdict) -> bool {
    let missing = matches!(verdict, Verdict::Failed(why) if why.contains("glpk-utils"));
    if missing {
        println!("{}: GLPK is not installed; skipped", solver.info().id);
    }
    missing
}

#[test]
fn the_named_boards_are_proven_unique() {
    for mut solver in variants(&ALL) {
        let id = solver.info().id;
        for puzzle in sudoku_catalog::named_dataset().puzzles {
            let outcome = solve_checked(&mut solver, &puzzle.grid, &Budget::unique());
            if glpk_missing(&solver, &outcome.verdict) {
                break;
            }
            assert_eq!(outcome.verdict, Verdict::Solved, "{id} {}", puzzle.id);
            assert_eq!(outcome.solution_count, 1, "{id} {}", puzzle.id);
        }
    }
}

#[test]
fn counts_stop_exactly_at_the_limit_and_are_exact_below_it() {
    let cases: Vec<_> = sudoku_kit::corpus()
        .into_iter()
        .filter(|case| case.kind == CaseKind::Multiple && case.puzzle.size() <= 9)
        .collect();
    assert!(!cases.is_empty());
    for mut solver in variants(&ALL) {
        let id = solver.info().id;
        for case in &cases {
            let limit = case.count.min(5);
            let outcome = solve_checked(&mut solver, &case.puzzle, &Budget::count(limit));
            if glpk_missing(&solver, &outcome.verdict) {
                break;
            }
            assert_eq!(outcome.verdict, Verdict::Solved, "{id} line {}", case.line);
            assert_eq!(outcome.solution_count, limit, "{id} line {}", case.line);
            if case.count <= 12 {
                let all = solve_checked(&mut solver, &case.puzzle, &Budget::count(case.count + 1));
                assert_eq!(all.solution_count, case.count, "{id} line {}", case.line);
            }
        }
    }
}

#[test]
fn large_boards_solve_with_uniqueness_proven() {
    let large = parse_entries(include_str!("../../../../datasets/large.txt")).unwrap();
    for size in [16, 25] {
        let puzzle: &Grid = &large.iter().find(|e| e.grid.size() == size).unwrap().grid;
        for mut solver in variants(&[Backend::Cbc, Backend::Highs]) {
            let outcome = solve_checked(&mut solver, puzzle, &Budget::unique());
            assert_eq!(
                outcome.verdict,
                Verdict::Solved,
                "{} {size}×{size}",
                solver.info().id
            );
            assert_eq!(outcome.solution_count, 1);
        }
    }
}
