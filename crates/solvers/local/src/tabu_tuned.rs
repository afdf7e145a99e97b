//! The tuned tabu search: a board that never breaks a rule, some of its free cells left empty,
//! and moves that fill an empty cell and empty the cells that then clash with it.
//!
//! This is Blöchliger and Zufferey's PartialCol (2008), the tabu search over partial
//! colourings, read on Sudoku's graph: a cell is a vertex, a digit a colour, and an empty cell
//! an uncoloured vertex. A move puts a candidate digit `d` in an empty cell `v` and empties
//! every free cell of `v`'s houses that holds `d`; the cost is the board's missing digits
//! ([`sudoku_core::missing_digits`]), which on such a board is the number of houses of its
//! empty cells, so a move changes it by the houses of the cells it empties less those of `v`.
//! Moves never conflict with a fixed cell (a clue, or a cell propagation placed): with
//! candidates only, none can; on the unrestricted domain of a contradictory puzzle such moves
//! are priced and refused.

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use sudoku_core::{
    Budget, Checkpoints, Counters, Geometry, Grid, NotWatchable, Outcome, SearchEvent, Solver,
    SolverInfo, digits_of, missing_digits,
};

use crate::domain::Domain;
use crate::{Best, CHECK_EVERY, after_propagation, keep_better, local_search_info};

/// The tuned tabu search's tenure: emptying `d` from a cell makes "`d` in that cell" tabu for
/// a draw in `0..spread` steps plus `per_empty` a cell left empty after the move
/// (PartialCol's dynamic tenure, with the paper's spread and a smaller share per empty cell).
#[derive(Clone, Debug, PartialEq)]
pub struct TabuTunedParams {
    /// The tenure's random part. Default 10, the paper's.
    pub spread: u64,
    /// The tenure's part per empty cell. Default 0.3: on 25×25 boards at 40–50% given (the
    /// first 10 of Lloyd and Amos's instances of each share, 5 s, seed 1), 0.3 solved 30 of 30
    /// where the paper's 0.6 solved 26 and 1.0 solved 0; 0.15 and 0.2 also solved 30, with a
    /// slower median at 50% given.
    pub per_empty: f64,
}

impl Default for TabuTunedParams {
    fn default() -> TabuTunedParams {
        TabuTunedParams {
            spread: 10,
            per_empty: 0.3,
        }
    }
}

/// The tabu search over boards that never break a rule, after constraint propagation, each
/// free cell kept to its candidates.
#[derive(Clone, Debug, Default)]
pub struct TabuTuned {
    pub params: TabuTunedParams,
}

impl TabuTuned {
    pub fn new(params: TabuTunedParams) -> TabuTuned {
        TabuTuned { params }
    }
}

impl Solver for TabuTuned {
    fn info(&self) -> SolverInfo {
        local_search_info(
            "tabu-tuned",
            "places forced singles, then fills empty cells with candidates, emptying the \
                          cells they clash with, by tabu search until none is empty",
        )
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// The cells propagation places (as forced), the first fill cell by cell (as guesses),
    /// then each step as a move: the cells it empties (to 0), the cell it fills, and the cost
    /// after.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, watch))
    }
}

impl TabuTuned {
    fn run(&self, puzzle: &Grid, budget: &Budget, watch: impl FnMut(SearchEvent<'_>)) -> Outcome {
        after_propagation(puzzle, watch, |domain, counters, mut watch| {
            for (cell, (&given, &digit)) in
                puzzle.cells().iter().zip(domain.board.cells()).enumerate()
            {
                if given == 0 && digit != 0 {
                    watch(SearchEvent::Place {
                        cell,
                        digit,
                        guess: false,
                    });
                }
            }
            search(&self.params, domain, budget, counters, watch)
        })
    }
}

/// No cell holds the digit in the house.
const NOBODY: u32 = u32::MAX;

/// The most houses a cell has (row, column, box or region, and two diagonals).
const MOST_HOUSES: usize = 5;

/// A board whose free filled cells clash with no cell.
struct Partial<'a> {
    geometry: &'a Arc<Geometry>,
    n: usize,
    cells: Vec<u8>,
    /// Cells the search may not change.
    fixed: Vec<bool>,
    /// `holder[house * n + digit - 1]`: a cell of the house holding the digit, or [`NOBODY`].
    holder: Vec<u32>,
    /// The empty free cells, in no order, and where each empty cell is in that list.
    empty: Vec<usize>,
    slot: Vec<usize>,
    /// The board's missing digits.
    cost: u64,
}

