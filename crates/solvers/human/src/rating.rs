//! Difficulty ratings: the thesis's 0–6 scale, a fine-grained rating in the style of Sudoku
//! Explainer, a score with named levels, and the 2009 project's 1–4 levels. The definitions are
//! in the crate documentation; this module computes them.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Budget, Grid};

use crate::AnalysisError;
use crate::board::Board;
use crate::deduction::Pattern;
use crate::engine::{LogicEnd, complete, run_logic};
use crate::technique::{Order, Technique};

/// The weight of the last empty cell of a unit (a full house).
pub const FULL_HOUSE: f32 = 1.0;
/// The weight of a hidden single in a box.
pub const HIDDEN_SINGLE_BOX: f32 = 1.2;
/// The weight of a hidden single in a row or a column.
pub const HIDDEN_SINGLE_LINE: f32 = 1.5;
/// The least weight a guess has: Sudoku Explainer's value for a puzzle beyond its techniques,
/// above every technique, so a puzzle that needs guessing rates above every puzzle that does not.
pub const GUESS_BASE: f32 = 20.0;
/// What each guess the search made before its solution adds to [`GUESS_BASE`], up to
/// [`GUESS_CAP`] guesses.
pub const GUESS_STEP: f32 = 0.1;
pub const GUESS_CAP: u64 = 20;

/// A technique's least rating on Sudoku Explainer's scale (chains add to it with their length,
/// see each technique's module). A hidden single weighs [`HIDDEN_SINGLE_BOX`] in a box and
/// [`HIDDEN_SINGLE_LINE`] in a line; this gives the line's. Techniques Sudoku Explainer does
/// not have are rated as the chain it would find in their place. A guess weighs at least
/// [`GUESS_BASE`] ([`guess_weight`]).
pub fn weight(technique: Technique) -> f32 {
    match technique {
        Technique::HiddenSingle => HIDDEN_SINGLE_LINE,
        Technique::DirectPointing => 1.7,
        Technique::DirectClaiming => 1.9,
        Technique::DirectHiddenPair => 2.0,
        Technique::NakedSingle => 2.3,
        Technique::DirectHiddenTriple => 2.5,
        Technique::Pointing => 2.6,
        Technique::Claiming => 2.8,
        Technique::NakedPair => 3.0,
        Technique::XWing => 3.2,
        Technique::HiddenPair => 3.4,
        Technique::NakedTriple => 3.6,
        Technique::Swordfish => 3.8,
        Technique::HiddenTriple => 4.0,
        Technique::XyWing => 4.2,
        Technique::XyzWing => 4.4,
        Technique::UniqueRectangle => 4.5,
        Technique::NakedQuad => 5.0,
        Technique::Jellyfish => 5.2,
        Technique::HiddenQuad => 5.4,
        Technique::BugPlusOne => 5.6,
        Technique::AlignedPairExclusion => 6.2,
        Technique::ForcingChain | Technique::SimpleColouring => 6.5,
        Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::TurbotFish
        | Technique::EmptyRectangle
        | Technique::FinnedFish
        | Technique::WWing
        | Technique::RemotePair
        | Technique::XChain => 6.6,
        Technique::XyChain | Technique::Aic | Technique::AlsXz | Technique::AlsXyWing => 7.0,
        Technique::AlignedTripletExclusion | Technique::Nishio => 7.5,
        Technique::MultipleForcingChain => 8.0,
        Technique::DynamicForcingChain => 8.5,
        Technique::DynamicForcingChainPlus => 9.0,
        Technique::NestedForcingChain => 9.5,
        Technique::Guess => GUESS_BASE,
    }
}

/// Sudoku Explainer's length increment, in tenths, for a chain of `complexity` candidates
/// (both ends included): a tenth each time `complexity - 2` passes a bound of the ladder 4, 6,
/// 8, 12, 16, 24, … (the bound grows by 3/2 and 4/3 in turn). Every chain technique rates its
/// length with it.
pub(crate) fn length_tenths(complexity: usize) -> u32 {
    let length = complexity.saturating_sub(2);
    let (mut ceiling, mut odd, mut tenths) = (4usize, false, 0u32);
    while length > ceiling {
        tenths += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    tenths
}

/// The weight of a guess step after which the search made `guesses` guesses.
pub fn guess_weight(guesses: u64) -> f32 {
    GUESS_BASE + GUESS_STEP * guesses.min(GUESS_CAP) as f32
}

/// The weight of one step.
pub(crate) fn step_weight(pattern: &Pattern, before: &Board) -> f32 {
    match pattern {
        Pattern::HiddenSingle { unit } if empty_in(before, *unit) == 1 => FULL_HOUSE,
        // A jigsaw region plays a box's part: a hidden single in it rates as one in a box. A
        // diagonal is a line.
        Pattern::HiddenSingle { unit } if before.layout.is_region(*unit) => HIDDEN_SINGLE_BOX,
        Pattern::FinnedFish(found) => found.explainer(),
        Pattern::SingleDigit(found) => found.explainer(),
        Pattern::Wing(found) => found.explainer(),
        Pattern::Uniqueness(found) => found.explainer(),
        Pattern::Exclusion(found) => found.explainer(),
        Pattern::Als(found) => found.explainer(),
        Pattern::Chain(found) => found.explainer(),
        Pattern::Forcing(found) => found.explainer(),
        other => weight(other.technique()),
    }
}

/// What one step adds to a HoDoKu-style rating: the level its technique belongs to and the
/// score it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HodokuStep {
    pub(crate) level: Level,
    pub(crate) score: u32,
}

