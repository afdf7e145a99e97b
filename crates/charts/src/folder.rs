//! The report as a folder of files: the sink `bench` and `report` write to. Its documents
//! (`summary.md`, `summary.csv`, `summary.json`, `run.json`) as they come, its charts (PNG and
//! SVG, drawn in parallel) and `index.html` drawn from the report.
//!
//! Files are written into a temporary folder beside the output and then renamed into place one
//! by one, charts first so the page never points at missing pictures, so an error half-way
//! leaves the previous report's files whole.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rayon::prelude::*;
use sudoku_report::Digest;
use sudoku_report::report::{Document, Report, ReportSink};

use crate::chart::Styles;
use crate::page::{ChartRef, Page};
use crate::plan::plan_charts;

/// The page's file name, moved into place after the documents.
const PAGE: &str = "index.html";

/// A report folder being written: see the module documentation.
pub struct ReportFolder {
    out: PathBuf,
    staging: PathBuf,
    /// The charts' stems, in the order they were planned.
    charts: Vec<String>,
    /// The files staged beside the charts, in the order they came.
    files: Vec<&'static str>,
}

impl ReportFolder {
    /// Starts a report in `out` (made if missing); nothing there changes before [`finish`].
    ///
    /// [`finish`]: ReportFolder::finish
    pub fn create(out: &Path) -> Result<ReportFolder> {
        std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
        let staging = out.join(format!(".report-tmp-{}", std::process::id()));
        if staging.exists() {
            std::fs::remove_dir_all(&staging)?;
        }
        std::fs::create_dir_all(staging.join("charts"))?;
        Ok(ReportFolder {
            out: out.to_path_buf(),
            staging,
            charts: Vec::new(),
            files: Vec::new(),
        })
    }

    /// Moves every staged file into place, charts first; returns the files written.
    pub fn finish(self) -> Result<Vec<PathBuf>> {
        let (out, staging) = (&self.out, &self.staging);
        std::fs::create_dir_all(out.join("charts"))?;
        let mut written = Vec::new();
        for stem in &self.charts {
            for ext in ["png", "svg"] {
                let name = format!("{stem}.{ext}");
                let target = out.join("charts").join(&name);
                std::fs::rename(staging.join("charts").join(&name), &target)?;
                written.push(target);
            }
        }
        for name in &self.files {
            let target = out.join(name);
            std::fs::rename(staging.join(name), &target)?;
            written.push(target);
        }
        Ok(written)
    }
}

impl Drop for ReportFolder {
    /// The staging folder goes, whether the report was finished or failed half-way.
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.staging);
    }
}

impl ReportSink for ReportFolder {
    fn document(&mut self, document: &Document) -> Result<()> {
        std::fs::write(self.staging.join(document.name), &document.text)?;
        self.files.push(document.name);
        Ok(())
    }

    /// Every chart of the plan, then the page that shows them.
    fn figures(&mut self, report: &Report<'_>) -> Result<()> {
        let planned = plan_charts(report.digest, &report.metas, &report.summaries);
        let charts = self.staging.join("charts");
        planned
            .par_iter()
            .map(|p| {
                p.chart
                    .save(&charts.join(&p.stem))
                    .map(|_| ())
                    .with_context(|| format!("chart {}", p.stem))
            })
            .collect::<Vec<Result<()>>>()
            .into_iter()
            .collect::<Result<()>>()?;
        self.charts = planned.iter().map(|p| p.stem.clone()).collect();
        let chart_list: Vec<ChartRef> = planned
            .iter()
            .map(|p| ChartRef {
                stem: p.stem.clone(),
                caption: p.caption.clone(),
                place: p.place.clone(),
                width: p.chart.size().0,
            })
            .collect();
        let page = Page {
            digest: report.digest,
            metas: &report.metas,
            styles: &Styles::of(&report.metas),
            overview: &report.overview,
            measures: &report.measures,
            by_givens: &report.by_givens,
            charts: &chart_list,
        };
        std::fs::write(self.staging.join(PAGE), page.html())?;
        self.files.push(PAGE);
        Ok(())
    }
}

/// Writes the report of a run into `out` (index.html, summary.md/csv/json, run.json,
/// charts/): returns the files written.
pub fn write_report(digest: &Digest, out: &Path) -> Result<Vec<PathBuf>> {
    let mut folder = ReportFolder::create(out)?;
    Report::of(digest).send(&mut [&mut folder])?;
    folder.finish()
}
