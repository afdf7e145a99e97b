//! One command-line vocabulary: every subcommand that has a notion spells its option the same
//! way, with the same values and defaults; built-in datasets work wherever a dataset does; the
//! old spellings still work.

mod common;

use common::{FLOWER, assert_rejected_args, sudoku_bench};

fn help(subcommand: &str) -> String {
    let output = sudoku_bench(&[subcommand, "--help"], None);
    assert!(output.status.success(), "{subcommand} --help");
    String::from_utf8(output.stdout).unwrap()
}

/// The subcommands that take each shared option, as their help shows it.
const SHARED: [(&str, &[&str]); 9] = [
    (
        "-s, --solver <ID>",
        &["solve", "count", "bench", "reproduce", "throughput"],
    ),
    (
        "-d, --dataset <NAME|PATH>",
        &["solve", "count", "verify", "rate", "explain", "bench"],
    ),
    (
        "-f, --file <PATH>",
        &["solve", "count", "verify", "rate", "explain"],
    ),
    (
        "--board <ID>",
        &["solve", "count", "verify", "rate", "explain"],
    ),
    (
        "--format <FORMAT>",
        &[
            "solve",
            "count",
            "verify",
            "rate",
            "explain",
            "bench",
            "report",
            "solvers",
            "datasets",
            "throughput",
        ],
    ),
    ("--seed <SEED>", &["solve", "count", "bench", "generate"]),
    (
        "--timeout <SECONDS>",
        &[
            "solve",
            "count",
            "rate",
            "explain",
            "bench",
            "generate",
            "reproduce",
            "throughput",
        ],
    ),
    (
        "--max-iterations <N>",
        &["solve", "count", "rate", "explain", "bench"],
    ),
    (
        "--max-solutions <N>",
        &["solve", "count", "bench", "throughput"],
    ),
];

#[test]
fn every_subcommand_spells_the_shared_options_alike() {
    for (option, subcommands) in SHARED {
        for subcommand in subcommands {
            let text = help(subcommand);
            assert!(
                text.contains(option),
                "{subcommand} lacks {option}:\n{text}"
            );
        }
    }
    for subcommand in SHARED
        .iter()
        .find(|(o, _)| o.contains("--format"))
        .unwrap()
        .1
    {
        let text = help(subcommand);
        for value in ["text", "line", "csv", "json"] {
            assert!(
                text.contains(&format!("- {value}:")) || text.contains(value),
                "{subcommand} --format lacks {value}"
            );
        }
    }
    for subcommand in ["solve", "count", "bench", "generate"] {
        assert!(
            help(subcommand).contains("[default: 1]"),
            "{subcommand}: --seed's one default"
        );
    }
}

#[test]
fn help_texts_say_what_each_option_does_there() {
    assert!(!help("count").contains("Boxed grid"));
    let generate = help("generate");
    assert!(generate.contains("4, 6, 9, 12, 16 or 25"), "{generate}");
    assert!(
        !help("rate").contains("--seed"),
        "rate has no random choices"
    );
    for subcommand in ["solve", "count", "rate", "explain"] {
        assert!(
            help(subcommand).contains("[default: 10]"),
            "{subcommand} states its time budget"
        );
    }
}

#[test]
fn old_spellings_still_work() {
    let ambiguous = "..3.....1.4.....";
    let output = sudoku_bench(
        &["solve", "--limit", "3", "--format", "line", ambiguous],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 3);
    let output = sudoku_bench(
        &["count", "--max", "3", "--format", "line", ambiguous],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), ">=3");
}

#[test]
fn no_solutions_asked_is_an_error_not_one() {
    for args in [
        &["solve", "--max-solutions", "0", FLOWER][..],
        &["count", "--max-solutions", "0", FLOWER],
        &["solve", "--limit", "0", FLOWER],
        &["count", "--max", "0", FLOWER],
        &["bench", "--max-solutions", "0"],
    ] {
        let output = sudoku_bench(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("'0'"), "{args:?}: {stderr}");
    }
}

#[test]
fn built_in_datasets_work_wherever_a_dataset_does() {
    let output = sudoku_bench(&["datasets", "--format", "line"], None);
    let names = String::from_utf8(output.stdout).unwrap();
    for name in [
        "named",
        "table1",
        "9x9-easy",
        "16x16-unfair",
        "golden-nugget",
    ] {
        assert!(names.lines().any(|l| l == name), "{name} not in:\n{names}");
    }
    for subcommand in ["solve", "count", "verify", "rate"] {
        let output = sudoku_bench(&[subcommand, "-d", "9x9-easy", "--format", "line"], None);
        assert!(
            output.status.success(),
            "{subcommand}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).lines().count(),
            3,
            "{subcommand}"
        );
    }
    for subcommand in ["solve", "count", "rate"] {
        assert_rejected_args(
            &[subcommand, "--dataset", "9x9-eazy"],
            None,
            &["unknown dataset \"9x9-eazy\"", "named, table1, 9x9-easy"],
        );
    }
    assert_rejected_args(
        &["bench", "-d", "9x9-eazy", "--out", "/nonexistent/x"],
        None,
        &["9x9-eazy", "named, table1, 9x9-easy"],
    );
}

#[test]
fn completions_for_three_shells() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef sudoku-bench"),
        ("fish", "complete -c sudoku-bench"),
    ] {
        let output = sudoku_bench(&["completions", shell], None);
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(script.contains(marker), "{shell}");
        assert!(script.contains("max-solutions"), "{shell}");
    }
}
