//! A watched search as JSON frames: what the lab streams to its page, kept apart from any server
//! so that the same frames can be made wherever a solver runs (a build for the browser itself
//! would need only this crate and the solvers).
//!
//! A search reports its steps through [`sudoku_core::Solver::solve_watched`]. A [`Recorder`]
//! follows them on a [`Replay`] (so a step that does not fit the board is caught, not shown) and
//! turns them into [`Frame`]s:
//! - the first [`FULL_EVENTS`] events go out in full, in batches ([`Frame::Steps`]), so a page can
//!   play every step of a short search;
//! - after that, only the board as it stands ([`Frame::Snapshot`]), at most every
//!   [`SNAPSHOT_EVERY`] of the search's time, so a search of millions of steps costs the page a
//!   few frames a second while the search itself runs at full speed.
//!
//! The search ends with [`Frame::Done`]: its verdict, the final board and whether that board was
//! checked against the clues and every rule.

use std::time::{Duration, Instant};

use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use sudoku_core::{
    Counters, DigitSet, EventTally, Grid, Outcome, Replay, SearchEvent, Verdict, clock,
    verify_solution,
};

/// Events a lane sends in full before it sends only snapshots.
pub const FULL_EVENTS: u64 = 20_000;
/// Events in one [`Frame::Steps`] at most.
pub const BATCH: usize = 500;
/// The least time between two snapshots of one search.
pub const SNAPSHOT_EVERY: Duration = Duration::from_millis(50);
/// Events between two looks at the clock once only snapshots go out: a clock read per event
/// would cost a fast search more than its own step.
const CLOCK_EVERY: u64 = 64;

/// A board as the page draws it: its cells, each cell's region (boxes and jigsaw regions alike)
/// and whether the diagonals are houses.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    pub size: usize,
    /// The puzzle in the line form every command reads (regions and diagonals included).
    pub line: String,
    pub cells: Vec<u8>,
    pub regions: Vec<usize>,
    pub diagonals: bool,
    /// Where the puzzle came from, as messages name it (`board golden-nugget`).
    pub label: String,
    pub clues: usize,
}

impl Board {
    pub fn of(grid: &Grid, label: impl Into<String>) -> Board {
        let geometry = grid.geometry();
        Board {
            size: grid.size(),
            line: grid.to_line(),
            cells: grid.cells().to_vec(),
            regions: (0..grid.cells().len())
                .map(|cell| geometry.region_of(cell))
                .collect(),
            diagonals: grid.variant().has_diagonals(),
            label: label.into(),
            clues: grid.clue_count(),
        }
    }
}

/// One step of a search, owned, in the page's compact form: an array whose first element names
/// the kind (`["p", cell, digit, guess]`; see [`Event::from`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Place {
        cell: usize,
        digit: u8,
        guess: bool,
    },
    Remove {
        cell: usize,
        digit: u8,
    },
    Cover {
        cell: usize,
        digit: u8,
    },
    Uncover {
        cell: usize,
        digit: u8,
    },
    Fill {
        cells: Vec<u8>,
        cost: u64,
    },
    Move {
        changes: Vec<(usize, u8)>,
        cost: u64,
    },
    Technique {
        name: String,
        placed: Vec<(usize, u8)>,
        eliminated: Vec<(usize, u8)>,
        marks: Vec<DigitSet>,
    },
}

impl From<&SearchEvent<'_>> for Event {
    fn from(event: &SearchEvent<'_>) -> Event {
        match *event {
            SearchEvent::Place { cell, digit, guess } => Event::Place { cell, digit, guess },
            SearchEvent::Remove { cell, digit } => Event::Remove { cell, digit },
            SearchEvent::Cover { cell, digit } => Event::Cover { cell, digit },
            SearchEvent::Uncover { cell, digit } => Event::Uncover { cell, digit },
            SearchEvent::Fill { cells, cost } => Event::Fill {
                cells: cells.to_vec(),
                cost,
            },
            SearchEvent::Move { changes, cost } => Event::Move {
                changes: changes.to_vec(),
                cost,
            },
            SearchEvent::Technique {
                name,
                placed,
                eliminated,
                marks,
            } => Event::Technique {
                name: name.to_string(),
                placed: placed.to_vec(),
                eliminated: eliminated.to_vec(),
                marks: marks.to_vec(),
            },
        }
    }
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Event::Place { cell, digit, guess } => {
                ("p", cell, digit, u8::from(*guess)).serialize(serializer)
            }
            Event::Remove { cell, digit } => ("r", cell, digit).serialize(serializer),
            Event::Cover { cell, digit } => ("c", cell, digit).serialize(serializer),
            Event::Uncover { cell, digit } => ("u", cell, digit).serialize(serializer),
            Event::Fill { cells, cost } => ("f", cells, cost).serialize(serializer),
            Event::Move { changes, cost } => ("m", changes, cost).serialize(serializer),
            Event::Technique {
                name,
                placed,
                eliminated,
                marks,
            } => {
                let mut seq = serializer.serialize_seq(Some(5))?;
                seq.serialize_element("t")?;
                seq.serialize_element(name)?;
                seq.serialize_element(placed)?;
                seq.serialize_element(eliminated)?;
                seq.serialize_element(marks)?;
                seq.end()
            }
        }
    }
}

