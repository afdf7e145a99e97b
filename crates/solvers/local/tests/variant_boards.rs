//! The four searches on diagonal, jigsaw and jigsaw-diagonal boards: every answer keeps the
//! variant's rules, every reported cost is the board's missing digits over all its houses, the
//! move structures hold on jigsaw regions, a seed reproduces its run, and a board without a
//! filling ends in giving up.

use sudoku_core::{
    Budget, Grid, Replay, SearchEvent, Solver, UnitKind, VariantKind, Verdict, missing_digits,
    solve_checked, verify_solution,
};
use sudoku_kit::variant_boards::{self as variants, blanked, solutions};
use sudoku_local::{Annealing, AnnealingTuned, Tabu, TabuTuned};

fn solvers() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(Annealing::default()),
        Box::new(Tabu::default()),
        Box::new(AnnealingTuned::default()),
        Box::new(TabuTuned::default()),
    ]
}

/// Per variant board: a puzzle with half its cells blank, and a sparse one: the empty board on
/// 6×6 (many solutions; propagation places nothing, so the tuned searches must move too), two
/// thirds blank on 9×9 (an empty 9×9 jigsaw-diagonal board can take the tabu searches past 20
/// million moves).
fn puzzles() -> Vec<(String, Grid)> {
    solutions()
        .into_iter()
        .flat_map(|(name, solution)| {
            let cells = solution.cells().len();
            let half = blanked(&solution, cells / 2, 1);
            let sparse = match solution.size() {
                6 => (
                    format!("{name}, empty"),
                    Grid::empty_on(solution.geometry().clone()),
                ),
                _ => (
                    format!("{name}, two thirds blank"),
                    blanked(&solution, cells * 2 / 3, 1),
                ),
            };
            [(format!("{name}, half blank"), half), sparse]
        })
        .collect()
}

/// The cost an event reports, if it reports one (fills and moves do, the tuned tabu search's
/// placements and removals do not).
fn reported_cost(event: &SearchEvent<'_>) -> Option<u64> {
    match *event {
        SearchEvent::Fill { cost, .. } | SearchEvent::Move { cost, .. } => Some(cost),
        _ => None,
    }
}

#[test]
fn every_search_declares_every_variant() {
    for solver in solvers() {
        let info = solver.info();
        assert_eq!(info.capabilities.variants, &VariantKind::ALL, "{}", info.id);
    }
}

#[test]
fn every_answer_keeps_the_variants_rules() {
    for mut solver in solvers() {
        for (name, puzzle) in puzzles() {
            for seed in 0..2 {
                let budget = Budget::solve()
                    .with_seed(seed)
                    .with_max_iterations(10_000_000);
                let outcome = solve_checked(solver.as_mut(), &puzzle, &budget);
                let what = format!("{} on {name}, seed {seed}", solver.info().id);
                assert_eq!(outcome.verdict, Verdict::Solved, "{what}");
                let answer = &outcome.solutions[0];
                assert_eq!(verify_solution(&puzzle, answer), Ok(()), "{what}");
                assert_eq!(answer.geometry(), puzzle.geometry(), "{what}");
            }
        }
    }
}

#[test]
fn every_reported_cost_is_the_boards_missing_digits_over_all_its_houses() {
    for mut solver in solvers() {
        for (name, puzzle) in puzzles() {
            let geometry = puzzle.geometry().clone();
            let mut board = Replay::new(&puzzle);
            let mut events = 0;
            let budget = Budget::solve().with_seed(3).with_max_iterations(20_000);
            solver
                .solve_watched(&puzzle, &budget, &mut |event| {
                    board.apply(&event).expect("the event fits the board");
                    if let Some(cost) = reported_cost(&event) {
                        assert_eq!(cost, missing_digits(&geometry, board.cells()), "{name}");
                    }
                    events += 1;
                })
                .expect("watchable");
            assert!(events > 0, "{} on {name}", solver.info().id);
        }
    }
}

