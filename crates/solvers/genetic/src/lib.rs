//! The 2019 thesis's genetic algorithm, as the thesis states it ([`Genetic`], id `genetic`: no
//! propagation, no tuning), and a tuned variant built from what the literature found to work
//! ([`GeneticTuned`], id `genetic-tuned`, described in its own section below).
//!
//! # The algorithm
//! An individual is a full grid: the clues, and every blank filled. The initial population fills
//! the blanks with digits drawn uniformly from 1..N, each blank on its own (so rows, columns and
//! boxes start full of repeats). The cost to minimise is the number of digits missing from each
//! row, each column and each box, summed (on a variant board, from each house of its
//! [`sudoku_core::Geometry`]: jigsaw regions in place of boxes, both diagonals on a diagonal
//! board; see [Variants](#variants)); a house misses exactly as many digits as it repeats, and
//! cost 0 is a solution. Each generation:
//!
//! 1. **Selection**: a roulette wheel on the fitness `Fa_i = max(Fo)·k − Fo_i`, where `Fo_i` is
//!    individual i's cost, `max(Fo)` the population's worst cost and `k > 1`
//!    ([`GeneticParams::k`]), so even the worst individual keeps a slice `(k − 1)·max(Fo)`. Each
//!    parent is drawn independently; both parents of a pair may be the same individual.
//! 2. **Crossover**, with probability [`GeneticParams::crossover_rate`] for each pair (otherwise
//!    the children are copies of their parents): two parents give two children. The first
//!    takes, box by box, the box of the parent in which that box repeats fewer digits. The
//!    second takes, line by line, the better row of the two parents, or the better column,
//!    rows or columns chosen by a fair coin for each crossover. Rows (or columns, or boxes)
//!    partition the grid, so each child is assembled whole from the chosen units. On a tie the
//!    unit comes from the first parent drawn.
//! 3. **Mutation**, with probability [`GeneticParams::mutation_rate`] for each child: one
//!    mutation, its kind drawn uniformly from four: swap the digits of two blanks of one row; of
//!    one column; of one box; or replace the digit of one blank with another digit, drawn
//!    uniformly from the N − 1 it does not hold. A swap picks its unit uniformly among the units
//!    of its kind with at least two blanks (none: the mutation does nothing), then two distinct
//!    blanks of it.
//! 4. **Elitism, weak**: a child beats its parents when its cost is below both parents' costs.
//!    If no child of the generation does, the worst individual of the new population is replaced
//!    by the best of the previous one. Otherwise the previous best may be lost; the solver keeps
//!    the best grid ever seen apart, for its [`Attempt`].
//!
//! The search stops at a solution or when the budget runs out, as every stochastic solver of the
//! suite does, so runs at equal budgets compare. The thesis also stopped after 20,000
//! generations; [`GeneticParams::max_generations`] set to [`THESIS_GENERATIONS`] does that (its
//! description then says so, and reports show it), and so does a work cap of 20,000
//! (`--max-iterations 20000`), reported as the cap. Clues are never touched: the initial
//! fill, the crossover's copies and every mutation write blanks only. With an odd population
//! the second child of the last pair is dropped (and does not count in the elitism test).
//!
//! # Counters and budget
//! - `generations`: the work counter [`Budget::max_iterations`] caps, exactly. The budget (cap,
//!   deadline, cancel flag) is checked once at the start of every generation, before the
//!   solver's own generation limit when it has one: a cap equal to that limit is reported as
//!   [`StopReason::IterationCap`], the limit alone as [`StopReason::SearchExhausted`].
//! - `evaluations`: full cost counts: one per individual of the initial population and two per
//!   crossover. Copies carry their parent's counts, and mutations update the cost through the
//!   houses of each changed cell, so neither counts as an evaluation.
//! - `crossovers`, `mutations` (those that changed something or tried to: a swap of two equal
//!   digits counts), `elitist_replacements`.
//!
//! Every outcome carries the [`Convergence`] of the best cost by generation (generation 0 is the
//! initial population). A run that gives up returns the best grid it ever held with its cost.
//! The run is a function of [`Budget::seed`] alone: equal seeds give equal runs and counters.
//!
//! # Cost and limits
//! A generation costs one roulette wheel (O(M) to build, O(log M) a draw) and, per crossover,
//! two full recounts of O(3N² + 3N·(N + 1)) steps; a mutation costs O(1) steps. Each individual
//! holds its N² cells, a count of every digit in every house (3N·(N + 1) bytes; two houses more
//! on a diagonal board) and each house's repeats, and two populations are kept (parents and
//! children), so memory is about 2·M·(4N² + 6N) bytes: 530 KB for the default population on
//! 25×25. Every size from 4×4 to 25×25 is accepted.
//!
//! Incomplete: it may give up on a solvable puzzle, and never calls one unsolvable. As the
//! thesis found, the pure algorithm stalls in local minima (a grid a few repeats from a
//! solution, where every swap makes things worse): it solves near-complete puzzles and fails
//! on most puzzles of published difficulty. With the default parameters it solves 10 of the
//! conformance corpus's 27 solvable cases (every 4×4, one 6×6, one 12×12, one 16×16, no 9×9),
//! ending its failures at costs of 2 to 16 (`sudoku-bench bench --solver genetic --dataset
//! datasets/conformance.txt` lists them, the best cost of each). That is a finding
//! about the algorithm, not a fault of this implementation; the tuned variant is a separate
//! solver, [`GeneticTuned`].
//!
//! # The tuned variant: [`GeneticTuned`]
//! What an evolutionary search gets when it takes what the literature found to work: Galinier
//! and Hao's hybrid evolutionary algorithm for graph colouring (1999; a crossover that hands
//! whole colour classes down, every child improved by tabu search), read on Sudoku's graph and
//! built on `sudoku-local`'s partial boards. Its parameters are [`GeneticTunedParams`].
//!
//! 1. **Propagation first**, as the tuned local searches start
//!    ([`sudoku_local::after_propagation`]): naked and hidden singles to a fixpoint; a board they
//!    complete is solved at generation 0; each free cell is then kept to its candidates. A
//!    contradiction proves there is no solution, but an incomplete solver never says so: the
//!    search then runs on the clues alone without local improvement (nothing to improve
//!    towards, so its generations are cheap) and gives up by its budget or generation limit.
//! 2. **Individuals** are boards that never break a rule, some free cells left empty
//!    ([`sudoku_local::partial`]); the cost is the board's missing digits, the houses of its
//!    empty cells. The first population (10) fills each board greedily (free cells in random
//!    order, each a random candidate that clashes with nothing, if one is left).
//! 3. **Local improvement**: every new individual, first or child, is improved by
//!    `tabu-tuned`'s tabu search ([`sudoku_local::PartialCol`], its tenures) until 5,000 steps
//!    in a row find no lower cost; it keeps the lowest board reached.
//! 4. **A generation** breeds one child: two distinct parents drawn at random; for each digit in
//!    turn, the parents alternating (the first drawn by a coin), the digit whose cells in that
//!    parent would fill the most cells still empty in the child, and those cells (the greedy
//!    partition crossover, with digits in place of colours; digits are never renamed, as clues
//!    fix them). A digit comes from one parent, whose cells holding it clash with nothing, so
//!    the child breaks no rule; cells no turn fills stay empty. The improved child takes the
//!    place of the worse of its parents.
//! 5. **Contract** as for [`Genetic`]: clues and propagated cells never change; the budget is
//!    checked at the start of every generation (a cap stops it exactly) and every 4,096 moves
//!    the tabu search prices (so a deadline also stops the improvements, the first
//!    population's included); equal seeds give equal runs; a give-up carries the best board ever
//!    held, with its empty cells, and its cost (re-countable by
//!    [`sudoku_core::missing_digits`]); every outcome its [`Convergence`] by generation.
//!    Counters: `generations` (children bred; the work counter), `moves` (tabu moves priced),
//!    `steps` (tabu moves made), `placed_by_propagation`, `contradictions`. Watched, it shows
//!    propagation's placements, then each new individual as a whole board (empty cells 0).
//!
//! What each choice gained is logged with its measurements in `reports/development-log.md`
//! ("Stochastic solvers on 25×25"): the memetic search this replaced (box permutations, box
//! crossover, 200 improving swaps a child, restarts) solved 9×9 and 16×16 boards but none of
//! Lloyd and Amos's first 5 25×25 instances at 40%, 45% or 50% given in 10 s; this one solved
//! all 30 runs on their first 10 at each of those shares in 5 s (one seed). On their first 50
//! of each share, 3 runs at 10 s (`reports/figures/colony/`), it solved 147, 139, 119 and 123 of
//! 150 at 35%, 40%, 45% and 50% given, where `tabu-tuned` alone solved 148 to 150: at this
//! budget the population costs the tabu search more time than its crossover gives back.
//!
//! A generation costs one crossover (O(N) turns over the free cells, O(N³) steps) and a tabu
//! search of at least 5,000 steps, each pricing every candidate of every empty cell. Memory is
//! 11 partial boards (the population and a child), each its cells and a cell per house and digit,
//! and a tabu list of one step number per cell and digit. Like [`Genetic`] it is incomplete, and
//! gives up after 100,000 generations (past the budget on the boards measured; soon on a board
//! propagation proves unsolvable).
//!
//! # Variants
//! Both solvers take every variant (`.on_every_variant()`): diagonal, jigsaw and
//! jigsaw-diagonal boards as well as classic ones, through one code path that reads the
//! board's houses. The cost counts every house, the diagonals included. [`Genetic`]'s operators
//! work on houses that partition the board, and generalise as follows.
//!
//! - On a jigsaw board the regions take the boxes' place everywhere: [`Genetic`]'s first child
//!   takes the better region of the two parents region by region and its box-swap mutation
//!   swaps two blanks of one region. What these operators rely on is that the boxes
//!   are N houses of N cells partitioning the board (so a child is assembled whole from
//!   chosen units); a jigsaw's regions are exactly that, so each operator stays the one the
//!   thesis describes.
//! - [`GeneticTuned`] reads every house the board has: a filled cell clashes with any cell of
//!   any of its houses, diagonals included, so one rule serves every variant, as in
//!   `tabu-tuned`.
//! - The diagonals do not partition the board (they cross, and miss most cells): no child can
//!   be assembled from them and no fill can keep them permutations alongside the regions. They
//!   are two more houses in the cost, mended by the existing operators, and [`Genetic`] adds no
//!   diagonal crossover or mutation the thesis does not have.
//!
//! # When to use it
//! To reproduce the thesis's evolutionary results and to chart how a population-based search
//! converges (or does not). [`GeneticTuned`], to measure how far an evolutionary search gets
//! with the literature's remedies. Never to solve puzzles: every exact solver in the suite is
//! faster and certain.