impl HodokuStep {
    pub(crate) const fn new(level: Level, score: u32) -> HodokuStep {
        HodokuStep { level, score }
    }
}

/// What one step adds on HoDoKu's scale. A hidden single in a unit with one empty cell is
/// HoDoKu's full house; pairs and triples that lie in a box and a line count as HoDoKu's locked
/// subsets only in name (the same score as elsewhere).
pub(crate) fn hodoku_step(pattern: &Pattern, before: &Board) -> HodokuStep {
    use Level::{Easy, Hard, Medium};
    let step = HodokuStep::new;
    match pattern {
        Pattern::HiddenSingle { unit } => {
            step(Easy, if empty_in(before, *unit) == 1 { 4 } else { 14 })
        }
        Pattern::NakedSingle => step(Easy, 4),
        Pattern::Pointing { .. } | Pattern::Claiming { .. } => step(Medium, 50),
        Pattern::NakedSubset { size: 2, .. } => step(Medium, 60),
        Pattern::NakedSubset { size: 3, .. } => step(Medium, 80),
        Pattern::NakedSubset { .. } => step(Hard, 120),
        Pattern::HiddenSubset { size: 2, .. } => step(Medium, 70),
        Pattern::HiddenSubset { size: 3, .. } => step(Medium, 100),
        Pattern::HiddenSubset { .. } => step(Hard, 150),
        Pattern::Fish { size: 2, .. } => step(Hard, 140),
        Pattern::Fish { size: 3, .. } => step(Hard, 150),
        Pattern::Fish { .. } => step(Hard, 160),
        Pattern::XyWing { .. } => step(Hard, 160),
        Pattern::Colouring { .. } => step(Hard, 150),
        // Only Sudoku Explainer's order takes direct steps; elsewhere they would count as the
        // step they start from.
        Pattern::Direct { lead, .. } => hodoku_step(&lead.pattern, before),
        Pattern::FinnedFish(found) => found.hodoku(),
        Pattern::SingleDigit(found) => found.hodoku(),
        Pattern::Wing(found) => found.hodoku(),
        Pattern::Uniqueness(found) => found.hodoku(),
        Pattern::Exclusion(found) => found.hodoku(),
        Pattern::Als(found) => found.hodoku(),
        Pattern::Chain(found) => found.hodoku(),
        Pattern::Forcing(found) => found.hodoku(),
    }
}

/// The empty cells of `unit`.
fn empty_in(board: &Board, unit: usize) -> usize {
    board
        .layout
        .unit(unit)
        .iter()
        .filter(|&&cell| board.values[cell] == 0)
        .count()
}

/// How many times each technique was applied in one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    counts: [u32; Technique::ALL.len()],
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            counts: [0; Technique::ALL.len()],
        }
    }
}

impl Counts {
    pub fn get(&self, technique: Technique) -> u32 {
        self.counts[technique.index()]
    }

    pub(crate) fn add(&mut self, technique: Technique) {
        self.counts[technique.index()] += 1;
    }

    /// Every technique applied at least once, with its count, in [`Technique::ALL`] order.
    pub fn used(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL
            .into_iter()
            .map(|t| (t, self.get(t)))
            .filter(|&(_, count)| count > 0)
    }

    /// Steps in all.
    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }
}

impl fmt::Display for Counts {
    /// `hidden single 40, naked single 12, pointing 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.used().map(|(t, n)| format!("{t} {n}")).collect();
        f.write_str(&parts.join(", "))
    }
}

