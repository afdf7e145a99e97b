#[test]
fn dsatur_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_coloring::Dsatur::default());
}

#[test]
fn fixed_order_coloring_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_coloring::FixedOrderColoring::default());
}
