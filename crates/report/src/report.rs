//! A run's report, worked out once, and the sinks it is sent to.
//!
//! What a report says is pure: from a [`Digest`] come the summaries, the overview and the
//! measures tables (and those by share of givens), and the text documents made of them
//! (`summary.md`, `summary.csv`, `summary.json`, `givens.csv`, `run.json`). How it is kept is a sink's business: a [`ReportSink`] is
//! handed each document, then the whole [`Report`] for whatever it draws from it. The folder
//! with charts and `index.html` is one sink (`sudoku_charts::ReportFolder`, where the drawing
//! lives); a `Vec<Document>` is another, keeping the text alone in memory. One report can go
//! to several sinks at once, and none of them works out a figure again.

use anyhow::Result;
use sudoku_run::results::{RunHeader, SolverMeta};

use crate::conditions;
use crate::digest::Digest;
use crate::rank;
use crate::summary::{self, Summary};
use crate::table::{Table, count};

/// Everything a report says about a run, worked out once for every sink.
pub struct Report<'a> {
    pub digest: &'a Digest,
    /// The solvers with rows, as [`Digest::metas`] lists them.
    pub metas: Vec<SolverMeta>,
    /// One line per dataset × solver.
    pub summaries: Vec<Summary>,
    /// Why every table is marked, when the run has not finished.
    pub note: Option<String>,
    /// Per dataset the solvers ranked, marked with the note.
    pub overview: Vec<Table>,
    /// Every measure, marked with the note.
    pub measures: Vec<Table>,
    /// The datasets that sweep the share of givens, by share, marked with the note.
    pub by_givens: Vec<Table>,
}

/// One text document of a report, named as a file of the report's folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub name: &'static str,
    pub text: String,
}

/// Where a report goes. A sink is handed the report's text documents one by one, then the
/// report itself for what it draws from it; what it keeps, and where, is its own choice.
pub trait ReportSink {
    /// Keeps one text document (called once for each, in [`Report::documents`] order).
    fn document(&mut self, document: &Document) -> Result<()>;

    /// Keeps what is drawn from the report (charts, a page): called once, after the
    /// documents. A sink of text alone keeps nothing here.
    fn figures(&mut self, _report: &Report<'_>) -> Result<()> {
        Ok(())
    }
}

/// The text alone, in memory.
impl ReportSink for Vec<Document> {
    fn document(&mut self, document: &Document) -> Result<()> {
        self.push(document.clone());
        Ok(())
    }
}

