//! The 2019 thesis's tabu search, and its tuned variant.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    Budget, Checkpoints, Counters, Geometry, Grid, NotWatchable, Outcome, SearchEvent, Solver,
    SolverInfo, StopReason, UnitKind,
};

use crate::counts::Counts;
use crate::domain::Domain;
use crate::{Best, CHECK_EVERY, after_propagation, local_search_info, report_fill, report_move};

/// How the tabu search remembers and looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabuParams {
    /// Steps during which a move may not put back a digit a recent step took out of a cell.
    /// Default 10.
    pub tenure: u64,
    /// The most neighbours priced in one step: a larger neighbourhood is sampled down to this
    /// many, drawn at random. Default 200.
    pub sample_size: usize,
}

impl Default for TabuParams {
    fn default() -> TabuParams {
        TabuParams {
            tenure: 10,
            sample_size: 200,
        }
    }
}

/// Best-neighbour steps over five move kinds, with a tabu list and aspiration.
#[derive(Clone, Debug, Default)]
pub struct Tabu {
    pub params: TabuParams,
}

impl Tabu {
    pub fn new(params: TabuParams) -> Tabu {
        Tabu { params }
    }
}

impl Solver for Tabu {
    fn info(&self) -> SolverInfo {
        local_search_info(
            "tabu",
            "fills each column at random, then takes the best non-tabu change or \
                          swap until no house repeats a digit",
        )
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// The first fill, then each step made: the cells it changed and the cost after it.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, watch))
    }
}

impl Tabu {
    fn run(&self, puzzle: &Grid, budget: &Budget, watch: impl FnMut(SearchEvent<'_>)) -> Outcome {
        let plan = Plan {
            params: &self.params,
            match_candidates: false,
            restart_after: None,
        };
        search(
            &plan,
            &Domain::unrestricted(puzzle),
            budget,
            Counters::default(),
            watch,
        )
    }
}

/// The tuned tabu search's parameters: the faithful ones, and when to restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabuTunedParams {
    /// Tenure and sample size, as for [`Tabu`]. Default: [`TabuParams::default`] (10, 200).
    pub search: TabuParams,
    /// Steps in a row without a cost below the lowest of the current fill after which every
    /// column is refilled afresh and the tabu list cleared (a restart). Default 5,000.
    pub restart_after: u64,
}

impl Default for TabuTunedParams {
    fn default() -> TabuTunedParams {
        TabuTunedParams {
            search: TabuParams::default(),
            restart_after: 5_000,
        }
    }
}

/// [`Tabu`] after constraint propagation, with only candidates entering a cell and restarts
/// from a fresh fill after stagnation.
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
            "places forced singles, fills each column with candidates, then takes \
                          the best non-tabu candidate change or swap, restarting when stuck",
        )
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// Each fill (the first after propagation, every restart's), then each step made: the
    /// cells it changed and the cost after it.
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
        let plan = Plan {
            params: &self.params.search,
            match_candidates: true,
            restart_after: Some(self.params.restart_after),
        };
        after_propagation(puzzle, watch, |domain, counters, watch| {
            search(&plan, domain, budget, counters, watch)
        })
    }
}

/// What sets one tabu search apart from the other.
struct Plan<'a> {
    params: &'a TabuParams,
    /// Fill each column by a candidate matching ([`Domain::fill_matching`]) rather than a
    /// random order.
    match_candidates: bool,
    /// Refill after this many steps without improving on the current fill; `None`: never.
    restart_after: Option<u64>,
}

/// One neighbour of the board.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// Put `digit` in `cell`.
    Change { cell: usize, digit: u8 },
    /// Exchange the digits of two cells.
    Swap { a: usize, b: usize },
}

/// The free cells of every house, by house number.
struct FreeCells {
    by_house: Vec<Vec<usize>>,
}

impl FreeCells {
    fn new(puzzle: &Grid) -> FreeCells {
        let geometry = puzzle.geometry();
        FreeCells {
            by_house: (0..geometry.house_count())
                .map(|house| {
                    geometry
                        .house(house)
                        .iter()
                        .copied()
                        .filter(|&cell| puzzle.get(cell) == 0)
                        .collect()
                })
                .collect(),
        }
    }

    fn of(&self, house: usize) -> &[usize] {
        &self.by_house[house]
    }
}

