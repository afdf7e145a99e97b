//! The command line end to end: published figures, and one test per kind of bad input, each
//! expecting exit status 2, a one-line message naming the line (and the cell or column), no
//! output on stdout and no panic.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const FLOWER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sudoku_bench(args: &[&str], stdin: Option<&[u8]>) -> Output {
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
struct TempFile {
    dir: std::path::PathBuf,
    path: std::path::PathBuf,
}

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let dir =
            std::env::temp_dir().join(format!("sudoku-bench-cli-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        TempFile { dir, path }
    }

    fn arg(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs `solve` on `input` (given on stdin) and checks the failure contract.
fn assert_rejected(input: &[u8], expected: &[&str]) {
    assert_rejected_args(&["solve"], Some(input), expected);
}

fn assert_rejected_args(args: &[&str], stdin: Option<&[u8]>, expected: &[&str]) {
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

#[test]
fn naive_prints_the_published_iteration_counts() {
    for board in sudoku_catalog::named_boards() {
        let Some(published) = board.published_iterations else {
            continue;
        };
        let output = sudoku_bench(
            &[
                "solve",
                "--solver",
                "naive",
                "--format",
                "json",
                &board.puzzle,
            ],
            None,
        );
        assert!(output.status.success(), "{}", board.id);
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["counters"]["iterations"], published, "{}", board.id);
        assert_eq!(json["status"], "solved");
    }
    let output = sudoku_bench(&["solve", "--board", "near-worst-case"], None);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("| 9 8 7 | 6 5 4 | 3 2 1 |"), "{text}");
    assert!(text.contains("iterations 622,577,597"), "{text}");
}

#[test]
fn the_named_dataset_solves_board_by_board() {
    let output = sudoku_bench(&["solve", "--dataset", "named", "--format", "line"], None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let solutions = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        solutions.lines().count(),
        sudoku_catalog::named_dataset().puzzles.len()
    );
    assert!(solutions.lines().next().unwrap().starts_with("987654321"));
}

#[test]
fn verify_prints_pencil_marks() {
    let output = sudoku_bench(&["verify", "--pencil", FLOWER], None);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("| 5      3      124    |"), "{text}");
}

/// The number of 4×4 grids, as the kit's corpus (`datasets/conformance.txt`) records it.
fn four_by_four_grids() -> String {
    let corpus = include_str!("../datasets/conformance.txt");
    let line = corpus
        .lines()
        .find(|line| line.starts_with("................:"))
        .expect("the corpus counts the empty 4×4 board");
    line["................:".len()..].to_string()
}

#[test]
fn counting_the_empty_4x4_grid_gives_every_grid() {
    let output = sudoku_bench(&["count", "--format", "line", "................"], None);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        four_by_four_grids()
    );
    let output = sudoku_bench(
        &[
            "count",
            "--max",
            "10",
            "--format",
            "line",
            "................",
        ],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), ">=10");
}

#[test]
fn solve_reads_rows_from_stdin_and_lists_solutions_on_request() {
    let rows: String = FLOWER
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r) + "\n")
        .collect();
    let output = sudoku_bench(&["solve", "--format", "line"], Some(rows.as_bytes()));
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    let output = sudoku_bench(
        &[
            "solve",
            "--limit",
            "5",
            "--format",
            "line",
            "..3.....1.4.....",
        ],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 5);
}

#[test]
fn verify_says_valid_or_names_the_conflict() {
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let output = sudoku_bench(&["verify", "--puzzle", FLOWER, solution], None);
    assert!(output.status.success());
    let spoiled = solution.replacen("534", "544", 1);
    let output = sudoku_bench(&["verify", &spoiled], None);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cells r1c2 and r1c3 both hold 4"));
    let output = sudoku_bench(&["verify", "--filled", FLOWER], None);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cell r1c3 is empty"));
}

#[test]
fn solvers_lists_naive_with_its_capabilities() {
    let output = sudoku_bench(&["solvers", "--format", "json"], None);
    let text = String::from_utf8_lossy(&output.stdout);
    let naive: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["id"] == "naive")
        .expect("naive is registered");
    assert_eq!(naive["complete"], true);
    assert_eq!(naive["sizes"], serde_json::json!([4, 6, 9, 12, 16, 25]));
}

