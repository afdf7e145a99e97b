//! Both genetic solvers on diagonal, jigsaw and jigsaw-diagonal boards: every answer keeps the
//! variant's rules, every reported cost is the board's missing digits over all its houses, a
//! seed reproduces its run, and a board without a filling ends in giving up.

use sudoku_core::{
    Budget, Grid, SearchEvent, Solver, VariantKind, Verdict, missing_digits, solve_checked,
    verify_solution,
};
use sudoku_genetic::{Genetic, GeneticTuned};
use sudoku_kit::variant_boards::{self as variants, blanked, solutions};

fn solvers() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(Genetic::default()),
        Box::new(GeneticTuned::default()),
    ]
}

/// Each variant board with 18 cells blank: near-complete boards, the ones the thesis's
/// algorithm solves.
fn near_complete() -> Vec<(String, Grid)> {
    solutions()
        .into_iter()
        .map(|(name, solution)| (format!("{name}, 18 blank"), blanked(&solution, 18, 1)))
        .collect()
}

/// Each variant board sparse enough that propagation leaves the tuned search work on most:
/// the empty board on 6×6 (many solutions), two thirds blank on 9×9.
fn sparse() -> Vec<(String, Grid)> {
    solutions()
        .into_iter()
        .map(|(name, solution)| match solution.size() {
            6 => (
                format!("{name}, empty"),
                Grid::empty_on(solution.geometry().clone()),
            ),
            _ => {
                let blanks = solution.cells().len() * 2 / 3;
                (
                    format!("{name}, two thirds blank"),
                    blanked(&solution, blanks, 1),
                )
            }
        })
        .collect()
}

/// Solves each of `puzzles` with seeds 0 to 2 and checks every answer against its variant.
fn assert_solves(solver: &mut dyn Solver, puzzles: &[(String, Grid)], generations: u64) {
    for (name, puzzle) in puzzles {
        for seed in 0..3 {
            let budget = Budget::solve()
                .with_seed(seed)
                .with_max_iterations(generations);
            let outcome = solve_checked(solver, puzzle, &budget);
            let what = format!("{} on {name}, seed {seed}", solver.info().id);
            assert_eq!(outcome.verdict, Verdict::Solved, "{what}");
            let answer = &outcome.solutions[0];
            assert_eq!(verify_solution(puzzle, answer), Ok(()), "{what}");
            assert_eq!(answer.geometry(), puzzle.geometry(), "{what}");
        }
    }
}

#[test]
fn both_declare_every_variant() {
    for solver in solvers() {
        let info = solver.info();
        assert_eq!(info.capabilities.variants, &VariantKind::ALL, "{}", info.id);
    }
}

#[test]
fn the_thesis_algorithm_solves_near_complete_variant_boards() {
    assert_solves(&mut Genetic::default(), &near_complete(), 3_000);
}

#[test]
fn the_tuned_variant_solves_sparse_variant_boards() {
    let mut solver = GeneticTuned::default();
    assert_solves(&mut solver, &near_complete(), 3_000);
    assert_solves(&mut solver, &sparse(), 3_000);
}

/// Each board shown (the thesis's fittest of each generation, the tuned search's new
/// individuals) costs what a full recount over every house (diagonals included) gives; the
/// tuned search shows propagation's placements first, as forced.
#[test]
fn every_shown_cost_is_the_boards_missing_digits_over_all_its_houses() {
    for mut solver in solvers() {
        for (name, puzzle) in near_complete().into_iter().chain(sparse()) {
            let geometry = puzzle.geometry().clone();
            let mut shown = 0;
            let budget = Budget::solve().with_seed(4).with_max_iterations(30);
            solver
                .solve_watched(&puzzle, &budget, &mut |event| match event {
                    SearchEvent::Fill { cells, cost } => {
                        assert_eq!(cost, missing_digits(&geometry, cells), "{name}");
                        shown += 1;
                    }
                    SearchEvent::Place { guess: false, .. } => {
                        assert_eq!(shown, 0, "{name}: propagation comes first")
                    }
                    other => unreachable!("{name}: a genetic solver showed {other:?}"),
                })
                .expect("watchable");
            assert!(shown > 0, "{} on {name}", solver.info().id);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_on_a_variant_board() {
    for mut solver in solvers() {
        for (name, puzzle) in sparse() {
            let budget = Budget::solve().with_seed(9).with_max_iterations(40);
            let first = solver.solve(&puzzle, &budget);
            let second = solver.solve(&puzzle, &budget);
            assert_eq!(first, second, "{} on {name}", solver.info().id);
        }
    }
}

/// The 6×6 jigsaw map of [`variants::JIGSAW_6`] has no filling once the diagonals are houses:
/// both solvers give up by their budget with an honest attempt, never claiming a solution.
#[test]
fn a_board_without_a_filling_ends_in_giving_up() {
    for mut solver in solvers() {
        variants::assert_gives_up_honestly_without_a_filling(solver.as_mut(), 200);
    }
}
