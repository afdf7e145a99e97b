//! Basic fish (X-Wing, Swordfish and Jellyfish: two, three and four lines) and finned and
//! sashimi fish of the same sizes, for one digit.
//!
//! If in `k` rows (the base) a digit's places all fall in the same `k` columns (the cover), those
//! rows put the digit in each of the columns once, so no other row can have it in those columns.
//! The same holds with rows and columns swapped. Base lines have 2..=k places: a line with one
//! place is a hidden single, found earlier.
//!
//! A finned fish has extra base places outside the cover, the fins, all in one box: either no fin
//! holds the digit and the fish stands, or a fin does; both clear the digit from the cover cells
//! that see every fin, which are the cover cells of the fins' box off the base lines. It is
//! sashimi, as HoDoKu names it, when some base line has at most one place inside the cover.
//!
//! Base and cover lines are rows and columns on every variant: they are houses there too, and
//! the argument needs nothing else. The finned search reads the fins' box as a band and a stack
//! of the shape, so it is not run on a jigsaw ([`crate::techniques::find`] skips it).
//!
//! Both searches pick base lines depth first, in lexicographic order, and cut off a partial base
//! that can no longer make a fish: the basic fish's once its places span more than `k` cover
//! lines, the finned fish's once no box is left that could hold its fins ([`FinnedSearch`]).
//! What they report is what trying every combination would: the first in that order.

use sudoku_core::UnitKind;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits, removals, words};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;
use crate::techniques::unchanged::reads;

/// Each digit's places line by line: `rows[d][r]` holds the columns of `d` in row `r` as bits,
/// `columns[d][c]` the rows of `d` in column `c`.
struct Places {
    rows: [[u32; 25]; 26],
    columns: [[u32; 25]; 26],
}

impl Places {
    /// One pass over the cells.
    fn of(board: &Board) -> Places {
        let n = board.layout.n;
        let mut places = Places {
            rows: [[0; 25]; 26],
            columns: [[0; 25]; 26],
        };
        for cell in 0..board.layout.cell_count() {
            let (row, column) = (cell / n, cell % n);
            for digit in digits(board.cands[cell]) {
                places.rows[digit as usize][row] |= 1 << column;
                places.columns[digit as usize][column] |= 1 << row;
            }
        }
        places
    }

    /// The places of `digit` in each line of the base kind (as cross-line indexes), with the
    /// unit index of the first base line and of the first cover line.
    fn lines(&self, board: &Board, digit: u8, base_kind: UnitKind) -> (&[u32], usize, usize) {
        let layout = &*board.layout;
        let n = layout.n;
        match base_kind {
            UnitKind::Row => (
                &self.rows[digit as usize][..n],
                layout.units(UnitKind::Row).start,
                layout.units(UnitKind::Column).start,
            ),
            _ => (
                &self.columns[digit as usize][..n],
                layout.units(UnitKind::Column).start,
                layout.units(UnitKind::Row).start,
            ),
        }
    }
}

/// The cell where base line `line` crosses cover line `cross`.
fn crossing(n: usize, base_kind: UnitKind, line: usize, cross: usize) -> usize {
    match base_kind {
        UnitKind::Row => line * n + cross,
        _ => cross * n + line,
    }
}

/// The first fish of `size` lines (2 = X-Wing, 3 = Swordfish, 4 = Jellyfish) that removes a
/// candidate: digits ascending, rows as the base before columns, base lines in lexicographic
/// order. Only the `digits` given are read (see [`super::unchanged`]).
pub(crate) fn fish(board: &Board, size: usize, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let n = layout.n;
    let places = Places::of(board);
    let mut lines = [0usize; 25];
    for digit in (1..=n as u8).filter(|&d| reads(read, d)) {
        for base_kind in [UnitKind::Row, UnitKind::Column] {
            let (by_line, base_first, cover_first) = places.lines(board, digit, base_kind);
            let mut count = 0;
            for (index, &mask) in by_line.iter().enumerate() {
                if (2..=size as u32).contains(&mask.count_ones()) {
                    lines[count] = index;
                    count += 1;
                }
            }
            let mut found = None;
            let bases = Bases {
                by_line,
                lines: &lines[..count],
                size,
            };
            bases.each(0, 0, 0, &mut [0; 4], &mut |picked, cover| {
                if cover.count_ones() as usize != size {
                    return false;
                }
                let base = picked.iter().fold(0u32, |set, &line| set | 1 << line);
                let mut eliminated = Vec::new();
                for cross in digits(cover) {
                    let cover_unit = cover_first + cross as usize;
                    for (line, &cell) in layout.unit(cover_unit).iter().enumerate() {
                        if base & (1 << line) == 0 && board.has(cell, digit) {
                            eliminated.push((cell, digit));
                        }
                    }
                }
                let base = picked.iter().map(|&line| base_first + line);
                let cover = digits(cover).map(|k| cover_first + k as usize);
                found = Deduction::removing(fish_pattern(digit, size, base, cover), eliminated);
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The pattern of a basic fish of `digit` on the base and cover units given (unused slots 0).
fn fish_pattern(
    digit: u8,
    size: usize,
    base: impl Iterator<Item = usize>,
    cover: impl Iterator<Item = usize>,
) -> Pattern {
    let mut base_units = [0usize; 4];
    let mut cover_units = [0usize; 4];
    for (slot, unit) in base_units.iter_mut().zip(base) {
        *slot = unit;
    }
    for (slot, unit) in cover_units.iter_mut().zip(cover) {
        *slot = unit;
    }
    Pattern::Fish {
        digit,
        size,
        base: base_units,
        cover: cover_units,
    }
}

/// The bases of a basic fish: `size` of `lines` (ascending) whose places, `by_line`, fall in
/// `size` cross lines at most.
struct Bases<'a> {
    by_line: &'a [u32],
    lines: &'a [usize],
    size: usize,
}

impl Bases<'_> {
    /// Extends `picked[..depth]`, whose places fall in `cover`, with lines from
    /// `lines[from..]` in lexicographic order, calling `visit` with each full base and its
    /// cross lines until it returns true. A partial base over more than `size` cross lines is
    /// cut off with all its extensions: lines only add places.
    fn each(
        &self,
        depth: usize,
        from: usize,
        cover: u32,
        picked: &mut [usize; 4],
        visit: &mut impl FnMut(&[usize], u32) -> bool,
    ) -> bool {
        // Room is left for the lines still to pick.
        let end = (self.lines.len() + depth + 1).saturating_sub(self.size);
        for k in from..end {
            let line = self.lines[k];
            let grown = cover | self.by_line[line];
            if !at_most(grown, self.size) {
                continue;
            }
            picked[depth] = line;
            let found = if depth + 1 == self.size {
                visit(&picked[..self.size], grown)
            } else {
                self.each(depth + 1, k + 1, grown, picked, visit)
            };
            if found {
                return true;
            }
        }
        false
    }
}

/// The most fins a finned fish may have (HoDoKu's limit).
const MAX_FINS: usize = 5;

/// A finned or sashimi fish: `digit` in the `size` base lines lies only in the `size` cover
/// lines but for the fins, all in `fin_box`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finned {
    digit: u8,
    size: usize,
    sashimi: bool,
    /// Unit indexes; the first `size` of each are used.
    base: [usize; 4],
    cover: [usize; 4],
    /// The fins, ascending.
    fins: Vec<usize>,
    fin_box: usize,
    /// Its rating on Sudoku Explainer's scale, in tenths (see [`explainer_tenths`]).
    explainer_tenths: u32,
}

impl Finned {
    pub(crate) fn technique(&self) -> Technique {
        Technique::FinnedFish
    }

    /// `finned X-Wing`, `sashimi Jellyfish`.
    fn name(&self) -> String {
        let kind = if self.sashimi { "sashimi" } else { "finned" };
        let fish = match self.size {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        format!("{kind} {fish}")
    }

    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let digit = sudoku_core::format::symbol(self.digit);
        let cover_kind = match layout.kind_of(self.cover[0]) {
            UnitKind::Row => "rows",
            _ => "columns",
        };
        format!(
            "{}: {digit} in {} lies only in {} but for the {} {} in {}; either the fish holds or \
             a fin is {digit}, so the cells of those {cover_kind} in {} lose it: {}",
            self.name(),
            words(self.base[..self.size].iter().map(|&u| layout.unit_name(u))),
            words(self.cover[..self.size].iter().map(|&u| layout.unit_name(u))),
            if self.fins.len() == 1 { "fin" } else { "fins" },
            words(self.fins.iter().map(|&c| layout.cell_name(c))),
            layout.unit_name(self.fin_box),
            layout.unit_name(self.fin_box),
            removals(layout, &step.eliminated)
        )
    }

    /// What Sudoku Explainer, which has no finned fish, rates the same elimination: the easiest
    /// of the forcing chains it has that prove one of the removals (see [`explainer_tenths`]).
    pub(crate) fn explainer(&self) -> f32 {
        self.explainer_tenths as f32 / 10.0
    }

    /// HoDoKu's level and score for the subtype.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        match (self.size, self.sashimi) {
            (2, false) => HodokuStep::new(Level::Hard, 130),
            (2, true) => HodokuStep::new(Level::Hard, 150),
            (3, false) => HodokuStep::new(Level::Unfair, 200),
            (3, true) => HodokuStep::new(Level::Unfair, 240),
            (_, false) => HodokuStep::new(Level::Unfair, 250),
            (_, true) => HodokuStep::new(Level::Unfair, 260),
        }
    }
}

