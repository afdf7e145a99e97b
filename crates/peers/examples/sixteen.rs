//! Bitmask against DLX on 16×16 puzzles: the 16×16 puzzles of `datasets/large.txt`, the
//! project's four 16×16 level sets, and a generated set of strictly minimal 16×16 puzzles
//! (`datasets/minimal-16x16.txt`, from `scripts/make-datasets.sh`).
//! Every solve checks uniqueness (limit 2) through `sudoku_run::timed_solve`, the contenders
//! alternated pass after pass; prints the median puzzles/s of each and their ratio.
//!
//! `cargo run --release -p sudoku-peers --example sixteen [rounds [extra dataset files…]]`

use std::path::{Path, PathBuf};

use sudoku_core::{Grid, Registered};
use sudoku_peers::{compare, grids};

/// A pass should last long enough for the clock: small sets are repeated up to this many solves.
const MIN_SOLVES: usize = 200;

fn main() {
    let rounds = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let datasets = root.join("../../datasets");
    let mut sets: Vec<(String, PathBuf)> = vec![
        ("large.txt (16×16)".into(), datasets.join("large.txt")),
        ("levels 16×16 (4)".into(), datasets.join("levels")),
        (
            "generated minimal".into(),
            datasets.join("minimal-16x16.txt"),
        ),
    ];
    sets.extend(
        std::env::args()
            .skip(2)
            .map(|a| (a.clone(), PathBuf::from(a))),
    );
    let contenders = [
        Registered::of::<sudoku_bitmask::Bitmask>(),
        Registered::of::<sudoku_dlx::Dlx>(),
    ];
    println!(
        "16×16, uniqueness-checking solves through sudoku_run::timed_solve; median of {rounds} \
         alternated passes"
    );
    println!(
        "| set | puzzles | bitmask /s | dlx /s | bitmask / dlx | bitmask guesses/puzzle | dlx guesses/puzzle |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, path) in sets {
        let puzzles = match sixteens(&path) {
            Ok(puzzles) if !puzzles.is_empty() => puzzles,
            Ok(_) => {
                println!("| {name} | skipped: no 16×16 puzzle |");
                continue;
            }
            Err(error) => {
                println!("| {name} | skipped: {error} |");
                continue;
            }
        };
        let distinct = puzzles.len();
        let repeated: Vec<Grid> = puzzles
            .iter()
            .cycle()
            .take(distinct * MIN_SOLVES.div_ceil(distinct))
            .cloned()
            .collect();
        let rates = compare(&contenders, &repeated, rounds, 1);
        let per_puzzle = |k: usize| rates[k].first.guesses as f64 / repeated.len() as f64;
        println!(
            "| {name} | {distinct} | {:.0} | {:.0} | {:.2}× | {:.2} | {:.2} |",
            rates[0].per_second,
            rates[1].per_second,
            rates[0].per_second / rates[1].per_second,
            per_puzzle(0),
            per_puzzle(1),
        );
        for rate in rates.iter().filter(|r| r.first.failures > 0) {
            println!(
                "  {}: {} solves not unique and verified",
                rate.id, rate.first.failures
            );
        }
    }
}

/// The 16×16 puzzles of a dataset file, or of every file of a folder.
fn sixteens(path: &Path) -> Result<Vec<Grid>, String> {
    let files = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| e.to_string())?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("16x16"))
            })
            .collect();
        files.sort();
        files
    } else {
        vec![path.to_path_buf()]
    };
    let mut all = Vec::new();
    for file in files {
        all.extend(grids(&file)?.into_iter().filter(|g| g.size() == 16));
    }
    Ok(all)
}
