//! Where puzzles come from: the documents' named boards and published tables (embedded from the
//! project's `datasets/` folder), and dataset files on disk in the one-puzzle-a-line form.
//!
//! Everything a run solves is a [`Dataset`]: a name and its [`Puzzle`]s, each with a stable id.
//! [`load`] turns a command-line dataset spec (`named`, or a path) into one.

mod file;

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use sudoku_core::{Entry, Grid, ParseError, parse_entries, validate_clues};

pub use file::{DatasetFile, EntryLines, MAX_LINE_BYTES, READ_WHOLE_BYTES};

const NAMED_CSV: &str = include_str!("../../../datasets/named.csv");
const TABLE1_CSV: &str = include_str!("../../../datasets/table1.csv");

/// The project's own level sets (`datasets/levels/`, written by `scripts/make-datasets.sh`):
/// unique puzzles rated easy, medium, hard and unfair by `sudoku-bench rate` (HoDoKu's levels), on 9×9 and
/// 16×16, each by its spec name. Embedded, so the default run needs no files.
pub const LEVEL_SETS: [(&str, &str); 8] = [
    (
        "9x9-easy",
        include_str!("../../../datasets/levels/9x9-easy.txt"),
    ),
    (
        "9x9-medium",
        include_str!("../../../datasets/levels/9x9-medium.txt"),
    ),
    (
        "9x9-hard",
        include_str!("../../../datasets/levels/9x9-hard.txt"),
    ),
    (
        "9x9-unfair",
        include_str!("../../../datasets/levels/9x9-unfair.txt"),
    ),
    (
        "16x16-easy",
        include_str!("../../../datasets/levels/16x16-easy.txt"),
    ),
    (
        "16x16-medium",
        include_str!("../../../datasets/levels/16x16-medium.txt"),
    ),
    (
        "16x16-hard",
        include_str!("../../../datasets/levels/16x16-hard.txt"),
    ),
    (
        "16x16-unfair",
        include_str!("../../../datasets/levels/16x16-unfair.txt"),
    ),
];

/// The project's variant sets (`datasets/`, written by `scripts/make-datasets.sh`): strictly
/// minimal unique 9×9 puzzles on jigsaw boards (a new region map for each) and on diagonal
/// boards, each line carrying its variant. Embedded, so the default run needs no files.
pub const VARIANT_SETS: [(&str, &str); 2] = [
    (
        "jigsaw-9x9",
        include_str!("../../../datasets/jigsaw-9x9.txt"),
    ),
    (
        "diagonal-9x9",
        include_str!("../../../datasets/diagonal-9x9.txt"),
    ),
];

/// Every generated set built into the binary, by spec name, with its path in the repository and
/// its text: the [`LEVEL_SETS`], then the [`VARIANT_SETS`].
pub fn generated_sets() -> impl Iterator<Item = (&'static str, String, &'static str)> {
    let levels = LEVEL_SETS
        .iter()
        .map(|&(name, text)| (name, format!("datasets/levels/{name}.txt"), text));
    let variants = VARIANT_SETS
        .iter()
        .map(|&(name, text)| (name, format!("datasets/{name}.txt"), text));
    levels.chain(variants)
}

/// What a run measures when it names no dataset: the named boards, then every generated set.
pub fn default_specs() -> Vec<String> {
    std::iter::once("named")
        .chain(generated_sets().map(|(name, _, _)| name))
        .map(String::from)
        .collect()
}

/// The byte-order mark some editors put at the start of a UTF-8 file.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A text read whole (a puzzle file given to a command, stdin) larger than this is refused
/// rather than read into memory; larger dataset files are read a line at a time.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// A board named in the reference documents, with the figures they published for it.
#[derive(Clone, Debug, Deserialize)]
pub struct NamedBoard {
    pub id: String,
    pub name: String,
    pub size: usize,
    pub clues: usize,
    pub puzzle: String,
    /// Which document the board comes from.
    pub source: String,
    /// The 2009 program's 1-4 difficulty level.
    pub published_difficulty: Option<u8>,
    /// The naive backtracking iteration count the documents published.
    pub published_iterations: Option<u64>,
    /// Hand-timed solve time without display, 1.99 GHz Celeron, 2009.
    pub published_seconds_2009: Option<u64>,
    pub notes: String,
}

