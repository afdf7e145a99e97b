//! Solvers whose engines misbehave, run in worker processes: one never returns (it ignores its
//! budget), one takes its process down. The watchdog kills the first after its budget and grace,
//! the second's death is recorded, and the run goes on in fresh workers.
//!
//! This test is its own worker: started with `worker`, it serves solves for these solvers.

use std::time::{Duration, Instant};

use sudoku_core::{Budget, Capabilities, Family, Grid, Outcome, Registered, Solver, SolverInfo};
use sudoku_run::isolate::{self, Isolation, WorkerCommand};
use sudoku_run::results::{self, Status};
use sudoku_run::{RESULTS_FILE, RunOptions};

fn info(id: &'static str) -> SolverInfo {
    SolverInfo {
        id,
        family: Family::LinearProgramming,
        description: "a misbehaving engine, for tests",
        capabilities: Capabilities::exact(&[9])
            .without_counting()
            .external_engine(),
    }
}

/// Never answers, whatever its budget says.
struct Deaf;

impl Solver for Deaf {
    fn info(&self) -> SolverInfo {
        info("deaf")
    }

    fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
}

/// Brings its process down, as an engine's segmentation fault would.
struct Doomed;

impl Solver for Doomed {
    fn info(&self) -> SolverInfo {
        info("doomed")
    }

    fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
        std::process::abort()
    }
}

fn solvers() -> Vec<Registered> {
    vec![
        Registered::new(|| Box::new(Deaf)),
        Registered::new(|| Box::new(Doomed)),
        sudoku_registry::registry()
            .into_iter()
            .find(|r| r.id() == "dlx")
            .expect("dlx is registered"),
    ]
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("worker") {
        isolate::serve(
            &solvers(),
            std::io::stdin().lock(),
            std::io::stdout().lock(),
        )
        .expect("the worker serves");
        return;
    }
    // A harness of its own, so it keeps libtest's tiers by hand: it belongs to the slow tier,
    // run with `--ignored` (`bash scripts/test.sh slow`), and says so otherwise.
    let name = "misbehaving_engines_are_stopped_and_the_run_goes_on";
    if !std::env::args().any(|arg| arg == "--ignored" || arg == "--include-ignored") {
        println!(
            "test {name} ... ignored, slow tier (bash scripts/test.sh slow): engines that hang, \
             crash and overrun, each waited out by the watchdog"
        );
        return;
    }
    for jobs in [1, 2] {
        misbehaving_engines_are_stopped_and_the_run_goes_on(jobs);
        println!("test {name} (jobs {jobs}) ... ok");
    }
}

fn misbehaving_engines_are_stopped_and_the_run_goes_on(jobs: usize) {
    let out = tempfile::tempdir().unwrap();
    let timeout = 0.2;
    let options = RunOptions {
        datasets: vec!["named".into()],
        limit: Some(2),
        reps: 1,
        timeout: Some(timeout),
        jobs,
        isolate: Isolation::Auto,
        worker: Some(WorkerCommand::this_program(&["worker"]).unwrap()),
        ..RunOptions::default()
    };
    let started = Instant::now();
    sudoku_run::run_in(
        out.path(),
        solvers(),
        &options,
        sudoku_run::EarlierRun::Refuse,
        &mut (),
    )
    .unwrap();
    let elapsed = started.elapsed();

    let rows = results::read(&out.path().join(RESULTS_FILE)).unwrap().rows;
    let of = |id: &str| -> Vec<&results::Row> { rows.iter().filter(|r| r.solver == id).collect() };
    let deaf = of("deaf");
    assert_eq!(deaf.len(), 2, "one warm-up per puzzle, not repeated");
    for row in &deaf {
        assert_eq!(row.status, Status::Failed, "{row:?}");
        assert!(row.detail.contains("watchdog"), "{}", row.detail);
    }
    let doomed = of("doomed");
    assert_eq!(doomed.len(), 2);
    for row in &doomed {
        assert_eq!(row.status, Status::Crashed, "{row:?}");
        assert!(row.detail.contains("SIGABRT"), "{}", row.detail);
    }
    let dlx = of("dlx");
    assert_eq!(dlx.len(), 4, "warm-up and one timed pass of each puzzle");
    assert!(dlx.iter().all(|r| r.status == Status::Solved), "{dlx:?}");
    // Each deaf solve is killed after its budget and grace, not waited on forever.
    let most = 2.0 * (timeout + isolate::grace(Duration::from_secs_f64(timeout)).as_secs_f64());
    assert!(
        elapsed.as_secs_f64() < most + 30.0,
        "the run took {elapsed:?}"
    );
}
