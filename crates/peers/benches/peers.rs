//! Criterion bench: uniqueness-checking solves of the public datasets and of the project's
//! multi-solution set, one group per set, bitmask and (with `--features peers`) the `sudoku`
//! crate on the same puzzles, every solve timed by `sudoku_run::timed_solve`.
//!
//! `cargo bench -p sudoku-peers --features peers`
//!
//! Each iteration solves a fixed sample of the set (its first 2,000 puzzles at most), so the
//! reported throughput is in puzzles per second. Before a set is timed, each contender's guesses
//! per puzzle on the sample are printed when it counts them (criterion measures time only), and a contender that
//! answers any puzzle wrongly stops the bench. A public dataset that is missing is skipped.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::Grid;
use sudoku_peers::{contenders, pass_expecting, read_set, set_names};

const SAMPLE: usize = 2000;

/// A set to time, with the solutions a uniqueness-checking solve must report on it.
struct Set {
    name: &'static str,
    puzzles: Result<Vec<Grid>, String>,
    expected: u64,
}

fn sets() -> Vec<Set> {
    set_names()
        .map(|name| {
            let (puzzles, expected) = read_set(name);
            Set {
                name,
                puzzles,
                expected,
            }
        })
        .collect()
}

fn peers(c: &mut Criterion) {
    for Set {
        name,
        puzzles,
        expected,
    } in sets()
    {
        let puzzles = match puzzles {
            Ok(puzzles) => puzzles,
            Err(error) => {
                eprintln!("{name}: skipped ({error})");
                continue;
            }
        };
        let sample = &puzzles[..puzzles.len().min(SAMPLE)];
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.sample_size(10);
        for contender in contenders() {
            let first = pass_expecting(&contender, sample, expected);
            assert_eq!(
                first.failures,
                0,
                "{} answered wrongly on {name}",
                contender.id()
            );
            if contender.info.capabilities.reports_guesses {
                println!(
                    "{name}/{}: {:.2} guesses per puzzle over {} puzzles",
                    contender.id(),
                    first.guesses as f64 / sample.len() as f64,
                    sample.len()
                );
            }
            let id = BenchmarkId::from_parameter(contender.id());
            group.bench_function(id, |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| pass_expecting(&contender, sample, expected).time)
                        .sum()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