/// The houses the moves act in. Changes mend the repeats of every house the cost counts: the
/// thesis's rows, boxes and columns in its order (jigsaw regions in place of boxes), then the
/// diagonals of a diagonal board. Swaps stay within rows and columns, as in the thesis.
struct MoveHouses {
    changes: Vec<usize>,
    swaps: Vec<usize>,
}

impl MoveHouses {
    fn of(geometry: &Geometry) -> MoveHouses {
        let rows = geometry.houses_of_kind(UnitKind::Row);
        let columns = geometry.houses_of_kind(UnitKind::Column);
        let diagonals = geometry
            .houses_of_kind(UnitKind::Diagonal)
            .chain(geometry.houses_of_kind(UnitKind::AntiDiagonal));
        MoveHouses {
            changes: rows
                .clone()
                .chain(geometry.region_houses())
                .chain(columns.clone())
                .chain(diagonals)
                .collect(),
            swaps: rows.chain(columns).collect(),
        }
    }
}

/// Every neighbour of the board: for each house of `houses.changes`, each free cell whose
/// digit the house repeats changed to each digit the house misses; and for each house of
/// `houses.swaps`, each two of its free cells with different digits swapped. A change reachable
/// from two houses is listed twice. Only moves that put each digit in a cell `domain` allows it
/// in are listed (all of them on an unrestricted domain).
fn neighbourhood(
    counts: &Counts,
    free: &FreeCells,
    houses: &MoveHouses,
    domain: &Domain,
    moves: &mut Vec<Move>,
) {
    moves.clear();
    let n = counts.geometry().size();
    for &house in &houses.changes {
        let missing = (1..=n as u8).filter(|&d| counts.count(house, d) == 0);
        let repeated = free
            .of(house)
            .iter()
            .copied()
            .filter(|&cell| counts.count(house, counts.get(cell)) >= 2);
        for cell in repeated {
            for digit in missing.clone().filter(|&d| domain.allows(cell, d)) {
                moves.push(Move::Change { cell, digit });
            }
        }
    }
    for &house in &houses.swaps {
        let cells = free.of(house);
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if counts.get(a) != counts.get(b) && domain.allows_swap(counts.cells(), a, b) {
                    moves.push(Move::Swap { a, b });
                }
            }
        }
    }
}

/// When each (cell, digit) may be put back: a step that takes `digit` out of `cell` forbids
/// putting it back for the next `tenure` steps. This table is the tabu list.
struct TabuList {
    n: usize,
    until: Vec<u64>,
}

impl TabuList {
    fn forbids(&self, step: u64, cell: usize, digit: u8) -> bool {
        self.until[cell * (self.n + 1) + digit as usize] > step
    }

    fn forbid(&mut self, cell: usize, digit: u8, until: u64) {
        self.until[cell * (self.n + 1) + digit as usize] = until;
    }

    fn forbids_move(&self, step: u64, counts: &Counts, mv: Move) -> bool {
        match mv {
            Move::Change { cell, digit } => self.forbids(step, cell, digit),
            Move::Swap { a, b } => {
                self.forbids(step, a, counts.get(b)) || self.forbids(step, b, counts.get(a))
            }
        }
    }
}

