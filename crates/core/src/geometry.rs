//! Where digits must differ: a board's houses (rows, columns, boxes or jigsaw regions, and the
//! diagonals of the X rule), each cell's houses and peers, and where a region crosses a line.
//!
//! Built once per shape and variant and shared (`Arc`), so every solver reads the same tables
//! instead of deriving its own. Houses are numbered rows `0..n`, columns `n..2n`, boxes or
//! regions `2n..3n`, then the main diagonal and the anti-diagonal when the X rule holds: a
//! classic board's numbering is the one the suite always used.

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::shape::{Shape, UnitKind};

/// The rules a board adds to, or puts in place of, the classic ones.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Variant {
    /// Jigsaw regions in place of boxes: each cell's region, numbered `0..n` in order of first
    /// appearance (row-major). `None` for rectangular boxes.
    regions: Option<Arc<[u8]>>,
    /// Both main diagonals are houses too (the X rule).
    diagonals: bool,
}

/// A variant without its region map: what a solver declares it supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VariantKind {
    Classic,
    Diagonal,
    Jigsaw,
    JigsawDiagonal,
}

impl VariantKind {
    /// Every variant, classic first.
    pub const ALL: [VariantKind; 4] = [
        VariantKind::Classic,
        VariantKind::Diagonal,
        VariantKind::Jigsaw,
        VariantKind::JigsawDiagonal,
    ];
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VariantKind::Classic => "classic",
            VariantKind::Diagonal => "diagonal",
            VariantKind::Jigsaw => "jigsaw",
            VariantKind::JigsawDiagonal => "jigsaw diagonal",
        })
    }
}

/// Why a region map cannot be a board's regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionError {
    /// The map does not give one region a cell.
    WrongLength { found: usize, expected: usize },
    /// More or fewer distinct regions than the board's side.
    RegionCount { found: usize, expected: usize },
    /// A region without exactly `expected` cells; `cell` is its first, row-major.
    RegionSize {
        cell: usize,
        found: usize,
        expected: usize,
    },
    /// A region whose cells are not joined edge to edge: `cell` is one not reached from its
    /// first cell.
    Disconnected { cell: usize },
}

impl RegionError {
    /// The message, naming cells on a board of side `size`.
    pub fn describe(&self, size: usize) -> String {
        let name = |cell: usize| CellLabel { cell, size }.to_string();
        match *self {
            RegionError::WrongLength { found, expected } => {
                format!("the region map has {found} cells but the board has {expected}")
            }
            RegionError::RegionCount { found, expected } => {
                format!("the region map has {found} regions but the board needs {expected}")
            }
            RegionError::RegionSize {
                cell,
                found,
                expected,
            } => format!(
                "the region of {} has {found} cells; each region needs {expected}",
                name(cell)
            ),
            RegionError::Disconnected { cell } => format!(
                "the region of {} is not connected: {0} cannot be reached from its other cells",
                name(cell)
            ),
        }
    }
}

/// `r3c7` from a cell index and the board's side.
struct CellLabel {
    cell: usize,
    size: usize,
}

impl fmt::Display for CellLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "r{}c{}",
            self.cell / self.size + 1,
            self.cell % self.size + 1
        )
    }
}

impl Variant {
    /// Rows, columns and rectangular boxes only.
    pub fn classic() -> Variant {
        Variant::default()
    }

    /// The X rule: both main diagonals are houses too.
    pub fn diagonal() -> Variant {
        Variant {
            regions: None,
            diagonals: true,
        }
    }

    /// Jigsaw regions in place of boxes, from one label a cell (any labels; regions are
    /// numbered by first appearance). Checked: `n` regions of `n` cells, each connected.
    pub fn jigsaw<L: Copy + Eq>(shape: Shape, labels: &[L]) -> Result<Variant, RegionError> {
        let regions = number_regions(shape, labels)?;
        check_regions(shape, &regions)?;
        Ok(Variant {
            regions: Some(regions.into()),
            diagonals: false,
        })
    }

    /// The same regions with the X rule on or off.
    pub fn with_diagonals(self, diagonals: bool) -> Variant {
        Variant { diagonals, ..self }
    }

    pub fn kind(&self) -> VariantKind {
        match (self.regions.is_some(), self.diagonals) {
            (false, false) => VariantKind::Classic,
            (false, true) => VariantKind::Diagonal,
            (true, false) => VariantKind::Jigsaw,
            (true, true) => VariantKind::JigsawDiagonal,
        }
    }

