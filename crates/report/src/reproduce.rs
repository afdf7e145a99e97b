//! `reproduce`: the 2009 document's Table 1 and Charts 1-2, as a view over a results file.
//!
//! The run itself is an ordinary one (`RunOptions::reproduce` in `sudoku-run`: the known boards
//! of Table 1, one solution sought as the document did); this module reads its rows into
//! tables, and `sudoku_charts::reproduce` writes them with the document's two charts. For each
//! of the 32 published boards, the reference solver's (by default `naive`, the documents'
//! algorithm) iterations and time stand beside the published ones where the grid is known, and
//! "grid not published" where it is not; every other solver of the run is shown on the known
//! boards.

use sudoku_catalog::PublishedRow;
use sudoku_core::Counters;
use sudoku_run::results::{Phase, Results, Status};

use crate::stats;
use crate::table::Table;
use crate::units::fmt_us;

/// The 2009 program's rate with the board redrawn after every step (iterations per second),
/// from the document: the basis of the with-display estimate.
pub const DISPLAY_RATE: f64 = 566.0;

/// One solver on one known board, read from the rows.
#[derive(Clone, Debug)]
pub struct Measured {
    pub solver: String,
    pub board_id: String,
    pub verdict: String,
    pub solved: bool,
    pub median_seconds: f64,
    pub counters: Counters,
}

/// Every solver × board of a reproduce run: the warm-up's verdict and counters, the median of
/// the timed solves.
pub fn measured(results: &Results) -> Vec<Measured> {
    let mut out: Vec<Measured> = Vec::new();
    for warmup in results.rows.iter().filter(|r| r.phase == Phase::Warmup) {
        let timed: Vec<f64> = results
            .rows
            .iter()
            .filter(|r| {
                r.phase == Phase::Timed
                    && r.solver == warmup.solver
                    && r.dataset == warmup.dataset
                    && r.puzzle == warmup.puzzle
                    && r.status == Status::Solved
            })
            .map(|r| r.time_ns as f64 / 1e9)
            .collect();
        let mut counters = Counters::default();
        for (name, value) in &warmup.counters {
            if let Some(fixed) = Counters::FIXED.iter().find(|n| *n == name) {
                counters.add(fixed, *value);
            }
        }
        out.push(Measured {
            solver: warmup.solver.clone(),
            board_id: warmup.puzzle.clone(),
            verdict: if warmup.detail.is_empty() {
                warmup.status.to_string()
            } else {
                warmup.detail.clone()
            },
            solved: warmup.status == Status::Solved && !timed.is_empty(),
            median_seconds: stats::median(&timed).unwrap_or(f64::NAN),
            counters,
        });
    }
    out
}

/// Seconds in their unit, or a dash for none.
pub fn fmt_seconds(s: f64) -> String {
    if !s.is_finite() {
        "—".into()
    } else {
        fmt_us(s * 1e6)
    }
}

/// Seconds as the document writes them, `dd:hh:mm:ss`, with the seconds beside.
pub fn dhms(seconds: f64) -> String {
    let total = seconds.round().max(0.0) as u64;
    format!(
        "{:02}:{:02}:{:02}:{:02} ({total} s)",
        total / 86_400,
        total % 86_400 / 3600,
        total % 3600 / 60,
        total % 60
    )
}

/// Table 1, ours beside the published figures: one model for the markdown, HTML and CSV.
pub fn table1(rows: &[PublishedRow], ours: &[Measured], solver: &str) -> Table {
    let mut table = Table::new(
        "Table 1",
        &[
            ("#", true),
            ("board", false),
            ("difficulty", true),
            ("clues", true),
            ("published iterations", true),
            (&format!("{solver} iterations"), true),
            ("ratio", true),
            ("published time (no display)", true),
            (&format!("{solver} time"), true),
            ("speed-up", true),
            ("published time with display", true),
            (&format!("{solver} with display (estimate)"), true),
        ],
    );
    for row in rows {
        let mine = row.board_id.as_ref().and_then(|id| {
            ours.iter()
                .find(|m| &m.board_id == id && m.solver == solver)
        });
        let published_time = if row.seconds_without_display == 0 {
            "< 1 s".to_string()
        } else {
            format!("{} s", row.seconds_without_display)
        };
        let (iters, ratio, time, speedup, display) = match mine {
            None => (
                if row.board_id.is_some() {
                    "not measured"
                } else {
                    "grid not published"
                }
                .to_string(),
                "—".to_string(),
                "—".to_string(),
                "—".to_string(),
                "—".to_string(),
            ),
            Some(m) => (
                m.counters.iterations.to_string(),
                format!(
                    "{:.3}",
                    m.counters.iterations as f64 / row.iterations as f64
                ),
                if m.solved {
                    fmt_seconds(m.median_seconds)
                } else {
                    m.verdict.clone()
                },
                if m.solved && row.seconds_without_display > 0 {
                    format!(
                        "{:.0}×",
                        row.seconds_without_display as f64 / m.median_seconds
                    )
                } else {
                    "—".to_string()
                },
                dhms(m.counters.iterations as f64 / DISPLAY_RATE),
            ),
        };
        table.push(vec![
            row.rank.into(),
            row.name.as_str().into(),
            row.difficulty.into(),
            row.clues.into(),
            row.iterations.into(),
            iters.into(),
            ratio.into(),
            published_time.into(),
            time.into(),
            speedup.into(),
            format!("{} ({} s)", row.time_with_display, row.seconds_with_display).into(),
            display.into(),
        ]);
    }
    table
}