mod eval;
mod record;
mod tuned;

pub use tuned::{GeneticTuned, GeneticTunedParams};

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, Family, Geometry, Grid, NotWatchable, Outcome,
    SearchEvent, Solver, SolverInfo, UnitKind,
};

use crate::eval::Scored;

use crate::record::{Ending, Record, Watch, fittest, show_fittest};
#[cfg(doc)]
use sudoku_core::{Attempt, Convergence, StopReason};

/// The genetic algorithm's parameters. The thesis fixes the operators, not these values; the
/// defaults are this suite's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneticParams {
    /// Individuals in the population (at least 2). Default 100.
    pub population: usize,
    /// The fitness factor k of `Fa_i = max(Fo)·k − Fo_i`, above 1: the closer to 1, the harder
    /// the selection favours good grids. Default 1.5.
    pub k: f64,
    /// Chance that a pair of parents is crossed rather than copied, in [0, 1]. Default 0.9.
    pub crossover_rate: f64,
    /// Chance that a child undergoes one mutation, in [0, 1]. Default 0.3.
    pub mutation_rate: f64,
    /// Generations after which the search gives up ([`StopReason::SearchExhausted`]). Default
    /// none: the budget decides, as for every stochastic solver. [`THESIS_GENERATIONS`] is the
    /// thesis's own limit.
    pub max_generations: Option<u64>,
}

