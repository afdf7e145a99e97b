//! Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle: one digit's conjugate pairs and
//! boxes.
//!
//! A conjugate pair (strong link) is a unit where the digit has exactly two places: one of them
//! holds it. Two strong links joined by a weak link (two cells that see each other) make a
//! chain `a = b - c = d`: if `a` is false `b` is true, so `c` is false and `d` true; either
//! way `a` or `d` holds the digit, and every cell seeing both loses it. The patterns, as HoDoKu
//! names and finds them:
//! - **Skyscraper**: both strong links in parallel lines (two rows, or two columns), one end of
//!   each in a shared cross line. Rows are scanned for every digit before columns; pairs of
//!   lines in index order; the free ends must not share the cross line too (an X-Wing).
//! - **2-String Kite**: a strong link in a row and one in a column, an end of each in one box
//!   (the weak link): the cell at the row of the column's free end and the column of the row's
//!   free end loses the digit. Digits ascending, row pairs, then column pairs.
//! - **Turbot Fish**: any such chain of three links (HoDoKu's X-Chain of four cells), strong
//!   links in rows, columns or boxes. HoDoKu collects every one and keeps the one removing the
//!   most candidates (then the lowest index sum), so that is the one taken here. Tried after
//!   the skyscraper and the kite, it finds the chains they do not: those through a box's
//!   conjugate pair.
//! - **Empty Rectangle**: a box whose places for the digit all lie on one row and one column of
//!   it (at least two places, at least one on each line off their crossing: HoDoKu's bound of
//!   two to five places on a 9×9 box, where five is all a row and a column of it hold). A
//!   conjugate pair in a line crossing the row (or column) outside the box ends in a cell
//!   whose line meets the box's column (row) at the target: if the target held the digit, the
//!   pair's far end would not, its near end would, and the box would have no place left.
//!
//! On a variant board a box is a region and the diagonals are units too: strong links come from
//! any unit, weak links from any shared unit, so the chains stand as they are. The Empty
//! Rectangle reads its box as rows and columns of the shape's rectangle, so it is not run on a
//! jigsaw ([`crate::techniques::find`] skips it).
//!
//! On Sudoku Explainer's scale, which has none of these, each is what SE's chaining rates the
//! same elimination: an X-only forcing chain (6.6) from the target through the pattern, six
//! candidates long, so no length increment; an Empty Rectangle whose box has more than two
//! places is no static chain (the box is no conjugate pair), and SE proves it by assuming the
//! target (Nishio, 7.5 plus the length of that contradiction, counted as SE counts it).

use sudoku_core::format::symbol;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits, removals};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;
use crate::techniques::unchanged::reads;

/// The pattern of one step of this family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SingleDigit {
    /// A chain `cells[0] = cells[1] - cells[2] = cells[3]` of `digit`: strong links in
    /// `units[0]` and `units[2]`, the weak link in `units[1]`. `technique` is the skyscraper,
    /// the kite or the turbot fish. A turbot fish's ends may be one cell (the chain closes on
    /// its start, which then holds the digit).
    Chain {
        technique: Technique,
        digit: u8,
        cells: [usize; 4],
        units: [usize; 3],
    },
    /// `digit` in `boxed` lies only in `row` and `column` (unit indexes); the conjugate pair
    /// `pair` (`pair[0]` on the box's line, `pair[1]` its far end) lies in `pair_unit`.
    /// `places` counts the box's places, `near` those on the line of `pair[0]` off the other
    /// line (what SE's proof length depends on).
    EmptyRectangle {
        digit: u8,
        boxed: usize,
        row: usize,
        column: usize,
        pair: [usize; 2],
        pair_unit: usize,
        places: u32,
        near: u32,
    },
}

impl SingleDigit {
    pub(crate) fn technique(&self) -> Technique {
        match self {
            SingleDigit::Chain { technique, .. } => *technique,
            SingleDigit::EmptyRectangle { .. } => Technique::EmptyRectangle,
        }
    }

