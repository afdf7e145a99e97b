//! From a run's figures per puzzle ([`Digest`]) to one line per dataset × solver, and the tables
//! every sink writes. Pure: rows in, numbers out. Stochastic solvers' lines count runs (seeds ×
//! puzzles): the success rate is over runs, the times are those of solved runs.

use serde::{Serialize, Serializer};

use sudoku_run::results::{Row, SolverMeta, Status};

use crate::digest::{Digest, PuzzleStat};
use crate::stats;
use crate::table::{Cell, Mark, Table};

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
    /// Puzzles of a size the solver does not declare (rejected without a search).
    pub unsupported: usize,
    /// Those puzzles' sides (16 for 16×16).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsupported_sizes: Vec<usize>,
    /// Puzzles solved, % (a stochastic solver's puzzle counts when any of its seeds solved it).
    #[serde(serialize_with = "rounded")]
    pub solved_percent: f64,
    /// Solved with no guess at all; only for solvers that report guesses.
    #[serde(serialize_with = "rounded_option")]
    pub solved_without_guessing_percent: Option<f64>,
    #[serde(serialize_with = "rounded_option")]
    pub guesses_per_puzzle: Option<f64>,
    #[serde(serialize_with = "rounded")]
    pub iterations_per_puzzle: f64,
    /// The work counter the solver declares, and its mean per puzzle: what "work" means differs
    /// by family.
    pub work_counter: Option<String>,
    #[serde(serialize_with = "rounded_option")]
    pub work_per_puzzle: Option<f64>,
    /// Over decided puzzles (stochastic: over successful runs).
    #[serde(serialize_with = "rounded_option")]
    pub median_us: Option<f64>,
    #[serde(serialize_with = "rounded_option")]
    pub p90_us: Option<f64>,
    /// Median over decided puzzles of the time spent building a model for an engine, µs (part of
    /// the solve time); only for solvers that report [`sudoku_core::Counters::BUILD_US`].
    #[serde(serialize_with = "rounded_option")]
    pub build_median_us: Option<f64>,
    /// Decided puzzles per second of solving (stochastic: solved runs per second of all runs).
    #[serde(serialize_with = "rounded_option")]
    pub puzzles_per_second: Option<f64>,
    /// Median over puzzles of the relative MAD of its timed passes, %.
    #[serde(serialize_with = "rounded_option")]
    pub spread_percent: Option<f64>,
    /// Stochastic solvers: solved runs / runs, % (the chance one run succeeds).
    #[serde(serialize_with = "rounded_option")]
    pub success_rate: Option<f64>,
    pub runs: usize,
    /// Set when the run had not finished: `incomplete run: N of M solves`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub incomplete_run: Option<String>,
}

/// Numbers in the JSON as in the tables: to what the measurement supports.
fn rounded<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(stats::rounded(*value))
}

fn rounded_option<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => serializer.serialize_some(&stats::rounded(*v)),
        None => serializer.serialize_none(),
    }
}

impl Summary {
    /// Some of its puzzles were of a size it takes.
    pub fn supported(&self) -> bool {
        self.unsupported < self.puzzles
    }

    /// Puzzles it decided: solved, or proven unsolvable.
    pub fn decided(&self) -> usize {
        self.solved + self.unsolvable
    }

    /// The share it settled, %: of runs for a stochastic solver, else of puzzles decided.
    pub fn success_percent(&self) -> f64 {
        self.success_rate
            .unwrap_or_else(|| stats::percent(self.decided(), self.puzzles).unwrap_or(0.0))
    }

