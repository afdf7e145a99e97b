//! Dataset files on disk. A small file is read whole and may hold any text form; a large one
//! holds one puzzle a line and is read a line at a time, each time its puzzles are wanted, so a
//! file of millions of puzzles never sits in memory.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use sudoku_core::{Entry, ParseError, ParseErrorKind, parse_dataset_line, parse_entries};

use crate::{LoadError, UTF8_BOM, read_text};

/// Files up to this size are read whole, so one grid written over several lines is read too;
/// larger files must hold one puzzle a line. (A 25×25 grid over 25 lines is a few kilobytes.)
pub const READ_WHOLE_BYTES: u64 = 1 << 20;

/// The longest line of a file read a line at a time. A 25×25 puzzle with its count and
/// solution as space-separated numbers takes under 4 KB; a longer line is not a puzzle, and is
/// refused before it is held whole.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// A dataset file whose every puzzle has been read once and found well formed: errors surface
/// when it is opened, before any work on it starts.
#[derive(Debug)]
pub struct DatasetFile {
    name: String,
    path: PathBuf,
    /// A small file's puzzles, kept; `None` when the file is read again at each pass.
    kept: Option<Vec<Entry>>,
    /// The line each puzzle starts on, in file order.
    lines: Vec<usize>,
}

impl DatasetFile {
    /// Reads the file at `path` through once: a small one whole (any form, kept), a large one a
    /// line at a time (one puzzle a line, nothing kept but where each puzzle stands).
    pub fn open(path: &Path) -> Result<DatasetFile, LoadError> {
        let origin = path.display().to_string();
        let name = path
            .file_name()
            .map_or_else(|| origin.clone(), |n| n.to_string_lossy().into_owned());
        let io = |error| LoadError::Io {
            path: path.into(),
            error,
        };
        let bytes = std::fs::metadata(path).map_err(io)?.len();
        let mut file = DatasetFile {
            name,
            path: path.into(),
            kept: None,
            lines: Vec::new(),
        };
        if bytes <= READ_WHOLE_BYTES {
            let text = read_text(path)?;
            let entries = parse_entries(&text).map_err(|error| LoadError::Parse {
                origin: origin.clone(),
                error,
            })?;
            file.lines = entries.iter().map(|entry| entry.line).collect();
            file.kept = Some(entries);
            return Ok(file);
        }
        for entry in file.read_lines()? {
            file.lines.push(entry?.line);
        }
        if file.lines.is_empty() {
            return Err(LoadError::Parse {
                origin,
                error: ParseError::new(1, None, ParseErrorKind::Empty),
            });
        }
        Ok(file)
    }

    /// The file's name, which a run calls the dataset.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many puzzles the file holds.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Never: an empty file does not open.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The line each puzzle starts on, in file order.
    pub fn lines(&self) -> &[usize] {
        &self.lines
    }

    /// Every puzzle, in file order: a small file's from memory, a large one's read again. A
    /// large file changed since it was opened can still fail here, with the line that did.
    pub fn entries(
        &self,
    ) -> Result<Box<dyn Iterator<Item = Result<Entry, LoadError>> + '_>, LoadError> {
        Ok(match &self.kept {
            Some(entries) => Box::new(entries.iter().cloned().map(Ok)),
            None => Box::new(self.read_lines()?),
        })
    }

    fn read_lines(&self) -> Result<EntryLines<BufReader<File>>, LoadError> {
        let file = File::open(&self.path).map_err(|error| LoadError::Io {
            path: self.path.clone(),
            error,
        })?;
        Ok(EntryLines::new(
            BufReader::with_capacity(1 << 16, file),
            &self.path.display().to_string(),
        ))
    }
}

/// The puzzles of a one-puzzle-a-line text, read from `reader` a line at a time: each line as
/// [`parse_dataset_line`] reads it, a UTF-8 byte-order mark before the first dropped, a UTF-16
/// one refused. Iteration ends after the first error.
pub struct EntryLines<R> {
    reader: R,
    origin: String,
    line: usize,
    buffer: Vec<u8>,
    ended: bool,
}

