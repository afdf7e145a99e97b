//! Executes a plan into a results file, one flushed row per solve, resuming where an interrupted
//! file stopped.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use rayon::prelude::*;
use sudoku_catalog::Dataset;
use sudoku_core::{Grid, Registered, Solver, VariantKind, Verdict};

use crate::isolate::{Isolation, Workers};
use crate::machine::CpuTimes;
use crate::measure::timed_solve;
use crate::options::{Policy, RunOptions};
use crate::plan::{PreparedDataset, Task, plan};
use crate::results::{Phase, ResultsFile, Row, RowKey, RunEnd, RunHeader, SolverMeta};
use crate::verdict::{ReferenceAnswer, References};

/// The final results file inside the output folder.
pub const RESULTS_FILE: &str = "results.csv";
/// Where a run in progress streams its rows; renamed to [`RESULTS_FILE`] when it completes.
pub const PARTIAL_FILE: &str = "results.partial.csv";

/// Told of a run's progress. Every method has a default, so an observer implements only what it
/// shows; returning an error from [`Observer::row`] stops the run (the row is already written).
pub trait Observer: Send {
    /// The run has `total` solves at most, `done` of them already in the file; the rest take
    /// `worst_case` at most if every solve used its whole time budget.
    fn planned(&mut self, total: u64, done: u64, worst_case: Duration) {
        let _ = (total, done, worst_case);
    }

    /// Solves of `solver` on `dataset` begin.
    fn working_on(&mut self, solver: &str, dataset: &str) {
        let _ = (solver, dataset);
    }

    /// A row was written.
    fn row(&mut self, row: &Row) -> Result<()> {
        let _ = row;
        Ok(())
    }

    /// Whether the run should stop (Ctrl-C): checked before each row is written, so the solve
    /// under way when the stop came is left out rather than recorded as cut short.
    fn stop_requested(&self) -> bool {
        false
    }
}

/// Observes nothing.
impl Observer for () {}

/// The error a run ends with when an observer interrupts it on purpose.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("run interrupted; continue it with --resume")
    }
}

impl std::error::Error for Interrupted {}

/// What a finished run left, and where.
#[derive(Debug)]
pub struct RunOutcome {
    pub csv: PathBuf,
    pub rows_written: usize,
    pub elapsed: Duration,
    /// Spent checking verdicts ([`crate::verdict`]), outside every timed solve.
    pub checking: Duration,
}

/// What [`execute`] did.
#[derive(Debug, Default)]
pub struct Executed {
    pub rows_written: usize,
    /// Spent checking verdicts, outside the timed solves.
    pub checking: Duration,
}

