//! The one engine behind every entry point: apply the first technique of an order that makes
//! progress, again and again, until the grid is full (solved by logic) or nothing applies
//! (stuck: the search takes over).
//!
//! The loop does not look for contradictions after each step: that check costs as much as a
//! step. A puzzle without a solution cannot be solved by logic (a placement is always a
//! candidate, so the grid never breaks a rule, and a full grid that breaks none is a solution),
//! so its logic gets stuck and the search, which checks every position, finds no solution. Every
//! technique removes at least one candidate or fills a cell, so the loop ends on any input.
//!
//! The loop reports each step to a callback before applying it; what the caller keeps decides
//! the cost. An analysis keeps every step in words with the position before it; a rating keeps
//! counts and weights; the solver keeps counts and tells its watcher of placements.

use sudoku_core::{Budget, Grid, Step, StopReason};

use crate::AnalysisError;
use crate::board::{Board, Marks};
use crate::deduction::{Deduction, digits, words};
use crate::rating::{BRUTE_FORCE_SCORE, Counts, Level, guess_weight, hodoku_step, step_weight};
use crate::search::search;
use crate::technique::{Order, Technique};
use crate::techniques;

/// How the logic ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LogicEnd {
    Solved,
    Stuck,
}

/// Runs the techniques of `order` on `board` until it is solved or stuck (see the module
/// documentation for positions without a solution). `work` counts the steps applied and is what
/// the budget's cap applies to; the budget is checked before each step. `on_step` hears each
/// step with the position before it.
pub(crate) fn run_logic(
    board: &mut Board,
    order: Order,
    budget: &Budget,
    work: &mut u64,
    mut on_step: impl FnMut(&Board, &Deduction),
) -> Result<LogicEnd, StopReason> {
    loop {
        if board.is_solved() {
            return Ok(LogicEnd::Solved);
        }
        budget.check(*work)?;
        let Some(deduction) = techniques::first(board, order) else {
            return Ok(LogicEnd::Stuck);
        };
        on_step(board, &deduction);
        deduction.apply(board);
        *work += 1;
    }
}

/// What the search found after the logic got stuck.
#[derive(Clone, Debug)]
pub(crate) struct Completion {
    pub(crate) solution: Grid,
    pub(crate) unique: bool,
    /// Guesses the search made before its first solution.
    pub(crate) guesses: u64,
}

/// Completes a stuck position by search, looking for a second solution to judge uniqueness.
pub(crate) fn complete(
    board: &Board,
    budget: &Budget,
    work: &mut u64,
) -> Result<Completion, AnalysisError> {
    let two = Budget {
        solution_limit: 2,
        keep_solutions: 1,
        ..budget.clone()
    };
    let searched = search(board, &two, work);
    if let Some(reason) = searched.stopped {
        return Err(AnalysisError::GaveUp(reason));
    }
    let count = searched.found.count();
    let outcome = searched.found.into_outcome(None, Default::default());
    match outcome.solutions.into_iter().next() {
        Some(solution) => Ok(Completion {
            solution,
            unique: count == 1,
            guesses: searched.guesses_to_first,
        }),
        None => Err(AnalysisError::NoSolution),
    }
}

/// One step of a human solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    pub technique: Technique,
    /// The step as core states it: technique name, text (cells as `r1c1`), placed
    /// `(cell, value)`, eliminated `(cell, value)`.
    pub step: Step,
    /// Its rating on Sudoku Explainer's scale (see the crate documentation).
    pub weight: f32,
    /// The level of its technique and the score it adds on HoDoKu's scale.
    pub level: Level,
    pub score: u32,
    /// The pencil marks just before the step.
    pub before: Marks,
}

impl Move {
    fn found(board: &Board, deduction: &Deduction) -> Move {
        let technique = deduction.technique();
        let hodoku = hodoku_step(&deduction.pattern, board);
        Move {
            technique,
            step: Step {
                technique: technique.name().to_string(),
                text: deduction.describe(board),
                placed: deduction.placed.into_iter().collect(),
                eliminated: deduction.eliminated.clone(),
            },
            weight: step_weight(&deduction.pattern, board),
            level: hodoku.level,
            score: hodoku.score,
            before: board.marks(),
        }
    }

