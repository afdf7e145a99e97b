#[test]
fn sat_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_sat::Sat);
}
