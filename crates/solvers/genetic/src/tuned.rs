//! [`GeneticTuned`]: what an evolutionary search gets from what the literature found to work.
//!
//! See the crate documentation for the algorithm, its parameters and what each choice gained.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, DigitSet, Family, Geometry, Grid, NotWatchable,
    Outcome, SearchEvent, Solver, SolverInfo, candidates, place_singles,
};

use crate::eval::Scored;

use crate::record::{Ending, Record, Watch, fittest, show_fittest};
#[cfg(doc)]
use sudoku_core::StopReason;

/// The tuned genetic algorithm's parameters (see the crate documentation for what each gained).
#[derive(Clone, Debug, PartialEq)]
pub struct GeneticTunedParams {
    /// Individuals in the population (at least 2). Default 20.
    pub population: usize,
    /// Best individuals copied unchanged into the next generation (below the population).
    /// Default 1.
    pub elite: usize,
    /// Individuals drawn for each tournament; the cheapest of them is a parent (at least 1).
    /// Default 2.
    pub tournament: usize,
    /// Chance that a child is a box-wise crossover of two parents rather than a copy of one, in
    /// [0, 1]. Default 0.9.
    pub crossover_rate: f64,
    /// Chance that a child undergoes one random swap, whatever it costs, in [0, 1]. Default 0.3.
    pub mutation_rate: f64,
    /// Swaps each child tries in its local improvement, keeping those that do not raise its
    /// cost (0: no local improvement). Default 200.
    pub local_steps: usize,
    /// Generations without a new best cost in the population after which it is re-seeded (0:
    /// never). Default 20.
    pub stagnation: u64,
    /// Best individuals a restart keeps (below the population). Default 0.
    pub restart_keep: usize,
    /// Generations after which the search gives up ([`StopReason::SearchExhausted`]). Default
    /// 100,000: past the suite's 10 s an attempt on hard 9×9 boards (20,000 took 7 s on
    /// easter-monster and cost one run in 60 on the named boards), so there the budget decides;
    /// and soon reached on a board propagation proves unsolvable, where generations are cheap.
    pub max_generations: u64,
}

impl Default for GeneticTunedParams {
    fn default() -> GeneticTunedParams {
        GeneticTunedParams {
            population: 20,
            elite: 1,
            tournament: 2,
            crossover_rate: 0.9,
            mutation_rate: 0.3,
            local_steps: 200,
            stagnation: 20,
            restart_keep: 0,
            max_generations: 100_000,
        }
    }
}

/// The tuned genetic algorithm (see the crate documentation).
#[derive(Clone, Debug, Default)]
pub struct GeneticTuned {
    params: GeneticTunedParams,
}

impl GeneticTuned {
    /// A solver with these parameters.
    ///
    /// Panics if the population is below 2, the elite or the restart's keep is not below the
    /// population, the tournament is empty, or a rate lies outside [0, 1].
    pub fn with(params: GeneticTunedParams) -> GeneticTuned {
        crate::check_population(
            params.population,
            params.crossover_rate,
            params.mutation_rate,
        );
        assert!(
            params.elite < params.population && params.restart_keep < params.population,
            "the elite and a restart's keep must be smaller than the population"
        );
        assert!(params.tournament >= 1, "a tournament needs an entrant");
        GeneticTuned { params }
    }

    pub fn params(&self) -> &GeneticTunedParams {
        &self.params
    }
}

impl Solver for GeneticTuned {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "genetic-tuned",
            family: Family::Evolutionary,
            description: "a memetic genetic algorithm: singles propagated, boxes kept as \
                          permutations, box crossover, local improvement, restarts",
            capabilities: Capabilities::incomplete(ALL_SIZES)
                .stochastic()
                .on_every_variant()
                .work_counter("generations"),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        let mut run = Run::new(&self.params, puzzle, budget.seed);
        let ending = run.evolve(budget, None);
        run.outcome(puzzle, ending)
    }

    /// The fittest individual of each generation (the first population's included), as a
    /// whole board with its cost.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        let mut run = Run::new(&self.params, puzzle, budget.seed);
        let ending = run.evolve(budget, Some(watch));
        Ok(run.outcome(puzzle, ending))
    }
}

