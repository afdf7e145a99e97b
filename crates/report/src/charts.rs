//! Charts with plotters, each written as PNG and SVG from one drawing routine.
//!
//! Text is drawn with DejaVu Sans embedded in the binary (the `dejavu` crate), registered with
//! plotters' `ab_glyph` renderer, so charts render the same on machines with no system fonts.

use std::io::BufWriter;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Once;

use anyhow::{Context, Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontTransform;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Registers the embedded font once per process.
pub fn ensure_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for (style, bytes) in [
            (FontStyle::Normal, dejavu::sans::regular()),
            (FontStyle::Bold, dejavu::sans::bold()),
            (FontStyle::Oblique, dejavu::sans::oblique()),
            (FontStyle::Italic, dejavu::sans::oblique()),
        ] {
            for family in ["sans-serif", "serif", "monospace"] {
                // Only fails for a malformed font file, which the embedded one is not.
                let _ = plotters::style::register_font(family, style, bytes);
            }
        }
    });
}

/// Colours that stay apart from each other, for series keyed by position.
pub const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
    RGBColor(188, 189, 34),
    RGBColor(127, 127, 127),
];

pub fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// Maps a drawing error (generic over the backend) into `anyhow`.
pub trait OrDraw<T> {
    fn d(self) -> Result<T>;
}

impl<T, E: std::fmt::Display> OrDraw<T> for std::result::Result<T, E> {
    fn d(self) -> Result<T> {
        self.map_err(|e| anyhow!("drawing failed: {e}"))
    }
}

/// A chart that can draw itself on any backend.
pub trait Chart {
    fn size(&self) -> (u32, u32) {
        (1200, 650)
    }
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>;
}

/// Writes `chart` to `<stem>.png` and `<stem>.svg`; returns both paths.
pub fn save<C: Chart>(chart: &C, stem: &Path) -> Result<(PathBuf, PathBuf)> {
    ensure_fonts();
    let (w, h) = chart.size();
    let svg = stem.with_extension("svg");
    {
        let root = SVGBackend::new(&svg, (w, h)).into_drawing_area();
        root.fill(&WHITE).d()?;
        chart.draw(&root)?;
        root.present().d()?;
    }
    let png = stem.with_extension("png");
    let mut buffer = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buffer, (w, h)).into_drawing_area();
        root.fill(&WHITE).d()?;
        chart.draw(&root)?;
        root.present().d()?;
    }
    write_png(&png, w, h, &buffer)?;
    Ok((png, svg))
}

/// Encodes an RGB buffer as PNG.
pub fn write_png(path: &Path, w: u32, h: u32, rgb: &[u8]) -> Result<()> {
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    Ok(())
}

/// A message in place of a chart (no data of that kind in the run).
pub fn draw_message<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    message: &str,
) -> Result<()> {
    let (w, h) = root.dim_in_pixel();
    root.draw(&Text::new(
        title.to_string(),
        (20, 20),
        ("sans-serif", 26).into_font().style(FontStyle::Bold),
    ))
    .d()?;
    root.draw(&Text::new(
        message.to_string(),
        (20, (h / 2) as i32),
        ("sans-serif", 20).into_font().color(&RGBColor(90, 90, 90)),
    ))
    .d()?;
    let _ = w;
    Ok(())
}

/// Splits a strip off the bottom of `root` for a note, when there is one.
fn split_note<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    note: bool,
) -> (DrawingArea<DB, Shift>, Option<DrawingArea<DB, Shift>>) {
    if note {
        let (_, h) = root.dim_in_pixel();
        let (main, foot) = root.split_vertically(h.saturating_sub(26));
        (main, Some(foot))
    } else {
        (root.clone(), None)
    }
}

/// A log axis range that holds every value with some room, for positive values.
pub fn log_range(values: impl IntoIterator<Item = f64>) -> Range<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.into_iter().filter(|v| *v > 0.0 && v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return 1.0..10.0;
    }
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf((hi.log10() + 0.05).ceil()).max(lo * 10.0);
    lo..hi
}

