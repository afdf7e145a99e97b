//! Building the programs apart from solving them: the thesis's model and the presolved one on
//! the named boards. `cargo bench -p sudoku-ilp --bench model`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_ilp::Model;

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("ilp-model");
    group.sample_size(20);
    for puzzle in sudoku_catalog::named_dataset().puzzles {
        group.bench_function(format!("thesis/{}", puzzle.id), |b| {
            b.iter(|| Model::thesis(black_box(&puzzle.grid)))
        });
        group.bench_function(format!("presolved/{}", puzzle.id), |b| {
            b.iter(|| Model::presolved(black_box(&puzzle.grid)))
        });
    }
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
