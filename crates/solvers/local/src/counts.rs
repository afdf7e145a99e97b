//! The board both searches move on, with per-unit digit counts that price a move in O(1).
//!
//! The cost of a full board is the number of digits missing from its units, summed over every
//! row, column and box. A full unit of N cells misses exactly as many digits as it holds surplus
//! copies, so this is also the number of repeats, and it is 0 exactly when the board is solved.
//! A unit the search keeps a permutation (the annealer's boxes, the tabu search's columns until
//! a move breaks one) adds 0, so one cost serves both searches.

use sudoku_core::{Shape, UnitKind};

/// A full board and how often each digit stands in each of its 3N units.
#[derive(Clone, Debug)]
pub struct Counts {
    n: usize,
    cells: Vec<u8>,
    /// For each cell, its row, column and box as unit numbers `0..3N` (rows, then columns, then
    /// boxes).
    units: Vec<[u16; 3]>,
    /// `count[unit * (N + 1) + digit]`: copies of `digit` in `unit`.
    count: Vec<u8>,
    cost: u64,
}

impl Counts {
    /// Counts a full board (`cells` in row-major order, no zeros).
    pub fn new(shape: Shape, cells: Vec<u8>) -> Counts {
        let n = shape.size();
        assert!(
            cells.len() == shape.cell_count() && cells.iter().all(|&v| v != 0),
            "the board must be full"
        );
        let units = (0..shape.cell_count())
            .map(|cell| {
                UnitKind::ALL.map(|kind| {
                    let offset = match kind {
                        UnitKind::Row => 0,
                        UnitKind::Column => n,
                        UnitKind::Box | UnitKind::Region => 2 * n,
                        UnitKind::Diagonal | UnitKind::AntiDiagonal => {
                            unreachable!("a classic kind: UnitKind::ALL")
                        }
                    };
                    (offset + shape.unit_of(kind, cell)) as u16
                })
            })
            .collect();
        let mut counts = Counts {
            n,
            cells,
            units,
            count: vec![0; 3 * n * (n + 1)],
            cost: 0,
        };
        for cell in 0..counts.cells.len() {
            let digit = counts.cells[cell];
            for unit in counts.units[cell] {
                let slot = counts.slot(unit, digit);
                counts.count[slot] += 1;
            }
        }
        counts.cost = (0..3 * n as u16).map(|unit| counts.unit_cost(unit)).sum();
        counts
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Digits missing from every unit, summed: 0 when solved.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// Copies of `digit` in the `kind` unit numbered `index`.
    pub fn count(&self, kind: UnitKind, index: usize, digit: u8) -> u8 {
        let offset = match kind {
            UnitKind::Row => 0,
            UnitKind::Column => self.n,
            UnitKind::Box | UnitKind::Region => 2 * self.n,
            UnitKind::Diagonal | UnitKind::AntiDiagonal => {
                panic!("local search takes classic boards only")
            }
        };
        self.count[self.slot((offset + index) as u16, digit)]
    }

    /// The change in cost if `cell` took `digit` instead of its own.
    #[inline]
    pub fn change_delta(&self, cell: usize, digit: u8) -> i64 {
        let from = self.cells[cell];
        if from == digit {
            return 0;
        }
        self.units[cell]
            .iter()
            .map(|&unit| self.unit_change(unit, from, digit))
            .sum()
    }

    /// The change in cost if cells `a` and `b` exchanged their digits. Units holding both cells
    /// keep their counts, so only the others are priced.
    #[inline]
    pub fn swap_delta(&self, a: usize, b: usize) -> i64 {
        let (da, db) = (self.cells[a], self.cells[b]);
        if da == db {
            return 0;
        }
        let (ua, ub) = (self.units[a], self.units[b]);
        let mut delta = 0;
        for k in 0..3 {
            if ua[k] != ub[k] {
                delta += self.unit_change(ua[k], da, db) + self.unit_change(ub[k], db, da);
            }
        }
        delta
    }

    /// Puts `digit` in `cell`, updating the counts and the cost.
    pub fn change(&mut self, cell: usize, digit: u8) {
        let delta = self.change_delta(cell, digit);
        let from = self.cells[cell];
        for unit in self.units[cell] {
            let (old, new) = (self.slot(unit, from), self.slot(unit, digit));
            self.count[old] -= 1;
            self.count[new] += 1;
        }
        self.cells[cell] = digit;
        self.cost = self
            .cost
            .checked_add_signed(delta)
            .expect("cost stays >= 0");
    }

    /// Exchanges the digits of cells `a` and `b`, updating the counts and the cost.
    pub fn swap(&mut self, a: usize, b: usize) {
        let (da, db) = (self.cells[a], self.cells[b]);
        self.change(a, db);
        self.change(b, da);
    }

    /// How the cost of `unit` changes when one copy of `from` in it becomes `to`: one digit more
    /// is missing if that was the last `from`, one fewer if `to` was missing.
    #[inline]
    fn unit_change(&self, unit: u16, from: u8, to: u8) -> i64 {
        i64::from(self.count[self.slot(unit, from)] == 1)
            - i64::from(self.count[self.slot(unit, to)] == 0)
    }

    fn unit_cost(&self, unit: u16) -> u64 {
        (1..=self.n as u8)
            .filter(|&digit| self.count[self.slot(unit, digit)] == 0)
            .count() as u64
    }

    #[inline]
    fn slot(&self, unit: u16, digit: u8) -> usize {
        unit as usize * (self.n + 1) + digit as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use sudoku_core::missing_digits;

    fn random_board(shape: Shape, rng: &mut StdRng) -> Vec<u8> {
        let n = shape.size();
        (0..shape.cell_count())
            .map(|_| rng.random_range(1..=n as u8))
            .collect()
    }

    #[test]
    fn incremental_deltas_match_a_full_recount() {
        let mut rng = StdRng::seed_from_u64(11);
        for shape in Shape::ALL {
            let n = shape.size();
            let mut counts = Counts::new(shape, random_board(shape, &mut rng));
            assert_eq!(
                counts.cost(),
                missing_digits(&sudoku_core::Geometry::classic(shape), counts.cells()),
                "{shape}"
            );
            for _ in 0..2000 {
                let before = counts.cost() as i64;
                let a = rng.random_range(0..shape.cell_count());
                if rng.random_bool(0.5) {
                    let digit = rng.random_range(1..=n as u8);
                    let delta = counts.change_delta(a, digit);
                    counts.change(a, digit);
                    assert_eq!(before + delta, counts.cost() as i64);
                } else {
                    let b = rng.random_range(0..shape.cell_count());
                    let delta = counts.swap_delta(a, b);
                    counts.swap(a, b);
                    assert_eq!(before + delta, counts.cost() as i64);
                }
                assert_eq!(
                    counts.cost(),
                    missing_digits(&sudoku_core::Geometry::classic(shape), counts.cells()),
                    "{shape}"
                );
            }
        }
    }

    #[test]
    fn a_solved_board_costs_nothing() {
        let solved = "1234341221434321".bytes().map(|b| b - b'0').collect();
        assert_eq!(Counts::new(Shape::S4, solved).cost(), 0);
    }
}
