//! Watching a search: what a solver reports as it works, so its own search can be shown.
//!
//! Each family does different work, so each reports it in its own terms ([`SearchEvent`]): a
//! backtracking search places digits and takes them back, Dancing Links covers and uncovers
//! rows, a local search makes moves that change a full board's cost, a genetic algorithm breeds
//! a best individual each generation, and a person's techniques place digits and strike pencil
//! marks. Events borrow what they carry, so a search reports without allocating, and the
//! callback is a `&mut dyn FnMut`, so [`crate::Solver`] stays object-safe.
//!
//! [`Replay`] is the one way to follow events: it applies them to the puzzle and refuses any
//! that does not fit the board (a clue overwritten, a digit taken from a cell that does not
//! hold it), so the animation, the conformance kit and the tests all check the same thing.
//! A solver whose search runs where it cannot be seen refuses with [`NotWatchable`] rather than
//! pretend.

use std::fmt;

use crate::grid::Grid;
use crate::rules::DigitSet;

/// One thing a watched search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEvent<'a> {
    /// A backtracking search wrote `digit` into the empty `cell`. `guess` when it was a choice
    /// among several digits (a branch the search may have to undo), false when forced.
    Place { cell: usize, digit: u8, guess: bool },
    /// A backtracking search took `digit` back out of `cell`, leaving it empty.
    Remove { cell: usize, digit: u8 },
    /// Dancing Links selected the row "`digit` in `cell`", covering its four columns.
    Cover { cell: usize, digit: u8 },
    /// Dancing Links undid the row "`digit` in `cell`", uncovering its columns.
    Uncover { cell: usize, digit: u8 },
    /// A whole board at once, with its cost (0 = solved): a local search's start or restart,
    /// or a generation's best or new individual. Every cell is filled, but on a search over
    /// partial boards (0 for an empty cell).
    Fill { cells: &'a [u8], cost: u64 },
    /// A local-search move made: each changed cell with its new digit (0 when the move empties
    /// it, as a search over partial boards does), and the board's cost after.
    Move {
        changes: &'a [(usize, u8)],
        cost: u64,
    },
    /// A human technique applied: its name, the digits it placed and the candidates it struck
    /// (`(cell, digit)`), and every cell's candidates after the step (0 for a filled cell).
    Technique {
        name: &'a str,
        placed: &'a [(usize, u8)],
        eliminated: &'a [(usize, u8)],
        marks: &'a [DigitSet],
    },
}

/// The kinds of [`SearchEvent`], for counting and captions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventKind {
    Placement,
    Removal,
    Cover,
    Uncover,
    Fill,
    Move,
    Technique,
}

impl EventKind {
    pub const ALL: [EventKind; 7] = [
        EventKind::Placement,
        EventKind::Removal,
        EventKind::Cover,
        EventKind::Uncover,
        EventKind::Fill,
        EventKind::Move,
        EventKind::Technique,
    ];

    /// The kind in words, singular and plural (`placement`, `placements`).
    pub fn noun(self) -> (&'static str, &'static str) {
        match self {
            EventKind::Placement => ("placement", "placements"),
            EventKind::Removal => ("removal", "removals"),
            EventKind::Cover => ("cover", "covers"),
            EventKind::Uncover => ("uncover", "uncovers"),
            EventKind::Fill => ("fill", "fills"),
            EventKind::Move => ("move", "moves"),
            EventKind::Technique => ("technique step", "technique steps"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl SearchEvent<'_> {
    pub fn kind(&self) -> EventKind {
        match self {
            SearchEvent::Place { .. } => EventKind::Placement,
            SearchEvent::Remove { .. } => EventKind::Removal,
            SearchEvent::Cover { .. } => EventKind::Cover,
            SearchEvent::Uncover { .. } => EventKind::Uncover,
            SearchEvent::Fill { .. } => EventKind::Fill,
            SearchEvent::Move { .. } => EventKind::Move,
            SearchEvent::Technique { .. } => EventKind::Technique,
        }
    }
}

/// `count` with its noun, singular or plural as the number asks (`1 frame`, `2 frames`), the
/// number grouped by thousands.
pub fn counted(count: u64, (one, many): (&str, &str)) -> String {
    format!(
        "{} {}",
        thousands(count),
        if count == 1 { one } else { many }
    )
}

/// `187234` as `187,234`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, ch) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// How many events of each kind a search reported, and how many of its placements were guesses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventTally {
    by_kind: [u64; 7],
    guesses: u64,
}

impl EventTally {
    pub fn add(&mut self, event: &SearchEvent<'_>) {
        self.by_kind[event.kind().index()] += 1;
        if let SearchEvent::Place { guess: true, .. } = event {
            self.guesses += 1;
        }
    }

    pub fn get(&self, kind: EventKind) -> u64 {
        self.by_kind[kind.index()]
    }

    /// Placements that were guesses (a subset of [`EventKind::Placement`]).
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Every event reported.
    pub fn total(&self) -> u64 {
        self.by_kind.iter().sum()
    }

    /// The kinds seen, with their counts, e.g. `93,600 placements, 3,100 of them guesses,
    /// 93,583 removals`; `no steps` when nothing was reported.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = EventKind::ALL
            .iter()
            .filter(|&&kind| self.get(kind) > 0)
            .map(|&kind| {
                let text = counted(self.get(kind), kind.noun());
                if kind == EventKind::Placement && self.guesses > 0 {
                    let guesses = if self.guesses == 1 {
                        "a guess"
                    } else {
                        "guesses"
                    };
                    format!("{text}, {} of them {guesses}", thousands(self.guesses))
                } else {
                    text
                }
            })
            .collect();
        if parts.is_empty() {
            "no steps".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// Why a solver cannot be watched: its search happens where no event can be reported. The
/// message names the solver (`solver ilp-cbc cannot be watched: its search runs inside an
/// external engine (CBC)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotWatchable {
    pub solver: &'static str,
    /// Why, as the end of a sentence (`its search runs inside an external engine (CBC)`).
    pub reason: String,
}

impl NotWatchable {
    pub fn new(solver: &'static str, reason: impl Into<String>) -> NotWatchable {
        NotWatchable {
            solver,
            reason: reason.into(),
        }
    }

    /// The search runs inside `engine`, foreign code that reports nothing step by step.
    pub fn external_engine(solver: &'static str, engine: &str) -> NotWatchable {
        NotWatchable::new(
            solver,
            format!("its search runs inside an external engine ({engine})"),
        )
    }
}

impl fmt::Display for NotWatchable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "solver {} cannot be watched: {}",
            self.solver, self.reason
        )
    }
}

