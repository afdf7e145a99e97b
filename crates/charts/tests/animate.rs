//! The search animation: each solver shows its own search, external engines are refused, the
//! frames stay bounded, the puzzle comes first and the solution last.

use std::time::{Duration, Instant};

use sudoku_charts::render_gif;
use sudoku_core::{Budget, EventKind, Grid, Outcome, Replay, SearchEvent, Verdict};
use sudoku_report::NotWatchable;

fn frames(path: &std::path::Path) -> Vec<Vec<u8>> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(path).unwrap())
        .unwrap();
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        out.push(frame.buffer.to_vec());
    }
    out
}

fn board(name: &str) -> Grid {
    sudoku_catalog::named_board(name).unwrap().grid()
}

fn budget(seconds: u64) -> Budget {
    Budget::solve()
        .with_deadline(Instant::now() + Duration::from_secs(seconds))
        .with_seed(1)
}

/// What a watched solve reported: each event in words, the costs of fills and moves in order,
/// the replay at the end, and the outcome. Panics at the first event that does not fit the
/// board, or on a technique step without a mark for every cell.
struct Watched {
    events: Vec<String>,
    costs: Vec<u64>,
    replay: Replay,
    outcome: Outcome,
}

fn watch(id: &str, puzzle: &Grid, budget: &Budget) -> Result<Watched, NotWatchable> {
    let mut solver = sudoku_registry::make(id).unwrap();
    let mut replay = Replay::new(puzzle);
    let (mut events, mut costs, mut misfit) = (Vec::new(), Vec::new(), None);
    let outcome = solver.solve_watched(puzzle, budget, &mut |event| {
        if let Err(why) = replay.apply(&event) {
            misfit.get_or_insert(why);
        }
        match event {
            SearchEvent::Fill { cost, .. } | SearchEvent::Move { cost, .. } => costs.push(cost),
            SearchEvent::Technique { marks, .. } => assert_eq!(marks.len(), puzzle.cells().len()),
            _ => {}
        }
        events.push(format!("{event:?}"));
    })?;
    assert_eq!(misfit, None, "{id}: every event fits the board");
    Ok(Watched {
        events,
        costs,
        replay,
        outcome,
    })
}

/// The kinds a search reported, in `EventKind::ALL` order.
fn kinds(watched: &Watched) -> Vec<EventKind> {
    EventKind::ALL
        .into_iter()
        .filter(|&kind| watched.replay.tally().get(kind) > 0)
        .collect()
}

#[test]
fn five_solvers_show_five_different_searches_of_golden_nugget() {
    let puzzle = board("golden-nugget");
    let run = |id: &str, seconds| watch(id, &puzzle, &budget(seconds)).unwrap();

    let naive = run("naive", 600);
    assert_eq!(naive.outcome.verdict, Verdict::Solved);
    assert_eq!(kinds(&naive), [EventKind::Placement, EventKind::Removal]);

    let bitmask = run("bitmask", 600);
    assert_eq!(bitmask.outcome.verdict, Verdict::Solved);
    assert_eq!(kinds(&bitmask), [EventKind::Placement, EventKind::Removal]);
    let tally = bitmask.replay.tally();
    assert!(
        tally.guesses() > 0,
        "golden nugget needs guessing: {tally:?}"
    );
    assert!(
        tally.guesses() < tally.get(EventKind::Placement),
        "propagation places most digits: {tally:?}"
    );
    assert!(
        tally.total() * 20 < naive.replay.tally().total(),
        "bitmask {} steps, naive {}",
        tally.total(),
        naive.replay.tally().total()
    );

    let dlx = run("dlx", 600);
    assert_eq!(dlx.outcome.verdict, Verdict::Solved);
    assert_eq!(kinds(&dlx), [EventKind::Cover, EventKind::Uncover]);

    let human = run("human", 600);
    assert_eq!(human.outcome.verdict, Verdict::Solved);
    assert_eq!(kinds(&human), [EventKind::Removal, EventKind::Technique]);
    assert!(
        human.events[0].starts_with("Technique"),
        "{}",
        human.events[0]
    );
    // Golden Nugget is beyond the techniques: the search guesses, with the marks shown.
    assert!(human.events.iter().any(|e| e.contains("name: \"guess\"")));

    // A search over partial boards: cells placed (by propagation, then the first fill), then
    // moves that empty cells and fill one, each with its cost.
    let tabu = run("tabu-tuned", 60);
    assert_eq!(kinds(&tabu), [EventKind::Placement, EventKind::Move]);
    assert!(tabu.events[0].starts_with("Place"), "{}", tabu.events[0]);
    assert!(
        tabu.events
            .iter()
            .any(|e| e.starts_with("Move") && e.contains(", 0)")),
        "a move empties a cell"
    );
    assert_eq!(
        tabu.costs.len() as u64,
        tabu.replay.tally().get(EventKind::Move)
    );
    if tabu.outcome.is_solved() {
        assert_eq!(
            tabu.costs.last(),
            Some(&0),
            "a solved search ends at cost 0"
        );
        assert!(tabu.costs[..tabu.costs.len() - 1].iter().all(|&c| c > 0));
    }

    let all = [&naive, &bitmask, &dlx, &human, &tabu];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a.events, b.events, "two solvers reported the same search");
        }
        if a.outcome.is_solved() {
            let solution = a.outcome.solutions.first().unwrap();
            assert_eq!(
                a.replay.cells(),
                solution.cells(),
                "the replay ends on the solution"
            );
        }
    }
}

