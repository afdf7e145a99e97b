//! The generators against the suite's fast counting solver: what they return is what they
//! promise (unique, in range, minimal, symmetric), a seed repeats, and limits are honoured.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use sudoku_bitmask::Bitmask;
use sudoku_core::{
    Budget, Capabilities, Family, Grid, Outcome, Shape, Solver, SolverInfo, Uniqueness, uniqueness,
    verify_solution,
};
use sudoku_generate::{
    ErrorKind, Limits, Minimality, Symmetry, carve, carve_bounded, generate_bounded,
    generate_minimal, is_minimal, is_symmetric, minimal_puzzle, random_grid, thesis_clue_range,
    thesis_puzzle,
};

/// The only solution of `puzzle`, or a panic saying what it has instead.
fn only_solution(puzzle: &Grid) -> Grid {
    match uniqueness(&mut Bitmask::default(), puzzle, &Budget::unique()) {
        Uniqueness::Unique(solution) => solution,
        other => panic!("{puzzle} is not unique: {other:?}"),
    }
}

#[test]
fn thesis_puzzles_are_unique_with_a_clue_count_in_range() {
    let mut counter = Bitmask::default();
    for (shape, seeds) in [(Shape::S4, 10), (Shape::S6, 5), (Shape::S9, 4)] {
        for seed in 0..seeds {
            let mut rng = StdRng::seed_from_u64(seed);
            let made = thesis_puzzle(shape, &mut rng, &mut counter, &Limits::attempts(200_000))
                .unwrap_or_else(|e| panic!("{shape} seed {seed}: {e}"));
            assert!(
                thesis_clue_range(shape).contains(&made.puzzle.clue_count()),
                "{shape}: {} clues",
                made.puzzle.clue_count()
            );
            assert_eq!(only_solution(&made.puzzle), made.solution);
            let f = made.failures;
            assert_eq!(
                f.no_solution + f.multiple + f.undecided + f.stuck,
                made.attempts - 1
            );
        }
    }
    assert_eq!(thesis_clue_range(Shape::S9), 17..=25);
    assert_eq!(thesis_clue_range(Shape::S4), 3..=5);
    assert_eq!(thesis_clue_range(Shape::S16), 54..=79);
}

#[test]
fn the_thesis_generator_repeats_with_its_seed() {
    let mut counter = Bitmask::default();
    let run = |seed, counter: &mut Bitmask| {
        thesis_puzzle(
            Shape::S9,
            &mut StdRng::seed_from_u64(seed),
            counter,
            &Limits::attempts(200_000),
        )
        .unwrap()
    };
    let first = run(7, &mut counter);
    assert_eq!(run(7, &mut counter), first);
    assert_ne!(run(8, &mut counter).puzzle, first.puzzle);
}

#[test]
fn the_thesis_generator_stops_at_its_limits() {
    let mut counter = Bitmask::default();
    let mut rng = StdRng::seed_from_u64(1);
    // Random 16×16 clue sets of thesis density are never unique: the attempts run out.
    let error =
        thesis_puzzle(Shape::S16, &mut rng, &mut counter, &Limits::attempts(20)).unwrap_err();
    assert_eq!(
        (error.kind(), error.attempts()),
        (&ErrorKind::AttemptsExhausted, 20)
    );
    assert_eq!(
        error.to_string(),
        "no puzzle in 20 attempts (the attempt limit)"
    );

    let past = Limits::until(Instant::now());
    let error = thesis_puzzle(Shape::S9, &mut rng, &mut counter, &past).unwrap_err();
    assert_eq!(
        (error.kind(), error.attempts()),
        (&ErrorKind::DeadlineReached, 0)
    );

    let started = Instant::now();
    let soon = Limits::until(started + Duration::from_millis(100));
    let error = thesis_puzzle(Shape::S25, &mut rng, &mut counter, &soon).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::DeadlineReached);
    assert!(error.attempts() >= 1);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "overran its deadline"
    );
}

/// Declares itself incomplete: it cannot prove uniqueness.
struct FirstOnly;

