//! `scripts/new-solver.sh` on a copy of the repository: the scaffolded crate builds, passes the
//! conformance kit, and its id shows in the solver list and in a bench run.
//!
//! The copy builds in a target folder kept between runs (under cargo's `CARGO_TARGET_TMPDIR`),
//! so only the first run compiles the dependencies. It builds without the registry's `engines`
//! feature, as a machine without a C++ toolchain does: compiling HiGHS and CaDiCaL is most of a
//! fresh build (5½ of 7 minutes on a 2-core machine) and has no part in what the test checks.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NAME: &str = "scaffold-probe";

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The files to copy: everything git tracks (staged files included).
fn files_to_copy(root: &Path) -> Vec<PathBuf> {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(listed.status.success(), "git ls-files failed");
    let mut files: Vec<PathBuf> = listed
        .stdout
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        .collect();
    files.sort();
    files
}

fn run(dir: &Path, program: &str, args: &[&str], target: &Path) -> Output {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Turns the copy's registry dependency to the pure-Rust solvers only.
fn without_engines(copy: &Path) {
    let manifest = copy.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let with = "sudoku-registry = { path = \"crates/registry\" }";
    assert!(
        text.contains(with),
        "the workspace manifest no longer has `{with}`"
    );
    let without = "sudoku-registry = { path = \"crates/registry\", default-features = false }";
    std::fs::write(&manifest, text.replace(with, without)).unwrap();
}

#[test]
#[ignore = "slow tier (bash scripts/test.sh slow): builds a scaffolded solver crate and the \
            command line around it"]
fn a_scaffolded_solver_builds_conforms_and_shows_everywhere() {
    let root = repo_root();
    let copy = tempfile::tempdir().unwrap();
    for file in files_to_copy(&root) {
        let from = root.join(&file);
        if !from.is_file() {
            continue; // deleted in the work tree
        }
        let to = copy.path().join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap();
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-solver-copy");
    let copy = copy.path();
    without_engines(copy);

    let scaffold = run(copy, "bash", &["scripts/new-solver.sh", NAME], &target);
    // The script says nothing on stderr when it works: a shell error there (a backquote the
    // shell ran as a command inside the generated text) is a broken scaffold.
    assert_eq!(String::from_utf8_lossy(&scaffold.stderr), "");
    let manifest = std::fs::read_to_string(copy.join("Cargo.toml")).unwrap();
    assert!(manifest.contains(&format!(
        "sudoku-{NAME} = {{ path = \"crates/solvers/{NAME}\" }}"
    )));
    let registry = std::fs::read_to_string(copy.join("crates/registry/src/lib.rs")).unwrap();
    assert!(registry.contains("entry::<sudoku_scaffold_probe::ScaffoldProbe>()"));
    // Running it twice is refused, not a second registration.
    let again = Command::new("bash")
        .args(["scripts/new-solver.sh", NAME])
        .current_dir(copy)
        .output()
        .unwrap();
    assert!(!again.status.success());

    let package = format!("sudoku-{NAME}");
    run(
        copy,
        "cargo",
        &["test", "-q", "-p", &package, "--test", "conformance"],
        &target,
    );

    let sudoku_bench = |args: &[&str]| {
        let mut all = vec!["run", "-q", "--bin", "sudoku-bench", "--"];
        all.extend_from_slice(args);
        String::from_utf8_lossy(&run(copy, "cargo", &all, &target).stdout).into_owned()
    };
    let listed = sudoku_bench(&["solvers", "--format", "line"]);
    assert!(listed.lines().any(|id| id == NAME), "solvers: {listed}");

    let out = copy.join("bench-out");
    let out_arg = out.display().to_string();
    sudoku_bench(&[
        "bench",
        "--dataset",
        "named",
        "--puzzles",
        "3",
        "--reps",
        "1",
        "--seeds",
        "1",
        "--timeout",
        "2",
        "--no-report",
        "--out",
        &out_arg,
    ]);
    let results = sudoku_run::results::read(&out.join("results.csv")).unwrap();
    let mine: Vec<_> = results.rows.iter().filter(|r| r.solver == NAME).collect();
    assert!(!mine.is_empty(), "no {NAME} rows");
    assert!(mine.iter().all(|r| r.status.is_decided()), "{mine:?}");
}
