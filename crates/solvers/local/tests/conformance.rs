use sudoku_local::{Annealing, AnnealingTuned, Tabu, TabuTuned};

#[test]
fn annealing_conforms() {
    sudoku_kit::assert_conforms(&mut Annealing::default());
}

#[test]
fn tabu_conforms() {
    sudoku_kit::assert_conforms(&mut Tabu::default());
}

#[test]
fn annealing_tuned_conforms() {
    sudoku_kit::assert_conforms(&mut AnnealingTuned::default());
}

#[test]
fn tabu_tuned_conforms() {
    sudoku_kit::assert_conforms(&mut TabuTuned::default());
}
