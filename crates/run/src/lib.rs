//! Runs a benchmark: which solves to do, doing them through one timed-solve path, and the
//! results file they stream into.
//!
//! - [`options`]: what a run is asked to do ([`RunOptions`]) and the budget rules every solve
//!   follows ([`Policy`]): one copy, used by `bench`, `reproduce` and the criterion benches.
//! - [`plan`]: the run as a pure, deterministic list of [`Task`]s (solver × dataset × puzzle ×
//!   phase × repetition × seed), in the order they run; a shard of a run is a slice of it.
//! - [`measure`]: [`timed_solve`], the only place a solve is timed: the input check before the
//!   clock, the answer check after it.
//! - [`execute`]: runs a plan into a results file, one row per solve, flushed as written;
//!   resumes an interrupted file without losing or doubling rows. Progress goes to an
//!   [`Observer`], so this crate prints nothing.
//! - [`isolate`]: solves in worker processes under a watchdog, for solvers whose engines may
//!   overrun their limits, crash or not be thread-safe.
//! - [`verdict`]: what a complete solver claims beyond its grids ("unsolvable", "unique"),
//!   checked outside the timing against the dataset or a second solver.
//! - [`results`]: the file format, read back by reports.
//! - [`throughput`]: raw speed in the manner of the fastest solvers' own benchmarks (text
//!   parsed in the timed loop, whole passes, contenders alternated), every answer checked first.
//!
//! Solvers come in as [`sudoku_core::Registered`] entries, so this crate links no solver.

pub mod execute;
pub mod isolate;
pub mod machine;
pub mod measure;
pub mod options;
pub mod plan;
pub mod results;
pub mod throughput;
pub mod verdict;

pub use execute::{
    EarlierRun, Interrupted, Observer, PARTIAL_FILE, RESULTS_FILE, RunOutcome, execute, run_in,
};
pub use isolate::{Isolation, WorkerCommand};
pub use measure::timed_solve;
pub use options::{Policy, RunOptions, Shard};
pub use plan::{PreparedDataset, Task, chosen_solvers, passes, plan, prepare_datasets};
pub use results::{Phase, Results, Row, RowKey, RunHeader, SolverMeta, Status};
pub use verdict::Check;
