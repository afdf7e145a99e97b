//! `solve --animate out.gif`: a solver's own search, step by step, as an animated GIF.
//!
//! The search runs once through [`Solver::solve_watched`]; every event it reports is one step,
//! followed on the board by a [`Replay`] (which also refuses a step that does not fit the board,
//! so the picture never shows what the solver did not do). Each family looks like what it does:
//! a backtracking search places digits (a guess in orange, a forced digit in yellow) and takes
//! them back (red, the digit struck); Dancing Links covers rows (violet) and uncovers them
//! (red); a local search or a genetic algorithm changes a full board whose repeated digits show
//! in red, its cost in the caption; a person's techniques show the pencil marks, the candidates
//! a step strikes in red.
//! Cells changed since the previous frame are tinted, so a sparse sample still shows the flow.
//!
//! Frames are sampled evenly in a single pass with bounded memory: a frame is kept every
//! `stride` steps, and whenever the frames would exceed the limit every other one is dropped and
//! the stride doubles. The first frame is the puzzle, the last the solution (or the final state
//! when the search did not solve it). A solver that cannot be watched (its search runs in an
//! external engine) is refused with a [`NotWatchable`] error the caller can downcast.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use plotters::prelude::*;
use sudoku_core::format::symbol;
use sudoku_core::{
    Budget, Counters, DigitSet, EventKind, EventTally, Family, Geometry, Grid, NotWatchable,
    Replay, SearchEvent, Shape, Solver, Verdict, admit, check_answer, counted, thousands,
};

