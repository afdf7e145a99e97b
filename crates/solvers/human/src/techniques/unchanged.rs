//! Finders skip the part of the board that is as it was when they last found nothing.
//!
//! A solve retries every finder at every step, and a step changes few candidates, so at the
//! hard end of a solve most finders run again on a position they have just searched in vain.
//! Two kinds of finder can tell which of their work such a change can matter to:
//! - **One digit at a time** (fish, the single-digit patterns, simple colouring, X-chains,
//!   Nishio): what they find for a digit depends on that digit's places and the geometry alone,
//!   and their answer is the first (or best) of the digits' answers. After finding nothing, no
//!   digit had anything, and a digit whose places have not changed still has nothing, so
//!   leaving it out changes neither the first nor the best answer ([`by_digit`]).
//! - **A few cells and their peers** (aligned exclusion): what a tuple of base cells gives
//!   depends on the candidates of those cells and of their peers, so a tuple none of whose
//!   cells changed or sees a changed cell gives nothing again ([`since_empty`]).
//!
//! What is remembered, per finder and thread, is the board's layout and candidates when the
//! finder last found nothing.

use std::cell::RefCell;
use std::sync::Arc;

use crate::board::Board;
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::technique::Technique;

/// Every digit: what a finder reads when nothing is remembered.
pub(crate) const EVERY_DIGIT: u32 = u32::MAX;

/// What changed since a finder last found nothing.
pub(crate) struct Changes {
    /// The digits (bit `d` for digit `d`) some cell gained or lost.
    pub(crate) digits: u32,
    /// The cells whose candidates differ, ascending.
    pub(crate) cells: Vec<usize>,
}

/// The position where a finder found nothing.
struct Empty {
    technique: Technique,
    /// Kept alive, so the pointer compared below is never another layout's.
    layout: Arc<Layout>,
    cands: Vec<u32>,
}

thread_local! {
    static EMPTY: RefCell<Vec<Empty>> = const { RefCell::new(Vec::new()) };
}

/// `find`'s answer on `board`, handed what changed since it last found nothing on this
/// board's layout (`None`: nothing remembered, read everything). It is not asked at all when
/// nothing changed.
pub(crate) fn since_empty(
    technique: Technique,
    board: &Board,
    find: impl FnOnce(Option<&Changes>) -> Option<Deduction>,
) -> Option<Deduction> {
    let changes = EMPTY.with(|empty| {
        let empty = empty.borrow();
        let last = empty
            .iter()
            .find(|e| e.technique == technique && Arc::ptr_eq(&e.layout, &board.layout))?;
        let mut changes = Changes {
            digits: 0,
            cells: Vec::new(),
        };
        for (cell, (&now, &then)) in board.cands.iter().zip(&last.cands).enumerate() {
            if now != then {
                changes.digits |= now ^ then;
                changes.cells.push(cell);
            }
        }
        Some(changes)
    });
    if changes.as_ref().is_some_and(|c| c.cells.is_empty()) {
        return None;
    }
    let found = find(changes.as_ref());
    if found.is_none() {
        EMPTY.with(|empty| {
            let mut empty = empty.borrow_mut();
            empty.retain(|e| e.technique != technique);
            empty.push(Empty {
                technique,
                layout: board.layout.clone(),
                cands: board.cands.clone(),
            });
        });
    }
    found
}

/// [`since_empty`] for a finder that reads one digit at a time: `find` is handed the digits
/// to read (bit `d` for digit `d`).
pub(crate) fn by_digit(
    technique: Technique,
    board: &Board,
    find: impl FnOnce(u32) -> Option<Deduction>,
) -> Option<Deduction> {
    since_empty(technique, board, |changes| {
        find(changes.map_or(EVERY_DIGIT, |c| c.digits))
    })
}

/// Whether `digit` is among `digits`.
#[inline]
pub(crate) fn reads(digits: u32, digit: u8) -> bool {
    digits >> digit & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::{keep, open_board, rc};

    #[test]
    fn only_the_digits_changed_since_nothing_was_found_are_read() {
        let mut board = open_board();
        let mut asked = Vec::new();
        let ask = |board: &Board, asked: &mut Vec<u32>| {
            by_digit(Technique::XWing, board, |digits| {
                asked.push(digits);
                None
            })
        };
        ask(&board, &mut asked);
        // Nothing changed: nothing is read.
        ask(&board, &mut asked);
        keep(&mut board, rc(1, 1), &[1, 2, 3, 4, 5, 6, 8, 9]);
        ask(&board, &mut asked);
        board.place(rc(5, 5), 3);
        ask(&board, &mut asked);
        // The cell of the placement lost every digit.
        let every = (1..=9).fold(0, |set, d| set | 1 << d);
        assert_eq!(asked, vec![EVERY_DIGIT, 1 << 7, every]);
    }

    #[test]
    fn the_cells_changed_are_listed() {
        let mut board = open_board();
        since_empty(Technique::AlignedPairExclusion, &board, |_| None);
        keep(&mut board, rc(2, 3), &[1, 2]);
        keep(&mut board, rc(9, 9), &[5, 6, 7]);
        let mut seen = None;
        since_empty(Technique::AlignedPairExclusion, &board, |changes| {
            seen = changes.map(|c| c.cells.clone());
            None
        });
        assert_eq!(seen, Some(vec![rc(2, 3), rc(9, 9)]));
    }

    #[test]
    fn a_finding_keeps_what_was_remembered_and_another_technique_is_apart() {
        let mut board = open_board();
        by_digit(Technique::Swordfish, &board, |_| None);
        keep(&mut board, rc(2, 2), &[1, 2]);
        let changed = (3..=9).fold(0, |set, d| set | 1 << d);
        let mut seen = 0;
        // A finding is not remembered: the same digits are read again next time.
        let mut single = open_board();
        keep(&mut single, rc(9, 9), &[4]);
        for _ in 0..2 {
            by_digit(Technique::Swordfish, &board, |digits| {
                seen = digits;
                crate::techniques::first(&single, crate::technique::Order::Rating)
            });
            assert_eq!(seen, changed);
        }
        // Another finder never found nothing here: it reads every digit.
        by_digit(Technique::Jellyfish, &board, |digits| {
            seen = digits;
            None
        });
        assert_eq!(seen, EVERY_DIGIT);
    }
}
