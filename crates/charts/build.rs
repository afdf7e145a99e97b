//! Sets `missing_chromium` when this machine lacks Chromium, so that the report page's browser
//! tests show as ignored with why instead of passing having checked nothing (see `sudoku_probe`).

fn main() {
    sudoku_probe::tell_cargo(&[sudoku_probe::Need::Chromium]);
}
