//! Measures the generators: `cargo run --release -p sudoku-generate --example measure --
//! [SEEDS] [fill|checks|thesis|minimal|symmetric16]` (all but the last by default; SEEDS 50).
//!
//! Prints, for seeds 0..SEEDS of `StdRng`: the thesis generator's attempts per unique 9×9 puzzle
//! (median, min, max, time per attempt) under the default per-check work cap; the time per
//! strictly minimal puzzle for each symmetry on 9×9 and without symmetry on 12×12 and 16×16,
//! with the retry rate of symmetric carvings that were not strictly minimal and the repair
//! rounds spent; the time to fill random grids of each size; and the work of uncapped
//! uniqueness checks (what [`Limits::DEFAULT_CHECK_WORK`] is set against). `symmetric16` adds
//! 16×16 with 180° symmetry, minutes a puzzle. Times depend on the machine; counts do not.

use std::time::{Duration, Instant};

use rand::Rng;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Shape, Solver};
use sudoku_generate::{
    Limits, Symmetry, minimal_puzzle, random_grid, thesis_clue_range, thesis_clues, thesis_puzzle,
};

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args
        .first()
        .map_or(50, |s| s.parse().expect("a seed count"));
    let only = args.get(1).cloned().unwrap_or_default();
    let wanted = |section: &str| only.is_empty() || only == section;
    let mut counter = Bitmask::default();

    for shape in Shape::ALL.into_iter().filter(|_| wanted("fill")) {
        let started = Instant::now();
        let mut rng = StdRng::seed_from_u64(1);
        let fills = if shape == Shape::S25 { 200 } else { 1000 };
        for _ in 0..fills {
            random_grid(shape, &mut rng).expect("fill within its bound");
        }
        println!(
            "fill {shape}: {:.1} µs a grid over {fills} grids",
            started.elapsed().as_secs_f64() * 1e6 / fills as f64
        );
    }

    if wanted("checks") {
        check_work(&mut counter);
    }

    for shape in [Shape::S4, Shape::S6, Shape::S9]
        .into_iter()
        .filter(|_| wanted("thesis"))
    {
        let limits = Limits::attempts(1_000_000);
        let mut attempts = Vec::new();
        let mut total_attempts = 0;
        let (mut none, mut multi, mut undecided, mut stuck) = (0, 0, 0, 0);
        let started = Instant::now();
        for seed in 0..seeds {
            let mut rng = StdRng::seed_from_u64(seed);
            let found = thesis_puzzle(shape, &mut rng, &mut counter, &limits).expect("a puzzle");
            attempts.push(found.attempts as f64);
            total_attempts += found.attempts;
            none += found.failures.no_solution;
            multi += found.failures.multiple;
            undecided += found.failures.undecided;
            stuck += found.failures.stuck;
        }
        let elapsed = started.elapsed();
        let min = attempts.iter().copied().fold(f64::MAX, f64::min);
        let max = attempts.iter().copied().fold(0.0, f64::max);
        println!(
            "thesis {shape}, {seeds} seeds, check cap {} nodes: attempts median {} min {min} \
             max {max} mean {:.0}; {:.2} µs an attempt; failures: {none} no solution, {multi} \
             multiple, {undecided} undecided, {stuck} stuck",
            Limits::DEFAULT_CHECK_WORK,
            median(&mut attempts),
            total_attempts as f64 / seeds as f64,
            elapsed.as_secs_f64() * 1e6 / total_attempts as f64,
        );
    }

    let runs = [
        (Shape::S9, Symmetry::None, seeds),
        (Shape::S9, Symmetry::Rotate180, seeds),
        (Shape::S9, Symmetry::Rotate90, seeds),
        (Shape::S9, Symmetry::Diagonal, seeds),
        (Shape::S9, Symmetry::Mirror, seeds),
        (Shape::S12, Symmetry::None, seeds.min(20)),
        (Shape::S16, Symmetry::None, seeds.min(20)),
    ];
    let mut runs: Vec<_> = runs.into_iter().filter(|_| wanted("minimal")).collect();
    // Minutes a puzzle: only when asked for by name.
    if only == "symmetric16" {
        runs.push((Shape::S16, Symmetry::Rotate180, seeds.min(4)));
    }
    for (shape, symmetry, count) in runs {
        let mut times = Vec::new();
        let mut clues = Vec::new();
        let (mut attempts, mut not_minimal, mut undecided, mut repairs) = (0, 0, 0, 0);
        for seed in 0..count {
            let mut rng = StdRng::seed_from_u64(seed);
            let limits = Limits::until(Instant::now() + Duration::from_secs(900));
            let started = Instant::now();
            let made = minimal_puzzle(shape, symmetry, &mut rng, &mut counter, &limits)
                .expect("a minimal puzzle");
            times.push(started.elapsed().as_secs_f64() * 1e3);
            clues.push(made.puzzle.clue_count() as f64);
            attempts += made.attempts;
            not_minimal += made.not_minimal;
            undecided += made.undecided;
            repairs += made.repairs;
        }
        let total: f64 = times.iter().sum();
        println!(
            "minimal {shape} {symmetry}, {count} seeds: {:.2} ms a puzzle (median {:.2} ms, \
             max {:.2} ms), clues median {}; {attempts} grids carved, {not_minimal} not \
             strictly minimal ({:.1}%), {undecided} undecided, {:.1} repair rounds a grid",
            total / count as f64,
            median(&mut times.clone()),
            times.iter().copied().fold(0.0, f64::max),
            median(&mut clues),
            100.0 * not_minimal as f64 / attempts as f64,
            repairs as f64 / attempts as f64,
        );
    }
}

/// The work (bitmask nodes) of the uniqueness checks the generators make, uncapped: thesis
/// attempts on 9×9, and the checks of a no-symmetry carving on 9×9, 12×12 and 16×16.
fn check_work(counter: &mut Bitmask) {
    let mut rng = StdRng::seed_from_u64(99);
    let mut nodes = Vec::new();
    for _ in 0..100_000 {
        let count = rng.random_range(thesis_clue_range(Shape::S9));
        let puzzle = thesis_clues(Shape::S9, count, &mut rng).expect("never stuck on 9×9");
        nodes.push(counter.solve(&puzzle, &Budget::unique()).counters.nodes);
    }
    report("thesis 9×9 attempts", &mut nodes);
    for (shape, grids) in [(Shape::S9, 200), (Shape::S12, 50), (Shape::S16, 20)] {
        let mut nodes = Vec::new();
        for _ in 0..grids {
            let solution = random_grid(shape, &mut rng).expect("a grid");
            let mut puzzle = solution.clone();
            let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
            cells.shuffle(&mut rng);
            for cell in cells {
                puzzle.set(cell, 0);
                let outcome = counter.solve(&puzzle, &Budget::unique());
                nodes.push(outcome.counters.nodes);
                if outcome.solution_count > 1 {
                    puzzle.set(cell, solution.get(cell));
                }
            }
        }
        report(&format!("carving {shape}"), &mut nodes);
    }
}

fn report(what: &str, nodes: &mut [u64]) {
    nodes.sort_unstable();
    let at = |q: f64| nodes[((nodes.len() - 1) as f64 * q) as usize];
    println!(
        "check work, {what}: {} checks, nodes median {} p99 {} p99.9 {} max {}",
        nodes.len(),
        at(0.5),
        at(0.99),
        at(0.999),
        nodes[nodes.len() - 1]
    );
}
