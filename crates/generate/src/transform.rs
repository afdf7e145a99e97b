//! The 2009 program's transformations: moves that take a valid board to a valid board.
//!
//! Rows may be permuted within a band and bands among themselves, columns within a stack and
//! stacks among themselves, the digits relabelled, and, where the boxes are square, the grid
//! transposed. Each move maps rows, columns and boxes onto rows, columns and boxes, so it keeps
//! clues from conflicting, keeps a full grid valid, and maps the solutions of a puzzle one to one
//! onto the solutions of its image: solving `t.apply(puzzle)` gives `t.apply(solution)`.
//!
//! A [`Transform`] is all of these at once, in one normal form: first the row and column
//! permutations, then the transposition, then the relabelling. Any sequence of the moves
//! composes to one such value (the relabelling commutes with the rest, and a transposition
//! turns a row permutation into a column permutation), which is why one value describes them.

use rand::Rng;
use rand::seq::SliceRandom;
use sudoku_core::{Grid, Shape};

/// A validity-preserving rearrangement of a board of one shape (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    shape: Shape,
    /// Row `i` of the permuted board is row `rows[i]` of the input.
    rows: Vec<usize>,
    /// Column `j` of the permuted board is column `cols[j]` of the input.
    cols: Vec<usize>,
    transpose: bool,
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0 (empty stays empty).
    digits: Vec<u8>,
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
            digits: (0..=n as u8).collect(),
        }
    }

    /// Whether boards of `shape` may be transposed: only when the boxes are square
    /// (`box_rows == box_cols`: 4×4, 9×9, 16×16, 25×25). Transposing a 6×6 board turns its 2×3
    /// boxes into 3×2 regions, which are not boxes of any supported shape.
    pub fn can_transpose(shape: Shape) -> bool {
        shape.box_rows() == shape.box_cols()
    }

    /// A transform drawn at random: bands in random order and the rows within each band,
    /// stacks and the columns within each stack likewise, a transposition with probability
    /// one half where [`Transform::can_transpose`] allows it, and a random relabelling of the
    /// digits. Every value is equally likely.
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Transform {
        Transform::drawn(shape, rng, Transform::can_transpose(shape))
    }

    /// [`Transform::random`], with a transposition drawn only if `may_transpose`.
    pub(crate) fn drawn<R: Rng + ?Sized>(
        shape: Shape,
        rng: &mut R,
        may_transpose: bool,
    ) -> Transform {
        let (n, box_rows, box_cols) = (shape.size(), shape.box_rows(), shape.box_cols());
        let rows = shuffled_lines(n / box_rows, box_rows, rng);
        let cols = shuffled_lines(n / box_cols, box_cols, rng);
        let transpose = may_transpose && rng.random_bool(0.5);
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        labels.shuffle(rng);
        let mut digits = vec![0];
        digits.extend(labels);
        Transform {
            shape,
            rows,
            cols,
            transpose,
            digits,
        }
    }

    /// A transform from its parts: `rows[i]` is the input row that becomes row `i` (before any
    /// transposition), `cols[j]` likewise for columns, `digits[d - 1]` is what digit `d`
    /// becomes. `None` unless `rows` is a permutation of `0..N` that keeps each band's rows
    /// together (output band `b` is one whole input band), `cols` the same for stacks, `digits`
    /// a permutation of `1..=N`, and `transpose` is allowed for the shape.
    pub fn new(
        shape: Shape,
        rows: Vec<usize>,
        cols: Vec<usize>,
        transpose: bool,
        digits: &[u8],
    ) -> Option<Transform> {
        let n = shape.size();
        let relabelling = is_permutation(digits.iter().map(|&d| usize::from(d).wrapping_sub(1)), n);
        let valid = keeps_groups(&rows, shape.box_rows(), n)
            && keeps_groups(&cols, shape.box_cols(), n)
            && relabelling
            && (!transpose || Transform::can_transpose(shape));
        valid.then(|| {
            let mut labels = vec![0];
            labels.extend_from_slice(digits);
            Transform {
                shape,
                rows,
                cols,
                transpose,
                digits: labels,
            }
        })
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Input row of each row of the permuted board.
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// Input column of each column of the permuted board.
    pub fn cols(&self) -> &[usize] {
        &self.cols
    }

    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// What digit `d` (1..=N) becomes.
    pub fn relabel(&self, digit: u8) -> u8 {
        self.digits[usize::from(digit)]
    }

    /// The transformed board: clues, empty cells and full grids alike.
    ///
    /// # Panics
    /// If `grid` is not of the transform's shape, or not a classic board: the moves keep bands,
    /// stacks and rectangular boxes whole, which a jigsaw map or the diagonals do not survive.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(
            grid.shape(),
            self.shape,
            "a transform for {} boards applied to a {} board",
            self.shape,
            grid.shape()
        );
        assert!(
            grid.geometry().is_classic(),
            "the 2009 transformations move classic boards only, not {} ones",
            grid.variant().kind()
        );
        let n = self.shape.size();
        let cells = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let (r, c) = if self.transpose { (c, r) } else { (r, c) };
                self.digits[usize::from(grid.get(self.rows[r] * n + self.cols[c]))]
            })
            .collect();
        Grid::from_cells(self.shape, cells).expect("relabelled digits stay in 0..=N")
    }

    /// The transform that undoes this one: `t.inverse().apply(&t.apply(g)) == g`.
    pub fn inverse(&self) -> Transform {
        let invert = |perm: &[usize]| {
            let mut inverse = vec![0; perm.len()];
            for (to, &from) in perm.iter().enumerate() {
                inverse[from] = to;
            }
            inverse
        };
        let mut digits = vec![0; self.digits.len()];
        for (from, &to) in self.digits.iter().enumerate() {
            digits[usize::from(to)] = from as u8;
        }
        let (rows, cols) = (invert(&self.rows), invert(&self.cols));
        // Undoing "permute, then transpose" is "transpose, then the inverse permutation", which
        // in normal form is a permutation with the roles of rows and columns exchanged.
        let (rows, cols) = if self.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        Transform {
            shape: self.shape,
            rows,
            cols,
            transpose: self.transpose,
            digits,
        }
    }
}

