//! `solve --animate out.gif`: the frames of a watched search ([`sudoku_report::animation`])
//! drawn as an animated GIF. The sampling is decided there; here only pixels: each family looks
//! like what it does, a guess in orange, a forced digit in yellow, a digit taken back in red
//! and struck, a Dancing Links row covered in violet, a local search's or a genetic
//! algorithm's repeated digits in red, a person's pencil marks with the candidates a step
//! strikes crossed out in red. Cells changed since the previous frame are tinted, so a sparse
//! sample still shows the flow.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use anyhow::{Context, Result};
use plotters::prelude::*;
use sudoku_core::format::symbol;
use sudoku_core::{Budget, DigitSet, Geometry, Grid, Solver};
use sudoku_report::animation::{self, AnimationSummary, Frame, Highlight};

use crate::chart::{OrDraw, ensure_fonts};

/// Renders the search of `solver` on `puzzle` into a GIF at `path`, with at most `max_frames`
/// frames (at least 2: the puzzle and the end).
///
/// Fails with a [`sudoku_core::NotWatchable`] (downcast the error to tell it apart, or ask
/// [`sudoku_report::is_not_watchable`]) when the solver cannot show its search, before anything
/// is written.
pub fn render_gif(
    solver: &mut dyn Solver,
    puzzle: &Grid,
    budget: &Budget,
    path: &Path,
    max_frames: usize,
) -> Result<AnimationSummary> {
    let recording = animation::record(solver, puzzle, budget, max_frames)?;
    write_gif(path, puzzle, &recording.frames, &recording.title)?;
    Ok(recording.summary(path.to_path_buf()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_digits_are_found_in_every_unit() {
        let cells = Grid::parse("1..1............").unwrap();
        let marked = conflicts(cells.geometry(), cells.cells());
        assert!(marked[0] && marked[3]);
        assert_eq!(marked.iter().filter(|&&m| m).count(), 2);
        let fine = Grid::parse("1234341221434321").unwrap();
        assert!(conflicts(fine.geometry(), fine.cells()).iter().all(|&m| !m));
    }
}
