//! Naked single: a cell with one candidate. Hidden single: a digit with one place in a unit.

use sudoku_core::UnitKind;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern};

/// The first empty cell, row-major, with exactly one candidate.
pub(crate) fn naked_single(board: &Board) -> Option<Deduction> {
    board
        .cands
        .iter()
        .position(|&c| c.count_ones() == 1)
        .map(|cell| {
            let digit = board.cands[cell].trailing_zeros() as u8;
            Deduction::placing(Pattern::NakedSingle, cell, digit)
        })
}

/// The first digit (lowest, in the first unit of the first kind in `kinds`, the diagonals
/// last) that has one place left in a unit. A box stands for the regions of a jigsaw.
pub(crate) fn hidden_single(board: &Board, kinds: [UnitKind; 3]) -> Option<Deduction> {
    let layout = &*board.layout;
    let units = kinds
        .into_iter()
        .flat_map(|kind| layout.units(kind))
        .chain(layout.diagonals());
    for unit in units {
        let (ones, twos) = board.places_in(unit);
        let single = ones & !twos;
        if single == 0 {
            continue;
        }
        let digit = single.trailing_zeros() as u8;
        let cell = *layout
            .unit(unit)
            .iter()
            .find(|&&cell| board.has(cell, digit))
            .expect("a digit with one place has a cell");
        return Some(Deduction::placing(
            Pattern::HiddenSingle { unit },
            cell,
            digit,
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Order;
    use crate::Technique;
    use crate::techniques::testing::*;

    #[test]
    fn a_cell_left_with_one_candidate_is_a_naked_single() {
        let mut board = open_board();
        keep(&mut board, rc(5, 5), &[7]);
        for order in Order::ALL {
            let step = first_step(&board, order, Technique::NakedSingle);
            assert_eq!(step.placed, Some((rc(5, 5), 7)));
            assert!(step.eliminated.is_empty());
        }
        assert_eq!(
            step_text(&board),
            "r5c5 = 7: the only candidate left in the cell"
        );
    }

    fn step_text(board: &Board) -> String {
        first_step(board, Order::Thesis, Technique::NakedSingle).describe(board)
    }

    #[test]
    fn a_digit_with_one_place_in_a_box_is_a_hidden_single() {
        let mut board = open_board();
        // 4 leaves every cell of box 5 but r5c5, which keeps all nine candidates.
        let others = (4..=6).flat_map(|r| (4..=6).map(move |c| rc(r, c)));
        remove(&mut board, 4, others.filter(|&cell| cell != rc(5, 5)));
        let step = first_step(&board, Order::Rating, Technique::HiddenSingle);
        assert_eq!(step.placed, Some((rc(5, 5), 4)));
        assert_eq!(step.pattern, Pattern::HiddenSingle { unit: 18 + 4 });
        assert_eq!(
            step.describe(&board),
            "r5c5 = 4: the only place for 4 in box 5"
        );
    }

    #[test]
    fn the_thesis_order_looks_in_rows_first_and_the_rating_order_in_boxes() {
        let mut board = open_board();
        // 2 has one place in row 9 (r9c9) and one in box 1 (r1c1).
        remove(&mut board, 2, (1..=8).map(|c| rc(9, c)));
        let box_one = (1..=3).flat_map(|r| (1..=3).map(move |c| rc(r, c)));
        remove(&mut board, 2, box_one.filter(|&cell| cell != rc(1, 1)));
        let thesis = first_step(&board, Order::Thesis, Technique::HiddenSingle);
        assert_eq!(thesis.placed, Some((rc(9, 9), 2)));
        assert_eq!(thesis.pattern, Pattern::HiddenSingle { unit: 8 });
        let rating = first_step(&board, Order::Rating, Technique::HiddenSingle);
        assert_eq!(rating.placed, Some((rc(1, 1), 2)));
    }

    #[test]
    fn the_thesis_order_takes_a_naked_single_before_a_hidden_one() {
        let mut board = open_board();
        keep(&mut board, rc(9, 9), &[3]);
        let box_one = (1..=3).flat_map(|r| (1..=3).map(move |c| rc(r, c)));
        remove(&mut board, 2, box_one.filter(|&cell| cell != rc(1, 1)));
        let thesis = first_step(&board, Order::Thesis, Technique::NakedSingle);
        assert_eq!(thesis.placed, Some((rc(9, 9), 3)));
        let rating = first_step(&board, Order::Rating, Technique::HiddenSingle);
        assert_eq!(rating.placed, Some((rc(1, 1), 2)));
    }
}
