//! An animation's frames: a solver's own search, watched step by step and sampled into the
//! boards to draw. Pure (no pixels, no file): the GIF writer (`sudoku_charts::gif`) draws the
//! frames this module keeps, so the sampling is tested without drawing anything.
//!
//! The search runs once through [`Solver::solve_watched`]; every event it reports is one step,
//! followed on the board by a [`Replay`] (which also refuses a step that does not fit the board,
//! so the picture never shows what the solver did not do). Each frame says what its step did,
//! in the words of the solver's family: a backtracking search places digits (a guess, a forced
//! digit) and takes them back; Dancing Links covers rows and uncovers them; a local search or a
//! genetic algorithm changes a full board, its cost in the caption; a person's techniques show
//! the pencil marks and the candidates a step strikes.
//!
//! Frames are sampled evenly in a single pass with bounded memory: a frame is kept every
//! `stride` steps, and whenever the frames would exceed the limit every other one is dropped and
//! the stride doubles. The first frame is the puzzle, the last the solution (or the final state
//! when the search did not solve it). A solver that cannot be watched (its search runs in an
//! external engine) is refused with a [`NotWatchable`] error the caller can downcast.

use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use sudoku_core::format::symbol;
use sudoku_core::{
    Budget, Counters, DigitSet, EventKind, EventTally, Family, Grid, NotWatchable, Replay,
    SearchEvent, Shape, Solver, Verdict, admit, check_answer, counted, thousands,
};

/// What an animation shows.
#[derive(Clone, Debug)]
pub struct AnimationSummary {
    pub path: PathBuf,
    pub frames: usize,
    /// Events the search reported (each a step).
    pub steps: u64,
    /// The steps by kind (placements, removals, covers, moves, technique steps, …).
    pub tally: EventTally,
    /// Steps between two sampled frames at the end.
    pub stride: u64,
    pub verdict: Verdict,
    pub counters: Counters,
}

impl AnimationSummary {
    /// One line for the command line: `x.gif: 300 frames of 187,234 steps (93,600 placements,
    /// 93,583 removals); solved`.
    pub fn describe(&self) -> String {
        format!(
            "{}: {} of {} ({}); {}",
            self.path.display(),
            counted(self.frames as u64, ("frame", "frames")),
            counted(self.steps, ("step", "steps")),
            self.tally.describe(),
            self.verdict
        )
    }
}

/// How a frame marks a cell the step it shows acted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// A digit forced in (propagation, a single, a technique).
    Placed,
    /// A digit chosen among several: a branch the search may undo.
    Guessed,
    /// A Dancing Links row selected (its columns covered).
    Covered,
    /// The digit taken back out of the cell.
    Removed(u8),
    /// A cell a local-search move changed.
    Moved,
}

/// A sampled state of the board, with its captions.
#[derive(Clone, Debug)]
pub struct Frame {
    pub cells: Vec<u8>,
    /// Pencil marks of a technique step (candidates per cell), if the step showed them.
    pub marks: Option<Vec<DigitSet>>,
    pub step: u64,
    pub highlights: Vec<(usize, Highlight)>,
    /// Candidates the step struck, `(cell, digit)`, drawn crossed out.
    pub struck: Vec<(usize, u8)>,
    /// The counts so far (`step 1,234 · 600 placements, …`).
    pub counts: String,
    /// What the step did (`placed 5 at r3c4 (guess)`).
    pub event: String,
}

/// Keeps at most `max` frames spread evenly over a stream of steps.
#[derive(Debug)]
struct Sampler {
    max: usize,
    stride: u64,
    frames: Vec<Frame>,
}

impl Sampler {
    fn new(max: usize) -> Sampler {
        Sampler {
            max: max.max(1),
            stride: 1,
            frames: Vec::new(),
        }
    }

    /// Whether step `step` is one to keep a frame of.
    fn wants(&self, step: u64) -> bool {
        step.is_multiple_of(self.stride)
    }

    fn keep(&mut self, frame: Frame) {
        self.frames.push(frame);
        if self.frames.len() > self.max {
            self.stride *= 2;
            let stride = self.stride;
            self.frames.retain(|f| f.step.is_multiple_of(stride));
        }
    }
}

