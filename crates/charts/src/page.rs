//! `index.html`, the report page, read the way criterion's is: an overview first (per dataset the
//! solvers ranked, each with its median time, what it settled and a verdict, under it the
//! dataset's cactus plot; then the throughput of every solver), and below it the details folded
//! in `<details>`: every measure, every chart, the solvers, the run.
//!
//! The page needs no network and no script: HTML and CSS, the charts beside it as PNG (SVG
//! linked). No table is wider than the page: the overview's six columns wrap, and the wide
//! tables scroll inside their folded sections.

use std::fmt::Write as _;

use sudoku_run::results::SolverMeta;

use sudoku_report::conditions;
use sudoku_report::digest::Digest;
use sudoku_report::table::{Table, count, escape};

use crate::chart::Styles;

/// Where a chart stands on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// In the overview, under the ranking of this dataset.
    Dataset(String),
    /// In the overview, after the rankings.
    Overview,
    /// Among the other charts, folded.
    Details,
}

/// A chart as the page shows it.
pub struct ChartRef {
    pub stem: String,
    pub caption: String,
    pub place: Place,
    pub width: u32,
}

/// What the page is made of.
pub struct Page<'a> {
    pub digest: &'a Digest,
    pub metas: &'a [SolverMeta],
    pub styles: &'a Styles,
    /// One per dataset, from [`sudoku_report::rank::overview_tables`].
    pub overview: &'a [Table],
    /// One per dataset, from [`sudoku_report::summary::tables`].
    pub measures: &'a [Table],
    /// One per dataset that sweeps the share of givens, from
    /// [`sudoku_report::summary::givens_tables`].
    pub by_givens: &'a [Table],
    pub charts: &'a [ChartRef],
}

const STYLE: &str = "\
*{box-sizing:border-box}\
body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:0 auto;padding:16px 20px 40px;\
max-width:1240px;color:#222;line-height:1.4}\
h1{margin:0 0 4px}h2{margin:28px 0 6px;border-bottom:2px solid #dde}h3{margin:22px 0 4px}\
.lede{margin:4px 0 10px}.how{color:#444;font-size:92%}\
.incomplete{background:#fff3cd;border:1px solid #d9a800;padding:6px 10px;font-weight:bold}\
.warning{background:#fde2e1;border:1px solid #c0392b;padding:6px 10px;font-weight:bold}\
table{border-collapse:collapse;margin:6px 0 14px}\
td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}\
th{background:#eef}.num{text-align:right;white-space:nowrap}.bad{background:#fcc}\
table.overview{width:100%}table.overview td:nth-child(2),table.overview td:nth-child(3){white-space:nowrap}\
.scroll{overflow-x:auto;max-width:100%}\
img{max-width:100%;height:auto;border:1px solid #ddd}\
figure{margin:12px 0}figcaption{color:#444;font-size:92%}\
details{margin:10px 0;border:1px solid #ccd;border-radius:4px;padding:2px 12px}\
summary{cursor:pointer;font-weight:bold;padding:6px 0}\
svg.key{vertical-align:middle;margin-right:6px}\
.meta td{overflow-wrap:anywhere}.meta td:first-child{white-space:nowrap;width:8em}\
code{overflow-wrap:anywhere}";