/// The first finned or sashimi fish that removes a candidate, in HoDoKu's order: X-Wings, then
/// Swordfish, then Jellyfish; within a size the first finned one, else the first sashimi one.
/// Each size is scanned as the basic fish are (digits ascending, rows as the base before
/// columns, base lines of at least one place in lexicographic order), and for each base every
/// choice of cover lines among those its places touch, in lexicographic order.
///
/// The three sizes are searched together, digit by digit, so each digit's lines are laid out
/// once: a size is dropped once a finned fish of it, or of a smaller size, is found. Only the
/// digits in `read` are searched (see [`super::unchanged`]).
pub(crate) fn finned(board: &Board, read: u32) -> Option<Deduction> {
    let places = Places::of(board);
    let mut search = FinnedSearch::new(board, &places);
    // By size: the first finned fish in the scan's order, and the first sashimi one.
    let mut finned: [Option<Unrated>; 3] = [None, None, None];
    let mut sashimi: [Option<Unrated>; 3] = [None, None, None];
    let mut largest = 4;
    'scan: for digit in (1..=board.layout.n as u8).filter(|&d| reads(read, d)) {
        for base_kind in [UnitKind::Row, UnitKind::Column] {
            search.aim(digit, base_kind);
            for size in 2..=largest {
                let slot = size - 2;
                search.run(size, sashimi[slot].is_none());
                if let Some(choice) = search.sashimi {
                    sashimi[slot] = Some(search.unrated(&choice));
                }
                if let Some(choice) = search.finned {
                    finned[slot] = Some(search.unrated(&choice));
                    largest = size - 1;
                    break;
                }
            }
            if largest < 2 {
                break 'scan;
            }
        }
    }
    let [f2, f3, f4] = finned;
    let [s2, s3, s4] = sashimi;
    f2.or(s2)
        .or(f3)
        .or(s3)
        .or(f4)
        .or(s4)
        .and_then(|found| rated(board, found))
}

/// A fish found, not rated yet, and its eliminations.
type Unrated = (Finned, Vec<(usize, u8)>);

/// The most boxes a board has (25 on 25×25): bits of a `u32`.
const MAX_BOXES: usize = 25;

/// A finned fish as the search finds it: its base lines (the first `size` used) and its cover
/// lines as a set, both as cross-line indexes.
#[derive(Clone, Copy)]
struct Choice {
    base: [usize; 4],
    cover: u32,
}

/// A box as the one that may hold a fish's fins.
#[derive(Clone, Copy, Default)]
struct FinBox {
    /// The base lines it spans, as a set.
    band: u32,
    /// The cover lines it spans, as a set.
    stack: u32,
    /// The lines of its band with a place in it: a fin's line must be one of them, in the
    /// base, and an elimination's another, out of it.
    touching: u32,
}

/// A partial base: its lines, the union of their places, and the boxes that may still hold
/// the fins (a set of indexes into [`FinnedSearch::boxes`]).
#[derive(Clone, Copy)]
struct Partial {
    lines: u32,
    union: u32,
    alive: u32,
}

