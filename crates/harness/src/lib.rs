//! The benchmark harness of sudoku-bench: it times every registered solver on chosen datasets,
//! streams one CSV row per solve, and turns the rows into summaries, charts and an HTML report.
//!
//! # Design
//! - Everything keys off the registry (`sudoku_registry::registry()`) and what each solver
//!   declares ([`sudoku_core::SolverInfo`], [`sudoku_core::Capabilities`]): budgets, solution
//!   limits, seeds, which columns a table shows. A solver added to the registry appears in every
//!   command with no change here.
//! - [`bench`] measures as tdoku does: seeded puzzle order, a warm-up pass through
//!   [`sudoku_core::solve_checked`] that validates answers, then timed passes with only the solve
//!   between the two clock reads (answers are verified right after, outside the timing). Slow
//!   solvers are held by per-solve budgets and a per-puzzle cap on repetitions; stochastic
//!   solvers run several seeds and report a success rate.
//! - [`results`] is the file format: `#` comment lines carry the run header (machine, commit,
//!   date, options, solver capabilities) as JSON, then one CSV row per solve, flushed as it is
//!   written. An interrupted run resumes without losing or doubling rows.
//! - [`stats`] and [`summary`] are pure (rows in, figures out) and unit-tested; [`charts`] draws
//!   with plotters to PNG and SVG from one routine, with an embedded font; [`report`] rebuilds
//!   every table and chart from the CSV alone.
//! - [`reproduce`] re-measures the 2009 document's Table 1 and Charts 1-2; [`animate`] renders a
//!   search as a GIF.
//!
//! # Cost and limits
//! Timing uses `Instant` around single solves: fine from a microsecond up; below that, clock
//! overhead (~25 ns) and noise dominate, so sub-microsecond figures are indicative. With
//! `--jobs N` puzzles run in parallel and timings include contention (the header records it).
//! Everything is read into memory: datasets up to the catalogue's 256 MiB file limit.

pub mod animate;
pub mod bench;
pub mod charts;
pub mod machine;
pub mod report;
pub mod reproduce;
pub mod results;
pub mod stats;
pub mod summary;

pub use animate::{AnimationSummary, render_gif};
pub use bench::BenchArgs;
pub use report::ReportArgs;
pub use reproduce::ReproduceArgs;
