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

/// The backends linked into the suite; GLPK, a program of its own, has tests of its own, ignored
/// (saying why) where it is not installed.
const LINKED: [Backend; 3] = [Backend::Cbc, Backend::Highs, Backend::Microlp];

#[test]
fn the_named_boards_are_proven_unique() {
    named_boards_are_proven_unique(&LINKED);
}

#[test]
#[cfg_attr(
    missing_glpk,
    ignore = "GLPK's glpsol is not installed (Debian glpk-utils)"
)]
fn glpk_proves_the_named_boards_unique() {
    named_boards_are_proven_unique(&[Backend::Glpk]);
}

fn named_boards_are_proven_unique(backends: &[Backend]) {
    for mut solver in variants(backends) {
        let id = solver.info().id;
        for puzzle in sudoku_catalog::named_dataset().puzzles {
            let outcome = solve_checked(&mut solver, &puzzle.grid, &Budget::unique());
            assert_eq!(outcome.verdict, Verdict::Solved, "{id} {}", puzzle.id);
            assert_eq!(outcome.solution_count, 1, "{id} {}", puzzle.id);
        }
    }
}

#[test]
fn counts_stop_exactly_at_the_limit_and_are_exact_below_it() {
    counts_stop_exactly_at_the_limit(&LINKED);
}

#[test]
#[cfg_attr(
    missing_glpk,
    ignore = "GLPK's glpsol is not installed (Debian glpk-utils)"
)]
fn glpk_counts_stop_exactly_at_the_limit_and_are_exact_below_it() {
    counts_stop_exactly_at_the_limit(&[Backend::Glpk]);
}

fn counts_stop_exactly_at_the_limit(backends: &[Backend]) {
    let cases: Vec<_> = sudoku_kit::corpus()
        .into_iter()
        .filter(|case| case.kind == CaseKind::Multiple && case.puzzle.size() <= 9)
        .collect();
    assert!(!cases.is_empty());
    for mut solver in variants(backends) {
        let id = solver.info().id;
        for case in &cases {
            let limit = case.count.min(5);
            let outcome = solve_checked(&mut solver, &case.puzzle, &Budget::count(limit));
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
