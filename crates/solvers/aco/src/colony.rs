//! The colony: pheromone, ants and cycles (see the crate documentation).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    ALL_SIZES, Attempt, Budget, Capabilities, Checkpoints, Convergence, Counters, DigitSet, Family,
    Geometry, Grid, NotWatchable, Outcome, SearchEvent, Solver, SolverInfo, StopReason,
    missing_digits,
};

use std::sync::Arc;

use sudoku_core::digits_of;

use crate::board::Board;

/// The colony's parameters; the default is the published program's (see the crate
/// documentation for its greedy choice).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AcoParams {
    /// Ants building boards each cycle.
    pub ants: usize,
    /// Probability of the greedy choice (the digit of most pheromone). Default 0.1, as the
    /// published program chooses; the paper's text gives 0.9.
    pub q0: f32,
    /// Weight of the best value in the global update.
    pub rho: f32,
    /// Share of the best value lost each cycle (best-value evaporation).
    pub evaporation: f32,
    /// Share of a chosen digit's pheromone pulled back towards τ₀ (the local update).
    pub local_wear: f32,
}

impl Default for AcoParams {
    fn default() -> AcoParams {
        AcoParams {
            ants: 10,
            q0: 0.1,
            rho: 0.9,
            evaporation: 0.005,
            local_wear: 0.1,
        }
    }
}

/// The ant colony system with best-value evaporation.
#[derive(Clone, Debug, Default)]
pub struct Aco {
    params: AcoParams,
}

impl Aco {
    pub fn with(params: AcoParams) -> Aco {
        Aco { params }
    }
}

impl Solver for Aco {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "aco",
            family: Family::SwarmIntelligence,
            description: "ant colony system with best-value evaporation (Lloyd and Amos 2019)",
            capabilities: Capabilities::incomplete(ALL_SIZES)
                .stochastic()
                .on_every_variant()
                .work_counter(ANT_STEPS),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        Colony::new(self.params, puzzle, budget.seed).run(budget, None)
    }

    /// Shows what propagation settles from the clues, then each cycle's best construction:
    /// its cells placed in the order the ant settled them (a choice as a guess, propagation as
    /// forced), then taken back unless it is a solution.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(Colony::new(self.params, puzzle, budget.seed).run(budget, Some(watch)))
    }
}

/// The work counter: cells visited by ants.
const ANT_STEPS: &str = "ant_steps";

/// Steps between two budget checks at most (they fall between cycles).
const CHECK_EVERY: u64 = 1 << 12;

struct Colony {
    params: AcoParams,
    geometry: Arc<Geometry>,
    /// The puzzle with its clues settled and propagated: where every ant starts.
    start: Board,
    size: usize,
    /// `pheromone[cell * size + digit - 1]`.
    pheromone: Vec<f32>,
    tau0: f32,
    ants: Vec<Board>,
    /// Where each ant starts this cycle (kept to reuse its memory).
    starts: Vec<usize>,
    rng: StdRng,
    lowest: Lowest,
    counters: Counters,
}

/// The board of lowest cost the colony has built, its best attempt, and how that cost fell.
/// Not the pheromone's best board: that one's value evaporates, so a worse board can replace it.
struct Lowest {
    cells: Vec<u8>,
    cost: u64,
    convergence: Convergence,
}

impl Lowest {
    /// `cells` as the first board, at no work.
    fn of(geometry: &Geometry, cells: &[u8]) -> Lowest {
        let cost = missing_digits(geometry, cells);
        let mut convergence = Convergence::default();
        convergence.record(0, cost);
        Lowest {
            cells: cells.to_vec(),
            cost,
            convergence,
        }
    }

    /// Keeps `cells` if they cost less, `steps` into the search.
    fn offer(&mut self, geometry: &Geometry, cells: &[u8], steps: u64) {
        let cost = missing_digits(geometry, cells);
        if cost < self.cost {
            self.convergence.record(steps, cost);
            self.cells.copy_from_slice(cells);
            self.cost = cost;
        }
    }
}

