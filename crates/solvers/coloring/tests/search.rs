//! What sets the two colourings apart: the fixed order walks naive's tree node for node, DSATUR
//! walks a far smaller one, and neither colours a graph whose clues already conflict.

use sudoku_coloring::{Dsatur, FixedOrderColoring};
use sudoku_core::{Budget, Solver, Verdict};
use sudoku_naive::Naive;

#[test]
fn the_fixed_order_walks_naives_tree_on_every_named_board() {
    let mut fixed = FixedOrderColoring::default();
    let dataset = sudoku_catalog::named_dataset();
    assert!(!dataset.puzzles.is_empty());
    for puzzle in &dataset.puzzles {
        let id = &puzzle.id;
        // Same vertex order, colour order and feasibility: naive's tree.
        let ours = fixed.solve(&puzzle.grid, &Budget::list(2));
        let naive = Naive.solve(&puzzle.grid, &Budget::list(2));
        assert!(ours.is_solved(), "{id}: {}", ours.verdict);
        assert_eq!(ours.solutions, naive.solutions, "{id}");
        assert_eq!(ours.counters.nodes, naive.counters.nodes, "{id}: nodes");
        assert_eq!(
            ours.counters.guesses, naive.counters.guesses,
            "{id}: guesses"
        );
        assert_eq!(
            ours.counters.backtracks, naive.counters.backtracks,
            "{id}: backtracks"
        );
    }
}

#[test]
fn dsatur_colours_far_fewer_vertices_than_the_fixed_order_on_a_hard_board() {
    let board = sudoku_catalog::named_board("star-burst-leo").unwrap();
    let dsatur = Dsatur::default().solve(&board.grid(), &Budget::unique());
    let fixed = FixedOrderColoring::default().solve(&board.grid(), &Budget::unique());
    assert!(dsatur.is_solved() && fixed.is_solved());
    assert!(
        dsatur.counters.nodes * 100 < fixed.counters.nodes,
        "dsatur {} nodes, fixed order {}",
        dsatur.counters.nodes,
        fixed.counters.nodes
    );
}

#[test]
fn conflicting_clues_have_no_colouring_even_without_solve_checked() {
    let mut puzzle = sudoku_catalog::named_board("flower-number").unwrap().grid();
    // Flower Number's r1c1 is 5; a 5 in r1c9 repeats it in row 1.
    puzzle.set(8, 5);
    for solver in [
        &mut Dsatur::default() as &mut dyn Solver,
        &mut FixedOrderColoring::default(),
    ] {
        let outcome = solver.solve(&puzzle, &Budget::unique());
        assert_eq!(outcome.verdict, Verdict::Unsolvable, "{}", solver.info().id);
    }
}
