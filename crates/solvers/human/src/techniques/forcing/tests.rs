use sudoku_core::{Grid, Shape};

use super::*;
use crate::board::Board;
use crate::technique::Order;
use crate::techniques::testing::*;

/// Nishio reading every digit, as the other finders read the whole board.
fn nishio(board: &Board) -> Option<Deduction> {
    super::nishio(board, EVERY_DIGIT)
}

fn rated(step: &Deduction) -> f32 {
    match &step.pattern {
        Pattern::Forcing(found) => found.explainer(),
        other => panic!("not a forcing chain: {other:?}"),
    }
}

#[test]
fn two_conjugate_rows_make_an_x_cycle() {
    // 5 lies only in columns 3 and 8 of rows 2 and 7: the loop r2c3=5, r7c3<>5, r7c8=5,
    // r2c8<>5 runs either way, so in columns 3 and 8 every other cell sees a node on and a node
    // off of 5 and loses it. Four links: 6.5, no length increment. No bivalue cell exists, so
    // no Y- or XY-link, and nothing shorter or of a lower rating.
    let mut board = open_board();
    for row in [2, 7] {
        remove(&mut board, 5, [1, 2, 4, 5, 6, 7, 9].map(|c| rc(row, c)));
    }
    let step = forcing_chain(&board).expect("a cycle");
    let expected: Vec<(usize, u8)> = [1, 3, 4, 5, 6, 8, 9]
        .iter()
        .flat_map(|&r| [(rc(r, 3), 5), (rc(r, 8), 5)])
        .collect();
    assert_eq!(sorted(&step), expected);
    assert_eq!(rated(&step), 6.5);
    assert_eq!(step.pattern.technique(), Technique::ForcingChain);
    assert_eq!(
        step.describe(&board),
        "bidirectional X-cycle: r2c3=5 -> r7c3<>5 -> r7c8=5 -> r2c8<>5 -> r2c3=5; whichever way \
         it runs, removes 5 from r1c3, r1c8, r3c3, r3c8, r4c3, r4c8, r5c3, r5c8, r6c3, r6c8, \
         r8c3, r8c8, r9c3 and r9c8"
    );
}

#[test]
fn two_conjugate_columns_sharing_a_row_make_a_forcing_x_chain() {
    // 5 lies only in r1c1 and r6c1 of column 1, and only in r2c5 and r6c5 of column 5. If
    // r1c4 were 5: r2c5 is not (box 2), so r6c5 is, so r6c1 is not, so r1c1 is, which sees
    // r1c4 in row 1: a contradiction, so r1c4 loses 5. Six nodes (a turbot fish): 6.6. r1c4 is
    // the first such cell in row-major order (r1c6, r2c2 and r2c3 follow), and no cycle exists.
    // The chain runs through box 2 first: an assumption's box is searched before its row, so
    // r2c5<>5 is reached before r1c1<>5, and each later link of that branch comes first too.
    let mut board = open_board();
    remove(&mut board, 5, [2, 3, 4, 5, 7, 8, 9].map(|r| rc(r, 1)));
    remove(&mut board, 5, [1, 3, 4, 5, 7, 8, 9].map(|r| rc(r, 5)));
    let step = forcing_chain(&board).expect("a chain");
    assert_eq!(step.eliminated, vec![(rc(1, 4), 5)]);
    assert_eq!(rated(&step), 6.6);
    assert_eq!(
        step.describe(&board),
        "forcing X-chain: r1c4=5 -> r2c5<>5 -> r6c5=5 -> r6c1<>5 -> r1c1=5 -> r1c4<>5, so \
         removes 5 from r1c4"
    );
}

