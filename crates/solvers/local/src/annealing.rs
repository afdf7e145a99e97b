//! The 2009 project's random-swap search, as simulated annealing, and its tuned variant.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    Budget, Checkpoints, Counters, Grid, NotWatchable, Outcome, SearchEvent, Solver, SolverInfo,
    StopReason,
};

use crate::counts::Counts;
use crate::domain::Domain;
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
        self.run(puzzle, budget, |_| {})
    }

    /// The first fill, then each swap accepted, with the cost after it.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, watch))
    }
}

impl Annealing {
    fn run(&self, puzzle: &Grid, budget: &Budget, watch: impl FnMut(SearchEvent<'_>)) -> Outcome {
        let plan = Plan {
            schedule: &self.params,
            match_candidates: false,
            restart_after: None,
        };
        anneal(
            &plan,
            &Domain::unrestricted(puzzle),
            budget,
            Counters::default(),
            watch,
        )
    }
}

/// The tuned annealer's parameters: the faithful schedule, and when to restart.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnealingTunedParams {
    /// Start temperature samples, cooling, chain length and stale chains before a reheat, as
    /// for [`Annealing`]. Default: Lewis's schedule ([`AnnealingParams::default`]) but cooling
    /// by 0.95 a chain instead of 0.99: with candidates only, the search freezes sooner and a
    /// fresh fill is worth more than a long slow cooling (42 of 60 runs of top1465's first 20
    /// puzzles solved within 2 s at 0.99, 60 of 60 at 0.95).
    pub schedule: AnnealingParams,
    /// Reheats in a row without a cost below the lowest of the current fill after which the
    /// next stagnation refills every box afresh (a restart) instead of reheating. 0 restarts
    /// at every stagnation. Default 0.
    pub restart_after: u32,
}

impl Default for AnnealingTunedParams {
    fn default() -> AnnealingTunedParams {
        AnnealingTunedParams {
            schedule: AnnealingParams {
                cooling: 0.95,
                ..AnnealingParams::default()
            },
            restart_after: 0,
        }
    }
}

/// [`Annealing`] after constraint propagation, with each free cell kept to its candidates
/// and restarts from a fresh fill when the search stagnates.
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
            "places forced singles, fills each box with candidates, then anneals \
                          candidate-respecting swaps within boxes, restarting when stuck",
        )
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// Each fill (the first after propagation, every restart's), then each swap accepted,
    /// with the cost after it.
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
        let plan = Plan {
            schedule: &self.params.schedule,
            match_candidates: true,
            restart_after: Some(self.params.restart_after),
        };
        after_propagation(puzzle, watch, |domain, counters, watch| {
            anneal(&plan, domain, budget, counters, watch)
        })
    }
}

/// What sets one annealer apart from the other.
struct Plan<'a> {
    schedule: &'a AnnealingParams,
    /// Fill each box by a candidate matching ([`Domain::fill_matching`]) rather than a random
    /// order.
    match_candidates: bool,
    /// Restart instead of reheating after this many fruitless reheats; `None`: never restart.
    restart_after: Option<u32>,
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

fn anneal(
    plan: &Plan,
    domain: &Domain,
    budget: &Budget,
    mut counters: Counters,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let params = plan.schedule;
    let board = &domain.board;
    let geometry = board.geometry();
    let mut rng = StdRng::seed_from_u64(budget.seed);

    // Each box (or jigsaw region) gets its missing digits, so boxes stay permutations; a box
    // whose clues repeat a digit keeps the repeat in its cost, and the search can only give up.
    let parts: Vec<BoxPart> = geometry
        .region_houses()
        .map(|house| BoxPart::of(board, geometry.house(house)))
        .collect();
    let fill = |rng: &mut StdRng| {
        let mut cells = board.cells().to_vec();
        for part in &parts {
            if plan.match_candidates {
                domain.fill_matching(&part.free, &part.missing, &mut cells, rng);
            } else {
                let mut missing = part.missing.clone();
                missing.shuffle(rng);
                for (&cell, &digit) in part.free.iter().zip(&missing) {
                    cells[cell] = digit;
                }
            }
        }
        Counts::new(geometry.clone(), cells)
    };
    let movable: Vec<&[usize]> = parts
        .iter()
        .filter(|part| part.free.len() >= 2)
        .map(|part| part.free.as_slice())
        .collect();
    let mut counts = fill(&mut rng);
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
    let start = start_temperature(params, domain, &counts, &mut rng, random_move);
    let chain = params.moves_per_temperature.unwrap_or_else(|| {
        let free = board.cells().iter().filter(|&&v| v == 0).count() as u64;
        free * free
    });

    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(reason, counters);
    }
    let mut temperature = start;
    let mut in_chain = 0;
    let mut best_at_chain_start = best.cost();
    let mut cost_at_chain_start = counts.cost();
    let mut stale_chains = 0;
    // The lowest cost of the current fill, and at the last reheat (restarts only).
    let mut fill_best = counts.cost();
    let mut fill_best_at_reheat = fill_best;
    let mut fruitless_reheats = 0;
    loop {
        if checkpoints.due(counters.moves)
            && let Err(reason) = checkpoints.check(budget, counters.moves)
        {
            return best.gave_up(reason, counters);
        }
        let (a, b) = random_move(&mut rng);
        counters.moves += 1;
        // A swap that would put a digit where it is no candidate is refused unpriced.
        if domain.allows_swap(counts.cells(), a, b) {
            let delta = counts.swap_delta(a, b);
            if delta <= 0 || rng.random::<f64>() < (-(delta as f64) / temperature).exp() {
                counts.swap(a, b);
                report_move(&counts, &[a, b], &mut watch);
                best.offer(&counts, counters.moves);
                if counts.cost() == 0 {
                    return best.solved(counters);
                }
                fill_best = fill_best.min(counts.cost());
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
                stale_chains = 0;
                temperature = start;
                if fill_best < fill_best_at_reheat {
                    fruitless_reheats = 0;
                }
                fill_best_at_reheat = fill_best;
                match plan.restart_after {
                    Some(limit) if fruitless_reheats >= limit => {
                        counts = fill(&mut rng);
                        report_fill(&counts, &mut watch);
                        best.offer(&counts, counters.moves);
                        if counts.cost() == 0 {
                            return best.solved(counters);
                        }
                        fill_best = counts.cost();
                        fill_best_at_reheat = fill_best;
                        fruitless_reheats = 0;
                        cost_at_chain_start = counts.cost();
                        counters.add("restarts", 1);
                    }
                    _ => {
                        fruitless_reheats += 1;
                        counters.add("reheats", 1);
                    }
                }
            }
        }
    }
}

/// The standard deviation of the cost changes of the admissible moves among
/// `params.samples` random ones from the first fill, at least 1 (one unit of cost).
fn start_temperature(
    params: &AnnealingParams,
    domain: &Domain,
    counts: &Counts,
    rng: &mut StdRng,
    random_move: impl Fn(&mut StdRng) -> (usize, usize),
) -> f64 {
    let deltas: Vec<f64> = (0..params.samples)
        .filter_map(|_| {
            let (a, b) = random_move(rng);
            domain
                .allows_swap(counts.cells(), a, b)
                .then(|| counts.swap_delta(a, b) as f64)
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
