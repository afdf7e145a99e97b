//! Pencil marks: the digits placed and the candidates left in each empty cell, as bit sets.
//!
//! [`Board`] is the working state the techniques read and the engine changes; [`Marks`] is the
//! same state handed to callers (the position before each step, the start of a hint).

use std::fmt;
use std::sync::Arc;

use sudoku_core::{DigitSet, Grid, validate_clues};

use crate::AnalysisError;
use crate::layout::Layout;

/// A position mid-solve: placed digits and the candidates of each empty cell (bit `d` for digit
/// `d`; 0 for a filled cell). Every placement clears its digit from the cell's peers, so a
/// candidate is never a digit a peer holds.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(crate) layout: Arc<Layout>,
    pub(crate) values: Vec<u8>,
    pub(crate) cands: Vec<u32>,
    /// The digits placed in each unit, kept as digits are placed.
    placed: Vec<u32>,
    /// Empty cells left.
    pub(crate) empty: usize,
    /// Whether the puzzle is known to have one solution, so the techniques that rely on it
    /// ([`crate::Technique::assumes_uniqueness`]) may apply. Off unless a caller proved it.
    pub(crate) assume_unique: bool,
}

impl Board {
    /// The position of a puzzle with no technique applied: each empty cell's candidates are the
    /// digits none of its peers holds. Conflicting clues are refused.
    pub(crate) fn new(puzzle: &Grid) -> Result<Board, AnalysisError> {
        validate_clues(puzzle).map_err(AnalysisError::ConflictingClues)?;
        let layout = Layout::of(puzzle.geometry());
        let mut board = Board {
            values: vec![0; layout.cell_count()],
            cands: vec![layout.all; layout.cell_count()],
            placed: vec![0; layout.unit_count()],
            empty: layout.cell_count(),
            assume_unique: false,
            layout,
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                board.place(cell, value);
            }
        }
        Ok(board)
    }

    /// Puts `digit` in `cell` and clears it from every peer.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        debug_assert_eq!(self.values[cell], 0, "cell {cell} is already filled");
        self.values[cell] = digit;
        self.cands[cell] = 0;
        self.empty -= 1;
        for &unit in self.layout.units_of(cell) {
            self.placed[unit] |= 1u32 << digit;
        }
        let bit = !(1u32 << digit);
        for &peer in self.layout.peers(cell) {
            self.cands[peer] &= bit;
        }
    }

    pub(crate) fn eliminate(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !(1u32 << digit);
    }

    #[inline]
    pub(crate) fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & (1u32 << digit) != 0
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// The digits placed in `unit`.
    #[inline]
    pub(crate) fn placed_in(&self, unit: usize) -> u32 {
        self.placed[unit]
    }

    /// Digits with at least one place in `unit`, and those with at least two.
    #[inline]
    pub(crate) fn places_in(&self, unit: usize) -> (u32, u32) {
        let (mut ones, mut twos) = (0u32, 0u32);
        for &cell in self.layout.unit(unit) {
            let c = self.cands[cell];
            twos |= ones & c;
            ones |= c;
        }
        (ones, twos)
    }

    /// For each digit, the positions (indexes within the unit) where it is a candidate.
    pub(crate) fn positions_in(&self, unit: usize) -> [u32; 26] {
        let mut positions = [0u32; 26];
        for (k, &cell) in self.layout.unit(unit).iter().enumerate() {
            let mut c = self.cands[cell];
            while c != 0 {
                positions[c.trailing_zeros() as usize] |= 1 << k;
                c &= c - 1;
            }
        }
        positions
    }

    /// Whether the position can still be completed as far as singles can tell: every empty cell
    /// has a candidate, and every digit missing from a unit has a place in it. A position that
    /// fails has no solution.
    pub(crate) fn consistent(&self) -> bool {
        let layout = &*self.layout;
        // A filled cell's candidates are 0, so a cell fails only if it is empty.
        let cells_ok =
            (0..layout.cell_count()).all(|cell| self.cands[cell] != 0 || self.values[cell] != 0);
        cells_ok
            && (0..layout.unit_count()).all(|unit| {
                let ones = layout
                    .unit(unit)
                    .iter()
                    .fold(self.placed[unit], |set, &cell| set | self.cands[cell]);
                ones == layout.all
            })
    }

    /// The placed digits as a grid.
    pub(crate) fn grid(&self) -> Grid {
        Grid::from_cells_on(self.layout.geometry.clone(), self.values.clone())
            .expect("a board holds only digits of its shape")
    }

    pub(crate) fn marks(&self) -> Marks {
        Marks {
            grid: self.grid(),
            candidates: self.cands.clone(),
        }
    }

    /// The working state of a caller's marks.
    pub(crate) fn from_marks(marks: &Marks) -> Board {
        let layout = Layout::of(marks.grid.geometry());
        let mut placed = vec![0; layout.unit_count()];
        for (cell, &value) in marks.grid.cells().iter().enumerate() {
            if value != 0 {
                for &unit in layout.units_of(cell) {
                    placed[unit] |= 1u32 << value;
                }
            }
        }
        Board {
            layout,
            values: marks.grid.cells().to_vec(),
            cands: marks.candidates.clone(),
            placed,
            empty: marks.grid.cells().iter().filter(|&&v| v == 0).count(),
            assume_unique: false,
        }
    }
}

