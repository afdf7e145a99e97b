//! On the documents' named boards, `candidates` walks naive's search tree exactly: same
//! solutions, same placements, guesses and backtracks, and never more iterations.

use sudoku_candidates::Candidates;
use sudoku_core::{Budget, Outcome, Solver, Verdict};
use sudoku_naive::Naive;

fn assert_same_tree(id: &str, ours: &Outcome, naive: &Outcome) {
    assert_eq!(ours.verdict, naive.verdict, "{id}");
    assert_eq!(ours.solutions, naive.solutions, "{id}: solutions differ");
    assert_eq!(ours.solution_count, naive.solution_count, "{id}");
    assert_eq!(ours.counters.nodes, naive.counters.nodes, "{id}: nodes");
    assert_eq!(
        ours.counters.guesses, naive.counters.guesses,
        "{id}: guesses"
    );
    assert_eq!(
        ours.counters.backtracks, naive.counters.backtracks,
        "{id}: backtracks"
    );
    assert_eq!(
        ours.counters.iterations, ours.counters.nodes,
        "{id}: every candidate is placed"
    );
    assert!(
        ours.counters.iterations <= naive.counters.iterations,
        "{id}: {} iterations, naive {}",
        ours.counters.iterations,
        naive.counters.iterations
    );
}

#[test]
fn iterations_never_exceed_the_published_naive_counts() {
    let mut checked = 0;
    for board in sudoku_catalog::named_boards() {
        let Some(published) = board.published_iterations else {
            continue;
        };
        let outcome = Candidates::default().solve(&board.grid(), &Budget::solve());
        assert!(outcome.is_solved(), "{}: {}", board.id, outcome.verdict);
        assert!(
            outcome.counters.iterations <= published,
            "{}: {} iterations, published {published}",
            board.id,
            outcome.counters.iterations
        );
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn solving_walks_naives_tree_on_every_named_board() {
    let mut solver = Candidates::default();
    let dataset = sudoku_catalog::named_dataset();
    assert!(dataset.puzzles.len() >= 6);
    for puzzle in &dataset.puzzles {
        let ours = solver.solve(&puzzle.grid, &Budget::solve());
        let naive = Naive.solve(&puzzle.grid, &Budget::solve());
        assert_same_tree(&puzzle.id, &ours, &naive);
    }
}

#[test]
fn uniqueness_checks_agree_with_naive_on_every_named_board() {
    let mut solver = Candidates::default();
    for puzzle in &sudoku_catalog::named_dataset().puzzles {
        let ours = solver.solve(&puzzle.grid, &Budget::list(2));
        let naive = Naive.solve(&puzzle.grid, &Budget::list(2));
        assert_eq!(ours.verdict, Verdict::Solved, "{}", puzzle.id);
        assert_eq!(ours.solution_count, 1, "{}: not unique", puzzle.id);
        assert_same_tree(&puzzle.id, &ours, &naive);
    }
}

#[test]
fn watching_replays_to_the_solution() {
    let board = sudoku_catalog::named_board("flower-number").unwrap();
    let mut seen = board.grid();
    let mut writes = 0u64;
    let outcome =
        Candidates::default().solve_watched(&board.grid(), &Budget::solve(), &mut |cell, value| {
            seen.set(cell, value);
            writes += u64::from(value != 0);
        });
    assert_eq!(Some(&seen), outcome.solutions.first());
    assert_eq!(writes, outcome.counters.nodes);
}
