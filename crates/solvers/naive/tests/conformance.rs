#[test]
fn naive_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_naive::Naive);
}