    /// The search's step: every cell `board` leaves empty filled from `completion`.
    fn guessed(board: &Board, completion: &Completion) -> Move {
        let placed: Vec<(usize, u8)> = (0..board.values.len())
            .filter(|&cell| board.values[cell] == 0)
            .map(|cell| (cell, completion.solution.get(cell)))
            .collect();
        let text = format!(
            "no technique applies: a backtracking search fills the remaining {} cells ({} \
             guesses before the solution); {}",
            placed.len(),
            completion.guesses,
            if completion.unique {
                "the solution is unique"
            } else {
                "the puzzle has another solution as well"
            }
        );
        Move {
            technique: Technique::Guess,
            step: Step {
                technique: Technique::Guess.name().to_string(),
                text,
                placed,
                eliminated: Vec::new(),
            },
            weight: guess_weight(completion.guesses),
            level: Level::Extreme,
            score: BRUTE_FORCE_SCORE,
            before: board.marks(),
        }
    }
}

/// A whole solve, step by step.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The order the techniques were tried in.
    pub order: Order,
    /// Every step, in order; a [`Technique::Guess`] step, if any, is the last.
    pub moves: Vec<Move>,
    /// The solved grid (the search's first solution when guessing was needed).
    pub solution: Grid,
    /// Whether no technique applied at some point, so the search completed the grid.
    pub guessed: bool,
    /// Whether the puzzle has exactly one solution. Logic alone proves it (every placement was
    /// forced); after guessing, the search looked for a second solution.
    pub unique: bool,
    /// Guesses the search made before its solution (0 when logic solved the puzzle).
    pub guesses: u64,
}

impl Analysis {
    /// Whether the techniques solved the puzzle with no guess.
    pub fn solved_by_logic(&self) -> bool {
        !self.guessed
    }

    /// How many times each technique was applied.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for step in &self.moves {
            counts.add(step.technique);
        }
        counts
    }

    /// The steps as core's [`Step`]s, what [`sudoku_core::Solver::explain`] returns.
    pub fn steps(&self) -> Vec<Step> {
        self.moves.iter().map(|m| m.step.clone()).collect()
    }

    /// The hardest step: the first of the greatest weight.
    pub fn hardest(&self) -> Option<&Move> {
        self.moves
            .iter()
            .fold(None, |best: Option<&Move>, m| match best {
                Some(b) if b.weight >= m.weight => Some(b),
                _ => Some(m),
            })
    }
}

/// Solves `puzzle` as a person would, trying techniques in `order` and guessing only when none
/// applies, with every step recorded. Within `budget`'s deadline, cap (on steps and search
/// nodes) and cancel flag; its solution limit is not used (the search looks for two solutions).
pub fn analyse_within(
    puzzle: &Grid,
    order: Order,
    budget: &Budget,
) -> Result<Analysis, AnalysisError> {
    let mut board = Board::new(puzzle)?;
    let mut moves = Vec::new();
    let mut work = 0;
    if relies_on_uniqueness(order) {
        board.assume_unique = complete(&board, budget, &mut work)?.unique;
    }
    let end = run_logic(&mut board, order, budget, &mut work, |board, deduction| {
        moves.push(Move::found(board, deduction));
    })
    .map_err(AnalysisError::GaveUp)?;
    let analysis = |moves, solution, guessed, unique, guesses| Analysis {
        order,
        moves,
        solution,
        guessed,
        unique,
        guesses,
    };
    match end {
        LogicEnd::Solved => Ok(analysis(moves, board.grid(), false, true, 0)),
        LogicEnd::Stuck => {
            let completion = complete(&board, budget, &mut work)?;
            moves.push(Move::guessed(&board, &completion));
            Ok(analysis(
                moves,
                completion.solution,
                true,
                completion.unique,
                completion.guesses,
            ))
        }
    }
}

/// Whether `order` tries a technique that holds only for a puzzle with one solution: a solve in
/// it first asks a search whether the puzzle has one.
fn relies_on_uniqueness(order: Order) -> bool {
    order.techniques().iter().any(|t| t.assumes_uniqueness())
}

/// [`analyse_within`] with no limit on time or work.
pub fn analyse(puzzle: &Grid, order: Order) -> Result<Analysis, AnalysisError> {
    analyse_within(puzzle, order, &Budget::solve())
}

/// A hint: the next step, and whether the position it starts from has one solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub step: Move,
    /// Whether exactly one solution completes the position: a search looks for a second one
    /// whatever the order, since a person following hints should know when there are several.
    pub unique: bool,
}