fn search(
    plan: &Plan,
    domain: &Domain,
    budget: &Budget,
    mut counters: Counters,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let params = plan.params;
    let board = &domain.board;
    let geometry = board.geometry();
    let n = geometry.size();
    let mut rng = StdRng::seed_from_u64(budget.seed);

    let free = FreeCells::new(board);
    let houses = MoveHouses::of(geometry);
    // Each column gets its missing digits (in a random order, or matched to candidates), so
    // columns start as permutations.
    let columns: Vec<(&[usize], Vec<u8>)> = geometry
        .houses_of_kind(UnitKind::Column)
        .map(|house| {
            let cells = geometry.house(house);
            let missing = (1..=n as u8)
                .filter(|&digit| !cells.iter().any(|&cell| board.get(cell) == digit))
                .collect();
            (free.of(house), missing)
        })
        .collect();
    let fill = |rng: &mut StdRng| {
        let mut cells = board.cells().to_vec();
        for (column, missing) in &columns {
            if plan.match_candidates {
                domain.fill_matching(column, missing, &mut cells, rng);
            } else {
                let mut missing = missing.clone();
                missing.shuffle(rng);
                for (&cell, digit) in column.iter().zip(missing) {
                    cells[cell] = digit;
                }
            }
        }
        Counts::new(geometry.clone(), cells)
    };
    let mut counts = fill(&mut rng);
    report_fill(&counts, &mut watch);
    let mut best = Best::new(&counts);
    if counts.cost() == 0 {
        return best.solved(counters);
    }

    let mut tabu = TabuList {
        n,
        until: vec![0; geometry.cell_count() * (n + 1)],
    };
    let mut neighbours = Vec::new();
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    if let Err(reason) = checkpoints.check(budget, 0) {
        return best.gave_up(reason, counters);
    }
    // The lowest cost of the current fill, and steps since it last fell (restarts only).
    let mut fill_best = counts.cost();
    let mut steps_since_gain = 0;
    for step in 0u64.. {
        let stagnant = plan
            .restart_after
            .is_some_and(|limit| steps_since_gain >= limit);
        neighbourhood(&counts, &free, &houses, domain, &mut neighbours);
        if stagnant || (neighbours.is_empty() && plan.restart_after.is_some() && step > 0) {
            counts = fill(&mut rng);
            report_fill(&counts, &mut watch);
            tabu.until.fill(0);
            counters.add("restarts", 1);
            best.offer(&counts, counters.moves);
            if counts.cost() == 0 {
                return best.solved(counters);
            }
            fill_best = counts.cost();
            steps_since_gain = 0;
            neighbourhood(&counts, &free, &houses, domain, &mut neighbours);
        }
        if neighbours.is_empty() {
            return best.gave_up(StopReason::SearchExhausted, counters);
        }
        let sample: &[Move] = if neighbours.len() > params.sample_size {
            neighbours.partial_shuffle(&mut rng, params.sample_size).0
        } else {
            &neighbours
        };
        // The best admissible move (not tabu, or tabu but reaching a new best cost), ties broken
        // at random; failing any, the best move of all.
        let mut chosen: Option<(i64, Move)> = None;
        let mut fallback: Option<(i64, Move)> = None;
        let (mut chosen_ties, mut fallback_ties) = (0u32, 0u32);
        for &mv in sample {
            if checkpoints.due(counters.moves)
                && let Err(reason) = checkpoints.check(budget, counters.moves)
            {
                return best.gave_up(reason, counters);
            }
            counters.moves += 1;
            let delta = match mv {
                Move::Change { cell, digit } => counts.change_delta(cell, digit),
                Move::Swap { a, b } => counts.swap_delta(a, b),
            };
            let aspires = counts.cost().checked_add_signed(delta) < Some(best.cost());
            let admissible = aspires || !tabu.forbids_move(step, &counts, mv);
            if admissible {
                keep_better(&mut chosen, &mut chosen_ties, delta, mv, &mut rng);
            } else if chosen.is_none() {
                keep_better(&mut fallback, &mut fallback_ties, delta, mv, &mut rng);
            }
        }
        let (_, mv) = chosen
            .or(fallback)
            .expect("at least one neighbour was priced");
        let until = step + 1 + params.tenure;
        match mv {
            Move::Change { cell, digit } => {
                tabu.forbid(cell, counts.get(cell), until);
                counts.change(cell, digit);
                report_move(&counts, &[cell], &mut watch);
            }
            Move::Swap { a, b } => {
                tabu.forbid(a, counts.get(a), until);
                tabu.forbid(b, counts.get(b), until);
                counts.swap(a, b);
                report_move(&counts, &[a, b], &mut watch);
            }
        }
        counters.add("steps", 1);
        best.offer(&counts, counters.moves);
        if counts.cost() == 0 {
            return best.solved(counters);
        }
        if counts.cost() < fill_best {
            fill_best = counts.cost();
            steps_since_gain = 0;
        } else {
            steps_since_gain += 1;
        }
    }
    unreachable!("the steps never run out")
}

/// Keeps `mv` in `slot` if it is better than the move there, or as good and wins the draw among
/// the `ties` equally good (so each of them is kept with equal chance).
fn keep_better(
    slot: &mut Option<(i64, Move)>,
    ties: &mut u32,
    delta: i64,
    mv: Move,
    rng: &mut StdRng,
) {
    match slot {
        Some((best, _)) if delta > *best => {}
        Some((best, _)) if delta == *best => {
            *ties += 1;
            if rng.random_range(0..*ties) == 0 {
                *slot = Some((delta, mv));
            }
        }
        _ => {
            *ties = 1;
            *slot = Some((delta, mv));
        }
    }
}