#[test]
fn an_xy_wing_is_a_forcing_chain_of_eight_nodes() {
    // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}. If r5c5 were 3: r5c1 is 2 (row 5),
    // r1c1 is 1, r1c5 is 3, which sees r5c5: contradiction. Eight nodes: 7.0 + 0.1 = 7.1. The
    // row-5 branch is met first (the row's consequences come before the column's).
    let mut board = open_board();
    keep(&mut board, rc(1, 1), &[1, 2]);
    keep(&mut board, rc(1, 5), &[1, 3]);
    keep(&mut board, rc(5, 1), &[2, 3]);
    let step = forcing_chain(&board).expect("a chain");
    assert_eq!(step.eliminated, vec![(rc(5, 5), 3)]);
    assert!((rated(&step) - 7.1).abs() < 1e-6, "{}", rated(&step));
    assert_eq!(
        step.describe(&board),
        "forcing chain: r5c5=3 -> r5c1<>3 -> r5c1=2 -> r1c1<>2 -> r1c1=1 -> r1c5<>1 -> \
         r1c5=3 -> r5c5<>3, so removes 3 from r5c5"
    );
}

#[test]
fn an_x_cycle_on_a_six_by_six_board() {
    // 2×3 boxes. 4 lies only in columns 1 and 4 of rows 1 and 4 (different boxes and bands):
    // the cycle removes 4 from the rest of columns 1 and 4.
    let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
    let at = |r: usize, c: usize| (r - 1) * 6 + c - 1;
    for row in [1, 4] {
        remove(&mut board, 4, [2, 3, 5, 6].map(|c| at(row, c)));
    }
    let step = forcing_chain(&board).expect("a cycle");
    let expected: Vec<(usize, u8)> = [2, 3, 5, 6]
        .iter()
        .flat_map(|&r| [(at(r, 1), 4), (at(r, 4), 4)])
        .collect();
    assert_eq!(sorted(&step), expected);
    assert_eq!(rated(&step), 6.5);
}

#[test]
fn the_length_increment_follows_the_ladder() {
    // Length minus 2 against 4, 6, 8, 12, 16, 24, ...: 6 nodes add nothing, 7-8 add 0.1, 9-10
    // 0.2, 11-14 0.3, 15-18 0.4, 19-26 0.5.
    let steps = [
        (6, 0),
        (7, 1),
        (8, 1),
        (9, 2),
        (10, 2),
        (11, 3),
        (14, 3),
        (15, 4),
        (26, 5),
    ];
    for (complexity, tenths) in steps {
        let added = net::length_increment(complexity);
        assert!(
            (added - tenths as f64 / 10.0).abs() < 1e-9,
            "{complexity}: {added}"
        );
    }
}

/// Checks `technique` along solves of the first `count` puzzles of a set, returning the steps.
fn sound(technique: Technique, file: &str, count: usize) -> usize {
    let puzzles = shared_puzzles(file, count);
    let checked = assert_sound(technique, &puzzles);
    eprintln!(
        "{technique}: {checked} steps checked on {} puzzles of {file}",
        puzzles.len()
    );
    assert!(checked > 0, "{technique} never applied");
    checked
}

#[test]
#[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
fn forcing_chains_are_sound() {
    sound(Technique::ForcingChain, "puzzles3_magictour_top1465", 3);
    sound(Technique::ForcingChain, "puzzles6_forum_hardest_1106", 5);
}

#[test]
#[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
fn nishio_chains_are_sound() {
    sound(Technique::Nishio, "puzzles3_magictour_top1465", 4);
}

#[test]
#[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
fn multiple_forcing_chains_are_sound() {
    sound(
        Technique::MultipleForcingChain,
        "puzzles3_magictour_top1465",
        2,
    );
    sound(
        Technique::MultipleForcingChain,
        "puzzles6_forum_hardest_1106",
        1,
    );
}

#[test]
#[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
fn dynamic_forcing_chains_are_sound() {
    sound(
        Technique::DynamicForcingChain,
        "puzzles3_magictour_top1465",
        1,
    );
    sound(
        Technique::DynamicForcingChain,
        "puzzles6_forum_hardest_1106",
        1,
    );
}

