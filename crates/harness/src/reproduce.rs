//! `reproduce`: the 2009 document's Table 1 and Charts 1-2, measured again.
//!
//! For each of the 32 published boards, the reference solver's (by default `naive`, the
//! documents' algorithm) iterations and time stand beside the published ones where the grid is
//! known, and "grid not published" where it is not. The known boards are then solved by every
//! other registered solver, so the reader sees what better algorithms change.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use sudoku_catalog::PublishedRow;
use sudoku_core::{Budget, Counters, Grid, Solver, Verdict, solve_checked};

use crate::bench::timed_solve;
use crate::charts::{self, CategoryLines};
use crate::stats;

/// The 2009 program's rate with the board redrawn after every step (iterations per second),
/// from the document: the basis of the with-display estimate.
pub const DISPLAY_RATE: f64 = 566.0;

/// Options of `sudoku-bench reproduce`.
#[derive(clap::Args, Clone, Debug)]
pub struct ReproduceArgs {
    /// Output folder for table1.md, table1.csv and the two charts.
    #[arg(long, default_value = "reports/reproduce")]
    pub out: PathBuf,
    /// The solver compared with the published figures: the documents' algorithm.
    #[arg(long, default_value = "naive")]
    pub solver: String,
    /// Timed solves per board (median reported).
    #[arg(long, default_value_t = 3)]
    pub reps: u32,
    /// Per-solve time budget in seconds.
    #[arg(long, default_value_t = 30.0)]
    pub timeout: f64,
}

/// One solver on one known board.
#[derive(Clone, Debug)]
pub struct Measured {
    pub solver: String,
    pub board_id: String,
    pub verdict: String,
    pub solved: bool,
    pub median_seconds: f64,
    pub counters: Counters,
}

/// Solves `grid` once to validate (through `solve_checked`), then `reps` timed times.
fn measure(
    solver: &mut dyn Solver,
    board_id: &str,
    grid: &Grid,
    reps: u32,
    timeout: Duration,
) -> Measured {
    let budget = || Budget::solve().with_deadline(Instant::now() + timeout);
    let id = solver.info().id.to_string();
    let first = solve_checked(solver, grid, &budget());
    let mut times = Vec::new();
    if first.verdict == Verdict::Solved {
        for _ in 0..reps.max(1) {
            let (outcome, elapsed) = timed_solve(solver, grid, &budget());
            if outcome.verdict != Verdict::Solved {
                break;
            }
            times.push(elapsed.as_secs_f64());
        }
    }
    Measured {
        solver: id,
        board_id: board_id.into(),
        verdict: first.verdict.to_string(),
        solved: first.verdict == Verdict::Solved && !times.is_empty(),
        median_seconds: stats::median(&times).unwrap_or(f64::NAN),
        counters: first.counters,
    }
}

fn fmt_seconds(s: f64) -> String {
    if !s.is_finite() {
        "—".into()
    } else {
        charts::fmt_us(s * 1e6)
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

/// Table 1 in markdown, ours beside the published figures.
pub fn table1_markdown(rows: &[PublishedRow], ours: &[Measured], solver: &str) -> String {
    let mut out = format!(
        "| # | board | difficulty | clues | published iterations | {solver} iterations | ratio | \
         published time (no display) | {solver} time | speed-up | published time with display | \
         {solver} with display (estimate) |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
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
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} ({} s) | {} |",
            row.rank,
            row.name,
            row.difficulty,
            row.clues,
            row.iterations,
            iters,
            ratio,
            published_time,
            time,
            speedup,
            row.time_with_display,
            row.seconds_with_display,
            display
        );
    }
    out
}

/// The known boards solved by every solver: time and counters.
pub fn solvers_markdown(ours: &[Measured], boards: &[(String, String)]) -> String {
    let mut out = String::from(
        "| board | solver | verdict | time | iterations | guesses | backtracks | nodes |\n|---|---|---|---:|---:|---:|---:|---:|\n",
    );
    for (id, name) in boards {
        for m in ours.iter().filter(|m| &m.board_id == id) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                name,
                m.solver,
                m.verdict,
                fmt_seconds(m.median_seconds),
                m.counters.iterations,
                m.counters.guesses,
                m.counters.backtracks,
                m.counters.nodes
            );
        }
    }
    out
}