impl Colony {
    fn new(params: AcoParams, puzzle: &Grid, seed: u64) -> Colony {
        let geometry = puzzle.geometry().clone();
        let start = Board::new(&geometry, puzzle.cells());
        let cells = puzzle.cells().len();
        let tau0 = 1.0 / cells as f32;
        let lowest = Lowest::of(&geometry, start.digits());
        Colony {
            params,
            geometry,
            size: puzzle.size(),
            pheromone: vec![tau0; cells * puzzle.size()],
            tau0,
            ants: vec![start.clone(); params.ants.max(1)],
            starts: Vec::with_capacity(params.ants.max(1)),
            lowest,
            start,
            rng: StdRng::seed_from_u64(seed),
            counters: Counters::default(),
        }
    }

    fn run(
        mut self,
        budget: &Budget,
        mut watch: Option<&mut dyn FnMut(SearchEvent<'_>)>,
    ) -> Outcome {
        let cells = self.start.digits().len();
        if let Some(watch) = watch.as_mut() {
            for &(cell, _) in self.start.trail() {
                let digit = self.start.digit(cell);
                watch(SearchEvent::Place {
                    cell,
                    digit,
                    guess: false,
                });
            }
        }
        if self.start.settled() == cells {
            return self.finish(None, 0);
        }
        let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
        let mut steps = 0u64;
        if let Err(reason) = checkpoints.check(budget, steps) {
            return self.finish(Some(reason), steps);
        }
        // The pheromone's best board and its value, which evaporates (`lowest` keeps the attempt).
        let mut best_value = 0.0f32;
        let mut best_board = self.start.digits().to_vec();
        loop {
            self.cycle();
            steps += (self.ants.len() * cells) as u64;
            self.counters.generations += 1;
            let leader = (0..self.ants.len())
                .max_by_key(|&ant| (self.ants[ant].settled(), std::cmp::Reverse(ant)))
                .expect("at least one ant");
            let settled = self.ants[leader].settled();
            if let Some(watch) = watch.as_mut() {
                self.show(leader, settled == cells, *watch);
            }
            self.lowest
                .offer(&self.geometry, self.ants[leader].digits(), steps);
            if settled == cells {
                return self.finish(None, steps);
            }
            let value = cells as f32 / (cells - settled) as f32;
            if value > best_value {
                best_value = value;
                best_board.copy_from_slice(self.ants[leader].digits());
            }
            self.reinforce(&best_board, best_value);
            best_value *= 1.0 - self.params.evaporation;
            if checkpoints.due(steps)
                && let Err(reason) = checkpoints.check(budget, steps)
            {
                return self.finish(Some(reason), steps);
            }
        }
    }

    /// Shows ant `ant`'s construction, and takes it back unless it is a solution.
    fn show(&self, ant: usize, solved: bool, watch: &mut dyn FnMut(SearchEvent<'_>)) {
        let board = &self.ants[ant];
        for &(cell, guess) in board.trail() {
            let digit = board.digit(cell);
            watch(SearchEvent::Place { cell, digit, guess });
        }
        if !solved {
            for &(cell, _) in board.trail().iter().rev() {
                watch(SearchEvent::Remove {
                    cell,
                    digit: board.digit(cell),
                });
            }
        }
    }

    /// One cycle: every ant builds a board from the start, the ants taking a cell each in turn.
    fn cycle(&mut self) {
        let cells = self.start.digits().len();
        self.starts.clear();
        for ant in 0..self.ants.len() {
            self.ants[ant].reset_to(&self.start);
            self.starts.push(self.rng.random_range(0..cells));
        }
        for _ in 0..cells {
            for ant in 0..self.ants.len() {
                let cell = self.starts[ant];
                self.step(ant, cell);
                self.starts[ant] = if cell + 1 == cells { 0 } else { cell + 1 };
            }
        }
    }

    /// Ant `ant` at `cell`: a choice if the cell is open, then the local update.
    fn step(&mut self, ant: usize, cell: usize) {
        let board = &self.ants[ant];
        let options = board.options(cell);
        if board.digit(cell) != 0 || options == 0 {
            return;
        }
        let row = cell * self.size;
        let digit = self.choose(options, row);
        self.ants[ant].choose(&self.geometry, cell, digit);
        let tau = &mut self.pheromone[row + usize::from(digit) - 1];
        *tau = (1.0 - self.params.local_wear) * *tau + self.params.local_wear * self.tau0;
    }

    /// The digit an ant takes among `options`, the cell's pheromone starting at `row`.
    fn choose(&mut self, options: DigitSet, row: usize) -> u8 {
        let tau = |digit: u8| self.pheromone[row + usize::from(digit) - 1];
        if options.count_ones() == 1 {
            return options.trailing_zeros() as u8;
        }
        if self.rng.random::<f32>() < self.params.q0 {
            // The first digit of most pheromone.
            let mut best = (0, f32::MIN);
            for digit in digits_of(options) {
                let value = tau(digit);
                if value > best.1 {
                    best = (digit, value);
                }
            }
            return best.0;
        }
        let total: f32 = digits_of(options).map(tau).sum();
        let mut point = total * self.rng.random::<f32>();
        let mut last = 0;
        for digit in digits_of(options) {
            point -= tau(digit);
            last = digit;
            if point < 0.0 {
                break;
            }
        }
        last
    }

    /// The global update: every settled cell of the best board gains towards the best value.
    fn reinforce(&mut self, best_board: &[u8], best_value: f32) {
        let rho = self.params.rho;
        for (cell, &digit) in best_board.iter().enumerate() {
            if digit != 0 {
                let tau = &mut self.pheromone[cell * self.size + usize::from(digit) - 1];
                *tau = (1.0 - rho) * *tau + rho * best_value;
            }
        }
    }

    /// The outcome: solved (`stopped` is `None`, the lowest board then fills every cell) or
    /// given up for `stopped` at the lowest board, after `steps` ant steps.
    fn finish(mut self, stopped: Option<StopReason>, steps: u64) -> Outcome {
        self.counters.add(ANT_STEPS, steps);
        let Lowest {
            cells,
            cost,
            convergence,
        } = self.lowest;
        let grid = Grid::from_cells_on(self.geometry, cells).expect("the board keeps its shape");
        match stopped {
            None => {
                debug_assert_eq!(cost, 0);
                Outcome::from_search(None, vec![grid], 1, self.counters)
            }
            Some(reason) => Outcome::gave_up_at(reason, Attempt { grid, cost }, self.counters),
        }
        .with_convergence(convergence)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published program's settings: 10 ants, ρ 0.9, evaporation 0.005, and its q0 of 0.9
    /// read as it compares, the greedy choice taken 1 − 0.9 of the time.
    #[test]
    fn the_published_program_s_parameters_are_the_default() {
        let params = AcoParams::default();
        assert_eq!(
            (params.ants, params.rho, params.evaporation),
            (10, 0.9, 0.005)
        );
        assert!((params.q0 - (1.0 - 0.9)).abs() < 1e-6, "{}", params.q0);
    }

    #[test]
    fn the_global_update_moves_pheromone_towards_the_best_value() {
        let puzzle = Grid::empty(sudoku_core::Shape::S4);
        let mut colony = Colony::new(AcoParams::default(), &puzzle, 0);
        let mut board = vec![0u8; 16];
        board[0] = 3;
        colony.reinforce(&board, 2.0);
        let tau0 = 1.0 / 16.0;
        let expected = 0.1 * tau0 + 0.9 * 2.0;
        assert!((colony.pheromone[2] - expected).abs() < 1e-6);
        // Other digits of the cell and empty cells keep τ₀.
        assert_eq!(colony.pheromone[0], tau0);
        assert_eq!(colony.pheromone[4 + 2], tau0);
    }
}
