//! Bitmask against public Sudoku solvers, measured side by side in one process.
//!
//! Every contender is a [`Solver`] and every solve goes through `sudoku_run::timed_solve` under
//! the budget `bench` gives a counting solver (a uniqueness check: each search stops at a second
//! solution), so the comparison measures exactly what `bench` measures, for every contender alike.
//!
//! - `bitmask` is the suite's fast solver.
//! - `sudoku-crate` ([`SudokuCrate`]) is the crates.io crate `sudoku` 0.8 (a JCZSolve port,
//!   AGPL-3.0) behind the [`Solver`] trait, present only with this crate's `peers` feature. No
//!   other crate enables that feature, so the suite's binary never links it.
//!
//! [`compare`] alternates the contenders pass after pass so that machine noise hits all alike,
//! and reports the median rate of each; `examples/peers.rs` prints the table and
//! `benches/peers.rs` runs the same solves under criterion.

use std::time::Duration;

use sudoku_core::{Grid, Registered, Verdict};
use sudoku_run::{Policy, RunOptions, timed_solve};

/// The `sudoku` crate behind the suite's trait: the cells are handed over as they are (both use
/// one byte a cell, 0 for empty), up to the solution limit counted, as many returned as
/// [`Grid`]s as the budget keeps (both, on a uniqueness check of a puzzle with several
/// solutions). 9×9 only.
#[cfg(feature = "peers")]
#[derive(Clone, Copy, Debug, Default)]
pub struct SudokuCrate;

#[cfg(feature = "peers")]
impl sudoku_core::Solver for SudokuCrate {
    fn info(&self) -> sudoku_core::SolverInfo {
        sudoku_core::SolverInfo {
            id: "sudoku-crate",
            family: sudoku_core::Family::Backtracking,
            description: "the crates.io `sudoku` crate 0.8 (JCZSolve port), for comparison only",
            capabilities: sudoku_core::Capabilities::exact(&[9]),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &sudoku_core::Budget) -> sudoku_core::Outcome {
        let counters = sudoku_core::Counters::default();
        let Ok(parsed) = sudoku::Sudoku::from_bytes_slice(puzzle.cells()) else {
            return sudoku_core::Outcome::failed("the sudoku crate refused the board", counters);
        };
        let limit = usize::try_from(budget.solution_limit).unwrap_or(usize::MAX);
        // As many solutions handed back as the budget keeps, as every suite solver does.
        let mut found = vec![[0u8; 81]; budget.keep_solutions.clamp(1, limit.max(1))];
        let count = parsed.solutions_up_to_buffer(&mut found, limit) as u64;
        let solutions = found
            .iter()
            .take(usize::try_from(count).unwrap_or(usize::MAX))
            .filter_map(|cells| Grid::from_cells(puzzle.shape(), cells.to_vec()))
            .collect();
        sudoku_core::Outcome::from_search(None, solutions, count, counters)
    }

    /// The crate's own line parser, then its counting search writing the first solution: the
    /// way it is run beside tdoku. Lines it cannot read go through the grid parser for the
    /// error.
    fn solve_text(
        &mut self,
        line: &str,
        budget: &sudoku_core::Budget,
        first: &mut Vec<u8>,
    ) -> Result<sudoku_core::TextAnswer, sudoku_core::ParseError> {
        let Ok(parsed) = sudoku::Sudoku::from_str_line(line) else {
            return sudoku_core::solve_parsed(self, line, budget, first);
        };
        let limit = usize::try_from(budget.solution_limit).unwrap_or(usize::MAX);
        let mut found = [[0u8; 81]; 1];
        let count = parsed.solutions_up_to_buffer(&mut found, limit) as u64;
        first.clear();
        if count > 0 {
            first.extend_from_slice(&found[0]);
        }
        Ok(sudoku_core::TextAnswer {
            solutions: count,
            guesses: 0,
            stopped: None,
        })
    }
}

/// Every contender this build has, bitmask first.
pub fn contenders() -> Vec<Registered> {
    #[allow(unused_mut)]
    let mut all = vec![Registered::of::<sudoku_bitmask::Bitmask>()];
    #[cfg(feature = "peers")]
    all.push(Registered::of::<SudokuCrate>());
    all
}

/// The puzzles of a public dataset, read through the catalogue.
pub fn dataset(name: &str) -> Result<Vec<Grid>, String> {
    let dir = sudoku_catalog::public_datasets_dir().ok_or(
        "no public datasets folder (set SUDOKU_DATASETS or place shared/datasets beside the project)",
    )?;
    grids(&dir.join(name))
}

/// The arguments `[seed [count]]` of the examples that make a set (`make_multi`,
/// `make_band_first`): seed 1 and `default_count` when absent.
pub fn seed_and_count(default_count: usize) -> (u64, usize) {
    let arg = |k: usize, default: u64| {
        std::env::args()
            .nth(k)
            .map(|a| a.parse().expect("seed and count are whole numbers"))
            .unwrap_or(default)
    };
    (arg(1, 1), arg(2, default_count as u64) as usize)
}

/// The puzzles of public dataset `name`, or the program ends saying why (exit status 1).
pub fn dataset_or_exit(name: &str) -> Vec<Grid> {
    dataset(name).unwrap_or_else(|error| {
        eprintln!("{name}: {error}");
        std::process::exit(1)
    })
}

/// Draws in `0..bound` from a xorshift generator seeded with `seed`: the set-making examples'
/// one random source, so a seed always gives the same file.
pub fn draws(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    }
}

