//! Where the command line's puzzles come from: an argument, a file, stdin, a named board or a
//! dataset (a built-in one by name, or a file); and the walk over them, on one thread or several,
//! in their order.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use sudoku_catalog::{DatasetFile, MAX_FILE_BYTES};
use sudoku_core::{Entry, parse_entries, validate_clues};

use crate::Failure;

#[derive(clap::Args)]
pub struct InputArgs {
    /// The puzzle itself (81 characters for 9×9, `.` or `0` for empty); omit to read --file,
    /// --board, --dataset or stdin.
    puzzle: Option<String>,
    /// Read puzzles from a file (`-` for stdin): one grid, or one puzzle a line.
    #[arg(long, short, value_name = "PATH", conflicts_with = "puzzle")]
    file: Option<PathBuf>,
    /// A named board from the documents (`sudoku-bench datasets` lists them), e.g. golden-nugget.
    #[arg(long, value_name = "ID", conflicts_with_all = ["puzzle", "file"])]
    board: Option<String>,
    /// A whole dataset: a built-in one by name (`named`, `table1`, `9x9-easy`, …; `sudoku-bench
    /// datasets` lists them) or a dataset file's path.
    #[arg(long, short, value_name = "NAME|PATH", conflicts_with_all = ["puzzle", "file", "board"])]
    dataset: Option<String>,
}

/// Puzzles a thread takes in each batch of [`Puzzles::each_in_order`] on several threads:
/// enough that the threads seldom wait for the slowest of a batch, few enough that results
/// follow the work closely.
const BATCH_PER_THREAD: usize = 4;

/// A puzzle with the name messages and records give it: `line 3`, or a board's id.
pub struct Item {
    pub entry: Entry,
    /// A named board's id; `None` for puzzles named by their line.
    pub board: Option<String>,
}

impl Item {
    /// How messages name the puzzle: `line 3`, `board golden-nugget`.
    pub fn label(&self) -> String {
        match &self.board {
            Some(id) => format!("board {id}"),
            None => format!("line {}", self.entry.line),
        }
    }
}

/// The puzzles a command works on: held in memory (an argument, stdin, a board, a built-in
/// dataset, a small file), or a large file's, read a line at a time as the command goes. Either
/// way every puzzle has been read once and found well formed before the first is handed out.
pub struct Puzzles {
    /// A prefix naming the puzzles' origin for messages (`file.txt: `).
    pub origin: String,
    source: Source,
}

enum Source {
    Held(Vec<Item>),
    File(DatasetFile),
}

impl Puzzles {
    pub fn len(&self) -> usize {
        match &self.source {
            Source::Held(items) => items.len(),
            Source::File(file) => file.len(),
        }
    }

    /// Every puzzle, in order. A large file changed since it was opened can fail part-way.
    pub fn iter(&self) -> Result<Box<dyn Iterator<Item = Result<Item, Failure>> + '_>, Failure> {
        Ok(match &self.source {
            Source::Held(items) => Box::new(items.iter().map(|item| {
                Ok(Item {
                    entry: item.entry.clone(),
                    board: item.board.clone(),
                })
            })),
            Source::File(file) => Box::new(
                file.entries()
                    .map_err(|e| Failure::input(e.to_string()))?
                    .map(|entry| {
                        entry
                            .map(|entry| Item { entry, board: None })
                            .map_err(|e| Failure::input(e.to_string()))
                    }),
            ),
        })
    }

    /// Works `work` out for every puzzle on `jobs` threads and hands each result to `emit` in
    /// the puzzles' order, so the output is the one a single thread gives. With more than one
    /// thread the puzzles go in batches of [`BATCH_PER_THREAD`] a thread; with one, one at a
    /// time, each result handed on as soon as it is known. A puzzle that cannot be read (a large
    /// file changed since it was opened) ends the walk after the puzzles before it.
    pub fn each_in_order<R: Send>(
        &self,
        jobs: usize,
        work: impl Fn(&Item) -> R + Sync,
        mut emit: impl FnMut(&Item, R) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        let threads = match jobs {
            1 => None,
            jobs => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .map_err(|e| Failure::input(format!("--jobs {jobs}: {e}")))?,
            ),
        };
        let batch_size = if jobs == 1 {
            1
        } else {
            BATCH_PER_THREAD * jobs
        };
        let mut items = self.iter()?;
        loop {
            let mut batch = Vec::with_capacity(batch_size);
            let mut unreadable = None;
            for item in items.by_ref() {
                match item {
                    Ok(item) => batch.push(item),
                    Err(failure) => {
                        unreadable = Some(failure);
                        break;
                    }
                }
                if batch.len() == batch_size {
                    break;
                }
            }
            let results: Vec<R> = match &threads {
                Some(pool) => pool.install(|| batch.par_iter().map(&work).collect()),
                None => batch.iter().map(&work).collect(),
            };
            for (item, result) in batch.iter().zip(results) {
                emit(item, result)?;
            }
            if let Some(failure) = unreadable {
                return Err(failure);
            }
            if batch.len() < batch_size {
                return Ok(());
            }
        }
    }

    /// The one puzzle a command that takes one works on; `command` names it in the refusal.
    pub fn single(&self, command: &str) -> Result<Item, Failure> {
        let count = self.len();
        match self.iter()?.next() {
            Some(item) if count == 1 => item,
            _ => Err(Failure::input(format!(
                "{command} takes one puzzle; the input holds {count}"
            ))),
        }
    }

    /// Refuses, before any work, puzzles whose clues break the rules: there is nothing to solve,
    /// count or rate in them. The error names the line (of the second clue) and both cells.
    pub fn require_consistent_clues(&self) -> Result<(), Failure> {
        for item in self.iter()? {
            let item = item?;
            if let Err(conflict) = validate_clues(&item.entry.grid) {
                let place = match &item.board {
                    Some(_) => item.label(),
                    None => format!("line {}", item.entry.cell_lines[conflict.second]),
                };
                return Err(Failure::input(format!(
                    "{}{place}: clues conflict: {conflict}",
                    self.origin
                )));
            }
        }
        Ok(())
    }
}

