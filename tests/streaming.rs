//! Files too large to read whole are read a line at a time, by `solve --file` and by `bench`,
//! with the answers and rows the whole-file path gives, and their errors still found before
//! any output.

mod common;

use std::process::Command;

use common::{FLOWER, TempFile, assert_rejected_args, decided, sudoku_bench};
use sudoku_catalog::READ_WHOLE_BYTES;

const FLOWER_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `name`: more lines of the flower board than the whole-file reader takes, then `last`. Each
/// test names its own (a file's folder goes with it, and tests run at once).
fn large_file(name: &str, last: &str) -> TempFile {
    let lines = READ_WHOLE_BYTES as usize / (FLOWER.len() + 1) + 100;
    let text = format!("# many\n{}{last}\n", format!("{FLOWER}\n").repeat(lines));
    TempFile::new(name, text.as_bytes())
}

#[test]
fn solve_reads_a_large_file_a_line_at_a_time() {
    let file = large_file("large.txt", FLOWER);
    let output = sudoku_bench(&["solve", "--file", file.arg(), "--format", "line"], None);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let expected = READ_WHOLE_BYTES as usize / (FLOWER.len() + 1) + 101;
    assert_eq!(stdout.lines().count(), expected);
    assert!(stdout.lines().all(|line| line == FLOWER_SOLUTION));
}

#[test]
fn a_bad_last_line_of_a_large_file_stops_it_before_any_answer() {
    let file = large_file("bad-last-line.txt", &FLOWER.replacen('3', "x", 1));
    let line = READ_WHOLE_BYTES as usize / (FLOWER.len() + 1) + 102;
    assert_rejected_args(
        &["solve", "--file", file.arg()],
        None,
        &[
            &format!("bad-last-line.txt: line {line}, column 2"),
            "bad character 'x'",
        ],
    );
    let out = tempfile::tempdir().unwrap();
    let folder = out.path().join("run");
    assert_rejected_args(
        &[
            "bench",
            "-s",
            "bitmask",
            "-d",
            file.arg(),
            "--out",
            folder.to_str().unwrap(),
        ],
        None,
        &[&format!("bad-last-line.txt: line {line}, column 2")],
    );
    assert!(!folder.exists(), "a refused run leaves no folder");
}

#[test]
fn bench_in_parts_gives_the_rows_of_a_whole_run() {
    let text = std::fs::read_to_string(sudoku_catalog_dir().join("conformance.txt")).unwrap();
    let solvable: String = text
        .lines()
        .filter_map(|line| line.split_once(':'))
        .filter(|(puzzle, count)| [16, 81].contains(&puzzle.len()) && !count.starts_with('0'))
        .map(|(puzzle, count)| format!("{puzzle}:{count}"))
        .map(|line| line + "\n")
        .collect();
    let file = TempFile::new("corpus.txt", solvable.as_bytes());
    let scratch = tempfile::tempdir().unwrap();
    let run = |chunk: &str| {
        let out = scratch.path().join(chunk);
        let status = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
            .args(["bench", "-s", "dlx", "-s", "tabu-tuned", "-d", file.arg()])
            .args([
                "--sample", "12", "--reps", "1", "--seeds", "2", "--chunk", chunk,
            ])
            // A work cap, not the clock, stops the stochastic solver: the same rows each run.
            .args(["--max-iterations", "200000", "--timeout", "60"])
            .args(["--isolate", "off", "--no-report", "--out"])
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
        decided(&out.join("results.csv"))
    };
    let whole = run("1000");
    assert_eq!(
        whole.len(),
        12 * 2 + 12 * 2,
        "dlx warm-up and pass, tabu-tuned 2 seeds"
    );
    assert_eq!(run("3"), whole);
}

fn sudoku_catalog_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets")
}
