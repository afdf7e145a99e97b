//! Where the command line's puzzles come from: an argument, a file, stdin or a named board.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use sudoku_catalog::{DatasetFile, MAX_FILE_BYTES};
use sudoku_core::{Entry, parse_entries};

use crate::Failure;

#[derive(clap::Args)]
pub struct InputArgs {
    /// The puzzle itself (81 characters for 9×9, `.` or `0` for empty); omit to read a file or stdin.
    puzzle: Option<String>,
    /// Read puzzles from a file (`-` for stdin): one grid, or one puzzle a line.
    #[arg(long, short, value_name = "PATH", conflicts_with = "puzzle")]
    file: Option<PathBuf>,
    /// A named board from the catalogue (e.g. near-worst-case).
    #[arg(long, value_name = "ID", conflicts_with_all = ["puzzle", "file"])]
    board: Option<String>,
    /// A whole dataset: `named` for the catalogue's boards, or a dataset file's path.
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["puzzle", "file", "board"])]
    dataset: Option<String>,
}

/// The puzzles a command works on: held in memory (an argument, stdin, a board, a small file),
/// or a large file's, read a line at a time as the command goes. Either way every puzzle has
/// been read once and found well formed before the first is handed out.
pub struct Puzzles {
    /// A prefix naming the puzzles' origin for messages (`file.txt: `).
    pub origin: String,
    source: Source,
}

enum Source {
    Held(Vec<Entry>),
    File(DatasetFile),
}

impl Puzzles {
    pub fn len(&self) -> usize {
        match &self.source {
            Source::Held(entries) => entries.len(),
            Source::File(file) => file.len(),
        }
    }

    /// Every puzzle, in order. A large file changed since it was opened can fail part-way.
    pub fn iter(&self) -> Result<Box<dyn Iterator<Item = Result<Entry, Failure>> + '_>, Failure> {
        Ok(match &self.source {
            Source::Held(entries) => Box::new(entries.iter().cloned().map(Ok)),
            Source::File(file) => Box::new(
                file.entries()
                    .map_err(|e| Failure::input(e.to_string()))?
                    .map(|entry| entry.map_err(|e| Failure::input(e.to_string()))),
            ),
        })
    }

    /// The one puzzle a command that takes one works on; `command` names it in the refusal.
    pub fn single(&self, command: &str) -> Result<Entry, Failure> {
        let count = self.len();
        match self.iter()?.next() {
            Some(entry) if count == 1 => entry,
            _ => Err(Failure::input(format!(
                "{command} takes one puzzle; the input holds {count}"
            ))),
        }
    }
}

impl InputArgs {
    /// The puzzles to work on.
    pub fn read(&self) -> Result<Puzzles, Failure> {
        let held = |origin: String, entries| Puzzles {
            origin,
            source: Source::Held(entries),
        };
        let (origin, text) = if let Some(puzzle) = &self.puzzle {
            (String::new(), puzzle.clone())
        } else if let Some(spec) = &self.dataset {
            if spec == "named" {
                return Ok(held("dataset named: ".into(), named_entries()));
            }
            return open_file(Path::new(spec));
        } else if let Some(id) = &self.board {
            let board = sudoku_catalog::named_board(id).ok_or_else(|| {
                let ids: Vec<String> = sudoku_catalog::named_boards()
                    .into_iter()
                    .map(|b| b.id)
                    .collect();
                Failure::input(format!(
                    "unknown board {id:?}; named boards: {}",
                    ids.join(", ")
                ))
            })?;
            (format!("board {id}: "), board.puzzle)
        } else {
            match &self.file {
                Some(path) if path.as_os_str() != "-" => return open_file(path),
                _ => ("stdin: ".into(), read_stdin()?),
            }
        };
        let entries = parse_entries(&text).map_err(|e| {
            let hint = match &self.puzzle {
                Some(argument) if looks_like_a_path(argument) => {
                    format!(" ({argument:?} looks like a file: read it with --file {argument})")
                }
                _ => String::new(),
            };
            Failure::input(format!("{origin}{e}{hint}"))
        })?;
        Ok(held(origin, entries))
    }
}

/// A puzzle file, through the catalogue's one reader of dataset files.
fn open_file(path: &Path) -> Result<Puzzles, Failure> {
    let file = DatasetFile::open(path).map_err(|e| Failure::input(e.to_string()))?;
    Ok(Puzzles {
        origin: format!("{}: ", path.display()),
        source: Source::File(file),
    })
}

/// Whether a puzzle argument that failed to parse was meant as a file: it names one, has a path
/// separator, or ends in a puzzle-file extension.
fn looks_like_a_path(argument: &str) -> bool {
    const EXTENSIONS: [&str; 6] = [".txt", ".csv", ".sdk", ".sdm", ".ss", ".dat"];
    std::path::Path::new(argument).exists()
        || argument.contains(['/', '\\'])
        || EXTENSIONS
            .iter()
            .any(|extension| argument.to_ascii_lowercase().ends_with(extension))
}

/// The named boards as entries, numbered by their line in the catalogue.
fn named_entries() -> Vec<Entry> {
    sudoku_catalog::named_dataset()
        .puzzles
        .into_iter()
        .enumerate()
        .map(|(index, puzzle)| Entry {
            line: index + 1,
            cell_lines: vec![index + 1; puzzle.grid.cells().len()],
            grid: puzzle.grid,
            expected_count: puzzle.expected_count,
            solution: puzzle.solution,
        })
        .collect()
}

fn read_stdin() -> Result<String, Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return Err(Failure::input(
            "no puzzle given: pass it as an argument, with --file or --board, or on stdin",
        ));
    }
    let mut data = Vec::new();
    stdin
        .lock()
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut data)
        .map_err(|e| Failure::input(format!("stdin: cannot read: {e}")))?;
    if data.len() as u64 > MAX_FILE_BYTES {
        return Err(Failure::input(format!(
            "stdin: more than the {MAX_FILE_BYTES}-byte limit"
        )));
    }
    sudoku_catalog::text_from_bytes("stdin", data).map_err(|e| Failure::input(e.to_string()))
}
