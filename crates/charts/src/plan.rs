//! The charts of a report, planned: which charts a run gets (one cactus plot per dataset,
//! throughput, time per board for small datasets, iterations and time against clues, the
//! stochastic solvers' success and convergence, success against givens for a sweep), each with
//! its data, its caption and its place on the page. Drawing them is [`crate::chart`]'s job.

use std::path::{Path, PathBuf};

use anyhow::Result;

use sudoku_report::digest::{Digest, GIVENS_STEP, PuzzleStat, Runs};
use sudoku_report::rank;
use sudoku_report::stats;
use sudoku_report::summary::Summary;
use sudoku_report::table::count;
use sudoku_run::results::SolverMeta;

use crate::chart::{
    self, Bar, Bars, CategoryLines, Chart, Message, Scatter, Series, Stacked, Style, Styles,
};
use crate::page::Place;

/// A chart to write, by file stem, with its caption for the page.
pub(crate) enum Planned {
    Lines(CategoryLines),
    Scatter(Scatter),
    Bars(Bars),
    Stochastic(Stacked<Bars, Scatter>),
    Message(Message),
}

impl Planned {
    pub(crate) fn save(&self, stem: &Path) -> Result<(PathBuf, PathBuf)> {
        match self {
            Planned::Lines(c) => chart::save(c, stem),
            Planned::Scatter(c) => chart::save(c, stem),
            Planned::Bars(c) => chart::save(c, stem),
            Planned::Stochastic(c) => chart::save(c, stem),
            Planned::Message(c) => chart::save(c, stem),
        }
    }

    pub(crate) fn size(&self) -> (u32, u32) {
        match self {
            Planned::Lines(c) => c.size(),
            Planned::Scatter(c) => c.size(),
            Planned::Bars(c) => c.size(),
            Planned::Stochastic(c) => c.size(),
            Planned::Message(c) => c.size(),
        }
    }
}

pub(crate) struct PlannedChart {
    pub(crate) stem: String,
    pub(crate) caption: String,
    pub(crate) place: Place,
    pub(crate) chart: Planned,
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

/// Largest dataset drawn board by board in chart (a).
const MAX_BOARDS_PER_CHART: usize = 40;

/// Most points drawn per solver in a scatter or cactus chart: a larger run is drawn from points
/// evenly spaced along it (the curve is the same; the files stay small).
const MAX_POINTS: usize = 5_000;

/// What every chart of a report shares: one style per solver, and the orders of the legends.
struct Plan<'a> {
    digest: &'a Digest,
    summaries: &'a [Summary],
    styles: Styles,
    /// Every solver, best first over all datasets.
    overall: Vec<&'a SolverMeta>,
}

impl<'a> Plan<'a> {
    fn new(digest: &'a Digest, metas: &'a [SolverMeta], summaries: &'a [Summary]) -> Plan<'a> {
        let order = rank::overall(summaries);
        let mut overall: Vec<&SolverMeta> = metas.iter().collect();
        overall.sort_by_key(|m| {
            order
                .iter()
                .position(|id| *id == m.id)
                .unwrap_or(usize::MAX)
        });
        Plan {
            digest,
            summaries,
            styles: Styles::of(metas),
            overall,
        }
    }

    /// The solvers of `dataset`, best first, and those that take none of its boards.
    fn ranked(&self, dataset: &str) -> (Vec<&'a SolverMeta>, Vec<&'a str>) {
        let mut supported = Vec::new();
        let mut unsupported = Vec::new();
        for line in rank::ranked(self.summaries, dataset) {
            let Some(meta) = self.overall.iter().find(|m| m.id == line.summary.solver) else {
                continue;
            };
            if line.place.is_some() {
                supported.push(*meta);
            } else {
                unsupported.push(meta.id.as_str());
            }
        }
        (supported, unsupported)
    }

    fn summary(&self, solver: &str, dataset: &str) -> Option<&'a Summary> {
        self.summaries
            .iter()
            .find(|s| s.solver == solver && s.dataset == dataset)
    }

    fn series(&self, meta: &SolverMeta, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: meta.id.clone(),
            style: self.styles.get(&meta.id),
            points,
        }
    }
}

/// A note under a chart naming the solvers it leaves out, and why.
fn left_out(groups: &[(&str, &[&str])]) -> Option<String> {
    let parts: Vec<String> = groups
        .iter()
        .filter(|(_, ids)| !ids.is_empty())
        .map(|(why, ids)| format!("{why}: {}", ids.join(", ")))
        .collect();
    (!parts.is_empty()).then(|| format!("Not drawn — {}.", parts.join("; ")))
}

