//! What the command-line tests share: running the binary, temporary files, and the failure
//! contract for bad input.
#![allow(dead_code)] // each test binary uses its own part

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub const FLOWER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

pub fn sudoku_bench(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    pipe.write_all(stdin.unwrap_or_default())
        .expect("stdin accepts the input");
    drop(pipe);
    child.wait_with_output().expect("the binary finishes")
}

/// A file in a fresh temporary directory, removed with it.
pub struct TempFile {
    pub dir: std::path::PathBuf,
    pub path: std::path::PathBuf,
}

impl TempFile {
    pub fn new(name: &str, contents: &[u8]) -> TempFile {
        let dir =
            std::env::temp_dir().join(format!("sudoku-bench-cli-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        TempFile { dir, path }
    }

    pub fn arg(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs `solve` on `input` (given on stdin) and checks the failure contract.
pub fn assert_rejected(input: &[u8], expected: &[&str]) {
    assert_rejected_args(&["solve"], Some(input), expected);
}

pub fn assert_rejected_args(args: &[&str], stdin: Option<&[u8]>, expected: &[&str]) {
    let output = sudoku_bench(args, stdin);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    for fragment in expected {
        assert!(stderr.contains(fragment), "{fragment:?} not in: {stderr}");
    }
}

/// A row's key with what its search decided: status, solutions and work counters.
pub type Decided = (
    sudoku_run::results::RowKey,
    sudoku_run::results::Status,
    u64,
    Vec<(String, u64)>,
);

/// What the rows of a results file decided, timings left out, in key order: what two runs of
/// the same solves must share however they were spread. A solve stopped by its deadline did as
/// much work as the clock allowed, so only its status and solutions are compared.
pub fn decided(csv: &std::path::Path) -> Vec<Decided> {
    let mut rows: Vec<Decided> = sudoku_run::results::read(csv)
        .unwrap()
        .rows
        .into_iter()
        .map(|row| {
            let timed_out = row.status == sudoku_run::results::Status::GaveUp("deadline".into());
            let work = row
                .counters
                .iter()
                .filter(|(name, _)| !sudoku_core::Counters::TIMINGS.contains(&name.as_str()))
                .filter(|_| !timed_out)
                .cloned()
                .collect();
            (row.key(), row.status, row.solutions, work)
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

/// The run the shard tests split: three solvers (one stochastic, two seeds) on two built-in
/// datasets, small enough for seconds yet with puzzles in every part of four.
pub const SHARDED_RUN: [&str; 14] = [
    "-s",
    "bitmask",
    "-s",
    "dlx",
    "-s",
    "tabu-tuned",
    "-d",
    "named",
    "-d",
    "9x9-easy",
    "--reps",
    "1",
    "--seeds",
    "2",
];

/// Runs `command`, fails the test with its stderr unless it succeeds, and returns that stderr.
pub fn succeeds(command: &mut Command) -> String {
    let output = command.output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{command:?}: {stderr}");
    stderr
}

/// [`SHARDED_RUN`] in one piece into `out`, without a report: what the merged parts must equal.
pub fn bench_unsplit(out: &std::path::Path) {
    succeeds(
        Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
            .arg("bench")
            .args(SHARDED_RUN)
            .args(["--no-report", "--out"])
            .arg(out),
    );
}

/// The results file of each of `count` shards under `root`, as `scripts/slurm-bench.sh` lays
/// them out.
pub fn shard_parts(root: &std::path::Path, count: usize) -> Vec<std::path::PathBuf> {
    (1..=count)
        .map(|i| root.join(format!("shard-{i}/results.csv")))
        .collect()
}

/// Merges `parts` into `merged` with `report` and checks the merge has exactly the rows of the
/// unsplit run in `whole`, every part holding some; returns `report`'s stderr.
pub fn assert_merge_equals_unsplit(
    parts: &[std::path::PathBuf],
    whole: &std::path::Path,
    merged: &std::path::Path,
) -> String {
    let part_rows: Vec<usize> = parts.iter().map(|p| decided(p).len()).collect();
    assert!(
        part_rows.iter().all(|&n| n > 0),
        "every shard has puzzles: {part_rows:?}"
    );
    let stderr = succeeds(
        Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
            .arg("report")
            .args(parts)
            .arg("--out")
            .arg(merged),
    );
    assert_eq!(
        decided(&merged.join("results.csv")),
        decided(&whole.join("results.csv"))
    );
    stderr
}
