//! `report`: every table and chart of a run, regenerated from its results CSV alone.
//!
//! Files are written into a temporary folder beside the output and then renamed into place one
//! by one, so an error half-way leaves the previous report's files whole.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use plotters::prelude::{RGBColor, SeriesLabelPosition};
use rayon::prelude::*;

use sudoku_run::results::SolverMeta;

use crate::charts::{self, Bars, CategoryLines, Chart, Message, Scatter, Series, Stacked};
use crate::digest::{Digest, GIVENS_STEP, PuzzleStat, Runs};
use crate::stats;
use crate::summary::{self, Summary};
use crate::table::escape as html_escape;

/// A chart to write, by file stem, with its caption for the page.
enum Planned {
    Lines(CategoryLines),
    Scatter(Scatter),
    Bars(Bars),
    Stochastic(Stacked<Bars, Scatter>),
    Message(Message),
}

impl Planned {
    fn save(&self, stem: &Path) -> Result<(PathBuf, PathBuf)> {
        match self {
            Planned::Lines(c) => charts::save(c, stem),
            Planned::Scatter(c) => charts::save(c, stem),
            Planned::Bars(c) => charts::save(c, stem),
            Planned::Stochastic(c) => charts::save(c, stem),
            Planned::Message(c) => charts::save(c, stem),
        }
    }

    fn size(&self) -> (u32, u32) {
        match self {
            Planned::Lines(c) => c.size(),
            Planned::Scatter(c) => c.size(),
            Planned::Bars(c) => c.size(),
            Planned::Stochastic(c) => c.size(),
            Planned::Message(c) => c.size(),
        }
    }
}

struct PlannedChart {
    stem: String,
    caption: String,
    chart: Planned,
}

