//! Text forms of a board, read and written.
//!
//! Read, with the size inferred from the number of cells:
//! - one line of N² symbols (`1`-`9`, then `A`=10 … `P`=25; `.`, `0` or `_` for empty);
//! - N lines of N symbols, or of N space-separated symbols or numbers (`10 0 3 …`);
//! - the boxed print of [`Format::Boxed`] (its `|`, `-`, `+` rules are skipped);
//! - dataset files: one puzzle a line, optionally `puzzle:count:solution`, `#` comment lines.
//!
//! A variant is written beside the clues. On one line, after a `/`: the region map of a jigsaw
//! board (N² labels, one a cell in reading order, any letters or digits, one label a region),
//! and `x` for the diagonal rule, each behind its own `/`:
//!
//! ```text
//! 3.......1.........:1:...          classic
//! 3.......1........./x              diagonal
//! 3.......1........./111223334.../x jigsaw and diagonal, then :count:solution as usual
//! ```
//!
//! In the multi-line forms, a line `regions` followed by N lines of N labels, and a line
//! `diagonals`, below the grid. [`render`] writes region labels as `1`-`9`, `A`-`P` in order
//! of first appearance, and [`Format::Boxed`] draws a jigsaw board's region borders.
//!
//! Every form [`render`] writes reads back to the same grid.

use crate::error::{ParseError, ParseErrorKind};
use crate::geometry::{Geometry, Variant};
use crate::grid::Grid;
use crate::shape::Shape;

/// The text forms a grid is written in; each one reads back unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line of N² symbols, `.` for empty.
    Line,
    /// N lines of N symbols.
    Rows,
    /// N lines of N space-separated numbers, `0` for empty.
    Spaced,
    /// Rows with box rules drawn between bands and stacks.
    Boxed,
}

/// The symbol for a cell value: `.` for empty, `1`-`9`, then `A` for 10 up to `P` for 25.
pub fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => (b'0' + value) as char,
        _ => (b'A' + value - 10) as char,
    }
}

/// A set of digits (bit `d` for digit `d`, as candidates are kept) as their symbols, ascending:
/// `124`, or `19AF` on a 16×16 board. The empty set is the empty string.
pub fn set_symbols(set: u32) -> String {
    (1..=25u8)
        .filter(|&d| set & (1 << d) != 0)
        .map(symbol)
        .collect()
}

/// The value of a symbol, before any range check: `Some(0)` for an empty mark.
fn symbol_value(ch: char) -> Option<u32> {
    match ch {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(ch as u32 - '0' as u32),
        'A'..='P' => Some(ch as u32 - 'A' as u32 + 10),
        'a'..='p' => Some(ch as u32 - 'a' as u32 + 10),
        _ => None,
    }
}

/// One puzzle read from a text, with where it stood and what the text claims about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub grid: Grid,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The line each cell was read from (multi-line grids spread over several).
    pub cell_lines: Vec<usize>,
    /// The `:count` field of a dataset line: the puzzle's number of solutions.
    pub expected_count: Option<u64>,
    /// The `:solution` field of a dataset line.
    pub solution: Option<Grid>,
}

/// A raw cell as read: its value before range checks and the column it stood in.
struct RawCell {
    value: u32,
    column: usize,
}

/// A line that holds cells (not blank, not a comment, not a box rule).
struct DataLine<'a> {
    number: usize,
    text: &'a str,
}

fn data_lines(text: &str) -> impl Iterator<Item = DataLine<'_>> {
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| data_line(index + 1, line))
}

/// Line `number` if it holds cells: not blank, not a `#` comment, not a box rule.
fn data_line(number: usize, line: &str) -> Option<DataLine<'_>> {
    let trimmed = line.trim();
    let is_rule = trimmed
        .chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '));
    (!trimmed.is_empty() && !trimmed.starts_with('#') && !is_rule).then_some(DataLine {
        number,
        text: line.trim_end_matches('\r'),
    })
}

/// Reads line `number` of a one-puzzle-a-line text on its own (what a file read a line at a
/// time needs): `None` for a blank, comment or rule line, else the puzzle it holds, exactly as
/// [`parse_entries`] reads that line of a dataset.
pub fn parse_dataset_line(number: usize, line: &str) -> Result<Option<Entry>, ParseError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    data_line(number, line)
        .map(|line| parse_data_line(&line))
        .transpose()
}