impl<'a> Partial<'a> {
    /// The fixed cells of `board`, every free cell empty.
    fn new(geometry: &'a Arc<Geometry>, board: &Grid) -> Partial<'a> {
        let n = geometry.size();
        let cells = board.cells().to_vec();
        let mut holder = vec![NOBODY; geometry.house_count() * n];
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                for &house in geometry.houses_of(cell) {
                    holder[house * n + usize::from(digit) - 1] = cell as u32;
                }
            }
        }
        let empty: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] == 0).collect();
        let mut slot = vec![usize::MAX; cells.len()];
        for (i, &cell) in empty.iter().enumerate() {
            slot[cell] = i;
        }
        Partial {
            geometry,
            n,
            cost: missing_digits(geometry, &cells),
            fixed: cells.iter().map(|&d| d != 0).collect(),
            cells,
            holder,
            empty,
            slot,
        }
    }

    /// The houses `cell` belongs to, as cost: each house it leaves empty misses a digit.
    fn weight(&self, cell: usize) -> u64 {
        self.geometry.houses_of(cell).len() as u64
    }

    /// The free cells that clash with `digit` in `cell`, in `clashes`, and how many; `None`
    /// when a fixed cell does.
    fn clashes(&self, cell: usize, digit: u8, clashes: &mut [usize; MOST_HOUSES]) -> Option<usize> {
        let mut count = 0;
        for &house in self.geometry.houses_of(cell) {
            let other = self.holder[house * self.n + usize::from(digit) - 1];
            if other == NOBODY {
                continue;
            }
            let other = other as usize;
            if self.fixed[other] {
                return None;
            }
            if !clashes[..count].contains(&other) {
                clashes[count] = other;
                count += 1;
            }
        }
        Some(count)
    }

    /// Puts `digit` in the empty `cell`, which nothing holding it shares a house with.
    fn fill(&mut self, cell: usize, digit: u8) {
        for &house in self.geometry.houses_of(cell) {
            self.holder[house * self.n + usize::from(digit) - 1] = cell as u32;
        }
        self.cells[cell] = digit;
        let i = self.slot[cell];
        self.empty.swap_remove(i);
        if let Some(&moved) = self.empty.get(i) {
            self.slot[moved] = i;
        }
        self.cost -= self.weight(cell);
    }

    /// Empties the free `cell`.
    fn clear(&mut self, cell: usize) {
        let digit = self.cells[cell];
        for &house in self.geometry.houses_of(cell) {
            let holder = &mut self.holder[house * self.n + usize::from(digit) - 1];
            if *holder == cell as u32 {
                *holder = NOBODY;
            }
        }
        self.cells[cell] = 0;
        self.slot[cell] = self.empty.len();
        self.empty.push(cell);
        self.cost += self.weight(cell);
    }

    /// Fills the empty cells in random order, each with a random allowed digit that clashes
    /// with nothing, if it has one; the rest stay empty. Each fill is shown to `watch`.
    fn fill_greedily(
        &mut self,
        domain: &Domain,
        rng: &mut StdRng,
        watch: &mut impl FnMut(SearchEvent<'_>),
    ) {
        let mut order = self.empty.clone();
        order.shuffle(rng);
        let mut clashes = [0; MOST_HOUSES];
        let mut fits = Vec::with_capacity(self.n);
        for cell in order {
            fits.clear();
            fits.extend(
                digits_of(domain.allowed(cell))
                    .filter(|&digit| self.clashes(cell, digit, &mut clashes) == Some(0)),
            );
            if let Some(&digit) = fits.choose(rng) {
                self.fill(cell, digit);
                watch(SearchEvent::Place {
                    cell,
                    digit,
                    guess: true,
                });
            }
        }
    }
}

