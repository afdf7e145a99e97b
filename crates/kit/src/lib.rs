//! The conformance kit: one corpus, every solver, checks adjusted to what each solver declares.
//!
//! A solver crate runs it in one test:
//!
//! ```text
//! #[test]
//! fn conforms() {
//!     sudoku_kit::assert_conforms(&mut MySolver::default());
//! }
//! ```
//!
//! The registry's runner (`crates/registry/tests/conformance.rs`) runs [`check`] on every
//! registered solver, one test per solver id, and [`check_agreement`] against another complete
//! solver, so a registered solver is checked without a test of its own.
//!
//! The corpus (`datasets/conformance.txt`, `puzzle:count[:solution]` lines) holds unique,
//! multi-solution (with exact counts), unsolvable and invalid puzzles from 4×4 to 16×16, classic
//! and, from 4×4 to 9×9, diagonal, jigsaw and jigsaw-diagonal ones (run for a solver that
//! declares the variant, skipped and counted otherwise). Every
//! case runs through [`solve_checked`], so every returned solution is verified. What is demanded
//! follows [`Capabilities`]:
//!
//! | check | complete + counting | complete | incomplete |
//! |---|---|---|---|
//! | unique case | the solution; uniqueness proven | the solution | the solution, or gave up |
//! | multi-solution case | exact count, distinct solutions | one valid solution | valid solution, or gave up |
//! | unsolvable case | `Unsolvable` | `Unsolvable` | gave up |
//! | invalid clues | rejected | rejected | rejected |
//! | solvable cases, overall | all solved | all solved | at least [`MIN_SOLVED_SHARE`] solved |
//! | watched solve, one unique case a size | every event fits the board and the replay ends on the first solution, same outcome as unwatched; a refusal only from an external engine | same | same, when it solves |
//! | cancelled, past deadline, iteration cap | gives up with that reason | same | same |
//! | solve after a stopped one | same outcome as before the stop | same | same |
//! | stochastic: same seed twice | the same run twice | same | same |
//! | 4×4 variant boards ([`brute_force`]; every variant declared, not coarse) | every solution listed, as a brute force over the Latin squares finds them | — | — |
//! | [`check_agreement`] (corpus and named boards) | same verdicts, counts and solutions as the reference | same verdicts; a solution the reference found | — |
//!
//! No check depends on how fast a solver is: budgets that must stop a solve are a cancel flag, a
//! deadline already past or an iteration cap (an incomplete solver gets [`INCOMPLETE_CAP`] a
//! case), and the only clock bound ([`HANG_LIMIT`]) is far beyond any case and exists to turn a
//! hang into a failure.

pub mod brute_force;
pub mod variant_boards;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sudoku_core::{
    Budget, Capabilities, Grid, Outcome, Rejection, Replay, Shape, Solver, StopReason, Verdict,
    parse_entries, solve_checked, solve_guarded, validate_clues,
};

const CORPUS: &str = include_str!("../../../datasets/conformance.txt");

/// A wall-clock bound on every solve the kit asks for, there only to turn a hang into a
/// failure: corpus cases take milliseconds, so no solver that works comes near it.
pub const HANG_LIMIT: Duration = Duration::from_secs(60);

/// The share of the corpus's solvable cases (of its sizes) an incomplete solver must solve within
/// [`INCOMPLETE_CAP`]. Giving up is allowed case by case, but a solver that always gives up is of
/// no use and fails the kit.
pub const MIN_SOLVED_SHARE: f64 = 0.9;

/// The work an incomplete solver may spend on one corpus case, in its declared work counter: a
/// budget of work rather than time, so the share it solves is the same on any machine, and
/// unsolvable cases, which it can only give up on, end without waiting for its own limits.
pub const INCOMPLETE_CAP: u64 = 10_000_000;

