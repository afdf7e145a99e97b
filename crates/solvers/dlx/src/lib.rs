//! Dancing Links: Knuth's Algorithm X on the Sudoku exact-cover matrix.
//!
//! # The algorithm
//! A Sudoku of side N is an exact-cover problem: choose N² of the N³ rows "digit d in cell c"
//! so that each column is covered exactly once. The columns come from the board's houses
//! ([`sudoku_core::Geometry`]): one per cell (the cell is filled), and one per house and digit
//! (the digit is in that house), numbered cells first, then house by house in the geometry's
//! order. A row covers its cell's column and the column of (house, d) for each house of its
//! cell. On a classic board the houses are the rows, columns and boxes, in that order, so this
//! is Knuth's matrix column for column (9×9: 729 rows × 324 columns, four 1s a row) and the
//! search, its node counts included, is the one the classic solver always ran. A jigsaw board
//! has its regions in place of the boxes (still four 1s a row); the X rule adds the two
//! diagonals' columns, so a row of a diagonal cell covers five columns, and six at the centre
//! of an odd board. Every variant is declared.
//!
//! The clues are selected first (each clue's row is chosen and its columns covered; a clue
//! whose row is already gone conflicts, and the puzzle is unsolvable). Then Algorithm X: pick
//! the uncovered column with the fewest rows left (Knuth's S heuristic), cover it, try each of
//! its rows in turn (cover the row's other columns, recurse, uncover), and count a solution
//! whenever no column is left. A column of one row is a naked single (cell column) or a hidden
//! single (house-digit column); a column of none is a dead end. The search is an explicit loop
//! with a stack of chosen rows, stops at [`Budget::solution_limit`], keeps the first
//! [`Budget::keep_solutions`] solutions, and counts all of them, so it proves uniqueness and
//! counts solutions of any board.
//!
//! # Layout
//! Flat arrays of nodes (`up`, `down`, `col` links, no pointers): slot 0 unused, then the
//! column headers, then the rows. Rows are never unlinked horizontally, so they carry no
//! left/right links, and columns carry no left/right links either: a dense `u8` array of column
//! sizes, with covered columns marked by a high bit, is what the column choice scans. Two
//! layouts share the search (a `Layout` type parameter, so each compiles to its own loop):
//! - *packed*, for boards without diagonals (every row four nodes): row `r` in the four
//!   consecutive slots `first_row + 4r ..+4` (`first_row` a multiple of 4), a row's other nodes
//!   found by changing the low two bits of a slot; 8-byte nodes with `u16` links in arrays of
//!   2¹⁶ slots, so every index is in bounds and the hot loops carry no bounds checks;
//! - *linked*, for diagonal boards (rows of four to six nodes): rows one after another, a
//!   table of row starts giving a row's slots; `u32` links (a diagonal 25×25 needs 66,301
//!   slots, past `u16`), bounds-checked.
//!
//! The matrix is built on first use and kept in the solver, one per shape and layout, for the
//! last board of that shape seen (a board of other rules, another jigsaw map say, rebuilds it).
//! After every solve the links are restored by copying back the pristine used slots (26 KB on
//! 9×9). Nothing is allocated per solve except the returned [`Outcome`] and its solutions.
//!
//! # Counters
//! - `nodes`: search nodes, i.e. rows tried. This is the work counter [`Budget::max_iterations`]
//!   caps (exactly), and the budget is checked at entry and every 4,096 nodes.
//! - `iterations`: dancing-link updates: nodes unlinked by the covers (clues included) plus one
//!   per column covered. Uncovers relink the same number and are not counted again.
//! - `guesses`: rows tried in a column that had more than one row when chosen.
//! - `backtracks`: returns to the previous level: at a column left with no rows, or after every
//!   row of a column was tried.
//!
//! [`Solver::solve_watched`] reports each row selected as [`SearchEvent::Cover`] and each row
//! undone as [`SearchEvent::Uncover`], with its cell and digit; clues are not reported. The unwatched solve passes a no-op closure that
//! compiles away.
//!
//! # Cost and limits
//! Exponential in the worst case, like every complete search. A node unlinks the other nodes of
//! every row meeting one of the columns it covers (two link writes and a size update each, at
//! most 4·3·N unlinks on a board without diagonals) and relinks them the same way when undone. The S heuristic finds every naked and hidden single but nothing subtler (no
//! pairs, no intersections), so the hardest 9×9 puzzles take thousands of nodes where a
//! propagating solver needs dozens. Memory: 576 KiB of link and size arrays per shape used
//! (plus a copy of the used part: 26 KB on 9×9, 520 KB on 25×25); a linked (diagonal) matrix
//! takes 16 bytes a used slot. Sizes up to 25×25: the packed matrix uses 65,004 of the 65,536
//! `u16` slots, and column sizes must stay below 128; a larger board would need the linked
//! layout's `u32` links. Deterministic: no seed is used.
//!
//! # When to use it
//! Counting solutions and proving uniqueness on any supported size, and a baseline for the
//! exact-cover family. For raw 9×9 solving speed a bitboard solver with propagation is faster.