impl<'a> Report<'a> {
    /// The report of the run folded into `digest`.
    pub fn of(digest: &'a Digest) -> Report<'a> {
        let summaries = summary::summaries(digest);
        let note = digest.incomplete().map(|i| i.to_string());
        let noted = |mut tables: Vec<Table>| {
            for table in &mut tables {
                table.note = note.clone();
            }
            tables
        };
        let overview = noted(rank::overview_tables(&summaries));
        let measures = noted(summary::tables(&summaries));
        let by_givens = noted(summary::givens_tables(digest, &summaries));
        Report {
            digest,
            metas: digest.metas(),
            summaries,
            note,
            overview,
            measures,
            by_givens,
        }
    }

    /// `summary.md`, `summary.csv`, `summary.json`, `givens.csv` when a dataset sweeps the
    /// share of givens, and, when the run recorded its header, `run.json`.
    pub fn documents(&self) -> Result<Vec<Document>> {
        let marked: Vec<Summary> = self
            .summaries
            .iter()
            .map(|s| Summary {
                incomplete_run: self.note.clone(),
                ..s.clone()
            })
            .collect();
        let mut documents = vec![
            Document {
                name: "summary.md",
                text: summary_markdown(
                    self.digest.header(),
                    [&self.overview, &self.measures, &self.by_givens],
                    self.note.as_deref(),
                ),
            },
            Document {
                name: "summary.csv",
                text: summary::csv_of(&self.measures)?,
            },
            Document {
                name: "summary.json",
                text: serde_json::to_string_pretty(&marked)?,
            },
        ];
        if !self.by_givens.is_empty() {
            documents.push(Document {
                name: "givens.csv",
                text: summary::csv_of(&self.by_givens)?,
            });
        }
        if let Some(header) = self.digest.header() {
            documents.push(Document {
                name: "run.json",
                text: serde_json::to_string_pretty(header)?,
            });
        }
        Ok(documents)
    }

    /// Hands the report to every sink: all its documents, then the report for its figures.
    pub fn send(&self, sinks: &mut [&mut dyn ReportSink]) -> Result<()> {
        let documents = self.documents()?;
        for sink in sinks.iter_mut() {
            for document in &documents {
                sink.document(document)?;
            }
            sink.figures(self)?;
        }
        Ok(())
    }
}

/// summary.md: the run and its conditions (warnings first), the overview, every measure, then
/// the datasets that sweep the share of givens by share, each table marked when the run is
/// incomplete.
fn summary_markdown(
    header: Option<&RunHeader>,
    [overview, measures, by_givens]: [&[Table]; 3],
    note: Option<&str>,
) -> String {
    let mut out = String::from("# sudoku-bench summary\n\n");
    if let Some(note) = note {
        out.push_str(&format!("**{note}**\n\n"));
    }
    if let Some(h) = header {
        for warning in conditions::warnings(h) {
            out.push_str(&format!("**Warning: {warning}**\n\n"));
        }
        out.push_str(&format!(
            "Run started {} on {} ({}, host {}), commit {}.",
            h.started,
            h.machine.cpu,
            count(h.machine.cores, "logical core"),
            h.machine.host,
            h.git_commit.as_deref().unwrap_or("unknown")
        ));
        if let Some(env) = &h.environment {
            out.push_str(&format!(" Conditions: {}.", conditions::describe(env)));
        }
        out.push_str("\n\n");
    }
    out.push_str(
        "## Overview\n\nRanked by what each solver settled (puzzles decided; runs solved for \
         stochastic solvers), then by median time per puzzle.\n\n",
    );
    out.push_str(&summary::markdown_of(overview));
    out.push_str("## Every measure\n\n");
    out.push_str(summary::MEASURES_EXPLAINED);
    out.push_str("\n\n");
    out.push_str(&summary::markdown_of(measures));
    if !by_givens.is_empty() {
        out.push_str("## By share of givens\n\n");
        out.push_str(summary::BY_GIVENS_EXPLAINED);
        out.push_str("\n\n");
        out.push_str(&summary::markdown_of(by_givens));
    }
    out
}

#[cfg(test)]
mod tests {
    use sudoku_run::results::{Phase, Status};

    use super::*;
    use crate::conditions::tests::header;
    use crate::digest::tests::{meta, row};

    #[test]
    fn summary_md_describes_the_run_and_warns_of_a_shared_machine() {
        let shared = summary_markdown(Some(&header(1.0, 0.4, Some(0))), [&[], &[], &[]], None);
        assert!(
            shared.contains("**Warning: Other processes used 40 % of the CPU"),
            "{shared}"
        );
        assert!(
            shared.contains(
                "Run started 2026-01-01T00:00:00Z on Test CPU (4 logical cores, host \
                 bench-host), commit 0123456789ab. Conditions: load average 0.50 at the start"
            ),
            "{shared}"
        );
        assert!(shared.contains("; pinned to CPU 0.\n"), "{shared}");
        let quiet = summary_markdown(Some(&header(1.0, 0.01, None)), [&[], &[], &[]], None);
        assert!(!quiet.contains("Warning"), "{quiet}");
    }

    #[test]
    fn every_sink_gets_the_same_documents_and_an_unfinished_run_marks_them() {
        let mut digest = Digest::declaring(&[meta("a", false)]);
        digest.add(&row("a", "p", Phase::Warmup, Status::Solved, 5));
        digest.mark_partial();
        let report = Report::of(&digest);
        let (mut first, mut second): (Vec<Document>, Vec<Document>) = (Vec::new(), Vec::new());
        report.send(&mut [&mut first, &mut second]).unwrap();
        assert_eq!(first, second);
        let names: Vec<&str> = first.iter().map(|d| d.name).collect();
        assert_eq!(
            names,
            ["summary.md", "summary.csv", "summary.json"],
            "no run.json without a header"
        );
        let note = "incomplete run: 1 solve (the plan's size was not recorded)";
        assert!(first.iter().all(|d| d.text.contains(note)), "{first:?}");
    }
}