/// The generation limit of the thesis's runs.
pub const THESIS_GENERATIONS: u64 = 20_000;

impl Default for GeneticParams {
    fn default() -> GeneticParams {
        GeneticParams {
            population: 100,
            k: 1.5,
            crossover_rate: 0.9,
            mutation_rate: 0.3,
            max_generations: None,
        }
    }
}

/// The thesis's genetic algorithm (see the crate documentation).
#[derive(Clone, Debug, Default)]
pub struct Genetic {
    params: GeneticParams,
}

impl Genetic {
    /// A solver with these parameters.
    ///
    /// Panics if the population is below 2, `k` is not above 1, or a rate lies outside [0, 1].
    pub fn with(params: GeneticParams) -> Genetic {
        check_population(
            params.population,
            params.crossover_rate,
            params.mutation_rate,
        );
        assert!(params.k > 1.0, "k must exceed 1, got {}", params.k);
        Genetic { params }
    }

    pub fn params(&self) -> &GeneticParams {
        &self.params
    }
}

impl Solver for Genetic {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "genetic",
            family: Family::Evolutionary,
            description: match self.params.max_generations {
                None => {
                    "the thesis's genetic algorithm: roulette selection, best-unit crossover, \
                     four mutations, weak elitism; no generation limit (the budget decides)"
                }
                Some(THESIS_GENERATIONS) => {
                    "the thesis's genetic algorithm: roulette selection, best-unit crossover, \
                     four mutations, weak elitism; stops after the thesis's 20,000 generations"
                }
                Some(_) => {
                    "the thesis's genetic algorithm: roulette selection, best-unit crossover, \
                     four mutations, weak elitism; stops at its own generation limit"
                }
            },
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

/// The parameters both genetic solvers share: panics unless the population has two
/// individuals and both rates lie in [0, 1].
fn check_population(population: usize, crossover_rate: f64, mutation_rate: f64) {
    assert!(population >= 2, "a population needs two individuals");
    for (name, rate) in [("crossover", crossover_rate), ("mutation", mutation_rate)] {
        assert!(
            (0.0..=1.0).contains(&rate),
            "the {name} rate must lie in [0, 1], got {rate}"
        );
    }
}

/// Where the clues and blanks lie, in the terms the operators need.
struct Layout {
    geometry: Arc<Geometry>,
    /// The puzzle's cells, 0 for a blank.
    clues: Vec<u8>,
    /// Every blank, ascending.
    blanks: Vec<usize>,
    /// The blanks of each house.
    house_blanks: Vec<Vec<usize>>,
    /// For each kind of swap (within a row, a column, a box or region), the houses with at
    /// least two blanks.
    swappable: [Vec<usize>; 3],
}

impl Layout {
    fn new(puzzle: &Grid) -> Layout {
        let geometry = puzzle.geometry().clone();
        let clues = puzzle.cells().to_vec();
        let is_blank = |cell: &usize| clues[*cell] == 0;
        let blanks = (0..clues.len()).filter(is_blank).collect();
        let house_blanks: Vec<Vec<usize>> = (0..geometry.house_count())
            .map(|house| {
                geometry
                    .house(house)
                    .iter()
                    .copied()
                    .filter(is_blank)
                    .collect()
            })
            .collect();
        let swappable = [
            geometry.houses_of_kind(UnitKind::Row),
            geometry.houses_of_kind(UnitKind::Column),
            geometry.region_houses(),
        ]
        .map(|houses| {
            houses
                .filter(|&house| house_blanks[house].len() >= 2)
                .collect()
        });
        Layout {
            geometry,
            clues,
            blanks,
            house_blanks,
            swappable,
        }
    }