impl NamedBoard {
    pub fn grid(&self) -> Grid {
        Grid::parse(&self.puzzle).expect("the embedded catalogue is checked by its tests")
    }
}

/// One row of the 2009 document's Tables 1 and 2.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedRow {
    pub rank: u32,
    pub name: String,
    pub difficulty: u8,
    pub clues: usize,
    pub iterations: u64,
    /// The document's note on how many high digits stand in the first rows.
    pub high_digits_in_first_rows: String,
    pub time_with_display: String,
    pub time_without_display: String,
    pub seconds_with_display: u64,
    pub seconds_without_display: u64,
    /// The named board whose grid is known, if any; other rows are figures only.
    pub board_id: Option<String>,
    /// A solution the document gives where the clues are not given.
    pub known_solution: Option<String>,
}

fn read_embedded<T: for<'de> Deserialize<'de>>(text: &str) -> Vec<T> {
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect::<Result<_, _>>()
        .expect("the embedded catalogue is checked by its tests")
}

/// The documents' named boards whose grids are known.
pub fn named_boards() -> Vec<NamedBoard> {
    read_embedded(NAMED_CSV)
}

/// The named board with this id.
pub fn named_board(id: &str) -> Option<NamedBoard> {
    named_boards().into_iter().find(|b| b.id == id)
}

/// The thesis (reference 001) solved its 0/1 integer program with GLPK "in about 1 s" per
/// puzzle: the one published time of a general-purpose engine on Sudoku, which the integer
/// programs of this suite are measured beside.
pub const THESIS_GLPK_SECONDS: f64 = 1.0;

/// All 32 rows of the published Tables 1 and 2, in their published order.
pub fn table1() -> Vec<PublishedRow> {
    read_embedded(TABLE1_CSV)
}

/// A puzzle in a dataset.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Stable within its dataset: the board id, or `line-N` for files.
    pub id: String,
    pub grid: Grid,
    /// What the source says about its number of solutions, if anything.
    pub expected_count: Option<u64>,
    pub solution: Option<Grid>,
}

/// A named list of puzzles.
#[derive(Clone, Debug)]
pub struct Dataset {
    pub name: String,
    pub puzzles: Vec<Puzzle>,
}

/// Why a dataset could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    // The underlying errors are part of the message and not also chained as sources, so a
    // caller printing the whole chain says each thing once.
    #[error("{path}: cannot read: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(
        "{path}: {bytes} bytes is more than the {MAX_FILE_BYTES}-byte limit for a dataset file"
    )]
    TooLarge { path: PathBuf, bytes: u64 },
    #[error("{origin}: line {line}, column {column}: not UTF-8 text")]
    NotUtf8 {
        origin: String,
        line: usize,
        column: usize,
    },
    #[error(
        "{origin}: line 1: UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8"
    )]
    Utf16 { origin: String },
    #[error("{origin}: line {line}: longer than {MAX_LINE_BYTES} bytes, which no puzzle line is")]
    LineTooLong { origin: String, line: usize },
    #[error("{origin}: {error}")]
    Parse { origin: String, error: ParseError },
}

/// Bytes as text, without a leading byte-order mark, or where the first byte that is not UTF-8
/// stands; `origin` names the source.
pub fn text_from_bytes(origin: &str, mut bytes: Vec<u8>) -> Result<String, LoadError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(LoadError::Utf16 {
            origin: origin.into(),
        });
    }
    // Editors on some systems start UTF-8 files with a byte-order mark; it is not a cell.
    if bytes.starts_with(UTF8_BOM) {
        bytes.drain(..UTF8_BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        LoadError::NotUtf8 {
            origin: origin.into(),
            line: valid.iter().filter(|&&b| b == b'\n').count() + 1,
            column: valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1,
        }
    })
}

/// A text file, refused when over [`MAX_FILE_BYTES`] or not UTF-8: the one file reader of the
/// suite (datasets and the command line's puzzle files alike).
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let io = |error| LoadError::Io {
        path: path.into(),
        error,
    };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    if bytes > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.into(),
            bytes,
        });
    }
    text_from_bytes(
        &path.display().to_string(),
        std::fs::read(path).map_err(io)?,
    )
}

