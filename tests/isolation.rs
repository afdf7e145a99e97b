//! `bench` with the external engines in worker processes, two at a time, gives the rows an
//! in-process run gives: same statuses, solution counts and work counters.

mod common;

use std::path::Path;
use std::process::Command;

use sudoku_run::results::Status;

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

#[test]
fn isolated_parallel_engines_give_the_in_process_rows() {
    let scratch = tempfile::tempdir().unwrap();
    let isolated = scratch.path().join("isolated");
    let in_process = scratch.path().join("in-process");
    bench(&isolated, &["--isolate", "process", "--jobs", "2"]);
    bench(&in_process, &["--isolate", "off"]);
    let rows = common::decided(&isolated.join("results.csv"));
    assert_eq!(rows, common::decided(&in_process.join("results.csv")));
    assert!(rows.iter().all(|(_, status, ..)| *status == Status::Solved));
    assert!(rows.iter().any(|(key, ..)| key.solver == "ilp-cbc"));
}