    /// Each cell's region, when the board has jigsaw regions.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    pub fn is_classic(&self) -> bool {
        self.kind() == VariantKind::Classic
    }
}

/// Labels numbered `0..` by first appearance, row-major.
fn number_regions<L: Copy + Eq>(shape: Shape, labels: &[L]) -> Result<Vec<u8>, RegionError> {
    let expected = shape.cell_count();
    if labels.len() != expected {
        return Err(RegionError::WrongLength {
            found: labels.len(),
            expected,
        });
    }
    let mut distinct: Vec<L> = Vec::new();
    for &label in labels {
        if !distinct.contains(&label) {
            distinct.push(label);
        }
    }
    if distinct.len() != shape.size() {
        return Err(RegionError::RegionCount {
            found: distinct.len(),
            expected: shape.size(),
        });
    }
    let regions = labels
        .iter()
        .map(|label| distinct.iter().position(|l| l == label).expect("listed") as u8)
        .collect();
    Ok(regions)
}

/// Every region has `n` cells and is connected edge to edge.
fn check_regions(shape: Shape, regions: &[u8]) -> Result<(), RegionError> {
    let n = shape.size();
    for region in 0..n as u8 {
        let cells: Vec<usize> = (0..regions.len())
            .filter(|&c| regions[c] == region)
            .collect();
        if cells.len() != n {
            return Err(RegionError::RegionSize {
                cell: cells[0],
                found: cells.len(),
                expected: n,
            });
        }
        if let Some(cell) = unreached_cell(shape, regions, region) {
            return Err(RegionError::Disconnected { cell });
        }
    }
    Ok(())
}

/// A cell of `region` (one region number a cell in `regions`) that cannot be reached edge to
/// edge from its first cell; `None` when the region is connected (or has no cell).
pub fn unreached_cell(shape: Shape, regions: &[u8], region: u8) -> Option<usize> {
    let first = regions.iter().position(|&r| r == region)?;
    let mut reached = vec![false; regions.len()];
    reached[first] = true;
    let mut stack = vec![first];
    while let Some(cell) = stack.pop() {
        for next in shape.neighbours(cell) {
            if regions[next] == region && !reached[next] {
                reached[next] = true;
                stack.push(next);
            }
        }
    }
    (0..regions.len()).find(|&c| regions[c] == region && !reached[c])
}

/// One house: its kind and its number among the houses of that kind (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct House {
    pub kind: UnitKind,
    pub index: usize,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            UnitKind::Diagonal | UnitKind::AntiDiagonal => write!(f, "the {}", self.kind),
            kind => write!(f, "{kind} {}", self.index + 1),
        }
    }
}

/// Where a box or region crosses a line (row, column or diagonal) in two cells or more: the
/// cells they share and each one's cells outside the other, what box–line (locked candidate)
/// reasoning compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The box or region and the line, as house numbers.
    pub region: usize,
    pub line: usize,
    pub cells: Vec<usize>,
    /// The region's cells off the line.
    pub region_rest: Vec<usize>,
    /// The line's cells outside the region.
    pub line_rest: Vec<usize>,
}

/// The tables of one board: see the module documentation for the numbering.
#[derive(Debug)]
pub struct Geometry {
    shape: Shape,
    variant: Variant,
    houses: Vec<House>,
    /// `n` cells a house, in reading order (row-major for boxes and regions, top to bottom for
    /// columns and diagonals).
    house_cells: Vec<usize>,
    /// Each cell's houses in ascending number, `house_start[c]..house_start[c + 1]`.
    cell_houses: Vec<usize>,
    /// Each cell's position within each of its houses, parallel to `cell_houses`.
    cell_slots: Vec<u8>,
    house_start: Vec<usize>,
    /// Each cell's peers ascending, `peer_start[c]..peer_start[c + 1]`.
    peers: Vec<usize>,
    peer_start: Vec<usize>,
    /// Each cell's box or region.
    region_of: Vec<u8>,
    segments: Vec<Segment>,
}

/// A shape stands for its classic board wherever a geometry is asked for.
impl From<Shape> for Arc<Geometry> {
    fn from(shape: Shape) -> Arc<Geometry> {
        Geometry::classic(shape)
    }
}

impl PartialEq for Geometry {
    /// Two geometries are equal when shape and variant are: the tables follow from them.
    fn eq(&self, other: &Geometry) -> bool {
        self.shape == other.shape && self.variant == other.variant
    }
}

