//! Raw speed measured the way the fastest solvers' own benchmarks measure it: each puzzle's text
//! line parsed inside the timed loop ([`Solver::solve_text`]), a second solution sought (the
//! uniqueness check), whole passes over the file timed as one, contenders alternated pass by
//! pass so that machine noise falls on all alike.
//!
//! Nothing is timed before it is checked: the first pass of each contender (the warm-up) checks
//! every answer, each first solution against the clues and rules and each count against an
//! independent complete solver; every timed pass must then report the same total of solutions.
//! Every solve runs under a per-puzzle time limit kept by a watchdog thread (a flag the solver
//! reads at its budget checks), so the timed loop reads no clock per puzzle.

use std::cell::Cell;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sudoku_core::{Budget, Grid, Solver, StopReason, Verdict, admit, verify_solution};

/// One puzzle: where it came from, the text the timed loop parses, and the grid the checks use.
#[derive(Clone, Debug)]
pub struct Line {
    /// Where the puzzle is (`FILE:LINE`), for errors.
    pub place: String,
    pub text: String,
    pub grid: Grid,
}

/// How a measurement runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Solutions sought a puzzle: 2 checks uniqueness, 1 stops at the first.
    pub limit: u64,
    /// Timed passes continue until each contender has spent this long in them (whole passes,
    /// at least one).
    pub seconds: Duration,
    /// No single solve may take longer.
    pub timeout: Duration,
}

/// A contender: a solver and the name it is reported under.
pub struct Contender {
    pub id: String,
    pub solver: Box<dyn Solver>,
}

/// What a contender's timed passes over one file came to.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub id: String,
    /// The compiled copy of its code that ran ([`Solver::code_path`]).
    pub path: Option<&'static str>,
    pub puzzles: usize,
    pub passes: u32,
    /// The timed passes' time, summed.
    pub elapsed: Duration,
    /// Solutions reported in a pass (every pass reports the same).
    pub solutions: u64,
    /// Guesses in a pass, and puzzles solved without one (the search is deterministic).
    pub guesses: u64,
    pub without_guessing: u64,
}

impl Measured {
    pub fn puzzles_per_second(&self) -> f64 {
        (self.puzzles as f64 * f64::from(self.passes)) / self.elapsed.as_secs_f64().max(1e-12)
    }

    pub fn micros_per_puzzle(&self) -> f64 {
        1e6 / self.puzzles_per_second()
    }

    pub fn guesses_per_puzzle(&self) -> f64 {
        self.guesses as f64 / self.puzzles.max(1) as f64
    }

    pub fn percent_without_guessing(&self) -> f64 {
        100.0 * self.without_guessing as f64 / self.puzzles.max(1) as f64
    }
}

/// What stopped a measurement: each names the puzzle and the contender.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The solver refused the puzzle (a size it lacks, conflicting clues).
    Refused {
        place: String,
        id: String,
        why: String,
    },
    /// The text did not parse.
    Unreadable {
        place: String,
        id: String,
        why: String,
    },
    /// A solve ran past its time limit or was cancelled.
    Stopped {
        place: String,
        id: String,
        reason: StopReason,
    },
    /// A reported solution breaks the clues or the rules.
    WrongSolution {
        place: String,
        id: String,
        why: String,
    },
    /// The count differs from the independent solver's.
    WrongCount {
        place: String,
        id: String,
        count: u64,
        reference: String,
        expected: u64,
    },
    /// A timed pass reported another total of solutions than the checked pass.
    Inconsistent {
        file: String,
        id: String,
        checked: u64,
        timed: u64,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Refused { place, id, why } => write!(f, "{place}: {id} refused it: {why}"),
            Problem::Unreadable { place, id, why } => {
                write!(f, "{place}: {id} could not read the line: {why}")
            }
            Problem::Stopped { place, id, reason } => {
                // The watchdog stops a solve through the budget's cancel flag.
                let why = match reason {
                    StopReason::Cancelled => "it ran past the time limit a puzzle".to_string(),
                    other => other.to_string(),
                };
                write!(f, "{place}: {id} did not finish: {why}")
            }
            Problem::WrongSolution { place, id, why } => {
                write!(f, "{place}: {id} reported a wrong solution: {why}")
            }
            Problem::WrongCount {
                place,
                id,
                count,
                reference,
                expected,
            } => write!(
                f,
                "{place}: {id} found {count} solution(s) where {reference} finds {expected}"
            ),
            Problem::Inconsistent {
                file,
                id,
                checked,
                timed,
            } => write!(
                f,
                "{file}: {id} reported {timed} solutions in a timed pass, {checked} in the checked one"
            ),
        }
    }
}

