//! The path for every size (4×4 to 25×25): used-digit masks per unit, naked and hidden singles,
//! box-line eliminations, MRV branching over a cell's candidates.

use sudoku_core::{
    Budget, Checkpoints, Counters, Grid, SearchEvent, Shape, StopReason, report_changes,
};

/// Largest board side and cell count the fixed-size state holds.
const MAX_SIDE: usize = 25;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Nodes between two budget checks (a node costs a few microseconds on 25×25).
const CHECK_EVERY: u64 = 256;

/// A board mid-search: cell values and the digits used in each row, column and box
/// (bit `v` for digit `v`).
#[derive(Clone)]
struct State {
    cells: [u8; MAX_CELLS],
    used: [u32; 3 * MAX_SIDE],
    /// Digits removed from each cell by box-line eliminations.
    removed: [u32; MAX_CELLS],
    empty: usize,
}

/// The geometry of one size, computed once and kept until the size changes.
struct Layout {
    shape: Shape,
    n: usize,
    all: u32,
    /// Row, column and box unit of each cell, as indexes into `State::used`.
    units_of: Vec<[usize; 3]>,
    /// The cells of each unit, `3n` units of `n` cells, same order as `State::used`.
    unit_cells: Vec<Vec<usize>>,
    /// Where a box meets a line (row or column): the segments box-line eliminations read.
    segments: Vec<Segment>,
}

/// The cells a box shares with a row or a column, and the cells on either side of it.
struct Segment {
    /// Indexes into `Layout::unit_cells` / `State::used` of the line and the box.
    line: usize,
    boxed: usize,
    cells: Vec<usize>,
    /// The line's cells outside the box, and the box's cells outside the line.
    line_rest: Vec<usize>,
    box_rest: Vec<usize>,
}

impl Layout {
    fn new(shape: Shape) -> Layout {
        let n = shape.size();
        let units_of = (0..shape.cell_count())
            .map(|c| {
                [
                    shape.row_of(c),
                    n + shape.col_of(c),
                    2 * n + shape.box_of(c),
                ]
            })
            .collect();
        let kinds = [
            sudoku_core::UnitKind::Row,
            sudoku_core::UnitKind::Column,
            sudoku_core::UnitKind::Box,
        ];
        let unit_cells = kinds
            .iter()
            .flat_map(|&kind| (0..n).map(move |u| shape.unit_cells(kind, u).collect()))
            .collect();
        let unit_cells: Vec<Vec<usize>> = unit_cells;
        let mut segments = Vec::new();
        for boxed in 2 * n..3 * n {
            for line in 0..2 * n {
                let in_box = |c: &usize| unit_cells[boxed].contains(c);
                let in_line = |c: &usize| unit_cells[line].contains(c);
                let cells: Vec<usize> = unit_cells[line].iter().copied().filter(in_box).collect();
                if cells.is_empty() {
                    continue;
                }
                segments.push(Segment {
                    line,
                    boxed,
                    line_rest: unit_cells[line]
                        .iter()
                        .copied()
                        .filter(|c| !in_box(c))
                        .collect(),
                    box_rest: unit_cells[boxed]
                        .iter()
                        .copied()
                        .filter(|c| !in_line(c))
                        .collect(),
                    cells,
                });
            }
        }
        Layout {
            shape,
            n,
            all: ((1u32 << n) - 1) << 1,
            units_of,
            unit_cells,
            segments,
        }
    }

    fn candidates(&self, state: &State, cell: usize) -> u32 {
        let [r, c, b] = self.units_of[cell];
        self.all & !(state.used[r] | state.used[c] | state.used[b] | state.removed[cell])
    }

