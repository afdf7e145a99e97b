//! Random jigsaw region maps: N connected regions of N cells, optionally symmetric.
//!
//! The walk starts from the shape's boxes and trades cells between neighbouring regions: a cell
//! `a` of region A beside region B goes to B, and a cell `c` of B goes to A, so both keep N
//! cells; a trade that would split either region is undone. After [`TRADES_PER_CELL`] trades a
//! cell the boxes are gone from sight, and every connected map with regions of equal size can
//! be reached that way; trades that would stretch a region's outline past a third more than a
//! box's are undone too, which keeps regions compact, as published jigsaws are. With a [`Symmetry`], each trade is made together with its images under
//! the symmetry, so the map keeps it and a clue pattern with that symmetry fits the map: this
//! needs a start the symmetry keeps, which the boxes are when they are square (4×4, 9×9, 16×16,
//! 25×25) and, for the half turn, always.
//!
//! A region map need not admit any valid grid (a region can be forced to repeat a row's digits
//! with no way out); [`crate::random_grid`] finds that out, and the generators draw a new map.

use std::sync::Arc;

use rand::Rng;
use sudoku_core::{Geometry, Shape, Variant, VariantKind, unreached_cell};

use crate::error::{ErrorKind, GenerateError};
use crate::symmetry::Symmetry;

/// What a generator carves on: the same board every attempt, or a new jigsaw map each time.
#[derive(Clone, Debug)]
pub enum Board {
    /// One geometry for every attempt: a shape's classic board, a diagonal board, a given
    /// jigsaw map.
    Fixed(Arc<Geometry>),
    /// A fresh [`random_regions`] map each attempt, kept by the clue pattern's symmetry, with
    /// the X rule when `diagonals`.
    RandomJigsaw { shape: Shape, diagonals: bool },
}

impl From<Shape> for Board {
    fn from(shape: Shape) -> Board {
        Board::Fixed(Geometry::classic(shape))
    }
}

impl From<Arc<Geometry>> for Board {
    fn from(geometry: Arc<Geometry>) -> Board {
        Board::Fixed(geometry)
    }
}

impl Board {
    pub fn shape(&self) -> Shape {
        match self {
            Board::Fixed(geometry) => geometry.shape(),
            Board::RandomJigsaw { shape, .. } => *shape,
        }
    }

    /// The variant every board drawn has.
    pub fn kind(&self) -> VariantKind {
        match self {
            Board::Fixed(geometry) => geometry.variant().kind(),
            Board::RandomJigsaw {
                diagonals: false, ..
            } => VariantKind::Jigsaw,
            Board::RandomJigsaw {
                diagonals: true, ..
            } => VariantKind::JigsawDiagonal,
        }
    }

    /// The board of one attempt.
    pub(crate) fn draw<R: Rng + ?Sized>(
        &self,
        symmetry: Symmetry,
        rng: &mut R,
    ) -> Result<Arc<Geometry>, GenerateError> {
        match self {
            Board::Fixed(geometry) => Ok(geometry.clone()),
            &Board::RandomJigsaw { shape, diagonals } => {
                let variant = random_regions(shape, symmetry, rng)
                    .map_err(|e| GenerateError::new(ErrorKind::MapSymmetry(e), 0))?;
                Ok(Geometry::of(shape, &variant.with_diagonals(diagonals)))
            }
        }
    }
}

/// Trades made per cell of the board: enough that no box outline survives (on 9×9, 40 trades
/// a cell leave no region equal to a box in any of thousands of maps drawn in testing).
pub const TRADES_PER_CELL: usize = 40;

/// Why a symmetric region map cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedSymmetry {
    pub shape: Shape,
    pub symmetry: Symmetry,
}

impl std::fmt::Display for UnsupportedSymmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "no {} boxes keep the symmetry {:?}: jigsaw maps of this size take `none` or `180`",
            self.shape,
            self.symmetry.name()
        )
    }
}

impl std::error::Error for UnsupportedSymmetry {}

/// A random jigsaw region map of `shape` that `symmetry` keeps (see the module documentation),
/// drawn from `rng`.
pub fn random_regions<R: Rng + ?Sized>(
    shape: Shape,
    symmetry: Symmetry,
    rng: &mut R,
) -> Result<Variant, UnsupportedSymmetry> {
    let mut map = RegionMap::boxes(shape);
    if !map.kept_by(symmetry) {
        return Err(UnsupportedSymmetry { shape, symmetry });
    }
    let images = images(shape, symmetry);
    for _ in 0..TRADES_PER_CELL * shape.cell_count() {
        let a = rng.random_range(0..shape.cell_count());
        let across: Vec<usize> = shape
            .neighbours(a)
            .filter(|&b| map.region[b] != map.region[a])
            .collect();
        if across.is_empty() {
            continue;
        }
        let b = across[rng.random_range(0..across.len())];
        // The cell A takes back: one of B's that touches A elsewhere than at `a`, so the
        // trade has a chance to leave both connected.
        let (own, other) = (map.region[a], map.region[b]);
        let candidates: Vec<usize> = map
            .cells_of(other)
            .filter(|&c| shape.neighbours(c).any(|x| x != a && map.region[x] == own))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let c = candidates[rng.random_range(0..candidates.len())];
        let before = map.region.clone();
        let mut touched = Vec::new();
        for image in &images {
            touched.extend([map.region[image[a]], map.region[image[c]]]);
            map.trade(image[a], image[c]);
        }
        if !(map.connected_regions(&touched)
            && map.compact_regions(&touched)
            && map.kept_by(symmetry))
        {
            map.region = before;
        }
    }
    let variant = Variant::jigsaw(shape, &map.region).expect("every trade kept the map valid");
    Ok(variant)
}

