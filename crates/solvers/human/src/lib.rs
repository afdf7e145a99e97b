//! Solving as a person does: candidates kept as pencil marks, and at every step the simplest
//! technique that makes progress; a search only when no technique applies. The same solve
//! rates a puzzle's difficulty on four scales.
//!
//! # The engine
//! One engine ([`analyse`], [`rate`], [`next_step`] and the [`Human`] solver all run it) holds
//! a position: the digits placed and each empty cell's candidates as a bit set (`u32`, bit `d`
//! for digit `d`; every size from 4×4 to 25×25, boxes square or not). A step is found by trying
//! the techniques of an [`Order`] in turn; the first that finds anything is applied, and the
//! search starts over from the simplest. Each technique is a pure function of the position
//! (`techniques/`, one small module per family, tests beside each) that returns the pattern it
//! saw as data; the step is put into words (cells as `r1c1`) only when someone keeps it, so a
//! rating, which keeps numbers, pays nothing for text. The geometry is core's
//! [`sudoku_core::Geometry`], the puzzle's own (cells of each house, each cell's houses and
//! peers, where regions cross lines), shared by every board of the puzzle.
//!
//! Techniques, each in its own module of `techniques/` (the module docs define each pattern and
//! what it removes), tried in one of four [`Order`]s:
//! - [`Order::Thesis`] (the [`Human`] solver's): the thesis's seven in its order — naked single,
//!   hidden single (rows, columns, boxes), intersection (pointing, then claiming), naked pair,
//!   naked triple, hidden pair, hidden triple — then X-Wing, Swordfish, XY-Wing, simple colouring
//!   and every other technique that holds whatever the number of solutions, simplest first;
//! - [`Order::ThesisOnly`]: the seven alone, what the thesis's 0–6 scale is measured with;
//! - [`Order::Rating`]: Sudoku Explainer's order, what its scale is measured with;
//! - [`Order::Hodoku`]: HoDoKu's order, what the level is measured with.
//!
//! | family | techniques |
//! |---|---|
//! | singles | naked single, hidden single (a full house when the unit has one empty cell) |
//! | intersections | pointing, claiming |
//! | direct hints (Sudoku Explainer's order only) | a pointing, claiming, hidden pair or hidden triple that leaves a hidden single, taken as that placement: direct pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, direct hidden triple 2.5 |
//! | subsets | naked and hidden pairs, triples, quads |
//! | fish | X-Wing, Swordfish, Jellyfish; finned and sashimi fish |
//! | single-digit patterns | simple colouring, Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle |
//! | wings | XY-Wing, XYZ-Wing, W-Wing |
//! | uniqueness | unique rectangles and loops, BUG+1 |
//! | exclusion | aligned pair and triplet exclusion |
//! | chains | remote pairs, X-chains, XY-chains, alternating inference chains and nice loops (grouped) |
//! | almost locked sets | ALS-XZ, ALS-XY-Wing |
//! | forcing chains | cycles and forcing X/Y chains, Nishio, multiple (cell and region), dynamic, dynamic with the basic techniques inside, nested |
//!
//! Only the uniqueness techniques assume the puzzle has one solution
//! ([`Technique::assumes_uniqueness`]): an order that has them first asks the search whether the
//! puzzle has one, and they apply only when it has. Every other deduction holds in every
//! solution, so a counting search can run after them and still count exactly.
//!
//! When no technique applies, a counting backtracking search completes the grid (naked and
//! hidden singles and line–box eliminations at each node; the cell with fewest candidates, or a
//! digit with two places in a unit, to branch on). It looks for two solutions, so an analysis
//! says whether the puzzle is unique; its work ends the solve as one [`Technique::Guess`] step
//! that fills the remaining cells. A puzzle solved by logic alone is unique (every placement
//! was forced). Conflicting clues and puzzles without a solution are errors
//! ([`AnalysisError`]), never panics; a position without a solution cannot be solved by logic
//! (a placement is always a candidate), so its logic gets stuck and the search proves it.
//!
//! # Variants: diagonal, jigsaw, both
//! Every technique is stated over houses ("units" in the code): rows, columns, boxes or jigsaw
//! regions, and the two diagonals of the X rule, so one code path solves every variant, and
//! steps name houses as core does (`region 4`, `the diagonal`). Why each family stays sound:
//! - **Singles**: a house holds each digit once, whatever its shape. Hidden singles are looked
//!   for in the order's kinds, a jigsaw's regions standing for boxes (they play a box's part,
//!   and a hidden single in one rates as one in a box), then in the diagonals, which rate as
//!   lines.
//! - **Intersections**: every place a region crosses a line (row, column or diagonal) in two
//!   cells or more, core's [`sudoku_core::Segment`]: the argument needs only two houses that
//!   share cells, so it holds for an irregular region and for a box on a diagonal.
//! - **Subsets**: naked and hidden, in every house: again one digit a house.
//! - **Fish**: base and cover sets stay rows and columns. They are houses on every variant,
//!   and the argument (k base lines put the digit in k cover lines once each) uses nothing
//!   else; extra houses only add candidates' removals elsewhere. Finned fish read the fin box
//!   as a rectangle of the shape (its band and stack), so they are skipped on a jigsaw; on a
//!   diagonal board the boxes are the shape's and they apply.
//! - **Single-digit patterns, wings, colouring, chains, almost locked sets, exclusion**: built
//!   from strong links (a digit with two places in a house, any house) and weak links (two
//!   cells that see each other, through any house), and removals from cells that see the
//!   chain's ends: nothing else, so they hold on every board with the geometry's houses. The
//!   Empty Rectangle reads its box as a rectangle, like the finned fish, and is skipped on a
//!   jigsaw.
//! - **Uniqueness**: a deadly pattern needs every house that holds any of its cells to hold
//!   exactly two of them, one of each digit, so the digits could swap. A unique rectangle's
//!   corners lie in two rows, two columns and two regions, but on a jigsaw the far corners may
//!   sit in two regions, and on a diagonal board a diagonal may hold one corner: off a classic
//!   board each rectangle is checked against every house (a diagonal included) before it is
//!   used. Loops are checked against every house already, and the BUG counts two places a
//!   digit in every house, the diagonals included (then each solution's complement is another
//!   solution, so the position has none or several).
//! - **Forcing chains**: their propagation follows every house of a cell (the diagonals after
//!   Sudoku Explainer's box, row and column), so every implication is a rule of the variant.
//!
//! # Ratings ([`rate`] → [`Rating`])
//! A rating solves the puzzle three times, once per scale's order, after a search that tells
//! whether it has one solution.
//! - **Thesis scale** (`thesis`, 0–6 in halves), exactly as the thesis defines it, measured
//!   with its seven techniques alone in its order ([`Order::ThesisOnly`]): naked singles only 0;
//!   hidden single needed 0.5; intersection 1; naked pair 2; naked triple 3; hidden pair 4;
//!   hidden triple 5; 6 when the seven are not enough (the thesis guessed there). The value is
//!   set by the hardest technique used; from intersection up, half a point is added when that
//!   hardest technique was used more than once (pointing and claiming count together).
//! - **Sudoku Explainer's scale** (`explainer`, with `pearl` and `diamond`), computed as Sudoku
//!   Explainer computes it: at each step the easiest technique in its order ([`Order::Rating`];
//!   a chaining technique offers its easiest chain by rating, then by length), and the rating is
//!   the hardest step's. Each step is rated as Sudoku Explainer rates it ([`weight`] gives each
//!   technique's least rating: full house 1.0, hidden single 1.2 in a box and 1.5 in a line,
//!   direct pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct
//!   hidden triple 2.5, pointing 2.6, claiming 2.8, naked pair 3.0, X-Wing 3.2, hidden pair 3.4,
//!   naked triple 3.6, Swordfish 3.8, hidden triple 4.0, XY-Wing 4.2, XYZ-Wing 4.4, unique
//!   rectangles and loops 4.5 up, naked quad 5.0, Jellyfish 5.2, hidden quad 5.4, BUG 5.6 up,
//!   aligned pair exclusion 6.2, cycles 6.5 up, forcing chains 6.6 up, aligned triplet exclusion
//!   and Nishio 7.5, multiple forcing chains 8.0 up, dynamic 8.5 up, dynamic with the basic
//!   techniques 9.0 up, nested 9.5 up; chains add 0.1 each time their length passes 4, 6, 8, 12,
//!   16, 24, … links). The pearl is the hardest step up to the first placement, the diamond the
//!   first step's rating. A puzzle its techniques cannot finish rates [`GUESS_BASE`] (20.0, as
//!   Sudoku Explainer marks a puzzle beyond its solver) and is flagged `guessed`.
//! - **Level** ([`Level`]: easy, medium, hard, unfair, extreme) and **score**, computed as HoDoKu
//!   computes them: a solve in its order ([`Order::Hodoku`]) adds each step's score (full house
//!   and naked single 4, hidden single 14, intersections 50, naked pair 60, …, forcing chains
//!   500, forcing nets 700); the level is that of the hardest technique used, raised while the
//!   score passes the level's bound ([`Level::max_score`]: 800, 1000, 1600, 1800). A puzzle its
//!   techniques cannot finish is extreme and adds [`BRUTE_FORCE_SCORE`].
//! - **2009 levels** (`level_2009`, 1–4) from the hardest technique in Sudoku Explainer's order
//!   ([`level_2009`]): 1 singles only; 2 pointing, claiming, naked or hidden pair; 3 naked or
//!   hidden triple, X-Wing, Swordfish, XY-Wing, simple colouring; 4 anything beyond (the 2009
//!   program guessed there).
//! - **Counts** ([`Counts`]): how many times each technique was applied in Sudoku Explainer's
//!   order.
//!
//! # The solver ([`Human`])
//! Id `human`, [`sudoku_core::Family::HumanTechniques`], complete and counting, every size and
//! every variant (classic, diagonal, jigsaw, jigsaw with diagonals).
//! It runs the techniques in its order (the thesis's by default, [`Human::new`] for another),
//! then, if they get stuck, the search with the budget's solution limit: techniques keep every
//! solution, so the count is exact. Work is counted in `steps` (each technique applied and each
//! search node), the counter [`sudoku_core::Budget::max_iterations`] caps; the budget is
//! checked before every step and every 256 nodes. Counters: `steps`, `nodes`, `guesses` and
//! `backtracks` of the search, and one extra per technique applied (`naked_single`,
//! `hidden_single`, `pointing`, …, `simple_colouring`). A watched solve shows each placement of
//! the techniques as it happens, then the cells the search filled. [`Solver::explain`] returns
//! the steps of [`analyse_within`].
//!
//! # Cost
//! Each step scans the position for the techniques up to the first that applies, so a puzzle
//! that falls to singles costs microseconds and one that needs chains costs what the chain
//! searches cost. A finder that found nothing remembers the position, and the next time reads
//! only what changed where it can tell what matters to it: the digits whose places changed for
//! the finders that read one digit at a time (fish, single-digit patterns, colouring, X-chains,
//! Nishio), the tuples near a changed cell for aligned exclusion; ALS-XY-Wing reads the
//! almost locked sets ALS-XZ listed in the same position. The rest is searched again:
//! the forcing chains propagate every assumption over the whole board, the dynamic ones with
//! every link's reasons kept, since Sudoku Explainer's rating takes the shortest chain.
//! `reports/figures/rate/` has the measured rates; `cargo bench -p sudoku-human --bench rate`
//! measures them again. On top1465 most of the time goes to the puzzles whose hardest step is a
//! dynamic forcing chain (463 of 1,465 in `rate-top1465.csv`), most of theirs to the dynamic
//! searches' propagations, every candidate assumed at every such step: fast enough to rate and
//! generate, not yet the thousand puzzles a second a rating engine should reach.
//!
//! # When to use it
//! To explain a solve step by step ([`analyse`], with each step's pencil marks through
//! [`Marks::render`]), to give a hint ([`next_step`]), or to rate or sort puzzles by difficulty
//! ([`rate`]). To solve fast, use a search solver: this one spends its time looking for
//! patterns.

