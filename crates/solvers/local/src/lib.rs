//! Stochastic local search, faithful to two of the source documents: the 2009 project's
//! random-swap search as simulated annealing ([`Annealing`]) and the 2019 thesis's tabu search
//! ([`Tabu`]); and a tuned variant of each ([`AnnealingTuned`], [`TabuTuned`]) with what the
//! literature found to work, to show what local search gets at its best.
//!
//! # What they are
//! The faithful searches fill the empty cells at once and then mend the full board by small
//! moves (the tuned ones work on partial boards: see below), guided by one
//! cost: the digits missing from each house of the board's [`sudoku_core::Geometry`] (each
//! row, column and box, or jigsaw region, and both diagonals on a diagonal board), summed
//! (0 = solved; on a full board it is also the number of repeated digits; the same count as
//! [`sudoku_core::missing_digits`]). [`counts::Counts`] keeps every house's digit counts, so a
//! move's cost change reads two counts for each house of a changed cell (three houses a cell,
//! four or five on a diagonal), whatever the board's size; both searches price moves with it.
//! Clues never move.
//!
//! - [`Annealing`] (the 2009 specification: "fill the empty cells at random, count the errors,
//!   then keep exchanging the inserted digits to reduce the errors"). Each box is filled with its
//!   missing digits in random order, so boxes are permutations and stay so; the cost is the
//!   digits missing from rows plus those missing from columns (and diagonals). A move swaps two
//!   free cells of one box, chosen at random (a random box with two or more free cells, then
//!   two of its free cells). The Metropolis rule accepts it always if it does not raise the cost and otherwise
//!   with probability `exp(-Δ/T)`. The schedule ([`AnnealingParams`], Lewis 2007): the start
//!   temperature is the standard deviation of the cost changes of 200 random moves from the first
//!   fill (at least 1); `T` is multiplied by 0.99 after each chain of (empty cells)² moves; a
//!   chain is stale when it found no new best cost and ended at the cost it began with (the
//!   search is frozen in a minimum), and after 20 stale chains in a row `T` goes back to its
//!   start (a reheat). The board is never refilled.
//! - [`Tabu`] (the 2019 thesis). Each column is filled with its missing digits in random order,
//!   so columns start without repeats; the cost counts repeats in rows and boxes (and
//!   diagonals), and in columns once moves break them. The neighbourhood holds exactly the
//!   thesis's five move kinds: change a free cell whose digit its row repeats to a digit the row
//!   misses; the same for a box; the same for a column; swap two free cells of a row; swap two
//!   free cells of a column (on a diagonal board, the change for a diagonal too: see below). Each step
//!   prices the whole neighbourhood, or, when it holds more than [`TabuParams::sample_size`]
//!   moves (200), that many drawn at random without repetition, and makes the best admissible
//!   move, ties broken at random. The tabu list forbids, for [`TabuParams::tenure`] steps (10),
//!   putting a digit back into a cell a step took it out of; a tabu move is admissible anyway
//!   when it reaches a cost below the best so far (aspiration). If every priced move is tabu,
//!   the best of them is made.
//!
//! Neither search propagates constraints, restarts, or uses any knowledge of Sudoku beyond its
//! cost: these are the documents' searches, not tuned ones.
//!
//! # Variants
//! Every search here takes every variant (`.on_every_variant()`): diagonal, jigsaw and
//! jigsaw-diagonal boards as well as classic ones. The cost and its counts read the board's
//! houses, so one code path serves them all, and the move structures generalise as follows.
//!
//! - The annealers' boxes become the board's regions: on a jigsaw board each region is filled
//!   as a permutation of its missing digits and a move swaps two free cells of one region. The
//!   search relies only on the boxes partitioning the board into houses of N cells, which a
//!   jigsaw's regions do too, so this is the same search; the cost then counts rows and columns.
//!   The diagonals do not partition the board (they cross, and miss most cells), so they cannot
//!   carry that structure: on a diagonal board they are two more houses in the cost, mended
//!   by the swaps like the rows and columns.
//! - The faithful tabu search fills columns as permutations on every board (columns are the
//!   same on every variant). Its change moves are defined by a house's repeats, so every house the
//!   cost counts gets them: rows, boxes or regions, columns, then each diagonal, in that order
//!   (on a classic board exactly the thesis's order, so classic runs are unchanged). Its swaps
//!   stay within rows and columns as in the thesis: a swap within a diagonal would keep only
//!   the diagonal's counts and disturb two rows and two columns, a move no document describes.
//!
//! - The tuned searches read every house the board has: a filled cell clashes with any cell of
//!   any of its houses, diagonals included, so one rule serves every variant.
//!
//! # The tuned variants
//! Both start from constraint propagation and move only candidates, as the literature found to
//! work (Lewis 2007, "Metaheuristics can solve sudoku puzzles"; hybrids of local search with
//! constraint propagation):
//!
//! 1. Propagate first. Naked and hidden singles are placed to a fixpoint
//!    ([`sudoku_core::place_singles`]; counted in `placed_by_propagation`); the placed cells are
//!    fixed like clues. If that fills the board it is the solution, with no move made. Each free
//!    cell is then kept to its candidates on the propagated board. If propagation meets a
//!    contradiction the puzzle has no solution, but an incomplete solver never says so and the
//!    conformance kit demands that it stop on such a board for its budget's reason, so the search
//!    then runs unrestricted on the puzzle as given until the budget stops it
//!    (`contradictions` = 1).
//! 2. Both then search another space (module `partial`): boards that never break a rule, with some
//!    free cells empty, where a move fills an empty cell with a candidate and empties the
//!    cells that then clash with it. The cost stays the board's missing digits, which there
//!    counts the houses of the empty cells. The first board fills the free cells in random
//!    order, each with a random candidate that clashes with nothing where there is one.
//!    [`TabuTuned`] is Blöchliger and Zufferey's PartialCol (2008, the tabu search over partial
//!    graph colourings; [`tabu_tuned`]): each step makes the best move that is not tabu.
//!    [`AnnealingTuned`] anneals the same moves, one random candidate of one random empty cell
//!    at a time (as Morgenstern and Shapiro annealed partial colourings), on the faithful
//!    annealer's schedule (one schedule in [`annealing`] serves both) cooling by 0.95 a chain.
//!    Neither restarts.
//!
//! Why partial boards. Both tuned searches first moved over full boards as the faithful ones
//! do, with candidate-matching fills, candidate-only moves and restarts when stuck. They solved
//! 9×9 and 16×16 boards but stalled on 25×25 ones at a cost of 2 to 8 (a few wrong digits): on
//! the first 5 of Lloyd and Amos's 25×25 instances at 40% and 45% given, 10 s each, the tabu
//! search solved 0 and 1 of 5, the annealer 4 and 0 (their ant colony solves 5 and 3); the runs
//! they lost ended after 29 to 70 restarts. A full board near a solution cannot change without
//! breaking a rule somewhere, while on a partial board a move that empties one cell to fill
//! another keeps the cost level, so a search can walk a plateau rather than climb out of each
//! minimum. Measured over partial boards (first 10 instances of each share, 5 s, seed 1, one
//! pinned core): the tabu search solved 10, 10 and 10 of 10 at 40%, 45% and 50% given (median
//! 170 ms, 577 ms and 40 ms), with [`TabuTunedParams::per_empty`] chosen there; the annealer,
//! on the first 5, 5 and 10 with the other core busy, 5, 4 and 9. On 9×9 (3 seeds, 2 s) the
//! tabu search solved 53 of 54 runs of top1465's first 20 puzzles and the annealer 49 of 54,
//! as its full-board version did in the same run; both solved 48 of 48 of the 17-clue set's.
//!
//! # Counters and budget
//! - `moves`: moves priced. For [`Annealing`] every proposed swap, accepted or not; for [`Tabu`]
//!   every neighbour whose cost change is computed, so a step counts as many moves as it prices;
//!   for [`TabuTuned`] every (empty cell, candidate) pair a step looks at; for
//!   [`AnnealingTuned`] every proposed move, accepted or not.
//!   This is the work counter [`Budget::max_iterations`] caps, exactly: the budget (cap, deadline,
//!   cancel flag) is checked at entry and every 4,096 moves through [`Checkpoints`], and a
//!   tabu step cut short by the budget is not made. The annealer's 200 sampled moves are not
//!   counted.
//! - `reheats` ([`Annealing`], [`AnnealingTuned`]): times the temperature went back to its
//!   start.
//! - `steps` ([`Tabu`], [`TabuTuned`]): moves made.
//! - `placed_by_propagation`, `contradictions` (the tuned variants): see above.
//!
//! Watched ([`sudoku_core::Solver::solve_watched`]), each search reports every board it fills
//! ([`SearchEvent::Fill`]: the faithful searches' first fill, the board propagation solves) and
//! every move it makes ([`SearchEvent::Move`]: the cells changed and the cost after); the
//! annealers' refused proposals and the tabu searches' priced but unmade neighbours are not
//! shown. The tuned searches' boards are partial: they show propagation's placements and their
//! first fill as [`SearchEvent::Place`], and each move empties cells (digit 0) and fills one.
//!
//! The same [`Budget::seed`] gives the same run (a [`rand::rngs::StdRng`] seeded with it). Every
//! outcome carries its [`Convergence`]: the best cost after each improvement, by moves. A search
//! that runs out of budget gives up with its best board and that board's cost
//! ([`Outcome::gave_up_at`]); it never calls a puzzle unsolvable. The annealer also gives up at
//! once ([`StopReason::SearchExhausted`]) when no box has two free cells and the forced fill is
//! wrong. Without a cap, deadline or cancel flag, a search on a puzzle with no solution never
//! ends.
//!
//! # Cost and limits
//! An annealing move costs O(1): two random draws, a few count reads, and an exponential when
//! the cost would rise. A tabu step lists its neighbourhood (O(N²) for the changes, plus the
//! pairs of free cells in every row and column) and prices at most 200 of them; a tuned tabu
//! step prices every candidate of every empty cell, a few house reads each. Memory is a few
//! copies of the board, N + 1 counts a house (3N houses, 3N + 2 on a diagonal board), and for
//! the tabu list one step number per cell and digit. Every size from 4×4 to 25×25 is accepted. Both are incomplete: nothing bounds the
//! moves a solvable puzzle needs. With the kit's 10 million moves a case both solve every
//! solvable case of the conformance corpus (4×4 to 16×16, seed 0), an easy 9×9 in about 10⁵
//! moves (annealing) or 10⁴ (tabu), but the hardest 9×9 boards (17 to 21 clues) often stay in a
//! minimum short of a solution until the budget runs out: a finding about the methods,
//! not a fault of these programs.
//!
//! # When to use them
//! To measure what plain local search does on Sudoku, as the documents ran it, and as the
//! baseline for tuned variants. To solve puzzles, any complete solver is faster and never gives
//! up on a solvable puzzle.

