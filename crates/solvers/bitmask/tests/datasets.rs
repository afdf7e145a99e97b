//! The first few hundred puzzles of each public dataset: every solution verifies and uniqueness
//! is proven. The datasets live outside the repository (`shared/datasets` beside the project
//! root); without them the test says so and passes.

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Verdict, solve_checked};

const PER_SET: usize = 300;

#[test]
fn public_puzzles_solve_uniquely() {
    let Some(dir) = sudoku_catalog::public_datasets_dir() else {
        println!("note: no public datasets folder; public-dataset check skipped");
        return;
    };
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