impl std::error::Error for Problem {}

/// Where a measurement stands, for progress displays.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// The checked warm-up pass of contender `id`: `done` of `total` puzzles.
    Checking {
        id: &'a str,
        done: usize,
        total: usize,
    },
    /// A timed pass of `id` ended; `spent` is its timed time so far.
    Passed {
        id: &'a str,
        passes: u32,
        spent: Duration,
    },
}

/// Stops any solve that runs past a time limit: a thread that sets the budget's cancel flag
/// when the puzzle under way has not changed for that long. The timed loop only writes a
/// counter per puzzle.
pub struct Watchdog {
    cancel: Arc<AtomicBool>,
    ticket: Arc<AtomicU64>,
    next: Cell<u64>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    pub fn new(timeout: Duration) -> Watchdog {
        let cancel = Arc::new(AtomicBool::new(false));
        let ticket = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let thread = {
            let (cancel, ticket, done) = (cancel.clone(), ticket.clone(), done.clone());
            let nap = (timeout / 8).clamp(Duration::from_millis(1), Duration::from_millis(50));
            std::thread::spawn(move || {
                let (mut seen, mut since) = (u64::MAX, Instant::now());
                while !done.load(Ordering::Relaxed) {
                    std::thread::park_timeout(nap);
                    let now = ticket.load(Ordering::Relaxed);
                    if now != seen {
                        (seen, since) = (now, Instant::now());
                    } else if since.elapsed() >= timeout {
                        cancel.store(true, Ordering::Relaxed);
                    }
                }
            })
        };
        Watchdog {
            cancel,
            ticket,
            next: Cell::new(0),
            done,
            thread: Some(thread),
        }
    }

    /// The budget every solve runs under: `limit` solutions, this watchdog's cancel flag.
    pub fn budget(&self, limit: u64) -> Budget {
        Budget::count(limit).with_cancel(self.cancel.clone())
    }

