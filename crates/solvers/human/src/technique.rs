//! The techniques by name, and the orders in which the engine tries them.

use std::fmt;
use std::str::FromStr;

use sudoku_core::UnitKind;

/// A way of making progress on pencil marks. [`Technique::Guess`] stands for the search that
/// completes a grid when no technique applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// A cell with one candidate left takes it.
    NakedSingle,
    /// A digit with one place left in a row, column or box goes there.
    HiddenSingle,
    /// A digit confined to one line within a box leaves the rest of that line.
    Pointing,
    /// A digit confined to one box within a line leaves the rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates: those digits leave the unit's other cells.
    NakedPair,
    /// Three cells of a unit whose candidates are three digits between them.
    NakedTriple,
    /// Two digits with the same two places in a unit: the other candidates leave those cells.
    HiddenPair,
    /// Three digits with three places between them in a unit.
    HiddenTriple,
    /// A digit confined to the same two columns in two rows (or rows in two columns).
    XWing,
    /// The same with three lines.
    Swordfish,
    /// A bivalue pivot and two bivalue pincers: the pincers' shared digit leaves what sees both.
    XyWing,
    /// One digit's conjugate pairs coloured in two alternating colours: a colour seen twice in a
    /// unit is false (colour wrap); a cell seeing both colours loses the digit (colour trap).
    SimpleColouring,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a unit.
    HiddenQuad,
    /// A digit confined in four lines to the same four cross lines.
    Jellyfish,
    /// A fish (two to four lines) whose base has extra places, the fins, in one box: only the
    /// cells that also see every fin lose the digit. Sashimi when a base line holds only fins
    /// and one cover cell.
    FinnedFish,
    /// Two conjugate pairs of one digit in parallel lines with one end each in a shared cross
    /// line: a cell seeing both other ends loses the digit.
    Skyscraper,
    /// A conjugate pair in a row and one in a column, linked through one box: a cell seeing both
    /// free ends loses the digit.
    TwoStringKite,
    /// Two conjugate pairs of one digit joined by a weak link: a cell seeing both free ends loses
    /// the digit (skyscraper and kite are its special cases).
    TurbotFish,
    /// A box whose places for a digit lie on one row and one column, with a conjugate pair
    /// crossing one of them.
    EmptyRectangle,
    /// A pivot {x,y,z} and pincers {x,z}, {y,z} that see it: z leaves cells seeing all three.
    XyzWing,
    /// Two cells {x,y} joined by a conjugate pair of x: y leaves cells seeing both.
    WWing,
    /// A chain of cells holding the same two candidates: cells seeing two ends of opposite
    /// parity lose both.
    RemotePair,
    /// The uniqueness of the solution forbids four cells in two rows, two columns and two boxes
    /// from holding only the same two digits (types 1 to 4, hidden rectangle, longer loops).
    UniqueRectangle,
    /// Every cell but one holds two candidates and every digit two places a unit: the extra
    /// candidate of that cell is its value, else the puzzle would have two solutions.
    BugPlusOne,
    /// No two cells of a pair (or three of a triple) that see the same cells can take
    /// combinations that empty a cell they all see.
    AlignedPairExclusion,
    AlignedTripletExclusion,
    /// A chain of one digit alternating strong and weak links: a cell seeing both ends loses it.
    XChain,
    /// A chain of bivalue cells: a cell seeing both ends loses their shared digit.
    XyChain,
    /// An alternating inference chain (and nice loop) over candidates and grouped candidates.
    Aic,
    /// Two almost locked sets joined by a restricted common digit.
    AlsXz,
    /// Three almost locked sets: two each joined to a third by a restricted common digit.
    AlsXyWing,
    /// Chains of implications that form a cycle or force a candidate either way (forcing X- and
    /// Y-chains), as Sudoku Explainer finds them.
    ForcingChain,
    /// Assuming a digit in a cell leads, through a chain, to a contradiction.
    Nishio,
    /// Every candidate of a cell, or every place of a digit in a unit, leads to the same
    /// conclusion.
    MultipleForcingChain,
    /// Forcing chains whose implications build on each other (forcing nets).
    DynamicForcingChain,
    /// Dynamic forcing chains that also apply the basic techniques at each link.
    DynamicForcingChainPlus,
    /// Forcing chains whose links are themselves forcing chains.
    NestedForcingChain,
    /// Sudoku Explainer's direct pointing: a pointing that leaves a digit one place in another
    /// box, taken as the placement of that digit.
    DirectPointing,
    /// Sudoku Explainer's direct claiming: a claiming that leaves a digit one place on another
    /// line, taken as its placement.
    DirectClaiming,
    /// Sudoku Explainer's direct hidden pair: a hidden pair that leaves another digit one place
    /// in its unit, taken as that placement.
    DirectHiddenPair,
    /// The same with a hidden triple.
    DirectHiddenTriple,
    /// No technique applies: a backtracking search completes the grid.
    Guess,
}