/// Follows a watched search: the replayed board, the frames kept, and the first step that did
/// not fit the board.
struct Recorder {
    shape: Shape,
    family: Family,
    replay: Replay,
    /// The pencil marks of the last technique step: a backtrack between two steps is drawn
    /// over them, so the marks do not blink out while digits are taken back.
    last_marks: Option<Vec<DigitSet>>,
    sampler: Sampler,
    misfit: Option<String>,
}

impl Recorder {
    fn hear(&mut self, event: &SearchEvent<'_>) {
        if self.misfit.is_some() {
            return;
        }
        if let Err(why) = self.replay.apply(event) {
            self.misfit = Some(why);
            return;
        }
        match event {
            SearchEvent::Technique { marks, .. } => self.last_marks = Some(marks.to_vec()),
            SearchEvent::Place { .. } | SearchEvent::Cover { .. } => self.last_marks = None,
            _ => {}
        }
        let step = self.replay.tally().total();
        if self.sampler.wants(step) {
            let frame = self.frame(step, event);
            self.sampler.keep(frame);
        }
    }

    /// The board now, after `event`, with its captions.
    fn frame(&self, step: u64, event: &SearchEvent<'_>) -> Frame {
        let (highlights, struck) = marks_of(event);
        Frame {
            cells: self.replay.cells().to_vec(),
            marks: self
                .replay
                .marks()
                .map(<[DigitSet]>::to_vec)
                .or_else(|| self.last_marks.clone()),
            step,
            highlights,
            struck,
            counts: format!("step {} · {}", thousands(step), self.counts()),
            event: describe_event(self.shape, self.family, event),
        }
    }

    /// The counts that matter for this kind of search.
    fn counts(&self) -> String {
        let tally = self.replay.tally();
        let cost = self.replay.cost().unwrap_or(0);
        let fills = tally.get(EventKind::Fill);
        if self.family == Family::Evolutionary {
            return format!(
                "generation {}, best cost {cost}",
                thousands(fills.saturating_sub(1))
            );
        }
        if tally.get(EventKind::Move) > 0 || fills > 0 {
            let mut text = format!(
                "move {}, cost {cost}",
                thousands(tally.get(EventKind::Move))
            );
            if fills > 1 {
                text += &format!(", {}", counted(fills - 1, ("restart", "restarts")));
            }
            return text;
        }
        if tally.get(EventKind::Cover) > 0 {
            return format!(
                "{}, {}",
                counted(tally.get(EventKind::Cover), EventKind::Cover.noun()),
                counted(tally.get(EventKind::Uncover), EventKind::Uncover.noun())
            );
        }
        let search = format!(
            "{}, {}, {}",
            counted(tally.get(EventKind::Placement), EventKind::Placement.noun()),
            counted(tally.guesses(), ("guess", "guesses")),
            counted(tally.get(EventKind::Removal), EventKind::Removal.noun())
        );
        match tally.get(EventKind::Technique) {
            0 => search,
            steps => {
                let mut text = counted(steps, EventKind::Technique.noun());
                let removals = tally.get(EventKind::Removal);
                if removals > 0 {
                    text += &format!(", {}", counted(removals, EventKind::Removal.noun()));
                }
                text
            }
        }
    }
}

/// The cells `event` acted on and how, and the candidates it struck.
#[allow(clippy::type_complexity)]
fn marks_of(event: &SearchEvent<'_>) -> (Vec<(usize, Highlight)>, Vec<(usize, u8)>) {
    match *event {
        SearchEvent::Place { cell, guess, .. } => {
            let how = if guess {
                Highlight::Guessed
            } else {
                Highlight::Placed
            };
            (vec![(cell, how)], Vec::new())
        }
        SearchEvent::Cover { cell, .. } => (vec![(cell, Highlight::Covered)], Vec::new()),
        SearchEvent::Remove { cell, digit } | SearchEvent::Uncover { cell, digit } => {
            (vec![(cell, Highlight::Removed(digit))], Vec::new())
        }
        SearchEvent::Move { changes, .. } => (
            changes
                .iter()
                .map(|&(cell, _)| (cell, Highlight::Moved))
                .collect(),
            Vec::new(),
        ),
        SearchEvent::Fill { .. } => (Vec::new(), Vec::new()),
        SearchEvent::Technique {
            placed, eliminated, ..
        } => (
            placed
                .iter()
                .map(|&(cell, _)| (cell, Highlight::Placed))
                .collect(),
            eliminated.to_vec(),
        ),
    }
}