/// Each cell's images under the symmetry's group, one table per group element (the identity
/// first).
fn images(shape: Shape, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let identity: Vec<usize> = (0..shape.cell_count()).collect();
    let mut tables = vec![identity];
    loop {
        let last = tables.last().expect("the identity is there");
        let next: Vec<usize> = last.iter().map(|&c| symmetry.map(shape, c)).collect();
        if next == tables[0] {
            return tables;
        }
        tables.push(next);
    }
}

/// A partition of the cells into regions, as one region number a cell.
struct RegionMap {
    shape: Shape,
    region: Vec<u8>,
}

impl RegionMap {
    fn boxes(shape: Shape) -> RegionMap {
        let boxes = Geometry::classic(shape);
        RegionMap {
            shape,
            region: (0..shape.cell_count())
                .map(|c| boxes.region_of(c) as u8)
                .collect(),
        }
    }

    fn cells_of(&self, region: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.region.len()).filter(move |&c| self.region[c] == region)
    }

    /// `a` joins `c`'s region and `c` joins `a`'s.
    fn trade(&mut self, a: usize, c: usize) {
        self.region.swap(a, c);
    }

    /// Whether each of `regions` is connected. Trades swap cells, so every region keeps its N
    /// cells and only the regions a trade touched can have come apart.
    fn connected_regions(&self, regions: &[u8]) -> bool {
        regions.iter().all(|&region| self.connected(region))
    }

    /// Whether each of `regions` keeps its outline within [`RegionMap::perimeter_cap`].
    fn compact_regions(&self, regions: &[u8]) -> bool {
        let cap = self.perimeter_cap();
        regions.iter().all(|&region| self.perimeter(region) <= cap)
    }

    /// A third longer than a box's outline: without a cap the walk drifts to long snaking
    /// regions (a whole row as one region is as likely as a square), unlike published jigsaws.
    fn perimeter_cap(&self) -> usize {
        let box_outline = 2 * (self.shape.box_rows() + self.shape.box_cols());
        (box_outline * 4).div_ceil(3)
    }

    /// Cell edges on the region's outline (the board's edge included).
    fn perimeter(&self, region: u8) -> usize {
        self.cells_of(region)
            .map(|cell| {
                4 - self
                    .shape
                    .neighbours(cell)
                    .filter(|&x| self.region[x] == region)
                    .count()
            })
            .sum()
    }

    fn connected(&self, region: u8) -> bool {
        unreached_cell(self.shape, &self.region, region).is_none()
    }

    /// Whether the symmetry maps every region onto a region.
    fn kept_by(&self, symmetry: Symmetry) -> bool {
        let n = self.shape.size();
        let mut image_of = vec![None; n];
        (0..self.region.len()).all(|cell| {
            let from = usize::from(self.region[cell]);
            let to = self.region[symmetry.map(self.shape, cell)];
            *image_of[from].get_or_insert(to) == to
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use sudoku_core::Geometry;

    #[test]
    fn maps_are_valid_varied_and_repeat_with_their_seed() {
        for shape in Shape::ALL {
            let mut rng = StdRng::seed_from_u64(11);
            let first = random_regions(shape, Symmetry::None, &mut rng).unwrap();
            let second = random_regions(shape, Symmetry::None, &mut rng).unwrap();
            assert_ne!(first, second, "{shape}");
            let again = random_regions(shape, Symmetry::None, &mut StdRng::seed_from_u64(11));
            assert_eq!(again.unwrap(), first, "{shape}");
            // Variant::jigsaw re-checked sizes and connectivity; no region is still a box.
            let boxes = Geometry::classic(shape);
            let map = Geometry::of(shape, &first);
            if shape.size() >= 9 {
                let n = shape.size();
                let unchanged = (2 * n..3 * n).filter(|&h| map.house(h) == boxes.house(h));
                assert_eq!(unchanged.count(), 0, "{shape}");
            }
        }
    }

    #[test]
    fn symmetric_maps_keep_their_symmetry() {
        let mut rng = StdRng::seed_from_u64(4);
        for (shape, symmetry) in [
            (Shape::S9, Symmetry::Rotate180),
            (Shape::S9, Symmetry::Rotate90),
            (Shape::S9, Symmetry::Mirror),
            (Shape::S6, Symmetry::Rotate180),
            (Shape::S16, Symmetry::Diagonal),
        ] {
            let variant = random_regions(shape, symmetry, &mut rng).unwrap();
            let regions = variant.regions().unwrap();
            // Cells in one region have images in one region, whatever the labels.
            for a in 0..regions.len() {
                for b in 0..regions.len() {
                    if regions[a] == regions[b] {
                        let (ia, ib) = (symmetry.map(shape, a), symmetry.map(shape, b));
                        assert_eq!(regions[ia], regions[ib], "{shape} {symmetry:?}");
                    }
                }
            }
            assert_ne!(variant, Variant::jigsaw(shape, &boxes_of(shape)).unwrap());
        }
        let refused = random_regions(Shape::S6, Symmetry::Rotate90, &mut rng);
        assert!(refused.is_err());
    }

    fn boxes_of(shape: Shape) -> Vec<usize> {
        let boxes = Geometry::classic(shape);
        (0..shape.cell_count())
            .map(|c| boxes.region_of(c))
            .collect()
    }
}
