//! The human solver on diagonal, jigsaw and jigsaw-diagonal boards. Every expectation is worked
//! out by hand (in the comments) or by the small brute force below, which shares nothing with
//! the crate but core's geometry tables and rule checks.

use std::sync::Arc;

use sudoku_core::{
    Budget, Geometry, Grid, Outcome, Shape, Solver, Variant, VariantKind, Verdict, verify_filled,
    verify_solution,
};
use sudoku_human::{
    HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, Human, Marks, Order, Technique, analyse, next_step, rate,
};

/// A 6×6 jigsaw map, six connected regions of six cells (rows, spaces only for reading):
/// regions a to f are numbered 1 to 6 in order of first appearance.
const JIGSAW6: &str = "aaabbb aacbbb daccce ddceee ddcfee dfffff";

fn jigsaw6(diagonals: bool) -> Arc<Geometry> {
    let labels: Vec<char> = JIGSAW6.chars().filter(|c| !c.is_whitespace()).collect();
    let variant = Variant::jigsaw(Shape::S6, &labels)
        .expect("a valid map")
        .with_diagonals(diagonals);
    Geometry::of(Shape::S6, &variant)
}

fn diagonal(shape: Shape) -> Arc<Geometry> {
    Geometry::of(shape, &Variant::diagonal())
}

/// A grid on `geometry` from a line of digits and dots.
fn grid_on(geometry: &Arc<Geometry>, line: &str) -> Grid {
    let cells: Vec<u8> = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Grid::from_cells_on(geometry.clone(), cells).expect("digits of the shape")
}

/// Every completion of `puzzle` up to `limit`: a plain depth-first search on the empty cell with
/// fewest digits left, a digit left when no house of the cell holds it (the geometry's
/// houses), each filled grid checked again by core's `verify_filled`.
fn brute_force(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    fn fill(geometry: &Geometry, cells: &mut [u8], found: &mut Vec<Vec<u8>>, limit: usize) {
        if found.len() >= limit {
            return;
        }
        let held: Vec<u32> = (0..geometry.house_count())
            .map(|h| {
                let house = geometry.house(h);
                house.iter().fold(0, |set, &c| set | 1u32 << cells[c])
            })
            .collect();
        let all = ((1u32 << geometry.size()) - 1) << 1;
        let mut best: Option<(usize, u32)> = None;
        for cell in (0..cells.len()).filter(|&c| cells[c] == 0) {
            let used = geometry
                .houses_of(cell)
                .iter()
                .fold(0, |set, &h| set | held[h]);
            let free = all & !used;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
            }
        }
        let Some((cell, free)) = best else {
            found.push(cells.to_vec());
            return;
        };
        for digit in (1..=geometry.size() as u8).filter(|&d| free & 1 << d != 0) {
            cells[cell] = digit;
            fill(geometry, cells, found, limit);
            cells[cell] = 0;
        }
    }
    let mut found = Vec::new();
    fill(
        puzzle.geometry(),
        &mut puzzle.cells().to_vec(),
        &mut found,
        limit,
    );
    found
        .into_iter()
        .map(|cells| {
            let grid = puzzle.with_cells(cells).expect("digits of the shape");
            assert_eq!(
                verify_filled(&grid),
                Ok(()),
                "the brute force fills by the rules"
            );
            grid
        })
        .collect()
}

/// Blanks the clues of `solution` one by one, row-major, keeping each blank that leaves one
/// solution (by the brute force), down to `fewest` clues: a puzzle with a unique solution.
fn thin_out(solution: &Grid, fewest: usize) -> Grid {
    let mut puzzle = solution.clone();
    for cell in 0..solution.cells().len() {
        if puzzle.clue_count() <= fewest {
            break;
        }
        let mut trial = puzzle.clone();
        trial.set(cell, 0);
        if brute_force(&trial, 2).len() == 1 {
            puzzle = trial;
        }
    }
    puzzle
}

/// More solutions than any case here has: every count below is exact.
const LIMIT: usize = 10_000;

/// Core's checked solve: admitted by the declared variants, every answer verified.
fn solve_checked(puzzle: &Grid, limit: u64) -> Outcome {
    sudoku_core::solve_checked(&mut Human::default(), puzzle, &Budget::count(limit))
}

