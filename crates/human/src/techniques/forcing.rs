//! Forcing chains as Sudoku Explainer finds them: cycles, forcing X- and Y-chains, Nishio, multiple, dynamic and nested forcing chains.
//!
//! Not written yet: every finder finds nothing.

use crate::board::Board;
use crate::deduction::Deduction;
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;

/// The pattern of one step of this family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Forcing {
    technique: Technique,
}

impl Forcing {
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

pub(crate) fn forcing_chain(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn nishio(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn multiple(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn dynamic(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn dynamic_plus(_board: &Board) -> Option<Deduction> {
    None
}

pub(crate) fn nested(_board: &Board) -> Option<Deduction> {
    None
}
