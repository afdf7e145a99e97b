//! Blocking clauses count every solution of the kit's multi-solution cases exactly, stop at any
//! lower limit, and list distinct solutions.

use sudoku_core::{Budget, Verdict, solve_checked};
use sudoku_kit::CaseKind;
use sudoku_sat::Sat;

#[test]
fn multi_solution_puzzles_are_counted_exactly_up_to_the_limit() {
    let cases: Vec<_> = sudoku_kit::corpus()
        .into_iter()
        .filter(|case| case.kind == CaseKind::Multiple)
        .collect();
    assert!(!cases.is_empty(), "the corpus has multi-solution cases");
    let mut sat = Sat;
    for case in cases {
        let line = case.line;
        let all = solve_checked(&mut sat, &case.puzzle, &Budget::count(u64::MAX));
        assert_eq!(all.verdict, Verdict::Solved, "line {line}");
        assert_eq!(all.solution_count, case.count, "line {line}");
        assert_eq!(all.counters.get("sat_calls"), case.count + 1, "line {line}");

        let limit = case.count - 1;
        let capped = solve_checked(&mut sat, &case.puzzle, &Budget::count(limit));
        assert_eq!(capped.verdict, Verdict::Solved, "line {line}");
        assert_eq!(capped.solution_count, limit, "line {line}");
        assert_eq!(capped.solutions.len(), 1, "line {line}");

        // Listing more than there are returns each one once (solve_checked rejects repeats).
        let listed = solve_checked(
            &mut sat,
            &case.puzzle,
            &Budget::list(case.count as usize + 1),
        );
        assert_eq!(listed.verdict, Verdict::Solved, "line {line}");
        assert_eq!(listed.solutions.len() as u64, case.count, "line {line}");
    }
}
