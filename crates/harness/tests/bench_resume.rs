//! A run interrupted part-way and resumed holds exactly the rows of an uninterrupted run, and
//! the report is rebuilt from the CSV alone.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use sudoku_harness::bench::{self, BenchArgs, Interrupted, PARTIAL_FILE, RESULTS_FILE};
use sudoku_harness::results::{self, RowKey};

/// A small dataset of quick boards (the named ones the naive solver settles in microseconds,
/// plus 4×4 and 6×6 boards), so the test runs fast in a debug build.
fn write_dataset(dir: &Path) -> String {
    let flower = sudoku_catalog::named_board("flower-number").unwrap().puzzle;
    let figure = sudoku_catalog::named_board("figure-8").unwrap().puzzle;
    let text = format!(
        "# test boards\n{flower}\n{figure}\n...43.....23....\n...41....2....4.\n\
         ...2..3...4...1..6....5..23....6...4\n"
    );
    let path = dir.join("quick.txt");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn args(dataset: &str, out: &Path) -> BenchArgs {
    BenchArgs {
        datasets: vec![dataset.to_string(), "named".into()],
        sample: Some(4),
        reps: 3,
        seed: 5,
        max_puzzle_seconds: 1e9,
        timeout: Some(0.05),
        out: out.to_path_buf(),
        no_report: true,
        ..BenchArgs::default()
    }
}

fn keys(path: &Path) -> (BTreeSet<RowKey>, usize) {
    let rows = results::read(path).unwrap().rows;
    let count = rows.len();
    (rows.iter().map(|r| r.key()).collect(), count)
}

#[test]
fn resume_after_an_interruption_gives_the_uninterrupted_rows() {
    let dir = tempfile::tempdir().unwrap();
    let dataset = write_dataset(dir.path());

    let whole = dir.path().join("whole");
    bench::run(&args(&dataset, &whole)).unwrap();
    let (expected, expected_count) = keys(&whole.join(RESULTS_FILE));
    assert_eq!(expected.len(), expected_count, "no row twice");
    assert!(expected_count > 12, "{expected_count}");

    let cut = dir.path().join("cut");
    let interrupted = BenchArgs {
        stop_after_rows: Some(7),
        ..args(&dataset, &cut)
    };
    let error = bench::run(&interrupted).unwrap_err();
    assert!(error.downcast_ref::<Interrupted>().is_some(), "{error:#}");
    let partial = cut.join(PARTIAL_FILE);
    assert!(!cut.join(RESULTS_FILE).exists());
    assert_eq!(keys(&partial).1, 7);
    // A row torn by the interruption: half a line, no newline.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&partial)
        .unwrap();
    file.write_all(b"naive,backtracking,quick.txt,line-")
        .unwrap();
    drop(file);

    // Resuming takes the recorded options: the command line's others do not matter.
    let resume = BenchArgs {
        resume: true,
        out: cut.clone(),
        reps: 1,
        ..BenchArgs::default()
    };
    bench::run(&resume).unwrap();
    let (got, count) = keys(&cut.join(RESULTS_FILE));
    assert_eq!(count, expected_count, "no row lost or doubled");
    assert_eq!(got, expected);
    assert!(!partial.exists());

    // The report regenerates from the CSV alone, into another folder.
    let report_dir = dir.path().join("report");
    sudoku_harness::report::run(&sudoku_harness::ReportArgs {
        results: cut.join(RESULTS_FILE),
        out: Some(report_dir.clone()),
    })
    .unwrap();
    let index = std::fs::read_to_string(report_dir.join("index.html")).unwrap();
    for stem in [
        "time-vs-clues",
        "iterations-vs-clues",
        "throughput",
        "stochastic",
    ] {
        assert!(index.contains(&format!("charts/{stem}.png")), "{stem}");
        for ext in ["png", "svg"] {
            let file = report_dir.join("charts").join(format!("{stem}.{ext}"));
            assert!(
                std::fs::metadata(&file).unwrap().len() > 300,
                "{}",
                file.display()
            );
        }
    }
    assert!(index.contains("<td><b>naive</b></td>"));
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report_dir.join("summary.json")).unwrap())
            .unwrap();
    assert_eq!(
        summary.as_array().unwrap().len(),
        2 * sudoku_registry::ids().len()
    );
    assert!(!std::fs::read_dir(&report_dir).unwrap().any(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(".report-tmp")
    }));
}

#[test]
fn resuming_nothing_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let resume = BenchArgs {
        resume: true,
        out: dir.path().to_path_buf(),
        ..BenchArgs::default()
    };
    assert!(bench::run(&resume).is_err());
}
