//! The 16×16 fast path: per-digit bitboards where one band (four rows of sixteen cells) is
//! exactly one `u64`, singles and box-line propagation by word arithmetic, bivalue guessing.
//! Rectangular (bands of four rows, boxes of 4×4): the solver takes it only for classic boards;
//! a diagonal or jigsaw 16×16 board goes through `generic.rs`.
//!
//! Cell `64b + p` of the grid (row-major) is bit `p = 16r + c` of band `b`'s word: row `4b + r`,
//! column `c`. `f[d][b]` holds the cells of band `b` where digit `d` may still go (a placed
//! digit keeps its own bit, its peers lose it), `unsolved[b]` the band's empty cells.

use sudoku_core::{Budget, Checkpoints, Counters, SearchEvent, StopReason, report_changes};

use crate::nine::Tally;

/// The cells and the digits of the board.
const CELLS: usize = 256;
const DIGITS: usize = 16;

/// The lowest and highest bit of each 16-bit lane (row) of a band word.
const LANE_LOW: u64 = 0x0001_0001_0001_0001;
const LANE_HIGH: u64 = 0x8000_8000_8000_8000;
/// The lowest bit of each nibble: one per sector (where a row meets a box).
const NIBBLE_LOW: u64 = 0x1111_1111_1111_1111;
/// The 16 cells of box 0 within a band word.
const BOX: u64 = 0x000F_000F_000F_000F;

/// Nodes between two budget checks.
const CHECK_EVERY: u64 = 256;

/// For a 4×4 0/1 matrix (bit `4i + j`) in which a digit must pick one entry per row and per
/// column: the entries on some such pick (a permutation) inside the matrix. Rows × boxes of a
/// band, and bands × columns of a stack, are both such matrices for every digit: a sector off
/// every surviving permutation loses the digit (pointing and claiming, and more), and 0 means
/// a row, box or column has lost it (a contradiction).
///
/// Built by adding each of the 24 permutations to every superset of it (24 × 4,096 steps).
static PERMUTATION_KEEP: [u16; 65536] = {
    let mut out = [0u16; 65536];
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = 6 - a - b - c;
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    let perm: usize = 1 << a | 1 << (4 + b) | 1 << (8 + c) | 1 << (12 + d);
                    let free = 0xFFFF & !perm;
                    // Every subset of `free`, from `free` down to the empty set.
                    let mut extra = free;
                    loop {
                        out[perm | extra] |= perm as u16;
                        if extra == 0 {
                            break;
                        }
                        extra = (extra - 1) & free;
                    }
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// For each of the 64 cells of a band word: the other cells of the band in its row or box.
const BAND_PEERS: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut p = 0;
    while p < 64 {
        let row = 0xFFFFu64 << (p / 16 * 16);
        let boxed = BOX << (p % 16 / 4 * 4);
        out[p] = (row | boxed) & !(1 << p);
        p += 1;
    }
    out
};

/// Exchanges rows and boxes of a band word: the nibble where row `r` meets box `k` moves to
/// where row `k` meets box `r`, so that each box becomes a 16-bit lane. Its own inverse.
#[inline(always)]
fn transpose(x: u64) -> u64 {
    // Swap bit 0 of the row index (bit 4) with bit 0 of the box index (bit 2), then bit 1 of
    // each (bits 5 and 3).
    let t = ((x >> 12) ^ x) & 0x0000_F0F0_0000_F0F0;
    let x = x ^ t ^ (t << 12);
    let t = ((x >> 24) ^ x) & 0x0000_0000_FF00_FF00;
    x ^ t ^ (t << 24)
}

/// The lanes (16-bit) of `x` that hold a bit, each as a full lane of ones.
#[inline(always)]
fn nonzero_lanes(x: u64) -> u64 {
    let top = (((x & !LANE_HIGH) + !LANE_HIGH) | x) & LANE_HIGH;
    (top >> 15) * 0xFFFF
}

/// The bits of `x` alone in their lane, and whether some lane of `x` is empty.
#[inline(always)]
fn lane_singles(x: u64) -> (u64, bool) {
    // Per-lane two's complement, without carries between lanes, isolates each lane's lowest
    // bit; a lane with more is one where something is left once that bit is gone.
    let nx = !x;
    let negated = ((nx & !LANE_HIGH) + LANE_LOW) ^ (nx & LANE_HIGH);
    let rest = x ^ (x & negated);
    (x & !nonzero_lanes(rest), nonzero_lanes(x) != u64::MAX)
}

