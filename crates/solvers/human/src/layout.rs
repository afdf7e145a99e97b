//! The geometry every technique reads: core's [`Geometry`] (the houses of the board, each cell's
//! houses, slots and peers, where regions cross lines) and the few tables derived from it that
//! the techniques index on their hot paths.
//!
//! Houses ("units" here) are core's numbering: rows `0..n`, columns `n..2n`, boxes or jigsaw
//! regions `2n..3n`, then the diagonal and the anti-diagonal when the X rule holds. A classic
//! board's numbering is the one this crate always used, so its scans visit units in the same
//! order. Every cell has a row, a column and a region, its first three houses
//! ([`Layout::row_column_region`]); a cell on a diagonal has one or two houses more, which
//! [`Layout::units_of`] lists.

use std::sync::{Arc, OnceLock};

use sudoku_core::{Geometry, Segment, Shape, UnitKind, VariantKind};

use crate::techniques::chains::ChainTables;

/// The most units a cell lies in: row, column, region and both diagonals (the centre of an odd
/// diagonal board).
pub(crate) const MAX_UNITS_OF_CELL: usize = 5;

/// The tables of one board geometry. Classic and diagonal layouts are built on first use and
/// kept for the life of the process (a rating of thousands of puzzles builds them once); a
/// jigsaw's is built with its board and shared by the board's clones.
#[derive(Debug)]
pub(crate) struct Layout {
    pub(crate) geometry: Arc<Geometry>,
    pub(crate) shape: Shape,
    /// Side length, also the largest digit.
    pub(crate) n: usize,
    /// Every digit of the board as a set (bits `1..=n`).
    pub(crate) all: u32,
    /// Each cell's row, column and region: the houses the rectangle-based techniques (fish,
    /// unique rectangles, empty rectangles) name, on every variant.
    row_column_region: Vec<[usize; 3]>,
    /// Each cell's position within its row, column and region.
    row_column_region_slots: Vec<[u8; 3]>,
    /// Each cell's region as positions within its row and within its column: the forcing nets
    /// read a region–line crossing as one mask. Derived here, once, because the geometry keeps
    /// crossings as cell lists ([`Segment`]) and the nets ask for a cell's crossing at every
    /// link.
    box_in_lines: Vec<[u32; 2]>,
    /// Whether the diagonals are houses (read by [`Layout::sees`], a hot path).
    diagonals: bool,
    /// The chain searches' cell-set view of this geometry, built on their first use.
    pub(crate) chain_tables: OnceLock<ChainTables>,
}

static CLASSIC: [OnceLock<Arc<Layout>>; Shape::ALL.len()] = [const { OnceLock::new() }; 6];
static DIAGONAL: [OnceLock<Arc<Layout>>; Shape::ALL.len()] = [const { OnceLock::new() }; 6];

impl Layout {
    /// The tables of `geometry`: shared for classic and diagonal boards, built for a jigsaw.
    pub(crate) fn of(geometry: &Arc<Geometry>) -> Arc<Layout> {
        let slot = Shape::ALL
            .iter()
            .position(|&s| s == geometry.shape())
            .expect("every shape is one of Shape::ALL");
        let build = || Arc::new(Layout::build(geometry.clone()));
        match geometry.variant().kind() {
            VariantKind::Classic => CLASSIC[slot].get_or_init(build).clone(),
            VariantKind::Diagonal => DIAGONAL[slot].get_or_init(build).clone(),
            VariantKind::Jigsaw | VariantKind::JigsawDiagonal => build(),
        }
    }

    /// The shared tables of a classic board.
    #[cfg(test)]
    pub(crate) fn classic(shape: Shape) -> Arc<Layout> {
        Layout::of(&Geometry::classic(shape))
    }

