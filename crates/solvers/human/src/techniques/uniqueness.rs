//! Techniques that hold only when the puzzle has one solution: unique rectangles and loops, and
//! the bivalue universal grave (BUG).
//!
//! A *deadly pattern* is a set of empty cells, two in each row, column and box it touches, that
//! hold only two digits {a, b} alternating around it: the digits could then be swapped, and the
//! puzzle would have two solutions. A puzzle known to have one solution cannot end that way, so
//! some cell of the pattern takes another digit. The finders apply only when
//! [`Board::assume_unique`] is set.
//!
//! - **Unique rectangle**: four cells in two rows, two columns and two boxes, each allowing a
//!   and b (HoDoKu's rule: neither digit is placed in the cell's units, even where an earlier
//!   step removed the candidate). Type 1: three cells hold only a and b, so the fourth loses
//!   them. Type 2: the cells with other candidates add one digit c, which is in one of them, so
//!   every cell seeing them all loses c (HoDoKu's type 5 when those cells are diagonal or three).
//!   Type 3: the two cells with other candidates act as one cell holding their extra digits; in
//!   a unit they share, that cell and others form a naked subset (HoDoKu's definition: the
//!   others hold neither a nor b), or a and b with other digits form a hidden subset with them
//!   (Sudoku Explainer's). Type 4: one of those two cells is a, the only places of a in a unit
//!   they share, so neither is b. HoDoKu's type 6: the cells with other candidates are
//!   diagonal and a lies in the rectangle's rows and columns only in its cells, so they are not
//!   a. HoDoKu's hidden rectangle: a lies in the row and column of the cell opposite a bivalue
//!   corner only in the rectangle, so that cell is not b.
//! - **Unique loop** (Sudoku Explainer's): the same with 6, 8 or more cells, found as Sudoku
//!   Explainer finds them (loops through cells holding both digits, at most two of them with
//!   other candidates unless those add one digit), types 1 to 4.
//! - **BUG**: when every empty cell would hold two candidates and every digit two places in
//!   each unit but for a few extra candidates, the position without them has no solution or
//!   several, so one extra candidate is true. BUG+1: one cell holds the extra digit, its value.
//!   Sudoku Explainer's types 2 (one extra digit: cells seeing all its cells lose it), 3 (the
//!   extra cells as one cell in a naked subset) and 4 (two extra cells in a unit sharing a
//!   conjugate digit keep only it and their extras).
//!
//! On a diagonal or jigsaw board a rectangle of two rows, two columns and two regions need not
//! be deadly: the far corners may lie in two regions, a diagonal may hold one corner, or two
//! of one digit. Off a classic board each rectangle is kept only when every house holding a
//! corner holds one of each digit's pair of corners ([`swappable`]), what swapping needs; a
//! loop is kept on the same condition over every house, diagonals included, and the BUG counts
//! two places a digit in every house, diagonals included. The types' own reasoning (a house
//! two cells share, cells that see others) holds in any house.
//!
//! Which step is returned when a position holds several: rectangles before loops, and among
//! rectangles HoDoKu's order of types (1, 2, 3, 4, 5, 6, hidden rectangle), the first in
//! HoDoKu's scan (bivalue cells row-major, each with its box mate, then the far side);
//! within a type the one Sudoku Explainer rates lowest. Among loops, Sudoku Explainer's choice:
//! the lowest rated, then the lowest type, then the first found.
//!
//! Ratings on Sudoku Explainer's scale are its own (version 1.2.1): 4.5 for a rectangle, 4.6
//! for a loop of 6 cells, 4.7 for 8, 5.0 from 10; a type 3 naked subset of k digits adds
//! (k − 1) × 0.1, a hidden one with k cells besides the pattern's adds (k − 1) × 0.1. HoDoKu's
//! types 5 and 6 and hidden rectangle, which Sudoku Explainer does not have, rate as the
//! rectangle types they extend (4.5): no chain of Sudoku Explainer's reaches their
//! deductions, which hold only given one solution. BUG type 1 rates 5.6, types 2 and 4 5.7,
//! type 3 5.7 + (k − 1) × 0.1. On HoDoKu's scale every one is hard, 100.

use sudoku_core::format::symbol;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digit_words, digits, removals, words};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;

/// Sudoku Explainer's order of unit kinds, as indexes into [`crate::layout::Layout::units_of`]:
/// box, row, column.
const EXPLAINER_KINDS: [usize; 3] = [2, 0, 1];

/// The largest subset a type 3 step looks for (Sudoku Explainer's limit).
const MAX_SUBSET: usize = 7;

/// The longest loop: each row holds two of its cells at most.
const MAX_LOOP: usize = 50;

/// The pattern of one step of this family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Uniqueness {
    kind: Kind,
    /// The rectangle's or loop's cells in loop order; a BUG's cells with extra candidates.
    cells: Vec<usize>,
    /// The rectangle's or loop's two digits; a BUG's extra digits.
    digits: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Only `cell` holds other digits.
    Type1 { cell: usize },
    /// The cells with other candidates (`extra`) add only `digit`. `type5`: HoDoKu's type 5
    /// (those cells diagonal, or three of them).
    Type2 {
        extra: Vec<usize>,
        digit: u8,
        type5: bool,
    },
    /// The two cells with other candidates (`pair`), as one cell holding their extra digits,
    /// form with `subset` a naked subset of `set` in `unit`.
    Naked {
        pair: [usize; 2],
        unit: usize,
        subset: Vec<usize>,
        set: u32,
    },
    /// In `unit`, `set` (the pattern's digits and others) fit only `subset` and one of `pair`.
    Hidden {
        pair: [usize; 2],
        unit: usize,
        subset: Vec<usize>,
        set: u32,
    },
    /// `locked` lies in `unit` only in `pair`, the cells with other candidates.
    Type4 {
        pair: [usize; 2],
        unit: usize,
        locked: u8,
    },
    /// `digit` lies in the rectangle's rows and columns only in its cells; `pair`, the
    /// diagonal cells with other candidates, cannot be it.
    Type6 { pair: [usize; 2], digit: u8 },
    /// `locked` lies in the row and column of `cell`, opposite the bivalue `corner`, only in
    /// the rectangle.
    HiddenRectangle {
        corner: usize,
        cell: usize,
        locked: u8,
    },
    /// One cell with extra candidates: its extra digits are all it can hold.
    Bug1,
    /// One extra digit over several cells.
    Bug2 { digit: u8 },
    /// The extra cells, as one cell holding the extra digits, form with `subset` a naked
    /// subset of `set` in `unit`.
    Bug3 {
        unit: usize,
        subset: Vec<usize>,
        set: u32,
    },
    /// Two extra cells in `unit` where `digit` has only them.
    Bug4 { unit: usize, digit: u8 },
}

impl Uniqueness {
    pub(crate) fn technique(&self) -> Technique {
        if self.is_bug() {
            Technique::BugPlusOne
        } else {
            Technique::UniqueRectangle
        }
    }

    fn is_bug(&self) -> bool {
        matches!(
            self.kind,
            Kind::Bug1 | Kind::Bug2 { .. } | Kind::Bug3 { .. } | Kind::Bug4 { .. }
        )
    }

    /// The type number as Sudoku Explainer counts it (HoDoKu's 5 is its 2).
    fn explainer_type(&self) -> u32 {
        match self.kind {
            Kind::Type1 { .. } | Kind::Bug1 => 1,
            Kind::Type2 { .. } | Kind::Bug2 { .. } => 2,
            Kind::Naked { .. } | Kind::Hidden { .. } | Kind::Bug3 { .. } => 3,
            Kind::Type4 { .. } | Kind::Bug4 { .. } => 4,
            Kind::Type6 { .. } => 6,
            Kind::HiddenRectangle { .. } => 7,
        }
    }

    /// The rank in HoDoKu's order of rectangle types: 1 to 6, 7 for the hidden rectangle.
    fn hodoku_rank(&self) -> u32 {
        match self.kind {
            Kind::Type2 { type5: true, .. } => 5,
            _ => self.explainer_type(),
        }
    }

    /// The rating on Sudoku Explainer's scale, in tenths.
    fn tenths(&self) -> u32 {
        let base = match self.cells.len() {
            _ if self.is_bug() => 0,
            4 => 45,
            6 => 46,
            8 => 47,
            _ => 50,
        };
        match &self.kind {
            Kind::Naked { set, .. } => base + set.count_ones() - 1,
            Kind::Hidden { subset, .. } => base + subset.len() as u32 - 1,
            Kind::Bug1 => 56,
            Kind::Bug2 { .. } | Kind::Bug4 { .. } => 57,
            Kind::Bug3 { set, .. } => 57 + set.count_ones() - 1,
            _ => base,
        }
    }

    /// Its rating on Sudoku Explainer's scale.
    pub(crate) fn explainer(&self) -> f32 {
        self.tenths() as f32 / 10.0
    }

