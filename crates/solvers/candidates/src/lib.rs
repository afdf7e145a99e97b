//! Backtracking over available digits: the method of the backtracking vs branch-and-bound
//! coursework (reference document 004).
//!
//! The next empty cell is taken in row-major order. Its *available digits* are computed once,
//! on arrival: the digits used by none of its houses. They are tried in increasing
//! order, each one placed and followed by a move to the next empty cell; a cell with no
//! available digit prunes the branch (the document's "función de poda") and the search returns
//! to the previous cell for its next digit. The search stops at the budget's solution limit or
//! when the tree is exhausted, so it proves uniqueness (limit 2) and counts solutions.
//!
//! There is deliberately no cleverness beyond that: no choice of the most constrained cell, no
//! propagation. The search tree is therefore exactly the naive solver's (same cell order, same
//! value order, same feasibility test); what the pruning function changes is the work spent at
//! each node, since infeasible digits are never tried.
//!
//! # Counters, comparable with `naive`
//! - `iterations`: candidate digits tried. Every candidate is feasible by construction, so each
//!   one tried is also placed and `iterations == nodes`; naive counts every digit 1..N it looks at
//!   instead. The ratio of the two iteration counts on one board is what the pruning saves.
//! - `nodes`: digits placed (equal to naive's `nodes` on every board).
//! - `guesses`: placements at a cell with more than one available digit (equal to naive's).
//! - `backtracks`: times a cell ran out of digits and the search returned to the previous one
//!   (equal to naive's).
//!
//! On the documents' named boards (`tests/naive_tree.rs` checks the equalities and the bound on
//! every one) the pruning removes about nine tenths of naive's iterations. Measured with
//! `cargo run --release -p sudoku-coloring --example named_boards [-- --limit 1]`:
//!
//! | board | naive iterations, limit 1 (= published) | candidates, limit 1 | naive, limit 2 | candidates, limit 2 |
//! |---|---:|---:|---:|---:|
//! | Near worst case | 622,577,597 | 69,175,316 | 622,865,034 | 69,207,226 |
//! | Star Burst Leo | 4,355,517 | 483,973 | 23,760,333 | 2,640,037 |
//! | Golden Nugget | 2,736,230 | 304,053 | 3,279,105 | 364,345 |
//! | Easter Monster | 2,357,880 | 262,014 | 6,410,259 | 712,251 |
//! | Flower Number | 37,652 | 4,208 | 41,679 | 4,631 |
//!
//! # Houses and variants
//! The houses are the puzzle's [`Geometry`](sudoku_core::Geometry): rows, columns and boxes on
//! a classic board, jigsaw regions in place of boxes, and both diagonals under the X rule, so
//! every variant takes the same search, and on a classic board the tree and the counts above
//! are unchanged. Each empty cell reads a fixed number of houses, as in naive: three, or five on
//! a board with diagonals, where a cell with fewer repeats its row (reading, setting or
//! clearing one set twice changes nothing); the classic search keeps its three-set loop.
//!
//! # Implementation
//! Houses are bit sets of used digits; a cell's available digits are the complement of its
//! houses' union. The recursion is an explicit stack with one frame per empty cell
//! holding the digits still to try, kept in the solver struct so repeated solves allocate
//! nothing but their solutions. The budget is checked at entry and every 2^20 iterations.
//!
//! # Cost and limits
//! Exponential in the number of empty cells, like naive: the first rows decide the cost, and a
//! board built against row-major order (Near worst case) takes tens of millions of nodes. Every
//! size from 4×4 to 25×25 is accepted, but large boards with many empty cells can run for ages:
//! give it a deadline.
//!
//! # When to use it
//! As the teaching step between naive backtracking and a solver that chooses its cell: it shows
//! how much of naive's work is looking at digits that cannot fit. For speed, use a solver with
//! most-constrained-cell choice and propagation.

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Checkpoints, Counters, Family, Found, Grid, NotWatchable,
    Outcome, SearchEvent, Solver, SolverInfo,
};

/// Row-major backtracking over each cell's available digits (see the crate documentation).
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    /// The empty cells of the current puzzle, row-major, on a board without diagonals...
    plain_slots: Vec<Slot<PLAIN_HOUSES>>,
    /// ... and on a board with them.
    diagonal_slots: Vec<Slot<DIAGONAL_HOUSES>>,
    /// One frame per empty cell: the search stack.
    frames: Vec<Frame>,
}

/// Houses a cell reads on a board without diagonals, and at most on one with them.
const PLAIN_HOUSES: usize = 3;
const DIAGONAL_HOUSES: usize = 5;

/// Room for every house of a 25×25 board (rows, columns, boxes, two diagonals).
const MAX_HOUSES: usize = 3 * 25 + 2;

