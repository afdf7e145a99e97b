//! The path for every size (4×4 to 25×25) and every variant: a used-digit mask per house of the
//! puzzle's [`Geometry`] (rows, columns, boxes or jigsaw regions, diagonals), naked and hidden
//! singles, region–line eliminations over the geometry's segments, MRV branching over a cell's
//! candidates.

use sudoku_core::{
    Budget, Checkpoints, Counters, Geometry, Grid, SearchEvent, StopReason, report_changes,
};

/// Largest board side and cell count the fixed-size state holds.
const MAX_SIDE: usize = 25;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// Houses of the largest board: rows, columns, boxes and both diagonals.
const MAX_HOUSES: usize = 3 * MAX_SIDE + 2;

/// Nodes between two budget checks (a node costs a few microseconds on 25×25).
const CHECK_EVERY: u64 = 256;

/// A board mid-search: cell values and the digits used in each house (bit `v` for digit `v`),
/// houses numbered as the geometry numbers them.
#[derive(Clone)]
struct State {
    cells: [u8; MAX_CELLS],
    used: [u32; MAX_HOUSES],
    /// Digits removed from each cell by region–line eliminations.
    removed: [u32; MAX_CELLS],
    empty: usize,
}

/// The rules of the board being searched: its houses, and every digit as a set.
struct Rules<'g> {
    geometry: &'g Geometry,
    all: u32,
}

impl Rules<'_> {
    #[inline]
    fn candidates(&self, state: &State, cell: usize) -> u32 {
        let taken = self
            .geometry
            .houses_of(cell)
            .iter()
            .fold(state.removed[cell], |taken, &h| taken | state.used[h]);
        self.all & !taken
    }

    #[inline]
    fn place(&self, state: &mut State, cell: usize, digit: u32) {
        state.cells[cell] = digit as u8;
        state.empty -= 1;
        for &h in self.geometry.houses_of(cell) {
            state.used[h] |= 1 << digit;
        }
    }

    /// Digits already placed in the houses of `cell`, counted once a house: the smaller, the
    /// further a value there reaches.
    fn filled_around(&self, state: &State, cell: usize) -> u32 {
        self.geometry
            .houses_of(cell)
            .iter()
            .map(|&h| state.used[h].count_ones())
            .sum()
    }
}

/// A decision point: the board before the guess and what is left to try there.
struct Frame {
    state: State,
    untried: Untried,
}

/// The alternatives of a decision not yet tried.
enum Untried {
    /// More digits for the cell.
    Digits { cell: usize, rest: u32 },
    /// The other place of a digit that had two places in a house.
    Place { cell: usize, digit: u32 },
}

/// Scratch for the generic search, reused across solves.
#[derive(Default)]
pub(crate) struct Generic {
    frames: Vec<Frame>,
    candidates: Vec<u32>,
}

/// What propagation left: a contradiction, a full board, or what to branch on: an empty cell's
/// candidates, or the two places a digit has left in a house.
enum Settled {
    Dead,
    Solved,
    Branch { cell: usize, candidates: u32 },
    Pair { digit: u32, cells: [usize; 2] },
}