/// The iteration caps the kit stops solves with, in the solver's declared work counter.
const CAPS: [u64; 3] = [1, 100, 10_000];
/// The caps tried on a solver whose work units are whole engine runs: each is a large budget.
const COARSE_CAPS: [u64; 3] = [1, 2, 5];

/// Solutions listed at most by [`check_agreement`]: above every corpus count, so whole solution
/// sets are compared (puzzles with more are compared on their counts only).
const AGREEMENT_LIMIT: usize = 1000;

/// The most solutions the kit has a solver with coarse work units count ([`Capabilities::coarse_work`]:
/// one engine run per solution, each slower than the last as exclusion cuts pile up); above it,
/// the count must stop exactly at the limit.
pub const COARSE_COUNT_LIMIT: u64 = 20;

/// The work caps the kit stops `caps` with.
fn caps_tried(caps: &Capabilities) -> [u64; 3] {
    if caps.coarse_work { COARSE_CAPS } else { CAPS }
}

/// How many solutions the kit asks `caps` to count.
fn count_limit(caps: &Capabilities) -> u64 {
    if caps.coarse_work {
        COARSE_COUNT_LIMIT
    } else {
        u64::MAX
    }
}

/// What a corpus case is, by its clues and count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseKind {
    Unique,
    Multiple,
    Unsolvable,
    Invalid,
}

/// One corpus line.
#[derive(Clone, Debug)]
pub struct Case {
    pub line: usize,
    pub puzzle: Grid,
    pub kind: CaseKind,
    /// Exact number of solutions (0 for unsolvable and invalid).
    pub count: u64,
    pub solution: Option<Grid>,
}

/// The whole corpus, in file order.
pub fn corpus() -> Vec<Case> {
    parse_entries(CORPUS)
        .expect("the corpus parses")
        .into_iter()
        .map(|entry| {
            let count = entry.expected_count.expect("every corpus line has a count");
            let kind = match count {
                _ if validate_clues(&entry.grid).is_err() => CaseKind::Invalid,
                0 => CaseKind::Unsolvable,
                1 => CaseKind::Unique,
                _ => CaseKind::Multiple,
            };
            Case {
                line: entry.line,
                puzzle: entry.grid,
                kind,
                count,
                solution: entry.solution,
            }
        })
        .collect()
}

/// What a kit run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Cases and other checks that ran.
    pub checks: usize,
    /// Cases skipped because the solver does not declare their size.
    pub skipped: usize,
    /// Solvable cases that ran.
    pub solvable: usize,
    /// Solvable cases an incomplete solver gave up on (allowed, up to [`MIN_SOLVED_SHARE`]).
    pub gave_up: usize,
    pub failures: Vec<String>,
}

impl Report {
    /// Adds another run's findings to this one.
    pub fn merge(&mut self, other: Report) {
        self.checks += other.checks;
        self.skipped += other.skipped;
        self.solvable += other.solvable;
        self.gave_up += other.gave_up;
        self.failures.extend(other.failures);
    }

    /// `Ok` when checks ran and none failed; otherwise every failure, one a line, under `id`.
    pub fn result(&self, id: &str) -> Result<(), String> {
        if self.checks == 0 {
            return Err(format!("{id}: the kit ran no check"));
        }
        if self.failures.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{id} fails the conformance kit ({} of {} checks):\n{}",
            self.failures.len(),
            self.checks,
            self.failures.join("\n")
        ))
    }

    fn record(&mut self, what: &str, result: Result<(), String>) {
        self.checks += 1;
        if let Err(why) = result {
            self.failures.push(format!("{what}: {why}"));
        }
    }
}