    fn build(geometry: Arc<Geometry>) -> Layout {
        let shape = geometry.shape();
        let n = shape.size();
        let cells = geometry.cell_count();
        let first_three = |cell: usize| -> ([usize; 3], [u8; 3]) {
            let (houses, slots) = (geometry.houses_of(cell), geometry.slots_of(cell));
            (
                [houses[0], houses[1], houses[2]],
                [slots[0], slots[1], slots[2]],
            )
        };
        let (row_column_region, row_column_region_slots): (Vec<_>, Vec<_>) =
            (0..cells).map(first_three).unzip();
        let box_in_lines = (0..cells)
            .map(|cell| {
                let [row, column, region] = row_column_region[cell];
                [row, column].map(|line| {
                    geometry
                        .house(line)
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| row_column_region[c][2] == region)
                        .fold(0u32, |mask, (k, _)| mask | 1 << k)
                })
            })
            .collect();
        let diagonals = geometry.variant().has_diagonals();
        Layout {
            geometry,
            shape,
            n,
            all: ((1u32 << n) - 1) << 1,
            row_column_region,
            row_column_region_slots,
            box_in_lines,
            diagonals,
            chain_tables: OnceLock::new(),
        }
    }

    /// Whether the board has rectangular boxes and no other house: what the techniques that
    /// read bands and stacks need.
    pub(crate) fn is_classic(&self) -> bool {
        self.geometry.is_classic()
    }

    /// Whether the regions are a jigsaw's rather than the shape's rectangular boxes.
    pub(crate) fn has_jigsaw_regions(&self) -> bool {
        self.geometry.variant().regions().is_some()
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.n * self.n
    }

    /// The number of units: rows, columns, regions and any diagonals.
    pub(crate) fn unit_count(&self) -> usize {
        self.geometry.house_count()
    }

    /// The cells of unit `unit`.
    #[inline]
    pub(crate) fn unit(&self, unit: usize) -> &[usize] {
        self.geometry.house(unit)
    }

    /// Every unit of `cell`, ascending: row, column, region, then any diagonals.
    #[inline]
    pub(crate) fn units_of(&self, cell: usize) -> &[usize] {
        self.geometry.houses_of(cell)
    }

    /// The position of `cell` within each of its units (the order of [`Layout::units_of`]).
    #[inline]
    pub(crate) fn slots(&self, cell: usize) -> &[u8] {
        self.geometry.slots_of(cell)
    }

    /// The row, column and region of `cell`: its first three units on every board.
    #[inline]
    pub(crate) fn row_column_region(&self, cell: usize) -> [usize; 3] {
        self.row_column_region[cell]
    }

    /// The position of `cell` within its row, column and region.
    #[inline]
    pub(crate) fn row_column_region_slots(&self, cell: usize) -> [u8; 3] {
        self.row_column_region_slots[cell]
    }

    /// The units of `cell` in Sudoku Explainer's order: region, row, column, then any
    /// diagonals.
    pub(crate) fn explainer_units(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let [row, column, region] = self.row_column_region(cell);
        [region, row, column]
            .into_iter()
            .chain(self.units_of(cell)[3..].iter().copied())
    }

    /// The first unit of `a` (in [`Layout::units_of`] order) that holds `b` too.
    pub(crate) fn shared_unit(&self, a: usize, b: usize) -> Option<usize> {
        let others = self.units_of(b);
        self.units_of(a)
            .iter()
            .copied()
            .find(|u| others.contains(u))
    }

    /// The position of `cell` within `unit`, one of its units.
    pub(crate) fn slot_in(&self, cell: usize, unit: usize) -> u8 {
        let k = self
            .units_of(cell)
            .iter()
            .position(|&u| u == unit)
            .expect("a cell's slot is asked only in its own units");
        self.slots(cell)[k]
    }

    /// The cells of `cell`'s region as positions within its row and within its column.
    #[inline]
    pub(crate) fn box_in_lines(&self, cell: usize) -> [u32; 2] {
        self.box_in_lines[cell]
    }

    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[usize] {
        self.geometry.peers(cell)
    }

    /// Whether two distinct cells share a unit: a row, a column, a region, or a diagonal both
    /// lie on.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.row_column_region[a], self.row_column_region[b]);
        a != b
            && (x[0] == y[0]
                || x[1] == y[1]
                || x[2] == y[2]
                || (self.diagonals && self.share_a_diagonal(a, b)))
    }

    fn share_a_diagonal(&self, a: usize, b: usize) -> bool {
        let n = self.n;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        (ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1)
    }

    /// Every place a region crosses a line (row, column or diagonal) in two cells or more,
    /// region by region, rows, then columns, then diagonals.
    pub(crate) fn segments(&self) -> &[Segment] {
        self.geometry.segments()
    }

    /// The regions (boxes on a classic board) as unit numbers.
    pub(crate) fn regions(&self) -> std::ops::Range<usize> {
        2 * self.n..3 * self.n
    }

    /// The diagonals as unit numbers (none without the X rule).
    pub(crate) fn diagonals(&self) -> std::ops::Range<usize> {
        3 * self.n..self.unit_count()
    }

    /// The units of one kind, in index order (none of a kind the board lacks). A box stands for
    /// the board's regions, jigsaw or not: they play a box's part in every technique.
    pub(crate) fn units(&self, kind: UnitKind) -> std::ops::Range<usize> {
        match kind {
            UnitKind::Box | UnitKind::Region => self.regions(),
            kind => self.geometry.houses_of_kind(kind),
        }
    }

    pub(crate) fn kind_of(&self, unit: usize) -> UnitKind {
        self.geometry.houses()[unit].kind
    }

    /// Whether `unit` is a box or a jigsaw region.
    pub(crate) fn is_region(&self, unit: usize) -> bool {
        self.regions().contains(&unit)
    }

    /// A unit in words, core's names: `row 3`, `column 7`, `box 5`, `region 2`, `the diagonal`.
    pub(crate) fn unit_name(&self, unit: usize) -> String {
        self.geometry.house_name(unit)
    }

    /// A cell in words: `r3c7`.
    pub(crate) fn cell_name(&self, cell: usize) -> String {
        self.shape.cell_name(cell).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Variant;

    #[test]
    fn tables_agree_with_the_shape_for_every_size() {
        for shape in Shape::ALL {
            let layout = Layout::classic(shape);
            for cell in 0..shape.cell_count() {
                let peers: Vec<usize> = shape.peers(cell).collect();
                assert_eq!(layout.peers(cell), &peers[..], "{shape}");
                let expected = UnitKind::ALL.map(|kind| layout.units(kind).start);
                let [row, column, boxed] = layout.row_column_region(cell);
                assert_eq!(
                    [row, column, boxed],
                    [
                        expected[0] + shape.row_of(cell),
                        expected[1] + shape.col_of(cell),
                        expected[2] + shape.box_of(cell)
                    ]
                );
                assert_eq!(layout.units_of(cell), [row, column, boxed]);
                for (k, &unit) in [row, column, boxed].iter().enumerate() {
                    let slot = layout.row_column_region_slots(cell)[k];
                    assert_eq!(layout.unit(unit)[slot as usize], cell);
                    assert_eq!(layout.slot_in(cell, unit), slot);
                }
                // The box's cells in the row are the row's cells that share the box, shape by
                // shape: box_cols of them in a row, box_rows in a column.
                let [in_row, in_column] = layout.box_in_lines(cell);
                assert_eq!(in_row.count_ones() as usize, shape.box_cols(), "{shape}");
                assert_eq!(in_column.count_ones() as usize, shape.box_rows(), "{shape}");
                assert!(in_row & 1 << layout.row_column_region_slots(cell)[0] != 0);
                assert!(in_column & 1 << layout.row_column_region_slots(cell)[1] != 0);
            }
        }
    }

    #[test]
    fn a_diagonal_board_sees_along_its_diagonals() {
        let layout = Layout::of(&Geometry::of(Shape::S9, &Variant::diagonal()));
        // r1c1 and r9c9 share only the diagonal; r1c9 and r9c1 only the anti-diagonal.
        assert!(layout.sees(0, 80));
        assert!(layout.sees(8, 72));
        // r1c2 and r9c8 lie on neither.
        assert!(!layout.sees(1, 79));
        for a in 0..81 {
            for b in 0..81 {
                assert_eq!(layout.sees(a, b), layout.geometry.sees(a, b), "{a} {b}");
            }
        }
        assert_eq!(layout.units_of(40).len(), 5);
        assert_eq!(layout.diagonals(), 27..29);
        assert_eq!(layout.unit_name(27), "the diagonal");
        assert_eq!(layout.kind_of(28), UnitKind::AntiDiagonal);
    }

    #[test]
    fn a_jigsaw_region_is_the_cell_s_third_unit() {
        // Regions a–f (numbered 0–5 by first appearance), rows top to bottom.
        let map: Vec<char> = "aaabbbaacbbbdaccceddceeeddcfeedfffff".chars().collect();
        assert_eq!(map.len(), 36);
        let variant = Variant::jigsaw(Shape::S6, &map).unwrap();
        let layout = Layout::of(&Geometry::of(Shape::S6, &variant));
        assert!(layout.has_jigsaw_regions() && !layout.is_classic());
        // r2c3 (cell 8) is region c's first cell: row 2, column 3, region 3 (unit 12 + 2).
        assert_eq!(layout.row_column_region(8), [1, 6 + 2, 12 + 2]);
        assert_eq!(layout.unit_name(14), "region 3");
        // Region c holds only r2c3 of row 2, and r2c3, r3c3, r4c3, r5c3 of column 3.
        assert_eq!(layout.box_in_lines(8), [0b100, 0b11110]);
        // Its segments: column 3 (four cells) and row 3 (r3c3, r3c4, r3c5).
        let lines: Vec<usize> = layout
            .segments()
            .iter()
            .filter(|s| s.region == 14)
            .map(|s| s.line)
            .collect();
        assert_eq!(lines, [2, 6 + 2]);
    }

    #[test]
    fn units_are_named_in_words() {
        let layout = Layout::classic(Shape::S9);
        assert_eq!(layout.unit_name(2), "row 3");
        assert_eq!(layout.unit_name(9 + 6), "column 7");
        assert_eq!(layout.unit_name(18 + 4), "box 5");
        assert_eq!(layout.cell_name(80), "r9c9");
    }
}