impl Generic {
    /// Searches `puzzle` for up to `limit` solutions, keeping `keep` of them. `nodes` is the
    /// work counter the iteration cap applies to.
    /// With `WATCH`, `watch` hears of every cell whose value changed after each propagation.
    pub(crate) fn run<const WATCH: bool>(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        limit: u64,
        keep: usize,
        mut watch: impl FnMut(SearchEvent<'_>),
    ) -> (Option<StopReason>, Vec<Grid>, u64, Counters) {
        let mut counters = Counters::default();
        let mut solutions = Vec::new();
        let mut count = 0u64;
        if let Err(reason) = budget.check(0) {
            return (Some(reason), solutions, 0, counters);
        }
        let geometry = puzzle.geometry();
        let cell_count = geometry.cell_count();
        let rules = &Rules {
            geometry,
            all: ((1u32 << geometry.size()) - 1) << 1,
        };
        self.candidates.resize(cell_count, 0);
        self.frames.clear();
        let mut current = State {
            cells: [0; MAX_CELLS],
            used: [0; MAX_HOUSES],
            removed: [0; MAX_CELLS],
            empty: cell_count,
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                if rules.candidates(&current, cell) & (1 << value) == 0 {
                    return (None, solutions, 0, counters);
                }
                rules.place(&mut current, cell, u32::from(value));
            }
        }
        let mut stopped = None;
        let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
        // What the watcher has been told: the clues, then every change.
        let mut shown = if WATCH {
            puzzle.cells().to_vec()
        } else {
            Vec::new()
        };
        // The cell of the guess just placed, until the watcher has been told of it.
        let mut guessed = None;
        loop {
            counters.nodes += 1;
            if checkpoints.due(counters.nodes)
                && let Err(reason) = checkpoints.check(budget, counters.nodes)
            {
                stopped = Some(reason);
                break;
            }
            let settled = settle(rules, &mut current, &mut self.candidates);
            if WATCH && !matches!(settled, Settled::Dead) {
                report_changes(&mut shown, &current.cells, guessed.take(), &mut watch);
            }
            match settled {
                Settled::Solved => {
                    count += 1;
                    if solutions.len() < keep {
                        let cells = current.cells[..cell_count].to_vec();
                        if let Some(grid) = puzzle.with_cells(cells) {
                            solutions.push(grid);
                        }
                    }
                    if count >= limit {
                        break;
                    }
                }
                Settled::Branch { cell, candidates } => {
                    let digit = candidates.trailing_zeros();
                    let rest = candidates & (candidates - 1);
                    self.frames.push(Frame {
                        state: current.clone(),
                        untried: Untried::Digits { cell, rest },
                    });
                    counters.guesses += 1;
                    guessed = Some(cell);
                    rules.place(&mut current, cell, digit);
                    continue;
                }
                Settled::Pair { digit, cells } => {
                    self.frames.push(Frame {
                        state: current.clone(),
                        untried: Untried::Place {
                            cell: cells[1],
                            digit,
                        },
                    });
                    counters.guesses += 1;
                    guessed = Some(cells[0]);
                    rules.place(&mut current, cells[0], digit);
                    continue;
                }
                Settled::Dead => {}
            }
            // Backtrack to the latest decision with a value left to try.
            let Some(frame) = self.frames.last_mut() else {
                break;
            };
            counters.backtracks += 1;
            current.clone_from(&frame.state);
            // The alternatives were candidates in the saved state (branching happens only on
            // freshly computed candidates), so each can be placed as it is.
            let (cell, digit, exhausted) = match &mut frame.untried {
                Untried::Digits { cell, rest } => {
                    let digit = rest.trailing_zeros();
                    *rest &= *rest - 1;
                    (*cell, digit, *rest == 0)
                }
                Untried::Place { cell, digit } => (*cell, *digit, true),
            };
            if exhausted {
                self.frames.pop();
                guessed = None;
            } else {
                counters.guesses += 1;
                guessed = Some(cell);
            }
            rules.place(&mut current, cell, digit);
        }
        counters.iterations = counters.nodes;
        (stopped, solutions, count, counters)
    }
}

