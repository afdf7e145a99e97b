//! Aligned pair and triplet exclusion, as Sudoku Explainer finds them.
//!
//! Take two cells (or three) and the cells that see all of them with few candidates (exactly
//! two for a pair, two or three for a triplet): the excluders. A combination of digits for
//! the base cells is impossible when it repeats a digit in two base cells that share a unit,
//! or when it takes every candidate of an excluder (that cell would be left empty). A
//! candidate of a base cell that belongs to no possible combination is removed.
//!
//! Sudoku Explainer's choices, kept here so a solve finds what it finds:
//! - A base cell has at least two candidates, at least one excluder among its peers, and no
//!   peer with a single candidate (its search skips cells near a naked single).
//! - The base cells need not see each other; they need at least two common excluders.
//! - Pairs of base cells are taken in its order: the second cell's position ascending, then
//!   the first's. A triplet's third cell is a base cell with two or three candidates that one
//!   of the first two sees: the first cell's excluders in cell order, then the second's not
//!   yet listed. The first tuple that removes a candidate is the step.

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digit_words, digits, removals, words};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;
use crate::techniques::als::{CellSet, Wide, peer_sets};

/// The pattern of one step: the base cells (the first `size` of `cells`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Exclusion {
    cells: [usize; 3],
    size: usize,
}

impl Exclusion {
    pub(crate) fn technique(&self) -> Technique {
        if self.size == 2 {
            Technique::AlignedPairExclusion
        } else {
            Technique::AlignedTripletExclusion
        }
    }

    /// The step in words: the base cells, and the excluders that rule out a combination with
    /// a removed candidate.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = before.layout;
        let base = &self.cells[..self.size];
        let excluders: Vec<usize> = (0..layout.cell_count())
            .filter(|&e| {
                (2..=self.size as u32).contains(&before.cands[e].count_ones())
                    && base.iter().all(|&c| layout.sees(c, e))
            })
            .collect();
        // The excluder that first rules out each combination holding a removed candidate.
        let mut shown = Vec::new();
        let mut combination = [0u8; 3];
        each_combination(before, base, 0, &mut combination, &mut |picked| {
            let removed = picked
                .iter()
                .zip(base)
                .any(|(&d, &c)| step.eliminated.contains(&(c, d)));
            let union = picked.iter().fold(0u32, |set, &d| set | 1 << d);
            if let Some(&e) = excluders
                .iter()
                .find(|&&e| before.cands[e] & !union == 0)
                .filter(|_| removed)
                && !shown.contains(&e)
            {
                shown.push(e);
            }
        });
        shown.sort_unstable();
        let name = if self.size == 2 { "pair" } else { "triplet" };
        format!(
            "aligned {name} {}, seen by {}: the digits of those cells cannot take all of an \
             excluder's candidates or repeat in a unit they share, and a candidate in no \
             possible combination goes: {}",
            words(base.iter().map(|&c| layout.cell_name(c))),
            words(shown.iter().map(|&e| format!(
                "{} ({})",
                layout.cell_name(e),
                digit_words(before.cands[e])
            ))),
            removals(layout, &step.eliminated)
        )
    }

    /// Its rating on Sudoku Explainer's scale.
    pub(crate) fn explainer(&self) -> f32 {
        if self.size == 2 { 6.2 } else { 7.5 }
    }

    /// Its level and score on HoDoKu's scale. HoDoKu has no aligned exclusion: it finds the
    /// same elimination as ALS-XZ (a pair) or ALS-XY-Wing (a triplet).
    pub(crate) fn hodoku(&self) -> HodokuStep {
        if self.size == 2 {
            HodokuStep::new(Level::Unfair, 300)
        } else {
            HodokuStep::new(Level::Unfair, 320)
        }
    }
}

/// Visits every combination of the base cells' candidates that puts no digit twice in two
/// base cells sharing a unit (a slow path, for the words only).
fn each_combination(
    board: &Board,
    base: &[usize],
    depth: usize,
    picked: &mut [u8; 3],
    visit: &mut impl FnMut(&[u8]),
) {
    if depth == base.len() {
        visit(&picked[..depth]);
        return;
    }
    for digit in digits(board.cands[base[depth]]) {
        if (0..depth).any(|k| picked[k] == digit && board.layout.sees(base[k], base[depth])) {
            continue;
        }
        picked[depth] = digit;
        each_combination(board, base, depth + 1, picked, visit);
    }
}

/// The first aligned exclusion of `size` cells (2 or 3) that removes a candidate.
pub(crate) fn aligned(board: &Board, size: usize) -> Option<Deduction> {
    debug_assert!((2..=3).contains(&size));
    if board.layout.cell_count() <= 128 {
        aligned_in::<u128>(board, size)
    } else {
        aligned_in::<Wide>(board, size)
    }
}

