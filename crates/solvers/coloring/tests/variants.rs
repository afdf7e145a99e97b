//! Colouring the graph of a variant board: on 4×4 diagonal, jigsaw and jigsaw-diagonal boards
//! both vertex orders list exactly the fillings a brute force finds.

#[path = "../../dlx/tests/support/fillings.rs"]
mod fillings;

use sudoku_coloring::{Dsatur, FixedOrderColoring};

#[test]
fn four_by_four_variant_counts_match_a_brute_force() {
    let checked = fillings::assert_matches_brute_force(&mut Dsatur::default());
    assert!(checked >= 25, "{checked} puzzles");
    let checked = fillings::assert_matches_brute_force(&mut FixedOrderColoring::default());
    assert!(checked >= 25, "{checked} puzzles");
}