impl Eq for Geometry {}

impl std::hash::Hash for Geometry {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.variant.hash(state);
    }
}

static CLASSIC: [OnceLock<Arc<Geometry>>; Shape::ALL.len()] = [const { OnceLock::new() }; 6];
static DIAGONAL: [OnceLock<Arc<Geometry>>; Shape::ALL.len()] = [const { OnceLock::new() }; 6];

impl Geometry {
    /// The shared tables of a classic board.
    pub fn classic(shape: Shape) -> Arc<Geometry> {
        Geometry::of(shape, &Variant::classic())
    }

    /// The tables of `shape` under `variant`: shared for classic and diagonal boards, built
    /// for a jigsaw map (whose variant was checked when it was made).
    pub fn of(shape: Shape, variant: &Variant) -> Arc<Geometry> {
        let slot = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("every shape is one of Shape::ALL");
        match variant.kind() {
            VariantKind::Classic => CLASSIC[slot]
                .get_or_init(|| Arc::new(Geometry::build(shape, variant.clone())))
                .clone(),
            VariantKind::Diagonal => DIAGONAL[slot]
                .get_or_init(|| Arc::new(Geometry::build(shape, variant.clone())))
                .clone(),
            _ => Arc::new(Geometry::build(shape, variant.clone())),
        }
    }

    fn build(shape: Shape, variant: Variant) -> Geometry {
        let n = shape.size();
        let cells = shape.cell_count();
        let region_of: Vec<u8> = match variant.regions() {
            Some(regions) => regions.to_vec(),
            None => (0..cells).map(|c| shape.box_of(c) as u8).collect(),
        };
        let region_kind = if variant.regions().is_some() {
            UnitKind::Region
        } else {
            UnitKind::Box
        };
        let mut houses = Vec::new();
        let mut house_cells = Vec::new();
        for kind in [UnitKind::Row, UnitKind::Column] {
            for index in 0..n {
                houses.push(House { kind, index });
                house_cells.extend(shape.unit_cells(kind, index));
            }
        }
        for index in 0..n {
            houses.push(House {
                kind: region_kind,
                index,
            });
            house_cells.extend((0..cells).filter(|&c| usize::from(region_of[c]) == index));
        }
        if variant.has_diagonals() {
            houses.push(House {
                kind: UnitKind::Diagonal,
                index: 0,
            });
            house_cells.extend((0..n).map(|k| k * n + k));
            houses.push(House {
                kind: UnitKind::AntiDiagonal,
                index: 0,
            });
            house_cells.extend((0..n).map(|k| k * n + n - 1 - k));
        }
        // One pass over the houses in number order lists each cell's houses ascending.
        let mut of_cell: Vec<Vec<(usize, u8)>> = vec![Vec::new(); cells];
        for (house, members) in house_cells.chunks(n).enumerate() {
            for (slot, &cell) in members.iter().enumerate() {
                of_cell[cell].push((house, slot as u8));
            }
        }
        let mut cell_houses = Vec::new();
        let mut cell_slots = Vec::new();
        let mut house_start = vec![0];
        for houses in of_cell {
            for (house, slot) in houses {
                cell_houses.push(house);
                cell_slots.push(slot);
            }
            house_start.push(cell_houses.len());
        }
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for cell in 0..cells {
            let mut seen = vec![false; cells];
            for &house in &cell_houses[house_start[cell]..house_start[cell + 1]] {
                for &other in &house_cells[house * n..(house + 1) * n] {
                    seen[other] = other != cell;
                }
            }
            peers.extend((0..cells).filter(|&c| seen[c]));
            peer_start.push(peers.len());
        }
        let mut geometry = Geometry {
            shape,
            variant,
            houses,
            house_cells,
            cell_houses,
            cell_slots,
            house_start,
            peers,
            peer_start,
            region_of,
            segments: Vec::new(),
        };
        geometry.segments = geometry.find_segments();
        geometry
    }