    /// The unsupported sides as board sizes: `16×16`.
    pub fn unsupported_boards(&self) -> String {
        let sizes: Vec<String> = self
            .unsupported_sizes
            .iter()
            .map(|n| format!("{n}×{n}"))
            .collect();
        sizes.join(", ")
    }

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

/// The summary lines of a run, datasets in first-seen order, solvers in header order.
pub fn summaries(digest: &Digest) -> Vec<Summary> {
    let metas = digest.metas();
    let mut out = Vec::new();
    for dataset in digest.datasets() {
        for meta in &metas {
            if let Some(summary) = summarize_one(digest, dataset, meta) {
                out.push(summary);
            }
        }
    }
    out
}

/// The summary lines of `rows` from a run of `solvers` (for rows already in memory).
pub fn summarize(rows: &[Row], solvers: &[SolverMeta]) -> Vec<Summary> {
    let mut digest = Digest::declaring(solvers);
    for row in rows {
        digest.add(row);
    }
    summaries(&digest)
}

/// What one pass over a solver's puzzles in a dataset counts.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    by_status: Vec<(Status, usize)>,
    /// Times of decided puzzles, µs.
    decided_us: Vec<f64>,
    spreads: Vec<f64>,
    builds: Vec<f64>,
    guesses: f64,
    iterations: f64,
    work: f64,
    solved_without_guessing: usize,
    unsupported: usize,
    unsupported_sizes: Vec<usize>,
}

impl Tally {
    /// Tallies `puzzles` of a solver that takes boards of `sizes` (any, when empty).
    fn of<'a>(puzzles: impl Iterator<Item = PuzzleStat<'a>>, sizes: &[usize]) -> Tally {
        let mut tally = Tally::default();
        for p in puzzles {
            tally.puzzles += 1;
            if !sizes.is_empty() && !sizes.contains(&p.size) {
                tally.unsupported += 1;
                if !tally.unsupported_sizes.contains(&p.size) {
                    tally.unsupported_sizes.push(p.size);
                }
            }
            match tally.by_status.iter_mut().find(|(s, _)| s == p.status) {
                Some((_, n)) => *n += 1,
                None => tally.by_status.push((p.status.clone(), 1)),
            }
            if p.status.is_decided() {
                tally.decided_us.push(p.time_us);
                tally.builds.extend(p.build_us);
            }
            tally.spreads.extend(p.spread_percent);
            tally.guesses += p.guesses as f64;
            tally.iterations += p.iterations as f64;
            tally.work += p.work as f64;
            if *p.status == Status::Solved && p.guesses == 0 {
                tally.solved_without_guessing += 1;
            }
        }
        tally
    }

    fn count(&self, f: impl Fn(&Status) -> bool) -> usize {
        self.by_status
            .iter()
            .filter(|(s, _)| f(s))
            .map(|(_, n)| n)
            .sum()
    }

    fn mean(&self, total: f64) -> Option<f64> {
        (self.puzzles > 0).then(|| total / self.puzzles as f64)
    }
}

