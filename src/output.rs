//! How results are printed, in the four `--format`s: text for people, bare lines for pipes, CSV
//! and JSON for programs. Every puzzle gets a record, whatever became of it.

use std::time::Duration;

use serde_json::json;
use sudoku_core::{Counters, Format as GridFormat, Outcome};

use crate::input::Item;
use crate::options::{BudgetArgs, Format};
use crate::ui::{BAD, GOOD, WARN, count_of, duration, grouped, seconds, styled};

/// What one puzzle came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `solve`: the one solution, its uniqueness checked.
    Solved,
    /// `solve --max-solutions`: solutions listed; `all` when fewer than asked exist.
    Listed {
        all: bool,
    },
    /// `count`: an exact count, or (`stopped_at_limit`) at least `--max-solutions`.
    Counted {
        stopped_at_limit: bool,
    },
    Unsolvable,
    /// More than one solution where one was expected; two differ at this cell.
    Multiple {
        differs_at: String,
    },
    /// The budget ran out (the reason says which part).
    GaveUp(String),
    /// The answer is verified, but the dataset's `:count` or `:solution` field says otherwise.
    Mismatch(String),
    /// The solver answered wrongly, crashed or failed.
    Failed(String),
    /// The solver does not take this puzzle (its size).
    Rejected(String),
}

impl Answer {
    /// The status word records carry.
    pub fn status(&self) -> &'static str {
        match self {
            Answer::Solved => "solved",
            Answer::Listed { .. } => "listed",
            Answer::Counted { .. } => "counted",
            Answer::Unsolvable => "unsolvable",
            Answer::Multiple { .. } => "multiple",
            Answer::GaveUp(_) => "gave-up",
            Answer::Mismatch(_) => "mismatch",
            Answer::Failed(_) => "failed",
            Answer::Rejected(_) => "rejected",
        }
    }

    /// The exit status this answer alone would give: 0 answered, 1 a negative answer, 2 a
    /// puzzle the solver does not take (a usage error).
    pub fn exit_code(&self) -> u8 {
        match self {
            Answer::Solved | Answer::Listed { .. } | Answer::Counted { .. } => 0,
            Answer::Rejected(_) => 2,
            _ => 1,
        }
    }
}

/// One puzzle's record.
pub struct Record<'a> {
    pub item: &'a Item,
    pub solver: &'a str,
    pub outcome: &'a Outcome,
    pub answer: Answer,
    pub elapsed: Duration,
    pub budget: &'a BudgetArgs,
}

