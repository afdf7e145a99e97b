//! Naive backtracking's raw speed: iterations per second on the documents' hardest board.
//!
//! Criterion's throughput line reads directly as iterations/s (`Gelem/s` = billions of
//! iterations per second). The 2009 program managed about 10.7 million/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::{Budget, Solver};
use sudoku_naive::Naive;

fn near_worst_case(c: &mut Criterion) {
    let board = sudoku_catalog::named_board("near-worst-case").expect("catalogued");
    let puzzle = board.grid();
    let iterations = Naive.solve(&puzzle, &Budget::solve()).counters.iterations;
    assert_eq!(Some(iterations), board.published_iterations);
    let mut group = c.benchmark_group("naive");
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations));
    group.bench_function("near-worst-case", |b| {
        b.iter(|| Naive.solve(std::hint::black_box(&puzzle), &Budget::solve()))
    });
    group.finish();
}

criterion_group!(benches, near_worst_case);
criterion_main!(benches);