pub mod annealing;
pub mod counts;
mod domain;
pub mod partial;
pub mod tabu;
pub mod tabu_tuned;

pub use annealing::{Annealing, AnnealingParams, AnnealingTuned, AnnealingTunedParams};
pub use domain::Domain;
pub use tabu::{Tabu, TabuParams};
pub use tabu_tuned::{PartialCol, TabuTuned, TabuTunedParams};

use std::sync::Arc;

use sudoku_core::{
    ALL_SIZES, Attempt, Capabilities, Convergence, Counters, Family, Geometry, Grid, Outcome,
    SearchEvent, SolverInfo, StopReason,
};

#[cfg(doc)]
use sudoku_core::{Budget, Checkpoints};

/// What every solver of this crate declares: an incomplete, seeded search over every size and
/// every variant, its work counted in moves.
fn local_search_info(id: &'static str, description: &'static str) -> SolverInfo {
    SolverInfo {
        id,
        family: Family::LocalSearch,
        description,
        capabilities: Capabilities::incomplete(ALL_SIZES)
            .stochastic()
            .on_every_variant()
            .work_counter("moves"),
    }
}

/// A tuned search: constraint propagation first ([`Domain::propagated`]), then
/// `search` over the domain it leaves, with its counters and `watch`, once `watch` has been
/// shown the cells propagation placed (as forced placements); a board propagation fills is
/// solved before any move (and shown to `watch` as one fill of cost 0). The tuned searches
/// here and `genetic-tuned` all start this way.
pub fn after_propagation<W: FnMut(SearchEvent<'_>)>(
    puzzle: &Grid,
    mut watch: W,
    search: impl FnOnce(&Domain, Counters, W) -> Outcome,
) -> Outcome {
    let mut counters = Counters::default();
    match Domain::propagated(puzzle, &mut counters) {
        Ok(domain) => {
            let placed = puzzle.cells().iter().zip(domain.board.cells());
            for (cell, (&given, &digit)) in placed.enumerate() {
                if given == 0 && digit != 0 {
                    watch(SearchEvent::Place {
                        cell,
                        digit,
                        guess: false,
                    });
                }
            }
            search(&domain, counters, watch)
        }
        Err(solution) => {
            watch(SearchEvent::Fill {
                cells: solution.cells(),
                cost: 0,
            });
            solved_at_once(solution, counters)
        }
    }
}