    /// The step in words.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let cell = |c: usize| layout.cell_name(c);
        let unit = |u: usize| layout.unit_name(u);
        let removes = removals(layout, &step.eliminated);
        match *self {
            SingleDigit::Chain {
                digit,
                cells,
                units,
                ..
            } => {
                let d = symbol(digit);
                let chain = format!(
                    "{}={d} = {}={d} - {}={d} = {}={d}",
                    cell(cells[0]),
                    cell(cells[1]),
                    cell(cells[2]),
                    cell(cells[3])
                );
                let links = format!(
                    "{d} has two places in {} and in {}, and {} and {} share {}",
                    unit(units[0]),
                    unit(units[2]),
                    cell(cells[1]),
                    cell(cells[2]),
                    unit(units[1])
                );
                if cells[0] == cells[3] {
                    format!(
                        "{chain}: {links}, so {} holds {d} either way, and cells seeing it lose \
                         it: {removes}",
                        cell(cells[0])
                    )
                } else {
                    format!(
                        "{chain}: {links}, so {} or {} holds {d}, and cells seeing both lose it: \
                         {removes}",
                        cell(cells[0]),
                        cell(cells[3])
                    )
                }
            }
            SingleDigit::EmptyRectangle {
                digit,
                boxed,
                row,
                column,
                pair,
                pair_unit,
                ..
            } => {
                let d = symbol(digit);
                let target = step.eliminated.first().map_or(0, |&(c, _)| c);
                format!(
                    "in {}, {d} lies only in {} and {}; in {} it lies only in {} and {}: if {} \
                     held {d}, {} would not, so {} would, leaving {} no place for {d}: {removes}",
                    unit(boxed),
                    unit(row),
                    unit(column),
                    unit(pair_unit),
                    cell(pair[0]),
                    cell(pair[1]),
                    cell(target),
                    cell(pair[1]),
                    cell(pair[0]),
                    unit(boxed)
                )
            }
        }
    }

    /// Its rating on Sudoku Explainer's scale: the forcing chain SE would prove it with.
    pub(crate) fn explainer(&self) -> f32 {
        match *self {
            // target on, first end off, its partner on, the other partner off, the other end
            // on, target off: six candidates (fewer when the chain closes on itself).
            SingleDigit::Chain { .. } => X_FORCING_CHAIN,
            SingleDigit::EmptyRectangle { places: 2, .. } => X_FORCING_CHAIN,
            SingleDigit::EmptyRectangle { places, near, .. } => {
                // SE's Nishio from the target: the target on turns off the box's places on its
                // line (and the pair's far end, so the near end is on, turning off the box's
                // places on the other line). The contradiction is the box's last place turned
                // on by the box and off by the near end: its two chains hold the target, the
                // pair's two cells, the box's places, and the last place twice.
                let complexity = if near == 1 { places + 5 } else { places + 7 };
                NISHIO + length_increment(complexity)
            }
        }
    }

    /// Its level and score on HoDoKu's scale.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        match self.technique() {
            Technique::Skyscraper => HodokuStep::new(Level::Hard, 130),
            Technique::TwoStringKite => HodokuStep::new(Level::Hard, 150),
            _ => HodokuStep::new(Level::Hard, 120),
        }
    }
}

/// Sudoku Explainer's forcing X-chain (X-links only, static).
const X_FORCING_CHAIN: f32 = 6.6;
/// Sudoku Explainer's Nishio forcing chain.
const NISHIO: f32 = 7.5;

/// Sudoku Explainer's rating added for a chain of `complexity` candidates (its ancestors): 0.1
/// for each step of the bounds 4, 6, 8, 12, 16, 24, … that `complexity - 2` passes.
pub(crate) fn length_increment(complexity: u32) -> f32 {
    crate::rating::length_tenths(complexity as usize) as f32 / 10.0
}

/// Each unit's places for each digit (bit `k` for the unit's `k`-th cell), on the stack.
struct Places {
    by_unit: [[u32; 26]; MAX_UNITS],
}

/// The most units a board has: rows, columns and regions of 25×25 and two diagonals.
const MAX_UNITS: usize = 3 * 25 + 2;

impl Places {
    /// Rows and columns from one pass over the cells; rectangular boxes from slices of the rows
    /// (a box's cells run row by row), jigsaw regions and diagonals cell by cell.
    fn of(board: &Board) -> Places {
        let layout = &*board.layout;
        let n = layout.n;
        // Filled in place: the tables are kilobytes.
        let mut places = Places {
            by_unit: [[0; 26]; MAX_UNITS],
        };
        let by_unit = &mut places.by_unit;
        for row in 0..n {
            for (column, &cands) in board.cands[row * n..(row + 1) * n].iter().enumerate() {
                for digit in digits(cands) {
                    by_unit[row][digit as usize] |= 1 << column;
                    by_unit[n + column][digit as usize] |= 1 << row;
                }
            }
        }
        if layout.has_jigsaw_regions() {
            for unit in layout.regions() {
                places.fill_unit(board, unit);
            }
        } else {
            places.slice_boxes(board);
        }
        for unit in layout.diagonals() {
            places.fill_unit(board, unit);
        }
        places
    }

    /// The places of rectangular boxes, read off the rows' places.
    fn slice_boxes(&mut self, board: &Board) {
        let layout = &*board.layout;
        let n = layout.n;
        let (box_rows, box_cols) = (layout.shape.box_rows(), layout.shape.box_cols());
        let boxes_per_band = n / box_cols;
        let slice = (1u32 << box_cols) - 1;
        let (lines, boxes) = self.by_unit.split_at_mut(2 * n);
        for (boxed, positions) in boxes[..n].iter_mut().enumerate() {
            let top = boxed / boxes_per_band * box_rows;
            let left = boxed % boxes_per_band * box_cols;
            for (digit, mask) in positions[..=n].iter_mut().enumerate() {
                *mask = (0..box_rows).fold(0, |mask, i| {
                    mask | (lines[top + i][digit] >> left & slice) << (i * box_cols)
                });
            }
        }
    }