/// `event` in words, naming cells as `r3c4`.
fn describe_event(shape: Shape, family: Family, event: &SearchEvent<'_>) -> String {
    let name = |cell: usize| shape.cell_name(cell);
    match *event {
        SearchEvent::Place { cell, digit, guess } => format!(
            "placed {} at {}{}",
            symbol(digit),
            name(cell),
            if guess { " (guess)" } else { "" }
        ),
        SearchEvent::Remove { cell, digit } => {
            format!("took {} back from {}", symbol(digit), name(cell))
        }
        SearchEvent::Cover { cell, digit } => {
            format!("covered row {} = {}", name(cell), symbol(digit))
        }
        SearchEvent::Uncover { cell, digit } => {
            format!("uncovered row {} = {}", name(cell), symbol(digit))
        }
        SearchEvent::Fill { cost, .. } if family == Family::Evolutionary => {
            format!("an individual of the population, cost {cost}")
        }
        SearchEvent::Fill { cost, .. } => format!("a fresh fill of the board, cost {cost}"),
        SearchEvent::Move { changes, cost } => {
            let what: Vec<String> = changes
                .iter()
                .map(|&(cell, digit)| format!("{} = {}", name(cell), symbol(digit)))
                .collect();
            format!("{} → cost {cost}", what.join(", "))
        }
        SearchEvent::Technique {
            name: technique,
            placed,
            eliminated,
            ..
        } => {
            let mut what: Vec<String> = placed
                .iter()
                .map(|&(cell, digit)| format!("{} = {}", name(cell), symbol(digit)))
                .collect();
            if !eliminated.is_empty() {
                what.push(format!(
                    "{} struck",
                    counted(eliminated.len() as u64, ("candidate", "candidates"))
                ));
            }
            format!("{technique}: {}", what.join(", "))
        }
    }
}

/// A watched search, sampled: the frames to draw, and what the search did.
#[derive(Clone, Debug)]
pub struct Recording {
    /// The animation's title: `solver (family)`.
    pub title: String,
    /// The puzzle first, the end last, the sampled steps between.
    pub frames: Vec<Frame>,
    /// Steps between two sampled frames at the end.
    pub stride: u64,
    /// The steps by kind.
    pub tally: EventTally,
    pub verdict: Verdict,
    pub counters: Counters,
}

impl Recording {
    /// What the animation of this recording written at `path` shows.
    pub fn summary(self, path: PathBuf) -> AnimationSummary {
        AnimationSummary {
            path,
            frames: self.frames.len(),
            steps: self.tally.total(),
            tally: self.tally,
            stride: self.stride,
            verdict: self.verdict,
            counters: self.counters,
        }
    }
}

/// Watches the search of `solver` on `puzzle` and keeps at most `max_frames` frames of it (at
/// least 2: the puzzle and the end).
///
/// Fails with a [`NotWatchable`] (downcast the error to tell it apart) when the solver cannot
/// show its search.
pub fn record(
    solver: &mut dyn Solver,
    puzzle: &Grid,
    budget: &Budget,
    max_frames: usize,
) -> Result<Recording> {
    let info = solver.info();
    if let Err(why) = admit(solver, puzzle) {
        bail!("{} cannot animate this puzzle: {why}", info.id);
    }
    let max_frames = max_frames.max(2);
    let mut recorder = Recorder {
        shape: puzzle.shape(),
        family: info.family,
        replay: Replay::new(puzzle),
        last_marks: None,
        // The first and last frames are added around the sampled ones.
        sampler: Sampler::new(max_frames.saturating_sub(2).max(1)),
        misfit: None,
    };
    let mut outcome = solver
        .solve_watched(puzzle, budget, &mut |event| recorder.hear(&event))
        .map_err(anyhow::Error::new)?;
    if let Some(why) = recorder.misfit {
        return Err(anyhow!(
            "solver {} reported a step that does not fit the board: {why}",
            info.id
        ));
    }
    check_answer(puzzle, &mut outcome);
    let tally = *recorder.replay.tally();
    let mut frames = vec![first_frame(puzzle)];
    frames.extend(recorder.sampler.frames.iter().cloned());
    if frames.len() >= max_frames {
        frames.truncate(max_frames - 1);
    }
    frames.push(last_frame(
        &recorder.replay,
        &outcome.verdict,
        &outcome,
        &tally,
    ));
    Ok(Recording {
        title: format!("{} ({})", info.id, info.family),
        frames,
        stride: recorder.sampler.stride,
        tally,
        verdict: outcome.verdict,
        counters: outcome.counters,
    })
}

