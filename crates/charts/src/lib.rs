//! Draws a report and writes it out: the charts, the page and the animations whose figures,
//! tables and frames `sudoku-report` works out. Everything here makes pixels, markup or files
//! (and plots the points they need), so the part that says what a run did is tested, and
//! linked, without plotters, fonts or a file system.
//!
//! - [`folder`]: [`ReportFolder`], the sink of a [`sudoku_report::Report`] that `bench` and
//!   `report` write to (the documents, the charts, `index.html`, renamed into place together),
//!   and [`write_report`], a run's report in one call.
//! - `plan`: which charts a report gets, each with its data, caption and place on the page.
//! - [`chart`]: the chart kinds, drawn with plotters to PNG and SVG from one routine with an
//!   embedded font, and the one style table (colour by family, marker and dash by member).
//! - [`page`]: `index.html`, the overview first and the details folded below.
//! - [`reproduce`]: the 2009 document's Table 1 and Charts 1-2 written out.
//! - [`gif`]: a watched search's frames ([`sudoku_report::animation`]) drawn as an animated GIF.

pub mod chart;
pub mod folder;
pub mod gif;
pub mod page;
mod plan;
pub mod reproduce;

pub use folder::{ReportFolder, write_report};
pub use gif::render_gif;
