//! The SAT encoding over houses: on 4×4 diagonal, jigsaw and jigsaw-diagonal boards CaDiCaL
//! lists exactly the fillings a brute force finds.

#[path = "../../dlx/tests/support/fillings.rs"]
mod fillings;

#[test]
fn four_by_four_variant_counts_match_a_brute_force() {
    let checked = fillings::assert_matches_brute_force(&mut sudoku_sat::Sat);
    assert!(checked >= 25, "{checked} puzzles");
}