use crate::charts::{OrDraw, ensure_fonts};

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
enum Highlight {
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
struct Frame {
    cells: Vec<u8>,
    /// Pencil marks of a technique step (candidates per cell), if the step showed them.
    marks: Option<Vec<DigitSet>>,
    step: u64,
    highlights: Vec<(usize, Highlight)>,
    /// Candidates the step struck, `(cell, digit)`, drawn crossed out.
    struck: Vec<(usize, u8)>,
    /// The counts so far (`step 1,234 · 600 placements, …`).
    counts: String,
    /// What the step did (`placed 5 at r3c4 (guess)`).
    event: String,
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
            format!("the generation's fittest individual, cost {cost}")
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

/// Renders the search of `solver` on `puzzle` into a GIF at `path`, with at most `max_frames`
/// frames (at least 2: the puzzle and the end).
///
/// Fails with a [`NotWatchable`] (downcast the error to tell it apart) when the solver cannot
/// show its search, before anything is written.
pub fn render_gif(
    solver: &mut dyn Solver,
    puzzle: &Grid,
    budget: &Budget,
    path: &Path,
    max_frames: usize,
) -> Result<AnimationSummary> {
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
    let steps = tally.total();
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

    let title = format!("{} ({})", info.id, info.family);
    write_gif(path, puzzle, &frames, &title)?;
    Ok(AnimationSummary {
        path: path.to_path_buf(),
        frames: frames.len(),
        steps,
        tally,
        stride: recorder.sampler.stride,
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

/// Pixel layout of one board picture.
struct Layout {
    cell: u32,
    margin: u32,
    banner: u32,
    n: usize,
}

impl Layout {
    fn new(n: usize) -> Layout {
        let cell = (540 / n as u32).clamp(20, 56);
        Layout {
            cell,
            margin: 12,
            banner: 78,
            n,
        }
    }

    fn size(&self) -> (u32, u32) {
        let side = self.cell * self.n as u32 + 2 * self.margin;
        (side.max(460), side + self.banner)
    }
}

fn write_gif(path: &Path, puzzle: &Grid, frames: &[Frame], title: &str) -> Result<()> {
    ensure_fonts();
    let layout = Layout::new(puzzle.size());
    let (w, h) = layout.size();
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut encoder = gif::Encoder::new(BufWriter::new(file), w as u16, h as u16, &[])?;
    encoder.set_repeat(gif::Repeat::Infinite)?;
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    for (index, frame) in frames.iter().enumerate() {
        let last = index + 1 == frames.len();
        let previous = index.checked_sub(1).map(|i| &frames[i]);
        let picture = Picture {
            layout: &layout,
            puzzle,
            frame,
            previous: previous.filter(|_| !last),
            title,
            last,
        };
        picture.draw(&mut rgb, (w, h))?;
        let mut gif_frame = gif::Frame::from_rgb_speed(w as u16, h as u16, &rgb, 20);
        // Hundredths of a second: hold the puzzle and the end longer.
        gif_frame.delay = if last {
            400
        } else if index == 0 {
            100
        } else {
            10
        };
        encoder.write_frame(&gif_frame)?;
    }
    Ok(())
}

const CLUE_BG: RGBColor = RGBColor(222, 222, 222);
const PLACED_BG: RGBColor = RGBColor(255, 230, 120);
const GUESSED_BG: RGBColor = RGBColor(255, 170, 80);
const COVERED_BG: RGBColor = RGBColor(205, 180, 255);
const REMOVED_BG: RGBColor = RGBColor(240, 110, 110);
const MOVED_BG: RGBColor = RGBColor(150, 200, 255);
/// Tints of the cells changed since the previous frame: filled, emptied.
const NEWLY_FILLED_BG: RGBColor = RGBColor(255, 248, 210);
const NEWLY_EMPTIED_BG: RGBColor = RGBColor(255, 222, 222);
const SEARCH_FG: RGBColor = RGBColor(25, 90, 200);
const SOLVED_FG: RGBColor = RGBColor(20, 140, 60);
const CONFLICT_FG: RGBColor = RGBColor(200, 25, 25);
const REMOVED_FG: RGBColor = RGBColor(120, 0, 0);
const MARK_FG: RGBColor = RGBColor(110, 110, 110);

/// One frame as it is drawn.
struct Picture<'a> {
    layout: &'a Layout,
    puzzle: &'a Grid,
    frame: &'a Frame,
    /// The frame before, to tint what changed since; none for the last frame.
    previous: Option<&'a Frame>,
    title: &'a str,
    last: bool,
}

impl Picture<'_> {
    fn draw(&self, rgb: &mut [u8], (w, h): (u32, u32)) -> Result<()> {
        let root = BitMapBackend::with_buffer(rgb, (w, h)).into_drawing_area();
        root.fill(&WHITE).d()?;
        let lines = [
            (self.title, 6, true),
            (self.frame.counts.as_str(), 30, false),
            (self.frame.event.as_str(), 52, false),
        ];
        for (text, y, bold) in lines {
            let text: String = text.chars().take(70).collect();
            let font = ("sans-serif", 15).into_font();
            let font = if bold {
                font.style(FontStyle::Bold)
            } else {
                font
            };
            root.draw(&Text::new(text, (10, y), font)).d()?;
        }
        let conflicts = conflicts(self.puzzle.geometry(), &self.frame.cells);
        for (index, &conflicting) in conflicts.iter().enumerate() {
            self.draw_cell(&root, index, conflicting)?;
        }
        self.draw_box_borders(&root)?;
        root.present().d()?;
        Ok(())
    }

    /// The top-left corner of `index` in pixels.
    fn corner(&self, index: usize) -> (i32, i32) {
        let n = self.layout.n;
        let cell = self.layout.cell as i32;
        (
            self.layout.margin as i32 + (index % n) as i32 * cell,
            self.layout.banner as i32 + (index / n) as i32 * cell,
        )
    }

    fn draw_cell<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        index: usize,
        conflicting: bool,
    ) -> Result<()> {
        let cell = self.layout.cell as i32;
        let (x, y) = self.corner(index);
        let clue = self.puzzle.get(index) != 0;
        let value = self.frame.cells.get(index).copied().unwrap_or(0);
        let highlight = self
            .frame
            .highlights
            .iter()
            .find(|&&(c, _)| c == index)
            .map(|&(_, how)| how);
        let before = self.previous.map(|p| p.cells[index]);
        let bg = match (clue, highlight) {
            (true, _) => CLUE_BG,
            (_, Some(Highlight::Placed)) => PLACED_BG,
            (_, Some(Highlight::Guessed)) => GUESSED_BG,
            (_, Some(Highlight::Covered)) => COVERED_BG,
            (_, Some(Highlight::Removed(_))) => REMOVED_BG,
            (_, Some(Highlight::Moved)) => MOVED_BG,
            _ => match before {
                Some(old) if old != value && value != 0 => NEWLY_FILLED_BG,
                Some(old) if old != value => NEWLY_EMPTIED_BG,
                _ => WHITE,
            },
        };
        root.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], bg.filled()))
            .d()?;
        root.draw(&Rectangle::new(
            [(x, y), (x + cell, y + cell)],
            RGBColor(170, 170, 170),
        ))
        .d()?;
        let size = f64::from(self.layout.cell) * 0.62;
        let (tx, ty) = (
            x + (f64::from(cell) * 0.32) as i32,
            y + (f64::from(cell) * 0.12) as i32,
        );
        if value != 0 {
            let font = ("sans-serif", size).into_font();
            let style = if clue {
                font.style(FontStyle::Bold).color(&BLACK)
            } else if conflicting {
                font.color(&CONFLICT_FG)
            } else if self.last {
                font.color(&SOLVED_FG)
            } else {
                font.color(&SEARCH_FG)
            };
            root.draw(&Text::new(symbol(value).to_string(), (tx, ty), style))
                .d()?;
        } else if let Some(Highlight::Removed(digit)) = highlight {
            let style = ("sans-serif", size).into_font().color(&REMOVED_FG);
            root.draw(&Text::new(symbol(digit).to_string(), (tx, ty), style))
                .d()?;
            // Through the middle of the glyph, which sits in the upper part of its text box.
            let mid = y + (f64::from(cell) * 0.36) as i32;
            root.draw(&Rectangle::new(
                [(x + cell / 5, mid - 1), (x + cell - cell / 5, mid + 1)],
                REMOVED_FG.filled(),
            ))
            .d()?;
        } else if let Some(marks) = &self.frame.marks {
            self.draw_marks(root, index, marks[index])?;
        }
        Ok(())
    }

    /// The candidates of an empty cell as small digits, one box-shaped slot each, those the
    /// step struck in red and crossed out.
    fn draw_marks<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        index: usize,
        set: DigitSet,
    ) -> Result<()> {
        let shape = self.puzzle.shape();
        let (rows, cols) = (shape.box_rows() as i32, shape.box_cols() as i32);
        let cell = self.layout.cell as i32;
        let (x, y) = self.corner(index);
        let (w, h) = (cell / cols, cell / rows);
        let size = f64::from(w.min(h)) * 0.8;
        for digit in 1..=shape.size() as u8 {
            let struck = self.frame.struck.contains(&(index, digit));
            if set & (1 << digit) == 0 && !struck {
                continue;
            }
            let slot = i32::from(digit - 1);
            let (sx, sy) = (x + (slot % cols) * w, y + (slot / cols) * h);
            let colour = if struck { CONFLICT_FG } else { MARK_FG };
            let style = ("sans-serif", size).into_font().color(&colour);
            root.draw(&Text::new(
                symbol(digit).to_string(),
                (sx + w / 4, sy + h / 10),
                style,
            ))
            .d()?;
            if struck {
                let mid = sy + h * 2 / 5;
                root.draw(&Rectangle::new(
                    [(sx + 1, mid), (sx + w - 1, mid + 1)],
                    CONFLICT_FG.filled(),
                ))
                .d()?;
            }
        }
        Ok(())
    }

    /// The board's outline and a thick line wherever two neighbouring cells lie in different
    /// boxes or jigsaw regions; on a diagonal board, the two diagonals drawn thin.
    fn draw_box_borders<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<()> {
        let geometry = self.puzzle.geometry();
        let n = self.layout.n;
        let cell = self.layout.cell as i32;
        let (x0, y0) = (self.layout.margin as i32, self.layout.banner as i32);
        let side = cell * n as i32;
        if geometry.variant().has_diagonals() {
            let grey = RGBColor(150, 150, 150);
            for (from, to) in [
                ((x0, y0), (x0 + side, y0 + side)),
                ((x0 + side, y0), (x0, y0 + side)),
            ] {
                root.draw(&PathElement::new(vec![from, to], grey.stroke_width(1)))
                    .d()?;
            }
        }
        let thick =
            |root: &DrawingArea<DB, plotters::coord::Shift>, from: (i32, i32), to: (i32, i32)| {
                root.draw(&Rectangle::new(
                    [(from.0 - 1, from.1 - 1), (to.0 + 1, to.1 + 1)],
                    BLACK.filled(),
                ))
                .d()
            };
        for (x, y) in [(x0, y0), (x0, y0 + side)] {
            thick(root, (x, y), (x + side, y))?;
        }
        for (x, y) in [(x0, y0), (x0 + side, y0)] {
            thick(root, (x, y), (x, y + side))?;
        }
        for cell_index in 0..n * n {
            let (r, c) = ((cell_index / n) as i32, (cell_index % n) as i32);
            let region = geometry.region_of(cell_index);
            let (x, y) = (x0 + c * cell, y0 + r * cell);
            if (c as usize) + 1 < n && geometry.region_of(cell_index + 1) != region {
                thick(root, (x + cell, y), (x + cell, y + cell))?;
            }
            if (r as usize) + 1 < n && geometry.region_of(cell_index + n) != region {
                thick(root, (x, y + cell), (x + cell, y + cell))?;
            }
        }
        Ok(())
    }
}