    /// A new solve starts.
    #[inline]
    pub fn starting(&self) {
        let next = self.next.get() + 1;
        self.next.set(next);
        self.ticket.store(next, Ordering::Relaxed);
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

/// The warm-up pass: every puzzle solved from its text, each first solution checked against the
/// clues and rules, each count against `reference`'s. Returns the total of solutions.
pub fn checked_pass(
    contender: &mut Contender,
    reference: &mut Contender,
    lines: &[Line],
    watchdog: &Watchdog,
    limit: u64,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<u64, Problem> {
    let budget = watchdog.budget(limit);
    let (id, solver) = (contender.id.as_str(), contender.solver.as_mut());
    let mut first = Vec::new();
    let mut total = 0;
    for (done, line) in lines.iter().enumerate() {
        let place = || line.place.clone();
        admit(solver, &line.grid).map_err(|why| Problem::Refused {
            place: place(),
            id: id.to_string(),
            why: why.to_string(),
        })?;
        watchdog.starting();
        let answer = solver
            .solve_text(&line.text, &budget, &mut first)
            .map_err(|why| Problem::Unreadable {
                place: place(),
                id: id.to_string(),
                why: why.to_string(),
            })?;
        if let Some(reason) = answer.stopped {
            return Err(Problem::Stopped {
                place: place(),
                id: id.to_string(),
                reason,
            });
        }
        if answer.solutions > 0 {
            let solution = line.grid.with_cells(first.clone());
            let verdict = match &solution {
                Some(solution) => verify_solution(&line.grid, solution).map_err(|v| v.to_string()),
                None => Err("not a grid of the puzzle's size".to_string()),
            };
            verdict.map_err(|why| Problem::WrongSolution {
                place: place(),
                id: id.to_string(),
                why,
            })?;
        }
        watchdog.starting();
        let expected = reference.solver.solve(&line.grid, &budget);
        let expected = match expected.verdict {
            Verdict::Solved | Verdict::Unsolvable => expected.solution_count,
            Verdict::GaveUp(reason) => {
                return Err(Problem::Stopped {
                    place: place(),
                    id: reference.id.clone(),
                    reason,
                });
            }
            other => {
                return Err(Problem::Refused {
                    place: place(),
                    id: reference.id.clone(),
                    why: other.to_string(),
                });
            }
        };
        if answer.solutions != expected {
            return Err(Problem::WrongCount {
                place: place(),
                id: id.to_string(),
                count: answer.solutions,
                reference: reference.id.clone(),
                expected,
            });
        }
        total += answer.solutions;
        if done % 256 == 255 || done + 1 == lines.len() {
            progress(Progress::Checking {
                id,
                done: done + 1,
                total: lines.len(),
            });
        }
    }
    Ok(total)
}

/// What one timed pass found.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pass {
    pub elapsed: Duration,
    pub solutions: u64,
    pub guesses: u64,
    pub without_guessing: u64,
}

/// One timed pass: every line parsed and solved, the whole pass timed as one.
pub fn timed_pass(
    contender: &mut Contender,
    lines: &[Line],
    watchdog: &Watchdog,
    limit: u64,
) -> Result<Pass, Problem> {
    let budget = watchdog.budget(limit);
    let solver = contender.solver.as_mut();
    let mut first = Vec::with_capacity(lines.first().map_or(81, |l| l.grid.cells().len()));
    let mut pass = Pass::default();
    let start = Instant::now();
    for line in lines {
        watchdog.starting();
        let answer = solver
            .solve_text(&line.text, &budget, &mut first)
            .map_err(|why| Problem::Unreadable {
                place: line.place.clone(),
                id: contender.id.clone(),
                why: why.to_string(),
            })?;
        if let Some(reason) = answer.stopped {
            return Err(Problem::Stopped {
                place: line.place.clone(),
                id: contender.id.clone(),
                reason,
            });
        }
        pass.solutions += answer.solutions;
        pass.guesses += answer.guesses;
        pass.without_guessing += u64::from(answer.guesses == 0);
    }
    pass.elapsed = start.elapsed();
    Ok(pass)
}

/// Measures every contender on `lines` (one file, named `file`): a checked pass each (its
/// counts against the solver of the same index in `references`), then timed passes in turn, a
/// pass each per round, until each has spent `settings.seconds` in them.
pub fn measure(
    contenders: &mut [Contender],
    references: &mut [Contender],
    file: &str,
    lines: &[Line],
    settings: &Settings,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Vec<Measured>, Problem> {
    assert_eq!(
        contenders.len(),
        references.len(),
        "a reference for each contender"
    );
    let watchdog = Watchdog::new(settings.timeout);
    let mut checked = Vec::with_capacity(contenders.len());
    for (contender, reference) in contenders.iter_mut().zip(references.iter_mut()) {
        let limit = settings.limit;
        checked.push(checked_pass(
            contender, reference, lines, &watchdog, limit, progress,
        )?);
    }
    let mut measured: Vec<Measured> = contenders
        .iter()
        .map(|c| Measured {
            id: c.id.clone(),
            path: c.solver.code_path(),
            puzzles: lines.len(),
            passes: 0,
            elapsed: Duration::ZERO,
            solutions: 0,
            guesses: 0,
            without_guessing: 0,
        })
        .collect();
    while measured
        .iter()
        .any(|m| m.passes == 0 || m.elapsed < settings.seconds)
    {
        for (k, contender) in contenders.iter_mut().enumerate() {
            let m = &mut measured[k];
            if m.passes > 0 && m.elapsed >= settings.seconds {
                continue;
            }
            let pass = timed_pass(contender, lines, &watchdog, settings.limit)?;
            if pass.solutions != checked[k] {
                return Err(Problem::Inconsistent {
                    file: file.to_string(),
                    id: m.id.clone(),
                    checked: checked[k],
                    timed: pass.solutions,
                });
            }
            m.passes += 1;
            m.elapsed += pass.elapsed;
            (m.solutions, m.guesses, m.without_guessing) =
                (pass.solutions, pass.guesses, pass.without_guessing);
            progress(Progress::Passed {
                id: &m.id,
                passes: m.passes,
                spent: m.elapsed,
            });
        }
    }
    Ok(measured)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Capabilities, Counters, Family, Outcome, SolverInfo};

    /// A complete, counting 4×4 solver's description.
    fn four_by_four(id: &'static str, description: &'static str) -> SolverInfo {
        SolverInfo {
            id,
            family: Family::Backtracking,
            description,
            capabilities: Capabilities::exact(&[4]),
        }
    }

    /// Finds nothing and says it searched: a count no reference agrees with on solvable puzzles.
    struct NoneFound;

    impl Solver for NoneFound {
        fn info(&self) -> SolverInfo {
            four_by_four("none-found", "claims every puzzle unsolvable")
        }

        fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
            Outcome::from_search(None, Vec::new(), 0, Counters::default())
        }
    }

    /// Never returns until its budget is cancelled.
    struct Endless;

    impl Solver for Endless {
        fn info(&self) -> SolverInfo {
            four_by_four("endless", "spins until stopped")
        }

        fn solve(&mut self, _: &Grid, budget: &Budget) -> Outcome {
            let mut work = 0u64;
            loop {
                work += 1;
                if let Err(reason) = budget.check(work) {
                    return Outcome::from_search(Some(reason), Vec::new(), 0, Counters::default());
                }
                std::hint::spin_loop();
            }
        }
    }

    /// Solves 4×4 puzzles by trying every digit in every empty cell (complete, counting).
    struct Exhaustive;

    impl Solver for Exhaustive {
        fn info(&self) -> SolverInfo {
            four_by_four("exhaustive", "tries every digit")
        }

        fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
            fn fill(grid: &mut Grid, at: usize, limit: u64, found: &mut Vec<Grid>) {
                if found.len() as u64 >= limit {
                    return;
                }
                let Some(cell) = (at..16).find(|&c| grid.cells()[c] == 0) else {
                    found.push(grid.clone());
                    return;
                };
                for digit in 1..=4 {
                    grid.set(cell, digit);
                    if sudoku_core::validate_clues(grid).is_ok() {
                        fill(grid, cell + 1, limit, found);
                    }
                }
                grid.set(cell, 0);
            }
            let mut found = Vec::new();
            fill(&mut puzzle.clone(), 0, budget.solution_limit, &mut found);
            let count = found.len() as u64;
            Outcome::from_search(None, found, count, Counters::default())
        }
    }

