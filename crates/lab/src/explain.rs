//! A human solve step by step: each step's technique and text, the board and pencil marks
//! before it, and the cells its text names, so the page can show the step where it happens.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sudoku_core::{Budget, DigitSet, Grid, Shape, counted};
use sudoku_human::{Order, analyse_within};
use sudoku_trace::Board;

use crate::{Body, Lab, PuzzleRequest, answer, parse_line};

/// How long an explanation may take: the hardest puzzles need forcing chains.
const BUDGET: Duration = Duration::from_secs(20);

/// A puzzle by its line (as a race sends it) or as the picker names it.
#[derive(Deserialize)]
#[serde(untagged)]
pub enum ExplainRequest {
    Line { line: String },
    Named(PuzzleRequest),
}

#[derive(Serialize)]
struct Explanation {
    puzzle: Board,
    steps: Vec<StepShown>,
    solution: Vec<u8>,
    summary: String,
    unique: bool,
}

#[derive(Serialize)]
struct StepShown {
    technique: String,
    text: String,
    weight: f32,
    level: String,
    placed: Vec<(usize, u8)>,
    eliminated: Vec<(usize, u8)>,
    /// The cells the text names, in order.
    cells: Vec<usize>,
    before: Position,
}

#[derive(Serialize)]
struct Position {
    cells: Vec<u8>,
    marks: Vec<DigitSet>,
}

pub async fn explain(State(lab): State<Arc<Lab>>, Body(request): Body<ExplainRequest>) -> Response {
    let puzzles = lab.puzzles.clone();
    answer(move || {
        let (grid, label) = match request {
            ExplainRequest::Line { line } => (parse_line(&line)?, "puzzle".to_string()),
            ExplainRequest::Named(request) => puzzles.resolve(&request)?,
        };
        explanation(&grid, label)
    })
    .await
}

fn explanation(grid: &Grid, label: String) -> Result<Explanation, String> {
    let budget = Budget::solve().with_time_limit(BUDGET);
    let analysis = analyse_within(grid, Order::default(), &budget)
        .map_err(|error| format!("{label}: {error}"))?;
    let shape = grid.shape();
    let steps = analysis
        .moves
        .iter()
        .map(|step| StepShown {
            technique: step.technique.to_string(),
            text: step.step.text.clone(),
            weight: (step.weight * 10.0).round() / 10.0,
            level: step.level.to_string(),
            placed: step.step.placed.clone(),
            eliminated: step.step.eliminated.clone(),
            cells: named_cells(&step.step.text, shape),
            before: Position {
                cells: step.before.grid().cells().to_vec(),
                marks: step.before.all_candidates().to_vec(),
            },
        })
        .collect();
    let ending = if analysis.solved_by_logic() {
        "solved by logic alone".to_string()
    } else {
        format!(
            "logic got stuck: a search made {} guesses",
            analysis.guesses
        )
    };
    Ok(Explanation {
        puzzle: Board::of(grid, label),
        summary: format!(
            "{} ({}); {ending}",
            counted(analysis.moves.len() as u64, ("step", "steps")),
            analysis.counts()
        ),
        solution: analysis.solution.cells().to_vec(),
        unique: analysis.unique,
        steps,
    })
}

/// The cells a step's text names (`r3c4`, and on boards up to 9×9 the grouped `r3c45` and
/// `r12c4` of chains), in order, each once.
fn named_cells(text: &str, shape: Shape) -> Vec<usize> {
    let size = shape.size();
    let bytes = text.as_bytes();
    let number_at = |start: usize| {
        let end = (start..bytes.len())
            .find(|&i| !bytes[i].is_ascii_digit())
            .unwrap_or(bytes.len());
        (&text[start..end], end)
    };
    // One cell index per digit when the board's indices are single digits, else one number.
    let indices = |digits: &str| -> Vec<usize> {
        let parsed: Vec<usize> = if size <= 9 {
            digits.bytes().map(|b| usize::from(b - b'0')).collect()
        } else {
            digits.parse().into_iter().collect()
        };
        parsed
            .into_iter()
            .filter(|&i| (1..=size).contains(&i))
            .collect()
    };
    let mut cells = Vec::new();
    let mut at = 0;
    while at + 3 < bytes.len() {
        let starts_name = bytes[at] == b'r'
            && bytes[at + 1].is_ascii_digit()
            && (at == 0 || !bytes[at - 1].is_ascii_alphanumeric());
        if !starts_name {
            at += 1;
            continue;
        }
        let (rows, after_rows) = number_at(at + 1);
        if bytes.get(after_rows) != Some(&b'c') {
            at = after_rows;
            continue;
        }
        let (columns, after) = number_at(after_rows + 1);
        for row in indices(rows) {
            for column in indices(columns) {
                let cell = (row - 1) * size + column - 1;
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        at = after;
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_a_text_names_are_found_grouped_or_not() {
        let nine = Shape::from_size(9).unwrap();
        assert_eq!(
            named_cells("r3c4=5 - r3c8=5 = r1c9: naked pair in row 3", nine),
            [21, 25, 8]
        );
        assert_eq!(named_cells("r12c45<>7 (grouped)", nine), [3, 4, 12, 13]);
        assert!(named_cells("row 3, column 4, rc, r0c1, pr3c4", nine).is_empty());
        let sixteen = Shape::from_size(16).unwrap();
        assert_eq!(named_cells("r10c12 and r1c16", sixteen), [9 * 16 + 11, 15]);
    }

    #[test]
    fn a_puzzle_is_explained_with_the_position_before_each_step() {
        // A 4×4 puzzle with one solution (1234 3412 2143 4321): singles solve it.
        let grid = Grid::parse("1..43.....4..3.1").unwrap();
        let explained = explanation(&grid, "puzzle".into()).unwrap();
        assert!(explained.unique);
        let first = &explained.steps[0];
        assert_eq!(first.before.cells, grid.cells());
        for (step, next) in explained.steps.iter().zip(explained.steps.iter().skip(1)) {
            let mut board = step.before.cells.clone();
            for &(cell, digit) in &step.placed {
                board[cell] = digit;
            }
            assert_eq!(
                board, next.before.cells,
                "each step starts where the last ended"
            );
        }
        assert!(
            sudoku_core::verify_solution(
                &grid,
                &grid.with_cells(explained.solution.clone()).unwrap()
            )
            .is_ok()
        );
    }
}
