//! Minimal unique puzzles, carved from random full grids.
//!
//! # Carving
//! [`carve`] starts from a full grid and visits the cells in a random order, grouped into the
//! orbits of a [`Symmetry`]: each orbit is emptied, and put back unless the puzzle is still
//! uniquely solvable (a count with a solution limit of 2). The clues that remain form a unique
//! puzzle whose clue pattern has the symmetry and from which no orbit can be removed.
//!
//! # Strict minimality
//! A puzzle is minimal when no single clue can be removed with the puzzle staying unique.
//! Without symmetry carving gives that for free: a clue put back at some step was needed by a
//! superset of the final clues, and removing clues never removes solutions, so it is still
//! needed at the end. With a symmetry only whole orbits were tried, and a clue whose orbit had
//! to stay may be removable on its own: on 9×9 that is so after 96–99% of 180°, diagonal and
//! mirror carvings and 99.9% of quarter-turn ones (measured), so retrying with new grids alone
//! is wasteful, and hopeless on 16×16.
//!
//! [`carve`] therefore tries each clue of a larger orbit alone (in random order) and, when one
//! can go, *repairs*: it removes that clue's whole orbit (now two solutions or more), adds back
//! removed orbits, each drawn at random among those holding a cell where the second solution
//! differs from the grid, until the puzzle is unique again, and carves the orbits now given
//! once more. Up to [`REPAIR_ROUNDS`] rounds; a puzzle still not strictly minimal then is
//! reported as [`Minimality::OrbitOnly`], and the generators discard it and carve a new grid,
//! counting it in [`Generated::not_minimal`]. What they return is always strictly minimal and
//! symmetric; what the symmetry costs is repairs and retries, both reported.
//!
//! # Cost
//! One uniqueness check per orbit, then per clue of a larger orbit, then per repair step, each
//! bounded by [`Limits::check_work`]; second solutions already found answer many of the
//! repeated questions without a search (see `Witnesses` in the source). A check that reaches
//! the cap decides nothing, so the grid is abandoned ([`Generated::undecided`]); the deadline
//! stops everything. With `sudoku_bitmask::Bitmask`, release build, 50 seeds (a loaded
//! machine, so times are high by about half):
//!
//! | board, symmetry | time a puzzle (mean) | grids retried | repair rounds a grid |
//! |---|---|---|---|
//! | 9×9, none | 0.3 ms | 0% | 0 |
//! | 9×9, 180° / diagonal / mirror | 2 / 1.4 / 3 ms | 0 / 0 / 6% | 25 / 14 / 50 |
//! | 9×9, quarter turn | 54 ms | 89% | 188 |
//! | 12×12, none | 6 ms | 0% | 0 |
//! | 16×16, none | 0.3 s (up to 0.9 s) | 0% | 0 |
//!
//! Strictly minimal quarter-turn patterns are rare, hence the retries. 16×16 with a symmetry
//! works but its repair rounds cost tenths of a second each (hard near-minimal checks): expect
//! a minute or more a puzzle, or use [`carve`] and accept [`Minimality::OrbitOnly`]. 25×25
//! works in principle, but 625 checks on sparse boards meet the counter's heavy tail: give it
//! a deadline.
//!
//! # Target difficulty
//! [`generate_minimal`] repeats until a caller's `accept` says yes, so the caller can ask for
//! puzzles a rater of its choice calls hard without this crate knowing how puzzles are rated.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use sudoku_core::{Budget, Grid, Solver, Uniqueness, Verdict, verify_filled};

use crate::error::{Check, ErrorKind, GenerateError, Limits, check, fit_counter};
use crate::fill::random_grid;
use crate::regions::Board;
use crate::symmetry::Symmetry;

