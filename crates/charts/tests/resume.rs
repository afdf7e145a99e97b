//! A run interrupted part-way and resumed holds exactly the rows of an uninterrupted run, and
//! the report is rebuilt from the CSV alone.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use sudoku_run::results::{self, RowKey};
use sudoku_run::{Interrupted, Observer, PARTIAL_FILE, RESULTS_FILE, Row, RunOptions};

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

fn options(dataset: &str) -> RunOptions {
    RunOptions {
        datasets: vec![dataset.to_string(), "named".into()],
        sample: Some(4),
        reps: 3,
        seed: 5,
        max_puzzle_seconds: 1e9,
        // Puzzles that take more work than this give up, the same way in every run. The genetic
        // solver reaches it on most boards, at about 40 µs a generation on the 6×6 ones.
        max_iterations: Some(2_000),
        ..RunOptions::default()
    }
}

/// Interrupts a run after `0` rows, as a kill would.
struct StopAfter(usize);

impl Observer for StopAfter {
    fn row(&mut self, _: &Row) -> anyhow::Result<()> {
        self.0 -= 1;
        if self.0 == 0 {
            anyhow::bail!(Interrupted);
        }
        Ok(())
    }
}

fn run(
    out: &Path,
    options: &RunOptions,
    resume: bool,
    observer: &mut dyn Observer,
) -> anyhow::Result<()> {
    let earlier = if resume {
        sudoku_run::EarlierRun::Resume
    } else {
        sudoku_run::EarlierRun::Refuse
    };
    sudoku_run::run_in(out, sudoku_registry::registry(), options, earlier, observer).map(|_| ())
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
    run(&whole, &options(&dataset), false, &mut ()).unwrap();
    let (expected, expected_count) = keys(&whole.join(RESULTS_FILE));
    assert_eq!(expected.len(), expected_count, "no row twice");
    assert!(expected_count > 12, "{expected_count}");

    let cut = dir.path().join("cut");
    let error = run(&cut, &options(&dataset), false, &mut StopAfter(7)).unwrap_err();
    assert!(error.downcast_ref::<Interrupted>().is_some(), "{error:#}");
    let partial = cut.join(PARTIAL_FILE);
    assert!(!cut.join(RESULTS_FILE).exists());
    assert_eq!(keys(&partial).1, 7);
    // The header records the plan, and a report of the cut file says how far it got.
    let planned = results::read_header(&partial)
        .unwrap()
        .unwrap()
        .planned_solves
        .expect("the run records its plan");
    assert!(
        planned >= expected_count as u64,
        "{planned} < {expected_count}"
    );
    let cut_report = dir.path().join("cut-report");
    let digest = sudoku_report::Digest::read(&partial).unwrap();
    sudoku_charts::write_report(&digest, &cut_report).unwrap();
    let index = std::fs::read_to_string(cut_report.join("index.html")).unwrap();
    let said = format!(
        "incomplete run: 7 of {} solves",
        sudoku_core::thousands(planned)
    );
    assert!(index.contains(&said), "{said}");
    // A row torn by the interruption: half a line, no newline.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&partial)
        .unwrap();
    file.write_all(b"naive,backtracking,quick.txt,line-")
        .unwrap();
    drop(file);

    // Resuming takes the recorded options: the ones passed do not matter.
    let other = RunOptions {
        reps: 1,
        ..RunOptions::default()
    };
    run(&cut, &other, true, &mut ()).unwrap();
    let (got, count) = keys(&cut.join(RESULTS_FILE));
    assert_eq!(count, expected_count, "no row lost or doubled");
    assert_eq!(got, expected);
    assert!(!partial.exists());
    // Each finished run records its end; the resumed one says its figures are its last session's.
    let end_of = |path: &Path| {
        let header = results::read(path).unwrap().header.unwrap();
        header
            .environment
            .unwrap()
            .end
            .expect("a finished run records its end")
    };
    assert!(!end_of(&whole.join(RESULTS_FILE)).resumed);
    assert!(end_of(&cut.join(RESULTS_FILE)).resumed);

    // The report regenerates from the CSV alone, into another folder.
    let report_dir = dir.path().join("report");
    let digest = sudoku_report::Digest::read(&cut.join(RESULTS_FILE)).unwrap();
    sudoku_charts::write_report(&digest, &report_dir).unwrap();
    let index = std::fs::read_to_string(report_dir.join("index.html")).unwrap();
    assert!(
        !index.contains("incomplete run"),
        "the resumed run is whole"
    );
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
    assert!(index.contains("naive</b></td>"));
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
    assert!(run(dir.path(), &RunOptions::default(), true, &mut ()).is_err());
}
