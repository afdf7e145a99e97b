//! Batch commands finish the batch: every puzzle of a file gets its own record in every format,
//! the rest still runs, and the exit status sums up (0 all answered, 1 some negative answer).
//! Defaults never hang: the default solver fits the size, the default budget stops a count.

mod common;

use common::{FLOWER, TempFile, sudoku_bench};

const FLOWER_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A solvable puzzle, an unsolvable one (two 9s in row 1's reach), one with two solutions.
fn mixed_file() -> TempFile {
    let unsolvable = format!("12345678.........9{}", ".".repeat(63));
    let two = FLOWER.replacen("53", "..", 1);
    TempFile::new(
        "mixed.txt",
        format!("{FLOWER}\n{unsolvable}\n{two}\n").as_bytes(),
    )
}

fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn solve_gives_every_puzzle_of_a_file_a_record_in_every_format() {
    let file = mixed_file();
    let output = sudoku_bench(&["solve", "--file", file.arg(), "--format", "json"], None);
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&output.stdout);
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["solved", "unsolvable", "multiple"]);
    assert_eq!(records[0]["solutions"][0], FLOWER_SOLUTION);
    assert_eq!(
        records[0]["solver"], "bitmask",
        "the fastest complete solver"
    );
    assert!(records[0]["seconds"].as_f64().unwrap() > 0.0);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("3 puzzles: 1 multiple, 1 solved, 1 unsolvable"),
        "{stderr}"
    );
    assert!(stderr.contains("2 of 3 puzzles"), "{stderr}");

    let output = sudoku_bench(&["solve", "-f", file.arg(), "--format", "line"], None);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines, [FLOWER_SOLUTION, "unsolvable", "multiple"]);

    let output = sudoku_bench(&["solve", "-f", file.arg(), "--format", "csv"], None);
    assert_eq!(output.status.code(), Some(1));
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let status = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "status")
        .unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let statuses: Vec<&str> = rows.iter().map(|r| &r[status]).collect();
    assert_eq!(statuses, ["solved", "unsolvable", "multiple"]);

    let output = sudoku_bench(&["solve", "-f", file.arg()], None);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("line 1: solved by bitmask in"), "{text}");
    assert!(text.contains("the solution is unique"), "{text}");
    assert!(text.contains("line 2: no solution"), "{text}");
    assert!(
        text.contains("line 3: more than one solution (two differ at"),
        "{text}"
    );
}

#[test]
fn count_and_rate_finish_the_batch_too() {
    let file = mixed_file();
    let output = sudoku_bench(&["count", "-f", file.arg(), "--format", "line"], None);
    assert_eq!(
        output.status.code(),
        Some(0),
        "counts are answers, 0 and 2 too"
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n0\n2\n");

    let output = sudoku_bench(&["rate", "-f", file.arg(), "--format", "json"], None);
    assert_eq!(output.status.code(), Some(1));
    let records = json_lines(&output.stdout);
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["rated", "unsolvable", "multiple"]);
    assert_eq!(records[0]["level"], "easy");
}

#[test]
fn a_count_stopped_by_its_default_budget_says_at_least_how_many() {
    let started = std::time::Instant::now();
    let output = sudoku_bench(&["count", &".".repeat(81)], None);
    let took = started.elapsed().as_secs_f64();
    assert!(took < 30.0, "the default budget is 10 s; took {took:.1} s");
    assert_eq!(output.status.code(), Some(1), "the count is not known");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("line 1: at least "), "{text}");
    assert!(text.contains("budget 10 s a puzzle"), "{text}");
    assert!(text.contains("raise --timeout"), "{text}");
    let at_least: u64 = text["line 1: at least ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap();
    assert!(at_least > 1000, "{text}");
    assert_eq!(
        text.matches(&at_least.to_string()).count(),
        0,
        "grouped, once"
    );
}

#[test]
fn solve_picks_a_solver_that_fits_16x16_and_25x25() {
    let large = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/large.txt"))
        .unwrap();
    for size in [16, 25] {
        let puzzle = large
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| line.split(':').next().unwrap())
            .find(|puzzle| puzzle.len() == size * size)
            .unwrap();
        let started = std::time::Instant::now();
        let output = sudoku_bench(&["solve", "--format", "json", puzzle], None);
        assert!(started.elapsed().as_secs() < 15, "{size}×{size}");
        assert!(
            output.status.success(),
            "{size}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let record = &json_lines(&output.stdout)[0];
        assert_eq!(record["status"], "solved");
        assert!(record["seconds"].as_f64().unwrap() < 10.0);
    }
}

#[test]
fn a_dataset_field_that_disagrees_is_reported() {
    let wrong_solution = FLOWER_SOLUTION.replacen("534", "354", 1);
    let file = TempFile::new(
        "fields.txt",
        format!("{FLOWER}:1:{FLOWER_SOLUTION}\n{FLOWER}:2\n{FLOWER}:1:{wrong_solution}\n")
            .as_bytes(),
    );
    for subcommand in ["solve", "count"] {
        let output = sudoku_bench(&[subcommand, "-f", file.arg(), "--format", "json"], None);
        assert_eq!(output.status.code(), Some(1), "{subcommand}");
        let records = json_lines(&output.stdout);
        assert_eq!(
            records[0]["status"],
            if subcommand == "solve" {
                "solved"
            } else {
                "counted"
            }
        );
        assert_eq!(records[1]["status"], "mismatch", "{subcommand}");
        assert!(
            records[1]["message"]
                .as_str()
                .unwrap()
                .contains("the dataset says 2 solutions; the solver found 1 solution"),
            "{}",
            records[1]
        );
        if subcommand == "solve" {
            assert_eq!(records[2]["status"], "mismatch");
            assert!(records[2]["message"].as_str().unwrap().contains("differs"));
        }
    }
}

#[test]
fn a_solver_that_cannot_take_the_size_is_a_usage_error_for_its_puzzle() {
    let output = sudoku_bench(
        &[
            "solve",
            "-d",
            "16x16-easy",
            "--solver",
            "ilp-microlp",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    let records = json_lines(&output.stdout);
    assert_eq!(records[0]["status"], "rejected");
}