/// Runs `solvers` on `datasets` as `options` say, streaming rows into `file` (its earlier rows,
/// `previous`, are not solved again), each decided verdict checked as `options.check` says
/// against the dataset or one of `references`. Each dataset is taken a part at a time
/// ([`PreparedDataset::parts`]), so what the run holds is bounded by a part, not the dataset.
pub fn execute(
    solvers: &[Registered],
    references: &[Registered],
    datasets: &[PreparedDataset],
    options: &RunOptions,
    file: ResultsFile,
    previous: &[Row],
    observer: &mut dyn Observer,
) -> Result<Executed> {
    let done: HashSet<RowKey> = previous.iter().map(Row::key).collect();
    let metas: Vec<SolverMeta> = solvers.iter().map(|r| SolverMeta::from(&r.info)).collect();
    let policies: Vec<Policy> = solvers
        .iter()
        .map(|r| Policy::for_solver(&r.info.capabilities, options))
        .collect();
    let total = crate::plan::planned_solves(solvers, datasets, options);
    let mut worst = Duration::ZERO;
    for (registered, policy) in solvers.iter().zip(&policies) {
        let per_puzzle: Duration = crate::plan::passes(registered, options)
            .iter()
            .map(|&(phase, rep)| worst_case(phase, rep, policy.timeout, options))
            .sum();
        for dataset in datasets {
            worst += per_puzzle * u32::try_from(dataset.len()).unwrap_or(u32::MAX);
        }
    }
    for row in previous {
        if let Some(index) = solvers.iter().position(|r| r.id() == row.solver) {
            let timeout = policies[index].timeout;
            worst = worst.saturating_sub(worst_case(row.phase, row.rep, timeout, options));
        }
    }
    observer.planned(total, done.len() as u64, worst);
    let workers = options.worker.clone().map(Workers::new);
    if options.isolate == Isolation::Process && workers.is_none() {
        bail!("isolating every solver needs a worker program, and none was given");
    }
    let pool = match options.jobs {
        0 | 1 => None,
        jobs => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .context("cannot start the solver threads")?,
        ),
    };
    // What each puzzle's earlier rows say about repeating it, by (solver, dataset, puzzle id).
    let mut earlier: HashMap<(String, String, String), PuzzleState> = HashMap::new();
    for row in previous {
        earlier
            .entry((row.solver.clone(), row.dataset.clone(), row.puzzle.clone()))
            .or_default()
            .record(row.status.is_decided(), row.phase, row.time_ns);
    }
    let sink = Mutex::new((file, observer));
    let checking = AtomicU64::new(0);
    for (solver_index, registered) in solvers.iter().enumerate() {
        let meta = &metas[solver_index];
        let mut solver = registered.make();
        let isolated = options.isolate.isolates(&registered.info.capabilities);
        for (dataset_index, prepared) in datasets.iter().enumerate() {
            lock(&sink)?.1.working_on(&meta.id, prepared.name());
            for part in prepared.parts(options)? {
                let dataset = part?;
                let job = Job {
                    registered,
                    meta,
                    dataset: &dataset,
                    policy: &policies[solver_index],
                    workers: workers.as_ref().filter(|_| isolated),
                    sink: &sink,
                    check: options.check,
                    references: References::new(references),
                    reference_answers: (0..dataset.puzzles.len())
                        .map(|_| OnceLock::new())
                        .collect(),
                    checking: &checking,
                };
                let tasks = plan(solver_index, registered, dataset_index, &dataset, options);
                job.run_part(&tasks, &mut solver, pool.as_ref(), &done, &earlier, options)?;
            }
        }
    }
    let (file, _) = sink
        .into_inner()
        .map_err(|_| anyhow!("a solver thread panicked"))?;
    Ok(Executed {
        rows_written: file.written(),
        checking: Duration::from_nanos(checking.into_inner()),
    })
}

type Sink<'o> = Mutex<(ResultsFile, &'o mut dyn Observer)>;

fn lock<'s, 'o>(
    sink: &'s Sink<'o>,
) -> Result<std::sync::MutexGuard<'s, (ResultsFile, &'o mut dyn Observer)>> {
    sink.lock().map_err(|_| anyhow!("a solver thread panicked"))
}

/// The longest a solve in pass `(phase, rep)` can take within its budget `timeout`. A warm-up
/// or a stochastic run takes its whole budget at worst; timed passes of a puzzle stop once they
/// have spent `max_puzzle_seconds`, so they add up to at most that plus one more budget.
fn worst_case(phase: Phase, rep: u32, timeout: Duration, options: &RunOptions) -> Duration {
    if phase == Phase::Warmup || rep <= 1 {
        return timeout;
    }
    let all_passes =
        (timeout * options.reps).min(Duration::from_secs_f64(options.max_puzzle_seconds) + timeout);
    all_passes.saturating_sub(timeout * (rep - 1)).min(timeout)
}

fn row_key(meta: &SolverMeta, dataset: &Dataset, task: &Task) -> RowKey {
    RowKey {
        solver: meta.id.clone(),
        dataset: dataset.name.clone(),
        puzzle: dataset.puzzles[task.puzzle].id.clone(),
        phase: task.phase.as_str(),
        rep: task.rep,
        seed: task.seed,
    }
}