/// What one lane of a race tells the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Frame {
    /// Events `first`, `first + 1`, … of the search (numbered from 1), in full.
    Steps {
        lane: usize,
        first: u64,
        events: Vec<Event>,
        elapsed_us: u64,
    },
    /// The board after event `step`, the events before it not all sent, and every event so far
    /// counted by kind (`304,053 placements, 152,135 of them guesses, …`).
    Snapshot {
        lane: usize,
        step: u64,
        cells: Vec<u8>,
        cost: Option<u64>,
        elapsed_us: u64,
        tally: String,
    },
    /// The search ended.
    Done(Box<Done>),
}

/// How a search ended, with the board it ended on.
#[derive(Clone, Debug, Serialize)]
pub struct Done {
    pub lane: usize,
    /// Events the search reported.
    pub steps: u64,
    /// False when the search runs where it cannot be seen: only its result and time are shown.
    pub watched: bool,
    /// Why it was not watched, or what went wrong with its steps.
    pub note: Option<String>,
    pub verdict: String,
    pub solved: bool,
    /// Whether `cells` was checked and holds a solution of the puzzle: every clue kept, every
    /// house complete.
    pub verified: bool,
    /// The solution, else the best attempt, else the board the steps ended on.
    pub cells: Vec<u8>,
    pub cost: Option<u64>,
    pub elapsed_us: u64,
    pub counters: Vec<(&'static str, u64)>,
    pub tally: String,
}

impl Done {
    /// The end of a search: `outcome` checked against `puzzle` already (a solution that does not
    /// verify has turned its verdict into a wrong answer), `shown` the board its steps ended on.
    pub fn new(
        lane: usize,
        puzzle: &Grid,
        outcome: &Outcome,
        shown: &[u8],
        elapsed: Duration,
        tally: &EventTally,
    ) -> Done {
        let (cells, cost) = match (&outcome.solutions.first(), &outcome.best_attempt) {
            (Some(solution), _) => (solution.cells().to_vec(), Some(0)),
            (None, Some(attempt)) => (attempt.grid.cells().to_vec(), Some(attempt.cost)),
            (None, None) => (shown.to_vec(), None),
        };
        let verified = puzzle
            .with_cells(cells.clone())
            .is_some_and(|grid| verify_solution(puzzle, &grid).is_ok());
        Done {
            lane,
            steps: tally.total(),
            watched: true,
            note: None,
            verdict: outcome.verdict.to_string(),
            solved: outcome.verdict == Verdict::Solved,
            verified,
            cells,
            cost,
            elapsed_us: micros(elapsed),
            counters: counters(&outcome.counters),
            tally: tally.describe(),
        }
    }

