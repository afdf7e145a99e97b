//! Naive backtracking's raw speed: iterations per second on the documents' hardest board.
//!
//! Criterion's throughput line reads directly as iterations/s (`Gelem/s` = billions of
//! iterations per second). The 2009 program managed about 10.7 million/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::Budget;
use sudoku_naive::Naive;
use sudoku_run::timed_solve;

fn near_worst_case(c: &mut Criterion) {
    let board = sudoku_catalog::named_board("near-worst-case").expect("catalogued");
    let puzzle = board.grid();
    let iterations = timed_solve(&mut Naive, &puzzle, &Budget::solve())
        .0
        .counters
        .iterations;
    assert_eq!(Some(iterations), board.published_iterations);
    let mut group = c.benchmark_group("naive");
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations));
    // Each solve timed by the path `bench` uses, its verification outside the timing.
    group.bench_function("near-worst-case", |b| {
        b.iter_custom(|solves| {
            (0..solves)
                .map(|_| timed_solve(&mut Naive, std::hint::black_box(&puzzle), &Budget::solve()).1)
                .sum()
        })
    });
    group.finish();
}

criterion_group!(benches, near_worst_case);
criterion_main!(benches);
