//! The 2009 program's claim, as a property: a transformed unique puzzle is solved by the
//! transformed solution, for random seeds and every shape.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Grid, Shape, Uniqueness, uniqueness};
use sudoku_generate::{Transform, random_grid};

/// A unique puzzle from a random grid: cells emptied in random order while the puzzle stays
/// unique, up to half the board (quick to count at every size, 25×25 included).
fn unique_puzzle(shape: Shape, rng: &mut StdRng, counter: &mut Bitmask) -> (Grid, Grid) {
    let solution = random_grid(shape, rng).unwrap();
    let mut puzzle = solution.clone();
    let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
    cells.shuffle(rng);
    for &cell in &cells[..shape.cell_count() / 2] {
        puzzle.set(cell, 0);
        if !matches!(
            uniqueness(counter, &puzzle, &Budget::unique()),
            Uniqueness::Unique(_)
        ) {
            puzzle.set(cell, solution.get(cell));
        }
    }
    (puzzle, solution)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn solving_a_transformed_puzzle_gives_the_transformed_solution(
        seed in any::<u64>(),
        shape in prop::sample::select(Shape::ALL.to_vec()),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut counter = Bitmask::default();
        let (puzzle, solution) = unique_puzzle(shape, &mut rng, &mut counter);
        let t = Transform::random(shape, &mut rng);
        let moved = t.apply(&puzzle);
        prop_assert_eq!(moved.clue_count(), puzzle.clue_count());
        match uniqueness(&mut counter, &moved, &Budget::unique()) {
            Uniqueness::Unique(found) => prop_assert_eq!(found, t.apply(&solution)),
            other => prop_assert!(false, "{} moved to {} is not unique: {:?}", puzzle, moved, other),
        }
        prop_assert_eq!(t.inverse().apply(&moved), puzzle);
    }
}
