//! [`GeneticTuned`]: a hybrid evolutionary search over partial boards, Galinier and Hao's
//! scheme for graph colouring read on Sudoku.
//!
//! See the crate documentation for the algorithm, its parameters and what each choice gained.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, Family, Grid, NotWatchable, Outcome, SearchEvent,
    Solver, SolverInfo, StopReason,
};
use sudoku_local::partial::{Partial, first_board};
use sudoku_local::{Best, Domain, PartialCol, TabuTunedParams, after_propagation};

/// The tuned genetic algorithm's parameters (see the crate documentation for what each gained).
#[derive(Clone, Debug, PartialEq)]
pub struct GeneticTunedParams {
    /// Individuals in the population (at least 2). Default 10, Galinier and Hao's.
    pub population: usize,
    /// Tabu steps without a new lowest cost after which a new individual's local improvement
    /// ends, the first population's and every child's (0: none). Default 5,000.
    pub local_steps: u64,
    /// The tabu search's tenures: `tabu-tuned`'s defaults.
    pub tenure: TabuTunedParams,
    /// Generations (children bred) after which the search gives up
    /// ([`StopReason::SearchExhausted`]). Default 100,000: past the suite's 10 s an attempt on
    /// the boards measured, so there the budget decides; soon reached on a board propagation
    /// proves unsolvable, where a generation is one crossover.
    pub max_generations: u64,
}

impl Default for GeneticTunedParams {
    fn default() -> GeneticTunedParams {
        GeneticTunedParams {
            population: std::env::var("HEA_POP")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(10),
            local_steps: std::env::var("HEA_L")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(2_000),
            tenure: TabuTunedParams::default(),
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
    /// Panics if the population is below 2.
    pub fn with(params: GeneticTunedParams) -> GeneticTuned {
        assert!(
            params.population >= 2,
            "a population needs at least 2 individuals, got {}",
            params.population
        );
        GeneticTuned { params }
    }

    pub fn params(&self) -> &GeneticTunedParams {
        &self.params
    }

    fn run(&self, puzzle: &Grid, budget: &Budget, watch: impl FnMut(SearchEvent<'_>)) -> Outcome {
        after_propagation(puzzle, watch, |domain, counters, watch| {
            Run::new(&self.params, domain, budget, counters).evolve(watch)
        })
    }
}

impl Solver for GeneticTuned {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "genetic-tuned",
            family: Family::Evolutionary,
            description: "a hybrid evolutionary search: singles placed first, boards that never \
                          break a rule, each digit's cells taken from one parent or the other, \
                          every child improved by tabu search",
            capabilities: Capabilities::incomplete(ALL_SIZES)
                .stochastic()
                .on_every_variant()
                .work_counter("generations"),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// The cells propagation places (as forced), then each new individual, the first
    /// population's and every child, as a whole board (its empty cells 0) with its cost.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, watch))
    }
}

/// Priced moves between two budget checks inside a local improvement.
const CHECK_EVERY: u64 = 1 << 12;

/// One solve: the population, the best board ever held, and everything counted.
struct Run<'a> {
    params: &'a GeneticTunedParams,
    domain: &'a Domain,
    budget: &'a Budget,
    rng: StdRng,
    tabu: PartialCol<'a>,
    counters: Counters,
    /// The free cells: where a child takes its digits from its parents.
    free: Vec<usize>,
    /// The priced move count at which the budget is next checked.
    next_check: u64,
    /// Propagation proved the puzzle has no solution: no local improvement.
    contradiction: bool,
}

impl<'a> Run<'a> {
    fn new(
        params: &'a GeneticTunedParams,
        domain: &'a Domain,
        budget: &'a Budget,
        counters: Counters,
    ) -> Run<'a> {
        let free = (domain.board.cells().iter().enumerate())
            .filter(|&(_, &digit)| digit == 0)
            .map(|(cell, _)| cell)
            .collect();
        let contradiction = counters.get("contradictions") > 0;
        Run {
            params,
            domain,
            budget,
            rng: StdRng::seed_from_u64(budget.seed),
            tabu: PartialCol::new(params.tenure.clone(), domain),
            counters,
            free,
            next_check: 0,
            contradiction,
        }
    }

