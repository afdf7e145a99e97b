//! Bitmask agrees with naive backtracking: same solutions on the documents' named boards, same
//! solution counts on puzzles with several solutions, on every size naive settles quickly.

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Grid, Outcome, Shape, Solver, Verdict, solve_checked};
use sudoku_naive::Naive;

/// Naive's iteration cap: a proof of uniqueness it cannot finish within this is skipped.
const NAIVE_CAP: u64 = 20_000_000;

fn naive(puzzle: &Grid, budget: Budget) -> Outcome {
    solve_checked(&mut Naive, puzzle, &budget.with_max_iterations(NAIVE_CAP))
}

#[test]
fn same_solution_as_naive_on_every_named_board() {
    let mut bitmask = Bitmask::default();
    let boards = sudoku_catalog::named_dataset().puzzles;
    assert!(!boards.is_empty());
    for board in &boards {
        let ours = solve_checked(&mut bitmask, &board.grid, &Budget::unique());
        assert_eq!(ours.verdict, Verdict::Solved, "{}", board.id);
        let theirs = naive(&board.grid, Budget::solve());
        if theirs.verdict == Verdict::Solved {
            assert_eq!(ours.solutions[0], theirs.solutions[0], "{}", board.id);
        }
        let theirs = naive(&board.grid, Budget::unique());
        match theirs.verdict {
            Verdict::GaveUp(_) => println!(
                "{}: naive cannot prove uniqueness within {NAIVE_CAP} iterations; solution compared only",
                board.id
            ),
            _ => assert_eq!(ours.solution_count, theirs.solution_count, "{}", board.id),
        }
    }
}

/// Puzzles with several solutions: a named board's solution with a spread of cells blanked.
fn blanked(solution: &Grid, keep_every: usize, offset: usize) -> Grid {
    let mut puzzle = solution.clone();
    for cell in 0..puzzle.cells().len() {
        if (cell * 7 + offset) % keep_every != 0 {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

#[test]
fn same_solution_counts_as_naive() {
    let mut bitmask = Bitmask::default();
    let mut compared = 0;
    let mut several = 0;
    let mut bases: Vec<Grid> = sudoku_catalog::named_dataset()
        .puzzles
        .iter()
        .filter_map(|p| {
            bitmask
                .solve(&p.grid, &Budget::solve())
                .solutions
                .into_iter()
                .next()
        })
        .collect();
    // Smaller sizes go through the generic path.
    for size in [4, 6] {
        let shape = Shape::from_size(size).expect("a supported size");
        let full = bitmask.solve(&Grid::empty(shape), &Budget::solve());
        bases.extend(full.solutions);
    }
    for base in &bases {
        for (keep_every, offset) in [(2, 0), (2, 1), (3, 0), (3, 2)] {
            let puzzle = blanked(base, keep_every, offset);
            let theirs = naive(&puzzle, Budget::count(u64::MAX));
            if theirs.verdict != Verdict::Solved {
                continue;
            }
            let ours = solve_checked(&mut bitmask, &puzzle, &Budget::count(u64::MAX));
            assert_eq!(ours.verdict, Verdict::Solved, "{puzzle}");
            assert_eq!(ours.solution_count, theirs.solution_count, "{puzzle}");
            let listed = solve_checked(&mut bitmask, &puzzle, &Budget::list(5));
            assert_eq!(
                listed.solutions.len() as u64,
                theirs.solution_count.min(5),
                "{puzzle}"
            );
            compared += 1;
            several += usize::from(theirs.solution_count > 1);
        }
    }
    assert!(
        compared >= 10 && several >= 5,
        "compared {compared}, with several solutions {several}"
    );
}

#[test]
fn empty_boards_count_as_published() {
    let mut bitmask = Bitmask::default();
    let four = bitmask.solve(&Grid::empty(Shape::S4), &Budget::count(u64::MAX));
    assert_eq!((four.verdict, four.solution_count), (Verdict::Solved, 288));
    // 6×6 with 2×3 boxes: 28,200,960 grids in all; a cap shows the limit is honoured.
    let six = bitmask.solve(&Grid::empty(Shape::S6), &Budget::count(1000));
    assert_eq!((six.verdict, six.solution_count), (Verdict::Solved, 1000));
    let nine = bitmask.solve(&Grid::empty(Shape::S9), &Budget::count(1000));
    assert_eq!((nine.verdict, nine.solution_count), (Verdict::Solved, 1000));
}