/// Runs the whole kit against `solver` and reports every failure.
pub fn check(solver: &mut dyn Solver) -> Report {
    let caps = solver.info().capabilities;
    let mut report = Report::default();
    for case in corpus() {
        if !takes(&caps, &case.puzzle) {
            report.skipped += 1;
            continue;
        }
        let result = check_case(solver, &caps, &case, &mut report);
        let what = format!(
            "corpus line {} ({} {:?})",
            case.line,
            case.puzzle.shape(),
            case.kind
        );
        report.record(&what, result);
    }
    report.record("solvable cases", check_solved_share(&report));
    if takes_small_variants(&caps) {
        report.record(
            "4×4 variant boards against a brute force",
            brute_force::check_brute_force(solver),
        );
    }
    check_budgets(solver, &caps, &mut report);
    check_watch_replay(solver, &caps, &mut report);
    report.record(
        "after a stopped solve",
        check_clean_after_stop(solver, &caps),
    );
    report
}

/// Runs the kit and panics with every failure listed if there are any.
pub fn assert_conforms(solver: &mut dyn Solver) {
    let id = solver.info().id;
    assert_passed(check(solver).result(id));
}

fn assert_passed(result: Result<(), String>) {
    if let Err(failures) = result {
        panic!("{failures}");
    }
}

/// `budget` with [`HANG_LIMIT`] as its deadline.
fn bounded(budget: Budget) -> Budget {
    budget.with_time_limit(HANG_LIMIT)
}

fn check_case(
    solver: &mut dyn Solver,
    caps: &Capabilities,
    case: &Case,
    report: &mut Report,
) -> Result<(), String> {
    let budget = if caps.complete {
        Budget::solve()
    } else {
        Budget::solve().with_max_iterations(INCOMPLETE_CAP)
    };
    let outcome = solve_checked(solver, &case.puzzle, &bounded(budget));
    if let Verdict::WrongAnswer(why) = &outcome.verdict {
        return Err(format!("wrong answer: {why}"));
    }
    match case.kind {
        CaseKind::Invalid => expect_rejected(&outcome),
        CaseKind::Unsolvable if caps.complete => expect_verdict(&outcome, Verdict::Unsolvable),
        CaseKind::Unsolvable => expect_gave_up(&outcome),
        CaseKind::Unique | CaseKind::Multiple => {
            report.solvable += 1;
            if !caps.complete && matches!(outcome.verdict, Verdict::GaveUp(_)) {
                report.gave_up += 1;
                return Ok(());
            }
            expect_verdict(&outcome, Verdict::Solved)?;
            if let Some(expected) = &case.solution
                && outcome.solutions.first() != Some(expected)
            {
                return Err("solved, but not to the corpus's solution".into());
            }
            if caps.counts_solutions {
                check_counts(solver, case)?;
            }
            Ok(())
        }
    }
}

/// An incomplete solver solved at least [`MIN_SOLVED_SHARE`] of the solvable cases it ran.
fn check_solved_share(report: &Report) -> Result<(), String> {
    let solved = report.solvable - report.gave_up;
    if solved as f64 >= MIN_SOLVED_SHARE * report.solvable as f64 {
        Ok(())
    } else {
        Err(format!(
            "solved {solved} of {}; the kit demands at least {:.0}%",
            report.solvable,
            MIN_SOLVED_SHARE * 100.0
        ))
    }
}

/// A counting solver finds exactly the corpus's count, stops at a limit, and lists distinct
/// solutions.
fn check_counts(solver: &mut dyn Solver, case: &Case) -> Result<(), String> {
    let limit = count_limit(&solver.info().capabilities);
    let all = solve_checked(solver, &case.puzzle, &bounded(Budget::count(limit)));
    expect_verdict(&all, Verdict::Solved)?;
    if all.solution_count != case.count.min(limit) {
        return Err(format!(
            "counted {} solutions up to {limit}, the corpus says {}",
            all.solution_count, case.count
        ));
    }
    let listed = solve_checked(solver, &case.puzzle, &bounded(Budget::list(2)));
    expect_verdict(&listed, Verdict::Solved)?;
    let expected = case.count.min(2);
    if listed.solution_count != expected || listed.solutions.len() as u64 != expected {
        return Err(format!(
            "with a limit of 2, reported {} solutions and returned {}; expected {expected}",
            listed.solution_count,
            listed.solutions.len()
        ));
    }
    Ok(())
}

