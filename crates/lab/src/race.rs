//! Races: solvers on one puzzle at once, each on a thread of its own, their steps streamed to
//! the page as they happen.
//!
//! Every frame of the stream carries `seq`, rising by one, so the page can tell that nothing
//! was lost or reordered. The first frame names the race, then come the lanes' frames as they
//! are made, then `end` once every lane is done. When the page goes away, the stream is
//! dropped and every lane's cancel flag is set: the solvers stop at their next budget check.
//! A race holds one of the lab's permits until its last solver has actually stopped, so
//! cancelled solvers still count against the limit while they wind down.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, StreamExt};
use serde::{Deserialize, Serialize};
use sudoku_core::{
    Budget, Grid, Outcome, Registered, Solver, Verdict, admit, check_answer, clock, panic_message,
    solve_checked,
};
use sudoku_trace::{Board, Done, Frame, Recorder};
use tokio::sync::{OwnedSemaphorePermit, mpsc};
use tokio_stream::wrappers::ReceiverStream;

use crate::{Body, Lab, failure, off_thread, parse_line};

/// Solvers in one race at most: four boards side by side.
pub const MAX_LANES: usize = 4;
/// The longest budget a page may give a solver.
pub const MAX_TIMEOUT: f64 = 60.0;
/// The budget when the page names none.
pub const DEFAULT_TIMEOUT: f64 = 10.0;
/// Frames waiting for the page, over all lanes. Full batches wait for room; snapshots are
/// dropped instead (a later one supersedes them), so a slow page never slows a search that is
/// only sending snapshots.
const QUEUE: usize = 256;

#[derive(Serialize)]
pub struct SolverSummary {
    id: &'static str,
    family: String,
    description: &'static str,
    sizes: &'static [usize],
    variants: Vec<String>,
    stochastic: bool,
    external_engine: bool,
}

pub async fn solvers() -> Json<Vec<SolverSummary>> {
    let summaries = sudoku_registry::registry()
        .iter()
        .map(|registered| {
            let info = &registered.info;
            let capabilities = &info.capabilities;
            SolverSummary {
                id: info.id,
                family: info.family.to_string(),
                description: info.description,
                sizes: capabilities.sizes,
                variants: capabilities
                    .variants
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                stochastic: capabilities.stochastic,
                external_engine: capabilities.external_engine,
            }
        })
        .collect();
    Json(summaries)
}

#[derive(Deserialize)]
pub struct RaceRequest {
    line: String,
    solvers: Vec<String>,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default = "default_timeout")]
    timeout: f64,
}

fn default_seed() -> u64 {
    1
}

fn default_timeout() -> f64 {
    DEFAULT_TIMEOUT
}

/// A race checked and ready to run.
struct Entrants {
    puzzle: Grid,
    solvers: Vec<Box<dyn Solver>>,
    timeout: Duration,
    seed: u64,
}

/// Reads a race request, refusing with the command line's words what it would refuse.
fn entrants(request: RaceRequest) -> Result<Entrants, String> {
    let puzzle = parse_line(&request.line)?;
    if request.solvers.is_empty() || request.solvers.len() > MAX_LANES {
        return Err(format!(
            "a race takes 1 to {MAX_LANES} solvers; {} were chosen",
            request.solvers.len()
        ));
    }
    if !(request.timeout.is_finite() && request.timeout > 0.0 && request.timeout <= MAX_TIMEOUT) {
        return Err(format!(
            "timeout {}: give a number of seconds above 0 and at most {MAX_TIMEOUT}",
            request.timeout
        ));
    }
    let registry = sudoku_registry::registry();
    let mut solvers: Vec<Box<dyn Solver>> = Vec::new();
    for id in &request.solvers {
        let Some(registered) = registry.iter().find(|r| r.id() == id) else {
            let ids: Vec<&str> = registry.iter().map(Registered::id).collect();
            return Err(format!(
                "unknown solver {id:?}; solvers: {}",
                ids.join(", ")
            ));
        };
        if solvers.iter().any(|solver| solver.info().id == id) {
            return Err(format!("solver {id} is chosen twice"));
        }
        // The instance admitted is the one that runs.
        let solver = registered.make();
        admit(solver.as_ref(), &puzzle)
            .map_err(|why| format!("solver {id} cannot take this puzzle: {why}"))?;
        solvers.push(solver);
    }
    Ok(Entrants {
        puzzle,
        solvers,
        timeout: Duration::from_secs_f64(request.timeout),
        seed: request.seed,
    })
}

/// What the stream says first: the race as it will run.
#[derive(Serialize)]
struct Start {
    puzzle: Board,
    seed: u64,
    timeout: f64,
    lanes: Vec<LaneName>,
}

#[derive(Serialize)]
struct LaneName {
    lane: usize,
    solver: &'static str,
    family: String,
}

/// Everything the stream carries, each numbered as it goes out.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    Race(Start),
    End,
    #[serde(untagged)]
    Lane(Frame),
}

#[derive(Serialize)]
struct Numbered {
    seq: usize,
    #[serde(flatten)]
    message: Message,
}

