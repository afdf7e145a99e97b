//! DLX on diagonal, jigsaw and jigsaw-diagonal boards of sides 6 and 9 (the kit's variant
//! boards): it agrees with DSATUR (graph colouring, another family) on every puzzle's count,
//! each answer verified, finds the board's filling when the puzzle is unique, and proves a
//! unique puzzle spoiled by one wrong digit unsolvable. (The 4×4 variant boards, against a brute
//! force, are the kit's: the registry's runner checks every counting solver on them.)

use sudoku_coloring::Dsatur;
use sudoku_core::{Budget, Verdict, solve_checked};
use sudoku_dlx::Dlx;
use sudoku_kit::variant_boards::{blanked, solutions, spoiled};

#[test]
fn six_and_nine_variant_counts_agree_with_dsatur() {
    let mut dlx = Dlx::default();
    let mut dsatur = Dsatur::default();
    let (mut unique, mut several) = (0, 0);
    for (name, filling) in solutions() {
        let cells = filling.cells().len();
        for (share_blank, seed) in [(40, 1), (55, 2), (70, 3)] {
            let puzzle = blanked(&filling, cells * share_blank / 100, seed);
            let ours = solve_checked(&mut dlx, &puzzle, &Budget::count(20));
            let theirs = solve_checked(&mut dsatur, &puzzle, &Budget::count(20));
            assert_eq!(ours.verdict, Verdict::Solved, "{name}: {puzzle}");
            assert_eq!(
                ours.solution_count, theirs.solution_count,
                "{name}: {puzzle}"
            );
            several += usize::from(ours.solution_count > 1);
            if ours.solution_count == 1 {
                unique += 1;
                assert_eq!(ours.solutions[0], filling, "{name}: {puzzle}");
                let spoiled = spoiled(&puzzle, &filling).expect("an empty cell");
                let none = solve_checked(&mut dlx, &spoiled, &Budget::unique());
                assert_eq!(none.verdict, Verdict::Unsolvable, "{name}: {spoiled}");
            }
        }
    }
    assert!(
        unique > 0 && several > 0,
        "{unique} unique, {several} with several"
    );
}