/// Reads the cells of one line. Whitespace and `|` separate tokens. The spaced-number form is a
/// row of at least 4 tokens (the smallest side), each a number of one or two digits up to 25,
/// at least one of two digits; otherwise every character is a cell. So `0000000000000000` and a
/// row written box by box (`010 020 003`, `12 34`) are cells, and `10 0 3 16` is numbers.
fn line_cells(line: &DataLine<'_>) -> Result<Vec<RawCell>, ParseError> {
    let tokens: Vec<(usize, &str)> = tokens(line.text);
    let numeric = tokens.len() >= 4
        && tokens.iter().any(|(_, t)| t.len() == 2)
        && tokens.iter().all(|(_, t)| {
            t.len() <= 2
                && t.bytes().all(|b| b.is_ascii_digit())
                && t.parse::<u32>().is_ok_and(|v| v <= 25)
        });
    let mut cells = Vec::with_capacity(line.text.len());
    for (column, token) in tokens {
        if numeric {
            let value = token.parse().expect("checked to be a small number");
            cells.push(RawCell { value, column });
            continue;
        }
        for (offset, ch) in token.chars().enumerate() {
            let value = symbol_value(ch).ok_or_else(|| {
                ParseError::new(
                    line.number,
                    Some(column + offset),
                    ParseErrorKind::BadCharacter {
                        found: ch,
                        cell: Some(cells.len()),
                    },
                )
            })?;
            cells.push(RawCell {
                value,
                column: column + offset,
            });
        }
    }
    Ok(cells)
}

/// Splits on whitespace and `|`, keeping each token's 1-based character column.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column, (offset, ch)) in text.char_indices().enumerate() {
        let separator = ch.is_whitespace() || ch == '|';
        match (separator, start) {
            (true, Some((begin, col))) => {
                out.push((col + 1, &text[begin..offset]));
                start = None;
            }
            (false, None) => start = Some((offset, column)),
            _ => {}
        }
    }
    if let Some((begin, col)) = start {
        out.push((col + 1, &text[begin..]));
    }
    out
}

/// Builds a grid from raw cells once the shape is known, range-checking every value.
fn build(shape: Shape, cells: &[(usize, RawCell)]) -> Result<Grid, ParseError> {
    let mut values = Vec::with_capacity(cells.len());
    for (index, (line, cell)) in cells.iter().enumerate() {
        if cell.value as usize > shape.size() {
            return Err(ParseError::new(
                *line,
                Some(cell.column),
                ParseErrorKind::ValueOutOfRange {
                    value: cell.value,
                    size: shape.size(),
                    cell: shape.cell_name(index),
                },
            ));
        }
        values.push(cell.value as u8);
    }
    Ok(Grid::from_cells(shape, values).expect("count and values checked"))
}

fn shape_for(count: usize, line: usize) -> Result<Shape, ParseError> {
    Shape::from_cell_count(count)
        .ok_or_else(|| ParseError::new(line, None, ParseErrorKind::WrongCellCount { found: count }))
}

/// Reads exactly one puzzle, in any form.
pub fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    if let Some(grid) = parse_plain_line(text) {
        return Ok(grid);
    }
    let mut entries = parse_entries(text)?;
    if entries.len() > 1 {
        return Err(ParseError::new(
            entries[1].line,
            None,
            ParseErrorKind::Other(format!(
                "expected one puzzle but found {} (one per line)",
                entries.len()
            )),
        ));
    }
    Ok(entries.remove(0).grid)
}

/// The common case read without the general machinery: one line of N² symbols and nothing
/// else. `None` for anything else, including every error, which the general path then explains.
fn parse_plain_line(text: &str) -> Option<Grid> {
    let line = text.strip_suffix('\n').unwrap_or(text);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let shape = Shape::from_cell_count(line.len())?;
    let cells = line
        .chars()
        .map(|ch| symbol_value(ch).map(|v| v as u8))
        .collect::<Option<Vec<u8>>>()?;
    Grid::from_cells(shape, cells)
}