/// Human units for a log time axis given in µs.
pub fn fmt_us(us: f64) -> String {
    if us >= 86_400e6 {
        format!("{} d", trim(us / 86_400e6))
    } else if us >= 3_600e6 {
        format!("{} h", trim(us / 3_600e6))
    } else if us >= 1e6 {
        format!("{} s", trim(us / 1e6))
    } else if us >= 1e3 {
        format!("{} ms", trim(us / 1e3))
    } else if us >= 1.0 {
        format!("{} µs", trim(us))
    } else {
        format!("{} ns", trim(us * 1e3))
    }
}

/// Compact numbers for axes (1k, 2.5M).
pub fn fmt_count(v: f64) -> String {
    let a = v.abs();
    if a >= 1e9 {
        format!("{}G", trim(v / 1e9))
    } else if a >= 1e6 {
        format!("{}M", trim(v / 1e6))
    } else if a >= 1e3 {
        format!("{}k", trim(v / 1e3))
    } else {
        trim(v)
    }
}

fn trim(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Series of points sharing a name and colour.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub colour: RGBColor,
    pub points: Vec<(f64, f64)>,
}

/// Height for category labels under the x axis: rotated when there are many.
fn label_area(categories: &[String]) -> u32 {
    if categories.len() > 8 {
        let longest = categories
            .iter()
            .map(|c| c.chars().count().min(24))
            .max()
            .unwrap_or(0);
        (longest as u32 * 9 + 50).clamp(80, 270)
    } else {
        80
    }
}

/// Draws category names under the x axis of a chart whose x runs over category indexes.
fn category_labels<DB: DrawingBackend, Y: Ranged<ValueType = f64>>(
    root: &DrawingArea<DB, Shift>,
    chart: &ChartContext<'_, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    names: &[String],
    y_bottom: f64,
) -> Result<()> {
    let rotate = names.len() > 8;
    for (i, name) in names.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64, y_bottom));
        let label: String = name.chars().take(24).collect();
        let style = ("sans-serif", 14).into_font().color(&BLACK);
        if rotate {
            root.draw(&Text::new(
                label,
                (x - 7, y + 8),
                style.transform(FontTransform::Rotate90),
            ))
            .d()?;
        } else {
            let width = label.chars().count() as i32 * 7;
            root.draw(&Text::new(label, (x - width / 2, y + 8), style))
                .d()?;
        }
    }
    Ok(())
}

/// Lines with markers over categories (x), log y: one line per series; `None` gaps a line.
pub struct CategoryLines {
    pub title: String,
    pub y_desc: String,
    pub categories: Vec<String>,
    /// Per series, one optional value per category.
    pub series: Vec<(String, RGBColor, Vec<Option<f64>>)>,
    /// Extra series drawn as crosses (e.g. published figures).
    pub reference: Option<(String, Vec<Option<f64>>)>,
    pub y_is_time_us: bool,
    pub x_desc: String,
    /// Join each series' points with lines (else markers only).
    pub lines: bool,
    pub note: Option<String>,
    /// Where the legend goes: a corner the data leaves empty.
    pub legend: SeriesLabelPosition,
}