    /// The puzzle with every blank filled by a uniform random digit.
    fn random_individual(&self, rng: &mut StdRng) -> Scored {
        let size = self.geometry.size() as u8;
        let mut cells = self.clues.clone();
        for &cell in &self.blanks {
            cells[cell] = rng.random_range(1..=size);
        }
        Scored::new(&self.geometry, cells)
    }

    /// Crosses `a` and `b`: `by_boxes` takes the better box (or region) of the two in every
    /// box, `by_lines` the better row in every row or the better column in every column (a fair
    /// coin decides). Each of these kinds partitions the board; the diagonals, which do not,
    /// only count in the cost.
    fn crossover(
        &self,
        rng: &mut StdRng,
        (a, b): (&Scored, &Scored),
        by_boxes: &mut Scored,
        by_lines: &mut Scored,
    ) {
        let lines = if rng.random_bool(0.5) {
            UnitKind::Row
        } else {
            UnitKind::Column
        };
        let boxes = self.geometry.region_houses();
        for (child, houses) in [
            (by_boxes, boxes),
            (by_lines, self.geometry.houses_of_kind(lines)),
        ] {
            child.copy_from(a);
            for house in houses {
                if b.repeats(house) < a.repeats(house) {
                    child.copy_cells_from(b, &self.house_blanks[house]);
                }
            }
            child.recount(&self.geometry);
        }
    }