use std::ops::{Index, IndexMut};
use std::sync::Arc;

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Checkpoints, Counters, Family, Found, Geometry, Grid,
    NotWatchable, Outcome, SearchEvent, Shape, Solver, SolverInfo,
};

/// Every link array of a packed matrix has this many slots, so any `u16` index is in bounds and
/// the compiler drops the bounds checks on the hot path. The 25×25 matrix (65,004 slots) is the
/// largest that fits.
const SLOTS: usize = 1 << 16;

/// Search nodes between two budget checks (a fraction of a millisecond on 9×9).
const CHECK_EVERY: u64 = 1 << 12;

/// A slot number in the link arrays: `u16` for packed matrices, `u32` for linked ones.
trait Slot: Copy + Eq + Default {
    fn at(slot: usize) -> Self;
    fn get(self) -> usize;
}

impl Slot for u16 {
    #[inline(always)]
    fn at(slot: usize) -> u16 {
        slot as u16
    }

    #[inline(always)]
    fn get(self) -> usize {
        usize::from(self)
    }
}

impl Slot for u32 {
    #[inline(always)]
    fn at(slot: usize) -> u32 {
        slot as u32
    }

    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
}

/// One cell of the link structure: a matrix 1 or a column header. Eight bytes with `u16` links,
/// aligned, so a node's links and column sit in one cache line and 9×9's 3,244 nodes take 26 KB.
#[derive(Clone, Copy, Default)]
#[repr(C, align(8))]
struct Node<I> {
    up: I,
    down: I,
    /// The header this node belongs to (a header points at itself).
    col: I,
}

/// A link array of [`SLOTS`] entries indexed by `u16`: no index can be out of bounds.
struct Dense<T>(Box<[T; SLOTS]>);

impl<T: Copy> Dense<T> {
    fn filled(fill: T) -> Dense<T> {
        Dense(
            vec![fill; SLOTS]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the vector has SLOTS elements")),
        )
    }
}

/// A link array of any length indexed by `u32`, bounds-checked.
struct Flat<T>(Box<[T]>);

impl<T> Index<u16> for Dense<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: u16) -> &T {
        &self.0[usize::from(i)]
    }
}

impl<T> IndexMut<u16> for Dense<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: u16) -> &mut T {
        &mut self.0[usize::from(i)]
    }
}

impl<T> Index<u32> for Flat<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: u32) -> &T {
        &self.0[i as usize]
    }
}

impl<T> IndexMut<u32> for Flat<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: u32) -> &mut T {
        &mut self.0[i as usize]
    }
}

impl<T> AsRef<[T]> for Dense<T> {
    fn as_ref(&self) -> &[T] {
        &self.0[..]
    }
}

impl<T> AsMut<[T]> for Dense<T> {
    fn as_mut(&mut self) -> &mut [T] {
        &mut self.0[..]
    }
}

impl<T> AsRef<[T]> for Flat<T> {
    fn as_ref(&self) -> &[T] {
        &self.0
    }
}

impl<T> AsMut<[T]> for Flat<T> {
    fn as_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// Where a matrix puts its rows, how wide its links are, and how a row's nodes are found from
/// one of them (rows are never unlinked horizontally, so they carry no left/right links).
trait Layout: Sized {
    type Ix: Slot;
    type Nodes: Index<Self::Ix, Output = Node<Self::Ix>>
        + IndexMut<Self::Ix>
        + AsRef<[Node<Self::Ix>]>
        + AsMut<[Node<Self::Ix>]>;
    type Sizes: Index<Self::Ix, Output = u8> + IndexMut<Self::Ix> + AsRef<[u8]> + AsMut<[u8]>;

    /// Places the rows of `geometry` from slot `first_row` (a multiple of 4) on.
    fn lay_out(geometry: &Geometry, first_row: usize) -> Self;
    /// One past the last row slot.
    fn end(&self) -> usize;
    /// Link arrays for `slots` slots, all default.
    fn nodes(slots: usize) -> Self::Nodes;
    /// Size arrays for `slots` header slots, all `u8::MAX` (never chosen).
    fn sizes(slots: usize) -> Self::Sizes;
    /// The first slot of row `row`.
    fn row_start(&self, row: usize) -> Self::Ix;
    /// The row of slot `x`.
    fn row_of(&self, x: Self::Ix) -> usize;
    /// The other nodes of `x`'s row, starting after it and wrapping round.
    fn others(&self, x: Self::Ix) -> impl Iterator<Item = Self::Ix>;
    /// The same nodes in the opposite order, for undoing.
    fn others_back(&self, x: Self::Ix) -> impl Iterator<Item = Self::Ix>;
    /// How many other nodes `x`'s row has.
    fn other_count(&self, x: Self::Ix) -> u64;