/// The 16 sectors of a band word (bit `4r + k`: row `r` meets box `k`) that hold a bit.
#[inline(always)]
fn sectors(x: u64) -> usize {
    let y = (x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW;
    let y = (y | y >> 3) & 0x0303_0303_0303_0303;
    let y = (y | y >> 6) & 0x000F_000F_000F_000F;
    let y = (y | y >> 12) & 0x0000_00FF_0000_00FF;
    ((y | y >> 24) & 0xFFFF) as usize
}

/// The cells of the sectors in `s` (the inverse of [`sectors`] on whole sectors).
#[inline(always)]
fn sector_cells(s: u16) -> u64 {
    let y = u64::from(s);
    let y = (y | y << 24) & 0x0000_00FF_0000_00FF;
    let y = (y | y << 12) & 0x000F_000F_000F_000F;
    let y = (y | y << 6) & 0x0303_0303_0303_0303;
    let y = (y | y << 3) & NIBBLE_LOW;
    y * 0xF
}

/// The columns (16 bits) where a band word holds a bit.
#[inline(always)]
fn columns(x: u64) -> u64 {
    (x | x >> 16 | x >> 32 | x >> 48) & 0xFFFF
}

/// The whole search state: 544 bytes, copied once per guess.
#[derive(Clone, Copy)]
struct State {
    f: [[u64; 4]; DIGITS],
    unsolved: [u64; 4],
}

impl State {
    fn empty() -> State {
        State {
            f: [[u64::MAX; 4]; DIGITS],
            unsolved: [u64::MAX; 4],
        }
    }

    /// Places digit `d` at cell `p` of band `b`; false if the cell no longer admits it.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, p: u32) -> bool {
        let bit = 1u64 << p;
        if self.f[d][b] & bit == 0 {
            return false;
        }
        for digit in &mut self.f {
            digit[b] &= !bit;
        }
        let column = !(LANE_LOW << (p % 16));
        for word in &mut self.f[d] {
            *word &= column;
        }
        self.f[d][b] = (self.f[d][b] & !BAND_PEERS[p as usize]) | bit;
        self.unsolved[b] &= !bit;
        true
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 4]
    }

    /// Places the cells left with one candidate; `Err` on a cell with none.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, ()> {
        let mut found = false;
        for b in 0..4 {
            let (mut ones, mut twos) = (0u64, 0u64);
            for digit in &self.f {
                twos |= ones & digit[b];
                ones |= digit[b];
            }
            if ones != u64::MAX {
                return Err(());
            }
            let mut singles = !twos & self.unsolved[b];
            found |= singles != 0;
            while singles != 0 {
                let p = singles.trailing_zeros();
                singles &= singles - 1;
                // An earlier single of this pass may have taken the cell's last digit: the
                // next pass reports the empty cell.
                if let Some(d) = (0..DIGITS).find(|&d| self.f[d][b] >> p & 1 != 0) {
                    self.place(d, b, p);
                }
            }
        }
        Ok(found)
    }

    /// Places each digit where a row, column or box has one cell left for it; `Err` when a
    /// unit has none.
    #[inline(always)]
    fn hidden_singles(&mut self) -> Result<bool, ()> {
        let mut found = false;
        for d in 0..DIGITS {
            let w = self.f[d];
            // Per cell position of a band, across the four bands: seen once, twice or more.
            let (mut once, mut twice) = (w[0], 0u64);
            for &x in &w[1..] {
                twice |= once & x;
                once |= x;
            }
            let half = once >> 32;
            let pairs = (once & half) | (once & half) >> 16;
            let across = once | half;
            let column_once = columns(once);
            let column_twice = columns(twice) | (pairs & 0xFFFF) | (across & across >> 16 & 0xFFFF);
            if column_once != 0xFFFF {
                return Err(());
            }
            let column_single = (column_once & !column_twice) * LANE_LOW;
            for (b, &x) in w.iter().enumerate() {
                let (rows, row_empty) = lane_singles(x);
                let (boxes, box_empty) = lane_singles(transpose(x));
                if row_empty || box_empty {
                    return Err(());
                }
                let mut singles =
                    (rows | transpose(boxes) | (x & column_single)) & self.unsolved[b];
                found |= singles != 0;
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    singles &= singles - 1;
                    // A cell already taken by another digit: its unit is now empty of `d`,
                    // which the next pass reports.
                    self.place(d, b, p);
                }
            }
        }
        Ok(found)
    }

    /// Keeps each digit to the sectors on some permutation, rows × boxes in every band and
    /// bands × columns in every stack; `Err` on a digit left without one, else whether a
    /// candidate went.
    #[inline(always)]
    fn box_line(&mut self) -> Result<bool, ()> {
        let mut changed = false;
        for d in 0..DIGITS {
            let w = &mut self.f[d];
            for word in w.iter_mut() {
                let keep = PERMUTATION_KEEP[sectors(*word)];
                if keep == 0 {
                    return Err(());
                }
                let x = *word & sector_cells(keep);
                changed |= x != *word;
                *word = x;
            }
            // Lane `b` of `g`: the columns band `b` still offers the digit.
            let g = columns(w[0]) | columns(w[1]) << 16 | columns(w[2]) << 32 | columns(w[3]) << 48;
            let mut open = 0u64;
            for s in 0..4 {
                let y = (g >> (4 * s)) & 0x000F_000F_000F_000F;
                let matrix = (y | y >> 12 | y >> 24 | y >> 36) & 0xFFFF;
                let keep = u64::from(PERMUTATION_KEEP[matrix as usize]);
                if keep == 0 {
                    return Err(());
                }
                let spread = (keep & 0xF)
                    | (keep & 0xF0) << 12
                    | (keep & 0xF00) << 24
                    | (keep & 0xF000) << 36;
                open |= spread << (4 * s);
            }
            for (b, word) in w.iter_mut().enumerate() {
                let x = *word & (((open >> (16 * b)) & 0xFFFF) * LANE_LOW);
                changed |= x != *word;
                *word = x;
            }
        }
        Ok(changed)
    }

    /// Singles, then box-line eliminations, until nothing changes; false on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        loop {
            match self.naked_singles() {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            match self.hidden_singles() {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            match self.box_line() {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => return true,
            }
        }
    }

    /// The cell to branch on and the digit to try there first, as `(band, bit, digit)`: a
    /// bivalue cell when there is one, scored by its empty peers plus the eliminations of its
    /// weaker branch (a bivalue peer counting four times; on 9×9 both branches count, which
    /// measured worse here, see the crate documentation), the stronger branch breaking ties and
    /// going first; else the first empty cell with fewest candidates and its lowest digit.
    /// Only called on a settled, unsolved state.
    fn choose_cell(&self) -> (usize, u32, usize) {
        let mut pairs = [0u64; 4];
        let mut triples = [0u64; 4];
        for b in 0..4 {
            let (mut ones, mut twos, mut threes, mut fours) = (0u64, 0u64, 0u64, 0u64);
            for digit in &self.f {
                let x = digit[b];
                fours |= threes & x;
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            pairs[b] = twos & !threes & self.unsolved[b];
            triples[b] = threes & !fours & self.unsolved[b];
        }
        let mut best: Option<(u32, usize, u32, usize)> = None;
        for b in 0..4 {
            let mut two = pairs[b];
            while two != 0 {
                let p = two.trailing_zeros();
                two &= two - 1;
                let bit = 1u64 << p;
                let column = LANE_LOW << (p % 16);
                let peers: [u64; 4] = std::array::from_fn(|k| {
                    let near = if k == b {
                        BAND_PEERS[p as usize]
                    } else {
                        column
                    };
                    near & self.unsolved[k]
                });
                let empty: u32 = peers.iter().map(|x| x.count_ones()).sum();
                let reach = |d: usize| -> u32 {
                    (0..4)
                        .map(|k| {
                            let lose = self.f[d][k] & peers[k];
                            lose.count_ones() + 3 * (lose & pairs[k]).count_ones()
                        })
                        .sum()
                };
                let mut digits = (0..DIGITS).filter(|&d| self.f[d][b] & bit != 0);
                let (Some(low), Some(high)) = (digits.next(), digits.next()) else {
                    continue;
                };
                let (first, second) = (reach(low), reach(high));
                let score = (empty + first.min(second)) * 256 + first.max(second);
                if best.is_none_or(|(top, _, _, _)| score > top) {
                    best = Some((score, b, p, if second >= first { high } else { low }));
                }
            }
        }
        if let Some((_, b, p, d)) = best {
            return (b, p, d);
        }
        let (b, p) = match (0..4).find(|&b| triples[b] != 0) {
            Some(b) => (b, triples[b].trailing_zeros()),
            None => {
                let b = (0..4).find(|&b| self.unsolved[b] != 0).unwrap_or(0);
                (b, self.unsolved[b].trailing_zeros() % 64)
            }
        };
        let d = (0..DIGITS)
            .find(|&d| self.f[d][b] & 1 << p != 0)
            .unwrap_or(0);
        (b, p, d)
    }

    /// The digits written into `out` (1..=16, 0 for an empty cell).
    fn write_cells(&self, out: &mut [u8; CELLS]) {
        out.fill(0);
        for (d, digit) in self.f.iter().enumerate() {
            for (b, &word) in digit.iter().enumerate() {
                let mut x = word & !self.unsolved[b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[64 * b + p] = d as u8 + 1;
                }
            }
        }
    }
}