fn summarize_one(digest: &Digest, dataset: &str, meta: &SolverMeta) -> Option<Summary> {
    let mut tally = Tally::of(digest.puzzles_of(&meta.id, dataset), &meta.sizes);
    tally.unsupported_sizes.sort_unstable();
    if tally.puzzles == 0 {
        return None;
    }
    let solved = tally.count(|s| *s == Status::Solved);
    let (median_us, p90_us, puzzles_per_second, success_rate, runs) =
        match digest.runs(&meta.id, dataset) {
            Some(runs) => (
                stats::median(&runs.solved_us),
                stats::quantile(&runs.solved_us, 0.9),
                (runs.seconds > 0.0).then(|| runs.solved_us.len() as f64 / runs.seconds),
                stats::percent(runs.solved_us.len(), runs.count),
                runs.count,
            ),
            None => {
                let seconds: Vec<f64> = tally.decided_us.iter().map(|t| t / 1e6).collect();
                (
                    stats::median(&tally.decided_us),
                    stats::quantile(&tally.decided_us, 0.9),
                    stats::throughput(&seconds),
                    None,
                    tally.puzzles,
                )
            }
        };
    Some(Summary {
        dataset: dataset.into(),
        solver: meta.id.clone(),
        family: meta.family.clone(),
        stochastic: meta.stochastic,
        puzzles: tally.puzzles,
        solved,
        unsolvable: tally.count(|s| *s == Status::Unsolvable),
        gave_up: tally.count(Status::is_gave_up),
        rejected: tally.count(|s| *s == Status::Rejected),
        wrong_answers: tally.count(|s| *s == Status::WrongAnswer),
        crashed: tally.count(|s| *s == Status::Crashed),
        failed: tally.count(|s| *s == Status::Failed),
        unsupported: tally.unsupported,
        unsupported_sizes: tally.unsupported_sizes.clone(),
        solved_percent: stats::percent(solved, tally.puzzles).unwrap_or(0.0),
        solved_without_guessing_percent: meta
            .reports_guesses
            .then(|| stats::percent(tally.solved_without_guessing, tally.puzzles).unwrap_or(0.0)),
        guesses_per_puzzle: meta
            .reports_guesses
            .then(|| tally.mean(tally.guesses).unwrap_or(0.0)),
        iterations_per_puzzle: tally.mean(tally.iterations).unwrap_or(0.0),
        work_counter: Some(meta.work_counter.clone()),
        work_per_puzzle: tally.mean(tally.work),
        median_us,
        p90_us,
        build_median_us: stats::median(&tally.builds),
        puzzles_per_second,
        spread_percent: stats::median(&tally.spreads),
        success_rate,
        runs,
        incomplete_run: None,
    })
}

/// A number for a table: `—` for none, else [`stats::rounded`].
pub fn fmt_num(value: Option<f64>) -> String {
    match value {
        Some(v) if v.is_finite() => stats::rounded(v).to_string(),
        _ => "—".into(),
    }
}

/// Work per puzzle with its unit, e.g. `1234 moves`.
pub fn fmt_work(s: &Summary) -> String {
    match (&s.work_counter, s.work_per_puzzle) {
        (Some(name), Some(v)) => format!("{} {name}", fmt_num(Some(v))),
        _ => "—".into(),
    }
}

/// What each column of [`tables`] means: under the tables on the page and in summary.md.
pub const MEASURES_EXPLAINED: &str = "Times are per puzzle, in µs: the median of its timed \
passes; the median and p90 are over decided puzzles. \"of which building\" is the median, over \
the same passes, of the time an engine's solver spent building its model. Spread is the median \
over puzzles of the timed passes' median absolute deviation, as % of their median. Puzzles \
solved % counts a puzzle once it is solved: by a deterministic solver's solve, by a stochastic \
solver's best of its seeds (solved by at least one). Runs solved % is for stochastic solvers \
only: solved runs over all runs (seeds × puzzles), the chance one run succeeds. Work/puzzle is \
the solver's main counter (iterations, moves, generations or nodes: units differ by family). \
No-guess % and guesses/puzzle only for solvers that report guesses. Failed counts wrong \
answers (a grid that breaks a rule, or a count, \"unsolvable\" or \"unique\" that the dataset \
or a reference solver contradicts), crashes and engine failures.";

/// What the tables by share of givens show.
pub const BY_GIVENS_EXPLAINED: &str = "For each dataset whose puzzles span 40% or more of \
shares of cells given (a sweep, as Lewis's and Lloyd and Amos's instances are): per share, rounded \
to 5%, and solver, the timed runs (seeds × puzzles, or passes for a deterministic solver), the \
share of them solved, and the median time of the solved ones.";

