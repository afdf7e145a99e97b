//! Almost locked sets: ALS-XZ and ALS-XY-Wing, as HoDoKu finds them.
//!
//! An almost locked set (ALS) is `k` cells of one unit holding `k + 1` digits between them (a
//! bivalue cell is the smallest): take any one digit away and the rest are locked, each placed
//! in the set. A digit `x` of two sets that do not overlap is a restricted common when every
//! place of `x` in one sees every place of `x` in the other: `x` lies in at most one of them,
//! so the other is locked.
//! - **ALS-XZ**: sets A and B with a restricted common `x`. One of them is locked without `x`,
//!   so every other digit `z` both hold lies in A or in B: a cell that sees every place of `z`
//!   in both loses it. Two restricted commons (doubly linked) lock both sets: each restricted
//!   common lies in one of them, and every other digit of each set leaves the cells that see
//!   all its places in that set.
//! - **ALS-XY-Wing**: C shares a restricted common `x` with A and another, `y`, with B. C
//!   cannot lose both, so A or B is locked: a digit `z` of A and B (neither restricted common)
//!   leaves the cells that see all its places in both.
//!
//! The sets are listed once per call as HoDoKu lists them: units rows, columns, boxes; in each
//! unit the subsets of its empty cells depth first in cell order (up to `n - 1` cells), each set
//! kept where it is first found. Restricted commons are taken pair by pair in that order (at
//! most two a pair), and the first pattern in HoDoKu's scan that removes a candidate is the
//! step. Most pairs of sets share none, so they are not tried one by one: a set's partners on
//! a digit are the later sets whose places of the digit all see all of its own, and those are
//! found through an index of every set's places by digit and first place. Cells are bit sets
//! (`u128` up to 11×11, ten words beyond), so the scans allocate nothing but the index itself.

use std::any::Any;
use std::cell::RefCell;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Deref, Not};
use std::rc::Rc;
use std::sync::Arc;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digit_words, digits, removals, words};
use crate::layout::Layout;
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;

/// A set of cells as bits (cell `c` is bit `c`).
pub(crate) trait CellSet:
    Copy
    + 'static
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const EMPTY: Self;
    fn single(cell: usize) -> Self;
    fn count(self) -> u32;
    /// The cells, ascending.
    fn cells(self) -> impl Iterator<Item = usize>;
    /// Whether it holds two cells or more (cheaper than counting them all).
    fn has_two(self) -> bool;

    #[inline]
    fn contains(self, cell: usize) -> bool {
        !(self & Self::single(cell)).is_empty()
    }

    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
}

impl CellSet for u128 {
    const EMPTY: u128 = 0;

    #[inline]
    fn single(cell: usize) -> u128 {
        1 << cell
    }

    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline]
    fn has_two(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }

    #[inline]
    fn contains(self, cell: usize) -> bool {
        // A shift of one word, cheaper than one of all 128 bits.
        let word = if cell < 64 {
            self as u64
        } else {
            (self >> 64) as u64
        };
        word >> (cell % 64) & 1 != 0
    }

    fn cells(mut self) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (self != 0).then(|| {
                let cell = self.trailing_zeros() as usize;
                self &= self - 1;
                cell
            })
        })
    }
}

/// A cell set for boards of up to 640 cells (25×25 has 625).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wide([u64; 10]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline]
    fn bitand(mut self, other: Wide) -> Wide {
        self &= other;
        self
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline]
    fn bitor(mut self, other: Wide) -> Wide {
        self |= other;
        self
    }
}

impl BitAndAssign for Wide {
    #[inline]
    fn bitand_assign(&mut self, other: Wide) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word &= other;
        }
    }
}

impl BitOrAssign for Wide {
    #[inline]
    fn bitor_assign(&mut self, other: Wide) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide(self.0.map(|word| !word))
    }
}

impl CellSet for Wide {
    const EMPTY: Wide = Wide([0; 10]);

    #[inline]
    fn single(cell: usize) -> Wide {
        let mut set = Wide::EMPTY;
        set.0[cell / 64] = 1 << (cell % 64);
        set
    }

    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    #[inline]
    fn has_two(self) -> bool {
        self.count() >= 2
    }

    fn cells(self) -> impl Iterator<Item = usize> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(index, mut word)| {
                std::iter::from_fn(move || {
                    (word != 0).then(|| {
                        let bit = word.trailing_zeros() as usize;
                        word &= word - 1;
                        index * 64 + bit
                    })
                })
            })
    }
}

/// The cells of every unit as sets.
pub(crate) fn unit_sets<S: CellSet>(layout: &Layout) -> Vec<S> {
    (0..layout.unit_count())
        .map(|unit| {
            layout
                .unit(unit)
                .iter()
                .fold(S::EMPTY, |set, &cell| set | S::single(cell))
        })
        .collect()
}

