//! Writes a multi-solution benchmark set to stdout: puzzles of top1465 with clues removed until
//! they have at least two solutions. `scripts/make-multi.sh` runs it into
//! `datasets/multi-solution.txt`.
//!
//! `cargo run --release -p sudoku-peers --example make_multi -- [seed [count]]`
//!
//! Deterministic for a seed: a xorshift generator picks `count` distinct puzzles of the set and,
//! for each, an order of its clues; clues are removed in that order until bitmask (limit 2)
//! finds a second solution. Each puzzle follows a comment naming its source line and the
//! clues removed, and carries its number of solutions (`puzzle:count`, all of them counted).

use sudoku_bitmask::Bitmask;

const SOURCE: &str = "puzzles3_magictour_top1465";

fn main() {
    let (seed, count) = sudoku_peers::seed_and_count(300);
    let puzzles = sudoku_peers::dataset_or_exit(SOURCE);
    let mut next = sudoku_peers::draws(seed);
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, next(i + 1));
    }
    let mut solver = Bitmask::default();
    let mut solution = [0u8; 81];
    println!("# Multi-solution 9x9 puzzles: {count} puzzles of {SOURCE} picked with seed {seed},");
    println!(
        "# clues removed in a seeded random order until the puzzle has at least two solutions"
    );
    println!("# (checked by bitmask with limit 2). Written by scripts/make-multi.sh (the example");
    println!("# crates/peers/examples/make_multi.rs); the same seed and count give the same file.");
    println!("# Form: puzzle:count, every solution counted by bitmask.");
    for &index in order.iter().take(count) {
        let mut cells = [0u8; 81];
        cells.copy_from_slice(puzzles[index].cells());
        let mut clues: Vec<usize> = (0..81).filter(|&c| cells[c] != 0).collect();
        for i in (1..clues.len()).rev() {
            clues.swap(i, next(i + 1));
        }
        let mut removed = Vec::new();
        for &cell in &clues {
            removed.push(format!("r{}c{}", cell / 9 + 1, cell % 9 + 1));
            cells[cell] = 0;
            if solver.solve_cells(&cells, 2, &mut solution).solutions >= 2 {
                break;
            }
        }
        let line = sudoku_core::Grid::from_cells(puzzles[index].shape(), cells.to_vec())
            .expect("a 9×9 puzzle's cells with clues removed")
            .to_line();
        println!(
            "# {SOURCE} puzzle {}, removed {}",
            index + 1,
            removed.join(" ")
        );
        let all = solver
            .solve_cells(&cells, u64::MAX, &mut solution)
            .solutions;
        println!("{line}:{all}");
    }
}
