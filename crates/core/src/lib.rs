//! The shared ground of sudoku-bench: the grid, its text forms, the rules, and the [`Solver`]
//! trait every algorithm implements.
//!
//! - [`Shape`] and [`Grid`]: N×N boards with r×c boxes, 4×4 to 25×25, one byte a cell.
//! - [`Geometry`] and [`Variant`]: a board's houses, shared by every solver; jigsaw regions and
//!   the diagonal (X) rule are variants of a shape.
//! - [`format`]: every text form read and written (one line, rows, spaced numbers, boxed,
//!   dataset lines with `:count:solution`); errors name the line, column and cell.
//! - [`rules`]: clue validation and verification report the exact cells at fault.
//! - [`Solver`], [`Budget`], [`Outcome`]: one call signature for every algorithm; [`Registered`]
//!   is how a registry holds one. Solvers count
//!   work in [`Counters`]; timing belongs to the harness. [`solve_checked`] is how every caller
//!   runs a solver, so no unverified answer ever leaves it.
//! - [`watch`]: the events a watched solve reports ([`SearchEvent`]), the [`Replay`] that
//!   follows and checks them, and [`NotWatchable`] for a search that cannot be seen.
//!
//! The crate is deliberately small and nearly dependency-free: every other crate builds on it.

pub mod error;
pub mod format;
pub mod geometry;
pub mod grid;
pub mod registered;
pub mod rules;
pub mod shape;
pub mod solver;
pub mod watch;

pub use error::{ParseError, ParseErrorKind};
pub use format::{Entry, Format, dataset_line, parse_dataset_line, parse_entries};
pub use geometry::{Geometry, House, RegionError, Segment, Variant, VariantKind, unreached_cell};
pub use grid::Grid;
pub use registered::Registered;
pub use rules::{
    Conflict, DigitSet, Violation, candidates, digits_of, missing_digits, pencil_marks,
    pencil_marks_with, place_singles, validate_clues, verify_filled, verify_keeps_clues,
    verify_solution,
};
pub use shape::{CellName, Shape, UnitKind};
pub use solver::{
    ALL_SIZES, Attempt, Budget, Capabilities, Checkpoints, Convergence, Counters, Family, Found,
    Outcome, Rejection, Solver, SolverInfo, Step, StopReason, TextAnswer, Uniqueness, Verdict,
    admit, check_answer, clock, panic_message, solve_checked, solve_guarded, solve_parsed,
    uniqueness,
};
pub use watch::{
    EventKind, EventTally, NotWatchable, Replay, SearchEvent, counted, report_changes, thousands,
};