fn expect_verdict(outcome: &Outcome, expected: Verdict) -> Result<(), String> {
    if outcome.verdict == expected {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {}", outcome.verdict))
    }
}

fn expect_rejected(outcome: &Outcome) -> Result<(), String> {
    match outcome.verdict {
        Verdict::Rejected(Rejection::ConflictingClues(_)) => Ok(()),
        ref other => Err(format!("conflicting clues must be rejected, got {other}")),
    }
}

fn expect_gave_up(outcome: &Outcome) -> Result<(), String> {
    match outcome.verdict {
        Verdict::GaveUp(_) => Ok(()),
        ref other => Err(format!(
            "an incomplete solver must give up here, got {other}"
        )),
    }
}

/// Whether the 4×4 brute-force check applies: a complete counting solver that takes 4×4 boards
/// of every variant and counts in fine steps (a solver whose unit of work is an engine run
/// lists the boards' dozens of solutions one engine run each; it gets the corpus's variant
/// cases).
fn takes_small_variants(caps: &Capabilities) -> bool {
    caps.complete
        && caps.counts_solutions
        && !caps.coarse_work
        && caps.supports(Shape::S4)
        && sudoku_core::VariantKind::ALL
            .iter()
            .all(|&kind| caps.supports_variant(kind))
}

/// Whether a solver declaring `caps` takes boards like `puzzle`: its size and its variant.
fn takes(caps: &Capabilities, puzzle: &Grid) -> bool {
    caps.takes(puzzle.size(), puzzle.variant().kind())
}

/// The board side the kit stops solves on: 9 if declared, else the largest declared.
fn stop_shape(caps: &Capabilities) -> Shape {
    let size = if caps.supports(Shape::S9) {
        9
    } else {
        caps.sizes[caps.sizes.len() - 1]
    };
    Shape::from_size(size).expect("declared sizes are real")
}

/// A puzzle the solver cannot settle quickly: counting every solution of an empty board for a
/// counting solver, else [`dead_end`], which only a complete search settles.
fn endless_task(caps: &Capabilities) -> (Grid, Budget) {
    let shape = stop_shape(caps);
    if caps.counts_solutions {
        (Grid::empty(shape), Budget::count(u64::MAX))
    } else {
        (dead_end(shape), Budget::solve())
    }
}

/// A consistent board with no solution, found out late: the last row holds 1 to n-1 and the last
/// box holds n above it, so the last cell has no candidate, and a row-major search learns it only
/// after filling the rows above in every way it can. Solver tests use it too: an incomplete solver
/// can only give up on it.
pub fn dead_end(shape: Shape) -> Grid {
    let n = shape.size();
    let last_row = n * (n - 1);
    let mut grid = Grid::empty(shape);
    for digit in 1..n {
        grid.set(last_row + digit - 1, digit as u8);
    }
    grid.set(last_row - shape.box_cols(), n as u8);
    grid
}

/// The unique corpus case of this shape with the most empty cells.
fn hardest_unique(shape: Shape) -> Option<Grid> {
    corpus()
        .into_iter()
        .filter(|case| case.kind == CaseKind::Unique && case.puzzle.shape() == shape)
        .max_by_key(|case| case.puzzle.cells().iter().filter(|&&v| v == 0).count())
        .map(|case| case.puzzle)
}