/// The search for finned fish of one digit, one base kind ([`FinnedSearch::aim`]), one size
/// at a time ([`FinnedSearch::run`]).
///
/// Rather than trying every cover for every base, it works from the fins' box. With the fins
/// in a box, every place of the base off the box's band, and every place on the band off the
/// box's stack, must lie in the cover: these required cover lines only grow as base lines are
/// added, so a box requiring more than `size` is dropped. So is a box that can no longer have
/// a base line with a place in it (for the fins) or one without (for the eliminations), and a
/// partial base with no box left is cut off with all its extensions. A full base leaves only
/// the choice of which of the stack's other touched lines complete the cover (at most a box's
/// width of them), the rest of those places being the fins.
struct FinnedSearch<'a> {
    board: &'a Board,
    places: &'a Places,
    digit: u8,
    base_kind: UnitKind,
    size: usize,
    /// The digit's places in each base line, as cross lines, and the unit indexes of the first
    /// base line and of the first cover line.
    by_line: &'a [u32],
    base_first: usize,
    cover_first: usize,
    /// The lines with a place, ascending: those a base is chosen from.
    lines: [usize; 25],
    count: usize,
    boxes: [FinBox; MAX_BOXES],
    /// The boxes with places on two of their base lines at least (a fin's and an
    /// elimination's): those a search starts from.
    fin_boxes: u32,
    /// For a partial base of `d` lines, the cover lines each of its boxes requires:
    /// `required[d][box]`.
    required: [[u32; MAX_BOXES]; 5],
    /// Whether a sashimi fish is still of use (none found earlier in this size's scan).
    want_sashimi: bool,
    /// The first finned (not sashimi) fish of the last run, and the first sashimi one if
    /// wanted.
    finned: Option<Choice>,
    sashimi: Option<Choice>,
}

