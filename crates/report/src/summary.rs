//! From rows to figures: per puzzle, then per dataset × solver. Pure: rows in, numbers out.
//!
//! Deterministic solvers: a puzzle's status is its warm-up's (the timed passes repeat the same
//! search), its time the median of its timed passes (the warm-up time when it had none), its
//! counters those of its first row. Stochastic solvers: every seed is one run; a puzzle counts as
//! solved when any seed solved it, and the success rate is over runs.

use std::collections::BTreeMap;

use serde::Serialize;

use sudoku_core::Counters;
use sudoku_run::results::{Phase, Row, SolverMeta, Status};

use crate::stats;
use crate::table::{Cell, Mark, Table};

/// One puzzle as one solver met it.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStat {
    pub solver: String,
    pub dataset: String,
    pub puzzle: String,
    pub clues: usize,
    pub size: usize,
    pub status: Status,
    /// Median time of the timed passes (or of the runs, for stochastic solvers), µs.
    pub time_us: f64,
    /// Every timed sample, µs (for spreads).
    pub samples_us: Vec<f64>,
    pub iterations: u64,
    pub guesses: u64,
    /// Every counter of the puzzle's first row.
    pub counters: Vec<(String, u64)>,
    /// Runs and solved runs (stochastic solvers; 1/1 or 1/0 otherwise).
    pub runs: usize,
    pub solved_runs: usize,
}

impl PuzzleStat {
    /// The counter called `name`, when the solver reported it.
    pub fn counter(&self, name: &str) -> Option<u64> {
        self.counters
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, value)| value)
    }
}

/// Groups rows by (solver, dataset, puzzle), keeping first-seen order of solvers and datasets.
pub fn puzzle_stats(rows: &[Row], metas: &[SolverMeta]) -> Vec<PuzzleStat> {
    let mut groups: BTreeMap<(usize, usize, String), Vec<&Row>> = BTreeMap::new();
    let solver_order = |id: &str| metas.iter().position(|m| m.id == id).unwrap_or(usize::MAX);
    let mut datasets: Vec<&str> = Vec::new();
    for row in rows {
        if !datasets.contains(&row.dataset.as_str()) {
            datasets.push(&row.dataset);
        }
        let d = datasets.iter().position(|d| *d == row.dataset).unwrap_or(0);
        groups
            .entry((solver_order(&row.solver), d, row.puzzle.clone()))
            .or_default()
            .push(row);
    }
    groups
        .into_values()
        .map(|group| {
            let first = group[0];
            let stochastic = metas
                .iter()
                .find(|m| m.id == first.solver)
                .is_some_and(|m| m.stochastic);
            let timed: Vec<&Row> = group
                .iter()
                .copied()
                .filter(|r| r.phase == Phase::Timed)
                .collect();
            let warmup = group.iter().copied().find(|r| r.phase == Phase::Warmup);
            let samples_us: Vec<f64> = timed.iter().map(|r| r.time_us()).collect();
            let (status, runs, solved_runs) = if stochastic {
                let solved = timed.iter().filter(|r| r.status == Status::Solved).count();
                let status = if solved > 0 {
                    Status::Solved
                } else {
                    timed
                        .last()
                        .map_or(first.status.clone(), |r| r.status.clone())
                };
                (status, timed.len(), solved)
            } else {
                // A later failure (a wrong answer or a give-up in a timed pass) outweighs the
                // warm-up's success.
                let worst = group
                    .iter()
                    .find(|r| !r.status.is_decided())
                    .map(|r| r.status.clone());
                let status = worst.unwrap_or_else(|| warmup.unwrap_or(first).status.clone());
                let solved = usize::from(status == Status::Solved);
                (status, 1, solved)
            };
            let time_us = if stochastic {
                // Time to solution: over the solved runs when there are any.
                let solved: Vec<f64> = timed
                    .iter()
                    .filter(|r| r.status == Status::Solved)
                    .map(|r| r.time_us())
                    .collect();
                stats::median(&solved)
                    .or_else(|| stats::median(&samples_us))
                    .unwrap_or(0.0)
            } else {
                stats::median(&samples_us).unwrap_or_else(|| warmup.unwrap_or(first).time_us())
            };
            PuzzleStat {
                solver: first.solver.clone(),
                dataset: first.dataset.clone(),
                puzzle: first.puzzle.clone(),
                clues: first.clues,
                size: first.size,
                status,
                time_us,
                samples_us,
                iterations: first.counter("iterations"),
                guesses: first.counter("guesses"),
                counters: first.counters.clone(),
                runs,
                solved_runs,
            }
        })
        .collect()
}