/// What a puzzle's rows so far say about repeating it.
#[derive(Clone, Copy, Debug, Default)]
struct PuzzleState {
    /// Gave up, was rejected, failed or answered wrongly: no more repetitions.
    stop: bool,
    timed_seconds: f64,
}

impl PuzzleState {
    fn record(&mut self, decided: bool, phase: Phase, time_ns: u64) {
        self.stop |= !decided;
        if phase == Phase::Timed {
            self.timed_seconds += time_ns as f64 / 1e9;
        }
    }

    fn repeats(&self, max_seconds: f64) -> bool {
        !self.stop && self.timed_seconds < max_seconds
    }
}

/// What the solves of one solver on one part of a dataset share.
struct Job<'a, 'o> {
    registered: &'a Registered,
    meta: &'a SolverMeta,
    dataset: &'a Dataset,
    policy: &'a Policy,
    /// Where the solves run when the solver is isolated.
    workers: Option<&'a Workers>,
    sink: &'a Sink<'o>,
    check: crate::verdict::Check,
    references: References<'a>,
    /// Each puzzle's reference count, found once however many passes ask for it.
    reference_answers: Vec<OnceLock<ReferenceAnswer>>,
    /// Nanoseconds spent checking verdicts.
    checking: &'a AtomicU64,
}

impl Job<'_, '_> {
    /// Runs the part's tasks pass by pass, skipping rows already written and the timed passes
    /// a puzzle no longer repeats; `solver` is the instance the serial path reuses.
    fn run_part(
        &self,
        tasks: &[Task],
        solver: &mut Box<dyn Solver>,
        pool: Option<&rayon::ThreadPool>,
        done: &HashSet<RowKey>,
        earlier: &HashMap<(String, String, String), PuzzleState>,
        options: &RunOptions,
    ) -> Result<()> {
        let stochastic = self.registered.info.capabilities.stochastic;
        let mut state: Vec<PuzzleState> = if earlier.is_empty() {
            vec![PuzzleState::default(); self.dataset.puzzles.len()]
        } else {
            let solver = &self.meta.id;
            let dataset = &self.dataset.name;
            self.dataset
                .puzzles
                .iter()
                .map(|p| {
                    let key = (solver.clone(), dataset.clone(), p.id.clone());
                    earlier.get(&key).copied().unwrap_or_default()
                })
                .collect()
        };
        let mut referees = HashMap::new();
        for batch in tasks.chunk_by(|a, b| a.batch() == b.batch()) {
            let phase = batch[0].phase;
            let todo: Vec<Task> = batch
                .iter()
                .filter(|t| done.is_empty() || !done.contains(&row_key(self.meta, self.dataset, t)))
                .filter(|t| {
                    stochastic
                        || phase == Phase::Warmup
                        || state[t.puzzle].repeats(options.max_puzzle_seconds)
                })
                .copied()
                .collect();
            // Each solve's row is written as it ends; only what repeating needs is kept.
            let summary = |row: Row| (row.status.is_decided(), row.phase, row.time_ns);
            let decided = match pool {
                None => todo
                    .iter()
                    .map(|task| {
                        self.write(self.solve(solver, &mut referees, task)?)
                            .map(summary)
                    })
                    .collect::<Result<Vec<_>>>()?,
                Some(pool) => pool.install(|| {
                    todo.par_iter()
                        .map_init(
                            || (self.registered.make(), HashMap::new()),
                            |(solver, referees), task| {
                                self.write(self.solve(solver, referees, task)?).map(summary)
                            },
                        )
                        .collect::<Result<Vec<_>>>()
                })?,
            };
            for (task, (decided, phase, time_ns)) in todo.iter().zip(decided) {
                state[task.puzzle].record(decided, phase, time_ns);
            }
        }
        Ok(())
    }