    /// The places of one unit, cell by cell.
    fn fill_unit(&mut self, board: &Board, unit: usize) {
        for (k, &cell) in board.layout.unit(unit).iter().enumerate() {
            for digit in digits(board.cands[cell]) {
                self.by_unit[unit][digit as usize] |= 1 << k;
            }
        }
    }

    #[inline]
    fn get(&self, unit: usize, digit: u8) -> u32 {
        self.by_unit[unit][digit as usize]
    }

    /// The two places of `digit` in `unit` (in unit order), if it has exactly two.
    #[inline(always)]
    fn pair(&self, board: &Board, unit: usize, digit: u8) -> Option<(usize, usize)> {
        let mask = self.get(unit, digit);
        let second = mask & mask.wrapping_sub(1);
        (second != 0 && second & (second - 1) == 0).then(|| {
            let cells = board.layout.unit(unit);
            (
                cells[mask.trailing_zeros() as usize],
                cells[second.trailing_zeros() as usize],
            )
        })
    }
}

/// The conjugate pairs of `digit` in the units `units`, unit by unit, into `out`; their count.
fn pairs(
    board: &Board,
    places: &Places,
    units: std::ops::Range<usize>,
    digit: u8,
    out: &mut [(usize, usize, usize); 25],
) -> usize {
    let mut count = 0;
    for unit in units {
        if let Some((a, b)) = places.pair(board, unit, digit) {
            out[count] = (a, b, unit);
            count += 1;
        }
    }
    count
}

/// The cells holding `digit` that see both `a` and `b` (not `a` or `b` themselves).
fn seeing_both(board: &Board, digit: u8, a: usize, b: usize) -> Vec<(usize, u8)> {
    let layout = &*board.layout;
    layout
        .peers(a)
        .iter()
        .filter(|&&cell| cell != b && layout.sees(cell, b) && board.has(cell, digit))
        .map(|&cell| (cell, digit))
        .collect()
}

