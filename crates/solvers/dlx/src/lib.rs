//! Dancing Links: Knuth's Algorithm X on the Sudoku exact-cover matrix.
//!
//! # The algorithm
//! A Sudoku of side N is an exact-cover problem: choose N² of the N³ rows "digit d in cell
//! (r, c)" so that each of the 4N² columns is covered exactly once: cell (r, c) filled; digit d
//! in row r; in column c; in box b (for 9×9: 729 rows × 324 columns, four 1s a row). The clues
//! are selected first (each clue's row is chosen and its four columns covered; a clue whose row
//! is already gone conflicts, and the puzzle is unsolvable). Then Algorithm X: pick the uncovered
//! column with the fewest rows left (Knuth's S heuristic), cover it, try each of its rows in turn
//! (cover the row's other columns, recurse, uncover), and count a solution whenever no column is
//! left. A column of one row is a naked single (cell column) or a hidden single (unit-digit
//! column); a column of none is a dead end. The search is an explicit loop with a stack of
//! chosen rows, stops at [`Budget::solution_limit`], keeps the first
//! [`Budget::keep_solutions`] solutions, and counts all of them, so it proves uniqueness and
//! counts solutions of any board.
//!
//! # Layout
//! One flat array of 8-byte nodes with `u16` links (`up`, `down`, `col`), no pointers: slot 0
//! unused, slots `1..=4N²` the column headers, then row `r` in the four consecutive slots
//! `first_row + 4r ..+4` (`first_row` a multiple of 4). Rows are never unlinked horizontally,
//! so they carry no left/right links: a row's other nodes are its slot with the low two bits
//! changed. Columns carry no left/right links either: a dense `u8` array of column sizes, with
//! covered columns marked by a high bit, is what the column choice scans. The arrays have 2¹⁶
//! slots, so every `u16` index is in bounds and the hot loops carry no bounds checks. The matrix
//! of each shape is built on first use and kept in the solver; after every solve the links are
//! restored by copying back the pristine used slots (26 KB on 9×9). Nothing is allocated per
//! solve except the returned [`Outcome`] and its solutions.
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
//! Exponential in the worst case, like every complete search. A node unlinks the three other
//! nodes of every row meeting one of the four columns it covers (two link writes and a size
//! update each, at most 4·3·N unlinks) and relinks them the same way when undone. The S heuristic finds every naked and hidden single but nothing subtler (no
//! pairs, no intersections), so the hardest 9×9 puzzles take thousands of nodes where a
//! propagating solver needs dozens. Memory: 576 KiB of link and size arrays per shape used
//! (plus a copy of the used part: 26 KB on 9×9, 520 KB on 25×25). Sizes up to 25×25: that
//! matrix uses 65,004 of the 65,536 `u16` slots, and column sizes must stay below 128; a larger
//! board would need `u32` links. Deterministic: no seed is used.
//!
//! # When to use it
//! Counting solutions and proving uniqueness on any supported size, and a baseline for the
//! exact-cover family. For raw 9×9 solving speed a bitboard solver with propagation is faster.

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Checkpoints, Counters, Family, Found, Grid, NotWatchable,
    Outcome, SearchEvent, Shape, Solver, SolverInfo,
};

/// Every link array has this many slots, so any `u16` index is in bounds and the compiler drops
/// the bounds checks on the hot path. The 25×25 matrix (65,004 slots) is the largest that fits.
const SLOTS: usize = 1 << 16;

/// Search nodes between two budget checks (a fraction of a millisecond on 9×9).
const CHECK_EVERY: u64 = 1 << 12;

/// One cell of the link structure: a matrix 1 or a column header. Eight bytes, aligned, so a
/// node's links and column sit in one cache line and 9×9's 3,244 nodes take 26 KB.
#[derive(Clone, Copy, Default)]
#[repr(C, align(8))]
struct Node {
    up: u16,
    down: u16,
    /// The header this node belongs to (a header points at itself).
    col: u16,
}

/// Width of the blocks the column choice scans; the size array is padded to a multiple of it.
const BLOCK: usize = 32;

