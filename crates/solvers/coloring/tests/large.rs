//! DSATUR declares 25×25: it settles 25×25 boards with 40% of the cells empty, uniqueness
//! question included, within a cap of work (about 260 iterations each, measured). The boards are
//! random (seeded), so not all unique; the question answered is "one solution or at least two".
//! (Beyond ~45% empty DSATUR's time on 25×25 becomes heavy-tailed: see the crate doc.)

use rand::SeedableRng;
use rand::rngs::StdRng;

use sudoku_coloring::Dsatur;
use sudoku_core::{Budget, Shape, Verdict, solve_checked};
use sudoku_generate::{keep_givens, random_solution};

/// Far above the measured work, so the cap only tells a settled board from a blow-up.
const CAP: u64 = 1_000_000;

#[test]
fn dsatur_settles_25x25_boards_with_40_percent_empty() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut solver = Dsatur::default();
    for _ in 0..10 {
        let solution = random_solution(Shape::S25, &mut rng);
        let grid = keep_givens(&solution, 0.6, &mut rng);
        let budget = Budget::count(2).with_max_iterations(CAP);
        let outcome = solve_checked(&mut solver, &grid, &budget);
        assert_eq!(outcome.verdict, Verdict::Solved, "{grid}");
        if outcome.solution_count == 1 {
            assert_eq!(outcome.solutions[0], solution);
        }
    }
}