/// A hint: the next step from `marks` in `order`, `None` if the grid is full. When no technique
/// applies the hint is a [`Technique::Guess`] that places one cell, the first with fewest
/// candidates, with its digit in the solution a search finds. Apply it with [`Marks::apply`]
/// to ask for the step after it.
pub fn next_step(marks: &Marks, order: Order) -> Result<Option<Hint>, AnalysisError> {
    next_step_within(marks, order, &Budget::solve())
}

/// [`next_step`] within `budget`'s deadline, cap and cancel flag, which bound the search that
/// tells whether the position has one solution (the step itself is one technique's search).
pub fn next_step_within(
    marks: &Marks,
    order: Order,
    budget: &Budget,
) -> Result<Option<Hint>, AnalysisError> {
    let mut board = Board::from_marks(marks);
    if !board.consistent() {
        return Err(AnalysisError::NoSolution);
    }
    if board.is_solved() {
        return Ok(None);
    }
    let completion = complete(&board, budget, &mut 0)?;
    board.assume_unique = completion.unique && relies_on_uniqueness(order);
    let hint = |step| {
        Ok(Some(Hint {
            step,
            unique: completion.unique,
        }))
    };
    if let Some(deduction) = techniques::first(&board, order) {
        return hint(Move::found(&board, &deduction));
    }
    let cell = (0..board.values.len())
        .filter(|&cell| board.values[cell] == 0)
        .min_by_key(|&cell| board.cands[cell].count_ones())
        .expect("an unsolved board has an empty cell");
    let digit = completion.solution.get(cell);
    let shown =
        words(digits(board.cands[cell]).map(|d| sudoku_core::format::symbol(d).to_string()));
    let text = format!(
        "no technique applies: guess {} = {} (its candidates are {shown}); a search shows the \
         guess leads to a solution",
        board.layout.cell_name(cell),
        sudoku_core::format::symbol(digit),
    );
    hint(Move {
        technique: Technique::Guess,
        step: Step {
            technique: Technique::Guess.name().to_string(),
            text,
            placed: vec![(cell, digit)],
            eliminated: Vec::new(),
        },
        weight: guess_weight(completion.guesses),
        level: Level::Extreme,
        score: BRUTE_FORCE_SCORE,
        before: marks.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Shape, verify_solution};

    const FLOWER: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

    #[test]
    fn an_easy_puzzle_is_solved_by_logic_alone() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        for order in Order::ALL {
            let analysis = analyse(&puzzle, order).unwrap();
            assert!(analysis.solved_by_logic() && analysis.unique);
            assert_eq!(verify_solution(&puzzle, &analysis.solution), Ok(()));
            let placed: usize = analysis.moves.iter().map(|m| m.step.placed.len()).sum();
            assert_eq!(placed, 81 - puzzle.clue_count());
            assert!(
                analysis
                    .moves
                    .iter()
                    .all(|m| m.technique != Technique::Guess)
            );
        }
    }

    #[test]
    fn each_step_starts_from_the_position_the_last_one_left() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let analysis = analyse(&puzzle, Order::Thesis).unwrap();
        let mut marks = Marks::new(&puzzle).unwrap();
        for step in &analysis.moves {
            assert_eq!(step.before, marks);
            for &(cell, value) in &step.step.eliminated {
                assert!(
                    marks.candidates(cell) & (1 << value) != 0,
                    "{}",
                    step.step.text
                );
            }
            for &(cell, value) in &step.step.placed {
                assert_eq!(analysis.solution.get(cell), value, "{}", step.step.text);
            }
            marks.apply(step);
        }
        assert_eq!(marks.grid(), &analysis.solution);
    }

    #[test]
    fn a_puzzle_beyond_every_technique_ends_with_a_guess() {
        let puzzle = Grid::parse(EASTER_MONSTER).unwrap();
        let analysis = analyse(&puzzle, Order::Thesis).unwrap();
        assert!(analysis.guessed && analysis.unique);
        assert_eq!(verify_solution(&puzzle, &analysis.solution), Ok(()));
        let last = analysis.moves.last().unwrap();
        assert_eq!(last.technique, Technique::Guess);
        assert_eq!(last.step.technique, "guess");
        assert!(last.step.text.starts_with("no technique applies"));
        assert!(last.weight >= 7.0);
        assert_eq!(analysis.counts().get(Technique::Guess), 1);
    }

    #[test]
    fn a_puzzle_with_two_solutions_is_flagged_not_unique() {
        // The corpus's 9×9 case with two solutions: logic gets stuck, the search finds both.
        let case = sudoku_kit::corpus()
            .into_iter()
            .find(|c| c.count == 2 && c.puzzle.shape() == Shape::S9)
            .expect("the corpus has a two-solution 9×9 case");
        let analysis = analyse(&case.puzzle, Order::Rating).unwrap();
        assert!(analysis.guessed && !analysis.unique);
        assert_eq!(verify_solution(&case.puzzle, &analysis.solution), Ok(()));
        assert!(
            analysis
                .moves
                .last()
                .unwrap()
                .step
                .text
                .contains("another solution")
        );
        // A hint says so from the first step on, in every order.
        let marks = Marks::new(&case.puzzle).unwrap();
        for order in Order::ALL {
            let hint = next_step(&marks, order).unwrap().expect("an empty cell");
            assert!(!hint.unique, "{order}");
        }
    }

    #[test]
    fn unsolvable_and_conflicting_puzzles_are_errors_not_panics() {
        for case in sudoku_kit::corpus() {
            let result = analyse(&case.puzzle, Order::Thesis);
            match case.kind {
                sudoku_kit::CaseKind::Invalid => assert!(
                    matches!(result, Err(AnalysisError::ConflictingClues(_))),
                    "line {}",
                    case.line
                ),
                sudoku_kit::CaseKind::Unsolvable => {
                    assert_eq!(result, Err(AnalysisError::NoSolution), "line {}", case.line)
                }
                _ => {
                    let analysis = result.unwrap();
                    assert_eq!(analysis.unique, case.count == 1, "line {}", case.line);
                    assert_eq!(verify_solution(&case.puzzle, &analysis.solution), Ok(()));
                }
            }
        }
    }

    #[test]
    fn hints_lead_step_by_step_to_the_solution() {
        for text in [FLOWER, EASTER_MONSTER] {
            let puzzle = Grid::parse(text).unwrap();
            // The thesis's order: its last resort is the search, so each hint is quick (in
            // the rating order every hint on Easter Monster would search nested chains again).
            let solution = analyse(&puzzle, Order::Thesis).unwrap().solution;
            let mut marks = Marks::new(&puzzle).unwrap();
            let mut steps = 0;
            while let Some(Hint { step: hint, unique }) = next_step(&marks, Order::Thesis).unwrap()
            {
                assert!(unique);
                for &(cell, value) in &hint.step.placed {
                    assert_eq!(solution.get(cell), value, "{}", hint.step.text);
                }
                marks.apply(&hint);
                steps += 1;
                assert!(steps < 1000, "hints do not converge");
            }
            assert_eq!(marks.grid(), &solution);
        }
    }

    #[test]
    fn every_size_is_analysed_with_every_order() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for shape in Shape::ALL {
            let solution = sudoku_generate::base_pattern(shape);
            assert_eq!(sudoku_core::verify_filled(&solution), Ok(()));
            let mut puzzle = solution.clone();
            for cell in 0..shape.cell_count() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 < 55 {
                    puzzle.set(cell, 0);
                }
            }
            for order in Order::ALL {
                let analysis = analyse(&puzzle, order).unwrap();
                assert_eq!(
                    verify_solution(&puzzle, &analysis.solution),
                    Ok(()),
                    "{shape}"
                );
                if analysis.unique {
                    assert_eq!(analysis.solution, solution, "{shape}");
                }
                let first = &analysis.moves[0];
                assert_eq!(first.before, Marks::new(&puzzle).unwrap());
                assert!(first.before.render().lines().count() > shape.size());
            }
        }
    }

    #[test]
    fn the_budget_stops_an_analysis_and_a_hint() {
        let puzzle = Grid::parse(FLOWER).unwrap();
        let capped = Budget::solve().with_max_iterations(3);
        assert_eq!(
            analyse_within(&puzzle, Order::Thesis, &capped),
            Err(AnalysisError::GaveUp(sudoku_core::StopReason::IterationCap))
        );
        // An empty 16×16 board: the search for a second solution needs more than one node.
        let open = Marks::new(&Grid::empty(sudoku_core::Shape::S16)).unwrap();
        let one_node = Budget::solve().with_max_iterations(1);
        assert_eq!(
            next_step_within(&open, Order::Thesis, &one_node),
            Err(AnalysisError::GaveUp(sudoku_core::StopReason::IterationCap))
        );
    }
}