/// The peers of every cell as sets: the cells of its units but itself.
pub(crate) fn peer_sets<S: CellSet>(layout: &Layout) -> Vec<S> {
    let units: Vec<S> = unit_sets(layout);
    (0..layout.cell_count())
        .map(|cell| {
            let all = layout.units_of(cell);
            all.iter().fold(S::EMPTY, |set, &unit| set | units[unit]) & !S::single(cell)
        })
        .collect()
}

/// The pattern of one step: the sets (A and B; C third for a wing) and their restricted
/// commons (A–B; for a wing A–C, then B–C).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Als {
    technique: Technique,
    sets: Vec<Vec<usize>>,
    links: [u32; 2],
    /// The candidates the shortest of the step's chains passes through, both ends of the
    /// forcing chain included: what Sudoku Explainer's length increment reads.
    length: u32,
}

impl Als {
    pub(crate) fn technique(&self) -> Technique {
        self.technique
    }

    /// The step in words.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let set = |k: usize| {
            let cells = &self.sets[k];
            let held = cells.iter().fold(0, |d, &c| d | before.cands[c]);
            format!(
                "{} = {} ({})",
                ["A", "B", "C"][k],
                words(cells.iter().map(|&c| layout.cell_name(c))),
                digit_words(held)
            )
        };
        let removes = removals(layout, &step.eliminated);
        match self.technique {
            Technique::AlsXyWing => format!(
                "almost locked sets {}, {} and {}: C shares the restricted common {} with A and {} \
                 with B and cannot lose both, so A or B is locked; the other digits both hold lie \
                 in A or in B, and each leaves the cells that see all its places in both: \
                 {removes}",
                set(0),
                set(1),
                set(2),
                digit_words(self.links[0]),
                digit_words(self.links[1]),
            ),
            _ if self.links[0].count_ones() == 2 => format!(
                "almost locked sets {} and {} with the restricted commons {}: each lies in one set \
                 only, so both sets are locked, and their digits leave the cells that see all \
                 their places: {removes}",
                set(0),
                set(1),
                digit_words(self.links[0]),
            ),
            _ => format!(
                "almost locked sets {} and {} with the restricted common {}: it lies in one set at \
                 most, so the other is locked; the other digits both hold lie in A or in B, and \
                 each leaves the cells that see all its places in both: {removes}",
                set(0),
                set(1),
                digit_words(self.links[0]),
            ),
        }
    }

    /// Its rating on Sudoku Explainer's scale: Sudoku Explainer has no ALS and finds the
    /// elimination as a forcing chain, 7.0 plus its length increment.
    pub(crate) fn explainer(&self) -> f32 {
        7.0 + length_increment(self.length)
    }

    /// Its level and score on HoDoKu's scale.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        match self.technique {
            Technique::AlsXyWing => HodokuStep::new(Level::Unfair, 320),
            _ => HodokuStep::new(Level::Unfair, 300),
        }
    }
}

/// What Sudoku Explainer adds to a chain's rating for its length: its complexity is the number
/// of candidates in the chain (both ends included); past 4 (complexity less 2) each step of
/// the ceilings 4, 6, 8, 12, 16, 24, … adds 0.1.
pub(crate) fn length_increment(complexity: u32) -> f32 {
    let added = crate::rating::length_tenths(complexity as usize);
    // Sums of 0.1 the way Sudoku Explainer adds them, so the rating compares equal.
    (0..added).fold(0.0f64, |sum, _| sum + 0.1) as f32
}

/// The first ALS-XZ (pairs of sets in HoDoKu's order) that removes a candidate.
pub(crate) fn als_xz(board: &Board) -> Option<Deduction> {
    if board.layout.cell_count() <= 128 {
        xz_in::<u128>(board)
    } else {
        xz_in::<Wide>(board)
    }
}

/// The first ALS-XY-Wing (pairs of restricted commons in HoDoKu's order) that removes a
/// candidate.
pub(crate) fn als_xy_wing(board: &Board) -> Option<Deduction> {
    if board.layout.cell_count() <= 128 {
        wing_in::<u128>(board)
    } else {
        wing_in::<Wide>(board)
    }
}

/// One almost locked set.
struct Set<S> {
    cells: S,
    digits: u32,
    /// Where its per-digit sets start in [`Index::per_digit`] (one entry per digit, ascending).
    slot: usize,
    /// Every cell outside the set that sees all the places of one of its digits and holds it.
    buddies: S,
    /// The digits some cell outside the set could lose that way.
    live: u32,
}

