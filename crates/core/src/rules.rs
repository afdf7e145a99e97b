//! The rules: clue validation, verification of a filled board, candidates.

use std::fmt;

use crate::format::{boxed, set_symbols, symbol};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::shape::UnitKind;

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub first: usize,
    pub second: usize,
    pub digit: u8,
    pub unit: UnitKind,
    /// Kept so the conflict can name its cells without the grid.
    size: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = crate::Shape::from_size(self.size).expect("conflicts come from real grids");
        write!(
            f,
            "cells {} and {} both hold {} (same {})",
            shape.cell_name(self.first),
            shape.cell_name(self.second),
            symbol(self.digit),
            self.unit
        )
    }
}

/// Why a filled board is not a solution (of its puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Two cells of a unit repeat a digit.
    Conflict(Conflict),
    /// A cell is still empty (the first one, row-major).
    Empty { cell: usize, size: usize },
    /// A clue of the puzzle was changed.
    ClueChanged {
        cell: usize,
        clue: u8,
        found: u8,
        size: usize,
    },
    /// The board is a different size from the puzzle.
    ShapeMismatch,
    /// A solver reported the same solution twice.
    Duplicate,
    /// A solver claimed more solutions than it returned to check.
    Unbacked,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |cell: usize, size: usize| {
            crate::Shape::from_size(size)
                .expect("violations come from real grids")
                .cell_name(cell)
        };
        match *self {
            Violation::Conflict(conflict) => conflict.fmt(f),
            Violation::Empty { cell, size } => write!(f, "cell {} is empty", name(cell, size)),
            Violation::ClueChanged {
                cell,
                clue,
                found,
                size,
            } => write!(
                f,
                "cell {} holds {} but the clue there is {}",
                name(cell, size),
                symbol(found),
                symbol(clue)
            ),
            Violation::ShapeMismatch => f.write_str("the board is not the puzzle's size"),
            Violation::Duplicate => f.write_str("the same solution was reported twice"),
            Violation::Unbacked => {
                f.write_str("it claimed more solutions than it returned to check")
            }
        }
    }
}

impl std::error::Error for Violation {}

/// The first repeated digit among the filled cells, scanning the houses in number order (rows,
/// columns, boxes or regions, diagonals), each house's cells in order. Empty cells are ignored.
pub fn find_conflict(grid: &Grid) -> Option<Conflict> {
    conflict_in(grid.geometry(), grid.cells())
}

/// [`find_conflict`] for `cells` under `geometry`'s rules, whatever grid they came from. A
/// house lists its cells in ascending order, so the earlier cell comes first.
fn conflict_in(geometry: &Geometry, cells: &[u8]) -> Option<Conflict> {
    for (index, house) in geometry.houses().iter().enumerate() {
        let mut seen_at = [usize::MAX; 26];
        for &cell in geometry.house(index) {
            let digit = cells[cell];
            if digit == 0 {
                continue;
            }
            let earlier = seen_at[digit as usize];
            if earlier != usize::MAX {
                return Some(Conflict {
                    first: earlier,
                    second: cell,
                    digit,
                    unit: house.kind,
                    size: geometry.size(),
                });
            }
            seen_at[digit as usize] = cell;
        }
    }
    None
}

pub fn validate_clues(puzzle: &Grid) -> Result<(), Conflict> {
    find_conflict(puzzle).map_or(Ok(()), Err)
}

/// The cost local searches minimise: over every house, the digits it lacks (on a full board,
/// the number of repeats). 0 exactly when a full board breaks no rule. Counted from scratch, as
/// the reference an incremental count is checked against.
pub fn missing_digits(geometry: &Geometry, cells: &[u8]) -> u64 {
    let n = geometry.size();
    let mut missing = 0;
    let mut seen = vec![false; n + 1];
    for house in 0..geometry.house_count() {
        seen.fill(false);
        for &cell in geometry.house(house) {
            seen[usize::from(cells[cell])] = true;
        }
        missing += seen[1..].iter().filter(|&&s| !s).count() as u64;
    }
    missing
}

/// Checks a filled board against its rules: the first conflicting pair, else the first empty
/// cell.
pub fn verify_filled(grid: &Grid) -> Result<(), Violation> {
    filled_under(grid.geometry(), grid.cells())
}