    /// Its level and score on HoDoKu's scale.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        HodokuStep::new(Level::Hard, 100)
    }

    /// The name solvers give the step.
    fn name(&self) -> String {
        let shape = if self.cells.len() == 4 {
            "Rectangle"
        } else {
            "Loop"
        };
        match self.kind {
            Kind::HiddenRectangle { .. } => "Hidden Rectangle".to_string(),
            Kind::Bug1 if self.digits.count_ones() == 1 => "BUG+1".to_string(),
            _ if self.is_bug() => format!("BUG type {}", self.explainer_type()),
            _ => format!("Unique {shape} type {}", self.hodoku_rank()),
        }
    }

    /// The step in words.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let cell = |c: usize| layout.cell_name(c);
        let cell_list = |cells: &[usize]| words(cells.iter().map(|&c| cell(c)));
        let unit = |u: usize| layout.unit_name(u);
        let removes = || removals(layout, &step.eliminated);
        let name = self.name();
        if self.is_bug() {
            let bug = format!(
                "{name}: without {} in {}, every empty cell would hold two candidates and every \
                 digit two places in each unit, a position with no solution or several; the \
                 puzzle having one solution",
                digit_words(self.digits),
                cell_list(&self.cells)
            );
            return match &self.kind {
                Kind::Bug1 => match step.placed {
                    Some((c, d)) => format!("{bug}, {} = {}", cell(c), symbol(d)),
                    None => format!(
                        "{bug}, {} holds one of those: {}",
                        cell(self.cells[0]),
                        removes()
                    ),
                },
                Kind::Bug2 { digit } => format!(
                    "{bug}, one of those cells is {}, so cells seeing them all lose it: {}",
                    symbol(*digit),
                    removes()
                ),
                Kind::Bug3 {
                    unit: u,
                    subset,
                    set,
                } => format!(
                    "{bug}, one of those cells holds one of them, and with {} they form a naked \
                     subset of {} in {}: {}",
                    cell_list(subset),
                    digit_words(*set),
                    unit(*u),
                    removes()
                ),
                Kind::Bug4 { unit: u, digit } => format!(
                    "{bug}, one of those cells holds its extra digit, and {} lies in {} only in \
                     them, so the other is {}: {}",
                    symbol(*digit),
                    unit(*u),
                    symbol(*digit),
                    removes()
                ),
                _ => unreachable!("a BUG kind"),
            };
        }
        let (a, b) = two_digits(self.digits);
        let lead = format!(
            "{name} on {} and {} in {}: the puzzle having one solution, these cells cannot hold \
             only {} and {}, which could swap",
            symbol(a),
            symbol(b),
            self.cells
                .iter()
                .map(|&c| cell(c))
                .collect::<Vec<_>>()
                .join(" - "),
            symbol(a),
            symbol(b)
        );
        match &self.kind {
            Kind::Type1 { cell: c } => format!(
                "{lead}; {} alone holds other digits, so it takes one: {}",
                cell(*c),
                removes()
            ),
            Kind::Type2 { extra, digit, .. } => format!(
                "{lead}; {} add only {}, so one of them is {} and cells seeing them all lose it: \
                 {}",
                cell_list(extra),
                symbol(*digit),
                symbol(*digit),
                removes()
            ),
            Kind::Naked {
                pair,
                unit: u,
                subset,
                set,
            } => format!(
                "{lead}; one of {} holds {}, and with {} they form a naked subset of {} in {}: {}",
                cell_list(pair),
                or_words(self.extra_digits(before, pair)),
                cell_list(subset),
                digit_words(*set),
                unit(*u),
                removes()
            ),
            Kind::Hidden {
                pair,
                unit: u,
                subset,
                set,
            } => format!(
                "{lead}; one of {} holds neither, so in {} {} fit only {} and the other: {}",
                cell_list(pair),
                unit(*u),
                digit_words(*set),
                cell_list(subset),
                removes()
            ),
            Kind::Type4 {
                pair,
                unit: u,
                locked,
            } => {
                let other = if *locked == a { b } else { a };
                format!(
                    "{lead}; {} lies in {} only in {}, so one of them is {} and neither can be \
                     {}: {}",
                    symbol(*locked),
                    unit(*u),
                    cell_list(pair),
                    symbol(*locked),
                    symbol(other),
                    removes()
                )
            }
            Kind::Type6 { pair, digit } => format!(
                "{lead}; {} lies in the rectangle's rows and columns only in its cells, so were \
                 {} or {} {}, the other corners would complete the pattern: {}",
                symbol(*digit),
                cell(pair[0]),
                cell(pair[1]),
                symbol(*digit),
                removes()
            ),
            Kind::HiddenRectangle {
                corner,
                cell: c,
                locked,
            } => {
                let other = if *locked == a { b } else { a };
                let [row, column, _] = layout.row_column_region(*c);
                format!(
                    "{lead}; {} lies in {} and {} only in the rectangle, so were {} {}, it and \
                     {} would complete the pattern: {}",
                    symbol(*locked),
                    unit(row),
                    unit(column),
                    cell(*c),
                    symbol(other),
                    cell(*corner),
                    removes()
                )
            }
            _ => unreachable!("a rectangle or loop kind"),
        }
    }

    /// The digits the cells of `pair` hold besides the pattern's two.
    fn extra_digits(&self, before: &Board, pair: &[usize; 2]) -> u32 {
        (before.cands[pair[0]] | before.cands[pair[1]]) & !self.digits
    }
}

/// The digits of a set joined by "or": `3 or 7`.
fn or_words(set: u32) -> String {
    let names: Vec<String> = digits(set).map(|d| symbol(d).to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Whether a set has exactly one member (without a population count, which the build target
/// may lack).
#[inline]
fn single(set: u32) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// Whether a set has three members or more.
#[inline]
fn three_or_more(set: u32) -> bool {
    let rest = set & set.wrapping_sub(1);
    rest & rest.wrapping_sub(1) != 0
}

/// Whether a set has exactly two members.
#[inline]
fn double(set: u32) -> bool {
    let rest = set & set.wrapping_sub(1);
    single(rest)
}

/// The two digits of a two-digit set, ascending.
fn two_digits(set: u32) -> (u8, u8) {
    let a = set.trailing_zeros() as u8;
    let b = (set & !(1 << a)).trailing_zeros() as u8;
    (a, b)
}

/// What the searches of one call share, read from the position once: the cells with two and
/// with three candidates.
struct Index<'a> {
    board: &'a Board,
    bivalue: [u16; 625],
    bivalues: usize,
    trivalue: [u16; 625],
    trivalues: usize,
    /// Whether an empty cell holds fewer than two candidates.
    thin: bool,
}

impl Index<'_> {
    fn new(board: &Board) -> Index<'_> {
        let layout = &*board.layout;
        let mut index = Index {
            board,
            bivalue: [0; 625],
            bivalues: 0,
            trivalue: [0; 625],
            trivalues: 0,
            thin: false,
        };
        for cell in 0..layout.cell_count() {
            let cands = board.cands[cell];
            if double(cands) {
                index.bivalue[index.bivalues] = cell as u16;
                index.bivalues += 1;
            } else if three_or_more(cands) {
                if double(cands & (cands - 1)) {
                    index.trivalue[index.trivalues] = cell as u16;
                    index.trivalues += 1;
                }
            } else if board.values[cell] == 0 {
                index.thin = true;
            }
        }
        index
    }

    /// Whether `cell` is empty and neither digit of `pair` is placed in its units: HoDoKu lets
    /// such a cell into a rectangle even if a candidate was removed from it.
    #[inline]
    fn allows(&self, cell: usize, pair: u32) -> bool {
        let board = self.board;
        // A candidate is never a digit a peer holds.
        board.cands[cell] & pair == pair
            || board.values[cell] == 0 && {
                let [row, column, boxed] = board.layout.row_column_region(cell);
                (board.placed_in(row) | board.placed_in(column) | board.placed_in(boxed)) & pair
                    == 0
            }
    }

    /// Whether a cell besides `start` holds no candidate but the digits of `pair`, or them and
    /// one more.
    fn has_partner(&self, start: usize, pair: u32) -> bool {
        let cands = |c: &u16| self.board.cands[*c as usize];
        self.thin
            || self.bivalue[..self.bivalues]
                .iter()
                .any(|c| cands(c) == pair && *c as usize != start)
            || self.trivalue[..self.trivalues]
                .iter()
                .any(|c| cands(c) & pair == pair)
    }

    /// The cells with two candidates, row-major.
    fn bivalues(&self) -> impl Iterator<Item = usize> + '_ {
        self.bivalue[..self.bivalues].iter().map(|&c| c as usize)
    }
}

/// Whether two cells share a row or a column.
fn aligned(board: &Board, a: usize, b: usize) -> bool {
    let (x, y) = (
        board.layout.row_column_region(a),
        board.layout.row_column_region(b),
    );
    x[0] == y[0] || x[1] == y[1]
}

/// The cells that see every cell of `cells` (none of them), in peer order.
fn seeing_all<'a>(board: &'a Board, cells: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
    let layout = &*board.layout;
    layout
        .peers(cells[0])
        .iter()
        .copied()
        .filter(move |&c| cells[1..].iter().all(|&e| e != c && layout.sees(c, e)))
}

/// Candidates a step removes, `(cell, digit)`.
type Removals = Vec<(usize, u8)>;

/// A type 3 subset: its cells besides the pattern's, its digits, what it removes.
type Subset = (Vec<usize>, u32, Removals);

/// The best step found so far and its place in the order (least first).
struct Best {
    key: (u32, u32),
    step: Deduction,
}

/// Whether a step with `key` would come before `best` (the first found stays among equals).
fn improves(best: &Option<Best>, key: (u32, u32)) -> bool {
    best.as_ref().is_none_or(|b| key < b.key)
}

/// Keeps the step if it removes something and comes before `best`; the pattern is built only
/// then.
fn offer(
    best: &mut Option<Best>,
    key: (u32, u32),
    eliminated: Vec<(usize, u8)>,
    pattern: impl FnOnce() -> Uniqueness,
) {
    if !eliminated.is_empty() && improves(best, key) {
        let step = Deduction::removing(Pattern::Uniqueness(pattern()), eliminated);
        *best = step.map(|step| Best { key, step });
    }
}

/// The first unique rectangle or loop (see the module documentation for the order), if the
/// puzzle is known to have one solution.
pub(crate) fn unique_rectangle(board: &Board) -> Option<Deduction> {
    if !board.assume_unique {
        return None;
    }
    let index = Index::new(board);
    rectangles(board, &index).or_else(|| loops(board, &index))
}

