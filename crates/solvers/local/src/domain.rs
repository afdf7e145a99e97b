//! Where a search may move: the free cells and the digits each may take, and the fills that
//! respect them. The faithful searches move every empty cell of the puzzle over every digit; the
//! tuned ones first place what constraint propagation forces and then keep each free cell to its
//! candidates.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoku_core::{Counters, DigitSet, Grid, candidates, place_singles};

/// The board a search starts from and the digits each of its free cells may take.
pub(crate) struct Domain {
    /// The fixed cells: the puzzle's clues, and for a tuned search the cells propagation forced.
    /// Its empty cells are the cells the search moves.
    pub board: Grid,
    /// For each cell, the digits it may hold (bit d for digit d); 0 for a fixed cell.
    allowed: Vec<DigitSet>,
}

impl Domain {
    /// The puzzle as given, every digit allowed in every empty cell: the faithful searches.
    pub fn unrestricted(puzzle: &Grid) -> Domain {
        let all: DigitSet = ((1 << puzzle.size()) - 1) << 1;
        Domain {
            board: puzzle.clone(),
            allowed: puzzle
                .cells()
                .iter()
                .map(|&value| if value == 0 { all } else { 0 })
                .collect(),
        }
    }

    /// The tuned searches' start: naked and hidden singles placed to a fixpoint
    /// ([`place_singles`]), counted in `placed_by_propagation`, and every free cell kept to its
    /// candidates on the propagated board. `Err` holds the solution when propagation fills the
    /// board.
    ///
    /// When propagation meets a contradiction the puzzle has no solution, but an incomplete
    /// solver may not say so, and the conformance kit demands that it give up on such a board
    /// for the reason its budget gives (cap, deadline, cancel). So the search then runs on the
    /// puzzle as given, unrestricted, until the budget stops it; `contradictions` records it.
    pub fn propagated(puzzle: &Grid, counters: &mut Counters) -> Result<Domain, Grid> {
        let Some(board) = place_singles(puzzle) else {
            counters.add("contradictions", 1);
            return Ok(Domain::unrestricted(puzzle));
        };
        let placed = puzzle
            .cells()
            .iter()
            .zip(board.cells())
            .filter(|&(&before, &after)| before == 0 && after != 0)
            .count();
        counters.add("placed_by_propagation", placed as u64);
        if board.is_filled() {
            return Err(board);
        }
        Ok(Domain {
            allowed: candidates(&board),
            board,
        })
    }

    /// The digits `cell` may hold (none for a fixed cell).
    #[inline]
    pub fn allowed(&self, cell: usize) -> DigitSet {
        self.allowed[cell]
    }

    /// Whether `cell` may hold `digit`.
    #[inline]
    pub fn allows(&self, cell: usize, digit: u8) -> bool {
        self.allowed[cell] & (1 << digit) != 0
    }

    /// Whether swapping the digits of free cells `a` and `b` of `cells` leaves each digit in a
    /// cell that allows it (Lewis's restriction; always true on an unrestricted domain).
    #[inline]
    pub fn allows_swap(&self, cells: &[u8], a: usize, b: usize) -> bool {
        self.allows(a, cells[b]) && self.allows(b, cells[a])
    }

    /// Fills the `free` cells of one unit with the `missing` digits, as many cells as possible
    /// with a digit they allow: a maximum matching of cells to digits over the allowed pairs
    /// (augmenting paths from the cells in random order, digits tried in random order, so each
    /// call draws another matching). Cells left unmatched take the digits left over. On a
    /// solvable puzzle the unit's part of the solution is a perfect matching, so every cell gets
    /// a candidate.
    pub fn fill_matching(
        &self,
        free: &[usize],
        missing: &[u8],
        cells: &mut [u8],
        rng: &mut StdRng,
    ) {
        let mut cell_order: Vec<usize> = (0..free.len()).collect();
        cell_order.shuffle(rng);
        let mut digit_order: Vec<usize> = (0..missing.len()).collect();
        digit_order.shuffle(rng);
        let mut matching = Matching {
            domain: self,
            free,
            missing,
            digit_order: &digit_order,
            owner: vec![None; missing.len()],
            seen: vec![false; missing.len()],
        };
        for &c in &cell_order {
            matching.seen.fill(false);
            matching.augment(c);
        }
        let mut matched = vec![false; free.len()];
        for (d, owner) in matching.owner.iter().enumerate() {
            if let Some(c) = *owner {
                cells[free[c]] = missing[d];
                matched[c] = true;
            }
        }
        let mut left = digit_order
            .iter()
            .filter(|&&d| matching.owner[d].is_none())
            .map(|&d| missing[d]);
        for &c in &cell_order {
            if !matched[c] {
                cells[free[c]] = left.next().expect("a digit for every free cell");
            }
        }
    }
}

/// Kuhn's augmenting-path matching of one unit's free cells (by index into `free`) to its
/// missing digits (by index into `missing`).
struct Matching<'a> {
    domain: &'a Domain,
    free: &'a [usize],
    missing: &'a [u8],
    digit_order: &'a [usize],
    /// For each digit, the cell it is matched to.
    owner: Vec<Option<usize>>,
    seen: Vec<bool>,
}

impl Matching<'_> {
    fn augment(&mut self, c: usize) -> bool {
        for &d in self.digit_order {
            if self.seen[d] || !self.domain.allows(self.free[c], self.missing[d]) {
                continue;
            }
            self.seen[d] = true;
            let owner = self.owner[d];
            if owner.is_none_or(|other| self.augment(other)) {
                self.owner[d] = Some(c);
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_matching_fill_puts_a_candidate_in_every_cell_of_a_solvable_board() {
        // Golden Nugget: singles leave most of it open.
        let puzzle = Grid::parse(
            ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
        )
        .unwrap();
        let domain = Domain::propagated(&puzzle, &mut Counters::default())
            .expect("singles do not finish it");
        let geometry = puzzle.geometry();
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..20 {
            let mut cells = domain.board.cells().to_vec();
            for house in geometry.region_houses() {
                let unit = geometry.house(house);
                let free: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&c| domain.board.get(c) == 0)
                    .collect();
                let missing: Vec<u8> = (1..=9)
                    .filter(|&d| !unit.iter().any(|&c| domain.board.get(c) == d))
                    .collect();
                domain.fill_matching(&free, &missing, &mut cells, &mut rng);
                for &cell in &free {
                    assert!(domain.allows(cell, cells[cell]), "cell {cell}");
                }
                let mut placed: Vec<u8> = free.iter().map(|&c| cells[c]).collect();
                placed.sort();
                assert_eq!(placed, missing);
            }
        }
    }
}