    /// One mutation of a kind drawn uniformly; false when that kind has nothing to act on.
    fn mutate(&self, rng: &mut StdRng, child: &mut Scored) -> bool {
        match rng.random_range(0..4) {
            kind @ 0..3 => {
                let houses = &self.swappable[kind];
                if houses.is_empty() {
                    return false;
                }
                let blanks = &self.house_blanks[houses[rng.random_range(0..houses.len())]];
                let first = rng.random_range(0..blanks.len());
                let mut second = rng.random_range(0..blanks.len() - 1);
                if second >= first {
                    second += 1;
                }
                child.swap(&self.geometry, blanks[first], blanks[second]);
            }
            _ => {
                if self.blanks.is_empty() {
                    return false;
                }
                let cell = self.blanks[rng.random_range(0..self.blanks.len())];
                let old = child.cells()[cell];
                let mut value = rng.random_range(1..self.geometry.size() as u8);
                if value >= old {
                    value += 1;
                }
                child.set(&self.geometry, cell, value);
            }
        }
        true
    }
}

/// The roulette wheel of one generation: cumulative fitness `max(Fo)·k − Fo_i`.
struct Wheel {
    cumulative: Vec<f64>,
}

impl Wheel {
    fn spin_up(&mut self, population: &[Scored], k: f64) {
        let worst = population.iter().map(Scored::cost).max().unwrap_or(0) as f64;
        let mut total = 0.0;
        self.cumulative.clear();
        for individual in population {
            total += worst * k - individual.cost() as f64;
            self.cumulative.push(total);
        }
    }

    /// An index drawn with chance proportional to its fitness.
    fn draw(&self, rng: &mut StdRng) -> usize {
        let total = *self.cumulative.last().expect("a population");
        let point = rng.random::<f64>() * total;
        let index = self.cumulative.partition_point(|&sum| sum <= point);
        index.min(self.cumulative.len() - 1)
    }
}

/// One solve: the population and everything counted about it.
struct Run<'p> {
    params: &'p GeneticParams,
    layout: Layout,
    rng: StdRng,
    /// The current population in `[..params.population]`; one spare slot when the population is
    /// odd, where the dropped second child of the last pair is written.
    population: Vec<Scored>,
    next: Vec<Scored>,
    wheel: Wheel,
    record: Record,
    evaluations: u64,
    crossovers: u64,
    mutations: u64,
    elitist_replacements: u64,
}