/// A strictly minimal unique puzzle, with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    /// Its only solution: the full grid it was carved from.
    pub solution: Grid,
    /// Full grids carved, the successful one included.
    pub attempts: u64,
    /// Grids whose symmetric carving stayed orbit-minimal after [`REPAIR_ROUNDS`] repairs (or
    /// whose repair found no orbit to add back).
    pub not_minimal: u64,
    /// Grids abandoned because a uniqueness check reached its work cap.
    pub undecided: u64,
    /// Strictly minimal puzzles `accept` refused.
    pub refused: u64,
    /// Repair rounds spent over all the grids.
    pub repairs: u64,
    /// Random jigsaw maps drawn that admitted no grid within the fill's bound (see
    /// [`crate::random_grid`]); 0 on a fixed board.
    pub unfillable_maps: u64,
}

/// What carving one full grid gave: a unique puzzle whose clue pattern has the symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carving {
    pub puzzle: Grid,
    pub minimality: Minimality,
    /// Repair rounds spent (see the module documentation).
    pub repairs: u64,
}

/// How minimal a carved puzzle is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minimality {
    /// No clue can be removed alone with the puzzle staying unique.
    Strict,
    /// No orbit can be removed, but the clue at `removable` can be removed alone.
    OrbitOnly { removable: usize },
    /// A uniqueness check reached its work cap, so minimality was not established.
    Unknown,
}

/// Most repair rounds [`carve`] spends on one grid before it settles for an orbit-minimal
/// puzzle. Measured on 9×9 (10 seeds each): with 40 rounds 17–29% of the 180°, diagonal and
/// mirror carvings still ended orbit-minimal, with 200 none to 9%; quarter-turn carvings
/// mostly do either way (86–97%). On 16×16 with 180°, 40 rounds found no strictly minimal
/// puzzle in ten grids; 200 rounds, in about half the grids (7 of 14), at 50 s a puzzle.
pub const REPAIR_ROUNDS: u64 = 200;

/// Second solutions a carving keeps to answer repeated questions (see [`Witnesses`]).
const WITNESSES: usize = 256;

/// Carves `solution` (a full valid grid) into a unique puzzle whose clue pattern has
/// `symmetry`, removing orbits in an order drawn from `rng` and repairing a symmetric result
/// that is not strictly minimal (see the module documentation). Of `limits` only the deadline
/// and the per-check work cap are read.
///
/// # Panics
/// If `solution` is not a valid full grid.
pub fn carve<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    rng: &mut R,
    counter: &mut dyn Solver,
    limits: &Limits,
) -> Result<Carving, GenerateError> {
    assert_eq!(
        verify_filled(solution),
        Ok(()),
        "carving needs a valid full grid"
    );
    let shape = solution.shape();
    fit_counter(counter, shape, solution.variant().kind())?;
    let orbits = symmetry.orbits(shape);
    let mut orbit_of = vec![0; shape.cell_count()];
    for (index, orbit) in orbits.iter().enumerate() {
        for &cell in orbit {
            orbit_of[cell] = index;
        }
    }
    let mut carver = Carver::new(solution, &orbits, counter, limits);
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    let mut repairs = 0;
    let result = |puzzle: Grid, minimality, repairs| Carving {
        puzzle,
        minimality,
        repairs,
    };
    loop {
        order.shuffle(rng);
        if !carver.remove_orbits(&order, &mut |_| true)? {
            return Ok(result(carver.puzzle, Minimality::Unknown, repairs));
        }
        let removable = match carver.removable_single(rng)? {
            Single::None => return Ok(result(carver.puzzle, Minimality::Strict, repairs)),
            Single::Undecided => return Ok(result(carver.puzzle, Minimality::Unknown, repairs)),
            Single::Removable(cell) => cell,
        };
        let orbit_minimal = Minimality::OrbitOnly { removable };
        if repairs == REPAIR_ROUNDS {
            return Ok(result(carver.puzzle, orbit_minimal, repairs));
        }
        repairs += 1;
        let before = carver.puzzle.clone();
        match carver.swap_out(orbit_of[removable], rng)? {
            Swap::Done => {}
            Swap::Impossible => return Ok(result(before, orbit_minimal, repairs)),
            Swap::Undecided => return Ok(result(before, Minimality::Unknown, repairs)),
        }
        order = (0..orbits.len())
            .filter(|&k| carver.puzzle.get(orbits[k][0]) != 0)
            .collect();
    }
}

