//! Sets `missing_glpk` when this machine lacks GLPK's glpsol, so that the GLPK backend's tests show
//! as ignored with why instead of passing having checked nothing (see `sudoku_probe`).

fn main() {
    sudoku_probe::tell_cargo(&[sudoku_probe::Need::Glpk]);
}
