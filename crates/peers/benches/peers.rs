//! Criterion bench: uniqueness-checking solves of the public datasets, one group per dataset,
//! bitmask and (with `--features peers`) the `sudoku` crate on the same lines.
//!
//! `cargo bench -p sudoku-peers --features peers`
//!
//! Each iteration solves a fixed sample of the dataset (its first 2,000 lines at most), so the
//! reported throughput is in puzzles. Without the public datasets the bench says so and exits.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_catalog::PUBLIC_DATASETS;
use sudoku_peers::{Contender, dataset_lines};

const SAMPLE: usize = 2000;

fn peers(c: &mut Criterion) {
    for name in PUBLIC_DATASETS {
        let lines = match dataset_lines(name) {
            Ok(lines) => lines,
            Err(error) => {
                eprintln!("{name}: skipped ({error})");
                continue;
            }
        };
        let sample = &lines[..lines.len().min(SAMPLE)];
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.sample_size(10);
        for mut contender in Contender::all() {
            let id = BenchmarkId::from_parameter(contender.name());
            group.bench_function(id, |b| b.iter(|| contender.pass(sample, 1)));
        }
        group.finish();
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