/// The known boards solved by every solver: time and counters.
pub fn solvers_table(ours: &[Measured], boards: &[(String, String)]) -> Table {
    let mut table = Table::new(
        "The known boards, every solver",
        &[
            ("board", false),
            ("solver", false),
            ("verdict", false),
            ("time", true),
            ("iterations", true),
            ("guesses", true),
            ("backtracks", true),
            ("nodes", true),
        ],
    );
    for (id, name) in boards {
        for m in ours.iter().filter(|m| &m.board_id == id) {
            table.push(vec![
                name.as_str().into(),
                m.solver.as_str().into(),
                m.verdict.as_str().into(),
                fmt_seconds(m.median_seconds).into(),
                m.counters.iterations.into(),
                m.counters.guesses.into(),
                m.counters.backtracks.into(),
                m.counters.nodes.into(),
            ]);
        }
    }
    table
}

/// The integer-programming solvers of the run beside the thesis's published time (GLPK, about
/// 1 s a puzzle): median and slowest of their median times over the known boards.
pub fn thesis_ilp_table(results: &Results, ours: &[Measured]) -> Table {
    let mut table = Table::new(
        "The thesis's integer program, beside its published time",
        &[
            ("solver", false),
            ("boards solved", true),
            ("median time", true),
            ("slowest board", true),
            ("published (thesis, GLPK)", true),
            ("published ÷ median", true),
        ],
    );
    let family = sudoku_core::Family::LinearProgramming.to_string();
    let ilp = results
        .solver_metas()
        .into_iter()
        .filter(|m| m.family == family);
    for meta in ilp {
        let mine: Vec<&Measured> = ours.iter().filter(|m| m.solver == meta.id).collect();
        let times: Vec<f64> = mine
            .iter()
            .filter(|m| m.solved)
            .map(|m| m.median_seconds)
            .collect();
        let median = stats::median(&times);
        let slowest = times.iter().copied().reduce(f64::max);
        table.push(vec![
            meta.id.as_str().into(),
            format!("{} of {}", times.len(), mine.len()).into(),
            fmt_seconds(median.unwrap_or(f64::NAN)).into(),
            fmt_seconds(slowest.unwrap_or(f64::NAN)).into(),
            fmt_seconds(sudoku_catalog::THESIS_GLPK_SECONDS).into(),
            median
                .map(|m| format!("{:.0}×", sudoku_catalog::THESIS_GLPK_SECONDS / m))
                .unwrap_or_else(|| "—".into())
                .into(),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_durations() {
        assert_eq!(dhms(1_098_020.0), "12:17:00:20 (1098020 s)");
        assert_eq!(dhms(57.4), "00:00:00:57 (57 s)");
    }

    #[test]
    fn unknown_grids_are_said_so() {
        let rows = sudoku_catalog::table1();
        let known = rows.iter().find(|r| r.board_id.is_some()).unwrap();
        let ours = vec![Measured {
            solver: "naive".into(),
            board_id: known.board_id.clone().unwrap(),
            verdict: "solved".into(),
            solved: true,
            median_seconds: 0.5,
            counters: Counters {
                iterations: known.iterations,
                ..Counters::default()
            },
        }];
        let table = table1(&rows, &ours, "naive").to_markdown();
        assert_eq!(table.lines().count(), rows.len() + 2);
        let speedup = if known.seconds_without_display > 0 {
            format!("{:.0}×", known.seconds_without_display as f64 / 0.5)
        } else {
            "—".into()
        };
        let line = format!("| {0} | {0} | 1.000 |", known.iterations);
        assert!(table.contains(&line), "{table}");
        assert!(
            table.contains(&format!("| 500 ms | {speedup} |")),
            "{table}"
        );
        let unknown = rows.iter().filter(|r| r.board_id.is_none()).count();
        let known_count = rows.len() - unknown;
        assert_eq!(table.matches("grid not published").count(), unknown);
        assert_eq!(table.matches("not measured").count(), known_count - 1);
    }
}
