//! What a newcomer notices: plurals, a count said once, aligned listings, pencil marks that tell
//! filled cells from single candidates, explained steps titled, named boards named, `--quiet`
//! and colour.

mod common;

use common::{FLOWER, sudoku_bench};

fn stdout(args: &[&str]) -> String {
    let output = sudoku_bench(args, None);
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn counts_read_as_english() {
    let text = stdout(&["count", FLOWER]);
    assert_eq!(text.lines().count(), 1, "said once: {text}");
    assert!(text.contains("1 solution,"), "{text}");
    assert!(!text.contains("1 solutions"), "{text}");
    let text = stdout(&["count", &FLOWER.replacen("53", "..", 1)]);
    assert!(text.contains(": 2 solutions, counted by"), "{text}");
}

#[test]
fn the_solvers_table_stays_aligned_for_long_ids() {
    let text = stdout(&["solvers"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("ID "), "{text}");
    let family_column = lines[0].find("FAMILY").unwrap();
    for line in &lines[1..] {
        let before = &line[..family_column];
        assert!(before.ends_with("  "), "aligned: {line:?}");
        assert!(!line[family_column..].starts_with(' '), "aligned: {line:?}");
    }
    assert!(lines.iter().any(|l| l.starts_with("annealing-tuned ")));
}

#[test]
fn pencil_marks_show_filled_cells_in_brackets() {
    let text = stdout(&["verify", "--pencil", FLOWER]);
    assert!(text.contains("[5]"), "{text}");
    assert!(text.contains("124"), "{text}");
    // Two empty cells with one candidate each: 79 bracketed digits, two bare ones.
    let nearly =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";
    let text = stdout(&["verify", "--pencil", nearly]);
    assert_eq!(text.matches('[').count(), 79, "{text}");
    let last_row = text.lines().rev().nth(1).unwrap();
    assert!(last_row.contains("| 1   [7] 9   |"), "{last_row}");
}

#[test]
fn explain_titles_the_pencil_marks_it_shows_before_each_step() {
    let text = stdout(&["explain", "--board", "flower-number"]);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "pencil marks before step 1 (filled cells in brackets):"
    );
    assert!(text.contains("\nstep 1, "), "{text}");
    let json = stdout(&["explain", "--board", "flower-number", "--format", "json"]);
    let step: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(step["step"], 1);
    assert!(step["placed"].as_array().is_some());
}

#[test]
fn named_boards_are_named_by_their_id() {
    let text = stdout(&["count", "--dataset", "named"]);
    assert!(text.contains("board golden-nugget: 1 solution"), "{text}");
    assert!(!text.contains("line "), "{text}");
}

#[test]
fn the_board_whose_clues_conflict_says_why() {
    let output = sudoku_bench(&["solve", "--board", "input-file-example"], None);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("board input-file-example: its clues conflict"),
        "{stderr}"
    );
    assert!(stderr.contains("as printed"), "{stderr}");
    let listing = stdout(&["datasets"]);
    let line = listing
        .lines()
        .find(|l| l.starts_with("input-file-example"))
        .unwrap();
    assert!(line.contains("left out of `named`"), "{line}");
}

#[test]
fn quiet_leaves_only_results_and_colour_follows_the_terminal_and_no_color() {
    let file = common::TempFile::new("two.txt", format!("{FLOWER}\n{FLOWER}\n").as_bytes());
    let loud = sudoku_bench(&["solve", "-f", file.arg(), "--format", "line"], None);
    assert!(String::from_utf8_lossy(&loud.stderr).contains("2 puzzles: 2 solved"));
    let quiet = sudoku_bench(&["solve", "-q", "-f", file.arg(), "--format", "line"], None);
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
    assert_eq!(quiet.stdout, loud.stdout);
    let plain = sudoku_bench(&["solve", FLOWER], None);
    assert!(!plain.stdout.contains(&0x1b), "no colour into a pipe");
    let coloured = sudoku_bench(&["solve", "--color", "always", FLOWER], None);
    assert!(coloured.stdout.contains(&0x1b), "--color always");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["solve", FLOWER])
        .env("NO_COLOR", "1")
        .env("CLICOLOR_FORCE", "0")
        .output()
        .unwrap();
    assert!(!output.stdout.contains(&0x1b), "NO_COLOR");
}