impl Solver for FirstOnly {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "first-only",
            family: Family::LocalSearch,
            description: "finds at most one solution",
            capabilities: Capabilities::incomplete(&[4, 9]),
        }
    }

    fn solve(&mut self, _: &Grid, _: &Budget) -> Outcome {
        unreachable!("an unfit counter is never asked")
    }
}

#[test]
fn counters_that_cannot_count_are_refused_up_front() {
    let mut rng = StdRng::seed_from_u64(2);
    let error =
        thesis_puzzle(Shape::S9, &mut rng, &mut FirstOnly, &Limits::attempts(5)).unwrap_err();
    assert_eq!(
        error.kind(),
        &ErrorKind::UnfitCounter {
            counter: "first-only",
            shape: Shape::S9
        }
    );
    let error = minimal_puzzle(
        Shape::S9,
        Symmetry::None,
        &mut rng,
        &mut FirstOnly,
        &Limits::attempts(5),
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("`first-only` cannot count"),
        "{error}"
    );
}

#[test]
fn minimal_nine_by_nine_puzzles_are_unique_strictly_minimal_and_symmetric() {
    let mut counter = Bitmask::default();
    for symmetry in Symmetry::ALL {
        for seed in 0..2 {
            let mut rng = StdRng::seed_from_u64(seed);
            let limits = Limits::attempts(10_000);
            let made = minimal_puzzle(Shape::S9, symmetry, &mut rng, &mut counter, &limits)
                .unwrap_or_else(|e| panic!("{symmetry} seed {seed}: {e}"));
            let puzzle = &made.puzzle;
            assert_eq!(only_solution(puzzle), made.solution, "{symmetry}");
            assert!(is_minimal(puzzle, &mut counter), "{symmetry}: {puzzle}");
            assert!(is_symmetric(puzzle, symmetry), "{symmetry}: {puzzle}");
            assert_eq!(
                made.attempts,
                1 + made.not_minimal + made.undecided + made.refused,
                "{symmetry}"
            );
            if symmetry == Symmetry::None {
                // Strict minimality comes free without symmetry: no repairs, no retries.
                assert_eq!((made.attempts, made.repairs), (1, 0));
            }
        }
    }
}

#[test]
fn other_sizes_give_unique_minimal_puzzles() {
    let mut counter = Bitmask::default();
    for (shape, symmetry) in [
        (Shape::S4, Symmetry::None),
        (Shape::S4, Symmetry::Rotate180),
        (Shape::S6, Symmetry::None),
        (Shape::S6, Symmetry::Diagonal),
        (Shape::S12, Symmetry::None),
        (Shape::S16, Symmetry::None),
    ] {
        let mut rng = StdRng::seed_from_u64(3);
        let limits = Limits::attempts(1_000);
        let made = minimal_puzzle(shape, symmetry, &mut rng, &mut counter, &limits)
            .unwrap_or_else(|e| panic!("{shape} {symmetry}: {e}"));
        assert_eq!(only_solution(&made.puzzle), made.solution, "{shape}");
        assert!(is_symmetric(&made.puzzle, symmetry), "{shape} {symmetry}");
        if shape != Shape::S16 {
            assert!(is_minimal(&made.puzzle, &mut counter), "{shape} {symmetry}");
        }
    }
}

#[test]
fn the_minimal_generator_repeats_with_its_seed() {
    let mut counter = Bitmask::default();
    for symmetry in [Symmetry::None, Symmetry::Rotate180] {
        let mut run = |seed| {
            let limits = Limits::attempts(10_000);
            minimal_puzzle(
                Shape::S9,
                symmetry,
                &mut StdRng::seed_from_u64(seed),
                &mut counter,
                &limits,
            )
            .unwrap()
        };
        let first = run(11);
        assert_eq!(run(11), first, "{symmetry}");
        assert_ne!(run(12).puzzle, first.puzzle, "{symmetry}");
    }
}