/// A named difficulty, as HoDoKu names and computes it: the level of the hardest technique a
/// solve in HoDoKu's order needed, raised while the summed score passes the level's bound
/// ([`Level::max_score`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    /// Forcing chains and nets, or guessing, were needed (or the score passed unfair's bound).
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The highest summed score a puzzle of this level may have: HoDoKu's bounds.
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The level of a solve whose hardest technique is of level `hardest` and whose steps
    /// scored `score` in all.
    pub fn of(hardest: Level, score: u32) -> Level {
        Level::ALL
            .into_iter()
            .skip_while(|&level| level < hardest)
            .find(|level| score <= level.max_score())
            .unwrap_or(Level::Extreme)
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                format!("unknown level {text:?}: expected easy, medium, hard, unfair or extreme")
            })
    }
}

/// HoDoKu's score of the search it falls back on when its techniques get stuck.
pub const BRUTE_FORCE_SCORE: u32 = 10_000;

/// Every rating of one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The thesis's scale, 0 to 6 in halves, measured with its seven techniques in its order.
    pub thesis: f32,
    /// Sudoku Explainer's scale: the hardest step's rating in its order ([`Order::Rating`]); 0
    /// for a full grid, [`GUESS_BASE`] and above when guessing was needed.
    pub explainer: f32,
    /// Sudoku Explainer's pearl: the hardest step up to the first placement.
    pub pearl: f32,
    /// Sudoku Explainer's diamond: the rating of the first step.
    pub diamond: f32,
    /// HoDoKu's score: the sum of its steps' scores in its order ([`Order::Hodoku`]).
    pub score: u32,
    /// HoDoKu's level.
    pub level: Level,
    /// The 2009 project's level, 1 to 4.
    pub level_2009: u8,
    /// The technique of the hardest step in Sudoku Explainer's order; `None` for a full grid.
    pub hardest: Option<Technique>,
    /// How many times each technique was applied in Sudoku Explainer's order.
    pub counts: Counts,
    /// Whether the techniques got stuck, so the search completed the grid.
    pub guessed: bool,
    /// Whether the puzzle has exactly one solution.
    pub unique: bool,
}

/// The thesis's technique classes, easiest first: naked single, hidden single, intersection
/// (pointing or claiming), naked pair, naked triple, hidden pair, hidden triple.
fn thesis_class(technique: Technique) -> Option<usize> {
    Some(match technique {
        Technique::NakedSingle => 0,
        Technique::HiddenSingle => 1,
        Technique::Pointing | Technique::Claiming => 2,
        Technique::NakedPair => 3,
        Technique::NakedTriple => 4,
        Technique::HiddenPair => 5,
        Technique::HiddenTriple => 6,
        _ => return None,
    })
}

/// The thesis's value from how often each class was used in a solve by its seven techniques
/// that needed no guess.
fn thesis_value(classes: &[u32; 7]) -> f32 {
    match classes.iter().rposition(|&count| count > 0) {
        None | Some(0) => 0.0,
        Some(1) => 0.5,
        Some(class) => {
            let again = if classes[class] > 1 { 0.5 } else { 0.0 };
            (class - 1) as f32 + again
        }
    }
}

/// The 2009 level from the hardest technique a solve in the rating order needed. A direct step
/// counts as the intersection or subset it starts from.
pub fn level_2009(hardest: Option<Technique>) -> u8 {
    match hardest {
        None | Some(Technique::NakedSingle | Technique::HiddenSingle) => 1,
        Some(
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::HiddenPair
            | Technique::DirectPointing
            | Technique::DirectClaiming
            | Technique::DirectHiddenPair,
        ) => 2,
        Some(
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::Swordfish
            | Technique::XyWing
            | Technique::SimpleColouring
            | Technique::DirectHiddenTriple,
        ) => 3,
        // Beyond the techniques the 2009 levels name: its program guessed there.
        Some(_) => 4,
    }
}

