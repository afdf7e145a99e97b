//! The 2009 project's random-swap search, as simulated annealing.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Checkpoints, Counters, Family, Grid, Outcome, Solver,
    SolverInfo, StopReason, UnitKind,
};

use crate::counts::Counts;
use crate::{Best, CHECK_EVERY};

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

/// Random swaps within boxes under the Metropolis rule with geometric cooling and reheats.
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
        SolverInfo {
            id: "annealing",
            family: Family::LocalSearch,
            description: "fills each box at random, then swaps free cells within boxes by \
                          simulated annealing until no row or column misses a digit",
            capabilities: Capabilities::incomplete(ALL_SIZES)
                .stochastic()
                .work_counter("moves"),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        anneal(&self.params, puzzle, budget)
    }
}

fn anneal(params: &AnnealingParams, puzzle: &Grid, budget: &Budget) -> Outcome {
    let shape = puzzle.shape();
    let mut rng = StdRng::seed_from_u64(budget.seed);
    let mut counters = Counters::default();

    // Each box gets its missing digits in a random order, so boxes stay permutations; a box
    // whose clues repeat a digit keeps the repeat in its cost, and the search can only give up.
    let mut cells = puzzle.cells().to_vec();
    let mut movable: Vec<Vec<usize>> = Vec::new();
    for index in 0..shape.size() {
        let free: Vec<usize> = shape
            .unit_cells(UnitKind::Box, index)
            .filter(|&cell| puzzle.get(cell) == 0)
            .collect();
        let mut missing: Vec<u8> = (1..=shape.size() as u8)
            .filter(|&digit| {
                !shape
                    .unit_cells(UnitKind::Box, index)
                    .any(|c| puzzle.get(c) == digit)
            })
            .collect();
        missing.shuffle(&mut rng);
        for (&cell, &digit) in free.iter().zip(&missing) {
            cells[cell] = digit;
        }
        if free.len() >= 2 {
            movable.push(free);
        }
    }
    let mut counts = Counts::new(shape, cells);
    let mut best = Best::new(&counts);
    if counts.cost() == 0 {
        return best.solved(shape, counters);
    }
    if movable.is_empty() {
        // Every box is forced and the board is still wrong: no move can mend it.
        return best.gave_up(shape, StopReason::SearchExhausted, counters);
    }

    let random_move = |rng: &mut StdRng| {
        let free = &movable[rng.random_range(0..movable.len())];
        let a = rng.random_range(0..free.len());
        let b = (a + rng.random_range(1..free.len())) % free.len();
        (free[a], free[b])
    };
    let start = start_temperature(params, &counts, &mut rng, random_move);
    let chain = params.moves_per_temperature.unwrap_or_else(|| {
        let free = puzzle.cells().iter().filter(|&&v| v == 0).count() as u64;
        free * free
    });

    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(shape, reason, counters);
    }
    let mut temperature = start;
    let mut in_chain = 0;
    let mut best_at_chain_start = best.cost();
    let mut cost_at_chain_start = counts.cost();
    let mut stale_chains = 0;
    loop {
        if checkpoints.due(counters.moves)
            && let Err(reason) = checkpoints.check(budget, counters.moves)
        {
            return best.gave_up(shape, reason, counters);
        }
        let (a, b) = random_move(&mut rng);
        let delta = counts.swap_delta(a, b);
        counters.moves += 1;
        if delta <= 0 || rng.random::<f64>() < (-(delta as f64) / temperature).exp() {
            counts.swap(a, b);
            best.offer(&counts, counters.moves);
            if counts.cost() == 0 {
                return best.solved(shape, counters);
            }
        }
        in_chain += 1;
        if in_chain == chain {
            in_chain = 0;
            temperature *= params.cooling;
            // A chain is stale when it found no new best and ended at the cost it began with:
            // the search is frozen in a minimum.
            if best.cost() < best_at_chain_start || counts.cost() != cost_at_chain_start {
                stale_chains = 0;
            } else {
                stale_chains += 1;
            }
            best_at_chain_start = best.cost();
            cost_at_chain_start = counts.cost();
            if stale_chains >= params.reheat_after {
                temperature = start;
                stale_chains = 0;
                counters.add("reheats", 1);
            }
        }
    }
}

/// The standard deviation of the cost changes of `params.samples` random moves from the first
/// fill, at least 1 (one unit of cost).
fn start_temperature(
    params: &AnnealingParams,
    counts: &Counts,
    rng: &mut StdRng,
    random_move: impl Fn(&mut StdRng) -> (usize, usize),
) -> f64 {
    let deltas: Vec<f64> = (0..params.samples)
        .map(|_| {
            let (a, b) = random_move(rng);
            counts.swap_delta(a, b) as f64
        })
        .collect();
    if deltas.len() < 2 {
        return 1.0;
    }
    let mean = deltas.iter().sum::<f64>() / deltas.len() as f64;
    let variance =
        deltas.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (deltas.len() - 1) as f64;
    variance.sqrt().max(1.0)
}
