//! Watching a solve replays the search: applying every reported write to the puzzle ends on the
//! solution, on the fast 9×9 path and on the generic path alike.

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Solver};

#[test]
fn watching_replays_to_the_solution() {
    let mut solver = Bitmask::default();
    let mut checked = Vec::new();
    let cases = sudoku_kit::corpus()
        .into_iter()
        .filter(|c| c.solution.is_some());
    for case in cases {
        let size = case.puzzle.size();
        if checked.contains(&size) {
            continue;
        }
        let mut board = case.puzzle.clone();
        let mut writes = 0;
        let outcome = solver.solve_watched(&case.puzzle, &Budget::solve(), &mut |cell, value| {
            board.set(cell, value);
            writes += 1;
        });
        assert_eq!(
            outcome.solutions.first(),
            case.solution.as_ref(),
            "line {}",
            case.line
        );
        assert_eq!(Some(&board), case.solution.as_ref(), "line {}", case.line);
        let empty = case.puzzle.cells().iter().filter(|&&v| v == 0).count();
        assert!(
            writes >= empty,
            "line {}: {writes} writes for {empty} empty cells",
            case.line
        );
        checked.push(size);
    }
    assert!(
        checked.contains(&9) && checked.len() >= 3,
        "sizes checked: {checked:?}"
    );
}
