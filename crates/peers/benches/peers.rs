//! Criterion bench: uniqueness-checking solves of the public datasets, one group per dataset,
//! bitmask and (with `--features peers`) the `sudoku` crate on the same puzzles, every solve timed
//! by `sudoku_run::timed_solve`.
//!
//! `cargo bench -p sudoku-peers --features peers`
//!
//! Each iteration solves a fixed sample of the dataset (its first 2,000 puzzles at most), so the
//! reported throughput is in puzzles. Without the public datasets the bench says so and exits.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_catalog::PUBLIC_DATASETS;
use sudoku_peers::{contenders, dataset, pass};

const SAMPLE: usize = 2000;

fn peers(c: &mut Criterion) {
    for name in PUBLIC_DATASETS {
        let puzzles = match dataset(name) {
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
            let id = BenchmarkId::from_parameter(contender.id());
            group.bench_function(id, |b| {
                b.iter_custom(|iters| (0..iters).map(|_| pass(&contender, sample).time).sum())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