/// `sudoku-bench reproduce`.
pub fn run(args: &ReproduceArgs) -> Result<()> {
    let registry = sudoku_registry::registry();
    let Some(reference) = registry.iter().find(|r| r.info.id == args.solver) else {
        bail!("no solver `{}` is registered", args.solver);
    };
    let timeout = Duration::from_secs_f64(args.timeout.max(0.001));
    let rows = sudoku_catalog::table1();
    let boards: Vec<(String, String, Grid)> = rows
        .iter()
        .filter_map(|r| {
            let id = r.board_id.as_ref()?;
            let board = sudoku_catalog::named_board(id)?;
            Some((id.clone(), r.name.clone(), board.grid()))
        })
        .collect();
    let mut ours = Vec::new();
    // The reference solver first, then every other one.
    let order =
        std::iter::once(reference).chain(registry.iter().filter(|r| r.info.id != args.solver));
    for registered in order {
        let mut solver = (registered.make)();
        for (id, _, grid) in &boards {
            eprintln!("{} on {id}…", registered.info.id);
            ours.push(measure(solver.as_mut(), id, grid, args.reps, timeout));
        }
    }

    let table = table1_markdown(&rows, &ours, &args.solver);
    println!("{table}");
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let board_names: Vec<(String, String)> = boards
        .iter()
        .map(|(id, name, _)| (id.clone(), name.clone()))
        .collect();
    let doc = format!(
        "# Table 1, reproduced\n\nPublished: the 2009 document (1.99 GHz Celeron, hand-timed, \
         dd:hh:mm:ss). Ours: `{}` on this machine, median of {} timed solves (one solution \
         sought, as the document did). With-display estimate: our iterations at the document's \
         own display rate of {DISPLAY_RATE} iterations/s.\n\n{table}\n## The known boards, every \
         solver\n\n{}\n",
        args.solver,
        args.reps,
        solvers_markdown(&ours, &board_names)
    );
    std::fs::write(args.out.join("table1.md"), &doc)?;
    write_csv(&args.out.join("table1.csv"), &rows, &ours, &args.solver)?;
    let (c1, c2) = charts_for(&rows, &ours, &args.solver, &registry);
    charts::save(&c1, &args.out.join("chart1-time-without-display"))?;
    charts::save(&c2, &args.out.join("chart2-time-with-display"))?;
    let html = format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>Table 1 reproduced</title>\
         <style>body{{font-family:sans-serif;margin:24px;max-width:1300px}}img{{max-width:100%}}\
         pre{{white-space:pre-wrap}}</style></head><body><h1>Table 1 reproduced</h1>\
         <p><a href=\"table1.md\">table1.md</a> · <a href=\"table1.csv\">table1.csv</a></p>\
         <img src=\"chart1-time-without-display.png\"><img src=\"chart2-time-with-display.png\">\
         <pre>{}</pre></body></html>\n",
        doc.replace('&', "&amp;").replace('<', "&lt;")
    );
    std::fs::write(args.out.join("index.html"), html)?;
    eprintln!("written to {}", args.out.display());
    Ok(())
}