/// Scratch for the 16×16 search: the stack of pending alternatives (at most one per cell).
pub(crate) struct Sixteen {
    stack: Box<[State; CELLS]>,
}

impl Default for Sixteen {
    fn default() -> Sixteen {
        Sixteen {
            stack: Box::new([State::empty(); CELLS]),
        }
    }
}

impl Sixteen {
    /// Searches `cells` (256 values, 0 empty, 1..=16 given) for up to `limit` solutions,
    /// handing each to `found`. `budget` is checked at entry and every [`CHECK_EVERY`] nodes;
    /// `nodes` is the work counter its iteration cap applies to. With `WATCH`, `watch` hears
    /// of every cell whose value changed after each propagation.
    #[inline(always)]
    pub(crate) fn run<const WATCH: bool>(
        &mut self,
        cells: &[u8],
        limit: u64,
        budget: &Budget,
        mut watch: impl FnMut(SearchEvent<'_>),
        mut found: impl FnMut(&[u8; CELLS]),
    ) -> Tally {
        let mut counters = Counters::default();
        let tally = |solutions, stopped: Option<StopReason>, counters: Counters| Tally {
            solutions,
            stopped,
            counters: Counters {
                iterations: counters.nodes,
                ..counters
            },
        };
        if let Err(reason) = budget.check(0) {
            return tally(0, Some(reason), counters);
        }
        let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
        let mut current = State::empty();
        for (cell, &value) in cells.iter().enumerate().take(CELLS) {
            if value != 0 {
                let d = usize::from(value - 1) % DIGITS;
                if !current.place(d, cell / 64, (cell % 64) as u32) {
                    return tally(0, None, counters);
                }
            }
        }
        // What the watcher has been told: the clues, then every change.
        let mut shown = [0u8; CELLS];
        let mut now = [0u8; CELLS];
        if WATCH {
            shown.copy_from_slice(&cells[..CELLS]);
        }
        let mut solutions = 0u64;
        let mut depth = 0usize;
        // The cell of the guess just placed, until the watcher has been told of it.
        let mut guessed = None;
        loop {
            counters.nodes += 1;
            if checkpoints.due(counters.nodes)
                && let Err(reason) = checkpoints.check(budget, counters.nodes)
            {
                return tally(solutions, Some(reason), counters);
            }
            if current.propagate() {
                if WATCH {
                    current.write_cells(&mut now);
                    report_changes(&mut shown, &now, guessed.take(), &mut watch);
                }
                if current.is_solved() {
                    solutions += 1;
                    current.write_cells(&mut now);
                    found(&now);
                    if solutions >= limit {
                        break;
                    }
                } else if depth < self.stack.len() {
                    let (b, p, d) = current.choose_cell();
                    let bit = 1u64 << p;
                    let mut other = current;
                    other.f[d][b] &= !bit;
                    self.stack[depth] = other;
                    depth += 1;
                    counters.guesses += 1;
                    if WATCH {
                        guessed = Some(64 * b + p as usize);
                    }
                    if current.place(d, b, p) {
                        continue;
                    }
                }
            }
            if depth == 0 {
                break;
            }
            depth -= 1;
            current = self.stack[depth];
            counters.backtracks += 1;
            guessed = None;
        }
        tally(solutions, None, counters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bitmask;
    use crate::generic::Generic;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use sudoku_core::{Grid, Outcome, Shape, Solver, Verdict, validate_clues, verify_solution};

    /// What the generic path finds: the count and the solutions kept.
    fn generic(puzzle: &Grid, budget: &Budget) -> (u64, Vec<Grid>) {
        let limit = budget.solution_limit;
        let keep = budget.keep_solutions.max(1);
        let (_, solutions, count, _) =
            Generic::default().run::<false>(puzzle, budget, limit, keep, |_| {});
        (count, solutions)
    }

    /// Both paths' answers, solutions sorted; checks every fast-path solution verifies.
    fn both(puzzle: &Grid, budget: &Budget) -> (Outcome, Vec<Grid>, Vec<Grid>) {
        let fast = Bitmask::default().solve(puzzle, budget);
        let (count, mut slow) = generic(puzzle, budget);
        assert_eq!(fast.solution_count, count, "{puzzle}");
        let mut quick = fast.solutions.clone();
        for solution in &quick {
            assert_eq!(verify_solution(puzzle, solution), Ok(()), "{puzzle}");
        }
        quick.sort_by_key(Grid::to_line);
        slow.sort_by_key(Grid::to_line);
        (fast, quick, slow)
    }

    fn sixteens() -> Vec<Grid> {
        let mut bases: Vec<Grid> = sudoku_kit::corpus()
            .into_iter()
            .filter_map(|case| case.solution)
            .filter(|grid| grid.shape() == Shape::S16)
            .collect();
        for level in ["easy", "medium", "hard", "unfair"] {
            let set = sudoku_catalog::embedded(&format!("16x16-{level}")).expect("a level set");
            bases.extend(set.puzzles.into_iter().filter_map(|p| p.solution));
        }
        bases
    }

    #[test]
    fn the_helpers_do_what_they_say() {
        let x = 0x0123_4567_89AB_CDEF;
        assert_eq!(transpose(transpose(x)), x);
        // Row 1 of box 2 becomes row 2 of box 1.
        assert_eq!(transpose(0xF << (16 + 8)), 0xF << (32 + 4));
        assert_eq!(
            lane_singles(0x0001_8000_0006_0100),
            (0x0001_8000_0000_0100, false)
        );
        assert_eq!(
            lane_singles(0x0001_0000_0006_0100),
            (0x0001_0000_0000_0100, true)
        );
        assert!(!lane_singles(0x0001_0001_0001_0001).1);
        let word = 0x8421_0000_00F0_0001u64;
        assert_eq!(sector_cells(sectors(word) as u16) & word, word);
        assert_eq!(PERMUTATION_KEEP[0xFFFF], 0xFFFF);
        assert_eq!(PERMUTATION_KEEP[0x8421], 0x8421);
        // Row 0 may use box 0 or 1; rows 1-3 only box 0 or 1 as well: no permutation.
        assert_eq!(PERMUTATION_KEEP[0x3333], 0);
        // Row 0 alone in box 0 forces box 0 out of the other rows.
        assert_eq!(PERMUTATION_KEEP[0xFFF1], 0xEEE1);
    }

    /// Every 16×16 case of the conformance corpus (unique, several solutions, unsolvable): the
    /// same solutions as the generic path, and the count the corpus gives.
    #[test]
    fn agrees_with_the_generic_path_on_the_corpus() {
        let (mut several, mut none) = (0, 0);
        for case in sudoku_kit::corpus() {
            let puzzle = &case.puzzle;
            if puzzle.shape() != Shape::S16 || validate_clues(puzzle).is_err() {
                continue;
            }
            let (fast, quick, slow) = both(puzzle, &Budget::list(1000));
            assert_eq!(fast.solution_count, case.count, "line {}", case.line);
            assert_eq!(quick, slow, "line {}", case.line);
            if case.count == 0 {
                assert_eq!(fast.verdict, Verdict::Unsolvable, "line {}", case.line);
            }
            several += usize::from(case.count > 1);
            none += usize::from(case.count == 0);
        }
        assert!(several >= 1 && none >= 1, "{several} several, {none} none");
    }

    /// Random blankings of 16×16 solutions, some with a wrong digit planted: the same solutions
    /// as the generic path, with unique, multi-solution and unsolvable puzzles among them.
    #[test]
    fn agrees_with_the_generic_path_on_random_puzzles() {
        let (mut one, mut several, mut none) = (0, 0, 0);
        for puzzle in crate::random_blankings(&sixteens(), 150, 110..200, 0x2545_f491_4f6c_dd1d) {
            let (fast, quick, slow) = both(&puzzle, &Budget::list(20));
            if fast.solution_count < 20 {
                assert_eq!(quick, slow, "{puzzle}");
            }
            one += usize::from(fast.solution_count == 1);
            several += usize::from(fast.solution_count > 1);
            none += usize::from(fast.solution_count == 0);
        }
        assert!(
            one > 10 && several > 10 && none > 10,
            "{one} unique, {several} several, {none} none"
        );
    }

    /// The empty board: fifty distinct verified solutions from both paths.
    #[test]
    fn lists_many_solutions_of_the_empty_board() {
        let (fast, quick, slow) = both(&Grid::empty(Shape::S16), &Budget::list(50));
        assert_eq!(fast.solution_count, 50);
        assert_eq!(quick.len(), 50);
        assert!(quick.windows(2).all(|w| w[0] != w[1]));
        assert_eq!(slow.len(), 50);
    }

    /// The level sets: the published solution, proven unique; counters as documented.
    #[test]
    fn solves_the_level_sets_with_consistent_counters() {
        let mut guessed = 0;
        for level in ["easy", "medium", "hard", "unfair"] {
            let set = sudoku_catalog::embedded(&format!("16x16-{level}")).expect("a level set");
            for puzzle in set.puzzles {
                let outcome = Bitmask::default().solve(&puzzle.grid, &Budget::unique());
                assert_eq!(outcome.solution_count, 1, "{level}");
                assert_eq!(
                    outcome.solutions.first(),
                    puzzle.solution.as_ref(),
                    "{level}"
                );
                let c = outcome.counters;
                assert_eq!(c.iterations, c.nodes);
                assert!(
                    c.nodes > c.guesses && c.backtracks <= c.guesses,
                    "{level} {c:?}"
                );
                guessed += usize::from(c.guesses > 0);
            }
        }
        assert!(guessed >= 1);
    }

    /// A deadline, a cancel flag and an iteration cap each stop a search that would run long.
    #[test]
    fn honours_the_budget() {
        let mut solver = Bitmask::default();
        let empty = Grid::empty(Shape::S16);
        let past = Budget::count(u64::MAX).with_deadline(std::time::Instant::now());
        assert_eq!(
            solver.solve(&empty, &past).verdict,
            Verdict::GaveUp(StopReason::Deadline)
        );
        let soon = std::time::Instant::now() + std::time::Duration::from_millis(30);
        let outcome = solver.solve(&empty, &Budget::count(u64::MAX).with_deadline(soon));
        assert_eq!(outcome.verdict, Verdict::GaveUp(StopReason::Deadline));
        assert!(outcome.counters.nodes > CHECK_EVERY);
        let cancelled = Budget::count(u64::MAX).with_cancel(Arc::new(AtomicBool::new(true)));
        assert_eq!(
            solver.solve(&empty, &cancelled).verdict,
            Verdict::GaveUp(StopReason::Cancelled)
        );
        let capped = Budget::count(u64::MAX).with_max_iterations(1000);
        let outcome = solver.solve(&empty, &capped);
        assert_eq!(outcome.verdict, Verdict::GaveUp(StopReason::IterationCap));
        assert_eq!(outcome.counters.nodes, 1000);
    }

    /// Replaying what a watched solve reports ends on the solution it returns.
    #[test]
    fn a_watched_solve_replays_to_its_solution() {
        // A strictly minimal 16×16 puzzle: bitmask guesses on every one of them.
        let text = include_str!("../../../../datasets/minimal-16x16.txt");
        let line = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .expect("a puzzle");
        let puzzle = &sudoku_core::Grid::parse(line.split(':').next().unwrap()).unwrap();
        let mut replay = sudoku_core::Replay::new(puzzle);
        let mut misfit = None;
        let outcome = Bitmask::default()
            .solve_watched(puzzle, &Budget::solve(), &mut |event| {
                if let Err(why) = replay.apply(&event) {
                    misfit.get_or_insert(why);
                }
            })
            .expect("bitmask can be watched");
        assert_eq!(misfit, None);
        let solution = outcome.solutions.first().expect("solved");
        assert_eq!(replay.cells(), solution.cells());
        assert!(replay.tally().guesses() > 0, "{:?}", replay.tally());
    }
}