#[test]
#[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
fn dynamic_forcing_chains_plus_are_sound() {
    sound(
        Technique::DynamicForcingChainPlus,
        "puzzles6_forum_hardest_1106",
        1,
    );
}

/// Times each finder on the positions of Sudoku Explainer's solves of top1465 where chaining is
/// reached (nothing simpler applies). Run in release mode:
/// `cargo test --release -j1 -p sudoku-human --lib forcing::tests::timing -- --ignored --nocapture`
/// (`FORCING_TIMING=N` for the first N puzzles, 100 by default; `FORCING_SET=name` for another
/// set).
#[test]
#[ignore = "a measurement, not a check: run on request (see above)"]
fn timing() {
    use std::time::{Duration, Instant};
    let count = std::env::var("FORCING_TIMING")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let set = std::env::var("FORCING_SET").unwrap_or("puzzles3_magictour_top1465".into());
    let puzzles = shared_puzzles(&set, count);
    type Finder = fn(&Board) -> Option<Deduction>;
    let finders: [(Technique, Finder); 6] = [
        (Technique::ForcingChain, forcing_chain),
        (Technique::Nishio, nishio),
        (Technique::MultipleForcingChain, multiple),
        (Technique::DynamicForcingChain, dynamic),
        (Technique::DynamicForcingChainPlus, dynamic_plus),
        (Technique::NestedForcingChain, nested),
    ];
    let simpler: Vec<Technique> = crate::Order::Rating
        .techniques()
        .iter()
        .copied()
        .filter(|t| !finders.iter().any(|(f, _)| f == t))
        // Not written on this branch (their finders take triples at most).
        .filter(|t| {
            ![
                Technique::NakedQuad,
                Technique::HiddenQuad,
                Technique::Jellyfish,
            ]
            .contains(t)
        })
        .collect();
    let mut spent = [Duration::ZERO; 6];
    let mut found = [0usize; 6];
    let (mut positions, mut stuck) = (0, 0);
    let start = Instant::now();
    for puzzle in &puzzles {
        let mut board = Board::new(puzzle).unwrap();
        while !board.is_solved() {
            let easy = simpler
                .iter()
                .find_map(|&t| crate::techniques::find(t, &board, crate::Order::Rating));
            if let Some(step) = easy {
                step.apply(&mut board);
                continue;
            }
            positions += 1;
            let mut first = None;
            for (k, (_, finder)) in finders.iter().enumerate() {
                let began = Instant::now();
                let step = finder(&board);
                spent[k] += began.elapsed();
                if step.is_some() {
                    found[k] += 1;
                    if first.is_none() {
                        first = step;
                    }
                }
                if k == 4 && first.is_some() {
                    break;
                }
            }
            match first {
                Some(step) => step.apply(&mut board),
                None => {
                    stuck += 1;
                    break;
                }
            }
        }
    }
    eprintln!(
        "{} puzzles, {positions} chaining positions, {stuck} stuck, {:.2?} in all",
        puzzles.len(),
        start.elapsed()
    );
    for (k, (technique, _)) in finders.iter().enumerate() {
        eprintln!(
            "{technique}: {:.2?} in all, {:.1} µs a position, found on {}",
            spent[k],
            spent[k].as_secs_f64() * 1e6 / positions.max(1) as f64,
            found[k]
        );
    }
}