impl Record<'_> {
    /// What became of the puzzle, in words, for text output and the `message` field.
    pub fn message(&self, counting: bool) -> String {
        let found = self.outcome.solution_count;
        let solver = self.solver;
        let took = duration(self.elapsed);
        let by = format!("{solver} in {took}");
        let gave_up = |reason: &str| {
            format!(
                "{solver} gave up after {took} ({reason}; {}; raise --timeout or --max-iterations)",
                self.budget.stated()
            )
        };
        match &self.answer {
            Answer::Solved => format!("solved by {by}; the solution is unique"),
            Answer::Listed { all: true } => {
                format!(
                    "{} (all there are), listed by {by}",
                    count_of(found, "solution")
                )
            }
            Answer::Listed { all: false } => format!(
                "{} listed by {by} (stopped at --max-solutions; there may be more)",
                count_of(found, "solution")
            ),
            Answer::Counted {
                stopped_at_limit: false,
            } => format!("{}, counted by {by}", count_of(found, "solution")),
            Answer::Counted {
                stopped_at_limit: true,
            } => format!(
                "at least {}, counted by {by} (stopped at --max-solutions)",
                count_of(found, "solution")
            ),
            Answer::Unsolvable => format!("no solution (proved by {by})"),
            Answer::Multiple { differs_at } => format!(
                "more than one solution (two differ at {differs_at}; found by {by}); \
                 list them with --max-solutions N"
            ),
            Answer::GaveUp(reason) if counting => format!(
                "at least {}: {}",
                count_of(found, "solution"),
                gave_up(reason)
            ),
            Answer::GaveUp(reason) => format!("not solved: {}", gave_up(reason)),
            Answer::Mismatch(what) => format!("dataset mismatch: {what} ({by})"),
            Answer::Failed(what) => format!("failed: {solver} {what}"),
            Answer::Rejected(why) => format!("{solver} does not take this puzzle: {why}"),
        }
    }

    fn status_styled(&self, text: String) -> String {
        let style = match self.answer.exit_code() {
            0 => GOOD,
            1 if matches!(self.answer, Answer::GaveUp(_)) => WARN,
            _ => BAD,
        };
        styled(style, text)
    }

    fn json(&self, counting: bool) -> serde_json::Value {
        let entry = &self.item.entry;
        let mut object = json!({
            "line": entry.line,
            "puzzle": entry.grid.to_line(),
            "solver": self.solver,
            "status": self.answer.status(),
            "solution_count": self.outcome.solution_count,
            "seconds": seconds(self.elapsed),
            "counters": counters_json(&self.outcome.counters),
            "message": self.message(counting),
        });
        if let Some(board) = &self.item.board {
            object["board"] = json!(board);
        }
        if counting {
            object["exact"] = json!(matches!(
                self.answer,
                Answer::Counted {
                    stopped_at_limit: false
                }
            ));
        } else {
            object["solutions"] = json!(
                self.outcome
                    .solutions
                    .iter()
                    .map(|s| s.to_line())
                    .collect::<Vec<_>>()
            );
        }
        object
    }
}

