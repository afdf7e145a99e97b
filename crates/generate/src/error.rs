//! What a generator's caller spends ([`Limits`]) and why a generator gave up
//! ([`GenerateError`]).

use std::fmt;
use std::time::Instant;

use sudoku_core::{
    Budget, Grid, Rejection, Shape, Solver, StopReason, Uniqueness, VariantKind, Verdict,
};

use crate::regions::UnsupportedSymmetry;

/// How much a generator may spend: a maximum number of attempts, a deadline, or both, and the
/// work each uniqueness check may take.
///
/// Built from [`Limits::attempts`] or [`Limits::until`], so a generator always has a bound and
/// never loops for ever. The deadline bounds everything, each solution count included: a count
/// the deadline stops ends the generation with [`ErrorKind::DeadlineReached`] rather than being
/// read as an answer, which keeps a seeded run's output independent of the machine's speed
/// (a run either returns what the seed gives or fails).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    max_attempts: Option<u64>,
    deadline: Option<Instant>,
    check_work: u64,
}

impl Limits {
    /// The cap each uniqueness check runs under unless set otherwise: 100,000 units of the
    /// counter's work counter (nodes, for `sudoku_bitmask::Bitmask`). Measured with that
    /// counter, uncapped: 100,000 thesis attempts on 9×9 took a median of 12 nodes, 31 at the
    /// 99.9th percentile, 12,358 at most; the checks of carving 9×9 and 12×12 grids at most 49
    /// and 253; those of carving 16×16 grids 5,681 at the 99.9th percentile but 859,690 at
    /// most (one in 5,120). The cap cuts that tail, which costs seconds a check, not the
    /// common case.
    pub const DEFAULT_CHECK_WORK: u64 = 100_000;

    /// At most `max` attempts (see each generator for what an attempt is).
    pub fn attempts(max: u64) -> Limits {
        Limits {
            max_attempts: Some(max),
            deadline: None,
            check_work: Limits::DEFAULT_CHECK_WORK,
        }
    }

    /// As many attempts as fit before `deadline`.
    pub fn until(deadline: Instant) -> Limits {
        Limits {
            max_attempts: None,
            deadline: Some(deadline),
            check_work: Limits::DEFAULT_CHECK_WORK,
        }
    }

    /// The same limits with at most `max` attempts as well.
    pub fn with_attempts(self, max: u64) -> Limits {
        Limits {
            max_attempts: Some(max),
            ..self
        }
    }

    /// The same limits with a deadline as well.
    pub fn with_deadline(self, deadline: Instant) -> Limits {
        Limits {
            deadline: Some(deadline),
            ..self
        }
    }

    /// The same limits with each uniqueness check capped at `cap` units of the counter's work
    /// counter ([`sudoku_core::Capabilities::work_counter`]). A check that reaches the cap
    /// decides nothing: each generator says what it does then.
    pub fn with_check_work(self, cap: u64) -> Limits {
        Limits {
            check_work: cap,
            ..self
        }
    }

    pub fn max_attempts(&self) -> Option<u64> {
        self.max_attempts
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    pub fn check_work(&self) -> u64 {
        self.check_work
    }

    /// Whether another attempt may start after `made` attempts; the error to return if not.
    pub(crate) fn before_attempt(&self, made: u64) -> Result<(), GenerateError> {
        if self.max_attempts.is_some_and(|max| made >= max) {
            return Err(GenerateError::new(ErrorKind::AttemptsExhausted, made));
        }
        if self.deadline.is_some_and(|at| Instant::now() >= at) {
            return Err(GenerateError::new(ErrorKind::DeadlineReached, made));
        }
        Ok(())
    }

    /// The budget of one uniqueness check: a solution limit of 2, the work cap, the deadline.
    fn check_budget(&self) -> Budget {
        let budget = Budget::unique().with_max_iterations(self.check_work);
        match self.deadline {
            Some(at) => budget.with_deadline(at),
            None => budget,
        }
    }
}

/// Why a generator returned without a puzzle, and how many attempts it had made.
///
/// Opaque, as the other crates' errors are: [`GenerateError::kind`] says what happened,
/// [`GenerateError::attempts`] how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError {
    kind: ErrorKind,
    attempts: u64,
}

/// What stopped a generator.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// [`Limits::attempts`] attempts were made, none successful.
    AttemptsExhausted,
    /// The deadline passed (between attempts or inside a solution count).
    DeadlineReached,
    /// The counter cannot count solutions of this shape: it is not complete, does not honour a
    /// solution limit of 2, or does not declare the size.
    UnfitCounter { counter: &'static str, shape: Shape },
    /// The counter misbehaved: an answer that failed verification, a crash, a failure, or a
    /// verdict impossible for the puzzle asked (no solution for clues cut from a full grid).
    CounterFailed {
        counter: &'static str,
        verdict: Verdict,
    },
    /// Filling an empty grid by randomized backtracking reached its bound
    /// (see [`crate::random_grid`]).
    FillGaveUp { shape: Shape, nodes: u64 },
    /// The counter does not declare the board's variant.
    UnfitVariant {
        counter: &'static str,
        variant: VariantKind,
    },
    /// Random jigsaw maps cannot keep the clue pattern's symmetry on this shape.
    MapSymmetry(UnsupportedSymmetry),
}

