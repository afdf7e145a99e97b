//! Board geometry: an N×N grid split into boxes of `box_rows`×`box_cols`.

use std::fmt;

/// The geometry of a board. Every supported size has one shape, so a size alone names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// The kinds of house (unit): a classic board's rows, columns and boxes, a jigsaw board's
/// regions in place of boxes, and the two diagonals of the X rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    Row,
    Column,
    Box,
    /// An irregular region of a jigsaw board.
    Region,
    /// r1c1 to rNcN.
    Diagonal,
    /// r1cN to rNc1.
    AntiDiagonal,
}

impl UnitKind {
    /// The kinds every cell of a classic board belongs to once: rows, columns, boxes.
    pub const ALL: [UnitKind; 3] = [UnitKind::Row, UnitKind::Column, UnitKind::Box];
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Region => "region",
            UnitKind::Diagonal => "diagonal",
            UnitKind::AntiDiagonal => "anti-diagonal",
        })
    }
}

impl Shape {
    pub const S4: Shape = Shape::new(2, 2);
    pub const S6: Shape = Shape::new(2, 3);
    pub const S9: Shape = Shape::new(3, 3);
    pub const S12: Shape = Shape::new(3, 4);
    pub const S16: Shape = Shape::new(4, 4);
    pub const S25: Shape = Shape::new(5, 5);
    /// Every shape the suite supports, smallest first.
    pub const ALL: [Shape; 6] = [
        Shape::S4,
        Shape::S6,
        Shape::S9,
        Shape::S12,
        Shape::S16,
        Shape::S25,
    ];

    const fn new(box_rows: u8, box_cols: u8) -> Shape {
        Shape { box_rows, box_cols }
    }

    /// The supported shape whose side is `size`, if any.
    pub fn from_size(size: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.size() == size)
    }

    /// The supported shape with `cells` cells in all, if any.
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.cell_count() == cells)
    }

    /// Side length N (also the largest digit).
    pub const fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    pub const fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    pub const fn row_of(self, cell: usize) -> usize {
        cell / self.size()
    }

    pub const fn col_of(self, cell: usize) -> usize {
        cell % self.size()
    }

    /// Box index, numbered row-major over the grid of boxes.
    pub const fn box_of(self, cell: usize) -> usize {
        let boxes_per_band = self.size() / self.box_cols();
        (self.row_of(cell) / self.box_rows()) * boxes_per_band + self.col_of(cell) / self.box_cols()
    }

    /// The index of the unit of `kind` that holds `cell`, boxes standing for regions (a
    /// rectangular board's only regions); a diagonal is unit 0 of its kind.
    pub const fn unit_of(self, kind: UnitKind, cell: usize) -> usize {
        match kind {
            UnitKind::Row => self.row_of(cell),
            UnitKind::Column => self.col_of(cell),
            UnitKind::Box | UnitKind::Region => self.box_of(cell),
            UnitKind::Diagonal | UnitKind::AntiDiagonal => 0,
        }
    }

    /// The cells of unit `index` of `kind`, in row-major order; boxes stand for regions, and a
    /// diagonal's cells run top to bottom whatever `index`.
    pub fn unit_cells(self, kind: UnitKind, index: usize) -> impl Iterator<Item = usize> {
        let n = self.size();
        (0..n).map(move |k| match kind {
            UnitKind::Row => index * n + k,
            UnitKind::Column => k * n + index,
            UnitKind::Diagonal => k * n + k,
            UnitKind::AntiDiagonal => k * n + n - 1 - k,
            UnitKind::Box | UnitKind::Region => {
                let boxes_per_band = n / self.box_cols();
                let top = (index / boxes_per_band) * self.box_rows();
                let left = (index % boxes_per_band) * self.box_cols();
                (top + k / self.box_cols()) * n + left + k % self.box_cols()
            }
        })
    }

    /// Whether two distinct cells share a row, column or box.
    pub const fn sees(self, a: usize, b: usize) -> bool {
        a != b
            && (self.row_of(a) == self.row_of(b)
                || self.col_of(a) == self.col_of(b)
                || self.box_of(a) == self.box_of(b))
    }

    /// The cells that share a unit with `cell` (its peers), ascending.
    pub fn peers(self, cell: usize) -> impl Iterator<Item = usize> {
        (0..self.cell_count()).filter(move |&other| self.sees(cell, other))
    }

    /// The cells sharing an edge with `cell`: above, below, left, right (those on the board).
    pub fn neighbours(self, cell: usize) -> impl Iterator<Item = usize> {
        let n = self.size();
        let (row, col) = (cell / n, cell % n);
        [
            (row > 0).then(|| cell - n),
            (row + 1 < n).then(|| cell + n),
            (col > 0).then(|| cell - 1),
            (col + 1 < n).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The human name of a cell, `r3c7` (1-based).
    pub fn cell_name(self, cell: usize) -> CellName {
        CellName {
            row: self.row_of(cell) + 1,
            col: self.col_of(cell) + 1,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.size(), self.size())
    }
}

/// A cell written as `r<row>c<col>`, both 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    pub row: usize,
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_the_textbook_peer_count() {
        for shape in Shape::ALL {
            let n = shape.size();
            let expected = 3 * n - shape.box_rows() - shape.box_cols() - 1;
            for cell in 0..shape.cell_count() {
                assert_eq!(shape.peers(cell).count(), expected, "{shape} cell {cell}");
            }
        }
    }

    #[test]
    fn units_partition_the_grid() {
        for shape in Shape::ALL {
            for kind in UnitKind::ALL {
                let mut seen = vec![0; shape.cell_count()];
                for unit in 0..shape.size() {
                    for cell in shape.unit_cells(kind, unit) {
                        assert_eq!(shape.unit_of(kind, cell), unit);
                        seen[cell] += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "{shape} {kind}");
            }
        }
    }

    #[test]
    fn nine_by_nine_has_810_edges() {
        let edges: usize = (0..81).map(|c| Shape::S9.peers(c).count()).sum::<usize>() / 2;
        assert_eq!(edges, 810);
    }
}