#[test]
fn every_watchable_solver_replays_to_its_solution() {
    let puzzle = board("flower-number");
    for registered in sudoku_registry::registry() {
        let id = registered.info.id;
        match watch(id, &puzzle, &budget(20)) {
            Ok(watched) => {
                assert!(!registered.info.capabilities.external_engine, "{id}");
                assert!(watched.replay.tally().total() > 0, "{id} reported nothing");
                if let Some(solution) = watched.outcome.solutions.first() {
                    assert_eq!(watched.replay.cells(), solution.cells(), "{id}");
                }
            }
            Err(refusal) => {
                assert!(registered.info.capabilities.external_engine, "{refusal}");
                assert_eq!(refusal.solver, id);
            }
        }
    }
}

#[test]
fn external_engines_are_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = board("golden-nugget");
    for (id, message) in [
        (
            "ilp-cbc",
            "solver ilp-cbc cannot be watched: its search runs inside an external engine (CBC)",
        ),
        (
            "sat",
            "solver sat cannot be watched: its search runs inside an external engine (CaDiCaL)",
        ),
    ] {
        let path = dir.path().join(format!("{id}.gif"));
        let mut solver = sudoku_registry::make(id).unwrap();
        let error = render_gif(solver.as_mut(), &puzzle, &Budget::solve(), &path, 20).unwrap_err();
        assert_eq!(error.to_string(), message);
        assert!(sudoku_report::is_not_watchable(&error));
        assert_eq!(error.downcast_ref::<NotWatchable>().unwrap().solver, id);
        assert!(!path.exists(), "nothing is written for a refused solver");
    }
}

#[test]
fn every_watchable_solver_animates_a_board_within_the_frame_limit() {
    let dir = tempfile::tempdir().unwrap();
    let board = board("flower-number");
    for registered in sudoku_registry::registry() {
        let mut solver = registered.make();
        let id = registered.info.id;
        let path = dir.path().join(format!("{id}.gif"));
        let summary = match render_gif(solver.as_mut(), &board, &budget(20), &path, 25) {
            Ok(summary) => summary,
            Err(error) if registered.info.capabilities.external_engine => {
                assert!(sudoku_report::is_not_watchable(&error), "{id}: {error:#}");
                continue;
            }
            Err(error) => panic!("{id}: {error:#}"),
        };
        let decoded = frames(&path);
        assert_eq!(decoded.len(), summary.frames, "{id}");
        assert!(
            summary.frames >= 2 && summary.frames <= 25,
            "{}",
            summary.frames
        );
        assert_eq!(summary.steps, summary.tally.total());
        if summary.verdict == Verdict::Solved {
            assert_ne!(
                decoded.first(),
                decoded.last(),
                "the search shows on the board"
            );
        }
    }
}

#[test]
fn a_long_search_is_sampled_not_truncated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("naive.gif");
    let board = board("golden-nugget");
    let mut solver = sudoku_registry::make("naive").unwrap();
    let summary = render_gif(solver.as_mut(), &board, &Budget::solve(), &path, 12).unwrap();
    assert_eq!(summary.verdict, Verdict::Solved);
    assert!(summary.steps > 100_000, "{}", summary.steps);
    assert!(summary.stride > 1_000, "{}", summary.stride);
    assert!(summary.frames <= 12);
    assert_eq!(frames(&path).len(), summary.frames);
    let line = summary.describe();
    assert!(
        line.starts_with(&format!("{}: ", path.display()))
            && line.contains(" frames of ")
            && line.contains(" placements, ")
            && line.contains(" removals")
            && line.ends_with("; solved"),
        "{line}"
    );
}

#[test]
fn conflicting_clues_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let board = board("input-file-example");
    let mut solver = sudoku_registry::make("naive").unwrap();
    let result = render_gif(
        solver.as_mut(),
        &board,
        &Budget::solve(),
        &dir.path().join("x.gif"),
        10,
    );
    assert!(result.is_err());
}
