//! The overview: per dataset, the solvers ranked, each with its time, its success and a verdict
//! in one line. Pure: summaries in, order and words out.
//!
//! A solver ranks by what it settled first (the share of puzzles it decided, of runs it solved
//! for a stochastic one), then by its median time; solvers that take none of the dataset's
//! boards come last, unranked. The same order is the legend order of every chart.

use crate::stats;
use crate::summary::Summary;
use crate::table::{Cell, Mark, Table, count};
use crate::units::fmt_us;

/// One line of a dataset's ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked<'a> {
    /// 1 for the best; `None` for a solver that takes none of the boards.
    pub place: Option<usize>,
    pub summary: &'a Summary,
}

/// The solvers of `dataset`, best first.
pub fn ranked<'a>(summaries: &'a [Summary], dataset: &str) -> Vec<Ranked<'a>> {
    let mut lines: Vec<&Summary> = summaries.iter().filter(|s| s.dataset == dataset).collect();
    lines.sort_by(|a, b| {
        b.supported()
            .cmp(&a.supported())
            .then(b.success_percent().total_cmp(&a.success_percent()))
            .then(
                a.median_us
                    .unwrap_or(f64::INFINITY)
                    .total_cmp(&b.median_us.unwrap_or(f64::INFINITY)),
            )
    });
    lines
        .into_iter()
        .enumerate()
        .map(|(i, summary)| Ranked {
            place: summary.supported().then_some(i + 1),
            summary,
        })
        .collect()
}

/// Datasets in first-seen order.
pub fn datasets(summaries: &[Summary]) -> Vec<&str> {
    let mut datasets: Vec<&str> = Vec::new();
    for s in summaries {
        if !datasets.contains(&s.dataset.as_str()) {
            datasets.push(&s.dataset);
        }
    }
    datasets
}

/// Every solver of the run, best first over all datasets: by its mean place over the datasets
/// whose boards it takes (those it takes none of last), ties in the run's order. The legend
/// order of charts that span datasets.
pub fn overall(summaries: &[Summary]) -> Vec<String> {
    let mut solvers: Vec<(String, f64)> = Vec::new();
    for s in summaries {
        if !solvers.iter().any(|(id, _)| *id == s.solver) {
            solvers.push((s.solver.clone(), 0.0));
        }
    }
    let rankings: Vec<Vec<Ranked>> = datasets(summaries)
        .into_iter()
        .map(|d| ranked(summaries, d))
        .collect();
    for (id, score) in &mut solvers {
        let places: Vec<f64> = rankings
            .iter()
            .flatten()
            .filter(|r| r.summary.solver == *id)
            .filter_map(|r| r.place.map(|p| p as f64))
            .collect();
        *score = stats::mean(&places).unwrap_or(f64::INFINITY);
    }
    // A stable sort keeps the run's order among equals.
    solvers.sort_by(|a, b| a.1.total_cmp(&b.1));
    solvers.into_iter().map(|(id, _)| id).collect()
}

/// What a line of the ranking says in a few words, beside the `leader`'s line: what went
/// wrong, what it left unsettled, and how its median time compares.
pub fn verdict(line: &Ranked, leader: &Summary) -> String {
    let s = line.summary;
    if !s.supported() {
        return format!("does not take {} boards", s.unsupported_boards());
    }
    let mut parts: Vec<String> = Vec::new();
    if s.wrong_answers + s.crashed + s.failed > 0 {
        parts.push(format!("{}: do not trust it here", s.failures()));
    }
    if s.stochastic {
        let share = s.success_percent();
        if share == 0.0 {
            parts.push(format!("solved none of {}", count(s.runs, "run")));
        } else if share < 100.0 {
            parts.push(format!(
                "solved {}% of {}",
                stats::rounded(share),
                count(s.runs, "run")
            ));
        }
    } else if s.decided() == 0 && s.gave_up > 0 {
        parts.push(format!("decided nothing: gave up on all {}", s.gave_up));
    } else if s.decided() == 0 {
        parts.push("decided nothing".into());
    } else if s.gave_up > 0 {
        parts.push(format!("gave up on {} of {}", s.gave_up, s.puzzles));
    }
    if s.unsupported > 0 {
        parts.push(format!("{} boards not supported", s.unsupported_boards()));
    }
    match (line.place, s.median_us, leader.median_us) {
        (Some(1), Some(_), _) if parts.is_empty() => parts.push("fastest".into()),
        (Some(1), Some(_), _) => parts.push("still the best here".into()),
        (Some(_), Some(mine), Some(best)) if best > 0.0 && mine > 0.0 => {
            let ratio = mine / best;
            parts.push(if ratio >= 1.0 {
                format!(
                    "{}× slower than {}",
                    stats::significant(ratio, 3),
                    leader.solver
                )
            } else {
                format!(
                    "{}× faster than {} on what it decided",
                    stats::significant(1.0 / ratio, 3),
                    leader.solver
                )
            });
        }
        _ => {}
    }
    parts.join("; ")
}

