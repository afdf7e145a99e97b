//! Criterion benches: every registered solver on the named boards and on a small seeded sample
//! of each public dataset found at `../shared/datasets/` (missing files are skipped).
//!
//! Bench ids are `<solver>/<dataset>/<puzzle>`, so `cargo bench --bench solvers -- naive` runs
//! one solver. Each puzzle is first solved once with a budget; one that gives up, or takes more
//! than [`SLOW`], is left out (and said so on stderr), so a slow solver cannot stall the run.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use sudoku_catalog::{Dataset, Puzzle};
use sudoku_core::{Budget, Verdict, solve_checked};

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

fn budget_for(caps: &sudoku_core::Capabilities) -> Budget {
    let limit = if caps.counts_solutions { 2 } else { 1 };
    let mut budget = Budget::count(limit).with_seed(1);
    if caps.stochastic {
        budget.max_iterations = Some(10_000_000);
    }
    budget
}

fn benches(c: &mut Criterion) {
    let datasets = datasets();
    for registered in sudoku_registry::registry() {
        let id = registered.info.id;
        let mut solver = (registered.make)();
        let budget = budget_for(&registered.info.capabilities);
        let mut group = c.benchmark_group(id);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for dataset in &datasets {
            for puzzle in &dataset.puzzles {
                let checked = budget.clone().with_deadline(Instant::now() + SLOW);
                let started = Instant::now();
                let outcome = solve_checked(solver.as_mut(), &puzzle.grid, &checked);
                let took = started.elapsed();
                if outcome.verdict != Verdict::Solved || took > SLOW {
                    eprintln!(
                        "{id}/{}/{}: skipped ({}, {took:?})",
                        dataset.name, puzzle.id, outcome.verdict
                    );
                    continue;
                }
                group.bench_function(format!("{}/{}", dataset.name, puzzle.id), |b| {
                    b.iter(|| solver.solve(black_box(&puzzle.grid), black_box(&budget)))
                });
            }
        }
        group.finish();
    }
}

criterion_group!(solvers, benches);
criterion_main!(solvers);