    /// Breeds children until a solution, the budget's end or the generation limit.
    fn evolve(mut self, mut watch: impl FnMut(SearchEvent<'_>)) -> Outcome {
        let (mut board, mut best) = first_board(self.domain, &mut self.rng, &mut |_| {});
        let mut population = Vec::with_capacity(self.params.population);
        loop {
            if let Err(reason) = self.improve(&mut board, &mut best) {
                return self.finish(best, Some(reason));
            }
            show(&board, &mut watch);
            if board.is_complete() {
                return self.finish(best, None);
            }
            population.push(board.clone());
            if population.len() == self.params.population {
                break;
            }
            board = Partial::new(board.geometry(), &self.domain.board);
            board.fill_greedily(self.domain, &mut self.rng, &mut |_| {});
            best.offer_board(board.cells(), board.cost(), 0);
        }
        loop {
            let generations = self.counters.generations;
            if let Err(reason) = self.budget.check(generations) {
                return self.finish(best, Some(reason));
            }
            if generations >= self.params.max_generations {
                return self.finish(best, Some(StopReason::SearchExhausted));
            }
            let first = self.rng.random_range(0..population.len());
            let mut second = self.rng.random_range(0..population.len() - 1);
            if second >= first {
                second += 1;
            }
            let mut child = self.crossover(&population[first], &population[second]);
            self.counters.generations += 1;
            best.offer_board(child.cells(), child.cost(), self.counters.generations);
            if let Err(reason) = self.improve(&mut child, &mut best) {
                return self.finish(best, Some(reason));
            }
            show(&child, &mut watch);
            if child.is_complete() {
                return self.finish(best, None);
            }
            // The child takes the place of the worse of its parents.
            let worse = if population[first].cost() >= population[second].cost() {
                first
            } else {
                second
            };
            population[worse] = child;
        }
    }

    /// A child of `a` and `b`: for each digit in turn, the cells holding it in one parent,
    /// the parents taking turns (the first drawn at random), each turn the digit that fills
    /// the most cells still empty in the child. Each digit comes from one parent, whose cells
    /// holding it clash with no cell, so the child breaks no rule either; cells neither turn
    /// fills stay empty.
    fn crossover(&mut self, a: &Partial<'a>, b: &Partial<'a>) -> Partial<'a> {
        let n = self.domain.board.size();
        let mut parents = [a, b];
        parents.shuffle(&mut self.rng);
        let mut child = Partial::new(a.geometry(), &self.domain.board);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(&mut self.rng);
        let mut counts = vec![0usize; n + 1];
        for turn in 0..n {
            let parent = parents[turn % 2].cells();
            counts.fill(0);
            for &cell in &self.free {
                if child.cells()[cell] == 0 {
                    counts[usize::from(parent[cell])] += 1;
                }
            }
            // The first of the most filling digits left, in the shuffled order.
            let (index, &digit) = (digits.iter().enumerate())
                .rev()
                .max_by_key(|&(_, &digit)| counts[usize::from(digit)])
                .expect("a digit is left each turn");
            digits.remove(index);
            for &cell in &self.free {
                if child.cells()[cell] == 0 && parent[cell] == digit {
                    child.place(cell, digit);
                }
            }
        }
        child
    }

    /// Tabu steps from `board` until [`GeneticTunedParams::local_steps`] of them in a row find
    /// no lower cost; `board` then becomes the lowest they reached, and each new lowest board is
    /// offered to `best`. None when propagation proved the puzzle has no solution: nothing to
    /// improve towards.
    fn improve(&mut self, board: &mut Partial<'a>, best: &mut Best) -> Result<(), StopReason> {
        if self.contradiction {
            return Ok(());
        }
        self.tabu.forget();
        let mut lowest = board.clone();
        let (budget, generations) = (self.budget, self.counters.generations);
        let next_check = &mut self.next_check;
        let mut stop = |moves: u64| {
            if moves < *next_check {
                return Ok(());
            }
            *next_check = moves + CHECK_EVERY;
            budget.check(generations)
        };
        let mut stale = 0;
        while stale < self.params.local_steps {
            stale += 1;
            if board.is_complete() {
                break;
            }
            let made = self.tabu.step(
                board,
                lowest.cost(),
                &mut self.counters,
                &mut self.rng,
                &mut stop,
            )?;
            if made.is_none() {
                break;
            }
            if board.cost() < lowest.cost() {
                stale = 0;
                lowest.clone_from(board);
                best.offer_board(board.cells(), board.cost(), generations);
            }
        }
        *board = lowest;
        Ok(())
    }

    /// The outcome: solved when `stopped` is `None`, else given up at the best board.
    fn finish(self, best: Best, stopped: Option<StopReason>) -> Outcome {
        match stopped {
            None => best.solved(self.counters),
            Some(reason) => best.gave_up(reason, self.counters),
        }
    }
}