/// Every chart of the report of `digest`, in the order the page lists them.
pub(crate) fn plan_charts(
    digest: &Digest,
    metas: &[SolverMeta],
    summaries: &[Summary],
) -> Vec<PlannedChart> {
    let plan = Plan::new(digest, metas, summaries);
    let datasets: Vec<String> = digest.datasets().into_iter().map(String::from).collect();
    let mut planned = Vec::new();
    for dataset in &datasets {
        planned.extend(cactus(&plan, dataset));
    }
    planned.push(throughput(&plan, &datasets));
    for dataset in &datasets {
        planned.extend(time_per_board(&plan, dataset));
    }
    planned.push(iterations_against_clues(&plan));
    planned.push(time_against_clues(&plan));
    planned.extend(stochastic(&plan, &datasets));
    for dataset in &datasets {
        planned.extend(givens(&plan, dataset));
    }
    planned
}

/// (a) Time per board per solver, for datasets small enough to show board by board.
fn time_per_board(plan: &Plan, dataset: &str) -> Option<PlannedChart> {
    let digest = plan.digest;
    if digest.puzzle_count(dataset) > MAX_BOARDS_PER_CHART {
        return None;
    }
    let (solvers, unsupported) = plan.ranked(dataset);
    let mine: Vec<PuzzleStat> = solvers
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
        return None;
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
    let mut none: Vec<&str> = Vec::new();
    let series = solvers
        .iter()
        .filter_map(|m| {
            let values: Vec<Option<f64>> = boards
                .iter()
                .map(|b| {
                    mine.iter()
                        .find(|p| p.puzzle == b && p.solver == m.id && p.status.is_decided())
                        .map(|p| p.time_us.max(0.001))
                })
                .collect();
            if values.iter().all(Option::is_none) {
                none.push(&m.id);
                return None;
            }
            Some((m.id.clone(), plan.styles.get(&m.id), values))
        })
        .collect();
    Some(PlannedChart {
        stem: format!("time-per-board-{}", slug(dataset)),
        caption: format!(
            "Solve time per board, dataset {dataset} (median of the timed passes; log scale; a \
             missing point: the solver gave up on that board). Legend in ranking order"
        ),
        place: Place::Details,
        chart: Planned::Lines(CategoryLines {
            title: format!("Solve time per board — {dataset}"),
            y_desc: "solve time per board (log scale)".into(),
            categories: boards,
            series,
            reference: None,
            y_is_time_us: true,
            x_desc: "board (easiest first)".into(),
            lines: true,
            note: left_out(&[("not supported", &unsupported), ("decided none", &none)]),
        }),
    })
}

/// (b) Iterations against clues, with the published Table 1 figures.
fn iterations_against_clues(plan: &Plan) -> PlannedChart {
    let deterministic: Vec<&SolverMeta> = plan
        .overall
        .iter()
        .copied()
        .filter(|m| !m.stochastic)
        .collect();
    let series = series_against_clues(plan, &deterministic, |p| {
        (p.iterations > 0).then_some(p.iterations as f64)
    });
    let published: Vec<(f64, f64)> = sudoku_catalog::table1()
        .iter()
        .map(|r| (r.clues as f64, r.iterations as f64))
        .collect();
    PlannedChart {
        stem: "iterations-vs-clues".into(),
        caption: "Iterations against clues: each solver's own work counter per puzzle (for the \
                  naive solver, values tried, counted as the 2009 document counts them), beside \
                  the 32 published Table 1 figures (crosses). The published counts stop at the \
                  first solution; a run with solution limit 2 also searches for a second one, \
                  so its counts are higher (`reproduce` compares like with like). At most 5,000 \
                  puzzles per solver are drawn, evenly spaced in id order"
            .into(),
        place: Place::Details,
        chart: Planned::Scatter(Scatter {
            reference: Some(Series {
                name: "published, 2009 Table 1".into(),
                style: chart::REFERENCE,
                points: published,
            }),
            log_y: true,
            ..Scatter::new(
                "Iterations against number of clues".into(),
                "clues (given digits)",
                "iterations per solve (log scale)",
                series,
            )
        }),
    }
}