/// The embedded named boards whose clues are consistent, as a dataset.
pub fn named_dataset() -> Dataset {
    Dataset {
        name: "named".into(),
        puzzles: named_boards()
            .into_iter()
            .filter(|board| validate_clues(&board.grid()).is_ok())
            .map(|board| Puzzle {
                grid: board.grid(),
                id: board.id,
                expected_count: None,
                solution: None,
            })
            .collect(),
    }
}

/// The rows of the published Table 1 whose grids are known, each with its board, in the
/// table's order.
pub fn table1_known() -> Vec<(PublishedRow, NamedBoard)> {
    table1()
        .into_iter()
        .filter_map(|row| {
            let board = named_board(row.board_id.as_deref()?)?;
            Some((row, board))
        })
        .collect()
}

/// The boards of the published Table 1 whose grids are known, in the table's order, as a
/// dataset: what `reproduce` runs.
pub fn table1_dataset() -> Dataset {
    Dataset {
        name: "table1".into(),
        puzzles: table1_known()
            .into_iter()
            .map(|(_, board)| Puzzle {
                grid: board.grid(),
                id: board.id,
                expected_count: None,
                solution: None,
            })
            .collect(),
    }
}

/// Reads puzzles from text, one a line (or one grid over several lines); `origin` names the
/// source in errors.
pub fn parse_dataset(name: &str, origin: &str, text: &str) -> Result<Dataset, LoadError> {
    let entries = parse_entries(text).map_err(|error| LoadError::Parse {
        origin: origin.into(),
        error,
    })?;
    Ok(Dataset {
        name: name.into(),
        puzzles: entries.into_iter().map(Puzzle::from).collect(),
    })
}

/// The id of a file's puzzle that starts on `line`.
pub fn line_id(line: usize) -> String {
    format!("line-{line}")
}

impl From<Entry> for Puzzle {
    /// A file's puzzle, named by the line it starts on.
    fn from(entry: Entry) -> Puzzle {
        Puzzle {
            id: line_id(entry.line),
            grid: entry.grid,
            expected_count: entry.expected_count,
            solution: entry.solution,
        }
    }
}

/// Reads a dataset file whole into memory, through [`DatasetFile`].
pub fn read_file(path: &Path) -> Result<Dataset, LoadError> {
    let file = DatasetFile::open(path)?;
    Ok(Dataset {
        name: file.name().into(),
        puzzles: file
            .entries()?
            .map(|entry| entry.map(Puzzle::from))
            .collect::<Result<_, _>>()?,
    })
}

/// The public benchmark sets the suite measures against, in the order reports list them.
pub const PUBLIC_DATASETS: [&str; 3] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
];

/// Where the public benchmark sets are: the folder named by `$SUDOKU_DATASETS`, else the first
/// `shared/datasets` folder beside the project (they are read in place, never copied into it).
/// `None` when neither exists, so callers can say what they skip.
pub fn public_datasets_dir() -> Option<PathBuf> {
    sudoku_probe::public_datasets_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// What the embedded dataset called `name` ([`embedded_names`]) holds, in a phrase for listings.
pub fn describe(name: &str) -> String {
    match name {
        "named" => "the documents' named boards whose clues are consistent".into(),
        "table1" => "the boards of the 2009 document's Table 1 whose grids are known".into(),
        "jigsaw-9x9" => {
            "strictly minimal unique 9x9 jigsaw puzzles, a random region map each".into()
        }
        "diagonal-9x9" => {
            "strictly minimal unique 9x9 puzzles with both diagonals as houses too".into()
        }
        level => {
            let (size, rating) = level.split_once('-').unwrap_or((level, ""));
            format!("unique {size} puzzles rated {rating} by `rate`")
        }
    }
}

/// Loads a dataset by its command-line spec: an [`embedded`] one by name, else a file path.
pub fn load(spec: &str) -> Result<Dataset, LoadError> {
    match embedded(spec) {
        Some(dataset) => Ok(dataset),
        None => read_file(Path::new(spec)),
    }
}

/// The names of the datasets built into the suite, in the order listings give them: `named`,
/// `table1`, then the [`generated_sets`].
pub fn embedded_names() -> Vec<&'static str> {
    ["named", "table1"]
        .into_iter()
        .chain(generated_sets().map(|(name, _, _)| name))
        .collect()
}