/// Solves `puzzle` with the human solver and checks its count and answers against the brute
/// force, each answer against the variant's rules; returns whether logic alone solved it.
fn solve_and_check(puzzle: &Grid) -> bool {
    let expected = brute_force(puzzle, LIMIT);
    assert!(expected.len() < LIMIT, "every solution is counted");
    let outcome = solve_checked(puzzle, LIMIT as u64);
    assert_eq!(outcome.verdict, Verdict::Solved, "{}", puzzle.to_line());
    assert_eq!(
        outcome.solution_count,
        expected.len() as u64,
        "{}",
        puzzle.to_line()
    );
    for solution in &outcome.solutions {
        assert_eq!(solution.geometry(), puzzle.geometry());
        assert_eq!(verify_solution(puzzle, solution), Ok(()));
        assert!(expected.contains(solution));
    }
    if expected.len() != 1 {
        return false;
    }
    let solution = &expected[0];
    let mut by_logic = true;
    for order in [Order::Thesis, Order::Rating, Order::Hodoku] {
        let analysis = analyse(puzzle, order).expect("a puzzle with a solution");
        assert_eq!(&analysis.solution, solution, "{}", puzzle.to_line());
        // Every step is true of the one solution: its placements are the solution's digits,
        // its eliminations never the solution's digit.
        for step in analysis.moves.iter().map(|m| &m.step) {
            for &(cell, digit) in &step.placed {
                assert_eq!(
                    solution.get(cell),
                    digit,
                    "{}: {}",
                    puzzle.to_line(),
                    step.text
                );
            }
            for &(cell, digit) in &step.eliminated {
                assert_ne!(
                    solution.get(cell),
                    digit,
                    "{}: {}",
                    puzzle.to_line(),
                    step.text
                );
            }
        }
        by_logic &= analysis.solved_by_logic();
    }
    let rating = rate(puzzle).expect("a puzzle with a solution");
    by_logic && !rating.guessed
}

#[test]
fn the_solver_declares_every_variant() {
    let info = Human::default().info();
    assert_eq!(info.capabilities.variants, &VariantKind::ALL[..]);
}

/// Four 1s on a diagonal 9×9 board, at r1c2, r2c6, r4c1 and r7c8. Along the main diagonal they
/// leave 1 one place: r1c1 shares row 1 with r1c2; r2c2 and r3c3 share box 1 with r1c2; r4c4
/// shares row 4 with r4c1; r6c6 shares column 6 with r2c6; r7c7, r8c8, r9c9 share box 9 with
/// r7c8. So r5c5 = 1 by the diagonal. Its row, column and box leave 1 other places (r5c4,
/// r6c5, r6c4), no other house has a single place for a digit (every other digit has every
/// place; for 1 each row, column, box and the anti-diagonal keep two places or more), and no
/// cell has one candidate: the first step is that hidden single.
#[test]
fn a_hidden_single_along_the_diagonal() {
    let line = "
        .1.......
        .....1...
        .........
        1........
        .........
        .........
        .......1.
        .........
        .........";
    let puzzle = grid_on(&diagonal(Shape::S9), line);
    let marks = Marks::new(&puzzle).unwrap();
    let hint = next_step(&marks, Order::Thesis).unwrap().expect("a step");
    assert_eq!(hint.step.technique, Technique::HiddenSingle);
    assert_eq!(hint.step.step.placed, vec![(4 * 9 + 4, 1)]);
    // A diagonal is a line: the hidden single rates as one in a row or column.
    assert_eq!(hint.step.weight, HIDDEN_SINGLE_LINE);
    assert!(
        hint.step.step.text.contains("the diagonal"),
        "{}",
        hint.step.step.text
    );
    // The same clues on a classic board: no hidden single at all.
    let classic = grid_on(&Geometry::classic(Shape::S9), line);
    let hint = next_step(&Marks::new(&classic).unwrap(), Order::Thesis)
        .unwrap()
        .expect("a step");
    assert_ne!(hint.step.technique, Technique::HiddenSingle);
    assert_ne!(hint.step.technique, Technique::NakedSingle);
}