/// Whether `values` are `0..n` each once.
fn is_permutation(values: impl Iterator<Item = usize>, n: usize) -> bool {
    let mut seen = vec![false; n];
    let mut count = 0;
    for value in values {
        if value >= n || seen[value] {
            return false;
        }
        seen[value] = true;
        count += 1;
    }
    count == n
}

/// Whether `lines` is a permutation of `0..n` that maps each group of `width` consecutive
/// positions onto one whole group of the input.
fn keeps_groups(lines: &[usize], width: usize, n: usize) -> bool {
    is_permutation(lines.iter().copied(), n)
        && lines
            .chunks(width)
            .all(|group| group.iter().all(|&line| line / width == group[0] / width))
}

/// `groups` groups of `width` consecutive lines: the groups in random order, and the lines
/// within each group in random order.
fn shuffled_lines<R: Rng + ?Sized>(groups: usize, width: usize, rng: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut lines = Vec::with_capacity(groups * width);
    for group in order {
        let mut inner: Vec<usize> = (0..width).map(|k| group * width + k).collect();
        inner.shuffle(rng);
        lines.extend(inner);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base_pattern;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use sudoku_core::verify_filled;

    #[test]
    fn random_transforms_keep_grids_valid_and_invert() {
        let mut rng = StdRng::seed_from_u64(12);
        for shape in Shape::ALL {
            let base = base_pattern(shape);
            let mut transposed = false;
            for _ in 0..20 {
                let t = Transform::random(shape, &mut rng);
                assert!(!t.transposes() || Transform::can_transpose(shape));
                transposed |= t.transposes();
                let image = t.apply(&base);
                assert_eq!(verify_filled(&image), Ok(()), "{shape}");
                assert_eq!(t.inverse().apply(&image), base, "{shape}");
                assert_eq!(t.apply(&t.inverse().apply(&base)), base, "{shape}");
                let rebuilt = Transform::new(
                    shape,
                    t.rows().to_vec(),
                    t.cols().to_vec(),
                    t.transposes(),
                    &(1..=shape.size() as u8)
                        .map(|d| t.relabel(d))
                        .collect::<Vec<_>>(),
                );
                assert_eq!(rebuilt.as_ref(), Some(&t));
            }
            assert_eq!(transposed, Transform::can_transpose(shape), "{shape}");
        }
    }

    #[test]
    fn each_move_does_what_it_says() {
        let grid = base_pattern(Shape::S4);
        let id = Transform::identity(Shape::S4);
        assert_eq!(id.apply(&grid), grid);
        let swap_bands = Transform::new(
            Shape::S4,
            vec![2, 3, 0, 1],
            id.cols.clone(),
            false,
            &[1, 2, 3, 4],
        )
        .unwrap();
        assert_eq!(swap_bands.apply(&grid).cells()[..4], grid.cells()[8..12]);
        let transpose = Transform::new(
            Shape::S4,
            id.rows.clone(),
            id.cols.clone(),
            true,
            &[1, 2, 3, 4],
        )
        .unwrap();
        let t = transpose.apply(&grid);
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(t.get(r * 4 + c), grid.get(c * 4 + r));
            }
        }
        let relabel = Transform::new(
            Shape::S4,
            id.rows.clone(),
            id.cols.clone(),
            false,
            &[2, 1, 4, 3],
        )
        .unwrap();
        let mut puzzle = grid.clone();
        puzzle.set(5, 0);
        let relabelled = relabel.apply(&puzzle);
        assert_eq!(relabelled.get(5), 0, "empty cells stay empty");
        assert_eq!(relabelled.get(0), relabel.relabel(grid.get(0)));
    }

    #[test]
    fn moves_that_break_boxes_are_refused() {
        let id = Transform::identity(Shape::S6);
        let (rows, cols) = (id.rows.clone(), id.cols.clone());
        let digits = [1, 2, 3, 4, 5, 6];
        assert!(Transform::new(Shape::S6, rows.clone(), cols.clone(), false, &digits).is_some());
        // 2×3 boxes: transposing would make 3×2 regions.
        assert!(Transform::new(Shape::S6, rows.clone(), cols.clone(), true, &digits).is_none());
        // Rows 1 and 2 lie in different bands of height 2.
        assert!(
            Transform::new(
                Shape::S6,
                vec![0, 2, 1, 3, 4, 5],
                cols.clone(),
                false,
                &digits
            )
            .is_none()
        );
        // Columns 2 and 3 lie in different stacks of width 3.
        assert!(
            Transform::new(
                Shape::S6,
                rows.clone(),
                vec![0, 1, 3, 2, 4, 5],
                false,
                &digits
            )
            .is_none()
        );
        assert!(Transform::new(Shape::S6, vec![0; 6], cols.clone(), false, &digits).is_none());
        assert!(
            Transform::new(
                Shape::S6,
                rows.clone(),
                cols.clone(),
                false,
                &[1, 1, 3, 4, 5, 6]
            )
            .is_none()
        );
        assert!(Transform::new(Shape::S6, rows, cols, false, &[0, 2, 3, 4, 5, 6]).is_none());
    }
}
