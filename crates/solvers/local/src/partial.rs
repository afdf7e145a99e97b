//! Boards that never break a rule: the fixed cells, and free cells each holding a candidate no
//! peer holds, or empty. The tuned searches move over them: a move puts a candidate digit in an
//! empty cell and empties the free cells of its houses that hold that digit. The cost is the
//! board's missing digits ([`sudoku_core::missing_digits`]), which on such a board is the number
//! of houses of its empty cells, so a move changes it by the houses of the cells it empties less
//! those of the cell it fills. A move that would empty a fixed cell is refused: with candidates
//! only none does; on the unrestricted domain of a contradictory puzzle some do.

use std::ops::Deref;
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use sudoku_core::{Geometry, Grid, SearchEvent, digits_of, missing_digits};

use crate::Best;
use crate::domain::Domain;

/// No cell holds the digit in the house.
const NOBODY: u32 = u32::MAX;

/// The most houses a cell has (row, column, box or region, and two diagonals).
pub(crate) const MOST_HOUSES: usize = 5;

/// A board whose free filled cells clash with no cell.
#[derive(Clone)]
pub struct Partial<'a> {
    geometry: &'a Arc<Geometry>,
    n: usize,
    cells: Vec<u8>,
    /// Cells the search may not change.
    fixed: Vec<bool>,
    /// `holder[house * n + digit - 1]`: a cell of the house holding the digit, or [`NOBODY`].
    holder: Vec<u32>,
    /// The empty free cells, in no order, and where each empty cell is in that list.
    empty: Vec<usize>,
    slot: Vec<usize>,
    /// The board's missing digits.
    cost: u64,
}

/// A move's changes: the cells it emptied (to 0), then the cell it filled.
pub struct Changes {
    list: [(usize, u8); MOST_HOUSES + 1],
    len: usize,
}

impl Deref for Changes {
    type Target = [(usize, u8)];

    fn deref(&self) -> &[(usize, u8)] {
        &self.list[..self.len]
    }
}