/// Swaps drawn, looking for one whose two digits are candidates of their new cells, before a
/// mutation or a local step gives up and does nothing.
const SWAP_TRIES: usize = 8;

/// The board after propagation, in the terms the operators need.
struct Layout {
    geometry: Arc<Geometry>,
    /// The propagated puzzle: clues and forced digits, 0 for a free cell.
    start: Vec<u8>,
    /// Each free cell's candidates given `start` (every digit when propagation failed and the
    /// cell has none); 0 for a fixed cell.
    candidates: Vec<DigitSet>,
    /// The free cells of each box (or jigsaw region), and the digits it misses (as many).
    free: Vec<Vec<usize>>,
    missing: Vec<Vec<u8>>,
    /// The boxes (or regions) with at least two free cells: where a swap can act.
    swappable: Vec<usize>,
    /// Digits placed by propagation.
    placed: u64,
    /// Propagation found a contradiction: the puzzle has no solution.
    contradiction: bool,
}

impl Layout {
    fn new(puzzle: &Grid) -> Layout {
        let geometry = puzzle.geometry().clone();
        let size = geometry.size();
        // A contradiction means no solution; the search still runs on the clues alone, to give
        // up by its budget or generation limit like on any other puzzle it cannot solve.
        let propagated = place_singles(puzzle);
        let contradiction = propagated.is_none();
        let board = propagated.unwrap_or_else(|| puzzle.clone());
        let all: DigitSet = ((1 << size) - 1) << 1;
        let candidates = candidates(&board)
            .into_iter()
            .zip(board.cells())
            .map(|(set, &value)| match (value, set) {
                (0, 0) => all,
                (0, set) => set,
                _ => 0,
            })
            .collect();
        let start = board.cells().to_vec();
        let mut free: Vec<Vec<usize>> = Vec::with_capacity(size);
        let mut missing: Vec<Vec<u8>> = Vec::with_capacity(size);
        for house in geometry.region_houses() {
            let cells = geometry.house(house);
            free.push(cells.iter().copied().filter(|&c| start[c] == 0).collect());
            missing.push(
                (1..=size as u8)
                    .filter(|&d| cells.iter().all(|&c| start[c] != d))
                    .collect(),
            );
        }
        let swappable = (0..size).filter(|&b| free[b].len() >= 2).collect();
        let blanks = |cells: &[u8]| cells.iter().filter(|&&v| v == 0).count() as u64;
        Layout {
            placed: blanks(puzzle.cells()) - blanks(&start),
            geometry,
            start,
            candidates,
            free,
            missing,
            swappable,
            contradiction,
        }
    }

    /// Each box (or region) filled with a random permutation of its missing digits, each free cell (in
    /// random order) taking a candidate digit when one is left.
    fn random_individual(&self, rng: &mut StdRng) -> Scored {
        let mut cells = self.start.clone();
        let mut order = Vec::new();
        let mut left = Vec::new();
        for (free, missing) in self.free.iter().zip(&self.missing) {
            order.clone_from(free);
            order.shuffle(rng);
            left.clone_from(missing);
            for &cell in &order {
                let set = self.candidates[cell];
                let fitting = left.iter().filter(|&&d| set & (1 << d) != 0).count();
                let index = if fitting == 0 {
                    rng.random_range(0..left.len())
                } else {
                    let nth = rng.random_range(0..fitting);
                    (0..left.len())
                        .filter(|&i| set & (1 << left[i]) != 0)
                        .nth(nth)
                        .expect("counted")
                };
                cells[cell] = left.swap_remove(index);
            }
        }
        Scored::new(&self.geometry, cells)
    }

    /// Two free cells of one box (or region) whose digits are each a candidate of the other's cell, drawn
    /// at random ([`SWAP_TRIES`] draws at most).
    fn propose(&self, rng: &mut StdRng, individual: &Scored) -> Option<(usize, usize)> {
        if self.swappable.is_empty() {
            return None;
        }
        let cells = individual.cells();
        for _ in 0..SWAP_TRIES {
            let free = &self.free[self.swappable[rng.random_range(0..self.swappable.len())]];
            let first = rng.random_range(0..free.len());
            let mut second = rng.random_range(0..free.len() - 1);
            if second >= first {
                second += 1;
            }
            let (a, b) = (free[first], free[second]);
            if self.candidates[a] & (1 << cells[b]) != 0
                && self.candidates[b] & (1 << cells[a]) != 0
            {
                return Some((a, b));
            }
        }
        None
    }