/// A pencil-mark position: the digits placed and the candidates each empty cell has left. What
/// a person sees on paper before a step, and where [`crate::next_step`] starts from.
#[derive(Clone, PartialEq, Eq)]
pub struct Marks {
    grid: Grid,
    /// `candidates[cell]`: bit `d` set when `d` may still go there; 0 for a filled cell.
    candidates: Vec<DigitSet>,
}

impl Marks {
    /// The position of a puzzle before any technique: each empty cell's candidates are the
    /// digits none of its houses holds (row, column, box or region, and any diagonal). Conflicting clues are refused.
    pub fn new(puzzle: &Grid) -> Result<Marks, AnalysisError> {
        Board::new(puzzle).map(|board| board.marks())
    }

    /// The digits placed so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidates of `cell` (bit `d` for digit `d`); 0 for a filled cell.
    pub fn candidates(&self, cell: usize) -> DigitSet {
        self.candidates[cell]
    }

    /// Every cell's candidates, row-major.
    pub fn all_candidates(&self) -> &[DigitSet] {
        &self.candidates
    }

    /// Applies a step found from this position ([`crate::next_step`]): its placements, each
    /// clearing its digit from the cell's peers, and its eliminations.
    pub fn apply(&mut self, step: &crate::Move) {
        let mut board = Board::from_marks(self);
        for &(cell, value) in &step.step.placed {
            if board.values[cell] == 0 {
                board.place(cell, value);
            }
        }
        for &(cell, value) in &step.step.eliminated {
            board.eliminate(cell, value);
        }
        *self = board.marks();
    }

    /// The position drawn as a grid of pencil marks (placed digits as themselves, each empty
    /// cell as its candidates), any size: core's drawing ([`sudoku_core::pencil_marks_with`]).
    pub fn render(&self) -> String {
        sudoku_core::pencil_marks_with(&self.grid, &self.candidates)
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Marks({})", self.grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;

    #[test]
    fn a_new_board_has_the_candidates_core_computes() {
        let flower =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let puzzle = Grid::parse(flower).unwrap();
        let board = Board::new(&puzzle).unwrap();
        assert_eq!(board.cands, sudoku_core::candidates(&puzzle));
        assert!(board.consistent());
        assert_eq!(board.empty, 81 - puzzle.clue_count());
        assert_eq!(board.grid(), puzzle);
    }

    #[test]
    fn conflicting_clues_are_refused() {
        let puzzle = Grid::parse("11..............").unwrap();
        assert!(matches!(
            Board::new(&puzzle),
            Err(AnalysisError::ConflictingClues(_))
        ));
    }

    #[test]
    fn a_digit_without_a_place_is_inconsistent() {
        let mut board = Board::new(&Grid::empty(Shape::S4)).unwrap();
        for cell in 0..4 {
            board.eliminate(cell, 3);
        }
        assert!(!board.consistent());
    }

    #[test]
    fn marks_render_for_a_non_square_box() {
        let puzzle = Grid::parse("1.....2.....3.....4.....5.....6.....").unwrap();
        let marks = Marks::new(&puzzle).unwrap();
        let text = marks.render();
        assert_eq!(text.lines().count(), 6 + 4, "{text}");
        assert!(text.starts_with("+---"), "{text}");
        assert_eq!(marks.candidates(0), 0);
        // r1c2 sees 1 (row and box) and 2 (box): 3 to 6 are left.
        assert_eq!(marks.candidates(1), 0b111_1000);
        assert_eq!(text, sudoku_core::pencil_marks(&puzzle));
    }
}