/// Reads every puzzle in a text: either one grid spread over several lines, or one puzzle a line
/// (the dataset form, with optional `:count:solution`). Errors if there is no puzzle at all.
pub fn parse_entries(text: &str) -> Result<Vec<Entry>, ParseError> {
    let lines: Vec<DataLine<'_>> = data_lines(text).collect();
    let (lines, block) = split_variant_block(lines);
    let mut entries = parse_cell_lines(&lines)?;
    if let Some(block) = block {
        if entries.len() > 1 {
            return Err(ParseError::new(
                block.line,
                None,
                ParseErrorKind::BadVariant {
                    reason: "a region or diagonal block follows one grid, not a list of puzzles"
                        .into(),
                },
            ));
        }
        let entry = &mut entries[0];
        let variant = block.variant(entry.grid.shape())?;
        let geometry = Geometry::of(entry.grid.shape(), &variant);
        entry.grid = entry.grid.clone().on(geometry.clone());
        entry.solution = entry.solution.take().map(|s| s.on(geometry));
    }
    Ok(entries)
}

/// The `regions` and `diagonals` lines below a grid, with the region rows.
struct VariantBlock<'a> {
    /// Where the block starts.
    line: usize,
    regions: Option<(usize, Vec<DataLine<'a>>)>,
    diagonals: bool,
}

impl VariantBlock<'_> {
    fn variant(&self, shape: Shape) -> Result<Variant, ParseError> {
        let mut variant = Variant::classic();
        if let Some((line, rows)) = &self.regions {
            let labels: Vec<char> = rows
                .iter()
                .flat_map(|row| row.text.chars())
                .filter(|&c| !c.is_whitespace() && c != '|')
                .collect();
            variant = region_variant(shape, &labels, *line)?;
        }
        Ok(variant.with_diagonals(self.diagonals))
    }
}

/// Whether a line is a keyword of the variant block: `regions` or `diagonals` (a trailing `:`
/// allowed, any case).
fn keyword(line: &DataLine<'_>) -> Option<&'static str> {
    let word = line.text.trim().trim_end_matches(':');
    ["regions", "diagonals"]
        .into_iter()
        .find(|k| k.eq_ignore_ascii_case(word))
}

/// Splits the variant block (from the first keyword line on) from the lines of cells.
fn split_variant_block(lines: Vec<DataLine<'_>>) -> (Vec<DataLine<'_>>, Option<VariantBlock<'_>>) {
    let Some(start) = lines.iter().position(|l| keyword(l).is_some()) else {
        return (lines, None);
    };
    let mut cells = lines;
    let rest = cells.split_off(start);
    let mut block = VariantBlock {
        line: rest[0].number,
        regions: None,
        diagonals: false,
    };
    for line in rest {
        match keyword(&line) {
            Some("regions") => block.regions = Some((line.number, Vec::new())),
            Some(_) => block.diagonals = true,
            None => match &mut block.regions {
                Some((_, rows)) => rows.push(line),
                None => block.regions = Some((line.number, vec![line])),
            },
        }
    }
    (cells, Some(block))
}

/// A jigsaw variant from region labels, its error naming `line`.
fn region_variant(shape: Shape, labels: &[char], line: usize) -> Result<Variant, ParseError> {
    Variant::jigsaw(shape, labels).map_err(|e| {
        ParseError::new(
            line,
            None,
            ParseErrorKind::BadVariant {
                reason: e.describe(shape.size()),
            },
        )
    })
}

/// The puzzles of lines holding cells only: one grid over several lines or one a line.
fn parse_cell_lines(lines: &[DataLine<'_>]) -> Result<Vec<Entry>, ParseError> {
    let Some(first) = lines.first() else {
        return Err(ParseError::new(1, None, ParseErrorKind::Empty));
    };
    let one_per_line = lines.len() == 1 || first.text.contains([':', '/']) || {
        let first_count = line_cells(first)?.len();
        Shape::from_cell_count(first_count).is_some()
            && !(Shape::from_size(first_count).is_some() && lines.len() == first_count)
    };
    if one_per_line {
        lines.iter().map(parse_data_line).collect()
    } else {
        parse_multiline(lines).map(|entry| vec![entry])
    }
}

/// One grid written over several lines, one row a line.
fn parse_multiline(lines: &[DataLine<'_>]) -> Result<Entry, ParseError> {
    let mut cells = Vec::new();
    let mut row_length = None;
    for line in lines {
        let row = line_cells(line)?;
        match row_length {
            None => row_length = Some(row.len()),
            Some(expected) if expected != row.len() => {
                return Err(ParseError::new(
                    line.number,
                    None,
                    ParseErrorKind::RaggedRow {
                        found: row.len(),
                        expected,
                    },
                ));
            }
            Some(_) => {}
        }
        cells.extend(row.into_iter().map(|cell| (line.number, cell)));
    }
    let shape = shape_for(cells.len(), lines[0].number)?;
    let grid = build(shape, &cells)?;
    Ok(Entry {
        grid,
        line: lines[0].number,
        cell_lines: cells.iter().map(|(line, _)| *line).collect(),
        expected_count: None,
        solution: None,
    })
}

/// One dataset line: `puzzle`, `puzzle:count` or `puzzle:count:solution`, the puzzle's variant
/// after its clues (see the module documentation).
fn parse_data_line(line: &DataLine<'_>) -> Result<Entry, ParseError> {
    let mut fields = line.text.splitn(3, ':');
    let puzzle_text = fields.next().unwrap_or_default();
    let (clue_text, marks) = match puzzle_text.split_once('/') {
        Some((clues, marks)) => (clues, Some(marks)),
        None => (puzzle_text, None),
    };
    let puzzle_line = DataLine {
        number: line.number,
        text: clue_text,
    };
    let raw = line_cells(&puzzle_line)?;
    let shape = shape_for(raw.len(), line.number)?;
    let cells: Vec<(usize, RawCell)> = raw.into_iter().map(|c| (line.number, c)).collect();
    let mut grid = build(shape, &cells)?;
    if let Some(marks) = marks {
        let first_column = clue_text.chars().count() + 2;
        let variant = variant_marks(shape, marks, line.number, first_column)?;
        grid = grid.on(Geometry::of(shape, &variant));
    }
    let expected_count = match fields.next().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(text.parse().map_err(|_| {
            ParseError::new(
                line.number,
                None,
                ParseErrorKind::BadCount { text: text.into() },
            )
        })?),
    };
    let solution = match fields.next().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let bad = |reason: String| {
                ParseError::new(line.number, None, ParseErrorKind::BadSolution { reason })
            };
            let solution = parse_grid(text).map_err(|e| bad(e.kind_text()))?;
            if solution.shape() != shape {
                return Err(bad(format!(
                    "the solution is {} but the puzzle is {}",
                    solution.shape(),
                    shape
                )));
            }
            // A solution is played under its puzzle's rules.
            Some(solution.on(grid.geometry().clone()))
        }
    };
    Ok(Entry {
        grid,
        line: line.number,
        cell_lines: vec![line.number; shape.cell_count()],
        expected_count,
        solution,
    })
}

