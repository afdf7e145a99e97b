//! The 2009 project's random-swap search, as simulated annealing, and its tuned variant over
//! partial boards. Both cool and reheat by one `Schedule`.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    Budget, Checkpoints, Counters, Grid, NotWatchable, Outcome, SearchEvent, Solver, SolverInfo,
    StopReason, digits_of,
};

use crate::counts::Counts;
use crate::domain::Domain;
use crate::partial::{MOST_HOUSES, Partial, first_board};
use crate::{Best, CHECK_EVERY, after_propagation, local_search_info, report_fill, report_move};

/// The annealing schedule. The defaults are Lewis's (2007) schedule for Sudoku.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnealingParams {
    /// Random moves priced (not made, not counted as work) before the search to set the start
    /// temperature: the standard deviation of their cost changes, at least 1. Default 200.
    pub samples: usize,
    /// The temperature is multiplied by this after each chain of moves. Default 0.99.
    pub cooling: f64,
    /// Moves tried at each temperature; `None` (the default) means the number of empty cells,
    /// squared.
    pub moves_per_temperature: Option<u64>,
    /// Stale chains in a row (no new best cost, and the chain ended at the cost it began with)
    /// after which the temperature goes back to its start (a reheat). Default 20.
    pub reheat_after: u32,
}

impl Default for AnnealingParams {
    fn default() -> AnnealingParams {
        AnnealingParams {
            samples: 200,
            cooling: 0.99,
            moves_per_temperature: None,
            reheat_after: 20,
        }
    }
}

/// Random swaps within boxes (or jigsaw regions) under the Metropolis rule with geometric
/// cooling and reheats.
#[derive(Clone, Debug, Default)]
pub struct Annealing {
    pub params: AnnealingParams,
}

impl Annealing {
    pub fn new(params: AnnealingParams) -> Annealing {
        Annealing { params }
    }
}

impl Solver for Annealing {
    fn info(&self) -> SolverInfo {
        local_search_info(
            "annealing",
            "fills each box at random, then swaps free cells within boxes by \
                          simulated annealing until no house misses a digit",
        )
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        anneal_swaps(&self.params, puzzle, budget, |_| {})
    }

    /// The first fill, then each swap accepted, with the cost after it.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(anneal_swaps(&self.params, puzzle, budget, watch))
    }
}

/// The tuned annealer's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnealingTunedParams {
    /// Start temperature samples, cooling, chain length and stale chains before a reheat, as
    /// for [`Annealing`]. Default: Lewis's schedule ([`AnnealingParams::default`]) but cooling
    /// by 0.95 a chain instead of 0.99: on 25×25 boards at 40%, 45% and 50% given (the first
    /// 5, 5 and 10 of Lloyd and Amos's instances, 5 s, seed 1) 0.95 solved 5, 4 and 9 where
    /// 0.99 solved 5, 3 and 9 and 0.9 solved 5, 1 and 9; chains of 2,000 or 20,000 moves
    /// rather than (free cells)² solved fewer (0, 0, 8 and 2, 2, 8).
    pub schedule: AnnealingParams,
}

impl Default for AnnealingTunedParams {
    fn default() -> AnnealingTunedParams {
        AnnealingTunedParams {
            schedule: AnnealingParams {
                cooling: 0.95,
                ..AnnealingParams::default()
            },
        }
    }
}

/// Simulated annealing over boards that never break a rule (module `partial`), after
/// constraint propagation, each free cell kept to its candidates.
#[derive(Clone, Debug, Default)]
pub struct AnnealingTuned {
    pub params: AnnealingTunedParams,
}

impl AnnealingTuned {
    pub fn new(params: AnnealingTunedParams) -> AnnealingTuned {
        AnnealingTuned { params }
    }
}

