//! The 0/1 model, backend-neutral: which cells and digits get a variable, and the rows over them.

use sudoku_core::{DigitSet, Grid, Shape, candidates, place_singles};

/// The variables and rows of one puzzle's program. A variable is `x[cell, digit]`; every row is
/// "the sum of these variables equals 1" (the thesis's model has only such rows), and clues are
/// rows over a single variable.
#[derive(Clone, Debug)]
pub struct Model {
    pub shape: Shape,
    /// The board the model completes: clues, and for the presolved model what propagation placed.
    pub base: Grid,
    /// `(cell, digit)` of each variable, in variable order.
    pub variables: Vec<(usize, u8)>,
    /// Each row: the variables whose sum is 1.
    pub rows: Vec<Vec<usize>>,
    /// Cells the model decides (one variable set among each cell's).
    pub cells: usize,
}

impl Model {
    /// The thesis's model: a variable for every cell and digit; one digit per cell, each digit
    /// once per house (row, column and box, or the variant's houses), and each clue fixed by a
    /// row of its own.
    pub fn thesis(puzzle: &Grid) -> Model {
        let shape = puzzle.shape();
        let all: DigitSet = ((1u32 << shape.size()) - 1) << 1;
        let empty = Grid::empty_on(puzzle.geometry().clone());
        let mut model = Model::over(empty, &vec![all; shape.cell_count()]);
        for (cell, &clue) in puzzle.cells().iter().enumerate() {
            if clue != 0 {
                // Variables run by cell, then digit, and every cell has all of them here.
                let variable = cell * shape.size() + usize::from(clue) - 1;
                model.rows.push(vec![variable]);
            }
        }
        model
    }

    /// The presolved model: naked and hidden singles placed first, then variables only for the
    /// digits still possible in the cells still empty. `None` when propagation finds the puzzle
    /// has no solution.
    pub fn presolved(puzzle: &Grid) -> Option<Model> {
        let board = place_singles(puzzle)?;
        let domains = candidates(&board);
        Some(Model::over(board, &domains))
    }

    /// Variables for the empty cells of `base`, over `domains`; a row per empty cell, and per
    /// house of `base`'s geometry and digit not yet placed in that house.
    fn over(base: Grid, domains: &[DigitSet]) -> Model {
        let shape = base.shape();
        let mut variables = Vec::new();
        let mut rows = Vec::new();
        let mut of_cell = vec![Vec::new(); shape.cell_count()];
        for cell in (0..shape.cell_count()).filter(|&c| base.get(c) == 0) {
            for digit in digits(domains[cell]) {
                of_cell[cell].push(variables.len());
                variables.push((cell, digit));
            }
            rows.push(of_cell[cell].clone());
        }
        let cells = rows.len();
        let geometry = base.geometry();
        for house in 0..geometry.house_count() {
            let members = geometry.house(house);
            for digit in 1..=shape.size() as u8 {
                if members.iter().any(|&c| base.get(c) == digit) {
                    continue;
                }
                rows.push(
                    members
                        .iter()
                        .flat_map(|&c| of_cell[c].iter().copied())
                        .filter(|&v| variables[v].1 == digit)
                        .collect(),
                );
            }
        }
        Model {
            shape,
            base,
            variables,
            rows,
            cells,
        }
    }

    /// Whether a row can never hold (no variable may be 1): the program is infeasible as built.
    pub fn has_empty_row(&self) -> bool {
        self.rows.iter().any(Vec::is_empty)
    }

    /// The board a 0/1 assignment describes: in each cell the digit of its largest variable.
    pub fn decode(&self, values: &[f64]) -> Grid {
        let mut grid = self.base.clone();
        let mut best = vec![f64::NEG_INFINITY; self.shape.cell_count()];
        for (&(cell, digit), &value) in self.variables.iter().zip(values) {
            if value > best[cell] {
                best[cell] = value;
                grid.set(cell, digit);
            }
        }
        grid
    }

    /// The variables set in `solution`: the cut that excludes it is "their sum is at most
    /// `cells - 1`".
    pub fn chosen(&self, solution: &Grid) -> Vec<usize> {
        (0..self.variables.len())
            .filter(|&v| {
                let (cell, digit) = self.variables[v];
                solution.get(cell) == digit
            })
            .collect()
    }
}

fn digits(set: DigitSet) -> impl Iterator<Item = u8> {
    (1..=25u8).filter(move |&d| set & (1 << d) != 0)
}
