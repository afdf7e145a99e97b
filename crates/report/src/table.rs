//! The report model: a table is built once and written by each sink (markdown, HTML, CSV), so
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
        }
    }

    pub fn push(&mut self, row: Vec<Cell>) {
        self.rows.push(row);
    }

    /// A GitHub-flavoured markdown table (no title).
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
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

    /// An HTML `<table>` (no title).
    pub fn to_html(&self) -> String {
        let mut out = String::from("<table>\n<tr>");
        for (name, _) in &self.columns {
            let _ = write!(out, "<th>{}</th>", escape(name));
        }
        out.push_str("</tr>\n");
        for row in &self.rows {
            out.push_str("<tr>");
            for cell in row {
                let text = escape(&cell.text);
                let _ = match cell.mark {
                    Mark::Plain => write!(out, "<td>{text}</td>"),
                    Mark::Strong => write!(out, "<td><b>{text}</b></td>"),
                    Mark::Bad => write!(out, "<td class=bad>{text}</td>"),
                };
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
        out
    }

    /// CSV with a header line.
    pub fn to_csv(&self) -> anyhow::Result<String> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(self.columns.iter().map(|(name, _)| name))?;
        for row in &self.rows {
            writer.write_record(row.iter().map(|c| &c.text))?;
        }
        Ok(String::from_utf8(writer.into_inner()?)?)
    }
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
                .contains("<tr><td><b>a&lt;b</b></td><td>1,5</td></tr>")
        );
        assert_eq!(table.to_csv().unwrap(), "solver,µs\na<b,\"1,5\"\n");
    }
}
