#[test]
fn bitmask_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_bitmask::Bitmask::default());
}
