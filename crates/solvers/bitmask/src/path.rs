//! Which compiled copy of the search runs. The 9×9 and 16×16 searches are compiled three ways
//! (see *Portability* in the crate docs); by default a solver takes the fastest this processor
//! runs, and `SUDOKU_BITMASK_PATH` (or [`crate::Bitmask::on_path`]) picks another, so the
//! slower copies, which most users' processors run, are measured and tested end to end here
//! too.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The environment variable that picks a path for every solver made with `Default`.
pub const PATH_VARIABLE: &str = "SUDOKU_BITMASK_PATH";

/// One compiled copy of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Path {
    /// Plain Rust for the baseline of the target (x86-64 v1: SSE2 only), every processor.
    Scalar,
    /// Compiled for AVX2, BMI1/2, POPCNT and LZCNT (x86-64 v3; Intel since Haswell, AMD since
    /// Excavator); on 9×9 it takes PEXT only where that is fast (not on AMD before Zen 3).
    Avx2,
    /// AVX2 plus PEXT and AVX-512F: the band examination, column rules and triads on vector
    /// lanes; the rectangle exchange too where AVX-512BW and VBMI are (SSE2 elsewhere).
    Avx512,
}

/// A path asked for that cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// Not a path's name.
    Unknown(String),
    /// A path this processor lacks the instructions for.
    Unavailable(Path),
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathError::Unknown(name) => write!(
                f,
                "unknown bitmask path {name:?}: expected one of {}",
                Path::ALL.map(Path::name).join(", ")
            ),
            PathError::Unavailable(path) => write!(
                f,
                "the bitmask path {path} needs instructions this processor lacks; it has: {}",
                Path::available_paths()
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

impl std::error::Error for PathError {}

impl Path {
    /// Every path, slowest first.
    pub const ALL: [Path; 3] = [Path::Scalar, Path::Avx2, Path::Avx512];

    /// The name `SUDOKU_BITMASK_PATH` takes and reports print.
    pub fn name(self) -> &'static str {
        match self {
            Path::Scalar => "scalar",
            Path::Avx2 => "avx2",
            Path::Avx512 => "avx512",
        }
    }

    /// Whether this processor can run the path.
    pub fn is_available(self) -> bool {
        match self {
            Path::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => crate::bmi_available(),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => crate::bmi_available() && crate::wide::available(),
            #[cfg(not(target_arch = "x86_64"))]
            Path::Avx2 | Path::Avx512 => false,
        }
    }

    /// The paths this processor runs, slowest first.
    pub fn available_paths() -> Vec<Path> {
        Path::ALL.into_iter().filter(|p| p.is_available()).collect()
    }

    /// The fastest path this processor runs.
    pub fn best() -> Path {
        Path::available_paths()
            .pop()
            .expect("the scalar path runs everywhere")
    }

    /// The path `SUDOKU_BITMASK_PATH` names (the best one when it is unset or empty), or why it
    /// cannot run.
    pub fn from_env() -> Result<Path, PathError> {
        match std::env::var(PATH_VARIABLE) {
            Ok(name) if !name.trim().is_empty() => {
                let path: Path = name.parse()?;
                if path.is_available() {
                    Ok(path)
                } else {
                    Err(PathError::Unavailable(path))
                }
            }
            _ => Ok(Path::best()),
        }
    }

    /// The path solvers made with `Default` take: [`Path::from_env`], read once per process;
    /// the best path when the variable names one that cannot run (a program should check
    /// [`Path::from_env`] first and report the error, as `sudoku-bench` does).
    pub fn selected() -> Path {
        static SELECTED: OnceLock<Path> = OnceLock::new();
        *SELECTED.get_or_init(|| Path::from_env().unwrap_or_else(|_| Path::best()))
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Path {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Path, PathError> {
        let text = text.trim();
        Path::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| PathError::Unknown(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_unknown_names_are_refused() {
        for path in Path::ALL {
            assert_eq!(path.name().parse::<Path>(), Ok(path));
            assert_eq!(path.name().to_uppercase().parse::<Path>(), Ok(path));
        }
        let error = "sse".parse::<Path>().unwrap_err();
        assert_eq!(error, PathError::Unknown("sse".into()));
        assert!(
            error.to_string().contains("scalar, avx2, avx512"),
            "{error}"
        );
    }

    #[test]
    fn the_paths_a_processor_runs_are_nested() {
        // A processor with AVX-512 runs the AVX2 copy, and every processor the scalar one.
        let available = Path::available_paths();
        assert_eq!(available[0], Path::Scalar);
        assert_eq!(available, Path::ALL[..available.len()].to_vec());
        assert_eq!(Path::best(), *available.last().unwrap());
    }

    /// The puzzle lines of one of the project's datasets (`datasets/`).
    fn project_set(name: &str) -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../datasets")
            .join(name);
        let text = std::fs::read_to_string(path).expect("a project dataset");
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l[..81].to_string())
            .collect()
    }

    /// Each line solved on `path` up to `limit` solutions: the tally and the first solution.
    fn solve_all(path: Path, lines: &[String], limit: u64) -> Vec<(crate::Tally, [u8; 81])> {
        let mut solver = crate::Bitmask::on_path(path).expect("a path this processor runs");
        assert_eq!(solver.path(), path);
        let mut solution = [0u8; 81];
        lines
            .iter()
            .map(|line| {
                let tally = solver
                    .solve_line(line, limit, &mut solution)
                    .expect("a 9×9 line");
                (tally, solution)
            })
            .collect()
    }

    /// Every path this processor runs answers as the scalar one does: the same counts, first
    /// solutions, nodes and guesses on the multi-solution set, where uniqueness checks work
    /// hardest (every path ends them by the same rectangle exchange).
    #[test]
    fn every_path_here_answers_as_the_scalar_one() {
        let lines = project_set("multi-solution.txt");
        assert!(lines.len() >= 300);
        let scalar = solve_all(Path::Scalar, &lines, 2);
        assert!(scalar.iter().all(|(tally, _)| tally.solutions == 2));
        for path in Path::available_paths() {
            let here = solve_all(path, &lines, 2);
            for (k, ((a, first_a), (b, first_b))) in scalar.iter().zip(&here).enumerate() {
                assert_eq!(
                    (a.solutions, first_a, a.counters.clone()),
                    (b.solutions, first_b, b.counters.clone()),
                    "{path}, line {k}"
                );
            }
        }
        for path in Path::ALL.into_iter().filter(|p| !p.is_available()) {
            assert_eq!(
                crate::Bitmask::on_path(path).err(),
                Some(PathError::Unavailable(path))
            );
        }
    }

    /// Every path this processor runs searches the scalar path's tree, to a first solution
    /// and to a second: the same nodes, guesses and backtracks on each puzzle of the
    /// multi-solution and band-first sets. Each path's propagation reaches the scalar
    /// fixpoint, and each finds the scalar path's rectangle exchange, or the trees part.
    #[test]
    fn every_path_here_searches_the_scalar_tree() {
        let mut lines = project_set("multi-solution.txt");
        lines.extend(project_set("band-first.txt"));
        assert!(lines.len() >= 2_300);
        for limit in [1, 2] {
            let scalar = solve_all(Path::Scalar, &lines, limit);
            for path in Path::available_paths() {
                let here = solve_all(path, &lines, limit);
                for (k, (a, b)) in scalar.iter().zip(here).enumerate() {
                    assert_eq!(
                        a.0.counters, b.0.counters,
                        "{path}, limit {limit}, line {k}"
                    );
                }
            }
        }
    }

    /// `scripts/test.sh` runs this crate's tests once per path this processor has, naming it
    /// in `SUDOKU_BITMASK_PATH`: each run must really be on that path.
    #[test]
    fn solvers_run_the_path_the_environment_names() {
        let selected = crate::Bitmask::default().path();
        match std::env::var(PATH_VARIABLE) {
            Ok(name) if !name.trim().is_empty() => {
                assert_eq!(selected.name(), name.trim().to_lowercase());
            }
            _ => assert_eq!(selected, Path::best()),
        }
        println!("bitmask tests on the {selected} path");
    }
}
