//! The 2019 thesis's tabu search.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_core::{
    Budget, Checkpoints, Counters, Geometry, Grid, NotWatchable, Outcome, SearchEvent, Solver,
    SolverInfo, StopReason, UnitKind,
};

use crate::counts::Counts;
use crate::{Best, CHECK_EVERY, keep_better, local_search_info, report_fill, report_move};

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
        search(&self.params, puzzle, budget, |_| {})
    }

    /// The first fill, then each step made: the cells it changed and the cost after it.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(search(&self.params, puzzle, budget, watch))
    }
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
/// from two houses is listed twice.
fn neighbourhood(counts: &Counts, free: &FreeCells, houses: &MoveHouses, moves: &mut Vec<Move>) {
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
            for digit in missing.clone() {
                moves.push(Move::Change { cell, digit });
            }
        }
    }
    for &house in &houses.swaps {
        let cells = free.of(house);
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if counts.get(a) != counts.get(b) {
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
    params: &TabuParams,
    board: &Grid,
    budget: &Budget,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let mut counters = Counters::default();
    let geometry = board.geometry();
    let n = geometry.size();
    let mut rng = StdRng::seed_from_u64(budget.seed);

    let free = FreeCells::new(board);
    let houses = MoveHouses::of(geometry);
    // Each column gets its missing digits in a random order, so columns start as permutations.
    let mut cells = board.cells().to_vec();
    for house in geometry.houses_of_kind(UnitKind::Column) {
        let column = geometry.house(house);
        let mut missing: Vec<u8> = (1..=n as u8)
            .filter(|&digit| !column.iter().any(|&cell| board.get(cell) == digit))
            .collect();
        missing.shuffle(&mut rng);
        for (&cell, digit) in free.of(house).iter().zip(missing) {
            cells[cell] = digit;
        }
    }
    let mut counts = Counts::new(geometry.clone(), cells);
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
    for step in 0u64.. {
        neighbourhood(&counts, &free, &houses, &mut neighbours);
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
                keep_better(&mut chosen, &mut chosen_ties, (delta, mv), &mut rng);
            } else if chosen.is_none() {
                keep_better(&mut fallback, &mut fallback_ties, (delta, mv), &mut rng);
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
    }
    unreachable!("the steps never run out")
}