/// HoDoKu's scan: each bivalue cell (row-major) with its two candidates, a cell of its box in
/// its row or column, and the far side in each other band or stack; each rectangle once.
fn rectangles(board: &Board, index: &Index<'_>) -> Option<Deduction> {
    let layout = &*board.layout;
    let mut best: Option<Best> = None;
    for start in index.bivalues() {
        let pair = board.cands[start];
        // With no other cell holding only the pair, or it and one digit, the start is alone in
        // each of its rectangles to hold no other digit: only a hidden rectangle from it can
        // apply, its diagonal the one place of a digit of the pair in the far line but the mate.
        let alone = !index.has_partner(start, pair);
        let [row, column, boxed] = layout.row_column_region(start);
        for &mate in layout.unit(boxed) {
            let [mate_row, mate_column, _] = layout.row_column_region(mate);
            let along_row = mate_row == row;
            if mate == start || (!along_row && mate_column != column) || !index.allows(mate, pair) {
                continue;
            }
            let (near, far) = if along_row {
                (column, mate_column)
            } else {
                (row, mate_row)
            };
            let (near, far) = (layout.unit(near), layout.unit(far));
            let mate_plain = board.cands[mate] & !pair == 0;
            let lone = if mate_plain {
                [None; 2]
            } else {
                lone_places(board, far, mate, pair)
            };
            let side = Side {
                start,
                mate,
                pair,
                boxed,
                mate_plain,
                lone,
            };
            if alone && !lone.contains(&None) {
                let mut places = lone.map(|p| {
                    p.and_then(|p| far.iter().position(|&c| c == p))
                        .unwrap_or(usize::MAX)
                });
                places.sort_unstable();
                for (i, &k) in places.iter().enumerate() {
                    if k == usize::MAX || (i == 1 && k == places[0]) {
                        continue;
                    }
                    if let Some(step) = side.visit(board, index, near[k], far[k], &mut best) {
                        return Some(step);
                    }
                }
                continue;
            }
            for (&across, &diagonal) in near.iter().zip(far) {
                if let Some(step) = side.visit(board, index, across, diagonal, &mut best) {
                    return Some(step);
                }
            }
        }
    }
    best.map(|b| b.step)
}

/// A bivalue start and its box mate, the near side of the rectangles through them.
struct Side {
    start: usize,
    mate: usize,
    pair: u32,
    boxed: usize,
    mate_plain: bool,
    /// Each digit of the pair's one place in the far line besides the mate, if it has one.
    lone: [Option<usize>; 2],
}

impl Side {
    /// The rectangle with `across` (in the start's line) and `diagonal` (in the mate's):
    /// a type 1 at once, any other kept in `best`.
    fn visit(
        &self,
        board: &Board,
        index: &Index<'_>,
        across: usize,
        diagonal: usize,
        best: &mut Option<Best>,
    ) -> Option<Deduction> {
        let (pair, mate) = (self.pair, self.mate);
        // With the start the only cell holding no other digit, only a type 2 or 5 (the others
        // add one digit) or a hidden rectangle from the start (a digit of the pair with no
        // place in the far line but the mate and the diagonal) can apply.
        let plain = |c: usize| board.cands[c] & !pair == 0;
        if !self.mate_plain
            && !plain(across)
            && !plain(diagonal)
            && !single((board.cands[mate] | board.cands[across] | board.cands[diagonal]) & !pair)
            && !self.lone.contains(&Some(diagonal))
            && !self.lone.contains(&None)
        {
            return None;
        }
        if board.layout.row_column_region(across)[2] == self.boxed
            || !index.allows(across, pair)
            || !index.allows(diagonal, pair)
        {
            return None;
        }
        let corners = [self.start, mate, across, diagonal];
        if !board.layout.is_classic() && !swappable(board, &[self.start, mate, diagonal, across]) {
            return None;
        }
        if seen_before(board, index, &corners) {
            return None;
        }
        rectangle(board, corners, pair, best)
    }
}

/// For each digit of `pair`, its one place in `line` besides `mate` (`usize::MAX` when it has
/// more), or `None` when it has no other.
fn lone_places(board: &Board, line: &[usize], mate: usize, pair: u32) -> [Option<usize>; 2] {
    let (a, b) = two_digits(pair);
    [a, b].map(|digit| {
        let mut places = line.iter().filter(|&&c| c != mate && board.has(c, digit));
        match (places.next(), places.next()) {
            (None, _) => None,
            (Some(&c), None) => Some(c),
            _ => Some(usize::MAX),
        }
    })
}

/// Whether HoDoKu's scan met this rectangle from an earlier corner: a bivalue corner before
/// the start whose two digits every corner allows.
fn seen_before(board: &Board, index: &Index<'_>, corners: &[usize; 4]) -> bool {
    corners[1..].iter().any(|&corner| {
        let pair = board.cands[corner];
        corner < corners[0] && double(pair) && corners.iter().all(|&c| index.allows(c, pair))
    })
}

/// Every type of one rectangle, `corners` in HoDoKu's order (start, its box mate, the cell
/// across from the start, the one across from the mate). Returns a type 1 at once (nothing
/// comes before it); keeps any other in `best`.
fn rectangle(
    board: &Board,
    corners: [usize; 4],
    pair: u32,
    best: &mut Option<Best>,
) -> Option<Deduction> {
    let layout = &*board.layout;
    let (a, b) = two_digits(pair);
    let (mut plain, mut plains) = ([0usize; 4], 0);
    let (mut extra, mut extras) = ([0usize; 4], 0);
    for &cell in &corners {
        if board.cands[cell] & !pair == 0 {
            plain[plains] = cell;
            plains += 1;
        } else {
            extra[extras] = cell;
            extras += 1;
        }
    }
    // Loop order: start, mate, then back along the far side.
    let make = |kind: Kind| Uniqueness {
        kind,
        cells: vec![corners[0], corners[1], corners[3], corners[2]],
        digits: pair,
    };
    let key = |rank: u32, tenths: u32| (rank, tenths);

    if plains == 3 {
        let cell = extra[0];
        let eliminated: Vec<(usize, u8)> = [a, b]
            .into_iter()
            .filter(|&d| board.has(cell, d))
            .map(|d| (cell, d))
            .collect();
        if !eliminated.is_empty() {
            return Deduction::removing(
                Pattern::Uniqueness(make(Kind::Type1 { cell })),
                eliminated,
            );
        }
    }

    if plains == 1 || plains == 2 {
        let added = extra[..extras]
            .iter()
            .fold(0, |set, &c| set | board.cands[c])
            & !pair;
        if single(added) {
            let type5 = !(extras == 2 && aligned(board, extra[0], extra[1]));
            let rank = if type5 { 5 } else { 2 };
            if improves(best, key(rank, 45)) {
                let digit = added.trailing_zeros() as u8;
                let eliminated = seeing_all(board, &extra[..extras])
                    .filter(|&c| !corners.contains(&c) && board.has(c, digit))
                    .map(|c| (c, digit))
                    .collect();
                offer(best, key(rank, 45), eliminated, || {
                    make(Kind::Type2 {
                        extra: extra[..extras].to_vec(),
                        digit,
                        type5,
                    })
                });
            }
        }
    }

    if plains == 2 {
        let sides = [extra[0], extra[1]];
        let diagonal = !aligned(board, sides[0], sides[1]);
        if !diagonal {
            rectangle_type3(board, &corners, pair, sides, best, &make);
            if improves(best, key(4, 45))
                && let Some((unit, locked, eliminated)) = type4(board, pair, sides)
            {
                let kind = Kind::Type4 {
                    pair: sides,
                    unit,
                    locked,
                };
                offer(best, key(4, 45), eliminated, || make(kind));
            }
        } else if improves(best, key(6, 45)) {
            // Type 6: a digit confined, in both rows and both columns, to the rectangle.
            let [r1, c1, _] = layout.row_column_region(sides[0]);
            let [r2, c2, _] = layout.row_column_region(sides[1]);
            for digit in [a, b] {
                let outside = [r1, r2, c1, c2].iter().any(|&u| {
                    layout
                        .unit(u)
                        .iter()
                        .any(|&c| !corners.contains(&c) && board.has(c, digit))
                });
                if outside {
                    continue;
                }
                let eliminated: Vec<(usize, u8)> = sides
                    .iter()
                    .filter(|&&c| board.has(c, digit))
                    .map(|&c| (c, digit))
                    .collect();
                if !eliminated.is_empty() {
                    let kind = Kind::Type6 { pair: sides, digit };
                    offer(best, key(6, 45), eliminated, || make(kind));
                    break;
                }
            }
        }
    }

    // Hidden rectangle: from a bivalue corner (one, or two diagonal ones).
    let diagonal_plains = plains == 2 && !aligned(board, plain[0], plain[1]);
    if (plains == 1 || diagonal_plains) && improves(best, key(7, 45)) {
        for &corner in &plain[..plains] {
            let k = corners.iter().position(|&c| c == corner).expect("a corner");
            let cell = corners[3 - k];
            let [row, column, _] = layout.row_column_region(cell);
            for (locked, other) in [(a, b), (b, a)] {
                let outside = [row, column].iter().any(|&u| {
                    layout
                        .unit(u)
                        .iter()
                        .any(|&c| !corners.contains(&c) && board.has(c, locked))
                });
                if outside || !board.has(cell, other) {
                    continue;
                }
                let kind = Kind::HiddenRectangle {
                    corner,
                    cell,
                    locked,
                };
                offer(best, key(7, 45), vec![(cell, other)], || make(kind));
                return None;
            }
        }
    }
    None
}

