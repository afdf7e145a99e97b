//! Helpers shared by the fuzz targets in `fuzz_targets/`: the properties a parsed grid must
//! have, the decoding of fuzz bytes into a puzzle with consistent clues, and the checks a solve
//! of that puzzle must pass.

pub mod conformance;
pub mod grid_checks;
pub mod puzzle_bytes;
