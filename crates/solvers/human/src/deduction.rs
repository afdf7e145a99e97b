//! What a technique found: the pattern it saw, the digit it places or the candidates it
//! removes, and that step in words.
//!
//! Finders return the pattern as plain data; the words are written only when someone asks
//! ([`Deduction::describe`]), so a rating, which never shows them, never pays for them.

use sudoku_core::format::symbol;

use crate::board::Board;
use crate::layout::Layout;
use crate::technique::Technique;

/// One step's worth of progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Deduction {
    pub(crate) pattern: Pattern,
    pub(crate) placed: Option<(usize, u8)>,
    /// `(cell, digit)`, each a candidate of the position the pattern was found in.
    pub(crate) eliminated: Vec<(usize, u8)>,
}

/// The pattern behind a step, with what its description names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    NakedSingle,
    /// The unit the digit has one place in.
    HiddenSingle {
        unit: usize,
    },
    /// `digit` lies in `boxed` only where it crosses `line`.
    Pointing {
        digit: u8,
        boxed: usize,
        line: usize,
    },
    /// `digit` lies in `line` only where it crosses `boxed`.
    Claiming {
        digit: u8,
        line: usize,
        boxed: usize,
    },
    /// `size` cells of `unit` (the first `size` of `cells`) holding only `digits`.
    NakedSubset {
        unit: usize,
        cells: [usize; 4],
        size: usize,
        digits: u32,
    },
    /// `size` digits with their only places in `unit` in the first `size` of `cells`.
    HiddenSubset {
        unit: usize,
        cells: [usize; 4],
        size: usize,
        digits: u32,
    },
    /// `digit` confined, in `size` base lines, to `size` cover lines (unit indexes).
    Fish {
        digit: u8,
        size: usize,
        base: [usize; 4],
        cover: [usize; 4],
    },
    /// A bivalue pivot, two bivalue pincers, and the digit both pincers hold.
    XyWing {
        pivot: usize,
        pincers: [usize; 2],
        digit: u8,
    },
    /// `digit`'s conjugate-pair chain in two colours; `wrap` names the unit where a colour
    /// repeats (that colour, the first of `colours`, is false), `None` for a colour trap.
    Colouring {
        digit: u8,
        colours: [Vec<usize>; 2],
        wrap: Option<usize>,
    },
    /// Sudoku Explainer's direct hint: `lead` (a pointing, claiming or hidden subset, with
    /// the removals it would make) leaves the placed digit one place in `unit`.
    Direct {
        lead: Box<Deduction>,
        unit: usize,
    },
    // The techniques below keep their pattern in their own module, which also puts it in words
    // and rates it on each scale.
    FinnedFish(crate::techniques::fish::Finned),
    SingleDigit(crate::techniques::single_digit::SingleDigit),
    Wing(crate::techniques::wings::Wing),
    Uniqueness(crate::techniques::uniqueness::Uniqueness),
    Exclusion(crate::techniques::exclusion::Exclusion),
    Als(crate::techniques::als::Als),
    Chain(crate::techniques::chains::Chain),
    Forcing(crate::techniques::forcing::Forcing),
}