/// [`verify_filled`] for `cells` under `geometry`'s rules.
fn filled_under(geometry: &Geometry, cells: &[u8]) -> Result<(), Violation> {
    if let Some(conflict) = conflict_in(geometry, cells) {
        return Err(Violation::Conflict(conflict));
    }
    match cells.iter().position(|&v| v == 0) {
        Some(cell) => Err(Violation::Empty {
            cell,
            size: geometry.size(),
        }),
        None => Ok(()),
    }
}

/// Checks that `solution` solves `puzzle`: same size, every clue kept, and the puzzle's rules
/// hold (its variant's, whatever geometry the solution carries).
pub fn verify_solution(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    verify_keeps_clues(puzzle, solution)?;
    filled_under(puzzle.geometry(), solution.cells())
}

/// Checks that `board` is the size of `puzzle` and keeps every clue: what any grid a solver hands
/// back (a solution, or an incomplete search's best attempt) must satisfy.
pub fn verify_keeps_clues(puzzle: &Grid, board: &Grid) -> Result<(), Violation> {
    if puzzle.shape() != board.shape() {
        return Err(Violation::ShapeMismatch);
    }
    let changed = puzzle
        .cells()
        .iter()
        .zip(board.cells())
        .position(|(&clue, &found)| clue != 0 && clue != found);
    match changed {
        Some(cell) => Err(Violation::ClueChanged {
            cell,
            clue: puzzle.get(cell),
            found: board.get(cell),
            size: puzzle.size(),
        }),
        None => Ok(()),
    }
}

/// A set of digits 1..=25 as bits (bit d set = digit d allowed).
pub type DigitSet = u32;

/// The digits of a set, ascending.
pub fn digits_of(mut set: DigitSet) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let digit = set.trailing_zeros() as u8;
            set &= set - 1;
            digit
        })
    })
}

/// The digits an empty cell may still take given the filled cells it sees; 0 for a filled cell.
pub fn candidates(grid: &Grid) -> Vec<DigitSet> {
    let geometry = grid.geometry();
    let all: DigitSet = ((1u32 << grid.size()) - 1) << 1;
    let used: Vec<DigitSet> = (0..geometry.house_count())
        .map(|house| {
            geometry
                .house(house)
                .iter()
                .fold(0, |used, &cell| used | 1 << grid.get(cell))
        })
        .collect();
    (0..grid.cells().len())
        .map(|cell| {
            if grid.get(cell) != 0 {
                return 0;
            }
            let seen = geometry
                .houses_of(cell)
                .iter()
                .fold(0, |seen, &house| seen | used[house]);
            all & !seen
        })
        .collect()
}

/// The board with each empty cell's candidates written out as pencil marks (`124`), and each
/// filled cell's digit in brackets (`[5]`), so a filled cell never reads as a single candidate.
pub fn pencil_marks(grid: &Grid) -> String {
    pencil_marks_with(grid, &candidates(grid))
}

/// The board drawn as [`pencil_marks`] draws it, with the candidates a caller holds
/// (`candidates[cell]`, one set a cell, read for empty cells only) rather than those the clues
/// leave: what a solver that narrows candidates beyond the clues shows. Every empty cell is
/// drawn from the given set, an empty set as a blank.
pub fn pencil_marks_with(grid: &Grid, candidates: &[DigitSet]) -> String {
    assert_eq!(
        candidates.len(),
        grid.cells().len(),
        "one candidate set a cell"
    );
    let texts: Vec<String> = grid
        .cells()
        .iter()
        .zip(candidates.iter().copied())
        .map(|(&value, set)| match value {
            0 => set_symbols(set),
            _ => format!("[{}]", symbol(value)),
        })
        .collect();
    boxed(grid.geometry(), &texts)
}

/// The puzzle with naked and hidden singles placed to a fixpoint, one placement at a time (so no
/// placement rests on stale candidates); `None` on a contradiction: a cell without a digit, or a
/// digit without a cell in some unit. Every placement is forced, so the result has exactly the
/// puzzle's solutions: the propagation step searches and models build on. The candidates are
/// worked out once and then struck from each placement's peers.
pub fn place_singles(puzzle: &Grid) -> Option<Grid> {
    let mut board = puzzle.clone();
    let mut domains = candidates(&board);
    while let Some((cell, digit)) = next_single(&board, &domains)? {
        board.set(cell, digit);
        domains[cell] = 0;
        for &peer in board.geometry().peers(cell) {
            domains[peer] &= !(1 << digit);
        }
    }
    Some(board)
}

