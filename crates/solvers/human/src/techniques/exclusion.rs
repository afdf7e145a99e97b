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
//!
//! Almost every tuple removes nothing, so the search is built to settle those fast, finding the
//! same step as listing every tuple and combination would. A triplet's excluders are the
//! pair's that the third cell sees, so only a cell seeing two of the pair's is tried as the
//! third. Of a tuple's excluders only the locks count, those whose candidates lie within the
//! base cells'. A candidate is shown allowed without listing combinations when the other
//! cells can take digits no lock endangers there ([`allowed_digits`]); the few left are
//! searched a cell at a time, each choice for the other two allowing the cell's digits as one
//! set. Cells are bit sets ([`CellSet`]).

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
        let layout = &*before.layout;
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

/// The first aligned exclusion of `size` cells (2 or 3) that removes a candidate. With
/// `changed` (the cells changed since it last found nothing, see [`super::unchanged`]), only
/// the tuples with a cell that changed or sees a change are tried: the others find nothing
/// again.
pub(crate) fn aligned(board: &Board, size: usize, changed: Option<&[usize]>) -> Option<Deduction> {
    debug_assert!((2..=3).contains(&size));
    if board.layout.cell_count() <= 128 {
        aligned_in::<u128>(board, size, changed)
    } else {
        aligned_in::<Wide>(board, size, changed)
    }
}