/// The grids of a dataset file.
pub fn grids(path: &std::path::Path) -> Result<Vec<Grid>, String> {
    let dataset = sudoku_catalog::read_file(path).map_err(|e| e.to_string())?;
    Ok(dataset.puzzles.into_iter().map(|p| p.grid).collect())
}

/// The project's multi-solution set (`datasets/multi-solution.txt`, written by
/// `scripts/make-multi.sh`): every puzzle has at least two solutions, so a uniqueness-checking
/// solve must find exactly two.
pub const MULTI_SOLUTION: &str = "multi-solution";

/// The puzzles of [`MULTI_SOLUTION`], read from the workspace's `datasets/` folder.
pub fn multi_solution_dataset() -> Result<Vec<Grid>, String> {
    grids(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/multi-solution.txt"),
    )
}

/// Every set the comparison covers: the public datasets, then [`MULTI_SOLUTION`].
pub fn set_names() -> impl Iterator<Item = &'static str> {
    sudoku_catalog::PUBLIC_DATASETS
        .into_iter()
        .chain([MULTI_SOLUTION])
}

/// A set's puzzles (see [`set_names`]), and how many solutions a uniqueness-checking solve must
/// report on each: 1 on a public dataset, 2 on [`MULTI_SOLUTION`].
pub fn read_set(name: &str) -> (Result<Vec<Grid>, String>, u64) {
    if name == MULTI_SOLUTION {
        (multi_solution_dataset(), 2)
    } else {
        (dataset(name), 1)
    }
}

/// What one pass over a dataset found.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pass {
    /// Summed solve times, as `timed_solve` measured them.
    pub time: Duration,
    /// Puzzles not answered with the expected number of solutions (each verified): one on a
    /// set of unique puzzles, two (the uniqueness check's limit) on a multi-solution set.
    pub failures: usize,
    pub guesses: u64,
    pub solved_without_guessing: usize,
}

/// Solves every puzzle once through `timed_solve`, under `bench`'s budget for `contender`;
/// the puzzles are expected to be unique.
pub fn pass(contender: &Registered, puzzles: &[Grid]) -> Pass {
    pass_expecting(contender, puzzles, 1)
}

/// [`pass`] on puzzles each expected to report `expected` solutions.
pub fn pass_expecting(contender: &Registered, puzzles: &[Grid], expected: u64) -> Pass {
    let policy = Policy::for_solver(&contender.info.capabilities, &RunOptions::default());
    let mut solver = contender.make();
    let mut pass = Pass::default();
    for puzzle in puzzles {
        let (outcome, took) = timed_solve(solver.as_mut(), puzzle, &policy.budget(1));
        pass.time += took;
        if outcome.verdict != Verdict::Solved || outcome.solution_count != expected {
            pass.failures += 1;
        }
        pass.guesses += outcome.counters.guesses;
        pass.solved_without_guessing += usize::from(outcome.counters.guesses == 0);
    }
    pass
}

/// One contender's measured rate on one dataset.
#[derive(Clone, Debug)]
pub struct Rate {
    pub id: &'static str,
    /// Median puzzles per second over the passes.
    pub per_second: f64,
    /// What the first pass found (failures, guesses).
    pub first: Pass,
}

/// Times every contender on `puzzles` in `rounds` rounds, one pass each in turn, so noise on a
/// shared machine falls on all of them alike. Each puzzle should report `expected` solutions
/// (1 on unique sets, 2 on a multi-solution set).
pub fn compare(
    contenders: &[Registered],
    puzzles: &[Grid],
    rounds: usize,
    expected: u64,
) -> Vec<Rate> {
    let mut passes: Vec<Vec<Pass>> = vec![Vec::new(); contenders.len()];
    for _ in 0..rounds.max(1) {
        for (k, contender) in contenders.iter().enumerate() {
            passes[k].push(pass_expecting(contender, puzzles, expected));
        }
    }
    contenders
        .iter()
        .zip(passes)
        .map(|(contender, passes)| {
            let mut rates: Vec<f64> = passes
                .iter()
                .map(|p| puzzles.len() as f64 / p.time.as_secs_f64().max(1e-9))
                .collect();
            rates.sort_by(f64::total_cmp);
            Rate {
                id: contender.id(),
                per_second: rates[rates.len() / 2],
                first: passes[0],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_contender_solves_the_named_boards_uniquely() {
        let boards: Vec<Grid> = sudoku_catalog::named_dataset()
            .puzzles
            .into_iter()
            .map(|p| p.grid)
            .filter(|g| g.size() == 9)
            .collect();
        for rate in compare(&contenders(), &boards, 1, 1) {
            assert_eq!(rate.first.failures, 0, "{}", rate.id);
        }
    }

    /// Every contender finds two solutions of every multi-solution puzzle (the set's first 50),
    /// and counting one would be a failure.
    #[test]
    fn every_contender_finds_two_solutions_of_the_multi_solution_set() {
        let puzzles = multi_solution_dataset().expect("datasets/multi-solution.txt");
        assert!(puzzles.len() >= 100, "{} puzzles", puzzles.len());
        let sample = &puzzles[..50];
        for contender in contenders() {
            assert_eq!(
                pass_expecting(&contender, sample, 2).failures,
                0,
                "{}",
                contender.id()
            );
            assert_eq!(
                pass_expecting(&contender, sample, 1).failures,
                50,
                "{}",
                contender.id()
            );
        }
    }
}
