//! The thesis's generator, as it documents it: random clues until the puzzle happens to be
//! unique.
//!
//! # One attempt
//! 1. Draw a clue count `k` uniformly from [`thesis_clue_range`]: [17, 25] on 9×9.
//! 2. Place clues one at a time on an empty board ([`thesis_clues`]): draw a cell uniformly
//!    among the empty cells and a digit uniformly from 1..=N; if the digit is already in the
//!    cell's row, column or box the draw is discarded (the cell stays empty and may be drawn
//!    again), otherwise it is placed. Repeat until `k` clues stand. The clues never conflict
//!    with one another, but nothing looks further ahead, so the board may have no solution.
//!    Should every empty cell run out of candidates first, the attempt fails ("stuck"); at
//!    these densities that has not happened once in the measured runs.
//! 3. Count the solutions with a solution limit of 2 under the per-check work cap of the
//!    [`Limits`]. Exactly one: done. None, two, or a count that reached the cap (undecided):
//!    the attempt failed, and the next one starts again from step 1 with an empty board.
//!
//! The result reports how many attempts were made and how the failed ones failed. Random clue
//! sets of 17 to 25 are rarely unique (most have many solutions or none), so expect about a
//! thousand attempts a puzzle on 9×9 (measured over 50 seeds: median 1,057, from 29 to 8,064;
//! 38% of failures had no solution, 62% several; a few microseconds an attempt with
//! `sudoku_bitmask::Bitmask`): that is the method's cost, and what the suite measures.
//!
//! # Other sizes
//! The range scales with the cell count: `round(17·N²/81)` to `round(25·N²/81)` (4×4: 3–5,
//! 6×6: 8–11, 12×12: 30–44, 16×16: 54–79, 25×25: 131–193). On 4×4 and 6×6 the method works as
//! on 9×9. From 12×12 up, random clue sets of that density are practically never unique (the
//! sparsest unique 16×16 puzzles known have about 55 clues, carefully chosen), and proving a
//! count there costs far more, so the generator runs until its [`Limits`] stop it: give it an
//! attempt limit or a deadline, and read the error as the finding.

use std::ops::RangeInclusive;

use rand::Rng;
use sudoku_core::{Grid, Shape, Solver};

use crate::error::{Check, GenerateError, Limits, check, fit_counter};

/// A unique puzzle from [`thesis_puzzle`], with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThesisPuzzle {
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// Attempts made, the successful one included.
    pub attempts: u64,
    /// How the failed attempts failed.
    pub failures: ThesisFailures,
}

/// Failed attempts of the thesis generator, by cause. The four add up to `attempts - 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThesisFailures {
    /// Proven to have no solution.
    pub no_solution: u64,
    /// Two solutions or more.
    pub multiple: u64,
    /// The count reached the per-check work cap.
    pub undecided: u64,
    /// The placement ran out of candidate cells before reaching its clue count.
    pub stuck: u64,
}

/// The clue counts one attempt draws from: [17, 25] on 9×9, scaled by `N²/81` and rounded
/// otherwise (see the module documentation).
pub fn thesis_clue_range(shape: Shape) -> RangeInclusive<usize> {
    let cells = shape.cell_count();
    let scaled = |clues: usize| (2 * clues * cells + 81) / 162;
    scaled(17)..=scaled(25)
}

/// Step 2 of an attempt: `count` non-conflicting clues placed by random draws (see the module
/// documentation); `None` if every empty cell ran out of candidates first.
pub fn thesis_clues<R: Rng + ?Sized>(shape: Shape, count: usize, rng: &mut R) -> Option<Grid> {
    let n = shape.size();
    let mut grid = Grid::empty(shape);
    let geometry = grid.geometry().clone();
    let mut empty: Vec<usize> = (0..shape.cell_count()).collect();
    // Used digits of each house (bit d for digit d).
    let mut used = vec![0u32; geometry.house_count()];
    let seen = |used: &[u32], cell: usize| {
        geometry
            .houses_of(cell)
            .iter()
            .fold(0, |seen, &house| seen | used[house])
    };
    let all = ((1u32 << n) - 1) << 1;
    let mut misses = 0;
    while grid.clue_count() < count.min(shape.cell_count()) {
        let slot = rng.random_range(0..empty.len());
        let digit = rng.random_range(1..=n as u8);
        let cell = empty[slot];
        if seen(&used, cell) & (1 << digit) != 0 {
            misses += 1;
            // After a run of misses, make sure some empty cell can still take a digit.
            if misses % (4 * n) == 0 && empty.iter().all(|&c| seen(&used, c) & all == all) {
                return None;
            }
            continue;
        }
        misses = 0;
        grid.set(cell, digit);
        empty.swap_remove(slot);
        for &house in geometry.houses_of(cell) {
            used[house] |= 1 << digit;
        }
    }
    Some(grid)
}

/// The thesis's method (see the module documentation): attempts of random non-conflicting
/// clues, each counted by `counter` (a complete solver that counts solutions, such as
/// `sudoku_bitmask::Bitmask`), until one has exactly one solution.
///
/// An attempt is one clue set drawn and counted. Fails with [`crate::ErrorKind::AttemptsExhausted`]
/// or [`crate::ErrorKind::DeadlineReached`] when `limits` run out (the error carries the attempts
/// made), and with [`crate::ErrorKind::UnfitCounter`] or [`crate::ErrorKind::CounterFailed`] if `counter`
/// cannot do its part.
pub fn thesis_puzzle<R: Rng + ?Sized>(
    shape: Shape,
    rng: &mut R,
    counter: &mut dyn Solver,
    limits: &Limits,
) -> Result<ThesisPuzzle, GenerateError> {
    fit_counter(counter, shape, sudoku_core::VariantKind::Classic)?;
    let mut failures = ThesisFailures::default();
    let mut attempts = 0;
    loop {
        limits.before_attempt(attempts)?;
        attempts += 1;
        let count = rng.random_range(thesis_clue_range(shape));
        let Some(puzzle) = thesis_clues(shape, count, rng) else {
            failures.stuck += 1;
            continue;
        };
        match check(counter, &puzzle, limits).map_err(|e| e.after(attempts))? {
            Check::Unique(solution) => {
                return Ok(ThesisPuzzle {
                    puzzle,
                    solution,
                    attempts,
                    failures,
                });
            }
            Check::NoSolution => failures.no_solution += 1,
            Check::Multiple(_) => failures.multiple += 1,
            Check::Undecided => failures.undecided += 1,
        }
    }
}