impl std::error::Error for NotWatchable {}

/// Reports to `watch` how the board went from `shown` to `now` (cell values, 0 empty), and makes
/// `shown` equal to `now`: a [`SearchEvent::Remove`] for each digit gone (first, so every
/// placement lands in an empty cell), then a [`SearchEvent::Place`] for each digit new, a guess
/// if its cell is `guessed`. For searches that propagate a whole position at a time and see
/// what changed, not each write.
pub fn report_changes(
    shown: &mut [u8],
    now: &[u8],
    guessed: Option<usize>,
    watch: &mut impl FnMut(SearchEvent<'_>),
) {
    for (cell, (old, &new)) in shown.iter_mut().zip(now).enumerate() {
        if *old != 0 && *old != new {
            watch(SearchEvent::Remove { cell, digit: *old });
            *old = 0;
        }
    }
    for (cell, (old, &new)) in shown.iter_mut().zip(now).enumerate() {
        if *old != new {
            watch(SearchEvent::Place {
                cell,
                digit: new,
                guess: guessed == Some(cell),
            });
            *old = new;
        }
    }
}

/// A board followed through a search's events from its puzzle: what a watcher sees. Each event
/// is checked against the board, so a solver that reports what it did not do is caught.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The board's side: digits are 1..=n.
    n: u8,
    clues: Vec<u8>,
    cells: Vec<u8>,
    /// The candidates of the last technique step, until a search event makes them stale.
    marks: Option<Vec<DigitSet>>,
    /// The cost of the last full board (fill or move), for local searches.
    cost: Option<u64>,
    tally: EventTally,
}

impl Replay {
    pub fn new(puzzle: &Grid) -> Replay {
        Replay {
            n: puzzle.size() as u8,
            clues: puzzle.cells().to_vec(),
            cells: puzzle.cells().to_vec(),
            marks: None,
            cost: None,
            tally: EventTally::default(),
        }
    }

    /// Applies `event`, or says why it does not fit the board (the board is then unchanged).
    pub fn apply(&mut self, event: &SearchEvent<'_>) -> Result<(), String> {
        self.check(event)?;
        match *event {
            SearchEvent::Place { cell, digit, .. } | SearchEvent::Cover { cell, digit } => {
                self.cells[cell] = digit;
                self.marks = None;
            }
            SearchEvent::Remove { cell, .. } | SearchEvent::Uncover { cell, .. } => {
                self.cells[cell] = 0;
                self.marks = None;
            }
            SearchEvent::Fill { cells, cost } => {
                self.cells.copy_from_slice(cells);
                self.cost = Some(cost);
            }
            SearchEvent::Move { changes, cost } => {
                for &(cell, digit) in changes {
                    self.cells[cell] = digit;
                }
                self.cost = Some(cost);
            }
            SearchEvent::Technique { placed, marks, .. } => {
                for &(cell, digit) in placed {
                    self.cells[cell] = digit;
                }
                self.marks = Some(marks.to_vec());
            }
        }
        self.tally.add(event);
        Ok(())
    }