/// One dataset × solver line of the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub dataset: String,
    pub solver: String,
    pub family: String,
    pub stochastic: bool,
    pub puzzles: usize,
    pub solved: usize,
    pub unsolvable: usize,
    pub gave_up: usize,
    pub rejected: usize,
    pub wrong_answers: usize,
    /// Puzzles on which the solver panicked.
    pub crashed: usize,
    /// Puzzles on which the solver failed without panicking (an engine's error).
    pub failed: usize,
    pub solved_percent: f64,
    /// Solved with no guess at all; only for solvers that report guesses.
    pub solved_without_guessing_percent: Option<f64>,
    pub guesses_per_puzzle: Option<f64>,
    pub iterations_per_puzzle: f64,
    /// The work counter the solver declares, and its mean per puzzle: what "work" means differs
    /// by family.
    pub work_counter: Option<String>,
    pub work_per_puzzle: Option<f64>,
    /// Over decided puzzles (stochastic: over successful runs).
    pub median_us: Option<f64>,
    pub p90_us: Option<f64>,
    /// Median over decided puzzles of the time spent building a model for an engine, µs (part of
    /// the solve time); only for solvers that report [`Counters::BUILD_US`].
    pub build_median_us: Option<f64>,
    /// Decided puzzles per second of solving (stochastic: solved runs per second of all runs).
    pub puzzles_per_second: Option<f64>,
    /// Median over puzzles of the relative MAD of its timed passes, %.
    pub spread_percent: Option<f64>,
    /// Stochastic solvers: solved runs / runs.
    pub success_rate: Option<f64>,
    pub runs: usize,
}

