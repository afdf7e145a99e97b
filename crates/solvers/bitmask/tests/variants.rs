//! Diagonal, jigsaw and jigsaw-diagonal boards solved by `naive`, `candidates` and `bitmask`,
//! held to expectations none of them produced: the exact solution counts of 4×4 puzzles, from the
//! kit's brute force over every Latin square, and on 6×6 and 9×9 boards the agreement of
//! the three (two row-major backtrackers and the propagating search, whose generic path every
//! variant takes), every answer verified against the variant's rules.

use std::collections::BTreeSet;
use std::sync::Arc;

use sudoku_bitmask::Bitmask;
use sudoku_candidates::Candidates;
use sudoku_core::{
    Budget, Geometry, Grid, Rejection, Shape, Solver, Variant, VariantKind, Verdict, solve_checked,
    validate_clues, verify_filled, verify_solution,
};
use sudoku_kit::brute_force::{completions, fillings, latin_squares};
use sudoku_naive::Naive;

/// The three solvers under test, by name.
fn solvers() -> Vec<(&'static str, Box<dyn Solver>)> {
    vec![
        ("naive", Box::new(Naive)),
        ("candidates", Box::new(Candidates::default())),
        ("bitmask", Box::new(Bitmask::default())),
    ]
}

/// `shape` with jigsaw regions `map` (one label a cell; `None` keeps the boxes), under the X
/// rule when `diagonals`. The map is checked by `Variant::jigsaw`: each region connected, of
/// the right size.
fn geometry(shape: Shape, map: Option<&str>, diagonals: bool) -> Arc<Geometry> {
    let variant = match map {
        Some(map) => {
            let labels: Vec<char> = map.chars().collect();
            Variant::jigsaw(shape, &labels)
                .unwrap_or_else(|e| panic!("{map}: {}", e.describe(shape.size())))
        }
        None => Variant::classic(),
    };
    Geometry::of(shape, &variant.with_diagonals(diagonals))
}

/// A board of `geometry` from a line of clues (`.` for empty).
fn puzzle(geometry: &Arc<Geometry>, clues: &str) -> Grid {
    let cells = clues
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Grid::from_cells_on(geometry.clone(), cells).expect("a line of the board's size")
}

/// The solutions of a 4×4 `puzzle` by the kit's brute force: the Latin squares that keep its
/// clues and that `verify_filled` accepts under the puzzle's geometry.
fn brute_force_count(puzzle: &Grid) -> u64 {
    completions(&fillings(puzzle.geometry()), puzzle).len() as u64
}

#[test]
fn the_brute_force_finds_the_288_classic_four_by_four_grids() {
    assert_eq!(latin_squares().len(), 576);
    assert_eq!(brute_force_count(&Grid::empty(Shape::S4)), 288);
}

/// 4×4 region maps (rows of four, written on one line).
const FOUR_MAPS: [&str; 3] = ["aaababbbccddccdd", "aaabacbbccbdcddd", "aaaabbbbcccdcddd"];

/// Clue lines tried on every 4×4 board: empty, a few clues (several solutions), clues that
/// leave none, and `1` at both ends of the main diagonal (a clash only under the X rule).
const FOUR_CLUES: [&str; 9] = [
    "................",
    "1...............",
    "12..............",
    "1....2..........",
    "12....3.........",
    "12...3..........",
    "123.............",
    ".2..3......4.1..",
    "1..............1",
];

