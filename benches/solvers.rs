//! Criterion benches: every registered solver on the named boards and on a small seeded sample
//! of each public dataset found at `../shared/datasets/` (missing files are skipped).
//!
//! Bench ids are `<solver>/<dataset>/<puzzle>`, so `cargo bench --bench solvers -- naive` runs
//! one solver. Every solve goes through `sudoku_run::timed_solve` under the budget `bench` gives
//! (`sudoku_run::Policy`), so the figures measure what `bench` measures. Each puzzle is first
//! solved once; one that gives up, or takes more than [`SLOW`], is left out (and said so on
//! stderr), so a slow solver cannot stall the run.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use sudoku_catalog::{Dataset, Puzzle};
use sudoku_core::Verdict;
use sudoku_run::{Policy, RunOptions, timed_solve};

/// Puzzles drawn from each public dataset.
const SAMPLE: usize = 4;
/// A puzzle whose checked solve takes longer than this is not benched.
const SLOW: Duration = Duration::from_millis(100);

fn datasets() -> Vec<Dataset> {
    let mut out = vec![sudoku_catalog::named_dataset()];
    let Some(dir) = sudoku_catalog::public_datasets_dir() else {
        eprintln!("no shared/datasets folder found: public datasets skipped");
        return out;
    };
    let mut rng = StdRng::seed_from_u64(2026);
    for name in sudoku_catalog::PUBLIC_DATASETS {
        match sudoku_catalog::read_file(&dir.join(name)) {
            Ok(dataset) => {
                let puzzles: Vec<Puzzle> = dataset
                    .puzzles
                    .choose_multiple(&mut rng, SAMPLE)
                    .cloned()
                    .collect();
                out.push(Dataset {
                    name: name.into(),
                    puzzles,
                });
            }
            Err(error) => eprintln!("skipping {name}: {error}"),
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let datasets = datasets();
    // The budget rules of `bench`, one copy: by capability, with the default options.
    let options = RunOptions::default();
    for registered in sudoku_registry::registry() {
        let id = registered.id();
        let mut solver = registered.make();
        let policy = Policy::for_solver(&registered.info.capabilities, &options);
        let mut group = c.benchmark_group(id);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for dataset in &datasets {
            for puzzle in &dataset.puzzles {
                let (outcome, took) = timed_solve(solver.as_mut(), &puzzle.grid, &policy.budget(1));
                if outcome.verdict != Verdict::Solved || took > SLOW {
                    eprintln!(
                        "{id}/{}/{}: skipped ({}, {took:?})",
                        dataset.name, puzzle.id, outcome.verdict
                    );
                    continue;
                }
                // Criterion decides how many solves; each is timed by `bench`'s own path.
                group.bench_function(format!("{}/{}", dataset.name, puzzle.id), |b| {
                    b.iter_custom(|solves| {
                        (0..solves)
                            .map(|_| {
                                let budget = policy.budget(1);
                                timed_solve(solver.as_mut(), black_box(&puzzle.grid), &budget).1
                            })
                            .sum()
                    })
                });
            }
        }
        group.finish();
    }
}

criterion_group!(solvers, benches);
criterion_main!(solvers);