impl GenerateError {
    pub(crate) fn new(kind: ErrorKind, attempts: u64) -> GenerateError {
        GenerateError { kind, attempts }
    }

    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Attempts made before the generator stopped.
    pub fn attempts(&self) -> u64 {
        self.attempts
    }

    /// The same error, counted after `attempts` attempts.
    pub(crate) fn after(self, attempts: u64) -> GenerateError {
        GenerateError { attempts, ..self }
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let attempts = self.attempts;
        match &self.kind {
            ErrorKind::AttemptsExhausted => {
                write!(f, "no puzzle in {attempts} attempts (the attempt limit)")
            }
            ErrorKind::DeadlineReached => {
                write!(f, "deadline reached after {attempts} attempts")
            }
            ErrorKind::UnfitCounter { counter, shape } => write!(
                f,
                "solver `{counter}` cannot count the solutions of {shape} puzzles \
                 (a complete, counting solver that declares the size is needed)"
            ),
            ErrorKind::CounterFailed { counter, verdict } => write!(
                f,
                "solver `{counter}` failed while counting solutions: {verdict} \
                 (after {attempts} attempts)"
            ),
            ErrorKind::FillGaveUp { shape, nodes } => write!(
                f,
                "filling a {shape} grid gave up after {nodes} search nodes (its bound)"
            ),
            ErrorKind::UnfitVariant { counter, variant } => write!(
                f,
                "solver `{counter}` does not take {variant} boards, so it cannot count their \
                 solutions"
            ),
            ErrorKind::MapSymmetry(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for GenerateError {}

/// What one bounded uniqueness check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    Unique(Grid),
    NoSolution,
    /// At least two: two of them.
    Multiple(Box<[Grid; 2]>),
    /// The work cap was reached first.
    Undecided,
}

/// Fails unless `counter` can prove uniqueness on boards of `shape` and variant `variant`.
pub(crate) fn fit_counter(
    counter: &dyn Solver,
    shape: Shape,
    variant: VariantKind,
) -> Result<(), GenerateError> {
    let info = counter.info();
    let caps = &info.capabilities;
    if !(caps.complete && caps.counts_solutions && caps.supports(shape)) {
        let kind = ErrorKind::UnfitCounter {
            counter: info.id,
            shape,
        };
        return Err(GenerateError::new(kind, 0));
    }
    if !caps.supports_variant(variant) {
        let kind = ErrorKind::UnfitVariant {
            counter: info.id,
            variant,
        };
        return Err(GenerateError::new(kind, 0));
    }
    Ok(())
}

/// Counts `puzzle`'s solutions up to 2 within `limits`' check budget. The work cap gives
/// [`Check::Undecided`]; the deadline and every misbehaviour of the counter give an error
/// (counted at 0 attempts: the caller sets the count with [`GenerateError::after`]).
pub(crate) fn check(
    counter: &mut dyn Solver,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<Check, GenerateError> {
    let failed = |verdict: Verdict, counter: &dyn Solver| {
        let kind = ErrorKind::CounterFailed {
            counter: counter.info().id,
            verdict,
        };
        GenerateError::new(kind, 0)
    };
    match sudoku_core::uniqueness(counter, puzzle, &limits.check_budget()) {
        Uniqueness::Unique(solution) => Ok(Check::Unique(solution)),
        Uniqueness::NoSolution => Ok(Check::NoSolution),
        Uniqueness::Multiple { first, second, .. } => {
            Ok(Check::Multiple(Box::new([first, second])))
        }
        Uniqueness::Undecided(outcome) => match outcome.verdict {
            Verdict::GaveUp(StopReason::IterationCap) => Ok(Check::Undecided),
            Verdict::GaveUp(StopReason::Deadline) => {
                Err(GenerateError::new(ErrorKind::DeadlineReached, 0))
            }
            Verdict::Rejected(Rejection::UnsupportedSize(shape)) => {
                let kind = ErrorKind::UnfitCounter {
                    counter: counter.info().id,
                    shape,
                };
                Err(GenerateError::new(kind, 0))
            }
            Verdict::Rejected(Rejection::UnsupportedVariant(variant)) => {
                let kind = ErrorKind::UnfitVariant {
                    counter: counter.info().id,
                    variant,
                };
                Err(GenerateError::new(kind, 0))
            }
            verdict => Err(failed(verdict, counter)),
        },
    }
}
