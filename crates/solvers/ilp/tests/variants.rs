//! The model over houses: every backend, with and without the presolve, solves 6×6 and 9×9
//! diagonal, jigsaw and jigsaw-diagonal puzzles, each answer verified (`solve_checked`), and
//! agrees with DLX (exact cover, another family) on whether each is unique, and that a puzzle
//! spoiled by one wrong digit has no solution.

use sudoku_core::{Budget, Grid, Solver, solve_checked};
use sudoku_dlx::Dlx;
use sudoku_ilp::{Backend, Ilp};
use sudoku_kit::variant_boards::{blanked, solutions, spoiled};

/// Each of the kit's variant boards' puzzles: two densities of clues from its filling, and each
/// unique one spoiled by a wrong digit.
fn puzzles(dlx: &mut Dlx) -> Vec<Grid> {
    let mut all = Vec::new();
    for (_, filling) in solutions() {
        let cells = filling.cells().len();
        for (share_blank, seed) in [(45, 4), (60, 5)] {
            let puzzle = blanked(&filling, cells * share_blank / 100, seed);
            let unique = dlx.solve(&puzzle, &Budget::unique()).solution_count == 1;
            if unique && let Some(spoiled) = spoiled(&puzzle, &filling) {
                all.push(spoiled);
            }
            all.push(puzzle);
        }
    }
    all
}

#[test]
fn variant_puzzles_solve_and_agree_with_dlx_on_uniqueness() {
    agree_with_dlx(&[Backend::Cbc, Backend::Highs, Backend::Microlp]);
}

#[test]
#[cfg_attr(
    missing_glpk,
    ignore = "GLPK's glpsol is not installed (Debian glpk-utils)"
)]
fn glpk_solves_variant_puzzles_and_agrees_with_dlx_on_uniqueness() {
    agree_with_dlx(&[Backend::Glpk]);
}

fn agree_with_dlx(backends: &[Backend]) {
    let mut dlx = Dlx::default();
    let puzzles = puzzles(&mut dlx);
    // Unique, several-solution and unsolvable puzzles are all among them.
    let counts: Vec<u64> = puzzles
        .iter()
        .map(|p| dlx.solve(p, &Budget::unique()).solution_count)
        .collect();
    for count in [0, 1, 2] {
        assert!(counts.contains(&count), "a puzzle with {count} solutions");
    }
    for &backend in backends {
        for presolve in [false, true] {
            let mut ilp = Ilp::new(backend, presolve);
            let id = ilp.info().id;
            for puzzle in &puzzles {
                let expected = dlx.solve(puzzle, &Budget::unique());
                let outcome = solve_checked(&mut ilp, puzzle, &Budget::unique());
                assert_eq!(outcome.verdict, expected.verdict, "{id} on {puzzle}");
                assert_eq!(
                    outcome.solution_count, expected.solution_count,
                    "{id} on {puzzle}"
                );
                if expected.solution_count == 1 {
                    assert_eq!(outcome.solutions, expected.solutions, "{id} on {puzzle}");
                }
            }
        }
    }
}
