//! Solves in worker processes, under a watchdog.
//!
//! An external engine is foreign code: it may run past the time limit it was handed, bring the
//! process down with it, or not be thread-safe (CBC is not). Such a solver runs in a worker
//! process: the same program started with the arguments that make it [`serve`] solves, one
//! request and one answer a line on its standard input and output. The worker times and checks
//! each solve through [`timed_solve`], exactly as in-process solves are; the parent waits for
//! the answer until the budget's deadline plus a grace period, then kills the worker and records
//! the solve as failed. A worker that dies is recorded as crashed. Either way a fresh worker takes
//! the next solve, and `--jobs` runs that many workers, one engine in each.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use serde::{Deserialize, Serialize};
use sudoku_catalog::Puzzle;
use sudoku_core::{Counters, Grid, Outcome, Registered, Solver, Verdict};

use crate::measure::timed_solve;
use crate::options::Policy;
use crate::results::{Phase, Row, SolverMeta};

/// Which solvers a run isolates in worker processes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Isolation {
    /// Those that declare an external engine ([`sudoku_core::Capabilities::external_engine`]).
    #[default]
    Auto,
    /// None: every solve runs in this process.
    Off,
    /// Every solver.
    Process,
}

impl Isolation {
    /// Whether a solver with these capabilities runs in a worker.
    pub fn isolates(self, caps: &sudoku_core::Capabilities) -> bool {
        match self {
            Isolation::Auto => caps.external_engine,
            Isolation::Off => false,
            Isolation::Process => true,
        }
    }
}

/// How to start a worker: a program and the arguments that make it call [`serve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

impl WorkerCommand {
    /// This very program, with `args`.
    pub fn this_program(args: &[&str]) -> Result<WorkerCommand> {
        Ok(WorkerCommand {
            program: std::env::current_exe()
                .context("cannot find this program to start workers")?,
            args: args.iter().map(|a| a.to_string()).collect(),
        })
    }
}

/// How long past its budget a solve may run before the watchdog kills its worker: engines
/// count their limits coarsely (CBC and GLPK in whole seconds), so the grace is generous.
pub fn grace(timeout: Duration) -> Duration {
    (timeout / 2).max(Duration::from_secs(2))
}

/// One solve asked of a worker: the solver, the puzzle and the row's context.
#[derive(Debug, Serialize, Deserialize)]
struct Request {
    meta: SolverMeta,
    dataset: String,
    puzzle_id: String,
    puzzle: String,
    phase: Phase,
    rep: u32,
    seed: u64,
    policy: Policy,
}

impl Request {
    /// The row of this solve, from its outcome: the one constructor in-process solves use too.
    fn row(&self, grid: Grid, outcome: &Outcome, elapsed: Duration) -> Row {
        let puzzle = Puzzle {
            id: self.puzzle_id.clone(),
            grid,
            expected_count: None,
            solution: None,
        };
        Row::from_outcome(
            &self.meta,
            &self.dataset,
            &puzzle,
            (self.phase, self.rep, self.seed),
            self.policy.solution_limit,
            outcome,
            elapsed,
        )
    }
}

/// A worker's answer: the solve's row, and its first solution for the verdict check.
#[derive(Debug, Serialize, Deserialize)]
struct Answer {
    row: Row,
    solution: Option<String>,
}

