//! XY-Wing: a pivot cell with candidates {x, y} seeing two pincers {x, z} and {y, z}. Whichever
//! digit the pivot takes, one pincer is z, so z leaves every cell that sees both pincers.

use crate::board::Board;
use crate::deduction::{Deduction, Pattern};

/// The first XY-Wing (pivots row-major, pincers in peer order) that removes a candidate.
pub(crate) fn xy_wing(board: &Board) -> Option<Deduction> {
    let layout = board.layout;
    for pivot in 0..layout.cell_count() {
        let wing = board.cands[pivot];
        if wing.count_ones() != 2 {
            continue;
        }
        let peers = layout.peers(pivot);
        for (i, &first) in peers.iter().enumerate() {
            let a = board.cands[first];
            if a.count_ones() != 2 || (a & wing).count_ones() != 1 {
                continue;
            }
            let z = a & !wing;
            // The second pincer holds the pivot's other digit and z.
            let b = (wing & !a) | z;
            for &second in &peers[i + 1..] {
                if board.cands[second] != b {
                    continue;
                }
                let digit = z.trailing_zeros() as u8;
                let eliminated = layout
                    .peers(first)
                    .iter()
                    .filter(|&&cell| {
                        cell != second && layout.sees(cell, second) && board.has(cell, digit)
                    })
                    .map(|&cell| (cell, digit))
                    .collect();
                let pattern = Pattern::XyWing {
                    pivot,
                    pincers: [first, second],
                    digit,
                };
                if let Some(found) = Deduction::removing(pattern, eliminated) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// An XYZ-Wing or W-Wing (not written yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Wing {
    technique: crate::technique::Technique,
}

impl Wing {
    pub(crate) fn technique(&self) -> crate::technique::Technique {
        self.technique
    }

    pub(crate) fn describe(&self, _before: &Board, _step: &Deduction) -> String {
        self.technique.name().to_string()
    }

    pub(crate) fn explainer(&self) -> f32 {
        0.0
    }

    pub(crate) fn hodoku(&self) -> crate::rating::HodokuStep {
        crate::rating::HodokuStep::new(crate::rating::Level::Extreme, 0)
    }
}

pub(crate) fn xyz_wing(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn w_wing(_board: &Board) -> Option<Deduction> {
    None
}

#[cfg(test)]
mod tests {
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    #[test]
    fn a_pivot_and_two_pincers_remove_their_shared_digit_where_both_are_seen() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 5), &[1, 3]);
        keep(&mut board, rc(5, 1), &[2, 3]);
        for order in [Order::Thesis, Order::Rating] {
            let step = first_step(&board, order, Technique::XyWing);
            // Only r5c5 sees both pincers (r1c1, the pivot, has no 3).
            assert_eq!(step.eliminated, vec![(rc(5, 5), 3)]);
            assert_eq!(
                step.describe(&board),
                "pivot r1c1 (1 and 2) with pincers r1c5 (1 and 3) and r5c1 (2 and 3): whichever \
                 digit the pivot takes, a pincer is 3, so cells seeing both pincers lose it: \
                 removes 3 from r5c5"
            );
        }
    }

    #[test]
    fn pincers_in_one_box_remove_the_digit_along_the_box() {
        let mut board = open_board();
        // Pivot r1c1 {4,6}; pincers r1c8 {4,9} in its row and r3c2 {6,9} in its box. The cells
        // seeing both pincers are r1c2, r1c3 (row 1 and box 1) and r3c7, r3c8, r3c9 (row 3 and
        // box 3).
        keep(&mut board, rc(1, 1), &[4, 6]);
        keep(&mut board, rc(1, 8), &[4, 9]);
        keep(&mut board, rc(3, 2), &[6, 9]);
        let step = first_step(&board, Order::Rating, Technique::XyWing);
        let expected = [rc(1, 2), rc(1, 3), rc(3, 7), rc(3, 8), rc(3, 9)].map(|c| (c, 9));
        assert_eq!(sorted(&step), expected);
    }
}
