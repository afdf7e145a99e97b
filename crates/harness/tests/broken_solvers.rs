//! A bench run with deliberately broken solvers: one answers with a grid that breaks the rules,
//! one never finds anything and only stops when its budget runs out, one panics on some puzzles.
//! Each is recorded as what it is, and the run goes on to the next puzzle and the next solver.

use sudoku_core::{
    Budget, Capabilities, Counters, Family, Grid, Outcome, Solver, SolverInfo, Verdict,
};
use sudoku_harness::BenchArgs;
use sudoku_harness::bench::{self, PARTIAL_FILE};
use sudoku_harness::results::{self, Status};
use sudoku_registry::Registered;

fn info(id: &'static str) -> SolverInfo {
    SolverInfo {
        id,
        family: Family::Backtracking,
        description: "deliberately broken, for tests",
        capabilities: Capabilities {
            complete: true,
            counts_solutions: false,
            stochastic: false,
            sizes: &[9],
            reports_guesses: false,
        },
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
        Registered {
            info: Liar.info(),
            make: || Box::new(Liar),
        },
        Registered {
            info: Stubborn.info(),
            make: || Box::new(Stubborn),
        },
        Registered {
            info: Fragile::default().info(),
            make: || Box::new(Fragile::default()),
        },
        sudoku_registry::registry()
            .into_iter()
            .find(|r| r.info.id == "dlx")
            .expect("dlx is registered"),
    ];
    let out = tempfile::tempdir().unwrap();
    let args = BenchArgs {
        reps: 1,
        timeout: Some(0.05),
        out: out.path().to_path_buf(),
        no_report: true,
        ..BenchArgs::default()
    };
    let partial = out.path().join(PARTIAL_FILE);
    let header = bench::new_header(&solvers, &args).unwrap();
    bench::execute(&solvers, &args, &partial, &header).unwrap();

    let rows = results::read(&partial).unwrap().rows;
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
    let dlx = statuses("dlx");
    assert_eq!(
        dlx.len(),
        2 * puzzles,
        "warm-up and one timed pass for every puzzle"
    );
    assert!(dlx.iter().all(|s| *s == Status::Solved), "{dlx:?}");
}