/// An empty cell and the numbers of the `K` houses it reads.
#[derive(Clone, Copy, Debug)]
struct Slot<const K: usize> {
    cell: usize,
    houses: [usize; K],
}

/// The search state at one empty cell.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Available digits not tried yet (bit d for digit d).
    untried: u32,
    /// The digit the cell holds now, 0 if none.
    value: u32,
    /// Whether the cell had more than one available digit on arrival.
    several: bool,
}

/// Iterations between two budget checks: a few milliseconds of search.
const CHECK_EVERY: u64 = 1 << 20;

impl Solver for Candidates {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "candidates",
            family: Family::Backtracking,
            description: "row-major backtracking over each cell's available digits (coursework 004)",
            capabilities: Capabilities::exact(ALL_SIZES)
                .reporting_guesses()
                .on_every_variant(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.search_houses(puzzle, budget, |_| {})
    }

    /// Every digit placed (a guess when its cell had several available) and every digit taken
    /// back on the way up.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.search_houses(puzzle, budget, watch))
    }
}

impl Candidates {
    /// The search with as many houses a cell as the board needs.
    fn search_houses(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: impl FnMut(SearchEvent<'_>),
    ) -> Outcome {
        if puzzle.variant().has_diagonals() {
            search(
                &mut self.diagonal_slots,
                &mut self.frames,
                puzzle,
                budget,
                watch,
            )
        } else {
            search(
                &mut self.plain_slots,
                &mut self.frames,
                puzzle,
                budget,
                watch,
            )
        }
    }
}

/// The search over `slots` and `frames` (the solver's, refilled); `watch` hears every digit
/// placed and taken back (a no-op closure compiles away).
fn search<const K: usize>(
    slots: &mut Vec<Slot<K>>,
    frames: &mut Vec<Frame>,
    puzzle: &Grid,
    budget: &Budget,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let geometry = puzzle.geometry();
    let all_digits: u32 = ((1u32 << geometry.size()) - 1) << 1;
    // Used digits, one set a house.
    let mut used = [0u32; MAX_HOUSES];
    let mut consistent = true;
    slots.clear();
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        let houses = geometry.padded_houses::<K>(cell);
        if digit == 0 {
            slots.push(Slot { cell, houses });
        } else {
            let bit = 1u32 << digit;
            // A repeated clue means no solution; `solve_checked` rejects these first.
            consistent &= houses.iter().all(|&h| used[h] & bit == 0);
            houses.iter().for_each(|&h| used[h] |= bit);
        }
    }
    frames.clear();
    frames.resize(slots.len(), Frame::default());
    let slots = &slots[..];
    let frames = &mut frames[..];

    let mut counters = Counters::default();
    let mut found = Found::new(budget);
    let mut stopped = budget.check(0).err();
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    let mut k = 0;
    // True when the search has just reached cell k; false when it returns to it.
    let mut arriving = true;
    while stopped.is_none() && consistent {
        if k == slots.len() {
            if found.record(|| fill(puzzle, slots, frames)) || k == 0 {
                break;
            }
            k -= 1;
            arriving = false;
            continue;
        }
        let slot = slots[k];
        let frame = &mut frames[k];
        if arriving {
            let taken = slot.houses.iter().fold(0, |taken, &h| taken | used[h]);
            let available = all_digits & !taken;
            *frame = Frame {
                untried: available,
                value: 0,
                several: available.count_ones() > 1,
            };
        } else {
            let bit = 1u32 << frame.value;
            slot.houses.iter().for_each(|&h| used[h] &= !bit);
            watch(SearchEvent::Remove {
                cell: slot.cell,
                digit: frame.value as u8,
            });
        }
        if frame.untried == 0 {
            frame.value = 0;
            if k == 0 {
                break;
            }
            counters.backtracks += 1;
            k -= 1;
            arriving = false;
            continue;
        }
        let value = frame.untried.trailing_zeros();
        frame.untried &= frame.untried - 1;
        frame.value = value;
        counters.iterations += 1;
        counters.nodes += 1;
        counters.guesses += u64::from(frame.several);
        slot.houses.iter().for_each(|&h| used[h] |= 1 << value);
        watch(SearchEvent::Place {
            cell: slot.cell,
            digit: value as u8,
            guess: frame.several,
        });
        k += 1;
        arriving = true;
        if checkpoints.due(counters.iterations) {
            stopped = checkpoints.check(budget, counters.iterations).err();
        }
    }
    found.into_outcome(stopped, counters)
}

fn fill<const K: usize>(puzzle: &Grid, slots: &[Slot<K>], frames: &[Frame]) -> Grid {
    let mut grid = puzzle.clone();
    for (slot, frame) in slots.iter().zip(frames) {
        grid.set(slot.cell, frame.value as u8);
    }
    grid
}
