//! The geometry every technique reads, computed once per shape and shared: the cells of each
//! unit, the units and peers of each cell, and where boxes cross lines.
//!
//! Units are numbered rows `0..n`, columns `n..2n`, boxes `2n..3n`, so one index names any unit
//! and its kind is a comparison away.

use std::sync::OnceLock;

use sudoku_core::{Shape, UnitKind};

/// The tables of one shape. Built on first use and kept for the life of the process, so a
/// rating of thousands of puzzles builds them once.
#[derive(Debug)]
pub(crate) struct Layout {
    pub(crate) shape: Shape,
    /// Side length, also the largest digit.
    pub(crate) n: usize,
    /// Every digit of the board as a set (bits `1..=n`).
    pub(crate) all: u32,
    /// The cells of each unit, `n` a unit, row-major within the unit.
    unit_cells: Vec<usize>,
    /// The row, column and box unit of each cell.
    units_of: Vec<[usize; 3]>,
    /// Each cell's position within its row, column and box: what bit sets over a unit's cells
    /// (a digit's places) index.
    slots: Vec<[u8; 3]>,
    /// Each cell's box as positions within its row and within its column.
    box_in_lines: Vec<[u32; 2]>,
    /// The peers of each cell, `peer_count` a cell, ascending.
    peers: Vec<usize>,
    peer_count: usize,
    /// Every place a box crosses a line, box by box, rows before columns.
    pub(crate) segments: Vec<Segment>,
}

/// The cells a box shares with a row or a column, and the cells of either unit outside it: what
/// the intersection techniques compare.
#[derive(Debug)]
pub(crate) struct Segment {
    /// The box and the line, as unit indexes.
    pub(crate) boxed: usize,
    pub(crate) line: usize,
    pub(crate) cells: Vec<usize>,
    /// The box's cells off the line.
    pub(crate) box_rest: Vec<usize>,
    /// The line's cells off the box.
    pub(crate) line_rest: Vec<usize>,
}

static LAYOUTS: [OnceLock<Layout>; Shape::ALL.len()] = [const { OnceLock::new() }; 6];