/// For each cell, whether its digit repeats in one of its houses (a local search's or a
/// genetic algorithm's board before it is solved).
fn conflicts(geometry: &Geometry, cells: &[u8]) -> Vec<bool> {
    let n = geometry.size();
    let mut counts = vec![0u8; geometry.house_count() * (n + 1)];
    let slot = |house: usize, digit: u8| house * (n + 1) + digit as usize;
    for (cell, &digit) in cells.iter().enumerate().filter(|&(_, &d)| d != 0) {
        for &house in geometry.houses_of(cell) {
            counts[slot(house, digit)] += 1;
        }
    }
    cells
        .iter()
        .enumerate()
        .map(|(cell, &digit)| {
            digit != 0
                && geometry
                    .houses_of(cell)
                    .iter()
                    .any(|&house| counts[slot(house, digit)] > 1)
        })
        .collect()
}

/// The refusal of a solver that cannot be watched, as [`render_gif`] returns it.
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
    fn repeated_digits_are_found_in_every_unit() {
        let cells = Grid::parse("1..1............").unwrap();
        let marked = conflicts(cells.geometry(), cells.cells());
        assert!(marked[0] && marked[3]);
        assert_eq!(marked.iter().filter(|&&m| m).count(), 2);
        let fine = Grid::parse("1234341221434321").unwrap();
        assert!(conflicts(fine.geometry(), fine.cells()).iter().all(|&m| !m));
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