/// (c) Time against clues.
fn time_against_clues(plan: &Plan) -> PlannedChart {
    let series = series_against_clues(plan, &plan.overall, |p| Some(p.time_us.max(0.001)));
    PlannedChart {
        stem: "time-vs-clues".into(),
        caption: "Solve time against number of clues, every dataset (free cells = N² − clues, \
                  81 − clues on 9×9); at most 5,000 puzzles per solver drawn, evenly spaced in id \
                  order. Legend in overall ranking order"
            .into(),
        place: Place::Details,
        chart: Planned::Scatter(Scatter {
            log_y: true,
            y_is_time_us: true,
            ..Scatter::new(
                "Solve time against number of clues".into(),
                "clues (given digits; free cells = 81 − clues on 9×9)",
                "solve time per puzzle (log scale)",
                series,
            )
        }),
    }
}

/// (d) Cactus plot of a dataset: puzzles decided within each time budget.
fn cactus(plan: &Plan, dataset: &str) -> Option<PlannedChart> {
    let (solvers, unsupported) = plan.ranked(dataset);
    let mut none: Vec<&str> = Vec::new();
    let series: Vec<Series> = solvers
        .iter()
        .filter_map(|m| {
            let times: Vec<f64> = plan
                .digest
                .puzzles_of(&m.id, dataset)
                .filter(|p| p.status.is_decided())
                .map(|p| p.time_us.max(0.001))
                .collect();
            if times.is_empty() {
                none.push(&m.id);
                return None;
            }
            Some(plan.series(m, stats::cactus_steps(&times, MAX_POINTS)))
        })
        .collect();
    if series.is_empty() {
        return None;
    }
    let puzzles = plan.digest.puzzle_count(dataset);
    Some(PlannedChart {
        stem: format!("cactus-{}", slug(dataset)),
        caption: format!(
            "Dataset {dataset}: how many of its {} each solver decided (solved or proved \
             unsolvable) within each time per puzzle. Higher and further left is better; a line \
             that stops short of the top gave up on the rest. Legend in ranking order",
            count(puzzles, "puzzle")
        ),
        place: Place::Dataset(dataset.to_string()),
        chart: Planned::Scatter(Scatter {
            y_whole: true,
            note: left_out(&[("not supported", &unsupported), ("decided none", &none)]),
            ..Scatter::solved_within(
                format!("Puzzles decided within a time — {dataset}"),
                "time per puzzle (log scale)",
                &format!("puzzles decided (of {puzzles})"),
                puzzles as f64,
                series,
            )
        }),
    })
}

/// One bar per solver (best first over all datasets) per dataset: `value` of its summary, or
/// why there is none.
fn bar_panels(
    plan: &Plan,
    solvers: &[&SolverMeta],
    datasets: &[String],
    value: impl Fn(&Summary) -> Option<f64>,
) -> Vec<(String, Vec<Bar>)> {
    datasets
        .iter()
        .map(|dataset| {
            let bars = solvers
                .iter()
                .map(|m| match plan.summary(&m.id, dataset) {
                    None => Bar::Note("not run".into()),
                    Some(s) if !s.supported() => Bar::Note("not supported".into()),
                    Some(s) => value(s).map_or(Bar::Note("none decided".into()), Bar::Value),
                })
                .collect();
            (dataset.clone(), bars)
        })
        .collect()
}

fn bar_rows(plan: &Plan, solvers: &[&SolverMeta]) -> Vec<(String, Style)> {
    solvers
        .iter()
        .map(|m| (m.id.clone(), plan.styles.get(&m.id)))
        .collect()
}

/// (e) Throughput per solver per dataset.
fn throughput(plan: &Plan, datasets: &[String]) -> PlannedChart {
    PlannedChart {
        stem: "throughput".into(),
        caption: "Throughput: puzzles decided per second of solving, per solver and dataset (log \
                  scale; stochastic solvers: solved runs per second of all runs). Solvers in \
                  overall ranking order"
            .into(),
        place: Place::Overview,
        chart: Planned::Bars(Bars {
            title: "Throughput per solver and dataset".into(),
            x_desc: "puzzles decided per second (log scale)".into(),
            rows: bar_rows(plan, &plan.overall),
            // None decided is no bar on a log scale, not a bar of 0.
            panels: bar_panels(plan, &plan.overall, datasets, |s| {
                s.puzzles_per_second.filter(|v| *v > 0.0)
            }),
            log_x: true,
            x_max: None,
        }),
    }
}