/// The first puzzle of the forum's hardest list is solved without guessing in Sudoku
/// Explainer's order (the simpler techniques, then the chaining finders in turn, nested chains
/// last), every chaining step checked against the solution, and nested chains needed. Seconds in
/// release mode, minutes in debug mode, so run on request:
/// `cargo test --release -j1 -p sudoku-human --lib forcing::tests::nested -- --ignored`
#[test]
#[ignore = "slow tier (bash scripts/test.sh slow): minutes in debug mode"]
fn nested_chains_solve_a_hardest_puzzle_soundly() {
    let puzzles = shared_puzzles("puzzles6_forum_hardest_1106", 1);
    let Some(puzzle) = puzzles.first() else {
        return;
    };
    let finders: [fn(&Board) -> Option<Deduction>; 6] = [
        forcing_chain,
        nishio,
        multiple,
        dynamic,
        dynamic_plus,
        nested,
    ];
    let simpler: Vec<Technique> = crate::Order::Rating
        .techniques()
        .iter()
        .copied()
        .take_while(|&t| t != Technique::ForcingChain)
        .filter(|t| {
            ![
                Technique::NakedQuad,
                Technique::HiddenQuad,
                Technique::Jellyfish,
            ]
            .contains(t)
        })
        .collect();
    let mut board = Board::new(puzzle).unwrap();
    let solution = crate::engine::complete(&board, &sudoku_core::Budget::solve(), &mut 0)
        .unwrap()
        .solution;
    let mut nested_steps = Vec::new();
    while !board.is_solved() {
        let step = simpler
            .iter()
            .find_map(|&t| crate::techniques::find(t, &board, crate::Order::Rating))
            .or_else(|| finders.iter().find_map(|finder| finder(&board)))
            .expect("no guessing needed");
        if let Pattern::Forcing(found) = &step.pattern {
            for &(cell, digit) in &step.eliminated {
                assert_ne!(solution.get(cell), digit, "{}", step.describe(&board));
            }
            if let Some((cell, digit)) = step.placed {
                assert_eq!(solution.get(cell), digit, "{}", step.describe(&board));
            }
            if found.technique() == Technique::NestedForcingChain {
                nested_steps.push(found.explainer());
            }
        }
        step.apply(&mut board);
    }
    eprintln!("nested steps rated {nested_steps:?}");
    assert!(!nested_steps.is_empty());
    assert!(nested_steps.iter().all(|&r| r >= 9.5));
}

/// Positions along Sudoku Explainer's solve of hard puzzles: a few from the public sets and
/// one written here, so the test never runs on nothing.
pub(super) fn hard_positions() -> Vec<Board> {
    let mut puzzles = shared_puzzles("puzzles3_magictour_top1465", 6);
    let written =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    puzzles.push(written.parse::<Grid>().expect("a puzzle"));
    positions_along(puzzles)
}

/// The positions of more than 20 candidates along Sudoku Explainer's solve of each puzzle.
fn positions_along(puzzles: Vec<Grid>) -> Vec<Board> {
    let mut boards = Vec::new();
    for puzzle in puzzles {
        let mut board = Board::new(&puzzle).expect("clues that agree");
        while let Some(step) = crate::techniques::first(&board, Order::Rating) {
            if board.cands.iter().filter(|&&c| c != 0).count() > 20 {
                boards.push(board.clone());
            }
            step.apply(&mut board);
            if board.is_solved() {
                break;
            }
        }
    }
    boards
}

#[test]
fn a_remembered_search_gives_what_the_search_gives() {
    // Each position asked twice of every forcing finder through `find`, which remembers: the
    // second answer (from the memo) and the first must both be the finder's own.
    use crate::techniques::find;
    type Finder = fn(&Board) -> Option<Deduction>;
    let finders: [(Technique, Finder); 4] = [
        (Technique::ForcingChain, forcing_chain),
        (Technique::Nishio, nishio),
        (Technique::MultipleForcingChain, multiple),
        (Technique::DynamicForcingChain, dynamic),
    ];
    let boards = hard_positions();
    let mut found = 0;
    for board in boards.iter().step_by(5) {
        for (technique, finder) in finders {
            let own = finder(board);
            found += own.is_some() as usize;
            for _ in 0..2 {
                assert_eq!(find(technique, board, Order::Rating), own, "{technique}");
            }
        }
    }
    assert!(found > 0);
}

/// The first hint of the least key among `all` (the order they were found in breaks ties), as
/// a search that keeps only the easiest must return it.
fn easiest(all: Vec<Found>) -> Option<Found> {
    all.into_iter().fold(None, |best: Option<Found>, hint| {
        if hint.key.beats(best.as_ref().map(|b| b.key)) {
            Some(hint)
        } else {
            best
        }
    })
}

