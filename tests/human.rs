//! `rate` and `explain` end to end: ratings per puzzle with the spread at the end, steps in
//! words with pencil marks, a hint that is one step, and bad input refused with its line.

use std::process::{Command, Output};

fn sudoku_bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn rate_gives_every_scale_per_puzzle_and_the_spread() {
    let output = sudoku_bench(&["rate", "--dataset", "named", "--format", "json"]);
    let text = stdout(&output);
    let ratings: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(ratings.len(), 6);
    let flower = ratings.iter().find(|r| r["line"] == 5).unwrap();
    assert_eq!(flower["thesis"], 0.0, "flower number: singles only");
    assert_eq!(flower["level_2009"], 1);
    let easter = ratings.iter().find(|r| r["line"] == 4).unwrap();
    assert_eq!(easter["thesis"], 6.0, "easter monster needs guessing");
    assert_eq!(easter["level"], "extreme");
    assert_eq!(easter["level_2009"], 4);
    let spread = String::from_utf8(output.stderr).unwrap();
    assert!(spread.contains("rated 6 puzzles"), "{spread}");
    assert!(spread.contains("thesis scale: 0: 2"), "{spread}");
}

#[test]
fn rate_writes_csv_with_a_column_per_technique() {
    let text = stdout(&sudoku_bench(&[
        "rate",
        "--board",
        "star-burst-leo",
        "--format",
        "csv",
    ]));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.len(), row.len());
    let column = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(column("thesis"), "5", "hidden triple, used once");
    assert_eq!(column("hardest"), "hidden_triple");
    assert_eq!(column("hidden_triple"), "1");
}

#[test]
fn explain_names_each_step_and_a_hint_is_one_step() {
    let text = stdout(&sudoku_bench(&["explain", "--board", "flower-number"]));
    assert!(
        text.starts_with("pencil marks before step 1 (filled cells in brackets):\n+---"),
        "{text}"
    );
    assert!(
        text.contains("| [5]    [3]    124    |"),
        "pencil marks: {text}"
    );
    let first_step = text
        .find("\nstep 1, naked single: r5c5 = 5")
        .expect("the first step");
    assert!(
        first_step > text.find("| [5]    [3]    124    |").unwrap(),
        "the marks come before the step they lead to"
    );
    assert!(
        text.ends_with("51 steps (naked single 51); solved by logic alone\n"),
        "{text}"
    );
    let hint = stdout(&sudoku_bench(&[
        "explain",
        "--board",
        "flower-number",
        "--hint",
    ]));
    assert_eq!(
        hint.lines().filter(|l| l.starts_with("step ")).count(),
        1,
        "{hint}"
    );
    let rating_order = stdout(&sudoku_bench(&[
        "explain",
        "--board",
        "flower-number",
        "--hint",
        "--order",
        "rating",
        "--no-pencil",
    ]));
    assert!(
        rating_order.starts_with("step 1, hidden single:"),
        "{rating_order}"
    );
}

#[test]
fn explain_in_json_gives_each_step_with_the_position_before_it() {
    let text = stdout(&sudoku_bench(&[
        "explain",
        "--board",
        "flower-number",
        "--format",
        "json",
    ]));
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 51, "one record a step");
    let first = &records[0];
    assert_eq!(first["step"], 1);
    assert_eq!(first["technique"], "naked single");
    assert_eq!(first["placed"], serde_json::json!(["r5c5=5"]));
    let before = &first["before"];
    assert!(before["grid"].as_str().unwrap().starts_with("53..7...."));
    // r1c1 holds 5; r1c3 sees 5, 3, 7 (row), 6, 9, 8 (box) and 8 (column): 1, 2 or 4 are left.
    assert_eq!(before["candidates"][0], "");
    assert_eq!(before["candidates"][2], "124");
    // The second step starts where the first ended: r5c5 (the 41st cell) holds its 5.
    assert_eq!(&records[1]["before"]["grid"].as_str().unwrap()[40..41], "5");
    assert_eq!(&before["grid"].as_str().unwrap()[40..41], ".");
    let no_marks = stdout(&sudoku_bench(&[
        "explain",
        "--board",
        "flower-number",
        "--format",
        "json",
        "--no-pencil",
    ]));
    assert!(!no_marks.contains("\"before\""));
}

#[test]
fn a_hint_on_a_puzzle_with_several_solutions_says_so() {
    // The set's counts come from bitmask, not from the human solver under test.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/datasets/multi-solution.txt"
    ))
    .unwrap();
    let (puzzle, count) = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.split_once(':'))
        .unwrap();
    assert!(count.parse::<u64>().unwrap() > 1);
    let output = sudoku_bench(&["explain", puzzle, "--hint", "--no-pencil"]);
    assert_eq!(output.status.code(), Some(1));
    let shown = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        shown.lines().filter(|l| l.starts_with("step 1, ")).count(),
        1,
        "{shown}"
    );
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.contains("more than one solution"), "{message}");
}

#[test]
fn bad_input_is_refused_with_its_line() {
    let conflict =
        "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let output = sudoku_bench(&["rate", conflict]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.contains("line 1: clues conflict"), "{message}");
    let output = sudoku_bench(&["explain", "--dataset", "named"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("explain takes one puzzle")
    );
}

#[test]
fn rate_on_several_threads_prints_what_one_thread_prints() {
    // Puzzles of every outcome, from the repository's own sets: unique ones of each level,
    // ones with several solutions, and one without any (r1c1 sees every digit; no clues
    // conflict).
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets");
    let puzzles = |file: &str, count: usize| -> Vec<String> {
        std::fs::read_to_string(format!("{dir}/{file}"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .take(count)
            .map(str::to_string)
            .collect()
    };
    let mut lines = Vec::new();
    for level in ["easy", "medium", "hard", "unfair"] {
        lines.extend(puzzles(&format!("levels/9x9-{level}.txt"), 3));
    }
    lines.extend(puzzles("multi-solution.txt", 4));
    lines.push(format!(".123456789{}", ".".repeat(71)));
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), lines.join("\n")).unwrap();
    let path = file.path().to_str().unwrap();
    let run =
        |jobs: &str| sudoku_bench(&["rate", "--file", path, "--format", "csv", "--jobs", jobs]);
    let one = run("1");
    let text = String::from_utf8(one.stdout.clone()).unwrap();
    let statuses: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|row| row.split(',').nth(3).unwrap())
        .collect();
    assert_eq!(statuses.len(), lines.len(), "{text}");
    assert_eq!(statuses.iter().filter(|s| **s == "multiple").count(), 4);
    assert_eq!(statuses.last(), Some(&"unsolvable"));
    assert_eq!(
        one.status.code(),
        Some(1),
        "not every puzzle rated as unique"
    );
    for jobs in ["2", "3", "16"] {
        let several = run(jobs);
        assert_eq!(several.status.code(), one.status.code(), "--jobs {jobs}");
        assert_eq!(
            String::from_utf8(several.stdout).unwrap(),
            text,
            "--jobs {jobs}: the same records in the same order"
        );
    }
}

#[test]
fn rate_refuses_a_number_of_threads_it_cannot_use() {
    for jobs in ["0", "5000"] {
        let output = sudoku_bench(&["rate", "--board", "flower-number", "--jobs", jobs]);
        assert_eq!(output.status.code(), Some(2), "--jobs {jobs}");
        let message = String::from_utf8(output.stderr).unwrap();
        assert!(
            message.contains(&format!(
                "--jobs {jobs}: a number of threads from 1 to 1024"
            )),
            "{message}"
        );
    }
}