impl Chart for CategoryLines {
    fn size(&self) -> (u32, u32) {
        (1200, 560 + label_area(&self.categories))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (root, foot) = split_note(root, self.note.is_some());
        let root = &root;
        let n = self.categories.len().max(1);
        let values = self
            .series
            .iter()
            .flat_map(|(_, _, v)| v.iter().flatten().copied())
            .chain(
                self.reference
                    .iter()
                    .flat_map(|(_, v)| v.iter().flatten().copied()),
            );
        let y = log_range(values);
        let y_bottom = y.start;
        let bottom = label_area(&self.categories) + 10;
        let mut chart = ChartBuilder::on(root)
            .caption(
                &self.title,
                ("sans-serif", 24).into_font().style(FontStyle::Bold),
            )
            .margin(15)
            .x_label_area_size(bottom)
            .y_label_area_size(95)
            .build_cartesian_2d(-0.5..(n as f64 - 0.5), y.log_scale())
            .d()?;
        let time = self.y_is_time_us;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .x_label_formatter(&|_| String::new())
            .x_desc(&self.x_desc)
            .y_desc(&self.y_desc)
            .y_label_formatter(&|v| if time { fmt_us(*v) } else { fmt_count(*v) })
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .d()?;
        if let Some((name, values)) = &self.reference {
            let points: Vec<(f64, f64)> = values
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| (i as f64, v)))
                .collect();
            chart
                .draw_series(
                    points
                        .iter()
                        .map(|&p| Cross::new(p, 8, BLACK.stroke_width(3))),
                )
                .d()?
                .label(name.as_str())
                .legend(|(x, y)| Cross::new((x + 12, y), 6, BLACK.stroke_width(2)));
        }
        for (name, colour, values) in &self.series {
            let colour = *colour;
            let points: Vec<(f64, f64)> = values
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| (i as f64, v)))
                .collect();
            if self.lines {
                chart
                    .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                    .d()?;
            }
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 5, colour.filled())))
                .d()?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .position(self.legend.clone())
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .draw()
            .d()?;
        category_labels(root, &chart, &self.categories, y_bottom)?;
        if let (Some(note), Some(foot)) = (&self.note, &foot) {
            foot.draw(&Text::new(
                note.clone(),
                (20, 4),
                ("sans-serif", 13).into_font().color(&RGBColor(80, 80, 80)),
            ))
            .d()?;
        }
        Ok(())
    }
}

/// A scatter (or lines) over a numeric x, log y.
pub struct Scatter {
    pub title: String,
    pub x_desc: String,
    pub y_desc: String,
    pub series: Vec<Series>,
    /// Drawn as black crosses.
    pub reference: Option<Series>,
    pub log_x: bool,
    pub log_y: bool,
    pub lines: bool,
    pub x_is_time_us: bool,
    pub y_is_time_us: bool,
    pub note: Option<String>,
    /// Where the legend goes: a corner the data leaves empty.
    pub legend: SeriesLabelPosition,
    /// Fixed x and y ranges for linear axes (shares, percentages); `None` fits the data.
    pub bounds: Option<(Range<f64>, Range<f64>)>,
}

impl Scatter {
    /// Lines of how much was solved within each time (log x), as cactus plots and time-to-
    /// solution distributions draw it.
    pub fn solved_within(title: String, y_desc: String, series: Vec<Series>) -> Scatter {
        Scatter {
            title,
            x_desc: "time (log scale)".into(),
            y_desc,
            series,
            reference: None,
            log_x: true,
            log_y: false,
            lines: true,
            x_is_time_us: true,
            y_is_time_us: false,
            note: None,
            legend: SeriesLabelPosition::UpperLeft,
            bounds: None,
        }
    }

    fn all_points(&self) -> impl Iterator<Item = &(f64, f64)> {
        self.series
            .iter()
            .flat_map(|s| s.points.iter())
            .chain(self.reference.iter().flat_map(|s| s.points.iter()))
    }
}

impl Chart for Scatter {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (root, foot) = split_note(root, self.note.is_some());
        let root = &root;
        let linear = |values: Vec<f64>, from_zero: bool| {
            let (lo, hi) = values
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(*v), hi.max(*v))
                });
            if !lo.is_finite() {
                0.0..1.0
            } else {
                let pad = ((hi - lo) * 0.05).max(1.0);
                if from_zero && lo >= 0.0 {
                    0.0..hi * 1.3 + pad
                } else {
                    lo - pad..hi + pad
                }
            }
        };
        let xs: Vec<f64> = self.all_points().map(|p| p.0).collect();
        let ys: Vec<f64> = self.all_points().map(|p| p.1).collect();
        let mut builder = ChartBuilder::on(root);
        builder
            .caption(
                &self.title,
                ("sans-serif", 24).into_font().style(FontStyle::Bold),
            )
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(95);
        match (self.log_x, self.log_y) {
            (true, true) => {
                let mut chart = builder
                    .build_cartesian_2d(log_range(xs).log_scale(), log_range(ys).log_scale())
                    .d()?;
                self.fill(&mut chart)?;
            }
            (true, false) => {
                let mut chart = builder
                    .build_cartesian_2d(log_range(xs).log_scale(), linear(ys, true))
                    .d()?;
                self.fill(&mut chart)?;
            }
            (false, true) => {
                let mut chart = builder
                    .build_cartesian_2d(linear(xs, false), log_range(ys).log_scale())
                    .d()?;
                self.fill(&mut chart)?;
            }
            (false, false) => {
                let (x_range, y_range) = self
                    .bounds
                    .clone()
                    .unwrap_or_else(|| (linear(xs, false), linear(ys, true)));
                let mut chart = builder.build_cartesian_2d(x_range, y_range).d()?;
                self.fill(&mut chart)?;
            }
        }
        if let (Some(note), Some(foot)) = (&self.note, &foot) {
            foot.draw(&Text::new(
                note.clone(),
                (20, 4),
                ("sans-serif", 13).into_font().color(&RGBColor(80, 80, 80)),
            ))
            .d()?;
        }
        Ok(())
    }
}

