//! What a run's report says, worked out without drawing or writing anything: summaries and
//! statistics, one table model written as markdown, HTML and CSV, the report's text documents,
//! the published-table reproduction as tables, and the frames of a search animation. Drawing
//! them (charts, the page, GIFs) and writing the files is `sudoku-charts`'s job, behind
//! [`ReportSink`].
//!
//! - [`read`] reads a results file a row at a time into a [`Digest`]; [`digest`] folds rows
//!   into per-puzzle figures, so a run of any size is reported in memory that grows with its
//!   puzzles, not its rows.
//! - [`stats`] and [`summary`] are pure (rows in, figures out) and unit-tested.
//! - [`table`] is the table model: a table built once, written as markdown, HTML and CSV;
//!   [`units`] writes times and counts the way tables and chart axes both show them.
//! - [`rank`] orders the solvers of each dataset and says in a line how each did: the overview,
//!   and the legend order of every chart.
//! - [`conditions`] says what a run was measured in (load, others' share of the CPU, governor,
//!   pinned CPU) and warns when that makes its timings doubtful.
//! - [`report`] is a run's [`Report`], worked out once, and the [`ReportSink`] trait each way of
//!   keeping it implements: the text documents handed over one by one, then the report for
//!   what a sink draws from it.
//! - [`reproduce`] reads the 2009 document's Table 1 from a run's rows beside the published
//!   figures.
//! - [`animation`] watches a solver's own search and samples it into frames (refusing, with
//!   [`NotWatchable`], a solver whose search runs in an external engine).
//!
//! Nothing here runs a benchmark, prints or draws: `sudoku-run` writes the rows, the command
//! line shows what it likes, `sudoku-charts` draws.

pub mod animation;
pub mod conditions;
pub mod digest;
pub mod rank;
pub mod read;
pub mod report;
pub mod reproduce;
pub mod stats;
pub mod summary;
pub mod table;
pub mod units;

pub use animation::{AnimationSummary, is_not_watchable};
pub use digest::Digest;
pub use report::{Document, Report, ReportSink};
pub use sudoku_core::NotWatchable;