impl<'a> Partial<'a> {
    /// The fixed cells of `board`, every free cell empty.
    pub fn new(geometry: &'a Arc<Geometry>, board: &Grid) -> Partial<'a> {
        let n = geometry.size();
        let cells = board.cells().to_vec();
        let mut holder = vec![NOBODY; geometry.house_count() * n];
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                for &house in geometry.houses_of(cell) {
                    holder[house * n + usize::from(digit) - 1] = cell as u32;
                }
            }
        }
        let empty: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] == 0).collect();
        let mut slot = vec![usize::MAX; cells.len()];
        for (i, &cell) in empty.iter().enumerate() {
            slot[cell] = i;
        }
        Partial {
            geometry,
            n,
            cost: missing_digits(geometry, &cells),
            fixed: cells.iter().map(|&d| d != 0).collect(),
            cells,
            holder,
            empty,
            slot,
        }
    }

    /// The board's houses.
    pub fn geometry(&self) -> &'a Arc<Geometry> {
        self.geometry
    }

    /// Every cell's digit, 0 for an empty one.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The board's missing digits: the houses of its empty cells.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// The empty cells, in no order.
    pub fn empty(&self) -> &[usize] {
        &self.empty
    }

    /// No cell is empty: the board is a solution.
    pub fn is_complete(&self) -> bool {
        self.empty.is_empty()
    }

    /// Whether `digit` may go into the empty `cell` without emptying any other.
    pub fn fits(&self, cell: usize, digit: u8) -> bool {
        self.clashes(cell, digit, &mut [0; MOST_HOUSES]) == Some(0)
    }

    /// Puts `digit` in the empty `cell`, which must [fit](Partial::fits).
    pub fn place(&mut self, cell: usize, digit: u8) {
        debug_assert!(self.cells[cell] == 0 && self.fits(cell, digit));
        self.fill(cell, digit);
    }

    /// The houses `cell` belongs to, as cost: each house it leaves empty misses a digit.
    pub(crate) fn weight(&self, cell: usize) -> u64 {
        self.geometry.houses_of(cell).len() as u64
    }

    /// The free cells that clash with `digit` in `cell`, in `clashes`, and how many; `None`
    /// when a fixed cell does.
    pub(crate) fn clashes(
        &self,
        cell: usize,
        digit: u8,
        clashes: &mut [usize; MOST_HOUSES],
    ) -> Option<usize> {
        let mut count = 0;
        for &house in self.geometry.houses_of(cell) {
            let other = self.holder[house * self.n + usize::from(digit) - 1];
            if other == NOBODY {
                continue;
            }
            let other = other as usize;
            if self.fixed[other] {
                return None;
            }
            if !clashes[..count].contains(&other) {
                clashes[count] = other;
                count += 1;
            }
        }
        Some(count)
    }

    /// The cost change of putting `digit` in the empty `cell`, emptying the free cells
    /// `clashes` that hold it.
    pub(crate) fn delta(&self, cell: usize, clashes: &[usize]) -> i64 {
        let emptied: u64 = clashes.iter().map(|&c| self.weight(c)).sum();
        emptied as i64 - self.weight(cell) as i64
    }

    /// Puts `digit` in the empty `cell`, emptying `clashes` (what [`Partial::clashes`] gave);
    /// returns the changes made.
    pub(crate) fn make_move(&mut self, cell: usize, digit: u8, clashes: &[usize]) -> Changes {
        let mut list = [(0, 0); MOST_HOUSES + 1];
        for (change, &other) in list.iter_mut().zip(clashes) {
            self.clear(other);
            *change = (other, 0);
        }
        self.fill(cell, digit);
        list[clashes.len()] = (cell, digit);
        Changes {
            list,
            len: clashes.len() + 1,
        }
    }

    /// Puts `digit` in the empty `cell`, which nothing holding it shares a house with.
    fn fill(&mut self, cell: usize, digit: u8) {
        for &house in self.geometry.houses_of(cell) {
            self.holder[house * self.n + usize::from(digit) - 1] = cell as u32;
        }
        self.cells[cell] = digit;
        let i = self.slot[cell];
        self.empty.swap_remove(i);
        if let Some(&moved) = self.empty.get(i) {
            self.slot[moved] = i;
        }
        self.cost -= self.weight(cell);
    }

    /// Empties the free `cell`.
    fn clear(&mut self, cell: usize) {
        let digit = self.cells[cell];
        for &house in self.geometry.houses_of(cell) {
            let holder = &mut self.holder[house * self.n + usize::from(digit) - 1];
            if *holder == cell as u32 {
                *holder = NOBODY;
            }
        }
        self.cells[cell] = 0;
        self.slot[cell] = self.empty.len();
        self.empty.push(cell);
        self.cost += self.weight(cell);
    }

    /// Fills the empty cells in random order, each with a random allowed digit that clashes
    /// with nothing, if it has one; the rest stay empty. Each fill is shown to `watch`.
    pub fn fill_greedily(
        &mut self,
        domain: &Domain,
        rng: &mut StdRng,
        watch: &mut impl FnMut(SearchEvent<'_>),
    ) {
        let mut order = self.empty.clone();
        order.shuffle(rng);
        let mut fits = Vec::with_capacity(self.n);
        for cell in order {
            fits.clear();
            fits.extend(digits_of(domain.allowed(cell)).filter(|&digit| self.fits(cell, digit)));
            if let Some(&digit) = fits.choose(rng) {
                self.fill(cell, digit);
                watch(SearchEvent::Place {
                    cell,
                    digit,
                    guess: true,
                });
            }
        }
    }
}

/// Where a search over `domain`'s partial boards begins: its free cells filled greedily
/// ([`Partial::fill_greedily`], shown to `watch`), and that board as the best so far.
pub fn first_board<'a>(
    domain: &'a Domain,
    rng: &mut StdRng,
    watch: &mut impl FnMut(SearchEvent<'_>),
) -> (Partial<'a>, Best) {
    let geometry = domain.board.geometry();
    let mut board = Partial::new(geometry, &domain.board);
    board.fill_greedily(domain, rng, watch);
    let best = Best::of_board(geometry, board.cells(), board.cost());
    (board, best)
}