fn write_csv(
    path: &std::path::Path,
    rows: &[PublishedRow],
    ours: &[Measured],
    solver: &str,
) -> Result<()> {
    let mut w = csv::Writer::from_path(path)?;
    w.write_record([
        "rank",
        "name",
        "clues",
        "published_iterations",
        "our_iterations",
        "published_seconds_without_display",
        "our_seconds",
        "published_seconds_with_display",
        "our_seconds_with_display_estimate",
    ])?;
    for row in rows {
        let mine = row.board_id.as_ref().and_then(|id| {
            ours.iter()
                .find(|m| &m.board_id == id && m.solver == solver)
        });
        let opt = |v: Option<String>| v.unwrap_or_default();
        w.write_record([
            row.rank.to_string(),
            row.name.clone(),
            row.clues.to_string(),
            row.iterations.to_string(),
            opt(mine.map(|m| m.counters.iterations.to_string())),
            row.seconds_without_display.to_string(),
            opt(mine
                .filter(|m| m.solved)
                .map(|m| format!("{:.6}", m.median_seconds))),
            row.seconds_with_display.to_string(),
            opt(mine.map(|m| format!("{:.0}", m.counters.iterations as f64 / DISPLAY_RATE))),
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// Charts 1 and 2 of the document, ours beside the published.
fn charts_for(
    rows: &[PublishedRow],
    ours: &[Measured],
    solver: &str,
    registry: &[sudoku_registry::Registered],
) -> (CategoryLines, CategoryLines) {
    let categories: Vec<String> = rows
        .iter()
        .map(|r| format!("{}. {}", r.rank, r.name))
        .collect();
    let measured = |id: &str, row: &PublishedRow| {
        row.board_id.as_ref().and_then(|b| {
            ours.iter()
                .find(|m| &m.board_id == b && m.solver == id && m.solved)
        })
    };
    let mut series: Vec<(String, plotters::style::RGBColor, Vec<Option<f64>>)> = registry
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let values = rows
                .iter()
                .map(|row| measured(r.info.id, row).map(|m| (m.median_seconds * 1e6).max(0.001)))
                .collect();
            let name = if r.info.id == solver {
                format!("{} (ours, same algorithm)", r.info.id)
            } else {
                format!("{} (ours)", r.info.id)
            };
            (name, charts::colour(i), values)
        })
        .collect();
    series.push((
        "published, < 1 s by hand (drawn at 0.5 s)".into(),
        plotters::style::RGBColor(170, 170, 170),
        rows.iter()
            .map(|r| (r.seconds_without_display == 0).then_some(0.5e6))
            .collect(),
    ));
    let published: Vec<Option<f64>> = rows
        .iter()
        .map(|r| (r.seconds_without_display > 0).then_some(r.seconds_without_display as f64 * 1e6))
        .collect();
    let chart1 = CategoryLines {
        title: "Chart 1: solve time per board, without display".into(),
        y_desc: "time (log scale)".into(),
        categories: categories.clone(),
        series,
        reference: Some((
            "published, 2009 (1.99 GHz Celeron, hand-timed)".into(),
            published,
        )),
        y_is_time_us: true,
        x_desc: "board, in the published order".into(),
        lines: false,
        note: Some("Boards without a published grid have published figures only.".into()),
        legend: plotters::chart::SeriesLabelPosition::LowerRight,
    };
    let with_display: Vec<Option<f64>> = rows
        .iter()
        .map(|r| (r.seconds_with_display > 0).then_some(r.seconds_with_display as f64 * 1e6))
        .collect();
    let estimate: Vec<Option<f64>> = rows
        .iter()
        .map(|row| {
            row.board_id.as_ref().and_then(|b| {
                ours.iter()
                    .find(|m| &m.board_id == b && m.solver == solver)
                    .map(|m| (m.counters.iterations as f64 / DISPLAY_RATE * 1e6).max(0.001))
            })
        })
        .collect();
    let chart2 = CategoryLines {
        title: "Chart 2: solve time per board, with the board shown after every step".into(),
        y_desc: "time (log scale)".into(),
        categories,
        series: vec![(
            format!("{solver} estimate: its iterations at {DISPLAY_RATE} iterations/s"),
            charts::colour(0),
            estimate,
        )],
        reference: Some(("published, 2009, with display".into(), with_display)),
        y_is_time_us: true,
        x_desc: "board, in the published order".into(),
        lines: false,
        note: Some(format!(
            "Estimate basis: the document's measured display rate, {DISPLAY_RATE} iterations/s, times our iteration count (drawing cost dominates)."
        )),
        legend: plotters::chart::SeriesLabelPosition::UpperRight,
    };
    (chart1, chart2)
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
        let ours = vec![Measured {
            solver: "naive".into(),
            board_id: "near-worst-case".into(),
            verdict: "solved".into(),
            solved: true,
            median_seconds: 0.5,
            counters: Counters {
                iterations: 622_577_597,
                ..Counters::default()
            },
        }];
        let table = table1_markdown(&rows, &ours, "naive");
        assert_eq!(table.lines().count(), 34);
        assert!(table.contains("| 622577597 | 622577597 | 1.000 | 57 s | 500 ms | 114× |"));
        assert_eq!(table.matches("grid not published").count(), 27);
        assert_eq!(table.matches("not measured").count(), 4);
    }
}