impl<'p> Run<'p> {
    fn new(params: &'p GeneticParams, puzzle: &Grid, seed: u64) -> Run<'p> {
        let layout = Layout::new(puzzle);
        let mut rng = StdRng::seed_from_u64(seed);
        let size = params.population;
        let mut population: Vec<Scored> = (0..size)
            .map(|_| layout.random_individual(&mut rng))
            .collect();
        if size % 2 == 1 {
            population.push(population[0].clone());
        }
        let record = Record::start(&population[..size]);
        Run {
            params,
            layout,
            rng,
            next: population.clone(),
            population,
            wheel: Wheel {
                cumulative: Vec::with_capacity(size),
            },
            record,
            evaluations: size as u64,
            crossovers: 0,
            mutations: 0,
            elitist_replacements: 0,
        }
    }

    /// Breeds generations until a solution, the budget's end or the generation limit, showing
    /// `watch` each generation's fittest.
    fn evolve(&mut self, budget: &Budget, mut watch: Watch<'_>) -> Ending {
        let size = self.params.population;
        show_fittest(&self.population[..size], &mut watch);
        loop {
            if let Some(ending) = self.record.ending(budget, self.params.max_generations) {
                return ending;
            }
            self.generation();
            show_fittest(&self.population[..size], &mut watch);
        }
    }

    fn generation(&mut self) {
        let size = self.params.population;
        let current = &self.population[..size];
        self.wheel.spin_up(current, self.params.k);
        let mut beaten = false;
        for pair in (0..size).step_by(2) {
            let a = &current[self.wheel.draw(&mut self.rng)];
            let b = &current[self.wheel.draw(&mut self.rng)];
            let (left, right) = self.next.split_at_mut(pair + 1);
            let (first, second) = (&mut left[pair], &mut right[0]);
            if self.rng.random_bool(self.params.crossover_rate) {
                self.layout.crossover(&mut self.rng, (a, b), first, second);
                self.crossovers += 1;
                self.evaluations += 2;
            } else {
                first.copy_from(a);
                second.copy_from(b);
            }
            for child in [&mut *first, &mut *second] {
                if self.rng.random_bool(self.params.mutation_rate)
                    && self.layout.mutate(&mut self.rng, child)
                {
                    self.mutations += 1;
                }
            }
            let parents = a.cost().min(b.cost());
            beaten |= first.cost() < parents || (pair + 1 < size && second.cost() < parents);
        }
        if !beaten {
            let worst = (0..size)
                .max_by_key(|&i| self.next[i].cost())
                .expect("a population");
            let previous_best = &self.population[fittest(&self.population[..size])];
            self.next[worst].copy_from(previous_best);
            self.elitist_replacements += 1;
        }
        std::mem::swap(&mut self.population, &mut self.next);
        self.record.bred(&self.population[..size]);
    }

    fn outcome(self, puzzle: &Grid, ending: Ending) -> Outcome {
        let mut counters = Counters::default();
        counters.add("evaluations", self.evaluations);
        counters.add("crossovers", self.crossovers);
        counters.add("mutations", self.mutations);
        counters.add("elitist_replacements", self.elitist_replacements);
        self.record.outcome(puzzle, ending, counters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Shape, StopReason, Verdict, missing_digits, verify_solution};
    use sudoku_generate::base_pattern;

    /// `solution` with `blanks` cells emptied, chosen by `rng`.
    pub(crate) fn blanked(solution: &Grid, blanks: usize, rng: &mut StdRng) -> Grid {
        let mut puzzle = solution.clone();
        while puzzle.cells().iter().filter(|&&v| v == 0).count() < blanks {
            let cell = rng.random_range(0..puzzle.cells().len());
            puzzle.set(cell, 0);
        }
        puzzle
    }

    /// A solved board of every classic shape, then of every variant board of
    /// [`crate::variants`] (diagonal, jigsaw and jigsaw-diagonal, 6×6 and 9×9), named.
    pub(crate) fn solved_boards() -> Vec<(String, Grid)> {
        let classic = Shape::ALL
            .into_iter()
            .map(|shape| (shape.to_string(), base_pattern(shape)));
        let variants = sudoku_kit::variant_boards::solutions()
            .into_iter()
            .map(|(name, grid)| (name.to_string(), grid));
        classic.chain(variants).collect()
    }

    #[test]
    fn the_kept_cost_matches_a_plain_recount() {
        let mut rng = StdRng::seed_from_u64(1);
        for (name, solution) in solved_boards() {
            let geometry = solution.geometry();
            let puzzle = blanked(&solution, solution.cells().len() / 2, &mut rng);
            let layout = Layout::new(&puzzle);
            assert_eq!(missing_digits(geometry, solution.cells()), 0, "{name}");
            for _ in 0..20 {
                let mut individual = layout.random_individual(&mut rng);
                assert_eq!(
                    individual.cost(),
                    missing_digits(geometry, individual.cells()),
                    "{name}"
                );
                for _ in 0..50 {
                    layout.mutate(&mut rng, &mut individual);
                    assert_eq!(
                        individual.cost(),
                        missing_digits(geometry, individual.cells()),
                        "{name}"
                    );
                }
            }
        }
    }

    #[test]
    fn crossover_and_mutation_never_touch_a_clue() {
        let mut rng = StdRng::seed_from_u64(2);
        for (name, solution) in solved_boards() {
            let cells = solution.cells().len();
            for blanks in [1, cells / 4, cells * 3 / 4] {
                let puzzle = blanked(&solution, blanks, &mut rng);
                let layout = Layout::new(&puzzle);
                let mut a = layout.random_individual(&mut rng);
                let mut b = layout.random_individual(&mut rng);
                let (mut c, mut d) = (a.clone(), b.clone());
                for _ in 0..100 {
                    layout.crossover(&mut rng, (&a, &b), &mut c, &mut d);
                    layout.mutate(&mut rng, &mut c);
                    layout.mutate(&mut rng, &mut d);
                    for child in [&c, &d] {
                        for (cell, &clue) in puzzle.cells().iter().enumerate() {
                            assert!(clue == 0 || child.cells()[cell] == clue, "{name}");
                        }
                        assert_eq!(
                            child.cost(),
                            missing_digits(puzzle.geometry(), child.cells()),
                            "{name}"
                        );
                    }
                    (a, b, c, d) = (c, d, a, b);
                }
            }
        }
    }

    /// Each mutating swap exchanges two blanks of one row, one column, or one box or region:
    /// never two cells that share only a diagonal, or no house at all.
    #[test]
    fn a_swap_stays_within_a_row_a_column_or_a_region() {
        let mut rng = StdRng::seed_from_u64(7);
        for (name, solution) in solved_boards() {
            let geometry = solution.geometry();
            let puzzle = blanked(&solution, solution.cells().len() / 2, &mut rng);
            let layout = Layout::new(&puzzle);
            let mut individual = layout.random_individual(&mut rng);
            for _ in 0..200 {
                let before = individual.cells().to_vec();
                layout.mutate(&mut rng, &mut individual);
                let changed: Vec<usize> = (0..before.len())
                    .filter(|&c| before[c] != individual.cells()[c])
                    .collect();
                if let [a, b] = changed[..] {
                    let n = geometry.size();
                    let same_row = a / n == b / n;
                    let same_column = a % n == b % n;
                    let same_region = geometry.region_of(a) == geometry.region_of(b);
                    assert!(same_row || same_column || same_region, "{name}: {a}, {b}");
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_run() {
        let mut rng = StdRng::seed_from_u64(3);
        let puzzle = blanked(&base_pattern(Shape::S9), 40, &mut rng);
        let budget = Budget::solve().with_seed(11).with_max_iterations(300);
        let mut solver = Genetic::default();
        let first = solver.solve(&puzzle, &budget);
        assert_eq!(first, solver.solve(&puzzle, &budget));
        assert!(first.counters.generations > 0);
    }

    #[test]
    fn a_work_cap_stops_at_the_cap_with_an_honest_attempt() {
        let mut rng = StdRng::seed_from_u64(4);
        for shape in [Shape::S9, Shape::S16] {
            let puzzle = blanked(&base_pattern(shape), shape.cell_count() * 2 / 3, &mut rng);
            for cap in [1, 7, 50] {
                let budget = Budget::solve().with_max_iterations(cap);
                let outcome = Genetic::default().solve(&puzzle, &budget);
                assert_eq!(outcome.verdict, Verdict::GaveUp(StopReason::IterationCap));
                assert_eq!(outcome.counters.generations, cap);
                let attempt = outcome.best_attempt.expect("an attempt");
                assert_eq!(
                    attempt.cost,
                    missing_digits(puzzle.geometry(), attempt.grid.cells())
                );
                assert_eq!(outcome.convergence.best(), Some(attempt.cost));
            }
        }
    }

    #[test]
    fn the_generation_limit_is_a_search_exhausted() {
        let mut rng = StdRng::seed_from_u64(5);
        let puzzle = blanked(&base_pattern(Shape::S16), 200, &mut rng);
        let solver = &mut Genetic::with(GeneticParams {
            max_generations: Some(5),
            ..GeneticParams::default()
        });
        let outcome = solver.solve(&puzzle, &Budget::solve());
        assert_eq!(
            outcome.verdict,
            Verdict::GaveUp(StopReason::SearchExhausted)
        );
        assert_eq!(outcome.counters.generations, 5);
    }

    #[test]
    fn solves_an_easy_4x4_and_an_easy_9x9() {
        // The solution of the conformance corpus's first 9×9 puzzle, 12 of its cells blanked.
        let nine = Grid::parse(
            "857461923392587416641932578184629357735814692\
             269375841523748169916253784478196235",
        )
        .unwrap();
        let mut rng = StdRng::seed_from_u64(6);
        let puzzles = [
            Grid::parse("...43.....23....").unwrap(),
            blanked(&nine, 12, &mut rng),
        ];
        for puzzle in puzzles {
            for seed in 0..3 {
                let budget = Budget::solve().with_seed(seed);
                let outcome = Genetic::default().solve(&puzzle, &budget);
                assert!(outcome.is_solved(), "{puzzle}: {}", outcome.verdict);
                assert_eq!(verify_solution(&puzzle, &outcome.solutions[0]), Ok(()));
                assert_eq!(outcome.convergence.best(), Some(0));
            }
        }
    }
}
