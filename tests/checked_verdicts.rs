//! `bench` checks what no grid shows: a count, "unsolvable" or "unique" against the dataset's
//! `:count` field or a reference solver, outside the timing. A disagreement is a wrong answer in
//! the row, the summary and the exit status (1); agreement is said, with the check's cost.

mod common;

use common::{TempFile, sudoku_bench};

/// Golden Nugget's solution with a deadly rectangle emptied (r1c2, r1c9, r2c2, r2c9 held 5, 9 /
/// 9, 5): each of the two rows misses exactly {5, 9}, so the puzzle has exactly two solutions.
const TWO_SOLUTIONS: &str =
    "7.184623.8.237146.643259871238197546974562318165438927319684752527913684486725193";
/// Golden Nugget: one solution.
const UNIQUE: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

fn bench(file: &TempFile, out: &std::path::Path) -> std::process::Output {
    sudoku_bench(
        &[
            "bench",
            "-s",
            "bitmask",
            "-s",
            "dlx",
            "-d",
            file.arg(),
            "--reps",
            "1",
            "--no-report",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    )
}

#[test]
fn verdicts_the_dataset_and_a_reference_confirm_pass_and_say_so() {
    let file = TempFile::new(
        "honest.txt",
        format!("{TWO_SOLUTIONS}:2\n{UNIQUE}\n{TWO_SOLUTIONS}\n").as_bytes(),
    );
    let out = file.dir.join("run");
    let output = bench(&file, &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // Per solver: line 1 by the dataset (2 rows), line 2 by the reference (2), line 3 by its
    // two grids (2); two solvers.
    assert!(
        stderr.contains(
            "12 verdicts checked (4 against the dataset, 4 against a reference solver, 4 by \
             their grids), 0 wrong, 0 unchecked; checking took"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("outside the timings"), "{stderr}");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert!(csv.contains(",reference:dlx,"), "bitmask is checked by dlx");
    assert!(
        csv.contains(",reference:bitmask,"),
        "dlx is checked by bitmask"
    );
}

#[test]
fn a_count_the_dataset_contradicts_is_a_wrong_answer_and_exits_1() {
    // The dataset claims the two-solution puzzle is unique: both solvers find two, so both are
    // marked wrong, the detail giving both answers.
    let file = TempFile::new(
        "lying-dataset.txt",
        format!("{TWO_SOLUTIONS}:1\n{UNIQUE}\n").as_bytes(),
    );
    let out = file.dir.join("run");
    let output = bench(&file, &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("2 wrong answers"), "{stderr}");
    assert!(stderr.contains(", 2 wrong,"), "{stderr}");
    let wrong_cells = stdout.matches("| 1 wrong |").count();
    assert_eq!(wrong_cells, 2, "the summary's failed column: {stdout}");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    let wrong: Vec<&str> = csv.lines().filter(|l| l.contains("wrong_answer")).collect();
    assert_eq!(wrong.len(), 2, "one warm-up each, not repeated: {csv}");
    for line in wrong {
        assert!(
            line.contains("claims at least 2 solutions; the dataset says a unique solution"),
            "{line}"
        );
    }
}