/// The first skyscraper: rows for every digit, then columns; line pairs in index order. Here
/// and below, only the digits in `read` are searched (see [`super::unchanged`]).
pub(crate) fn skyscraper(board: &Board, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let n = layout.n;
    let places = Places::of(board);
    let mut found = [(0usize, 0usize, 0usize); 25];
    // In row mode the shared cross line is a column (index 1 of `row_column_region`), and back.
    for (lines, cross) in [(0..n, 1usize), (n..2 * n, 0usize)] {
        for digit in (1..=n as u8).filter(|&d| reads(read, d)) {
            let count = pairs(board, &places, lines.clone(), digit, &mut found);
            for i in 0..count {
                let (a0, a1, line_a) = found[i];
                for &(b0, b1, line_b) in &found[i + 1..count] {
                    let cross_of = |c: usize| layout.row_column_region(c)[cross];
                    // `linked`: the ends sharing a cross line; the others are free.
                    let (free_a, linked_a, free_b, linked_b) = if cross_of(a0) == cross_of(b0) {
                        (a1, a0, b1, b0)
                    } else if cross_of(a1) == cross_of(b1) {
                        (a0, a1, b0, b1)
                    } else {
                        continue;
                    };
                    if cross_of(free_a) == cross_of(free_b) {
                        continue; // an X-Wing
                    }
                    let pattern = Pattern::SingleDigit(SingleDigit::Chain {
                        technique: Technique::Skyscraper,
                        digit,
                        cells: [free_a, linked_a, linked_b, free_b],
                        units: [line_a, cross_of(linked_a), line_b],
                    });
                    let eliminated = seeing_both(board, digit, free_a, free_b);
                    if let Some(step) = Deduction::removing(pattern, eliminated) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The first 2-String Kite: digits ascending, row pairs, then column pairs.
pub(crate) fn two_string_kite(board: &Board, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let n = layout.n;
    let places = Places::of(board);
    let mut rows = [(0usize, 0usize, 0usize); 25];
    let mut columns = [(0usize, 0usize, 0usize); 25];
    let box_of = |c: usize| layout.row_column_region(c)[2];
    for digit in (1..=n as u8).filter(|&d| reads(read, d)) {
        let row_count = pairs(board, &places, 0..n, digit, &mut rows);
        let column_count = pairs(board, &places, n..2 * n, digit, &mut columns);
        for &(r0, r1, row) in &rows[..row_count] {
            for &(c0, c1, column) in &columns[..column_count] {
                // `near`: the ends sharing a box; the first match in HoDoKu's order.
                let (row_near, row_free, column_near, column_free) = if box_of(r0) == box_of(c0) {
                    (r0, r1, c0, c1)
                } else if box_of(r0) == box_of(c1) {
                    (r0, r1, c1, c0)
                } else if box_of(r1) == box_of(c0) {
                    (r1, r0, c0, c1)
                } else if box_of(r1) == box_of(c1) {
                    (r1, r0, c1, c0)
                } else {
                    continue;
                };
                if [r0, r1].iter().any(|&c| c == c0 || c == c1) {
                    continue;
                }
                let target = (column_free / n) * n + row_free % n;
                if !board.has(target, digit) {
                    continue;
                }
                let pattern = Pattern::SingleDigit(SingleDigit::Chain {
                    technique: Technique::TwoStringKite,
                    digit,
                    cells: [row_free, row_near, column_near, column_free],
                    units: [row, box_of(row_near), column],
                });
                return Deduction::removing(pattern, vec![(target, digit)]);
            }
        }
    }
    None
}

/// The unit HoDoKu links two cells of a digit through: their row, else their column, else
/// their box (or region), else a diagonal they share; `a`'s region when they share none.
fn link_unit(board: &Board, a: usize, b: usize) -> usize {
    let layout = &*board.layout;
    layout
        .shared_unit(a, b)
        .unwrap_or(layout.row_column_region(a)[2])
}

/// The two kinds of link [`Strong::links`] follows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Link {
    /// Through a conjugate pair.
    Strong,
    /// Through any unit, to a cell with a strong link of its own (weak links that can go on).
    ToLinked,
}

/// One digit's conjugate pairs, as [`turbot_fish`] follows them.
struct Strong<'a> {
    board: &'a Board,
    places: &'a Places,
    digit: u8,
    /// For each unit that is a strong link, its two cells XORed together, so either gives the
    /// other; 0 for the other units. A strong link is a conjugate pair; in a box, one off a
    /// line (a box pair in one line is linked through the line only, strong only if the line
    /// is a pair too, as HoDoKu links them).
    pairs: [u16; MAX_UNITS],
    /// In each unit, the places (bits as in [`Places`]) whose cell has a strong link.
    linked: [u32; MAX_UNITS],
}

impl<'a> Strong<'a> {
    fn of(board: &'a Board, places: &'a Places, digit: u8) -> Strong<'a> {
        let layout = &*board.layout;
        let mut strong = Strong {
            board,
            places,
            digit,
            pairs: [0; MAX_UNITS],
            linked: [0; MAX_UNITS],
        };
        for unit in 0..layout.unit_count() {
            let Some((a, b)) = places.pair(board, unit, digit) else {
                continue;
            };
            let (x, y) = (layout.row_column_region(a), layout.row_column_region(b));
            if layout.is_region(unit) && (x[0] == y[0] || x[1] == y[1]) {
                continue;
            }
            strong.pairs[unit] = (a ^ b) as u16;
            for cell in [a, b] {
                for (&unit, &slot) in layout.units_of(cell).iter().zip(layout.slots(cell)) {
                    strong.linked[unit] |= 1 << slot;
                }
            }
        }
        strong
    }

    /// Calls `visit` with each cell `cell` is linked to by `link`, in HoDoKu's order: its row,
    /// its column, then its box off both.
    #[inline]
    fn links(&self, cell: usize, link: Link, mut visit: impl FnMut(usize)) {
        let layout = &*self.board.layout;
        let units = layout.units_of(cell);
        if link == Link::Strong {
            for &unit in units {
                let pair = usize::from(self.pairs[unit]);
                if pair != 0 {
                    visit(cell ^ pair);
                }
            }
            return;
        }
        let slots = layout.slots(cell);
        for k in 0..3 {
            let unit = units[k];
            let others = self.places.get(unit, self.digit) & self.linked[unit] & !(1 << slots[k]);
            for slot in digits(others) {
                let other = layout.unit(unit)[slot as usize];
                let o = layout.units_of(other);
                if k < 2 || (o[0] != units[0] && o[1] != units[1]) {
                    visit(other);
                }
            }
        }
    }

    /// Whether a candidate of the digit sees both `start` and `end` (another peer of `start`
    /// when they are one cell, which a chain's own cells are). The candidates looked at are
    /// those in the units of `start`: a few cells, where [`weigh`] walks every peer.
    fn seen_by_both(&self, start: usize, end: usize) -> bool {
        let layout = &*self.board.layout;
        start == end
            || layout.units_of(start).iter().copied().any(|unit| {
                digits(self.places.get(unit, self.digit)).any(|slot| {
                    let cell = layout.unit(unit)[slot as usize];
                    cell != start && cell != end && layout.sees(cell, end)
                })
            })
    }
}

/// HoDoKu's Turbot Fish: among every chain `start = a - b = end` of one digit (strong, weak,
/// strong), the one whose eliminations (cells seeing both ends) are most, then have the lowest
/// weighted index sum; the first found among equals (digits ascending, starts row-major, links
/// in HoDoKu's order). Only cells with a strong link can start or carry on a chain, so only
/// those are walked, and a chain is weighed only when a candidate sees both its ends (in
/// HoDoKu's order, after the skyscraper and the kite, hardly any does).
pub(crate) fn turbot_fish(board: &Board, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let n = layout.n;
    let places = Places::of(board);
    // (count, weighted sum, digit, chain)
    let mut best: Option<Weighed> = None;
    for digit in (1..=n as u8).filter(|&d| reads(read, d)) {
        let strong = Strong::of(board, &places, digit);
        for row in 0..n {
            for slot in digits(strong.linked[row]) {
                let start = layout.unit(row)[slot as usize];
                strong.links(start, Link::Strong, |a| {
                    strong.links(a, Link::ToLinked, |b| {
                        if b == start {
                            return;
                        }
                        strong.links(b, Link::Strong, |end| {
                            if end == a || !strong.seen_by_both(start, end) {
                                return;
                            }
                            keep_better(&mut best, board, digit, [start, a, b, end]);
                        });
                    });
                });
            }
        }
    }
    let (_, _, digit, cells) = best?;
    turbot_step(board, digit, cells)
}

/// The step of the Turbot Fish `cells` of `digit`.
fn turbot_step(board: &Board, digit: u8, cells: [usize; 4]) -> Option<Deduction> {
    let layout = &*board.layout;
    let units = [
        link_unit(board, cells[0], cells[1]),
        link_unit(board, cells[1], cells[2]),
        link_unit(board, cells[2], cells[3]),
    ];
    let eliminated = if cells[0] == cells[3] {
        layout
            .peers(cells[0])
            .iter()
            .filter(|&&c| board.has(c, digit))
            .map(|&c| (c, digit))
            .collect()
    } else {
        seeing_both(board, digit, cells[0], cells[3])
    };
    let pattern = Pattern::SingleDigit(SingleDigit::Chain {
        technique: Technique::TurbotFish,
        digit,
        cells,
        units,
    });
    Deduction::removing(pattern, eliminated)
}

/// A Turbot Fish as HoDoKu ranks it: eliminations, their weighted sum, the digit, the cells.
type Weighed = (usize, u64, u8, [usize; 4]);

/// Makes the Turbot Fish `cells` of `digit` the best so far when it removes more than `best`
/// (or as many with a smaller weighted sum); one that removes nothing never is.
fn keep_better(best: &mut Option<Weighed>, board: &Board, digit: u8, cells: [usize; 4]) {
    let (count, sum) = weigh(board, digit, cells[0], cells[3]);
    let better = match *best {
        None => count > 0,
        Some((c, s, ..)) => count > c || (count == c && sum < s),
    };
    if better {
        *best = Some((count, sum, digit, cells));
    }
}

/// How many candidates of `digit` see both `start` and `end` (every peer of `start` when they
/// are one cell), and HoDoKu's weighted index sum of them (the `k`-th, ascending, weighs its
/// index times `1 + 80k`, plus the digit).
fn weigh(board: &Board, digit: u8, start: usize, end: usize) -> (usize, u64) {
    let layout = &*board.layout;
    let (mut count, mut sum, mut offset) = (0usize, 0u64, 1u64);
    for &cell in layout.peers(start) {
        if board.has(cell, digit) && (start == end || (cell != end && layout.sees(cell, end))) {
            count += 1;
            sum += cell as u64 * offset + u64::from(digit);
            offset += 80;
        }
    }
    (count, sum)
}

/// The first Empty Rectangle: digits ascending, boxes in order; in each box the crossing row
/// and column from the box's last row and column back to its first; then the conjugate pairs
/// in the columns met along the row, then those in the rows met along the column.
pub(crate) fn empty_rectangle(board: &Board, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let n = layout.n;
    let (box_rows, box_cols) = (layout.shape.box_rows(), layout.shape.box_cols());
    let places = Places::of(board);
    // A box's cells in each of its columns, as places (bits row by row).
    let mut column_masks = [0u32; 5];
    for (col_off, mask) in column_masks.iter_mut().enumerate().take(box_cols) {
        *mask = (0..box_rows).fold(0, |m, r| m | 1 << (r * box_cols + col_off));
    }
    for digit in (1..=n as u8).filter(|&d| reads(read, d)) {
        for boxed in 2 * n..3 * n {
            let in_box = places.get(boxed, digit);
            if in_box.count_ones() < 2 {
                continue;
            }
            let first = layout.unit(boxed)[0];
            for line_off in (0..box_rows).rev() {
                let line_mask = ((1u32 << box_cols) - 1) << (line_off * box_cols);
                for col_off in (0..box_cols).rev() {
                    let col_mask = column_masks[col_off];
                    if in_box & !(line_mask | col_mask) != 0 {
                        continue;
                    }
                    let row_part = in_box & line_mask & !col_mask;
                    let col_part = in_box & col_mask & !line_mask;
                    if row_part == 0 || col_part == 0 {
                        continue;
                    }
                    let row = first / n + line_off;
                    let column = first % n + col_off;
                    let shape = Rectangle {
                        digit,
                        boxed,
                        row,
                        column,
                        places: in_box.count_ones(),
                    };
                    // The pair's near end on the row, its conjugate in a column.
                    if let Some(step) = shape.find(board, &places, true, row_part.count_ones()) {
                        return Some(step);
                    }
                    if let Some(step) = shape.find(board, &places, false, col_part.count_ones()) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// An empty rectangle's box: `digit` only in `row` and `column` (0-based) of `boxed`.
struct Rectangle {
    digit: u8,
    boxed: usize,
    row: usize,
    column: usize,
    places: u32,
}

impl Rectangle {
    /// The first conjugate pair with its near end on the box's row (`along_row`) or column,
    /// outside the box, whose far end's line meets the box's other line at a candidate outside
    /// the box. `near` counts the box's places on the near end's line off the other line.
    fn find(
        &self,
        board: &Board,
        places: &Places,
        along_row: bool,
        near: u32,
    ) -> Option<Deduction> {
        let layout = &*board.layout;
        let n = layout.n;
        let digit = self.digit;
        let line = if along_row { self.row } else { n + self.column };
        for &index in layout.unit(line) {
            let units = layout.row_column_region(index);
            if units[2] == self.boxed || !board.has(index, digit) {
                continue;
            }
            // The pair runs across the box's line: a column when walking the row.
            let pair_unit = if along_row { units[1] } else { units[0] };
            let Some((a, b)) = places.pair(board, pair_unit, digit) else {
                continue;
            };
            let far = if a == index { b } else { a };
            let target = if along_row {
                (far / n) * n + self.column
            } else {
                self.row * n + far % n
            };
            if layout.row_column_region(target)[2] == self.boxed || !board.has(target, digit) {
                continue;
            }
            let pattern = Pattern::SingleDigit(SingleDigit::EmptyRectangle {
                digit,
                boxed: self.boxed,
                row: self.row,
                column: n + self.column,
                pair: [index, far],
                pair_unit,
                places: self.places,
                near,
            });
            return Deduction::removing(pattern, vec![(target, digit)]);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::*;
    use crate::techniques::unchanged::EVERY_DIGIT;
    use crate::{Order, Technique};

    /// The step's rating on Sudoku Explainer's scale.
    fn se(step: &Deduction) -> f32 {
        match &step.pattern {
            Pattern::SingleDigit(found) => found.explainer(),
            other => panic!("not a single-digit pattern: {other:?}"),
        }
    }

    /// Leaves `digit` in `unit` (its cells given) only at `kept`.
    fn only(board: &mut Board, digit: u8, unit: &[usize], kept: &[usize]) {
        remove(
            board,
            digit,
            unit.iter().copied().filter(|c| !kept.contains(c)),
        );
    }

    fn row(r: usize) -> Vec<usize> {
        (1..=9).map(|c| rc(r, c)).collect()
    }

    fn column(c: usize) -> Vec<usize> {
        (1..=9).map(|r| rc(r, c)).collect()
    }

    /// The cells of the 3×3 box whose top-left cell is (r, c).
    fn block(r: usize, c: usize) -> Vec<usize> {
        (r..r + 3)
            .flat_map(|r| (c..c + 3).map(move |c| rc(r, c)))
            .collect()
    }

    #[test]
    fn two_rows_sharing_a_column_are_a_skyscraper() {
        let mut board = open_board();
        // 5 in row 1 only at c1 and c5, in row 4 only at c3 and c5: r1c5 and r4c5 share
        // column 5, so r1c1 or r4c3 holds 5.
        only(&mut board, 5, &row(1), &[rc(1, 1), rc(1, 5)]);
        only(&mut board, 5, &row(4), &[rc(4, 3), rc(4, 5)]);
        let step = first_step(&board, Order::Hodoku, Technique::Skyscraper);
        // Seeing r1c1 and r4c3: r2c3, r3c3 (box 1, column 3) and r5c1, r6c1 (column 1, box 4);
        // r1c3 and r4c1 are in the rows, which hold 5 nowhere else.
        let expected = [rc(2, 3), rc(3, 3), rc(5, 1), rc(6, 1)].map(|c| (c, 5));
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "r1c1=5 = r1c5=5 - r4c5=5 = r4c3=5: 5 has two places in row 1 and in row 4, and \
             r1c5 and r4c5 share column 5, so r1c1 or r4c3 holds 5, and cells seeing both lose \
             it: removes 5 from r2c3, r3c3, r5c1 and r6c1"
        );
        assert_eq!(se(&step), 6.6);
        assert_eq!(
            crate::rating::hodoku_step(&step.pattern, &board),
            HodokuStep::new(Level::Hard, 130)
        );
    }

    #[test]
    fn a_row_and_a_column_meeting_in_a_box_are_a_kite() {
        let mut board = open_board();
        // 7 in row 1 only at c2 and c6; in column 1 only at r2 and r7. r1c2 and r2c1 share box
        // 1, so r1c6 or r7c1 holds 7: r7c6, which sees both, loses it.
        only(&mut board, 7, &row(1), &[rc(1, 2), rc(1, 6)]);
        only(&mut board, 7, &column(1), &[rc(2, 1), rc(7, 1)]);
        let step = first_step(&board, Order::Hodoku, Technique::TwoStringKite);
        assert_eq!(step.eliminated, vec![(rc(7, 6), 7)]);
        assert_eq!(
            step.describe(&board),
            "r1c6=7 = r1c2=7 - r2c1=7 = r7c1=7: 7 has two places in row 1 and in column 1, and \
             r1c2 and r2c1 share box 1, so r1c6 or r7c1 holds 7, and cells seeing both lose it: \
             removes 7 from r7c6"
        );
        assert_eq!(se(&step), 6.6);
    }

    #[test]
    fn a_box_pair_and_a_column_pair_joined_in_a_row_are_a_turbot_fish() {
        let mut board = open_board();
        // 5 in box 1 only at r1c1 and r3c2; in column 7 only at r3c7 and r8c7. The chain
        // r1c1 = r3c2 (box) - r3c7 (row 3) = r8c7 (column): r1c1 or r8c7 holds 5. Seeing both:
        // r8c1 (column 1, row 8) and r1c7 (row 1, column 7), which has no 5.
        only(&mut board, 5, &block(1, 1), &[rc(1, 1), rc(3, 2)]);
        only(&mut board, 5, &column(7), &[rc(3, 7), rc(8, 7)]);
        let step = first_step(&board, Order::Hodoku, Technique::TurbotFish);
        assert_eq!(step.eliminated, vec![(rc(8, 1), 5)]);
        assert_eq!(
            step.describe(&board),
            "r1c1=5 = r3c2=5 - r3c7=5 = r8c7=5: 5 has two places in box 1 and in column 7, and \
             r3c2 and r3c7 share row 3, so r1c1 or r8c7 holds 5, and cells seeing both lose it: \
             removes 5 from r8c1"
        );
        // The box of two places is also an empty rectangle, found after the turbot fish.
        let rectangle = empty_rectangle(&board, EVERY_DIGIT).expect("an empty rectangle");
        assert_eq!(rectangle.eliminated, vec![(rc(8, 1), 5)]);
        assert_eq!(se(&rectangle), 6.6);
    }

    #[test]
    fn a_box_on_one_row_and_column_with_a_pair_across_is_an_empty_rectangle() {
        let mut board = open_board();
        // 7 in box 5 only at r4c4, r4c5 (row 4) and r6c6 (column 6); in column 2 only at r4c2
        // and r8c2. If r8c6 held 7, r8c2 would not, r4c2 would, and box 5 would lose r4c4 and
        // r4c5 to r4c2 and r6c6 to r8c6: no place left. So r8c6 loses 7.
        only(&mut board, 7, &block(4, 4), &[rc(4, 4), rc(4, 5), rc(6, 6)]);
        only(&mut board, 7, &column(2), &[rc(4, 2), rc(8, 2)]);
        let step = first_step(&board, Order::Hodoku, Technique::EmptyRectangle);
        assert_eq!(step.eliminated, vec![(rc(8, 6), 7)]);
        assert_eq!(
            step.describe(&board),
            "in box 5, 7 lies only in row 4 and column 6; in column 2 it lies only in r4c2 and \
             r8c2: if r8c6 held 7, r8c2 would not, so r4c2 would, leaving box 5 no place for 7: \
             removes 7 from r8c6"
        );
        // Three places: SE's Nishio, ten candidates in its two chains (length 8): 7.5 + 0.2.
        assert!((se(&step) - 7.7).abs() < 1e-6);
        assert_eq!(
            crate::rating::hodoku_step(&step.pattern, &board),
            HodokuStep::new(Level::Hard, 120)
        );
    }

    #[test]
    fn an_empty_rectangle_also_walks_the_box_s_column() {
        let mut board = open_board();
        // 3 in box 9 only at r7c9 (row 7) and r8c7, r9c7 (column 7), crossing at r7c7 (no 3);
        // in row 2 only at r2c7 and r2c3. Walking row 7 finds no pair (every column is full);
        // walking column 7: r2c7's row pair ends at r2c3, whose column meets row 7 at r7c3.
        only(&mut board, 3, &block(7, 7), &[rc(7, 9), rc(8, 7), rc(9, 7)]);
        only(&mut board, 3, &row(2), &[rc(2, 7), rc(2, 3)]);
        let step = empty_rectangle(&board, EVERY_DIGIT).expect("an empty rectangle");
        assert_eq!(step.eliminated, vec![(rc(7, 3), 3)]);
    }

    #[test]
    fn the_single_digit_patterns_work_on_a_six_by_six_board() {
        use sudoku_core::{Grid, Shape};
        // 6×6, boxes of 2 rows × 3 columns. Cell (r, c) 1-based.
        let at = |r: usize, c: usize| (r - 1) * 6 + c - 1;
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        // 2 in row 1 only at c1 and c4; in row 3 only at c2 and c4: r1c4 and r3c4 share
        // column 4, so r1c1 or r3c2 holds 2. Seeing both: r2c2 (box 1, column 2) and r4c1
        // (column 1, box 3); r1c2 and r3c1 lie in the rows, which hold 2 nowhere else.
        let kept = [(1, [1, 4]), (3, [2, 4])];
        for (r, cols) in kept {
            remove(
                &mut board,
                2,
                (1..=6).filter(|c| !cols.contains(c)).map(|c| at(r, c)),
            );
        }
        let step = skyscraper(&board, EVERY_DIGIT).expect("a skyscraper");
        assert_eq!(sorted(&step), vec![(at(2, 2), 2), (at(4, 1), 2)]);
        // An empty rectangle, on a fresh board.
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        // Box 4 = rows 3-4, columns 4-6: 5 only at r3c5, r3c6 (row 3) and r4c4 (column 4).
        remove(&mut board, 5, [at(3, 4), at(4, 5), at(4, 6)]);
        // Column 1: 5 only at r3c1 and r6c1. If r6c4 held 5, r6c1 would not, r3c1 would, and
        // box 4 would lose r3c5, r3c6 (row 3) and r4c4 (column 4).
        remove(&mut board, 5, [1, 2, 4, 5].map(|r| at(r, 1)));
        let step = empty_rectangle(&board, EVERY_DIGIT).expect("an empty rectangle");
        assert_eq!(step.eliminated, vec![(at(6, 4), 5)]);
    }

    #[test]
    fn the_length_increment_follows_se_s_bounds() {
        // Lengths (complexity - 2) up to 4 add nothing, 5-6 add 0.1, 7-8 0.2, 9-12 0.3.
        let tenths = |c: u32| (length_increment(c) * 10.0).round() as u32;
        assert_eq!(
            [6, 7, 8, 9, 10, 11, 14, 15].map(tenths),
            [0, 1, 1, 2, 2, 3, 3, 4]
        );
    }

    /// The positions the checks below run on: random boards of every shape, and along solves.
    fn positions() -> Vec<Board> {
        let mut boards = crate::techniques::fish::tests::random_boards(300);
        boards.extend(crate::techniques::fish::tests::solve_positions(30, 10));
        boards
    }

    #[test]
    fn places_built_from_the_rows_match_each_unit() {
        for board in positions() {
            let places = Places::of(&board);
            for unit in 0..board.layout.unit_count() {
                let expected = board.positions_in(unit);
                assert_eq!(
                    places.by_unit[unit][..=board.layout.n],
                    expected[..=board.layout.n]
                );
            }
        }
    }

    /// The Turbot Fish by definition: every chain `start = a - b = end` from every candidate,
    /// each cell's links found by walking its units.
    fn turbot_by_definition(board: &Board) -> Option<Deduction> {
        let layout = &*board.layout;
        // The cells `cell` is linked to, in HoDoKu's order, with whether the link is strong.
        let links = |cell: usize, digit: u8| {
            let units = layout.units_of(cell);
            let mut linked = Vec::new();
            for (k, unit) in units.iter().copied().enumerate() {
                let places = layout.unit(unit).iter().filter(|&&c| board.has(c, digit));
                let strong = places.clone().count() == 2;
                for &other in places {
                    let o = layout.units_of(other);
                    let off_lines = k < 2 || (o[0] != units[0] && o[1] != units[1]);
                    if other != cell && off_lines {
                        linked.push((other, strong));
                    }
                }
            }
            linked
        };
        let mut best: Option<Weighed> = None;
        for digit in 1..=layout.n as u8 {
            for start in (0..layout.cell_count()).filter(|&c| board.has(c, digit)) {
                for (a, _) in links(start, digit).into_iter().filter(|&(_, s)| s) {
                    for (b, _) in links(a, digit).into_iter().filter(|&(b, _)| b != start) {
                        for (end, strong) in links(b, digit) {
                            if !strong || end == a {
                                continue;
                            }
                            keep_better(&mut best, board, digit, [start, a, b, end]);
                        }
                    }
                }
            }
        }
        let (_, _, digit, cells) = best?;
        turbot_step(board, digit, cells)
    }

    #[test]
    fn turbot_fish_finds_the_chain_walking_every_cell_finds() {
        let mut found = 0;
        for board in positions() {
            let step = turbot_fish(&board, EVERY_DIGIT);
            let expected = turbot_by_definition(&board);
            assert_eq!(format!("{step:?}"), format!("{expected:?}"));
            found += usize::from(step.is_some());
        }
        assert!(found > 0);
    }

    fn sound(technique: Technique) {
        sound_on_sets(technique, [60, 20, 30]);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn skyscrapers_are_sound() {
        sound(Technique::Skyscraper);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn kites_are_sound() {
        sound(Technique::TwoStringKite);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn turbot_fish_are_sound() {
        sound(Technique::TurbotFish);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn empty_rectangles_are_sound() {
        sound(Technique::EmptyRectangle);
    }
}
