//! The grid: a shape and one byte per cell (0 = empty, 1..=N = digit).

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::format::{self, Format};
use crate::shape::Shape;

/// A board, empty cells included. Cheap to clone; 625 bytes at most.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// A board with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// A board from row-major cell values; `None` if the count or a value does not fit `shape`.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let fits = cells.len() == shape.cell_count()
            && cells.iter().all(|&v| (v as usize) <= shape.size());
        fits.then_some(Grid { shape, cells })
    }

    /// Reads one puzzle in any supported text form (see [`crate::format`]).
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        format::parse_grid(text)
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Side length N.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (0 empties it). Panics if `value` exceeds the board's largest digit.
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(
            (value as usize) <= self.size(),
            "digit {value} on a {} board",
            self.shape
        );
        self.cells[cell] = value;
    }

    /// Number of given (non-empty) cells.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first empty cell in row-major order.
    pub fn first_empty(&self) -> Option<usize> {
        self.cells.iter().position(|&v| v == 0)
    }

    pub fn is_filled(&self) -> bool {
        self.first_empty().is_none()
    }

    /// The board in one of the round-trip text forms.
    pub fn render(&self, format: Format) -> String {
        format::render(self, format)
    }

    /// The one-line form (`53..7....6..195...`).
    pub fn to_line(&self) -> String {
        self.render(Format::Line)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}: {})", self.shape, self.to_line())
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse(text)
    }
}