/// PartialCol over `domain`, within `budget`; `counters` carries what propagation found.
fn search(
    params: &TabuTunedParams,
    domain: &Domain,
    budget: &Budget,
    mut counters: Counters,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let geometry = domain.board.geometry();
    let n = geometry.size();
    let mut rng = StdRng::seed_from_u64(budget.seed);
    let mut board = Partial::new(geometry, &domain.board);
    board.fill_greedily(domain, &mut rng, &mut watch);
    let mut best = Best::of_board(geometry, &board.cells, board.cost);
    if board.empty.is_empty() {
        return best.solved(counters);
    }
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(reason, counters);
    }
    // `tabu[cell * n + digit - 1]`: the first step at which `digit` may go back into `cell`.
    let mut tabu = vec![0u64; board.cells.len() * n];
    let mut clashes = [0; MOST_HOUSES];
    for step in 0u64.. {
        // The best admissible move (not tabu, or tabu but reaching a new best cost), ties
        // broken at random; failing any, the best tabu move.
        let mut chosen: Option<(i64, (usize, u8))> = None;
        let mut fallback: Option<(i64, (usize, u8))> = None;
        let (mut chosen_ties, mut fallback_ties) = (0u32, 0u32);
        for &cell in &board.empty {
            for digit in digits_of(domain.allowed(cell)) {
                if checkpoints.due(counters.moves)
                    && let Err(reason) = checkpoints.check(budget, counters.moves)
                {
                    return best.gave_up(reason, counters);
                }
                counters.moves += 1;
                let Some(count) = board.clashes(cell, digit, &mut clashes) else {
                    continue;
                };
                let emptied: u64 = clashes[..count].iter().map(|&c| board.weight(c)).sum();
                let delta = emptied as i64 - board.weight(cell) as i64;
                let aspires = board.cost.checked_add_signed(delta) < Some(best.cost());
                let slot = if aspires || tabu[cell * n + usize::from(digit) - 1] <= step {
                    (&mut chosen, &mut chosen_ties)
                } else if chosen.is_none() {
                    (&mut fallback, &mut fallback_ties)
                } else {
                    continue;
                };
                keep_better(slot.0, slot.1, (delta, (cell, digit)), &mut rng);
            }
        }
        let Some((_, (cell, digit))) = chosen.or(fallback) else {
            // Every move clashes with a fixed cell (a puzzle with no solution): price them
            // again until the budget stops the search.
            continue;
        };
        let count = board
            .clashes(cell, digit, &mut clashes)
            .expect("the chosen move clashes with no fixed cell");
        let mut changes = [(0, 0); MOST_HOUSES + 1];
        for (change, &other) in changes.iter_mut().zip(&clashes[..count]) {
            board.clear(other);
            *change = (other, 0);
        }
        board.fill(cell, digit);
        changes[count] = (cell, digit);
        watch(SearchEvent::Move {
            changes: &changes[..=count],
            cost: board.cost,
        });
        let tenure = rng.random_range(0..params.spread.max(1))
            + (params.per_empty * board.empty.len() as f64) as u64;
        for &other in &clashes[..count] {
            tabu[other * n + usize::from(digit) - 1] = step + 1 + tenure;
        }
        counters.add("steps", 1);
        best.offer_board(&board.cells, board.cost, counters.moves);
        if board.empty.is_empty() {
            return best.solved(counters);
        }
    }
    unreachable!("the steps never run out")
}
