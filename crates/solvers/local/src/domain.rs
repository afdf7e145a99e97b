//! Where a tuned search may move: the free cells and the digits each may take. The tuned
//! searches first place what constraint propagation forces and then keep each free cell to its
//! candidates; on a contradictory puzzle, every empty cell takes every digit.

use sudoku_core::{Counters, DigitSet, Grid, candidates, place_singles};

/// The board a search starts from and the digits each of its free cells may take.
pub struct Domain {
    /// The fixed cells: the puzzle's clues, and for a tuned search the cells propagation forced.
    /// Its empty cells are the cells the search moves.
    pub board: Grid,
    /// For each cell, the digits it may hold (bit d for digit d); 0 for a fixed cell.
    allowed: Vec<DigitSet>,
}

impl Domain {
    /// The puzzle as given, every digit allowed in every empty cell.
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
}
