//! `solve --animate out.gif`: a solver's search, step by step, as an animated GIF.
//!
//! The search runs once through [`Solver::solve_watched`]; every cell write is one step. Frames
//! are sampled evenly in a single pass with bounded memory: a frame is kept every `stride` steps,
//! and whenever the frames would exceed the limit every other one is dropped and the stride
//! doubles. The first frame is the puzzle, the last the solution (or the final state when the
//! search did not solve it). Clue cells are drawn bold on grey; searched cells blue on white; the
//! cell just written is highlighted.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use plotters::prelude::*;
use sudoku_core::format::symbol;
use sudoku_core::{Budget, Counters, Grid, Solver, Verdict, admit, check_answer};

use crate::charts::{OrDraw, ensure_fonts};

/// What an animation shows.
#[derive(Clone, Debug)]
pub struct AnimationSummary {
    pub path: PathBuf,
    pub frames: usize,
    /// Cell writes the search made (each a step).
    pub steps: u64,
    /// Steps between two sampled frames at the end.
    pub stride: u64,
    pub verdict: Verdict,
    pub counters: Counters,
}

/// A sampled state of the board.
#[derive(Clone, Debug)]
struct Frame {
    cells: Vec<u8>,
    step: u64,
    last: Option<usize>,
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

    fn offer(&mut self, step: u64, cells: &[u8], last: Option<usize>) {
        if !step.is_multiple_of(self.stride) {
            return;
        }
        self.frames.push(Frame {
            cells: cells.to_vec(),
            step,
            last,
        });
        if self.frames.len() > self.max {
            self.stride *= 2;
            let stride = self.stride;
            self.frames.retain(|f| f.step % stride == 0);
        }
    }
}

/// Renders the search of `solver` on `puzzle` into a GIF at `path`, with at most `max_frames`
/// frames (at least 2: the puzzle and the end).
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
    // The first and last frames are added around the sampled ones.
    let mut sampler = Sampler::new(max_frames.saturating_sub(2).max(1));
    let mut board = puzzle.cells().to_vec();
    let mut steps = 0u64;
    let mut outcome = solver.solve_watched(puzzle, budget, &mut |cell, value| {
        if let Some(slot) = board.get_mut(cell) {
            *slot = value;
        }
        steps += 1;
        sampler.offer(steps, &board, Some(cell));
    });
    check_answer(puzzle, &mut outcome);
    let mut frames = vec![Frame {
        cells: puzzle.cells().to_vec(),
        step: 0,
        last: None,
    }];
    frames.extend(sampler.frames.iter().cloned());
    let end = match (&outcome.verdict, outcome.solutions.first()) {
        (Verdict::Solved, Some(solution)) => solution.cells().to_vec(),
        _ => board.clone(),
    };
    if frames.len() >= max_frames {
        frames.truncate(max_frames - 1);
    }
    frames.push(Frame {
        cells: end,
        step: steps,
        last: None,
    });

    let title = format!("{} ({})", info.id, info.family);
    let stride = sampler.stride;
    write_gif(path, puzzle, &frames, steps, &outcome.verdict, &title)?;
    Ok(AnimationSummary {
        path: path.to_path_buf(),
        frames: frames.len(),
        steps,
        stride,
        verdict: outcome.verdict,
        counters: outcome.counters,
    })
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
            banner: 56,
            n,
        }
    }

    fn size(&self) -> (u32, u32) {
        let side = self.cell * self.n as u32 + 2 * self.margin;
        (side.max(420), side + self.banner)
    }
}