    /// Every region crossing a line in two cells or more: region by region, rows, then
    /// columns, then diagonals.
    fn find_segments(&self) -> Vec<Segment> {
        let n = self.size();
        let lines: Vec<usize> = (0..2 * n).chain(3 * n..self.house_count()).collect();
        let mut segments = Vec::new();
        for region in 2 * n..3 * n {
            for &line in &lines {
                let in_line = |cell: &usize| self.house(line).contains(cell);
                let in_region = |cell: &usize| self.house(region).contains(cell);
                let cells: Vec<usize> =
                    self.house(region).iter().copied().filter(in_line).collect();
                if cells.len() < 2 {
                    continue;
                }
                segments.push(Segment {
                    region,
                    line,
                    cells,
                    region_rest: self
                        .house(region)
                        .iter()
                        .copied()
                        .filter(|c| !in_line(c))
                        .collect(),
                    line_rest: self
                        .house(line)
                        .iter()
                        .copied()
                        .filter(|c| !in_region(c))
                        .collect(),
                });
            }
        }
        segments
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Side length N: cells a house, and the largest digit.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    pub fn cell_count(&self) -> usize {
        self.shape.cell_count()
    }

    /// Whether the boxes are the shape's rectangles and there is no other house: what code
    /// built on bands and stacks needs.
    pub fn is_classic(&self) -> bool {
        self.variant.is_classic()
    }

    pub fn house_count(&self) -> usize {
        self.houses.len()
    }

    /// Every house, in number order.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The cells of house `house`.
    #[inline]
    pub fn house(&self, house: usize) -> &[usize] {
        let n = self.size();
        &self.house_cells[house * n..(house + 1) * n]
    }

    /// The houses of `cell`, ascending: row, column, box or region, then any diagonals.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.cell_houses[self.house_start[cell]..self.house_start[cell + 1]]
    }

    /// The houses of `cell` in a fixed-width array, the first repeated to fill the places
    /// left: what a search that keeps one used-digit mask a house reads without a loop of
    /// variable length (reading or setting a mask twice changes nothing). `K` is 3 on a board
    /// without diagonals and 5 with them; panics if `cell` has more than `K` houses.
    #[inline]
    pub fn padded_houses<const K: usize>(&self, cell: usize) -> [usize; K] {
        let houses = self.houses_of(cell);
        assert!(houses.len() <= K, "cell {cell} has {} houses", houses.len());
        std::array::from_fn(|k| houses.get(k).copied().unwrap_or(houses[0]))
    }

    /// The position of `cell` within each of its houses, in the order of
    /// [`Geometry::houses_of`].
    #[inline]
    pub fn slots_of(&self, cell: usize) -> &[u8] {
        &self.cell_slots[self.house_start[cell]..self.house_start[cell + 1]]
    }

