//! The tuned tabu search: a board that never breaks a rule, some of its free cells left empty,
//! and moves that fill an empty cell and empty the cells that then clash with it.
//!
//! This is Blöchliger and Zufferey's PartialCol (2008), the tabu search over partial
//! colourings, read on Sudoku's graph: a cell is a vertex, a digit a colour, and an empty cell
//! an uncoloured vertex. Each step makes the best admissible move of all: every candidate of
//! every empty cell is priced. The boards and their moves are module `partial`'s.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    Budget, Checkpoints, Counters, Grid, NotWatchable, Outcome, SearchEvent, Solver, SolverInfo,
    StopReason, digits_of,
};

use crate::domain::Domain;
use crate::partial::{Changes, MOST_HOUSES, Partial, first_board};
use crate::{CHECK_EVERY, after_propagation, keep_better, local_search_info};

/// The tuned tabu search's tenure: emptying `d` from a cell makes "`d` in that cell" tabu for
/// a draw in `0..spread` steps plus `per_empty` a cell left empty after the move
/// (PartialCol's dynamic tenure, with the paper's spread and a smaller share per empty cell).
#[derive(Clone, Debug, PartialEq)]
pub struct TabuTunedParams {
    /// The tenure's random part. Default 10, the paper's.
    pub spread: u64,
    /// The tenure's part per empty cell. Default 0.3: on 25×25 boards at 40% and 45% given
    /// (the first 10 of Lloyd and Amos's instances of each share, 5 s, seed 1), 0.3 solved 20
    /// of 20 where the paper's 0.6 solved 16 and 1.0 solved none; 0.15 and 0.2 also solved all
    /// 20, and all 10 at 50%, but with a slower median there (158 and 72 ms against 40 ms).
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
        after_propagation(puzzle, watch, |domain, counters, watch| {
            search(&self.params, domain, budget, counters, watch)
        })
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
    let mut rng = StdRng::seed_from_u64(budget.seed);
    let (mut board, mut best) = first_board(domain, &mut rng, &mut watch);
    if board.is_complete() {
        return best.solved(counters);
    }
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(reason, counters);
    }
    let mut stop = |moves| {
        if checkpoints.due(moves) {
            checkpoints.check(budget, moves)
        } else {
            Ok(())
        }
    };
    let mut tabu = PartialCol::new(params.clone(), domain);
    loop {
        let made = tabu.step(&mut board, best.cost(), &mut counters, &mut rng, &mut stop);
        match made {
            Err(reason) => return best.gave_up(reason, counters),
            Ok(Some(changes)) => watch(SearchEvent::Move {
                changes: &changes,
                cost: board.cost(),
            }),
            Ok(None) => continue,
        }
        best.offer_board(board.cells(), board.cost(), counters.moves);
        if board.is_complete() {
            return best.solved(counters);
        }
    }
}

/// PartialCol's moves over partial boards of one domain, and its tabu list: the search
/// [`TabuTuned`] runs, and the local improvement a hybrid evolutionary search gives each child
/// (`genetic-tuned`).
pub struct PartialCol<'d> {
    params: TabuTunedParams,
    domain: &'d Domain,
    /// `tabu[cell * n + digit - 1]`: the first step at which `digit` may go back into `cell`.
    tabu: Vec<u64>,
    step: u64,
}

impl<'d> PartialCol<'d> {
    /// A search with these tenures over `domain`'s boards, nothing tabu yet.
    pub fn new(params: TabuTunedParams, domain: &'d Domain) -> PartialCol<'d> {
        let cells = domain.board.cells().len();
        PartialCol {
            params,
            domain,
            tabu: vec![0; cells * domain.board.size()],
            step: 0,
        }
    }

    /// Makes nothing tabu: for a search that goes on from a new board.
    pub fn forget(&mut self) {
        self.tabu.fill(0);
    }

    /// One step on `board`: the best admissible move (not tabu, or tabu but reaching a cost
    /// below `aspiration`), ties broken at random; failing any, the best tabu move. Each move
    /// priced counts in `counters.moves`, which `stop` sees first: its error ends the step
    /// unmade. Returns the move's changes (the cells emptied, to 0, then the cell filled), or
    /// `None` when every move clashes with a fixed cell (a puzzle with no solution).
    pub fn step(
        &mut self,
        board: &mut Partial,
        aspiration: u64,
        counters: &mut Counters,
        rng: &mut StdRng,
        stop: &mut impl FnMut(u64) -> Result<(), StopReason>,
    ) -> Result<Option<Changes>, StopReason> {
        let n = self.domain.board.size();
        let mut chosen: Option<(i64, (usize, u8))> = None;
        let mut fallback: Option<(i64, (usize, u8))> = None;
        let (mut chosen_ties, mut fallback_ties) = (0u32, 0u32);
        let mut clashes = [0; MOST_HOUSES];
        for &cell in board.empty() {
            for digit in digits_of(self.domain.allowed(cell)) {
                stop(counters.moves)?;
                counters.moves += 1;
                let Some(count) = board.clashes(cell, digit, &mut clashes) else {
                    continue;
                };
                let delta = board.delta(cell, &clashes[..count]);
                let aspires = board.cost().checked_add_signed(delta) < Some(aspiration);
                let slot = if aspires || self.tabu[cell * n + usize::from(digit) - 1] <= self.step {
                    (&mut chosen, &mut chosen_ties)
                } else if chosen.is_none() {
                    (&mut fallback, &mut fallback_ties)
                } else {
                    continue;
                };
                keep_better(slot.0, slot.1, (delta, (cell, digit)), rng);
            }
        }
        let Some((_, (cell, digit))) = chosen.or(fallback) else {
            return Ok(None);
        };
        let count = board
            .clashes(cell, digit, &mut clashes)
            .expect("the chosen move clashes with no fixed cell");
        let changes = board.make_move(cell, digit, &clashes[..count]);
        let tenure = rng.random_range(0..self.params.spread.max(1))
            + (self.params.per_empty * board.empty().len() as f64) as u64;
        for &other in &clashes[..count] {
            self.tabu[other * n + usize::from(digit) - 1] = self.step + 1 + tenure;
        }
        self.step += 1;
        counters.add("steps", 1);
        Ok(Some(changes))
    }
}
