//! The naive solver reproduces the iteration counts the documents published (Table 1), for every
//! board of the table whose grid is known.

use sudoku_core::{Budget, solve_checked};
use sudoku_naive::Naive;

#[test]
#[ignore = "slow tier (bash scripts/test.sh slow): the Near worst case board alone takes 622 \
            million iterations"]
fn iteration_counts_equal_the_published_ones() {
    let known = sudoku_catalog::table1_known();
    assert!(!known.is_empty(), "no row of Table 1 names a board");
    for (row, board) in known {
        let id = &board.id;
        assert_eq!(board.published_iterations, Some(row.iterations), "{id}");
        let outcome = solve_checked(&mut Naive, &board.grid(), &Budget::solve());
        assert!(outcome.is_solved(), "{id}: {}", outcome.verdict);
        assert_eq!(outcome.counters.iterations, row.iterations, "{id}");
    }
}
