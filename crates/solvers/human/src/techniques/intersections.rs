//! Line–box intersection, both ways. Where a box crosses a line, a digit whose every place in
//! the box lies on the line must take the line's place there: it leaves the rest of the line
//! (pointing). A digit whose every place in the line lies in the box leaves the rest of the box
//! (claiming). Both read three unions of candidates per crossing: the crossing, the box off the
//! line and the line off the box.
//!
//! On every variant the crossings are core's [`Segment`]s: each box or jigsaw region with each
//! row, column or diagonal it meets in two cells or more. The argument needs only that both are
//! houses (each digit once in each): a digit of the region confined to the crossing is the
//! line's digit there, so the line's other cells lose it, and the same the other way. An
//! irregular region or a box on a diagonal is no different; a crossing of one cell is a hidden
//! single, found earlier.

use sudoku_core::Segment;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern};

/// The first crossing (regions in order, rows, then columns, then diagonals) where a digit of the box lies only on
/// the line and still has places on the rest of the line.
pub(crate) fn pointing(board: &Board) -> Option<Deduction> {
    board.layout.segments().iter().find_map(|segment| {
        let [on, region_rest, line_rest] = unions(board, segment);
        let digits = on & !region_rest & line_rest;
        (digits != 0).then(|| {
            let digit = digits.trailing_zeros() as u8;
            let pattern = Pattern::Pointing {
                digit,
                boxed: segment.region,
                line: segment.line,
            };
            removal(board, pattern, digit, &segment.line_rest)
        })
    })
}

/// The first crossing where a digit of the line lies only in the box and still has places in
/// the rest of the box.
pub(crate) fn claiming(board: &Board) -> Option<Deduction> {
    board.layout.segments().iter().find_map(|segment| {
        let [on, region_rest, line_rest] = unions(board, segment);
        let digits = on & !line_rest & region_rest;
        (digits != 0).then(|| {
            let digit = digits.trailing_zeros() as u8;
            let pattern = Pattern::Claiming {
                digit,
                line: segment.line,
                boxed: segment.region,
            };
            removal(board, pattern, digit, &segment.region_rest)
        })
    })
}

/// The candidates on the crossing, on the box off the line, on the line off the box.
fn unions(board: &Board, segment: &Segment) -> [u32; 3] {
    let union = |cells: &[usize]| cells.iter().fold(0, |set, &c| set | board.cands[c]);
    [
        union(&segment.cells),
        union(&segment.region_rest),
        union(&segment.line_rest),
    ]
}

/// The step of `pattern`: `digit` leaves those of `cells` that hold it.
pub(crate) fn removal(board: &Board, pattern: Pattern, digit: u8, cells: &[usize]) -> Deduction {
    let eliminated = cells
        .iter()
        .filter(|&&cell| board.has(cell, digit))
        .map(|&cell| (cell, digit))
        .collect();
    Deduction::removing(pattern, eliminated).expect("the digit has places to leave")
}

#[cfg(test)]
mod tests {
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    #[test]
    fn a_digit_confined_to_one_row_of_a_box_leaves_the_rest_of_the_row() {
        let mut board = open_board();
        // In box 1, 6 stays only in row 1.
        remove(
            &mut board,
            6,
            (2..=3).flat_map(|r| (1..=3).map(move |c| rc(r, c))),
        );
        for order in Order::ALL {
            let step = first_step(&board, order, Technique::Pointing);
            let expected: Vec<(usize, u8)> = (4..=9).map(|c| (rc(1, c), 6)).collect();
            assert_eq!(sorted(&step), expected);
            assert_eq!(
                step.describe(&board),
                "in box 1, 6 lies only in row 1, so it leaves the rest of row 1: \
                 removes 6 from r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9"
            );
        }
    }

    #[test]
    fn a_digit_confined_to_one_box_of_a_row_leaves_the_rest_of_the_box() {
        let mut board = open_board();
        // In row 1, 6 stays only in box 1.
        remove(&mut board, 6, (4..=9).map(|c| rc(1, c)));
        let step = first_step(&board, Order::Rating, Technique::Claiming);
        let expected: Vec<(usize, u8)> = (2..=3)
            .flat_map(|r| (1..=3).map(move |c| (rc(r, c), 6)))
            .collect();
        assert_eq!(sorted(&step), expected);
    }

    #[test]
    fn claiming_works_along_columns_on_a_box_of_two_rows() {
        // 6×6, boxes of 2 rows × 3 columns: column 1 keeps 5 only in box 1 (rows 1 and 2).
        let mut board =
            crate::board::Board::new(&sudoku_core::Grid::empty(sudoku_core::Shape::S6)).unwrap();
        remove(&mut board, 5, (2..6).map(|r| r * 6));
        let step = first_step(&board, Order::Thesis, Technique::Claiming);
        assert_eq!(
            sorted(&step),
            vec![(1, 5), (2, 5), (7, 5), (8, 5)],
            "{}",
            step.describe(&board)
        );
    }
}
