//! Sudoku as Boolean satisfiability, solved by the CaDiCaL SAT solver.
//!
//! # The encoding
//! The standard one. A Boolean variable x(c, v) says "cell c holds value v", for every cell and
//! value of an N×N board: N³ variables, 729 on 9×9. The clauses say:
//! - each cell holds at least one value (one clause of N literals a cell) and at most one
//!   (a clause ¬x(c, v) ∨ ¬x(c, w) for every pair of values);
//! - each value appears at least once in every house and at most once (one clause of N literals
//!   a house and value, and a binary clause for every pair of the house's cells);
//! - each clue is a unit clause x(c, v).
//!
//! The houses are the board's [`Geometry`]'s: rows, columns and boxes on a classic board, jigsaw
//! regions in place of boxes, and the two diagonals when the X rule holds, so one encoding
//! serves every variant and the solver declares them all. With H houses that is
//! (N² + H·N)·(1 + N(N−1)/2) clauses before the clues; classic (H = 3N): 11,988 on 9×9, 123,904
//! on 16×16 and 752,500 on 25×25, nearly all of them binary; the two diagonals add
//! 2N·(1 + N(N−1)/2), 666 on 9×9. The clues' consequences are left to the solver's unit
//! propagation; nothing is simplified by hand.
//!
//! # The engine
//! [CaDiCaL](https://github.com/arminbiere/cadical) (1.9.5), a conflict-driven clause-learning
//! (CDCL) solver, through the `cadical` crate, which compiles CaDiCaL's C++ from source with the
//! `cc` crate: a C++17 compiler is all the build needs, and the whole crate builds from clean in
//! well under a minute on two cores. CaDiCaL was chosen over a pure-Rust CDCL solver (`varisat`,
//! `splr`) because it is a maintained, competition-grade solver with incremental solving, which
//! counting by blocking clauses relies on. The `rustsat-cadical` binding would also report
//! conflicts and decisions, but it runs `bindgen` at build time and so needs libclang.
//!
//! # Counting
//! The clauses are added to a fresh engine, then CaDiCaL is called. Each model is decoded
//! (exactly one true value per empty cell, or the solve fails), recorded, and forbidden by a
//! blocking clause, the disjunction of ¬x(c, v) over the empty cells' values, before the next
//! call, until CaDiCaL answers unsatisfiable (the count is exact) or
//! [`Budget::solution_limit`] is reached. Uniqueness is proven by the second call coming back
//! unsatisfiable; a count of k solutions costs k + 1 calls, each learning on top of the last.
//!
//! # Counters and budget
//! - `learned` (an extra counter): clauses CaDiCaL learned, counted through its learner
//!   callback. CaDiCaL learns one clause for nearly every conflict it analyses, so this is its
//!   conflict count in all but name (the binding does not expose the statistic itself). It is
//!   the work counter [`Budget::max_iterations`] caps.
//! - `sat_calls` (an extra counter): calls to CaDiCaL, one per solution found plus the last.
//! - `build_us` ([`Counters::BUILD_US`]): time spent encoding the rules and clues, before the
//!   first call.
//!
//! The budget is checked before every call, and during a call through CaDiCaL's terminator,
//! which it consults every few search steps: a deadline, the cancel flag or the cap on learned
//! clauses stops even one long call, and the solve gives up with that reason. A cap stops the
//! solve at it or a little past it (CaDiCaL asks its terminator every ten search steps), never
//! below it. CaDiCaL is deterministic (fixed seed), so equal
//! inputs give equal runs and counters.
//!
//! # Cost and limits
//! Building the formula is quadratic in N per unit (the pairwise at-most-one clauses) and
//! dominates on easy puzzles, where it costs far more than a propagating backtracker spends
//! solving; 25×25 means three quarters of a million clauses for CaDiCaL to take in and
//! simplify. In exchange the search learns from its conflicts, and no Sudoku-specific
//! heuristic is needed. Counting many solutions is slow, since every solution
//! costs a whole SAT call and a clause. Memory is the engine's and grows with the clause count.
//! Nothing is kept between solves: each builds a fresh engine, so a stopped solve leaves nothing
//! behind.
//!
//! # When to use it
//! As the reference point for general-purpose solving: how a standard SAT encoding and an
//! off-the-shelf CDCL solver compare with the hand-written searches, and as an independent check
//! of their answers and counts. For speed on 9×9 a bitboard solver is far faster.

use cadical::Callbacks;
use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, Family, Found, Geometry, Grid, NotWatchable,
    Outcome, SearchEvent, Solver, SolverInfo, StopReason,
};

/// Sudoku as SAT, solved and counted by CaDiCaL (see the crate documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct Sat;

