//! The first few hundred puzzles of each public dataset: every solution verifies and uniqueness
//! is proven. The datasets live outside the repository (`shared/datasets` beside the project
//! root); without them the test says so and passes.

use std::path::Path;

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Verdict, solve_checked};

const SETS: [&str; 3] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
];
const PER_SET: usize = 300;

#[test]
fn public_puzzles_solve_uniquely() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets");
    if !dir.is_dir() {
        println!(
            "note: {} is absent; public-dataset check skipped",
            dir.display()
        );
        return;
    }
    let mut solver = Bitmask::default();
    for set in SETS {
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
