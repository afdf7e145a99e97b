//! A run as a list of solves, decided before any solve runs.

use anyhow::{Context, Result, bail};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_catalog::Dataset;
use sudoku_core::Registered;

use crate::options::RunOptions;
use crate::results::Phase;

/// One solve of a run, by position in the run's solver and dataset lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Task {
    pub solver: usize,
    pub dataset: usize,
    pub puzzle: usize,
    pub phase: Phase,
    /// 0 for the warm-up, 1.. for timed passes.
    pub rep: u32,
    pub seed: u64,
}

impl Task {
    /// Tasks of one batch may run in parallel: same solver, dataset, phase and pass.
    pub fn batch(&self) -> (usize, usize, Phase, u32) {
        (self.solver, self.dataset, self.phase, self.rep)
    }
}

/// Every solve of a run, in the order they run. Per solver × dataset: a stochastic solver runs
/// each puzzle with `seeds` seeds; any other runs a warm-up pass (answers validated, untimed for
/// the summaries) and then `reps` timed passes. Whether a timed pass still repeats a puzzle
/// (it gave up, or has used its time) is decided while executing, from the rows.
pub fn plan(solvers: &[Registered], datasets: &[Dataset], options: &RunOptions) -> Vec<Task> {
    let mut tasks = Vec::new();
    for (solver, registered) in solvers.iter().enumerate() {
        for (dataset, set) in datasets.iter().enumerate() {
            let puzzles = 0..set.puzzles.len();
            let task = |puzzle, phase, rep, seed| Task {
                solver,
                dataset,
                puzzle,
                phase,
                rep,
                seed,
            };
            if registered.info.capabilities.stochastic {
                for puzzle in puzzles {
                    for k in 0..u64::from(options.seeds.max(1)) {
                        tasks.push(task(puzzle, Phase::Timed, 1, options.seed.wrapping_add(k)));
                    }
                }
                continue;
            }
            tasks.extend(
                puzzles
                    .clone()
                    .map(|puzzle| task(puzzle, Phase::Warmup, 0, options.seed)),
            );
            for rep in 1..=options.reps {
                tasks.extend(
                    puzzles
                        .clone()
                        .map(|puzzle| task(puzzle, Phase::Timed, rep, options.seed)),
                );
            }
        }
    }
    tasks
}

/// Loads, trims, samples and orders the datasets the options name (by default the named
/// boards and the project's level sets, [`sudoku_catalog::default_specs`]).
pub fn prepare_datasets(options: &RunOptions) -> Result<Vec<Dataset>> {
    let specs = if options.datasets.is_empty() {
        sudoku_catalog::default_specs()
    } else {
        options.datasets.clone()
    };
    specs
        .iter()
        .map(|spec| {
            let dataset = sudoku_catalog::load(spec)
                .with_context(|| format!("cannot load dataset `{spec}`"))?;
            Ok(order(dataset, options))
        })
        .collect()
}

/// `limit` first, then `sample`, then a seeded shuffle (no solver benefits from a file's order),
/// then the shard's part: every shard draws the same sample and keeps its own puzzles of it.
fn order(mut dataset: Dataset, options: &RunOptions) -> Dataset {
    let mut rng = StdRng::seed_from_u64(options.seed);
    if let Some(n) = options.limit {
        dataset.puzzles.truncate(n);
    }
    if let Some(n) = options.sample {
        let n = n.min(dataset.puzzles.len());
        let mut picked: Vec<usize> =
            rand::seq::index::sample(&mut rng, dataset.puzzles.len(), n).into_vec();
        picked.sort_unstable();
        let all = std::mem::take(&mut dataset.puzzles);
        dataset.puzzles = picked.into_iter().map(|i| all[i].clone()).collect();
    }
    dataset.puzzles.shuffle(&mut rng);
    if let Some(shard) = options.shard {
        let name = dataset.name.clone();
        dataset
            .puzzles
            .retain(|puzzle| shard.holds(&name, &puzzle.id));
    }
    dataset
}

/// The entries of `registry` the options name (all when they name none), in registry order.
pub fn chosen_solvers(registry: Vec<Registered>, options: &RunOptions) -> Result<Vec<Registered>> {
    for id in &options.solvers {
        if !registry.iter().any(|r| r.id() == id) {
            let known: Vec<&str> = registry.iter().map(Registered::id).collect();
            bail!("no solver `{id}`; registered: {}", known.join(", "));
        }
    }
    Ok(registry
        .into_iter()
        .filter(|r| options.solvers.is_empty() || options.solvers.iter().any(|id| id == r.id()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Shard;

    #[test]
    fn shards_split_a_dataset_into_disjoint_parts_that_cover_it() {
        let ids = |options: &RunOptions| -> Vec<String> {
            let set = order(sudoku_catalog::load("9x9-easy").unwrap(), options);
            set.puzzles.into_iter().map(|p| p.id).collect()
        };
        let mut all = ids(&RunOptions::default());
        let mut seen: Vec<String> = (1..=3)
            .flat_map(|index| {
                ids(&RunOptions {
                    shard: Some(Shard { index, count: 3 }),
                    ..RunOptions::default()
                })
            })
            .collect();
        all.sort();
        seen.sort();
        assert_eq!(seen, all);
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sampling_is_seeded_and_within_limits() {
        let options = RunOptions {
            sample: Some(3),
            seed: 9,
            ..RunOptions::default()
        };
        let a = order(sudoku_catalog::named_dataset(), &options);
        let b = order(sudoku_catalog::named_dataset(), &options);
        let ids = |d: &Dataset| d.puzzles.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&a), ids(&b));
        assert_eq!(a.puzzles.len(), 3);
        let limited = order(
            sudoku_catalog::named_dataset(),
            &RunOptions {
                limit: Some(2),
                ..RunOptions::default()
            },
        );
        let mut got = ids(&limited);
        got.sort();
        let mut first_two: Vec<String> = sudoku_catalog::named_dataset().puzzles[..2]
            .iter()
            .map(|p| p.id.clone())
            .collect();
        first_two.sort();
        assert_eq!(got, first_two);
    }
}