/// Per digit of a set: its places in the set, and the cells outside holding it that see them
/// all.
#[derive(Clone, Copy)]
struct Places<S> {
    within: S,
    seen: S,
}

/// Every almost locked set of a position, in HoDoKu's order: the tables, shared with the
/// last position's memo, read through `Deref`.
struct Index<'b, S> {
    board: &'b Board,
    tables: Rc<Tables<S>>,
}

/// An index's tables, without the board they were built from.
struct Tables<S> {
    sets: Vec<Set<S>>,
    per_digit: Vec<Places<S>>,
    /// Each set's places of each of its digits, `(set, places)`, grouped by the digit and the
    /// first place (group `digit * cells + cell`), sets ascending in a group; `group_starts`
    /// says where each group starts.
    grouped: Vec<(u32, S)>,
    group_starts: Vec<u32>,
}

impl<S> Deref for Index<'_, S> {
    type Target = Tables<S>;

    fn deref(&self) -> &Tables<S> {
        &self.tables
    }
}

/// The tables of the last position indexed. HoDoKu's order tries ALS-XY-Wing right after
/// ALS-XZ found nothing, on the same candidates: the second finder reads the first one's sets
/// instead of listing them again.
struct Last {
    /// Kept alive, so the pointer compared is never another layout's.
    layout: Arc<Layout>,
    values: Vec<u8>,
    cands: Vec<u32>,
    /// The `Rc<Tables>` of the set type the finder used.
    tables: Box<dyn Any>,
}

thread_local! {
    static LAST: RefCell<Option<Last>> = const { RefCell::new(None) };
}

impl<S: CellSet> Tables<S> {
    /// Every almost locked set of `board`'s position and the tables the finders read.
    fn build(board: &Board) -> Tables<S> {
        let layout = &*board.layout;
        let peers: Vec<S> = peer_sets(layout);
        let mut by_digit = [S::EMPTY; 26];
        for cell in 0..layout.cell_count() {
            for digit in digits(board.cands[cell]) {
                by_digit[digit as usize] |= S::single(cell);
            }
        }
        let mut found: Vec<(S, u32)> = Vec::new();
        let mut empties = Vec::with_capacity(layout.n);
        for unit in 0..layout.unit_count() {
            empties.clear();
            empties.extend(
                layout
                    .unit(unit)
                    .iter()
                    .copied()
                    .filter(|&c| board.values[c] == 0),
            );
            let mut search = Search {
                board,
                empties: &empties,
                limit: layout.n - 1,
                in_box: layout.is_region(unit),
                first_unit: unit < layout.n,
                found: &mut found,
            };
            search.extend(0, S::EMPTY, 0, 0, usize::MAX, usize::MAX);
        }
        let mut sets = Vec::with_capacity(found.len());
        let places = found.iter().map(|&(_, held)| held.count_ones() as usize);
        let mut per_digit = Vec::with_capacity(places.sum());
        for (cells, held) in found {
            let slot = per_digit.len();
            let mut buddies = S::EMPTY;
            let mut live = 0;
            for digit in digits(held) {
                let within = cells & by_digit[digit as usize];
                let seeing = within
                    .cells()
                    .fold(!S::EMPTY, |common, cell| common & peers[cell]);
                let seen = seeing & !cells & by_digit[digit as usize];
                buddies |= seen;
                if !seen.is_empty() {
                    live |= 1 << digit;
                }
                per_digit.push(Places { within, seen });
            }
            sets.push(Set {
                cells,
                digits: held,
                slot,
                buddies,
                live,
            });
        }
        let cells = layout.cell_count();
        let group_of =
            |digit: u8, within: S| digit as usize * cells + within.cells().next().expect("a place");
        let mut group_starts = vec![0u32; (layout.n + 1) * cells + 1];
        for set in &sets {
            for (digit, places) in digits(set.digits).zip(&per_digit[set.slot..]) {
                group_starts[group_of(digit, places.within) + 1] += 1;
            }
        }
        for group in 1..group_starts.len() {
            group_starts[group] += group_starts[group - 1];
        }
        let mut grouped = vec![(0, S::EMPTY); per_digit.len()];
        let mut next = group_starts.clone();
        for (index, set) in sets.iter().enumerate() {
            for (digit, places) in digits(set.digits).zip(&per_digit[set.slot..]) {
                let slot = &mut next[group_of(digit, places.within)];
                grouped[*slot as usize] = (index as u32, places.within);
                *slot += 1;
            }
        }
        Tables {
            sets,
            per_digit,
            grouped,
            group_starts,
        }
    }
}

