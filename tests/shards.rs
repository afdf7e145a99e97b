//! A run split into 4 shards by `scripts/slurm-bench.sh` (Slurm's environment simulated), then
//! merged by `report`, has exactly the rows of the same run unsplit, and its report lists where
//! each shard ran.

mod common;

use std::process::Command;

use common::{SHARDED_RUN, assert_merge_equals_unsplit, bench_unsplit, shard_parts, succeeds};

#[test]
fn four_slurm_shards_merged_equal_the_unsplit_run() {
    let bin = env!("CARGO_BIN_EXE_sudoku-bench");
    let scratch = tempfile::tempdir().unwrap();
    let whole = scratch.path().join("whole");
    bench_unsplit(&whole);
    let root = scratch.path().join("runs");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/slurm-bench.sh");
    for index in 1..=4 {
        succeeds(
            Command::new("bash")
                .arg(script)
                .args(SHARDED_RUN)
                .env("SLURM_ARRAY_TASK_ID", index.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", "4")
                .env("SUDOKU_BENCH", bin)
                .env("SHARD_ROOT", &root),
        );
    }
    let parts = shard_parts(&root, 4);
    let merged = scratch.path().join("merged");
    let stderr = assert_merge_equals_unsplit(&parts, &whole, &merged);
    assert!(stderr.contains("shard 4/4"), "{stderr}");
    let page = std::fs::read_to_string(merged.join("index.html")).unwrap();
    let host = sudoku_run::machine::machine().host;
    assert!(page.contains("This run was split with <code>bench --shard</code>"));
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
