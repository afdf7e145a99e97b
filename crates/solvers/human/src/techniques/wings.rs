//! Wings: bivalue cells that between them force a digit into one of two cells.
//! - **XY-Wing**: a pivot cell with candidates {x, y} seeing two pincers {x, z} and {y, z}.
//!   Whichever digit the pivot takes, one pincer is z, so z leaves every cell that sees both
//!   pincers.
//! - **XYZ-Wing**: a pivot {x, y, z} seeing pincers {x, z} and {y, z}: the pivot or a pincer is
//!   z, so z leaves every cell that sees all three. Found in HoDoKu's order.
//! - **W-Wing**: two cells holding only {x, y} that do not see each other, and a conjugate pair
//!   of x (its only two places in a unit) with one end seeing each cell: if the first cell is
//!   not y it is x, so the pair's near end is not x, its far end is, and the second cell is y.
//!   One of them is y, so y leaves every cell seeing both. Found in HoDoKu's order; as HoDoKu,
//!   a pair end that sees both cells is no link. (HoDoKu also takes two cells that see each
//!   other: a naked pair, which every order tries first.)

use sudoku_core::format::symbol;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digit_words, removals};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;

/// The first XY-Wing (pivots row-major, pincers in peer order) that removes a candidate.
pub(crate) fn xy_wing(board: &Board) -> Option<Deduction> {
    let layout = &*board.layout;
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

/// An XYZ-Wing or a W-Wing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Wing {
    /// A pivot {x, y, z} seeing pincers {x, z} and {y, z}: `digit` is z.
    Xyz {
        pivot: usize,
        pincers: [usize; 2],
        digit: u8,
    },
    /// Two cells holding only `digit` and `linked`, joined by the conjugate pair `link` of
    /// `linked` in `unit` (`link[0]` sees `cells[0]`, `link[1]` sees `cells[1]`).
    W {
        cells: [usize; 2],
        link: [usize; 2],
        unit: usize,
        linked: u8,
        digit: u8,
    },
}

impl Wing {
    pub(crate) fn technique(&self) -> Technique {
        match self {
            Wing::Xyz { .. } => Technique::XyzWing,
            Wing::W { .. } => Technique::WWing,
        }
    }

    /// The step in words.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let cell = |c: usize| layout.cell_name(c);
        let removes = removals(layout, &step.eliminated);
        match *self {
            Wing::Xyz {
                pivot,
                pincers,
                digit,
            } => format!(
                "pivot {} ({}) with pincers {} ({}) and {} ({}): whichever digit the pivot \
                 takes, it or a pincer is {}, so cells seeing all three lose it: {removes}",
                cell(pivot),
                digit_words(before.cands[pivot]),
                cell(pincers[0]),
                digit_words(before.cands[pincers[0]]),
                cell(pincers[1]),
                digit_words(before.cands[pincers[1]]),
                symbol(digit)
            ),
            Wing::W {
                cells,
                link,
                unit,
                linked,
                digit,
            } => {
                let (d, x) = (symbol(digit), symbol(linked));
                format!(
                    "{} and {} hold only {}, and {x} in {} lies only in {}, which sees {}, and {}, \
                     which sees {}: {}={d} = {}={x} - {}={x} = {}={x} - {}={x} = {}={d}, so {} or \
                     {} is {d}, and cells seeing both lose it: {removes}",
                    cell(cells[0]),
                    cell(cells[1]),
                    digit_words(before.cands[cells[0]]),
                    layout.unit_name(unit),
                    cell(link[0]),
                    cell(cells[0]),
                    cell(link[1]),
                    cell(cells[1]),
                    cell(cells[0]),
                    cell(cells[0]),
                    cell(link[0]),
                    cell(link[1]),
                    cell(cells[1]),
                    cell(cells[1]),
                    cell(cells[0]),
                    cell(cells[1])
                )
            }
        }
    }

    /// Its rating on Sudoku Explainer's scale: SE's own XYZ-Wing (4.4); for the W-Wing, SE's
    /// forcing chain mixing X- and Y-links (7.0) from a target: target on, the first cell's
    /// `digit` off, its `linked` on, the link's near end off, its far end on, the second cell's
    /// `linked` off, its `digit` on, target off: eight candidates, length 6, 0.1 more.
    pub(crate) fn explainer(&self) -> f32 {
        match self {
            Wing::Xyz { .. } => 4.4,
            Wing::W { .. } => 7.0 + crate::techniques::single_digit::length_increment(8),
        }
    }

    /// Its level and score on HoDoKu's scale.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        match self {
            Wing::Xyz { .. } => HodokuStep::new(Level::Hard, 180),
            Wing::W { .. } => HodokuStep::new(Level::Hard, 150),
        }
    }
}