    /// The cells sharing a house with `cell`, ascending.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[self.peer_start[cell]..self.peer_start[cell + 1]]
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers(a).binary_search(&b).is_ok()
    }

    /// The box or region number (`0..n`) of `cell`.
    #[inline]
    pub fn region_of(&self, cell: usize) -> usize {
        usize::from(self.region_of[cell])
    }

    /// The box or region houses, `n..` after the lines: what a search that keeps each region a
    /// permutation walks.
    pub fn region_houses(&self) -> std::ops::Range<usize> {
        2 * self.size()..3 * self.size()
    }

    /// Where regions cross lines: see [`Segment`].
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// A house in words: `row 3`, `column 7`, `box 5`, `region 2`, `the diagonal`.
    pub fn house_name(&self, house: usize) -> String {
        self.houses[house].to_string()
    }

    /// The houses of one kind, as a range of house numbers (empty if the board has none).
    pub fn houses_of_kind(&self, kind: UnitKind) -> std::ops::Range<usize> {
        let n = self.size();
        let first = self.houses.iter().position(|h| h.kind == kind);
        match first {
            Some(first) => {
                let count = match kind {
                    UnitKind::Diagonal | UnitKind::AntiDiagonal => 1,
                    _ => n,
                };
                first..first + count
            }
            None => 0..0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4×4 jigsaw of four L-shaped regions, written by hand.
    const FOUR_JIGSAW: &str = "aaab\
                               acbb\
                               ccbd\
                               cddd";

    fn jigsaw4() -> Variant {
        let labels: Vec<char> = FOUR_JIGSAW.chars().collect();
        Variant::jigsaw(Shape::S4, &labels).unwrap()
    }

    #[test]
    fn a_classic_board_numbers_its_houses_as_rows_columns_boxes() {
        for shape in Shape::ALL {
            let g = Geometry::classic(shape);
            let n = shape.size();
            assert_eq!(g.house_count(), 3 * n);
            for cell in 0..shape.cell_count() {
                let expected = [
                    shape.row_of(cell),
                    n + shape.col_of(cell),
                    2 * n + shape.box_of(cell),
                ];
                assert_eq!(g.houses_of(cell), expected, "{shape} cell {cell}");
                let peers: Vec<usize> = shape.peers(cell).collect();
                assert_eq!(g.peers(cell), peers, "{shape} cell {cell}");
                for (&house, &slot) in g.houses_of(cell).iter().zip(g.slots_of(cell)) {
                    assert_eq!(g.house(house)[usize::from(slot)], cell);
                }
            }
            // Each box crosses box_rows rows and box_cols columns, in at least two cells.
            assert_eq!(
                g.segments().len(),
                n * (shape.box_rows() + shape.box_cols())
            );
        }
    }

    #[test]
    fn diagonal_cells_have_four_houses_and_the_centre_five() {
        let g = Geometry::of(Shape::S9, &Variant::diagonal());
        assert_eq!(g.house_count(), 29);
        assert_eq!(g.houses_of(0), [0, 9, 18, 27]);
        assert_eq!(g.houses_of(8), [0, 17, 20, 28]);
        assert_eq!(g.houses_of(40).len(), 5);
        assert_eq!(g.houses_of(1).len(), 3);
        // r1c1 now sees r9c9 (20 classic peers, plus 6 diagonal cells outside its box).
        assert!(g.sees(0, 80));
        assert_eq!(g.peers(0).len(), 26);
        assert_eq!(g.house_name(27), "the diagonal");
        assert_eq!(g.house_name(28), "the anti-diagonal");
        // The three boxes on each diagonal cross it in three cells.
        let diagonal_segments = g.segments().iter().filter(|s| s.line >= 27).count();
        // Boxes 1, 5, 9 cross the diagonal and 3, 5, 7 the anti-diagonal, three cells each.
        assert_eq!(diagonal_segments, 6);
    }

    #[test]
    fn jigsaw_regions_replace_boxes() {
        let g = Geometry::of(Shape::S4, &jigsaw4());
        // Regions by first appearance: a=0, b=1, c=2, d=3.
        assert_eq!(g.house(8), [0, 1, 2, 4]);
        assert_eq!(g.house(9), [3, 6, 7, 10]);
        assert_eq!(g.house(10), [5, 8, 9, 12]);
        assert_eq!(g.house(11), [11, 13, 14, 15]);
        assert_eq!(g.house_name(10), "region 3");
        // r2c2 (cell 5): row 2, column 2, region c.
        assert_eq!(g.houses_of(5), [1, 5, 10]);
        assert!(g.sees(5, 12) && !g.sees(5, 15));
    }

    #[test]
    fn bad_region_maps_are_refused_naming_a_cell() {
        let s4 = Shape::S4;
        let short: Vec<char> = "aabbaabbccddccd".chars().collect();
        assert_eq!(
            Variant::jigsaw(s4, &short),
            Err(RegionError::WrongLength {
                found: 15,
                expected: 16
            })
        );
        let five: Vec<char> = "aabbaabbccddccde".chars().collect();
        assert!(matches!(
            Variant::jigsaw(s4, &five),
            Err(RegionError::RegionCount { found: 5, .. })
        ));
        let uneven: Vec<char> = "aaabaabbccddccdd".chars().collect();
        let error = Variant::jigsaw(s4, &uneven).unwrap_err();
        assert_eq!(
            error.describe(4),
            "the region of r1c1 has 5 cells; each region needs 4"
        );
        // Region a is r1c1, r1c2 and r4c3-r4c4... split in two.
        let split: Vec<char> = "aabbccbbccddddaa".chars().collect();
        let error = Variant::jigsaw(s4, &split).unwrap_err();
        assert_eq!(error, RegionError::Disconnected { cell: 14 });
        assert!(error.describe(4).contains("r4c3"), "{}", error.describe(4));
    }

    #[test]
    fn geometries_are_shared_and_compared_by_rules() {
        let a = Geometry::classic(Shape::S9);
        assert!(Arc::ptr_eq(&a, &Geometry::classic(Shape::S9)));
        assert_eq!(
            *Geometry::of(Shape::S4, &jigsaw4()),
            *Geometry::of(Shape::S4, &jigsaw4())
        );
        assert_ne!(
            *Geometry::of(Shape::S4, &jigsaw4()),
            *Geometry::classic(Shape::S4)
        );
    }
}