impl<'b, S: CellSet> Index<'b, S> {
    /// The index of `board`'s position: built, or the last one's when it is the same position.
    fn new(board: &'b Board) -> Index<'b, S> {
        let remembered = LAST.with(|last| {
            let last = last.borrow();
            let last = last.as_ref()?;
            let same = Arc::ptr_eq(&last.layout, &board.layout)
                && last.cands == board.cands
                && last.values == board.values;
            same.then(|| last.tables.downcast_ref::<Rc<Tables<S>>>().cloned())
                .flatten()
        });
        let tables = remembered.unwrap_or_else(|| {
            let tables = Rc::new(Tables::build(board));
            LAST.with(|last| {
                *last.borrow_mut() = Some(Last {
                    layout: board.layout.clone(),
                    values: board.values.clone(),
                    cands: board.cands.clone(),
                    tables: Box::new(tables.clone()),
                });
            });
            tables
        });
        Index { board, tables }
    }

    #[inline]
    fn places(&self, set: usize, digit: u8) -> Places<S> {
        let set = &self.sets[set];
        let below = set.digits & ((1u32 << digit) - 1);
        self.per_digit[set.slot + below.count_ones() as usize]
    }

    /// The restricted commons of set `a` with each later set that has one, by set ascending:
    /// `(set, digits)`, the two lowest digits when there are more. A digit of `a` is one with
    /// a set not overlapping it when all the set's places of the digit lie among the cells
    /// that see all of `a`'s (seeing is mutual), so the sets to try are those whose first
    /// place of the digit is one of those cells: a few groups, not every later set.
    fn links_after(&self, a: usize, found: &mut Vec<(u32, u32)>) {
        found.clear();
        let set = &self.sets[a];
        let cells = self.board.layout.cell_count();
        for (digit, places) in digits(set.digits).zip(&self.per_digit[set.slot..]) {
            let seen = places.seen;
            for cell in seen.cells() {
                let group = digit as usize * cells + cell;
                let range =
                    self.group_starts[group] as usize..self.group_starts[group + 1] as usize;
                // Sets ascend in a group: the later ones are at its end.
                for &(b, within) in self.grouped[range].iter().rev() {
                    if b as usize <= a {
                        break;
                    }
                    if (within & !seen).is_empty()
                        && (self.sets[b as usize].cells & set.cells).is_empty()
                    {
                        found.push((b, 1 << digit));
                    }
                }
            }
        }
        found.sort_unstable();
        // One entry a set, its digits ascending: keep the first two.
        found.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same && kept.1 & kept.1.wrapping_sub(1) == 0 {
                kept.1 |= later.1;
            }
            same
        });
    }

    /// Pushes each digit of both sets but `excluded` from the cells that see all its places in
    /// both; returns the fewest places of one such digit in the two sets (`u32::MAX` if none).
    fn common_eliminations(
        &self,
        a: usize,
        b: usize,
        excluded: u32,
        out: &mut Vec<(usize, u8)>,
    ) -> u32 {
        let (first, second) = (&self.sets[a], &self.sets[b]);
        let mut fewest = u32::MAX;
        let shared = first.live & second.live & !excluded;
        if shared == 0 || (first.buddies & second.buddies).is_empty() {
            return fewest;
        }
        for digit in digits(shared) {
            let (x, y) = (self.places(a, digit), self.places(b, digit));
            let targets = x.seen & y.seen;
            if !targets.is_empty() {
                out.extend(targets.cells().map(|cell| (cell, digit)));
                fewest = fewest.min(x.within.count() + y.within.count());
            }
        }
        fewest
    }

    /// Pushes the eliminations of `a` locked (doubly linked with `b` by `links`): each other
    /// digit of `a` leaves the cells outside `b` that see all its places in `a`; returns the
    /// fewest places of one such digit (`u32::MAX` if none).
    fn locked_eliminations(
        &self,
        a: usize,
        b: usize,
        links: u32,
        out: &mut Vec<(usize, u8)>,
    ) -> u32 {
        let mut fewest = u32::MAX;
        for digit in digits(self.sets[a].digits & !links) {
            let places = self.places(a, digit);
            let targets = places.seen & !self.sets[b].cells;
            if !targets.is_empty() {
                out.extend(targets.cells().map(|cell| (cell, digit)));
                fewest = fewest.min(places.within.count());
            }
        }
        fewest
    }

    /// The places of `digit` in sets `a` and `b`.
    fn count(&self, a: usize, b: usize, digit: u8) -> u32 {
        self.places(a, digit).within.count() + self.places(b, digit).within.count()
    }

    fn cells_of(&self, set: usize) -> Vec<usize> {
        self.sets[set].cells.cells().collect()
    }

    fn step(
        &self,
        technique: Technique,
        sets: &[usize],
        links: [u32; 2],
        length: u32,
        mut eliminated: Vec<(usize, u8)>,
    ) -> Option<Deduction> {
        eliminated.sort_unstable();
        eliminated.dedup();
        debug_assert!(eliminated.iter().all(|&(c, d)| self.board.has(c, d)));
        let pattern = Als {
            technique,
            sets: sets.iter().map(|&s| self.cells_of(s)).collect(),
            links,
            length,
        };
        Deduction::removing(Pattern::Als(pattern), eliminated)
    }
}