/// Tells `watch` of a new individual: its board (empty cells 0) and its cost.
fn show(board: &Partial<'_>, watch: &mut impl FnMut(SearchEvent<'_>)) {
    watch(SearchEvent::Fill {
        cells: board.cells(),
        cost: board.cost(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{blanked, solved_boards};
    use sudoku_core::{
        Counters, Shape, Verdict, missing_digits, verify_keeps_clues, verify_solution,
    };
    use sudoku_generate::base_pattern;

    /// No house of `cells` holds a digit twice.
    fn breaks_no_rule(grid: &Grid, cells: &[u8]) -> bool {
        let geometry = grid.geometry();
        (0..geometry.house_count()).all(|house| {
            let mut seen = 0u64;
            geometry.house(house).iter().all(|&cell| {
                let bit = 1u64 << cells[cell];
                let fresh = cells[cell] == 0 || seen & bit == 0;
                seen |= bit;
                fresh
            })
        })
    }

    #[test]
    fn children_and_their_improvement_keep_the_clues_and_break_no_rule() {
        let mut rng = StdRng::seed_from_u64(2);
        let params = GeneticTunedParams {
            local_steps: 30,
            ..GeneticTunedParams::default()
        };
        for (name, solution) in solved_boards() {
            let cells = solution.cells().len();
            for blanks in [1, cells / 2, cells] {
                let puzzle = blanked(&solution, blanks, &mut rng);
                let Ok(domain) = Domain::propagated(&puzzle, &mut Counters::default()) else {
                    continue; // propagation solved it: no search
                };
                let budget = Budget::solve().with_seed(blanks as u64);
                let mut run = Run::new(&params, &domain, &budget, Counters::default());
                let (first, mut best) = first_board(&domain, &mut run.rng, &mut |_| {});
                let mut parents = [first.clone(), first];
                for _ in 0..20 {
                    let mut child = run.crossover(&parents[0], &parents[1]);
                    run.improve(&mut child, &mut best)
                        .expect("no budget to stop it");
                    let grid = puzzle.with_cells(child.cells().to_vec()).unwrap();
                    assert_eq!(verify_keeps_clues(&puzzle, &grid), Ok(()), "{name}");
                    assert!(breaks_no_rule(&puzzle, child.cells()), "{name}");
                    assert_eq!(
                        child.cost(),
                        missing_digits(puzzle.geometry(), child.cells()),
                        "{name}"
                    );
                    parents.swap(0, 1);
                    parents[0] = child;
                }
            }
        }
    }

    #[test]
    fn a_child_of_one_board_with_itself_is_that_board() {
        let mut rng = StdRng::seed_from_u64(4);
        let params = GeneticTunedParams::default();
        for (name, solution) in solved_boards() {
            let puzzle = blanked(&solution, solution.cells().len() / 2, &mut rng);
            let Ok(domain) = Domain::propagated(&puzzle, &mut Counters::default()) else {
                continue;
            };
            let budget = Budget::solve();
            let mut run = Run::new(&params, &domain, &budget, Counters::default());
            let (board, _) = first_board(&domain, &mut run.rng, &mut |_| {});
            let child = run.crossover(&board, &board);
            assert_eq!(child.cells(), board.cells(), "{name}");
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
    }

    #[test]
    fn a_work_cap_stops_at_the_cap_with_an_honest_attempt() {
        for puzzle in [
            sudoku_kit::dead_end(Shape::S9),
            sudoku_kit::dead_end(Shape::S16),
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
    fn a_deadline_stops_the_first_improvements() {
        // An empty 25×25 board: its first population alone outlasts a millisecond.
        let puzzle = Grid::empty(Shape::S25);
        let budget = Budget::solve().with_time_limit(std::time::Duration::from_millis(1));
        let outcome = GeneticTuned::default().solve(&puzzle, &budget);
        assert_eq!(outcome.verdict, Verdict::GaveUp(StopReason::Deadline));
        assert_eq!(outcome.counters.generations, 0);
        let attempt = outcome.best_attempt.expect("an attempt");
        assert!(breaks_no_rule(&puzzle, attempt.grid.cells()));
    }

    #[test]
    fn the_generation_limit_is_a_search_exhausted_never_unsolvable() {
        let solver = &mut GeneticTuned::with(GeneticTunedParams {
            max_generations: 5,
            ..GeneticTunedParams::default()
        });
        for puzzle in [
            sudoku_kit::dead_end(Shape::S9),
            sudoku_kit::dead_end(Shape::S16),
        ] {
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