impl Pattern {
    pub(crate) fn technique(&self) -> Technique {
        match self {
            Pattern::NakedSingle => Technique::NakedSingle,
            Pattern::HiddenSingle { .. } => Technique::HiddenSingle,
            Pattern::Pointing { .. } => Technique::Pointing,
            Pattern::Claiming { .. } => Technique::Claiming,
            Pattern::NakedSubset { size: 2, .. } => Technique::NakedPair,
            Pattern::NakedSubset { size: 3, .. } => Technique::NakedTriple,
            Pattern::NakedSubset { .. } => Technique::NakedQuad,
            Pattern::HiddenSubset { size: 2, .. } => Technique::HiddenPair,
            Pattern::HiddenSubset { size: 3, .. } => Technique::HiddenTriple,
            Pattern::HiddenSubset { .. } => Technique::HiddenQuad,
            Pattern::Fish { size: 2, .. } => Technique::XWing,
            Pattern::Fish { size: 3, .. } => Technique::Swordfish,
            Pattern::Fish { .. } => Technique::Jellyfish,
            Pattern::XyWing { .. } => Technique::XyWing,
            Pattern::Colouring { .. } => Technique::SimpleColouring,
            Pattern::Direct { lead, .. } => match lead.pattern {
                Pattern::Pointing { .. } => Technique::DirectPointing,
                Pattern::Claiming { .. } => Technique::DirectClaiming,
                Pattern::HiddenSubset { size: 2, .. } => Technique::DirectHiddenPair,
                _ => Technique::DirectHiddenTriple,
            },
            Pattern::FinnedFish(found) => found.technique(),
            Pattern::SingleDigit(found) => found.technique(),
            Pattern::Wing(found) => found.technique(),
            Pattern::Uniqueness(found) => found.technique(),
            Pattern::Exclusion(found) => found.technique(),
            Pattern::Als(found) => found.technique(),
            Pattern::Chain(found) => found.technique(),
            Pattern::Forcing(found) => found.technique(),
        }
    }
}

impl Deduction {
    pub(crate) fn placing(pattern: Pattern, cell: usize, digit: u8) -> Deduction {
        Deduction {
            pattern,
            placed: Some((cell, digit)),
            eliminated: Vec::new(),
        }
    }

    /// A step removing `eliminated` (kept sorted by cell, then digit), or `None` if it removes
    /// nothing (no progress, no step).
    pub(crate) fn removing(
        pattern: Pattern,
        mut eliminated: Vec<(usize, u8)>,
    ) -> Option<Deduction> {
        eliminated.sort_unstable();
        (!eliminated.is_empty()).then_some(Deduction {
            pattern,
            placed: None,
            eliminated,
        })
    }

    pub(crate) fn technique(&self) -> Technique {
        self.pattern.technique()
    }

    pub(crate) fn apply(&self, board: &mut Board) {
        if let Some((cell, digit)) = self.placed {
            board.place(cell, digit);
        }
        for &(cell, digit) in &self.eliminated {
            board.eliminate(cell, digit);
        }
    }

