//! An ant's board: the digits each cell may still take, kept to the fixpoint of two rules
//! every time a cell is settled.
//!
//! 1. A settled digit is struck from the cell's peers; a cell left with one digit is settled
//!    to it (a naked single).
//! 2. A digit that a house has not settled and that only one of its cells can still take is
//!    settled there (a hidden single).
//!
//! A cell whose last digit is struck stays empty: the ant could not fill it. Digits settled in
//! a house are recorded at once, before their peers are struck, so two cells of a house never
//! settle the same digit; a naked or hidden single that meets a digit its house already holds
//! strikes that digit instead. Each house keeps, per digit, how many of its cells can take
//! it, so rule 2 costs a counter read per struck digit rather than a scan of the house.

use sudoku_core::{DigitSet, Geometry, digits_of};

/// One digit as core's [`DigitSet`] holds it: digit `d` is bit `d`.
fn bit(digit: u8) -> DigitSet {
    1 << digit
}

/// Work left to do in [`Board::propagate`].
#[derive(Clone, Copy, Debug)]
enum Pending {
    /// A settled cell whose digit is not yet struck from its peers.
    Strike(usize),
    /// A cell that lost a digit: is it down to one?
    Naked(usize),
    /// A house where a digit lost a cell: is it down to one?
    Hidden(usize, u8),
}

#[derive(Clone, Debug)]
pub(crate) struct Board {
    size: usize,
    /// Each cell's possible digits; a settled cell's is its digit's bit; 0 for a cell that can
    /// take nothing.
    options: Vec<DigitSet>,
    /// Each cell's settled digit, 0 while unsettled.
    digits: Vec<u8>,
    /// The digits settled in each house.
    settled_in: Vec<DigitSet>,
    /// `places[house * size + digit - 1]`: the cells of the house that can take the digit,
    /// settled ones included.
    places: Vec<u8>,
    settled: usize,
    pending: Vec<Pending>,
    /// The cells settled since the board was made or reset, in order, each with whether it
    /// was chosen (rather than settled by propagation): what a watched search shows.
    trail: Vec<(usize, bool)>,
    /// Whether the next settle is a choice.
    choosing: bool,
}

impl Board {
    /// The board of `clues` (0 for an empty cell), every clue settled and propagated.
    ///
    /// The clues are settled all at once, before anything is struck, and the counts are then
    /// read from the resulting options: settling them one by one through the rules would
    /// queue a hidden-single check for every digit a clue rules out, which on a 25×25 board
    /// with half its cells given cost more than the rest of the solve. On a puzzle with no
    /// solution, propagating from some clues could otherwise also settle another clue's cell
    /// to a different digit.
    pub(crate) fn new(geometry: &Geometry, clues: &[u8]) -> Board {
        let size = geometry.size();
        let all: DigitSet = ((1 << size) - 1) << 1;
        let houses = geometry.house_count();
        let mut board = Board {
            size,
            options: vec![all; clues.len()],
            digits: vec![0; clues.len()],
            settled_in: vec![0; houses],
            places: vec![0; houses * size],
            settled: 0,
            pending: Vec::new(),
            trail: Vec::new(),
            choosing: false,
        };
        for (cell, &clue) in clues.iter().enumerate() {
            if clue == 0 {
                continue;
            }
            let b = bit(clue);
            let cell_houses = geometry.houses_of(cell);
            if cell_houses
                .iter()
                .any(|&house| board.settled_in[house] & b != 0)
            {
                // A clue its house already holds is struck, as the rules strike a repeat.
                board.options[cell] &= !b;
                continue;
            }
            for &house in cell_houses {
                board.settled_in[house] |= b;
            }
            board.options[cell] = b;
            board.digits[cell] = clue;
            board.settled += 1;
        }
        for cell in 0..clues.len() {
            if board.digits[cell] == 0 {
                for &house in geometry.houses_of(cell) {
                    board.options[cell] &= !board.settled_in[house];
                }
                board.pending.push(Pending::Naked(cell));
            }
        }
        for house in 0..houses {
            for &cell in geometry.house(house) {
                for digit in digits_of(board.options[cell]) {
                    board.places[house * size + usize::from(digit) - 1] += 1;
                }
            }
            for digit in digits_of(all & !board.settled_in[house]) {
                board.pending.push(Pending::Hidden(house, digit));
            }
        }
        board.propagate(geometry);
        board
    }

    /// Makes this board a copy of `other`, reusing its memory.
    pub(crate) fn reset_to(&mut self, other: &Board) {
        self.options.copy_from_slice(&other.options);
        self.digits.copy_from_slice(&other.digits);
        self.settled_in.copy_from_slice(&other.settled_in);
        self.places.copy_from_slice(&other.places);
        self.settled = other.settled;
        self.pending.clear();
        self.trail.clear();
    }

    /// The cells settled since the board was made or reset, in order, with whether each was
    /// chosen.
    pub(crate) fn trail(&self) -> &[(usize, bool)] {
        &self.trail
    }

    pub(crate) fn options(&self, cell: usize) -> DigitSet {
        self.options[cell]
    }

    pub(crate) fn digit(&self, cell: usize) -> u8 {
        self.digits[cell]
    }

    pub(crate) fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Cells settled so far.
    pub(crate) fn settled(&self) -> usize {
        self.settled
    }

    /// Settles `cell` to `digit`, one of its options, and propagates to the fixpoint.
    pub(crate) fn choose(&mut self, geometry: &Geometry, cell: usize, digit: u8) {
        debug_assert!(self.digits[cell] == 0 && self.options[cell] & bit(digit) != 0);
        self.choosing = true;
        self.settle(geometry, cell, digit);
        self.choosing = false;
        self.propagate(geometry);
    }

