//! Techniques that hold only when the puzzle has one solution: unique rectangles and loops, BUG+1.
//!
//! Not written yet: every finder finds nothing.

use crate::board::Board;
use crate::deduction::Deduction;
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;

/// The pattern of one step of this family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Uniqueness {
    technique: Technique,
}

impl Uniqueness {
    pub(crate) fn technique(&self) -> Technique {
        self.technique
    }

    /// The step in words.
    pub(crate) fn describe(&self, _before: &Board, _step: &Deduction) -> String {
        self.technique.name().to_string()
    }

    /// Its rating on Sudoku Explainer's scale.
    pub(crate) fn explainer(&self) -> f32 {
        0.0
    }

    /// Its level and score on HoDoKu's scale.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        HodokuStep::new(Level::Extreme, 0)
    }
}

pub(crate) fn unique_rectangle(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn bug(_board: &Board) -> Option<Deduction> {
    None
}
