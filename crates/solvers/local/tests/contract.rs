//! What every search of the crate promises, faithful or tuned: clues kept, seeds reproduced, caps
//! honoured exactly, honest best attempts, easy boards solved; and what the tuned ones add.

use sudoku_core::{
    Budget, Grid, Outcome, Shape, Solver, StopReason, Verdict, solve_checked, verify_keeps_clues,
};
use sudoku_local::{Annealing, AnnealingTuned, Tabu, TabuTuned};

fn solvers() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(Annealing::default()),
        Box::new(Tabu::default()),
        Box::new(AnnealingTuned::default()),
        Box::new(TabuTuned::default()),
    ]
}

/// Moves the tuned searches may spend on Golden Nugget.
const CAP: u64 = 50_000_000;

fn tuned() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(AnnealingTuned::default()),
        Box::new(TabuTuned::default()),
    ]
}

fn named(id: &str) -> Grid {
    sudoku_catalog::named_board(id)
        .expect("a named board")
        .grid()
}

fn easy() -> Grid {
    named("flower-number")
}

/// A board singles do not finish, so a tuned search has to move.
fn hard() -> Grid {
    named("golden-nugget")
}

/// The grid an outcome ends on: its solution, or its best attempt.
fn final_grid(outcome: &Outcome) -> &Grid {
    outcome
        .solutions
        .first()
        .or(outcome.best_attempt.as_ref().map(|a| &a.grid))
        .expect("every search outcome carries a grid")
}

#[test]
fn clues_are_never_changed() {
    for mut solver in solvers() {
        for case in sudoku_kit::corpus() {
            if case.kind == sudoku_kit::CaseKind::Invalid {
                continue;
            }
            for cap in [1, 1000, 50_000] {
                let budget = Budget::solve().with_max_iterations(cap).with_seed(cap);
                let outcome = solver.solve(&case.puzzle, &budget);
                let grid = final_grid(&outcome);
                assert_eq!(
                    verify_keeps_clues(&case.puzzle, grid),
                    Ok(()),
                    "{} on corpus line {}",
                    solver.info().id,
                    case.line
                );
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run() {
    for mut solver in solvers() {
        for puzzle in [easy(), hard()] {
            for seed in [0, 7, 12345] {
                let budget = Budget::solve().with_seed(seed).with_max_iterations(100_000);
                let first = solver.solve(&puzzle, &budget);
                let second = solver.solve(&puzzle, &budget);
                assert_eq!(first, second, "{} with seed {seed}", solver.info().id);
            }
        }
    }
}

#[test]
fn another_seed_gives_another_run() {
    for mut solver in solvers() {
        let run = |solver: &mut dyn Solver, seed| {
            let budget = Budget::solve().with_seed(seed).with_max_iterations(2_000);
            // Singles finish the easy board, so the tuned searches would not move on it.
            let outcome = solver.solve(&hard(), &budget);
            (final_grid(&outcome).clone(), outcome.convergence)
        };
        let first = run(solver.as_mut(), 1);
        let differing = (2..6).filter(|&seed| run(solver.as_mut(), seed) != first);
        assert!(differing.count() >= 3, "{}", solver.info().id);
    }
}

#[test]
fn a_cap_stops_at_exactly_that_many_moves() {
    for mut solver in solvers() {
        for shape in [Shape::S4, Shape::S9, Shape::S16, Shape::S25] {
            let puzzle = sudoku_kit::dead_end(shape);
            for cap in [1, 17, 4096, 4097, 12_345] {
                let budget = Budget::solve().with_max_iterations(cap).with_seed(cap);
                let outcome = solve_checked(solver.as_mut(), &puzzle, &budget);
                let what = format!("{} on {shape} with a cap of {cap}", solver.info().id);
                assert_eq!(
                    outcome.verdict,
                    Verdict::GaveUp(StopReason::IterationCap),
                    "{what}"
                );
                assert_eq!(outcome.counters.moves, cap, "{what}");
                let attempt = outcome.best_attempt.as_ref().expect("a best attempt");
                assert_eq!(
                    attempt.cost,
                    sudoku_core::missing_digits(
                        &sudoku_core::Geometry::classic(shape),
                        attempt.grid.cells()
                    ),
                    "{what}"
                );
                assert!(attempt.cost > 0, "{what}");
                assert_eq!(outcome.convergence.best(), Some(attempt.cost), "{what}");
            }
        }
    }
}

#[test]
fn an_unsolvable_puzzle_ends_in_giving_up() {
    for mut solver in solvers() {
        let budget = Budget::solve().with_max_iterations(200_000);
        let outcome = solve_checked(solver.as_mut(), &sudoku_kit::dead_end(Shape::S6), &budget);
        assert_eq!(
            outcome.verdict,
            Verdict::GaveUp(StopReason::IterationCap),
            "{}",
            solver.info().id
        );
    }
}

#[test]
fn easy_boards_are_solved_within_a_modest_cap() {
    let figure_8 = named("figure-8");
    for mut solver in solvers() {
        for puzzle in [easy(), figure_8.clone()] {
            for seed in 0..3 {
                let budget = Budget::solve()
                    .with_seed(seed)
                    .with_max_iterations(5_000_000);
                let outcome = solve_checked(solver.as_mut(), &puzzle, &budget);
                assert_eq!(
                    outcome.verdict,
                    Verdict::Solved,
                    "{} seed {seed}",
                    solver.info().id
                );
                assert!(outcome.counters.moves <= 5_000_000);
                assert_eq!(outcome.convergence.best(), Some(0));
            }
        }
    }
}

#[test]
fn a_full_board_is_its_own_solution() {
    let solution = Grid::parse("1234341221434321").unwrap();
    for mut solver in solvers() {
        let outcome = solve_checked(solver.as_mut(), &solution, &Budget::solve());
        assert_eq!(outcome.solutions, vec![solution.clone()]);
        assert_eq!(outcome.counters.moves, 0);
    }
}

#[test]
fn the_tuned_searches_solve_golden_nugget() {
    for mut solver in tuned() {
        for seed in 0..3 {
            let budget = Budget::solve().with_seed(seed).with_max_iterations(CAP);
            let outcome = solve_checked(solver.as_mut(), &hard(), &budget);
            assert_eq!(
                outcome.verdict,
                Verdict::Solved,
                "{} seed {seed}",
                solver.info().id
            );
        }
    }
}

#[test]
fn a_contradiction_found_by_propagation_is_not_called_unsolvable() {
    for mut solver in tuned() {
        let budget = Budget::solve().with_max_iterations(10_000);
        let outcome = solve_checked(solver.as_mut(), &sudoku_kit::dead_end(Shape::S9), &budget);
        assert_eq!(
            outcome.verdict,
            Verdict::GaveUp(StopReason::IterationCap),
            "{}",
            solver.info().id
        );
        assert_eq!(outcome.counters.get("contradictions"), 1);
    }
}

#[test]
fn a_board_singles_finish_is_solved_without_a_move() {
    for mut solver in tuned() {
        let outcome = solve_checked(
            solver.as_mut(),
            &easy(),
            &Budget::solve().with_max_iterations(1),
        );
        assert_eq!(outcome.verdict, Verdict::Solved, "{}", solver.info().id);
        assert_eq!(outcome.counters.moves, 0);
        assert_eq!(
            outcome.counters.get("placed_by_propagation") as usize,
            easy().cells().iter().filter(|&&v| v == 0).count()
        );
    }
}