/// On the 6×6 jigsaw (regions a–f, 1–6), 1s at r5c5 (region e) and r6c4 (region f). Region c
/// is r2c3, r3c3, r3c4, r3c5, r4c3, r5c3: r3c4 loses 1 to column 4 (r6c4), r3c5 to column 5
/// (r5c5), r5c3 to row 5 (r5c5). Its 1 is then in column 3 (r2c3, r3c3 or r4c3), so column 3's
/// cells outside region c lose it: r1c3 (free until then) and r6c3 (already out, row 6). No
/// single comes first: every house keeps two places for 1 at least, the other digits have all
/// theirs; region b's 1 lies in column 6 too, but column 6 has no other 1 to remove.
#[test]
fn pointing_from_an_irregular_region() {
    let line = "
        ......
        ......
        ......
        ......
        ....1.
        ...1..";
    let puzzle = grid_on(&jigsaw6(false), line);
    let marks = Marks::new(&puzzle).unwrap();
    let hint = next_step(&marks, Order::Thesis).unwrap().expect("a step");
    assert_eq!(hint.step.technique, Technique::Pointing);
    assert_eq!(hint.step.step.eliminated, vec![(2, 1)]);
    let text = &hint.step.step.text;
    assert!(
        text.contains("region 3") && text.contains("column 3"),
        "{text}"
    );
}

/// On the 6×6 jigsaw, 1s at r1c3 (region a) and r2c4 (region b). Region c (r2c3, r3c3, r3c4,
/// r3c5, r4c3, r5c3) loses 1 from column 3 to r1c3 and from r3c4 to column 4: r3c5 is its one
/// place. Sudoku Explainer's order looks in boxes first, a region standing for a box: regions
/// a and b hold their 1, so the first step is r3c5 = 1 in region 3, rated as a hidden single
/// in a box.
#[test]
fn a_hidden_single_in_a_region_rates_as_one_in_a_box() {
    let line = "
        ..1...
        ...1..
        ......
        ......
        ......
        ......";
    let puzzle = grid_on(&jigsaw6(false), line);
    assert_eq!(
        brute_force(&puzzle, 1).len(),
        1,
        "the position has a solution"
    );
    let hint = next_step(&Marks::new(&puzzle).unwrap(), Order::Rating)
        .unwrap()
        .expect("a step");
    assert_eq!(hint.step.technique, Technique::HiddenSingle);
    assert_eq!(hint.step.step.placed, vec![(2 * 6 + 4, 1)]);
    assert_eq!(hint.step.weight, HIDDEN_SINGLE_BOX);
    assert!(
        hint.step.step.text.contains("region 3"),
        "{}",
        hint.step.step.text
    );
}

/// Regions and diagonals are houses: a clue pair breaking only the diagonal is a conflict.
#[test]
fn clues_that_clash_on_a_diagonal_are_refused() {
    // r1c1 = 1 and r4c4 = 1: different row, column and box, one diagonal.
    let mut cells = vec![0u8; 81];
    cells[0] = 1;
    cells[3 * 9 + 3] = 1;
    let on_diagonal = Grid::from_cells_on(diagonal(Shape::S9), cells.clone()).unwrap();
    let outcome = solve_checked(&on_diagonal, 2);
    assert!(
        matches!(outcome.verdict, Verdict::Rejected(_)),
        "{outcome:?}"
    );
    assert_eq!(outcome.solution_count, 0);
    assert!(analyse(&on_diagonal, Order::Thesis).is_err());
    assert!(Marks::new(&on_diagonal).is_err());
    // On a classic board the same clues have many solutions.
    let classic = Grid::from_cells_on(Geometry::classic(Shape::S9), cells).unwrap();
    let outcome = solve_checked(&classic, 2);
    assert_eq!(outcome.solution_count, 2);
}

/// Diagonal 4×4: the empty board's solutions, every one, counted by the brute force and by the
/// solver.
#[test]
fn the_empty_diagonal_four_by_four_counts_as_the_brute_force() {
    let empty = Grid::empty_on(diagonal(Shape::S4));
    let expected = brute_force(&empty, LIMIT);
    assert!(expected.len() < LIMIT);
    let outcome = solve_checked(&empty, LIMIT as u64);
    assert_eq!(outcome.solution_count, expected.len() as u64);
    for solution in &outcome.solutions {
        assert_eq!(verify_filled(solution), Ok(()));
        assert!(expected.contains(solution));
    }
}

/// One variant: a solution from the brute force, thinned to a unique puzzle of `fewest` clues
/// or more, solved by the solver and by the analysis; a position with several solutions
/// counted. Whether logic alone solved the unique puzzle.
fn check_variant(geometry: Arc<Geometry>, fewest: usize) -> bool {
    let solution = brute_force(&Grid::empty_on(geometry.clone()), 1)
        .pop()
        .expect("an empty board of this variant has a solution");
    let puzzle = thin_out(&solution, fewest);
    let by_logic = solve_and_check(&puzzle);
    // Several solutions: cells blanked row-major until three completions at least.
    let mut several = solution.clone();
    for cell in 0..solution.cells().len() {
        several.set(cell, 0);
        if brute_force(&several, 3).len() == 3 {
            break;
        }
    }
    assert!(!solve_and_check(&several));
    by_logic
}