#[test]
fn the_acceptance_test_is_asked_of_every_minimal_puzzle_until_it_agrees() {
    let mut counter = Bitmask::default();
    let mut rng = StdRng::seed_from_u64(4);
    let mut asked = 0;
    let made = generate_minimal(
        Shape::S9,
        Symmetry::None,
        &mut rng,
        &mut counter,
        |puzzle| {
            asked += 1;
            puzzle.clue_count() <= 23
        },
        &Limits::attempts(10_000),
    )
    .unwrap();
    assert!(made.puzzle.clue_count() <= 23);
    assert_eq!(asked, made.refused + 1);
    assert_eq!(made.attempts, made.refused + 1);

    let mut asked = 0;
    let error = generate_minimal(
        Shape::S9,
        Symmetry::None,
        &mut rng,
        &mut counter,
        |_| {
            asked += 1;
            false
        },
        &Limits::attempts(3),
    )
    .unwrap_err();
    assert_eq!(
        (error.kind(), error.attempts(), asked),
        (&ErrorKind::AttemptsExhausted, 3, 3)
    );
}

#[test]
fn bounded_carving_stops_where_the_bound_does_and_stays_unique() {
    let mut counter = Bitmask::default();
    let mut rng = StdRng::seed_from_u64(6);
    for symmetry in [Symmetry::None, Symmetry::Rotate180] {
        let solution = random_grid(Shape::S9, &mut rng).unwrap();
        let mut at_least_40 = |puzzle: &Grid| puzzle.clue_count() >= 40;
        let limits = Limits::attempts(1);
        let puzzle = carve_bounded(
            &solution,
            symmetry,
            &mut rng,
            &mut counter,
            &mut at_least_40,
            &limits,
        )
        .unwrap()
        .expect("9×9 checks are decided");
        assert_eq!(only_solution(&puzzle), solution, "{symmetry}");
        assert!(is_symmetric(&puzzle, symmetry), "{symmetry}");
        // Forty clues are unique for almost every grid, so the bound is what stops the carving:
        // an orbit of one or two clues takes it to 40 or 39, and 39 is refused.
        assert!(
            (40..=41).contains(&puzzle.clue_count()),
            "{symmetry}: {puzzle}"
        );
    }
    let mut asked = 0;
    let made = generate_bounded(
        Shape::S9,
        Symmetry::None,
        &mut rng,
        &mut counter,
        |puzzle| puzzle.clue_count() >= 30,
        |puzzle| {
            asked += 1;
            asked == 3 && puzzle.clue_count() == 30
        },
        &Limits::attempts(10),
    )
    .unwrap();
    assert_eq!(
        (made.attempts, made.refused, made.puzzle.clue_count()),
        (3, 2, 30)
    );
    assert_eq!(only_solution(&made.puzzle), made.solution);
}

#[test]
fn a_carving_whose_checks_hit_the_cap_claims_no_minimality() {
    let mut counter = Bitmask::default();
    let mut rng = StdRng::seed_from_u64(5);
    let grid = random_grid(Shape::S16, &mut rng).unwrap();
    let limits = Limits::attempts(1).with_check_work(1);
    let carving = carve(&grid, Symmetry::None, &mut rng, &mut counter, &limits).unwrap();
    assert_eq!(carving.minimality, Minimality::Unknown);
    assert_eq!(verify_solution(&carving.puzzle, &grid), Ok(()));
    assert_eq!(only_solution(&carving.puzzle), grid);
}

#[test]
fn minimality_checks_tell_minimal_from_not() {
    let mut counter = Bitmask::default();
    let mut rng = StdRng::seed_from_u64(6);
    let made = minimal_puzzle(
        Shape::S9,
        Symmetry::None,
        &mut rng,
        &mut counter,
        &Limits::attempts(10),
    )
    .unwrap();
    assert!(is_minimal(&made.puzzle, &mut counter));
    // One clue more is still unique but no longer minimal.
    let mut more = made.puzzle.clone();
    let empty = more.first_empty().unwrap();
    more.set(empty, made.solution.get(empty));
    assert!(!is_minimal(&more, &mut counter));
    // One clue fewer is not unique.
    let mut fewer = made.puzzle.clone();
    let given = (0..81).find(|&c| fewer.get(c) != 0).unwrap();
    fewer.set(given, 0);
    assert!(!is_minimal(&fewer, &mut counter));
}