    fn check(&self, event: &SearchEvent<'_>) -> Result<(), String> {
        let size = self.cells.len();
        let free = |cell: usize| {
            if cell >= size {
                Err(format!("cell {cell} is off the board"))
            } else if self.clues[cell] != 0 {
                Err(format!("cell {cell} holds a clue"))
            } else {
                Ok(())
            }
        };
        let digit_ok = |digit: u8| {
            if (1..=self.n).contains(&digit) {
                Ok(())
            } else {
                Err(format!("{digit} is not a digit of the board"))
            }
        };
        // A search over partial boards fills and moves with empty cells (0).
        let digit_or_empty = |digit: u8| if digit == 0 { Ok(()) } else { digit_ok(digit) };
        let what = || format!("{event:?}").chars().take(120).collect::<String>();
        let result = match *event {
            SearchEvent::Place { cell, digit, .. } | SearchEvent::Cover { cell, digit } => {
                free(cell)
                    .and(digit_ok(digit))
                    .and_then(|()| match self.cells[cell] {
                        0 => Ok(()),
                        held => Err(format!("cell {cell} already holds {held}")),
                    })
            }
            SearchEvent::Remove { cell, digit } | SearchEvent::Uncover { cell, digit } => {
                free(cell).and_then(|()| match self.cells[cell] {
                    held if held == digit => Ok(()),
                    held => Err(format!("cell {cell} holds {held}, not {digit}")),
                })
            }
            SearchEvent::Fill { cells, .. } => {
                if cells.len() != size {
                    Err(format!("{} cells for a board of {size}", cells.len()))
                } else if let Some(cell) =
                    (0..size).find(|&c| self.clues[c] != 0 && cells[c] != self.clues[c])
                {
                    Err(format!("cell {cell} holds a clue"))
                } else {
                    cells.iter().try_for_each(|&d| digit_or_empty(d))
                }
            }
            SearchEvent::Move { changes, .. } => changes
                .iter()
                .try_for_each(|&(cell, digit)| free(cell).and(digit_or_empty(digit))),
            SearchEvent::Technique { placed, marks, .. } => {
                if marks.len() != size {
                    Err(format!("{} marks for a board of {size}", marks.len()))
                } else {
                    placed.iter().try_for_each(|&(cell, digit)| {
                        free(cell)
                            .and(digit_ok(digit))
                            .and_then(|()| match self.cells[cell] {
                                0 => Ok(()),
                                held => Err(format!("cell {cell} already holds {held}")),
                            })
                    })
                }
            }
        };
        result.map_err(|why| format!("{} does not fit the board: {why}", what()))
    }

    /// The board's cell values now (0 empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The pencil marks of the last technique step, if no search event came after it.
    pub fn marks(&self) -> Option<&[DigitSet]> {
        self.marks.as_deref()
    }

    /// The cost of the last full board a local search or generation reported.
    pub fn cost(&self) -> Option<u64> {
        self.cost
    }

    /// The events applied so far, by kind.
    pub fn tally(&self) -> &EventTally {
        &self.tally
    }

    /// Whether `cell` is a clue of the puzzle.
    pub fn is_clue(&self, cell: usize) -> bool {
        self.clues.get(cell).is_some_and(|&v| v != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_and_nouns_agree() {
        assert_eq!(thousands(187_234), "187,234");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(counted(1, ("frame", "frames")), "1 frame");
        assert_eq!(counted(2, ("frame", "frames")), "2 frames");
        assert_eq!(counted(0, ("frame", "frames")), "0 frames");
    }

    #[test]
    fn a_replay_refuses_what_does_not_fit() {
        let puzzle = Grid::parse("1...............").unwrap();
        let mut replay = Replay::new(&puzzle);
        let place = |cell, digit| SearchEvent::Place {
            cell,
            digit,
            guess: false,
        };
        assert!(replay.apply(&place(0, 2)).is_err(), "over a clue");
        assert!(replay.apply(&place(1, 5)).is_err(), "not a digit of 4×4");
        replay.apply(&place(1, 2)).unwrap();
        assert!(replay.apply(&place(1, 3)).is_err(), "over a placed digit");
        assert!(
            replay
                .apply(&SearchEvent::Remove { cell: 1, digit: 3 })
                .is_err()
        );
        replay
            .apply(&SearchEvent::Remove { cell: 1, digit: 2 })
            .unwrap();
        assert_eq!(replay.cells()[1], 0);
        assert_eq!(replay.tally().describe(), "1 placement, 1 removal");
    }

    #[test]
    fn changes_are_reported_removals_first() {
        let mut shown = vec![1, 2, 0, 4];
        let now = [1, 3, 2, 0];
        let mut events = Vec::new();
        report_changes(&mut shown, &now, Some(2), &mut |e| {
            events.push(format!("{e:?}"))
        });
        assert_eq!(shown, now);
        assert_eq!(
            events,
            [
                "Remove { cell: 1, digit: 2 }",
                "Remove { cell: 3, digit: 4 }",
                "Place { cell: 1, digit: 3, guess: false }",
                "Place { cell: 2, digit: 2, guess: true }",
            ]
        );
    }
}
