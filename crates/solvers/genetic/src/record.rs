//! What a genetic run keeps of its past, kept the same way by both genetic solvers: the best
//! individual ever, how its cost fell, the generations bred, and how the run ends.

use sudoku_core::{Attempt, Budget, Convergence, Counters, Grid, Outcome, SearchEvent, StopReason};

use crate::eval::Scored;

/// How a run ended.
pub(crate) enum Ending {
    Solved,
    Stopped(StopReason),
}

/// The best individual a run has held, the convergence of its cost, and the generations bred.
pub(crate) struct Record {
    best: Scored,
    convergence: Convergence,
    pub(crate) generations: u64,
}

impl Record {
    /// A run's record at generation 0: the fittest of its first population.
    pub(crate) fn start(population: &[Scored]) -> Record {
        let best = population[fittest(population)].clone();
        let mut convergence = Convergence::default();
        convergence.record(0, best.cost());
        Record {
            best,
            convergence,
            generations: 0,
        }
    }

    /// A generation was bred into `population`: counts it and offers its fittest, whose cost
    /// it returns.
    pub(crate) fn bred(&mut self, population: &[Scored]) -> u64 {
        self.generations += 1;
        let fittest = &population[fittest(population)];
        self.offer(fittest);
        fittest.cost()
    }

    /// Keeps `candidate` when it is cheaper than the best so far, noting the improvement.
    pub(crate) fn offer(&mut self, candidate: &Scored) {
        if candidate.cost() < self.best.cost() {
            self.best.copy_from(candidate);
            self.convergence.record(self.generations, candidate.cost());
        }
    }

    /// Why the run must end before another generation, if it must: a solution, the budget, or
    /// the generation limit of its parameters.
    pub(crate) fn ending(&self, budget: &Budget, max_generations: Option<u64>) -> Option<Ending> {
        if self.best.cost() == 0 {
            return Some(Ending::Solved);
        }
        if let Err(reason) = budget.check(self.generations) {
            return Some(Ending::Stopped(reason));
        }
        max_generations
            .is_some_and(|limit| self.generations >= limit)
            .then_some(Ending::Stopped(StopReason::SearchExhausted))
    }

    /// The run's outcome: solved, or given up at the best individual and its cost; its
    /// `generations` counter set from the record, its convergence attached.
    pub(crate) fn outcome(self, puzzle: &Grid, ending: Ending, mut counters: Counters) -> Outcome {
        counters.generations = self.generations;
        let grid = puzzle
            .with_cells(self.best.cells().to_vec())
            .expect("individuals hold digits of the board");
        let outcome = match ending {
            Ending::Solved => Outcome::from_search(None, vec![grid], 1, counters),
            Ending::Stopped(reason) => Outcome::gave_up_at(
                reason,
                Attempt {
                    grid,
                    cost: self.best.cost(),
                },
                counters,
            ),
        };
        outcome.with_convergence(self.convergence)
    }
}

/// A watched run's watcher: it hears of each generation's fittest individual.
pub(crate) type Watch<'w> = Option<&'w mut dyn FnMut(SearchEvent<'_>)>;

/// Tells `watch` (if any) of the fittest of `population`, as a whole board with its cost: one
/// event per generation, the first for the initial population.
pub(crate) fn show_fittest(population: &[Scored], watch: &mut Watch<'_>) {
    if let Some(watch) = watch.as_deref_mut() {
        let best = &population[fittest(population)];
        watch(SearchEvent::Fill {
            cells: best.cells(),
            cost: best.cost(),
        });
    }
}

/// The index of the lowest cost (the first, on a tie).
pub(crate) fn fittest(population: &[Scored]) -> usize {
    (0..population.len())
        .min_by_key(|&i| population[i].cost())
        .expect("a population")
}
