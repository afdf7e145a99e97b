//! Turns results files into reports: pure summaries and statistics, one table model written by
//! every sink, charts, the published-table reproduction as a view, and search animations.
//!
//! - [`digest`] folds a results file a row at a time into per-puzzle figures, so a run of any
//!   size is reported in memory that grows with its puzzles, not its rows.
//! - [`stats`] and [`summary`] are pure (rows in, figures out) and unit-tested.
//! - [`table`] is the report model: a table built once, written as markdown, HTML and CSV.
//! - [`charts`] draws with plotters to PNG and SVG from one routine, with an embedded font, and
//!   holds the one style table (colour by family, marker and dash by member) every chart uses.
//! - [`rank`] orders the solvers of each dataset and says in a line how each did: the overview,
//!   and the legend order of every chart.
//! - [`page`] writes `index.html`: the overview first, the details folded below.
//! - [`conditions`] says what a run was measured in (load, others' share of the CPU, governor,
//!   pinned CPU) and warns when that makes its timings doubtful.
//! - [`report`] rebuilds every table and chart of a run from its results file alone.
//! - [`reproduce`] renders the 2009 document's Table 1 and Charts 1-2 from a run's rows and the
//!   published tables.
//! - [`animate`] renders a solver's own search as a GIF (refusing, with [`NotWatchable`], a
//!   solver whose search runs in an external engine).
//!
//! Nothing here runs a benchmark or prints: `sudoku-run` writes the rows, the command line shows
//! what it likes.

pub mod animate;
pub mod charts;
pub mod conditions;
pub mod digest;
pub mod page;
pub mod rank;
pub mod report;
pub mod reproduce;
pub mod stats;
pub mod summary;
pub mod table;

pub use animate::{AnimationSummary, is_not_watchable, render_gif};
pub use digest::Digest;
pub use report::write_report;
pub use sudoku_core::NotWatchable;