/// Each way of running out stops the solver with the matching reason. Each budget also carries
/// a bound of another kind that stops a solver ignoring the one under test, so it fails rather
/// than hangs; no bound depends on the solver's speed.
fn check_budgets(solver: &mut dyn Solver, caps: &Capabilities, report: &mut Report) {
    let (puzzle, base) = endless_task(caps);
    let cancelled = bounded(base.clone()).with_cancel(Arc::new(AtomicBool::new(true)));
    let outcome = solve_checked(solver, &puzzle, &cancelled);
    report.record(
        "budget (cancelled)",
        gave_up(&outcome, StopReason::Cancelled),
    );
    let past = base
        .clone()
        .with_deadline(Instant::now())
        .with_cancel(watchdog());
    let outcome = solve_checked(solver, &puzzle, &past);
    report.record(
        "budget (past deadline)",
        gave_up(&outcome, StopReason::Deadline),
    );
    for cap in caps_tried(caps) {
        let capped = bounded(base.clone()).with_max_iterations(cap);
        let outcome = solve_checked(solver, &puzzle, &capped);
        let result = gave_up(&outcome, StopReason::IterationCap).and_then(|()| {
            let work = outcome.counters.get(caps.work_counter);
            if work >= cap {
                return Ok(());
            }
            Err(format!(
                "stopped after {work} {}: the cap is not on the declared work counter",
                caps.work_counter
            ))
        });
        report.record(&format!("budget (cap of {cap})"), result);
    }
    if caps.stochastic {
        report.record("same seed twice", check_seeded_repeat(solver, caps));
    }
}

fn gave_up(outcome: &Outcome, reason: StopReason) -> Result<(), String> {
    match &outcome.verdict {
        Verdict::GaveUp(got) if *got == reason => Ok(()),
        other => Err(format!("expected to give up ({reason}), got {other}")),
    }
}

/// A cancel flag raised after [`HANG_LIMIT`]: the hang bound of a check whose own deadline is
/// already past, since a second deadline could not tell the two apart.
fn watchdog() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raise = Arc::clone(&flag);
    std::thread::spawn(move || {
        std::thread::sleep(HANG_LIMIT);
        raise.store(true, Ordering::Relaxed);
    });
    flag
}

/// A stochastic solver given the same seed twice does the same thing twice.
fn check_seeded_repeat(solver: &mut dyn Solver, caps: &Capabilities) -> Result<(), String> {
    let case = corpus()
        .into_iter()
        .find(|case| case.kind == CaseKind::Unique && takes(caps, &case.puzzle))
        .ok_or("no unique case of a supported size")?;
    let budget = bounded(Budget::solve().with_seed(7).with_max_iterations(200_000));
    let first = solve_checked(solver, &case.puzzle, &budget);
    let second = solve_checked(solver, &case.puzzle, &budget);
    if first == second {
        Ok(())
    } else {
        Err(format!(
            "seed 7 twice gave different runs: {} with {:?}, then {} with {:?}",
            first.verdict, first.counters, second.verdict, second.counters
        ))
    }
}

/// The animation's contract: a watched solve reports steps that each fit the board as replayed
/// from the puzzle ([`Replay`]: no clue overwritten, no digit taken from a cell that does not
/// hold it), at least one step when it solves, ends on its first solution, and solves exactly
/// as an unwatched solve does. Only a solver declaring an external engine may refuse to be
/// watched, and then in its own name. Checked on the first unique case of each declared size
/// and variant.
fn check_watch_replay(solver: &mut dyn Solver, caps: &Capabilities, report: &mut Report) {
    let mut boards_seen = Vec::new();
    for case in corpus() {
        let board = (case.puzzle.size(), case.puzzle.variant().kind());
        if case.kind == CaseKind::Unique
            && takes(caps, &case.puzzle)
            && !boards_seen.contains(&board)
        {
            boards_seen.push(board);
            let result = watch_replays(solver, caps, &case.puzzle);
            let what = format!("watched solve of corpus line {}", case.line);
            report.record(&what, result);
        }
    }
}