/// The variant marks after a line's clues (`/map`, `/x`, in any order), the first starting at
/// character `column`.
fn variant_marks(
    shape: Shape,
    marks: &str,
    line: usize,
    mut column: usize,
) -> Result<Variant, ParseError> {
    let bad = |column: usize, reason: String| {
        ParseError::new(line, Some(column), ParseErrorKind::BadVariant { reason })
    };
    let (mut regions, mut diagonals) = (None, false);
    for mark in marks.split('/') {
        let trimmed = mark.trim();
        if trimmed.eq_ignore_ascii_case("x") {
            if diagonals {
                return Err(bad(column, "the diagonal mark `x` is given twice".into()));
            }
            diagonals = true;
        } else if trimmed.is_empty() {
            return Err(bad(
                column,
                "an empty mark after `/`: expected a region map or `x` (diagonals)".into(),
            ));
        } else if regions.is_some() {
            return Err(bad(column, "a second region map".into()));
        } else {
            let labels: Vec<char> = trimmed.chars().collect();
            if let Some(bad_label) = labels.iter().find(|c| !c.is_ascii_alphanumeric()) {
                return Err(bad(
                    column,
                    format!("region label {bad_label:?}: labels are letters or digits"),
                ));
            }
            regions = Some(region_variant(shape, &labels, line).map_err(|mut e| {
                e.column = Some(column);
                e
            })?);
        }
        column += mark.chars().count() + 1;
    }
    Ok(regions
        .unwrap_or_else(Variant::classic)
        .with_diagonals(diagonals))
}

impl ParseError {
    /// The message without its `line N:` prefix, for errors nested inside another line.
    fn kind_text(&self) -> String {
        let full = self.to_string();
        full.split_once(": ")
            .map_or(full.clone(), |(_, rest)| rest.to_string())
    }
}

