//! The fallback when no technique applies: a counting backtracking search over the candidates
//! the techniques left.
//!
//! Each node propagates to a fixpoint: naked and hidden singles, then line–box eliminations
//! (pointing and claiming at every crossing), again until nothing changes; a contradiction ends
//! the branch. It then branches on the empty cell with fewest candidates (ties to the cell whose
//! row, column and box hold the fewest digits, then row-major), trying its digits in increasing
//! order, as the bitmask solver does; when that cell has three or more, a digit
//! with exactly two places left in some unit (the first unit, lowest digit) splits the tree in
//! two instead. Every technique before the search kept every solution, and so does each
//! propagation step, so counting from the position it starts at counts the puzzle's solutions
//! exactly.
//!
//! Frames are kept between branches of one search and reused (`clone_from`), so a search
//! allocates per depth reached, not per node.

use sudoku_core::{Budget, Checkpoints, Found, SearchEvent, StopReason};

use crate::board::Board;
use crate::technique::Technique;

/// The name a watched search gives the propagation after each guess: the techniques it applies.
const PROPAGATION: &str = "singles and line–box, after a guess";

/// What the watcher of a search has been told, and how it is told more: in a person's terms,
/// every step with the pencil marks after it.
struct Shown<'w> {
    values: Vec<u8>,
    watch: &'w mut dyn FnMut(SearchEvent<'_>),
}

impl Shown<'_> {
    /// Tells of the digits `board` no longer holds (a backtrack), then of those it newly holds,
    /// as one step named `name` with the board's pencil marks.
    fn step(&mut self, board: &Board, name: &str) {
        let mut placed = Vec::new();
        for (cell, (told, &now)) in self.values.iter_mut().zip(&board.values).enumerate() {
            if *told != 0 && *told != now {
                (self.watch)(SearchEvent::Remove { cell, digit: *told });
                *told = 0;
            }
            if *told == 0 && now != 0 {
                placed.push((cell, now));
                *told = now;
            }
        }
        if !placed.is_empty() {
            (self.watch)(SearchEvent::Technique {
                name,
                placed: &placed,
                eliminated: &[],
                marks: &board.cands,
            });
        }
    }
}

/// Nodes between two budget checks.
const CHECK_EVERY: u64 = 256;

/// What a search did.
#[derive(Debug)]
pub(crate) struct Searched {
    pub(crate) found: Found,
    pub(crate) stopped: Option<StopReason>,
    /// Positions propagated: the start and every branch entered.
    pub(crate) nodes: u64,
    /// Branches taken at a decision with several alternatives.
    pub(crate) guesses: u64,
    /// Guesses made before the first solution was found (all of them if none was).
    pub(crate) guesses_to_first: u64,
    /// Alternatives resumed after a branch ended.
    pub(crate) backtracks: u64,
}

/// One decision: the position before it, its alternatives (`(cell, digit)` placements) and
/// how many have been tried.
struct Frame {
    board: Board,
    choices: [(usize, u8); 25],
    count: usize,
    tried: usize,
}

/// Searches from `start` under `budget` (its solution limit, kept solutions, deadline, cap and
/// cancel flag). `work` is the solve's work counter, which each node adds one to and the cap
/// applies to.
pub(crate) fn search(start: &Board, budget: &Budget, work: &mut u64) -> Searched {
    search_watched(start, budget, work, None)
}

