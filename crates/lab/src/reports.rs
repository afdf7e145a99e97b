//! Report results for the page's charts: the `results.csv` files under the lab's reports
//! folder, and one file's timed rows, sampled evenly when there are too many to draw.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use anyhow::{Result, bail};
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sudoku_run::results::{Phase, Row, RowReader, Status};
use sudoku_run::{PARTIAL_FILE, RESULTS_FILE};

use crate::{Lab, Params, answer};

/// Rows sent at most: enough points for any chart, few enough for a page to draw at once.
pub const MAX_ROWS: usize = 20_000;
/// Folders searched below the reports folder.
const DEPTH: usize = 4;

#[derive(Serialize)]
struct Found {
    root: String,
    reports: Vec<ReportFile>,
}

#[derive(Serialize)]
struct ReportFile {
    /// The folder, relative to the reports folder (`.` for the folder itself).
    path: String,
    file: &'static str,
}

pub async fn list(State(lab): State<Arc<Lab>>) -> Response {
    let root = lab.reports.clone();
    answer(move || {
        Ok(Found {
            root: root.display().to_string(),
            reports: find(&root),
        })
    })
    .await
}

/// The folders holding a results file (a finished run's, else an interrupted one's), sorted.
fn find(root: &Path) -> Vec<ReportFile> {
    let mut found = Vec::new();
    let mut folders = vec![(root.to_path_buf(), 0)];
    while let Some((folder, depth)) = folders.pop() {
        if let Some(file) = results_file(&folder) {
            let relative = folder.strip_prefix(root).unwrap_or(&folder);
            let path = relative.display().to_string();
            found.push(ReportFile {
                path: if path.is_empty() { ".".into() } else { path },
                file,
            });
        }
        if depth == DEPTH {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                folders.push((entry.path(), depth + 1));
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

fn results_file(folder: &Path) -> Option<&'static str> {
    [RESULTS_FILE, PARTIAL_FILE]
        .into_iter()
        .find(|name| folder.join(name).is_file())
}

#[derive(Deserialize)]
pub struct Which {
    path: String,
}

#[derive(Serialize)]
struct Loaded {
    path: String,
    solvers: Vec<SolverName>,
    datasets: Vec<String>,
    rows: Vec<Point>,
    /// Timed rows in the file.
    total: usize,
    /// Rows sent.
    shown: usize,
    note: Option<String>,
}

#[derive(Serialize, PartialEq)]
struct SolverName {
    id: String,
    family: String,
}

#[derive(Serialize)]
struct Point {
    solver: String,
    family: String,
    dataset: String,
    puzzle: String,
    size: usize,
    status: Status,
    time_us: f64,
    seed: u64,
    rep: u32,
}

pub async fn report(State(lab): State<Arc<Lab>>, Params(which): Params<Which>) -> Response {
    let root = lab.reports.clone();
    answer(move || load(&root, &which.path).map_err(|error| format!("{error:#}"))).await
}

/// The folder `path` names below `root`, refusing any path that would leave it.
fn folder_below(root: &Path, path: &str) -> Result<PathBuf> {
    let relative = Path::new(path);
    if relative
        .components()
        .any(|part| !matches!(part, Component::Normal(_) | Component::CurDir))
    {
        bail!("report {path:?}: give a folder below the reports folder, as the list names it");
    }
    Ok(root.join(relative))
}

fn load(root: &Path, path: &str) -> Result<Loaded> {
    let folder = folder_below(root, path)?;
    let Some(name) = results_file(&folder) else {
        bail!("report {path:?}: no {RESULTS_FILE} in {}", folder.display());
    };
    let file = folder.join(name);
    // Two passes, so that a file of millions of rows is sampled without being held.
    let mut total = 0_usize;
    for_each_timed_row(&file, |_| total += 1)?;
    let stride = total.div_ceil(MAX_ROWS).max(1);
    let mut solvers: Vec<SolverName> = Vec::new();
    let mut datasets: Vec<String> = Vec::new();
    let mut rows = Vec::new();
    let mut index = 0;
    for_each_timed_row(&file, |row| {
        index += 1;
        if (index - 1) % stride != 0 {
            return;
        }
        let solver = SolverName {
            id: row.solver.clone(),
            family: row.family.clone(),
        };
        if !solvers.contains(&solver) {
            solvers.push(solver);
        }
        if !datasets.contains(&row.dataset) {
            datasets.push(row.dataset.clone());
        }
        rows.push(Point {
            time_us: row.time_us(),
            status: row.status,
            solver: row.solver,
            family: row.family,
            dataset: row.dataset,
            puzzle: row.puzzle,
            size: row.size,
            seed: row.seed,
            rep: row.rep,
        });
    })?;
    let shown = rows.len();
    Ok(Loaded {
        path: path.to_string(),
        solvers,
        datasets,
        rows,
        total,
        shown,
        note: (stride > 1).then(|| {
            format!("{shown} of the {total} timed rows are shown: every {stride}th, evenly over the file")
        }),
    })
}

/// Hands `visit` each timed row of a results file in order, a row at a time; an interrupted
/// run's torn last line is left out, any other bad line is an error naming the file and line.
fn for_each_timed_row(file: &Path, mut visit: impl FnMut(Row)) -> Result<()> {
    let partial = file.ends_with(PARTIAL_FILE);
    let mut rows = RowReader::open(file)?.peekable();
    while let Some(row) = rows.next() {
        match row {
            Ok(row) if row.phase == Phase::Timed => visit(row),
            Ok(_) => {}
            Err(_) if partial && rows.peek().is_none() => break,
            Err(error) => return Err(error.context(file.display().to_string())),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_leaves_the_reports_folder_is_refused() {
        let root = Path::new("/tmp/reports");
        assert!(folder_below(root, "figures/main").is_ok());
        assert!(folder_below(root, ".").is_ok());
        for bad in ["../secrets", "/etc", "figures/../../x"] {
            let message = folder_below(root, bad).unwrap_err().to_string();
            assert!(
                message.contains("below the reports folder"),
                "{bad}: {message}"
            );
        }
    }
}