impl Technique {
    /// Every technique, in declaration order.
    pub const ALL: [Technique; 43] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::SimpleColouring,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Jellyfish,
        Technique::FinnedFish,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::XyzWing,
        Technique::WWing,
        Technique::RemotePair,
        Technique::UniqueRectangle,
        Technique::BugPlusOne,
        Technique::AlignedPairExclusion,
        Technique::AlignedTripletExclusion,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::DirectHiddenTriple,
        Technique::Guess,
    ];

    /// The name in words (`naked single`, `X-Wing`), as steps and reports show it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenPair => "hidden pair",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::XyWing => "XY-Wing",
            Technique::SimpleColouring => "simple colouring",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::FinnedFish => "finned fish",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::RemotePair => "remote pair",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::BugPlusOne => "BUG+1",
            Technique::AlignedPairExclusion => "aligned pair exclusion",
            Technique::AlignedTripletExclusion => "aligned triplet exclusion",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::Aic => "alternating inference chain",
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-Wing",
            Technique::ForcingChain => "forcing chain",
            Technique::Nishio => "Nishio forcing chain",
            Technique::MultipleForcingChain => "multiple forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::DynamicForcingChainPlus => "dynamic forcing chain (+)",
            Technique::NestedForcingChain => "nested forcing chain",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Guess => "guess",
        }
    }

    /// The name as a counter key (`naked_single`, `x_wing`), for [`sudoku_core::Counters::add`].
    pub fn key(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenPair => "hidden_pair",
            Technique::HiddenTriple => "hidden_triple",
            Technique::XWing => "x_wing",
            Technique::Swordfish => "swordfish",
            Technique::XyWing => "xy_wing",
            Technique::SimpleColouring => "simple_colouring",
            Technique::NakedQuad => "naked_quad",
            Technique::HiddenQuad => "hidden_quad",
            Technique::Jellyfish => "jellyfish",
            Technique::FinnedFish => "finned_fish",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two_string_kite",
            Technique::TurbotFish => "turbot_fish",
            Technique::EmptyRectangle => "empty_rectangle",
            Technique::XyzWing => "xyz_wing",
            Technique::WWing => "w_wing",
            Technique::RemotePair => "remote_pair",
            Technique::UniqueRectangle => "unique_rectangle",
            Technique::BugPlusOne => "bug_plus_one",
            Technique::AlignedPairExclusion => "aligned_pair_exclusion",
            Technique::AlignedTripletExclusion => "aligned_triplet_exclusion",
            Technique::XChain => "x_chain",
            Technique::XyChain => "xy_chain",
            Technique::Aic => "aic",
            Technique::AlsXz => "als_xz",
            Technique::AlsXyWing => "als_xy_wing",
            Technique::ForcingChain => "forcing_chain",
            Technique::Nishio => "nishio",
            Technique::MultipleForcingChain => "multiple_forcing_chain",
            Technique::DynamicForcingChain => "dynamic_forcing_chain",
            Technique::DynamicForcingChainPlus => "dynamic_forcing_chain_plus",
            Technique::NestedForcingChain => "nested_forcing_chain",
            Technique::DirectPointing => "direct_pointing",
            Technique::DirectClaiming => "direct_claiming",
            Technique::DirectHiddenPair => "direct_hidden_pair",
            Technique::DirectHiddenTriple => "direct_hidden_triple",
            Technique::Guess => "guess",
        }
    }

    /// Whether the technique is one of the thesis's seven (pointing and claiming together are its
    /// line–box intersection).
    pub fn in_thesis(self) -> bool {
        self <= Technique::HiddenTriple
    }

    /// Whether the technique is one of Sudoku Explainer's forcing chains: the costliest
    /// searches, tried only on boards up to 9×9.
    pub fn is_forcing(self) -> bool {
        matches!(
            self,
            Technique::ForcingChain
                | Technique::Nishio
                | Technique::MultipleForcingChain
                | Technique::DynamicForcingChain
                | Technique::DynamicForcingChainPlus
                | Technique::NestedForcingChain
        )
    }

    /// Whether the technique searches chains or sets of cells across the board (alternating
    /// inference chains, almost locked sets): tried only on boards up to 16×16.
    pub fn is_chain_search(self) -> bool {
        matches!(
            self,
            Technique::Aic
                | Technique::AlsXz
                | Technique::AlsXyWing
                | Technique::AlignedTripletExclusion
        )
    }

    /// Whether the technique holds only if the puzzle has one solution (the engine applies it
    /// only where that is known).
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::BugPlusOne)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The order the engine tries techniques in: at every step the first in the order that makes
/// progress is applied, and guessing comes only when none does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// The thesis's order (naked single, hidden single in rows, columns, boxes, intersection,
    /// naked pair, naked triple, hidden pair, hidden triple), then X-Wing, Swordfish, XY-Wing,
    /// simple colouring and every other technique that holds whatever the number of solutions,
    /// simplest first, up to the static forcing chains. What the [`crate::Human`] solver uses:
    /// it counts solutions, so it never assumes there is one, and where these get stuck its
    /// search is faster than the dynamic and nested forcing chains would be.
    #[default]
    Thesis,
    /// The thesis's seven techniques alone, in its order: what its 0–6 scale is measured with.
    ThesisOnly,
    /// Sudoku Explainer's order, ascending by its ratings: hidden single (boxes, then rows, then
    /// columns), its direct hints (a pointing, claiming or hidden pair that leaves a hidden
    /// single, placing it), naked single, direct hidden triple, pointing, claiming, naked pair, X-Wing, hidden pair, naked
    /// triple, Swordfish, hidden triple, XY-Wing, XYZ-Wing, unique rectangles and loops, naked
    /// quad, Jellyfish, hidden quad, BUG, aligned pair exclusion, forcing chains and cycles,
    /// aligned triplet exclusion, Nishio, multiple and dynamic forcing chains (the nested ones
    /// are written but not tried: seconds a step). What the Explainer-scale rating is measured
    /// with.
    Rating,
    /// HoDoKu's order: singles, intersections, subsets, basic fish, remote pairs, BUG+1,
    /// single-digit patterns, wings, uniqueness, finned fish, colouring, chains, almost locked
    /// sets, forcing chains. What the level is measured with.
    Hodoku,
}