fn first_frame(puzzle: &Grid) -> Frame {
    let empty = puzzle.cells().iter().filter(|&&v| v == 0).count() as u64;
    Frame {
        cells: puzzle.cells().to_vec(),
        marks: None,
        step: 0,
        highlights: Vec::new(),
        struck: Vec::new(),
        counts: "the puzzle".to_string(),
        event: format!(
            "{}, {}",
            counted(puzzle.clue_count() as u64, ("clue", "clues")),
            counted(empty, ("empty cell", "empty cells"))
        ),
    }
}

/// The solution when the search solved the puzzle, otherwise where the replay ended.
fn last_frame(
    replay: &Replay,
    verdict: &Verdict,
    outcome: &sudoku_core::Outcome,
    tally: &EventTally,
) -> Frame {
    let solved = match (verdict, outcome.solutions.first()) {
        (Verdict::Solved, Some(solution)) => Some(solution.cells().to_vec()),
        _ => None,
    };
    Frame {
        marks: if solved.is_some() {
            None
        } else {
            replay.marks().map(<[DigitSet]>::to_vec)
        },
        cells: solved.unwrap_or_else(|| replay.cells().to_vec()),
        step: tally.total(),
        highlights: Vec::new(),
        struck: Vec::new(),
        counts: format!(
            "{verdict} after {}",
            counted(tally.total(), ("step", "steps"))
        ),
        event: tally.describe(),
    }
}

/// The refusal of a solver that cannot be watched, as [`record`] returns it.
pub fn is_not_watchable(error: &anyhow::Error) -> bool {
    error.downcast_ref::<NotWatchable>().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(step: u64) -> Frame {
        Frame {
            cells: vec![0],
            marks: None,
            step,
            highlights: Vec::new(),
            struck: Vec::new(),
            counts: String::new(),
            event: String::new(),
        }
    }

    #[test]
    fn sampler_spreads_frames_evenly_and_stays_bounded() {
        let mut s = Sampler::new(10);
        for step in 1..=1000u64 {
            if s.wants(step) {
                s.keep(frame(step));
            }
        }
        assert!(
            s.frames.len() <= 10 && s.frames.len() >= 5,
            "{}",
            s.frames.len()
        );
        let gaps: Vec<u64> = s.frames.windows(2).map(|w| w[1].step - w[0].step).collect();
        assert!(gaps.iter().all(|&g| g == s.stride), "{gaps:?}");
    }

    #[test]
    fn a_summary_reads_as_one_line_with_plurals() {
        let mut tally = EventTally::default();
        for event in [
            SearchEvent::Place {
                cell: 1,
                digit: 2,
                guess: true,
            },
            SearchEvent::Remove { cell: 1, digit: 2 },
        ] {
            tally.add(&event);
        }
        let summary = AnimationSummary {
            path: PathBuf::from("x.gif"),
            frames: 1,
            steps: tally.total(),
            tally,
            stride: 1,
            verdict: Verdict::Solved,
            counters: Counters::default(),
        };
        assert_eq!(
            summary.describe(),
            "x.gif: 1 frame of 2 steps (1 placement, 1 of them a guess, 1 removal); solved"
        );
    }
}