    /// Solves one task and checks its verdict (outside the timing); `referees` are this
    /// thread's reference solvers by puzzle size.
    fn solve(
        &self,
        solver: &mut Box<dyn Solver>,
        referees: &mut Referees,
        task: &Task,
    ) -> Result<Row> {
        let (mut row, first) = self.perform(solver, task)?;
        let started = Instant::now();
        let puzzle = &self.dataset.puzzles[task.puzzle];
        crate::verdict::judge(
            &mut row,
            self.meta,
            puzzle,
            first.as_ref(),
            self.check,
            || self.reference_answer(referees, task.puzzle),
        );
        let spent = started.elapsed().as_nanos().min(u128::from(u64::MAX)) as u64;
        self.checking.fetch_add(spent, Ordering::Relaxed);
        Ok(row)
    }

    /// Puzzle `index`'s count by a reference solver, found once for all its passes.
    fn reference_answer(&self, referees: &mut Referees, index: usize) -> ReferenceAnswer {
        let puzzle = &self.dataset.puzzles[index].grid;
        self.reference_answers[index]
            .get_or_init(|| {
                let (size, variant) = (puzzle.size(), puzzle.variant().kind());
                let referee = referees
                    .entry((size, variant))
                    .or_insert_with(|| self.references.for_solver(&self.meta.id, size, variant));
                match referee {
                    Some(referee) => crate::verdict::reference_count(
                        referee.as_mut(),
                        puzzle,
                        &self.policy.budget(0),
                    ),
                    None => ReferenceAnswer::Undecided(format!(
                        "no reference solver takes {variant} {size}×{size} boards"
                    )),
                }
            })
            .clone()
    }

    /// Solves one task through [`timed_solve`], here or in a worker, and turns it into a row
    /// and the first solution. A solver that crashed is replaced by a fresh instance before its
    /// next solve.
    fn perform(&self, solver: &mut Box<dyn Solver>, task: &Task) -> Result<(Row, Option<Grid>)> {
        let puzzle = &self.dataset.puzzles[task.puzzle];
        let run = (task.phase, task.rep, task.seed);
        if let Some(workers) = self.workers {
            return workers.solve(self.meta, &self.dataset.name, puzzle, run, self.policy);
        }
        let budget = self.policy.budget(task.seed);
        let (mut outcome, elapsed) = timed_solve(solver.as_mut(), &puzzle.grid, &budget);
        if matches!(outcome.verdict, Verdict::Crashed(_)) {
            *solver = self.registered.make();
        }
        let row = Row::from_outcome(
            self.meta,
            &self.dataset.name,
            puzzle,
            run,
            self.policy.solution_limit,
            &outcome,
            elapsed,
        );
        Ok((row, first_solution(&mut outcome)))
    }

    fn write(&self, row: Row) -> Result<Row> {
        let mut sink = lock(self.sink)?;
        if sink.1.stop_requested() {
            bail!(Interrupted);
        }
        sink.0.write(&row)?;
        sink.1.row(&row)?;
        Ok(row)
    }
}

/// A thread's reference solvers, by puzzle size (`None`: no reference takes that size).
/// The reference solver of each kind of board (size and variant), made when first needed.
type Referees = HashMap<(usize, VariantKind), Option<Box<dyn Solver>>>;

/// The first of a verified outcome's solutions, taken out of it.
pub(crate) fn first_solution(outcome: &mut sudoku_core::Outcome) -> Option<Grid> {
    match outcome.verdict {
        Verdict::Solved if !outcome.solutions.is_empty() => Some(outcome.solutions.swap_remove(0)),
        _ => None,
    }
}

/// What [`run_in`] does with a run already in its folder (a results file, finished or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlierRun {
    /// Refuses to start: nothing is lost or mixed.
    Refuse,
    /// Continues it with the options it recorded.
    Resume,
    /// Clears the folder, once the new run is known to be able to start.
    Replace,
}

