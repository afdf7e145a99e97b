//! Runs are never lost or mixed: `bench --out` refuses a folder holding a run unless told to
//! resume or replace it; Ctrl-C keeps every row written and says how to continue; `generate
//! --out` refuses a path it cannot write before any work.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_rejected_args, sudoku_bench};

const QUICK: &[&str] = &[
    "bench",
    "-s",
    "bitmask",
    "-d",
    "9x9-easy",
    "--reps",
    "1",
    "--no-report",
];

fn bench_into(out: &Path, extra: &[&str]) -> std::process::Output {
    let out = out.to_str().unwrap();
    sudoku_bench(&[QUICK, extra, &["--out", out]].concat(), None)
}

/// Every file under `folder` with its bytes, sorted by path.
fn snapshot(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(snapshot(&path));
        } else {
            files.push((path.display().to_string(), std::fs::read(&path).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn a_folder_holding_a_run_is_refused_unless_resumed_or_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    assert!(bench_into(&out, &[]).status.success());
    let stale = out.join("summary.md");
    std::fs::write(&stale, "from an earlier run").unwrap();
    let before = snapshot(&out);

    let refused = bench_into(&out, &["--seeds", "2"]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("already holds a run"), "{stderr}");
    assert!(
        stderr.contains("--resume") && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(snapshot(&out), before, "nothing changed");

    let forced = bench_into(&out, &["--force"]);
    assert!(
        forced.status.success(),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    assert!(!stale.exists(), "--force clears the earlier run's files");
    assert!(out.join("results.csv").exists());

    // The argument parser's own refusal: its usage lines follow the error, as cargo's do.
    let both = bench_into(&out, &["--resume", "--force"]);
    let stderr = String::from_utf8_lossy(&both.stderr);
    assert_eq!(both.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: the argument '--resume' cannot be used with '--force'"),
        "{stderr}"
    );
    assert!(out.join("results.csv").exists(), "nothing changed");
}

#[test]
#[cfg(unix)]
fn ctrl_c_keeps_the_rows_written_says_how_to_resume_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let partial = out.join("results.partial.csv");
    // Slow enough to interrupt: naive on the named boards, several passes each.
    let child = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args([
            "bench",
            "-s",
            "naive",
            "-d",
            "named",
            "--reps",
            "3",
            "--no-report",
        ])
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let rows = || {
        std::fs::read_to_string(&partial).map_or(0, |text| {
            text.lines()
                .filter(|line| !line.starts_with('#'))
                .count()
                .saturating_sub(1)
        })
    };
    while rows() < 2 {
        assert!(started.elapsed() < Duration::from_secs(60), "no rows");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: sending a signal to a child this test started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("kept in"), "{stderr}");
    assert!(stderr.contains("--resume"), "{stderr}");
    let kept = sudoku_run::results::read(&partial).unwrap().rows;
    assert!(!kept.is_empty());
    assert!(
        kept.iter()
            .all(|row| row.status != sudoku_run::Status::Crashed),
        "no row of a cut-short solve"
    );
    let resumed = sudoku_bench(
        &[
            "bench",
            "--resume",
            "--no-report",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert!(out.join("results.csv").exists());
}

#[test]
fn generate_refuses_an_output_it_cannot_write_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    let started = Instant::now();
    assert_rejected_args(
        &["generate", "--count", "50", "--out", folder],
        None,
        &["a folder"],
    );
    let missing = dir.path().join("no/such/file.txt");
    assert_rejected_args(
        &[
            "generate",
            "--count",
            "50",
            "--out",
            missing.to_str().unwrap(),
        ],
        None,
        &["does not exist"],
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "before any work"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing left"
    );
}