// One test per kind of malformed input.

#[test]
fn wrong_length() {
    assert_rejected(&FLOWER.as_bytes()[..80], &["line 1", "found 80 cells"]);
}

#[test]
fn bad_character() {
    let bad = FLOWER.replacen('7', "x", 1);
    assert_rejected(
        bad.as_bytes(),
        &["line 1, column 5", "bad character 'x'", "cell 5"],
    );
}

#[test]
fn conflicting_clues_in_a_row() {
    let bad = FLOWER.replacen("53..", "53.5", 1);
    assert_rejected(
        bad.as_bytes(),
        &[
            "line 1",
            "clues conflict",
            "r1c1 and r1c4 both hold 5 (same row)",
        ],
    );
}

#[test]
fn conflicting_clues_in_a_box_reported_on_their_row_line() {
    let mut rows: Vec<String> = FLOWER
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into())
        .collect();
    rows[1] = "68.195...".into(); // the 8 at r2c2 repeats r3c3's, in the box only
    assert_rejected(
        rows.join("\n").as_bytes(),
        &[
            "line 3",
            "clues conflict",
            "r2c2 and r3c3 both hold 8 (same box)",
        ],
    );
}

#[test]
fn empty_input() {
    assert_rejected(b"", &["line 1", "no puzzle found"]);
}

#[test]
fn empty_file() {
    let file = TempFile::new("empty.txt", b"");
    assert_rejected_args(
        &["solve", "--file", file.arg()],
        None,
        &["empty.txt: line 1", "no puzzle found"],
    );
}

#[test]
fn only_comments() {
    assert_rejected(
        b"# nothing here\n# still nothing\n",
        &["line 1", "no puzzle found"],
    );
}

#[test]
fn ten_by_ten_grid() {
    let grid = "1234567891\n".repeat(10);
    assert_rejected(grid.as_bytes(), &["line 1", "found 100 cells"]);
}

#[test]
fn stray_text_after_the_puzzle() {
    let text = format!("{FLOWER} solve this please");
    assert_rejected(text.as_bytes(), &["line 1, column 83", "bad character 's'"]);
}

#[test]
fn ragged_row() {
    let mut rows: Vec<String> = FLOWER
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into())
        .collect();
    rows[4].pop();
    assert_rejected(rows.join("\n").as_bytes(), &["line 5", "8 cells", "have 9"]);
}

#[test]
fn digit_out_of_range() {
    let bad = FLOWER.replacen('7', "G", 1);
    assert_rejected(
        bad.as_bytes(),
        &["line 1, column 5", "value 16 in cell r1c5", "9×9"],
    );
}

#[test]
fn spaced_number_out_of_range() {
    let mut text = String::new();
    for (r, row) in FLOWER.as_bytes().chunks(9).enumerate() {
        let mut cells: Vec<String> = row
            .iter()
            .map(|&b| {
                if b == b'.' {
                    "0".into()
                } else {
                    (b as char).to_string()
                }
            })
            .collect();
        if r == 3 {
            cells[2] = "12".into();
        }
        text.push_str(&(cells.join(" ") + "\n"));
    }
    assert_rejected(
        text.as_bytes(),
        &["line 4, column 5", "value 12 in cell r4c3"],
    );
}

#[test]
fn unsolvable_puzzle() {
    let text = format!("12345678.........9{}", ".".repeat(63));
    assert_rejected(text.as_bytes(), &["line 1", "has no solution"]);
}

#[test]
fn puzzle_with_several_solutions() {
    let text = FLOWER.replacen("53", "..", 1);
    assert_rejected(
        text.as_bytes(),
        &["line 1", "more than one solution", "--limit"],
    );
}

#[test]
fn bad_count_field() {
    let text = format!("# set\n{FLOWER}:1\n{FLOWER}:one\n");
    assert_rejected(text.as_bytes(), &["line 3", "solution count \"one\""]);
}