/// [`search`], telling `watch` (if any) of each guess and each propagation as a step with its
/// pencil marks, and of the digits a backtrack takes back.
pub(crate) fn search_watched(
    start: &Board,
    budget: &Budget,
    work: &mut u64,
    watch: Option<&mut dyn FnMut(SearchEvent<'_>)>,
) -> Searched {
    let mut shown = watch.map(|watch| Shown {
        values: start.values.clone(),
        watch,
    });
    let mut searched = Searched {
        found: Found::new(budget),
        stopped: None,
        nodes: 0,
        guesses: 0,
        guesses_to_first: 0,
        backtracks: 0,
    };
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    let mut frames: Vec<Frame> = Vec::new();
    let mut depth = 0;
    let mut current = start.clone();
    loop {
        if checkpoints.due(*work)
            && let Err(reason) = checkpoints.check(budget, *work)
        {
            searched.stopped = Some(reason);
            break;
        }
        *work += 1;
        searched.nodes += 1;
        if propagate(&mut current) {
            if let Some(shown) = shown.as_mut() {
                shown.step(&current, PROPAGATION);
            }
            if current.is_solved() {
                if searched.found.count() == 0 {
                    searched.guesses_to_first = searched.guesses;
                }
                if searched.found.record(|| current.grid()) {
                    break;
                }
            } else {
                if frames.len() == depth {
                    frames.push(Frame {
                        board: current.clone(),
                        choices: [(0, 0); 25],
                        count: 0,
                        tried: 0,
                    });
                } else {
                    frames[depth].board.clone_from(&current);
                }
                let frame = &mut frames[depth];
                frame.count = branch(&current, &mut frame.choices);
                frame.tried = 1;
                let (cell, digit) = frame.choices[0];
                depth += 1;
                searched.guesses += 1;
                current.place(cell, digit);
                if let Some(shown) = shown.as_mut() {
                    shown.step(&current, Technique::Guess.name());
                }
                continue;
            }
        }
        // The branch ended: resume the latest decision with an alternative left.
        while depth > 0 && frames[depth - 1].tried == frames[depth - 1].count {
            depth -= 1;
        }
        if depth == 0 {
            break;
        }
        let frame = &mut frames[depth - 1];
        let (cell, digit) = frame.choices[frame.tried];
        frame.tried += 1;
        current.clone_from(&frame.board);
        current.place(cell, digit);
        if let Some(shown) = shown.as_mut() {
            shown.step(&current, Technique::Guess.name());
        }
        searched.backtracks += 1;
        searched.guesses += 1;
    }
    if searched.found.count() == 0 {
        searched.guesses_to_first = searched.guesses;
    }
    searched
}

/// Propagates to a fixpoint; `false` on a contradiction.
fn propagate(board: &mut Board) -> bool {
    loop {
        if !place_singles(board) {
            return false;
        }
        if board.is_solved() || !box_line(board) {
            return true;
        }
    }
}

/// Places naked and hidden singles until none is left; `false` on a contradiction (a cell
/// without candidates, a digit without a place in a unit that lacks it, or two singles that
/// claim one cell).
fn place_singles(board: &mut Board) -> bool {
    let layout = board.layout.clone();
    loop {
        let mut progress = false;
        for cell in 0..layout.cell_count() {
            if board.values[cell] != 0 {
                continue;
            }
            match board.cands[cell].count_ones() {
                0 => return false,
                1 => {
                    board.place(cell, board.cands[cell].trailing_zeros() as u8);
                    progress = true;
                }
                _ => {}
            }
        }
        for unit in 0..layout.unit_count() {
            let (ones, twos) = board.places_in(unit);
            if (ones | board.placed_in(unit)) != layout.all {
                return false;
            }
            let mut singles = ones & !twos;
            while singles != 0 {
                let digit = singles.trailing_zeros() as u8;
                singles &= singles - 1;
                let Some(&cell) = layout.unit(unit).iter().find(|&&c| board.has(c, digit)) else {
                    // An earlier single of this unit took the digit's only cell.
                    return false;
                };
                board.place(cell, digit);
                progress = true;
            }
        }
        if !progress {
            return true;
        }
    }
}

/// Pointing and claiming at every crossing of a box and a line; whether anything was removed.
fn box_line(board: &mut Board) -> bool {
    let mut changed = false;
    for segment in board.layout.segments() {
        let union = |cells: &[usize]| cells.iter().fold(0, |set, &c| set | board.cands[c]);
        let on = union(&segment.cells);
        let (box_rest, line_rest) = (union(&segment.region_rest), union(&segment.line_rest));
        let pointing = on & !box_rest & line_rest;
        let claiming = on & !line_rest & box_rest;
        for (digits, cells) in [
            (pointing, &segment.line_rest),
            (claiming, &segment.region_rest),
        ] {
            if digits != 0 {
                for &cell in cells {
                    board.cands[cell] &= !digits;
                }
                changed = true;
            }
        }
    }
    changed
}

/// The alternatives of the next decision, written into `choices`; how many there are. The
/// position is propagated and not solved, so every empty cell has two or more candidates.
fn branch(board: &Board, choices: &mut [(usize, u8); 25]) -> usize {
    let layout = &*board.layout;
    // Fewest candidates; among those, the cell whose units hold the fewest digits (its choice
    // reaches the most empty cells).
    let mut best = (u32::MAX, u32::MAX, 0);
    for (cell, &cands) in board.cands.iter().enumerate() {
        let count = cands.count_ones();
        if board.values[cell] != 0 || count > best.0 {
            continue;
        }
        let filled = layout
            .units_of(cell)
            .iter()
            .map(|&unit| board.placed_in(unit).count_ones())
            .sum();
        if (count, filled) < (best.0, best.1) {
            best = (count, filled, cell);
        }
    }
    let (fewest, _, cell) = best;
    if fewest > 2
        && let Some(pair) = two_places(board)
    {
        choices[..2].copy_from_slice(&pair);
        return 2;
    }
    let mut cands = board.cands[cell];
    let mut count = 0;
    while cands != 0 {
        choices[count] = (cell, cands.trailing_zeros() as u8);
        cands &= cands - 1;
        count += 1;
    }
    count
}

/// The two places of the first digit (first unit, lowest digit) with exactly two places in a
/// unit.
fn two_places(board: &Board) -> Option<[(usize, u8); 2]> {
    let layout = &*board.layout;
    (0..layout.unit_count()).find_map(|unit| {
        let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
        for &cell in layout.unit(unit) {
            let c = board.cands[cell];
            threes |= twos & c;
            twos |= ones & c;
            ones |= c;
        }
        let pairs = twos & !threes;
        (pairs != 0).then(|| {
            let digit = pairs.trailing_zeros() as u8;
            let mut places = layout.unit(unit).iter().filter(|&&c| board.has(c, digit));
            let first = *places.next().expect("two places");
            let second = *places.next().expect("two places");
            [(first, digit), (second, digit)]
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Grid, Shape, verify_solution};

    fn count(puzzle: &Grid, limit: u64) -> (u64, Vec<Grid>) {
        let board = Board::new(puzzle).unwrap();
        let budget = Budget::list(limit as usize);
        let searched = search(&board, &budget, &mut 0);
        let outcome = searched.found.into_outcome(None, Default::default());
        (outcome.solution_count, outcome.solutions)
    }

    #[test]
    fn the_empty_four_by_four_has_288_solutions() {
        let (total, solutions) = count(&Grid::empty(Shape::S4), u64::MAX);
        assert_eq!(total, 288);
        assert_eq!(solutions.len(), 288);
        let mut distinct = solutions.clone();
        distinct.sort_by_key(|g| g.cells().to_vec());
        distinct.dedup();
        assert_eq!(distinct.len(), 288);
    }

    #[test]
    fn every_corpus_case_counts_as_the_corpus_says() {
        for case in sudoku_kit::corpus() {
            if sudoku_core::validate_clues(&case.puzzle).is_err() {
                continue;
            }
            let (total, solutions) = count(&case.puzzle, 1000);
            assert_eq!(total, case.count.min(1000), "corpus line {}", case.line);
            for solution in &solutions {
                assert_eq!(verify_solution(&case.puzzle, solution), Ok(()));
            }
        }
    }

    #[test]
    fn the_cap_stops_the_search_on_its_work_counter() {
        let board = Board::new(&Grid::empty(Shape::S9)).unwrap();
        let budget = Budget::count(u64::MAX).with_max_iterations(100);
        let mut work = 0;
        let searched = search(&board, &budget, &mut work);
        assert_eq!(searched.stopped, Some(StopReason::IterationCap));
        assert_eq!(work, 100);
    }
}
