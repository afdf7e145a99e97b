//! The cost function, kept per unit so that a mutation updates it in a few steps.
//!
//! A unit (row, column or box) of N cells misses as many digits as it repeats: its cost is N
//! minus the number of distinct digits in it. A grid's cost is the sum over its 3N units; 0 is a
//! solution. [`Scored`] holds a grid with its digit count per unit and digit, so that writing
//! one cell updates the cost through the cell's three units only, and the crossover can read
//! each unit's repeats without counting again, and [`Scored::swap_delta`] prices a swap without
//! making it.
//!
//! Both solvers of the crate count with it. [`crate::GeneticTuned`]'s individuals keep every box
//! a permutation, so their boxes add nothing and the same count is the digits missing from rows
//! plus columns.

use sudoku_core::{Shape, UnitKind};

/// The units of a shape, numbered rows `0..N`, columns `N..2N`, boxes `2N..3N`.
#[derive(Clone, Debug)]
pub(crate) struct Units {
    size: usize,
    /// The three units of each cell: its row, column and box.
    of_cell: Vec<[usize; 3]>,
    /// The cells of each unit, row-major.
    cells: Vec<Vec<usize>>,
}

impl Units {
    pub(crate) fn new(shape: Shape) -> Units {
        let size = shape.size();
        let of_cell = (0..shape.cell_count())
            .map(|cell| UnitKind::ALL.map(|kind| unit_id(size, kind, shape.unit_of(kind, cell))))
            .collect();
        let cells = UnitKind::ALL
            .into_iter()
            .flat_map(|kind| (0..size).map(move |index| shape.unit_cells(kind, index).collect()))
            .collect();
        Units {
            size,
            of_cell,
            cells,
        }
    }

    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// How many units there are: 3N.
    pub(crate) fn count(&self) -> usize {
        self.cells.len()
    }

    /// The cells of unit `unit`.
    pub(crate) fn cells(&self, unit: usize) -> &[usize] {
        &self.cells[unit]
    }
}

/// The id of unit `index` of `kind` on a board of side `size`.
pub(crate) fn unit_id(size: usize, kind: UnitKind, index: usize) -> usize {
    let first = match kind {
        UnitKind::Row => 0,
        UnitKind::Column => size,
        UnitKind::Box | UnitKind::Region => 2 * size,
        UnitKind::Diagonal | UnitKind::AntiDiagonal => {
            panic!("the genetic solvers take classic boards only")
        }
    };
    first + index
}

/// A grid with its cost, kept up to date as cells change.
#[derive(Clone, Debug)]
pub(crate) struct Scored {
    cells: Vec<u8>,
    /// How often each digit occurs in each unit: `counts[unit * (N + 1) + digit]`.
    counts: Vec<u8>,
    /// Digits missing from each unit (equally, digits repeated in it).
    missing: Vec<u8>,
    cost: u64,
}

impl Scored {
    /// `cells` (every cell filled or not) with its cost counted in full.
    pub(crate) fn new(units: &Units, cells: Vec<u8>) -> Scored {
        let mut scored = Scored {
            cells,
            counts: vec![0; units.count() * (units.size + 1)],
            missing: vec![0; units.count()],
            cost: 0,
        };
        scored.recount(units);
        scored
    }

    /// Counts the cost again from the cells: what a crossover child needs.
    pub(crate) fn recount(&mut self, units: &Units) {
        let stride = units.size + 1;
        self.counts.fill(0);
        for (cell, &value) in self.cells.iter().enumerate() {
            for unit in units.of_cell[cell] {
                self.counts[unit * stride + value as usize] += 1;
            }
        }
        self.cost = 0;
        for unit in 0..units.count() {
            let digits = &self.counts[unit * stride + 1..(unit + 1) * stride];
            let missing = digits.iter().filter(|&&count| count == 0).count();
            self.missing[unit] = missing as u8;
            self.cost += missing as u64;
        }
    }

    /// Writes `value` in `cell`, updating the cost through the cell's three units.
    pub(crate) fn set(&mut self, units: &Units, cell: usize, value: u8) {
        let old = self.cells[cell];
        if old == value {
            return;
        }
        self.cells[cell] = value;
        let stride = units.size + 1;
        for unit in units.of_cell[cell] {
            let base = unit * stride;
            if old != 0 {
                self.counts[base + old as usize] -= 1;
                if self.counts[base + old as usize] == 0 {
                    self.missing[unit] += 1;
                    self.cost += 1;
                }
            }
            if value != 0 {
                if self.counts[base + value as usize] == 0 {
                    self.missing[unit] -= 1;
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
    pub(crate) fn swap(&mut self, units: &Units, a: usize, b: usize) {
        let (va, vb) = (self.cells[a], self.cells[b]);
        self.set(units, a, vb);
        self.set(units, b, va);
    }

    /// The change of cost swapping the digits of cells `a` and `b` would make, without making
    /// it: the local search's price of a move, read from six units' counts at most.
    pub(crate) fn swap_delta(&self, units: &Units, a: usize, b: usize) -> i64 {
        let (va, vb) = (self.cells[a] as usize, self.cells[b] as usize);
        if va == vb {
            return 0;
        }
        let stride = units.size + 1;
        let mut delta = 0;
        for (cell, other, out, into) in [(a, b, va, vb), (b, a, vb, va)] {
            for unit in units.of_cell[cell] {
                // A unit holding both cells keeps its digits.
                if units.of_cell[other].contains(&unit) {
                    continue;
                }
                let base = unit * stride;
                if out != 0 && self.counts[base + out] == 1 {
                    delta += 1;
                }
                if into != 0 && self.counts[base + into] == 0 {
                    delta -= 1;
                }
            }
        }
        delta
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

    /// The grid's cost: digits missing from its units, summed.
    pub(crate) fn cost(&self) -> u64 {
        self.cost
    }

    /// Digits repeated in (equally, missing from) `unit`.
    pub(crate) fn repeats(&self, unit: usize) -> u8 {
        self.missing[unit]
    }
}
