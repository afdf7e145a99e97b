//! Sudoku Explainer's direct hints: an intersection, or a hidden pair or triple, that leaves a
//! digit one place in a unit, taken as one step that places that digit. Sudoku Explainer tries
//! them among the singles and rates them below the technique they start from (direct pointing
//! 1.7, direct claiming 1.9, direct hidden pair 2.0, direct hidden triple 2.5), so a puzzle
//! that needs a pointing only to reach a hidden single rates as the easier puzzle it is.
//!
//! The step places the digit and removes nothing else: the intersection's or the subset's own
//! removals are not applied (they stay for a later step to find), as in Sudoku Explainer.
//!
//! Scan orders, kept as Sudoku Explainer's so a solve takes the step it takes:
//! - Pointing: boxes against columns, then against rows (then diagonals); within each, digits
//!   ascending, then the box, then the line; the single is looked for in the other boxes in
//!   order. Claiming: columns against boxes, then rows (then diagonals), digit first again; the
//!   single is looked for in the other lines of the same kind.
//! - Hidden subsets: boxes, then columns, then rows (then diagonals), in a unit with more empty
//!   cells than the subset's size; digit sets in Sudoku Explainer's order (by their highest
//!   digit, then the lower ones), each digit with two places or more; the single is the lowest
//!   other digit left one place in the same unit.
//!
//! A box stands for a jigsaw's regions; the argument needs only houses, as for the
//! intersections and subsets themselves.

use sudoku_core::UnitKind;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits};
use crate::techniques::als::{CellSet, Wide, unit_sets};
use crate::techniques::{intersections, subsets};

/// Each digit's cells, and each unit's, as cell sets.
struct Places<S> {
    of_digit: Vec<S>,
    unit: Vec<S>,
}

impl<S: CellSet> Places<S> {
    fn new(board: &Board) -> Places<S> {
        let layout = &*board.layout;
        let mut of_digit = vec![S::EMPTY; layout.n + 1];
        for (cell, &cands) in board.cands.iter().enumerate() {
            for digit in digits(cands) {
                of_digit[digit as usize] |= S::single(cell);
            }
        }
        Places {
            of_digit,
            unit: unit_sets(layout),
        }
    }

    /// `digit`'s places in `unit`.
    fn of(&self, digit: u8, unit: usize) -> S {
        self.of_digit[digit as usize] & self.unit[unit]
    }

    /// The one place of `digit` left in `unit` once it leaves `removed`, if it has two places
    /// or more there and exactly one of them stays: the hidden single an intersection leaves.
    fn single_left(&self, digit: u8, unit: usize, removed: S) -> Option<usize> {
        let places = self.of(digit, unit);
        let left = places & !removed;
        (places.has_two() && left.count() == 1).then(|| left.cells().next().expect("one cell"))
    }
}

/// The line kinds an intersection pass pairs with the boxes, in Sudoku Explainer's order.
fn line_passes(board: &Board) -> [std::ops::Range<usize>; 3] {
    let layout = &*board.layout;
    [
        layout.units(UnitKind::Column),
        layout.units(UnitKind::Row),
        layout.diagonals(),
    ]
}

/// The first direct pointing: a digit of a box confined to a line leaves the line's cells in
/// the other boxes, which leaves it one place in one of them.
pub(crate) fn pointing(board: &Board) -> Option<Deduction> {
    intersection(board, Crossing::Pointing)
}

/// The first direct claiming: a digit of a line confined to a box leaves the box's cells on
/// the other lines, which leaves it one place on one of those lines.
pub(crate) fn claiming(board: &Board) -> Option<Deduction> {
    intersection(board, Crossing::Claiming)
}

/// Which side of a crossing confines the digit: the box (pointing) or the line (claiming).
#[derive(Clone, Copy)]
enum Crossing {
    Pointing,
    Claiming,
}

fn intersection(board: &Board, crossing: Crossing) -> Option<Deduction> {
    if board.layout.cell_count() <= 128 {
        intersection_in::<u128>(board, crossing)
    } else {
        intersection_in::<Wide>(board, crossing)
    }
}

