//! Prints the compiled copies of the search this processor runs, slowest first, one name a
//! line (what `SUDOKU_BITMASK_PATH` takes): `cargo run --release -p sudoku-bitmask --example
//! paths`. `scripts/test.sh` runs the crate's tests once on each.

fn main() {
    for path in sudoku_bitmask::Path::available_paths() {
        println!("{path}");
    }
}
