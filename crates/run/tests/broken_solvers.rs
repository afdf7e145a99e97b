//! A bench run with deliberately broken solvers: one answers with a grid that breaks the rules,
//! one never finds anything and only stops when its budget runs out, one panics on some puzzles.
//! A fourth reports an engine error without panicking. Each is recorded as what it is, and the
//! run goes on to the next puzzle and the next solver.

use sudoku_core::{
    Budget, Capabilities, Counters, Family, Grid, Outcome, Registered, Solver, SolverInfo, Verdict,
};
use sudoku_run::results::{self, Status};
use sudoku_run::{RESULTS_FILE, RunOptions};

fn info(id: &'static str) -> SolverInfo {
    SolverInfo {
        id,
        family: Family::Backtracking,
        description: "deliberately broken, for tests",
        capabilities: Capabilities::exact(&[9]).without_counting(),
    }
}

/// Claims every empty cell holds a 1.
struct Liar;

impl Solver for Liar {
    fn info(&self) -> SolverInfo {
        info("liar")
    }

    fn solve(&mut self, puzzle: &Grid, _: &Budget) -> Outcome {
        let mut wrong = puzzle.clone();
        (0..81)
            .filter(|&c| puzzle.get(c) == 0)
            .for_each(|c| wrong.set(c, 1));
        Outcome {
            verdict: Verdict::Solved,
            solutions: vec![wrong],
            solution_count: 1,
            counters: Counters::default(),
            best_attempt: None,
            convergence: Default::default(),
        }
    }
}

/// Searches nothing, for as long as its budget allows.
struct Stubborn;

impl Solver for Stubborn {
    fn info(&self) -> SolverInfo {
        info("stubborn")
    }

    fn solve(&mut self, _: &Grid, budget: &Budget) -> Outcome {
        let mut counters = Counters::default();
        loop {
            if let Err(reason) = budget.check(counters.iterations) {
                return Outcome::from_search(Some(reason), Vec::new(), 0, counters);
            }
            counters.iterations += 1;
            std::hint::spin_loop();
        }
    }
}

/// An external engine that refuses every model.
struct Refused;

impl Solver for Refused {
    fn info(&self) -> SolverInfo {
        info("refused")
    }

    fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
        Outcome::failed("the engine refused the model", Counters::default())
    }
}

/// Panics on puzzles with fewer than 21 clues; solves the others with a fresh inner solver,
/// which must still work after the panics (the harness replaces a crashed instance).
#[derive(Default)]
struct Fragile {
    solves: u32,
}

impl Solver for Fragile {
    fn info(&self) -> SolverInfo {
        info("fragile")
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.solves += 1;
        assert!(self.solves == 1, "a crashed instance was used again");
        if puzzle.clue_count() < 21 {
            panic!("fragile on {} clues", puzzle.clue_count());
        }
        self.solves = 0;
        sudoku_registry::make("dlx").unwrap().solve(puzzle, budget)
    }
}

#[test]
fn broken_solvers_are_reported_and_the_run_goes_on() {
    let solvers = vec![
        Registered::new(|| Box::new(Liar)),
        Registered::new(|| Box::new(Stubborn)),
        Registered::of::<Fragile>(),
        Registered::new(|| Box::new(Refused)),
        sudoku_registry::registry()
            .into_iter()
            .find(|r| r.id() == "dlx")
            .expect("dlx is registered"),
    ];
    let out = tempfile::tempdir().unwrap();
    let options = RunOptions {
        datasets: vec!["named".into()],
        reps: 1,
        // A bound that only stops the stubborn solver; nothing here measures speed.
        max_iterations: Some(100_000),
        ..RunOptions::default()
    };
    sudoku_run::run_in(
        out.path(),
        solvers,
        &options,
        sudoku_run::EarlierRun::Refuse,
        &mut (),
    )
    .unwrap();

    let rows = results::read(&out.path().join(RESULTS_FILE)).unwrap().rows;
    let puzzles = sudoku_catalog::named_dataset().puzzles.len();
    let statuses = |id: &str| -> Vec<Status> {
        rows.iter()
            .filter(|r| r.solver == id)
            .map(|r| r.status.clone())
            .collect()
    };
    let liar = statuses("liar");
    assert!(liar.len() >= puzzles);
    assert!(liar.iter().all(|s| *s == Status::WrongAnswer), "{liar:?}");
    let stubborn = statuses("stubborn");
    assert_eq!(
        stubborn.len(),
        puzzles,
        "one warm-up each; a puzzle given up is not repeated"
    );
    assert!(stubborn.iter().all(Status::is_gave_up), "{stubborn:?}");
    let named = sudoku_catalog::named_dataset();
    let fragile: Vec<(&str, Status)> = rows
        .iter()
        .filter(|r| r.solver == "fragile")
        .map(|r| (r.puzzle.as_str(), r.status.clone()))
        .collect();
    for (puzzle, status) in &fragile {
        let board = named.puzzles.iter().find(|p| p.id == *puzzle).unwrap();
        let expected = if board.grid.clue_count() < 21 {
            Status::Crashed
        } else {
            Status::Solved
        };
        assert_eq!(*status, expected, "{puzzle}");
    }
    assert!(fragile.iter().any(|(_, s)| *s == Status::Crashed));
    let refused = statuses("refused");
    assert_eq!(refused.len(), puzzles, "a failure is not repeated");
    assert!(refused.iter().all(|s| *s == Status::Failed), "{refused:?}");
    assert!(
        rows.iter()
            .filter(|r| r.solver == "refused")
            .all(|r| r.detail.contains("the engine refused the model"))
    );
    let dlx = statuses("dlx");
    assert_eq!(
        dlx.len(),
        2 * puzzles,
        "warm-up and one timed pass for every puzzle"
    );
    assert!(dlx.iter().all(|s| *s == Status::Solved), "{dlx:?}");
}
