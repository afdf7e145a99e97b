//! Embeds the commit of the tree the program is built from as `SUDOKU_BENCH_COMMIT`: the
//! 12-digit short hash, `-dirty` when tracked files differ from it, empty outside git. Files
//! under `reports/` are left out of both: they are what the program writes, not what it is built
//! from, and a measurement that rewrites them must not mark (or rebuild) the program measuring. Run
//! headers and `--version` then name the commit of the program that measured, wherever that
//! program is started from.
//!
//! It also sets `missing_slurm` when this machine cannot start a Slurm cluster, and
//! `missing_chromium` / `missing_chromedriver` when it lacks Chromium or its WebDriver server, so
//! that the tests needing them (the Slurm cluster, the lab in a real browser) show as ignored with
//! why (see `sudoku_probe`).
//!
//! The script runs again when the commit or the checkout's state can have changed: HEAD, the
//! branch it names, the packed refs and the index, and every tracked file (an edit that is not
//! yet staged leaves the index alone but makes the tree dirty; a tracked file deleted and not
//! yet staged makes every build run it again until it is). It belongs to this package, the one
//! the others do not depend on, so running it again rebuilds this package alone.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    sudoku_probe::tell_cargo(&[
        sudoku_probe::Need::Slurm,
        sudoku_probe::Need::Chromium,
        sudoku_probe::Need::ChromeDriver,
    ]);
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let commit = commit(&here);
    println!(
        "cargo::rustc-env=SUDOKU_BENCH_COMMIT={}",
        commit.as_deref().unwrap_or("")
    );
    if commit.is_none() {
        // Not in a checkout (or no git): nothing to watch but this script.
        println!("cargo::rerun-if-changed=build.rs");
        return;
    }
    // A file cargo is told to watch and cannot find makes every build run this again, so git's
    // own files are watched only where they are: the packed refs may not exist, and a branch's
    // ref may live only in them, so for a ref file not there its nearest folder is watched
    // (where the next commit of the branch writes it).
    let mut watched: Vec<PathBuf> = ["HEAD", "index", "packed-refs"]
        .into_iter()
        .filter_map(|name| git_path(&here, name))
        .filter(|path| path.exists())
        .collect();
    if let Some(branch) = git(&here, &["symbolic-ref", "-q", "HEAD"])
        && let Some(path) = git_path(&here, &branch)
    {
        watched.extend(path.ancestors().find(|p| p.exists()).map(Path::to_path_buf));
    }
    if let Some(top) = git(&here, &["rev-parse", "--show-toplevel"]) {
        let top = Path::new(&top);
        // Listed from the top: from here, git would list only this crate's files.
        if let Some(files) = git(top, &["ls-files", "-z", "--", ".", OUTPUT_FOLDER]) {
            watched.extend(
                files
                    .split('\0')
                    .filter(|f| !f.is_empty())
                    .map(|f| top.join(f)),
            );
        }
    }
    for path in watched {
        // A path with a line break cannot be said in a directive; git's own files never have one.
        if let Some(path) = path.to_str().filter(|p| !p.contains('\n')) {
            println!("cargo::rerun-if-changed={path}");
        }
    }
}

/// The pathspec that leaves out the reports folder, as seen from the top of the checkout and
/// from anywhere in it.
const OUTPUT_FOLDER: &str = ":(exclude)reports";
const OUTPUT_FOLDER_FROM_TOP: &str = ":(top,exclude)reports";

/// `HEAD`'s short hash, with `-dirty` when tracked files outside `reports/` differ from it
/// (staged or not).
fn commit(here: &Path) -> Option<String> {
    let hash = git(here, &["rev-parse", "--short=12", "HEAD"])?;
    // `--no-optional-locks`: status would otherwise refresh and rewrite the index, which this
    // script watches, so every build would ask for the next.
    let changes = git(
        here,
        &[
            "--no-optional-locks",
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ":/",
            OUTPUT_FOLDER_FROM_TOP,
        ],
    )?;
    Some(if changes.is_empty() {
        hash
    } else {
        format!("{hash}-dirty")
    })
}

/// Where git keeps `name` (a file of the git directory, or a ref), as an absolute path: in a
/// worktree, HEAD and the index are the worktree's own and the refs are shared.
fn git_path(here: &Path, name: &str) -> Option<PathBuf> {
    git(here, &["rev-parse", "--git-path", name]).map(|path| here.join(path))
}

/// `git args` run in `here`, its output trimmed; `None` when git is missing or fails.
fn git(here: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(here)
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
}
