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
    /// No technique applies: a backtracking search completes the grid.
    Guess,
}

impl Technique {
    /// Every technique, in declaration order.
    pub const ALL: [Technique; 13] = [
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
            Technique::Guess => "guess",
        }
    }

    /// Whether the technique is one of the thesis's seven (pointing and claiming together are its
    /// line–box intersection).
    pub fn in_thesis(self) -> bool {
        self <= Technique::HiddenTriple
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
    /// naked pair, naked triple, hidden pair, hidden triple), then X-Wing, Swordfish, XY-Wing and
    /// simple colouring.
    #[default]
    Thesis,
    /// The thesis's seven techniques alone, in its order: what its 0–6 scale is measured with.
    ThesisOnly,
    /// Ascending by the fine-grained weights ([`crate::weight`]): hidden single (boxes, then
    /// rows, then columns), naked single, pointing, claiming, naked pair, X-Wing, hidden pair,
    /// naked triple, Swordfish, hidden triple, XY-Wing, simple colouring.
    Rating,
}

impl Order {
    /// Every order.
    pub const ALL: [Order; 3] = [Order::Thesis, Order::ThesisOnly, Order::Rating];

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
                NakedSingle,
                Pointing,
                Claiming,
                NakedPair,
                XWing,
                HiddenPair,
                NakedTriple,
                Swordfish,
                HiddenTriple,
                XyWing,
                SimpleColouring,
            ],
        }
    }

    /// The unit kinds hidden singles are looked for in, in order: the thesis's rows, columns,
    /// boxes; boxes first in the rating order, where a box's hidden single weighs least.
    pub(crate) fn hidden_single_units(self) -> [UnitKind; 3] {
        match self {
            Order::Thesis | Order::ThesisOnly => UnitKind::ALL,
            Order::Rating => [UnitKind::Box, UnitKind::Row, UnitKind::Column],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Order::Thesis => "thesis",
            Order::ThesisOnly => "thesis-only",
            Order::Rating => "rating",
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
                format!("unknown order {text:?}: expected thesis, thesis-only or rating")
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
    fn the_thesis_order_and_the_rating_order_try_the_same_techniques() {
        let mut rating = Order::Rating.techniques().to_vec();
        rating.sort();
        assert_eq!(rating, Order::Thesis.techniques());
    }
}
