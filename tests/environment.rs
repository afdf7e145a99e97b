//! What a run records of the program and the machine it ran on: the commit the binary was built
//! from (whatever folder it is started in), the CPU it was pinned to, and how it ended.

use std::path::Path;
use std::process::{Command, Output};

use sudoku_run::results::{self, RunHeader};

/// A run of the named boards by the solver given after it, one timed pass.
const RUN: [&str; 8] = [
    "bench",
    "-d",
    "named",
    "--reps",
    "1",
    "--no-report",
    "--quiet",
    "-s",
];

/// The binary run with `args` in the folder `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn header_of(out: &Path) -> RunHeader {
    results::read(&out.join("results.csv"))
        .unwrap()
        .header
        .expect("a run header")
}

/// `git args` in this checkout, trimmed; `None` when git fails.
fn git(args: &[&str], dir: &Path) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

#[test]
fn the_header_names_the_commit_the_binary_was_built_from_wherever_it_runs() {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    // What git says of the tree the binary was built from (the build is this test's).
    let expected = git(&["rev-parse", "--short=12", "HEAD"], checkout).map(|hash| {
        // As build.rs asks, without rewriting the index (which would call for a rebuild).
        let status = [
            "--no-optional-locks",
            "status",
            "--porcelain",
            "--untracked-files=no",
        ];
        let changes = git(&status, checkout);
        match changes {
            Some(changes) if changes.is_empty() => hash,
            _ => format!("{hash}-dirty"),
        }
    });
    assert!(expected.is_some(), "this test runs in a git checkout");
    let elsewhere = tempfile::tempdir().unwrap();
    let toplevel = git(&["rev-parse", "--show-toplevel"], elsewhere.path());
    assert_ne!(
        toplevel,
        git(&["rev-parse", "--show-toplevel"], checkout),
        "the run starts outside this checkout"
    );
    let output = run_in(
        elsewhere.path(),
        &[&RUN[..], &["bitmask", "--out", "run"]].concat(),
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        header_of(&elsewhere.path().join("run")).git_commit,
        expected
    );

    let version = run_in(elsewhere.path(), &["--version"]);
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!(
            "sudoku-bench {} ({})\n",
            env!("CARGO_PKG_VERSION"),
            expected.unwrap()
        )
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_pinned_run_records_its_cpu_and_a_finished_one_how_it_ended() {
    let scratch = tempfile::tempdir().unwrap();
    let cpu = sudoku_run::machine::allowed_cpus().unwrap()[0];
    // naive takes over a CPU-second on the named boards: long enough to measure others' share.
    let pin = ["naive", "--pin", &cpu.to_string(), "--out", "run"];
    let output = run_in(scratch.path(), &[&RUN[..], &pin].concat());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let header = header_of(&scratch.path().join("run"));
    let environment = header.environment.expect("conditions recorded");
    assert_eq!(environment.pinned_cpu, Some(cpu));
    assert_eq!(
        header.machine.cores,
        std::thread::available_parallelism().unwrap().get(),
        "the machine's cores, not the one the run was pinned to"
    );
    assert_eq!(header.options["pin"], cpu);
    assert!(header.method.ends_with(&format!(", pinned to CPU {cpu}")));
    assert!(environment.load_before.is_some(), "Linux has /proc/loadavg");
    let end = environment.end.expect("a finished run records its end");
    assert!(end.load_after.is_some());
    let share = end.others_cpu.expect("Linux has /proc/stat");
    assert!((0.0..=1.0).contains(&share), "{share}");
    assert!(!end.resumed);
    let text = std::fs::read_to_string(scratch.path().join("run/results.csv")).unwrap();
    assert!(text.lines().last().unwrap().starts_with("# end: {"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_pin_no_run_can_keep_exits_2_naming_the_option() {
    let scratch = tempfile::tempdir().unwrap();
    let allowed = sudoku_run::machine::allowed_cpus().unwrap();
    let output = run_in(
        scratch.path(),
        &[&RUN[..], &["bitmask", "--pin", "999"]].concat(),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "--pin 999: there is no CPU 999 this run may use; valid: {}",
            sudoku_run::machine::cpu_list(&allowed)
        )),
        "{stderr}"
    );
    assert!(
        !scratch.path().join("reports").exists(),
        "a refused run leaves no folder"
    );

    let output = run_in(
        scratch.path(),
        &[&RUN[..], &["bitmask", "--pin", "0", "--jobs", "2"]].concat(),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--pin 0 with --jobs 2: a pinned run has one CPU"),
        "{stderr}"
    );
}
