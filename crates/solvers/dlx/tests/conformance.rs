#[test]
fn dlx_conforms() {
    sudoku_kit::assert_conforms(&mut sudoku_dlx::Dlx::default());
}
