//! The first few hundred puzzles of each public dataset: every solution verifies and uniqueness
//! is proven. The datasets live outside the repository (`shared/datasets` beside the project
//! root); without them the test is ignored, saying why.

use sudoku_bitmask::{Bitmask, Path};
use sudoku_core::{Budget, Verdict, solve_checked};

const PER_SET: usize = 300;

#[test]
#[cfg_attr(
    missing_public_datasets,
    ignore = "no public datasets: put shared/datasets beside the checkout or set SUDOKU_DATASETS"
)]
fn public_puzzles_solve_uniquely() {
    let dir = sudoku_catalog::public_datasets_dir()
        .expect("the build found the public datasets: rebuild to have this test ignored");
    let mut solver = Bitmask::default();
    for set in sudoku_catalog::PUBLIC_DATASETS {
        let dataset = sudoku_catalog::read_file(&dir.join(set)).expect("a public dataset loads");
        let mut solved = 0;
        for puzzle in dataset.puzzles.iter().take(PER_SET) {
            let outcome = solve_checked(&mut solver, &puzzle.grid, &Budget::unique());
            assert_eq!(outcome.verdict, Verdict::Solved, "{set} {}", puzzle.id);
            assert_eq!(outcome.solution_count, 1, "{set} {}: not unique", puzzle.id);
            // The fast line API gives the same answer.
            let mut solution = [0u8; 81];
            let tally = solver
                .solve_line(&puzzle.grid.to_line(), 2, &mut solution)
                .expect("a dataset line parses");
            assert_eq!(tally.solutions, 1);
            assert_eq!(&solution[..], outcome.solutions[0].cells());
            solved += 1;
        }
        assert!(solved >= PER_SET.min(dataset.puzzles.len()), "{set}");
    }
}

/// Every path this processor runs searches the same tree as the scalar path on the public
/// sets' one-solution puzzles (all of top1465 and forum-hardest, the first thousands of
/// 17-clue): the same nodes, guesses and backtracks, uniqueness checked. The paths'
/// propagations must reach the same fixpoint from states that placements alone do not give
/// (after column rules and triads), or the trees part.
#[test]
#[cfg_attr(
    missing_public_datasets,
    ignore = "no public datasets: put shared/datasets beside the checkout or set SUDOKU_DATASETS"
)]
fn every_path_searches_the_scalar_tree_on_public_puzzles() {
    let dir = sudoku_catalog::public_datasets_dir()
        .expect("the build found the public datasets: rebuild to have this test ignored");
    for set in sudoku_catalog::PUBLIC_DATASETS {
        let dataset = sudoku_catalog::read_file(&dir.join(set)).expect("a public dataset loads");
        let lines: Vec<String> = dataset
            .puzzles
            .iter()
            .take(3_000)
            .map(|puzzle| puzzle.grid.to_line())
            .collect();
        let trees = |path: Path| {
            let mut solver = Bitmask::on_path(path).expect("a path this processor runs");
            let mut solution = [0u8; 81];
            lines
                .iter()
                .map(|line| {
                    let tally = solver.solve_line(line, 2, &mut solution).expect("a line");
                    let c = tally.counters;
                    (tally.solutions, c.nodes, c.guesses, c.backtracks)
                })
                .collect::<Vec<_>>()
        };
        let scalar = trees(Path::Scalar);
        for path in Path::available_paths() {
            for (k, (a, b)) in scalar.iter().zip(trees(path)).enumerate() {
                assert_eq!(*a, b, "{set}, {path}, line {k}: {}", lines[k]);
            }
        }
    }
}

/// The project's multi-solution set: a uniqueness check finds two distinct solutions, both
/// verified (the second often by a rectangle exchange, not a search), and so does a count
/// that keeps going (limit 3), which never exchanges.
#[test]
fn multi_solution_puzzles_report_two_verified_solutions() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../datasets/multi-solution.txt");
    let dataset = sudoku_catalog::read_file(&path).expect("the multi-solution set loads");
    assert_eq!(dataset.puzzles.len(), 300);
    let mut solver = Bitmask::default();
    for puzzle in &dataset.puzzles {
        for limit in [2usize, 3] {
            let budget = Budget::list(limit);
            let outcome = solve_checked(&mut solver, &puzzle.grid, &budget);
            assert_eq!(outcome.verdict, Verdict::Solved, "{}", puzzle.id);
            assert!(outcome.solution_count >= 2, "{}", puzzle.id);
            assert!(outcome.solutions.len() >= 2, "{}", puzzle.id);
            assert_ne!(outcome.solutions[0], outcome.solutions[1], "{}", puzzle.id);
        }
    }
}