/// The summary tables, one per dataset in first-seen order: the one model every sink writes.
pub fn tables(summaries: &[Summary]) -> Vec<Table> {
    let datasets = datasets_of(summaries);
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
                ("puzzles solved %", true),
                ("runs solved %", true),
                ("no-guess %", true),
                ("guesses/puzzle", true),
                ("work/puzzle", true),
                ("gave up", true),
                ("failed", true),
            ]);
            let mut table = Table::new(dataset, &columns);
            for s in lines {
                let failures = if s.wrong_answers + s.crashed + s.failed > 0 {
                    Cell::marked(s.failures(), Mark::Bad)
                } else {
                    Cell::from("0")
                };
                // A solver that takes none of the dataset's boards has no speed, not a zero one.
                let speed = |v: Option<f64>| -> Cell {
                    if s.supported() {
                        fmt_num(v).into()
                    } else {
                        Cell::from("not supported")
                    }
                };
                let mut cells: Vec<Cell> = vec![
                    Cell::marked(&s.solver, Mark::Strong),
                    s.family.as_str().into(),
                    s.puzzles.into(),
                    speed(s.puzzles_per_second),
                    speed(s.median_us),
                    speed(s.p90_us),
                ];
                if builds {
                    cells.push(fmt_num(s.build_median_us).into());
                }
                cells.extend([
                    fmt_num(s.spread_percent).into(),
                    fmt_num(Some(s.solved_percent)).into(),
                    fmt_num(s.success_rate).into(),
                    fmt_num(s.solved_without_guessing_percent).into(),
                    fmt_num(s.guesses_per_puzzle).into(),
                    fmt_work(s).into(),
                    s.gave_up.into(),
                    failures,
                ]);
                if !s.supported() {
                    // Nothing was measured: no zeros for what never ran.
                    for cell in &mut cells[4..] {
                        *cell = Cell::from("—");
                    }
                }
                table.push(cells);
            }
            table
        })
        .collect()
}

/// The summary as one CSV table, the dataset in the first column.
pub fn to_csv(summaries: &[Summary]) -> anyhow::Result<String> {
    csv_of(&tables(summaries))
}

