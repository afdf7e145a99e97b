//! Writes the conformance corpus (`datasets/conformance.txt`) from a fixed seed.
//!
//! Every count in the corpus is measured here by the naive solver, which searches exhaustively;
//! the kit then holds every other solver to the same counts. Run with
//! `cargo run --release --example make_corpus > datasets/conformance.txt`.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    Budget, Geometry, Grid, Shape, Solver, Variant, VariantKind, Verdict, candidates, dataset_line,
};
use sudoku_generate::Symmetry;
use sudoku_naive::Naive;

/// Naive's work cap for one count while building the corpus; cases it cannot settle are skipped.
const CAP: u64 = 20_000_000;

/// The exact number of solutions up to `limit`, or `None` if naive could not settle it.
fn count(grid: &Grid, limit: u64) -> Option<u64> {
    let outcome = Naive.solve(grid, &Budget::count(limit).with_max_iterations(CAP));
    match outcome.verdict {
        Verdict::Solved | Verdict::Unsolvable => Some(outcome.solution_count),
        _ => None,
    }
}

/// Removes clues in random order while the puzzle stays unique, down to `floor` clues.
fn unique_puzzle(solution: &Grid, floor: usize, rng: &mut StdRng) -> Grid {
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..puzzle.cells().len()).collect();
    order.shuffle(rng);
    for cell in order {
        if puzzle.clue_count() <= floor {
            break;
        }
        let keep = puzzle.get(cell);
        puzzle.set(cell, 0);
        if count(&puzzle, 2) != Some(1) {
            puzzle.set(cell, keep);
        }
    }
    puzzle
}

/// Removes further clues until the puzzle has between 2 and `most` solutions.
fn multi_puzzle(unique: &Grid, most: u64, rng: &mut StdRng) -> Option<(Grid, u64)> {
    let mut puzzle = unique.clone();
    let mut clues: Vec<usize> = (0..puzzle.cells().len())
        .filter(|&c| puzzle.get(c) != 0)
        .collect();
    clues.shuffle(rng);
    for cell in clues {
        let keep = puzzle.get(cell);
        puzzle.set(cell, 0);
        match count(&puzzle, most + 1) {
            Some(k) if (2..=most).contains(&k) => return Some((puzzle, k)),
            Some(1) => {}
            _ => puzzle.set(cell, keep),
        }
    }
    None
}

/// Puts a wrong but unconflicting digit in an empty cell, so that only search shows no solution.
fn unsolvable_puzzle(unique: &Grid, solution: &Grid, rng: &mut StdRng) -> Option<Grid> {
    let marks = candidates(unique);
    let mut empties: Vec<usize> = (0..marks.len()).filter(|&c| unique.get(c) == 0).collect();
    empties.shuffle(rng);
    for cell in empties {
        let wrong = (1..=unique.size() as u8)
            .filter(|&d| marks[cell] & (1 << d) != 0 && d != solution.get(cell))
            .collect::<Vec<_>>();
        if let Some(&digit) = wrong.first() {
            let mut puzzle = unique.clone();
            puzzle.set(cell, digit);
            if count(&puzzle, 1) == Some(0) {
                return Some(puzzle);
            }
        }
    }
    None
}

/// Copies a clue into an empty peer, so two clues conflict (on a variant board, a peer by its
/// houses: maybe only by a diagonal or a region).
fn conflicting_puzzle(unique: &Grid, rng: &mut StdRng) -> Grid {
    let geometry = unique.geometry().clone();
    let mut puzzle = unique.clone();
    loop {
        let cell = rng.random_range(0..puzzle.cells().len());
        if puzzle.get(cell) != 0 {
            continue;
        }
        if let Some(&peer) = geometry.peers(cell).iter().find(|&&p| puzzle.get(p) != 0) {
            puzzle.set(cell, puzzle.get(peer));
            return puzzle;
        }
    }
}

fn main() {
    let mut rng = StdRng::seed_from_u64(20261122);
    println!("# sudoku-bench conformance corpus: puzzle:count[:solution], one a line.");
    println!("# Written by `cargo run --release --example make_corpus`; counts measured by naive.");
    println!(
        "# count 0 with consistent clues: unsolvable; count 0 with conflicting clues: invalid."
    );
    println!("\n# empty 4x4 grid");
    println!("{}:288", Grid::empty(Shape::S4));
    println!("# a row of 1-8 with the 9 in its box: r1c9 has no candidate");
    println!("12345678.........9{}:0", ".".repeat(63));
    for (shape, floor, cases) in [
        (Shape::S4, 0, 3),
        (Shape::S6, 0, 2),
        (Shape::S9, 22, 4),
        (Shape::S12, 80, 2),
        (Shape::S16, 150, 2),
    ] {
        println!("\n# {shape}");
        for _ in 0..cases {
            let solution = sudoku_generate::random_solution(shape, &mut rng);
            print_cases(&solution, floor, &mut rng);
        }
    }
    // A generator of its own, so the classic cases above stay as they were.
    let mut rng = StdRng::seed_from_u64(20261127);
    for (shape, floor) in [(Shape::S4, 0), (Shape::S6, 0), (Shape::S9, 22)] {
        for kind in [
            VariantKind::Diagonal,
            VariantKind::Jigsaw,
            VariantKind::JigsawDiagonal,
        ] {
            println!("\n# {kind} {shape}");
            let solution = variant_solution(shape, kind, &mut rng);
            print_cases(&solution, floor, &mut rng);
        }
    }
}

/// A unique puzzle carved from `solution`, then (when found) a multi-solution one, an
/// unsolvable one and one whose clues conflict.
fn print_cases(solution: &Grid, floor: usize, rng: &mut StdRng) {
    let unique = unique_puzzle(solution, floor, rng);
    println!("{}", dataset_line(&unique, 1, Some(solution)));
    if let Some((multi, k)) = multi_puzzle(&unique, 300, rng) {
        println!("{}", dataset_line(&multi, k, None));
    }
    if let Some(unsolvable) = unsolvable_puzzle(&unique, solution, rng) {
        println!("{}", dataset_line(&unsolvable, 0, None));
    }
    println!(
        "{}",
        dataset_line(&conflicting_puzzle(&unique, rng), 0, None)
    );
}

/// A full grid on a board of `kind` (a new random region map for a jigsaw, drawn again until
/// one has a grid).
fn variant_solution(shape: Shape, kind: VariantKind, rng: &mut StdRng) -> Grid {
    loop {
        let variant = match kind {
            VariantKind::Diagonal => Variant::diagonal(),
            _ => sudoku_generate::random_regions(shape, Symmetry::None, rng)
                .expect("no symmetry asked")
                .with_diagonals(kind == VariantKind::JigsawDiagonal),
        };
        if let Ok(grid) = sudoku_generate::random_grid(Geometry::of(shape, &variant), rng) {
            return grid;
        }
    }
}
