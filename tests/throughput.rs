//! `sudoku-bench throughput` as a user runs it: the table and the JSON rows, every answer
//! checked before timing, and clear errors for what it cannot do.

mod common;

use common::{FLOWER, TempFile, assert_rejected_args, sudoku_bench};

/// Two puzzles with one solution (the thesis's board, a classic hard one) and one with several
/// (the first of the project's multi-solution set, each of which has at least two).
/// Written under `name`: tests run at once, and each removes its own file's folder.
fn puzzles(name: &str) -> TempFile {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let multi = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/multi-solution.txt"),
    )
    .unwrap();
    let several = multi.lines().find(|l| !l.starts_with('#')).unwrap();
    TempFile::new(name, format!("{FLOWER}\n{hard}\n{several}\n").as_bytes())
}

#[test]
fn a_table_row_for_each_solver_with_its_rate() {
    let file = puzzles("throughput-1.txt");
    let output = sudoku_bench(
        &[
            "throughput",
            file.arg(),
            "-s",
            "bitmask",
            "-s",
            "dlx",
            "--seconds",
            "0.05",
        ],
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    assert!(
        rows[0].starts_with("file") && rows[0].contains("puzzles/s"),
        "{stdout}"
    );
    assert!(stderr.contains("a second solution sought"), "{stderr}");
    for (row, solver) in rows[1..].iter().zip(["bitmask", "dlx"]) {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(fields[1], solver, "{row}");
        assert_eq!(fields[3], "3", "three puzzles: {row}");
        let passes: u32 = fields[4].parse().unwrap();
        assert!(passes >= 1, "{row}");
        let rate: f64 = fields[5].replace(',', "").parse().unwrap();
        assert!(rate > 0.0, "{row}");
    }
    // bitmask reports which compiled copy ran; dlx is built one way.
    let path = rows[1].split_whitespace().nth(2).unwrap();
    assert!(["scalar", "avx2", "avx512"].contains(&path), "{}", rows[1]);
    assert_eq!(rows[2].split_whitespace().nth(2), Some("-"));
}

#[test]
fn json_rows_count_the_solutions_the_puzzles_have() {
    let file = puzzles("throughput-2.txt");
    let output = sudoku_bench(
        &[
            "throughput",
            file.arg(),
            "--seconds",
            "0.05",
            "--format",
            "json",
            "-q",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let row: serde_json::Value =
        serde_json::from_slice(output.stdout.trim_ascii()).expect("one JSON object");
    assert_eq!(row["solver"], "bitmask");
    assert_eq!(row["puzzles"], 3);
    // One solution each for the first two; the third stops at the second it finds.
    assert_eq!(row["solutions_per_pass"], 1 + 1 + 2);
    assert!(row["puzzles_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn csv_has_a_header_and_a_row_a_solver_and_line_the_rate_alone() {
    let file = puzzles("throughput-3.txt");
    let args = [
        "throughput",
        file.arg(),
        "--seconds",
        "0.02",
        "-q",
        "-s",
        "bitmask",
        "-s",
        "dlx",
    ];
    let output = sudoku_bench(&[&args[..], &["--format", "csv"]].concat(), None);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let rows: Vec<Vec<&str>> = stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    assert_eq!(rows[0][..3], ["file", "solver", "path"]);
    assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{stdout}");
    assert_eq!((rows[1][1], rows[2][1], rows[2][2]), ("bitmask", "dlx", ""));
    let output = sudoku_bench(&[&args[..], &["--format", "line"]].concat(), None);
    let rates: Vec<f64> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| l.parse().expect("a bare number"))
        .collect();
    assert!(
        rates.len() == 2 && rates.iter().all(|&r| r > 0.0),
        "{rates:?}"
    );
}

#[test]
fn each_code_path_of_this_processor_runs_and_is_reported() {
    let file = puzzles("throughput-4.txt");
    let run = |path: Option<&str>| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-bench"));
        command.args([
            "throughput",
            file.arg(),
            "--seconds",
            "0.02",
            "--format",
            "json",
            "-q",
        ]);
        match path {
            Some(path) => command.env("SUDOKU_BITMASK_PATH", path),
            None => command.env_remove("SUDOKU_BITMASK_PATH"),
        };
        command.output().unwrap()
    };
    // Each path either runs and is reported, or is refused as one this processor lacks.
    let mut ran = Vec::new();
    for path in ["scalar", "avx2", "avx512"] {
        let output = run(Some(path));
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.code() == Some(2) {
            assert!(stderr.contains("lacks"), "{path}: {stderr}");
            continue;
        }
        assert_eq!(output.status.code(), Some(0), "{path}: {stderr}");
        let row: serde_json::Value = serde_json::from_slice(output.stdout.trim_ascii()).unwrap();
        assert_eq!(row["path"], path);
        ran.push(path);
    }
    // Every x86-64 processor runs the scalar copy; by default, the fastest one it runs.
    assert_eq!(ran.first(), Some(&"scalar"));
    let output = run(None);
    let row: serde_json::Value = serde_json::from_slice(output.stdout.trim_ascii()).unwrap();
    assert_eq!(row["path"], *ran.last().unwrap());
}

#[test]
fn what_it_cannot_do_is_a_clear_error() {
    let file = puzzles("throughput-5.txt");
    assert_rejected_args(
        &["throughput", file.arg(), "--seconds", "0"],
        None,
        &["--seconds 0"],
    );
    assert_rejected_args(
        &["throughput", file.arg(), "-s", "nope"],
        None,
        &["unknown solver"],
    );
    assert_rejected_args(
        &["throughput", file.arg(), "-s", "annealing"],
        None,
        &["--solver annealing", "complete"],
    );
    let output = sudoku_bench(&["throughput", file.arg(), "--max-solutions", "3"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--max-solutions"));
    assert_rejected_args(
        &["throughput", "no-such-file.txt"],
        None,
        &["no-such-file.txt"],
    );
    let empty = TempFile::new("empty.txt", b"# nothing\n");
    assert_rejected_args(&["throughput", empty.arg()], None, &["no puzzle found"]);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["throughput", file.arg()])
        .env("SUDOKU_BITMASK_PATH", "sse9")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("SUDOKU_BITMASK_PATH") && stderr.contains("\"sse9\""),
        "{stderr}"
    );
}

#[test]
fn a_puzzle_without_a_solution_is_checked_not_timed_blindly() {
    // Clues that do not conflict but leave no solution: r1c9 misses only 9, which r4c9 holds.
    let stuck = format!("12345678.{}9{}", ".".repeat(26), ".".repeat(45));
    assert_eq!(stuck.len(), 81);
    let file = TempFile::new("stuck.txt", format!("{stuck}\n").as_bytes());
    let output = sudoku_bench(
        &[
            "throughput",
            file.arg(),
            "-s",
            "bitmask",
            "--seconds",
            "0.02",
            "--format",
            "json",
            "-q",
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let row: serde_json::Value = serde_json::from_slice(output.stdout.trim_ascii()).unwrap();
    assert_eq!(row["solutions_per_pass"], 0);
}
