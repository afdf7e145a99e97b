//! A run split into 4 shards by `scripts/slurm-bench.sh` (Slurm's environment simulated), then
//! merged by `report`, has exactly the rows of the same run unsplit, and its report lists where
//! each shard ran.

mod common;

use std::process::Command;

use common::decided;

const RUN: [&str; 12] = [
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
];

fn succeeds(command: &mut Command) -> String {
    let output = command.output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{command:?}: {stderr}");
    stderr
}

#[test]
fn four_slurm_shards_merged_equal_the_unsplit_run() {
    let bin = env!("CARGO_BIN_EXE_sudoku-bench");
    let scratch = tempfile::tempdir().unwrap();
    let whole = scratch.path().join("whole");
    succeeds(
        Command::new(bin)
            .arg("bench")
            .args(RUN)
            .args(["--seeds", "2", "--no-report", "--out"])
            .arg(&whole),
    );
    let root = scratch.path().join("runs");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm-bench.sh");
    for index in 1..=4 {
        succeeds(
            Command::new("bash")
                .arg(script)
                .args(RUN)
                .args(["--seeds", "2"])
                .env("SLURM_ARRAY_TASK_ID", index.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", "4")
                .env("SUDOKU_BENCH", bin)
                .env("SHARD_ROOT", &root),
        );
    }
    let parts: Vec<_> = (1..=4)
        .map(|i| root.join(format!("shard-{i}/results.csv")))
        .collect();
    let part_rows: Vec<usize> = parts.iter().map(|p| decided(p).len()).collect();
    assert!(
        part_rows.iter().all(|&n| n > 0),
        "every shard has puzzles: {part_rows:?}"
    );
    let merged = scratch.path().join("merged");
    let stderr = succeeds(
        Command::new(bin)
            .arg("report")
            .args(&parts)
            .arg("--out")
            .arg(&merged),
    );
    assert_eq!(
        decided(&merged.join("results.csv")),
        decided(&whole.join("results.csv"))
    );
    assert!(stderr.contains("shard 4/4"), "{stderr}");
    let page = std::fs::read_to_string(merged.join("index.html")).unwrap();
    let host = sudoku_run::machine::machine().host;
    assert!(page.contains("<h2>Shards</h2>"));
    assert_eq!(
        page.matches(&format!("<td>{host}</td>")).count(),
        4,
        "each shard's host"
    );

    // A part missing, or given twice, is refused.
    let output = Command::new(bin)
        .arg("report")
        .args(&parts[..3])
        .arg("--out")
        .arg(scratch.path().join("partial"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("shard 4/4 is missing"));
    let output = Command::new(bin)
        .arg("report")
        .args([&parts[0], &parts[0]])
        .arg("--out")
        .arg(scratch.path().join("twice"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&output.stderr).contains("given twice"));
}