/// Lines with at most this many points also mark each point, so overlapping lines stay legible.
const MARKED_POINTS: usize = 40;

impl Scatter {
    fn fill<'a, DB: DrawingBackend + 'a, X, Y>(
        &self,
        chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    ) -> Result<()>
    where
        X: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
        Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    {
        let (xt, yt) = (self.x_is_time_us, self.y_is_time_us);
        chart
            .configure_mesh()
            .x_desc(&self.x_desc)
            .y_desc(&self.y_desc)
            .x_label_formatter(&|v| if xt { fmt_us(*v) } else { fmt_count(*v) })
            .y_label_formatter(&|v| if yt { fmt_us(*v) } else { fmt_count(*v) })
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .d()?;
        for series in &self.series {
            let colour = series.colour;
            if self.lines {
                chart
                    .draw_series(
                        LineSeries::new(series.points.clone(), colour.stroke_width(2)).point_size(
                            if series.points.len() <= MARKED_POINTS {
                                4
                            } else {
                                0
                            },
                        ),
                    )
                    .d()?
                    .label(series.name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                    });
            } else {
                chart
                    .draw_series(
                        series
                            .points
                            .iter()
                            .map(|&p| Circle::new(p, 5, colour.mix(0.75).filled())),
                    )
                    .d()?
                    .label(series.name.as_str())
                    .legend(move |(x, y)| Circle::new((x + 12, y), 5, colour.filled()));
            }
        }
        if let Some(reference) = &self.reference {
            chart
                .draw_series(
                    reference
                        .points
                        .iter()
                        .map(|&p| Cross::new(p, 7, BLACK.stroke_width(2))),
                )
                .d()?
                .label(reference.name.as_str())
                .legend(|(x, y)| Cross::new((x + 12, y), 6, BLACK.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .position(self.legend.clone())
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .draw()
            .d()?;
        Ok(())
    }
}

/// Grouped bars: categories on x, one bar per group within each, log or linear y.
pub struct Bars {
    pub title: String,
    pub y_desc: String,
    pub categories: Vec<String>,
    /// (group name, colour, one value per category).
    pub groups: Vec<(String, RGBColor, Vec<Option<f64>>)>,
    pub log_y: bool,
    /// Fixed linear range (e.g. 0..100 for percentages).
    pub y_max: Option<f64>,
}

impl Chart for Bars {
    fn size(&self) -> (u32, u32) {
        (1200, 560 + label_area(&self.categories))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let n = self.categories.len().max(1);
        let bottom = label_area(&self.categories) + 10;
        let values: Vec<f64> = self
            .groups
            .iter()
            .flat_map(|(_, _, v)| v.iter().flatten().copied())
            .collect();
        let builder = |root| {
            let mut b = ChartBuilder::on(root);
            b.caption(
                &self.title,
                ("sans-serif", 24).into_font().style(FontStyle::Bold),
            )
            .margin(15)
            .x_label_area_size(bottom)
            .y_label_area_size(95);
            b
        };
        if self.log_y {
            let y = log_range(values.iter().copied());
            let base = y.start;
            let mut chart = builder(root)
                .build_cartesian_2d(-0.5..(n as f64 - 0.5), y.log_scale())
                .d()?;
            self.fill(&mut chart, base)?;
            category_labels(root, &chart, &self.categories, base)?;
        } else {
            let top = self
                .y_max
                .unwrap_or_else(|| values.iter().copied().fold(1.0, f64::max) * 1.1);
            let mut chart = builder(root)
                .build_cartesian_2d(-0.5..(n as f64 - 0.5), 0.0..top)
                .d()?;
            self.fill(&mut chart, 0.0)?;
            category_labels(root, &chart, &self.categories, 0.0)?;
        }
        Ok(())
    }
}

impl Bars {
    fn fill<'a, DB: DrawingBackend + 'a, Y>(
        &self,
        chart: &mut ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
        base: f64,
    ) -> Result<()>
    where
        Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    {
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .x_label_formatter(&|_| String::new())
            .y_desc(&self.y_desc)
            .y_label_formatter(&|v| fmt_count(*v))
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .d()?;
        let groups = self.groups.len().max(1) as f64;
        let width = (0.8 / groups).min(0.3);
        for (g, (name, colour, values)) in self.groups.iter().enumerate() {
            let colour = *colour;
            let left = |i: usize| i as f64 - width * groups / 2.0 + g as f64 * width;
            chart
                .draw_series(values.iter().enumerate().filter_map(|(i, v)| {
                    v.filter(|v| *v > base || (base == 0.0 && *v >= 0.0))
                        .map(|v| {
                            Rectangle::new(
                                [(left(i) + 0.01, base), (left(i) + width - 0.01, v)],
                                colour.filled(),
                            )
                        })
                }))
                .d()?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 16, y + 6)], colour.filled())
                });
            // Values on top of the bars, so the chart reads without the axis.
            chart
                .draw_series(values.iter().enumerate().filter_map(|(i, v)| {
                    v.filter(|v| *v > base).map(|v| {
                        Text::new(
                            fmt_count(v),
                            (left(i) + width / 2.0, v),
                            ("sans-serif", 13)
                                .into_font()
                                .color(&BLACK)
                                .pos(Pos::new(HPos::Center, VPos::Bottom)),
                        )
                    })
                }))
                .d()?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .draw()
            .d()?;
        Ok(())
    }
}

