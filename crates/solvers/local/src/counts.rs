//! The board both searches move on, with per-house digit counts that price a move in O(1).
//!
//! The cost of a full board is the number of digits missing from its houses, summed over every
//! house of its [`Geometry`]: rows, columns, boxes or jigsaw regions, and both diagonals on a
//! diagonal board ([`sudoku_core::missing_digits`], kept incrementally). A full house of N cells
//! misses exactly as many digits as it holds surplus copies, so this is also the number of
//! repeats, and it is 0 exactly when the board is solved. A house the search keeps a permutation
//! (the annealer's boxes or regions, the tabu search's columns until a move breaks one) adds 0,
//! so one cost serves both searches.

use std::sync::Arc;

use sudoku_core::Geometry;

/// A full board and how often each digit stands in each of its houses.
#[derive(Clone, Debug)]
pub struct Counts {
    geometry: Arc<Geometry>,
    /// N + 1: the counts of one house, digit 0 unused.
    stride: usize,
    cells: Vec<u8>,
    /// `count[house * (N + 1) + digit]`: copies of `digit` in `house`.
    count: Vec<u8>,
    cost: u64,
}

impl Counts {
    /// Counts a full board of `geometry` (`cells` in row-major order, no zeros).
    pub fn new(geometry: Arc<Geometry>, cells: Vec<u8>) -> Counts {
        assert!(
            cells.len() == geometry.cell_count() && cells.iter().all(|&v| v != 0),
            "the board must be full"
        );
        let stride = geometry.size() + 1;
        let mut counts = Counts {
            count: vec![0; geometry.house_count() * stride],
            stride,
            geometry,
            cells,
            cost: 0,
        };
        for cell in 0..counts.cells.len() {
            let digit = counts.cells[cell];
            for &house in counts.geometry.houses_of(cell) {
                let slot = counts.slot(house, digit);
                counts.count[slot] += 1;
            }
        }
        counts.cost = (0..counts.geometry.house_count())
            .map(|house| counts.house_cost(house))
            .sum();
        counts
    }

    /// The houses the counts are kept over.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Digits missing from every house, summed: 0 when solved.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// Copies of `digit` in house `house` (numbered as [`Geometry::house`] numbers them).
    pub fn count(&self, house: usize, digit: u8) -> u8 {
        self.count[self.slot(house, digit)]
    }

    /// The change in cost if `cell` took `digit` instead of its own.
    #[inline]
    pub fn change_delta(&self, cell: usize, digit: u8) -> i64 {
        let from = self.cells[cell];
        if from == digit {
            return 0;
        }
        self.geometry
            .houses_of(cell)
            .iter()
            .map(|&house| self.house_change(house, from, digit))
            .sum()
    }

    /// The change in cost if cells `a` and `b` exchanged their digits. Houses holding both
    /// cells keep their counts, so only the others are priced.
    #[inline]
    pub fn swap_delta(&self, a: usize, b: usize) -> i64 {
        let (da, db) = (self.cells[a], self.cells[b]);
        if da == db {
            return 0;
        }
        let (mut ha, mut hb) = (self.geometry.houses_of(a), self.geometry.houses_of(b));
        let mut delta = 0;
        // Both lists ascend: walk them together, skipping the houses they share.
        loop {
            match (ha.split_first(), hb.split_first()) {
                (Some((&x, rest_a)), Some((&y, rest_b))) if x == y => (ha, hb) = (rest_a, rest_b),
                (Some((&x, rest_a)), Some((&y, _))) if x < y => {
                    delta += self.house_change(x, da, db);
                    ha = rest_a;
                }
                (_, Some((&y, rest_b))) => {
                    delta += self.house_change(y, db, da);
                    hb = rest_b;
                }
                (Some((&x, rest_a)), None) => {
                    delta += self.house_change(x, da, db);
                    ha = rest_a;
                }
                (None, None) => return delta,
            }
        }
    }

