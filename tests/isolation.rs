//! `bench` with the external engines in worker processes, two at a time, gives the rows an
//! in-process run gives: same statuses, solution counts and work counters.

use std::path::Path;
use std::process::Command;

use sudoku_core::Counters;
use sudoku_run::results::{self, RowKey, Status};

fn bench(out: &Path, extra: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args([
            "bench",
            "--solver",
            "ilp-cbc",
            "--solver",
            "ilp-highs-presolve",
        ])
        .args([
            "--solver",
            "sat",
            "--solver",
            "dlx",
            "--reps",
            "1",
            "--no-report",
        ])
        .args(extra)
        .arg("--out")
        .arg(out)
        .status()
        .expect("the binary runs");
    assert!(status.success());
}

/// A row's key with what its search decided: status, solutions and work counters.
type Decided = (RowKey, Status, u64, Vec<(String, u64)>);

fn decided(out: &Path) -> Vec<Decided> {
    let rows = results::read(&out.join("results.csv")).unwrap().rows;
    let mut decided: Vec<_> = rows
        .into_iter()
        .map(|row| {
            let work = row
                .counters
                .iter()
                .filter(|(name, _)| !Counters::TIMINGS.contains(&name.as_str()))
                .cloned()
                .collect();
            (row.key(), row.status, row.solutions, work)
        })
        .collect();
    decided.sort_by(|a, b| a.0.cmp(&b.0));
    decided
}

#[test]
fn isolated_parallel_engines_give_the_in_process_rows() {
    let scratch = tempfile::tempdir().unwrap();
    let isolated = scratch.path().join("isolated");
    let in_process = scratch.path().join("in-process");
    bench(&isolated, &["--isolate", "process", "--jobs", "2"]);
    bench(&in_process, &["--isolate", "off"]);
    let rows = decided(&isolated);
    assert_eq!(rows, decided(&in_process));
    assert!(rows.iter().all(|(_, status, ..)| *status == Status::Solved));
    assert!(rows.iter().any(|(key, ..)| key.solver == "ilp-cbc"));
}
