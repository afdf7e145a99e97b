//! One test per kind of bad input, end to end: exit status 2, a one-line message naming the
//! file, line and cell or column, nothing on stdout, nothing written that could pass for a
//! result, and no panic. Input that only looks odd (a byte-order mark, CRLF line ends, tabs,
//! trailing spaces) is accepted.

mod common;

use common::{FLOWER, TempFile, assert_rejected, assert_rejected_args, sudoku_bench};

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
fn an_unsolvable_puzzle_is_a_negative_answer_not_bad_input() {
    let text = format!("12345678.........9{}", ".".repeat(63));
    let output = sudoku_bench(&["solve"], Some(text.as_bytes()));
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("line 1: no solution"), "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("stdin: line 1: no solution"), "{stderr}");
}

#[test]
fn a_puzzle_with_several_solutions_is_a_negative_answer_not_bad_input() {
    let text = FLOWER.replacen("53", "..", 1);
    let output = sudoku_bench(&["solve"], Some(text.as_bytes()));
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    for fragment in ["line 1", "more than one solution", "--max-solutions"] {
        assert!(stdout.contains(fragment), "{fragment:?} not in: {stdout}");
    }
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
    // Read a line at a time, the file's size is no obstacle; its first line, 300 MB of zero
    // bytes without a line end, is refused once it is longer than any puzzle line.
    assert_rejected_args(
        &["solve", "--file", file.arg()],
        None,
        &["huge.txt: line 1: longer than"],
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

/// Runs `solve` on `file`'s contents and expects FLOWER's solution: accepted input.
fn assert_solved_from_file(name: &str, contents: &[u8]) {
    let file = TempFile::new(name, contents);
    let output = sudoku_bench(
        &["solve", "--solver", "bitmask", "--file", file.arg()],
        None,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{name}: {stderr}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("5 3 4 | 6 7 8 | 9 1 2"),
        "{name}: {}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[test]
fn a_utf8_byte_order_mark_is_accepted() {
    assert_solved_from_file("bom.txt", format!("\u{feff}{FLOWER}\n").as_bytes());
    let output = sudoku_bench(
        &["count", "--format", "line"],
        Some(format!("\u{feff}{FLOWER}\n").as_bytes()),
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "stdin with a byte-order mark"
    );
}

#[test]
fn crlf_line_ends_are_accepted() {
    let rows: Vec<&str> = (0..9).map(|r| &FLOWER[r * 9..r * 9 + 9]).collect();
    assert_solved_from_file("crlf-grid.txt", (rows.join("\r\n") + "\r\n").as_bytes());
    let set = TempFile::new(
        "crlf-set.txt",
        format!("# set\r\n{FLOWER}\r\n{FLOWER}\r\n").as_bytes(),
    );
    let output = sudoku_bench(&["count", "--format", "line", "--file", set.arg()], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
}

#[test]
fn tabs_and_trailing_spaces_are_accepted() {
    assert_solved_from_file("tabs.txt", format!("\t{FLOWER} \t \n\n").as_bytes());
}

#[test]
fn a_line_one_cell_too_long() {
    assert_rejected(
        format!("{FLOWER}1").as_bytes(),
        &["line 1", "found 82 cells"],
    );
}

#[test]
fn conflicting_clues_in_a_column() {
    // r1c1 holds 5; put another 5 at r9c1.
    let mut bad = FLOWER.to_string();
    bad.replace_range(72..73, "5");
    assert_rejected(
        bad.as_bytes(),
        &[
            "line 1",
            "clues conflict",
            "r1c1 and r9c1 both hold 5 (same column)",
        ],
    );
}

#[test]
fn a_huge_line() {
    let line = ".".repeat(5 << 20);
    assert_rejected(line.as_bytes(), &["line 1", "found 5242880 cells"]);
}

#[test]
fn binary_garbage() {
    let garbage: Vec<u8> = (0u8..=127).cycle().take(4096).collect();
    assert_rejected(&garbage, &["line 1, column 1", "bad character '\\0'"]);
}

#[test]
fn a_utf16_file() {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(FLOWER.encode_utf16().flat_map(u16::to_le_bytes));
    let file = TempFile::new("utf16.txt", &bytes);
    assert_rejected_args(
        &["solve", "--file", file.arg()],
        None,
        &["utf16.txt: line 1", "UTF-16", "save it as UTF-8"],
    );
}

#[test]
fn only_whitespace() {
    assert_rejected(b" \n\t\n   \r\n", &["line 1", "no puzzle found"]);
}

#[test]
fn an_unreadable_file() {
    // Reading a process's own memory file from offset 0 fails (EIO) even for root, which
    // permission bits would not stop.
    assert_rejected_args(
        &["solve", "--file", "/proc/self/mem"],
        None,
        &["/proc/self/mem", "cannot read"],
    );
}

#[test]
fn a_directory_given_as_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    assert_rejected_args(&["solve", "--file", path], None, &[path, "cannot read"]);
    assert_rejected_args(&["bench", "--dataset", path], None, &[path, "cannot read"]);
}

#[test]
fn a_fifo_is_read_as_a_stream_and_its_lines_named() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("puzzles.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let feed = |text: String| {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, text).unwrap())
    };
    let writer = feed(format!("{FLOWER}\n"));
    let output = sudoku_bench(&["count", "--file", fifo.to_str().unwrap()], None);
    writer.join().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "a FIFO with a puzzle is input"
    );
    let writer = feed(format!("{FLOWER}\n{}\n", FLOWER.replacen('3', "#", 1)));
    assert_rejected_args(
        &["count", "--file", fifo.to_str().unwrap()],
        None,
        &["puzzles.fifo: line 2, column 2", "bad character '#'"],
    );
    writer.join().unwrap();
}

#[test]
fn a_path_where_a_puzzle_is_expected_gets_a_hint() {
    let file = TempFile::new("puzzle.txt", FLOWER.as_bytes());
    assert_rejected_args(
        &["solve", file.arg()],
        None,
        &["looks like a file", &format!("--file {}", file.arg())],
    );
    assert_rejected_args(&["solve", "puzzles.txt"], None, &["--file puzzles.txt"]);
}

#[test]
fn a_results_csv_from_another_program() {
    let csv = TempFile::new("other.csv", b"name,time\nx,1\n");
    let out = csv.dir.join("report");
    assert_rejected_args(
        &["report", csv.arg(), "--out", out.to_str().unwrap()],
        None,
        &[
            "other.csv",
            "not a sudoku-bench results file",
            "no `solver` column",
        ],
    );
    assert!(!out.exists(), "no report is written");
}

/// A results file written by a real run, in `dir`.
fn real_results(dir: &std::path::Path) -> std::path::PathBuf {
    let out = dir.join("run");
    let output = sudoku_bench(
        &[
            "bench",
            "-s",
            "bitmask",
            "-d",
            "named",
            "--reps",
            "1",
            "--no-report",
            "--out",
        ]
        .iter()
        .copied()
        .chain([out.to_str().unwrap()])
        .collect::<Vec<_>>(),
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    out.join("results.csv")
}

#[test]
fn a_truncated_results_csv() {
    let dir = tempfile::tempdir().unwrap();
    let csv = real_results(dir.path());
    let text = std::fs::read(&csv).unwrap();
    let cut = dir.path().join("cut.csv");
    std::fs::write(&cut, &text[..text.len() - 40]).unwrap();
    let lines = text[..text.len() - 40]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1;
    let out = dir.path().join("report");
    assert_rejected_args(
        &[
            "report",
            cut.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        None,
        &["cut.csv", &format!("line {lines}"), "torn", "--resume"],
    );
    assert!(!out.exists(), "no report is written");
}

#[test]
fn an_empty_results_csv() {
    let csv = TempFile::new("empty.csv", b"");
    assert_rejected_args(
        &["report", csv.arg()],
        None,
        &["empty.csv", "not a sudoku-bench results file"],
    );
}

#[test]
fn resuming_a_folder_whose_file_is_not_a_run_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let partial = dir.path().join("results.partial.csv");
    std::fs::write(&partial, b"a,b\n1,2\n").unwrap();
    assert_rejected_args(
        &["bench", "--resume", "--out", dir.path().to_str().unwrap()],
        None,
        &["no run header"],
    );
    assert_eq!(std::fs::read(&partial).unwrap(), b"a,b\n1,2\n");
    assert!(!dir.path().join("results.csv").exists());
}

#[test]
fn a_bench_dataset_with_a_bad_line_writes_nothing() {
    let set = TempFile::new(
        "bad-set.txt",
        format!("{FLOWER}\n{}\n", &FLOWER[..70]).as_bytes(),
    );
    let out = set.dir.join("out");
    assert_rejected_args(
        &[
            "bench",
            "-s",
            "bitmask",
            "-d",
            set.arg(),
            "--out",
            out.to_str().unwrap(),
        ],
        None,
        &["bad-set.txt: line 2", "found 70 cells"],
    );
    assert!(
        !out.exists(),
        "no results folder for a run that never started"
    );
}

#[test]
fn budgets_that_are_not_positive_seconds() {
    for timeout in ["0", "-1", "NaN", "inf"] {
        assert_rejected_args(
            &[
                "bench",
                "-s",
                "bitmask",
                "--timeout",
                timeout,
                "--out",
                "/nonexistent/x",
            ],
            None,
            &[
                &format!("--timeout {timeout}"),
                "positive number of seconds",
            ],
        );
    }
    assert_rejected_args(
        &["solve", "--timeout", "NaN", FLOWER],
        None,
        &["--timeout NaN"],
    );
}

#[test]
fn a_run_with_nothing_to_do() {
    assert_rejected_args(&["bench", "--seeds", "0"], None, &["--seeds 0"]);
    assert_rejected_args(&["bench", "--jobs", "0"], None, &["--jobs 0"]);
    assert_rejected_args(&["bench", "--sample", "0"], None, &["nothing to run"]);
}

#[test]
fn an_output_folder_that_is_a_file() {
    let file = TempFile::new("taken", b"keep me");
    assert_rejected_args(
        &["bench", "-s", "bitmask", "-d", "named", "--out", file.arg()],
        None,
        &["taken"],
    );
    assert_eq!(std::fs::read(&file.path).unwrap(), b"keep me");
}

/// A 9×9 jigsaw map, each region nine connected cells (drawn by hand: regions are the boxes
/// with r3c3 and r4c3 traded between boxes 1 and 4... checked by the parser itself below).
const JIGSAW_MAP: &str =
    "111222333111222333111222333444555666444555666444555666777888999777888999777888999";

#[test]
fn a_region_of_eight_cells() {
    // Region 1 gives r1c1 to region 2: eight cells against ten.
    let map = JIGSAW_MAP.replacen('1', "2", 1);
    let line = format!("{}/{map}", ".".repeat(81));
    assert_rejected(
        line.as_bytes(),
        &[
            "line 1, column 83",
            "bad variant",
            "the region of r1c1 has 10 cells",
        ],
    );
}

#[test]
fn a_disconnected_region() {
    // r1c1 and r9c9 swap regions: both regions keep nine cells, neither is connected.
    let mut map: Vec<char> = JIGSAW_MAP.chars().collect();
    map.swap(0, 80);
    let map: String = map.into_iter().collect();
    let line = format!("{}/{map}", ".".repeat(81));
    assert_rejected(
        line.as_bytes(),
        &["line 1, column 83", "bad variant", "not connected"],
    );
}

#[test]
fn a_region_map_of_the_wrong_size() {
    let line = format!("{}/{}", ".".repeat(81), &JIGSAW_MAP[..72]);
    assert_rejected(
        line.as_bytes(),
        &[
            "line 1, column 83",
            "the region map has 72 cells but the board has 81",
        ],
    );
}

#[test]
fn conflicting_clues_on_a_diagonal() {
    // 5 at r1c1 and at r9c9: no row, column or box shared, the diagonal only.
    let line = format!("5{}5/x", ".".repeat(79));
    assert_rejected(
        line.as_bytes(),
        &[
            "line 1",
            "clues conflict",
            "r1c1 and r9c9 both hold 5 (same diagonal)",
        ],
    );
}

#[test]
fn a_region_block_below_a_list_of_puzzles() {
    let text = format!("{FLOWER}\n{FLOWER}\nregions\n{}\n", JIGSAW_MAP);
    assert_rejected(text.as_bytes(), &["line 3", "follows one grid"]);
}

#[test]
fn the_2009_transformations_refuse_a_variant_board() {
    assert_rejected_args(
        &[
            "generate",
            "--method",
            "transform",
            "--from",
            concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/jigsaw-9x9.txt"),
        ],
        None,
        &[
            "jigsaw-9x9.txt: puzzle line-5 is a jigsaw board",
            "classic boards",
        ],
    );
}