    /// Puts `digit` in `cell`, updating the counts and the cost.
    pub fn change(&mut self, cell: usize, digit: u8) {
        let delta = self.change_delta(cell, digit);
        let from = self.cells[cell];
        for &house in self.geometry.houses_of(cell) {
            let (old, new) = (self.slot(house, from), self.slot(house, digit));
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

    /// How the cost of `house` changes when one copy of `from` in it becomes `to`: one digit
    /// more is missing if that was the last `from`, one fewer if `to` was missing.
    #[inline]
    fn house_change(&self, house: usize, from: u8, to: u8) -> i64 {
        i64::from(self.count[self.slot(house, from)] == 1)
            - i64::from(self.count[self.slot(house, to)] == 0)
    }

    fn house_cost(&self, house: usize) -> u64 {
        (1..=self.geometry.size() as u8)
            .filter(|&digit| self.count(house, digit) == 0)
            .count() as u64
    }

    #[inline]
    fn slot(&self, house: usize, digit: u8) -> usize {
        house * self.stride + digit as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use sudoku_core::{Shape, missing_digits};

    fn random_board(geometry: &Geometry, rng: &mut StdRng) -> Vec<u8> {
        let n = geometry.size();
        (0..geometry.cell_count())
            .map(|_| rng.random_range(1..=n as u8))
            .collect()
    }

    /// Every classic shape, and the variant boards of `sudoku_kit::variant_boards::geometries`.
    fn every_geometry() -> Vec<(String, Arc<Geometry>)> {
        let classic = Shape::ALL
            .into_iter()
            .map(|shape| (shape.to_string(), Geometry::classic(shape)));
        let variants = sudoku_kit::variant_boards::geometries()
            .into_iter()
            .map(|(name, geometry)| (name.to_string(), geometry));
        classic.chain(variants).collect()
    }

    #[test]
    fn incremental_deltas_match_a_full_recount() {
        let mut rng = StdRng::seed_from_u64(11);
        for (name, geometry) in every_geometry() {
            let n = geometry.size();
            let cells = geometry.cell_count();
            let mut counts = Counts::new(geometry.clone(), random_board(&geometry, &mut rng));
            assert_eq!(
                counts.cost(),
                missing_digits(&geometry, counts.cells()),
                "{name}"
            );
            for _ in 0..2000 {
                let before = counts.cost() as i64;
                let a = rng.random_range(0..cells);
                if rng.random_bool(0.5) {
                    let digit = rng.random_range(1..=n as u8);
                    let delta = counts.change_delta(a, digit);
                    counts.change(a, digit);
                    assert_eq!(before + delta, counts.cost() as i64, "{name}");
                } else {
                    let b = rng.random_range(0..cells);
                    let delta = counts.swap_delta(a, b);
                    counts.swap(a, b);
                    assert_eq!(before + delta, counts.cost() as i64, "{name}");
                }
                assert_eq!(
                    counts.cost(),
                    missing_digits(&geometry, counts.cells()),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn a_solved_board_costs_nothing() {
        let solved = "1234341221434321".bytes().map(|b| b - b'0').collect();
        assert_eq!(Counts::new(Geometry::classic(Shape::S4), solved).cost(), 0);
        for (name, solution) in sudoku_kit::variant_boards::solutions() {
            let counts = Counts::new(solution.geometry().clone(), solution.cells().to_vec());
            assert_eq!(counts.cost(), 0, "{name}");
        }
    }

    /// A board valid as a classic one but repeating a digit on each diagonal costs those
    /// repeats on a diagonal board: the diagonals are houses of the cost.
    #[test]
    fn the_diagonals_count_on_a_diagonal_board() {
        // Row-major 4×4: the main diagonal holds 1, 4, 4, 1, the anti-diagonal 4, 1, 1, 4.
        let cells: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
        let classic = Counts::new(Geometry::classic(Shape::S4), cells.clone());
        let diagonal = Counts::new(sudoku_kit::variant_boards::diagonal(Shape::S4), cells);
        assert_eq!(classic.cost(), 0);
        assert_eq!(diagonal.cost(), 4);
    }
}