/// Type 3 of a rectangle whose aligned cells `sides` hold other digits: HoDoKu's naked subsets
/// (rows, columns, boxes; cells holding neither digit), then Sudoku Explainer's hidden ones.
fn rectangle_type3(
    board: &Board,
    corners: &[usize; 4],
    pair: u32,
    sides: [usize; 2],
    best: &mut Option<Best>,
    make: &dyn Fn(Kind) -> Uniqueness,
) {
    let layout = &*board.layout;
    let (u1, u2) = (
        layout.row_column_region(sides[0]),
        layout.row_column_region(sides[1]),
    );
    let added = (board.cands[sides[0]] | board.cands[sides[1]]) & !pair;
    for k in 0..3 {
        if u1[k] != u2[k] {
            continue;
        }
        let unit = u1[k];
        // The most digits a subset may have and still come first.
        let limit = match best {
            Some(b) if b.key.0 < 3 => return,
            Some(b) if b.key.0 == 3 => (b.key.1 as usize).saturating_sub(45),
            _ => MAX_SUBSET,
        };
        let mut search = NakedSearch {
            board,
            unit,
            in_box: k == 2,
            sides,
            pool: [0; 25],
            size: 0,
            picked: [0; 25],
            limit: limit.min(MAX_SUBSET),
            found: None,
        };
        for &cell in layout.unit(unit) {
            let cands = board.cands[cell];
            if !corners.contains(&cell) && cands != 0 && cands & pair == 0 {
                search.pool[search.size] = cell;
                search.size += 1;
            }
        }
        search.extend(0, 0, added);
        if let Some((subset, set, eliminated)) = search.found {
            let tenths = 45 + set.count_ones() - 1;
            let kind = Kind::Naked {
                pair: sides,
                unit,
                subset,
                set,
            };
            offer(best, (3, tenths), eliminated, || make(kind));
        }
    }
    // Sudoku Explainer's hidden subsets need both digits as candidates of both cells.
    if sides.iter().any(|&c| board.cands[c] & pair != pair) {
        return;
    }
    for degree in 2..=MAX_SUBSET {
        let tenths = 45 + degree as u32 - 2;
        if !improves(best, (3, tenths)) {
            return;
        }
        for k in EXPLAINER_KINDS {
            if u1[k] != u2[k] {
                continue;
            }
            if let Some((subset, set, eliminated)) =
                hidden_subset(board, u1[k], sides, pair, added, degree)
            {
                let kind = Kind::Hidden {
                    pair: sides,
                    unit: u1[k],
                    subset,
                    set,
                };
                offer(best, (3, tenths), eliminated, || make(kind));
            }
        }
    }
}

/// HoDoKu's search for a naked subset of a rectangle's two extra cells (as one cell) with other
/// cells of a unit: subsets of the pool in depth-first order, the fewest digits kept.
struct NakedSearch<'a> {
    board: &'a Board,
    unit: usize,
    /// A box: subsets lying in one line are that line's, not the box's.
    in_box: bool,
    sides: [usize; 2],
    pool: [usize; 25],
    size: usize,
    picked: [usize; 25],
    /// The most digits a subset may have.
    limit: usize,
    found: Option<Subset>,
}

impl NakedSearch<'_> {
    /// Adds each pool cell from `from` on to the `count` picked, whose digits with the extra
    /// cells' are `set`.
    fn extend(&mut self, from: usize, count: usize, set: u32) {
        for i in from..self.size {
            let cell = self.pool[i];
            let set = set | self.board.cands[cell];
            let digits = set.count_ones() as usize;
            if digits > self.limit {
                continue;
            }
            self.picked[count] = cell;
            let count = count + 1;
            // The extra cells count as one: `count + 1` cells, as many digits.
            if digits == count + 1 && !(self.in_box && self.in_one_line(count)) {
                self.check(count, set);
            }
            // Each further cell brings the digit count one nearer the cell count at most.
            if digits <= count + 1 + (self.size - i - 1) {
                self.extend(i + 1, count, set);
            }
        }
    }

    fn in_one_line(&self, count: usize) -> bool {
        let layout = &*self.board.layout;
        let cells = self.picked[..count].iter().chain(&self.sides);
        let first = layout.row_column_region(self.sides[0]);
        (0..2).any(|k| {
            cells
                .clone()
                .all(|&c| layout.row_column_region(c)[k] == first[k])
        })
    }

    fn check(&mut self, count: usize, set: u32) {
        let board = self.board;
        let layout = &*board.layout;
        let subset = &self.picked[..count];
        let in_subset = |c: &usize| subset.contains(c) || self.sides.contains(c);
        let mut eliminated = Vec::new();
        let lose = |cell: usize, eliminated: &mut Vec<(usize, u8)>| {
            for d in digits(board.cands[cell] & set) {
                if !eliminated.contains(&(cell, d)) {
                    eliminated.push((cell, d));
                }
            }
        };
        for &cell in layout.unit(self.unit) {
            if !in_subset(&cell) {
                lose(cell, &mut eliminated);
            }
        }
        // A subset of a line lying in one box also clears the box.
        let boxed = layout.row_column_region(self.sides[0])[2];
        if !self.in_box
            && subset
                .iter()
                .chain(&self.sides)
                .all(|&c| layout.row_column_region(c)[2] == boxed)
        {
            for &cell in layout.unit(boxed) {
                if !in_subset(&cell) {
                    lose(cell, &mut eliminated);
                }
            }
        }
        if !eliminated.is_empty() {
            self.found = Some((subset.to_vec(), set, eliminated));
            // Only a subset with fewer digits comes before this one.
            self.limit = set.count_ones() as usize - 1;
        }
    }
}

/// Sudoku Explainer's hidden type 3 of size `degree` in `unit`: `pair` and `degree − 2` digits
/// other than `added` whose places in the unit, `sides[1]` left out, are `degree` cells (one of
/// them `sides[0]`). The cells besides `sides[0]` hold only those digits. Returns the first
/// (digits ascending) that removes something, if the unit has more than twice `degree` empty
/// cells.
fn hidden_subset(
    board: &Board,
    unit: usize,
    sides: [usize; 2],
    pair: u32,
    added: u32,
    degree: usize,
) -> Option<Subset> {
    let layout = &*board.layout;
    let cells = layout.unit(unit);
    let empty = cells.iter().filter(|&&c| board.values[c] == 0).count();
    if degree * 2 >= empty {
        return None;
    }
    let mut places = board.positions_in(unit);
    let skip = cells
        .iter()
        .position(|&c| c == sides[1])
        .expect("in the unit");
    for p in places.iter_mut() {
        *p &= !(1 << skip);
    }
    let (a, b) = two_digits(pair);
    let rest = layout.all & !pair & !added;
    let mut others = [0u8; 25];
    let mut count = 0;
    for d in digits(rest) {
        others[count] = d;
        count += 1;
    }
    let start = places[a as usize] | places[b as usize];
    let mut chosen = [0u8; MAX_SUBSET];
    let mut found = None;
    choose_hidden(
        &places,
        &others[..count],
        degree - 2,
        0,
        &mut chosen,
        0,
        start,
        &mut |set_digits: &[u8], union: u32| {
            if union.count_ones() as usize != degree {
                return false;
            }
            let set = set_digits.iter().fold(pair, |s, &d| s | 1 << d);
            let mut subset = Vec::new();
            let mut eliminated = Vec::new();
            for (k, &cell) in cells.iter().enumerate() {
                if union & (1 << k) == 0 || cell == sides[0] {
                    continue;
                }
                subset.push(cell);
                for d in digits(board.cands[cell] & !set) {
                    eliminated.push((cell, d));
                }
            }
            if eliminated.is_empty() {
                return false;
            }
            found = Some((subset, set, eliminated));
            true
        },
    );
    found
}

/// Picks `want` more digits of `others` from `from` on (their places each non-empty), the
/// union of places staying within `want + picked + 2` cells; `visit` each full pick, `true`
/// to stop.
#[allow(clippy::too_many_arguments)]
fn choose_hidden(
    places: &[u32; 26],
    others: &[u8],
    want: usize,
    from: usize,
    chosen: &mut [u8; MAX_SUBSET],
    picked: usize,
    union: u32,
    visit: &mut dyn FnMut(&[u8], u32) -> bool,
) -> bool {
    if picked == want {
        return visit(&chosen[..picked], union);
    }
    let degree = want + 2;
    for i in from..others.len() {
        let p = places[others[i] as usize];
        if p == 0 {
            continue;
        }
        let union = union | p;
        if union.count_ones() as usize > degree {
            continue;
        }
        chosen[picked] = others[i];
        if choose_hidden(
            places,
            others,
            want,
            i + 1,
            chosen,
            picked + 1,
            union,
            visit,
        ) {
            return true;
        }
    }
    false
}

/// Sudoku Explainer's type 4: a unit the two cells share (boxes, rows, columns, the last
/// kept) where the lower digit, else the higher, has no other place; the other digit leaves
/// the cells. Returns the unit, the locked digit and the removals.
fn type4(board: &Board, pair: u32, sides: [usize; 2]) -> Option<(usize, u8, Removals)> {
    let layout = &*board.layout;
    let (a, b) = two_digits(pair);
    let (u1, u2) = (
        layout.row_column_region(sides[0]),
        layout.row_column_region(sides[1]),
    );
    let mut locks: [Option<usize>; 2] = [None, None];
    for k in EXPLAINER_KINDS {
        if u1[k] != u2[k] {
            continue;
        }
        let unit = u1[k];
        for (slot, digit) in [a, b].into_iter().enumerate() {
            let elsewhere = layout
                .unit(unit)
                .iter()
                .any(|&c| !sides.contains(&c) && board.has(c, digit));
            if !elsewhere {
                locks[slot] = Some(unit);
            }
        }
    }
    for (slot, (locked, other)) in [(a, b), (b, a)].into_iter().enumerate() {
        let Some(unit) = locks[slot] else {
            continue;
        };
        let eliminated: Vec<(usize, u8)> = sides
            .iter()
            .filter(|&&c| board.has(c, other))
            .map(|&c| (c, other))
            .collect();
        if !eliminated.is_empty() {
            return Some((unit, locked, eliminated));
        }
    }
    None
}

/// Sudoku Explainer's unique loops of 6 cells or more, from each bivalue cell (row-major)
/// through cells holding both its digits; the lowest rated, then lowest type, first found.
fn loops(board: &Board, index: &Index<'_>) -> Option<Deduction> {
    let mut search = LoopSearch {
        board,
        pair: 0,
        start: 0,
        path: [0; MAX_LOOP],
        len: 0,
        on_path: CellSet::default(),
        units: [0; 2],
        best: None,
    };
    for (k, start) in index.bivalues().enumerate() {
        let pair = board.cands[start];
        let Some(allowed) = may_loop(board, index, k, pair) else {
            continue;
        };
        search.pair = pair;
        search.start = start;
        search.path[0] = start;
        search.len = 1;
        search.units = [units_bits(board, start), 0];
        search.on_path = CellSet::default();
        search.on_path.insert(start);
        if search.extend(start, allowed, 0, usize::MAX) {
            break;
        }
    }
    search.best.map(|b| b.step)
}