/// [`aligned`] with cells as sets of type `S`.
fn aligned_in<S: CellSet>(
    board: &Board,
    size: usize,
    changed: Option<&[usize]>,
) -> Option<Deduction> {
    let layout = &*board.layout;
    let cells = layout.cell_count();
    let peers: Vec<S> = peer_sets(layout);
    // The cells whose tuples may find something new.
    let touched = match changed {
        None => !S::EMPTY,
        Some(changed) => changed
            .iter()
            .fold(S::EMPTY, |set, &cell| set | S::single(cell) | peers[cell]),
    };
    let (mut small, mut singles) = (S::EMPTY, S::EMPTY);
    for cell in 0..cells {
        match board.cands[cell].count_ones() {
            1 => singles |= S::single(cell),
            k if k >= 2 && k as usize <= size => small |= S::single(cell),
            _ => {}
        }
    }
    // The base cells in cell order, each with its excluders.
    let mut base: Vec<(usize, S)> = Vec::new();
    let mut members = S::EMPTY;
    for (cell, &seen) in peers.iter().enumerate() {
        let excluders = seen & small;
        if board.cands[cell].count_ones() >= 2
            && (seen & singles).is_empty()
            && !excluders.is_empty()
        {
            members |= S::single(cell);
            base.push((cell, excluders));
        }
    }
    if base.len() < size {
        return None;
    }
    let mut locks = Vec::new();
    for (second, &(c1, x1)) in base.iter().enumerate().skip(1) {
        for &(c0, x0) in &base[..second] {
            let common = x0 & x1;
            if !common.has_two() {
                continue;
            }
            let pair_touched = touched.contains(c0) || touched.contains(c1);
            if size == 2 {
                if !pair_touched {
                    continue;
                }
                if let Some(found) = exclude(board, &peers, &[c0, c1], common, &mut locks) {
                    return Some(found);
                }
                continue;
            }
            // A pair untouched by the changes takes only a touched third.
            let thirds = if pair_touched { !S::EMPTY } else { touched };
            // A third cell's excluders within the pair's are the ones it sees: only a cell
            // seeing two of them can make a triplet.
            let seeing = seeing_two(common, &peers);
            let both = S::single(c0) | S::single(c1);
            let own = x0 & members & seeing & !both & thirds;
            let more = x1 & members & seeing & !both & !x0 & thirds;
            for third in own.cells().chain(more.cells()) {
                let triplet = [c0, c1, third];
                let common = common & peers[third];
                if let Some(found) = exclude(board, &peers, &triplet, common, &mut locks) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// The cells that see at least two cells of `cells`.
fn seeing_two<S: CellSet>(cells: S, peers: &[S]) -> S {
    let (mut once, mut twice) = (S::EMPTY, S::EMPTY);
    for cell in cells.cells() {
        twice |= once & peers[cell];
        once |= peers[cell];
    }
    twice
}

/// The candidates of the base cells in no possible combination, with `common` the excluders
/// of all of them (two at least) and `locks` room for those that count; `None` when nothing
/// is removed.
#[inline]
fn exclude<S: CellSet>(
    board: &Board,
    peers: &[S],
    base: &[usize],
    common: S,
    locks: &mut Vec<u32>,
) -> Option<Deduction> {
    // Read here, not handed down in an array the caller builds: written a digit set at a time
    // and read whole, such an array stalled every call.
    let held: [u32; 3] = std::array::from_fn(|k| base.get(k).map_or(0, |&c| board.cands[c]));
    let within = held[0] | held[1] | held[2];
    // Only an excluder whose candidates the base cells can cover rules anything out (with none
    // left, a repeated digit can still rule combinations out).
    locks.clear();
    locks.extend(
        common
            .cells()
            .map(|e| board.cands[e])
            .filter(|&mask| mask & !within == 0),
    );
    let sees = |a: usize, b: usize| a.max(b) < base.len() && peers[base[a]].contains(base[b]);
    let allowed = allowed_digits(held, sees, locks);
    if allowed == held {
        return None;
    }
    removal(base, held, allowed)
}

/// The step removing each candidate of the base cells not `allowed`.
#[cold]
fn removal(base: &[usize], held: [u32; 3], allowed: [u32; 3]) -> Option<Deduction> {
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

/// The digits of each base cell (`held`, 0 for a missing third) in some allowed combination:
/// one that repeats no digit in two cells that see each other (`sees`, read only for a search)
/// and takes all of no lock (each of two digits or more).
///
/// Most candidates are settled without a search: with the other cells taking digits no lock
/// endangers there (a lock holding the digit has the rest of it among the cells' candidates),
/// a lock within the combination would have to hold one of them with the rest among the
/// cells' candidates, so none is; the candidate is allowed when such digits can avoid it and
/// each other. The candidates left are searched for.
// Inlined: the arrays passed in memory, written a digit set at a time and read whole, stalled.
#[inline(always)]
fn allowed_digits(held: [u32; 3], sees: impl Fn(usize, usize) -> bool, locks: &[u32]) -> [u32; 3] {
    let triplet = held[2] != 0;
    let others = [held[1] | held[2], held[0] | held[2], held[0] | held[1]];
    let mut endangered = [0u32; 3];
    for &lock in locks {
        for (endangered, others) in endangered.iter_mut().zip(others) {
            let lacking = lock & !others;
            if at_most_one(lacking) {
                *endangered |= if lacking == 0 { lock } else { lacking };
            }
        }
    }
    let free: [u32; 3] = std::array::from_fn(|k| held[k] & !endangered[k]);
    let mut allowed: [u32; 3] = if triplet {
        [
            held[0] & !unsure(free[1], free[2]),
            held[1] & !unsure(free[0], free[2]),
            held[2] & !unsure(free[0], free[1]),
        ]
    } else {
        let unsure = |other: u32| if other == 0 { u32::MAX } else { single(other) };
        [held[0] & !unsure(free[1]), held[1] & !unsure(free[0]), 0]
    };
    if allowed == held {
        return allowed;
    }
    // The candidates left, a cell at a time: each choice for the other two (one pass with no
    // digit for a missing third) allows the cell's digits no lock or unit rules out with them.
    let cells = if triplet { 3 } else { 2 };
    for k in 0..cells {
        let mut missing = held[k] & !allowed[k];
        if missing == 0 {
            continue;
        }
        let (i, j) = match k {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        let seconds = if triplet { held[j] } else { 1 };
        let (sees_i, sees_j, i_sees_j) = (sees(k, i), sees(k, j), sees(i, j));
        'search: for x in digits(held[i]).map(|x| 1u32 << x) {
            for y in digits(seconds) {
                let y = if triplet { 1u32 << y } else { 0 };
                if x == y && i_sees_j {
                    continue;
                }
                let mut ruled_out = if sees_i { x } else { 0 } | if sees_j { y } else { 0 };
                for &lock in locks {
                    let lacking = lock & !(x | y);
                    if at_most_one(lacking) {
                        ruled_out |= if lacking == 0 { u32::MAX } else { lacking };
                    }
                }
                let found = held[k] & !ruled_out;
                if found != 0 {
                    allowed[k] |= found;
                    allowed[i] |= x;
                    allowed[j] |= y;
                    missing &= !found;
                    if missing == 0 {
                        break 'search;
                    }
                }
            }
        }
    }
    allowed
}

/// Whether `set` holds one digit or none.
fn at_most_one(set: u32) -> bool {
    set & set.wrapping_sub(1) == 0
}

/// `set` when it holds one digit, else nothing.
fn single(set: u32) -> u32 {
    if at_most_one(set) { set } else { 0 }
}

/// The candidates of a triplet's cell that free digits `first` and `second` of the other two
/// cells may fail to avoid (the candidate and each other): all when either has none or both
/// hold the same one, a cell's only free digit, and both of only two free digits between them.
fn unsure(first: u32, second: u32) -> u32 {
    let both = first | second;
    // `both` less its lowest digit: one digit left when both hold only two.
    let rest = both & both.wrapping_sub(1);
    // Mostly two each, three between them: nothing is unsure.
    if !at_most_one(first) && !at_most_one(second) && !at_most_one(rest) {
        return 0;
    }
    if first == 0 || second == 0 || rest == 0 {
        return u32::MAX;
    }
    single(first) | single(second) | if at_most_one(rest) { both } else { 0 }
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
        let step = aligned(&board, 2, None).expect("an aligned pair exclusion");
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
        assert_eq!(aligned(&board, 2, None), None);
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
        let step = aligned(&board, 3, None).expect("an aligned triplet exclusion");
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
        assert_eq!(aligned(&board, 2, None), None);
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
        let step = aligned(&board, 2, None).expect("an aligned pair exclusion");
        assert_eq!(sorted(&step), vec![(at(1, 1), 1)]);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn aligned_exclusions_are_sound() {
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 40);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 20));
        let pairs = assert_sound(Technique::AlignedPairExclusion, &puzzles);
        let triplets = assert_sound(Technique::AlignedTripletExclusion, &puzzles);
        eprintln!("aligned pairs checked: {pairs}, triplets: {triplets}");
        assert!(pairs > 0 && triplets > 0);
    }

    /// Every candidate of each base cell in some combination that repeats no digit in two
    /// cells seeing each other and takes all of no lock, each combination listed.
    fn allowed_by_listing(held: [u32; 3], sees: [bool; 3], locks: &[u32]) -> [u32; 3] {
        let mut allowed = [0u32; 3];
        let thirds = if held[2] == 0 {
            vec![None]
        } else {
            digits(held[2]).map(Some).collect()
        };
        for a in digits(held[0]) {
            for b in digits(held[1]) {
                for &c in &thirds {
                    let repeats = (a == b && sees[0])
                        || c.is_some_and(|c| (a == c && sees[1]) || (b == c && sees[2]));
                    let union = (1u32 << a) | (1 << b) | c.map_or(0, |c| 1 << c);
                    if !repeats && locks.iter().all(|&lock| lock & !union != 0) {
                        allowed[0] |= 1 << a;
                        allowed[1] |= 1 << b;
                        allowed[2] |= c.map_or(0, |c| 1 << c);
                    }
                }
            }
        }
        allowed
    }

    /// A fixed xorshift sequence, for random cases that repeat from run to run.
    struct Xorshift(u64);

    impl Xorshift {
        fn below(&mut self, bound: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % bound
        }

        /// `count` digits of `from` (all of them when it holds fewer).
        fn digits(&mut self, from: u32, count: u64) -> u32 {
            let mut set = 0u32;
            while u64::from(set.count_ones()) < count && set != from {
                set |= (1 << (1 + self.below(9))) & from;
            }
            set
        }
    }

    #[test]
    fn the_digits_settled_without_listing_are_those_a_listing_allows() {
        // Random base cells of two to five candidates (a third of two or three, or none),
        // units, and locks of two or three of their digits.
        let mut random = Xorshift(0x9e37_79b9_7f4a_7c15);
        let all = 0b11_1111_1110;
        let mut some_removed = 0;
        for _ in 0..200_000 {
            let triplet = random.below(4) != 0;
            let sizes = [
                2 + random.below(4),
                2 + random.below(4),
                2 + random.below(2),
            ];
            let mut held = sizes.map(|size| random.digits(all, size));
            if !triplet {
                held[2] = 0;
            }
            let within = held[0] | held[1] | held[2];
            let locks: Vec<u32> = (0..random.below(5))
                .map(|_| {
                    let size = if triplet { 2 + random.below(2) } else { 2 };
                    random.digits(within, size)
                })
                .collect();
            let sees = [
                random.below(2) == 0,
                triplet && random.below(2) == 0,
                triplet && random.below(2) == 0,
            ];
            let listed = allowed_by_listing(held, sees, &locks);
            let settled = allowed_digits(held, |a, b| sees[a + b - 1], &locks);
            assert_eq!(settled, listed, "{held:?} {sees:?} {locks:?}");
            some_removed += usize::from(listed != held);
        }
        assert!(some_removed > 1000, "{some_removed}");
    }

    /// The base cells of a step and its eliminations, sorted.
    type Found = ([usize; 3], Vec<(usize, u8)>);

    /// The search as first written: every pair of base cells, every third cell either sees,
    /// every combination listed.
    fn search_by_listing(board: &Board, size: usize) -> Option<Found> {
        let layout = &*board.layout;
        let count = |cell: usize| board.cands[cell].count_ones() as usize;
        let excluders = |cells: &[usize]| -> Vec<usize> {
            (0..layout.cell_count())
                .filter(|&e| (2..=size).contains(&count(e)))
                .filter(|&e| cells.iter().all(|&c| layout.sees(c, e)))
                .collect()
        };
        let base: Vec<usize> = (0..layout.cell_count())
            .filter(|&c| count(c) >= 2 && !excluders(&[c]).is_empty())
            .filter(|&c| !layout.peers(c).iter().any(|&p| count(p) == 1))
            .collect();
        for second in 1..base.len() {
            for first in 0..second {
                let pair = [base[first], base[second]];
                let mut tuples = Vec::new();
                if size == 2 {
                    tuples.push(pair.to_vec());
                } else {
                    let mut thirds: Vec<usize> = Vec::new();
                    for &t in excluders(&pair[..1]).iter().chain(&excluders(&pair[1..])) {
                        if !pair.contains(&t) && base.contains(&t) && !thirds.contains(&t) {
                            thirds.push(t);
                        }
                    }
                    tuples.extend(thirds.iter().map(|&t| vec![pair[0], pair[1], t]));
                }
                for tuple in tuples {
                    let common = excluders(&tuple);
                    if common.len() < 2 {
                        continue;
                    }
                    let mut allowed = [0u32; 3];
                    each_combination(board, &tuple, 0, &mut [0; 3], &mut |picked| {
                        let union = picked.iter().fold(0u32, |set, &d| set | 1 << d);
                        if common.iter().all(|&e| board.cands[e] & !union != 0) {
                            for (k, &d) in picked.iter().enumerate() {
                                allowed[k] |= 1 << d;
                            }
                        }
                    });
                    let mut eliminated: Vec<(usize, u8)> = tuple
                        .iter()
                        .enumerate()
                        .flat_map(|(k, &c)| {
                            digits(board.cands[c] & !allowed[k]).map(move |d| (c, d))
                        })
                        .collect();
                    if !eliminated.is_empty() {
                        eliminated.sort_unstable();
                        let mut cells = [0; 3];
                        cells[..size].copy_from_slice(&tuple);
                        return Some((cells, eliminated));
                    }
                }
            }
        }
        None
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn the_pruned_search_finds_what_listing_every_tuple_finds() {
        // Every position along Sudoku Explainer's solve of a few hard puzzles, whether or not
        // it would try an aligned exclusion there.
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 6);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 4));
        let (mut positions, mut found) = (0, 0);
        for puzzle in &puzzles {
            let mut board = Board::new(puzzle).unwrap();
            loop {
                for size in [2, 3] {
                    let fast = aligned(&board, size, None).map(|step| {
                        let Pattern::Exclusion(pattern) = &step.pattern else {
                            panic!("{step:?}")
                        };
                        (pattern.cells, sorted(&step))
                    });
                    assert_eq!(
                        fast,
                        search_by_listing(&board, size),
                        "{puzzle} size {size}"
                    );
                    found += usize::from(fast.is_some());
                }
                positions += 1;
                let Some(step) = crate::techniques::first(&board, crate::technique::Order::Rating)
                else {
                    break;
                };
                step.apply(&mut board);
            }
        }
        eprintln!("positions compared: {positions}, steps found: {found}");
        assert!(puzzles.is_empty() || found > 0);
    }
}