impl Page<'_> {
    /// The whole page.
    pub fn html(&self) -> String {
        let mut out = format!(
            "<!doctype html>\n<html lang=en><head><meta charset=utf-8>\
             <meta name=viewport content=\"width=device-width, initial-scale=1\">\
             <title>sudoku-bench report</title>\n<style>{STYLE}</style></head><body>\n\
             <h1>sudoku-bench report</h1>\n"
        );
        if let Some(incomplete) = self.digest.incomplete() {
            let _ = writeln!(
                out,
                "<p class=incomplete>{}: the run was interrupted or is still going, so every \
                 figure below is over the solves made so far.</p>",
                escape(&incomplete.to_string())
            );
        }
        for warning in self
            .digest
            .header()
            .map_or_else(Vec::new, conditions::warnings)
        {
            let _ = writeln!(out, "<p class=warning>{}</p>", escape(&warning));
        }
        out.push_str(&self.lede());
        out.push_str(&self.overview());
        out.push_str(&self.by_givens());
        out.push_str("<h2 id=details>Details</h2>\n");
        out.push_str(&self.measures());
        out.push_str(&self.all_charts());
        out.push_str(&self.solvers());
        out.push_str(&self.run());
        let givens = if self.by_givens.is_empty() {
            ""
        } else {
            " <a href=\"givens.csv\">givens.csv</a>,"
        };
        let _ = write!(
            out,
            "<p>Files: <a href=\"results.csv\">results.csv</a> (every solve), \
             <a href=\"summary.md\">summary.md</a>, <a href=\"summary.csv\">summary.csv</a>, \
             <a href=\"summary.json\">summary.json</a>,{givens} <a href=\"run.json\">run.json</a>.\
             </p>\n</body></html>\n",
        );
        out
    }

    /// What was run, and how the overview ranks.
    fn lede(&self) -> String {
        let datasets = self.digest.datasets();
        let mut out = format!(
            "<p class=lede>{} on {} ({}), {}",
            count(self.metas.len(), "solver"),
            count(datasets.len(), "dataset"),
            datasets
                .iter()
                .map(|d| format!("<code>{}</code>", escape(d)))
                .collect::<Vec<_>>()
                .join(", "),
            count(self.digest.rows(), "solve"),
        );
        if let Some(h) = self.digest.header() {
            let _ = write!(
                out,
                "; started {} on {} ({}).",
                escape(&h.started),
                escape(&h.machine.cpu),
                count(h.machine.cores, "logical core")
            );
            if let Some(env) = &h.environment {
                let _ = write!(out, " Conditions: {}.", escape(&conditions::describe(env)));
            }
        } else {
            out.push('.');
        }
        out.push_str(
            "</p>\n<p class=how>On each dataset the solvers are ranked by what they settled \
             (puzzles decided: solved or proved unsolvable; for stochastic solvers, runs \
             solved), then by median time per puzzle. A puzzle's time is the median of its \
             timed passes; the median time is over the puzzles a solver decided. Every chart \
             keys a solver the same way: colour for its family, marker and dash for the \
             member. <a href=\"#details\">Details</a> below.</p>\n",
        );
        out
    }

    /// A row's chart key: the solver's marker, before its name.
    fn key(&self, table: &Table, row: usize, column: usize) -> Option<String> {
        let (name, _) = table.columns.get(column)?;
        if name != "solver" {
            return None;
        }
        let id = &table.rows.get(row)?.get(column)?.text;
        Some(self.styles.get(id).swatch_svg())
    }

    fn figure(&self, chart: &ChartRef) -> String {
        format!(
            "<figure><img src=\"charts/{stem}.png\" alt=\"{caption}\" width=\"{w}\">\
             <figcaption>{caption} (<a href=\"charts/{stem}.svg\">SVG</a>)</figcaption></figure>\n",
            stem = chart.stem,
            caption = escape(&chart.caption),
            w = chart.width,
        )
    }

    fn overview(&self) -> String {
        let mut out = String::from("<h2 id=overview>Overview</h2>\n");
        for table in self.overview {
            let dataset = &table.title;
            let _ = writeln!(
                out,
                "<h3>Dataset <code>{}</code>: {}</h3>",
                escape(dataset),
                count(self.digest.puzzle_count(dataset), "puzzle")
            );
            out.push_str(&table.to_html_with("overview", &|r, c| self.key(table, r, c)));
            for chart in self.charts {
                if chart.place == Place::Dataset(dataset.clone()) {
                    out.push_str(&self.figure(chart));
                }
            }
        }
        for chart in self.charts.iter().filter(|c| c.place == Place::Overview) {
            out.push_str(&self.figure(chart));
        }
        out
    }

    /// The datasets that sweep the share of givens, by share (none: nothing).
    fn by_givens(&self) -> String {
        if self.by_givens.is_empty() {
            return String::new();
        }
        let mut out = format!(
            "<h2 id=givens>By share of givens</h2>\n<p class=how>{}</p>\n",
            escape(sudoku_report::summary::BY_GIVENS_EXPLAINED)
        );
        for table in self.by_givens {
            let _ = writeln!(
                out,
                "<h3>Dataset <code>{}</code></h3>\n<div class=scroll>{}</div>",
                escape(&table.title),
                table.to_html_with("", &|r, c| self.key(table, r, c))
            );
        }
        out
    }

    fn measures(&self) -> String {
        let mut out = format!(
            "<details><summary>Every measure, per dataset</summary>\n<p class=how>{}</p>\n",
            escape(sudoku_report::summary::MEASURES_EXPLAINED)
        );
        for table in self.measures {
            let _ = writeln!(
                out,
                "<h3>Dataset <code>{}</code></h3>\n<div class=scroll>{}</div>",
                escape(&table.title),
                table.to_html_with("", &|r, c| self.key(table, r, c))
            );
        }
        out.push_str("</details>\n");
        out
    }

    fn all_charts(&self) -> String {
        let details: Vec<&ChartRef> = self
            .charts
            .iter()
            .filter(|c| c.place == Place::Details)
            .collect();
        let mut out = format!(
            "<details><summary>More charts ({})</summary>\n",
            details.len()
        );
        for chart in details {
            out.push_str(&self.figure(chart));
        }
        out.push_str("</details>\n");
        out
    }

    fn solvers(&self) -> String {
        let mut table = Table::new(
            "solvers",
            &[
                ("solver", false),
                ("family", false),
                ("complete", false),
                ("counts solutions", false),
                ("stochastic", false),
                ("reports guesses", false),
                ("sizes", false),
                ("variants", false),
                ("what it does", false),
            ],
        );
        let yes = |b: bool| if b { "yes" } else { "no" };
        for m in self.metas {
            let sizes: Vec<String> = m.sizes.iter().map(|n| format!("{n}×{n}")).collect();
            table.push(vec![
                sudoku_report::table::Cell::marked(&m.id, sudoku_report::table::Mark::Strong),
                m.family.as_str().into(),
                yes(m.complete).into(),
                yes(m.counts_solutions).into(),
                yes(m.stochastic).into(),
                yes(m.reports_guesses).into(),
                sizes.join(" ").into(),
                m.variants.join(", ").into(),
                m.description.as_str().into(),
            ]);
        }
        format!(
            "<details><summary>Solvers: family and declared capabilities</summary>\n\
             <div class=scroll>{}</div></details>\n",
            table.to_html_with("", &|r, c| self.key(&table, r, c))
        )
    }

    fn run(&self) -> String {
        let mut out = String::from("<details><summary>The run: when, where and how</summary>\n");
        let Some(h) = self.digest.header() else {
            out.push_str("<p>The results file has no run header.</p></details>\n");
            return out;
        };
        let planned = h
            .planned_solves
            .map_or_else(|| "not recorded".to_string(), |n| n.to_string());
        let _ = write!(
            out,
            "<table class=meta>\n<tr><td>started</td><td>{}</td></tr>\n\
             <tr><td>tool</td><td>{}</td></tr>\n<tr><td>git commit</td><td>{}</td></tr>\n\
             <tr><td>machine</td><td>{}, {}, {}</td></tr>\n<tr><td>conditions</td><td>{}</td></tr>\n\
             <tr><td>jobs</td><td>{}</td></tr>\n\
             <tr><td>solves</td><td>{} made; at most {} planned</td></tr>\n\
             <tr><td>method</td><td>{}</td></tr>\n\
             <tr><td>options</td><td><code>{}</code></td></tr>\n</table>\n",
            escape(&h.started),
            escape(&h.tool),
            escape(h.git_commit.as_deref().unwrap_or("unknown")),
            escape(&h.machine.cpu),
            count(h.machine.cores, "logical core"),
            escape(&h.machine.os),
            escape(
                &h.environment
                    .as_ref()
                    .map_or_else(|| "not recorded".to_string(), conditions::describe)
            ),
            h.jobs,
            self.digest.rows(),
            planned,
            escape(&h.method),
            escape(&h.options.to_string()),
        );
        if !h.shards.is_empty() {
            out.push_str(
                "<p>This run was split with <code>bench --shard</code> and merged; its parts \
                 ran here:</p>\n<div class=scroll><table><tr><th>shard</th><th>host</th>\
                 <th>machine</th><th>started</th><th>git commit</th><th>conditions</th>\
                 <th>rows</th></tr>\n",
            );
            for shard in &h.shards {
                let _ = writeln!(
                    out,
                    "<tr><td>{}</td><td>{}</td><td>{}, {}, {}</td><td>{}</td>\
                     <td>{}</td><td>{}</td><td class=num>{}</td></tr>",
                    escape(&shard.shard),
                    escape(&shard.machine.host),
                    escape(&shard.machine.cpu),
                    count(shard.machine.cores, "logical core"),
                    escape(&shard.machine.os),
                    escape(&shard.started),
                    escape(shard.git_commit.as_deref().unwrap_or("unknown")),
                    escape(
                        &shard
                            .environment
                            .as_ref()
                            .map_or_else(|| "not recorded".to_string(), conditions::describe)
                    ),
                    shard.rows
                );
            }
            out.push_str("</table></div>\n");
        }
        out.push_str("</details>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_run::results::RunHeader;
    use sudoku_run::results::testing::header;

    /// The page of a run with `header` and no rows.
    fn page_of(header: RunHeader) -> String {
        let digest = Digest::new(Some(header));
        let styles = Styles::of(&[]);
        let page = Page {
            digest: &digest,
            metas: &[],
            styles: &styles,
            overview: &[],
            measures: &[],
            by_givens: &[],
            charts: &[],
        };
        page.html()
    }

    #[test]
    fn the_overview_warns_of_a_loaded_machine_and_only_then() {
        let loaded = page_of(header(6.25, 0.02, None));
        let warning = "<p class=warning>The load average was 6.25 at the end, above the \
                       machine's 4 logical cores";
        assert!(loaded.contains(warning), "{loaded}");
        assert!(loaded.contains("not pinned to a CPU"));
        let quiet = page_of(header(1.5, 0.02, Some(1)));
        assert!(!quiet.contains("class=warning"), "{quiet}");
        // The conditions are in the overview's description and the run's details.
        let lede = quiet.split("<h2 id=overview>").next().unwrap();
        assert!(
            lede.contains(
                " Conditions: load average 0.50 at the start, 1.50 at the end; other \
                           processes used 2 % of the CPU meanwhile"
            ),
            "{lede}"
        );
        assert!(lede.contains("; pinned to CPU 1.</p>"), "{lede}");
        assert!(quiet.contains("<tr><td>conditions</td><td>load average"));
    }

    #[test]
    fn the_overview_warns_of_a_shared_cpu() {
        let shared = page_of(header(1.0, 0.4, None));
        assert!(
            shared.contains("<p class=warning>Other processes used 40 % of the CPU"),
            "{shared}"
        );
    }
}
