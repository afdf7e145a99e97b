//! The finders: one function per technique, each returning the first instance that makes
//! progress in a position, or `None`.
//!
//! Every finder reads the position only and scans in a fixed order (units rows, columns, boxes
//! unless said otherwise; cells row-major; digits ascending), so a solve is deterministic. None
//! of them assumes the puzzle has one solution: each deduction holds in every solution, which is
//! what lets a counting search run after them and still count exactly.

mod colouring;
mod fish;
mod intersections;
mod singles;
mod subsets;
mod wings;

use crate::board::Board;
use crate::deduction::Deduction;
use crate::technique::{Order, Technique};

/// The first instance of `technique` in `board`. [`Technique::Guess`] is not a finder: `None`.
pub(crate) fn find(technique: Technique, board: &Board, order: Order) -> Option<Deduction> {
    match technique {
        Technique::NakedSingle => singles::naked_single(board),
        Technique::HiddenSingle => singles::hidden_single(board, order.hidden_single_units()),
        Technique::Pointing => intersections::pointing(board),
        Technique::Claiming => intersections::claiming(board),
        Technique::NakedPair => subsets::naked(board, 2),
        Technique::NakedTriple => subsets::naked(board, 3),
        Technique::HiddenPair => subsets::hidden(board, 2),
        Technique::HiddenTriple => subsets::hidden(board, 3),
        Technique::XWing => fish::fish(board, 2),
        Technique::Swordfish => fish::fish(board, 3),
        Technique::XyWing => wings::xy_wing(board),
        Technique::SimpleColouring => colouring::simple_colouring(board),
        Technique::Guess => None,
    }
}

/// The simplest step in `order` that makes progress: the first technique of the order that
/// finds anything.
pub(crate) fn first(board: &Board, order: Order) -> Option<Deduction> {
    order
        .techniques()
        .iter()
        .find_map(|&technique| find(technique, board, order))
}

/// Each `k`-element subset of `0..len`, as the first `k` entries of an index array, in
/// lexicographic order; `visit` returns `true` to stop. `k` is 2 or 3.
pub(crate) fn for_each_combination(
    len: usize,
    k: usize,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    debug_assert!((2..=3).contains(&k));
    let mut picked = [0usize; 3];
    for a in 0..len {
        picked[0] = a;
        for b in a + 1..len {
            picked[1] = b;
            if k == 2 {
                if visit(&picked[..2]) {
                    return true;
                }
                continue;
            }
            for c in b + 1..len {
                picked[2] = c;
                if visit(&picked[..3]) {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
pub(crate) mod testing {
    //! Positions built by hand for the finders' tests: an empty board with chosen candidates
    //! removed, so each test shows exactly the pattern it is about.

    use sudoku_core::{Grid, Shape};

    use crate::board::Board;
    use crate::deduction::Deduction;
    use crate::technique::{Order, Technique};

    /// The cell at 1-based row and column on a 9×9 board.
    pub(crate) fn rc(row: usize, col: usize) -> usize {
        (row - 1) * 9 + col - 1
    }

    /// An empty 9×9 board: every cell holds every digit.
    pub(crate) fn open_board() -> Board {
        Board::new(&Grid::empty(Shape::S9)).unwrap()
    }

    /// Leaves `cell` with exactly `digits`.
    pub(crate) fn keep(board: &mut Board, cell: usize, digits: &[u8]) {
        board.cands[cell] = digits.iter().fold(0, |set, &d| set | (1 << d));
    }

    /// Removes `digit` from every listed cell.
    pub(crate) fn remove(board: &mut Board, digit: u8, cells: impl IntoIterator<Item = usize>) {
        for cell in cells {
            board.eliminate(cell, digit);
        }
    }

    /// The step the engine takes first in `order`, checked to be `technique`.
    pub(crate) fn first_step(board: &Board, order: Order, technique: Technique) -> Deduction {
        let step = super::first(board, order).expect("a step applies");
        assert_eq!(step.technique(), technique, "{step:?}");
        step
    }

    /// The eliminations sorted by cell, then digit.
    pub(crate) fn sorted(step: &Deduction) -> Vec<(usize, u8)> {
        let mut eliminated = step.eliminated.clone();
        eliminated.sort();
        eliminated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_listed_once_each_in_order() {
        let mut seen = Vec::new();
        for_each_combination(4, 3, |picked| {
            seen.push(picked.to_vec());
            false
        });
        assert_eq!(
            seen,
            vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
        );
        let mut pairs = 0;
        assert!(for_each_combination(5, 2, |_| {
            pairs += 1;
            pairs == 10
        }));
        assert_eq!(pairs, 10);
    }
}
