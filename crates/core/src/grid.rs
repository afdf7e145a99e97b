//! The grid: its geometry (shape and variant) and one byte per cell (0 = empty, 1..=N = digit).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::error::ParseError;
use crate::format::{self, Format};
use crate::geometry::{Geometry, Variant};
use crate::shape::Shape;

/// A board, empty cells included, with the rules it is played under. Cheap to clone: 625 bytes
/// at most and a shared [`Geometry`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    geometry: Arc<Geometry>,
    cells: Vec<u8>,
}

impl Grid {
    /// A classic board with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid::empty_on(Geometry::classic(shape))
    }

    /// A board of `geometry` with every cell empty.
    pub fn empty_on(geometry: Arc<Geometry>) -> Grid {
        Grid {
            shape: geometry.shape(),
            cells: vec![0; geometry.cell_count()],
            geometry,
        }
    }

    /// A classic board from row-major cell values; `None` if the count or a value does not fit
    /// `shape`.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        Grid::from_cells_on(Geometry::classic(shape), cells)
    }

    /// A board of `geometry` from row-major cell values; `None` if the count or a value does
    /// not fit.
    pub fn from_cells_on(geometry: Arc<Geometry>, cells: Vec<u8>) -> Option<Grid> {
        let shape = geometry.shape();
        let fits = cells.len() == shape.cell_count()
            && cells.iter().all(|&v| (v as usize) <= shape.size());
        fits.then_some(Grid {
            shape,
            geometry,
            cells,
        })
    }

    /// A board under the same rules with other cell values: how a solver hands back an answer
    /// that keeps the puzzle's variant. `None` if the count or a value does not fit.
    pub fn with_cells(&self, cells: Vec<u8>) -> Option<Grid> {
        Grid::from_cells_on(self.geometry.clone(), cells)
    }

    /// The same cells under another geometry of the same shape (the cells are not checked
    /// against its rules). Panics if the shapes differ.
    pub fn on(mut self, geometry: Arc<Geometry>) -> Grid {
        assert_eq!(geometry.shape(), self.shape, "a geometry of another shape");
        self.geometry = geometry;
        self
    }

    /// The houses, peers and regions this board is played under.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    pub fn variant(&self) -> &Variant {
        self.geometry.variant()
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
