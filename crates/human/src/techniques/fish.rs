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

use sudoku_core::UnitKind;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits, removals, words};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;
use crate::techniques::for_each_combination;

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
        let layout = board.layout;
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
/// order.
pub(crate) fn fish(board: &Board, size: usize) -> Option<Deduction> {
    let layout = board.layout;
    let n = layout.n;
    let places = Places::of(board);
    let mut lines = [0usize; 25];
    for digit in 1..=n as u8 {
        for base_kind in [UnitKind::Row, UnitKind::Column] {
            let (by_line, base_first, cover_first) = places.lines(board, digit, base_kind);
            let mut count = 0;
            for (index, &mask) in by_line.iter().enumerate() {
                if (2..=size as u32).contains(&mask.count_ones()) {
                    lines[count] = index;
                    count += 1;
                }
            }
            if count < size {
                continue;
            }
            let mut found = None;
            for_each_combination(count, size, |picked| {
                let cover = picked.iter().fold(0u32, |set, &k| set | by_line[lines[k]]);
                if cover.count_ones() as usize != size {
                    return false;
                }
                let base = picked.iter().fold(0u32, |set, &k| set | (1 << lines[k]));
                let mut eliminated = Vec::new();
                for cross in digits(cover) {
                    let cover_unit = cover_first + cross as usize;
                    for (line, &cell) in layout.unit(cover_unit).iter().enumerate() {
                        if base & (1 << line) == 0 && board.has(cell, digit) {
                            eliminated.push((cell, digit));
                        }
                    }
                }
                let mut base_units = [0usize; 4];
                let mut cover_units = [0usize; 4];
                for (slot, &k) in base_units.iter_mut().zip(picked) {
                    *slot = base_first + lines[k];
                }
                for (slot, k) in cover_units.iter_mut().zip(digits(cover)) {
                    *slot = cover_first + k as usize;
                }
                let pattern = Pattern::Fish {
                    digit,
                    size,
                    base: base_units,
                    cover: cover_units,
                };
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
        let layout = before.layout;
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
pub(crate) fn finned(board: &Board) -> Option<Deduction> {
    let places = Places::of(board);
    (2..=4).find_map(|size| finned_of_size(board, &places, size))
}

/// A fish found, not rated yet, and its eliminations.
type Unrated = (Finned, Vec<(usize, u8)>);

fn finned_of_size(board: &Board, places: &Places, size: usize) -> Option<Deduction> {
    let layout = board.layout;
    let n = layout.n;
    let mut first_sashimi: Option<Unrated> = None;
    let mut lines = [0usize; 25];
    let mut crosses = [0usize; 25];
    for digit in 1..=n as u8 {
        for base_kind in [UnitKind::Row, UnitKind::Column] {
            let (by_line, base_first, cover_first) = places.lines(board, digit, base_kind);
            // Fins in one box touch at most as many cover lines as a box crosses.
            let reach = match base_kind {
                UnitKind::Row => layout.shape.box_cols(),
                _ => layout.shape.box_rows(),
            };
            let mut count = 0;
            for (index, &mask) in by_line.iter().enumerate() {
                if mask != 0 {
                    lines[count] = index;
                    count += 1;
                }
            }
            if count < size {
                continue;
            }
            let mut found: Option<Unrated> = None;
            for_each_combination(count, size, |picked| {
                let union = picked.iter().fold(0u32, |set, &k| set | by_line[lines[k]]);
                let spread = union.count_ones() as usize;
                if spread < size || spread > size + reach {
                    return false;
                }
                let base = picked.iter().fold(0u32, |set, &k| set | (1 << lines[k]));
                for (slot, cross) in crosses.iter_mut().zip(digits(union)) {
                    *slot = cross as usize;
                }
                for_each_combination(spread, size, |chosen| {
                    let cover = chosen.iter().fold(0u32, |set, &k| set | (1 << crosses[k]));
                    // The fins, all in one box.
                    let mut fin_box = None;
                    let mut fin_count = 0;
                    for &k in picked {
                        for cross in digits(by_line[lines[k]] & !cover) {
                            let cell = crossing(n, base_kind, lines[k], cross as usize);
                            let boxed = layout.units_of(cell)[2];
                            fin_count += 1;
                            if fin_count > MAX_FINS || fin_box.is_some_and(|b| b != boxed) {
                                return false;
                            }
                            fin_box = Some(boxed);
                        }
                    }
                    // No fin: a basic fish, found earlier.
                    let Some(fin_box) = fin_box else {
                        return false;
                    };
                    let removable = |cell: usize| {
                        let (line, cross) = match base_kind {
                            UnitKind::Row => (cell / n, cell % n),
                            _ => (cell % n, cell / n),
                        };
                        board.has(cell, digit)
                            && cover & (1 << cross) != 0
                            && base & (1 << line) == 0
                    };
                    if !layout.unit(fin_box).iter().any(|&cell| removable(cell)) {
                        return false;
                    }
                    let sashimi = picked
                        .iter()
                        .any(|&k| (by_line[lines[k]] & cover).count_ones() <= 1);
                    if sashimi && first_sashimi.is_some() {
                        return false;
                    }
                    let mut fins = Vec::with_capacity(fin_count);
                    for &k in picked {
                        for cross in digits(by_line[lines[k]] & !cover) {
                            fins.push(crossing(n, base_kind, lines[k], cross as usize));
                        }
                    }
                    fins.sort_unstable();
                    let mut base_units = [0usize; 4];
                    let mut cover_units = [0usize; 4];
                    for (slot, &k) in base_units.iter_mut().zip(picked) {
                        *slot = base_first + lines[k];
                    }
                    for (slot, k) in cover_units.iter_mut().zip(digits(cover)) {
                        *slot = cover_first + k as usize;
                    }
                    let eliminated = layout
                        .unit(fin_box)
                        .iter()
                        .filter(|&&cell| removable(cell))
                        .map(|&cell| (cell, digit))
                        .collect();
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
    first_sashimi.and_then(|found| rated(board, found))
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
    let layout = board.layout;
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
        let layout = board.layout;
        self.implied.clear();
        let [row, column, boxed] = layout.units_of(cell);
        if on {
            if y_links {
                let others = board.cands[cell] & !(1 << digit);
                self.implied.extend(digits(others).map(|d| (cell, d)));
            }
            for unit in [boxed, row, column] {
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
            for unit in [boxed, row, column] {
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
mod tests {
    use sudoku_core::{Grid, Shape};

    use super::*;
    use crate::techniques::testing::*;
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

    /// The finned fish `finned` finds, with its pattern.
    fn finned_step(board: &Board) -> (Deduction, Finned) {
        let step = finned(board).expect("a finned fish");
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
    fn fish_are_sound() {
        let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 12);
        puzzles.extend(shared_puzzles("puzzles6_forum_hardest_1106", 3));
        if puzzles.is_empty() {
            return;
        }
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
    fn fish_are_sound_on_16x16_boards() {
        let Some(dir) = sudoku_catalog::public_datasets_dir() else {
            return;
        };
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