/// The depth-first search for the sets of one unit.
struct Search<'a, S> {
    board: &'a Board,
    empties: &'a [usize],
    limit: usize,
    /// Whether the unit is a box (sets within one line were found in the line) or a row (the
    /// first unit each single cell is found in).
    in_box: bool,
    first_unit: bool,
    found: &'a mut Vec<(S, u32)>,
}

impl<S: CellSet> Search<'_, S> {
    /// Tries each empty cell from position `from` as the next member of the set `cells`
    /// (`size` cells, digits `held`); `row` and `col` are the line all members share, or
    /// `usize::MAX` (none yet) or `usize::MAX - 1` (not one line).
    fn extend(&mut self, from: usize, cells: S, held: u32, size: usize, row: usize, col: usize) {
        let size = size + 1;
        if size > self.limit {
            return;
        }
        let layout = &*self.board.layout;
        for (k, &cell) in self.empties.iter().enumerate().skip(from) {
            let cells = cells | S::single(cell);
            let held = held | self.board.cands[cell];
            let digits = held.count_ones() as usize;
            let [cell_row, cell_col, _] = layout.row_column_region(cell);
            let row = line_of(row, cell_row);
            let col = line_of(col, cell_col);
            if digits == size + 1 {
                let seen_before = if size == 1 {
                    !self.first_unit
                } else {
                    self.in_box && (row < usize::MAX - 1 || col < usize::MAX - 1)
                };
                if !seen_before {
                    self.found.push((cells, held));
                }
            }
            // Each further cell adds one to the size and no fewer digits: a set with more
            // digits than the largest it can grow to, plus one, holds no ALS below it.
            let room = (self.empties.len() - k - 1).min(self.limit - size);
            if digits <= size + room + 1 {
                self.extend(k + 1, cells, held, size, row, col);
            }
        }
    }
}

/// The line all members share after adding one on `line`.
fn line_of(shared: usize, line: usize) -> usize {
    match shared {
        usize::MAX => line,
        s if s == line => s,
        _ => usize::MAX - 1,
    }
}

/// ALS-XZ over the pairs of sets in index order. The length kept for the rating is that of
/// the chain Sudoku Explainer would follow for a `z` removed through sets linked by `x`: the
/// removed candidate on and off, and the places of `z` and `x` in both sets.
fn xz_in<S: CellSet>(board: &Board) -> Option<Deduction> {
    let index: Index<S> = Index::new(board);
    let mut out = Vec::new();
    let mut linked = Vec::new();
    for a in 0..index.sets.len() {
        index.links_after(a, &mut linked);
        for &(b, links) in &linked {
            let b = b as usize;
            let x = digits(links).next().expect("a restricted common");
            let y = digits(links).nth(1);
            out.clear();
            let via_x = index.common_eliminations(a, b, 1 << x, &mut out);
            let (mut via_y, mut locked) = (u32::MAX, u32::MAX);
            if let Some(y) = y {
                via_y = index.common_eliminations(a, b, 1 << y, &mut out);
                locked = index
                    .locked_eliminations(a, b, links, &mut out)
                    .min(index.locked_eliminations(b, a, links, &mut out));
            }
            if out.is_empty() {
                continue;
            }
            // The length, read only for the step taken.
            let mut length = via_x.saturating_add(index.count(a, b, x));
            if let Some(y) = y {
                let both = index.count(a, b, x) + index.count(a, b, y);
                length = length
                    .min(via_y.saturating_add(index.count(a, b, y)))
                    .min(locked.saturating_add(both));
            }
            let eliminated = std::mem::take(&mut out);
            return index.step(
                Technique::AlsXz,
                &[a, b],
                [links, 0],
                length.saturating_add(2),
                eliminated,
            );
        }
    }
    None
}

/// A restricted common of two sets (`low` < `high` in the index).
#[derive(Clone, Copy)]
struct Link {
    low: u32,
    high: u32,
    digits: u32,
}