impl Order {
    /// Every order.
    pub const ALL: [Order; 4] = [
        Order::Thesis,
        Order::ThesisOnly,
        Order::Rating,
        Order::Hodoku,
    ];

    /// The techniques tried, in order (guessing is not listed: it comes after all of them).
    pub fn techniques(self) -> &'static [Technique] {
        use Technique::*;
        match self {
            Order::Thesis => &[
                NakedSingle,
                HiddenSingle,
                Pointing,
                Claiming,
                NakedPair,
                NakedTriple,
                HiddenPair,
                HiddenTriple,
                XWing,
                Swordfish,
                XyWing,
                SimpleColouring,
                XyzWing,
                NakedQuad,
                Jellyfish,
                HiddenQuad,
                Skyscraper,
                TwoStringKite,
                TurbotFish,
                EmptyRectangle,
                WWing,
                FinnedFish,
                RemotePair,
                XChain,
                XyChain,
                AlignedPairExclusion,
                Aic,
                AlsXz,
                AlsXyWing,
                ForcingChain,
                AlignedTripletExclusion,
            ],
            Order::ThesisOnly => &[
                NakedSingle,
                HiddenSingle,
                Pointing,
                Claiming,
                NakedPair,
                NakedTriple,
                HiddenPair,
                HiddenTriple,
            ],
            Order::Rating => &[
                HiddenSingle,
                DirectPointing,
                DirectClaiming,
                DirectHiddenPair,
                NakedSingle,
                DirectHiddenTriple,
                Pointing,
                Claiming,
                NakedPair,
                XWing,
                HiddenPair,
                NakedTriple,
                Swordfish,
                HiddenTriple,
                XyWing,
                XyzWing,
                UniqueRectangle,
                NakedQuad,
                Jellyfish,
                HiddenQuad,
                BugPlusOne,
                AlignedPairExclusion,
                ForcingChain,
                AlignedTripletExclusion,
                Nishio,
                MultipleForcingChain,
                DynamicForcingChain,
                DynamicForcingChainPlus,
            ],
            Order::Hodoku => &[
                NakedSingle,
                HiddenSingle,
                Pointing,
                Claiming,
                NakedPair,
                NakedTriple,
                HiddenPair,
                HiddenTriple,
                NakedQuad,
                HiddenQuad,
                XWing,
                Swordfish,
                Jellyfish,
                RemotePair,
                BugPlusOne,
                Skyscraper,
                TwoStringKite,
                TurbotFish,
                EmptyRectangle,
                WWing,
                XyWing,
                XyzWing,
                UniqueRectangle,
                FinnedFish,
                SimpleColouring,
                XChain,
                XyChain,
                Aic,
                AlsXz,
                AlsXyWing,
                Nishio,
                MultipleForcingChain,
                DynamicForcingChain,
                DynamicForcingChainPlus,
            ],
        }
    }

    /// The unit kinds hidden singles are looked for in, in order: the thesis's rows, columns,
    /// boxes; boxes first in Sudoku Explainer's order, where a box's hidden single rates least.
    /// A box stands for a jigsaw's regions; the diagonals, if any, come after the three.
    pub(crate) fn hidden_single_units(self) -> [UnitKind; 3] {
        match self {
            Order::Thesis | Order::ThesisOnly | Order::Hodoku => UnitKind::ALL,
            Order::Rating => [UnitKind::Box, UnitKind::Row, UnitKind::Column],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Order::Thesis => "thesis",
            Order::ThesisOnly => "thesis-only",
            Order::Rating => "rating",
            Order::Hodoku => "hodoku",
        }
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Order {
    type Err = String;

    fn from_str(text: &str) -> Result<Order, String> {
        Order::ALL
            .into_iter()
            .find(|order| order.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                format!("unknown order {text:?}: expected thesis, thesis-only, rating or hodoku")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thesis_order_starts_with_its_seven_in_its_order() {
        let thesis = Order::Thesis.techniques();
        assert_eq!(&thesis[..8], Order::ThesisOnly.techniques());
        assert!(Order::ThesisOnly.techniques().iter().all(|t| t.in_thesis()));
        assert!(thesis[8..].iter().all(|t| !t.in_thesis()));
    }

    #[test]
    fn every_order_reads_back_from_its_name() {
        for order in Order::ALL {
            assert_eq!(order.to_string().parse::<Order>(), Ok(order));
        }
        assert!("fastest".parse::<Order>().is_err());
    }

    #[test]
    fn no_order_tries_a_technique_twice_and_the_solver_s_never_assumes_uniqueness() {
        for order in Order::ALL {
            let mut seen = order.techniques().to_vec();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), order.techniques().len(), "{order}");
            assert!(!order.techniques().contains(&Technique::Guess), "{order}");
        }
        assert!(
            Order::Thesis
                .techniques()
                .iter()
                .all(|t| !t.assumes_uniqueness())
        );
        // Every technique but the guess is tried by some order, and the nested forcing chains,
        // which cost seconds a step: no order tries them until the chain engine is faster.
        let untried = [Technique::Guess, Technique::NestedForcingChain];
        for technique in Technique::ALL {
            let tried = Order::ALL
                .iter()
                .any(|o| o.techniques().contains(&technique));
            assert_eq!(tried, !untried.contains(&technique), "{technique}");
        }
    }
}
