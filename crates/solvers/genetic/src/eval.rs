//! The cost function, kept per house so that a mutation updates it in a few steps.
//!
//! A house of N cells (a row, column, box or jigsaw region, or a diagonal of a diagonal board)
//! misses as many digits as it repeats: its cost is N minus the number of distinct digits in
//! it. A grid's cost is the sum over every house of its [`Geometry`], what
//! [`sudoku_core::missing_digits`] counts; 0 is a solution. [`Scored`] holds a grid with its
//! digit count per house and digit, so that writing one cell updates the cost through the
//! cell's houses only (three, four or five), and the crossover can read each house's repeats
//! without counting again.
//!
//! [`crate::Genetic`] counts with it; [`crate::GeneticTuned`]'s partial boards keep their own
//! count of the same digits (`sudoku_local::partial`).

use sudoku_core::Geometry;

/// A grid with its cost, kept up to date as cells change.
#[derive(Clone, Debug)]
pub(crate) struct Scored {
    cells: Vec<u8>,
    /// How often each digit occurs in each house: `counts[house * (N + 1) + digit]`.
    counts: Vec<u8>,
    /// Digits missing from each house (equally, digits repeated in it).
    missing: Vec<u8>,
    cost: u64,
}

impl Scored {
    /// `cells` (every cell filled or not) with its cost counted in full.
    pub(crate) fn new(geometry: &Geometry, cells: Vec<u8>) -> Scored {
        let mut scored = Scored {
            cells,
            counts: vec![0; geometry.house_count() * (geometry.size() + 1)],
            missing: vec![0; geometry.house_count()],
            cost: 0,
        };
        scored.recount(geometry);
        scored
    }

    /// Counts the cost again from the cells: what a crossover child needs.
    pub(crate) fn recount(&mut self, geometry: &Geometry) {
        let stride = geometry.size() + 1;
        self.counts.fill(0);
        for (cell, &value) in self.cells.iter().enumerate() {
            for &house in geometry.houses_of(cell) {
                self.counts[house * stride + value as usize] += 1;
            }
        }
        self.cost = 0;
        for house in 0..geometry.house_count() {
            let digits = &self.counts[house * stride + 1..(house + 1) * stride];
            let missing = digits.iter().filter(|&&count| count == 0).count();
            self.missing[house] = missing as u8;
            self.cost += missing as u64;
        }
    }

    /// Writes `value` in `cell`, updating the cost through the cell's houses.
    pub(crate) fn set(&mut self, geometry: &Geometry, cell: usize, value: u8) {
        let old = self.cells[cell];
        if old == value {
            return;
        }
        self.cells[cell] = value;
        let stride = geometry.size() + 1;
        for &house in geometry.houses_of(cell) {
            let base = house * stride;
            if old != 0 {
                self.counts[base + old as usize] -= 1;
                if self.counts[base + old as usize] == 0 {
                    self.missing[house] += 1;
                    self.cost += 1;
                }
            }
            if value != 0 {
                if self.counts[base + value as usize] == 0 {
                    self.missing[house] -= 1;
                    self.cost -= 1;
                }
                self.counts[base + value as usize] += 1;
            }
        }
    }

    /// Makes this grid a copy of `other`, cost included, without allocating.
    pub(crate) fn copy_from(&mut self, other: &Scored) {
        self.cells.copy_from_slice(&other.cells);
        self.counts.copy_from_slice(&other.counts);
        self.missing.copy_from_slice(&other.missing);
        self.cost = other.cost;
    }

    /// Exchanges the digits of two cells.
    pub(crate) fn swap(&mut self, geometry: &Geometry, a: usize, b: usize) {
        let (va, vb) = (self.cells[a], self.cells[b]);
        self.set(geometry, a, vb);
        self.set(geometry, b, va);
    }

    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Copies the cells of `cells` from `other`, leaving the cost stale: call
    /// [`Scored::recount`] after the last copy.
    pub(crate) fn copy_cells_from(&mut self, other: &Scored, cells: &[usize]) {
        for &cell in cells {
            self.cells[cell] = other.cells[cell];
        }
    }

    /// The grid's cost: digits missing from its houses, summed.
    pub(crate) fn cost(&self) -> u64 {
        self.cost
    }

    /// Digits repeated in (equally, missing from) house `house`.
    pub(crate) fn repeats(&self, house: usize) -> u8 {
        self.missing[house]
    }
}