/// The first XYZ-Wing, in HoDoKu's order: pivots (three candidates) row-major, then the first
/// pincer, then the second, each row-major among the pivot's bivalue peers holding two of its
/// digits. z leaves the cells that see the pivot and both pincers.
pub(crate) fn xyz_wing(board: &Board) -> Option<Deduction> {
    let layout = &*board.layout;
    for pivot in 0..layout.cell_count() {
        let all = board.cands[pivot];
        if all.count_ones() != 3 {
            continue;
        }
        let peers = layout.peers(pivot);
        let fits = |cell: usize| {
            let c = board.cands[cell];
            c.count_ones() == 2 && c & !all == 0
        };
        for (i, &first) in peers.iter().enumerate() {
            if !fits(first) {
                continue;
            }
            for &second in &peers[i + 1..] {
                if !fits(second) || board.cands[second] == board.cands[first] {
                    continue;
                }
                let z = board.cands[first] & board.cands[second];
                let digit = z.trailing_zeros() as u8;
                let eliminated = peers
                    .iter()
                    .filter(|&&cell| {
                        cell != first
                            && cell != second
                            && layout.sees(cell, first)
                            && layout.sees(cell, second)
                            && board.has(cell, digit)
                    })
                    .map(|&cell| (cell, digit))
                    .collect();
                let pattern = Pattern::Wing(Wing::Xyz {
                    pivot,
                    pincers: [first, second],
                    digit,
                });
                if let Some(found) = Deduction::removing(pattern, eliminated) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// The first W-Wing, in HoDoKu's order: bivalue cells row-major, each with the later cells of
/// the same pair that it does not see; the lower digit removed first (linked by the higher),
/// then the higher; the link the first unit (rows, columns, boxes) where the linking digit has
/// two places, neither of them the two cells, one seeing each cell and neither seeing both.
pub(crate) fn w_wing(board: &Board) -> Option<Deduction> {
    let layout = &*board.layout;
    let cells = layout.cell_count();
    for first in 0..cells {
        let pair = board.cands[first];
        if pair.count_ones() != 2 {
            continue;
        }
        let low = pair.trailing_zeros() as u8;
        let high = (pair & (pair - 1)).trailing_zeros() as u8;
        for second in first + 1..cells {
            if board.cands[second] != pair || layout.sees(first, second) {
                continue;
            }
            for (digit, linked) in [(low, high), (high, low)] {
                let seen_by_both =
                    |cell: &&usize| layout.sees(**cell, second) && board.has(**cell, digit);
                if !layout.peers(first).iter().any(|c| seen_by_both(&c)) {
                    continue;
                }
                let Some((unit, link)) = w_link(board, linked, [first, second]) else {
                    continue;
                };
                let eliminated = layout
                    .peers(first)
                    .iter()
                    .filter(seen_by_both)
                    .map(|&cell| (cell, digit))
                    .collect();
                let pattern = Pattern::Wing(Wing::W {
                    cells: [first, second],
                    link,
                    unit,
                    linked,
                    digit,
                });
                return Deduction::removing(pattern, eliminated);
            }
        }
    }
    None
}

/// The first unit where `digit` has exactly two places, neither of them `ends`, one seeing
/// `ends[0]` and the other `ends[1]`, and neither seeing both: the unit and the places, the one
/// seeing `ends[0]` first.
fn w_link(board: &Board, digit: u8, ends: [usize; 2]) -> Option<(usize, [usize; 2])> {
    let layout = &*board.layout;
    for unit in 0..layout.unit_count() {
        let mut places = layout.unit(unit).iter().filter(|&&c| board.has(c, digit));
        let (Some(&a), Some(&b), None) = (places.next(), places.next(), places.next()) else {
            continue;
        };
        if ends.contains(&a) || ends.contains(&b) {
            continue;
        }
        let sees = |c: usize| [layout.sees(c, ends[0]), layout.sees(c, ends[1])];
        let (sa, sb) = (sees(a), sees(b));
        if sa == [true, true] || sb == [true, true] {
            continue;
        }
        if sa[0] && sb[1] {
            return Some((unit, [a, b]));
        }
        if sa[1] && sb[0] {
            return Some((unit, [b, a]));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    /// The step's wing, for its ratings.
    fn wing(step: &Deduction) -> &Wing {
        match &step.pattern {
            Pattern::Wing(found) => found,
            other => panic!("not a wing: {other:?}"),
        }
    }

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

    #[test]
    fn a_three_digit_pivot_and_two_pincers_remove_z_where_all_three_are_seen() {
        let mut board = open_board();
        // Pivot r1c1 {1,2,3}; pincers r1c5 {1,3} (row 1) and r2c2 {2,3} (box 1). Whichever
        // digit the pivot takes, the pivot or a pincer is 3. Seeing all three: r1c2 and r1c3
        // (row 1 and box 1); r2c1 and r2c3 see the pivot and r2c2 but not r1c5.
        keep(&mut board, rc(1, 1), &[1, 2, 3]);
        keep(&mut board, rc(1, 5), &[1, 3]);
        keep(&mut board, rc(2, 2), &[2, 3]);
        for order in [Order::Hodoku, Order::Rating] {
            let step = first_step(&board, order, Technique::XyzWing);
            assert_eq!(step.eliminated, vec![(rc(1, 2), 3), (rc(1, 3), 3)]);
            assert_eq!(
                step.describe(&board),
                "pivot r1c1 (1, 2 and 3) with pincers r1c5 (1 and 3) and r2c2 (2 and 3): \
                 whichever digit the pivot takes, it or a pincer is 3, so cells seeing all three \
                 lose it: removes 3 from r1c2 and r1c3"
            );
            assert_eq!(wing(&step).explainer(), 4.4);
            assert_eq!(wing(&step).hodoku(), HodokuStep::new(Level::Hard, 180));
        }
    }

    #[test]
    fn two_equal_pairs_joined_by_a_conjugate_pair_are_a_w_wing() {
        let mut board = open_board();
        // r1c1 and r5c9 hold only 3 and 8 and do not see each other. 8 in row 3 lies only in
        // r3c2 (box 1, sees r1c1) and r3c9 (column 9, sees r5c9): if r1c1 is not 3 it is 8,
        // so r3c2 is not, r3c9 is, and r5c9 is 3. Seeing both: r1c9 and r5c1.
        keep(&mut board, rc(1, 1), &[3, 8]);
        keep(&mut board, rc(5, 9), &[3, 8]);
        remove(&mut board, 8, [1, 3, 4, 5, 6, 7, 8].map(|c| rc(3, c)));
        let step = first_step(&board, Order::Hodoku, Technique::WWing);
        assert_eq!(step.eliminated, vec![(rc(1, 9), 3), (rc(5, 1), 3)]);
        assert_eq!(
            step.describe(&board),
            "r1c1 and r5c9 hold only 3 and 8, and 8 in row 3 lies only in r3c2, which sees r1c1, \
             and r3c9, which sees r5c9: r1c1=3 = r1c1=8 - r3c2=8 = r3c9=8 - r5c9=8 = r5c9=3, so \
             r1c1 or r5c9 is 3, and cells seeing both lose it: removes 3 from r1c9 and r5c1"
        );
        // SE: a forcing chain of X- and Y-links, eight candidates (length 6): 7.0 + 0.1.
        assert!((wing(&step).explainer() - 7.1).abs() < 1e-6);
        assert_eq!(wing(&step).hodoku(), HodokuStep::new(Level::Hard, 150));
    }

    #[test]
    fn a_link_end_seeing_both_cells_makes_no_w_wing() {
        let mut board = open_board();
        // As above, but 8 in box 4 lies only in r4c1 (column 1, sees r1c1) and r5c1, which
        // sees both r1c1 (column 1) and r5c9 (row 5): HoDoKu takes no link with such an end.
        // No other unit has two places for 8, and none has two for 3.
        keep(&mut board, rc(1, 1), &[3, 8]);
        keep(&mut board, rc(5, 9), &[3, 8]);
        remove(
            &mut board,
            8,
            [
                rc(4, 2),
                rc(4, 3),
                rc(5, 2),
                rc(5, 3),
                rc(6, 1),
                rc(6, 2),
                rc(6, 3),
            ],
        );
        assert_eq!(w_wing(&board), None);
    }

    #[test]
    fn wings_work_on_a_six_by_six_board() {
        use sudoku_core::{Grid, Shape};
        // 6×6, boxes of 2 rows × 3 columns. Cell (r, c) 1-based.
        let at = |r: usize, c: usize| (r - 1) * 6 + c - 1;
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        // XYZ-Wing: pivot r1c1 {1,2,3}, pincers r1c4 {1,3} (row 1) and r2c2 {2,3} (box 1).
        // Seeing all three: r1c2 and r1c3 (row 1, box 1).
        keep(&mut board, at(1, 1), &[1, 2, 3]);
        keep(&mut board, at(1, 4), &[1, 3]);
        keep(&mut board, at(2, 2), &[2, 3]);
        let step = xyz_wing(&board).expect("an XYZ-Wing");
        assert_eq!(step.eliminated, vec![(at(1, 2), 3), (at(1, 3), 3)]);
        // W-Wing: r1c1 and r4c6 hold only 1 and 2 (rows 1 and 4, columns 1 and 6, boxes 1
        // and 4: apart). 2 in row 2 lies only in r2c2 (box 1, sees r1c1) and r2c6 (column 6,
        // sees r4c6), so r1c1 or r4c6 is 1: r1c6 and r4c1 lose 1.
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        keep(&mut board, at(1, 1), &[1, 2]);
        keep(&mut board, at(4, 6), &[1, 2]);
        remove(&mut board, 2, [1, 3, 4, 5].map(|c| at(2, c)));
        let step = w_wing(&board).expect("a W-Wing");
        assert_eq!(step.eliminated, vec![(at(1, 6), 1), (at(4, 1), 1)]);
    }

    fn sound(technique: Technique) {
        sound_on_sets(technique, [60, 20, 30]);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn xyz_wings_are_sound() {
        sound(Technique::XyzWing);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn w_wings_are_sound() {
        sound(Technique::WWing);
    }
}
