//! Variant boards for solvers' tests: diagonal, jigsaw and jigsaw-diagonal geometries on 6×6
//! and 9×9, a filled board of each, and a counter of their own to check solvers against.
//!
//! Every region map goes through [`Variant::jigsaw`], which checks its sizes and connectivity.
//! The solution grids were found offline by a plain backtracking search written for the purpose
//! (no solver of the suite), and every one is checked here against its rules with
//! [`verify_filled`] before a test uses it. [`count_solutions`] is a small exhaustive search of
//! its own, over the geometry's peers only, for expectations no solver under test supplies.

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_core::{
    Budget, Geometry, Grid, Shape, Solver, StopReason, Variant, Verdict, missing_digits,
    solve_checked, validate_clues, verify_filled, verify_keeps_clues,
};

/// A 6×6 jigsaw map (rows, spaces for reading): six connected regions of six cells. With the
/// diagonals as houses too it has no filling at all ([`count_solutions`] proves it).
pub const JIGSAW_6: &str = "aaabbb aacbbb daccce ddceee ddcfee dfffff";

/// A 6×6 jigsaw map that has a filling with the diagonals as houses too.
pub const JIGSAW_DIAGONAL_6: &str = "aaabbb aaabbb cccddd cecdfd ceeffd eeefff";

/// A 9×9 jigsaw map, twelve cell exchanges away from the boxes; it has fillings with and
/// without the diagonals.
pub const JIGSAW_9: &str = "abbbbbccc aabaabccc daaabbfcc dadeeefcf dddeeefff \
                            gddehefff ggdehhiii gggghiiii gghhhhhii";

/// The geometry of `shape` with both diagonals as houses.
pub fn diagonal(shape: Shape) -> Arc<Geometry> {
    Geometry::of(shape, &Variant::diagonal())
}

/// The geometry of `shape` with the regions of `map` (one letter a cell, spaces ignored) in
/// place of boxes, and the diagonals as houses if `diagonals`. Panics if the map is no valid
/// set of regions.
pub fn jigsaw(shape: Shape, map: &str, diagonals: bool) -> Arc<Geometry> {
    let labels: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
    let variant = Variant::jigsaw(shape, &labels)
        .unwrap_or_else(|error| panic!("{map}: {}", error.describe(shape.size())))
        .with_diagonals(diagonals);
    Geometry::of(shape, &variant)
}

/// Every variant geometry the tests use: diagonal, jigsaw and jigsaw-diagonal, on 6×6 and
/// 9×9, named.
pub fn geometries() -> Vec<(&'static str, Arc<Geometry>)> {
    vec![
        ("6x6 diagonal", diagonal(Shape::S6)),
        ("6x6 jigsaw", jigsaw(Shape::S6, JIGSAW_6, false)),
        (
            "6x6 jigsaw diagonal",
            jigsaw(Shape::S6, JIGSAW_DIAGONAL_6, true),
        ),
        ("9x9 diagonal", diagonal(Shape::S9)),
        ("9x9 jigsaw", jigsaw(Shape::S9, JIGSAW_9, false)),
        ("9x9 jigsaw diagonal", jigsaw(Shape::S9, JIGSAW_9, true)),
    ]
}

/// A filled board of each of [`geometries`], in the same order, each checked by
/// [`verify_filled`].
pub fn solutions() -> Vec<(&'static str, Grid)> {
    let digits = [
        "264513315462643251521634152346436125",
        "315624426315261543632451543162154236",
        "235461416325523614164532652143341256",
        "365897241784152639192346587471928365938465172526731498619584723847213956253679814",
        "594126738368795124281473956723648591845319672619257843476531289952864317137982465",
        "872593146364128759257461938196357824785914263649832517913675482528746391431289675",
    ];
    geometries()
        .into_iter()
        .zip(digits)
        .map(|((name, geometry), digits)| {
            let cells = digits.bytes().map(|b| b - b'0').collect();
            let grid = Grid::from_cells_on(geometry, cells).expect("a board of the shape");
            assert_eq!(verify_filled(&grid), Ok(()), "{name}");
            (name, grid)
        })
        .collect()
}

/// `solution` with `blanks` of its cells emptied, drawn by `seed`.
pub fn blanked(solution: &Grid, blanks: usize, seed: u64) -> Grid {
    let mut cells: Vec<usize> = (0..solution.cells().len()).collect();
    cells.shuffle(&mut StdRng::seed_from_u64(seed));
    let mut puzzle = solution.clone();
    for &cell in &cells[..blanks] {
        puzzle.set(cell, 0);
    }
    puzzle
}

/// The number of fillings of `puzzle` under its rules, counting up to `limit`: a depth-first
/// search trying each digit no peer holds in the first empty cell.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    fn fill(geometry: &Geometry, cells: &mut [u8], limit: usize, found: &mut usize) {
        let Some(cell) = cells.iter().position(|&v| v == 0) else {
            *found += 1;
            return;
        };
        for digit in 1..=geometry.size() as u8 {
            if *found >= limit {
                return;
            }
            if geometry
                .peers(cell)
                .iter()
                .all(|&peer| cells[peer] != digit)
            {
                cells[cell] = digit;
                fill(geometry, cells, limit, found);
                cells[cell] = 0;
            }
        }
    }
    let mut cells = puzzle.cells().to_vec();
    let mut found = 0;
    fill(puzzle.geometry(), &mut cells, limit, &mut found);
    found
}

/// `puzzle` with one empty cell given a digit that is not `filling`'s there and repeats no
/// digit in a house: if `filling` is the puzzle's only solution, the result has none.
pub fn spoiled(puzzle: &Grid, filling: &Grid) -> Option<Grid> {
    for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0) {
        for digit in (1..=puzzle.size() as u8).filter(|&d| d != filling.get(cell)) {
            let mut wrong = puzzle.clone();
            wrong.set(cell, digit);
            if validate_clues(&wrong).is_ok() {
                return Some(wrong);
            }
        }
    }
    None
}

/// The 6×6 [`JIGSAW_6`] map with the diagonals, which has no filling at all ([`count_solutions`]
/// proves it): an incomplete `solver` given `cap` units of work must give up by its cap with an
/// honest best attempt (the clues kept, the board's geometry, its cost recounted), never claim
/// a solution.
pub fn assert_gives_up_honestly_without_a_filling(solver: &mut dyn Solver, cap: u64) {
    let geometry = jigsaw(Shape::S6, JIGSAW_6, true);
    let puzzle = Grid::empty_on(geometry.clone());
    assert_eq!(count_solutions(&puzzle, 1), 0);
    let id = solver.info().id;
    let outcome = solve_checked(solver, &puzzle, &Budget::solve().with_max_iterations(cap));
    assert_eq!(
        outcome.verdict,
        Verdict::GaveUp(StopReason::IterationCap),
        "{id}"
    );
    let attempt = outcome.best_attempt.expect("an attempt");
    assert_eq!(verify_keeps_clues(&puzzle, &attempt.grid), Ok(()), "{id}");
    assert_eq!(attempt.grid.geometry(), &geometry, "{id}");
    assert!(attempt.cost > 0, "{id}");
    assert_eq!(
        attempt.cost,
        missing_digits(&geometry, attempt.grid.cells()),
        "{id}"
    );
}