    /// The same end, for a search that ran unwatched, saying why.
    pub fn unwatched(self, why: String) -> Done {
        Done {
            watched: false,
            note: Some(why),
            tally: "not watched".into(),
            ..self
        }
    }
}

fn counters(counters: &Counters) -> Vec<(&'static str, u64)> {
    counters.all().filter(|&(_, value)| value > 0).collect()
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

/// Follows one search's events into frames (module docs).
pub struct Recorder {
    lane: usize,
    replay: Replay,
    started: Instant,
    pending: Vec<Event>,
    /// The number of the first pending event.
    pending_first: u64,
    last_snapshot: Option<Instant>,
    /// Events since the last frame that the page has not seen.
    unsent: bool,
    /// The first event that did not fit the board; the recorder follows nothing after it.
    misfit: Option<String>,
}

impl Recorder {
    /// A recorder for the search of `puzzle` that began at `started`.
    pub fn new(lane: usize, puzzle: &Grid, started: Instant) -> Recorder {
        Recorder {
            lane,
            replay: Replay::new(puzzle),
            started,
            pending: Vec::with_capacity(BATCH),
            pending_first: 1,
            last_snapshot: None,
            unsent: false,
            misfit: None,
        }
    }

    /// Follows `event`, handing `send` any frame that is due. Returns false once an event has
    /// not fit the board: the search should stop, as what it reports can no longer be shown.
    pub fn event(&mut self, event: &SearchEvent<'_>, send: &mut impl FnMut(Frame)) -> bool {
        if self.misfit.is_some() {
            return false;
        }
        if let Err(why) = self.replay.apply(event) {
            self.misfit = Some(why);
            return false;
        }
        let step = self.steps();
        if step <= FULL_EVENTS {
            self.pending.push(Event::from(event));
            if self.pending.len() == BATCH || step == FULL_EVENTS {
                self.flush(send);
            }
        } else {
            self.unsent = true;
            if step.is_multiple_of(CLOCK_EVERY) {
                let now = clock();
                if self
                    .last_snapshot
                    .is_none_or(|last| now - last >= SNAPSHOT_EVERY)
                {
                    self.last_snapshot = Some(now);
                    send(self.snapshot(now));
                }
            }
        }
        true
    }

    /// Sends what the page has not seen yet: the pending events, or the board as it stands.
    pub fn finish(&mut self, send: &mut impl FnMut(Frame)) {
        self.flush(send);
        if self.unsent {
            send(self.snapshot(clock()));
        }
    }

    fn flush(&mut self, send: &mut impl FnMut(Frame)) {
        if self.pending.is_empty() {
            return;
        }
        let events = std::mem::replace(&mut self.pending, Vec::with_capacity(BATCH));
        let first = self.pending_first;
        self.pending_first += events.len() as u64;
        send(Frame::Steps {
            lane: self.lane,
            first,
            events,
            elapsed_us: micros(clock() - self.started),
        });
    }

    fn snapshot(&mut self, now: Instant) -> Frame {
        self.unsent = false;
        Frame::Snapshot {
            lane: self.lane,
            step: self.steps(),
            cells: self.replay.cells().to_vec(),
            cost: self.replay.cost(),
            elapsed_us: micros(now - self.started),
            tally: self.replay.tally().describe(),
        }
    }

    /// Events followed.
    pub fn steps(&self) -> u64 {
        self.replay.tally().total()
    }

    pub fn tally(&self) -> &EventTally {
        self.replay.tally()
    }

    /// The board the events have reached.
    pub fn cells(&self) -> &[u8] {
        self.replay.cells()
    }

    /// Why the search's steps stopped being followed, if an event did not fit the board.
    pub fn misfit(&self) -> Option<&str> {
        self.misfit.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn puzzle() -> Grid {
        Grid::parse("1...............").unwrap()
    }

    fn place(cell: usize, digit: u8) -> SearchEvent<'static> {
        SearchEvent::Place {
            cell,
            digit,
            guess: cell == 1,
        }
    }

    #[test]
    fn events_are_written_as_the_page_reads_them() {
        let marks = [0b110, 0];
        let technique = SearchEvent::Technique {
            name: "hidden single",
            placed: &[(3, 2)],
            eliminated: &[(4, 1)],
            marks: &marks,
        };
        let events = [
            (place(1, 2), json!(["p", 1, 2, 1])),
            (
                SearchEvent::Remove { cell: 1, digit: 2 },
                json!(["r", 1, 2]),
            ),
            (SearchEvent::Cover { cell: 5, digit: 3 }, json!(["c", 5, 3])),
            (
                SearchEvent::Uncover { cell: 5, digit: 3 },
                json!(["u", 5, 3]),
            ),
            (
                SearchEvent::Fill {
                    cells: &[1, 0],
                    cost: 4,
                },
                json!(["f", [1, 0], 4]),
            ),
            (
                SearchEvent::Move {
                    changes: &[(2, 3), (7, 0)],
                    cost: 1,
                },
                json!(["m", [[2, 3], [7, 0]], 1]),
            ),
            (
                technique,
                json!(["t", "hidden single", [[3, 2]], [[4, 1]], [6, 0]]),
            ),
        ];
        for (event, expected) in events {
            assert_eq!(serde_json::to_value(Event::from(&event)).unwrap(), expected);
        }
    }

    #[test]
    fn a_short_search_goes_out_in_full_in_numbered_batches() {
        let puzzle = Grid::parse(&".".repeat(81)).unwrap();
        let mut recorder = Recorder::new(2, &puzzle, clock());
        let mut frames = Vec::new();
        let mut send = |frame| frames.push(frame);
        for cell in 0..81 {
            assert!(recorder.event(&place(cell, 1 + (cell % 9) as u8), &mut send));
            assert!(recorder.event(
                &SearchEvent::Remove {
                    cell,
                    digit: 1 + (cell % 9) as u8
                },
                &mut send
            ));
        }
        for cell in 0..81 {
            recorder.event(&place(cell, 1), &mut send);
        }
        recorder.finish(&mut send);
        // 243 events: nothing before the first batch of 500 fills, so one frame at the end.
        assert_eq!(frames.len(), 1);
        let Frame::Steps {
            lane,
            first,
            events,
            ..
        } = &frames[0]
        else {
            panic!("{:?}", frames[0]);
        };
        assert_eq!((*lane, *first, events.len()), (2, 1, 243));
        assert_eq!(recorder.cells(), &[1; 81][..]);
    }

    #[test]
    fn a_long_search_sends_every_event_up_to_the_limit_then_snapshots() {
        let puzzle = Grid::parse(&".".repeat(81)).unwrap();
        let mut recorder = Recorder::new(0, &puzzle, clock());
        let mut frames = Vec::new();
        let mut send = |frame| frames.push(frame);
        let total = FULL_EVENTS + 10_001;
        for step in 0..total {
            let event = if step % 2 == 0 {
                place(0, 5)
            } else {
                SearchEvent::Remove { cell: 0, digit: 5 }
            };
            recorder.event(&event, &mut send);
        }
        recorder.finish(&mut send);
        let mut next = 1;
        for frame in &frames {
            match frame {
                Frame::Steps { first, events, .. } => {
                    assert_eq!(*first, next, "batches continue one another");
                    assert!(events.len() <= BATCH);
                    next += events.len() as u64;
                }
                Frame::Snapshot { step, cells, .. } => {
                    assert!(*step >= next - 1, "a snapshot never goes back");
                    next = step + 1;
                    assert_eq!(cells.len(), 81);
                }
                Frame::Done(_) => unreachable!(),
            }
        }
        let full: usize = frames
            .iter()
            .map(|f| match f {
                Frame::Steps { events, .. } => events.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(full as u64, FULL_EVENTS);
        let Some(Frame::Snapshot {
            step, cells, tally, ..
        }) = frames.last()
        else {
            panic!("the last frame is the board as it ended");
        };
        assert_eq!(*step, total);
        assert_eq!(
            tally, "15,001 placements, 15,000 removals",
            "every event counted"
        );
        assert_eq!(cells[0], 5, "an odd number of steps ends placed");
    }

    #[test]
    fn a_step_that_does_not_fit_stops_the_recording() {
        let puzzle = puzzle();
        let mut recorder = Recorder::new(0, &puzzle, clock());
        let mut send = |_| {};
        assert!(!recorder.event(&place(0, 2), &mut send), "over a clue");
        assert!(recorder.misfit().unwrap().contains("holds a clue"));
        assert!(!recorder.event(&place(1, 2), &mut send));
        assert_eq!(recorder.steps(), 0);
    }

    #[test]
    fn done_verifies_the_board_it_reports() {
        let puzzle = puzzle();
        let solution = Grid::parse("1234341221434321").unwrap();
        let wrong = Grid::parse("1234341221433421").unwrap();
        let tally = EventTally::default();
        let mut outcome =
            Outcome::from_search(None, vec![solution.clone()], 1, Counters::default());
        let done = Done::new(0, &puzzle, &outcome, puzzle.cells(), Duration::ZERO, &tally);
        assert!(done.solved && done.verified);
        assert_eq!(
            puzzle.with_cells(done.cells).unwrap().to_line(),
            "1234341221434321"
        );
        outcome.solutions = vec![wrong];
        sudoku_core::check_answer(&puzzle, &mut outcome);
        let done = Done::new(0, &puzzle, &outcome, puzzle.cells(), Duration::ZERO, &tally);
        assert!(!done.solved && !done.verified, "{}", done.verdict);
        let unsolved = Outcome::from_search(
            Some(sudoku_core::StopReason::Deadline),
            Vec::new(),
            0,
            Counters::default(),
        );
        let done = Done::new(
            0,
            &puzzle,
            &unsolved,
            puzzle.cells(),
            Duration::ZERO,
            &tally,
        )
        .unwatched("it cannot be seen".into());
        assert!(!done.verified && !done.watched);
        assert_eq!(
            puzzle.with_cells(done.cells).unwrap().to_line(),
            "1..............."
        );
    }
}