/// Writes a grid in `format`, its variant marks or block included.
pub fn render(grid: &Grid, format: Format) -> String {
    let cells = render_cells(grid, format);
    let variant = grid.variant();
    let regions = variant.regions().map(region_labels);
    match format {
        Format::Line => {
            let mut line = cells;
            if let Some(regions) = regions {
                line.push('/');
                line.push_str(&regions);
            }
            if variant.has_diagonals() {
                line.push_str("/x");
            }
            line
        }
        _ => {
            let mut text = cells;
            if let Some(regions) = regions {
                text.push_str("regions\n");
                for row in regions.as_bytes().chunks(grid.size()) {
                    text.push_str(std::str::from_utf8(row).expect("labels are ASCII"));
                    text.push('\n');
                }
            }
            if variant.has_diagonals() {
                text.push_str("diagonals\n");
            }
            text
        }
    }
}

/// A dataset line, `puzzle:count:solution`: the puzzle with its variant marks, the solution's
/// cells alone (it is played under the puzzle's rules).
pub fn dataset_line(puzzle: &Grid, count: u64, solution: Option<&Grid>) -> String {
    let mut line = format!("{}:{count}", render(puzzle, Format::Line));
    if let Some(solution) = solution {
        line.push(':');
        line.push_str(&render_cells(solution, Format::Line));
    }
    line
}

/// Region numbers as labels `1`-`9`, `A`-`P`, one a cell.
fn region_labels(regions: &[u8]) -> String {
    regions.iter().map(|&r| symbol(r + 1)).collect()
}

/// The cells alone in `format`.
fn render_cells(grid: &Grid, format: Format) -> String {
    let n = grid.size();
    let rows = grid.cells().chunks(n);
    match format {
        Format::Line => grid.cells().iter().map(|&v| symbol(v)).collect(),
        Format::Rows => rows
            .map(|row| {
                row.iter()
                    .map(|&v| symbol(v))
                    .chain(['\n'])
                    .collect::<String>()
            })
            .collect(),
        Format::Spaced => rows
            .map(|row| {
                let numbers: Vec<String> = row.iter().map(u8::to_string).collect();
                numbers.join(" ") + "\n"
            })
            .collect(),
        Format::Boxed => {
            let texts: Vec<String> = grid
                .cells()
                .iter()
                .map(|&v| symbol(v).to_string())
                .collect();
            boxed(grid.geometry(), &texts)
        }
    }
}

/// Draws a board with its box rules, one text a cell, padded to one width: rules between bands
/// and stacks for rectangular boxes, a jigsaw board's region borders wherever two neighbours
/// lie in different regions.
pub(crate) fn boxed(geometry: &Geometry, texts: &[String]) -> String {
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    match geometry.variant().regions() {
        Some(regions) => region_borders(geometry.size(), regions, texts, width),
        None => box_rules(geometry.shape(), texts, width),
    }
}

/// A jigsaw board: every cell boundary two characters wide, `| ` where regions meet; each rule
/// line has `-` under a cell whose region differs from the one above and `+` where a border
/// turns, ends or meets another.
fn region_borders(n: usize, regions: &[u8], texts: &[String], width: usize) -> String {
    let region = |row: usize, col: usize| regions[row * n + col];
    // A wall above cell (row, col): the board's edge or a region change.
    let wall_above =
        |row: usize, col: usize| row == 0 || row == n || region(row - 1, col) != region(row, col);
    // A wall left of cell (row, col) in a row that exists.
    let wall_left =
        |row: usize, col: usize| col == 0 || col == n || region(row, col - 1) != region(row, col);
    let mut out = String::new();
    for row in 0..=n {
        let mut rule = String::new();
        for col in 0..=n {
            let vertical = (row > 0 && wall_left(row - 1, col)) || (row < n && wall_left(row, col));
            let left = col > 0 && wall_above(row, col - 1);
            let right = col < n && wall_above(row, col);
            rule.push(match (vertical || left != right, left) {
                (true, _) => '+',
                (false, true) => '-',
                (false, false) => ' ',
            });
            if col < n {
                let fill = if wall_above(row, col) { '-' } else { ' ' };
                rule.extend(std::iter::repeat_n(fill, width + 2));
            }
        }
        out.push_str(rule.trim_end());
        out.push('\n');
        if row == n {
            break;
        }
        for col in 0..n {
            out.push_str(if wall_left(row, col) { "| " } else { "  " });
            out.push_str(&format!("{:<width$} ", texts[row * n + col]));
        }
        out.push_str("|\n");
    }
    out
}

