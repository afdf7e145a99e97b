//! X-Wing (two lines) and Swordfish (three lines) for one digit.
//!
//! If in `k` rows (the base) a digit's places all fall in the same `k` columns (the cover), those
//! rows put the digit in each of the columns once, so no other row can have it in those columns.
//! The same holds with rows and columns swapped. Base lines have 2..=k places: a line with one
//! place is a hidden single, found earlier.

use sudoku_core::UnitKind;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits};
use crate::techniques::for_each_combination;

/// The first fish of `size` lines (2 = X-Wing, 3 = Swordfish) that removes a candidate: digits
/// ascending, rows as the base before columns.
pub(crate) fn fish(board: &Board, size: usize) -> Option<Deduction> {
    let layout = board.layout;
    let n = layout.n;
    // For each digit, its places in each row (as columns) and in each column (as rows): one
    // pass over the cells.
    let mut row_places = [[0u32; 25]; 26];
    let mut column_places = [[0u32; 25]; 26];
    for cell in 0..layout.cell_count() {
        let (row, column) = (cell / n, cell % n);
        for digit in digits(board.cands[cell]) {
            row_places[digit as usize][row] |= 1 << column;
            column_places[digit as usize][column] |= 1 << row;
        }
    }
    let mut lines = [0usize; 25];
    let mut places = [0u32; 25];
    for digit in 1..=n as u8 {
        for (base_kind, cover_kind) in [
            (UnitKind::Row, UnitKind::Column),
            (UnitKind::Column, UnitKind::Row),
        ] {
            let by_line = match base_kind {
                UnitKind::Row => &row_places[digit as usize],
                _ => &column_places[digit as usize],
            };
            let mut count = 0;
            for (index, &mask) in by_line[..n].iter().enumerate() {
                if (2..=size as u32).contains(&mask.count_ones()) {
                    lines[count] = index;
                    places[count] = mask;
                    count += 1;
                }
            }
            if count < size {
                continue;
            }
            let cover_first = layout.units(cover_kind).start;
            let base_first = layout.units(base_kind).start;
            let mut found = None;
            for_each_combination(count, size, |picked| {
                let cover = picked.iter().fold(0u32, |set, &k| set | places[k]);
                if cover.count_ones() as usize != size {
                    return false;
                }
                let base: Vec<usize> = picked.iter().map(|&k| lines[k]).collect();
                let mut eliminated = Vec::new();
                for k in digits(cover) {
                    let cover_unit = cover_first + k as usize;
                    for (line, &cell) in layout.unit(cover_unit).iter().enumerate() {
                        if !base.contains(&line) && board.has(cell, digit) {
                            eliminated.push((cell, digit));
                        }
                    }
                }
                let mut base_units = [0usize; 3];
                let mut cover_units = [0usize; 3];
                for (slot, &line) in base_units.iter_mut().zip(&base) {
                    *slot = base_first + line;
                }
                for (slot, k) in cover_units.iter_mut().zip(digits(cover)) {
                    *slot = cover_first + k as usize;
                }
                let pattern = Pattern::Fish {
                    digit,
                    size,
                    base: base_units,
                    cover: cover_units,
                };
                found = Deduction::removing(pattern, eliminated);
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// A finned or sashimi fish (not written yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finned {
    size: usize,
}

impl Finned {
    pub(crate) fn technique(&self) -> crate::technique::Technique {
        crate::technique::Technique::FinnedFish
    }

    pub(crate) fn describe(&self, _before: &Board, _step: &Deduction) -> String {
        format!("finned fish of {} lines", self.size)
    }

    pub(crate) fn explainer(&self) -> f32 {
        0.0
    }

    pub(crate) fn hodoku(&self) -> crate::rating::HodokuStep {
        crate::rating::HodokuStep::new(crate::rating::Level::Extreme, 0)
    }
}

/// The first finned or sashimi fish that removes a candidate (not written yet).
pub(crate) fn finned(_board: &Board) -> Option<Deduction> {
    None
}

#[cfg(test)]
mod tests {
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    #[test]
    fn a_digit_in_the_same_two_columns_of_two_rows_is_an_x_wing() {
        let mut board = open_board();
        for row in [2, 7] {
            remove(&mut board, 5, [1, 2, 4, 5, 6, 7, 9].map(|c| rc(row, c)));
        }
        for order in [Order::Thesis, Order::Rating] {
            let step = first_step(&board, order, Technique::XWing);
            let expected: Vec<(usize, u8)> = [1, 3, 4, 5, 6, 8, 9]
                .iter()
                .flat_map(|&r| [(rc(r, 3), 5), (rc(r, 8), 5)])
                .collect();
            assert_eq!(sorted(&step), expected);
            assert!(
                step.describe(&board).starts_with(
                    "5 in row 2 and row 7 lies only in column 3 and column 8, so it leaves the \
                     rest of those: removes 5 from r1c3, r1c8,"
                ),
                "{}",
                step.describe(&board)
            );
        }
        // Beyond the thesis's seven: the thesis's own technique set is stuck here.
        assert_eq!(crate::techniques::first(&board, Order::ThesisOnly), None);
    }

    #[test]
    fn a_digit_in_three_columns_of_three_rows_is_a_swordfish() {
        let mut board = open_board();
        // Row 1: columns 1 and 4; row 5: 4 and 7; row 9: 1 and 7.
        let keep_in = [(1, [1, 4]), (5, [4, 7]), (9, [1, 7])];
        for (row, cols) in keep_in {
            remove(
                &mut board,
                5,
                (1..=9).filter(|c| !cols.contains(c)).map(|c| rc(row, c)),
            );
        }
        for order in [Order::Thesis, Order::Rating] {
            let step = first_step(&board, order, Technique::Swordfish);
            let expected: Vec<(usize, u8)> = [2, 3, 4, 6, 7, 8]
                .iter()
                .flat_map(|&r| [(rc(r, 1), 5), (rc(r, 4), 5), (rc(r, 7), 5)])
                .collect();
            assert_eq!(sorted(&step), expected);
        }
    }

    #[test]
    fn fish_also_work_from_columns() {
        let mut board = open_board();
        for col in [2, 6] {
            remove(&mut board, 8, [1, 2, 3, 5, 6, 7, 8].map(|r| rc(r, col)));
        }
        let step = first_step(&board, Order::Rating, Technique::XWing);
        let expected: Vec<(usize, u8)> = [4, 9]
            .iter()
            .flat_map(|&r| [1, 3, 4, 5, 7, 8, 9].map(|c| (rc(r, c), 8)))
            .collect();
        assert_eq!(sorted(&step), expected);
    }
}
