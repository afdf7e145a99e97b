//! Backtracking over available digits: the method of the backtracking vs branch-and-bound
//! coursework (reference document 004).
//!
//! The next empty cell is taken in row-major order. Its *available digits* are computed once,
//! on arrival: the digits used by none of its row, column and box. They are tried in increasing
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
//! On the documents' named boards (`tests/agreement.rs` checks the equalities and the bound on
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
//! Wall time hardly moves (Near worst case, limit 2: 475 ms against naive's 517 ms in one run on
//! a shared machine, i.e. within its noise), because naive already skips infeasible digits with
//! one bit scan and only *counts* them; the work per node is the same.
//!
//! # Implementation
//! Rows, columns and boxes are bit sets of used digits; a cell's available digits are one
//! `!(row | column | box)`. The recursion is an explicit stack with one frame per empty cell
//! holding the digits still to try, kept in the solver struct so repeated solves allocate
//! nothing but their solutions. The budget is checked at entry and every 2^20 iterations.
//!
//! # Cost and limits
//! Exponential in the number of empty cells, like naive: the first rows decide the cost, and a
//! board built against row-major order (Near worst case) takes tens of millions of nodes. Every
//! size from 4×4 to 25×25 is accepted, but large boards with many empty cells can run for ages:
//! give it a deadline.
//!
//! On the public sets (one core, `--release`, uniqueness-checking solves, puzzle parsed inside the
//! timed loop, 1 s deadline per puzzle; `cargo run --release -p sudoku-coloring --example
//! throughput -- --solvers candidates --sets top1465,hardest --limit 200 --deadline-ms 1000`,
//! and `--sets 17 --limit 100`), on evenly spaced samples because most of the 17-clue puzzles
//! take it longer than a second:
//!
//! | set (sample) | settled in 1 s | mean time of those | median |
//! |---|---:|---:|---:|
//! | magictour top1465 (200) | 199 | 11.1 ms | 2.2 ms |
//! | forum hardest 1106 (200 of 375) | 200 | 16.7 ms | 9.7 ms |
//! | 17-clue (100 of 49,158) | 66 | 265 ms | 211 ms |
//!
//! # When to use it
//! As the teaching step between naive backtracking and a solver that chooses its cell: it shows
//! how much of naive's work is looking at digits that cannot fit. For speed, use a solver with
//! most-constrained-cell choice and propagation.

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Checkpoints, Counters, Family, Grid, Outcome, Solver,
    SolverInfo,
};

/// Row-major backtracking over each cell's available digits (see the crate documentation).
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    /// The empty cells of the current puzzle, row-major.
    slots: Vec<Slot>,
    /// One frame per empty cell: the search stack.
    frames: Vec<Frame>,
}

/// An empty cell and the indexes of its row, column and box masks.
#[derive(Clone, Copy, Debug)]
struct Slot {
    cell: usize,
    units: [usize; 3],
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
            capabilities: Capabilities {
                complete: true,
                counts_solutions: true,
                stochastic: false,
                sizes: ALL_SIZES,
                reports_guesses: true,
            },
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.search(puzzle, budget, |_, _| {})
    }

    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(usize, u8),
    ) -> Outcome {
        self.search(puzzle, budget, watch)
    }
}

impl Candidates {
    /// The search; `watch` hears every cell written or emptied (a no-op closure compiles away).
    fn search(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        mut watch: impl FnMut(usize, u8),
    ) -> Outcome {
        let shape = puzzle.shape();
        let all_digits: u32 = ((1u32 << shape.size()) - 1) << 1;
        // Used digits: rows at 0.., columns at 25.., boxes at 50.. (25 is the largest side).
        let mut used = [0u32; 75];
        let mut consistent = true;
        self.slots.clear();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            let units = [
                shape.row_of(cell),
                25 + shape.col_of(cell),
                50 + shape.box_of(cell),
            ];
            if digit == 0 {
                self.slots.push(Slot { cell, units });
            } else {
                let bit = 1u32 << digit;
                // A repeated clue means no solution; `solve_checked` rejects these first.
                consistent &= units.iter().all(|&u| used[u] & bit == 0);
                units.iter().for_each(|&u| used[u] |= bit);
            }
        }
        self.frames.clear();
        self.frames.resize(self.slots.len(), Frame::default());
        let slots = &self.slots[..];
        let frames = &mut self.frames[..];

        let mut counters = Counters::default();
        let mut solutions = Vec::new();
        let mut solution_count = 0u64;
        let keep = budget.keep_solutions.max(1);
        let mut stopped = budget.check(0).err();
        let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
        let mut k = 0;
        // True when the search has just reached cell k; false when it returns to it.
        let mut arriving = true;
        while stopped.is_none() && consistent {
            if k == slots.len() {
                solution_count += 1;
                if solutions.len() < keep {
                    solutions.push(fill(puzzle, slots, frames));
                }
                if solution_count >= budget.solution_limit || k == 0 {
                    break;
                }
                k -= 1;
                arriving = false;
                continue;
            }
            let slot = slots[k];
            let frame = &mut frames[k];
            if arriving {
                let taken = used[slot.units[0]] | used[slot.units[1]] | used[slot.units[2]];
                let available = all_digits & !taken;
                *frame = Frame {
                    untried: available,
                    value: 0,
                    several: available.count_ones() > 1,
                };
            } else {
                let bit = 1u32 << frame.value;
                slot.units.iter().for_each(|&u| used[u] &= !bit);
            }
            if frame.untried == 0 {
                if frame.value != 0 {
                    watch(slot.cell, 0);
                }
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
            slot.units.iter().for_each(|&u| used[u] |= 1 << value);
            watch(slot.cell, value as u8);
            k += 1;
            arriving = true;
            if checkpoints.due(counters.iterations) {
                stopped = checkpoints.check(budget, counters.iterations).err();
            }
        }
        Outcome::from_search(stopped, solutions, solution_count, counters)
    }
}

fn fill(puzzle: &Grid, slots: &[Slot], frames: &[Frame]) -> Grid {
    let mut grid = puzzle.clone();
    for (slot, frame) in slots.iter().zip(frames) {
        grid.set(slot.cell, frame.value as u8);
    }
    grid
}