/// Safe in a file name.
fn slug(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Points along the work axis of the convergence chart.
const CONVERGENCE_POINTS: usize = 60;

/// A dataset whose puzzles' proportions of givens span this much is a sweep, charted as (h).
const GIVENS_SWEEP: f64 = 0.4;

/// Largest dataset drawn board by board in chart (a).
const MAX_BOARDS_PER_CHART: usize = 40;

/// Most points drawn per solver in a scatter or cactus chart: a larger run is drawn from points
/// evenly spaced along it (the curve is the same; the files stay small).
const MAX_POINTS: usize = 5_000;

fn plan_charts(digest: &Digest, metas: &[SolverMeta], summaries: &[Summary]) -> Vec<PlannedChart> {
    let colour_of = |id: &str| charts::colour(metas.iter().position(|m| m.id == id).unwrap_or(0));
    let datasets: Vec<String> = digest.datasets().into_iter().map(String::from).collect();
    let mut planned = Vec::new();

    // (a) Time per board per solver.
    for dataset in &datasets {
        if digest.puzzle_count(dataset) > MAX_BOARDS_PER_CHART {
            continue;
        }
        let mine: Vec<PuzzleStat> = metas
            .iter()
            .flat_map(|m| digest.puzzles_of(&m.id, dataset))
            .collect();
        let mut boards: Vec<String> = Vec::new();
        for p in &mine {
            if !boards.iter().any(|b| b == p.puzzle) {
                boards.push(p.puzzle.to_string());
            }
        }
        if boards.is_empty() {
            continue;
        }
        // Easiest boards first: by mean log time over solvers that decided them.
        let difficulty = |board: &str| {
            let logs: Vec<f64> = mine
                .iter()
                .filter(|p| p.puzzle == board && p.status.is_decided() && p.time_us > 0.0)
                .map(|p| p.time_us.ln())
                .collect();
            stats::mean(&logs).unwrap_or(f64::INFINITY)
        };
        boards.sort_by(|a, b| difficulty(a).total_cmp(&difficulty(b)));
        let series = metas
            .iter()
            .filter(|m| mine.iter().any(|p| p.solver == m.id))
            .map(|m| {
                let values = boards
                    .iter()
                    .map(|b| {
                        mine.iter()
                            .find(|p| p.puzzle == b && p.solver == m.id && p.status.is_decided())
                            .map(|p| p.time_us.max(0.001))
                    })
                    .collect();
                (m.id.clone(), colour_of(&m.id), values)
            })
            .collect();
        planned.push(PlannedChart {
            stem: format!("time-per-board-{}", slug(dataset)),
            caption: format!(
                "Solve time per board, dataset `{dataset}` (median of the timed passes; log scale; \
                 missing points: the solver gave up or was not run)"
            ),
            chart: Planned::Lines(CategoryLines {
                title: format!("Solve time per board — {dataset}"),
                y_desc: "solve time (log scale)".into(),
                categories: boards,
                series,
                reference: None,
                y_is_time_us: true,
                x_desc: "board (easiest first)".into(),
                lines: true,
                note: None,
                legend: SeriesLabelPosition::UpperLeft,
            }),
        });
    }

    // (b) Iterations against clues, with the published Table 1 figures.
    let deterministic: Vec<&SolverMeta> = metas.iter().filter(|m| !m.stochastic).collect();
    let iteration_series = series_against_clues(&deterministic, digest, &colour_of, |p| {
        (p.iterations > 0).then_some(p.iterations as f64)
    });
    let published: Vec<(f64, f64)> = sudoku_catalog::table1()
        .iter()
        .map(|r| (r.clues as f64, r.iterations as f64))
        .collect();
    planned.push(PlannedChart {
        stem: "iterations-vs-clues".into(),
        caption: "Iterations against clues: each solver's own work counter per puzzle (for the \
                  naive solver, values tried, counted as the 2009 document counts them), beside \
                  the 32 published Table 1 figures (crosses). The published counts stop at the \
                  first solution; a run with solution limit 2 also searches for a second one, \
                  so its counts are higher (`reproduce` compares like with like). At most 5,000 \
                  puzzles per solver are drawn, evenly spaced in id order"
            .into(),
        chart: Planned::Scatter(Scatter {
            title: "Iterations against number of clues".into(),
            x_desc: "clues (given digits)".into(),
            y_desc: "iterations per solve (log scale)".into(),
            series: iteration_series,
            reference: Some(Series {
                name: "published, 2009 Table 1".into(),
                colour: charts::colour(0),
                points: published,
            }),
            log_x: false,
            log_y: true,
            lines: false,
            x_is_time_us: false,
            y_is_time_us: false,
            note: None,
            legend: SeriesLabelPosition::UpperRight,
            bounds: None,
        }),
    });

    // (c) Time against clues.
    let all: Vec<&SolverMeta> = metas.iter().collect();
    let time_series =
        series_against_clues(&all, digest, &colour_of, |p| Some(p.time_us.max(0.001)));
    planned.push(PlannedChart {
        stem: "time-vs-clues".into(),
        caption: "Solve time against number of clues, every dataset (free cells = N² − clues, \
                  81 − clues on 9×9); at most 5,000 puzzles per solver drawn, evenly spaced in id \
                  order"
            .into(),
        chart: Planned::Scatter(Scatter {
            title: "Solve time against number of clues".into(),
            x_desc: "clues (free cells = 81 − clues on 9×9)".into(),
            y_desc: "solve time (log scale)".into(),
            series: time_series,
            reference: None,
            log_x: false,
            log_y: true,
            lines: false,
            x_is_time_us: false,
            y_is_time_us: true,
            note: None,
            legend: SeriesLabelPosition::UpperRight,
            bounds: None,
        }),
    });

    // (d) Cactus plot per dataset.
    for dataset in &datasets {
        let series: Vec<Series> = metas
            .iter()
            .filter_map(|m| {
                let times: Vec<f64> = digest
                    .puzzles_of(&m.id, dataset)
                    .filter(|p| p.status.is_decided())
                    .map(|p| p.time_us.max(0.001))
                    .collect();
                (!times.is_empty()).then(|| Series {
                    name: m.id.clone(),
                    colour: colour_of(&m.id),
                    points: stats::cactus_steps(&times, MAX_POINTS),
                })
            })
            .collect();
        if series.is_empty() {
            continue;
        }
        planned.push(PlannedChart {
            stem: format!("cactus-{}", slug(dataset)),
            caption: format!(
                "Cactus plot, dataset `{dataset}`: puzzles solved (or proven unsolvable) within \
                 each per-puzzle time budget; further right and lower is slower"
            ),
            chart: Planned::Scatter(Scatter {
                x_desc: "time budget per puzzle (log scale)".into(),
                ..Scatter::solved_within(
                    format!("Puzzles solved against time budget — {dataset}"),
                    format!("puzzles solved (of {})", digest.puzzle_count(dataset)),
                    series,
                )
            }),
        });
    }

    // (e) Throughput per solver per dataset.
    let solver_ids: Vec<String> = metas.iter().map(|m| m.id.clone()).collect();
    let groups = bar_groups(&datasets, &solver_ids, summaries, |s| s.puzzles_per_second);
    planned.push(PlannedChart {
        stem: "throughput".into(),
        caption: "Throughput: puzzles decided per second of solving, per solver and dataset (log \
                  scale; stochastic solvers: solved runs per second of all runs)"
            .into(),
        chart: Planned::Bars(Bars {
            title: "Throughput per solver and dataset".into(),
            y_desc: "puzzles per second (log scale)".into(),
            categories: solver_ids,
            groups,
            log_y: true,
            y_max: None,
        }),
    });

    // (f) Stochastic solvers.
    let stochastic: Vec<&SolverMeta> = metas.iter().filter(|m| m.stochastic).collect();
    if stochastic.is_empty() {
        planned.push(PlannedChart {
            stem: "stochastic".into(),
            caption: "Stochastic solvers: none in this run".into(),
            chart: Planned::Message(Message {
                title: "Stochastic solvers".into(),
                message: "This run has no rows from a stochastic solver, so there is no success \
                          rate or time-to-solution distribution to show."
                    .into(),
            }),
        });
    } else {
        let categories: Vec<String> = stochastic.iter().map(|m| m.id.clone()).collect();
        let groups = bar_groups(&datasets, &categories, summaries, |s| s.success_rate);
        let distribution: Vec<Series> = stochastic
            .iter()
            .map(|m| {
                let runs: Vec<&Runs> = datasets
                    .iter()
                    .filter_map(|d| digest.runs(&m.id, d))
                    .collect();
                let times: Vec<f64> = runs
                    .iter()
                    .flat_map(|r| &r.solved_us)
                    .map(|t| t.max(0.001))
                    .collect();
                let count = runs.iter().map(|r| r.count).sum::<usize>().max(1);
                Series {
                    name: m.id.clone(),
                    colour: colour_of(&m.id),
                    points: stats::cactus_steps(&times, MAX_POINTS)
                        .into_iter()
                        .map(|(t, k)| (t, k * 100.0 / count as f64))
                        .collect(),
                }
            })
            .collect();
        planned.push(PlannedChart {
            stem: "stochastic".into(),
            caption: "Stochastic solvers: success rate over runs (seeds × puzzles), and the \
                      distribution of time to solution (share of all runs solved within each time)"
                .into(),
            chart: Planned::Stochastic(Stacked(
                Bars {
                    title: "Stochastic solvers: success rate".into(),
                    y_desc: "runs solved (%)".into(),
                    categories,
                    groups,
                    log_y: false,
                    y_max: Some(105.0),
                },
                Scatter::solved_within(
                    "Stochastic solvers: time to solution".into(),
                    "runs solved within the time (%)".into(),
                    distribution,
                ),
            )),
        });
        // (g) Convergence: how the best cost fell with work, per stochastic solver.
        let series: Vec<Series> = stochastic
            .iter()
            .map(|m| {
                let runs: Vec<&[(u64, u64)]> = datasets
                    .iter()
                    .filter_map(|d| digest.runs(&m.id, d))
                    .flat_map(|r| &r.convergence)
                    .map(Vec::as_slice)
                    .collect();
                Series {
                    name: format!("{} ({})", m.id, m.work_counter),
                    colour: colour_of(&m.id),
                    points: stats::convergence_profile(&runs, CONVERGENCE_POINTS),
                }
            })
            .filter(|s| !s.points.is_empty())
            .collect();
        if !series.is_empty() {
            planned.push(PlannedChart {
                stem: "convergence".into(),
                caption: "Stochastic solvers: the median over runs of the best cost reached by \
                          each amount of work (each solver's own work counter, log scale; 0 is \
                          solved)"
                    .into(),
                chart: Planned::Scatter(Scatter {
                    title: "Convergence: best cost against work".into(),
                    x_desc: "work (log scale)".into(),
                    y_desc: "best cost, median over runs".into(),
                    series,
                    reference: None,
                    log_x: true,
                    log_y: false,
                    lines: true,
                    x_is_time_us: false,
                    y_is_time_us: false,
                    note: None,
                    legend: SeriesLabelPosition::UpperRight,
                    bounds: None,
                }),
            });
        }
    }
    // (h) Success against the proportion of givens, for datasets that sweep it.
    for dataset in &datasets {
        let Some((low, high)) = digest.givens_range(dataset) else {
            continue;
        };
        if high - low < GIVENS_SWEEP {
            continue;
        }
        let series: Vec<Series> = metas
            .iter()
            .map(|m| Series {
                name: m.id.clone(),
                colour: colour_of(&m.id),
                points: digest
                    .givens(&m.id, dataset)
                    .map_or_else(Vec::new, |tally| tally.rates(GIVENS_STEP)),
            })
            .filter(|s| !s.points.is_empty())
            .collect();
        planned.push(PlannedChart {
            stem: format!("givens-{}", slug(dataset)),
            caption: format!(
                "Dataset {dataset}: share of runs (seeds × puzzles) solved within the budget, \
                 against the proportion of the cells given (rounded to {GIVENS_STEP})"
            ),
            chart: Planned::Scatter(Scatter {
                title: format!("Success against the proportion of givens: {dataset}"),
                x_desc: "proportion of cells given".into(),
                y_desc: "runs solved (%)".into(),
                series,
                reference: None,
                log_x: false,
                log_y: false,
                lines: true,
                x_is_time_us: false,
                y_is_time_us: false,
                note: None,
                legend: SeriesLabelPosition::LowerRight,
                bounds: Some((0.0..1.0, 0.0..105.0)),
            }),
        });
    }
    planned
}

fn summary_html(summaries: &[Summary]) -> String {
    summary::tables(summaries)
        .iter()
        .map(|table| {
            format!(
                "<h3>Dataset <code>{}</code></h3>\n{}",
                html_escape(&table.title),
                table.to_html()
            )
        })
        .collect()
}

fn index_html(
    digest: &Digest,
    metas: &[SolverMeta],
    summaries: &[Summary],
    charts: &[(String, String, (u32, u32))],
) -> String {
    let mut out = String::from(
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>\
         <title>sudoku-bench report</title>\n<style>\
         body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px;max-width:1300px;color:#222}\
         table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}\
         td:first-child,td:nth-child(2),th{text-align:left}th{background:#eef}\
         .bad{background:#fcc}img{max-width:100%;border:1px solid #ddd;margin:6px 0}\
         .meta td{text-align:left}.meta{table-layout:fixed;width:100%}.meta td:first-child{width:110px}.meta td:last-child{overflow-wrap:anywhere}figure{margin:18px 0}figcaption{color:#444}\
         </style></head><body>\n<h1>sudoku-bench report</h1>\n",
    );
    if let Some(h) = digest.header() {
        let _ = write!(
            out,
            "<table class=meta>\n<tr><td>started</td><td>{}</td></tr>\n<tr><td>tool</td><td>{}</td></tr>\n\
             <tr><td>git commit</td><td>{}</td></tr>\n<tr><td>machine</td><td>{}, {} logical cores, {}</td></tr>\n\
             <tr><td>jobs</td><td>{}</td></tr>\n<tr><td>method</td><td>{}</td></tr>\n\
             <tr><td>options</td><td><code>{}</code></td></tr>\n</table>\n",
            html_escape(&h.started),
            html_escape(&h.tool),
            html_escape(h.git_commit.as_deref().unwrap_or("unknown")),
            html_escape(&h.machine.cpu),
            h.machine.cores,
            html_escape(&h.machine.os),
            h.jobs,
            html_escape(&h.method),
            html_escape(&h.options.to_string()),
        );
        if !h.shards.is_empty() {
            out.push_str(
                "<h2>Shards</h2>\n<p>This run was split with <code>bench --shard</code> and \
                 merged; its parts ran here:</p>\n<table><tr><th>shard</th><th>host</th>\
                 <th>machine</th><th>started</th><th>git commit</th><th>rows</th></tr>\n",
            );
            for shard in &h.shards {
                let _ = writeln!(
                    out,
                    "<tr><td>{}</td><td>{}</td><td>{}, {} logical cores, {}</td><td>{}</td>\
                     <td>{}</td><td>{}</td></tr>",
                    html_escape(&shard.shard),
                    html_escape(&shard.machine.host),
                    html_escape(&shard.machine.cpu),
                    shard.machine.cores,
                    html_escape(&shard.machine.os),
                    html_escape(&shard.started),
                    html_escape(shard.git_commit.as_deref().unwrap_or("unknown")),
                    shard.rows
                );
            }
            out.push_str("</table>\n");
        }
    } else {
        out.push_str("<p>The results file has no run header.</p>\n");
    }
    let _ = writeln!(
        out,
        "<p>{} rows; results: <a href=\"results.csv\">results.csv</a>; summary: \
         <a href=\"summary.md\">summary.md</a>, <a href=\"summary.json\">summary.json</a>, <a href=\"summary.csv\">summary.csv</a>.</p>",
        digest.rows()
    );
    out.push_str("<h2>Solvers</h2>\n<table>\n<tr><th>id</th><th>family</th><th>complete</th><th>counts solutions</th><th>stochastic</th><th>reports guesses</th><th>what it does</th></tr>\n");
    for m in metas {
        let yes = |b: bool| if b { "yes" } else { "no" };
        let _ = writeln!(
            out,
            "<tr><td><b>{}</b></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td style=\"text-align:left\">{}</td></tr>",
            html_escape(&m.id),
            html_escape(&m.family),
            yes(m.complete),
            yes(m.counts_solutions),
            yes(m.stochastic),
            yes(m.reports_guesses),
            html_escape(&m.description)
        );
    }
    out.push_str(
        "</table>\n<h2>Summary</h2>\n<p>Times are per puzzle: the median of its timed \
                  passes; the median and p90 are over decided puzzles. Spread is the median over \
                  puzzles of the timed passes' median absolute deviation, as % of their median. \
                  Work/puzzle is the solver's main counter (iterations, moves, generations \
                  or nodes: units differ by family). No-guess % and guesses/puzzle only for \
                  solvers that report guesses; success \
                  rate only for stochastic solvers (runs solved / runs).</p>\n",
    );
    out.push_str(&summary_html(summaries));
    out.push_str("<h2>Charts</h2>\n");
    for (stem, caption, (w, _)) in charts {
        let _ = writeln!(
            out,
            "<figure><img src=\"charts/{stem}.png\" alt=\"{alt}\" width=\"{w}\">\
             <figcaption>{caption} (<a href=\"charts/{stem}.svg\">SVG</a>)</figcaption></figure>",
            alt = html_escape(caption),
            caption = html_escape(caption),
        );
    }
    out.push_str("</body></html>\n");
    out
}

/// One scatter series per solver that has points: (clues, `y`) for each decided puzzle where
/// `y` gives a value, at most [`MAX_POINTS`] of them.
fn series_against_clues(
    solvers: &[&SolverMeta],
    digest: &Digest,
    colour_of: &impl Fn(&str) -> RGBColor,
    y: impl Fn(&PuzzleStat) -> Option<f64>,
) -> Vec<Series> {
    solvers
        .iter()
        .filter_map(|m| {
            // Every `stride`-th puzzle in id order, so a huge run is never held as points.
            let puzzles = |dataset| digest.puzzles_of(&m.id, dataset);
            let count: usize = digest
                .datasets()
                .into_iter()
                .map(|d| digest.puzzle_count_of(&m.id, d))
                .sum();
            let stride = count.div_ceil(MAX_POINTS).max(1);
            let points: Vec<(f64, f64)> = digest
                .datasets()
                .into_iter()
                .flat_map(puzzles)
                .step_by(stride)
                .filter(|p| p.status.is_decided())
                .filter_map(|p| y(&p).map(|value| (p.clues as f64, value)))
                .collect();
            (!points.is_empty()).then(|| Series {
                name: m.id.clone(),
                colour: colour_of(&m.id),
                points,
            })
        })
        .collect()
}

/// One bar group per dataset, one bar per solver in `solvers`: `value` of their summary.
fn bar_groups(
    datasets: &[String],
    solvers: &[String],
    summaries: &[Summary],
    value: impl Fn(&Summary) -> Option<f64>,
) -> Vec<(String, RGBColor, Vec<Option<f64>>)> {
    datasets
        .iter()
        .enumerate()
        .map(|(i, dataset)| {
            let values = solvers
                .iter()
                .map(|id| {
                    summaries
                        .iter()
                        .find(|s| &s.dataset == dataset && &s.solver == id)
                        .and_then(&value)
                })
                .collect();
            (dataset.clone(), charts::colour(i), values)
        })
        .collect()
}

/// Writes the report of a run into `out` (index.html, summary.md/json, run.json, charts/):
/// returns the files written.
pub fn write_report(digest: &Digest, out: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let metas = digest.metas();
    let summaries = summary::summaries(digest);
    let staging = out.join(format!(".report-tmp-{}", std::process::id()));
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    std::fs::create_dir_all(staging.join("charts"))?;
    let outcome = (|| -> Result<Vec<PathBuf>> {
        let planned = plan_charts(digest, &metas, &summaries);
        let rendered: Vec<Result<()>> = planned
            .par_iter()
            .map(|p| {
                p.chart
                    .save(&staging.join("charts").join(&p.stem))
                    .map(|_| ())
                    .with_context(|| format!("chart {}", p.stem))
            })
            .collect();
        for r in rendered {
            r?;
        }
        let chart_list: Vec<(String, String, (u32, u32))> = planned
            .iter()
            .map(|p| (p.stem.clone(), p.caption.clone(), p.chart.size()))
            .collect();
        std::fs::write(staging.join("summary.md"), summary::to_markdown(&summaries))?;
        std::fs::write(staging.join("summary.csv"), summary::to_csv(&summaries)?)?;
        std::fs::write(
            staging.join("summary.json"),
            serde_json::to_string_pretty(&summaries)?,
        )?;
        if let Some(header) = digest.header() {
            std::fs::write(
                staging.join("run.json"),
                serde_json::to_string_pretty(header)?,
            )?;
        }
        std::fs::write(
            staging.join("index.html"),
            index_html(digest, &metas, &summaries, &chart_list),
        )?;
        // Move into place, charts first so the page never points at missing pictures.
        std::fs::create_dir_all(out.join("charts"))?;
        let mut written = Vec::new();
        for p in &planned {
            for ext in ["png", "svg"] {
                let name = format!("{}.{ext}", p.stem);
                let target = out.join("charts").join(&name);
                std::fs::rename(staging.join("charts").join(&name), &target)?;
                written.push(target);
            }
        }
        for name in [
            "summary.md",
            "summary.csv",
            "summary.json",
            "run.json",
            "index.html",
        ] {
            let from = staging.join(name);
            if from.exists() {
                let target = out.join(name);
                std::fs::rename(from, &target)?;
                written.push(target);
            }
        }
        Ok(written)
    })();
    let _ = std::fs::remove_dir_all(&staging);
    outcome
}