fn counters_json(counters: &Counters) -> serde_json::Value {
    counters
        .all()
        .map(|(name, value)| (name.to_string(), json!(value)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The counters a solve did some of, for people: `iterations 1,234, guesses 5`.
fn counters_text(counters: &Counters) -> String {
    let used: Vec<String> = counters
        .all()
        .filter(|(_, value)| *value > 0)
        .map(|(name, value)| format!("{name} {}", grouped(value)))
        .collect();
    if used.is_empty() {
        "none".into()
    } else {
        used.join(", ")
    }
}

/// Turns records into text in one `--format`; CSV's header comes with the first record.
pub struct Printer {
    format: Format,
    header_written: bool,
}

impl Printer {
    pub fn new(format: Format) -> Printer {
        Printer {
            format,
            header_written: false,
        }
    }

    /// A `solve` record.
    pub fn solved(&mut self, record: &Record) -> String {
        let outcome = record.outcome;
        match self.format {
            Format::Line => match record.answer {
                Answer::Solved | Answer::Listed { .. } => {
                    lines(outcome.solutions.iter().map(|s| s.to_line()))
                }
                _ => record.answer.status().to_string(),
            },
            Format::Json => record.json(false).to_string(),
            Format::Csv => {
                let first = outcome.solutions.first().map(|s| s.to_line());
                self.csv_row(record, first.unwrap_or_default(), false)
            }
            Format::Text => {
                let mut text = format!(
                    "{}: {}",
                    record.item.label(),
                    record.status_styled(record.message(false))
                );
                let many = outcome.solutions.len() > 1;
                if matches!(record.answer, Answer::Solved | Answer::Listed { .. }) {
                    for (index, solution) in outcome.solutions.iter().enumerate() {
                        if many {
                            text.push_str(&format!("\nsolution {}:", index + 1));
                        }
                        text.push('\n');
                        text.push_str(&solution.render(GridFormat::Boxed));
                        text.push_str(&solution.to_line());
                    }
                }
                if !matches!(record.answer, Answer::Rejected(_)) {
                    text.push_str(&format!("\ncounters: {}", counters_text(&outcome.counters)));
                }
                text.push('\n');
                text
            }
        }
    }

    /// A `count` record.
    pub fn counted(&mut self, record: &Record) -> String {
        let count = record.outcome.solution_count;
        let exact = matches!(
            record.answer,
            Answer::Counted {
                stopped_at_limit: false
            }
        );
        match self.format {
            Format::Line => match record.answer {
                Answer::Counted { .. } | Answer::GaveUp(_) if exact => count.to_string(),
                Answer::Counted { .. } | Answer::GaveUp(_) => format!(">={count}"),
                _ => record.answer.status().to_string(),
            },
            Format::Json => record.json(true).to_string(),
            Format::Csv => self.csv_row(record, String::new(), true),
            Format::Text => format!(
                "{}: {}",
                record.item.label(),
                record.status_styled(record.message(true))
            ),
        }
    }

    /// One CSV line (after the header, the first time): the record's fields, then the fixed
    /// counters.
    fn csv_row(&mut self, record: &Record, solution: String, counting: bool) -> String {
        let mut writer = csv::Writer::from_writer(Vec::new());
        if !self.header_written {
            let mut header = vec!["line", "board", "puzzle", "solver", "status"];
            header.push(if counting { "exact" } else { "solution" });
            header.extend(["solution_count", "seconds", "message"]);
            header.extend(Counters::FIXED);
            writer.write_record(&header).expect("writing to memory");
            self.header_written = true;
        }
        let entry = &record.item.entry;
        let exact = matches!(
            record.answer,
            Answer::Counted {
                stopped_at_limit: false
            }
        );
        let mut fields = vec![
            entry.line.to_string(),
            record.item.board.clone().unwrap_or_default(),
            entry.grid.to_line(),
            record.solver.to_string(),
            record.answer.status().to_string(),
            if counting {
                exact.to_string()
            } else {
                solution
            },
            record.outcome.solution_count.to_string(),
            seconds(record.elapsed).to_string(),
            record.message(counting),
        ];
        fields.extend(
            record
                .outcome
                .counters
                .named()
                .iter()
                .map(|(_, value)| value.to_string()),
        );
        writer.write_record(&fields).expect("writing to memory");
        let bytes = writer.into_inner().expect("writing to memory");
        String::from_utf8(bytes)
            .expect("CSV of UTF-8 fields")
            .trim_end()
            .to_string()
    }
}

fn lines(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join("\n")
}

/// Rows as aligned text columns: every column as wide as its widest cell, the last left ragged.
pub fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|row| row.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(c, cell)| match c + 1 == row.len() {
                    true => cell.clone(),
                    false => format!("{cell:<width$}", width = widths[c]),
                })
                .collect();
            cells.join("  ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A listing (of solvers, of datasets) in one `--format`: rows of values under `fields`; JSON
/// keeps their types, text and CSV show them plainly (lists comma-separated), `line` prints the
/// first field only.
pub fn print_listing(format: Format, fields: &[&str], rows: &[Vec<serde_json::Value>]) {
    let plain = |row: &Vec<serde_json::Value>| row.iter().map(plain_text).collect::<Vec<String>>();
    match format {
        Format::Text => {
            let mut table = vec![fields.iter().map(|f| f.to_uppercase()).collect()];
            table.extend(rows.iter().map(plain));
            anstream::println!("{}", aligned(&table));
        }
        Format::Line => rows
            .iter()
            .for_each(|row| println!("{}", plain_text(&row[0]))),
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(Vec::new());
            writer.write_record(fields).expect("writing to memory");
            for row in rows {
                writer.write_record(plain(row)).expect("writing to memory");
            }
            let bytes = writer.into_inner().expect("writing to memory");
            print!("{}", String::from_utf8_lossy(&bytes));
        }
        Format::Json => {
            for row in rows {
                let object: serde_json::Map<String, serde_json::Value> = fields
                    .iter()
                    .zip(row)
                    .map(|(field, value)| (field.to_string(), value.clone()))
                    .collect();
                println!("{}", serde_json::Value::Object(object));
            }
        }
    }
}

/// A listing value as text and CSV show it.
fn plain_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Array(items) => {
            items.iter().map(plain_text).collect::<Vec<_>>().join(",")
        }
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}