    /// The step in words, naming cells as `r1c1` and units as `row 1`; `before` is the position
    /// the pattern was found in.
    pub(crate) fn describe(&self, before: &Board) -> String {
        let layout = &*before.layout;
        let cell = |c: usize| layout.cell_name(c);
        let unit = |u: usize| layout.unit_name(u);
        let removes = || removals(layout, &self.eliminated);
        match &self.pattern {
            Pattern::NakedSingle => {
                let (c, d) = self.placed.expect("a single places a digit");
                format!(
                    "{} = {}: the only candidate left in the cell",
                    cell(c),
                    symbol(d)
                )
            }
            Pattern::HiddenSingle { unit: u } => {
                let (c, d) = self.placed.expect("a single places a digit");
                format!(
                    "{} = {}: the only place for {} in {}",
                    cell(c),
                    symbol(d),
                    symbol(d),
                    unit(*u)
                )
            }
            Pattern::Pointing { digit, boxed, line } => format!(
                "in {}, {} lies only in {}, so it leaves the rest of {}: {}",
                unit(*boxed),
                symbol(*digit),
                unit(*line),
                unit(*line),
                removes()
            ),
            Pattern::Claiming { digit, line, boxed } => format!(
                "in {}, {} lies only in {}, so it leaves the rest of {}: {}",
                unit(*line),
                symbol(*digit),
                unit(*boxed),
                unit(*boxed),
                removes()
            ),
            Pattern::NakedSubset {
                unit: u,
                cells,
                size,
                digits,
            } => format!(
                "{} hold only {} between them in {}, so those digits leave its other cells: {}",
                words(cells[..*size].iter().map(|&c| cell(c))),
                digit_words(*digits),
                unit(*u),
                removes()
            ),
            Pattern::HiddenSubset {
                unit: u,
                cells,
                size,
                digits,
            } => format!(
                "in {}, {} fit only {}, so those cells hold nothing else: {}",
                unit(*u),
                digit_words(*digits),
                words(cells[..*size].iter().map(|&c| cell(c))),
                removes()
            ),
            Pattern::Fish {
                digit,
                size,
                base,
                cover,
            } => format!(
                "{} in {} lies only in {}, so it leaves the rest of those: {}",
                symbol(*digit),
                words(base[..*size].iter().map(|&u| unit(u))),
                words(cover[..*size].iter().map(|&u| unit(u))),
                removes()
            ),
            Pattern::XyWing {
                pivot,
                pincers,
                digit,
            } => format!(
                "pivot {} ({}) with pincers {} ({}) and {} ({}): whichever digit the pivot takes, \
                 a pincer is {}, so cells seeing both pincers lose it: {}",
                cell(*pivot),
                digit_words(before.cands[*pivot]),
                cell(pincers[0]),
                digit_words(before.cands[pincers[0]]),
                cell(pincers[1]),
                digit_words(before.cands[pincers[1]]),
                symbol(*digit),
                removes()
            ),
            Pattern::Colouring {
                digit,
                colours,
                wrap,
            } => {
                let chain = format!(
                    "colouring {}'s conjugate pairs: colour A {}, colour B {}",
                    symbol(*digit),
                    words(colours[0].iter().map(|&c| cell(c))),
                    words(colours[1].iter().map(|&c| cell(c)))
                );
                match wrap {
                    Some(u) => format!(
                        "{chain}; colour A appears twice in {}, so it is false: {}",
                        unit(*u),
                        removes()
                    ),
                    None => format!(
                        "{chain}; one colour holds {}, and cells that see both colours lose it: {}",
                        symbol(*digit),
                        removes()
                    ),
                }
            }
            Pattern::Direct { lead, unit: u } => {
                let (c, d) = self.placed.expect("a direct step places a digit");
                format!(
                    "{}; then {} = {}: the only place left for {} in {}",
                    lead.describe(before),
                    cell(c),
                    symbol(d),
                    symbol(d),
                    unit(*u)
                )
            }
            Pattern::FinnedFish(found) => found.describe(before, self),
            Pattern::SingleDigit(found) => found.describe(before, self),
            Pattern::Wing(found) => found.describe(before, self),
            Pattern::Uniqueness(found) => found.describe(before, self),
            Pattern::Exclusion(found) => found.describe(before, self),
            Pattern::Als(found) => found.describe(before, self),
            Pattern::Chain(found) => found.describe(before, self),
            Pattern::Forcing(found) => found.describe(before, self),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn words(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The digits of a set in words: `3 and 7`.
pub(crate) fn digit_words(set: u32) -> String {
    words(digits(set).map(|d| symbol(d).to_string()))
}

/// The digits of a set, ascending (core's one iteration of a digit set).
pub(crate) use sudoku_core::digits_of as digits;

/// The eliminations in words, grouped by digit: `removes 3 from r1c8 and r1c9; 7 from r1c9`.
pub(crate) fn removals(layout: &Layout, eliminated: &[(usize, u8)]) -> String {
    let mut by_digit: Vec<(u8, Vec<usize>)> = Vec::new();
    for &(cell, digit) in eliminated {
        match by_digit.iter_mut().find(|(d, _)| *d == digit) {
            Some((_, cells)) => cells.push(cell),
            None => by_digit.push((digit, vec![cell])),
        }
    }
    by_digit.sort_by_key(|(digit, _)| *digit);
    let groups: Vec<String> = by_digit
        .into_iter()
        .map(|(digit, cells)| {
            format!(
                "{} from {}",
                symbol(digit),
                words(cells.into_iter().map(|c| layout.cell_name(c)))
            )
        })
        .collect();
    format!("removes {}", groups.join("; "))
}