fn write_gif(
    path: &Path,
    puzzle: &Grid,
    frames: &[Frame],
    steps: u64,
    verdict: &Verdict,
    title: &str,
) -> Result<()> {
    ensure_fonts();
    let layout = Layout::new(puzzle.size());
    let (w, h) = layout.size();
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut encoder = gif::Encoder::new(BufWriter::new(file), w as u16, h as u16, &[])?;
    encoder.set_repeat(gif::Repeat::Infinite)?;
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    for (index, frame) in frames.iter().enumerate() {
        let last_frame = index + 1 == frames.len();
        let caption = if last_frame {
            format!("{verdict} after {steps} steps")
        } else if index == 0 {
            "the puzzle".to_string()
        } else {
            format!("step {} of {steps}", frame.step)
        };
        draw_frame(
            &mut rgb,
            (w, h),
            &layout,
            puzzle,
            frame,
            title,
            &caption,
            last_frame,
        )?;
        let mut gif_frame = gif::Frame::from_rgb_speed(w as u16, h as u16, &rgb, 20);
        // Hundredths of a second: hold the puzzle and the end longer.
        gif_frame.delay = if last_frame {
            400
        } else if index == 0 {
            100
        } else {
            8
        };
        encoder.write_frame(&gif_frame)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw_frame(
    rgb: &mut [u8],
    (w, h): (u32, u32),
    layout: &Layout,
    puzzle: &Grid,
    frame: &Frame,
    title: &str,
    caption: &str,
    last_frame: bool,
) -> Result<()> {
    let root = BitMapBackend::with_buffer(rgb, (w, h)).into_drawing_area();
    root.fill(&WHITE).d()?;
    let title: String = title.chars().take(60).collect();
    root.draw(&Text::new(
        title,
        (10, 6),
        ("sans-serif", 15).into_font().style(FontStyle::Bold),
    ))
    .d()?;
    root.draw(&Text::new(
        caption.to_string(),
        (10, 28),
        ("sans-serif", 15),
    ))
    .d()?;
    let shape = puzzle.shape();
    let n = layout.n;
    let (cell, x0, y0) = (
        layout.cell as i32,
        layout.margin as i32,
        layout.banner as i32,
    );
    let clue_bg = RGBColor(222, 222, 222);
    let last_bg = RGBColor(255, 230, 120);
    let search_fg = RGBColor(25, 90, 200);
    let solved_fg = RGBColor(20, 140, 60);
    let font_size = f64::from(layout.cell) * 0.62;
    for index in 0..n * n {
        let (r, c) = ((index / n) as i32, (index % n) as i32);
        let (x, y) = (x0 + c * cell, y0 + r * cell);
        let clue = puzzle.get(index) != 0;
        let bg = if clue {
            clue_bg
        } else if frame.last == Some(index) {
            last_bg
        } else {
            WHITE
        };
        root.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], bg.filled()))
            .d()?;
        root.draw(&Rectangle::new(
            [(x, y), (x + cell, y + cell)],
            RGBColor(170, 170, 170),
        ))
        .d()?;
        let value = frame.cells.get(index).copied().unwrap_or(0);
        if value != 0 {
            let text = symbol(value).to_string();
            let style = if clue {
                ("sans-serif", font_size)
                    .into_font()
                    .style(FontStyle::Bold)
                    .color(&BLACK)
            } else if last_frame {
                ("sans-serif", font_size).into_font().color(&solved_fg)
            } else {
                ("sans-serif", font_size).into_font().color(&search_fg)
            };
            let tx = x + (cell as f64 * 0.32) as i32;
            let ty = y + (cell as f64 * 0.12) as i32;
            root.draw(&Text::new(text, (tx, ty), style)).d()?;
        }
    }
    // Box borders, thick.
    let side = cell * n as i32;
    for r in (0..=n).step_by(shape.box_rows()) {
        let y = y0 + r as i32 * cell;
        root.draw(&Rectangle::new(
            [(x0 - 1, y - 1), (x0 + side + 1, y + 1)],
            BLACK.filled(),
        ))
        .d()?;
    }
    for c in (0..=n).step_by(shape.box_cols()) {
        let x = x0 + c as i32 * cell;
        root.draw(&Rectangle::new(
            [(x - 1, y0 - 1), (x + 1, y0 + side + 1)],
            BLACK.filled(),
        ))
        .d()?;
    }
    root.present().d()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampler_spreads_frames_evenly_and_stays_bounded() {
        let mut s = Sampler::new(10);
        for step in 1..=1000u64 {
            s.offer(step, &[0], None);
        }
        assert!(
            s.frames.len() <= 10 && s.frames.len() >= 5,
            "{}",
            s.frames.len()
        );
        let gaps: Vec<u64> = s.frames.windows(2).map(|w| w[1].step - w[0].step).collect();
        assert!(gaps.iter().all(|&g| g == s.stride), "{gaps:?}");
    }
}
