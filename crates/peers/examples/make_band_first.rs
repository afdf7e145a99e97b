//! Writes a second kind of multi-solution set to stdout: 35-clue puzzles, 27 of the clues a
//! whole band, as a generator that fills a band first leaves them. `scripts/make-band-first.sh`
//! runs it into `datasets/band-first.txt`.
//!
//! `cargo run --release -p sudoku-peers --example make_band_first -- [seed [count]]`
//!
//! Deterministic for a seed: a xorshift generator picks a puzzle of the 17-clue set, whose
//! solution (found by bitmask) is the full grid; a band of it is kept whole, then eight more
//! cells outside it, drawn at random. Every puzzle is checked to have at least two solutions
//! by bitmask and by dlx, which count them up to 1,000 and must agree; a puzzle with fewer
//! carries its count (`puzzle:count`). Each follows a comment naming its source.

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Grid, Shape, Solver};

const SOURCE: &str = "puzzles2_17_clue";
/// Clues outside the kept band.
const SCATTERED: usize = 8;
/// Solutions are counted up to this many; a puzzle with fewer carries its count.
const COUNTED: u64 = 1000;

fn main() {
    let (seed, count) = sudoku_peers::seed_and_count(2000);
    let puzzles = sudoku_peers::dataset_or_exit(SOURCE);
    let mut next = sudoku_peers::draws(seed);
    let mut bitmask = Bitmask::default();
    let mut dlx = sudoku_dlx::Dlx::default();
    let mut full = [0u8; 81];
    let mut second = [0u8; 81];
    for line in [
        format!("Band-first multi-solution 9x9 puzzles: {count} puzzles of 35 clues, 27 of them"),
        format!("one whole band of the solution of a puzzle of {SOURCE} (picked with seed {seed})"),
        format!("and {SCATTERED} more cells outside it drawn at random. Each has at least two"),
        format!(
            "solutions, counted by bitmask and dlx up to {COUNTED} (`puzzle:count` below that)."
        ),
        "Written by scripts/make-band-first.sh (the example".to_string(),
        "crates/peers/examples/make_band_first.rs); the same seed and count give the same file."
            .to_string(),
    ] {
        println!("# {line}");
    }
    let mut written = 0;
    while written < count {
        let index = next(puzzles.len());
        let mut cells = [0u8; 81];
        cells.copy_from_slice(puzzles[index].cells());
        assert_eq!(bitmask.solve_cells(&cells, 1, &mut full).solutions, 1);
        let band = next(3);
        let mut kept = [0u8; 81];
        kept[27 * band..27 * (band + 1)].copy_from_slice(&full[27 * band..27 * (band + 1)]);
        let mut outside: Vec<usize> = (0..81).filter(|c| c / 27 != band).collect();
        for k in 0..SCATTERED {
            let pick = k + next(outside.len() - k);
            outside.swap(k, pick);
            kept[outside[k]] = full[outside[k]];
        }
        let grid = Grid::from_cells(Shape::S9, kept.to_vec()).expect("81 cells");
        let by_bitmask = bitmask.solve_cells(&kept, COUNTED, &mut second).solutions;
        let by_dlx = dlx.solve(&grid, &Budget::count(COUNTED)).solution_count;
        assert_eq!(by_bitmask, by_dlx, "{grid}");
        if by_bitmask < 2 {
            continue;
        }
        println!("# {SOURCE} puzzle {}, band {}", index + 1, band + 1);
        if by_bitmask < COUNTED {
            println!("{}:{by_bitmask}", grid.to_line());
        } else {
            println!("{}", grid.to_line());
        }
        written += 1;
    }
}