    /// Calls `f` on each of [`Layout::others`]: what the hot loops use, so a layout can give
    /// them a plain counted loop.
    #[inline(always)]
    fn each_other(&self, x: Self::Ix, mut f: impl FnMut(Self::Ix)) {
        for j in self.others(x) {
            f(j);
        }
    }

    /// Calls `f` on each of [`Layout::others_back`].
    #[inline(always)]
    fn each_other_back(&self, x: Self::Ix, mut f: impl FnMut(Self::Ix)) {
        for j in self.others_back(x) {
            f(j);
        }
    }
}

/// Rows of exactly four nodes (cell, row, column, box or region: a board without diagonals)
/// in the four consecutive slots `first_row + 4r ..+4`, `u16` links. A row's other nodes are its
/// slot with the low two bits changed: no link is followed to find them.
struct Packed {
    first_row: usize,
    rows: usize,
}

impl Layout for Packed {
    type Ix = u16;
    type Nodes = Dense<Node<u16>>;
    type Sizes = Dense<u8>;

    fn lay_out(geometry: &Geometry, first_row: usize) -> Packed {
        assert!(
            (0..geometry.cell_count()).all(|cell| geometry.houses_of(cell).len() == 3),
            "packed rows hold a cell and three houses"
        );
        let packed = Packed {
            first_row,
            rows: geometry.cell_count() * geometry.size(),
        };
        assert!(packed.end() <= SLOTS, "{} fits u16 links", geometry.shape());
        packed
    }

    fn end(&self) -> usize {
        self.first_row + 4 * self.rows
    }

    fn nodes(_: usize) -> Dense<Node<u16>> {
        Dense::filled(Node::default())
    }

    fn sizes(_: usize) -> Dense<u8> {
        Dense::filled(u8::MAX)
    }

    #[inline(always)]
    fn row_start(&self, row: usize) -> u16 {
        (self.first_row + 4 * row) as u16
    }

    #[inline(always)]
    fn row_of(&self, x: u16) -> usize {
        (usize::from(x) - self.first_row) >> 2
    }

    fn others(&self, x: u16) -> impl Iterator<Item = u16> {
        let base = x & !3;
        (1..4).map(move |k| base | (x.wrapping_add(k) & 3))
    }

    fn others_back(&self, x: u16) -> impl Iterator<Item = u16> {
        let base = x & !3;
        (1..4).map(move |k| base | (x.wrapping_sub(k) & 3))
    }

    #[inline(always)]
    fn other_count(&self, _: u16) -> u64 {
        3
    }

    /// A plain counted loop, as the classic solver always had.
    #[inline(always)]
    fn each_other(&self, x: u16, mut f: impl FnMut(u16)) {
        let base = x & !3;
        for k in 1..4 {
            f(base | (x.wrapping_add(k) & 3));
        }
    }

    #[inline(always)]
    fn each_other_back(&self, x: u16, mut f: impl FnMut(u16)) {
        let base = x & !3;
        for k in 1..4 {
            f(base | (x.wrapping_sub(k) & 3));
        }
    }
}

/// Rows of four to six nodes (a cell on a diagonal adds one or two houses) packed one after
/// another, `u32` links (a diagonal 25×25 needs 66,301 slots). A row's bounds come from a table
/// of row starts.
struct Linked {
    /// Row `r` is the slots `row_start[r]..row_start[r + 1]`.
    row_start: Box<[u32]>,
    /// The row of each slot (0 below the first row).
    row_of_slot: Box<[u32]>,
}

impl Linked {
    /// The slots of the row holding `x`.
    #[inline(always)]
    fn bounds(&self, x: u32) -> (u32, u32) {
        let row = self.row_of_slot[x as usize] as usize;
        (self.row_start[row], self.row_start[row + 1])
    }
}

impl Layout for Linked {
    type Ix = u32;
    type Nodes = Flat<Node<u32>>;
    type Sizes = Flat<u8>;