/// Whether a loop of 6 or more cells not found from an earlier start can pass through `start`.
/// With two cells or fewer holding other digits, four cells from the start on hold exactly its
/// two digits, in at most two runs along the loop, so two pairs of them see each other; with
/// more, those add the same one digit. Returns how many cells with any other digits the search
/// may take (more if they add one digit), `None` if no loop can pass.
fn may_loop(board: &Board, index: &Index<'_>, k: usize, pair: u32) -> Option<i32> {
    let mut exact = [0usize; 8];
    let (mut count, mut links) = (0, 0);
    for c in index.bivalue[k..index.bivalues].iter().map(|&c| c as usize) {
        if board.cands[c] != pair {
            continue;
        }
        if count < exact.len() {
            links += exact[..count]
                .iter()
                .filter(|&&e| board.layout.sees(e, c))
                .count();
            exact[count] = c;
        }
        count += 1;
    }
    if count >= 4 && (links >= 2 || count > exact.len()) {
        return Some(2);
    }
    // Cells holding the pair and one digit more, by that digit.
    let mut three = [0usize; 26];
    for &c in &index.trivalue[..index.trivalues] {
        let cands = board.cands[c as usize];
        if cands & pair == pair {
            three[(cands & !pair).trailing_zeros() as usize] += 1;
        }
    }
    three.iter().any(|&t| t >= 3 && count + t >= 6).then_some(0)
}

/// Whether cells taking two digits alternately around a loop (`cells` in loop order) could
/// swap them: every unit holding one of them holds exactly one at an even place and one at an
/// odd place. Then swapping keeps every unit's digits, so a second solution would follow. Two
/// rows, two columns and two boxes of a rectangle on a classic board always are; on a jigsaw
/// the far corners may lie in different regions, and on a diagonal board a diagonal may hold
/// one corner, or two of one digit, which the swap would break.
fn swappable(board: &Board, cells: &[usize]) -> bool {
    let mut sides = [0u128; 2];
    for (k, &cell) in cells.iter().enumerate() {
        let bits = units_bits(board, cell);
        if sides[k & 1] & bits != 0 {
            return false;
        }
        sides[k & 1] |= bits;
    }
    sides[0] == sides[1]
}

/// Every unit of a cell (row, column, region and any diagonal) as bits of a unit set.
fn units_bits(board: &Board, cell: usize) -> u128 {
    board
        .layout
        .units_of(cell)
        .iter()
        .fold(0, |set, &u| set | 1u128 << u)
}

/// Sudoku Explainer's depth-first search for loops from one start.
struct LoopSearch<'a> {
    board: &'a Board,
    pair: u32,
    start: usize,
    path: [usize; MAX_LOOP],
    len: usize,
    /// The cells of the path.
    on_path: CellSet,
    /// The units holding a cell at an even place of the path, and at an odd one: a loop is
    /// valid when each unit holds one of each.
    units: [u128; 2],
    best: Option<Best>,
}