    fn place(&self, state: &mut State, cell: usize, digit: u32) {
        state.cells[cell] = digit as u8;
        state.empty -= 1;
        for u in self.units_of[cell] {
            state.used[u] |= 1 << digit;
        }
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
    /// The other place of a digit that had two places in a unit.
    Place { cell: usize, digit: u32 },
}

/// Scratch for the generic search, reused across solves.
#[derive(Default)]
pub(crate) struct Generic {
    layout: Option<Layout>,
    frames: Vec<Frame>,
    candidates: Vec<u32>,
    segment_digits: Vec<u32>,
}

/// What propagation left: a contradiction, a full board, or what to branch on: an empty cell's
/// candidates, or the two places a digit has left in a unit.
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
        let shape = puzzle.shape();
        if self.layout.as_ref().is_none_or(|l| l.shape != shape) {
            self.layout = Some(Layout::new(shape));
        }
        let Some(layout) = self.layout.as_ref() else {
            return (None, solutions, 0, counters);
        };
        self.candidates.resize(shape.cell_count(), 0);
        self.segment_digits.resize(layout.segments.len(), 0);
        self.frames.clear();
        let mut current = State {
            cells: [0; MAX_CELLS],
            used: [0; 3 * MAX_SIDE],
            removed: [0; MAX_CELLS],
            empty: shape.cell_count(),
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                if layout.candidates(&current, cell) & (1 << value) == 0 {
                    return (None, solutions, 0, counters);
                }
                layout.place(&mut current, cell, u32::from(value));
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
            let settled = settle(
                layout,
                &mut current,
                &mut self.candidates,
                &mut self.segment_digits,
            );
            if WATCH && !matches!(settled, Settled::Dead) {
                report_changes(&mut shown, &current.cells, guessed.take(), &mut watch);
            }
            match settled {
                Settled::Solved => {
                    count += 1;
                    if solutions.len() < keep {
                        let cells = current.cells[..shape.cell_count()].to_vec();
                        if let Some(grid) = Grid::from_cells(shape, cells) {
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
                    layout.place(&mut current, cell, digit);
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
                    layout.place(&mut current, cells[0], digit);
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
            layout.place(&mut current, cell, digit);
        }
        counters.iterations = counters.nodes;
        (stopped, solutions, count, counters)
    }
}

/// Applies naked and hidden singles until neither applies.
fn settle(
    layout: &Layout,
    state: &mut State,
    candidates: &mut [u32],
    digits: &mut [u32],
) -> Settled {
    let n = layout.n;
    let cell_count = n * n;
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
            let cands = layout.candidates(state, cell);
            *slot = cands;
            match cands.count_ones() {
                0 => return Settled::Dead,
                1 => {
                    layout.place(state, cell, cands.trailing_zeros());
                    *slot = 0;
                    progress = true;
                }
                k if k <= best.0 => {
                    // Ties go to the cell whose units have the most empty cells: its value
                    // reaches furthest.
                    let [r, c, b] = layout.units_of[cell];
                    let filled = state.used[r].count_ones()
                        + state.used[c].count_ones()
                        + state.used[b].count_ones();
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
        // Hidden singles: a digit with one place left in a unit.
        for (unit, cells) in layout.unit_cells.iter().enumerate() {
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for &cell in cells {
                let c = candidates[cell];
                threes |= twos & c;
                twos |= ones & c;
                ones |= c;
            }
            if layout.all & !state.used[unit] & !ones != 0 {
                return Settled::Dead;
            }
            let two_places = twos & !threes;
            if bilocal.is_none() && two_places != 0 {
                bilocal = Some((unit, two_places.trailing_zeros()));
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
                if layout.candidates(state, cell) & (1 << digit) == 0 {
                    return Settled::Dead;
                }
                layout.place(state, cell, digit);
                progress = true;
            }
        }
        if progress {
            continue;
        }
        if box_line(layout, state, candidates, digits) {
            continue;
        }
        let (fewest, cell, cands) = best;
        if fewest > 2
            && let Some((unit, digit)) = bilocal
        {
            // A digit with two places left in a unit splits the tree in two, better than a
            // cell with three or more candidates.
            let mut places = layout.unit_cells[unit]
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

/// Pointing and claiming: a digit that a box holds only where it meets a line leaves the rest
/// of the line, and a digit that a line holds only within one box leaves the rest of the box.
/// `candidates` must be fresh; `digits` is scratch, one slot per segment. Returns whether a
/// candidate was removed.
fn box_line(layout: &Layout, state: &mut State, candidates: &[u32], digits: &mut [u32]) -> bool {
    let n = layout.n;
    // Per line, and per box and line kind (rows, columns): digits seen in one segment or more,
    // and in two or more.
    let mut line_once = [0u32; 2 * MAX_SIDE];
    let mut line_twice = [0u32; 2 * MAX_SIDE];
    let mut box_once = [0u32; 2 * MAX_SIDE];
    let mut box_twice = [0u32; 2 * MAX_SIDE];
    let box_slot = |segment: &Segment| segment.boxed - 2 * n + n * usize::from(segment.line >= n);
    for (segment, slot) in layout.segments.iter().zip(digits.iter_mut()) {
        let d = segment.cells.iter().fold(0, |acc, &c| acc | candidates[c]);
        *slot = d;
        line_twice[segment.line] |= line_once[segment.line] & d;
        line_once[segment.line] |= d;
        let k = box_slot(segment);
        box_twice[k] |= box_once[k] & d;
        box_once[k] |= d;
    }
    let mut progress = false;
    let mut remove = |digits: u32, cells: &[usize]| {
        if digits == 0 {
            return;
        }
        for &cell in cells {
            if candidates[cell] & digits != 0 && state.cells[cell] == 0 {
                state.removed[cell] |= digits;
                progress = true;
            }
        }
    };
    for (segment, &d) in layout.segments.iter().zip(digits.iter()) {
        remove(d & !box_twice[box_slot(segment)], &segment.line_rest);
        remove(d & !line_twice[segment.line], &segment.box_rest);
    }
    progress
}