mod board;
mod deduction;
mod engine;
mod layout;
mod rating;
mod search;
mod solver;
mod technique;
mod techniques;

use std::fmt;

#[cfg(doc)]
use sudoku_core::Solver;
use sudoku_core::{Conflict, StopReason};

pub use board::Marks;
pub use engine::{Analysis, Hint, Move, analyse, analyse_within, next_step, next_step_within};
pub use rating::{
    BRUTE_FORCE_SCORE, Counts, FULL_HOUSE, GUESS_BASE, GUESS_CAP, GUESS_STEP, HIDDEN_SINGLE_BOX,
    HIDDEN_SINGLE_LINE, Level, Rating, guess_weight, level_2009, rate, rate_within, weight,
};
pub use solver::Human;
pub use technique::{Order, Technique};

/// Why a puzzle could not be analysed or rated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnalysisError {
    /// Two clues break the rules: there is nothing to solve.
    ConflictingClues(Conflict),
    /// The puzzle has no solution (a contradiction, or a search that found none).
    NoSolution,
    /// The budget ran out first.
    GaveUp(StopReason),
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::ConflictingClues(conflict) => write!(f, "clues conflict: {conflict}"),
            AnalysisError::NoSolution => f.write_str("the puzzle has no solution"),
            AnalysisError::GaveUp(reason) => write!(f, "gave up ({reason})"),
        }
    }
}

impl std::error::Error for AnalysisError {}
