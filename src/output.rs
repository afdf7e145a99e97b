//! How results are printed: text for people, bare lines for pipes, JSON for programs.

use serde_json::json;
use sudoku_core::{Entry, Format, Outcome};

use crate::OutputFormat;

pub struct Printer {
    format: OutputFormat,
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn counters_json(outcome: &Outcome) -> serde_json::Value {
    outcome
        .counters
        .all()
        .map(|(name, value)| (name.to_string(), json!(value)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

impl Printer {
    pub fn new(format: OutputFormat) -> Printer {
        Printer { format }
    }

    pub fn solved(&self, entry: &Entry, solver: &str, outcome: &Outcome) {
        match self.format {
            OutputFormat::Line => outcome.solutions.iter().for_each(|s| println!("{s}")),
            OutputFormat::Json => println!(
                "{}",
                json!({
                    "line": entry.line,
                    "puzzle": entry.grid.to_line(),
                    "solver": solver,
                    "status": outcome.verdict.to_string(),
                    "solutions": outcome.solutions.iter().map(|s| s.to_line()).collect::<Vec<_>>(),
                    "solution_count": outcome.solution_count,
                    "counters": counters_json(outcome),
                })
            ),
            OutputFormat::Text => {
                println!("puzzle (line {}): {}", entry.line, entry.grid);
                for (index, solution) in outcome.solutions.iter().enumerate() {
                    println!("solution {} by {solver}:", index + 1);
                    print!("{}", solution.render(Format::Boxed));
                    println!("{solution}");
                }
                let counters: Vec<String> = outcome
                    .counters
                    .all()
                    .filter(|(_, value)| *value > 0)
                    .map(|(name, value)| format!("{name} {}", grouped(value)))
                    .collect();
                println!("counters: {}", counters.join(", "));
                println!();
            }
        }
    }

    pub fn counted(&self, entry: &Entry, solver: &str, outcome: &Outcome, exact: bool) {
        let count = outcome.solution_count;
        match self.format {
            OutputFormat::Line if exact => println!("{count}"),
            OutputFormat::Line => println!(">={count}"),
            OutputFormat::Json => println!(
                "{}",
                json!({
                    "line": entry.line,
                    "puzzle": entry.grid.to_line(),
                    "solver": solver,
                    "solution_count": count,
                    "exact": exact,
                    "counters": counters_json(outcome),
                })
            ),
            OutputFormat::Text => {
                let at_least = if exact { "" } else { "at least " };
                println!(
                    "line {}: {at_least}{count} solutions (counted by {solver})",
                    entry.line
                );
                println!("{count}");
            }
        }
    }
}

/// The registered solvers and what each declares.
pub fn print_solvers(format: OutputFormat) {
    for registered in sudoku_registry::registry() {
        let info = registered.info;
        let caps = &info.capabilities;
        match format {
            OutputFormat::Json => println!(
                "{}",
                json!({
                    "id": info.id,
                    "family": info.family.to_string(),
                    "description": info.description,
                    "complete": caps.complete,
                    "counts_solutions": caps.counts_solutions,
                    "stochastic": caps.stochastic,
                    "sizes": caps.sizes,
                    "reports_guesses": caps.reports_guesses,
                })
            ),
            OutputFormat::Line => println!("{}", info.id),
            OutputFormat::Text => {
                let flags: Vec<&str> = [
                    (caps.complete, "complete"),
                    (caps.counts_solutions, "counts"),
                    (caps.stochastic, "stochastic"),
                    (caps.reports_guesses, "guesses"),
                ]
                .into_iter()
                .filter_map(|(on, name)| on.then_some(name))
                .collect();
                let sizes: Vec<String> = caps.sizes.iter().map(usize::to_string).collect();
                println!(
                    "{:<16} {:<18} {:<36} sizes {:<16} {}",
                    info.id,
                    info.family.to_string(),
                    flags.join(","),
                    sizes.join(","),
                    info.description
                );
            }
        }
    }
}