/// Tells `watch` of a whole new board: a faithful search's first fill.
fn report_fill(counts: &counts::Counts, watch: &mut impl FnMut(SearchEvent<'_>)) {
    watch(SearchEvent::Fill {
        cells: counts.cells(),
        cost: counts.cost(),
    });
}

/// Tells `watch` of a move made: the digits now in `cells`, and the cost after it.
fn report_move(counts: &counts::Counts, cells: &[usize], watch: &mut impl FnMut(SearchEvent<'_>)) {
    let mut changes = [(0, 0); 2];
    for (change, &cell) in changes.iter_mut().zip(cells) {
        *change = (cell, counts.get(cell));
    }
    watch(SearchEvent::Move {
        changes: &changes[..cells.len().min(2)],
        cost: counts.cost(),
    });
}

/// The outcome of a search that found `solution` before its first move (propagation filled the
/// board): solved, its convergence the one point (0, 0).
fn solved_at_once(solution: Grid, counters: Counters) -> Outcome {
    let counts = counts::Counts::new(solution.geometry().clone(), solution.cells().to_vec());
    Best::new(&counts).solved(counters)
}

/// Moves between two budget checks (well under a millisecond on any size).
const CHECK_EVERY: u64 = 1 << 12;

/// The best board a search has reached, and how its best cost fell.
pub struct Best {
    geometry: Arc<Geometry>,
    cells: Vec<u8>,
    cost: u64,
    convergence: Convergence,
}

impl Best {
    /// The first fill, before any move.
    fn new(counts: &counts::Counts) -> Best {
        Best::of_board(counts.geometry(), counts.cells(), counts.cost())
    }

    /// The first board, `cells` of cost `cost`, before any move.
    pub fn of_board(geometry: &Arc<Geometry>, cells: &[u8], cost: u64) -> Best {
        let mut convergence = Convergence::default();
        convergence.record(0, cost);
        Best {
            geometry: geometry.clone(),
            cells: cells.to_vec(),
            cost,
            convergence,
        }
    }

    /// The best cost so far.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// Keeps the board if it beats the best so far, `moves` into the search.
    #[inline]
    fn offer(&mut self, counts: &counts::Counts, moves: u64) {
        self.offer_board(counts.cells(), counts.cost(), moves);
    }

    /// Keeps `cells`, of cost `cost`, if they beat the best so far, `moves` into the search.
    #[inline]
    pub fn offer_board(&mut self, cells: &[u8], cost: u64, moves: u64) {
        if cost < self.cost {
            self.cost = cost;
            self.cells.copy_from_slice(cells);
            self.convergence.record(moves, cost);
        }
    }

    /// The best board, under the puzzle's rules.
    fn grid(&self) -> Grid {
        Grid::from_cells_on(self.geometry.clone(), self.cells.clone())
            .expect("the board keeps the puzzle's shape")
    }

    /// The best board is a solution (its cost is 0).
    pub fn solved(self, counters: Counters) -> Outcome {
        debug_assert_eq!(self.cost, 0);
        Outcome::from_search(None, vec![self.grid()], 1, counters)
            .with_convergence(self.convergence)
    }

    /// The search stopped for `reason` before reaching cost 0.
    pub fn gave_up(self, reason: StopReason, counters: Counters) -> Outcome {
        let attempt = Attempt {
            grid: self.grid(),
            cost: self.cost,
        };
        Outcome::gave_up_at(reason, attempt, counters).with_convergence(self.convergence)
    }
}

/// Keeps `candidate` in `slot` if its cost change is lower than the one there, or as low and
/// it wins the draw among the `ties` equally low (so each of them is kept with equal chance).
fn keep_better<T>(
    slot: &mut Option<(i64, T)>,
    ties: &mut u32,
    candidate: (i64, T),
    rng: &mut rand::rngs::StdRng,
) {
    use rand::Rng;
    match slot {
        Some((best, _)) if candidate.0 > *best => {}
        Some((best, _)) if candidate.0 == *best => {
            *ties += 1;
            if rng.random_range(0..*ties) == 0 {
                *slot = Some(candidate);
            }
        }
        _ => {
            *ties = 1;
            *slot = Some(candidate);
        }
    }
}
