//! What `rate` costs a puzzle, by set: every rating of a puzzle (the thesis's scale, Sudoku
//! Explainer's, HoDoKu's level and score) from its clues, as `sudoku-bench rate` computes them.
//! `cargo bench -p sudoku-human --bench rate`; the throughput line reads as puzzles a second.
//!
//! The puzzles are the first [`SAMPLE`] of each public set found beside the checkout (none are
//! copied here); without them only the named boards are measured.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::Grid;

/// Puzzles taken from the start of each public set.
const SAMPLE: usize = 100;

fn sets() -> Vec<(String, Vec<Grid>)> {
    let named = sudoku_catalog::named_dataset();
    let mut sets = vec![(
        "named".to_string(),
        named.puzzles.iter().map(|p| p.grid.clone()).collect(),
    )];
    let Some(dir) = sudoku_catalog::public_datasets_dir() else {
        eprintln!("no shared/datasets folder found: public sets skipped");
        return sets;
    };
    for name in sudoku_catalog::PUBLIC_DATASETS {
        match sudoku_catalog::read_file(&dir.join(name)) {
            Ok(dataset) => sets.push((
                name.to_string(),
                dataset
                    .puzzles
                    .into_iter()
                    .take(SAMPLE)
                    .map(|p| p.grid)
                    .collect(),
            )),
            Err(error) => eprintln!("skipping {name}: {error}"),
        }
    }
    sets
}

fn rate(c: &mut Criterion) {
    let mut group = c.benchmark_group("rate");
    group.sample_size(10);
    for (name, puzzles) in sets() {
        let puzzles: Vec<Grid> = puzzles
            .into_iter()
            .filter(|grid| sudoku_human::rate(grid).is_ok())
            .collect();
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for grid in &puzzles {
                    black_box(sudoku_human::rate(black_box(grid)).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, rate);
criterion_main!(benches);