#[test]
fn four_by_four_variant_counts_equal_the_brute_force() {
    let mut boards = vec![geometry(Shape::S4, None, true)];
    for map in FOUR_MAPS {
        boards.push(geometry(Shape::S4, Some(map), false));
        boards.push(geometry(Shape::S4, Some(map), true));
    }
    let (mut several, mut none, mut clashing, mut empty_unsolvable) = (0, 0, 0, 0);
    for board in &boards {
        for clues in FOUR_CLUES {
            let puzzle = puzzle(board, clues);
            let expected = brute_force_count(&puzzle);
            let kind = puzzle.variant().kind();
            let clash = validate_clues(&puzzle).is_err();
            for (name, solver) in &mut solvers() {
                let outcome = solve_checked(solver.as_mut(), &puzzle, &Budget::count(u64::MAX));
                let what = format!("{name} on {kind} {puzzle} {:?}", puzzle.variant().regions());
                if clash {
                    assert!(
                        matches!(
                            outcome.verdict,
                            Verdict::Rejected(Rejection::ConflictingClues(_))
                        ),
                        "{what}: {}",
                        outcome.verdict
                    );
                    continue;
                }
                assert_eq!(outcome.solution_count, expected, "{what}");
                let verdict = if expected == 0 {
                    Verdict::Unsolvable
                } else {
                    Verdict::Solved
                };
                assert_eq!(outcome.verdict, verdict, "{what}");
                for solution in &outcome.solutions {
                    assert_eq!(verify_solution(&puzzle, solution), Ok(()), "{what}");
                    assert_eq!(solution.geometry(), puzzle.geometry(), "{what}");
                }
            }
            several += usize::from(!clash && expected > 1);
            none += usize::from(!clash && expected == 0);
            clashing += usize::from(clash);
            empty_unsolvable += usize::from(clues.chars().all(|c| c == '.') && expected == 0);
        }
    }
    assert!(several >= 10 && none >= 5, "several {several}, none {none}");
    assert!(clashing >= 4, "{clashing} clashing puzzles");
    assert!(empty_unsolvable >= 1, "no empty board without a solution");
}

/// A 6×6 jigsaw map, row by row.
const SIX_MAP: &str = concat!("aaabbb", "aacbbb", "daccce", "ddceee", "ddcfee", "dfffff");
/// Another 6×6 map, one under which the X rule leaves solutions.
const SIX_X_MAP: &str = concat!("aaabbb", "aaabdb", "cccddb", "cecddd", "eecfff", "eeefff");
/// A 9×9 jigsaw map made by swapping cells between neighbouring boxes, row by row.
const NINE_MAP: &str = concat!(
    "abbbbbccc",
    "aaaabbccc",
    "aaaabbfcc",
    "dddeeefcf",
    "ddeeeefff",
    "ddddeefif",
    "ggghhhfii",
    "gghhhhiii",
    "gggghhiii",
);

/// Puzzles made from `solution`: `count` blankings keeping a share of its cells drawn from
/// `keep` (percent), every other one with one random digit put in an empty cell (often
/// leaving no solution). Seeded xorshift, so a failing case comes back.
fn blankings(solution: &Grid, count: usize, keep: std::ops::Range<u64>, seed: u64) -> Vec<Grid> {
    let mut seed = seed;
    let mut next = move |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    let cells = solution.cells().len() as u64;
    let side = solution.size() as u64;
    (0..count)
        .map(|k| {
            let mut puzzle = solution.clone();
            let kept = keep.start + next(keep.end - keep.start);
            for cell in 0..cells as usize {
                if next(100) >= kept {
                    puzzle.set(cell, 0);
                }
            }
            if k % 2 == 0 {
                let cell = next(cells) as usize;
                if puzzle.get(cell) == 0 {
                    puzzle.set(cell, 1 + next(side) as u8);
                }
            }
            puzzle
        })
        .collect()
}

/// Solutions listed up to this many: a count below it is the exact total.
const LIMIT: usize = 12;