/// The overview tables, one per dataset: place, solver, family, median time, what it settled
/// and the verdict. Six columns, so the page never has to scroll sideways.
pub fn overview_tables(summaries: &[Summary]) -> Vec<Table> {
    datasets(summaries)
        .into_iter()
        .map(|dataset| {
            let lines = ranked(summaries, dataset);
            let mut table = Table::new(
                dataset,
                &[
                    ("#", true),
                    ("solver", false),
                    ("family", false),
                    ("median time", true),
                    ("settled", true),
                    ("verdict", false),
                ],
            );
            let Some(leader) = lines.first().map(|l| l.summary) else {
                return table;
            };
            for line in &lines {
                let s = line.summary;
                let settled = if !s.supported() {
                    "not supported".to_string()
                } else if s.stochastic {
                    format!("{}% of runs", stats::rounded(s.success_percent()))
                } else {
                    format!("{} of {}", s.decided(), s.puzzles)
                };
                let time = match s.median_us {
                    Some(us) if s.supported() => fmt_us(us),
                    _ => "—".into(),
                };
                let verdict = verdict(line, leader);
                let failed = s.wrong_answers + s.crashed + s.failed > 0;
                table.push(vec![
                    line.place.map_or("—".into(), |p| p.to_string()).into(),
                    Cell::marked(&s.solver, Mark::Strong),
                    s.family.as_str().into(),
                    time.into(),
                    settled.into(),
                    if failed {
                        Cell::marked(verdict, Mark::Bad)
                    } else {
                        verdict.into()
                    },
                ]);
            }
            table
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(solver: &str, decided: usize, median_us: Option<f64>) -> Summary {
        Summary {
            dataset: "d".into(),
            solver: solver.into(),
            family: "backtracking".into(),
            stochastic: false,
            puzzles: 6,
            solved: decided,
            unsolvable: 0,
            gave_up: 6 - decided,
            rejected: 0,
            wrong_answers: 0,
            crashed: 0,
            failed: 0,
            unsupported: 0,
            unsupported_sizes: Vec::new(),
            solved_percent: 0.0,
            solved_without_guessing_percent: None,
            guesses_per_puzzle: None,
            iterations_per_puzzle: 0.0,
            work_counter: None,
            work_per_puzzle: None,
            median_us,
            p90_us: None,
            build_median_us: None,
            puzzles_per_second: None,
            spread_percent: None,
            success_rate: None,
            runs: 6,
            incomplete_run: None,
        }
    }

    #[test]
    fn settling_more_outranks_speed_and_unsupported_comes_last() {
        let unsupported = Summary {
            unsupported: 6,
            unsupported_sizes: vec![16],
            rejected: 6,
            gave_up: 0,
            ..line("lp", 0, None)
        };
        let summaries = vec![
            unsupported,
            line("quick-but-partial", 4, Some(10.0)),
            line("slow", 6, Some(500.0)),
            line("fast", 6, Some(50.0)),
        ];
        let order: Vec<&str> = ranked(&summaries, "d")
            .iter()
            .map(|r| r.summary.solver.as_str())
            .collect();
        assert_eq!(order, ["fast", "slow", "quick-but-partial", "lp"]);
        assert_eq!(overall(&summaries), order);
        let table = &overview_tables(&summaries)[0];
        let text = table.to_markdown();
        assert!(
            text.contains("| 1 | fast | backtracking | 50 µs | 6 of 6 | fastest |"),
            "{text}"
        );
        assert!(
            text.contains("| 2 | slow | backtracking | 500 µs | 6 of 6 | 10× slower than fast |"),
            "{text}"
        );
        assert!(
            text.contains("| 4 of 6 | gave up on 2 of 6; 5× faster than fast on what it decided |"),
            "{text}"
        );
        assert!(
            text.contains(
                "| — | lp | backtracking | — | not supported | does not take 16×16 boards |"
            ),
            "{text}"
        );
    }

    #[test]
    fn stochastic_solvers_say_their_share_of_runs_in_words_that_agree() {
        let walker = Summary {
            stochastic: true,
            success_rate: Some(50.0),
            runs: 1,
            ..line("walker", 1, Some(100.0))
        };
        let text = overview_tables(&[line("fast", 6, Some(50.0)), walker])[0].to_markdown();
        assert!(
            text.contains("| 50% of runs | solved 50% of 1 run; 2× slower than fast |"),
            "{text}"
        );
    }
}