/// A digit of a unit (`confined`) confined to its crossing with another (`container`) leaves
/// the container's other cells; the single is looked for in the other units of the confined
/// one's kind.
fn intersection_in<S: CellSet>(board: &Board, crossing: Crossing) -> Option<Deduction> {
    let places = Places::<S>::new(board);
    let regions = board.layout.regions();
    for lines in line_passes(board) {
        let (confining, containers) = match crossing {
            Crossing::Pointing => (regions.clone(), lines),
            Crossing::Claiming => (lines, regions.clone()),
        };
        for digit in 1..=board.layout.n as u8 {
            for confined in confining.clone() {
                let held = places.of(digit, confined);
                if !held.has_two() {
                    continue;
                }
                for container in containers.clone() {
                    if !(held & !places.unit[container]).is_empty() {
                        continue;
                    }
                    let removed = places.of(digit, container) & !places.unit[confined];
                    let single = confining
                        .clone()
                        .filter(|&other| other != confined)
                        .find_map(|other| {
                            places
                                .single_left(digit, other, removed)
                                .map(|c| (other, c))
                        });
                    let Some((unit, cell)) = single else {
                        continue;
                    };
                    let pattern = match crossing {
                        Crossing::Pointing => Pattern::Pointing {
                            digit,
                            boxed: confined,
                            line: container,
                        },
                        Crossing::Claiming => Pattern::Claiming {
                            digit,
                            line: confined,
                            boxed: container,
                        },
                    };
                    let removed: Vec<usize> = removed.cells().collect();
                    let lead = intersections::removal(board, pattern, digit, &removed);
                    return Some(direct(lead, unit, cell, digit));
                }
            }
        }
    }
    None
}

/// The first direct hidden subset of `size` (2 or 3): `size` digits whose places in a unit are
/// `size` cells take those cells, which leaves another digit one place in the unit.
pub(crate) fn hidden(board: &Board, size: usize) -> Option<Deduction> {
    let layout = &*board.layout;
    let units = [UnitKind::Box, UnitKind::Column, UnitKind::Row]
        .into_iter()
        .flat_map(|kind| layout.units(kind))
        .chain(layout.diagonals());
    let mut members = [0u8; 25];
    for unit in units {
        let cells = layout.unit(unit);
        let empty = layout.n - board.placed_in(unit).count_ones() as usize;
        if empty <= size {
            continue;
        }
        // A member has two places or more, and at most `size` (their union is `size` cells).
        let mut count = 0;
        for digit in digits(subsets::digits_with_places(board, cells, size)) {
            members[count] = digit;
            count += 1;
        }
        if count < size {
            continue;
        }
        let positions = board.positions_in(unit);
        let places = |digit: u8| positions[digit as usize];
        // Picks of members as bit masks, the next of the same size by Gosper's rule: digit
        // sets in Sudoku Explainer's order.
        let mut pick: u32 = (1 << size) - 1;
        while pick < 1 << count {
            let picked = || digits(pick).map(|k| members[k as usize]);
            let union = picked().fold(0, |union, digit| union | places(digit));
            if union.count_ones() as usize == size {
                let set = picked().fold(0u32, |set, digit| set | 1 << digit);
                let single = (1..=layout.n as u8)
                    .filter(|digit| set & 1 << digit == 0)
                    .find_map(|digit| {
                        let left = places(digit) & !union;
                        (places(digit).count_ones() >= 2 && left.count_ones() == 1)
                            .then(|| (digit, cells[left.trailing_zeros() as usize]))
                    });
                if let Some((digit, cell)) = single {
                    let lead = subsets::hidden_subset(board, unit, set, union)
                        .expect("a subset that leaves a single removes a candidate");
                    return Some(direct(lead, unit, cell, digit));
                }
            }
            let lowest = pick & pick.wrapping_neg();
            let ripple = pick + lowest;
            pick = ripple | (((pick ^ ripple) >> 2) / lowest);
        }
    }
    None
}

/// The direct step of `lead`: `digit` placed in `cell`, its one place left in `unit`.
fn direct(lead: Deduction, unit: usize, cell: usize, digit: u8) -> Deduction {
    let pattern = Pattern::Direct {
        lead: Box::new(lead),
        unit,
    };
    Deduction::placing(pattern, cell, digit)
}