/// Applies naked and hidden singles, then region–line eliminations, until none applies.
fn settle(rules: &Rules<'_>, state: &mut State, candidates: &mut [u32]) -> Settled {
    let geometry = rules.geometry;
    let cell_count = geometry.cell_count();
    loop {
        if state.empty == 0 {
            return Settled::Solved;
        }
        let mut progress = false;
        let mut best = (u32::MAX, 0usize, 0u32);
        let mut best_filled = u32::MAX;
        let mut bilocal = None;
        for (cell, slot) in candidates.iter_mut().enumerate().take(cell_count) {
            if state.cells[cell] != 0 {
                *slot = 0;
                continue;
            }
            let cands = rules.candidates(state, cell);
            *slot = cands;
            match cands.count_ones() {
                0 => return Settled::Dead,
                1 => {
                    rules.place(state, cell, cands.trailing_zeros());
                    *slot = 0;
                    progress = true;
                }
                k if k <= best.0 => {
                    // Ties go to the cell whose houses have the most empty cells: its value
                    // reaches furthest.
                    let filled = rules.filled_around(state, cell);
                    if k < best.0 || filled < best_filled {
                        best = (k, cell, cands);
                        best_filled = filled;
                    }
                }
                _ => {}
            }
        }
        if progress {
            continue;
        }
        // Hidden singles: a digit with one place left in a house.
        for house in 0..geometry.house_count() {
            let cells = geometry.house(house);
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for &cell in cells {
                let c = candidates[cell];
                threes |= twos & c;
                twos |= ones & c;
                ones |= c;
            }
            if rules.all & !state.used[house] & !ones != 0 {
                return Settled::Dead;
            }
            let two_places = twos & !threes;
            if bilocal.is_none() && two_places != 0 {
                bilocal = Some((house, two_places.trailing_zeros()));
            }
            let mut singles = ones & !twos;
            while singles != 0 {
                let digit = singles.trailing_zeros();
                singles &= singles - 1;
                let Some(&cell) = cells.iter().find(|&&c| candidates[c] & (1 << digit) != 0) else {
                    return Settled::Dead;
                };
                if state.cells[cell] != 0 {
                    if u32::from(state.cells[cell]) == digit {
                        continue;
                    }
                    return Settled::Dead;
                }
                if rules.candidates(state, cell) & (1 << digit) == 0 {
                    return Settled::Dead;
                }
                rules.place(state, cell, digit);
                progress = true;
            }
        }
        if progress {
            continue;
        }
        if region_line(geometry, state, candidates) {
            continue;
        }
        let (fewest, cell, cands) = best;
        if fewest > 2
            && let Some((house, digit)) = bilocal
        {
            // A digit with two places left in a house splits the tree in two, better than a
            // cell with three or more candidates.
            let mut places = geometry
                .house(house)
                .iter()
                .filter(|&&c| candidates[c] & (1 << digit) != 0);
            if let (Some(&first), Some(&second)) = (places.next(), places.next()) {
                return Settled::Pair {
                    digit,
                    cells: [first, second],
                };
            }
        }
        return Settled::Branch {
            cell,
            candidates: cands,
        };
    }
}

/// Pointing and claiming over the geometry's segments (a box or region crossing a row, column
/// or diagonal in two cells or more): a digit the region holds only on the line leaves the rest
/// of the line, and a digit the line holds only in the region leaves the rest of the region. A
/// jigsaw region can meet a line in one cell, which no segment covers, so each side's other
/// digits are read from its own cells rather than from the other segments. `candidates` must
/// be fresh. Returns whether a candidate was removed.
fn region_line(geometry: &Geometry, state: &mut State, candidates: &[u32]) -> bool {
    let mut progress = false;
    for segment in geometry.segments() {
        let here = segment.cells.iter().fold(0, |acc, &c| acc | candidates[c]);
        if here == 0 {
            continue;
        }
        let pointing = here & !union_up_to(candidates, &segment.region_rest, here);
        let claiming = here & !union_up_to(candidates, &segment.line_rest, here);
        progress |= remove(state, candidates, pointing, &segment.line_rest);
        progress |= remove(state, candidates, claiming, &segment.region_rest);
    }
    progress
}

/// The candidates of `cells` together, the scan stopping once they hold all of `wanted` (what
/// the caller asks is only which of `wanted` they lack).
fn union_up_to(candidates: &[u32], cells: &[usize], wanted: u32) -> u32 {
    let mut seen = 0;
    for &cell in cells {
        seen |= candidates[cell];
        if wanted & !seen == 0 {
            break;
        }
    }
    seen
}

/// Removes `digits` from the empty cells among `cells`; whether one of them held one.
fn remove(state: &mut State, candidates: &[u32], digits: u32, cells: &[usize]) -> bool {
    let mut removed = false;
    if digits == 0 {
        return removed;
    }
    for &cell in cells {
        if candidates[cell] & digits != 0 && state.cells[cell] == 0 {
            state.removed[cell] |= digits;
            removed = true;
        }
    }
    removed
}