impl<'a> FinnedSearch<'a> {
    fn new(board: &'a Board, places: &'a Places) -> FinnedSearch<'a> {
        FinnedSearch {
            board,
            places,
            digit: 0,
            base_kind: UnitKind::Row,
            size: 0,
            by_line: &[],
            base_first: 0,
            cover_first: 0,
            lines: [0; 25],
            count: 0,
            boxes: [FinBox::default(); MAX_BOXES],
            fin_boxes: 0,
            required: [[0; MAX_BOXES]; 5],
            want_sashimi: false,
            finned: None,
            sashimi: None,
        }
    }

    /// Lays out the lines and boxes of `digit` with `base_kind` as the base.
    fn aim(&mut self, digit: u8, base_kind: UnitKind) {
        let board = self.board;
        let shape = board.layout.shape;
        let (by_line, base_first, cover_first) = self.places.lines(board, digit, base_kind);
        (self.digit, self.base_kind) = (digit, base_kind);
        (self.by_line, self.base_first, self.cover_first) = (by_line, base_first, cover_first);
        self.count = 0;
        for (line, &mask) in by_line.iter().enumerate() {
            if mask != 0 {
                self.lines[self.count] = line;
                self.count += 1;
            }
        }
        let (band_width, reach) = match base_kind {
            UnitKind::Row => (shape.box_rows(), shape.box_cols()),
            _ => (shape.box_cols(), shape.box_rows()),
        };
        let n = by_line.len();
        let stacks = n / reach;
        self.fin_boxes = 0;
        for (k, fin_box) in self.boxes.iter_mut().enumerate().take(n) {
            let (band, stack) = (k / stacks * band_width, k % stacks * reach);
            let stack = ((1 << reach) - 1) << stack;
            let touching = (band..band + band_width)
                .filter(|&line| by_line[line] & stack != 0)
                .fold(0, |set, line| set | 1 << line);
            *fin_box = FinBox {
                band: ((1 << band_width) - 1) << band,
                stack,
                touching,
            };
            if touching & touching.wrapping_sub(1) != 0 {
                self.fin_boxes |= 1 << k;
            }
        }
    }

    /// Searches the fish of `size` lines, leaving the first finned one in `finned` and, if
    /// `want_sashimi`, the first sashimi one in `sashimi`.
    fn run(&mut self, size: usize, want_sashimi: bool) {
        (self.size, self.want_sashimi) = (size, want_sashimi);
        (self.finned, self.sashimi) = (None, None);
        if self.fin_boxes != 0 && self.count >= size {
            let empty = Partial {
                lines: 0,
                union: 0,
                alive: self.fin_boxes,
            };
            self.bases(0, 0, [0; 4], &empty);
        }
    }

    /// Extends `picked[..depth]` (the lines of `partial`) with lines from `lines[from..]`, in
    /// lexicographic order. True once a finned fish is found.
    fn bases(
        &mut self,
        depth: usize,
        from: usize,
        mut picked: [usize; 4],
        partial: &Partial,
    ) -> bool {
        // Room is left for the lines still to pick.
        let end = (self.count + depth + 1).saturating_sub(self.size);
        for k in from..end {
            let line = self.lines[k];
            let bit = 1u32 << line;
            let mask = self.by_line[line];
            let mut grown = Partial {
                lines: partial.lines | bit,
                union: partial.union | mask,
                alive: 0,
            };
            // The lines the base may still gain: those picked and those after `line`.
            let reachable = grown.lines | !(bit | (bit - 1));
            let [.., parent, child] = &mut self.required[depth..depth + 2] else {
                unreachable!()
            };
            let mut alive = partial.alive;
            while alive != 0 {
                let b = alive.trailing_zeros() as usize;
                alive &= alive - 1;
                let fin_box = &self.boxes[b];
                // Without branches: which boxes survive is data, hard to predict.
                let in_band = u32::from(fin_box.band & bit != 0);
                let required = parent[b] | mask & !(fin_box.stack & in_band.wrapping_neg());
                child[b] = required;
                let keeps = at_most(required, self.size)
                    & (fin_box.touching & reachable != 0)
                    & (fin_box.touching & !grown.lines != 0);
                grown.alive |= u32::from(keeps) << b;
            }
            if grown.alive == 0 {
                continue;
            }
            picked[depth] = line;
            let found = if depth + 1 == self.size {
                self.covers(picked, &grown)
            } else {
                self.bases(depth + 1, k + 1, picked, &grown)
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Whether some base line keeps at most one place in the cover.
    fn sashimi(&self, base: &[usize], cover: u32) -> bool {
        base.iter()
            .any(|&line| (self.by_line[line] & cover).count_ones() <= 1)
    }

    /// Tries every cover of the full base `picked`, keeping the first finned one and the first
    /// sashimi one in lexicographic order. True if a finned one is found.
    fn covers(&mut self, picked: [usize; 4], partial: &Partial) -> bool {
        let base = &picked[..self.size];
        let mut finned: Option<Choice> = None;
        let mut sashimi: Option<Choice> = None;
        let mut alive = partial.alive;
        while alive != 0 {
            let b = alive.trailing_zeros() as usize;
            let (fin_box, required) = (self.boxes[b], self.required[self.size][b]);
            alive &= alive - 1;
            let (by_line, stack) = (self.by_line, fin_box.stack);
            let free = self.size - required.count_ones() as usize;
            // The stack's other lines the base touches: `free` of them join the cover, the
            // places on the others are the fins (at least one).
            let optional = partial.union & stack & !required;
            if optional.count_ones() as usize <= free {
                continue;
            }
            // The box's places on some of its band's lines.
            let places_in =
                move |lines: u32| digits(lines).map(move |line| by_line[line as usize] & stack);
            // The box's places off the base: where the eliminations lie.
            let rest = places_in(fin_box.touching & !partial.lines).fold(0, |set, p| set | p);
            let mut joined = optional;
            loop {
                let cover = required | joined;
                if joined.count_ones() as usize == free && rest & cover != 0 {
                    let fins: u32 = places_in(fin_box.touching & partial.lines)
                        .map(|p| (p & !cover).count_ones())
                        .sum();
                    if fins as usize <= MAX_FINS {
                        let slot = if self.sashimi(base, cover) {
                            &mut sashimi
                        } else {
                            &mut finned
                        };
                        if slot.is_none_or(|kept| precedes(cover, kept.cover)) {
                            *slot = Some(Choice {
                                base: picked,
                                cover,
                            });
                        }
                    }
                }
                if joined == 0 {
                    break;
                }
                joined = (joined - 1) & optional;
            }
        }
        if self.want_sashimi && self.sashimi.is_none() {
            self.sashimi = sashimi;
        }
        self.finned = finned;
        finned.is_some()
    }

    /// The pattern of a fish found, with its eliminations.
    fn unrated(&self, choice: &Choice) -> Unrated {
        let board = self.board;
        let layout = &*board.layout;
        let n = layout.n;
        let base = &choice.base[..self.size];
        let cover = choice.cover;
        let mut fins = Vec::new();
        for &line in base {
            for cross in digits(self.by_line[line] & !cover) {
                fins.push(crossing(n, self.base_kind, line, cross as usize));
            }
        }
        fins.sort_unstable();
        let fin_box = layout.units_of(fins[0])[2];
        let base_set = base.iter().fold(0u32, |set, &line| set | 1 << line);
        let removable = |cell: usize| {
            let (line, cross) = match self.base_kind {
                UnitKind::Row => (cell / n, cell % n),
                _ => (cell % n, cell / n),
            };
            board.has(cell, self.digit) && cover & (1 << cross) != 0 && base_set & (1 << line) == 0
        };
        let eliminated = layout
            .unit(fin_box)
            .iter()
            .filter(|&&cell| removable(cell))
            .map(|&cell| (cell, self.digit))
            .collect();
        let mut base_units = [0usize; 4];
        let mut cover_units = [0usize; 4];
        for (slot, &line) in base_units.iter_mut().zip(base) {
            *slot = self.base_first + line;
        }
        for (slot, cross) in cover_units.iter_mut().zip(digits(cover)) {
            *slot = self.cover_first + cross as usize;
        }
        let pattern = Finned {
            digit: self.digit,
            size: self.size,
            sashimi: self.sashimi(base, cover),
            base: base_units,
            cover: cover_units,
            fins,
            fin_box,
            explainer_tenths: 0,
        };
        (pattern, eliminated)
    }
}

/// Whether `set` has at most `k` members: cheaper than counting them all when `k` is small.
#[inline]
fn at_most(set: u32, k: usize) -> bool {
    let mut rest = set;
    for _ in 0..k {
        rest &= rest.wrapping_sub(1);
    }
    rest == 0
}

/// Whether cover `a` comes before cover `b` (sets of as many lines) in the lexicographic order
/// of their lines, ascending: the lowest line in one but not the other is in `a`.
fn precedes(a: u32, b: u32) -> bool {
    let differ = a ^ b;
    a & differ & differ.wrapping_neg() != 0
}

/// The step of a fish found, with its rating on Sudoku Explainer's scale.
fn rated(board: &Board, (mut pattern, eliminated): Unrated) -> Option<Deduction> {
    pattern.explainer_tenths = explainer_tenths(board, &pattern, &eliminated);
    Deduction::removing(Pattern::FinnedFish(pattern), eliminated)
}

/// Sudoku Explainer's rating, in tenths, of the easiest proof it has of one of the removals
/// (it applies the easiest hint it finds, and each of its chains removes one candidate):
/// - a forcing X-chain: the removal assumed true clears its digit from its peers, a digit
///   cleared from one of its two places in a unit sets the other, and so on breadth-first until
///   the removal itself is cleared; 6.6 plus its length increment;
/// - the same with Y links too (a cell's other digits cleared, a two-candidate cell's other digit
///   set): 7.0 plus the increment;
/// - a region forcing chain over a base line: each of the line's places, assumed true, clears
///   the removal (followed as Sudoku Explainer's static chaining does, assumptions set before
///   clearances); 8.0 plus the increment of the chains' lengths summed, or 8.5 plus it when the
///   line's first place has two candidates (Sudoku Explainer's multiple forcing chains do not
///   start there, its dynamic ones do);
/// - otherwise the dynamic forcing chain that always proves it: at least 8.5. Finned
///   Swordfish and Jellyfish usually land here: a fish needs every base line at once, which a
///   static chain cannot hold.
fn explainer_tenths(board: &Board, pattern: &Finned, eliminated: &[(usize, u8)]) -> u32 {
    let layout = &*board.layout;
    let mut chaining = Chaining::new(board);
    let mut best = 85;
    // Each kind is looked for only while it could still rate below the best so far.
    for &(cell, digit) in eliminated {
        if best <= 66 {
            break;
        }
        if let Some(length) = chaining.forcing_chain(cell, digit, false) {
            best = best.min(66 + length_increment(length));
        }
        if best > 70
            && let Some(length) = chaining.forcing_chain(cell, digit, true)
        {
            best = best.min(70 + length_increment(length));
        }
        if best <= 80 {
            continue;
        }
        for &line in &pattern.base[..pattern.size] {
            let mut places = layout
                .unit(line)
                .iter()
                .copied()
                .filter(|&place| board.has(place, digit))
                .peekable();
            // Multiple forcing chains start a region only from its first place, and only
            // from a cell of three candidates or more; dynamic ones from any.
            let base = match places.peek() {
                Some(&first) if board.cands[first].count_ones() > 2 => 80,
                Some(_) => 85,
                None => continue,
            };
            let total: Option<usize> = places
                .map(|place| chaining.region_chain(place, digit, (cell, digit)))
                .sum();
            if let Some(total) = total {
                best = best.min(base + length_increment(total));
            }
        }
    }
    best
}

/// What Sudoku Explainer adds to a chain's rating for its length (`complexity`: the candidates
/// the chain passes through, both ends included), in tenths: a tenth each time the length less
/// two passes 4, 6, 8, 12, 16, 24, 32, ...
fn length_increment(complexity: usize) -> u32 {
    crate::rating::length_tenths(complexity)
}

/// Sudoku Explainer's static implications between candidates, as its forcing chains follow
/// them: a candidate set true clears its digit from its peers (box, row, column) and, with Y
/// links, the cell's other digits; a candidate cleared sets the digit's other place in a unit
/// where it had two, and, with Y links, the other digit of a two-candidate cell.
struct Chaining<'a> {
    board: &'a Board,
    /// The candidates each candidate reached passes through from the assumption, itself
    /// included (0: not reached), by [`node`].
    reached: Vec<u16>,
    implied: Vec<(usize, u8)>,
    queues: [std::collections::VecDeque<(usize, u8)>; 2],
}

/// The index of a candidate in one state (`on`: true) in [`Chaining::reached`].
fn node(cell: usize, digit: u8, on: bool) -> usize {
    (cell * 32 + digit as usize) * 2 + on as usize
}

impl Chaining<'_> {
    fn new(board: &Board) -> Chaining<'_> {
        Chaining {
            board,
            reached: vec![0; board.layout.cell_count() * 64],
            implied: Vec::new(),
            queues: Default::default(),
        }
    }

    /// Fills `implied` with what `(cell, digit)` in state `on` implies, in the opposite state,
    /// in Sudoku Explainer's order (the cell first, then box, row, column), each once.
    fn imply(&mut self, cell: usize, digit: u8, on: bool, y_links: bool) {
        let board = self.board;
        let layout = &*board.layout;
        self.implied.clear();
        if on {
            if y_links {
                let others = board.cands[cell] & !(1 << digit);
                self.implied.extend(digits(others).map(|d| (cell, d)));
            }
            for unit in layout.explainer_units(cell) {
                for &peer in layout.unit(unit) {
                    if peer != cell
                        && board.has(peer, digit)
                        && !self.implied.contains(&(peer, digit))
                    {
                        self.implied.push((peer, digit));
                    }
                }
            }
        } else {
            if y_links && board.cands[cell].count_ones() == 2 {
                let other = board.cands[cell] & !(1 << digit);
                self.implied.push((cell, other.trailing_zeros() as u8));
            }
            for unit in layout.explainer_units(cell) {
                let mut others = layout
                    .unit(unit)
                    .iter()
                    .filter(|&&place| place != cell && board.has(place, digit));
                if let (Some(&other), None) = (others.next(), others.next())
                    && !self.implied.contains(&(other, digit))
                {
                    self.implied.push((other, digit));
                }
            }
        }
    }

    /// The length of the shortest forcing chain from `(cell, digit)` true to `(cell, digit)`
    /// cleared, following the implications layer by layer as Sudoku Explainer's forcing chains
    /// do; `None` if there is none.
    fn forcing_chain(&mut self, cell: usize, digit: u8, y_links: bool) -> Option<usize> {
        self.reached.fill(0);
        self.reached[node(cell, digit, true)] = 1;
        let mut layer = vec![(cell, digit)];
        let mut next = Vec::new();
        let mut on = true;
        while !layer.is_empty() {
            for &(c, d) in &layer {
                let length = self.reached[node(c, d, on)] + 1;
                self.imply(c, d, on, y_links);
                for &(c2, d2) in &self.implied {
                    if on && (c2, d2) == (cell, digit) {
                        return Some(length as usize);
                    }
                    let k = node(c2, d2, !on);
                    if self.reached[k] == 0 {
                        self.reached[k] = length;
                        next.push((c2, d2));
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
            on = !on;
        }
        None
    }

    /// The length of the chain by which `(cell, digit)` set true clears `target`, following the
    /// implications with X and Y links as Sudoku Explainer's multiple forcing chains do (what is
    /// set true is followed before what is cleared, so the chain is not always the shortest;
    /// a contradiction stops the search); `None` if it does not clear it.
    fn region_chain(&mut self, cell: usize, digit: u8, target: (usize, u8)) -> Option<usize> {
        self.reached.fill(0);
        self.reached[node(cell, digit, true)] = 1;
        let [off_queue, on_queue] = &mut self.queues;
        off_queue.clear();
        on_queue.clear();
        on_queue.push_back((cell, digit));
        'search: loop {
            let (c, d, on) = if let Some((c, d)) = self.queues[1].pop_front() {
                (c, d, true)
            } else if let Some((c, d)) = self.queues[0].pop_front() {
                (c, d, false)
            } else {
                break;
            };
            let length = self.reached[node(c, d, on)] + 1;
            self.imply(c, d, on, true);
            for i in 0..self.implied.len() {
                let (c2, d2) = self.implied[i];
                if self.reached[node(c2, d2, on)] != 0 {
                    // Both states of one candidate: the assumption is false.
                    break 'search;
                }
                let k = node(c2, d2, !on);
                if self.reached[k] == 0 {
                    self.reached[k] = length;
                    self.queues[usize::from(!on)].push_back((c2, d2));
                }
            }
        }
        let length = self.reached[node(target.0, target.1, false)];
        (length != 0).then_some(length as usize)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use sudoku_core::{Grid, Shape};

    use super::*;
    use crate::techniques::for_each_combination;
    use crate::techniques::testing::*;
    use crate::techniques::unchanged::EVERY_DIGIT;
    use crate::{Order, Technique};

    /// Leaves `digit` in row `row` (1-based) only in columns `cols`, on a board of any size.
    fn confine(board: &mut Board, digit: u8, row: usize, cols: &[usize]) {
        let n = board.layout.n;
        remove(
            board,
            digit,
            (1..=n)
                .filter(|c| !cols.contains(c))
                .map(|c| (row - 1) * n + c - 1),
        );
    }

    /// Boards of every shape with candidates struck at random, `rounds` a shape (a tenth of
    /// that on 16×16 and 25×25): positions no solve reaches, where lines and boxes take every
    /// form. Also read by the single-digit tests.
    pub(crate) fn random_boards(rounds: usize) -> Vec<Board> {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut boards = Vec::new();
        for shape in Shape::ALL {
            let count = if shape.size() >= 16 {
                rounds / 10
            } else {
                rounds
            };
            for _ in 0..count {
                let mut board = Board::new(&Grid::empty(shape)).unwrap();
                // Each candidate kept with one chance in ten to eight in ten, the same for the
                // whole board: from a few places a line to most of them.
                let keep = 10 + next() % 70;
                for cell in 0..board.layout.cell_count() {
                    for digit in 1..=shape.size() as u8 {
                        if next() % 100 >= keep {
                            board.eliminate(cell, digit);
                        }
                    }
                }
                boards.push(board);
            }
        }
        boards
    }

    /// Every position of a solve in HoDoKu's order of the first puzzles of the public sets
    /// (none when the sets are not there). Also read by the single-digit tests.
    pub(crate) fn solve_positions(top1465: usize, hardest: usize) -> Vec<Board> {
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", top1465);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", hardest));
        let mut positions = Vec::new();
        for puzzle in &puzzles {
            let mut board = Board::new(puzzle).unwrap();
            while !board.is_solved() {
                positions.push(board.clone());
                let Some(step) = crate::techniques::first(&board, Order::Hodoku) else {
                    break;
                };
                step.apply(&mut board);
            }
        }
        positions
    }

    /// The fish of `size` lines by definition: every combination of base lines of two to
    /// `size` places, in lexicographic order, whose places fall in `size` cover lines.
    fn fish_by_definition(board: &Board, size: usize) -> Option<Deduction> {
        let layout = &*board.layout;
        let places = Places::of(board);
        for digit in 1..=layout.n as u8 {
            for base_kind in [UnitKind::Row, UnitKind::Column] {
                let (by_line, base_first, cover_first) = places.lines(board, digit, base_kind);
                let lines: Vec<usize> = (0..layout.n)
                    .filter(|&line| (2..=size as u32).contains(&by_line[line].count_ones()))
                    .collect();
                if lines.len() < size {
                    continue;
                }
                let mut found = None;
                for_each_combination(lines.len(), size, |picked| {
                    let base: Vec<usize> = picked.iter().map(|&k| lines[k]).collect();
                    let cover = base.iter().fold(0, |set, &line| set | by_line[line]);
                    if cover.count_ones() as usize != size {
                        return false;
                    }
                    let mut eliminated = Vec::new();
                    for cross in digits(cover) {
                        let cover_unit = layout.unit(cover_first + cross as usize);
                        for (line, &cell) in cover_unit.iter().enumerate() {
                            if !base.contains(&line) && board.has(cell, digit) {
                                eliminated.push((cell, digit));
                            }
                        }
                    }
                    let base = base.iter().map(|&line| base_first + line);
                    let cover = digits(cover).map(|k| cover_first + k as usize);
                    let pattern = fish_pattern(digit, size, base, cover);
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

    /// The finned fish by definition, as [`finned`] documents its order: each size in turn,
    /// every combination of base lines and every combination of cover lines among those the
    /// base touches, cell by cell.
    fn finned_by_definition(board: &Board) -> Option<Deduction> {
        let layout = &*board.layout;
        let n = layout.n;
        let places = Places::of(board);
        for size in 2..=4 {
            let mut first_sashimi = None;
            for digit in 1..=n as u8 {
                for base_kind in [UnitKind::Row, UnitKind::Column] {
                    let (by_line, base_first, cover_first) = places.lines(board, digit, base_kind);
                    let lines: Vec<usize> = (0..n).filter(|&line| by_line[line] != 0).collect();
                    let reach = match base_kind {
                        UnitKind::Row => layout.shape.box_cols(),
                        _ => layout.shape.box_rows(),
                    };
                    if lines.len() < size {
                        continue;
                    }
                    let mut found = None;
                    for_each_combination(lines.len(), size, |picked| {
                        let base: Vec<usize> = picked.iter().map(|&k| lines[k]).collect();
                        let union = base.iter().fold(0, |set, &line| set | by_line[line]);
                        let crosses: Vec<usize> = digits(union).map(usize::from).collect();
                        // Fins in one box leave at most a box's width of crosses uncovered.
                        if crosses.len() < size || crosses.len() > size + reach {
                            return false;
                        }
                        for_each_combination(crosses.len(), size, |chosen| {
                            let cover = chosen.iter().fold(0u32, |set, &k| set | 1 << crosses[k]);
                            let mut fins: Vec<usize> = base
                                .iter()
                                .flat_map(|&line| {
                                    digits(by_line[line] & !cover).map(move |cross| {
                                        crossing(n, base_kind, line, cross as usize)
                                    })
                                })
                                .collect();
                            fins.sort_unstable();
                            let Some(&fin) = fins.first() else {
                                return false;
                            };
                            let fin_box = layout.units_of(fin)[2];
                            if fins.len() > MAX_FINS
                                || fins.iter().any(|&f| layout.units_of(f)[2] != fin_box)
                            {
                                return false;
                            }
                            let eliminated: Vec<(usize, u8)> = layout
                                .unit(fin_box)
                                .iter()
                                .filter(|&&cell| {
                                    let (line, cross) = match base_kind {
                                        UnitKind::Row => (cell / n, cell % n),
                                        _ => (cell % n, cell / n),
                                    };
                                    board.has(cell, digit)
                                        && cover & 1 << cross != 0
                                        && !base.contains(&line)
                                })
                                .map(|&cell| (cell, digit))
                                .collect();
                            if eliminated.is_empty() {
                                return false;
                            }
                            let sashimi = base
                                .iter()
                                .any(|&line| (by_line[line] & cover).count_ones() <= 1);
                            if sashimi && first_sashimi.is_some() {
                                return false;
                            }
                            let mut base_units = [0; 4];
                            let mut cover_units = [0; 4];
                            for (slot, line) in base_units.iter_mut().zip(&base) {
                                *slot = base_first + line;
                            }
                            for (slot, cross) in cover_units.iter_mut().zip(digits(cover)) {
                                *slot = cover_first + cross as usize;
                            }
                            let pattern = Finned {
                                digit,
                                size,
                                sashimi,
                                base: base_units,
                                cover: cover_units,
                                fins,
                                fin_box,
                                explainer_tenths: 0,
                            };
                            if sashimi {
                                first_sashimi = Some((pattern, eliminated));
                                false
                            } else {
                                found = Some((pattern, eliminated));
                                true
                            }
                        })
                    });
                    if let Some(found) = found {
                        return rated(board, found);
                    }
                }
            }
            if let Some(found) = first_sashimi {
                return rated(board, found);
            }
        }
        None
    }

    /// The searches cut off the bases that cannot make a fish; what they report must be what
    /// trying every combination finds, on random boards of every shape and along solves.
    #[test]
    fn pruned_searches_find_what_every_combination_finds() {
        let mut boards = random_boards(300);
        boards.extend(solve_positions(30, 10));
        // Steps found: X-Wings, Swordfish, Jellyfish, finned fish.
        let mut found = [0; 4];
        for board in &boards {
            for size in 2..=4 {
                let step = fish(board, size, EVERY_DIGIT);
                let expected = fish_by_definition(board, size);
                assert_eq!(format!("{step:?}"), format!("{expected:?}"));
                found[size - 2] += usize::from(step.is_some());
            }
            let step = finned(board, EVERY_DIGIT);
            let expected = finned_by_definition(board);
            assert_eq!(format!("{step:?}"), format!("{expected:?}"));
            found[3] += usize::from(step.is_some());
        }
        eprintln!("{} positions, found {found:?}", boards.len());
        assert!(found.iter().all(|&count| count > 0), "{found:?}");
    }

    /// The finned fish `finned` finds, with its pattern.
    fn finned_step(board: &Board) -> (Deduction, Finned) {
        let step = finned(board, EVERY_DIGIT).expect("a finned fish");
        let Pattern::FinnedFish(pattern) = step.pattern.clone() else {
            panic!("{step:?}");
        };
        (step, pattern)
    }

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

    #[test]
    fn a_digit_in_four_columns_of_four_rows_is_a_jellyfish() {
        let mut board = open_board();
        // Rows 1, 4, 7 and 8 hold 5 only in columns 1, 4, 7 and 8, three places each, so no
        // fewer rows share fewer columns (no X-Wing or Swordfish).
        confine(&mut board, 5, 1, &[1, 7, 8]);
        confine(&mut board, 5, 4, &[4, 7, 8]);
        confine(&mut board, 5, 7, &[1, 4, 7]);
        confine(&mut board, 5, 8, &[1, 4, 8]);
        for order in [Order::Rating, Order::Hodoku] {
            let step = first_step(&board, order, Technique::Jellyfish);
            // The four columns lose 5 in the five other rows.
            let expected: Vec<(usize, u8)> = [2, 3, 5, 6, 9]
                .iter()
                .flat_map(|&r| [1, 4, 7, 8].map(|c| (rc(r, c), 5)))
                .collect();
            assert_eq!(sorted(&step), expected);
            assert!(
                step.describe(&board).starts_with(
                    "5 in row 1, row 4, row 7 and row 8 lies only in column 1, column 4, \
                     column 7 and column 8, so it leaves the rest of those: removes 5 from r2c1,"
                ),
                "{}",
                step.describe(&board)
            );
        }
    }

    #[test]
    fn a_base_place_outside_the_cover_makes_a_finned_x_wing() {
        let mut board = open_board();
        // Row 7 holds 5 in columns 3 and 8; row 2 too, and in r2c1, the fin (box 1). Either
        // the X-Wing holds, and columns 3 and 8 lose 5 elsewhere, or r2c1 is 5, and box 1 loses
        // it: r1c3 and r3c3 lose 5 both ways.
        confine(&mut board, 5, 2, &[1, 3, 8]);
        confine(&mut board, 5, 7, &[3, 8]);
        for order in [Order::Thesis, Order::Hodoku] {
            let step = first_step(&board, order, Technique::FinnedFish);
            assert_eq!(sorted(&step), [(rc(1, 3), 5), (rc(3, 3), 5)]);
            assert_eq!(
                step.describe(&board),
                "finned X-Wing: 5 in row 2 and row 7 lies only in column 3 and column 8 but for \
                 the fin r2c1 in box 1; either the fish holds or a fin is 5, so the cells of \
                 those columns in box 1 lose it: removes 5 from r1c3 and r3c3"
            );
        }
        let (_, pattern) = finned_step(&board);
        assert_eq!(pattern.hodoku(), HodokuStep::new(Level::Hard, 130));
        // No forcing X- or Y-chain proves r1c3 (or r3c3) false: row 7 is the only conjugate
        // pair. Row 2's region forcing chain does: r2c1 and r2c3 see r1c3 (2 candidates each),
        // and r2c8 -> r7c8 off -> r7c3 on -> r1c3 off (4); 8 in all, 6 past the two ends,
        // one tenth past 4: 8.1.
        assert_eq!(pattern.explainer(), 8.1);
    }

    #[test]
    fn a_base_line_of_one_cover_place_and_fins_makes_a_sashimi_x_wing() {
        let mut board = open_board();
        // Row 2 holds 5 in columns 2 and 8, row 7 in columns 3 and 8. With columns 2 and 8 as
        // the cover, r7c3 is the fin (box 7) and row 7 keeps one cover place: sashimi. The cells
        // of column 2 in box 7 off rows 2 and 7, r8c2 and r9c2, lose 5. (Columns 3 and 8 with
        // the fin r2c2 would remove 5 from r1c3 and r3c3, but come later.)
        confine(&mut board, 5, 2, &[2, 8]);
        confine(&mut board, 5, 7, &[3, 8]);
        let (step, pattern) = finned_step(&board);
        assert_eq!(sorted(&step), [(rc(8, 2), 5), (rc(9, 2), 5)]);
        assert_eq!(
            step.describe(&board),
            "sashimi X-Wing: 5 in row 2 and row 7 lies only in column 2 and column 8 but for the \
             fin r7c3 in box 7; either the fish holds or a fin is 5, so the cells of those \
             columns in box 7 lose it: removes 5 from r8c2 and r9c2"
        );
        assert_eq!(pattern.hodoku(), HodokuStep::new(Level::Hard, 150));
        // A forcing X-chain: r8c2=5 -> r7c3 off (box 7) -> r7c8 on (row 7) -> r2c8 off
        // (column 8) -> r2c2 on (row 2) -> r8c2 off (column 2): six candidates, 6.6.
        assert_eq!(pattern.explainer(), 6.6);
    }

    #[test]
    fn a_finned_swordfish_removes_what_sees_its_fin() {
        let mut board = open_board();
        // Rows 2, 5, 8 hold 5 in columns 1 and 4, 4 and 7, 1 and 7, and row 2 also in r2c6,
        // the fin (box 2). No two rows make a finned X-Wing with eliminations. Column 4's cells
        // in box 2 off the base, r1c4 and r3c4, lose 5.
        confine(&mut board, 5, 2, &[1, 4, 6]);
        confine(&mut board, 5, 5, &[4, 7]);
        confine(&mut board, 5, 8, &[1, 7]);
        let (step, pattern) = finned_step(&board);
        assert_eq!(sorted(&step), [(rc(1, 4), 5), (rc(3, 4), 5)]);
        assert_eq!(pattern.hodoku(), HodokuStep::new(Level::Unfair, 200));
        assert!(
            step.describe(&board)
                .starts_with("finned Swordfish: 5 in row 2, row 5 and row 8 lies only in"),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn a_swordfish_line_of_one_cover_place_makes_it_sashimi() {
        let mut board = open_board();
        // As above, but row 2 holds 5 only in column 1 and in r2c5, the fin: row 2 keeps one
        // cover place. Cover columns 1, 4, 7 come first; r1c4 and r3c4 lose 5.
        confine(&mut board, 5, 2, &[1, 5]);
        confine(&mut board, 5, 5, &[4, 7]);
        confine(&mut board, 5, 8, &[1, 7]);
        let (step, pattern) = finned_step(&board);
        assert_eq!(sorted(&step), [(rc(1, 4), 5), (rc(3, 4), 5)]);
        assert_eq!(pattern.hodoku(), HodokuStep::new(Level::Unfair, 240));
        assert!(
            step.describe(&board).starts_with(
                "sashimi Swordfish: 5 in row 2, row 5 and row 8 lies only in column 1, column 4 \
                 and column 7 but for the fin r2c5 in box 2;"
            ),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn a_jellyfish_with_a_fin_is_a_finned_jellyfish() {
        let mut board = open_board();
        // The Jellyfish above with a fin r1c2 (box 1) in row 1: no fewer rows make a fish, and
        // column 1's cells in box 1 off the base, r2c1 and r3c1, lose 5.
        confine(&mut board, 5, 1, &[1, 2, 7, 8]);
        confine(&mut board, 5, 4, &[4, 7, 8]);
        confine(&mut board, 5, 7, &[1, 4, 7]);
        confine(&mut board, 5, 8, &[1, 4, 8]);
        let (step, pattern) = finned_step(&board);
        assert_eq!(sorted(&step), [(rc(2, 1), 5), (rc(3, 1), 5)]);
        assert_eq!(pattern.hodoku(), HodokuStep::new(Level::Unfair, 250));
        assert!(
            step.describe(&board).starts_with(
                "finned Jellyfish: 5 in row 1, row 4, row 7 and row 8 lies only in column 1, \
                 column 4, column 7 and column 8 but for the fin r1c2 in box 1;"
            ),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn a_jellyfish_line_of_one_cover_place_makes_it_sashimi() {
        let mut board = open_board();
        // Row 1 holds 5 only in r1c1 and the fin r1c2 (a claiming in a solve; the finder alone
        // here): sashimi. Again r2c1 and r3c1 lose 5.
        confine(&mut board, 5, 1, &[1, 2]);
        confine(&mut board, 5, 4, &[4, 7, 8]);
        confine(&mut board, 5, 7, &[1, 4, 7]);
        confine(&mut board, 5, 8, &[1, 4, 8]);
        let (step, pattern) = finned_step(&board);
        assert_eq!(sorted(&step), [(rc(2, 1), 5), (rc(3, 1), 5)]);
        assert_eq!(pattern.hodoku(), HodokuStep::new(Level::Unfair, 260));
        assert!(
            step.describe(&board)
                .starts_with("sashimi Jellyfish: 5 in row 1, row 4, row 7 and row 8"),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn finned_fish_work_from_columns_on_a_6x6_board() {
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        let at = |r: usize, c: usize| (r - 1) * 6 + c - 1;
        // Boxes are 2 rows by 3 columns. Column 1 holds 1 in rows 1 and 4 and the fin r2c1
        // (box 1); column 5 in rows 1 and 4. No two rows make a finned fish. Row 1's cells
        // in box 1 off columns 1 and 5, r1c2 and r1c3, lose 1.
        remove(&mut board, 1, [3, 5, 6].map(|r| at(r, 1)));
        remove(&mut board, 1, [2, 3, 5, 6].map(|r| at(r, 5)));
        let (step, _) = finned_step(&board);
        assert_eq!(sorted(&step), [(at(1, 2), 1), (at(1, 3), 1)]);
        assert_eq!(
            step.describe(&board),
            "finned X-Wing: 1 in column 1 and column 5 lies only in row 1 and row 4 but for the \
             fin r2c1 in box 1; either the fish holds or a fin is 1, so the cells of those rows \
             in box 1 lose it: removes 1 from r1c2 and r1c3"
        );
    }

    #[test]
    fn finned_fish_work_on_a_12x12_board() {
        let mut board = Board::new(&Grid::empty(Shape::S12)).unwrap();
        let at = |r: usize, c: usize| (r - 1) * 12 + c - 1;
        // Boxes are 3 rows by 4 columns. Row 8 holds 5 in columns 3 and 10; row 2 too, and in
        // the fin r2c1 (box 1, columns 1 to 4): r1c3 and r3c3 lose 5.
        confine(&mut board, 5, 2, &[1, 3, 10]);
        confine(&mut board, 5, 8, &[3, 10]);
        let (step, pattern) = finned_step(&board);
        assert_eq!(sorted(&step), [(at(1, 3), 5), (at(3, 3), 5)]);
        assert!(!pattern.sashimi);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn fish_are_sound() {
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 12);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 3));
        for technique in [
            Technique::XWing,
            Technique::Swordfish,
            Technique::Jellyfish,
            Technique::FinnedFish,
        ] {
            let checked = assert_sound(technique, &puzzles);
            eprintln!("{technique}: {checked} steps checked");
            assert!(checked > 0, "{technique}: no step checked");
        }
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn fish_are_sound_on_16x16_boards() {
        let dir = sudoku_catalog::public_datasets_dir().expect("the build found the datasets");
        let dataset =
            sudoku_catalog::load(&dir.join("lloyd-amos/general-16x16.txt").to_string_lossy())
                .unwrap();
        // Half-filled instances: the singles leave candidates for the fish to work on.
        let puzzles: Vec<Grid> = dataset
            .puzzles
            .into_iter()
            .skip(500)
            .take(2)
            .map(|entry| entry.grid)
            .collect();
        for technique in [Technique::Jellyfish, Technique::FinnedFish] {
            let checked = assert_sound(technique, &puzzles);
            eprintln!("16x16 {technique}: {checked} steps checked");
            assert!(checked > 0, "{technique}: no step checked on 16x16");
        }
    }
}