    /// `a` with each box (or region) taken from `b` on a fair coin: boxes stay permutations.
    fn crossover(&self, rng: &mut StdRng, (a, b): (&Scored, &Scored), child: &mut Scored) {
        child.copy_from(a);
        for free in &self.free {
            if rng.random_bool(0.5) {
                child.copy_cells_from(b, free);
            }
        }
        child.recount(&self.geometry);
    }

    /// Tries `steps` swaps, keeping each that does not raise the cost; the moves it made.
    fn improve(&self, rng: &mut StdRng, individual: &mut Scored, steps: usize) -> u64 {
        let mut moves = 0;
        for _ in 0..steps {
            if individual.cost() == 0 {
                break;
            }
            if let Some((a, b)) = self.propose(rng, individual)
                && individual.swap_delta(&self.geometry, a, b) <= 0
            {
                individual.swap(&self.geometry, a, b);
                moves += 1;
            }
        }
        moves
    }
}

/// One solve: the population and everything counted about it.
struct Run<'p> {
    params: &'p GeneticTunedParams,
    layout: Layout,
    rng: StdRng,
    population: Vec<Scored>,
    next: Vec<Scored>,
    /// Indices of the population, cheapest first.
    ranked: Vec<usize>,
    record: Record,
    /// The best cost since the last restart, and the generation it was reached.
    stagnation_best: u64,
    improved_at: u64,
    evaluations: u64,
    restarts: u64,
    local_moves: u64,
}

