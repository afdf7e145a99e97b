//! Both colourings agree with naive on the documents' named boards: the same (unique) solution,
//! and uniqueness proven with a limit of 2. The fixed-order colouring walks naive's tree exactly.

use sudoku_coloring::{Dsatur, FixedOrderColoring};
use sudoku_core::{Budget, Solver, Verdict, solve_checked};
use sudoku_naive::Naive;

#[test]
fn both_colourings_find_naives_solution_and_prove_it_unique() {
    let mut dsatur = Dsatur::default();
    let mut greedy = FixedOrderColoring::default();
    let dataset = sudoku_catalog::named_dataset();
    assert!(dataset.puzzles.len() >= 6);
    for puzzle in &dataset.puzzles {
        let naive = Naive.solve(&puzzle.grid, &Budget::list(2));
        assert_eq!(naive.solution_count, 1, "{}", puzzle.id);
        for solver in [&mut dsatur as &mut dyn Solver, &mut greedy] {
            let id = solver.info().id;
            let unique = solve_checked(solver, &puzzle.grid, &Budget::list(2));
            assert_eq!(unique.verdict, Verdict::Solved, "{id} {}", puzzle.id);
            assert_eq!(unique.solution_count, 1, "{id} {}: not unique", puzzle.id);
            assert_eq!(unique.solutions, naive.solutions, "{id} {}", puzzle.id);
            if id == "coloring-fixed-order" {
                // Same vertex order, colour order and feasibility: naive's tree, node for node.
                let (ours, theirs) = (unique.counters, naive.counters);
                assert_eq!(ours.nodes, theirs.nodes, "{}", puzzle.id);
                assert_eq!(ours.guesses, theirs.guesses, "{}", puzzle.id);
                assert_eq!(ours.backtracks, theirs.backtracks, "{}", puzzle.id);
            }
        }
    }
}

#[test]
fn dsatur_colours_far_fewer_vertices_than_the_fixed_order_on_a_hard_board() {
    let board = sudoku_catalog::named_board("star-burst-leo").unwrap();
    let dsatur = Dsatur::default().solve(&board.grid(), &Budget::unique());
    let greedy = FixedOrderColoring::default().solve(&board.grid(), &Budget::unique());
    assert!(dsatur.is_solved() && greedy.is_solved());
    assert!(
        dsatur.counters.nodes * 100 < greedy.counters.nodes,
        "dsatur {} nodes, greedy {}",
        dsatur.counters.nodes,
        greedy.counters.nodes
    );
}

#[test]
fn watching_replays_to_the_solution() {
    let board = sudoku_catalog::named_board("golden-nugget").unwrap();
    for solver in [
        &mut Dsatur::default() as &mut dyn Solver,
        &mut FixedOrderColoring::default(),
    ] {
        let mut seen = board.grid();
        let mut writes = 0u64;
        let outcome = solver.solve_watched(&board.grid(), &Budget::solve(), &mut |cell, value| {
            seen.set(cell, value);
            writes += u64::from(value != 0);
        });
        assert_eq!(Some(&seen), outcome.solutions.first());
        assert_eq!(writes, outcome.counters.nodes);
    }
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