impl InputArgs {
    /// The input of `--dataset SPEC`: a built-in dataset's name or a file's path.
    pub fn dataset(spec: &str) -> InputArgs {
        InputArgs {
            dataset: Some(spec.to_string()),
            ..InputArgs::none()
        }
    }

    /// The input of `--board ID`.
    pub fn board(id: &str) -> InputArgs {
        InputArgs {
            board: Some(id.to_string()),
            ..InputArgs::none()
        }
    }

    /// The input of a puzzle given as the argument.
    pub fn text(puzzle: &str) -> InputArgs {
        InputArgs {
            puzzle: Some(puzzle.to_string()),
            ..InputArgs::none()
        }
    }

    fn none() -> InputArgs {
        InputArgs {
            puzzle: None,
            file: None,
            board: None,
            dataset: None,
        }
    }

    /// The puzzles to work on.
    pub fn read(&self) -> Result<Puzzles, Failure> {
        let held = |origin: String, items| Puzzles {
            origin,
            source: Source::Held(items),
        };
        let (origin, text) = if let Some(puzzle) = &self.puzzle {
            (String::new(), puzzle.clone())
        } else if let Some(spec) = &self.dataset {
            if let Some(boards) = board_dataset(spec) {
                return Ok(held(format!("dataset {spec}: "), boards));
            }
            match sudoku_catalog::generated_sets().find(|(name, _, _)| *name == spec) {
                Some((name, _, text)) => (format!("dataset {name}: "), text.to_string()),
                None => return open_file(Path::new(spec), "--dataset"),
            }
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
            if let Err(conflict) = validate_clues(&board.grid()) {
                return Err(Failure::input(format!(
                    "board {id}: its clues conflict as printed in its document ({conflict}), so \
                     it has no solution; it is catalogued as printed and left out of `named`"
                )));
            }
            (format!("board {id}: "), board.puzzle)
        } else {
            match &self.file {
                Some(path) if path.as_os_str() != "-" => return open_file(path, "--file"),
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
        let items = entries
            .into_iter()
            .map(|entry| Item { entry, board: None })
            .collect();
        Ok(held(origin, items))
    }
}

/// A puzzle file, through the catalogue's one reader of dataset files. A `--dataset` that names
/// no file and looks like a name gets the list of built-in datasets.
fn open_file(path: &Path, option: &str) -> Result<Puzzles, Failure> {
    let file = DatasetFile::open(path).map_err(|e| {
        let spec = path.display().to_string();
        if option == "--dataset" && !path.exists() && !looks_like_a_path(&spec) {
            Failure::input(format!(
                "unknown dataset {spec:?}: not a built-in dataset ({}) nor a file",
                sudoku_catalog::embedded_names().join(", ")
            ))
        } else {
            Failure::input(e.to_string())
        }
    })?;
    Ok(Puzzles {
        origin: format!("{}: ", path.display()),
        source: Source::File(file),
    })
}

/// Whether an argument that failed to parse (or to open) was meant as a file: it names one, has
/// a path separator, or ends in a puzzle-file extension.
fn looks_like_a_path(argument: &str) -> bool {
    const EXTENSIONS: [&str; 6] = [".txt", ".csv", ".sdk", ".sdm", ".ss", ".dat"];
    std::path::Path::new(argument).exists()
        || argument.contains(['/', '\\'])
        || EXTENSIONS
            .iter()
            .any(|extension| argument.to_ascii_lowercase().ends_with(extension))
}

/// The built-in datasets of named boards (`named`, `table1`), each puzzle named by its board.
fn board_dataset(spec: &str) -> Option<Vec<Item>> {
    let dataset = match spec {
        "named" => sudoku_catalog::named_dataset(),
        "table1" => sudoku_catalog::table1_dataset(),
        _ => return None,
    };
    let items = dataset
        .puzzles
        .into_iter()
        .enumerate()
        .map(|(index, puzzle)| Item {
            entry: Entry {
                line: index + 1,
                cell_lines: vec![index + 1; puzzle.grid.cells().len()],
                grid: puzzle.grid,
                expected_count: puzzle.expected_count,
                solution: puzzle.solution,
            },
            board: Some(puzzle.id),
        })
        .collect();
    Some(items)
}

fn read_stdin() -> Result<String, Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return Err(Failure::input(
            "no puzzle given: pass it as an argument, or use --file, --board, --dataset or stdin",
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