#[test]
fn bad_solution_field() {
    let text = format!("{FLOWER}:1:12345\n");
    assert_rejected(
        text.as_bytes(),
        &["line 1", "bad solution field", "found 5 cells"],
    );
}

#[test]
fn missing_file() {
    assert_rejected_args(
        &["solve", "--file", "/no/such/puzzles.txt"],
        None,
        &["/no/such/puzzles.txt", "cannot read"],
    );
}

#[test]
fn huge_file() {
    let file = TempFile::new("huge.txt", b"");
    std::fs::File::options()
        .write(true)
        .open(&file.path)
        .unwrap()
        .set_len(300 << 20)
        .unwrap();
    assert_rejected_args(
        &["solve", "--file", file.arg()],
        None,
        &["huge.txt", "limit"],
    );
}

#[test]
fn not_utf8() {
    let mut bytes = format!("# ok\n{FLOWER}\n").into_bytes();
    bytes.extend_from_slice(b"53..\xff\n");
    assert_rejected(&bytes, &["line 3, column 5", "not UTF-8"]);
}

#[test]
fn bad_line_in_a_dataset_file() {
    let text = format!(
        "# set\n{FLOWER}\n{}\n{FLOWER}\n",
        FLOWER.replacen('9', "?", 1)
    );
    let file = TempFile::new("set.txt", text.as_bytes());
    assert_rejected_args(
        &["count", "--file", file.arg()],
        None,
        &["set.txt: line 3", "bad character '?'"],
    );
}

#[test]
fn unknown_solver_and_board() {
    assert_rejected_args(
        &["solve", "--solver", "oracle", FLOWER],
        None,
        &["unknown solver \"oracle\"", "naive"],
    );
    assert_rejected_args(
        &["solve", "--board", "nope"],
        None,
        &["unknown board \"nope\"", "near-worst-case"],
    );
}

#[test]
fn solve_animates_the_search_into_a_gif() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("search.gif");
    let gif_arg = gif.to_str().unwrap();
    let args = [
        "solve",
        "--board",
        "flower-number",
        "--animate",
        gif_arg,
        "--max-frames",
        "20",
    ];
    let output = sudoku_bench(&args, None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&gif).unwrap();
    assert!(bytes.starts_with(b"GIF89a") || bytes.starts_with(b"GIF87a"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("frames of"));
}

#[test]
fn generate_keeps_the_proportion_of_givens_asked_and_repeats_with_its_seed() {
    let givens = ["generate", "--method", "givens", "--givens"];
    let args = [
        &givens[..],
        &["0,0.25,0.5", "--size", "16", "--count", "2", "--seed", "4"],
    ]
    .concat();
    let first = sudoku_bench(&args, None);
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(first.stdout, sudoku_bench(&args, None).stdout, "same seed");
    let text = String::from_utf8(first.stdout).unwrap();
    let entries = sudoku_core::parse_entries(&text).unwrap();
    let counts: Vec<usize> = entries.iter().map(|e| e.grid.clue_count()).collect();
    assert_eq!(counts, [0, 0, 64, 64, 128, 128]);
    for entry in &entries {
        let solution = entry
            .solution
            .as_ref()
            .expect("each line carries its solution");
        assert_eq!(sudoku_core::verify_solution(&entry.grid, solution), Ok(()));
    }
    let other_seed = sudoku_bench(&[&givens[..], &["0.3", "--seed", "5"]].concat(), None);
    assert_ne!(
        other_seed.stdout,
        sudoku_bench(&[&givens[..], &["0.3"]].concat(), None).stdout
    );
}

#[test]
fn generate_rejects_a_proportion_outside_0_to_1_and_an_unknown_size() {
    let givens = ["generate", "--method", "givens", "--givens"];
    assert_rejected_args(
        &[&givens[..], &["1.5"]].concat(),
        None,
        &["--givens 1.5", "0 and 1"],
    );
    assert_rejected_args(&["generate", "--givens", "0.5"], None, &["--method givens"]);
    assert_rejected_args(
        &[&givens[..], &["0.5", "--size", "10"]].concat(),
        None,
        &["no board of size 10", "9, 12, 16"],
    );
}