impl Solver for AnnealingTuned {
    fn info(&self) -> SolverInfo {
        local_search_info(
            "annealing-tuned",
            "places forced singles, then fills empty cells with candidates, emptying the \
                          cells they clash with, by simulated annealing until none is empty",
        )
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// The cells propagation places (as forced), the first fill cell by cell (as guesses),
    /// then each move accepted: the cells it empties (to 0), the cell it fills, and the cost
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

impl AnnealingTuned {
    fn run(&self, puzzle: &Grid, budget: &Budget, watch: impl FnMut(SearchEvent<'_>)) -> Outcome {
        after_propagation(puzzle, watch, |domain, counters, watch| {
            anneal_partial(&self.params.schedule, domain, budget, counters, watch)
        })
    }
}

/// The temperature and when it changes: cooled after each chain of moves, back to its start
/// after [`AnnealingParams::reheat_after`] stale chains in a row (no new best cost, and the
/// chain ended at the cost it began with: the search is frozen in a minimum).
struct Schedule<'a> {
    params: &'a AnnealingParams,
    start: f64,
    temperature: f64,
    chain: u64,
    in_chain: u64,
    best_at_chain_start: u64,
    cost_at_chain_start: u64,
    stale_chains: u32,
}

impl<'a> Schedule<'a> {
    /// The schedule for a search with `free` cells to move, whose first board costs `cost`,
    /// starting at the standard deviation of the cost changes `deltas` of sampled moves (at
    /// least 1, one unit of cost: Lewis's start temperature).
    fn new(params: &'a AnnealingParams, deltas: &[f64], free: u64, cost: u64) -> Schedule<'a> {
        let start = if deltas.len() < 2 {
            1.0
        } else {
            let mean = deltas.iter().sum::<f64>() / deltas.len() as f64;
            let variance =
                deltas.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (deltas.len() - 1) as f64;
            variance.sqrt().max(1.0)
        };
        Schedule {
            params,
            start,
            temperature: start,
            chain: params.moves_per_temperature.unwrap_or(free * free),
            in_chain: 0,
            best_at_chain_start: cost,
            cost_at_chain_start: cost,
            stale_chains: 0,
        }
    }

    /// The Metropolis rule: a move that does not raise the cost always, else with probability
    /// `exp(-delta / T)`.
    fn accepts(&self, delta: i64, rng: &mut StdRng) -> bool {
        delta <= 0 || rng.random::<f64>() < (-(delta as f64) / self.temperature).exp()
    }

    /// Counts a move tried, the search now at `cost` with `best` the lowest so far; cools at
    /// the end of a chain and reheats after stale ones (counted in `reheats`).
    fn tried(&mut self, best: u64, cost: u64, counters: &mut Counters) {
        self.in_chain += 1;
        if self.in_chain < self.chain {
            return;
        }
        self.in_chain = 0;
        self.temperature *= self.params.cooling;
        if best < self.best_at_chain_start || cost != self.cost_at_chain_start {
            self.stale_chains = 0;
        } else {
            self.stale_chains += 1;
        }
        self.best_at_chain_start = best;
        self.cost_at_chain_start = cost;
        if self.stale_chains >= self.params.reheat_after {
            self.stale_chains = 0;
            self.temperature = self.start;
            counters.add("reheats", 1);
        }
    }
}

/// The free cells of one box (or jigsaw region) and the digits its fixed cells lack.
struct BoxPart {
    free: Vec<usize>,
    missing: Vec<u8>,
}

impl BoxPart {
    /// The part of the house of `cells` that `board` leaves open.
    fn of(board: &Grid, cells: &[usize]) -> BoxPart {
        BoxPart {
            free: cells
                .iter()
                .copied()
                .filter(|&c| board.get(c) == 0)
                .collect(),
            missing: (1..=board.size() as u8)
                .filter(|&digit| !cells.iter().any(|&c| board.get(c) == digit))
                .collect(),
        }
    }
}

/// The faithful annealer: boxes filled as permutations, random swaps within a box.
fn anneal_swaps(
    params: &AnnealingParams,
    board: &Grid,
    budget: &Budget,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let mut counters = Counters::default();
    let geometry = board.geometry();
    let mut rng = StdRng::seed_from_u64(budget.seed);

    // Each box (or jigsaw region) gets its missing digits, so boxes stay permutations; a box
    // whose clues repeat a digit keeps the repeat in its cost, and the search can only give up.
    let parts: Vec<BoxPart> = geometry
        .region_houses()
        .map(|house| BoxPart::of(board, geometry.house(house)))
        .collect();
    let mut cells = board.cells().to_vec();
    for part in &parts {
        let mut missing = part.missing.clone();
        missing.shuffle(&mut rng);
        for (&cell, &digit) in part.free.iter().zip(&missing) {
            cells[cell] = digit;
        }
    }
    let mut counts = Counts::new(geometry.clone(), cells);
    let movable: Vec<&[usize]> = parts
        .iter()
        .filter(|part| part.free.len() >= 2)
        .map(|part| part.free.as_slice())
        .collect();
    report_fill(&counts, &mut watch);
    let mut best = Best::new(&counts);
    if counts.cost() == 0 {
        return best.solved(counters);
    }
    if movable.is_empty() {
        // Every box is forced and the board is still wrong: no move can mend it.
        return best.gave_up(StopReason::SearchExhausted, counters);
    }

    let random_move = |rng: &mut StdRng| {
        let free = movable[rng.random_range(0..movable.len())];
        let a = rng.random_range(0..free.len());
        let b = (a + rng.random_range(1..free.len())) % free.len();
        (free[a], free[b])
    };
    let deltas: Vec<f64> = (0..params.samples)
        .map(|_| {
            let (a, b) = random_move(&mut rng);
            counts.swap_delta(a, b) as f64
        })
        .collect();
    let free = board.cells().iter().filter(|&&v| v == 0).count() as u64;
    let mut schedule = Schedule::new(params, &deltas, free, counts.cost());

    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(reason, counters);
    }
    loop {
        if checkpoints.due(counters.moves)
            && let Err(reason) = checkpoints.check(budget, counters.moves)
        {
            return best.gave_up(reason, counters);
        }
        let (a, b) = random_move(&mut rng);
        counters.moves += 1;
        if schedule.accepts(counts.swap_delta(a, b), &mut rng) {
            counts.swap(a, b);
            report_move(&counts, &[a, b], &mut watch);
            best.offer(&counts, counters.moves);
            if counts.cost() == 0 {
                return best.solved(counters);
            }
        }
        schedule.tried(best.cost(), counts.cost(), &mut counters);
    }
}

/// The tuned annealer: a random candidate in a random empty cell, the cells it clashes with
/// emptied, under the Metropolis rule.
fn anneal_partial(
    params: &AnnealingParams,
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
    let random_move = |board: &Partial, rng: &mut StdRng| {
        let cell = board.empty()[rng.random_range(0..board.empty().len())];
        let allowed = domain.allowed(cell);
        let pick = rng.random_range(0..allowed.count_ones() as usize);
        let digit = digits_of(allowed).nth(pick).expect("a digit of the set");
        (cell, digit)
    };
    let mut clashes = [0; MOST_HOUSES];
    let deltas: Vec<f64> = (0..params.samples)
        .filter_map(|_| {
            let (cell, digit) = random_move(&board, &mut rng);
            let count = board.clashes(cell, digit, &mut clashes)?;
            Some(board.delta(cell, &clashes[..count]) as f64)
        })
        .collect();
    let free = domain.board.cells().iter().filter(|&&v| v == 0).count() as u64;
    let mut schedule = Schedule::new(params, &deltas, free, board.cost());

    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(reason, counters);
    }
    loop {
        if checkpoints.due(counters.moves)
            && let Err(reason) = checkpoints.check(budget, counters.moves)
        {
            return best.gave_up(reason, counters);
        }
        let (cell, digit) = random_move(&board, &mut rng);
        counters.moves += 1;
        // A move that would empty a fixed cell is refused unpriced.
        if let Some(count) = board.clashes(cell, digit, &mut clashes)
            && schedule.accepts(board.delta(cell, &clashes[..count]), &mut rng)
        {
            let changes = board.make_move(cell, digit, &clashes[..count]);
            watch(SearchEvent::Move {
                changes: &changes,
                cost: board.cost(),
            });
            best.offer_board(board.cells(), board.cost(), counters.moves);
            if board.is_complete() {
                return best.solved(counters);
            }
        }
        schedule.tried(best.cost(), board.cost(), &mut counters);
    }
}