/// What the search for a removable single clue found.
enum Single {
    None,
    Removable(usize),
    Undecided,
}

/// How a repair's swap ended.
enum Swap {
    /// The puzzle is unique again.
    Done,
    /// No removed orbit rules out the second solution.
    Impossible,
    Undecided,
}

/// What a carving check found: the cells where a second solution differs from the grid are
/// all a carving needs of it.
enum Found {
    Unique,
    /// At least two solutions; the second one's differing cells, as a bit set.
    Multiple(Vec<u64>),
    Undecided,
}

/// Second solutions found so far in one carving, each as the set of cells where it differs
/// from the grid: the most recent [`Witnesses::capacity`] of them, in a ring.
///
/// A second solution `W` of any earlier puzzle is a valid grid other than the solution, so it
/// shows that a later puzzle `Q` has two solutions whenever `W` agrees with all of `Q`'s clues,
/// that is whenever the cells where `W` differs are all empty in `Q`. Carving asks the same
/// questions many times over (each repair round re-carves the orbits that stayed, whose
/// removal was refused before), and a stored witness answers many of them with a few word
/// operations instead of a search. Every answer is exact either way; only the second solution
/// a repair works from may be an older one than the counter would find.
struct Witnesses {
    words: usize,
    capacity: usize,
    /// `capacity` sets of `words` words; the first `len` are in use.
    diffs: Vec<u64>,
    len: usize,
    next: usize,
}

impl Witnesses {
    fn new(cells: usize, capacity: usize) -> Witnesses {
        let words = cells.div_ceil(64);
        Witnesses {
            words,
            capacity,
            diffs: vec![0; words * capacity],
            len: 0,
            next: 0,
        }
    }

    /// A stored difference set disjoint from `clues`, if any.
    fn refuting(&self, clues: &[u64]) -> Option<Vec<u64>> {
        self.diffs
            .chunks(self.words)
            .take(self.len)
            .find(|diff| diff.iter().zip(clues).all(|(d, c)| d & c == 0))
            .map(<[u64]>::to_vec)
    }

    fn add(&mut self, diff: &[u64]) {
        let at = self.next * self.words;
        self.diffs[at..at + self.words].copy_from_slice(diff);
        self.next = (self.next + 1) % self.capacity;
        self.len = (self.len + 1).min(self.capacity);
    }
}

/// The cells of `grid` for which `keep` holds, as a bit set.
fn cell_set(cells: usize, keep: impl Fn(usize) -> bool) -> Vec<u64> {
    let mut set = vec![0u64; cells.div_ceil(64)];
    for cell in (0..cells).filter(|&c| keep(c)) {
        set[cell / 64] |= 1 << (cell % 64);
    }
    set
}

fn contains(set: &[u64], cell: usize) -> bool {
    set[cell / 64] & (1 << (cell % 64)) != 0
}

/// The state of one carving: the grid, its orbits, the puzzle so far.
struct Carver<'a> {
    solution: &'a Grid,
    orbits: &'a [Vec<usize>],
    puzzle: Grid,
    counter: &'a mut dyn Solver,
    limits: &'a Limits,
    witnesses: Witnesses,
}