/// Every rating of `puzzle`, within `budget`'s deadline, cap and cancel flag (the cap applies
/// to each solve a rating makes). A search first tells whether the puzzle has one solution:
/// only then do the techniques that rely on it apply, as they do in both reference programs.
pub fn rate_within(puzzle: &Grid, budget: &Budget) -> Result<Rating, AnalysisError> {
    let mut start = Board::new(puzzle)?;
    let completion = complete(&start, budget, &mut 0)?;
    start.assume_unique = completion.unique;

    let mut board = start.clone();
    let mut classes = [0u32; 7];
    let thesis_end = run_logic(&mut board, Order::ThesisOnly, budget, &mut 0, |_, step| {
        if let Some(class) = thesis_class(step.technique()) {
            classes[class] += 1;
        }
    })
    .map_err(AnalysisError::GaveUp)?;
    let thesis = match thesis_end {
        LogicEnd::Solved => thesis_value(&classes),
        LogicEnd::Stuck => 6.0,
    };

    let mut board = start.clone();
    let mut counts = Counts::default();
    let (mut explainer, mut pearl, mut diamond) = (0.0f32, None, None);
    let mut hardest = None;
    let mut note = |technique: Technique, weight: f32, places: bool| {
        counts.add(technique);
        if weight > explainer {
            explainer = weight;
            hardest = Some(technique);
        }
        diamond.get_or_insert(explainer);
        if places && pearl.is_none() {
            pearl = Some(explainer);
        }
    };
    let end = run_logic(&mut board, Order::Rating, budget, &mut 0, |b, step| {
        let places = step.placed.is_some();
        note(step.technique(), step_weight(&step.pattern, b), places);
    })
    .map_err(AnalysisError::GaveUp)?;
    let guessed = end == LogicEnd::Stuck;
    if guessed {
        note(Technique::Guess, guess_weight(completion.guesses), true);
    }

    let mut board = start;
    let (mut hodoku_hardest, mut score) = (Level::Easy, 0u32);
    let end = run_logic(&mut board, Order::Hodoku, budget, &mut 0, |b, step| {
        let found = hodoku_step(&step.pattern, b);
        hodoku_hardest = hodoku_hardest.max(found.level);
        score = score.saturating_add(found.score);
    })
    .map_err(AnalysisError::GaveUp)?;
    if end == LogicEnd::Stuck {
        hodoku_hardest = Level::Extreme;
        score = score.saturating_add(BRUTE_FORCE_SCORE);
    }

    Ok(Rating {
        thesis,
        explainer,
        pearl: pearl.unwrap_or(explainer),
        diamond: diamond.unwrap_or(explainer),
        score,
        level: Level::of(hodoku_hardest, score),
        level_2009: level_2009(hardest),
        hardest,
        counts,
        guessed,
        unique: completion.unique,
    })
}

/// [`rate_within`] with no limit on time or work.
pub fn rate(puzzle: &Grid) -> Result<Rating, AnalysisError> {
    rate_within(puzzle, &Budget::solve())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thesis_scale_follows_its_definition() {
        let with = |pairs: &[(usize, u32)]| {
            let mut classes = [0u32; 7];
            for &(class, count) in pairs {
                classes[class] = count;
            }
            thesis_value(&classes)
        };
        assert_eq!(with(&[]), 0.0);
        assert_eq!(with(&[(0, 40)]), 0.0);
        assert_eq!(with(&[(0, 30), (1, 10)]), 0.5);
        assert_eq!(with(&[(0, 30), (1, 10), (2, 1)]), 1.0);
        assert_eq!(with(&[(1, 10), (2, 2)]), 1.5);
        assert_eq!(with(&[(2, 5), (3, 1)]), 2.0);
        assert_eq!(with(&[(3, 2)]), 2.5);
        assert_eq!(with(&[(4, 1)]), 3.0);
        assert_eq!(with(&[(4, 3)]), 3.5);
        assert_eq!(with(&[(5, 1), (3, 4)]), 4.0);
        assert_eq!(with(&[(5, 2)]), 4.5);
        assert_eq!(with(&[(6, 1)]), 5.0);
        assert_eq!(with(&[(6, 2), (2, 9)]), 5.5);
    }

    #[test]
    fn the_rating_order_is_ascending_by_weight() {
        let weights: Vec<f32> = Order::Rating
            .techniques()
            .iter()
            .map(|&t| weight(t))
            .collect();
        assert!(HIDDEN_SINGLE_BOX < weights[0]);
        assert!(weights.windows(2).all(|w| w[0] <= w[1]), "{weights:?}");
        assert!(weights.iter().all(|&w| w < GUESS_BASE));
        assert_eq!(guess_weight(0), GUESS_BASE);
        assert_eq!(guess_weight(1000), guess_weight(GUESS_CAP));
    }

    #[test]
    fn levels_read_back_from_their_names() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert!("fiendish".parse::<Level>().is_err());
    }

    #[test]
    fn a_level_is_the_hardest_technique_s_raised_while_the_score_passes_its_bound() {
        // HoDoKu's bounds: easy up to 800, medium 1000, hard 1600, unfair 1800.
        assert_eq!(Level::of(Level::Easy, 640), Level::Easy);
        assert_eq!(Level::of(Level::Easy, 800), Level::Easy);
        assert_eq!(Level::of(Level::Easy, 801), Level::Medium);
        assert_eq!(Level::of(Level::Easy, 1001), Level::Hard);
        assert_eq!(Level::of(Level::Medium, 700), Level::Medium);
        assert_eq!(Level::of(Level::Hard, 1700), Level::Unfair);
        assert_eq!(Level::of(Level::Unfair, 1801), Level::Extreme);
        assert_eq!(Level::of(Level::Extreme, 0), Level::Extreme);
    }
}
