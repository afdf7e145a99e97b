//! The conformance kit, less one check the faithful algorithm cannot meet.
//!
//! `sudoku_kit::assert_conforms` is left out on purpose: the kit demands that an incomplete
//! solver solve 90% of the corpus's solvable cases, and the thesis's genetic algorithm, run as
//! the thesis states it, solves 10 of the 27 (every 4×4, one 6×6, one 12×12 and one 16×16 case,
//! no 9×9 one) before its generation limit. Tuning it until it passes would no longer be the
//! thesis's algorithm. Every other check of the kit must pass.
//!
//! The tuned variant, `GeneticTuned`, runs the whole kit, the solved share included.

use sudoku_genetic::{Genetic, GeneticTuned};

#[test]
fn genetic_passes_every_check_but_the_solved_share() {
    let report = sudoku_kit::check(&mut Genetic::default());
    let solved = report.solvable - report.gave_up;
    println!(
        "genetic solved {solved} of {} solvable cases",
        report.solvable
    );
    let others: Vec<&String> = report
        .failures
        .iter()
        .filter(|failure| !failure.starts_with("solvable cases:"))
        .collect();
    assert!(others.is_empty(), "{others:#?}");
    assert!(report.checks > report.solvable);
}

/// The tuned variant passes the whole kit, the solved share included.
#[test]
fn genetic_tuned_conforms() {
    sudoku_kit::assert_conforms(&mut GeneticTuned::default());
}
