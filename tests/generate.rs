//! `generate` end to end: each method's puzzles are what it promises, and a seed repeats them.

use std::process::Command;

use sudoku_core::{Entry, Uniqueness, parse_entries, uniqueness, verify_solution};
use sudoku_generate::{Symmetry, is_minimal, is_symmetric};

fn generate(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .arg("generate")
        .args(args)
        .output()
        .expect("the binary runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The puzzles of a generated file, each checked unique with the solution its line gives.
fn unique_entries(text: &str) -> Vec<Entry> {
    let entries = parse_entries(text).unwrap();
    for entry in &entries {
        let mut counter =
            sudoku_registry::reference_solver(entry.grid.size(), entry.grid.variant().kind());
        let budget = sudoku_core::Budget::unique();
        match uniqueness(counter.as_mut(), &entry.grid, &budget) {
            Uniqueness::Unique(solution) => {
                assert_eq!(
                    Some(&solution),
                    entry.solution.as_ref(),
                    "line {}",
                    entry.line
                )
            }
            other => panic!("line {}: {other:?}", entry.line),
        }
        assert_eq!(entry.expected_count, Some(1));
    }
    entries
}

#[test]
fn each_level_asked_for_is_the_level_rate_gives() {
    // As a user checks it: the generated file handed to `rate`, one level a puzzle.
    let dir = tempfile::tempdir().unwrap();
    for level in ["easy", "medium", "hard", "unfair", "extreme"] {
        let args = [
            "--difficulty",
            level,
            "--symmetry",
            "180",
            "--count",
            "2",
            "--seed",
            "3",
        ];
        let text = generate(&args);
        assert_eq!(unique_entries(&text).len(), 2, "{level}");
        let file = dir.path().join(format!("{level}.txt"));
        std::fs::write(&file, &text).unwrap();
        let rated = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
            .args(["rate", "--format", "line", "--file"])
            .arg(&file)
            .output()
            .expect("the binary runs");
        assert_eq!(rated.status.code(), Some(0), "{level}");
        let levels = String::from_utf8(rated.stdout).unwrap();
        assert_eq!(levels, format!("{level}\n{level}\n"), "asked for {level}");
    }
}

#[test]
fn hard_symmetric_minimal_puzzles_repeat_with_their_seed() {
    let args = [
        "--difficulty",
        "hard",
        "--symmetry",
        "180",
        "--count",
        "20",
        "--seed",
        "1",
    ];
    let text = generate(&args);
    assert_eq!(text, generate(&args), "the same seed gives the same file");
    let entries = unique_entries(&text);
    assert_eq!(entries.len(), 20);
    for entry in &entries {
        let mut counter = sudoku_registry::reference_solver(9, sudoku_core::VariantKind::Classic);
        assert!(
            is_minimal(&entry.grid, counter.as_mut()),
            "line {}",
            entry.line
        );
        assert!(
            is_symmetric(&entry.grid, Symmetry::Rotate180),
            "line {}",
            entry.line
        );
        let rating = sudoku_human::rate(&entry.grid).unwrap();
        assert_eq!(
            rating.level,
            sudoku_human::Level::Hard,
            "line {}",
            entry.line
        );
    }
}

#[test]
fn the_thesis_method_gives_unique_puzzles_of_17_to_25_clues() {
    let text = generate(&["--method", "thesis", "--count", "3", "--seed", "2"]);
    for entry in unique_entries(&text) {
        assert!(
            (17..=25).contains(&entry.grid.clue_count()),
            "{}",
            entry.grid
        );
    }
    assert!(
        text.contains("attempts"),
        "each puzzle says what it took: {text}"
    );
}

#[test]
fn transformed_puzzles_keep_their_solutions_moved_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.txt");
    let first = generate(&["--count", "2", "--seed", "3"]);
    std::fs::write(&source, &first).unwrap();
    let moved = generate(&[
        "--method",
        "transform",
        "--from",
        source.to_str().unwrap(),
        "--count",
        "3",
    ]);
    let entries = unique_entries(&moved);
    assert_eq!(entries.len(), 6);
    for entry in &entries {
        let solution = entry.solution.as_ref().unwrap();
        assert_eq!(verify_solution(&entry.grid, solution), Ok(()));
    }
    assert_ne!(
        entries[0].grid, entries[1].grid,
        "each copy is moved its own way"
    );
}

/// The words of the command a generated file's first line records, after `sudoku-bench generate`.
fn recorded_arguments(text: &str) -> Vec<&str> {
    let first = text.lines().next().unwrap();
    let command = first
        .strip_prefix("# sudoku-bench generate ")
        .and_then(|rest| rest.strip_suffix(" (rand 0.9 StdRng)"))
        .unwrap_or_else(|| panic!("not a generated file's first line: {first}"));
    command.split(' ').collect()
}

#[test]
fn the_level_sets_come_back_from_their_commands_and_rate_at_their_level() {
    for (name, text) in sudoku_catalog::LEVEL_SETS {
        assert_eq!(
            generate(&recorded_arguments(text)),
            text,
            "datasets/levels/{name}.txt is what its command makes"
        );
        let level: sudoku_human::Level = name.split('-').nth(1).unwrap().parse().unwrap();
        for entry in unique_entries(text) {
            let rating = sudoku_human::rate(&entry.grid).unwrap();
            assert_eq!(rating.level, level, "{name} line {}", entry.line);
        }
    }
}

#[test]
fn the_variant_sets_come_back_from_their_commands_unique_by_another_solver() {
    for (name, text) in sudoku_catalog::VARIANT_SETS {
        assert_eq!(
            generate(&recorded_arguments(text)),
            text,
            "datasets/{name}.txt is what its command makes"
        );
        // The generator proved uniqueness with bitmask; dlx, another algorithm, must agree.
        let mut dlx = sudoku_registry::make("dlx").expect("dlx is registered");
        for entry in unique_entries(text) {
            let solution = entry.solution.as_ref().expect("a solution");
            match sudoku_core::uniqueness(dlx.as_mut(), &entry.grid, &sudoku_core::Budget::solve())
            {
                sudoku_core::Uniqueness::Unique(found) => {
                    assert_eq!(&found, solution, "{name} line {}", entry.line)
                }
                other => panic!("{name} line {}: {other:?}", entry.line),
            }
            assert!(
                !entry.grid.variant().is_classic(),
                "{name} line {}",
                entry.line
            );
        }
    }
}

#[test]
fn bounded_puzzles_lose_their_level_or_uniqueness_with_any_clue() {
    let text = generate(&[
        "--method",
        "bounded",
        "--difficulty",
        "medium",
        "--count",
        "3",
        "--seed",
        "4",
    ]);
    let medium = sudoku_human::Level::Medium;
    for entry in unique_entries(&text) {
        assert_eq!(sudoku_human::rate(&entry.grid).unwrap().level, medium);
        let mut less = entry.grid.clone();
        for cell in (0..81).filter(|&c| entry.grid.get(c) != 0) {
            less.set(cell, 0);
            let rating = sudoku_human::rate(&less).unwrap();
            assert!(
                !rating.unique || rating.level > medium,
                "line {}: clue {cell} could go",
                entry.line
            );
            less.set(cell, entry.grid.get(cell));
        }
    }
}

#[test]
fn bounded_needs_a_level() {
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["generate", "--method", "bounded"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--method bounded needs --difficulty"),
        "{stderr}"
    );
}

#[test]
fn the_minimal_16x16_set_comes_back_from_its_command() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/minimal-16x16.txt");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        generate(&recorded_arguments(&text)),
        text,
        "datasets/minimal-16x16.txt is what its command makes"
    );
}