impl Solver for Sat {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "sat",
            family: Family::Satisfiability,
            description: "the standard CNF encoding solved by CaDiCaL, counting by blocking clauses",
            capabilities: Capabilities::exact(ALL_SIZES)
                .work_counter("learned")
                .external_engine()
                .on_every_variant(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        search(puzzle, budget)
    }

    /// Refused: the CDCL search runs inside CaDiCaL, which reports no step of it.
    fn solve_watched(
        &mut self,
        _: &Grid,
        _: &Budget,
        _: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Err(NotWatchable::external_engine(self.info().id, "CaDiCaL"))
    }
}

/// The DIMACS variable of "`cell` holds `value`" (1-based value) on a board of side `n`:
/// `1..=n³`, row-major by cell, then by value.
fn var(n: usize, cell: usize, value: usize) -> i32 {
    (cell * n + value) as i32
}

/// Hands every clause of the rules of `geometry` (no clues) to `clause`: each cell one value,
/// each value once in each house.
fn rules(geometry: &Geometry, mut clause: impl FnMut(&[i32])) {
    let n = geometry.size();
    let mut group = Vec::with_capacity(n);
    for cell in 0..geometry.cell_count() {
        group.clear();
        group.extend((1..=n).map(|value| var(n, cell, value)));
        exactly_one(&group, &mut clause);
    }
    for house in 0..geometry.house_count() {
        for value in 1..=n {
            group.clear();
            group.extend(
                geometry
                    .house(house)
                    .iter()
                    .map(|&cell| var(n, cell, value)),
            );
            exactly_one(&group, &mut clause);
        }
    }
}

/// One clause saying at least one of `vars` is true, and one a pair saying not both are.
fn exactly_one(vars: &[i32], clause: &mut impl FnMut(&[i32])) {
    clause(vars);
    for (i, &a) in vars.iter().enumerate() {
        for &b in &vars[i + 1..] {
            clause(&[-a, -b]);
        }
    }
}

/// What CaDiCaL calls back during a solve: it counts every learned clause, and consults the
/// budget whenever CaDiCaL asks whether to stop (every few search steps).
struct Watch<'a> {
    budget: &'a Budget,
    learned: u64,
    stopped: Option<StopReason>,
}

impl Callbacks for Watch<'_> {
    fn terminate(&mut self) -> bool {
        self.stopped = self.budget.check(self.learned).err();
        self.stopped.is_some()
    }

    fn max_length(&self) -> i32 {
        i32::MAX
    }

    fn learn(&mut self, _clause: &[i32]) {
        self.learned += 1;
    }
}

type Engine<'a> = cadical::Solver<Watch<'a>>;

/// Encodes the puzzle, then calls CaDiCaL until it runs out of solutions, the solution limit is
/// reached or the budget is spent, blocking each solution found.
fn search(puzzle: &Grid, budget: &Budget) -> Outcome {
    let building = std::time::Instant::now();
    let mut found = Found::new(budget);
    if let Err(reason) = budget.check(0) {
        return found.into_outcome(Some(reason), counters(0, 0));
    }
    let shape = puzzle.shape();
    let n = shape.size();
    let mut engine = Engine::new();
    rules(puzzle.geometry(), |clause| {
        engine.add_clause(clause.iter().copied())
    });
    for (cell, &value) in puzzle.cells().iter().enumerate() {
        if value != 0 {
            engine.add_clause([var(n, cell, usize::from(value))]);
        }
    }
    engine.set_callbacks(Some(Watch {
        budget,
        learned: 0,
        stopped: None,
    }));
    let empty: Vec<usize> = (0..shape.cell_count())
        .filter(|&cell| puzzle.get(cell) == 0)
        .collect();
    let build_us = building.elapsed().as_micros() as u64;

    let mut calls = 0;
    let mut stopped = None;
    let mut failure = None;
    loop {
        if let Err(reason) = budget.check(learned(&mut engine)) {
            stopped = Some(reason);
            break;
        }
        calls += 1;
        match engine.solve() {
            Some(false) => break,
            Some(true) => {
                let grid = match decode(&engine, puzzle, &empty) {
                    Ok(grid) => grid,
                    Err(why) => {
                        failure = Some(why);
                        break;
                    }
                };
                // A full grid as the puzzle has its one solution and nothing to block.
                let blocking: Vec<i32> = empty
                    .iter()
                    .map(|&cell| -var(n, cell, usize::from(grid.get(cell))))
                    .collect();
                if found.record(|| grid) || blocking.is_empty() {
                    break;
                }
                engine.add_clause(blocking);
            }
            None => {
                stopped = engine.get_callbacks().and_then(|watch| watch.stopped);
                if stopped.is_none() {
                    failure = Some("CaDiCaL stopped without an answer".to_string());
                }
                break;
            }
        }
    }

    let mut counters = counters(learned(&mut engine), calls);
    counters.add(Counters::BUILD_US, build_us);
    match failure {
        Some(why) => Outcome::failed(why, counters),
        None => found.into_outcome(stopped, counters),
    }
}