/// Runs into the folder `out`: rows stream to [`PARTIAL_FILE`] (created with `header`, or
/// continued when `resume`), which becomes [`RESULTS_FILE`] once the run completes and its
/// `# end:` line records the load and the others' share of the CPU meanwhile. Resuming takes
/// the options recorded in the interrupted file, whatever `options` says. A run with
/// [`RunOptions::pin`] pins this process to that CPU before it starts.
pub fn run_in(
    out: &Path,
    registry: Vec<Registered>,
    options: &RunOptions,
    earlier: EarlierRun,
    observer: &mut dyn Observer,
) -> Result<RunOutcome> {
    let started = Instant::now();
    let partial = out.join(PARTIAL_FILE);
    let complete = out.join(RESULTS_FILE);
    let held = [&partial, &complete].into_iter().find(|file| file.exists());
    if let (EarlierRun::Refuse, Some(file)) = (earlier, held) {
        bail!(
            "{} already holds a run ({}): pass --resume to continue it, or --force to clear \
             the folder and start again",
            out.display(),
            file.display()
        );
    }
    let resume = earlier == EarlierRun::Resume;
    let mut options = options.clone();
    if resume {
        if !partial.exists() && complete.exists() {
            std::fs::copy(&complete, &partial)?;
        }
        if !partial.exists() {
            bail!("nothing to resume: no {PARTIAL_FILE} in {}", out.display());
        }
        let recorded = crate::results::read_header(&partial)?
            .context("the interrupted file has no run header")?;
        let worker = options.worker.take();
        options = serde_json::from_value(recorded.options)
            .context("the interrupted run's options cannot be read back")?;
        options.worker = worker;
    }
    options.validate()?;
    let references = references(&registry, &options)?;
    // Taken before pinning, which leaves this process one CPU to see.
    let machine = crate::machine::machine();
    if let Some(cpu) = options.pin {
        crate::machine::pin_to_cpu(cpu)?;
    }
    let solvers = crate::plan::chosen_solvers(registry, &options)?;
    let datasets = crate::plan::prepare_datasets(&options)?;
    // Only now that the run can start: a refused run leaves no folder behind, and a replaced
    // one is cleared whole, so no file of it sits beside the new run's.
    if earlier == EarlierRun::Replace && held.is_some() {
        std::fs::remove_dir_all(out)
            .with_context(|| format!("cannot clear the earlier run in {}", out.display()))?;
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let (file, previous) = if resume {
        let (file, previous) = ResultsFile::open_for_resume(&partial)?;
        (file, previous.rows)
    } else {
        let header = RunHeader {
            planned_solves: Some(crate::plan::planned_solves(&solvers, &datasets, &options)),
            machine,
            ..RunHeader::new(&solvers, &options)?
        };
        (ResultsFile::create(&partial, &header)?, Vec::new())
    };
    let before = CpuTimes::now();
    let executed = execute(
        &solvers,
        &references,
        &datasets,
        &options,
        file,
        &previous,
        observer,
    )?;
    let end = RunEnd {
        finished: crate::machine::utc_now(),
        load_after: crate::machine::load_average(),
        others_cpu: before
            .zip(CpuTimes::now())
            .and_then(|(before, after)| before.others_share(&after)),
        resumed: resume,
    };
    crate::results::write_end(&partial, &end)?;
    std::fs::rename(&partial, &complete)
        .with_context(|| format!("cannot move the results to {}", complete.display()))?;
    Ok(RunOutcome {
        csv: complete,
        rows_written: executed.rows_written,
        elapsed: started.elapsed(),
        checking: executed.checking,
    })
}

/// The registry's entries `options.references` names, in its order; an unknown id is an error.
fn references(registry: &[Registered], options: &RunOptions) -> Result<Vec<Registered>> {
    options
        .references
        .iter()
        .map(|id| {
            registry
                .iter()
                .find(|r| r.id() == id)
                .cloned()
                .with_context(|| format!("no solver `{id}` to check verdicts against"))
        })
        .collect()
}