impl<R: BufRead> EntryLines<R> {
    /// Reads from `reader`; `origin` names it in errors.
    pub fn new(reader: R, origin: &str) -> EntryLines<R> {
        EntryLines {
            reader,
            origin: origin.into(),
            line: 0,
            buffer: Vec::new(),
            ended: false,
        }
    }

    /// The next line's puzzle, `None` for a line without one, or the error that ends the text.
    fn read_line(&mut self) -> Result<Option<Entry>, LoadError> {
        self.buffer.clear();
        let read = (&mut self.reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|error| LoadError::Io {
                path: self.origin.clone().into(),
                error,
            })?;
        if read == 0 {
            self.ended = true;
            return Ok(None);
        }
        self.line += 1;
        let mut bytes = self.buffer.as_slice();
        if self.line == 1 {
            if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
                return Err(LoadError::Utf16 {
                    origin: self.origin.clone(),
                });
            }
            bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
        }
        let content = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        if content.len() > MAX_LINE_BYTES {
            return Err(LoadError::LineTooLong {
                origin: self.origin.clone(),
                line: self.line,
            });
        }
        let text = std::str::from_utf8(content).map_err(|error| LoadError::NotUtf8 {
            origin: self.origin.clone(),
            line: self.line,
            column: error.valid_up_to() + 1,
        })?;
        parse_dataset_line(self.line, text).map_err(|error| LoadError::Parse {
            origin: self.origin.clone(),
            error,
        })
    }
}

impl<R: BufRead> Iterator for EntryLines<R> {
    type Item = Result<Entry, LoadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.ended {
            match self.read_line() {
                Ok(None) => continue,
                Ok(Some(entry)) => return Some(Ok(entry)),
                Err(error) => {
                    self.ended = true;
                    return Some(Err(error));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Vec<Result<Entry, String>> {
        EntryLines::new(bytes, "t.txt")
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn lines_read_as_the_whole_text_reader_reads_them() {
        let text =
            "# four by four\r\n1234341221434321:1\n\n....341221434321:1:1234341221434321\r\n";
        let whole = parse_entries(text).unwrap();
        let mut with_mark = UTF8_BOM.to_vec();
        with_mark.extend_from_slice(text.as_bytes());
        for bytes in [text.as_bytes(), &with_mark] {
            let streamed: Vec<Entry> = read(bytes).into_iter().map(Result::unwrap).collect();
            assert_eq!(streamed, whole);
        }
    }

    #[test]
    fn errors_name_line_and_column_and_end_the_reading() {
        let got = read(b"1234341221434321\n12343412214343x1\n1234341221434321\n");
        assert_eq!(got.len(), 2);
        let error = got[1].as_ref().unwrap_err();
        assert!(error.starts_with("t.txt: line 2, column 15"), "{error}");
        let got = read(b"1234341221434321\n123\xff\n");
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            "t.txt: line 2, column 4: not UTF-8 text"
        );
        let got = read(b"\xff\xfe1\x002\x00");
        assert!(got[0].as_ref().unwrap_err().contains("UTF-16"), "{got:?}");
    }

    #[test]
    fn an_overlong_line_is_refused_without_being_held() {
        let mut bytes = b"1234341221434321\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'1', MAX_LINE_BYTES * 4));
        let got = read(&bytes);
        assert_eq!(got.len(), 2);
        let error = got[1].as_ref().unwrap_err();
        assert!(error.starts_with("t.txt: line 2: longer than"), "{error}");
    }

    #[test]
    fn a_large_file_is_read_a_line_at_a_time_and_checked_when_opened() {
        let dir = std::env::temp_dir().join(format!("catalog-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.txt");
        let line = "1234341221434321\n";
        let count = READ_WHOLE_BYTES as usize / line.len() + 10;
        std::fs::write(&path, format!("# many\n{}", line.repeat(count))).unwrap();
        let file = DatasetFile::open(&path).unwrap();
        assert!(file.kept.is_none());
        assert_eq!(file.len(), count);
        assert_eq!(file.lines()[..2], [2, 3]);
        assert_eq!(file.entries().unwrap().count(), count);
        std::fs::write(&path, format!("{}1234\n", line.repeat(count))).unwrap();
        let error = DatasetFile::open(&path).unwrap_err().to_string();
        assert!(error.contains(&format!("line {}", count + 1)), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