/// The first naked single, else the first hidden single, on `board` with its empty cells'
/// candidates `domains`; `Some(None)` when there is neither, `None` on a contradiction.
fn next_single(board: &Grid, domains: &[DigitSet]) -> Option<Option<(usize, u8)>> {
    let empty = || (0..domains.len()).filter(|&c| board.get(c) == 0);
    for cell in empty() {
        match domains[cell].count_ones() {
            0 => return None,
            1 => return Some(Some((cell, domains[cell].trailing_zeros() as u8))),
            _ => {}
        }
    }
    let geometry = board.geometry();
    let all: DigitSet = ((1u32 << board.size()) - 1) << 1;
    for house in 0..geometry.house_count() {
        let members = geometry.house(house);
        // The digits the house holds, and those one or more (`once`) or two or more (`twice`)
        // of its empty cells can take.
        let (mut placed, mut once, mut twice): (DigitSet, DigitSet, DigitSet) = (0, 0, 0);
        for &cell in members {
            placed |= 1 << board.get(cell);
            twice |= once & domains[cell];
            once |= domains[cell];
        }
        let open = all & !placed;
        if open & !once != 0 {
            return None;
        }
        let single = open & once & !twice;
        if single != 0 {
            let digit = single.trailing_zeros() as u8;
            let cell = *members
                .iter()
                .find(|&&c| domains[c] & (1 << digit) != 0)
                .expect("the one cell of the house that can take the digit");
            return Some(Some((cell, digit)));
        }
    }
    Some(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLOWER: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const FLOWER_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_solution_verifies_and_a_spoiled_one_names_its_cells() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let mut solution = Grid::parse(FLOWER_SOLUTION).unwrap();
        assert_eq!(verify_solution(&puzzle, &solution), Ok(()));
        solution.set(2, 3); // r1c3 now repeats the clue 3 at r1c2
        let error = verify_solution(&puzzle, &solution).unwrap_err().to_string();
        assert_eq!(error, "cells r1c2 and r1c3 both hold 3 (same row)");
        solution.set(2, 0);
        assert_eq!(
            verify_filled(&solution).unwrap_err().to_string(),
            "cell r1c3 is empty"
        );
        solution.set(0, 1);
        assert!(matches!(
            verify_solution(&puzzle, &solution),
            Err(Violation::ClueChanged { cell: 0, .. })
        ));
    }

    #[test]
    fn variant_houses_are_checked_and_named() {
        // The flower's classic solution runs 5 7 8 7 ... down the diagonal.
        let puzzle = Grid::parse(&format!("{FLOWER}/x")).unwrap();
        let solution = Grid::parse(FLOWER_SOLUTION).unwrap();
        let error = verify_solution(&puzzle, &solution).unwrap_err().to_string();
        assert_eq!(error, "cells r2c2 and r4c4 both hold 7 (same diagonal)");
        // r2c2 sees 1 5 6 9 in its row, 3 6 9 in its column, 3 5 6 8 9 in its box: 2 4 7
        // are left, and the diagonal's clues 5 8 2 9 take the 2.
        let classic = candidates(&Grid::parse(FLOWER).unwrap());
        assert_eq!(classic[10], 1 << 2 | 1 << 4 | 1 << 7);
        assert_eq!(candidates(&puzzle)[10], 1 << 4 | 1 << 7);
    }

    #[test]
    fn candidates_exclude_what_a_cell_sees() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let marks = candidates(&puzzle);
        assert_eq!(marks[0], 0);
        // r1c3 sees 5 3 7 (row), 8 (column), 6 9 8 (box): leaves 1 2 4.
        assert_eq!(marks[2], (1 << 1) | (1 << 2) | (1 << 4));
        assert!(pencil_marks(&puzzle).contains("124"));
    }

    #[test]
    fn pencil_marks_draw_the_candidates_they_are_given() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let mut marks = candidates(&puzzle);
        assert_eq!(pencil_marks_with(&puzzle, &marks), pencil_marks(&puzzle));
        marks[2] &= !(1 << 1); // r1c3 narrowed from 124 to 24
        let drawn = pencil_marks_with(&puzzle, &marks);
        let first_row: Vec<&str> = drawn.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!(first_row[..4], ["|", "[5]", "[3]", "24"], "{drawn}");
    }
}
