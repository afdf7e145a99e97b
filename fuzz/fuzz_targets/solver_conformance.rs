//! Solver conformance on random puzzles of every size: the input decodes to a puzzle whose clues
//! never conflict (see `puzzle_bytes`), every pure-Rust solver that takes its size solves it
//! under a small work cap, and the outcomes are checked alone and against each other (see
//! `conformance`). A hard puzzle simply makes the solvers give up at their cap.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bench_fuzz::conformance::{
    Solve, assert_outcome_is_sound, assert_solves_agree, budget_for, solvers,
};
use sudoku_bench_fuzz::puzzle_bytes::puzzle_from_bytes;
use sudoku_core::{solve_checked, validate_clues};

fuzz_target!(|data: &[u8]| {
    let Some(fuzzed) = puzzle_from_bytes(data) else {
        return;
    };
    let puzzle = &fuzzed.grid;
    assert_eq!(
        validate_clues(puzzle),
        Ok(()),
        "the decoder let a conflict through"
    );
    let mut solves = Vec::new();
    for mut solver in solvers() {
        let info = solver.info();
        if !info.capabilities.supports(puzzle.shape()) {
            continue;
        }
        let budget = budget_for(solver.as_ref(), puzzle.size(), fuzzed.solution_limit);
        let outcome = solve_checked(solver.as_mut(), puzzle, &budget);
        let solve = Solve {
            id: info.id,
            complete: info.capabilities.complete,
            counts_solutions: info.capabilities.counts_solutions,
            budget,
            outcome,
        };
        assert_outcome_is_sound(puzzle, &solve);
        solves.push(solve);
    }
    assert_solves_agree(puzzle, &solves);
});
