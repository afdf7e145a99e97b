//! `candidates` walks naive's search tree exactly, skipping only the values naive tries and
//! rejects: the same placements, guesses and backtracks, and never more iterations.

use sudoku_candidates::Candidates;
use sudoku_core::{
    Budget, Geometry, Grid, Shape, Solver, Variant, Verdict, solve_checked, verify_solution,
};
use sudoku_naive::Naive;

#[test]
fn iterations_never_exceed_the_published_naive_counts() {
    let known = sudoku_catalog::table1_known();
    assert!(!known.is_empty(), "no row of Table 1 names a board");
    for (row, board) in known {
        let id = &board.id;
        let outcome = solve_checked(&mut Candidates::default(), &board.grid(), &Budget::solve());
        assert!(outcome.is_solved(), "{id}: {}", outcome.verdict);
        assert!(
            outcome.counters.iterations <= row.iterations,
            "{id}: {} iterations, published {}",
            outcome.counters.iterations,
            row.iterations
        );
    }
}

#[test]
fn solving_and_proving_uniqueness_walk_naives_tree_on_every_named_board() {
    let mut solver = Candidates::default();
    let dataset = sudoku_catalog::named_dataset();
    assert!(!dataset.puzzles.is_empty());
    for budget in [Budget::solve(), Budget::list(2)] {
        for puzzle in &dataset.puzzles {
            let id = &puzzle.id;
            let ours = solver.solve(&puzzle.grid, &budget);
            let naive = Naive.solve(&puzzle.grid, &budget);
            assert!(ours.is_solved(), "{id}: {}", ours.verdict);
            assert_eq!(ours.solutions, naive.solutions, "{id}");
            let (ours, naive) = (&ours.counters, &naive.counters);
            assert_eq!(ours.nodes, naive.nodes, "{id}: nodes");
            assert_eq!(ours.guesses, naive.guesses, "{id}: guesses");
            assert_eq!(ours.backtracks, naive.backtracks, "{id}: backtracks");
            assert_eq!(
                ours.iterations, ours.nodes,
                "{id}: every candidate is placed"
            );
            assert!(
                ours.iterations <= naive.iterations,
                "{id}: {} iterations, naive {}",
                ours.iterations,
                naive.iterations
            );
        }
    }
}

/// The same holds on diagonal and jigsaw boards, where both read the geometry's houses: on empty
/// boards (whose trees are large) counted to a limit, every solution verified under the
/// variant's rules and the same solutions found by both.
#[test]
fn variant_boards_walk_naives_tree_too() {
    let six_map: Vec<char> = concat!("aaabbb", "aacbbb", "daccce", "ddceee", "ddcfee", "dfffff")
        .chars()
        .collect();
    let jigsaw = Variant::jigsaw(Shape::S6, &six_map).expect("a valid 6×6 region map");
    let boards = [
        (Geometry::of(Shape::S4, &Variant::diagonal()), 100),
        (Geometry::of(Shape::S6, &Variant::diagonal()), 200),
        (Geometry::of(Shape::S6, &jigsaw), 200),
        (Geometry::of(Shape::S9, &Variant::diagonal()), 20),
    ];
    let mut solver = Candidates::default();
    for (geometry, limit) in boards {
        let kind = geometry.variant().kind();
        let empty = Grid::empty_on(geometry);
        let budget = Budget::list(limit);
        let ours = solve_checked(&mut solver, &empty, &budget);
        let naive = solve_checked(&mut Naive, &empty, &budget);
        assert_eq!(ours.verdict, Verdict::Solved, "{kind}");
        assert_eq!(ours.solution_count, naive.solution_count, "{kind}");
        assert_eq!(ours.solutions, naive.solutions, "{kind}");
        for solution in &ours.solutions {
            assert_eq!(verify_solution(&empty, solution), Ok(()), "{kind}");
        }
        let (ours, naive) = (&ours.counters, &naive.counters);
        assert_eq!(ours.nodes, naive.nodes, "{kind}: nodes");
        assert_eq!(ours.guesses, naive.guesses, "{kind}: guesses");
        assert_eq!(ours.backtracks, naive.backtracks, "{kind}: backtracks");
        assert!(ours.iterations <= naive.iterations, "{kind}");
    }
}