impl LoopSearch<'_> {
    /// Extends the path from its last cell `cell` through a unit of another kind than the
    /// last link's: `allowed` more cells with extra candidates may join (any number if they
    /// add the same one digit), `added` the extra digits so far. Returns `true` when nothing
    /// can come before the best step found.
    fn extend(&mut self, cell: usize, allowed: i32, added: u32, last_kind: usize) -> bool {
        let board = self.board;
        let layout = &*board.layout;
        for kind in EXPLAINER_KINDS {
            if kind == last_kind {
                continue;
            }
            let unit = layout.row_column_region(cell)[kind];
            for &next in layout.unit(unit) {
                if next == self.start {
                    if self.len >= 6 && self.units[0] == self.units[1] && self.closed() {
                        return true;
                    }
                    continue;
                }
                let cands = board.cands[next];
                if cands & self.pair != self.pair || self.on_path.contains(next) {
                    continue;
                }
                // A loop through an earlier bivalue cell of the same digits was found from it.
                if cands == self.pair && next < self.start {
                    continue;
                }
                let added = added | (cands & !self.pair);
                let plain = cands == self.pair;
                if !(plain || single(added) || allowed > 0) {
                    continue;
                }
                let parity = self.len & 1;
                let bits = units_bits(board, next);
                if self.units[parity] & bits != 0 || self.len == MAX_LOOP {
                    continue;
                }
                self.path[self.len] = next;
                self.len += 1;
                self.units[parity] |= bits;
                self.on_path.insert(next);
                let stop = self.extend(next, allowed - i32::from(!plain), added, kind);
                self.on_path.remove(next);
                self.len -= 1;
                self.units[parity] &= !bits;
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// Rates the closed loop `path[..len]`: Sudoku Explainer's types by its cells with extra
    /// candidates. Returns `true` when nothing can come before the best step found.
    fn closed(&mut self) -> bool {
        let board = self.board;
        let pair = self.pair;
        let (v1, v2) = two_digits(pair);
        let cells = &self.path[..self.len];
        let base = match cells.len() {
            6 => 46,
            8 => 47,
            _ => 50,
        };
        let mut extra = [0usize; MAX_LOOP];
        let mut extras = 0;
        for &c in cells {
            if board.cands[c] != pair {
                extra[extras] = c;
                extras += 1;
            }
        }
        let make = |kind: Kind| Uniqueness {
            kind,
            cells: cells.to_vec(),
            digits: pair,
        };
        let best = &mut self.best;
        let added = extra[..extras]
            .iter()
            .fold(0, |set, &c| set | board.cands[c])
            & !pair;
        if extras == 1 {
            let cell = extra[0];
            let eliminated = vec![(cell, v1), (cell, v2)];
            offer(best, (base, 1), eliminated, || make(Kind::Type1 { cell }));
        } else if extras > 2 || (extras == 2 && added.count_ones() == 1) {
            if improves(best, (base, 2)) {
                let digit = added.trailing_zeros() as u8;
                let eliminated = seeing_all(board, &extra[..extras])
                    .filter(|&c| board.has(c, digit))
                    .map(|c| (c, digit))
                    .collect();
                offer(best, (base, 2), eliminated, || {
                    make(Kind::Type2 {
                        extra: extra[..extras].to_vec(),
                        digit,
                        type5: false,
                    })
                });
            }
        } else if extras == 2 {
            let sides = [extra[0], extra[1]];
            loop_type3(board, base, sides, pair, added, best, &make);
        }
        if extras == 2
            && improves(best, (base, 4))
            && let Some((unit, locked, eliminated)) = type4(board, pair, [extra[0], extra[1]])
        {
            let kind = Kind::Type4 {
                pair: [extra[0], extra[1]],
                unit,
                locked,
            };
            offer(best, (base, 4), eliminated, || make(kind));
        }
        // Nothing rates below a loop of 6 of type 1.
        best.as_ref().is_some_and(|b| b.key == (46, 1))
    }
}

/// Sudoku Explainer's type 3 of a loop whose two cells `sides` hold the extra digits `added`:
/// by size, then unit (box, row, column), a naked subset, then a hidden one.
fn loop_type3(
    board: &Board,
    base: u32,
    sides: [usize; 2],
    pair: u32,
    added: u32,
    best: &mut Option<Best>,
    make: &dyn Fn(Kind) -> Uniqueness,
) {
    let layout = &*board.layout;
    let (u1, u2) = (
        layout.row_column_region(sides[0]),
        layout.row_column_region(sides[1]),
    );
    for degree in 2..=MAX_SUBSET {
        let naked_key = (base + degree as u32 - 1, 3);
        let hidden_key = (base + degree as u32 - 2, 3);
        if !improves(best, hidden_key) {
            return;
        }
        for k in EXPLAINER_KINDS {
            if u1[k] != u2[k] {
                continue;
            }
            let unit = u1[k];
            let empty = layout
                .unit(unit)
                .iter()
                .filter(|&&c| board.values[c] == 0)
                .count();
            if degree * 2 <= empty
                && degree >= added.count_ones() as usize
                && improves(best, naked_key)
                && let Some((subset, set, eliminated)) =
                    naked_subset(board, unit, sides, added, degree)
            {
                let kind = Kind::Naked {
                    pair: sides,
                    unit,
                    subset,
                    set,
                };
                offer(best, naked_key, eliminated, || make(kind));
            }
            if improves(best, hidden_key)
                && let Some((subset, set, eliminated)) =
                    hidden_subset(board, unit, sides, pair, added, degree)
            {
                let kind = Kind::Hidden {
                    pair: sides,
                    unit,
                    subset,
                    set,
                };
                offer(best, hidden_key, eliminated, || make(kind));
            }
        }
    }
}

/// Sudoku Explainer's naked type 3 of size `degree` in `unit`: `degree − 1` cells (not
/// `sides`, two candidates or more each) whose digits with `added` are `degree`, also with only
/// the extra digits both sides hold. The unit's other cells lose those digits.
fn naked_subset(
    board: &Board,
    unit: usize,
    sides: [usize; 2],
    added: u32,
    degree: usize,
) -> Option<Subset> {
    let layout = &*board.layout;
    let mut pool = [0usize; 25];
    let mut size = 0;
    for &cell in layout.unit(unit) {
        if !sides.contains(&cell) && board.cands[cell].count_ones() > 1 {
            pool[size] = cell;
            size += 1;
        }
    }
    let shared = added & board.cands[sides[0]] & board.cands[sides[1]];
    let mut picked = [0usize; MAX_SUBSET];
    let mut found = None;
    choose_cells(
        board,
        &pool[..size],
        degree - 1,
        degree,
        0,
        &mut picked,
        0,
        added,
        &mut |subset: &[usize], set: u32| {
            let own = subset.iter().fold(shared, |s, &c| s | board.cands[c]);
            if set.count_ones() as usize != degree || own.count_ones() as usize != degree {
                return false;
            }
            let eliminated: Vec<(usize, u8)> = layout
                .unit(unit)
                .iter()
                .filter(|c| !subset.contains(c) && !sides.contains(c))
                .flat_map(|&c| digits(board.cands[c] & set).map(move |d| (c, d)))
                .collect();
            if eliminated.is_empty() {
                return false;
            }
            found = Some((subset.to_vec(), set, eliminated));
            true
        },
    );
    found
}

/// Picks `want` cells of `pool` from `from` on, their digits with `set` staying within `most`;
/// `visit` each full pick, `true` to stop.
#[allow(clippy::too_many_arguments)]
fn choose_cells(
    board: &Board,
    pool: &[usize],
    want: usize,
    most: usize,
    from: usize,
    picked: &mut [usize; MAX_SUBSET],
    count: usize,
    set: u32,
    visit: &mut dyn FnMut(&[usize], u32) -> bool,
) -> bool {
    if count == want {
        return visit(&picked[..count], set);
    }
    for i in from..pool.len() {
        let set = set | board.cands[pool[i]];
        if set.count_ones() as usize > most {
            continue;
        }
        picked[count] = pool[i];
        if choose_cells(
            board,
            pool,
            want,
            most,
            i + 1,
            picked,
            count + 1,
            set,
            visit,
        ) {
            return true;
        }
    }
    false
}

/// The BUG (Sudoku Explainer's types 1 to 4; its type 1 with one extra digit is HoDoKu's
/// BUG+1, a placement), if the puzzle is known to have one solution.
pub(crate) fn bug(board: &Board) -> Option<Deduction> {
    if !board.assume_unique {
        return None;
    }
    let layout = &*board.layout;
    let cells = layout.cell_count();
    if !(0..cells).any(|c| three_or_more(board.cands[c])) {
        return None;
    }
    // Each cell's extra digits, found where a digit has neither zero nor two places in a unit
    // and one of those places has three candidates or more.
    let mut extra = [0u32; 625];
    let mut all_extra = 0u32;
    // Sudoku Explainer's rescue for one extra digit whose cells are never alone in a unit:
    // every such place with three candidates or more, while every unit's odd digit is the same.
    let mut rescue = CellSet::default();
    let mut only: Option<u8> = None;
    let mut one_digit = true;
    let n = layout.n;
    let units = EXPLAINER_KINDS
        .into_iter()
        .flat_map(|kind| kind * n..(kind + 1) * n)
        .chain(layout.diagonals());
    for unit in units {
        let unit_cells = layout.unit(unit);
        // Digits with one place, two, more; with one place of three candidates, two.
        let (mut ones, mut twos, mut more) = (0u32, 0u32, 0u32);
        let (mut wide_ones, mut wide_twos) = (0u32, 0u32);
        for &cell in unit_cells {
            let c = board.cands[cell];
            more |= twos & c;
            twos |= ones & c;
            ones |= c;
            if three_or_more(c) {
                wide_twos |= wide_ones & c;
                wide_ones |= c;
            }
        }
        let odd = (ones & !twos) | more;
        if odd & !wide_ones != 0 {
            // Too many or too few places, none of them a cell with three candidates.
            return None;
        }
        for digit in digits(odd) {
            match only {
                None => only = Some(digit),
                Some(d) if d == digit => {}
                Some(_) => one_digit = false,
            }
            if one_digit {
                for &cell in unit_cells {
                    if three_or_more(board.cands[cell]) && board.has(cell, digit) {
                        rescue.insert(cell);
                    }
                }
            }
        }
        for digit in digits(odd & wide_ones & !wide_twos) {
            let cell = *unit_cells
                .iter()
                .find(|&&c| three_or_more(board.cands[c]) && board.has(c, digit))
                .expect("the one place with three candidates");
            extra[cell] |= 1 << digit;
            all_extra |= 1 << digit;
        }
    }
    if let (true, Some(digit)) = (one_digit, only) {
        for cell in rescue.iter() {
            if extra[cell] == 0 {
                extra[cell] = 1 << digit;
            }
        }
    }
    // Without the extra digits every empty cell holds two, every digit two places a unit.
    if (0..cells).any(|c| board.values[c] == 0 && !double(board.cands[c] & !extra[c])) {
        return None;
    }
    for unit in 0..layout.unit_count() {
        let (mut ones, mut twos, mut more) = (0u32, 0u32, 0u32);
        for &cell in layout.unit(unit) {
            let c = board.cands[cell] & !extra[cell];
            more |= twos & c;
            twos |= ones & c;
            ones |= c;
        }
        if ones != twos || more != 0 {
            return None;
        }
    }
    let bug_cells: Vec<usize> = (0..cells).filter(|&c| extra[c] != 0).collect();
    let make = |kind: Kind| {
        Pattern::Uniqueness(Uniqueness {
            kind,
            cells: bug_cells.clone(),
            digits: all_extra,
        })
    };
    if let &[cell] = &bug_cells[..] {
        if all_extra.count_ones() == 1 {
            let digit = all_extra.trailing_zeros() as u8;
            return Some(Deduction::placing(make(Kind::Bug1), cell, digit));
        }
        let eliminated = digits(board.cands[cell] & !all_extra)
            .map(|d| (cell, d))
            .collect();
        return Deduction::removing(make(Kind::Bug1), eliminated);
    }
    let common: Vec<usize> = seeing_all(board, &bug_cells).collect();
    if all_extra.count_ones() == 1 {
        let digit = all_extra.trailing_zeros() as u8;
        let eliminated = common
            .iter()
            .filter(|&&c| board.has(c, digit))
            .map(|&c| (c, digit))
            .collect();
        if let Some(step) = Deduction::removing(make(Kind::Bug2 { digit }), eliminated) {
            return Some(step);
        }
        return bug4(board, &bug_cells, &extra, all_extra).map(|(unit, digit, eliminated)| {
            Deduction::removing(make(Kind::Bug4 { unit, digit }), eliminated)
                .expect("type 4 removes a candidate")
        });
    }
    if common.is_empty() {
        return None;
    }
    if let Some((unit, digit, eliminated)) = bug4(board, &bug_cells, &extra, all_extra) {
        return Deduction::removing(make(Kind::Bug4 { unit, digit }), eliminated);
    }
    bug3(board, &bug_cells, all_extra).and_then(|(unit, (subset, set, eliminated))| {
        Deduction::removing(make(Kind::Bug3 { unit, subset, set }), eliminated)
    })
}

/// BUG type 4: two extra cells sharing a unit (boxes, rows, columns) and one digit besides the
/// extra ones: that digit has only them in the unit, so each keeps only it and its extras.
fn bug4(
    board: &Board,
    bug_cells: &[usize],
    extra: &[u32; 625],
    all_extra: u32,
) -> Option<(usize, u8, Removals)> {
    let &[c1, c2] = bug_cells else {
        return None;
    };
    let common = board.cands[c1] & board.cands[c2] & !all_extra;
    if common.count_ones() != 1 {
        return None;
    }
    let digit = common.trailing_zeros() as u8;
    let (u1, u2) = (
        board.layout.row_column_region(c1),
        board.layout.row_column_region(c2),
    );
    let k = EXPLAINER_KINDS.into_iter().find(|&k| u1[k] == u2[k])?;
    let eliminated = [c1, c2]
        .into_iter()
        .flat_map(|c| digits(board.cands[c] & !extra[c] & !common).map(move |d| (c, d)))
        .collect();
    Some((u1[k], digit, eliminated))
}

/// BUG type 3: by size (2 to 6), then unit kind (box, row, column), a unit holding every extra
/// cell where those cells, as one holding the extra digits, form a naked subset with others.
fn bug3(board: &Board, bug_cells: &[usize], all_extra: u32) -> Option<(usize, Subset)> {
    let layout = &*board.layout;
    if all_extra.count_ones() < 2 {
        return None;
    }
    for degree in 2..=6 {
        for k in EXPLAINER_KINDS {
            let unit = layout.row_column_region(bug_cells[0])[k];
            if bug_cells
                .iter()
                .any(|&c| layout.row_column_region(c)[k] != unit)
            {
                continue;
            }
            let mut pool = [0usize; 25];
            let mut size = 0;
            for &cell in layout.unit(unit) {
                if !bug_cells.contains(&cell) {
                    pool[size] = cell;
                    size += 1;
                }
            }
            if size < degree {
                continue;
            }
            let mut picked = [0usize; MAX_SUBSET];
            let mut found = None;
            choose_cells(
                board,
                &pool[..size],
                degree - 1,
                degree,
                0,
                &mut picked,
                0,
                0,
                &mut |subset: &[usize], set: u32| {
                    let valid = set.count_ones() as usize == degree
                        && set & all_extra == all_extra
                        && subset.iter().all(|&c| board.cands[c].count_ones() > 1);
                    if !valid {
                        return false;
                    }
                    let eliminated: Vec<(usize, u8)> = pool[..size]
                        .iter()
                        .filter(|c| !subset.contains(c))
                        .flat_map(|&c| digits(board.cands[c] & set).map(move |d| (c, d)))
                        .collect();
                    if eliminated.is_empty() {
                        return false;
                    }
                    found = Some((subset.to_vec(), set, eliminated));
                    true
                },
            );
            if let Some(subset) = found {
                return Some((unit, subset));
            }
        }
    }
    None
}

/// A set of cells of any board (up to 640).
#[derive(Clone, Copy, Default)]
struct CellSet([u64; 10]);

impl CellSet {
    fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Geometry, Grid, Shape, Variant};

    use super::*;
    use crate::techniques::testing::*;

    /// The board with uniqueness assumed.
    fn unique(mut board: Board) -> Board {
        board.assume_unique = true;
        board
    }

    /// The pattern of a step of this family.
    fn pattern(step: &Deduction) -> &Uniqueness {
        match &step.pattern {
            Pattern::Uniqueness(found) => found,
            other => panic!("not a uniqueness step: {other:?}"),
        }
    }

    /// A 4×4 board whose cells hold `pairs` (row-major, each a digit pair as two digits).
    fn small_board(pairs: [[u8; 2]; 16]) -> Board {
        let mut board = Board::new(&Grid::empty(Shape::S4)).unwrap();
        for (cell, pair) in pairs.iter().enumerate() {
            board.cands[cell] = (1 << pair[0]) | (1 << pair[1]);
        }
        unique(board)
    }

    /// Two 4×4 solutions that differ in every cell, the second the first with each digit `d`
    /// turned into `turn[d]`: each cell holding its two digits is a BUG, every digit twice in
    /// each unit.
    fn bug_board(turn: [u8; 5]) -> Board {
        let first = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut pairs = [[0u8; 2]; 16];
        for (cell, &d) in first.iter().enumerate() {
            pairs[cell] = [d, turn[d as usize]];
        }
        small_board(pairs)
    }

    #[test]
    fn nothing_is_found_unless_the_puzzle_is_known_to_have_one_solution() {
        let mut board = open_board();
        for cell in [rc(1, 1), rc(1, 2), rc(4, 1)] {
            keep(&mut board, cell, &[1, 2]);
        }
        assert_eq!(unique_rectangle(&board), None);
        assert!(unique_rectangle(&unique(board)).is_some());
        let mut board = bug_board([0, 2, 1, 4, 3]);
        board.cands[0] |= 1 << 3;
        board.assume_unique = false;
        assert_eq!(super::bug(&board), None);
    }

    #[test]
    fn type_1_removes_the_pair_from_the_fourth_corner() {
        let mut board = open_board();
        // r1c1, r1c2 (box 1), r4c1 (box 4) hold only 1 and 2; r4c2, the fourth corner in box
        // 4, would complete a pattern that could swap, so it is neither 1 nor 2.
        for cell in [rc(1, 1), rc(1, 2), rc(4, 1)] {
            keep(&mut board, cell, &[1, 2]);
        }
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        assert_eq!(step.eliminated, vec![(rc(4, 2), 1), (rc(4, 2), 2)]);
        let found = pattern(&step);
        assert_eq!(found.technique(), Technique::UniqueRectangle);
        assert_eq!(found.explainer(), 4.5);
        assert_eq!(found.hodoku(), HodokuStep::new(Level::Hard, 100));
        assert_eq!(
            step.describe(&board),
            "Unique Rectangle type 1 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle having \
             one solution, these cells cannot hold only 1 and 2, which could swap; r4c2 alone \
             holds other digits, so it takes one: removes 1 from r4c2; 2 from r4c2"
        );
    }

    /// On a diagonal board the type 1 rectangle above is no deadly pattern: r1c1 is the main
    /// diagonal's only corner, so swapping 1 and 2 would change that diagonal's digits. The
    /// same rectangle one column right (r1c2, r1c3, r4c2, r4c3) touches no diagonal and
    /// stands: r4c3 loses 1 and 2 as on a classic board.
    #[test]
    fn a_rectangle_with_one_corner_on_a_diagonal_is_not_used() {
        let diagonal = || {
            let geometry = Geometry::of(Shape::S9, &Variant::diagonal());
            Board::new(&Grid::empty_on(geometry)).unwrap()
        };
        let mut board = diagonal();
        for cell in [rc(1, 1), rc(1, 2), rc(4, 1)] {
            keep(&mut board, cell, &[1, 2]);
        }
        assert_eq!(unique_rectangle(&unique(board)), None);
        let mut board = diagonal();
        for cell in [rc(1, 2), rc(1, 3), rc(4, 2)] {
            keep(&mut board, cell, &[1, 2]);
        }
        let step = unique_rectangle(&unique(board)).expect("a rectangle off the diagonals");
        assert_eq!(step.eliminated, vec![(rc(4, 3), 1), (rc(4, 3), 2)]);
    }

    #[test]
    fn type_2_removes_the_one_extra_digit_from_cells_seeing_both_extra_cells() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2]);
        keep(&mut board, rc(4, 1), &[1, 2, 3]);
        keep(&mut board, rc(4, 2), &[1, 2, 3]);
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // One of r4c1, r4c2 is 3: the rest of row 4 and of box 4 lose it.
        let mut expected: Vec<(usize, u8)> = (3..=9).map(|c| (rc(4, c), 3)).collect();
        expected.extend(
            [5, 6]
                .iter()
                .flat_map(|&r| (1..=3).map(move |c| (rc(r, c), 3))),
        );
        expected.sort();
        assert_eq!(sorted(&step), expected);
        assert_eq!(pattern(&step).explainer(), 4.5);
        assert!(
            step.describe(&board).starts_with(
                "Unique Rectangle type 2 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle \
                 having one solution, these cells cannot hold only 1 and 2, which could swap; \
                 r4c1 and r4c2 add only 3, so one of them is 3 and cells seeing them all lose \
                 it: removes 3 from r4c3, "
            ),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn type_5_is_type_2_with_diagonal_extra_cells() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2, 3]);
        keep(&mut board, rc(4, 1), &[1, 2, 3]);
        keep(&mut board, rc(4, 2), &[1, 2]);
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // Cells seeing r1c2 and r4c1 outside the rectangle: r2c1, r3c1 (box 1 and column 1),
        // r5c2, r6c2 (column 2 and box 4).
        let expected = [rc(2, 1), rc(3, 1), rc(5, 2), rc(6, 2)].map(|c| (c, 3));
        assert_eq!(sorted(&step), expected);
        assert_eq!(pattern(&step).explainer(), 4.5);
        assert!(
            step.describe(&board)
                .starts_with("Unique Rectangle type 5 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1"),
            "{}",
            step.describe(&board)
        );
    }

    #[test]
    fn type_3_makes_a_naked_subset_of_the_extra_digits() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2]);
        keep(&mut board, rc(4, 1), &[1, 2, 3]);
        keep(&mut board, rc(4, 2), &[1, 2, 4]);
        keep(&mut board, rc(4, 5), &[3, 4]);
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // One of r4c1, r4c2 is 3 or 4; with r4c5 {3,4} that is a naked pair of row 4.
        let expected: Vec<(usize, u8)> = [3, 4, 6, 7, 8, 9]
            .iter()
            .flat_map(|&c| [(rc(4, c), 3), (rc(4, c), 4)])
            .collect();
        assert_eq!(sorted(&step), expected);
        assert_eq!(pattern(&step).explainer(), 4.6);
        assert_eq!(
            step.describe(&board),
            "Unique Rectangle type 3 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle having \
             one solution, these cells cannot hold only 1 and 2, which could swap; one of r4c1 \
             and r4c2 holds 3 or 4, and with r4c5 they form a naked subset of 3 and 4 in row 4: \
             removes 3 from r4c3, r4c4, r4c6, r4c7, r4c8 and r4c9; 4 from r4c3, r4c4, r4c6, \
             r4c7, r4c8 and r4c9"
        );
    }

    #[test]
    fn type_3_makes_a_hidden_subset_of_the_pair_digits() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2]);
        keep(&mut board, rc(4, 1), &[1, 2, 3]);
        keep(&mut board, rc(4, 2), &[1, 2, 4]);
        for digit in [1, 2] {
            remove(&mut board, digit, [3, 4, 5, 6, 8, 9].map(|c| rc(4, c)));
        }
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // 1 and 2 lie in row 4 only in r4c1, r4c2 and r4c7; one of the first two holds 3 or
        // 4, so r4c7 holds 1 or 2 and loses 3 to 9. (The naked subset of row 4's six other
        // cells with 3 to 9 would remove the same, rated 5.1.)
        let expected: Vec<(usize, u8)> = (3..=9).map(|d| (rc(4, 7), d)).collect();
        assert_eq!(sorted(&step), expected);
        assert_eq!(pattern(&step).explainer(), 4.5);
        assert_eq!(
            step.describe(&board),
            "Unique Rectangle type 3 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle having \
             one solution, these cells cannot hold only 1 and 2, which could swap; one of r4c1 \
             and r4c2 holds neither, so in row 4 1 and 2 fit only r4c7 and the other: removes \
             3 from r4c7; 4 from r4c7; 5 from r4c7; 6 from r4c7; 7 from r4c7; 8 from r4c7; 9 \
             from r4c7"
        );
    }

    #[test]
    fn type_4_locks_one_digit_in_the_extra_cells() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2]);
        keep(&mut board, rc(4, 1), &[1, 2, 3]);
        keep(&mut board, rc(4, 2), &[1, 2, 4, 5]);
        remove(&mut board, 1, (3..=9).map(|c| rc(4, c)));
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // Row 4's 1 is in r4c1 or r4c2; were the other 2, the pattern would be complete.
        assert_eq!(step.eliminated, vec![(rc(4, 1), 2), (rc(4, 2), 2)]);
        assert_eq!(pattern(&step).explainer(), 4.5);
        assert_eq!(
            step.describe(&board),
            "Unique Rectangle type 4 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle having \
             one solution, these cells cannot hold only 1 and 2, which could swap; 1 lies in \
             row 4 only in r4c1 and r4c2, so one of them is 1 and neither can be 2: removes 2 \
             from r4c1 and r4c2"
        );
    }

    #[test]
    fn type_6_removes_a_digit_confined_to_the_rectangle_from_its_diagonal_extra_cells() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2, 3]);
        keep(&mut board, rc(4, 1), &[1, 2, 4]);
        keep(&mut board, rc(4, 2), &[1, 2]);
        for r in [1, 4] {
            remove(&mut board, 1, (3..=9).map(|c| rc(r, c)));
        }
        for c in [1, 2] {
            remove(&mut board, 1, [2, 3, 5, 6, 7, 8, 9].map(|r| rc(r, c)));
        }
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // Were r1c2 1, row 1 and column 2 would make r1c1 and r4c2 2 and row 4 r4c1 1: the
        // pattern. The same for r4c1.
        assert_eq!(step.eliminated, vec![(rc(1, 2), 1), (rc(4, 1), 1)]);
        assert_eq!(
            step.describe(&board),
            "Unique Rectangle type 6 on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle having \
             one solution, these cells cannot hold only 1 and 2, which could swap; 1 lies in the \
             rectangle's rows and columns only in its cells, so were r1c2 or r4c1 1, the other \
             corners would complete the pattern: removes 1 from r1c2 and r4c1"
        );
    }

    #[test]
    fn a_hidden_rectangle_removes_the_other_digit_from_the_opposite_corner() {
        let mut board = open_board();
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 2), &[1, 2, 3]);
        keep(&mut board, rc(4, 1), &[1, 2, 4]);
        keep(&mut board, rc(4, 2), &[1, 2, 5]);
        remove(&mut board, 1, (3..=9).map(|c| rc(4, c)));
        remove(&mut board, 1, [2, 3, 5, 6, 7, 8, 9].map(|r| rc(r, 2)));
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a rectangle");
        // Were r4c2 2, row 4 would put 1 in r4c1, column 2 in r1c2, and r1c1 would be 2.
        assert_eq!(step.eliminated, vec![(rc(4, 2), 2)]);
        assert_eq!(pattern(&step).explainer(), 4.5);
        assert_eq!(
            step.describe(&board),
            "Hidden Rectangle on 1 and 2 in r1c1 - r1c2 - r4c2 - r4c1: the puzzle having one \
             solution, these cells cannot hold only 1 and 2, which could swap; 1 lies in row 4 \
             and column 2 only in the rectangle, so were r4c2 2, it and r1c1 would complete the \
             pattern: removes 2 from r4c2"
        );
    }

    #[test]
    fn a_loop_of_six_cells_removes_the_pair_from_its_one_extra_cell() {
        // Clues in r1c7, r2c1 and r3c4 keep any three loop cells from making a rectangle.
        let mut clues = Grid::empty(Shape::S9);
        for (cell, digit) in [(rc(1, 7), 4), (rc(2, 1), 3), (rc(3, 4), 5)] {
            clues.set(cell, digit);
        }
        let mut board = Board::new(&clues).unwrap();
        let path = [rc(1, 1), rc(1, 4), rc(2, 4), rc(2, 7), rc(3, 7)];
        for cell in path {
            keep(&mut board, cell, &[1, 2]);
        }
        let board = unique(board);
        let step = unique_rectangle(&board).expect("a loop");
        // r1c1 - r3c1 - r3c7 - r2c7 - r2c4 - r1c4 puts two cells in each of rows 1 to 3,
        // columns 1, 4, 7 and boxes 1 to 3: r3c1 cannot be 1 or 2. The search from r1c1 tries
        // its box first, so it meets r3c1 first.
        assert_eq!(step.eliminated, vec![(rc(3, 1), 1), (rc(3, 1), 2)]);
        let found = pattern(&step);
        assert_eq!(found.cells.len(), 6);
        assert_eq!(found.explainer(), 4.6);
        assert_eq!(
            step.describe(&board),
            "Unique Loop type 1 on 1 and 2 in r1c1 - r3c1 - r3c7 - r2c7 - r2c4 - r1c4: the \
             puzzle having one solution, these cells cannot hold only 1 and 2, which could swap; \
             r3c1 alone holds other digits, so it takes one: removes 1 from r3c1; 2 from r3c1"
        );
    }

    #[test]
    fn a_rectangle_on_a_six_by_six_board() {
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        // 6×6, boxes of two rows and three columns: r1c1 and r1c2 in box 1, r3c1 and r3c2 in
        // box 3. Three corners hold only 1 and 2: r3c2 loses both.
        let at = |r: usize, c: usize| (r - 1) * 6 + c - 1;
        for cell in [at(1, 1), at(1, 2), at(3, 1)] {
            keep(&mut board, cell, &[1, 2]);
        }
        let step = unique_rectangle(&unique(board)).expect("a rectangle");
        assert_eq!(step.eliminated, vec![(at(3, 2), 1), (at(3, 2), 2)]);
    }

    #[test]
    fn bug_plus_one_places_the_extra_digit() {
        // Each cell holds its digit in two solutions differing everywhere (1↔2, 3↔4), and r1c1
        // also holds 3: 3 has three places in row 1, column 1 and box 1, so r1c1 is 3.
        let mut board = bug_board([0, 2, 1, 4, 3]);
        board.cands[0] |= 1 << 3;
        let step = super::bug(&board).expect("a BUG");
        assert_eq!(step.placed, Some((0, 3)));
        let found = pattern(&step);
        assert_eq!(found.technique(), Technique::BugPlusOne);
        assert_eq!(found.explainer(), 5.6);
        assert_eq!(found.hodoku(), HodokuStep::new(Level::Hard, 100));
        assert_eq!(
            step.describe(&board),
            "BUG+1: without 3 in r1c1, every empty cell would hold two candidates and every \
             digit two places in each unit, a position with no solution or several; the puzzle \
             having one solution, r1c1 = 3"
        );
    }

    #[test]
    fn bug_type_2_removes_the_extra_digit_from_cells_seeing_every_extra_cell() {
        // r1c1 {1,2} and r1c2 {1,2} (pairs 1↔2, 3↔4) both also hold 3: one of them is 3, so
        // the rest of row 1 and box 1 lose it.
        let mut board = bug_board([0, 2, 1, 4, 3]);
        board.cands[0] |= 1 << 3;
        board.cands[1] |= 1 << 3;
        let step = super::bug(&board).expect("a BUG");
        assert_eq!(step.eliminated, vec![(2, 3), (3, 3), (4, 3), (5, 3)]);
        assert_eq!(pattern(&step).explainer(), 5.7);
        assert_eq!(
            step.describe(&board),
            "BUG type 2: without 3 in r1c1 and r1c2, every empty cell would hold two candidates \
             and every digit two places in each unit, a position with no solution or several; \
             the puzzle having one solution, one of those cells is 3, so cells seeing them all \
             lose it: removes 3 from r1c3, r1c4, r2c1 and r2c2"
        );
    }

    #[test]
    fn bug_type_3_makes_a_naked_subset_of_the_extra_digits() {
        // r1c1 {1,2} also holds 3 and r1c2 {1,2} also 4: one of them is its extra digit, so
        // with r2c1 {3,4} they make a naked pair of box 1, and r2c2 {3,4} loses both.
        let mut board = bug_board([0, 2, 1, 4, 3]);
        board.cands[0] |= 1 << 3;
        board.cands[1] |= 1 << 4;
        let step = super::bug(&board).expect("a BUG");
        assert_eq!(step.eliminated, vec![(5, 3), (5, 4)]);
        assert_eq!(pattern(&step).explainer(), 5.8);
        assert_eq!(
            step.describe(&board),
            "BUG type 3: without 3 and 4 in r1c1 and r1c2, every empty cell would hold two \
             candidates and every digit two places in each unit, a position with no solution or \
             several; the puzzle having one solution, one of those cells holds one of them, and \
             with r2c1 they form a naked subset of 3 and 4 in box 1: removes 3 from r2c2; 4 \
             from r2c2"
        );
    }

    #[test]
    fn bug_type_4_keeps_the_conjugate_digit_and_the_extra_ones() {
        // Pairs d↔d+1: r1c1 {1,2} also holds 3, r1c2 {2,3} also 4. One of them is its extra
        // digit; 2 lies in box 1 only in those two, so the other is 2: r1c1 loses 1, r1c2 3.
        let mut board = bug_board([0, 2, 3, 4, 1]);
        board.cands[0] |= 1 << 3;
        board.cands[1] |= 1 << 4;
        let step = super::bug(&board).expect("a BUG");
        assert_eq!(step.eliminated, vec![(0, 1), (1, 3)]);
        assert_eq!(pattern(&step).explainer(), 5.7);
        assert_eq!(
            step.describe(&board),
            "BUG type 4: without 3 and 4 in r1c1 and r1c2, every empty cell would hold two \
             candidates and every digit two places in each unit, a position with no solution or \
             several; the puzzle having one solution, one of those cells holds its extra digit, \
             and 2 lies in box 1 only in them, so the other is 2: removes 1 from r1c1; 3 from \
             r1c2"
        );
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn unique_rectangles_and_loops_are_sound() {
        sound_on_sets(Technique::UniqueRectangle, [300, 100, 300]);
    }

    /// Checks the BUG finder against each unique puzzle's solution along a solve that moves on
    /// with the other techniques (the thesis's order but quads, then unique rectangles): a solve by the
    /// thesis's seven alone rarely stops in a BUG position, where no single applies. Returns
    /// the steps checked.
    fn bug_sound(puzzles: &[Grid]) -> usize {
        let mut checked = 0;
        for puzzle in puzzles {
            let mut board = Board::new(puzzle).unwrap();
            let completion =
                crate::engine::complete(&board, &sudoku_core::Budget::solve(), &mut 0).unwrap();
            if !completion.unique {
                continue;
            }
            board.assume_unique = true;
            while !board.is_solved() {
                let step = match super::bug(&board) {
                    Some(step) => {
                        for &(cell, digit) in &step.eliminated {
                            assert_ne!(completion.solution.get(cell), digit, "{puzzle}");
                        }
                        if let Some((cell, digit)) = step.placed {
                            assert_eq!(completion.solution.get(cell), digit, "{puzzle}");
                        }
                        checked += 1;
                        step
                    }
                    None => match crate::Order::Thesis
                        .techniques()
                        .iter()
                        // Quads are not this module's to exercise.
                        .filter(|t| t.key() != "naked_quad" && t.key() != "hidden_quad")
                        .find_map(|&t| crate::techniques::find(t, &board, crate::Order::Thesis))
                        .or_else(|| unique_rectangle(&board))
                    {
                        Some(step) => step,
                        None => break,
                    },
                };
                step.apply(&mut board);
            }
        }
        checked
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn bugs_are_sound() {
        let checked = bug_sound(&shared_puzzles("puzzles2_17_clue", 3000));
        eprintln!("BUG steps checked: {checked}");
        assert!(checked > 0);
    }
}