/// Added to a column's size while it is covered, so covered columns never win the choice. Column
/// sizes are at most 25, so a covered column's entry stays at or above this mark.
const COVERED: u8 = 0x80;

/// The exact-cover matrix of one shape, built once and restored after every solve.
///
/// Slot 0 is unused, slots `1..=columns` are the column headers, and the rows start at
/// `first_row` (a multiple of 4): row `r` is the four slots `first_row + 4r ..+4`, one per
/// constraint (cell, row-digit, column-digit, box-digit). Row `r` places digit `r % n + 1` in
/// cell `r / n`. Rows are never unlinked horizontally, so they need no left/right links: the
/// other nodes of a row are found by masking the low two bits of an index. Columns are not
/// linked either: a dense array of sizes, with covered columns marked, is what the choice scans.
struct Matrix {
    shape: Shape,
    first_row: usize,
    /// Header slots `0..width` are scanned by the choice (`width` a multiple of [`BLOCK`]).
    width: usize,
    nodes: Box<[Node; SLOTS]>,
    /// Rows left in each column, by header slot; [`COVERED`] added while covered; padding
    /// slots hold `u8::MAX`.
    size: Box<[u8; SLOTS]>,
    /// The columns last seen dropping to 0 rows and to 1 row: checked before scanning.
    hint: [u16; 2],
    /// The links and sizes as built, copied back after each solve.
    pristine_nodes: Box<[Node]>,
    pristine_size: Box<[u8]>,
}

/// The four constraint columns (0-based) of the row placing digit `d` (0-based) in `cell`.
fn row_columns(shape: Shape, cell: usize, d: usize) -> [usize; 4] {
    let n = shape.size();
    let nn = n * n;
    [
        cell,
        nn + shape.row_of(cell) * n + d,
        2 * nn + shape.col_of(cell) * n + d,
        3 * nn + shape.box_of(cell) * n + d,
    ]
}