/// The datasets built into the suite, by spec: `named` for the embedded boards, `table1` for
/// the known boards of the published Table 1, and the [`generated_sets`].
pub fn embedded(spec: &str) -> Option<Dataset> {
    match spec {
        "named" => Some(named_dataset()),
        "table1" => Some(table1_dataset()),
        _ => generated_sets()
            .find(|(name, _, _)| *name == spec)
            .map(|(name, path, text)| {
                parse_dataset(name, &path, text)
                    .expect("the embedded generated sets parse (a test checks)")
            }),
    }
}

impl fmt::Display for Dataset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} puzzles)", self.name, self.puzzles.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_boards_parse_and_match_their_clue_counts() {
        let boards = named_boards();
        assert_eq!(boards.len(), 7);
        for board in &boards {
            let grid = board.grid();
            assert_eq!(grid.size(), board.size, "{}", board.id);
            assert_eq!(grid.clue_count(), board.clues, "{}", board.id);
        }
        // The coursework's example file conflicts as printed; it stays out of the dataset.
        let conflicting: Vec<&str> = boards
            .iter()
            .filter(|b| validate_clues(&b.grid()).is_err())
            .map(|b| b.id.as_str())
            .collect();
        assert_eq!(conflicting, ["input-file-example"]);
        assert_eq!(named_dataset().puzzles.len(), 6);
        let with_counts = boards.iter().filter(|b| b.published_iterations.is_some());
        assert_eq!(with_counts.count(), 5);
    }

    #[test]
    fn table1_has_32_rows_linked_to_known_boards() {
        let rows = table1();
        assert_eq!(rows.len(), 32);
        for row in rows
            .iter()
            .filter_map(|r| r.board_id.as_ref().map(|id| (r, id)))
        {
            let board = named_board(row.1).expect("table rows name real boards");
            assert_eq!(board.published_iterations, Some(row.0.iterations));
        }
    }

    #[test]
    fn variant_sets_load_by_name_with_their_variants() {
        for (name, kind) in [
            ("jigsaw-9x9", sudoku_core::VariantKind::Jigsaw),
            ("diagonal-9x9", sudoku_core::VariantKind::Diagonal),
        ] {
            let set = load(name).expect("embedded variant sets parse");
            assert!(!set.puzzles.is_empty(), "{name}");
            for puzzle in &set.puzzles {
                assert_eq!(puzzle.grid.variant().kind(), kind, "{name} {}", puzzle.id);
                assert_eq!(puzzle.expected_count, Some(1), "{name} {}", puzzle.id);
                let solution = puzzle.solution.as_ref().expect("a solution");
                assert_eq!(solution.variant(), puzzle.grid.variant());
                assert_eq!(sudoku_core::verify_solution(&puzzle.grid, solution), Ok(()));
            }
        }
        assert!(default_specs().iter().any(|s| s == "jigsaw-9x9"));
    }

    #[test]
    fn level_sets_load_by_name_with_their_boards() {
        for (name, _) in LEVEL_SETS {
            let set = load(name).expect("embedded level sets parse");
            assert_eq!(set.name, name);
            let size = if name.starts_with("9x9") { 9 } else { 16 };
            assert!(!set.puzzles.is_empty(), "{name}");
            for puzzle in &set.puzzles {
                assert_eq!(puzzle.grid.size(), size, "{name} {}", puzzle.id);
                assert_eq!(puzzle.expected_count, Some(1), "{name} {}", puzzle.id);
                assert!(puzzle.solution.is_some(), "{name} {}", puzzle.id);
            }
        }
        assert_eq!(
            default_specs().len(),
            1 + LEVEL_SETS.len() + VARIANT_SETS.len()
        );
    }

    #[test]
    fn a_bad_file_line_is_named() {
        let error = parse_dataset("t", "t.txt", "# c\n1234341221434321\n12343412214343x1\n")
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("t.txt: line 3, column 15"), "{error}");
    }
}