    fn lay_out(geometry: &Geometry, first_row: usize) -> Linked {
        let n = geometry.size();
        let mut row_start = vec![first_row as u32];
        let mut row_of_slot = vec![0; first_row];
        for cell in 0..geometry.cell_count() {
            let width = 1 + geometry.houses_of(cell).len();
            for _ in 0..n {
                let row = row_start.len() - 1;
                row_of_slot.extend(std::iter::repeat_n(row as u32, width));
                row_start.push(row_of_slot.len() as u32);
            }
        }
        Linked {
            row_start: row_start.into(),
            row_of_slot: row_of_slot.into(),
        }
    }

    fn end(&self) -> usize {
        self.row_of_slot.len()
    }

    fn nodes(slots: usize) -> Flat<Node<u32>> {
        Flat(vec![Node::default(); slots].into())
    }

    fn sizes(slots: usize) -> Flat<u8> {
        Flat(vec![u8::MAX; slots].into())
    }

    fn row_start(&self, row: usize) -> u32 {
        self.row_start[row]
    }

    fn row_of(&self, x: u32) -> usize {
        self.row_of_slot[x as usize] as usize
    }

    #[inline(always)]
    fn others(&self, x: u32) -> impl Iterator<Item = u32> {
        let (start, end) = self.bounds(x);
        (x + 1..end).chain(start..x)
    }

    #[inline(always)]
    fn others_back(&self, x: u32) -> impl Iterator<Item = u32> {
        let (start, end) = self.bounds(x);
        (start..x).rev().chain((x + 1..end).rev())
    }

    #[inline(always)]
    fn other_count(&self, x: u32) -> u64 {
        let (start, end) = self.bounds(x);
        u64::from(end - start - 1)
    }
}

/// Width of the blocks the column choice scans; the size array is padded to a multiple of it.
const BLOCK: usize = 32;

/// Added to a column's size while it is covered, so covered columns never win the choice. Column
/// sizes are at most 25, so a covered column's entry stays at or above this mark.
const COVERED: u8 = 0x80;

/// The links and column sizes the search updates.
struct Links<L: Layout> {
    /// Header slots `0..width` are scanned by the choice (`width` a multiple of [`BLOCK`]).
    width: usize,
    nodes: L::Nodes,
    /// Rows left in each column, by header slot; [`COVERED`] added while covered; padding
    /// slots hold `u8::MAX`.
    size: L::Sizes,
    /// The columns last seen dropping to 0 rows and to 1 row: checked before scanning.
    hint: [L::Ix; 2],
}

/// The exact-cover matrix of one board, built once and restored after every solve.
///
/// Slot 0 is unused, slots `1..=columns` are the column headers, then the rows from `first_row`
/// on, as the [`Layout`] places them. Row `r` places digit `r % n + 1` in cell `r / n`; its
/// nodes are the cell's column, then one column per house of the cell in house order. Columns
/// are not linked to each other: a dense array of sizes, with covered columns marked, is what
/// the choice scans.
struct Matrix<L: Layout> {
    geometry: Arc<Geometry>,
    layout: L,
    links: Links<L>,
    /// The links and sizes as built, copied back after each solve.
    pristine_nodes: Box<[Node<L::Ix>]>,
    pristine_size: Box<[u8]>,
    /// Row nodes chosen by the search, one per level.
    stack: Vec<L::Ix>,
}

/// The constraint columns (0-based) of the row placing digit `d` (0-based) in `cell`: the
/// cell's column, then the column of (house, `d`) for each of the cell's houses. Columns are
/// numbered cells first (`0..n²`), then house by house in the geometry's order, `n` digits
/// each; on a classic board that is cells, rows, columns, boxes, Knuth's order.
fn row_columns(geometry: &Geometry, cell: usize, d: usize) -> impl Iterator<Item = usize> + '_ {
    let n = geometry.size();
    let nn = n * n;
    std::iter::once(cell).chain(
        geometry
            .houses_of(cell)
            .iter()
            .map(move |&house| nn + house * n + d),
    )
}

/// Columns of a board: one per cell, one per house and digit.
fn column_count(geometry: &Geometry) -> usize {
    let n = geometry.size();
    n * n + geometry.house_count() * n
}

impl<L: Layout> Links<L> {
    /// Whether column header `h` is uncovered.
    fn is_uncovered(&self, h: L::Ix) -> bool {
        self.size[h] < COVERED
    }

    /// Removes column `c` and every row that meets it from the other columns; returns the
    /// number of links updated (the other nodes of each of its rows, and the header's mark).
    #[inline(always)]
    fn cover(&mut self, layout: &L, c: L::Ix) -> u64 {
        let rows = self.size[c];
        self.size[c] = rows | COVERED;
        let mut updates = 1;
        let mut i = self.nodes[c].down;
        while i != c {
            layout.each_other(i, |j| {
                let Node { up, down, col } = self.nodes[j];
                self.nodes[up].down = down;
                self.nodes[down].up = up;
                let left = self.size[col] - 1;
                self.size[col] = left;
                if left <= 1 {
                    self.hint[usize::from(left)] = col;
                }
            });
            updates += layout.other_count(i);
            i = self.nodes[i].down;
        }
        updates
    }

