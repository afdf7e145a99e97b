//! `reproduce` written out: the 2009 document's Table 1 (worked out by
//! [`sudoku_report::reproduce`] from a run's rows) as `table1.md` and `table1.csv`, its Charts
//! 1-2 drawn beside the published figures, and an `index.html` holding them.

use std::path::Path;

use anyhow::{Context, Result};
use sudoku_catalog::PublishedRow;
use sudoku_report::reproduce::{
    DISPLAY_RATE, Measured, measured, solvers_table, table1, thesis_ilp_table,
};
use sudoku_report::table::escape;
use sudoku_run::results::{Results, SolverMeta};

use crate::chart::{self, CategoryLines};

/// Writes the reproduction of `results` (a run of `RunOptions::reproduce`) into `out`: table1.md,
/// table1.csv, the two charts and index.html. Returns Table 1 in markdown.
pub fn write(results: &Results, reference: &str, out: &Path) -> Result<String> {
    let rows = sudoku_catalog::table1();
    let ours = measured(results);
    let metas = results.solver_metas();
    let boards: Vec<(String, String)> = rows
        .iter()
        .filter_map(|r| Some((r.board_id.clone()?, r.name.clone())))
        .collect();
    let table = table1(&rows, &ours, reference);
    let markdown = table.to_markdown();
    let every_solver = solvers_table(&ours, &boards);
    let thesis = thesis_ilp_table(results, &ours);
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let reps = results.rows.iter().map(|r| r.rep).max().unwrap_or(0);
    let doc = format!(
        "# Table 1, reproduced\n\nPublished: the 2009 document (1.99 GHz Celeron, hand-timed, \
         dd:hh:mm:ss). Ours: `{reference}` on this machine, median of {reps} timed solves (one \
         solution sought, as the document did). With-display estimate: our iterations at the \
         document's own display rate of {DISPLAY_RATE} iterations/s.\n\n{markdown}\n## {}\n\n{}\n\
         ## {}\n\nThe thesis solved its 0/1 program with GLPK in about 1 s a puzzle (its boards \
         are not named); here, the same program on the known boards of Table 1, one solution \
         sought, each solve including the program's building.\n\n{}\n",
        every_solver.title,
        every_solver.to_markdown(),
        thesis.title,
        thesis.to_markdown()
    );
    std::fs::write(out.join("table1.md"), &doc)?;
    std::fs::write(out.join("table1.csv"), table.to_csv()?)?;
    let (c1, c2) = charts_for(&rows, &ours, reference, &metas);
    chart::save(&c1, &out.join("chart1-time-without-display"))?;
    chart::save(&c2, &out.join("chart2-time-with-display"))?;
    let html = format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>Table 1 reproduced</title>\
         <style>body{{font-family:sans-serif;margin:24px;max-width:1300px}}img{{max-width:100%}}\
         td{{padding:2px 6px}}.scroll{{overflow-x:auto}}</style></head><body>\
         <h1>Table 1 reproduced</h1>\
         <p><a href=\"table1.md\">table1.md</a> · <a href=\"table1.csv\">table1.csv</a> · \
         <a href=\"results.csv\">results.csv</a></p>\
         <img src=\"chart1-time-without-display.png\"><img src=\"chart2-time-with-display.png\">\
         <div class=scroll>{}</div><h2>{}</h2><div class=scroll>{}</div><h2>{}</h2>\
         <div class=scroll>{}</div></body></html>\n",
        table.to_html(),
        escape(&every_solver.title),
        every_solver.to_html(),
        escape(&thesis.title),
        thesis.to_html(),
    );
    std::fs::write(out.join("index.html"), html)?;
    Ok(markdown)
}

/// Charts 1 and 2 of the document, ours beside the published.
fn charts_for(
    rows: &[PublishedRow],
    ours: &[Measured],
    solver: &str,
    metas: &[SolverMeta],
) -> (CategoryLines, CategoryLines) {
    let categories: Vec<String> = rows
        .iter()
        .map(|r| format!("{}. {}", r.rank, r.name))
        .collect();
    let measured = |id: &str, row: &PublishedRow| {
        row.board_id.as_ref().and_then(|b| {
            ours.iter()
                .find(|m| &m.board_id == b && m.solver == id && m.solved)
        })
    };
    let styles = chart::Styles::of(metas);
    let mut series: Vec<(String, chart::Style, Vec<Option<f64>>)> = metas
        .iter()
        .map(|meta| {
            let id = &meta.id;
            let values = rows
                .iter()
                .map(|row| measured(id, row).map(|m| (m.median_seconds * 1e6).max(0.001)))
                .collect();
            let name = if id == solver {
                format!("{id} (ours, same algorithm)")
            } else {
                format!("{id} (ours)")
            };
            (name, styles.get(id), values)
        })
        .collect();
    series.push((
        "published, < 1 s by hand (drawn at 0.5 s)".into(),
        chart::Style {
            colour: plotters::style::RGBColor(150, 150, 150),
            ..chart::REFERENCE
        },
        rows.iter()
            .map(|r| (r.seconds_without_display == 0).then_some(0.5e6))
            .collect(),
    ));
    let published: Vec<Option<f64>> = rows
        .iter()
        .map(|r| (r.seconds_without_display > 0).then_some(r.seconds_without_display as f64 * 1e6))
        .collect();
    let chart1 = CategoryLines {
        title: "Chart 1: solve time per board, without display".into(),
        y_desc: "solve time per board (log scale)".into(),
        categories: categories.clone(),
        series,
        reference: Some((
            "published, 2009 (1.99 GHz Celeron, hand-timed)".into(),
            published,
        )),
        y_is_time_us: true,
        x_desc: "board, in the published order".into(),
        lines: false,
        note: Some("Boards without a published grid have published figures only.".into()),
    };
    let with_display: Vec<Option<f64>> = rows
        .iter()
        .map(|r| (r.seconds_with_display > 0).then_some(r.seconds_with_display as f64 * 1e6))
        .collect();
    let estimate: Vec<Option<f64>> = rows
        .iter()
        .map(|row| {
            row.board_id.as_ref().and_then(|b| {
                ours.iter()
                    .find(|m| &m.board_id == b && m.solver == solver)
                    .map(|m| (m.counters.iterations as f64 / DISPLAY_RATE * 1e6).max(0.001))
            })
        })
        .collect();
    let chart2 = CategoryLines {
        title: "Chart 2: solve time per board, with the board shown after every step".into(),
        y_desc: "solve time per board (log scale)".into(),
        categories,
        series: vec![(
            format!("{solver} estimate: its iterations at {DISPLAY_RATE} iterations/s"),
            styles.get(solver),
            estimate,
        )],
        reference: Some(("published, 2009, with display".into(), with_display)),
        y_is_time_us: true,
        x_desc: "board, in the published order".into(),
        lines: false,
        note: Some(format!(
            "Estimate basis: the document's measured display rate, {DISPLAY_RATE} iterations/s, times our iteration count (drawing cost dominates)."
        )),
    };
    (chart1, chart2)
}