#[test]
fn the_three_solvers_agree_on_six_and_nine_variant_boards() {
    let boards = [
        geometry(Shape::S6, None, true),
        geometry(Shape::S6, Some(SIX_MAP), false),
        geometry(Shape::S6, Some(SIX_X_MAP), true),
        geometry(Shape::S9, None, true),
        geometry(Shape::S9, Some(NINE_MAP), false),
        geometry(Shape::S9, Some(NINE_MAP), true),
    ];
    let mut kinds = BTreeSet::new();
    let (mut exact_several, mut unsolvable, mut at_limit) = (0, 0, 0);
    for (index, board) in boards.iter().enumerate() {
        let empty = Grid::empty_on(board.clone());
        let first = Bitmask::default().solve(&empty, &Budget::solve());
        let solution = first
            .solutions
            .first()
            .expect("the empty board has a solution");
        assert_eq!(
            verify_filled(solution),
            Ok(()),
            "{}",
            board.variant().kind()
        );
        kinds.insert(board.variant().kind());
        let keep = if board.size() == 9 { 35..75 } else { 20..60 };
        for puzzle in blankings(solution, 60, keep, 0x9e37_79b9 + index as u64) {
            if validate_clues(&puzzle).is_err() {
                continue;
            }
            let answers: Vec<_> = solvers()
                .into_iter()
                .map(|(name, mut solver)| {
                    let outcome = solve_checked(solver.as_mut(), &puzzle, &Budget::list(LIMIT));
                    let what = format!("{name} on {} {puzzle}", board.variant().kind());
                    assert!(
                        matches!(outcome.verdict, Verdict::Solved | Verdict::Unsolvable),
                        "{what}: {}",
                        outcome.verdict
                    );
                    assert_eq!(outcome.solutions.len() as u64, outcome.solution_count);
                    for solution in &outcome.solutions {
                        assert_eq!(verify_solution(&puzzle, solution), Ok(()), "{what}");
                    }
                    let found: BTreeSet<Vec<u8>> = outcome
                        .solutions
                        .iter()
                        .map(|s| s.cells().to_vec())
                        .collect();
                    (name, outcome.solution_count, found)
                })
                .collect();
            let (_, count, found) = &answers[0];
            for (name, other_count, other_found) in &answers[1..] {
                assert_eq!(other_count, count, "{name} against naive on {puzzle}");
                if *count < LIMIT as u64 {
                    assert_eq!(other_found, found, "{name} against naive on {puzzle}");
                }
            }
            exact_several += usize::from(*count > 1 && *count < LIMIT as u64);
            unsolvable += usize::from(*count == 0);
            at_limit += usize::from(*count == LIMIT as u64);
        }
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    assert!(
        exact_several >= 5 && unsolvable >= 5 && at_limit >= 5,
        "several {exact_several}, none {unsolvable}, at the limit {at_limit}"
    );
}

/// Under the X rule the regions of `SIX_MAP` leave no solution: naive and candidates exhaust
/// their whole tree (millions of nodes, no pruning beyond the rules) and agree with bitmask.
#[test]
fn an_empty_six_by_six_jigsaw_diagonal_board_can_have_no_solution() {
    let empty = Grid::empty_on(geometry(Shape::S6, Some(SIX_MAP), true));
    for (name, mut solver) in solvers() {
        let outcome = solve_checked(solver.as_mut(), &empty, &Budget::solve());
        assert_eq!(outcome.verdict, Verdict::Unsolvable, "{name}");
    }
}

/// A line with a variant after its clues is not a classic 9×9 line: `solve_line` refuses it,
/// and `solve_text` answers as `solve` does on the parsed board (the diagonal rule kept).
#[test]
fn text_with_a_variant_leaves_the_classic_fast_path() {
    let board = geometry(Shape::S9, None, true);
    let mut solver = Bitmask::default();
    let solution = solver
        .solve(&Grid::empty_on(board.clone()), &Budget::solve())
        .solutions
        .remove(0);
    let mut puzzle = solution.clone();
    // Keep the first three rows only: many solutions, counted up to the limit.
    (27..81).for_each(|cell| puzzle.set(cell, 0));
    let line = puzzle.to_line();
    assert!(line.ends_with("/x"), "{line}");
    let parsed = Grid::parse(&line).expect("the line reads back");
    assert_eq!(parsed.variant().kind(), VariantKind::Diagonal);
    let mut cells = [0u8; 81];
    assert!(solver.solve_line(&line, 2, &mut cells).is_none());
    let budget = Budget::count(50);
    let mut first = Vec::new();
    let answer = solver.solve_text(&line, &budget, &mut first).unwrap();
    let outcome = solver.solve(&parsed, &budget);
    assert_eq!(answer.solutions, outcome.solution_count);
    assert_eq!(answer.solutions, 50);
    let first = parsed.with_cells(first).expect("a 9×9 answer");
    assert_eq!(verify_solution(&parsed, &first), Ok(()));
}