#[cfg(test)]
mod tests {
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    #[test]
    fn a_pointing_that_leaves_a_hidden_single_in_another_box_places_it() {
        let mut board = open_board();
        // In box 1, 6 lies only in row 1. Box 2 keeps 6 in r1c4 and r2c5 only: once row 1
        // loses 6 outside box 1, r2c5 is box 2's one place for it.
        remove(
            &mut board,
            6,
            (2..=3).flat_map(|r| (1..=3).map(move |c| rc(r, c))),
        );
        let box2 = [
            rc(1, 5),
            rc(1, 6),
            rc(2, 4),
            rc(2, 6),
            rc(3, 4),
            rc(3, 5),
            rc(3, 6),
        ];
        remove(&mut board, 6, box2);
        let step = first_step(&board, Order::Rating, Technique::DirectPointing);
        assert_eq!(step.placed, Some((rc(2, 5), 6)));
        assert!(step.eliminated.is_empty(), "a direct step only places");
        assert_eq!(
            step.describe(&board),
            "in box 1, 6 lies only in row 1, so it leaves the rest of row 1: removes 6 from \
             r1c4, r1c7, r1c8 and r1c9; then r2c5 = 6: the only place left for 6 in box 2"
        );
        // The other orders take the pointing itself.
        first_step(&board, Order::Hodoku, Technique::Pointing);
    }

    #[test]
    fn a_claiming_that_leaves_a_hidden_single_on_another_line_places_it() {
        let mut board = open_board();
        // Row 1 keeps 6 only in box 1 (r1c1, r1c2); row 2 keeps it in r2c3 and r2c7 only: the
        // claiming takes r2c3, so r2c7 is row 2's one place.
        remove(&mut board, 6, (3..=9).map(|c| rc(1, c)));
        remove(&mut board, 6, [1, 2, 4, 5, 6, 8, 9].map(|c| rc(2, c)));
        // (Box 2 then keeps 6 only on row 3, a direct pointing to the same cell, which the
        // rating order tries first: the claiming is asked for here on its own.)
        let step = super::claiming(&board).expect("a direct claiming");
        assert_eq!(step.technique(), Technique::DirectClaiming);
        assert_eq!(step.placed, Some((rc(2, 7), 6)));
        assert_eq!(
            step.describe(&board),
            "in row 1, 6 lies only in box 1, so it leaves the rest of box 1: removes 6 from \
             r2c3, r3c1, r3c2 and r3c3; then r2c7 = 6: the only place left for 6 in row 2"
        );
    }

    /// An open board where 1 and 2 lie only in r1c1 and r1c2 of box 1: a hidden pair.
    fn hidden_pair_in_box_1() -> crate::board::Board {
        let mut board = open_board();
        for digit in [1, 2] {
            remove(
                &mut board,
                digit,
                (1..=3)
                    .flat_map(|r| (1..=3).map(move |c| rc(r, c)))
                    .filter(|&c| c > rc(1, 2)),
            );
        }
        board
    }

    #[test]
    fn a_hidden_pair_that_leaves_a_hidden_single_places_it() {
        // 3 lies in r1c1 and r2c2 only, so once the pair takes r1c1, r2c2 is 3's one place in
        // box 1.
        let mut board = hidden_pair_in_box_1();
        remove(
            &mut board,
            3,
            (1..=3)
                .flat_map(|r| (1..=3).map(move |c| rc(r, c)))
                .filter(|&c| c != rc(1, 1) && c != rc(2, 2)),
        );
        let step = first_step(&board, Order::Rating, Technique::DirectHiddenPair);
        assert_eq!(step.placed, Some((rc(2, 2), 3)));
        assert!(
            step.describe(&board)
                .starts_with("in box 1, 1 and 2 fit only r1c1 and r1c2"),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn a_hidden_subset_leaving_no_single_is_no_direct_step() {
        let board = hidden_pair_in_box_1();
        assert_eq!(super::hidden(&board, 2), None);
        assert_eq!(super::hidden(&board, 3), None);
    }
}
