//! Bitmask against public Sudoku solvers, measured side by side in one process.
//!
//! The contenders solve 81-character lines from the public datasets (found by
//! [`sudoku_catalog::public_datasets_dir`]) with a uniqueness check:
//! each search stops at a second solution. The line is parsed inside the timed loop and the
//! first solution is written out, the same work for every contender.
//!
//! - [`Contender::Bitmask`] is `sudoku-bitmask`'s 9×9 fast path ([`Bitmask::solve_line`]).
//! - [`Contender::BitmaskTrait`] is the same solver behind the suite's [`Solver`] trait, as the
//!   harness runs it (a [`Grid`] parsed, an `Outcome` with the solution allocated).
//! - `Contender::SudokuCrate` is the crates.io crate `sudoku` 0.8 (a JCZSolve port, AGPL-3.0),
//!   present only with this crate's `peers` feature. No other crate enables that feature, so the
//!   suite's binary never links it.
//!
//! [`compare`] alternates the contenders pass after pass so that machine noise hits both alike,
//! and reports the median rate of each; `examples/peers.rs` prints the table and
//! `benches/peers.rs` runs the same work under criterion.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku_bitmask::Bitmask;
use sudoku_core::{Budget, Grid, Solver};

/// The puzzle lines of a public dataset, read through the catalogue (one reader for the suite)
/// and written back as 81-character lines, the form every contender parses in its timed loop.
pub fn dataset_lines(name: &str) -> Result<Vec<String>, String> {
    let dir = sudoku_catalog::public_datasets_dir()
        .ok_or("no public datasets folder (set SUDOKU_DATASETS or place shared/datasets beside the project)")?;
    let dataset = sudoku_catalog::read_file(&dir.join(name)).map_err(|e| e.to_string())?;
    Ok(dataset.puzzles.iter().map(|p| p.grid.to_line()).collect())
}

/// A solver under comparison.
pub enum Contender {
    Bitmask(Box<Bitmask>),
    /// Bitmask as the suite's harness runs it: [`Grid::parse`], then [`Solver::solve`] with
    /// [`Budget::unique`], the solution returned as a [`Grid`] in an `Outcome`.
    BitmaskTrait(Box<Bitmask>),
    #[cfg(feature = "peers")]
    SudokuCrate,
}

impl Contender {
    /// Every contender this build has, bitmask first.
    pub fn all() -> Vec<Contender> {
        #[allow(unused_mut)]
        let mut all = vec![
            Contender::Bitmask(Box::default()),
            Contender::BitmaskTrait(Box::default()),
        ];
        #[cfg(feature = "peers")]
        all.push(Contender::SudokuCrate);
        all
    }

    pub fn name(&self) -> &'static str {
        match self {
            Contender::Bitmask(_) => "bitmask",
            Contender::BitmaskTrait(_) => "bitmask (Solver trait)",
            #[cfg(feature = "peers")]
            Contender::SudokuCrate => "sudoku 0.8",
        }
    }

    /// Parses `line`, counts its solutions up to 2 and writes the first into `solution`;
    /// 0 for a line that does not parse.
    #[inline]
    pub fn solve_unique(&mut self, line: &str, solution: &mut [u8; 81]) -> u64 {
        match self {
            Contender::Bitmask(solver) => solver
                .solve_line(line, 2, solution)
                .map_or(0, |t| t.solutions),
            Contender::BitmaskTrait(solver) => {
                let Ok(puzzle) = Grid::parse(line) else {
                    return 0;
                };
                let outcome = solver.solve(&puzzle, &Budget::unique());
                if let Some(first) = outcome.solutions.first() {
                    solution.copy_from_slice(first.cells());
                }
                outcome.solution_count
            }
            #[cfg(feature = "peers")]
            Contender::SudokuCrate => match sudoku::Sudoku::from_str_line(line) {
                Ok(puzzle) => {
                    let mut found = [[0u8; 81]];
                    let count = puzzle.solutions_up_to_buffer(&mut found, 2);
                    *solution = found[0];
                    count as u64
                }
                Err(_) => 0,
            },
        }
    }

    /// Solves every line `reps` times; returns the time taken and a checksum of the answers.
    pub fn pass(&mut self, lines: &[String], reps: usize) -> (Duration, u64) {
        let mut solution = [0u8; 81];
        let mut checksum = 0u64;
        let started = Instant::now();
        for _ in 0..reps {
            for line in lines {
                let count = self.solve_unique(black_box(line), &mut solution);
                checksum = checksum.wrapping_add(count * 10 + u64::from(solution[80]));
            }
        }
        (started.elapsed(), black_box(checksum))
    }
}

