//! The table model: a table is built once and written in each format (markdown, HTML, CSV), so
//! no table is written twice by hand.

use std::fmt::Write as _;

/// How a cell stands out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    Plain,
    /// A row's name.
    Strong,
    /// Something wrong (wrong answers, crashes).
    Bad,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub mark: Mark,
}

impl<T: ToString> From<T> for Cell {
    fn from(text: T) -> Cell {
        Cell {
            text: text.to_string(),
            mark: Mark::Plain,
        }
    }
}

impl Cell {
    pub fn marked(text: impl ToString, mark: Mark) -> Cell {
        Cell {
            text: text.to_string(),
            mark,
        }
    }
}

/// A titled table; `numeric` columns align right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub title: String,
    pub columns: Vec<(String, bool)>,
    pub rows: Vec<Vec<Cell>>,
    /// A line every sink writes with the table (an incomplete run says so here).
    pub note: Option<String>,
}

impl Table {
    /// A table with these `(name, numeric)` columns and no rows.
    pub fn new(title: impl Into<String>, columns: &[(&str, bool)]) -> Table {
        Table {
            title: title.into(),
            columns: columns
                .iter()
                .map(|&(name, numeric)| (name.to_string(), numeric))
                .collect(),
            rows: Vec::new(),
            note: None,
        }
    }

    pub fn push(&mut self, row: Vec<Cell>) {
        self.rows.push(row);
    }

    /// A GitHub-flavoured markdown table (no title), its note quoted above it.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        if let Some(note) = &self.note {
            let _ = writeln!(out, "> **{note}**\n");
        }
        let line = |cells: &mut dyn Iterator<Item = String>| {
            format!("| {} |\n", cells.collect::<Vec<_>>().join(" | "))
        };
        out.push_str(&line(
            &mut self.columns.iter().map(|(name, _)| name.clone()),
        ));
        let rule: String = self
            .columns
            .iter()
            .map(|&(_, numeric)| if numeric { "---:|" } else { "---|" })
            .collect();
        let _ = writeln!(out, "|{rule}");
        for row in &self.rows {
            out.push_str(&line(&mut row.iter().map(|c| c.text.replace('|', "\\|"))));
        }
        out
    }

    /// An HTML `<table>` (no title), its note in a paragraph above it.
    pub fn to_html(&self) -> String {
        self.to_html_with("", &|_, _| None)
    }

    /// An HTML `<table class=…>` whose cells may start with raw HTML: `decorate(row, column)`
    /// (a solver's chart marker, say).
    pub fn to_html_with(
        &self,
        class: &str,
        decorate: &dyn Fn(usize, usize) -> Option<String>,
    ) -> String {
        let mut out = String::new();
        if let Some(note) = &self.note {
            let _ = writeln!(out, "<p class=incomplete>{}</p>", escape(note));
        }
        if class.is_empty() {
            out.push_str("<table>\n<tr>");
        } else {
            let _ = write!(out, "<table class=\"{}\">\n<tr>", escape(class));
        }
        for (name, numeric) in &self.columns {
            let align = if *numeric { " class=num" } else { "" };
            let _ = write!(out, "<th{align}>{}</th>", escape(name));
        }
        out.push_str("</tr>\n");
        for (r, row) in self.rows.iter().enumerate() {
            out.push_str("<tr>");
            for (c, cell) in row.iter().enumerate() {
                let text = decorate(r, c).unwrap_or_default() + &escape(&cell.text);
                let numeric = self.columns.get(c).is_some_and(|&(_, numeric)| numeric);
                let class = match (numeric, cell.mark) {
                    (true, Mark::Bad) => " class=\"num bad\"",
                    (false, Mark::Bad) => " class=bad",
                    (true, _) => " class=num",
                    (false, _) => "",
                };
                let _ = match cell.mark {
                    Mark::Strong => write!(out, "<td{class}><b>{text}</b></td>"),
                    _ => write!(out, "<td{class}>{text}</td>"),
                };
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
        out
    }

    /// CSV with a header line; the note, when there is one, as a `#` comment line before it.
    pub fn to_csv(&self) -> anyhow::Result<String> {
        let mut lead = String::new();
        if let Some(note) = &self.note {
            let _ = writeln!(lead, "# {note}");
        }
        let mut writer = csv::Writer::from_writer(lead.into_bytes());
        writer.write_record(self.columns.iter().map(|(name, _)| name))?;
        for row in &self.rows {
            writer.write_record(row.iter().map(|c| &c.text))?;
        }
        Ok(String::from_utf8(writer.into_inner()?)?)
    }
}

/// `n` and `word`, plural when `n` is not 1: `1 puzzle`, `3 puzzles`, `0 runs`.
pub fn count(n: usize, word: &str) -> String {
    sudoku_core::counted(n as u64, (word, &format!("{word}s")))
}

/// Text made safe for HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sink_writes_the_same_cells() {
        let mut table = Table::new("t", &[("solver", false), ("µs", true)]);
        table.push(vec![Cell::marked("a<b", Mark::Strong), "1,5".into()]);
        assert_eq!(
            table.to_markdown(),
            "| solver | µs |\n|---|---:|\n| a<b | 1,5 |\n"
        );
        assert!(
            table
                .to_html()
                .contains("<tr><td><b>a&lt;b</b></td><td class=num>1,5</td></tr>")
        );
        assert_eq!(table.to_csv().unwrap(), "solver,µs\na<b,\"1,5\"\n");
        table.note = Some("incomplete run: 1 of 2 solves".into());
        assert!(
            table
                .to_markdown()
                .starts_with("> **incomplete run: 1 of 2 solves**\n\n|")
        );
        assert!(
            table
                .to_html()
                .starts_with("<p class=incomplete>incomplete run: 1 of 2 solves</p>")
        );
        assert!(
            table
                .to_csv()
                .unwrap()
                .starts_with("# incomplete run: 1 of 2 solves\nsolver,µs\n")
        );
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1, "solution"), "1 solution");
        assert_eq!(count(0, "solution"), "0 solutions");
        assert_eq!(count(2, "run"), "2 runs");
    }
}