/// (f) Stochastic solvers' success and time to solution, and (g) their convergence.
fn stochastic(plan: &Plan, datasets: &[String]) -> Vec<PlannedChart> {
    let stochastic: Vec<&SolverMeta> = plan
        .overall
        .iter()
        .copied()
        .filter(|m| m.stochastic)
        .collect();
    if stochastic.is_empty() {
        return vec![PlannedChart {
            stem: "stochastic".into(),
            caption: "Stochastic solvers: none in this run".into(),
            place: Place::Details,
            chart: Planned::Message(Message {
                title: "Stochastic solvers".into(),
                message: "This run has no rows from a stochastic solver, so there is no success \
                          rate or time-to-solution distribution to show."
                    .into(),
            }),
        }];
    }
    let digest = plan.digest;
    let distribution: Vec<Series> = stochastic
        .iter()
        .filter_map(|m| {
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
            let points: Vec<(f64, f64)> = stats::cactus_steps(&times, MAX_POINTS)
                .into_iter()
                .map(|(t, k)| (t, k * 100.0 / count as f64))
                .collect();
            (!points.is_empty()).then(|| plan.series(m, points))
        })
        .collect();
    let mut planned = vec![PlannedChart {
        stem: "stochastic".into(),
        caption: "Stochastic solvers: success rate over runs (seeds × puzzles), and the \
                  distribution of time to solution (share of all runs solved within each time)"
            .into(),
        place: Place::Details,
        chart: Planned::Stochastic(Stacked(
            Bars {
                title: "Stochastic solvers: success rate".into(),
                x_desc: "runs solved (%)".into(),
                rows: bar_rows(plan, &stochastic),
                panels: bar_panels(plan, &stochastic, datasets, |s| s.success_rate),
                log_x: false,
                x_max: Some(100.0),
            },
            Scatter::solved_within(
                "Stochastic solvers: time to solution".into(),
                "time to solution (log scale)",
                "runs solved within the time (%)",
                100.0,
                distribution,
            ),
        )),
    }];
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
                ..plan.series(m, stats::convergence_profile(&runs, CONVERGENCE_POINTS))
            }
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    if !series.is_empty() {
        planned.push(PlannedChart {
            stem: "convergence".into(),
            caption: "Stochastic solvers: the median over runs of the best cost reached by \
                      each amount of work (each solver's own work counter, named in the legend; \
                      log scale; 0 is solved)"
                .into(),
            place: Place::Details,
            chart: Planned::Scatter(Scatter {
                log_x: true,
                lines: true,
                ..Scatter::new(
                    "Convergence: best cost against work".into(),
                    "work, in each solver's own counter (log scale)",
                    "best cost (rule violations), median over runs",
                    series,
                )
            }),
        });
    }
    planned
}

/// (h) Success against the proportion of givens, for a dataset that sweeps it.
fn givens(plan: &Plan, dataset: &str) -> Option<PlannedChart> {
    if !plan.digest.sweeps_givens(dataset) {
        return None;
    }
    let (solvers, _) = plan.ranked(dataset);
    let series: Vec<Series> = solvers
        .iter()
        .map(|m| {
            let points = plan
                .digest
                .givens(&m.id, dataset)
                .map_or_else(Vec::new, |tally| tally.rates(GIVENS_STEP));
            plan.series(m, points)
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    Some(PlannedChart {
        stem: format!("givens-{}", slug(dataset)),
        caption: format!(
            "Dataset {dataset}: share of runs (seeds × puzzles) solved within the budget, \
             against the proportion of the cells given (rounded to {GIVENS_STEP})"
        ),
        place: Place::Details,
        chart: Planned::Scatter(Scatter {
            lines: true,
            x_range: Some(0.0..1.0),
            y_range: Some(0.0..100.0),
            ..Scatter::new(
                format!("Success against the proportion of givens: {dataset}"),
                "proportion of cells given (0 to 1)",
                "runs solved (%)",
                series,
            )
        }),
    })
}

/// One scatter series per solver of `solvers` that has points: (clues, `y`) for each decided
/// puzzle where `y` gives a value, at most [`MAX_POINTS`] of them.
fn series_against_clues(
    plan: &Plan,
    solvers: &[&SolverMeta],
    y: impl Fn(&PuzzleStat) -> Option<f64>,
) -> Vec<Series> {
    let digest = plan.digest;
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
            (!points.is_empty()).then(|| plan.series(m, points))
        })
        .collect()
}
