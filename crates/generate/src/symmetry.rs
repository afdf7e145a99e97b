//! Symmetries of the clue pattern: which cells must be given or empty together.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Grid, Shape};

/// A symmetry a puzzle's clue positions keep (the digits need not follow it). Every symmetry
/// applies to every shape: it moves cell positions only, so boxes need not map onto boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint: each cell is its own orbit.
    #[default]
    None,
    /// Half-turn rotation about the centre: `(r, c)` with `(N−1−r, N−1−c)`.
    Rotate180,
    /// Quarter-turn rotation: `(r, c)` with `(c, N−1−r)` and so on round; orbits of four
    /// (one cell at the centre of an odd board).
    Rotate90,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Left–right reflection: `(r, c)` with `(r, N−1−c)`.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, in the order of their names' listing.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Diagonal,
        Symmetry::Mirror,
    ];

    /// The name used on the command line: `none`, `180`, `90`, `diagonal`, `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "180",
            Symmetry::Rotate90 => "90",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror => "mirror",
        }
    }

    /// Where the symmetry's generating map sends `cell` on a board of `shape`.
    pub fn map(self, shape: Shape, cell: usize) -> usize {
        let n = shape.size();
        let (r, c) = (shape.row_of(cell), shape.col_of(cell));
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rotate180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rotate90 => (c, n - 1 - r),
            Symmetry::Diagonal => (c, r),
            Symmetry::Mirror => (r, n - 1 - c),
        };
        r * n + c
    }

    /// The cells of `shape` grouped into orbits (cells the symmetry maps onto one another),
    /// each orbit in the order the map visits it, orbits ordered by their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut placed = vec![false; shape.cell_count()];
        let mut orbits = Vec::new();
        for start in 0..shape.cell_count() {
            if placed[start] {
                continue;
            }
            let mut orbit = vec![start];
            placed[start] = true;
            let mut cell = self.map(shape, start);
            while cell != start {
                placed[cell] = true;
                orbit.push(cell);
                cell = self.map(shape, cell);
            }
            orbits.push(orbit);
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a symmetry's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSymmetryError {
    pub found: String,
}

impl fmt::Display for ParseSymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        write!(
            f,
            "unknown symmetry {:?}: expected one of {}",
            self.found,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseSymmetryError {}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;

    /// Reads the names [`Symmetry::name`] writes, ignoring case and surrounding spaces.
    fn from_str(text: &str) -> Result<Symmetry, ParseSymmetryError> {
        let wanted = text.trim();
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| ParseSymmetryError {
                found: text.to_string(),
            })
    }
}

/// Whether `puzzle`'s clue positions are invariant under `symmetry`: a cell holds a clue
/// exactly when its image does. Digits are not compared.
pub fn is_symmetric(puzzle: &Grid, symmetry: Symmetry) -> bool {
    let shape = puzzle.shape();
    (0..shape.cell_count())
        .all(|cell| (puzzle.get(cell) != 0) == (puzzle.get(symmetry.map(shape, cell)) != 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.to_string().parse(), Ok(symmetry));
        }
        assert_eq!(" Diagonal ".parse(), Ok(Symmetry::Diagonal));
        let error = "270".parse::<Symmetry>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown symmetry \"270\": expected one of none, 180, 90, diagonal, mirror"
        );
    }

    #[test]
    fn orbits_partition_the_board_with_the_expected_sizes() {
        for shape in Shape::ALL {
            let n = shape.size();
            for symmetry in Symmetry::ALL {
                let orbits = symmetry.orbits(shape);
                let mut seen = vec![0; shape.cell_count()];
                for orbit in &orbits {
                    for &cell in orbit {
                        seen[cell] += 1;
                    }
                }
                assert!(seen.iter().all(|&k| k == 1), "{shape} {symmetry}");
                let fixed = orbits.iter().filter(|o| o.len() == 1).count();
                let (expected_fixed, largest) = match symmetry {
                    Symmetry::None => (n * n, 1),
                    Symmetry::Rotate180 | Symmetry::Rotate90 => {
                        (n % 2, 2 + 2 * usize::from(symmetry == Symmetry::Rotate90))
                    }
                    Symmetry::Diagonal => (n, 2),
                    Symmetry::Mirror => (n * (n % 2), 2),
                };
                assert_eq!(fixed, expected_fixed, "{shape} {symmetry}");
                assert!(orbits.iter().all(|o| o.len() == 1 || o.len() == largest));
            }
        }
    }

    #[test]
    fn symmetric_patterns_are_recognised() {
        let shape = Shape::S9;
        let mut grid = Grid::empty(shape);
        grid.set(1, 5); // r1c2
        assert!(!is_symmetric(&grid, Symmetry::Rotate180));
        assert!(is_symmetric(&grid, Symmetry::None));
        grid.set(79, 3); // r9c8, its half-turn image
        assert!(is_symmetric(&grid, Symmetry::Rotate180));
        assert!(!is_symmetric(&grid, Symmetry::Rotate90));
        assert!(!is_symmetric(&grid, Symmetry::Mirror));
        grid.set(17, 1); // r2c9 and r8c1 complete the quarter-turn orbit of r1c2
        grid.set(63, 1);
        assert!(is_symmetric(&grid, Symmetry::Rotate90));
        assert!(is_symmetric(&grid, Symmetry::Rotate180));
        assert!(!is_symmetric(&grid, Symmetry::Diagonal));
        assert!(!is_symmetric(&grid, Symmetry::Mirror));
        let mut grid = Grid::empty(shape);
        grid.set(1, 2); // r1c2 and r2c1 mirror in the main diagonal
        grid.set(9, 7);
        assert!(is_symmetric(&grid, Symmetry::Diagonal));
        assert!(!is_symmetric(&grid, Symmetry::Mirror));
        grid.set(7, 4); // r1c8 and r2c9 mirror r1c2 and r2c1 left to right
        grid.set(17, 4);
        assert!(is_symmetric(&grid, Symmetry::Mirror));
    }
}