    /// Undoes [`Links::cover`] exactly, in reverse order.
    #[inline(always)]
    fn uncover(&mut self, layout: &L, c: L::Ix) {
        let mut i = self.nodes[c].up;
        while i != c {
            layout.each_other_back(i, |j| {
                let Node { up, down, col } = self.nodes[j];
                self.nodes[up].down = j;
                self.nodes[down].up = j;
                self.size[col] += 1;
            });
            i = self.nodes[i].up;
        }
        self.size[c] &= !COVERED;
    }

    /// The column to branch on and its size; `None` when every column is covered (a solution).
    ///
    /// A column remembered as dropping to 0 rows, then one dropping to 1 row, is taken without a
    /// scan if it still has that few. Otherwise the first uncovered column with the fewest rows
    /// (Knuth's S heuristic): the size array is scanned a block at a time, a block's minimum
    /// being a branch-free reduction the compiler vectorises, stopping at the first block that
    /// holds a column of 0 or 1 rows.
    #[inline(always)]
    fn choose(&self) -> Option<(L::Ix, u8)> {
        let [empty, forced] = self.hint;
        if self.size[empty] == 0 {
            return Some((empty, 0));
        }
        let rows = self.size[forced];
        if rows <= 1 {
            return Some((forced, rows));
        }
        let sizes = &self.size.as_ref()[..self.width];
        let mut best = u8::MAX;
        let mut best_block = 0;
        for (b, block) in sizes.chunks_exact(BLOCK).enumerate() {
            let least = block.iter().fold(u8::MAX, |m, &s| m.min(s));
            if least < best {
                best = least;
                best_block = b;
                if least <= 1 {
                    break;
                }
            }
        }
        if best >= COVERED {
            return None;
        }
        let start = best_block * BLOCK;
        let offset = sizes[start..start + BLOCK]
            .iter()
            .position(|&s| s == best)?;
        Some((L::Ix::at(start + offset), best))
    }
}

impl<L: Layout> Matrix<L> {
    fn new(geometry: Arc<Geometry>) -> Matrix<L> {
        let n = geometry.size();
        let columns = column_count(&geometry);
        let first_row = (columns + 1).next_multiple_of(4);
        let width = (columns + 1).next_multiple_of(BLOCK);
        let layout = L::lay_out(&geometry, first_row);
        let used = layout.end();
        let mut nodes = L::nodes(used);
        let mut size = L::sizes(width);
        for h in (1..=columns).map(L::Ix::at) {
            size[h] = 0;
            nodes[h] = Node {
                up: h,
                down: h,
                col: h,
            };
        }
        for cell in 0..geometry.cell_count() {
            for d in 0..n {
                let first = layout.row_start(cell * n + d).get();
                for (k, column) in row_columns(&geometry, cell, d).enumerate() {
                    let h = L::Ix::at(column + 1);
                    let x = L::Ix::at(first + k);
                    let last = nodes[h].up;
                    nodes[x] = Node {
                        up: last,
                        down: h,
                        col: h,
                    };
                    nodes[last].down = x;
                    nodes[h].up = x;
                    size[h] += 1;
                }
            }
        }
        Matrix {
            pristine_nodes: nodes.as_ref()[..used].into(),
            pristine_size: size.as_ref()[..width].into(),
            geometry,
            layout,
            links: Links {
                width,
                nodes,
                size,
                hint: [L::Ix::default(); 2],
            },
            stack: Vec::new(),
        }
    }

    /// The row slot that places `value` (1-based) in `cell`.
    fn row_node(&self, cell: usize, value: u8) -> L::Ix {
        self.layout
            .row_start(cell * self.geometry.size() + usize::from(value) - 1)
    }

    /// The cell and value a row node stands for.
    #[inline(always)]
    fn placement(&self, x: L::Ix) -> (usize, u8) {
        let row = self.layout.row_of(x);
        let n = self.geometry.size();
        (row / n, (row % n + 1) as u8)
    }

    /// Puts every link and size back as built: one copy of the used slots (26 KB on 9×9), far
    /// cheaper than uncovering the clues and the rows still chosen.
    fn restore(&mut self) {
        let used = self.pristine_nodes.len();
        self.links.nodes.as_mut()[..used].copy_from_slice(&self.pristine_nodes);
        self.links.size.as_mut()[..self.links.width].copy_from_slice(&self.pristine_size);
    }

