//! Errors for reading puzzles: each names the line and, where there is one, the column and cell.

use std::fmt;

use crate::shape::CellName;

/// Why a text could not be read as a puzzle, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based character column in that line, when one character is to blame.
    pub column: Option<usize>,
    pub kind: ParseErrorKind,
}

/// What was wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but blank and comment lines.
    Empty,
    /// A character that is neither a digit, a letter digit nor an empty-cell mark.
    BadCharacter { found: char, cell: Option<usize> },
    /// A digit larger than the board allows (`H` on a 16×16 board).
    ValueOutOfRange {
        value: u32,
        size: usize,
        cell: CellName,
    },
    /// The cell count matches no supported board size.
    WrongCellCount { found: usize },
    /// One row of a multi-line grid is longer or shorter than the others.
    RaggedRow { found: usize, expected: usize },
    /// The `:count` field of a dataset line is not a whole number.
    BadCount { text: String },
    /// The `:solution` field of a dataset line does not fit the puzzle.
    BadSolution { reason: String },
    /// The variant written beside the clues (a region map, the diagonal mark) is not one.
    BadVariant { reason: String },
    /// Anything else, said in words.
    Other(String),
}

impl ParseError {
    pub fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        f.write_str(": ")?;
        match &self.kind {
            ParseErrorKind::Empty => f.write_str("no puzzle found (the input is empty)"),
            ParseErrorKind::BadCharacter { found, cell } => {
                write!(
                    f,
                    "bad character {found:?}: expected 1-9, A-P or an empty mark (. 0 _)"
                )?;
                if let Some(cell) = cell {
                    write!(f, " (cell {})", cell + 1)?;
                }
                Ok(())
            }
            ParseErrorKind::ValueOutOfRange { value, size, cell } => write!(
                f,
                "value {value} in cell {cell} is out of range for a {size}×{size} board (1-{size})"
            ),
            ParseErrorKind::WrongCellCount { found } => write!(
                f,
                "found {found} cells; a puzzle has 16, 36, 81, 144, 256 or 625 (4×4 to 25×25)"
            ),
            ParseErrorKind::RaggedRow { found, expected } => write!(
                f,
                "this row has {found} cells but the rows before it have {expected}"
            ),
            ParseErrorKind::BadCount { text } => {
                write!(f, "solution count {text:?} is not a whole number")
            }
            ParseErrorKind::BadSolution { reason } => write!(f, "bad solution field: {reason}"),
            ParseErrorKind::BadVariant { reason } => write!(f, "bad variant: {reason}"),
            ParseErrorKind::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ParseError {}