impl<'a> Carver<'a> {
    fn new(
        solution: &'a Grid,
        orbits: &'a [Vec<usize>],
        counter: &'a mut dyn Solver,
        limits: &'a Limits,
    ) -> Carver<'a> {
        Carver {
            solution,
            orbits,
            puzzle: solution.clone(),
            counter,
            limits,
            witnesses: Witnesses::new(solution.cells().len(), WITNESSES),
        }
    }

    fn set_orbit(&mut self, orbit: usize, given: bool) {
        for &cell in &self.orbits[orbit] {
            let value = if given { self.solution.get(cell) } else { 0 };
            self.puzzle.set(cell, value);
        }
    }

    fn is_given(&self, orbit: usize) -> bool {
        self.puzzle.get(self.orbits[orbit][0]) != 0
    }

    /// A uniqueness check of the puzzle as it stands: a stored witness if one applies,
    /// otherwise the counter.
    fn check(&mut self) -> Result<Found, GenerateError> {
        let cells = self.puzzle.cells().len();
        let clues = cell_set(cells, |c| self.puzzle.get(c) != 0);
        if let Some(diff) = self.witnesses.refuting(&clues) {
            return Ok(Found::Multiple(diff));
        }
        match check(self.counter, &self.puzzle, self.limits)? {
            Check::Unique(_) => Ok(Found::Unique),
            Check::Undecided => Ok(Found::Undecided),
            Check::NoSolution => Err(impossible_no_solution(self.counter)),
            Check::Multiple(found) => {
                let [first, second] = *found;
                let other = if first == *self.solution {
                    second
                } else {
                    first
                };
                let diff = cell_set(cells, |c| other.get(c) != self.solution.get(c));
                self.witnesses.add(&diff);
                Ok(Found::Multiple(diff))
            }
        }
    }

    /// Tries to remove each given orbit of `order`, keeping the removal when the puzzle stays
    /// unique and `keep` agrees; false, with the puzzle unique, as soon as a check is undecided
    /// (the carving's minimality is unknown from then on, so further checks would be wasted).
    fn remove_orbits(
        &mut self,
        order: &[usize],
        keep: &mut dyn FnMut(&Grid) -> bool,
    ) -> Result<bool, GenerateError> {
        for &orbit in order {
            if !self.is_given(orbit) {
                continue;
            }
            self.set_orbit(orbit, false);
            match self.check()? {
                Found::Unique if keep(&self.puzzle) => {}
                Found::Unique | Found::Multiple(_) => self.set_orbit(orbit, true),
                Found::Undecided => {
                    self.set_orbit(orbit, true);
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The first clue of a larger orbit, in random order, whose lone removal keeps the
    /// puzzle unique. Lone orbits were tried as such by [`Carver::remove_orbits`] already.
    fn removable_single<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Single, GenerateError> {
        let mut singles: Vec<usize> = self
            .orbits
            .iter()
            .filter(|orbit| orbit.len() > 1)
            .flatten()
            .copied()
            .filter(|&cell| self.puzzle.get(cell) != 0)
            .collect();
        singles.shuffle(rng);
        for cell in singles {
            self.puzzle.set(cell, 0);
            let found = self.check()?;
            self.puzzle.set(cell, self.solution.get(cell));
            match found {
                Found::Unique => return Ok(Single::Removable(cell)),
                Found::Undecided => return Ok(Single::Undecided),
                Found::Multiple(_) => {}
            }
        }
        Ok(Single::None)
    }

    /// Removes orbit `out`, then adds back removed orbits, each drawn among those holding a
    /// cell where the second solution found differs from the grid, until the puzzle is unique.
    fn swap_out<R: Rng + ?Sized>(
        &mut self,
        out: usize,
        rng: &mut R,
    ) -> Result<Swap, GenerateError> {
        self.set_orbit(out, false);
        loop {
            let diff = match self.check()? {
                Found::Unique => return Ok(Swap::Done),
                Found::Undecided => return Ok(Swap::Undecided),
                Found::Multiple(diff) => diff,
            };
            let choices: Vec<usize> = (0..self.orbits.len())
                .filter(|&k| k != out && !self.is_given(k))
                .filter(|&k| self.orbits[k].iter().any(|&c| contains(&diff, c)))
                .collect();
            let Some(&back) = choices.choose(rng) else {
                return Ok(Swap::Impossible);
            };
            self.set_orbit(back, true);
        }
    }
}

/// A strictly minimal unique puzzle on `board` (a shape's classic board, another geometry, or
/// random jigsaw maps: see [`Board`]) with clue pattern symmetric under `symmetry`:
/// [`generate_minimal`] accepting the first one.
pub fn minimal_puzzle<R: Rng + ?Sized>(
    board: impl Into<Board>,
    symmetry: Symmetry,
    rng: &mut R,
    counter: &mut dyn Solver,
    limits: &Limits,
) -> Result<Generated, GenerateError> {
    generate_minimal(board, symmetry, rng, counter, |_| true, limits)
}

/// Strictly minimal unique puzzles on `board` with clue pattern symmetric under `symmetry`,
/// one per attempt, until `accept` returns true for one (see the module documentation).
///
/// An attempt is one full grid ([`random_grid`]) carved ([`carve`]): it fails when the carving
/// is not strictly minimal, when a check reaches its cap, or when `accept` refuses the puzzle,
/// and [`Generated`] counts each. Fails with [`ErrorKind::AttemptsExhausted`] or
/// [`ErrorKind::DeadlineReached`] when `limits` run out, with [`ErrorKind::UnfitCounter`] or
/// [`ErrorKind::CounterFailed`] if `counter` cannot do its part.
pub fn generate_minimal<R: Rng + ?Sized>(
    board: impl Into<Board>,
    symmetry: Symmetry,
    rng: &mut R,
    counter: &mut dyn Solver,
    mut accept: impl FnMut(&Grid) -> bool,
    limits: &Limits,
) -> Result<Generated, GenerateError> {
    let board = board.into();
    fit_counter(counter, board.shape(), board.kind())?;
    attempt_until(&board, symmetry, rng, limits, |solution, rng, tally| {
        let carving = carve(solution, symmetry, rng, counter, limits)?;
        tally.repairs += carving.repairs;
        Ok(match carving.minimality {
            Minimality::Strict if accept(&carving.puzzle) => Some(carving.puzzle),
            Minimality::Strict => missed(&mut tally.refused),
            Minimality::OrbitOnly { .. } => missed(&mut tally.not_minimal),
            Minimality::Unknown => missed(&mut tally.undecided),
        })
    })
}

/// Carves `solution` like [`carve`], but keeps the removal of an orbit only when the puzzle
/// stays unique *and* `keep` says yes; one pass over the orbits in random order, no repair.
/// The result is unique, and no orbit can be removed from it without losing uniqueness or
/// `keep`'s approval: with a rater's "at most this hard" as `keep`, the fewest clues a puzzle
/// of that level keeps from this grid in this order. `None` when a check was undecided.
///
/// # Panics
/// If `solution` is not a valid full grid.
pub fn carve_bounded<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    rng: &mut R,
    counter: &mut dyn Solver,
    keep: &mut dyn FnMut(&Grid) -> bool,
    limits: &Limits,
) -> Result<Option<Grid>, GenerateError> {
    assert_eq!(
        verify_filled(solution),
        Ok(()),
        "carving needs a valid full grid"
    );
    fit_counter(counter, solution.shape(), solution.variant().kind())?;
    let orbits = symmetry.orbits(solution.shape());
    let mut carver = Carver::new(solution, &orbits, counter, limits);
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    order.shuffle(rng);
    let decided = carver.remove_orbits(&order, keep)?;
    Ok(decided.then_some(carver.puzzle))
}

/// Unique puzzles on `board` carved by [`carve_bounded`] under `keep`, one per attempt, until
/// `accept` returns true for one. [`Generated`] counts the grids whose carving was undecided
/// and those `accept` refused; `not_minimal` and `repairs` stay 0 (the puzzles are bounded by
/// `keep`, not minimal). Fails as [`generate_minimal`] does.
pub fn generate_bounded<R: Rng + ?Sized>(
    board: impl Into<Board>,
    symmetry: Symmetry,
    rng: &mut R,
    counter: &mut dyn Solver,
    mut keep: impl FnMut(&Grid) -> bool,
    mut accept: impl FnMut(&Grid) -> bool,
    limits: &Limits,
) -> Result<Generated, GenerateError> {
    let board = board.into();
    fit_counter(counter, board.shape(), board.kind())?;
    attempt_until(&board, symmetry, rng, limits, |solution, rng, tally| {
        Ok(
            match carve_bounded(solution, symmetry, rng, counter, &mut keep, limits)? {
                Some(puzzle) if accept(&puzzle) => Some(puzzle),
                Some(_) => missed(&mut tally.refused),
                None => missed(&mut tally.undecided),
            },
        )
    })
}

/// What the attempts of a generator cost so far: [`Generated`]'s counters.
#[derive(Default)]
struct Tally {
    not_minimal: u64,
    undecided: u64,
    refused: u64,
    repairs: u64,
    unfillable_maps: u64,
}

/// Adds one to `counter` (a [`Tally`] field) and gives the attempt's "no puzzle".
fn missed(counter: &mut u64) -> Option<Grid> {
    *counter += 1;
    None
}

/// The attempt loop of the carving generators: a new random full grid for each attempt (on a
/// new map when the board is random jigsaws), handed to `attempt`, until it gives a puzzle or
/// `limits` run out. A random map without a grid is an attempt that missed; a fixed board
/// without one is an error.
fn attempt_until<R: Rng + ?Sized>(
    board: &Board,
    symmetry: Symmetry,
    rng: &mut R,
    limits: &Limits,
    mut attempt: impl FnMut(&Grid, &mut R, &mut Tally) -> Result<Option<Grid>, GenerateError>,
) -> Result<Generated, GenerateError> {
    let mut tally = Tally::default();
    let mut attempts = 0;
    loop {
        limits.before_attempt(attempts)?;
        attempts += 1;
        let geometry = board.draw(symmetry, rng).map_err(|e| e.after(attempts))?;
        let solution = match (random_grid(geometry, rng), board) {
            (Ok(solution), _) => solution,
            (Err(_), Board::RandomJigsaw { .. }) => {
                tally.unfillable_maps += 1;
                continue;
            }
            (Err(e), Board::Fixed(_)) => return Err(e.after(attempts)),
        };
        if let Some(puzzle) = attempt(&solution, rng, &mut tally).map_err(|e| e.after(attempts))? {
            return Ok(Generated {
                puzzle,
                solution,
                attempts,
                not_minimal: tally.not_minimal,
                undecided: tally.undecided,
                refused: tally.refused,
                repairs: tally.repairs,
                unfillable_maps: tally.unfillable_maps,
            });
        }
    }
}

/// Whether `puzzle` is unique and strictly minimal: removing any one clue leaves it with
/// several solutions. Counts with `counter` without a work cap, so keep it to sizes where
/// counting is quick (tests, checks of generated puzzles).
///
/// # Panics
/// If `counter` cannot decide a count (it rejects the size, fails, or answers wrongly), or
/// finds no solution after a clue of a unique puzzle was removed.
pub fn is_minimal(puzzle: &Grid, counter: &mut dyn Solver) -> bool {
    let mut count = |grid: &Grid| match sudoku_core::uniqueness(counter, grid, &Budget::unique()) {
        Uniqueness::Unique(_) => Some(true),
        Uniqueness::Multiple { .. } => Some(false),
        Uniqueness::NoSolution => None,
        Uniqueness::Undecided(outcome) => {
            panic!("the counter could not decide {grid}: {}", outcome.verdict)
        }
    };
    if count(puzzle) != Some(true) {
        return false;
    }
    let mut less = puzzle.clone();
    for cell in 0..puzzle.cells().len() {
        let clue = puzzle.get(cell);
        if clue == 0 {
            continue;
        }
        less.set(cell, 0);
        match count(&less) {
            Some(true) => return false,
            Some(false) => {}
            None => panic!("{less} has no solution, yet {puzzle} has one"),
        }
        less.set(cell, clue);
    }
    true
}

/// The error for a counter that finds no solution to clues cut from a full grid.
fn impossible_no_solution(counter: &dyn Solver) -> GenerateError {
    let kind = ErrorKind::CounterFailed {
        counter: counter.info().id,
        verdict: Verdict::Unsolvable,
    };
    GenerateError::new(kind, 0)
}
