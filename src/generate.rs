//! `generate`: seeded puzzles in the dataset form, for runs beyond the documents' boards.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, bail, ensure};
use rand::SeedableRng;
use rand::rngs::StdRng;
use sudoku_core::Shape;
use sudoku_generate::{keep_givens, random_solution};

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// Side of the board (4, 6, 8, 9, 12, 16 or 25).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Proportion of the cells kept as givens, 0 to 1 (repeatable or comma-separated); each
    /// proportion gets --count puzzles. The puzzles are solvable but not necessarily unique.
    #[arg(
        long,
        value_delimiter = ',',
        required = true,
        value_name = "PROPORTION"
    )]
    givens: Vec<f64>,
    /// Puzzles per proportion.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Seed: the same options and seed give the same file.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write to this file (replaced whole, never left half-written) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn generate(args: &GenerateArgs) -> Result<()> {
    let Some(shape) = Shape::from_size(args.size) else {
        let sizes: Vec<String> = Shape::ALL.iter().map(|s| s.size().to_string()).collect();
        bail!(
            "no board of size {}: sizes are {}",
            args.size,
            sizes.join(", ")
        );
    };
    for &proportion in &args.givens {
        ensure!(
            (0.0..=1.0).contains(&proportion),
            "--givens {proportion}: a proportion of the cells lies between 0 and 1"
        );
    }
    let text = partial_grids(shape, args);
    match &args.out {
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .context("cannot write to standard output"),
        Some(path) => write_whole(path, &text),
    }
}

/// The file: a header saying how it was made, then one `puzzle::solution` line per puzzle.
fn partial_grids(shape: Shape, args: &GenerateArgs) -> String {
    let proportions: Vec<String> = args.givens.iter().map(f64::to_string).collect();
    let mut text = format!(
        "# sudoku-bench generate --size {} --givens {} --count {} --seed {} (rand 0.9 StdRng)\n\
         # Each: a random full grid (base pattern shuffled by band/row/stack/column/digit moves), \
         then that proportion of its cells kept as givens at random places, the rest emptied.\n\
         # Solvable (the full grid solves it), not necessarily unique. Form: puzzle::solution.\n",
        shape.size(),
        proportions.join(","),
        args.count,
        args.seed,
    );
    let mut rng = StdRng::seed_from_u64(args.seed);
    for &proportion in &args.givens {
        for _ in 0..args.count {
            let solution = random_solution(shape, &mut rng);
            let puzzle = keep_givens(&solution, proportion, &mut rng);
            text.push_str(&format!("{}::{}\n", puzzle.to_line(), solution.to_line()));
        }
    }
    text
}

/// Writes beside `path` and renames into place, so a failure never leaves a partial file.
fn write_whole(path: &std::path::Path, text: &str) -> Result<()> {
    let mut staging = path.as_os_str().to_owned();
    staging.push(".partial");
    let staging = PathBuf::from(staging);
    std::fs::write(&staging, text)
        .with_context(|| format!("cannot write {}", staging.display()))?;
    std::fs::rename(&staging, path)
        .with_context(|| format!("cannot move {} to {}", staging.display(), path.display()))
}