/// Rectangular boxes: rules between bands and stacks.
fn box_rules(shape: Shape, texts: &[String], width: usize) -> String {
    let n = shape.size();
    let stack = "-".repeat((width + 1) * shape.box_cols() + 1);
    let rule = format!("+{}+\n", vec![stack; n / shape.box_cols()].join("+"));
    let mut out = String::new();
    for (r, row) in texts.chunks(n).enumerate() {
        if r % shape.box_rows() == 0 {
            out.push_str(&rule);
        }
        for (c, text) in row.iter().enumerate() {
            if c % shape.box_cols() == 0 {
                out.push_str("| ");
            }
            out.push_str(&format!("{text:<width$} "));
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLOWER: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_set_of_digits_reads_as_its_symbols() {
        assert_eq!(set_symbols(0), "");
        assert_eq!(set_symbols(1 << 1 | 1 << 2 | 1 << 4), "124");
        assert_eq!(set_symbols(1 << 9 | 1 << 10 | 1 << 25), "9AP");
    }

    #[test]
    fn every_format_round_trips_for_every_size() {
        for shape in Shape::ALL {
            let n = shape.size();
            let cells = (0..shape.cell_count()).map(|i| ((i * 7 + i / n) % (n + 1)) as u8);
            let grid = Grid::from_cells(shape, cells.collect()).unwrap();
            for format in [Format::Line, Format::Rows, Format::Spaced, Format::Boxed] {
                let text = grid.render(format);
                assert_eq!(
                    Grid::parse(&text).unwrap(),
                    grid,
                    "{shape} {format:?}\n{text}"
                );
            }
        }
    }

    #[test]
    fn digit_runs_and_box_spaced_rows_are_cells_not_numbers() {
        // Found by fuzzing (fuzz/regressions/grid_text): a line of zeros was one number.
        let empty = Grid::parse("0000000000000000").unwrap();
        assert_eq!((empty.size(), empty.clue_count()), (4, 0));
        let entries = parse_entries("0000000000000000:288\n").unwrap();
        assert_eq!(entries[0].grid, empty);
        let rows = FLOWER.replace('.', "0");
        let boxed: String = rows
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let r = String::from_utf8_lossy(r);
                format!("{} {} {}\n", &r[..3], &r[3..6], &r[6..])
            })
            .collect();
        assert_eq!(Grid::parse(&boxed).unwrap(), Grid::parse(FLOWER).unwrap());
        let spaced = Grid::parse("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 10").unwrap_err();
        assert!(spaced.to_string().contains("10"), "{spaced}");
        let sixteen = Grid::parse(&"10 0 3 16 0 0 0 0 0 0 0 0 0 0 0 0\n".repeat(16)).unwrap();
        assert_eq!(
            (sixteen.get(0), sixteen.get(3), sixteen.size()),
            (10, 16, 16)
        );
    }

    #[test]
    fn reads_the_common_nine_by_nine_forms() {
        let grid = Grid::parse(FLOWER).unwrap();
        assert_eq!(grid.clue_count(), 30);
        let rows: String = FLOWER
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).replace('.', "0") + "\n")
            .collect();
        assert_eq!(Grid::parse(&rows).unwrap(), grid);
        let grouped = "530 070 000\n600 195 000\n098 000 060\n800 060 003\n400 803 001\n\
                       700 020 006\n060 000 280\n000 419 005\n000 080 079\n";
        assert_eq!(Grid::parse(grouped).unwrap(), grid);
    }

    #[test]
    fn the_plain_line_fast_path_agrees_with_the_general_reader() {
        for text in [
            FLOWER,
            "1234341221434321\n",
            "12343412214343x1",
            "1234341221434G21",
        ] {
            let general = parse_entries(text).map(|mut e| e.remove(0).grid);
            assert_eq!(Grid::parse(text), general, "{text}");
        }
    }

    #[test]
    fn dataset_lines_carry_count_and_solution() {
        let text = "# a comment\n\n................:288\n1234341221434321:1:1234341221434321\n";
        let entries = parse_entries(text).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[0].expected_count, Some(288));
        assert!(entries[1].solution.as_ref().unwrap().is_filled());
    }

    /// A 6×6 jigsaw map (regions drawn by hand, each six connected cells).
    const SIX_REGIONS: &str = "aaabbbaacbbbdaccceddceeeddcfeedfffff";

    fn six_jigsaw() -> Grid {
        let line = format!("1.....2.....3.....4.....5.....6...../{SIX_REGIONS}");
        Grid::parse(&line).unwrap()
    }

    #[test]
    fn variant_boards_round_trip_in_every_format() {
        let jigsaw = six_jigsaw();
        assert_eq!(jigsaw.variant().kind(), crate::VariantKind::Jigsaw);
        let both = jigsaw.clone().on(Geometry::of(
            Shape::S6,
            &jigsaw.variant().clone().with_diagonals(true),
        ));
        let diagonal = Grid::parse(&format!("{FLOWER}/x")).unwrap();
        assert!(diagonal.variant().has_diagonals());
        for grid in [jigsaw, both, diagonal] {
            for format in [Format::Line, Format::Rows, Format::Spaced, Format::Boxed] {
                let text = grid.render(format);
                assert_eq!(Grid::parse(&text).unwrap(), grid, "{format:?}\n{text}");
            }
        }
        assert_eq!(
            six_jigsaw().to_line(),
            "1.....2.....3.....4.....5.....6...../111222113222413335443555443655466666"
        );
    }

    #[test]
    fn the_boxed_print_draws_region_borders() {
        let drawn = six_jigsaw().render(Format::Boxed);
        let lines: Vec<&str> = drawn.lines().collect();
        // Row 1: regions a a a | b b b; row 2: a a | c | b b b.
        assert_eq!(lines[0], "+-----------+-----------+", "{drawn}");
        assert_eq!(lines[1], "| 1   .   . | .   .   . |", "{drawn}");
        assert_eq!(lines[2], "+       +---+           +", "{drawn}");
        assert_eq!(lines[3], "| 2   . | . | .   .   . |", "{drawn}");
        assert!(drawn.ends_with("regions\n111222\n113222\n413335\n443555\n443655\n466666\n"));
    }

    #[test]
    fn dataset_lines_carry_variants_and_solutions_take_them() {
        let solution_cells = "123456456123231564564231312645645312";
        let text = format!("{}/x:1:{solution_cells}\n", ".".repeat(36));
        let entries = parse_entries(&text).unwrap();
        let entry = &entries[0];
        assert!(entry.grid.variant().has_diagonals());
        assert_eq!(
            entry.solution.as_ref().unwrap().variant(),
            entry.grid.variant()
        );
        assert_eq!(entry.expected_count, Some(1));
    }

    #[test]
    fn bad_variants_name_line_column_and_cell() {
        let clues = ".".repeat(36);
        let error = Grid::parse(&format!("{clues}/aaabbb")).unwrap_err();
        assert_eq!((error.line, error.column), (1, Some(38)));
        assert!(
            error.to_string().contains("6 cells but the board has 36"),
            "{error}"
        );
        let error = Grid::parse(&format!("{clues}/x/X")).unwrap_err();
        assert_eq!(error.column, Some(40), "{error}");
        let error = Grid::parse(&format!("{clues}/")).unwrap_err();
        assert!(error.to_string().contains("empty mark"), "{error}");
        let eight = SIX_REGIONS.replacen('a', "b", 1);
        let error = Grid::parse(&format!("{clues}/{eight}")).unwrap_err();
        assert!(error.to_string().contains("r1c1 has 7 cells"), "{error}");
        let error = Grid::parse(&format!("{clues}/{}", SIX_REGIONS.replace('f', "-"))).unwrap_err();
        assert!(error.to_string().contains("label '-'"), "{error}");
        let rows: String = clues
            .as_bytes()
            .chunks(6)
            .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
            .collect();
        let error = Grid::parse(&format!("{rows}regions\n{}\n", &SIX_REGIONS[..30])).unwrap_err();
        assert_eq!(error.line, 7, "{error}");
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = Grid::parse("# header\n53..7....6..195....98....6.8..x6...34..8.3..17...2...6.6....28....419..5....8..7")
            .unwrap_err();
        assert_eq!((error.line, error.column), (2, Some(31)));
        let error = Grid::parse("12\n345").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(matches!(error.kind, ParseErrorKind::RaggedRow { .. }));
    }
}