impl<'p> Run<'p> {
    fn new(params: &'p GeneticTunedParams, puzzle: &Grid, seed: u64) -> Run<'p> {
        let layout = Layout::new(puzzle);
        let mut rng = StdRng::seed_from_u64(seed);
        let local_steps = local_steps(params, &layout);
        let mut local_moves = 0;
        let population: Vec<Scored> = (0..params.population)
            .map(|_| {
                let mut individual = layout.random_individual(&mut rng);
                local_moves += layout.improve(&mut rng, &mut individual, local_steps);
                individual
            })
            .collect();
        let record = Record::start(&population);
        Run {
            params,
            rng,
            next: population.clone(),
            ranked: (0..params.population).collect(),
            stagnation_best: population[fittest(&population)].cost(),
            improved_at: 0,
            record,
            evaluations: params.population as u64,
            restarts: 0,
            local_moves,
            layout,
            population,
        }
    }

    /// Breeds generations until a solution, the budget's end or the generation limit.
    fn evolve(&mut self, budget: &Budget, mut watch: Watch<'_>) -> Ending {
        show_fittest(&self.population, &mut watch);
        loop {
            if let Some(ending) = self
                .record
                .ending(budget, Some(self.params.max_generations))
            {
                return ending;
            }
            self.generation();
            show_fittest(&self.population, &mut watch);
        }
    }

    /// The index of the cheapest of `tournament` individuals drawn at random.
    fn tournament(&mut self) -> usize {
        let size = self.population.len();
        let mut winner = self.rng.random_range(0..size);
        for _ in 1..self.params.tournament {
            let rival = self.rng.random_range(0..size);
            if self.population[rival].cost() < self.population[winner].cost() {
                winner = rival;
            }
        }
        winner
    }

    fn rank(&mut self) {
        let population = &self.population;
        self.ranked.sort_by_key(|&i| (population[i].cost(), i));
    }

    fn generation(&mut self) {
        let params = self.params;
        self.rank();
        for slot in 0..params.elite {
            self.next[slot].copy_from(&self.population[self.ranked[slot]]);
        }
        for slot in params.elite..params.population {
            let a = self.tournament();
            let crossed = self.rng.random_bool(params.crossover_rate);
            let b = if crossed { self.tournament() } else { a };
            let (layout, rng) = (&self.layout, &mut self.rng);
            let child = &mut self.next[slot];
            if crossed {
                layout.crossover(rng, (&self.population[a], &self.population[b]), child);
                self.evaluations += 1;
            } else {
                child.copy_from(&self.population[a]);
            }
            if rng.random_bool(params.mutation_rate)
                && let Some((x, y)) = layout.propose(rng, child)
            {
                child.swap(&layout.geometry, x, y);
            }
            self.local_moves += layout.improve(rng, child, local_steps(params, layout));
        }
        std::mem::swap(&mut self.population, &mut self.next);
        let cost = self.record.bred(&self.population);
        let generations = self.record.generations;
        if cost < self.stagnation_best {
            self.stagnation_best = cost;
            self.improved_at = generations;
        } else if params.stagnation > 0 && generations - self.improved_at >= params.stagnation {
            self.restart();
        }
    }

    /// Re-seeds the population but for its `restart_keep` best.
    fn restart(&mut self) {
        self.rank();
        let keep = self.params.restart_keep;
        for &index in &self.ranked[keep..] {
            let mut individual = self.layout.random_individual(&mut self.rng);
            self.local_moves += self.layout.improve(
                &mut self.rng,
                &mut individual,
                local_steps(self.params, &self.layout),
            );
            self.population[index] = individual;
            self.evaluations += 1;
        }
        self.restarts += 1;
        let fittest = &self.population[fittest(&self.population)];
        self.stagnation_best = fittest.cost();
        self.improved_at = self.record.generations;
        self.record.offer(fittest);
    }

    fn outcome(self, puzzle: &Grid, ending: Ending) -> Outcome {
        let mut counters = Counters::default();
        counters.add("restarts", self.restarts);
        counters.add("evaluations", self.evaluations);
        counters.add("placed_by_propagation", self.layout.placed);
        counters.add("local_moves", self.local_moves);
        self.record.outcome(puzzle, ending, counters)
    }
}

/// The local improvement's steps: none when propagation proved there is no solution, as there is
/// nothing to improve towards, so such a run reaches its generation limit quickly.
fn local_steps(params: &GeneticTunedParams, layout: &Layout) -> usize {
    if layout.contradiction {
        0
    } else {
        params.local_steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{blanked, solved_boards};
    use sudoku_core::{
        Shape, StopReason, Verdict, missing_digits, verify_keeps_clues, verify_solution,
    };
    use sudoku_generate::base_pattern;

    /// Every box or jigsaw region of `grid` holds each digit once (its regions read cell by
    /// cell from [`Geometry::region_of`]).
    fn regions_are_permutations(grid: &Grid) -> bool {
        let n = grid.size();
        let mut seen: Vec<DigitSet> = vec![0; n];
        for (cell, &digit) in grid.cells().iter().enumerate() {
            seen[grid.geometry().region_of(cell)] |= 1 << digit;
        }
        seen.iter().all(|&digits| digits == ((1 << n) - 1) << 1)
    }

    #[test]
    fn a_priced_swap_changes_the_cost_by_its_price() {
        let mut rng = StdRng::seed_from_u64(1);
        for (name, solution) in solved_boards() {
            let geometry = solution.geometry();
            let puzzle = blanked(&solution, solution.cells().len() * 2 / 3, &mut rng);
            let layout = Layout::new(&puzzle);
            let mut individual = layout.random_individual(&mut rng);
            assert_eq!(
                individual.cost(),
                missing_digits(geometry, individual.cells()),
                "{name}"
            );
            for _ in 0..200 {
                let Some((a, b)) = layout.propose(&mut rng, &individual) else {
                    continue;
                };
                let (before, delta) = (
                    individual.cost(),
                    individual.swap_delta(&layout.geometry, a, b),
                );
                individual.swap(&layout.geometry, a, b);
                assert_eq!(individual.cost() as i64, before as i64 + delta, "{name}");
                assert_eq!(
                    individual.cost(),
                    missing_digits(geometry, individual.cells()),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn operators_keep_clues_and_regions() {
        let mut rng = StdRng::seed_from_u64(2);
        for (name, solution) in solved_boards() {
            let cells = solution.cells().len();
            for blanks in [1, cells / 2, cells] {
                let puzzle = blanked(&solution, blanks, &mut rng);
                let layout = Layout::new(&puzzle);
                let mut a = layout.random_individual(&mut rng);
                let b = layout.random_individual(&mut rng);
                let mut child = a.clone();
                for _ in 0..50 {
                    layout.crossover(&mut rng, (&a, &b), &mut child);
                    layout.improve(&mut rng, &mut child, 20);
                    let grid = puzzle.with_cells(child.cells().to_vec()).unwrap();
                    assert_eq!(verify_keeps_clues(&puzzle, &grid), Ok(()), "{name}");
                    assert!(regions_are_permutations(&grid), "{name}");
                    assert_eq!(
                        child.cost(),
                        missing_digits(puzzle.geometry(), child.cells()),
                        "{name}"
                    );
                    a.copy_from(&child);
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_run() {
        let puzzle = sudoku_kit::dead_end(Shape::S9);
        let budget = Budget::solve().with_seed(11).with_max_iterations(300);
        let mut solver = GeneticTuned::default();
        let first = solver.solve(&puzzle, &budget);
        assert_eq!(first, solver.solve(&puzzle, &budget));
        assert_eq!(first.counters.generations, 300);
        assert!(first.counters.get("restarts") > 0);
    }

    #[test]
    fn a_work_cap_stops_at_the_cap_with_an_honest_attempt() {
        for puzzle in [
            sudoku_kit::dead_end(Shape::S9),
            sudoku_kit::dead_end(Shape::S16),
            Grid::empty(Shape::S16),
        ] {
            for cap in [1, 7, 50] {
                let budget = Budget::solve().with_max_iterations(cap);
                let outcome = GeneticTuned::default().solve(&puzzle, &budget);
                assert_eq!(outcome.verdict, Verdict::GaveUp(StopReason::IterationCap));
                assert_eq!(outcome.counters.generations, cap);
                let attempt = outcome.best_attempt.expect("an attempt");
                assert_eq!(verify_keeps_clues(&puzzle, &attempt.grid), Ok(()));
                assert_eq!(
                    attempt.cost,
                    missing_digits(puzzle.geometry(), attempt.grid.cells())
                );
                assert_eq!(outcome.convergence.best(), Some(attempt.cost));
            }
        }
    }

    #[test]
    fn the_generation_limit_is_a_search_exhausted_never_unsolvable() {
        let solver = &mut GeneticTuned::with(GeneticTunedParams {
            max_generations: 5,
            ..GeneticTunedParams::default()
        });
        // A contradiction the propagation finds, and a board it cannot finish.
        for puzzle in [sudoku_kit::dead_end(Shape::S9), Grid::empty(Shape::S16)] {
            let outcome = solver.solve(&puzzle, &Budget::solve());
            assert_eq!(
                outcome.verdict,
                Verdict::GaveUp(StopReason::SearchExhausted)
            );
            assert_eq!(outcome.counters.generations, 5);
        }
    }

    #[test]
    fn propagation_alone_can_solve() {
        let mut rng = StdRng::seed_from_u64(3);
        let solution = base_pattern(Shape::S9);
        let puzzle = blanked(&solution, 10, &mut rng);
        let outcome = GeneticTuned::default().solve(&puzzle, &Budget::solve());
        assert!(outcome.is_solved());
        assert_eq!(outcome.solutions[0], solution);
        assert_eq!(outcome.counters.generations, 0);
        assert_eq!(outcome.counters.get("placed_by_propagation"), 10);
    }

    #[test]
    fn solves_an_easy_9x9_and_golden_nugget() {
        let easy = Grid::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let nugget = sudoku_catalog::named_board("golden-nugget")
            .expect("a named board")
            .grid();
        for puzzle in [easy, nugget] {
            for seed in 0..3 {
                let budget = Budget::solve().with_seed(seed).with_max_iterations(20_000);
                let outcome = GeneticTuned::default().solve(&puzzle, &budget);
                assert!(outcome.is_solved(), "{puzzle}: {}", outcome.verdict);
                assert_eq!(verify_solution(&puzzle, &outcome.solutions[0]), Ok(()));
                assert_eq!(outcome.convergence.best(), Some(0));
            }
        }
    }
}