/// Positions along the solves of three top1465 puzzles and of two 17-clue puzzles that reach
/// positions whose easiest forcing chain starts from an off assumption and is exactly as long
/// as the best so far allows.
fn bound_positions() -> Vec<Board> {
    let mut puzzles: Vec<Grid> = [
        "..............1..2.34....5.......6....735....2.......1....8..3.1....2...6.....4..",
        "........1.....2.3...4.5..........5...6...3...7..6..4......4.8....2....5..3.1.....",
    ]
    .iter()
    .map(|line| line.parse().expect("a puzzle"))
    .collect();
    puzzles.extend(shared_puzzles("puzzles3_magictour_top1465", 3));
    positions_along(puzzles)
}

#[test]
fn the_bounded_chain_search_keeps_the_easiest_of_every_hint() {
    // The search cuts each chain and cycle at the length that could still beat the best so
    // far; collecting every hint without a bound and keeping the first of the least key must
    // give the same hint.
    let boards = bound_positions();
    let mut found = 0;
    for board in &boards {
        let grid = &board.cands;
        let search = |all| {
            with_cache(&board.layout, |cache| {
                unary::search(&mut cache.engine, &mut cache.net, grid, all)
            })
        };
        let bounded = search(None);
        let mut all = Vec::new();
        search(Some(&mut all));
        assert_eq!(bounded, easiest(all));
        found += bounded.is_some() as usize;
    }
    assert!(found >= 20, "{found} hints in {} positions", boards.len());
}

#[test]
fn the_multiple_and_dynamic_searches_keep_the_easiest_of_every_hint() {
    // Their offers are dismissed by a lower bound of the length (the chains' depths) before
    // the ancestors are counted; collecting every hint must give the same easiest one. Nishio,
    // multiple and dynamic chains, and dynamic chains with the basic techniques inside (+).
    let boards = bound_positions();
    let mut found = [0; 4];
    let configurations = [
        (false, true, true, 0),
        (true, false, false, 0),
        (true, true, false, 0),
        (true, true, false, 1),
    ];
    for (k, (multiple, dynamic, nishio, level)) in configurations.into_iter().enumerate() {
        let config = multiple::Config {
            multiple,
            dynamic,
            nishio,
            level,
            digits: EVERY_DIGIT,
        };
        for board in boards.iter().step_by(3) {
            let search = |all| {
                with_cache(&board.layout, |cache| {
                    cache.search(&board.cands, config, all)
                })
            };
            let bounded = search(None);
            let mut all = Vec::new();
            search(Some(&mut all));
            assert_eq!(bounded, easiest(all), "{config:?}");
            found[k] += bounded.is_some() as usize;
        }
    }
    assert!(
        found.iter().all(|&f| f >= 5),
        "hints by configuration: {found:?}"
    );
}

#[test]
fn the_cheap_questions_leave_out_no_hint() {
    // The closure's questions (does any candidate reach its negation, can a cycle through this
    // one remove anything, do a cell's or region's assumptions reach a common node) and
    // Nishio's bit boards skip assumptions; asked of none, each search must find the same.
    type Finder = fn(&Board) -> Option<Deduction>;
    let finders: [(&str, Finder); 3] = [
        ("forcing chains", forcing_chain),
        ("Nishio", nishio),
        ("multiple forcing chains", multiple),
    ];
    let mut found = 0;
    for board in bound_positions().iter().step_by(2) {
        for (name, finder) in finders {
            let asked = finder(board);
            UNFILTERED.with(|unfiltered| unfiltered.set(true));
            let searched = finder(board);
            UNFILTERED.with(|unfiltered| unfiltered.set(false));
            assert_eq!(asked, searched, "{name}");
            found += asked.is_some() as usize;
        }
    }
    assert!(found >= 20, "{found} hints");
}