/// The counters of a solve that learned `learned` clauses in `calls` calls.
fn counters(learned: u64, calls: u64) -> Counters {
    let mut counters = Counters::default();
    counters.add("learned", learned);
    counters.add("sat_calls", calls);
    counters
}

/// Clauses learned so far in this solve.
fn learned(engine: &mut Engine<'_>) -> u64 {
    engine.get_callbacks().map_or(0, |watch| watch.learned)
}

/// The puzzle with CaDiCaL's model written into its empty cells; an error unless the model gives
/// every empty cell exactly one value.
fn decode(engine: &Engine<'_>, puzzle: &Grid, empty: &[usize]) -> Result<Grid, String> {
    let shape = puzzle.shape();
    let n = shape.size();
    let mut grid = puzzle.clone();
    for &cell in empty {
        let mut values = (1..=n).filter(|&value| engine.value(var(n, cell, value)) == Some(true));
        match (values.next(), values.next()) {
            (Some(value), None) => grid.set(cell, value as u8),
            _ => {
                return Err(format!(
                    "CaDiCaL's model does not give {} exactly one value",
                    shape.cell_name(cell)
                ));
            }
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    use sudoku_core::{Shape, Variant};

    #[test]
    fn the_encoding_has_the_documented_size() {
        for shape in Shape::ALL {
            let n = shape.size();
            let mut clauses = 0;
            let mut vars = HashSet::new();
            rules(&Geometry::classic(shape), |clause| {
                clauses += 1;
                vars.extend(clause.iter().map(|lit| lit.unsigned_abs()));
            });
            assert_eq!(clauses, 4 * n * n * (1 + n * (n - 1) / 2), "{shape}");
            assert_eq!(vars.len(), n * n * n, "{shape}");
            assert_eq!(vars.iter().max().copied(), Some((n * n * n) as u32));
        }
        let mut nine = 0;
        rules(&Geometry::classic(Shape::S9), |_| nine += 1);
        assert_eq!(nine, 11_988);
        // The two diagonals add 2·9 houses' worth: 18 clauses of nine literals and 18·36 pairs.
        let mut diagonal = 0;
        rules(&Geometry::of(Shape::S9, &Variant::diagonal()), |_| {
            diagonal += 1
        });
        assert_eq!(diagonal, 11_988 + 18 * (1 + 36));
    }

    #[test]
    fn a_full_grid_is_its_own_one_solution_in_one_call() {
        let solution = sudoku_kit::corpus()
            .into_iter()
            .find_map(|case| case.solution.filter(|grid| grid.size() == 9))
            .expect("the corpus has a 9×9 solution");
        let outcome = Sat.solve(&solution, &Budget::count(u64::MAX));
        assert_eq!(outcome.solutions, vec![solution]);
        assert_eq!(outcome.solution_count, 1);
        assert_eq!(outcome.counters.get("sat_calls"), 1);
    }

    /// The terminator stops a single long call: n + 1 pigeons in n holes is unsatisfiable and
    /// takes CaDiCaL thousands of conflicts, so a cap of 50 learned clauses cuts the call short.
    #[test]
    fn the_budget_stops_a_single_long_call() {
        let budget = Budget::solve().with_max_iterations(50);
        let mut engine = Engine::new();
        let (pigeons, holes) = (10, 9);
        let var = |pigeon: i32, hole: i32| pigeon * holes + hole + 1;
        for p in 0..pigeons {
            engine.add_clause((0..holes).map(|h| var(p, h)));
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    engine.add_clause([-var(p, h), -var(q, h)]);
                }
            }
        }
        engine.set_callbacks(Some(Watch {
            budget: &budget,
            learned: 0,
            stopped: None,
        }));
        assert_eq!(engine.solve(), None);
        let watch = engine.get_callbacks().unwrap();
        assert_eq!(watch.stopped, Some(StopReason::IterationCap));
        assert!(watch.learned >= 50, "{}", watch.learned);
    }

    #[test]
    fn conflicting_clues_are_unsolvable() {
        let bad = Grid::parse(&format!("5...5{}", ".".repeat(76))).unwrap();
        let outcome = Sat.solve(&bad, &Budget::solve());
        assert_eq!(outcome.verdict, sudoku_core::Verdict::Unsolvable);
    }
}
