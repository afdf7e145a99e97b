//! DLX and the naive solver agree on every named board of the reference documents.

use sudoku_core::{Budget, Solver, Verdict, solve_checked};
use sudoku_dlx::Dlx;
use sudoku_naive::Naive;

#[test]
fn same_solution_as_naive_and_unique_on_every_named_board() {
    let dataset = sudoku_catalog::named_dataset();
    assert!(!dataset.puzzles.is_empty());
    let mut dlx = Dlx::default();
    for puzzle in &dataset.puzzles {
        let naive = solve_checked(&mut Naive, &puzzle.grid, &Budget::solve());
        let ours = solve_checked(&mut dlx, &puzzle.grid, &Budget::solve());
        assert_eq!(naive.verdict, Verdict::Solved, "{}: naive", puzzle.id);
        assert_eq!(ours.verdict, Verdict::Solved, "{}: dlx", puzzle.id);
        assert_eq!(ours.solutions, naive.solutions, "{}", puzzle.id);

        let unique = solve_checked(&mut dlx, &puzzle.grid, &Budget::list(2));
        assert_eq!(unique.verdict, Verdict::Solved, "{}", puzzle.id);
        assert_eq!(
            unique.solution_count, 1,
            "{}: a limit of 2 finds one",
            puzzle.id
        );
        assert_eq!(unique.solutions, naive.solutions, "{}", puzzle.id);
    }
}

/// The matrix is reused between solves: a solve after a cut-short one must see a clean matrix.
#[test]
fn a_solve_stopped_midway_leaves_the_matrix_clean() {
    let mut dlx = Dlx::default();
    let board = sudoku_catalog::named_board("easter-monster")
        .unwrap()
        .grid();
    let fresh = dlx.solve(&board, &Budget::unique());
    let empty = sudoku_core::Grid::empty(board.shape());
    for cap in [1, 5, 50, 5_000] {
        let stopped = dlx.solve(&empty, &Budget::count(u64::MAX).with_max_iterations(cap));
        assert!(matches!(stopped.verdict, Verdict::GaveUp(_)), "cap {cap}");
        assert_eq!(stopped.counters.nodes, cap, "the cap is exact");
        assert_eq!(
            dlx.solve(&board, &Budget::unique()),
            fresh,
            "after cap {cap}"
        );
    }
}

#[test]
fn watching_replays_to_the_solution() {
    let mut dlx = Dlx::default();
    let board = sudoku_catalog::named_board("golden-nugget").unwrap().grid();
    let mut seen = board.clone();
    let mut writes = 0u64;
    let outcome = dlx.solve_watched(&board, &Budget::solve(), &mut |cell, value| {
        assert_eq!(board.get(cell), 0, "clues are never written");
        seen.set(cell, value);
        writes += u64::from(value != 0);
    });
    assert_eq!(Some(&seen), outcome.solutions.first());
    assert_eq!(writes, outcome.counters.nodes);
    assert_eq!(outcome, dlx.solve(&board, &Budget::solve()));
}