/// Sets every lane's cancel flag when the stream is dropped: the page went away.
struct CancelOnDrop(Vec<Arc<AtomicBool>>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        for flag in &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

pub async fn race(State(lab): State<Arc<Lab>>, Body(request): Body<RaceRequest>) -> Response {
    let entrants = match off_thread(move || entrants(request)).await {
        Ok(entrants) => entrants,
        Err(refusal) => return refusal,
    };
    let Ok(permit) = lab.races.clone().try_acquire_owned() else {
        return failure(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "{} races are running, the most this lab runs at once (serve --races); \
                 start this one when one of them ends",
                lab.race_limit
            ),
        );
    };
    let start = Start {
        puzzle: Board::of(&entrants.puzzle, "race"),
        seed: entrants.seed,
        timeout: entrants.timeout.as_secs_f64(),
        lanes: entrants
            .solvers
            .iter()
            .enumerate()
            .map(|(lane, solver)| {
                let info = solver.info();
                LaneName {
                    lane,
                    solver: info.id,
                    family: info.family.to_string(),
                }
            })
            .collect(),
    };
    let (sender, receiver) = mpsc::channel(QUEUE);
    let permit = Arc::new(permit);
    let mut flags = Vec::new();
    for (lane, solver) in entrants.solvers.into_iter().enumerate() {
        let cancel = Arc::new(AtomicBool::new(false));
        flags.push(cancel.clone());
        let run = LaneRun {
            lane,
            solver,
            puzzle: entrants.puzzle.clone(),
            budget: Budget::solve()
                .with_seed(entrants.seed)
                .with_cancel(cancel.clone()),
            timeout: entrants.timeout,
            cancel,
            sender: sender.clone(),
            _permit: permit.clone(),
        };
        tokio::task::spawn_blocking(move || run.run());
    }
    drop(sender);
    let guard = CancelOnDrop(flags);
    let messages = stream::once(async { Message::Race(start) })
        .chain(ReceiverStream::new(receiver).map(Message::Lane))
        .chain(stream::once(async { Message::End }))
        .enumerate()
        .map(move |(seq, message)| {
            let _alive = &guard;
            Event::default()
                .id(seq.to_string())
                .json_data(Numbered { seq, message })
        });
    Sse::new(messages).into_response()
}

/// One solver's run in a race, on a blocking thread.
struct LaneRun {
    lane: usize,
    solver: Box<dyn Solver>,
    puzzle: Grid,
    /// The budget without its deadline, which starts when the solver does.
    budget: Budget,
    timeout: Duration,
    cancel: Arc<AtomicBool>,
    sender: mpsc::Sender<Frame>,
    /// Held until the solver has stopped.
    _permit: Arc<OwnedSemaphorePermit>,
}

impl LaneRun {
    fn run(mut self) {
        let started = clock();
        let budget = self.budget.clone().with_deadline(started + self.timeout);
        let mut recorder = Recorder::new(self.lane, &self.puzzle, started);
        let sender = self.sender.clone();
        let cancel = self.cancel.clone();
        // A full batch waits for room; a snapshot is dropped when the queue is full. Either way
        // a page that has gone stops the search.
        let mut send = |frame: Frame| {
            let sent = match frame {
                Frame::Snapshot { .. } => !matches!(
                    sender.try_send(frame),
                    Err(mpsc::error::TrySendError::Closed(_))
                ),
                _ => sender.blocking_send(frame).is_ok(),
            };
            if !sent {
                cancel.store(true, Ordering::Relaxed);
            }
        };
        let watched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.solver
                .solve_watched(&self.puzzle, &budget, &mut |event| {
                    if !recorder.event(&event, &mut send) {
                        cancel.store(true, Ordering::Relaxed);
                    }
                })
        }));
        let elapsed = clock() - started;
        let outcome = match watched {
            Ok(Ok(mut outcome)) => {
                check_answer(&self.puzzle, &mut outcome);
                recorder.finish(&mut send);
                outcome
            }
            Ok(Err(not_watchable)) => {
                let done = self.unwatched(not_watchable.to_string());
                let _ = self.sender.blocking_send(Frame::Done(Box::new(done)));
                return;
            }
            Err(panic) => Outcome {
                verdict: Verdict::Crashed(panic_message(panic.as_ref())),
                ..Outcome::from_search(None, Vec::new(), 0, Default::default())
            },
        };
        let mut done = Done::new(
            self.lane,
            &self.puzzle,
            &outcome,
            recorder.cells(),
            elapsed,
            recorder.tally(),
        );
        if let Some(why) = recorder.misfit() {
            done.verified = false;
            done.note = Some(format!(
                "stopped: the solver reported a step that does not fit the board ({why})"
            ));
        }
        let _ = self.sender.blocking_send(Frame::Done(Box::new(done)));
    }

    /// A solver whose search cannot be seen: solved plainly, under the same budget, its
    /// result and time shown.
    fn unwatched(&mut self, why: String) -> Done {
        let started = clock();
        let budget = self.budget.clone().with_deadline(started + self.timeout);
        let outcome = solve_checked(self.solver.as_mut(), &self.puzzle, &budget);
        let elapsed = clock() - started;
        Done::new(
            self.lane,
            &self.puzzle,
            &outcome,
            self.puzzle.cells(),
            elapsed,
            &Default::default(),
        )
        .unwatched(why)
    }
}

#[cfg(test)]
mod tests;
