//! One digit's places as a bit board, and what an assumption about one of them forces there:
//! the cheap answer to Nishio's question, asked before its chains are built.
//!
//! Nishio's links never leave a digit (no cell links): a place on clears the digit from its
//! row, column and box, and a unit left with one place puts the digit there, with each removal
//! seen by the links that follow (dynamic). So a Nishio net is that digit's single-place
//! propagation, and it contradicts itself only when the propagation leaves a unit that still
//! needs the digit without a place (in Nishio's positions, which hold no hidden single, exactly
//! then). Run on bit boards (a board up to 9×9 fits one `u128`), the propagation costs a few
//! hundred nanoseconds, so the search builds chains only from the assumptions that contradict.

use crate::layout::Layout;

/// The geometry as bit boards over cells, for boards of at most 128 cells.
pub(super) struct Planes {
    /// Each unit's cells.
    units: Vec<u128>,
    /// Each cell with its peers.
    shadows: Vec<u128>,
}

impl Planes {
    /// The tables of `layout`; empty past 128 cells, where no forcing search runs.
    pub(super) fn new(layout: &Layout) -> Planes {
        if layout.cell_count() > 128 {
            return Planes {
                units: Vec::new(),
                shadows: Vec::new(),
            };
        }
        let board = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |b, c| b | 1 << c);
        Planes {
            units: (0..layout.unit_count())
                .map(|unit| board(&mut layout.unit(unit).iter().copied()))
                .collect(),
            shadows: (0..layout.cell_count())
                .map(|cell| 1 << cell | board(&mut layout.peers(cell).iter().copied()))
                .collect(),
        }
    }

    /// The places of `digit` in `grid`, and the units that still need it (those where it is
    /// not placed: every one of its places is a candidate there).
    pub(super) fn places(&self, grid: &[u32], digit: u8) -> (u128, u128) {
        let places = grid
            .iter()
            .enumerate()
            .filter(|&(_, &digits)| digits & 1 << digit != 0)
            .fold(0u128, |b, (cell, _)| b | 1 << cell);
        let needing = self
            .units
            .iter()
            .enumerate()
            .filter(|&(_, &unit)| unit & places != 0)
            .fold(0u128, |b, (unit, _)| b | 1 << unit);
        (places, needing)
    }

    /// Whether assuming the digit on (or off) in `cell` leaves a unit in `needing` without a
    /// place, once every unit with a single place has taken it.
    pub(super) fn contradicts(
        &self,
        (places, needing): (u128, u128),
        cell: usize,
        on: bool,
    ) -> bool {
        let mut left = places;
        let mut placed = 0u128;
        if on {
            placed |= 1 << cell;
            left &= !self.shadows[cell] | 1 << cell;
        } else {
            left &= !(1 << cell);
        }
        loop {
            let mut changed = false;
            let mut units = needing;
            while units != 0 {
                let unit = self.units[units.trailing_zeros() as usize];
                units &= units - 1;
                let here = left & unit;
                if here & placed != 0 {
                    continue;
                }
                if here == 0 {
                    return true;
                }
                if here & (here - 1) == 0 {
                    let cell = here.trailing_zeros() as usize;
                    placed |= here;
                    left &= !self.shadows[cell] | here;
                    changed = true;
                }
            }
            if !changed {
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::forcing::multiple::Rules;
    use crate::techniques::forcing::net::{Engine, Mode};
    use crate::techniques::forcing::tests::hard_positions;

    /// The search skips what the bit boards clear, so every net that contradicts must be seen
    /// by them. (They see more only where a unit had one place to begin with, a hidden single
    /// that Nishio's positions never have.)
    #[test]
    fn every_nishio_net_that_contradicts_is_seen_by_the_digit_s_propagation() {
        let layout = Layout::classic(sudoku_core::Shape::S9);
        let planes = Planes::new(&layout);
        let mut engine = Engine::new(layout);
        let mut net = engine.new_net();
        let mut none: Box<Rules> = Box::new(|_, _, _| false);
        let nishio = Mode {
            cells: false,
            units: true,
            dynamic: true,
            level: 0,
        };
        let (mut assumptions, mut contradictions, mut cleared) = (0, 0, 0);
        for board in hard_positions().iter().step_by(3) {
            let grid = &board.cands;
            for digit in 1..=9u8 {
                let places = planes.places(grid, digit);
                for cell in (0..81).filter(|&c| grid[c] & 1 << digit != 0) {
                    for on in [true, false] {
                        let node = engine.space.node(cell, digit, on);
                        engine.propagate(grid, nishio, &mut net, node, &mut *none);
                        let seen = planes.contradicts(places, cell, on);
                        if net.contradiction.is_some() {
                            assert!(seen, "digit {digit} in cell {cell}, on: {on}");
                            contradictions += 1;
                        }
                        assumptions += 1;
                        cleared += !seen as usize;
                    }
                }
            }
        }
        eprintln!("{contradictions} of {assumptions} assumptions contradict; {cleared} cleared");
        assert!(contradictions > 0 && cleared > assumptions / 2);
    }
}