fn aligned_in<S: CellSet>(board: &Board, size: usize) -> Option<Deduction> {
    let layout = board.layout;
    let cells = layout.cell_count();
    let peers: Vec<S> = peer_sets(layout);
    let (mut small, mut singles) = (S::EMPTY, S::EMPTY);
    for cell in 0..cells {
        match board.cands[cell].count_ones() {
            1 => singles |= S::single(cell),
            k if k >= 2 && k as usize <= size => small |= S::single(cell),
            _ => {}
        }
    }
    // The base cells in cell order, each with its excluders; `position` maps a cell to its
    // place in the list.
    let mut base: Vec<(usize, S)> = Vec::new();
    let mut position = vec![usize::MAX; cells];
    let mut members = S::EMPTY;
    for cell in 0..cells {
        let excluders = peers[cell] & small;
        if board.cands[cell].count_ones() >= 2
            && (peers[cell] & singles).is_empty()
            && !excluders.is_empty()
        {
            position[cell] = base.len();
            members |= S::single(cell);
            base.push((cell, excluders));
        }
    }
    if base.len() < size {
        return None;
    }
    for second in 1..base.len() {
        for first in 0..second {
            let (c0, x0) = base[first];
            let (c1, x1) = base[second];
            if size == 2 {
                if let Some(found) = exclude(board, &[c0, c1], x0 & x1) {
                    return Some(found);
                }
                continue;
            }
            let pair = S::single(c0) | S::single(c1);
            let own = x0 & members & !pair;
            let more = x1 & members & !pair & !own;
            for third in own.cells().chain(more.cells()) {
                let (_, x2) = base[position[third]];
                if let Some(found) = exclude(board, &[c0, c1, third], x0 & x1 & x2) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// The candidates of the base cells in no possible combination, with `common` the excluders
/// of all of them; `None` when fewer than two excluders or nothing is removed.
fn exclude<S: CellSet>(board: &Board, base: &[usize], common: S) -> Option<Deduction> {
    if common.count() < 2 {
        return None;
    }
    let layout = board.layout;
    let held: [u32; 3] = std::array::from_fn(|k| base.get(k).map_or(0, |&c| board.cands[c]));
    let within = held[0] | held[1] | held[2];
    // Only an excluder whose candidates the base cells can cover rules anything out (with none
    // left, a repeated digit can still rule combinations out).
    let mut locks = [0u32; 64];
    let mut count = 0;
    for e in common.cells() {
        let mask = board.cands[e];
        if mask & !within == 0 {
            locks[count] = mask;
            count += 1;
        }
    }
    let locks = &locks[..count];
    let allowed_by = |union: u32| locks.iter().all(|&m| m & !union != 0);
    let sees = |a: usize, b: usize| layout.sees(base[a], base[b]);
    let mut allowed = [0u32; 3];
    'all: for a in digits(held[0]) {
        for b in digits(held[1]) {
            if a == b && sees(0, 1) {
                continue;
            }
            let pair = 1u32 << a | 1 << b;
            if base.len() == 2 {
                if allowed_by(pair) {
                    allowed[0] |= 1 << a;
                    allowed[1] |= 1 << b;
                    if allowed[0] == held[0] && allowed[1] == held[1] {
                        break 'all;
                    }
                }
                continue;
            }
            for c in digits(held[2]) {
                if (a == c && sees(0, 2)) || (b == c && sees(1, 2)) {
                    continue;
                }
                if allowed_by(pair | 1 << c) {
                    allowed[0] |= 1 << a;
                    allowed[1] |= 1 << b;
                    allowed[2] |= 1 << c;
                    if allowed == held {
                        break 'all;
                    }
                }
            }
        }
    }
    let mut eliminated = Vec::new();
    for (k, &cell) in base.iter().enumerate() {
        for digit in digits(held[k] & !allowed[k]) {
            eliminated.push((cell, digit));
        }
    }
    let mut cells = [0usize; 3];
    cells[..base.len()].copy_from_slice(base);
    let pattern = Exclusion {
        cells,
        size: base.len(),
    };
    Deduction::removing(Pattern::Exclusion(pattern), eliminated)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::*;
    use sudoku_core::{Grid, Shape};

    /// Base cells r1c1 {1,2,3} and r1c2 {2,3,4}; bivalue cells seeing both: r1c5 {1,2},
    /// r1c6 {1,3} (row 1) and r2c3 {1,4} (box 1).
    fn pair_position() -> Board {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2, 3]);
        keep(&mut board, rc(1, 2), &[2, 3, 4]);
        keep(&mut board, rc(1, 5), &[1, 2]);
        keep(&mut board, rc(1, 6), &[1, 3]);
        keep(&mut board, rc(2, 3), &[1, 4]);
        board
    }

    #[test]
    fn a_pair_loses_the_digit_every_partner_would_empty_a_cell_with() {
        // With r1c1 = 1, r1c2 = 2 empties r1c5, 3 empties r1c6, 4 empties r2c3: 1 leaves r1c1.
        // Every digit of r1c2 keeps a partner (2 with 3, 3 with 2, 4 with 2). They are the
        // first two base cells, so the first pair.
        let board = pair_position();
        let step = aligned(&board, 2).expect("an aligned pair exclusion");
        assert_eq!(step.technique(), Technique::AlignedPairExclusion);
        assert_eq!(sorted(&step), vec![(rc(1, 1), 1)]);
        assert_eq!(
            step.describe(&board),
            "aligned pair r1c1 and r1c2, seen by r1c5 (1 and 2), r1c6 (1 and 3) and r2c3 (1 and \
             4): the digits of those cells cannot take all of an excluder's candidates or repeat \
             in a unit they share, and a candidate in no possible combination goes: removes 1 \
             from r1c1"
        );
        let Pattern::Exclusion(found) = &step.pattern else {
            panic!("{step:?}")
        };
        assert_eq!(found.explainer(), 6.2);
        assert_eq!(found.hodoku(), HodokuStep::new(Level::Unfair, 300));
    }

    #[test]
    fn a_cell_seeing_a_naked_single_is_no_base_cell() {
        let mut board = pair_position();
        // r9c1 and r9c2 hold one candidate each (singles in columns 1 and 2): Sudoku
        // Explainer skips base cells that see a naked single, so the pair is not looked at.
        keep(&mut board, rc(9, 1), &[5]);
        keep(&mut board, rc(9, 2), &[6]);
        assert_eq!(aligned(&board, 2), None);
    }

    #[test]
    fn a_triplet_loses_the_digit_every_pair_of_partners_would_empty_a_cell_with() {
        let mut board = open_board();
        // Base cells r1c1 {1,2,3}, r1c2 {4,5}, r1c3 {6,7}; cells of two or three candidates
        // seeing all three: r1c4 {1,4,6}, r1c5 {1,4,7} (row 1), r2c1 {1,5,6}, r2c2 {1,5,7}
        // (box 1). With r1c1 = 1 each of the four choices for r1c2 and r1c3 takes all of one
        // of them: 1 leaves r1c1. 2 and 3 conflict with none, so r1c2 and r1c3 keep all.
        keep(&mut board, rc(1, 1), &[1, 2, 3]);
        keep(&mut board, rc(1, 2), &[4, 5]);
        keep(&mut board, rc(1, 3), &[6, 7]);
        keep(&mut board, rc(1, 4), &[1, 4, 6]);
        keep(&mut board, rc(1, 5), &[1, 4, 7]);
        keep(&mut board, rc(2, 1), &[1, 5, 6]);
        keep(&mut board, rc(2, 2), &[1, 5, 7]);
        let step = aligned(&board, 3).expect("an aligned triplet exclusion");
        assert_eq!(step.technique(), Technique::AlignedTripletExclusion);
        assert_eq!(sorted(&step), vec![(rc(1, 1), 1)]);
        assert_eq!(
            step.describe(&board),
            "aligned triplet r1c1, r1c2 and r1c3, seen by r1c4 (1, 4 and 6), r1c5 (1, 4 and 7), \
             r2c1 (1, 5 and 6) and r2c2 (1, 5 and 7): the digits of those cells cannot take all \
             of an excluder's candidates or repeat in a unit they share, and a candidate in no \
             possible combination goes: removes 1 from r1c1"
        );
        let Pattern::Exclusion(found) = &step.pattern else {
            panic!("{step:?}")
        };
        assert_eq!(found.explainer(), 7.5);
        assert_eq!(found.hodoku(), HodokuStep::new(Level::Unfair, 320));
        // Pairs see only the bivalue r1c2 {4,5} and r1c3 {6,7}: a digit goes only if every
        // digit of its partner completes 4-5 or 6-7, and no cell's candidates allow that.
        assert_eq!(aligned(&board, 2), None);
    }

    #[test]
    fn pairs_work_on_a_six_by_six_board() {
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        let at = |row: usize, col: usize| (row - 1) * 6 + col - 1;
        let keep6 = |board: &mut Board, cell: usize, digits: &[u8]| {
            board.cands[cell] = digits.iter().fold(0, |set, &d| set | 1 << d);
        };
        // The first test's pattern: boxes are two rows by three columns, so r2c3 sees r1c1
        // and r1c2 through box 1, and r1c5, r1c6 through row 1.
        keep6(&mut board, at(1, 1), &[1, 2, 3]);
        keep6(&mut board, at(1, 2), &[2, 3, 4]);
        keep6(&mut board, at(1, 5), &[1, 2]);
        keep6(&mut board, at(1, 6), &[1, 3]);
        keep6(&mut board, at(2, 3), &[1, 4]);
        let step = aligned(&board, 2).expect("an aligned pair exclusion");
        assert_eq!(sorted(&step), vec![(at(1, 1), 1)]);
    }

    #[test]
    fn aligned_exclusions_are_sound() {
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 40);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 20));
        if puzzles.is_empty() {
            return;
        }
        let pairs = assert_sound(Technique::AlignedPairExclusion, &puzzles);
        let triplets = assert_sound(Technique::AlignedTripletExclusion, &puzzles);
        eprintln!("aligned pairs checked: {pairs}, triplets: {triplets}");
        assert!(pairs > 0 && triplets > 0);
    }
}