impl Layout {
    /// The shared tables of `shape`.
    pub(crate) fn of(shape: Shape) -> &'static Layout {
        let slot = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("every shape is one of Shape::ALL");
        LAYOUTS[slot].get_or_init(|| Layout::build(shape))
    }

    fn build(shape: Shape) -> Layout {
        let n = shape.size();
        let cells = shape.cell_count();
        let unit_cells: Vec<usize> = UnitKind::ALL
            .into_iter()
            .flat_map(|kind| (0..n).flat_map(move |index| shape.unit_cells(kind, index)))
            .collect();
        let units_of = (0..cells)
            .map(|cell| {
                [
                    shape.row_of(cell),
                    n + shape.col_of(cell),
                    2 * n + shape.box_of(cell),
                ]
            })
            .collect();
        let peer_count = 3 * n - shape.box_rows() - shape.box_cols() - 1;
        let peers: Vec<usize> = (0..cells).flat_map(|cell| shape.peers(cell)).collect();
        debug_assert_eq!(peers.len(), cells * peer_count);
        let units_of: Vec<[usize; 3]> = units_of;
        let slot_in = |cell: usize, unit: usize| {
            unit_cells[unit * n..(unit + 1) * n]
                .iter()
                .position(|&c| c == cell)
                .expect("a cell lies in each of its units") as u8
        };
        let slots: Vec<[u8; 3]> = (0..cells)
            .map(|cell| units_of[cell].map(|unit| slot_in(cell, unit)))
            .collect();
        let box_in_lines = (0..cells)
            .map(|cell| {
                let [row, column, boxed] = units_of[cell];
                [row, column].map(|line| {
                    unit_cells[line * n..(line + 1) * n]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| units_of[c][2] == boxed)
                        .fold(0u32, |mask, (k, _)| mask | 1 << k)
                })
            })
            .collect();
        let mut layout = Layout {
            shape,
            n,
            all: ((1u32 << n) - 1) << 1,
            unit_cells,
            units_of,
            slots,
            box_in_lines,
            peers,
            peer_count,
            segments: Vec::new(),
        };
        layout.segments = layout.build_segments();
        layout
    }

    fn build_segments(&self) -> Vec<Segment> {
        let n = self.n;
        let mut segments = Vec::new();
        for boxed in 2 * n..3 * n {
            for line in 0..2 * n {
                let in_line = |cell: &usize| self.units_of[*cell].contains(&line);
                let in_box = |cell: &usize| self.units_of[*cell][2] == boxed;
                let cells: Vec<usize> = self.unit(boxed).iter().copied().filter(in_line).collect();
                if cells.is_empty() {
                    continue;
                }
                segments.push(Segment {
                    boxed,
                    line,
                    cells,
                    box_rest: self
                        .unit(boxed)
                        .iter()
                        .copied()
                        .filter(|c| !in_line(c))
                        .collect(),
                    line_rest: self
                        .unit(line)
                        .iter()
                        .copied()
                        .filter(|c| !in_box(c))
                        .collect(),
                });
            }
        }
        segments
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.n * self.n
    }

    /// The number of units: rows, columns and boxes.
    pub(crate) fn unit_count(&self) -> usize {
        3 * self.n
    }

    /// The cells of unit `unit`.
    #[inline]
    pub(crate) fn unit(&self, unit: usize) -> &[usize] {
        &self.unit_cells[unit * self.n..(unit + 1) * self.n]
    }

    /// The row, column and box units of `cell`.
    #[inline]
    pub(crate) fn units_of(&self, cell: usize) -> [usize; 3] {
        self.units_of[cell]
    }

    /// The position of `cell` within its row, column and box (the order of
    /// [`Layout::units_of`]).
    #[inline]
    pub(crate) fn slots(&self, cell: usize) -> [u8; 3] {
        self.slots[cell]
    }

    /// The cells of `cell`'s box as positions within its row and within its column.
    #[inline]
    pub(crate) fn box_in_lines(&self, cell: usize) -> [u32; 2] {
        self.box_in_lines[cell]
    }

    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// Whether two distinct cells share a unit.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.units_of[a], self.units_of[b]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }

    /// The units of one kind, in index order (none of a kind a classic board lacks).
    pub(crate) fn units(&self, kind: UnitKind) -> std::ops::Range<usize> {
        let first = self.n
            * match kind {
                UnitKind::Row => 0,
                UnitKind::Column => 1,
                UnitKind::Box => 2,
                UnitKind::Region | UnitKind::Diagonal | UnitKind::AntiDiagonal => return 0..0,
            };
        first..first + self.n
    }

    pub(crate) fn kind_of(&self, unit: usize) -> UnitKind {
        UnitKind::ALL[unit / self.n]
    }

    /// A unit in words: `row 3`, `column 7`, `box 5` (1-based).
    pub(crate) fn unit_name(&self, unit: usize) -> String {
        format!("{} {}", self.kind_of(unit), unit % self.n + 1)
    }

    /// A cell in words: `r3c7`.
    pub(crate) fn cell_name(&self, cell: usize) -> String {
        self.shape.cell_name(cell).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_shape_for_every_size() {
        for shape in Shape::ALL {
            let layout = Layout::of(shape);
            for cell in 0..shape.cell_count() {
                let peers: Vec<usize> = shape.peers(cell).collect();
                assert_eq!(layout.peers(cell), &peers[..], "{shape}");
                for (k, kind) in UnitKind::ALL.into_iter().enumerate() {
                    let unit = layout.units_of(cell)[k];
                    assert!(layout.units(kind).contains(&unit));
                    assert!(layout.unit(unit).contains(&cell));
                    assert_eq!(layout.unit(unit)[layout.slots(cell)[k] as usize], cell);
                }
                // The box's cells in the row are the row's cells that share the box, shape by
                // shape: box_cols of them in a row, box_rows in a column.
                let [in_row, in_column] = layout.box_in_lines(cell);
                assert_eq!(in_row.count_ones() as usize, shape.box_cols(), "{shape}");
                assert_eq!(in_column.count_ones() as usize, shape.box_rows(), "{shape}");
                assert!(in_row & 1 << layout.slots(cell)[0] != 0);
                assert!(in_column & 1 << layout.slots(cell)[1] != 0);
            }
            // Each box crosses box_rows rows and box_cols columns.
            let per_box = shape.box_rows() + shape.box_cols();
            assert_eq!(layout.segments.len(), shape.size() * per_box, "{shape}");
            for segment in &layout.segments {
                let total = segment.cells.len() + segment.box_rest.len();
                assert_eq!(total, shape.size());
                assert_eq!(segment.cells.len() + segment.line_rest.len(), shape.size());
            }
        }
    }

    #[test]
    fn units_are_named_in_words() {
        let layout = Layout::of(Shape::S9);
        assert_eq!(layout.unit_name(2), "row 3");
        assert_eq!(layout.unit_name(9 + 6), "column 7");
        assert_eq!(layout.unit_name(18 + 4), "box 5");
        assert_eq!(layout.cell_name(80), "r9c9");
    }
}
