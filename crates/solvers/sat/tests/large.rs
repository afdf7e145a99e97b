//! The project's large puzzles (`datasets/large.txt`), 16×16 and 25×25, each solved to its one
//! solution with uniqueness proven.

use sudoku_core::{Budget, Verdict, parse_entries, solve_checked};
use sudoku_sat::Sat;

const LARGE: &str = include_str!("../../../../datasets/large.txt");

#[test]
fn large_puzzles_have_one_solution() {
    let entries = parse_entries(LARGE).expect("large.txt parses");
    let mut sat = Sat;
    for size in [16, 25] {
        let entry = entries
            .iter()
            .find(|entry| entry.grid.size() == size)
            .unwrap_or_else(|| panic!("no {size}×{size} puzzle"));
        assert_eq!(entry.expected_count, Some(1), "line {}", entry.line);
        let outcome = solve_checked(&mut sat, &entry.grid, &Budget::unique());
        assert_eq!(outcome.verdict, Verdict::Solved, "line {}", entry.line);
        assert_eq!(outcome.solution_count, 1, "line {}: not unique", entry.line);
        assert_eq!(
            outcome.solutions.first(),
            entry.solution.as_ref(),
            "line {}",
            entry.line
        );
    }
}