fn watch_replays(
    solver: &mut dyn Solver,
    caps: &Capabilities,
    puzzle: &Grid,
) -> Result<(), String> {
    let budget = bounded(Budget::solve());
    let plain = solve_guarded(solver, puzzle, &budget);
    let mut replay = Replay::new(puzzle);
    let mut misfit = None;
    let watched = solver.solve_watched(puzzle, &budget, &mut |event| {
        if misfit.is_none()
            && let Err(why) = replay.apply(&event)
        {
            misfit = Some(why);
        }
    });
    let watched = match watched {
        Ok(outcome) => outcome,
        Err(refusal) if refusal.solver != solver.info().id => {
            return Err(format!("refused in another solver's name: {refusal}"));
        }
        Err(refusal) if !caps.external_engine => {
            return Err(format!(
                "refused without an external engine to blame: {refusal}"
            ));
        }
        Err(_) => return Ok(()),
    };
    if let Some(why) = misfit {
        return Err(why);
    }
    if !caps.complete && matches!(watched.verdict, Verdict::GaveUp(_)) {
        return Ok(());
    }
    let has_blanks = puzzle.cells().contains(&0);
    if watched.is_solved() && has_blanks && replay.tally().total() == 0 {
        return Err("solved without reporting a step".into());
    }
    let replayed = puzzle.with_cells(replay.cells().to_vec());
    if watched.solutions.first() != replayed.as_ref() {
        return Err(format!(
            "the steps replayed ({}) end on {}, not on the first solution ({})",
            replay.tally().describe(),
            replayed.map_or_else(|| "no board".to_string(), |g| g.to_string()),
            watched.verdict
        ));
    }
    if !same_search(&watched, &plain) {
        return Err(format!(
            "watching changed the solve: {} with {:?} watched, {} with {:?} not",
            watched.verdict, watched.counters, plain.verdict, plain.counters
        ));
    }
    Ok(())
}

/// Whether two outcomes tell of the same search: equal in all but the times among their counters.
fn same_search(a: &Outcome, b: &Outcome) -> bool {
    let work = |o: &Outcome| Outcome {
        counters: o.counters.work_only(),
        ..o.clone()
    };
    work(a) == work(b)
}

/// Solvers reuse scratch space between solves: one cut short by a cap or a cancel must leave
/// none of its state behind. The hardest unique case of the stop size is solved before and after
/// each stopped solve, with the same outcome.
fn check_clean_after_stop(solver: &mut dyn Solver, caps: &Capabilities) -> Result<(), String> {
    let (endless, base) = endless_task(caps);
    let probe = hardest_unique(endless.shape()).ok_or("no unique case to probe with")?;
    // Made fresh for every solve, so no probe inherits a deadline another solve used up.
    let probe_budget = || {
        bounded(if caps.counts_solutions {
            Budget::unique()
        } else {
            Budget::solve()
        })
    };
    let before = solve_checked(solver, &probe, &probe_budget());
    let stops = caps_tried(caps).map(Some).into_iter().chain([None]);
    for cap in stops {
        let stop = match cap {
            Some(cap) => bounded(base.clone()).with_max_iterations(cap),
            None => bounded(base.clone()).with_cancel(Arc::new(AtomicBool::new(true))),
        };
        let stopped = solve_checked(solver, &endless, &stop);
        if !matches!(stopped.verdict, Verdict::GaveUp(_)) {
            return Err(format!("expected a stopped solve, got {}", stopped.verdict));
        }
        let after = solve_checked(solver, &probe, &probe_budget());
        if !same_search(&after, &before) {
            return Err(format!(
                "after a solve {}, the next solve differs: {} with {:?}, before {} with {:?}",
                stopped.verdict, after.verdict, after.counters, before.verdict, before.counters
            ));
        }
    }
    Ok(())
}