    /// Whether every column of row node `x` is still uncovered: false when an earlier choice
    /// took one of them.
    fn row_is_free(&self, x: L::Ix) -> bool {
        std::iter::once(x)
            .chain(self.layout.others(x))
            .all(|j| self.links.is_uncovered(self.links.nodes[j].col))
    }

    /// Covers column `c` (see [`Links::cover`]).
    #[inline(always)]
    fn cover(&mut self, c: L::Ix) -> u64 {
        self.links.cover(&self.layout, c)
    }

    /// Undoes [`Matrix::cover`].
    #[inline(always)]
    fn uncover(&mut self, c: L::Ix) {
        self.links.uncover(&self.layout, c)
    }

    /// Covers the other columns of row node `x` (its own column is already covered); returns
    /// the number of links updated.
    #[inline(always)]
    fn select(&mut self, x: L::Ix) -> u64 {
        let mut updates = 0;
        self.layout.each_other(x, |j| {
            let col = self.links.nodes[j].col;
            updates += self.links.cover(&self.layout, col);
        });
        updates
    }

    /// Undoes [`Matrix::select`].
    #[inline(always)]
    fn unselect(&mut self, x: L::Ix) {
        self.layout.each_other_back(x, |j| {
            let col = self.links.nodes[j].col;
            self.links.uncover(&self.layout, col);
        });
    }

    /// The column node below `x` (the next row of its column, or the header).
    #[inline(always)]
    fn down(&self, x: L::Ix) -> L::Ix {
        self.links.nodes[x].down
    }

    /// The column header of node `x`.
    #[inline(always)]
    fn column(&self, x: L::Ix) -> L::Ix {
        self.links.nodes[x].col
    }
}

/// Matrices kept between solves, one slot per shape in the order of [`Shape::ALL`]: the last
/// board of each shape. A board of other rules (another jigsaw map, say) rebuilds its slot.
struct Cache<L: Layout>([Option<Matrix<L>>; 6]);

impl<L: Layout> Default for Cache<L> {
    fn default() -> Cache<L> {
        Cache([const { None }; 6])
    }
}

impl<L: Layout> Cache<L> {
    /// Takes the matrix of `geometry` out of the cache (building it if the slot holds another
    /// board's), so the search can borrow it whole.
    fn take(&mut self, geometry: &Arc<Geometry>) -> (usize, Matrix<L>) {
        let slot = Shape::ALL
            .iter()
            .position(|&s| s == geometry.shape())
            .unwrap_or_else(|| unreachable!("a grid's shape is one of Shape::ALL"));
        let matrix = self.0[slot]
            .take()
            .filter(|m| Arc::ptr_eq(&m.geometry, geometry) || *m.geometry == **geometry)
            .unwrap_or_else(|| Matrix::new(geometry.clone()));
        (slot, matrix)
    }

    /// Searches `puzzle` on its matrix. The matrix goes back only once every link is restored; a
    /// panic mid-search (in a watcher, say) drops it and the next solve rebuilds it.
    fn run(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: impl FnMut(SearchEvent<'_>),
    ) -> Outcome {
        let (slot, mut matrix) = self.take(puzzle.geometry());
        let outcome = search(&mut matrix, puzzle, budget, watch);
        self.0[slot] = Some(matrix);
        outcome
    }
}

/// Dancing Links exact-cover solver for every supported size and variant (see the crate
/// documentation).
#[derive(Default)]
pub struct Dlx {
    /// Boards without diagonals: rows of four nodes.
    packed: Cache<Packed>,
    /// Boards with diagonals: rows of four to six nodes.
    linked: Cache<Linked>,
}

impl Solver for Dlx {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "dlx",
            family: Family::ExactCover,
            description: "Knuth's Algorithm X with dancing links, fewest-rows column first",
            capabilities: Capabilities::exact(ALL_SIZES)
                .reporting_guesses()
                .work_counter("nodes")
                .on_every_variant(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, |_| {})
    }

    /// Every row selected (its columns covered) and every row undone (uncovered).
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, watch))
    }
}

impl Dlx {
    pub fn new() -> Dlx {
        Dlx::default()
    }

    /// Runs the search on the matrix of the puzzle's board: packed rows unless the diagonals
    /// give some rows more than four nodes.
    fn run(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: impl FnMut(SearchEvent<'_>),
    ) -> Outcome {
        if puzzle.variant().has_diagonals() {
            self.linked.run(puzzle, budget, watch)
        } else {
            self.packed.run(puzzle, budget, watch)
        }
    }
}

/// Applies the clues, runs Algorithm X, then restores every link.
fn search<L: Layout>(
    m: &mut Matrix<L>,
    puzzle: &Grid,
    budget: &Budget,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let mut counters = Counters::default();
    let mut found = Found::new(budget);
    let mut stopped = budget.check(0).err();
    if stopped.is_some() {
        return found.into_outcome(stopped, counters);
    }
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    let mut stack = std::mem::take(&mut m.stack);
    stack.clear();

    // Clues: select each clue's row. A clue whose row is gone (one of its columns was covered by
    // an earlier clue) conflicts, and the puzzle has no solution.
    let mut consistent = true;
    for (cell, &value) in puzzle.cells().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let x = m.row_node(cell, value);
        if !m.row_is_free(x) {
            consistent = false;
            break;
        }
        counters.iterations += m.cover(m.column(x)) + m.select(x);
    }

