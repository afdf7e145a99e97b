//! The command line end to end: published figures, listing, counting, verifying, animating and
//! generating. Bad input has its own file, `bad_input.rs`.

mod common;

use common::{FLOWER, assert_rejected_args, sudoku_bench};

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
    let output = sudoku_bench(
        &["solve", "--solver", "naive", "--board", "near-worst-case"],
        None,
    );
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
    assert!(text.contains("| [5]    [3]    124    |"), "{text}");
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
            "--max-solutions",
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
            "--max-solutions",
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
