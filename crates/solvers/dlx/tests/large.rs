//! DLX solves the project's large puzzles (`datasets/large.txt`), each to its one solution.

use sudoku_core::{Budget, Verdict, parse_entries, solve_checked, verify_solution};
use sudoku_dlx::Dlx;

const LARGE: &str = include_str!("../../../../datasets/large.txt");

#[test]
fn large_puzzles_have_one_verified_solution() {
    let entries = parse_entries(LARGE).expect("large.txt parses");
    let mut dlx = Dlx::default();
    for size in [16, 25] {
        assert!(
            entries.iter().any(|e| e.grid.size() == size),
            "no {size}×{size} puzzle"
        );
    }
    for entry in &entries {
        assert_eq!(entry.expected_count, Some(1), "line {}", entry.line);
        let outcome = solve_checked(&mut dlx, &entry.grid, &Budget::list(2));
        assert_eq!(outcome.verdict, Verdict::Solved, "line {}", entry.line);
        assert_eq!(outcome.solution_count, 1, "line {}: not unique", entry.line);
        let solution = &outcome.solutions[0];
        assert_eq!(
            verify_solution(&entry.grid, solution),
            Ok(()),
            "line {}",
            entry.line
        );
        assert_eq!(
            Some(solution),
            entry.solution.as_ref(),
            "line {}",
            entry.line
        );
    }
}
