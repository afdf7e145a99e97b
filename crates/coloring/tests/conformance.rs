#[test]
fn dsatur_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_coloring::Dsatur::default());
}

#[test]
fn greedy_coloring_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_coloring::GreedyColoring::default());
}