/// The faithful annealer keeps every box or region a permutation: each fill gives every region
/// its missing digits, and each move swaps two cells of one region.
#[test]
fn the_faithful_annealer_keeps_jigsaw_regions_permutations() {
    for mut solver in [Annealing::default()] {
        for (name, puzzle) in puzzles() {
            let geometry = puzzle.geometry().clone();
            let regions: Vec<usize> = (0..geometry.house_count())
                .filter(|&h| matches!(geometry.houses()[h].kind, UnitKind::Box | UnitKind::Region))
                .collect();
            let mut board = Replay::new(&puzzle);
            let budget = Budget::solve().with_seed(5).with_max_iterations(20_000);
            solver
                .solve_watched(&puzzle, &budget, &mut |event| {
                    board.apply(&event).expect("the event fits the board");
                    if let SearchEvent::Move { changes, .. } = event {
                        let [(a, _), (b, _)] = changes else {
                            panic!("{name}: an annealer's move swaps two cells")
                        };
                        assert_eq!(geometry.region_of(*a), geometry.region_of(*b), "{name}");
                    }
                    for &region in &regions {
                        let mut digits: Vec<u8> = geometry
                            .house(region)
                            .iter()
                            .map(|&c| board.cells()[c])
                            .collect();
                        digits.sort();
                        let all: Vec<u8> = (1..=geometry.size() as u8).collect();
                        assert_eq!(digits, all, "{name}: {}", geometry.house_name(region));
                    }
                })
                .expect("watchable");
        }
    }
}

/// The faithful tabu search fills every column with its missing digits, on any board.
#[test]
fn the_tabu_search_fills_columns_as_permutations() {
    for mut solver in [Tabu::default()] {
        for (name, puzzle) in puzzles() {
            let geometry = puzzle.geometry().clone();
            let n = geometry.size();
            let budget = Budget::solve().with_seed(5).with_max_iterations(20_000);
            solver
                .solve_watched(&puzzle, &budget, &mut |event| {
                    if let SearchEvent::Fill { cells, .. } = event {
                        for column in 0..n {
                            let mut digits: Vec<u8> =
                                (0..n).map(|row| cells[row * n + column]).collect();
                            digits.sort();
                            let all: Vec<u8> = (1..=n as u8).collect();
                            assert_eq!(digits, all, "{name}: column {}", column + 1);
                        }
                    }
                })
                .expect("watchable");
        }
    }
}

/// The tuned searches' boards never break a rule: after every event no house holds a digit
/// twice, and a solved run ends on the board its events built.
#[test]
fn the_tuned_searches_never_break_a_rule() {
    let tuned: [Box<dyn Solver>; 2] = [
        Box::new(AnnealingTuned::default()),
        Box::new(TabuTuned::default()),
    ];
    for mut solver in tuned {
        let id = solver.info().id;
        for (name, puzzle) in puzzles() {
            let geometry = puzzle.geometry().clone();
            let mut board = Replay::new(&puzzle);
            let budget = Budget::solve().with_seed(5).with_max_iterations(2_000_000);
            let outcome = solver
                .solve_watched(&puzzle, &budget, &mut |event| {
                    board.apply(&event).expect("the event fits the board");
                    for house in 0..geometry.house_count() {
                        let mut seen = vec![false; geometry.size() + 1];
                        for &cell in geometry.house(house) {
                            let digit = usize::from(board.cells()[cell]);
                            assert!(
                                digit == 0 || !std::mem::replace(&mut seen[digit], true),
                                "{id} on {name}: {} holds {digit} twice after {event:?}",
                                geometry.house_name(house)
                            );
                        }
                    }
                })
                .expect("watchable");
            assert_eq!(outcome.verdict, Verdict::Solved, "{id} on {name}");
            assert_eq!(
                outcome.solutions[0].cells(),
                board.cells(),
                "{id} on {name}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_on_a_variant_board() {
    for mut solver in solvers() {
        for (name, puzzle) in puzzles() {
            let run = |solver: &mut dyn Solver, seed| {
                let budget = Budget::solve().with_seed(seed).with_max_iterations(30_000);
                solver.solve(&puzzle, &budget)
            };
            let first = run(solver.as_mut(), 7);
            assert_eq!(
                first,
                run(solver.as_mut(), 7),
                "{} on {name}",
                solver.info().id
            );
        }
    }
}

/// The 6×6 jigsaw map of [`variants::JIGSAW_6`] has no filling once the diagonals are houses:
/// every search gives up by its budget with an honest attempt, never claiming a solution.
#[test]
fn a_board_without_a_filling_ends_in_giving_up() {
    for mut solver in solvers() {
        variants::assert_gives_up_honestly_without_a_filling(solver.as_mut(), 50_000);
    }
}
