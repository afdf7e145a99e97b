//! A `bench` run killed part-way (SIGKILL, no chance to tidy up) and continued with `--resume`
//! ends with exactly the rows of an uninterrupted run: none lost, none doubled.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_run::results::{self, RowKey};

const RUN: &[&str] = &[
    "bench",
    "--solver",
    "naive",
    "--solver",
    "candidates",
    "--dataset",
    "named",
    "--reps",
    "2",
    "--no-report",
];

fn bench(out: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"));
    command
        .args(RUN)
        .args(extra)
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

fn data_rows(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|text| {
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .count()
                .saturating_sub(1)
        })
        .unwrap_or(0)
}

fn sorted_keys(path: &Path) -> Vec<RowKey> {
    let results = results::read(path).expect("a complete results file");
    let mut keys: Vec<RowKey> = results.rows.iter().map(|row| row.key()).collect();
    keys.sort();
    keys
}

#[test]
fn a_killed_run_resumes_to_the_same_rows() {
    let scratch = tempfile::tempdir().unwrap();
    let whole = scratch.path().join("whole");
    let killed = scratch.path().join("killed");

    assert!(bench(&whole, &[]).status().unwrap().success());

    let mut child = bench(&killed, &[]).spawn().unwrap();
    let partial = killed.join("results.partial.csv");
    let started = Instant::now();
    while data_rows(&partial) < 4 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it could be killed"
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no rows appeared"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !killed.join("results.csv").exists(),
        "killed before completion"
    );
    let before = data_rows(&partial);

    let resumed = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["bench", "--resume", "--no-report", "--out"])
        .arg(&killed)
        .output()
        .unwrap();
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );

    let expected = sorted_keys(&whole.join("results.csv"));
    let got = sorted_keys(&killed.join("results.csv"));
    assert!(got.len() > before, "the resumed run added rows");
    assert_eq!(got, expected);
}