#[test]
fn six_by_six_diagonal_and_jigsaw_puzzles_solve_by_logic() {
    // Thinned until no clue can go: the fewest clues this blanking order reaches.
    assert!(check_variant(diagonal(Shape::S6), 0));
    assert!(check_variant(jigsaw6(false), 0));
}

/// The 6×6 jigsaw map with both diagonals has no filling at all (the brute force finds none):
/// the solver proves the empty board unsolvable, and so does the analysis.
#[test]
fn an_unsolvable_jigsaw_diagonal_board() {
    let empty = Grid::empty_on(jigsaw6(true));
    assert!(brute_force(&empty, 1).is_empty());
    let outcome = solve_checked(&empty, 2);
    assert_eq!(outcome.verdict, Verdict::Unsolvable);
    assert_eq!(outcome.solution_count, 0);
    assert!(analyse(&empty, Order::Thesis).is_err());
}

/// A 9×9 jigsaw map made by hand: each band of three rows cut into three staircase regions of
/// nine connected cells (`Variant::jigsaw` checks).
const STAIRCASE9: &str = "aaaabbbcc aaabbbccc aabbbcccc ddddeeeff dddeeefff ddeeeffff \
                          gggghhhii ggghhhiii gghhhiiii";

fn staircase9(diagonals: bool) -> Arc<Geometry> {
    let labels: Vec<char> = STAIRCASE9.chars().filter(|c| c.is_alphabetic()).collect();
    let variant = Variant::jigsaw(Shape::S9, &labels)
        .expect("a valid map")
        .with_diagonals(diagonals);
    Geometry::of(Shape::S9, &variant)
}

#[test]
fn nine_by_nine_diagonal_jigsaw_and_both_solve_by_logic() {
    // Thinned to 28 clues at the fewest, so the debug build's logic stays quick.
    assert!(check_variant(diagonal(Shape::S9), 28));
    assert!(check_variant(staircase9(false), 28));
    assert!(check_variant(staircase9(true), 28));
}

/// A small xorshift, so the puzzles below are the same at every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `count` minimal puzzles of one variant: the brute force's solution with its digits relabelled
/// and its cells blanked in a shuffled order while one solution remains. Each is solved in
/// every order with every step checked against the solution ([`solve_and_check`]); how many
/// fell to logic alone.
fn minimal_puzzles(geometry: Arc<Geometry>, count: usize, seed: u64) -> usize {
    let base = brute_force(&Grid::empty_on(geometry.clone()), 1)
        .pop()
        .expect("a solution");
    let n = geometry.size();
    let mut state = seed;
    let mut by_logic = 0;
    for _ in 0..count {
        let mut relabel: Vec<u8> = (1..=n as u8).collect();
        let mut order: Vec<usize> = (0..geometry.cell_count()).collect();
        for k in (1..n).rev() {
            relabel.swap(k, next(&mut state) as usize % (k + 1));
        }
        for k in (1..order.len()).rev() {
            order.swap(k, next(&mut state) as usize % (k + 1));
        }
        let cells = base
            .cells()
            .iter()
            .map(|&d| relabel[d as usize - 1])
            .collect();
        let solution = base.with_cells(cells).unwrap();
        assert_eq!(verify_filled(&solution), Ok(()));
        let mut puzzle = solution.clone();
        for &cell in &order {
            let mut trial = puzzle.clone();
            trial.set(cell, 0);
            if brute_force(&trial, 2).len() == 1 {
                puzzle = trial;
            }
        }
        by_logic += usize::from(solve_and_check(&puzzle));
    }
    by_logic
}

#[test]
fn minimal_six_by_six_variant_puzzles_are_solved_soundly() {
    for geometry in [diagonal(Shape::S6), jigsaw6(false)] {
        let solved = minimal_puzzles(geometry, 6, 0x9e37_79b9_7f4a_7c15);
        assert!(solved >= 1, "logic solves some minimal 6×6 puzzles");
    }
}

#[test]
fn minimal_nine_by_nine_variant_puzzles_are_solved_soundly() {
    for geometry in [diagonal(Shape::S9), staircase9(false), staircase9(true)] {
        minimal_puzzles(geometry, 2, 0x2545_f491_4f6c_dd1d);
    }
}
