#[test]
fn candidates_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_candidates::Candidates::default());
}