    /// Settles `cell` to `digit` unless a house of the cell already holds the digit, in which
    /// case the digit is struck from the cell instead.
    fn settle(&mut self, geometry: &Geometry, cell: usize, digit: u8) {
        let b = bit(digit);
        let houses = geometry.houses_of(cell);
        if houses.iter().any(|&house| self.settled_in[house] & b != 0) {
            self.strike(geometry, cell, digit);
            return;
        }
        for other in digits_of(self.options[cell] & !b) {
            for &house in houses {
                self.places[house * self.size + usize::from(other) - 1] -= 1;
                self.pending.push(Pending::Hidden(house, other));
            }
        }
        for &house in houses {
            self.settled_in[house] |= b;
        }
        self.options[cell] = b;
        self.digits[cell] = digit;
        self.settled += 1;
        self.trail.push((cell, self.choosing));
        self.pending.push(Pending::Strike(cell));
    }

    /// Takes `digit` from the unsettled `cell`'s options.
    fn strike(&mut self, geometry: &Geometry, cell: usize, digit: u8) {
        self.options[cell] &= !bit(digit);
        for &house in geometry.houses_of(cell) {
            self.places[house * self.size + usize::from(digit) - 1] -= 1;
            self.pending.push(Pending::Hidden(house, digit));
        }
        self.pending.push(Pending::Naked(cell));
    }

    /// Applies both rules until nothing is pending.
    fn propagate(&mut self, geometry: &Geometry) {
        while let Some(next) = self.pending.pop() {
            match next {
                Pending::Strike(cell) => {
                    let digit = self.digits[cell];
                    for &peer in geometry.peers(cell) {
                        if self.digits[peer] == 0 && self.options[peer] & bit(digit) != 0 {
                            self.strike(geometry, peer, digit);
                        }
                    }
                }
                Pending::Naked(cell) => {
                    let options = self.options[cell];
                    if self.digits[cell] == 0 && options.count_ones() == 1 {
                        self.settle(geometry, cell, options.trailing_zeros() as u8);
                    }
                }
                Pending::Hidden(house, digit) => {
                    let b = bit(digit);
                    let places = self.places[house * self.size + usize::from(digit) - 1];
                    if places == 1 && self.settled_in[house] & b == 0 {
                        let cell = geometry
                            .house(house)
                            .iter()
                            .copied()
                            .find(|&cell| self.options[cell] & b != 0)
                            .expect("the house's one place for the digit");
                        self.settle(geometry, cell, digit);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use sudoku_core::{Grid, Shape};

    fn board(line: &str) -> (Grid, Board) {
        let grid: Grid = line.parse().unwrap();
        let board = Board::new(grid.geometry(), grid.cells());
        (grid, board)
    }

    #[test]
    fn singles_alone_solve_an_easy_puzzle() {
        // A puzzle that naked and hidden singles alone solve.
        let (grid, board) = board(
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        );
        assert_eq!(board.settled(), 81);
        let solution = grid.with_cells(board.digits().to_vec()).unwrap();
        assert_eq!(sudoku_core::verify_solution(&grid, &solution), Ok(()));
    }

    #[test]
    fn a_naked_single_is_settled_and_struck_from_its_peers() {
        // Row 1 holds 1–8 in its first eight cells: the ninth can only be 9, and 9 then leaves
        // column 9 and the top-right box.
        let (_, board) = board(&format!("12345678.{}", ".".repeat(72)));
        assert_eq!(board.digit(8), 9);
        for peer in [17, 26, 35, 80, 15, 25] {
            assert_eq!(board.options(peer) & bit(9), 0, "cell {peer}");
        }
        assert_eq!(board.options(9) & bit(9), bit(9));
    }

    #[test]
    fn a_hidden_single_is_settled() {
        // 1 in rows 2 and 3 and in columns 2 and 3 leaves the top-left box one place for 1: r1c1.
        let mut cells = vec![0u8; 81];
        cells[9 + 4] = 1; // r2c5
        cells[18 + 7] = 1; // r3c8
        cells[27 + 1] = 1; // r4c2
        cells[63 + 2] = 1; // r8c3
        let geometry = Grid::empty(Shape::S9).geometry().clone();
        let board = Board::new(&geometry, &cells);
        assert_eq!(board.digit(0), 1);
    }

    #[test]
    fn no_house_ever_holds_a_digit_twice_and_empty_cells_are_not_settled() {
        // Settling digits at random on an empty 16×16 board runs into dead ends; whatever
        // happens, settled cells never conflict and every cell is settled or empty at the end.
        let geometry = Grid::empty(Shape::S16).geometry().clone();
        let empty = Board::new(&geometry, &[0; 256]);
        let mut board = empty.clone();
        let mut rng = StdRng::seed_from_u64(12345);
        for round in 0..20 {
            board.reset_to(&empty);
            for cell in (0..256).map(|c| (c * 7 + round) % 256) {
                let options = board.options(cell);
                if board.digit(cell) == 0 && options != 0 {
                    let pick = rng.random_range(0..options.count_ones() as usize);
                    let digit = digits_of(options).nth(pick).expect("a digit of the set");
                    board.choose(&geometry, cell, digit);
                }
            }
            for house in 0..geometry.house_count() {
                let mut seen = 0u32;
                for &cell in geometry.house(house) {
                    let digit = board.digit(cell);
                    if digit != 0 {
                        assert_eq!(seen & bit(digit), 0, "house {house} repeats {digit}");
                        seen |= bit(digit);
                    }
                }
            }
            let empty_cells = (0..256).filter(|&c| board.options(c) == 0).count();
            assert_eq!(board.settled() + empty_cells, 256);
            assert_eq!(
                board.digits().iter().filter(|&&d| d != 0).count(),
                board.settled()
            );
        }
    }
}