/// The worker's side: answers every request on `input` with its row, one JSON line on
/// `output`, until `input` ends. Solver instances are kept by id between requests; one that
/// crashed is replaced.
pub fn serve(registry: &[Registered], input: impl BufRead, mut output: impl Write) -> Result<()> {
    let mut solvers: HashMap<String, Box<dyn Solver>> = HashMap::new();
    for line in input.lines() {
        let request: Request =
            serde_json::from_str(&line.context("cannot read a request")?).context("bad request")?;
        let entry = registry
            .iter()
            .find(|r| r.id() == request.meta.id)
            .ok_or_else(|| anyhow!("this worker has no solver `{}`", request.meta.id))?;
        let puzzle = Grid::parse(&request.puzzle)
            .map_err(|e| anyhow!("a request carried a bad puzzle: {e}"))?;
        let solver = solvers
            .entry(request.meta.id.clone())
            .or_insert_with(|| entry.make());
        let budget = request.policy.budget(request.seed);
        let (mut outcome, elapsed) = timed_solve(solver.as_mut(), &puzzle, &budget);
        if matches!(outcome.verdict, Verdict::Crashed(_)) {
            *solver = entry.make();
        }
        let answer = Answer {
            row: request.row(puzzle, &outcome, elapsed),
            solution: crate::execute::first_solution(&mut outcome).map(|grid| grid.to_string()),
        };
        serde_json::to_writer(&mut output, &answer)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

/// A running worker process and the lines it answers with.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
}

impl Worker {
    fn start(command: &WorkerCommand) -> Result<Worker> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start a worker ({})", command.program.display()))?;
        let stdin = child
            .stdin
            .take()
            .context("a worker without standard input")?;
        let stdout = child
            .stdout
            .take()
            .context("a worker without standard output")?;
        let (send, answers) = channel();
        // Reads on its own thread so the parent can wait with a timeout; ends with the worker.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Worker {
            child,
            stdin,
            answers,
        })
    }

    /// Kills the worker (if it still runs) and says how it ended.
    fn stop(mut self) -> Option<std::process::ExitStatus> {
        let _ = self.child.kill();
        self.child.wait().ok()
    }
}

/// Workers to lend to solves, started as needed and kept for the next solve.
pub struct Workers {
    command: WorkerCommand,
    idle: std::sync::Mutex<Vec<Worker>>,
}

impl Workers {
    pub fn new(command: WorkerCommand) -> Workers {
        Workers {
            command,
            idle: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Runs one solve in a worker, under the watchdog, into its row and first solution. An
    /// error only when no worker can be started or one answers with nonsense; a killed or dead
    /// worker is a row.
    pub fn solve(
        &self,
        meta: &SolverMeta,
        dataset: &str,
        puzzle: &Puzzle,
        run: (Phase, u32, u64),
        policy: &Policy,
    ) -> Result<(Row, Option<Grid>)> {
        let idle = self
            .idle
            .lock()
            .map_err(|_| anyhow!("a solver thread panicked"))?
            .pop();
        let mut worker = match idle {
            Some(worker) => worker,
            None => Worker::start(&self.command)?,
        };
        let (phase, rep, seed) = run;
        let request = Request {
            meta: meta.clone(),
            dataset: dataset.into(),
            puzzle_id: puzzle.id.clone(),
            puzzle: puzzle.grid.to_string(),
            phase,
            rep,
            seed,
            policy: policy.clone(),
        };
        let started = Instant::now();
        let mut line = serde_json::to_string(&request)?;
        line.push('\n');
        let sent = worker
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| worker.stdin.flush());
        let waited = policy.timeout + grace(policy.timeout);
        let answer = match sent {
            Ok(()) => worker.answers.recv_timeout(waited),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        let lost = match answer {
            Ok(line) => {
                let answer: Answer = serde_json::from_str(&line)
                    .with_context(|| format!("a worker answered {line:?}"))?;
                let solution = match answer.solution {
                    Some(text) => Some(Grid::parse(&text).map_err(|e| {
                        anyhow!("a worker answered with a bad solution {text:?}: {e}")
                    })?),
                    None => None,
                };
                self.idle
                    .lock()
                    .map_err(|_| anyhow!("a solver thread panicked"))?
                    .push(worker);
                return Ok((answer.row, solution));
            }
            Err(RecvTimeoutError::Timeout) => {
                worker.stop();
                Verdict::Failed(format!(
                    "stopped by the watchdog: no answer {:.1} s into a {:.1} s budget (the \
                     solver ignored its time limit)",
                    started.elapsed().as_secs_f64(),
                    policy.timeout.as_secs_f64()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let how = worker
                    .stop()
                    .map_or_else(|| "in an unknown way".into(), describe_exit);
                Verdict::Crashed(format!("the worker process died {how}"))
            }
        };
        let outcome = Outcome {
            verdict: lost,
            ..Outcome::failed("", Counters::default())
        };
        Ok((
            request.row(puzzle.grid.clone(), &outcome, started.elapsed()),
            None,
        ))
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        if let Ok(idle) = self.idle.get_mut() {
            for worker in idle.drain(..) {
                worker.stop();
            }
        }
    }
}

/// How a process ended, in words: `with exit status 3`, `on signal 11 (SIGSEGV)`.
fn describe_exit(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                6 => " (SIGABRT)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("on signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("with exit status {code}"),
        None => "in an unknown way".into(),
    }
}
