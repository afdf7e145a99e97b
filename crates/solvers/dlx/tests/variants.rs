//! DLX on diagonal, jigsaw and jigsaw-diagonal boards: on 4×4 it lists exactly the fillings a
//! brute force finds; on 6×6 and 9×9 it agrees with DSATUR (graph colouring, another family)
//! on every puzzle's count, each answer verified.

#[path = "support/boards.rs"]
mod boards;
#[path = "support/fillings.rs"]
mod fillings;

use sudoku_coloring::Dsatur;
use sudoku_core::{Budget, Verdict, solve_checked};
use sudoku_dlx::Dlx;

#[test]
fn four_by_four_variant_counts_match_a_brute_force() {
    let checked = fillings::assert_matches_brute_force(&mut Dlx::default());
    assert!(checked >= 25, "{checked} puzzles");
}

#[test]
fn six_and_nine_variant_counts_agree_with_dsatur() {
    let mut dlx = Dlx::default();
    let mut dsatur = Dsatur::default();
    let (mut unique, mut several) = (0, 0);
    for geometry in boards::geometries() {
        // DSATUR takes long to fill an empty jigsaw-diagonal 9×9; the filling is verified.
        let filling = boards::filling(&geometry, &mut dlx);
        for (percent, seed) in [(60, 1), (45, 2), (30, 3)] {
            let puzzle = boards::keep(&filling, percent, seed);
            let ours = solve_checked(&mut dlx, &puzzle, &Budget::count(20));
            let theirs = solve_checked(&mut dsatur, &puzzle, &Budget::count(20));
            assert_eq!(ours.verdict, Verdict::Solved, "{puzzle}");
            assert_eq!(ours.solution_count, theirs.solution_count, "{puzzle}");
            several += usize::from(ours.solution_count > 1);
            if ours.solution_count == 1 {
                unique += 1;
                assert_eq!(ours.solutions[0], filling, "{puzzle}");
                let spoiled = boards::spoiled(&puzzle, &filling).expect("an empty cell");
                let none = solve_checked(&mut dlx, &spoiled, &Budget::unique());
                assert_eq!(none.verdict, Verdict::Unsolvable, "{spoiled}");
            }
        }
    }
    assert!(
        unique > 0 && several > 0,
        "{unique} unique, {several} with several"
    );
}