fn boxed_slots<T: Copy>(fill: T) -> Box<[T; SLOTS]> {
    vec![fill; SLOTS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has SLOTS elements"))
}

impl Matrix {
    fn new(shape: Shape) -> Matrix {
        let n = shape.size();
        let columns = 4 * n * n;
        let first_row = (columns + 1).next_multiple_of(4);
        let width = (columns + 1).next_multiple_of(BLOCK);
        debug_assert!(first_row + 4 * n * n * n <= SLOTS, "{shape} fits u16 links");
        let mut nodes: Box<[Node; SLOTS]> = boxed_slots(Node::default());
        let mut size: Box<[u8; SLOTS]> = boxed_slots(u8::MAX);
        for h in 1..=columns {
            size[h] = 0;
            nodes[h] = Node {
                up: h as u16,
                down: h as u16,
                col: h as u16,
            };
        }
        for cell in 0..n * n {
            for d in 0..n {
                let base = first_row + 4 * (cell * n + d);
                for (k, column) in row_columns(shape, cell, d).into_iter().enumerate() {
                    let h = column + 1;
                    let x = base + k;
                    let last = nodes[h].up;
                    nodes[x] = Node {
                        up: last,
                        down: h as u16,
                        col: h as u16,
                    };
                    nodes[last as usize].down = x as u16;
                    nodes[h].up = x as u16;
                    size[h] += 1;
                }
            }
        }
        let used = first_row + 4 * n * n * n;
        Matrix {
            shape,
            first_row,
            width,
            pristine_nodes: nodes[..used].into(),
            pristine_size: size[..width].into(),
            nodes,
            size,
            hint: [0; 2],
        }
    }

    /// The row slot that places `value` (1-based) in `cell`.
    fn row_node(&self, cell: usize, value: u8) -> u16 {
        (self.first_row + 4 * (cell * self.shape.size() + value as usize - 1)) as u16
    }

    /// The cell and value a row node stands for.
    fn placement(&self, x: u16) -> (usize, u8) {
        let row = (x as usize - self.first_row) >> 2;
        let n = self.shape.size();
        (row / n, (row % n + 1) as u8)
    }

    /// Puts every link and size back as built: one copy of the used slots (26 KB on 9×9), far
    /// cheaper than uncovering the clues and the rows still chosen.
    fn restore(&mut self) {
        self.nodes[..self.pristine_nodes.len()].copy_from_slice(&self.pristine_nodes);
        self.size[..self.width].copy_from_slice(&self.pristine_size);
    }

    /// Whether column header `h` is uncovered.
    fn is_uncovered(&self, h: u16) -> bool {
        self.size[h as usize] < COVERED
    }

    /// Removes column `c` and every row that meets it from the other columns; returns the
    /// number of links updated (three nodes for each of its rows, and the header's mark).
    #[inline(always)]
    fn cover(&mut self, c: u16) -> u64 {
        let rows = self.size[c as usize];
        self.size[c as usize] = rows | COVERED;
        let mut i = self.nodes[c as usize].down;
        while i != c {
            let base = i & !3;
            for k in 1..4 {
                let j = base | (i.wrapping_add(k) & 3);
                let Node { up, down, col } = self.nodes[j as usize];
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                let left = self.size[col as usize] - 1;
                self.size[col as usize] = left;
                if left <= 1 {
                    self.hint[left as usize] = col;
                }
            }
            i = self.nodes[i as usize].down;
        }
        1 + 3 * u64::from(rows)
    }

    /// Undoes [`Matrix::cover`] exactly, in reverse order.
    #[inline(always)]
    fn uncover(&mut self, c: u16) {
        let mut i = self.nodes[c as usize].up;
        while i != c {
            let base = i & !3;
            for k in 1..4 {
                let j = base | (i.wrapping_sub(k) & 3);
                let Node { up, down, col } = self.nodes[j as usize];
                self.nodes[up as usize].down = j;
                self.nodes[down as usize].up = j;
                self.size[col as usize] += 1;
            }
            i = self.nodes[i as usize].up;
        }
        self.size[c as usize] &= !COVERED;
    }

    /// Covers the other columns of row node `x` (its own column is already covered); returns
    /// the number of links updated.
    #[inline(always)]
    fn select(&mut self, x: u16) -> u64 {
        let base = x & !3;
        let mut updates = 0;
        for k in 1..4 {
            let j = base | (x.wrapping_add(k) & 3);
            updates += self.cover(self.nodes[j as usize].col);
        }
        updates
    }

    /// Undoes [`Matrix::select`].
    #[inline(always)]
    fn unselect(&mut self, x: u16) {
        let base = x & !3;
        for k in 1..4 {
            let j = base | (x.wrapping_sub(k) & 3);
            self.uncover(self.nodes[j as usize].col);
        }
    }

    /// The column to branch on and its size; `None` when every column is covered (a solution).
    ///
    /// A column remembered as dropping to 0 rows, then one dropping to 1 row, is taken without a
    /// scan if it still has that few. Otherwise the first uncovered column with the fewest rows
    /// (Knuth's S heuristic): the size array is scanned a block at a time, a block's minimum
    /// being a branch-free reduction the compiler vectorises, stopping at the first block that
    /// holds a column of 0 or 1 rows.
    #[inline(always)]
    fn choose(&self) -> Option<(u16, u8)> {
        let [empty, forced] = self.hint;
        if self.size[empty as usize] == 0 {
            return Some((empty, 0));
        }
        let rows = self.size[forced as usize];
        if rows <= 1 {
            return Some((forced, rows));
        }
        let sizes = &self.size[..self.width];
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
        Some(((start + offset) as u16, best))
    }
}

/// Dancing Links exact-cover solver for every supported size (see the crate documentation).
#[derive(Default)]
pub struct Dlx {
    /// One matrix per shape, in the order of [`Shape::ALL`], built on first use.
    matrices: [Option<Matrix>; 6],
    /// Row nodes chosen by the search, one per level.
    stack: Vec<u16>,
}

impl Solver for Dlx {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "dlx",
            family: Family::ExactCover,
            description: "Knuth's Algorithm X with dancing links, fewest-rows column first",
            capabilities: Capabilities::exact(ALL_SIZES)
                .reporting_guesses()
                .work_counter("nodes"),
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

    /// Takes the matrix of `shape` out of the cache (building it the first time), so the search
    /// can borrow it and the scratch stacks at once.
    fn take_matrix(&mut self, shape: Shape) -> (usize, Matrix) {
        let slot = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .unwrap_or_else(|| unreachable!("a grid's shape is one of Shape::ALL"));
        let matrix = self.matrices[slot]
            .take()
            .unwrap_or_else(|| Matrix::new(shape));
        (slot, matrix)
    }

    fn run(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: impl FnMut(SearchEvent<'_>),
    ) -> Outcome {
        let (slot, mut matrix) = self.take_matrix(puzzle.shape());
        let outcome = search(&mut matrix, &mut self.stack, puzzle, budget, watch);
        // The matrix goes back only once every link is restored; a panic mid-search (in a
        // watcher, say) drops it and the next solve rebuilds it.
        self.matrices[slot] = Some(matrix);
        outcome
    }
}

/// Applies the clues, runs Algorithm X, then restores every link.
fn search(
    m: &mut Matrix,
    stack: &mut Vec<u16>,
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
    stack.clear();

    // Clues: select each clue's row. A clue whose row is gone (one of its columns was covered by
    // an earlier clue) conflicts, and the puzzle has no solution.
    let mut consistent = true;
    for (cell, &value) in puzzle.cells().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let x = m.row_node(cell, value);
        let base = x & !3;
        if !(0..4).all(|k| m.is_uncovered(m.nodes[(base | k) as usize].col)) {
            consistent = false;
            break;
        }
        counters.iterations += m.cover(m.nodes[x as usize].col) + m.select(x);
    }

    let mut descend = consistent;
    loop {
        if descend {
            match m.choose() {
                None => {
                    if found.record(|| solution(m, puzzle, stack)) {
                        break;
                    }
                    descend = false;
                }
                Some((_, 0)) => {
                    counters.backtracks += 1;
                    descend = false;
                }
                Some((c, size)) => {
                    let x = m.nodes[c as usize].down;
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
            let c = m.nodes[x as usize].col;
            let next = m.nodes[x as usize].down;
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
    m.restore();
    found.into_outcome(stopped, counters)
}

/// The puzzle with the rows on the stack written in.
fn solution(m: &Matrix, puzzle: &Grid, stack: &[u16]) -> Grid {
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
    use sudoku_core::{Verdict, verify_solution};

    /// Walks every column list both ways; returns the rows per column.
    fn column_sizes(m: &Matrix) -> Vec<usize> {
        let columns = 4 * m.shape.cell_count();
        (1..=columns)
            .map(|h| {
                let mut count = 0;
                let mut x = m.nodes[h].down;
                while x as usize != h {
                    assert_eq!(m.nodes[m.nodes[x as usize].up as usize].down, x);
                    assert_eq!(m.nodes[x as usize].col as usize, h);
                    count += 1;
                    x = m.nodes[x as usize].down;
                }
                assert_eq!(usize::from(m.size[h]), count, "header {h}");
                count
            })
            .collect()
    }

    #[test]
    fn every_shape_has_the_textbook_matrix() {
        for shape in Shape::ALL {
            let m = Matrix::new(shape);
            let n = shape.size();
            // n³ rows of four 1s over 4n² columns, so each column holds n rows.
            assert!(column_sizes(&m).iter().all(|&rows| rows == n), "{shape}");
            assert_eq!(m.first_row % 4, 0);
            assert!(
                m.first_row + 4 * n * n * n <= SLOTS,
                "{shape} fits u16 indices"
            );
            assert!(m.size[4 * n * n + 1..m.width].iter().all(|&s| s == u8::MAX));
            for cell in [0, shape.cell_count() - 1] {
                for value in [1, n as u8] {
                    assert_eq!(m.placement(m.row_node(cell, value)), (cell, value));
                }
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
        let matrix = dlx.matrices[2].as_ref().unwrap();
        assert!(column_sizes(matrix).iter().all(|&rows| rows == 9));
        let empty = Grid::empty(Shape::S9);
        let solved = dlx.solve(&empty, &Budget::solve());
        assert_eq!(verify_solution(&empty, &solved.solutions[0]), Ok(()));
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