/// Whether a solution line answers the puzzle line: clues kept, every unit a permutation.
pub fn verifies(puzzle: &str, solution: &[u8; 81]) -> bool {
    let clues_kept = puzzle
        .bytes()
        .zip(solution)
        .all(|(ch, &v)| !ch.is_ascii_digit() || ch == b'0' || ch - b'0' == v);
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        cells.fold(0u16, |seen, c| seen | 1 << solution[c]) == 0b11_1111_1110
    };
    clues_kept
        && (0..9).all(|i| {
            unit_ok(&mut (0..9).map(|k| 9 * i + k))
                && unit_ok(&mut (0..9).map(|k| 9 * k + i))
                && unit_ok(&mut (0..9).map(|k| 27 * (i / 3) + 3 * (i % 3) + 9 * (k / 3) + k % 3))
        })
}

/// What the untimed warm-up learned about bitmask on a dataset.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    pub puzzles: usize,
    pub guesses: u64,
    pub solved_without_guessing: usize,
    /// Puzzles whose answer was not one verified solution with uniqueness proven.
    pub failures: usize,
}

impl SearchStats {
    pub fn guesses_per_puzzle(&self) -> f64 {
        self.guesses as f64 / self.puzzles.max(1) as f64
    }

    pub fn percent_without_guessing(&self) -> f64 {
        100.0 * self.solved_without_guessing as f64 / self.puzzles.max(1) as f64
    }
}

/// Bitmask's guesses and answers on `lines`, each answer verified (untimed).
pub fn bitmask_stats(lines: &[String]) -> SearchStats {
    let mut solver = Bitmask::default();
    let mut stats = SearchStats {
        puzzles: lines.len(),
        ..SearchStats::default()
    };
    let mut solution = [0u8; 81];
    for line in lines {
        match solver.solve_line(line, 2, &mut solution) {
            Some(tally) if tally.solutions == 1 && verifies(line, &solution) => {
                stats.guesses += tally.counters.guesses;
                stats.solved_without_guessing += usize::from(tally.counters.guesses == 0);
            }
            _ => stats.failures += 1,
        }
    }
    stats
}

/// One contender's measured rate on one dataset.
#[derive(Clone, Debug)]
pub struct Rate {
    pub name: &'static str,
    /// Median puzzles per second over the timed passes.
    pub per_second: f64,
    /// Puzzles it did not answer with exactly one verified solution (warm-up check).
    pub failures: usize,
}

/// Times every contender on `lines`: a warm-up pass each (answers checked, speed estimated),
/// then `rounds` rounds in which each contender runs one pass of about `pass_time`, in turn.
pub fn compare(
    contenders: &mut [Contender],
    lines: &[String],
    rounds: usize,
    pass_time: Duration,
) -> Vec<Rate> {
    let mut reps = Vec::new();
    let mut failures = Vec::new();
    for contender in contenders.iter_mut() {
        let mut solution = [0u8; 81];
        let started = Instant::now();
        let bad = lines
            .iter()
            .filter(|line| {
                contender.solve_unique(line, &mut solution) != 1 || !verifies(line, &solution)
            })
            .count();
        let warm = started.elapsed().as_secs_f64().max(1e-6);
        failures.push(bad);
        reps.push(((pass_time.as_secs_f64() / warm).round() as usize).max(1));
    }
    let mut rates = vec![Vec::new(); contenders.len()];
    for _ in 0..rounds.max(1) {
        for (k, contender) in contenders.iter_mut().enumerate() {
            let (took, _) = contender.pass(lines, reps[k]);
            rates[k].push((lines.len() * reps[k]) as f64 / took.as_secs_f64().max(1e-9));
        }
    }
    contenders
        .iter()
        .zip(rates)
        .zip(failures)
        .map(|((contender, mut per_pass), failures)| {
            per_pass.sort_by(f64::total_cmp);
            Rate {
                name: contender.name(),
                per_second: per_pass[per_pass.len() / 2],
                failures,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn every_contender_solves_and_proves_uniqueness() {
        for mut contender in Contender::all() {
            let mut solution = [0u8; 81];
            assert_eq!(
                contender.solve_unique(PUZZLE, &mut solution),
                1,
                "{}",
                contender.name()
            );
            assert!(verifies(PUZZLE, &solution), "{}", contender.name());
        }
    }

    #[test]
    fn verification_rejects_a_changed_cell() {
        let mut solver = Bitmask::default();
        let mut solution = [0u8; 81];
        assert_eq!(
            solver
                .solve_line(PUZZLE, 2, &mut solution)
                .map(|t| t.solutions),
            Some(1)
        );
        solution.swap(1, 2);
        assert!(!verifies(PUZZLE, &solution));
    }
}
