//! Every filling of a 4×4 variant board found by brute force, the reference the kit checks
//! counting solvers' variant counts against: the 576 Latin squares are enumerated row by row,
//! and a filling is kept when `sudoku_core::verify_filled` accepts it under the board's
//! geometry. Nothing here asks a solver, so the expectations are independent of the code under
//! test.

use std::sync::Arc;

use sudoku_core::{
    Budget, Geometry, Grid, Shape, Solver, UnitKind, Variant, Verdict, solve_checked,
    validate_clues, verify_filled,
};

/// Two 4×4 jigsaw maps (one label a cell, row by row), each region four connected cells.
pub const JIGSAW_MAPS: [&str; 2] = ["aabbacbbacddccdd", "abbbaccbacddacdd"];

/// Every 4×4 Latin square: each row a permutation of 1..=4, no digit twice in a column.
pub fn latin_squares() -> Vec<Vec<u8>> {
    let rows = permutations(&[1, 2, 3, 4]);
    let mut squares = Vec::new();
    for a in &rows {
        for b in &rows {
            for c in &rows {
                for d in &rows {
                    let columns_differ = (0..4).all(|k| {
                        let column = [a[k], b[k], c[k], d[k]];
                        (1..=4).all(|digit| column.contains(&digit))
                    });
                    if columns_differ {
                        squares.push([&a[..], b, c, d].concat());
                    }
                }
            }
        }
    }
    squares
}

fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// The Latin squares that are valid boards under `geometry`.
pub fn fillings(geometry: &Arc<Geometry>) -> Vec<Grid> {
    latin_squares()
        .into_iter()
        .filter_map(|cells| Grid::from_cells_on(geometry.clone(), cells))
        .filter(|grid| verify_filled(grid).is_ok())
        .collect()
}

/// The fillings that keep every clue of `puzzle`, as text lines, sorted.
pub fn completions(fillings: &[Grid], puzzle: &Grid) -> Vec<String> {
    let mut lines: Vec<String> = fillings
        .iter()
        .filter(|grid| {
            puzzle
                .cells()
                .iter()
                .zip(grid.cells())
                .all(|(&clue, &digit)| clue == 0 || clue == digit)
        })
        .map(Grid::to_line)
        .collect();
    lines.sort();
    lines
}

/// The 4×4 variant boards the tests run on: diagonal, each jigsaw map, and each map with
/// diagonals. Every map is checked by `Variant::jigsaw`.
pub fn variant_geometries() -> Vec<Arc<Geometry>> {
    let mut geometries = vec![Geometry::of(Shape::S4, &Variant::diagonal())];
    for map in JIGSAW_MAPS {
        let labels: Vec<char> = map.chars().collect();
        let jigsaw = Variant::jigsaw(Shape::S4, &labels).expect("a valid 4×4 jigsaw map");
        geometries.push(Geometry::of(Shape::S4, &jigsaw));
        geometries.push(Geometry::of(Shape::S4, &jigsaw.with_diagonals(true)));
    }
    geometries
}

/// A board of `geometry` holding `filling`'s digits at `cells`.
fn clues_from(geometry: &Arc<Geometry>, filling: &Grid, cells: &[usize]) -> Grid {
    let mut puzzle = Grid::empty_on(geometry.clone());
    for &cell in cells {
        puzzle.set(cell, filling.get(cell));
    }
    puzzle
}

/// The first two-clue board (cells and digits in order) whose clues do not repeat a digit in a
/// house, yet which no filling completes: unsolvable only by what follows from the clues.
fn quietly_unsolvable(geometry: &Arc<Geometry>, fillings: &[Grid]) -> Option<Grid> {
    let placements: Vec<(usize, u8)> = (0..16)
        .flat_map(|cell| (1..=4).map(move |digit| (cell, digit)))
        .collect();
    for (i, &(a, x)) in placements.iter().enumerate() {
        for &(b, y) in &placements[i + 1..] {
            if a == b {
                continue;
            }
            let mut puzzle = Grid::empty_on(geometry.clone());
            puzzle.set(a, x);
            puzzle.set(b, y);
            if validate_clues(&puzzle).is_ok() && completions(fillings, &puzzle).is_empty() {
                return Some(puzzle);
            }
        }
    }
    None
}

/// The puzzles of one board: empty, a few clues of two fillings, and (when two clues can do it)
/// one that no filling completes although its clues do not conflict.
pub fn puzzles(geometry: &Arc<Geometry>, fillings: &[Grid]) -> Vec<Grid> {
    let first = &fillings[0];
    let last = &fillings[fillings.len() - 1];
    let mut puzzles = vec![
        Grid::empty_on(geometry.clone()),
        clues_from(geometry, first, &[0]),
        clues_from(geometry, first, &[1, 6]),
        clues_from(geometry, last, &[2, 7, 8, 13]),
        clues_from(geometry, last, &[0, 5, 10, 15, 3]),
    ];
    puzzles.extend(quietly_unsolvable(geometry, fillings));
    puzzles
}

/// `solver` counts and lists exactly the brute force's completions of every puzzle of every
/// 4×4 variant board, each answer verified by `solve_checked`; clues that repeat a digit on a
/// diagonal, handed to the solver directly, give no solution (refused or unsolvable). The first
/// disagreement is the error.
pub fn check_brute_force(solver: &mut dyn Solver) -> Result<(), String> {
    let id = solver.info().id;
    let mut unsolvable = 0;
    for geometry in variant_geometries() {
        let all = fillings(&geometry);
        for puzzle in puzzles(&geometry, &all) {
            let expected = completions(&all, &puzzle);
            let budget = Budget::list(expected.len() + 1);
            let outcome = solve_checked(solver, &puzzle, &budget);
            let mut listed: Vec<String> = outcome.solutions.iter().map(Grid::to_line).collect();
            listed.sort();
            let verdict = if expected.is_empty() {
                unsolvable += 1;
                Verdict::Unsolvable
            } else {
                Verdict::Solved
            };
            if listed != expected
                || outcome.solution_count != expected.len() as u64
                || outcome.verdict != verdict
            {
                return Err(format!(
                    "{id} on {puzzle}: {} with {} solutions listed as {listed:?}; the brute \
                     force finds {expected:?}",
                    outcome.verdict, outcome.solution_count
                ));
            }
        }
        if geometry.variant().has_diagonals() {
            // 1 at r1c1 and at r4c4: no row, column or region shared, only the diagonal.
            let mut clash = Grid::empty_on(geometry.clone());
            clash.set(0, 1);
            clash.set(15, 1);
            assert_eq!(
                validate_clues(&clash).map_err(|c| c.unit),
                Err(UnitKind::Diagonal),
                "the clash is on the diagonal alone"
            );
            // Handed to the solver past `solve_checked`'s refusal: it may refuse the clues
            // itself or search and find nothing, never a solution.
            let outcome = solver.solve(&clash, &Budget::count(u64::MAX));
            let refused = matches!(outcome.verdict, Verdict::Rejected(_));
            if !(refused || outcome.verdict == Verdict::Unsolvable) || outcome.solution_count != 0 {
                return Err(format!(
                    "{id} on {clash} (1 twice on the diagonal): {} with {} solutions",
                    outcome.verdict, outcome.solution_count
                ));
            }
        }
    }
    assert!(unsolvable > 0, "some puzzle has no completion");
    Ok(())
}