    let mut descend = consistent;
    loop {
        if descend {
            match m.links.choose() {
                None => {
                    if found.record(|| solution(m, puzzle, &stack)) {
                        break;
                    }
                    descend = false;
                }
                Some((_, 0)) => {
                    counters.backtracks += 1;
                    descend = false;
                }
                Some((c, size)) => {
                    let x = m.down(c);
                    stack.push(x);
                    counters.iterations += m.cover(c) + m.select(x);
                    counters.nodes += 1;
                    counters.guesses += u64::from(size > 1);
                    let (cell, digit) = m.placement(x);
                    watch(SearchEvent::Cover { cell, digit });
                }
            }
        } else {
            // Undo the latest choice and try the next row of its column, or retreat.
            let Some(&x) = stack.last() else { break };
            m.unselect(x);
            let (cell, digit) = m.placement(x);
            watch(SearchEvent::Uncover { cell, digit });
            let c = m.column(x);
            let next = m.down(x);
            if next != c {
                *stack.last_mut().unwrap_or_else(|| unreachable!()) = next;
                counters.iterations += m.select(next);
                counters.nodes += 1;
                counters.guesses += 1;
                let (cell, digit) = m.placement(next);
                watch(SearchEvent::Cover { cell, digit });
                descend = true;
            } else {
                m.uncover(c);
                stack.pop();
                counters.backtracks += 1;
            }
        }
        if checkpoints.due(counters.nodes) {
            stopped = checkpoints.check(budget, counters.nodes).err();
            if stopped.is_some() {
                break;
            }
        }
    }

    stack.clear();
    m.stack = stack;
    m.restore();
    found.into_outcome(stopped, counters)
}

