//! The naive solver reproduces the iteration counts the documents published.

use sudoku_core::{Budget, Solver, verify_solution};
use sudoku_naive::Naive;

#[test]
fn iteration_counts_equal_the_published_ones() {
    let boards = sudoku_catalog::named_boards();
    let mut checked = 0;
    for board in boards.iter().filter(|b| b.published_iterations.is_some()) {
        let outcome = Naive.solve(&board.grid(), &Budget::solve());
        assert!(outcome.is_solved(), "{}: {}", board.id, outcome.verdict);
        assert_eq!(
            verify_solution(&board.grid(), &outcome.solutions[0]),
            Ok(())
        );
        assert_eq!(
            Some(outcome.counters.iterations),
            board.published_iterations,
            "{}",
            board.id
        );
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn watching_replays_to_the_solution() {
    let board = sudoku_catalog::named_board("flower-number").unwrap();
    let mut board_seen = board.grid();
    let mut steps = 0u64;
    let outcome = Naive.solve_watched(&board.grid(), &Budget::solve(), &mut |cell, value| {
        board_seen.set(cell, value);
        steps += 1;
    });
    assert_eq!(Some(&board_seen), outcome.solutions.first());
    assert!(steps >= outcome.counters.nodes);
}
