//! Regenerates `datasets/large.txt`: 16×16 and 25×25 puzzles with exactly one solution.
//!
//! ```text
//! cargo run --release -p sudoku-dlx --example make_large [-- OUTPUT]
//! ```
//!
//! `OUTPUT` defaults to the project's `datasets/large.txt`; `-` writes to standard output.
//! Everything follows from a fixed seed, so the file is the same on every run.
//!
//! Method, per puzzle: a full grid from the base pattern `(box_cols·(r mod box_rows) + r div
//! box_rows + c) mod N`, shuffled by validity-preserving moves (bands, rows within a band,
//! stacks, columns within a stack, digit relabelling); then cells are emptied in a random order,
//! each removal kept only while DLX with a solution limit of 2 (under a node budget) still finds
//! exactly one solution, until the target share of empty cells is reached. A candidate is kept
//! only if the naive cell-order backtracker also solves it within an iteration cap (about a
//! second), so every complete solver of the suite can finish it.

use std::fmt::Write as _;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{Budget, Grid, Shape, Solver, Verdict, verify_solution};
use sudoku_dlx::Dlx;
use sudoku_naive::Naive;

const SEED: u64 = 0x5eed_1625;

/// DLX search nodes allowed for one uniqueness check while removing clues; a check that runs
/// out keeps the clue.
const REMOVAL_NODE_BUDGET: u64 = 200_000;

/// Iterations the naive solver gets to solve a candidate (limit 1) before the candidate is
/// dropped: about a second in a release build. A count, not a time, so the file does not depend
/// on the machine.
const NAIVE_ITERATION_CAP: u64 = 1_000_000_000;

/// The puzzles to make: shape and share of empty cells, in percent.
const TARGETS: [(Shape, usize); 4] = [
    (Shape::S16, 45),
    (Shape::S16, 55),
    (Shape::S25, 35),
    (Shape::S25, 42),
];

/// Empties cells of `solution` in a random order while the puzzle keeps exactly one solution,
/// until `target` cells are empty (or no cell can go).
fn carve(solution: &Grid, target: usize, dlx: &mut Dlx, rng: &mut impl Rng) -> Grid {
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..solution.shape().cell_count()).collect();
    order.shuffle(rng);
    let budget = Budget::count(2).with_max_iterations(REMOVAL_NODE_BUDGET);
    let mut empty = 0;
    for cell in order {
        if empty == target {
            break;
        }
        puzzle.set(cell, 0);
        let outcome = dlx.solve(&puzzle, &budget);
        if outcome.verdict == Verdict::Solved && outcome.solution_count == 1 {
            empty += 1;
        } else {
            puzzle.set(cell, solution.get(cell));
        }
    }
    puzzle
}

fn main() {
    let output = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../../datasets/large.txt").to_string()
    });
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut dlx = Dlx::default();
    let mut text = String::new();
    writeln!(
        text,
        "# Large puzzles made for sudoku-bench by `cargo run --release -p sudoku-dlx --example \
         make_large` (seed {SEED:#x}, rand 0.9 StdRng).\n\
         # Each: a random full grid (base pattern shuffled by band/row/stack/column/digit moves), \
         then cells emptied in random order\n\
         # while DLX with a solution limit of 2 ({REMOVAL_NODE_BUDGET} nodes at most) finds \
         exactly one solution; kept only if naive backtracking\n\
         # also solves it within {NAIVE_ITERATION_CAP} iterations. Form: puzzle:count:solution \
         (1-9, then A=10 … P=25; . empty)."
    )
    .expect("writing to a string");
    for (shape, percent) in TARGETS {
        let target = shape.cell_count() * percent / 100;
        for attempt in 1.. {
            let solution = sudoku_generate::random_solution(shape, &mut rng);
            let puzzle = carve(&solution, target, &mut dlx, &mut rng);
            let empty = puzzle.cells().iter().filter(|&&v| v == 0).count();

            let started = Instant::now();
            let check = dlx.solve(&puzzle, &Budget::count(2));
            let dlx_time = started.elapsed();
            assert_eq!(
                (check.verdict.clone(), check.solution_count),
                (Verdict::Solved, 1)
            );
            assert_eq!(check.solutions[0], solution);
            assert_eq!(verify_solution(&puzzle, &solution), Ok(()));

            let started = Instant::now();
            let naive = Naive.solve(
                &puzzle,
                &Budget::solve().with_max_iterations(NAIVE_ITERATION_CAP),
            );
            let naive_time = started.elapsed();
            let line = format!(
                "{shape}, attempt {attempt}: {empty} of {} cells empty ({:.1}%); DLX proves \
                 uniqueness in {} nodes, {} guesses; naive: {} after {} iterations",
                shape.cell_count(),
                100.0 * empty as f64 / shape.cell_count() as f64,
                check.counters.nodes,
                check.counters.guesses,
                naive.verdict,
                naive.counters.iterations,
            );
            eprintln!("{line} (DLX {dlx_time:?}, naive {naive_time:?})");
            if naive.verdict != Verdict::Solved || empty < target {
                continue;
            }
            assert_eq!(naive.solutions[0], solution);
            writeln!(text, "# {line}").expect("writing to a string");
            writeln!(text, "{}:1:{}", puzzle.to_line(), solution.to_line())
                .expect("writing to a string");
            break;
        }
    }
    if output == "-" {
        print!("{text}");
    } else {
        std::fs::write(&output, text).unwrap_or_else(|e| panic!("cannot write {output}: {e}"));
        eprintln!("wrote {output}");
    }
}