    fn lines(texts: &[&str]) -> Vec<Line> {
        texts
            .iter()
            .enumerate()
            .map(|(k, text)| Line {
                place: format!("test:{}", k + 1),
                text: text.to_string(),
                grid: Grid::parse(text).unwrap(),
            })
            .collect()
    }

    fn contender(id: &str, solver: impl Solver + 'static) -> Contender {
        Contender {
            id: id.to_string(),
            solver: Box::new(solver),
        }
    }

    const SETTINGS: Settings = Settings {
        limit: 2,
        seconds: Duration::from_millis(20),
        timeout: Duration::from_millis(200),
    };

    #[test]
    fn counts_and_passes_are_measured_for_each_contender() {
        // A full grid with one cell emptied has one solution; a single clue leaves many (the
        // limit of 2 stops at two).
        let set = lines(&["12343412214343.1", "1..............."]);
        let mut contenders = [contender("a", Exhaustive), contender("b", Exhaustive)];
        let mut reference = [
            contender("ref-a", Exhaustive),
            contender("ref-b", Exhaustive),
        ];
        let mut passes_seen = 0;
        let measured = measure(
            &mut contenders,
            &mut reference,
            "test",
            &set,
            &SETTINGS,
            &mut |p| {
                if let Progress::Passed { .. } = p {
                    passes_seen += 1;
                }
            },
        )
        .unwrap();
        assert_eq!(measured.len(), 2);
        for m in &measured {
            assert_eq!(m.puzzles, 2);
            assert!(m.passes >= 1 && m.elapsed >= SETTINGS.seconds, "{m:?}");
            assert_eq!(m.solutions, 1 + 2, "{m:?}");
            assert!(m.puzzles_per_second() > 0.0);
        }
        assert_eq!(passes_seen, measured.iter().map(|m| m.passes).sum::<u32>());
    }

    /// What measuring `solver` on a 4×4 puzzle with many solutions, checked by [`Exhaustive`],
    /// ends with.
    fn measure_one_puzzle(solver: Contender) -> Problem {
        let set = lines(&["1..............."]);
        let mut reference = [contender("reference", Exhaustive)];
        measure(
            &mut [solver],
            &mut reference,
            "test",
            &set,
            &SETTINGS,
            &mut |_| {},
        )
        .unwrap_err()
    }

    #[test]
    fn a_count_the_reference_disagrees_with_stops_the_measurement() {
        let solver = contender("none-found", NoneFound);
        let problem = measure_one_puzzle(solver);
        assert_eq!(
            problem,
            Problem::WrongCount {
                place: "test:1".into(),
                id: "none-found".into(),
                count: 0,
                reference: "reference".into(),
                expected: 2
            }
        );
    }

    #[test]
    fn a_solve_past_the_time_limit_is_stopped_and_named() {
        let solver = contender("endless", Endless);
        let started = Instant::now();
        let problem = measure_one_puzzle(solver);
        assert!(
            matches!(&problem, Problem::Stopped { place, id, reason: StopReason::Cancelled }
                if place == "test:1" && id == "endless"),
            "{problem:?}"
        );
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(
            problem
                .to_string()
                .starts_with("test:1: endless did not finish: it ran past the time limit")
        );
    }
}