/// `tables` (of [`tables`], notes and all) as one CSV table, the dataset in the first column.
pub fn csv_of(tables: &[Table]) -> anyhow::Result<String> {
    let mut all = Table::new("summary", &[("dataset", false)]);
    if let Some(first) = tables.first() {
        all.columns.extend(first.columns.iter().cloned());
        all.note = first.note.clone();
    }
    for table in tables {
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
    markdown_of(&tables(summaries))
}

/// The datasets of `summaries`, in their order, each once.
fn datasets_of(summaries: &[Summary]) -> Vec<&str> {
    let mut datasets: Vec<&str> = Vec::new();
    for s in summaries {
        if !datasets.contains(&s.dataset.as_str()) {
            datasets.push(&s.dataset);
        }
    }
    datasets
}

/// A table for each dataset that sweeps the share of givens ([`Digest::sweeps_givens`]): per
/// share (grouped as the success-against-givens chart groups it) and solver, in the order of
/// `summaries`, the timed runs, the share solved and the median time to solution.
pub fn givens_tables(digest: &Digest, summaries: &[Summary]) -> Vec<Table> {
    let columns = [
        ("given %", true),
        ("solver", false),
        ("runs", true),
        ("runs solved %", true),
        ("µs to solution median", true),
    ];
    datasets_of(summaries)
        .into_iter()
        .filter(|dataset| digest.sweeps_givens(dataset))
        .map(|dataset| {
            let mut rows: Vec<(f64, usize, Vec<Cell>)> = Vec::new();
            let solvers = summaries.iter().filter(|s| s.dataset == dataset);
            for (rank, s) in solvers.enumerate() {
                let Some(tally) = digest.givens(&s.solver, dataset) else {
                    continue;
                };
                for (share, group) in tally.groups(crate::digest::GIVENS_STEP) {
                    let cells = vec![
                        format!("{:.0}", share * 100.0).into(),
                        Cell::marked(&s.solver, Mark::Strong),
                        group.runs.into(),
                        fmt_num(group.rate()).into(),
                        fmt_num(group.median_us()).into(),
                    ];
                    rows.push((share, rank, cells));
                }
            }
            rows.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut table = Table::new(dataset, &columns);
            table.rows = rows.into_iter().map(|(_, _, cells)| cells).collect();
            table
        })
        .collect()
}

/// `tables` as markdown, each under a heading naming its dataset.
pub fn markdown_of(tables: &[Table]) -> String {
    tables
        .iter()
        .map(|table| format!("### Dataset `{}`\n\n{}\n", table.title, table.to_markdown()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digest::tests::meta;
    use sudoku_run::results::Phase;

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
            checked: String::new(),
        }
    }

    #[test]
    fn a_sweep_of_givens_is_tabled_by_share_and_other_datasets_are_not() {
        use Phase::*;
        // Stochastic "s" and "t" on 81-cell boards with 8, 40 and 41 clues (10%, 49% and 51%,
        // grouped as 10% and 50%): a sweep of 0.41.
        let run = |solver: &str, puzzle: &str, clues, seed, solved: bool, us| Row {
            clues,
            seed,
            ..row(
                solver,
                puzzle,
                Timed,
                0,
                if solved {
                    Status::Solved
                } else {
                    Status::GaveUp("deadline".into())
                },
                us,
            )
        };
        let rows = vec![
            run("s", "p8", 8, 1, true, 30),
            run("s", "p8", 8, 2, true, 10),
            run("s", "p40", 40, 1, false, 900),
            run("s", "p41", 41, 1, true, 500),
            run("t", "p8", 8, 1, false, 900),
        ];
        let metas = [meta("s", true), meta("t", true)];
        let mut digest = Digest::declaring(&metas);
        for r in &rows {
            digest.add(r);
        }
        let tables = givens_tables(&digest, &summaries(&digest));
        assert_eq!(tables.len(), 1);
        let text: Vec<Vec<&str>> = tables[0]
            .rows
            .iter()
            .map(|r| r.iter().map(|c| c.text.as_str()).collect())
            .collect();
        assert_eq!(
            text,
            [
                ["10", "s", "2", "100", "20"],
                ["10", "t", "1", "0", "—"],
                ["50", "s", "2", "50", "500"],
            ]
        );
        let mut narrow = Digest::declaring(&metas);
        narrow.add(&rows[0]);
        narrow.add(&rows[2]);
        assert!(givens_tables(&narrow, &summaries(&narrow)).is_empty());
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
    fn every_sink_rounds_to_what_the_timings_support() {
        use Phase::*;
        let rows = vec![
            row("a", "p", Warmup, 0, Status::Solved, 50),
            row("a", "p", Timed, 1, Status::Solved, 107),
            row("a", "q", Warmup, 0, Status::Solved, 50),
            row("a", "q", Timed, 1, Status::Solved, 108),
            row("a", "r", Warmup, 0, Status::GaveUp("deadline".into()), 50),
        ];
        let summaries = summarize(&rows, &[meta("a", false)]);
        let s = &summaries[0];
        assert_eq!(s.median_us, Some(107.5));
        assert!((s.solved_percent - 200.0 / 3.0).abs() < 1e-9);
        let json = serde_json::to_string(s).unwrap();
        assert!(json.contains("\"median_us\":108.0"), "{json}");
        assert!(json.contains("\"solved_percent\":66.7,"), "{json}");
        let csv = to_csv(&summaries).unwrap();
        assert!(csv.contains(",108,") && csv.contains(",66.7,"), "{csv}");
        assert!(!csv.contains("66.66") && !to_markdown(&summaries).contains("66.66"));
    }

    #[test]
    fn a_size_the_solver_does_not_take_reads_not_supported_not_zero() {
        use Phase::*;
        let mut big = row("a", "p", Warmup, 0, Status::Rejected, 1);
        big.size = 16;
        let summaries = summarize(&[big], &[meta("a", false)]);
        let s = &summaries[0];
        assert!(!s.supported());
        assert_eq!(s.unsupported_boards(), "16×16");
        let markdown = to_markdown(&summaries);
        assert!(
            markdown
                .contains("| a | f | 1 | not supported | — | — | — | — | — | — | — | — | — | — |"),
            "{markdown}"
        );
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
