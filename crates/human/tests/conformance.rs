use sudoku_human::{Human, Order};

#[test]
fn human_conforms() {
    sudoku_kit::assert_conforms(&mut Human::default());
}

#[test]
fn human_in_the_rating_order_conforms() {
    sudoku_kit::assert_conforms(&mut Human::new(Order::Rating));
}
