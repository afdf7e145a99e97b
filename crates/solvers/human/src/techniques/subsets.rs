//! Naked and hidden subsets (pairs, triples and quads) within one unit.
//!
//! Naked: `k` cells of a unit whose candidates are `k` digits between them hold exactly those
//! digits, so the digits leave the unit's other cells. Hidden: `k` digits whose places in a
//! unit are `k` cells between them fill exactly those cells, so the cells lose every other
//! candidate. Members are cells with 2..=k candidates (naked) or digits with 2..=k places
//! (hidden): one candidate or one place would be a single, found earlier.

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits};
use crate::techniques::for_each_small_union;

/// The first naked subset of `size` (2 to 4) that removes a candidate.
pub(crate) fn naked(board: &Board, size: usize) -> Option<Deduction> {
    let layout = &*board.layout;
    let mut members = [0usize; 25];
    for unit in 0..layout.unit_count() {
        let cells = layout.unit(unit);
        let mut count = 0;
        for &cell in cells {
            if (2..=size as u32).contains(&board.cands[cell].count_ones()) {
                members[count] = cell;
                count += 1;
            }
        }
        if count < size {
            continue;
        }
        let mut found = None;
        let candidates = |k: usize| board.cands[members[k]];
        for_each_small_union(count, size, candidates, |picked, union| {
            if union.count_ones() as usize != size {
                return false;
            }
            let mut subset = [0usize; 4];
            for (slot, &k) in subset.iter_mut().zip(picked) {
                *slot = members[k];
            }
            let eliminated: Vec<(usize, u8)> = cells
                .iter()
                .filter(|cell| !subset[..size].contains(cell))
                .flat_map(|&cell| digits(board.cands[cell] & union).map(move |d| (cell, d)))
                .collect();
            let pattern = Pattern::NakedSubset {
                unit,
                cells: subset,
                size,
                digits: union,
            };
            found = Deduction::removing(pattern, eliminated);
            found.is_some()
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first hidden subset of `size` (2 to 4) that removes a candidate.
pub(crate) fn hidden(board: &Board, size: usize) -> Option<Deduction> {
    let layout = &*board.layout;
    let mut members = [0u8; 25];
    for unit in 0..layout.unit_count() {
        let cells = layout.unit(unit);
        // Bit-sliced place counts first: most units have too few digits with 2..=size places
        // to hold a subset, and are passed over without listing positions.
        let wanted = digits_with_places(board, cells, size);
        if (wanted.count_ones() as usize) < size {
            continue;
        }
        let positions = board.positions_in(unit);
        let mut count = 0;
        for digit in digits(wanted) {
            members[count] = digit;
            count += 1;
        }
        let mut found = None;
        let places_of = |k: usize| positions[members[k] as usize];
        for_each_small_union(count, size, places_of, |picked, places| {
            if places.count_ones() as usize != size {
                return false;
            }
            let set = picked.iter().fold(0u32, |set, &k| set | (1 << members[k]));
            found = hidden_subset(board, unit, set, places);
            found.is_some()
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The hidden subset of the digits `set` whose places in `unit` are `places` (positions in the
/// unit, as many as the digits): the step removing the cells' other candidates, `None` if they
/// have none.
pub(crate) fn hidden_subset(
    board: &Board,
    unit: usize,
    set: u32,
    places: u32,
) -> Option<Deduction> {
    let cells = board.layout.unit(unit);
    let size = places.count_ones() as usize;
    let mut subset = [0usize; 4];
    for (slot, at) in subset.iter_mut().zip(digits(places)) {
        *slot = cells[at as usize];
    }
    let eliminated: Vec<(usize, u8)> = subset[..size]
        .iter()
        .flat_map(|&cell| digits(board.cands[cell] & !set).map(move |d| (cell, d)))
        .collect();
    let pattern = Pattern::HiddenSubset {
        unit,
        cells: subset,
        size,
        digits: set,
    };
    Deduction::removing(pattern, eliminated)
}

/// The digits with 2 to `size` (2 to 4) places among `cells`.
pub(crate) fn digits_with_places(board: &Board, cells: &[usize], size: usize) -> u32 {
    let (mut ones, mut twos, mut threes, mut fours, mut fives) = (0u32, 0u32, 0u32, 0u32, 0u32);
    for &cell in cells {
        let c = board.cands[cell];
        fives |= fours & c;
        fours |= threes & c;
        threes |= twos & c;
        twos |= ones & c;
        ones |= c;
    }
    match size {
        2 => twos & !threes,
        3 => twos & !fours,
        _ => twos & !fives,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    #[test]
    fn two_cells_with_the_same_two_candidates_are_a_naked_pair() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2]);
        for order in Order::ALL {
            let step = first_step(&board, order, Technique::NakedPair);
            // Row 1 comes before box 1.
            let expected: Vec<(usize, u8)> = (3..=9)
                .flat_map(|c| [(rc(1, c), 1), (rc(1, c), 2)])
                .collect();
            assert_eq!(sorted(&step), expected);
        }
        let step = first_step(&board, Order::Thesis, Technique::NakedPair);
        assert!(
            step.describe(&board).starts_with(
                "r1c1 and r1c2 hold only 1 and 2 between them in row 1, so those digits leave \
                 its other cells: removes 1 from r1c3,"
            ),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn three_cells_with_three_candidates_between_them_are_a_naked_triple() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 4), &[2, 3]);
        keep(&mut board, rc(1, 7), &[1, 3]);
        for order in Order::ALL {
            let step = first_step(&board, order, Technique::NakedTriple);
            let others = [2, 3, 5, 6, 8, 9];
            let expected: Vec<(usize, u8)> = others
                .iter()
                .flat_map(|&c| [1, 2, 3].map(|d| (rc(1, c), d)))
                .collect();
            assert_eq!(sorted(&step), expected);
        }
    }

    #[test]
    fn two_digits_with_the_same_two_places_are_a_hidden_pair() {
        let mut board = open_board();
        // In row 1, 1 and 2 fit only r1c1 and r1c5 (different boxes, so no claiming).
        for digit in [1, 2] {
            remove(&mut board, digit, [2, 3, 4, 6, 7, 8, 9].map(|c| rc(1, c)));
        }
        for order in Order::ALL {
            let step = first_step(&board, order, Technique::HiddenPair);
            let expected: Vec<(usize, u8)> = [rc(1, 1), rc(1, 5)]
                .iter()
                .flat_map(|&cell| (3..=9).map(move |d| (cell, d)))
                .collect();
            assert_eq!(sorted(&step), expected);
            assert!(
                step.describe(&board)
                    .starts_with("in row 1, 1 and 2 fit only r1c1 and r1c5"),
                "{}",
                step.describe(&board)
            );
        }
    }

    #[test]
    fn three_digits_with_three_places_between_them_are_a_hidden_triple() {
        let mut board = open_board();
        // In row 1, 1, 2 and 3 fit only r1c1, r1c5 and r1c9; 1 not in r1c9 (a proper triple).
        for digit in [1, 2, 3] {
            remove(&mut board, digit, [2, 3, 4, 6, 7, 8].map(|c| rc(1, c)));
        }
        board.eliminate(rc(1, 9), 1);
        for order in Order::ALL {
            let step = first_step(&board, order, Technique::HiddenTriple);
            let mut expected: Vec<(usize, u8)> = [rc(1, 1), rc(1, 5), rc(1, 9)]
                .iter()
                .flat_map(|&cell| (4..=9).map(move |d| (cell, d)))
                .collect();
            expected.sort();
            assert_eq!(sorted(&step), expected);
        }
    }

    #[test]
    fn a_naked_pair_that_removes_nothing_is_no_step() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2]);
        for cell in (3..=9).map(|c| rc(1, c)).chain([9, 10, 11, 18, 19, 20]) {
            board.cands[cell] &= !0b110;
        }
        assert_eq!(naked(&board, 2), None);
    }

    #[test]
    fn four_cells_with_four_candidates_between_them_are_a_naked_quad() {
        let mut board = open_board();
        // Row 1: {1,2}, {2,3}, {3,4}, {1,4}; any three of them hold all four digits, so there is
        // no smaller subset, and the four hold 1 to 4 between them.
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 3), &[2, 3]);
        keep(&mut board, rc(1, 5), &[3, 4]);
        keep(&mut board, rc(1, 7), &[1, 4]);
        for order in [Order::Thesis, Order::Rating, Order::Hodoku] {
            let step = first_step(&board, order, Technique::NakedQuad);
            let expected: Vec<(usize, u8)> = [2, 4, 6, 8, 9]
                .iter()
                .flat_map(|&c| [1, 2, 3, 4].map(|d| (rc(1, c), d)))
                .collect();
            assert_eq!(sorted(&step), expected);
            assert!(
                step.describe(&board).starts_with(
                    "r1c1, r1c3, r1c5 and r1c7 hold only 1, 2, 3 and 4 between them in row 1, so \
                     those digits leave its other cells: removes 1 from r1c2, r1c4,"
                ),
                "{}",
                step.describe(&board)
            );
        }
    }

    #[test]
    fn four_digits_with_four_places_between_them_are_a_hidden_quad() {
        let mut board = open_board();
        // In row 1, 1 to 4 fit only r1c1, r1c3, r1c5 and r1c7 (four places each: no smaller
        // subset; the other five cells hold 5 to 9, a naked quint, beyond the finders).
        for digit in [1, 2, 3, 4] {
            remove(&mut board, digit, [2, 4, 6, 8, 9].map(|c| rc(1, c)));
        }
        for order in [Order::Thesis, Order::Rating, Order::Hodoku] {
            let step = first_step(&board, order, Technique::HiddenQuad);
            let expected: Vec<(usize, u8)> = [1, 3, 5, 7]
                .iter()
                .flat_map(|&c| (5..=9).map(move |d| (rc(1, c), d)))
                .collect();
            assert_eq!(sorted(&step), expected);
            assert!(
                step.describe(&board).starts_with(
                    "in row 1, 1, 2, 3 and 4 fit only r1c1, r1c3, r1c5 and r1c7, so those cells \
                     hold nothing else: removes 5 from r1c1, r1c3, r1c5 and r1c7; 6 from"
                ),
                "{}",
                step.describe(&board)
            );
        }
    }

    #[test]
    fn quads_work_on_a_16x16_board() {
        let mut board = Board::new(&sudoku_core::Grid::empty(sudoku_core::Shape::S16)).unwrap();
        // Row 1 of 16: {1,2}, {2,3}, {3,4}, {1,4} in columns 1, 5, 9, 13 (one a box): the other
        // twelve cells of row 1 lose 1 to 4.
        for (col, digits) in [(1, [1, 2]), (5, [2, 3]), (9, [3, 4]), (13, [1, 4])] {
            keep(&mut board, col - 1, &digits);
        }
        let step = naked(&board, 4).expect("a naked quad");
        let expected: Vec<(usize, u8)> = (1..=16)
            .filter(|c| ![1, 5, 9, 13].contains(c))
            .flat_map(|c| [1, 2, 3, 4].map(|d| (c - 1, d)))
            .collect();
        assert_eq!(sorted(&step), expected);
        // Columns 1, 5, 9, 13 of row 2 keep 1 to 4 only; nothing else of row 2 does.
        let mut board = Board::new(&sudoku_core::Grid::empty(sudoku_core::Shape::S16)).unwrap();
        for digit in 1..=4 {
            remove(
                &mut board,
                digit,
                (1..=16)
                    .filter(|c| ![1, 5, 9, 13].contains(c))
                    .map(|c| 16 + c - 1),
            );
        }
        let step = hidden(&board, 4).expect("a hidden quad");
        assert_eq!(step.eliminated.len(), 4 * 12);
        assert!(step.eliminated.iter().all(|&(_, d)| d > 4));
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn subsets_are_sound() {
        let mut puzzles = shared_puzzles("puzzles2_17_clue", 30);
        puzzles.extend(shared_puzzles("puzzles3_magictour_top1465", 20));
        for technique in [
            Technique::NakedPair,
            Technique::NakedTriple,
            Technique::NakedQuad,
            Technique::HiddenPair,
            Technique::HiddenTriple,
            Technique::HiddenQuad,
        ] {
            let checked = assert_sound(technique, &puzzles);
            eprintln!("{technique}: {checked} steps checked");
            assert!(checked > 0, "{technique}: no step checked");
        }
    }
}
