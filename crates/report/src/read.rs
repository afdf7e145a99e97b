//! Reading a results file into a [`Digest`], a row at a time: the file side of the digest,
//! which itself only folds rows. Kept apart so the folding is tested on rows made in memory,
//! and so the one rule about files lives here: the file of a run still going or interrupted
//! may end in a torn line, which is left out rather than failing the report.

use std::path::Path;

use anyhow::Result;
use sudoku_run::results::RowReader;

use crate::digest::Digest;

/// Whether `path` is the file of a run in progress or interrupted (`results.partial.csv`, or a
/// name with `.partial` in it).
pub fn is_partial(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|name| name == sudoku_run::PARTIAL_FILE || name.contains(".partial"))
}

impl Digest {
    /// Reads a results file a row at a time. The file of an interrupted run ([`is_partial`])
    /// makes an incomplete digest, and its last line may be torn: that line is left out.
    pub fn read(path: &Path) -> Result<Digest> {
        let reader = RowReader::open(path)?;
        let mut digest = Digest::new(reader.header().cloned());
        let partial = is_partial(path);
        if partial {
            digest.mark_partial();
        }
        let mut rows = reader.peekable();
        while let Some(row) = rows.next() {
            match row {
                Ok(row) => digest.add(&row),
                Err(_) if partial && rows.peek().is_none() => break,
                Err(error) => return Err(error.context(path.display().to_string())),
            }
        }
        Ok(digest)
    }
}

#[cfg(test)]
mod tests {
    use sudoku_run::results::{Phase, RunHeader, Status};

    use super::*;
    use crate::digest::tests::{meta, row};

    #[test]
    fn a_file_read_a_row_at_a_time_gives_what_its_rows_in_memory_give() {
        use sudoku_run::results::{ResultsFile, read};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let header: RunHeader = serde_json::from_value(serde_json::json!({
            "tool": "t", "started": "", "git_commit": null,
            "machine": {"cpu": "", "cores": 1, "os": ""},
            "options": null, "jobs": 1, "method": "",
            "solvers": [meta("a", false), meta("t", true)],
        }))
        .unwrap();
        let mut file = ResultsFile::create(&path, &header).unwrap();
        for (i, status) in [Status::Solved, Status::Unsolvable, Status::Crashed]
            .into_iter()
            .enumerate()
        {
            let id = format!("p{i}");
            file.write(&row("a", &id, Phase::Warmup, status.clone(), 5))
                .unwrap();
            file.write(&row("a", &id, Phase::Timed, status, 7)).unwrap();
            file.write(&row("t", &id, Phase::Timed, Status::Solved, 9))
                .unwrap();
        }
        drop(file);
        let streamed = Digest::read(&path).unwrap();
        let held = Digest::of(&read(&path).unwrap());
        let summary = |d: &Digest| serde_json::to_string(&crate::summary::summaries(d)).unwrap();
        assert_eq!(summary(&streamed), summary(&held));
        assert_eq!(streamed.rows(), 9);
        assert_eq!(streamed.header(), Some(&header));
    }
}