impl Summary {
    /// Wrong answers, crashes and failures, in words: `0`, `3 wrong`, `3 wrong, 1 crashed`.
    pub fn failures(&self) -> String {
        let parts: Vec<String> = [
            (self.wrong_answers, "wrong"),
            (self.crashed, "crashed"),
            (self.failed, "failed"),
        ]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        if parts.is_empty() {
            "0".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The summary lines, datasets in first-seen order, solvers in header order.
pub fn summarize(rows: &[Row], metas: &[SolverMeta]) -> Vec<Summary> {
    let puzzles = puzzle_stats(rows, metas);
    let mut datasets: Vec<&str> = Vec::new();
    for row in rows {
        if !datasets.contains(&row.dataset.as_str()) {
            datasets.push(&row.dataset);
        }
    }
    let mut out = Vec::new();
    for dataset in datasets {
        for meta in metas {
            let mine: Vec<&PuzzleStat> = puzzles
                .iter()
                .filter(|p| p.dataset == dataset && p.solver == meta.id)
                .collect();
            if mine.is_empty() {
                continue;
            }
            out.push(summarize_one(dataset, meta, &mine, rows));
        }
    }
    out
}

fn summarize_one(dataset: &str, meta: &SolverMeta, mine: &[&PuzzleStat], rows: &[Row]) -> Summary {
    let count = |f: &dyn Fn(&Status) -> bool| mine.iter().filter(|p| f(&p.status)).count();
    let solved = count(&|s| *s == Status::Solved);
    let decided: Vec<&&PuzzleStat> = mine.iter().filter(|p| p.status.is_decided()).collect();
    let (median_us, p90_us, puzzles_per_second, success_rate, runs) = if meta.stochastic {
        let runs: Vec<&Row> = rows
            .iter()
            .filter(|r| r.dataset == dataset && r.solver == meta.id && r.phase == Phase::Timed)
            .collect();
        let solved_times: Vec<f64> = runs
            .iter()
            .filter(|r| r.status == Status::Solved)
            .map(|r| r.time_us())
            .collect();
        let all_seconds: f64 = runs.iter().map(|r| r.time_us() / 1e6).sum();
        let rate = (all_seconds > 0.0).then(|| solved_times.len() as f64 / all_seconds);
        (
            stats::median(&solved_times),
            stats::quantile(&solved_times, 0.9),
            rate,
            stats::percent(solved_times.len(), runs.len()),
            runs.len(),
        )
    } else {
        let times: Vec<f64> = decided.iter().map(|p| p.time_us).collect();
        let seconds: Vec<f64> = times.iter().map(|t| t / 1e6).collect();
        (
            stats::median(&times),
            stats::quantile(&times, 0.9),
            stats::throughput(&seconds),
            None,
            mine.len(),
        )
    };
    let spreads: Vec<f64> = mine
        .iter()
        .filter(|p| p.samples_us.len() > 1 && !meta.stochastic)
        .filter_map(|p| stats::relative_mad_percent(&p.samples_us))
        .collect();
    let builds: Vec<f64> = decided
        .iter()
        .filter_map(|p| p.counter(Counters::BUILD_US))
        .map(|v| v as f64)
        .collect();
    let build_median_us = stats::median(&builds);
    let guesses: Vec<f64> = mine.iter().map(|p| p.guesses as f64).collect();
    let iterations: Vec<f64> = mine.iter().map(|p| p.iterations as f64).collect();
    let work_counter = Some(meta.work_counter.clone());
    let work_per_puzzle = {
        let values: Vec<f64> = mine
            .iter()
            .map(|p| p.counter(&meta.work_counter).unwrap_or(0) as f64)
            .collect();
        stats::mean(&values)
    };
    let without_guessing = mine
        .iter()
        .filter(|p| p.status == Status::Solved && p.guesses == 0)
        .count();
    Summary {
        dataset: dataset.into(),
        solver: meta.id.clone(),
        family: meta.family.clone(),
        stochastic: meta.stochastic,
        puzzles: mine.len(),
        solved,
        unsolvable: count(&|s| *s == Status::Unsolvable),
        gave_up: count(&Status::is_gave_up),
        rejected: count(&|s| *s == Status::Rejected),
        wrong_answers: count(&|s| *s == Status::WrongAnswer),
        crashed: count(&|s| *s == Status::Crashed),
        failed: count(&|s| *s == Status::Failed),
        solved_percent: stats::percent(solved, mine.len()).unwrap_or(0.0),
        solved_without_guessing_percent: meta
            .reports_guesses
            .then(|| stats::percent(without_guessing, mine.len()).unwrap_or(0.0)),
        guesses_per_puzzle: meta
            .reports_guesses
            .then(|| stats::mean(&guesses).unwrap_or(0.0)),
        iterations_per_puzzle: stats::mean(&iterations).unwrap_or(0.0),
        work_counter,
        work_per_puzzle,
        median_us,
        p90_us,
        build_median_us,
        puzzles_per_second,
        spread_percent: stats::median(&spreads),
        success_rate,
        runs,
    }
}

/// A number for a table: `—` for none, few significant digits otherwise.
pub fn fmt_num(value: Option<f64>) -> String {
    match value {
        None => "—".into(),
        Some(v) if !v.is_finite() => "—".into(),
        Some(0.0) => "0".into(),
        Some(v) if v.abs() >= 100.0 => format!("{v:.0}"),
        Some(v) if v.abs() >= 10.0 => format!("{v:.1}"),
        Some(v) if v.abs() >= 1.0 => format!("{v:.2}"),
        Some(v) => format!("{v:.3}"),
    }
}

/// Work per puzzle with its unit, e.g. `1234 moves`.
pub fn fmt_work(s: &Summary) -> String {
    match (&s.work_counter, s.work_per_puzzle) {
        (Some(name), Some(v)) => format!("{} {name}", fmt_num(Some(v))),
        _ => "—".into(),
    }
}

/// The summary tables, one per dataset in first-seen order: the one model every sink writes.
pub fn tables(summaries: &[Summary]) -> Vec<Table> {
    let mut datasets: Vec<&str> = Vec::new();
    for s in summaries {
        if !datasets.contains(&s.dataset.as_str()) {
            datasets.push(&s.dataset);
        }
    }
    // The model-building column appears only when some solver builds a model; every table has
    // the same columns, so the CSV of all of them is one table.
    let builds = summaries.iter().any(|s| s.build_median_us.is_some());
    datasets
        .into_iter()
        .map(|dataset| {
            let lines: Vec<&Summary> = summaries.iter().filter(|s| s.dataset == dataset).collect();
            let mut columns = vec![
                ("solver", false),
                ("family", false),
                ("puzzles", true),
                ("puzzles/s", true),
                ("µs/puzzle median", true),
                ("µs p90", true),
            ];
            if builds {
                columns.push(("of which building µs", true));
            }
            columns.extend([
                ("spread %", true),
                ("solved %", true),
                ("no-guess %", true),
                ("guesses/puzzle", true),
                ("work/puzzle", true),
                ("gave up", true),
                ("failed", true),
                ("success rate %", true),
            ]);
            let mut table = Table::new(dataset, &columns);
            for s in lines {
                let failures = if s.wrong_answers + s.crashed + s.failed > 0 {
                    Cell::marked(s.failures(), Mark::Bad)
                } else {
                    Cell::from("0")
                };
                let mut cells: Vec<Cell> = vec![
                    Cell::marked(&s.solver, Mark::Strong),
                    s.family.as_str().into(),
                    s.puzzles.into(),
                    fmt_num(s.puzzles_per_second).into(),
                    fmt_num(s.median_us).into(),
                    fmt_num(s.p90_us).into(),
                ];
                if builds {
                    cells.push(fmt_num(s.build_median_us).into());
                }
                cells.extend([
                    fmt_num(s.spread_percent).into(),
                    fmt_num(Some(s.solved_percent)).into(),
                    fmt_num(s.solved_without_guessing_percent).into(),
                    fmt_num(s.guesses_per_puzzle).into(),
                    fmt_work(s).into(),
                    s.gave_up.into(),
                    failures,
                    fmt_num(s.success_rate).into(),
                ]);
                table.push(cells);
            }
            table
        })
        .collect()
}

/// The summary as one CSV table, the dataset in the first column.
pub fn to_csv(summaries: &[Summary]) -> anyhow::Result<String> {
    let tables = tables(summaries);
    let mut all = Table::new("summary", &[("dataset", false)]);
    if let Some(first) = tables.first() {
        all.columns.extend(first.columns.iter().cloned());
    }
    for table in &tables {
        for row in &table.rows {
            let mut cells = vec![Cell::from(&table.title)];
            cells.extend(row.iter().cloned());
            all.push(cells);
        }
    }
    all.to_csv()
}

/// The summary as a markdown table per dataset.
pub fn to_markdown(summaries: &[Summary]) -> String {
    tables(summaries)
        .iter()
        .map(|table| format!("### Dataset `{}`\n\n{}\n", table.title, table.to_markdown()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(id: &str, stochastic: bool) -> SolverMeta {
        SolverMeta {
            id: id.into(),
            family: "f".into(),
            description: String::new(),
            complete: !stochastic,
            counts_solutions: !stochastic,
            stochastic,
            reports_guesses: !stochastic,
            sizes: vec![9],
            work_counter: "iterations".into(),
        }
    }

    fn row(solver: &str, puzzle: &str, phase: Phase, rep: u32, status: Status, us: u64) -> Row {
        Row {
            solver: solver.into(),
            family: "f".into(),
            dataset: "d".into(),
            puzzle: puzzle.into(),
            size: 9,
            clues: 20,
            phase,
            rep,
            seed: rep as u64,
            solution_limit: 1,
            status,
            solutions: 1,
            time_ns: us * 1000,
            counters: vec![
                ("iterations".into(), 10),
                ("guesses".into(), if puzzle == "easy" { 0 } else { 3 }),
            ],
            best_cost: None,
            convergence: Vec::new(),
            detail: String::new(),
        }
    }

    #[test]
    fn deterministic_summary() {
        use Phase::*;
        let rows = vec![
            row("a", "easy", Warmup, 0, Status::Solved, 50),
            row("a", "easy", Timed, 1, Status::Solved, 10),
            row("a", "easy", Timed, 2, Status::Solved, 12),
            row("a", "easy", Timed, 3, Status::Solved, 11),
            row("a", "hard", Warmup, 0, Status::Solved, 500),
            row("a", "hard", Timed, 1, Status::Solved, 89),
            row("a", "hard", Timed, 2, Status::Solved, 90),
            row(
                "a",
                "slow",
                Warmup,
                0,
                Status::GaveUp("deadline".into()),
                9_000,
            ),
        ];
        let s = &summarize(&rows, &[meta("a", false)])[0];
        assert_eq!((s.puzzles, s.solved, s.gave_up), (3, 2, 1));
        assert_eq!(s.median_us, Some(50.25)); // medians 11 and 89.5
        assert!((s.puzzles_per_second.unwrap() - 2.0 / 100.5e-6).abs() < 1e-6);
        assert!((s.solved_percent - 200.0 / 3.0).abs() < 1e-9);
        assert!((s.solved_without_guessing_percent.unwrap() - 100.0 / 3.0).abs() < 1e-9);
        assert_eq!(s.guesses_per_puzzle, Some(2.0));
        assert_eq!(s.success_rate, None);
        assert!(to_markdown(std::slice::from_ref(s)).contains("| a | f | 3 |"));
    }

    #[test]
    fn stochastic_summary_counts_runs() {
        use Phase::*;
        let rows = vec![
            row("t", "p", Timed, 1, Status::Solved, 100),
            row("t", "p", Timed, 2, Status::GaveUp("deadline".into()), 1000),
            row("t", "q", Timed, 1, Status::Solved, 300),
            row("t", "q", Timed, 2, Status::Solved, 200),
        ];
        let s = &summarize(&rows, &[meta("t", true)])[0];
        assert_eq!(s.runs, 4);
        assert_eq!(s.success_rate, Some(75.0));
        assert_eq!(s.median_us, Some(200.0));
        assert_eq!(s.solved, 2);
        assert_eq!(s.solved_without_guessing_percent, None);
    }

    #[test]
    fn a_wrong_answer_in_a_timed_pass_marks_the_puzzle() {
        use Phase::*;
        let rows = vec![
            row("a", "p", Warmup, 0, Status::Solved, 10),
            row("a", "p", Timed, 1, Status::WrongAnswer, 10),
        ];
        let s = &summarize(&rows, &[meta("a", false)])[0];
        assert_eq!((s.solved, s.wrong_answers), (0, 1));
    }
}
