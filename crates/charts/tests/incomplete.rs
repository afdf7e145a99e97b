//! A report from the file of an interrupted run says so on the page and in every table of every
//! sink: `incomplete run: N of M solves`, M the most solves the run's header says it planned.

mod common;

use std::io::Write;
use std::path::Path;

/// Writes the first `kept` rows of the made-up run to `path`, its header planning them all.
fn cut_run(path: &Path, kept: usize) -> usize {
    let solvers = common::registry_metas();
    let rows = common::rows(&solvers);
    let header = common::header(&solvers, Some(rows.len() as u64));
    common::write(path, &header, &rows[..kept]);
    rows.len()
}

fn report(csv: &Path) -> std::path::PathBuf {
    let out = csv.parent().unwrap().join("report");
    let digest = sudoku_report::Digest::read(csv).unwrap();
    sudoku_charts::write_report(&digest, &out).unwrap();
    out
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn an_interrupted_run_is_marked_on_the_page_and_in_every_table() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join(sudoku_run::PARTIAL_FILE);
    let planned = cut_run(&csv, 150);
    // The interruption tore the last row: half a line, no newline.
    let mut file = std::fs::OpenOptions::new().append(true).open(&csv).unwrap();
    file.write_all(b"naive,backtracking,named,named-").unwrap();
    drop(file);
    let out = report(&csv);
    let mark = format!("incomplete run: 150 of {planned} solves");

    let index = read(&out, "index.html");
    let tables = index.matches("<table").count();
    let marks = index
        .matches(&format!("<p class=incomplete>{mark}"))
        .count();
    // The banner, then one before each overview and measures table (the solvers' and the run's
    // own tables are not figures of the run).
    assert_eq!(marks, 1 + 2 * 2, "{index}");
    assert!(tables >= 4, "{tables}");

    let markdown = read(&out, "summary.md");
    let headings = markdown.matches("### Dataset").count();
    assert_eq!(headings, 4, "overview and measures of two datasets");
    assert_eq!(markdown.matches(&mark).count(), 1 + headings, "{markdown}");

    assert!(read(&out, "summary.csv").starts_with(&format!("# {mark}\n")));
    let json: Vec<serde_json::Value> = serde_json::from_str(&read(&out, "summary.json")).unwrap();
    assert!(!json.is_empty());
    assert!(json.iter().all(|s| s["incomplete_run"] == mark.as_str()));
}

#[test]
fn a_finished_run_is_not_marked() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join(sudoku_run::RESULTS_FILE);
    let planned = cut_run(&csv, 150);
    assert!(planned > 150);
    let out = report(&csv);
    for name in ["index.html", "summary.md", "summary.csv", "summary.json"] {
        assert!(!read(&out, name).contains("incomplete run"), "{name}");
    }
}

#[test]
fn a_file_from_before_the_plan_was_recorded_says_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("old.partial.csv");
    let solvers = common::registry_metas();
    let rows = common::rows(&solvers);
    common::write(&csv, &common::header(&solvers, None), &rows[..1]);
    let index = read(&report(&csv), "index.html");
    assert!(
        index.contains("incomplete run: 1 solve (the plan's size was not recorded)"),
        "{index}"
    );
}