fn wing_in<S: CellSet>(board: &Board) -> Option<Deduction> {
    let index: Index<S> = Index::new(board);
    let count = index.sets.len();
    // The restricted commons in HoDoKu's order (by the lower set, then the higher), and where
    // each set's run starts.
    let mut links: Vec<Link> = Vec::new();
    let mut starts = vec![0usize; count + 1];
    let mut linked = Vec::new();
    for (a, start) in starts.iter_mut().take(count).enumerate() {
        *start = links.len();
        index.links_after(a, &mut linked);
        links.extend(linked.iter().map(|&(b, digits)| Link {
            low: a as u32,
            high: b,
            digits,
        }));
    }
    starts[count] = links.len();
    // The commons into each set, grouped by set (`into_starts`), in list order.
    let mut into_starts = vec![0usize; count + 1];
    for link in &links {
        into_starts[link.high as usize + 1] += 1;
    }
    for k in 0..count {
        into_starts[k + 1] += into_starts[k];
    }
    let mut into = vec![0u32; links.len()];
    let mut fill = into_starts.clone();
    for (j, link) in links.iter().enumerate() {
        into[fill[link.high as usize]] = j as u32;
        fill[link.high as usize] += 1;
    }
    let mut out = Vec::new();
    for (i, first) in links.iter().enumerate() {
        let (p, q) = (first.low as usize, first.high as usize);
        // A needs a digit besides the restricted commons that a cell outside it could lose:
        // the commons through a C whose other set lacks one are skipped whole.
        let wings_beside = |a: usize| index.sets[a].live & !first.digits != 0;
        // The later commons sharing a set with this one, in list order: those from p (C = p),
        // those into q from a set between p and q (C = q), those from q (C = q).
        let from_p = if wings_beside(q) {
            starts[p + 1]
        } else {
            i + 1
        };
        let from_p = (i + 1..from_p).map(|j| (j, p, q, links[j].high as usize));
        let (into_q, from_q) = if wings_beside(p) {
            let into_q = &into[into_starts[q]..into_starts[q + 1]];
            let later = into_q.partition_point(|&j| j as usize <= i);
            (&into_q[later..], starts[q]..starts[q + 1])
        } else {
            (&[][..], 0..0)
        };
        let into_q = into_q
            .iter()
            .map(|&j| (j as usize, q, p, links[j as usize].low as usize));
        let from_q = from_q.map(|j| (j, q, p, links[j].high as usize));
        // Two commons of one digit alone (the same digit) make no wing.
        let alone = first.digits & first.digits.wrapping_sub(1) == 0;
        for (j, c, a, b) in from_p.chain(into_q).chain(from_q) {
            let second = links[j];
            if alone && first.digits == second.digits {
                continue;
            }
            let (set_a, set_b) = (&index.sets[a], &index.sets[b]);
            if set_a.live & set_b.live & !(first.digits | second.digits) == 0
                || !(set_a.cells & set_b.cells).is_empty()
            {
                continue;
            }
            out.clear();
            let fewest = index.common_eliminations(a, b, first.digits | second.digits, &mut out);
            if out.is_empty() {
                continue;
            }
            // The chain through C: x from A into C, y from C into B.
            let mut through = u32::MAX;
            for x in digits(first.digits) {
                for y in digits(second.digits & !(1 << x)) {
                    through = through.min(index.count(a, c, x) + index.count(c, b, y));
                }
            }
            let length = fewest.saturating_add(through).saturating_add(2);
            let eliminated = std::mem::take(&mut out);
            return index.step(
                Technique::AlsXyWing,
                &[a, b, c],
                [first.digits, second.digits],
                length,
                eliminated,
            );
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::*;
    use sudoku_core::{Grid, Shape};

    fn als_of(step: &Deduction) -> &Als {
        match &step.pattern {
            Pattern::Als(found) => found,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn two_sets_with_a_restricted_common_remove_their_other_shared_digit() {
        let mut board = open_board();
        // A = r1c1 {1,2,4} and r1c2 {2,4} (row 1: two cells, three digits); B = r5c1 {1,4}.
        // 1 is a restricted common: A's only 1 (r1c1) sees B's (column 1). Whichever set lacks
        // 1 is locked, so 4 lies in A or in B: r2c1 and r3c1 see A's 4s (box 1) and B's 4
        // (column 1), and lose it. A is the first set listed (row 1) and every set before B
        // in the list either overlaps A or has no restricted common with it.
        keep(&mut board, rc(1, 1), &[1, 2, 4]);
        keep(&mut board, rc(1, 2), &[2, 4]);
        keep(&mut board, rc(5, 1), &[1, 4]);
        let step = als_xz(&board).expect("an ALS-XZ");
        assert_eq!(step.technique(), Technique::AlsXz);
        assert_eq!(sorted(&step), vec![(rc(2, 1), 4), (rc(3, 1), 4)]);
        assert_eq!(
            step.describe(&board),
            "almost locked sets A = r1c1 and r1c2 (1, 2 and 4) and B = r5c1 (1 and 4) with the \
             restricted common 1: it lies in one set at most, so the other is locked; the other \
             digits both hold lie in A or in B, and each leaves the cells that see all its \
             places in both: removes 4 from r2c1 and r3c1"
        );
        // Sudoku Explainer's chain: r2c1=4 on, A's two 4s off, A's 1 on, B's 1 off, B's 4 on,
        // r2c1=4 off: 7 candidates, length 5, one step past 4.
        let found = als_of(&step);
        assert_eq!(found.length, 7);
        assert_eq!(found.explainer(), 7.1);
        assert_eq!(found.hodoku(), HodokuStep::new(Level::Unfair, 300));
    }

    #[test]
    fn two_restricted_commons_lock_both_sets() {
        let mut board = open_board();
        // A = r1c1 {1,4}, r1c2 {2,4}; B = r5c1 {1,5}, r5c2 {2,5}. 1 links r1c1 and r5c1
        // (column 1), 2 links r1c2 and r5c2 (column 2): both restricted commons, so each of 1
        // and 2 lies in exactly one set and both sets are locked. 1 leaves the rest of column
        // 1, 2 the rest of column 2 (cells seeing its places in both sets); A's 4 leaves row 1
        // and box 1, B's 5 leaves row 5 and box 4.
        keep(&mut board, rc(1, 1), &[1, 4]);
        keep(&mut board, rc(1, 2), &[2, 4]);
        keep(&mut board, rc(5, 1), &[1, 5]);
        keep(&mut board, rc(5, 2), &[2, 5]);
        let step = als_xz(&board).expect("an ALS-XZ");
        let mut expected = Vec::new();
        for row in [2, 3, 4, 6, 7, 8, 9] {
            expected.push((rc(row, 1), 1));
            expected.push((rc(row, 2), 2));
        }
        for col in 3..=9 {
            expected.push((rc(1, col), 4));
            expected.push((rc(5, col), 5));
        }
        for (row, col) in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)] {
            expected.push((rc(row, col), 4));
        }
        for (row, col) in [(4, 1), (4, 2), (4, 3), (6, 1), (6, 2), (6, 3)] {
            expected.push((rc(row, col), 5));
        }
        expected.sort_unstable();
        assert_eq!(sorted(&step), expected);
        assert!(
            step.describe(&board).starts_with(
                "almost locked sets A = r1c1 and r1c2 (1, 2 and 4) and B = r5c1 and r5c2 (1, 2 \
                 and 5) with the restricted commons 1 and 2: each lies in one set only, so both \
                 sets are locked, and their digits leave the cells that see all their places: \
                 removes 1 from r2c1, "
            ),
            "{}",
            step.describe(&board)
        );
        // The shortest chain: 2 off through 1 (two candidates each, both ends): 6, no increment.
        assert_eq!(als_of(&step).explainer(), 7.0);
    }

    #[test]
    fn a_set_linked_to_two_others_makes_a_wing() {
        let mut board = open_board();
        // r5c4 {1,3}, r5c5 {2,3}, r1c4 {1,7}, r9c5 {2,7}. The first wing in HoDoKu's order:
        // C = r5c4 {1,3} (row 5 lists it before r5c4 r5c5); A = r1c4 {1,7} shares the
        // restricted common 1 with C (column 4); B = r5c5 r9c5 {2,3,7} (column 5) shares 3
        // (r5c5 sees r5c4). C keeps 1 or 3: r1c4 is 7, or B is locked to 2 and 7 with its 7 in
        // r9c5. The cells seeing r1c4 (row 1, column 4, box 2) and r9c5 (row 9, column 5, box
        // 8): r1c5 and r9c4, r2c5 and r3c5 (box 2 and column 5), r7c4 and r8c4 (box 8 and
        // column 4); they lose 7.
        keep(&mut board, rc(5, 4), &[1, 3]);
        keep(&mut board, rc(5, 5), &[2, 3]);
        keep(&mut board, rc(1, 4), &[1, 7]);
        keep(&mut board, rc(9, 5), &[2, 7]);
        let step = als_xy_wing(&board).expect("an ALS-XY-Wing");
        assert_eq!(step.technique(), Technique::AlsXyWing);
        let expected = [rc(1, 5), rc(2, 5), rc(3, 5), rc(7, 4), rc(8, 4), rc(9, 4)].map(|c| (c, 7));
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "almost locked sets A = r1c4 (1 and 7), B = r5c5 and r9c5 (2, 3 and 7) and C = \
             r5c4 (1 and 3): C shares the restricted common 1 with A and 3 with B and cannot lose \
             both, so A or B is locked; the other digits both hold lie in A or in B, and each \
             leaves the cells that see all its places in both: removes 7 from r1c5, r2c5, r3c5, r7c4, \
             r8c4 and r9c4"
        );
        // r1c5=7 on, r1c4's 7 off and 1 on, r5c4's 1 off and 3 on, r5c5's 3 off, r9c5's 7 on,
        // r1c5=7 off: 8 candidates (with B's 3 and 7 once each), length 6, one step.
        let found = als_of(&step);
        assert_eq!(found.length, 8);
        assert_eq!(found.explainer(), 7.1);
        assert_eq!(found.hodoku(), HodokuStep::new(Level::Unfair, 320));
        // The same 7s go in an ALS-XZ, which HoDoKu tries first: r1c4 r5c4 {1,3,7} (column
        // 4) and r5c5 r9c5 {2,3,7} (column 5) share the restricted common 3 (row 5).
        let xz = als_xz(&board).expect("an ALS-XZ");
        assert_eq!(sorted(&xz), sorted(&step));
    }

    #[test]
    fn sets_work_on_a_sixteen_by_sixteen_board() {
        let mut board = Board::new(&Grid::empty(Shape::S16)).unwrap();
        let at = |row: usize, col: usize| (row - 1) * 16 + col - 1;
        let mut keep16 = |cell: usize, digits: &[u8]| {
            board.cands[cell] = digits.iter().fold(0, |set, &d| set | 1 << d);
        };
        // The first test's pattern with B in row 9 (boxes are 4×4): A = r1c1 {1,2,4}, r1c2
        // {2,4}; B = r9c1 {1,4}; the cells seeing A's 4s (row 1, box 1) and B's (column 1,
        // row 9, box 9) are r2c1, r3c1 and r4c1.
        keep16(at(1, 1), &[1, 2, 4]);
        keep16(at(1, 2), &[2, 4]);
        keep16(at(9, 1), &[1, 4]);
        let step = als_xz(&board).expect("an ALS-XZ");
        assert_eq!(
            sorted(&step),
            vec![(at(2, 1), 4), (at(3, 1), 4), (at(4, 1), 4)]
        );
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn almost_locked_sets_are_sound() {
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 3);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 2));
        let xz = assert_sound(Technique::AlsXz, &puzzles);
        let wings = assert_sound(Technique::AlsXyWing, &puzzles);
        eprintln!("ALS-XZ steps checked: {xz}, ALS-XY-Wing: {wings}");
        assert!(xz > 0 && wings > 0);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn the_restricted_commons_found_by_first_place_are_those_of_every_pair() {
        // Every position along HoDoKu's solve of a few hard puzzles: each pair of sets tried
        // the way the definition reads, every place of the digit in one seeing every place in
        // the other, the two lowest such digits kept.
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 4);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 2));
        let (mut positions, mut links) = (0, 0);
        let mut found = Vec::new();
        for puzzle in &puzzles {
            let mut board = Board::new(puzzle).unwrap();
            loop {
                let index: Index<u128> = Index::new(&board);
                for a in 0..index.sets.len() {
                    let mut expected = Vec::new();
                    for b in a + 1..index.sets.len() {
                        let (first, second) = (&index.sets[a], &index.sets[b]);
                        if first.cells & second.cells != 0 {
                            continue;
                        }
                        let commons = digits(first.digits & second.digits)
                            .filter(|&digit| {
                                let (x, y) = (index.places(a, digit), index.places(b, digit));
                                x.within
                                    .cells()
                                    .all(|p| y.within.cells().all(|q| board.layout.sees(p, q)))
                            })
                            .take(2)
                            .fold(0u32, |set, digit| set | 1 << digit);
                        if commons != 0 {
                            expected.push((b as u32, commons));
                        }
                    }
                    index.links_after(a, &mut found);
                    assert_eq!(found, expected, "{puzzle} set {a}");
                    links += found.len();
                }
                positions += 1;
                let Some(step) = crate::techniques::first(&board, crate::technique::Order::Hodoku)
                else {
                    break;
                };
                step.apply(&mut board);
            }
        }
        eprintln!("positions compared: {positions}, restricted commons: {links}");
        assert!(puzzles.is_empty() || links > 0);
    }

    #[test]
    fn the_length_increment_follows_sudoku_explainers_ceilings() {
        // Lengths (complexity less 2) up to 4 add nothing; the ceilings then run 6, 8, 12, 16.
        assert_eq!(length_increment(6), 0.0);
        assert_eq!(length_increment(7), 0.1);
        assert_eq!(length_increment(8), 0.1);
        assert_eq!(length_increment(9), 0.2);
        assert_eq!(length_increment(10), 0.2);
        assert_eq!(length_increment(11), 0.3);
        assert_eq!(length_increment(14), 0.3);
        assert_eq!(length_increment(15), 0.4);
        assert_eq!(length_increment(19), 0.5);
    }
}