/// Checks that `solver` (complete) finds what `reference` (complete, counting) finds on every
/// consistent corpus case and named board of a size both declare: for a counting solver the same
/// verdict, count and set of solutions; for one that does not count, the same verdict and a
/// solution the reference found. An incomplete solver has nothing to agree on: its report is
/// empty. Agreement is transitive, so the registry's runner checks each complete solver against
/// one other and every pair agrees.
pub fn check_agreement(solver: &mut dyn Solver, reference: &mut dyn Solver) -> Report {
    let caps = solver.info().capabilities;
    let theirs_caps = reference.info().capabilities;
    let mut report = Report::default();
    if !caps.complete {
        return report;
    }
    if !(theirs_caps.complete && theirs_caps.counts_solutions) {
        report.record(
            "agreement",
            Err(format!("{} does not count solutions", reference.info().id)),
        );
        return report;
    }
    let corpus = corpus()
        .into_iter()
        .filter(|case| case.kind != CaseKind::Invalid)
        .map(|case| (format!("corpus line {}", case.line), case.puzzle));
    let named = sudoku_catalog::named_dataset()
        .puzzles
        .into_iter()
        .map(|puzzle| (format!("named board {}", puzzle.id), puzzle.grid));
    let limit = count_limit(&caps)
        .min(count_limit(&theirs_caps))
        .min(AGREEMENT_LIMIT as u64);
    let list = || bounded(Budget::list(limit as usize));
    for (label, puzzle) in corpus.chain(named) {
        if !takes(&caps, &puzzle) || !takes(&theirs_caps, &puzzle) {
            report.skipped += 1;
            continue;
        }
        // Each solve gets its own hang limit, from when it starts.
        let ours_budget = if caps.counts_solutions {
            list()
        } else {
            bounded(Budget::solve())
        };
        let ours = solve_checked(solver, &puzzle, &ours_budget);
        let theirs = solve_checked(reference, &puzzle, &list());
        let result = agree(&ours, &theirs, caps.counts_solutions, limit);
        let what = format!("{label}, against {}", reference.info().id);
        report.record(&what, result);
    }
    report
}

fn agree(ours: &Outcome, theirs: &Outcome, counting: bool, limit: u64) -> Result<(), String> {
    if ours.verdict != theirs.verdict {
        return Err(format!(
            "{}, the reference {}",
            ours.verdict, theirs.verdict
        ));
    }
    if counting {
        if ours.solution_count != theirs.solution_count {
            return Err(format!(
                "{} solutions, the reference {}",
                ours.solution_count, theirs.solution_count
            ));
        }
        let set = |outcome: &Outcome| outcome.solutions.iter().cloned().collect::<HashSet<_>>();
        if listed_all(theirs, limit) && set(ours) != set(theirs) {
            return Err("the same count, but different solutions".into());
        }
    } else if let Some(first) = ours.solutions.first()
        && listed_all(theirs, limit)
        && !theirs.solutions.contains(first)
    {
        return Err("a solution the reference did not find".into());
    }
    Ok(())
}

/// Whether the reference listed every solution (it stopped below the limit it was given).
fn listed_all(theirs: &Outcome, limit: u64) -> bool {
    theirs.solution_count < limit
}

/// Runs [`check_agreement`] and panics with every disagreement listed if there are any.
pub fn assert_agrees(solver: &mut dyn Solver, reference: &mut dyn Solver) {
    let id = solver.info().id;
    assert_passed(check_agreement(solver, reference).result(id));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_covers_every_kind_in_4_9_and_16() {
        let cases = corpus();
        for size in [4, 9, 16] {
            for kind in [
                CaseKind::Unique,
                CaseKind::Multiple,
                CaseKind::Unsolvable,
                CaseKind::Invalid,
            ] {
                assert!(
                    cases
                        .iter()
                        .any(|c| c.kind == kind && c.puzzle.size() == size),
                    "no {kind:?} case of size {size}"
                );
            }
        }
    }

    #[test]
    fn unique_cases_carry_verified_solutions() {
        for case in corpus().iter().filter(|c| c.kind == CaseKind::Unique) {
            let solution = case
                .solution
                .as_ref()
                .expect("unique cases give their solution");
            assert_eq!(sudoku_core::verify_solution(&case.puzzle, solution), Ok(()));
        }
    }
}
