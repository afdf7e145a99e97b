use sudoku_local::{Annealing, Tabu};

#[test]
fn annealing_conforms() {
    sudoku_kit::assert_conforms(&mut Annealing::default());
}

#[test]
fn tabu_conforms() {
    sudoku_kit::assert_conforms(&mut Tabu::default());
}