/// Stacks two charts vertically into one picture.
pub struct Stacked<A, B>(pub A, pub B);

impl<A: Chart, B: Chart> Chart for Stacked<A, B> {
    fn size(&self) -> (u32, u32) {
        let (w1, h1) = self.0.size();
        let (w2, h2) = self.1.size();
        (w1.max(w2), h1 + h2)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (top, bottom) = root.split_vertically(self.0.size().1);
        self.0.draw(&top)?;
        self.1.draw(&bottom)?;
        Ok(())
    }
}

/// A titled placeholder chart.
pub struct Message {
    pub title: String,
    pub message: String,
}

impl Chart for Message {
    fn size(&self) -> (u32, u32) {
        (1200, 200)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        draw_message(root, &self.title, &self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_helpers() {
        assert_eq!(log_range([3.0, 250.0]), 1.0..1000.0);
        assert_eq!(log_range([]), 1.0..10.0);
        assert_eq!(fmt_us(2_500_000.0), "2.5 s");
        assert_eq!(fmt_us(1500.0), "1.5 ms");
        assert_eq!(fmt_us(0.25), "250 ns");
        assert_eq!(fmt_count(622_577_597.0), "622.58M");
    }

    #[test]
    fn a_chart_writes_png_and_svg() {
        let dir = tempfile::tempdir().unwrap();
        let chart = Scatter {
            title: "t".into(),
            x_desc: "x".into(),
            y_desc: "y".into(),
            series: vec![Series {
                name: "a".into(),
                colour: colour(0),
                points: vec![(1.0, 10.0), (2.0, 100.0)],
            }],
            reference: None,
            log_x: false,
            log_y: true,
            lines: true,
            x_is_time_us: false,
            y_is_time_us: true,
            note: None,
            legend: SeriesLabelPosition::UpperRight,
            bounds: None,
        };
        let (png, svg) = save(&chart, &dir.path().join("c")).unwrap();
        assert!(std::fs::read(png).unwrap().starts_with(b"\x89PNG"));
        assert!(std::fs::read_to_string(svg).unwrap().contains("<svg"));
    }
}