/// The puzzle with the rows on the stack written in (it keeps the puzzle's geometry).
fn solution<L: Layout>(m: &Matrix<L>, puzzle: &Grid, stack: &[L::Ix]) -> Grid {
    let mut grid = puzzle.clone();
    for &x in stack {
        let (cell, value) = m.placement(x);
        grid.set(cell, value);
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Variant, Verdict, verify_solution};

    /// Walks every column list both ways; returns the rows per column.
    fn column_sizes<L: Layout>(m: &Matrix<L>) -> Vec<usize> {
        let nodes = &m.links.nodes;
        (1..=column_count(&m.geometry))
            .map(|h| {
                let header = L::Ix::at(h);
                let mut count = 0;
                let mut x = nodes[header].down;
                while x != header {
                    assert!(nodes[nodes[x].up].down == x);
                    assert!(nodes[x].col == header);
                    count += 1;
                    x = nodes[x].down;
                }
                assert_eq!(usize::from(m.links.size[header]), count, "header {h}");
                count
            })
            .collect()
    }

    /// Every column holds n rows, each row's nodes are its cell's column and houses' columns,
    /// and every row slot names its placement back.
    fn assert_textbook<L: Layout>(m: &Matrix<L>) {
        let g = &m.geometry;
        let n = g.size();
        let shape = g.shape();
        assert!(column_sizes(m).iter().all(|&rows| rows == n), "{shape}");
        let width = m.links.width;
        let columns = column_count(g);
        assert!(
            m.links.size.as_ref()[columns + 1..width]
                .iter()
                .all(|&s| s == u8::MAX)
        );
        for cell in 0..g.cell_count() {
            for value in 1..=n as u8 {
                let x = m.row_node(cell, value);
                let row: Vec<usize> = std::iter::once(x)
                    .chain(m.layout.others(x))
                    .map(|j| m.links.nodes[j].col.get() - 1)
                    .collect();
                let expected: Vec<usize> = row_columns(g, cell, usize::from(value) - 1).collect();
                assert_eq!(row, expected, "{shape} cell {cell} value {value}");
                for j in row.iter().enumerate().map(|(k, _)| L::Ix::at(x.get() + k)) {
                    assert_eq!(m.placement(j), (cell, value));
                }
            }
        }
    }

    #[test]
    fn every_shape_has_the_textbook_matrix() {
        for shape in Shape::ALL {
            let m = Matrix::<Packed>::new(Geometry::classic(shape));
            let n = shape.size();
            // n³ rows of four 1s over 4n² columns, so each column holds n rows.
            assert_textbook(&m);
            assert_eq!(m.layout.first_row % 4, 0);
            assert!(m.layout.end() <= SLOTS, "{shape} fits u16 indices");
            // Knuth's columns: cell, then row, column and box digit, in that order.
            let nn = n * n;
            for cell in 0..shape.cell_count() {
                for d in 0..n {
                    let knuth = [
                        cell,
                        nn + shape.row_of(cell) * n + d,
                        2 * nn + shape.col_of(cell) * n + d,
                        3 * nn + shape.box_of(cell) * n + d,
                    ];
                    let ours: Vec<usize> =
                        row_columns(&Geometry::classic(shape), cell, d).collect();
                    assert_eq!(ours, knuth, "{shape} cell {cell}");
                }
            }
        }
    }

    #[test]
    fn diagonal_boards_get_longer_rows_on_their_diagonals() {
        for shape in Shape::ALL {
            let m = Matrix::<Linked>::new(Geometry::of(shape, &Variant::diagonal()));
            assert_textbook(&m);
            let n = shape.size();
            // A corner cell's row: cell, row, column, box and one diagonal.
            assert_eq!(m.layout.others(m.row_node(0, 1)).count(), 4);
            // Off the diagonals, four nodes.
            assert_eq!(m.layout.others(m.row_node(1, 1)).count(), 3);
            if n % 2 == 1 {
                let centre = shape.cell_count() / 2;
                assert_eq!(m.layout.others(m.row_node(centre, 1)).count(), 5);
            }
        }
    }

    #[test]
    fn conflicting_clues_are_unsolvable_and_leave_the_matrix_clean() {
        let mut dlx = Dlx::default();
        // Two 5s in the first row: solve itself (not only solve_checked) must cope.
        let bad = Grid::parse(&format!("5...5{}", ".".repeat(76))).unwrap();
        let outcome = dlx.solve(&bad, &Budget::solve());
        assert_eq!(outcome.verdict, Verdict::Unsolvable);
        let matrix = dlx.packed.0[2].as_ref().unwrap();
        assert!(column_sizes(matrix).iter().all(|&rows| rows == 9));
        let empty = Grid::empty(Shape::S9);
        let solved = dlx.solve(&empty, &Budget::solve());
        assert_eq!(verify_solution(&empty, &solved.solutions[0]), Ok(()));
        // The same on a diagonal board: 5 at r1c1 and r9c9 share only the diagonal.
        let bad = Grid::parse(&format!("5{}5/x", ".".repeat(79))).unwrap();
        assert_eq!(
            dlx.solve(&bad, &Budget::solve()).verdict,
            Verdict::Unsolvable
        );
        let matrix = dlx.linked.0[2].as_ref().unwrap();
        assert!(column_sizes(matrix).iter().all(|&rows| rows == 9));
    }

    #[test]
    fn counts_every_four_by_four_and_keeps_what_it_is_asked_to() {
        let mut dlx = Dlx::default();
        let empty = Grid::empty(Shape::S4);
        // The number of 4×4 grids, as the kit's corpus records it.
        let grids = sudoku_kit::corpus()
            .into_iter()
            .find(|case| case.puzzle == empty)
            .expect("the corpus counts the empty 4×4 board")
            .count;
        let all = dlx.solve(&empty, &Budget::count(u64::MAX));
        assert_eq!((all.verdict, all.solution_count), (Verdict::Solved, grids));
        assert_eq!(all.solutions.len(), 1);
        let listed = dlx.solve(&empty, &Budget::list(grids as usize + 12));
        assert_eq!(listed.solutions.len() as u64, grids);
        let mut distinct = listed.solutions.clone();
        distinct.sort_by_key(Grid::to_line);
        distinct.dedup();
        assert_eq!(distinct.len() as u64, grids);
        let limited = dlx.solve(&empty, &Budget::count(10));
        assert_eq!(limited.solution_count, 10);
    }

    #[test]
    fn counters_add_up() {
        let mut dlx = Dlx::default();
        let grid = sudoku_catalog::named_board("easter-monster")
            .unwrap()
            .grid();
        let outcome = dlx.solve(&grid, &Budget::unique());
        assert_eq!(outcome.solution_count, 1);
        let c = outcome.counters;
        assert!(c.guesses > 0 && c.guesses < c.nodes, "{c:?}");
        // Every node covers at least three columns (one link update each at least).
        assert!(c.iterations >= 3 * c.nodes, "{c:?}");
        assert!(c.backtracks > 0, "{c:?}");
    }
}
