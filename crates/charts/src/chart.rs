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
use sudoku_report::units::{fmt_count, fmt_us};
use sudoku_run::results::SolverMeta;

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

/// Colours that stay apart from each other, for series keyed by position (datasets).
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

/// The colour of each family: the same in every report, so backtracking is always blue.
const FAMILY_COLOURS: [(&str, RGBColor); 9] = [
    ("backtracking", RGBColor(31, 119, 180)),
    ("exact cover", RGBColor(255, 127, 14)),
    ("linear programming", RGBColor(44, 160, 44)),
    ("satisfiability", RGBColor(214, 39, 40)),
    ("graph colouring", RGBColor(148, 103, 189)),
    ("local search", RGBColor(140, 86, 75)),
    ("evolutionary", RGBColor(227, 119, 194)),
    ("swarm intelligence", RGBColor(188, 189, 34)),
    ("human techniques", RGBColor(23, 190, 207)),
];

/// Families the table above does not name share these, in order of appearance.
const OTHER_FAMILY_COLOURS: [RGBColor; 2] = [RGBColor(127, 127, 127), RGBColor(90, 90, 90)];

/// A point's shape. Within a family each member gets its own, so members stay apart even in a
/// scatter with no lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    Circle,
    Square,
    TriangleUp,
    Diamond,
    TriangleDown,
    RingCircle,
    RingSquare,
    RingTriangle,
    RingDiamond,
    /// Published figures beside ours.
    Cross,
}

/// The markers members of a family take, in order.
const MEMBER_MARKERS: [Marker; 9] = [
    Marker::Circle,
    Marker::Square,
    Marker::TriangleUp,
    Marker::Diamond,
    Marker::TriangleDown,
    Marker::RingCircle,
    Marker::RingSquare,
    Marker::RingTriangle,
    Marker::RingDiamond,
];

/// How much lighter (positive) or darker (negative) each member of a family is drawn.
const MEMBER_SHADES: [f64; 5] = [0.0, 0.45, -0.4, 0.25, -0.2];

/// How one series is drawn: its colour, marker and line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub colour: RGBColor,
    pub marker: Marker,
    pub dashed: bool,
}

impl Style {
    /// A solid line with round markers.
    pub fn plain(colour: RGBColor) -> Style {
        Style {
            colour,
            marker: Marker::Circle,
            dashed: false,
        }
    }

    /// The style of the `member`-th solver of a family drawn in `base`: its own marker (nine
    /// before they repeat), a shade, and every other member dashed, so no two members share all
    /// three.
    fn member(base: RGBColor, member: usize) -> Style {
        let marker = MEMBER_MARKERS[member % MEMBER_MARKERS.len()];
        let shade = MEMBER_SHADES[(member + member / MEMBER_MARKERS.len()) % MEMBER_SHADES.len()];
        Style {
            colour: shade_of(base, shade),
            marker,
            dashed: member % 2 == 1,
        }
    }

    /// The marker at `at`, `size` pixels across its middle.
    pub fn marker_at<'a, DB: DrawingBackend + 'a, C: Clone + 'a>(
        &self,
        at: C,
        size: i32,
    ) -> DynElement<'a, DB, C> {
        let colour = self.colour;
        let filled = ShapeStyle::from(colour).filled();
        let ring = ShapeStyle::from(colour).stroke_width(2);
        let r = size / 2;
        let triangle = |up: bool| {
            let h = if up { -r } else { r };
            vec![(0, h), (r, -h), (-r, -h)]
        };
        let diamond = vec![(0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)];
        let square = vec![(-r, -r), (r, -r), (r, r), (-r, r)];
        let closed = |mut points: Vec<(i32, i32)>| {
            points.push(points[0]);
            points
        };
        let base = EmptyElement::at(at);
        match self.marker {
            Marker::Circle => (base + Circle::new((0, 0), r, filled)).into_dyn(),
            Marker::Square => (base + Polygon::new(square, filled)).into_dyn(),
            Marker::TriangleUp => (base + Polygon::new(triangle(true), filled)).into_dyn(),
            Marker::Diamond => (base + Polygon::new(diamond, filled)).into_dyn(),
            Marker::TriangleDown => (base + Polygon::new(triangle(false), filled)).into_dyn(),
            Marker::RingCircle => (base + Circle::new((0, 0), r, ring)).into_dyn(),
            Marker::RingSquare => (base + PathElement::new(closed(square), ring)).into_dyn(),
            Marker::RingTriangle => {
                (base + PathElement::new(closed(triangle(true)), ring)).into_dyn()
            }
            Marker::RingDiamond => (base + PathElement::new(closed(diamond), ring)).into_dyn(),
            Marker::Cross => (base + Cross::new((0, 0), r, ring)).into_dyn(),
        }
    }
}

impl Style {
    /// The style as a small inline SVG (its line and marker), to key a table's rows to the
    /// charts.
    pub fn swatch_svg(&self) -> String {
        let RGBColor(r, g, b) = self.colour;
        let c = format!("#{r:02x}{g:02x}{b:02x}");
        let dash = if self.dashed {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let fill = format!("fill=\"{c}\"");
        let ring = format!("fill=\"none\" stroke=\"{c}\" stroke-width=\"1.5\"");
        let shape = |attrs: &str, kind: &str| match kind {
            "circle" => format!("<circle cx=\"14\" cy=\"7\" r=\"4\" {attrs}/>"),
            "square" => format!("<rect x=\"10\" y=\"3\" width=\"8\" height=\"8\" {attrs}/>"),
            "up" => format!("<polygon points=\"14,2.5 18.5,11 9.5,11\" {attrs}/>"),
            "down" => format!("<polygon points=\"14,11.5 18.5,3 9.5,3\" {attrs}/>"),
            "diamond" => format!("<polygon points=\"14,2 19,7 14,12 9,7\" {attrs}/>"),
            _ => format!("<path d=\"M10,3 L18,11 M18,3 L10,11\" {attrs}/>"),
        };
        let marker = match self.marker {
            Marker::Circle => shape(&fill, "circle"),
            Marker::Square => shape(&fill, "square"),
            Marker::TriangleUp => shape(&fill, "up"),
            Marker::Diamond => shape(&fill, "diamond"),
            Marker::TriangleDown => shape(&fill, "down"),
            Marker::RingCircle => shape(&ring, "circle"),
            Marker::RingSquare => shape(&ring, "square"),
            Marker::RingTriangle => shape(&ring, "up"),
            Marker::RingDiamond => shape(&ring, "diamond"),
            Marker::Cross => shape(&ring, "cross"),
        };
        format!(
            "<svg class=key width=\"28\" height=\"14\" viewBox=\"0 0 28 14\" aria-hidden=\"true\">\
             <line x1=\"0\" y1=\"7\" x2=\"28\" y2=\"7\" stroke=\"{c}\" stroke-width=\"2\"{dash}/>{marker}</svg>"
        )
    }
}

/// `colour` mixed toward white (`amount` > 0) or black (`amount` < 0).
fn shade_of(colour: RGBColor, amount: f64) -> RGBColor {
    let toward = if amount >= 0.0 { 255.0 } else { 0.0 };
    let mix = |c: u8| (c as f64 + (toward - c as f64) * amount.abs()).round() as u8;
    RGBColor(mix(colour.0), mix(colour.1), mix(colour.2))
}

/// The one style table of a report: every solver keeps its style in every chart. Colour says
/// the family; marker, shade and dash tell its members apart.
#[derive(Clone, Debug, Default)]
pub struct Styles {
    by_id: Vec<(String, Style)>,
}

impl Styles {
    /// Styles for `solvers`, members numbered within their family in the order given.
    pub fn of(solvers: &[SolverMeta]) -> Styles {
        let mut families: Vec<(&str, RGBColor, usize)> = Vec::new();
        let mut by_id = Vec::new();
        for meta in solvers {
            let family = meta.family.as_str();
            let index = match families.iter().position(|(f, _, _)| *f == family) {
                Some(index) => index,
                None => {
                    let others = families
                        .iter()
                        .filter(|(f, _, _)| !FAMILY_COLOURS.iter().any(|(k, _)| k == f))
                        .count();
                    let base = FAMILY_COLOURS
                        .iter()
                        .find(|(f, _)| *f == family)
                        .map(|&(_, c)| c)
                        .unwrap_or(OTHER_FAMILY_COLOURS[others % OTHER_FAMILY_COLOURS.len()]);
                    families.push((family, base, 0));
                    families.len() - 1
                }
            };
            let (_, base, members) = &mut families[index];
            by_id.push((meta.id.clone(), Style::member(*base, *members)));
            *members += 1;
        }
        Styles { by_id }
    }

    /// The style of solver `id` (a plain grey one for a solver the table does not know).
    pub fn get(&self, id: &str) -> Style {
        self.by_id
            .iter()
            .find(|(known, _)| known == id)
            .map_or(Style::plain(RGBColor(120, 120, 120)), |&(_, style)| style)
    }
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

/// Characters of a note's line under a chart.
const NOTE_LINE: usize = 150;
/// Height of a note's line, px.
const NOTE_HEIGHT: u32 = 20;

/// `note` broken into lines of at most [`NOTE_LINE`] characters, at spaces.
fn note_lines(note: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in note.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= NOTE_LINE => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Splits a strip off the bottom of `root` for `note`, when there is one.
fn split_note<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    note: Option<&str>,
) -> (DrawingArea<DB, Shift>, Option<DrawingArea<DB, Shift>>) {
    match note {
        Some(note) => {
            let (_, h) = root.dim_in_pixel();
            let strip = NOTE_HEIGHT * note_lines(note).len() as u32 + 8;
            let (main, foot) = root.split_vertically(h.saturating_sub(strip));
            (main, Some(foot))
        }
        None => (root.clone(), None),
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

/// Series of points sharing a name and a style.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub style: Style,
    pub points: Vec<(f64, f64)>,
}

/// Width of the legend column at the right of a chart with series.
const LEGEND_WIDTH: u32 = 240;
/// Where the legend's first line sits, level with the top of the plot.
const LEGEND_TOP: i32 = 60;
/// Marker size in the plot and in the legend, px.
const MARKER: i32 = 9;

/// The legend column: one line per series in the order given (the report's ranking), each a
/// sample of its line (when `lines`) and marker, then its name. Lines shrink to fit.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(&str, Style)],
    lines: bool,
) -> Result<()> {
    let (_, h) = area.dim_in_pixel();
    let room = h as i32 - LEGEND_TOP - 10;
    let step = (room / entries.len().max(1) as i32).clamp(12, 22);
    let font = if step >= 18 { 15 } else { 12 };
    for (i, (name, style)) in entries.iter().enumerate() {
        let y = LEGEND_TOP + i as i32 * step;
        if lines {
            let colour = style.colour.stroke_width(2);
            if style.dashed {
                for x in [4, 18] {
                    area.draw(&PathElement::new(vec![(x, y), (x + 9, y)], colour))
                        .d()?;
                }
            } else {
                area.draw(&PathElement::new(vec![(4, y), (32, y)], colour))
                    .d()?;
            }
        }
        area.draw(&style.marker_at((18, y), MARKER)).d()?;
        let label: String = name.chars().take(28).collect();
        area.draw(&Text::new(
            label,
            (40, y),
            ("sans-serif", font)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .d()?;
    }
    Ok(())
}

/// Splits the legend column off the right of `root`.
fn split_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let (w, _) = root.dim_in_pixel();
    root.split_horizontally(w.saturating_sub(LEGEND_WIDTH))
}

/// Draws `points` in `style`: the line (solid or dashed) when `line`, and markers: at every
/// point of a short series, at a few evenly spaced ones along a long line, so its marker still
/// names it.
fn draw_styled<'a, DB: DrawingBackend + 'a, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    points: &[(f64, f64)],
    style: Style,
    line: bool,
) -> Result<()>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    if line {
        let stroke = style.colour.stroke_width(2);
        if style.dashed {
            chart
                .draw_series(DashedLineSeries::new(points.iter().copied(), 9, 6, stroke))
                .d()?;
        } else {
            chart
                .draw_series(LineSeries::new(points.iter().copied(), stroke))
                .d()?;
        }
    }
    let stride = if !line || points.len() <= MARKED_POINTS {
        1
    } else {
        points.len().div_ceil(LONG_LINE_MARKERS)
    };
    let area = chart.plotting_area();
    for &point in points.iter().step_by(stride) {
        area.draw(&style.marker_at(point, MARKER)).d()?;
    }
    Ok(())
}

/// Lines with at most this many points mark each point.
const MARKED_POINTS: usize = 40;
/// Markers along a longer line.
const LONG_LINE_MARKERS: usize = 8;

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
        50
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
    let (left, top) = root.get_base_pixel();
    for (i, name) in names.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64, y_bottom));
        let (x, y) = (x - left, y - top);
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

/// Draws `note` in the strip under a chart.
fn draw_note<DB: DrawingBackend>(foot: &DrawingArea<DB, Shift>, note: &str) -> Result<()> {
    for (i, line) in note_lines(note).into_iter().enumerate() {
        foot.draw(&Text::new(
            line,
            (20, 4 + i as i32 * NOTE_HEIGHT as i32),
            ("sans-serif", 14).into_font().color(&RGBColor(60, 60, 60)),
        ))
        .d()?;
    }
    Ok(())
}

/// Lines with markers over categories (x), log y: one line per series; `None` gaps a line.
pub struct CategoryLines {
    pub title: String,
    pub y_desc: String,
    pub categories: Vec<String>,
    /// Per series, in legend order, one optional value per category.
    pub series: Vec<(String, Style, Vec<Option<f64>>)>,
    /// Extra series drawn as black crosses (e.g. published figures).
    pub reference: Option<(String, Vec<Option<f64>>)>,
    pub y_is_time_us: bool,
    pub x_desc: String,
    /// Join each series' points with lines (else markers only).
    pub lines: bool,
    pub note: Option<String>,
}

/// The style of reference series (published figures).
pub const REFERENCE: Style = Style {
    colour: BLACK,
    marker: Marker::Cross,
    dashed: false,
};

impl Chart for CategoryLines {
    fn size(&self) -> (u32, u32) {
        (1200, 560 + label_area(&self.categories))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (root, foot) = split_note(root, self.note.as_deref());
        let (plot, legend) = split_legend(&root);
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
        let mut chart = ChartBuilder::on(&plot)
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
        let indexed = |values: &[Option<f64>]| -> Vec<(f64, f64)> {
            values
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| (i as f64, v)))
                .collect()
        };
        let mut entries: Vec<(&str, Style)> = Vec::new();
        for (name, style, values) in &self.series {
            draw_styled(&mut chart, &indexed(values), *style, self.lines)?;
            entries.push((name, *style));
        }
        if let Some((name, values)) = &self.reference {
            draw_styled(&mut chart, &indexed(values), REFERENCE, false)?;
            entries.push((name, REFERENCE));
        }
        draw_legend(&legend, &entries, self.lines)?;
        category_labels(&plot, &chart, &self.categories, y_bottom)?;
        if let (Some(note), Some(foot)) = (&self.note, &foot) {
            draw_note(foot, note)?;
        }
        Ok(())
    }
}

/// A scatter (or lines) over a numeric x, log or linear axes.
pub struct Scatter {
    pub title: String,
    pub x_desc: String,
    pub y_desc: String,
    /// In legend order.
    pub series: Vec<Series>,
    /// Drawn in its own style after the series (published figures: black crosses).
    pub reference: Option<Series>,
    pub log_x: bool,
    pub log_y: bool,
    pub lines: bool,
    pub x_is_time_us: bool,
    pub y_is_time_us: bool,
    pub note: Option<String>,
    /// Fixed ranges for linear axes (shares, percentages, counts of a known total); `None` fits
    /// the data.
    pub x_range: Option<Range<f64>>,
    pub y_range: Option<Range<f64>>,
    /// The y axis counts whole things: ticks at whole numbers only.
    pub y_whole: bool,
}

impl Scatter {
    /// Points of `series`, no lines, fitted linear axes; the fields say otherwise.
    pub fn new(title: String, x_desc: &str, y_desc: &str, series: Vec<Series>) -> Scatter {
        Scatter {
            title,
            x_desc: x_desc.into(),
            y_desc: y_desc.into(),
            series,
            reference: None,
            log_x: false,
            log_y: false,
            lines: false,
            x_is_time_us: false,
            y_is_time_us: false,
            note: None,
            x_range: None,
            y_range: None,
            y_whole: false,
        }
    }

    /// Lines of how much was solved within each time (log x, from 0 up to `of`, the most there
    /// is to solve), as cactus plots and time-to-solution distributions draw it.
    pub fn solved_within(
        title: String,
        x_desc: &str,
        y_desc: &str,
        of: f64,
        series: Vec<Series>,
    ) -> Scatter {
        Scatter {
            log_x: true,
            lines: true,
            x_is_time_us: true,
            y_range: Some(0.0..of),
            ..Scatter::new(title, x_desc, y_desc, series)
        }
    }

    fn all_points(&self) -> impl Iterator<Item = &(f64, f64)> {
        self.series
            .iter()
            .flat_map(|s| s.points.iter())
            .chain(self.reference.iter().flat_map(|s| s.points.iter()))
    }
}

/// A linear range holding `values` with some room (from 0 when `from_zero` and all are ≥ 0).
fn linear_range(values: &[f64], from_zero: bool) -> Range<f64> {
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(*v), hi.max(*v))
        });
    if !lo.is_finite() {
        return 0.0..1.0;
    }
    let pad = ((hi - lo) * 0.05).max(1.0);
    if from_zero && lo >= 0.0 {
        0.0..hi + pad
    } else {
        lo - pad..hi + pad
    }
}

impl Chart for Scatter {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (root, foot) = split_note(root, self.note.as_deref());
        let (plot, legend) = split_legend(&root);
        let xs: Vec<f64> = self.all_points().map(|p| p.0).collect();
        let ys: Vec<f64> = self.all_points().map(|p| p.1).collect();
        let x_linear = || {
            self.x_range
                .clone()
                .unwrap_or_else(|| linear_range(&xs, false))
        };
        let y_linear = || {
            self.y_range
                .clone()
                .unwrap_or_else(|| linear_range(&ys, true))
        };
        let mut builder = ChartBuilder::on(&plot);
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
                    .build_cartesian_2d(
                        log_range(xs.clone()).log_scale(),
                        log_range(ys.clone()).log_scale(),
                    )
                    .d()?;
                self.fill(&mut chart)?;
            }
            (true, false) => {
                let mut chart = builder
                    .build_cartesian_2d(log_range(xs.clone()).log_scale(), y_linear())
                    .d()?;
                self.fill(&mut chart)?;
            }
            (false, true) => {
                let mut chart = builder
                    .build_cartesian_2d(x_linear(), log_range(ys.clone()).log_scale())
                    .d()?;
                self.fill(&mut chart)?;
            }
            (false, false) => {
                let mut chart = builder.build_cartesian_2d(x_linear(), y_linear()).d()?;
                self.fill(&mut chart)?;
            }
        }
        let mut entries: Vec<(&str, Style)> = self
            .series
            .iter()
            .map(|s| (s.name.as_str(), s.style))
            .collect();
        entries.extend(self.reference.iter().map(|s| (s.name.as_str(), s.style)));
        draw_legend(&legend, &entries, self.lines)?;
        if let (Some(note), Some(foot)) = (&self.note, &foot) {
            draw_note(foot, note)?;
        }
        Ok(())
    }
}

impl Scatter {
    fn fill<'a, DB: DrawingBackend + 'a, X, Y>(
        &self,
        chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    ) -> Result<()>
    where
        X: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
        Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    {
        let (xt, yt, whole) = (self.x_is_time_us, self.y_is_time_us, self.y_whole);
        let y_label = |v: &f64| {
            if whole && v.fract() != 0.0 {
                String::new()
            } else if yt {
                fmt_us(*v)
            } else {
                fmt_count(*v)
            }
        };
        // A count of a few things: a tick at each whole number, so the top one is labelled.
        let y_ticks = match &self.y_range {
            Some(range) if whole && range.end <= 10.0 => range.end as usize + 1,
            _ => 10,
        };
        chart
            .configure_mesh()
            .x_desc(&self.x_desc)
            .y_desc(&self.y_desc)
            .y_labels(y_ticks)
            .x_label_formatter(&|v| if xt { fmt_us(*v) } else { fmt_count(*v) })
            .y_label_formatter(&y_label)
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .d()?;
        for series in &self.series {
            draw_styled(chart, &series.points, series.style, self.lines)?;
        }
        if let Some(reference) = &self.reference {
            draw_styled(chart, &reference.points, reference.style, false)?;
        }
        Ok(())
    }
}

/// One bar of a [`Bars`] panel: a value, or a word in its place ("not supported").
#[derive(Clone, Debug, PartialEq)]
pub enum Bar {
    Value(f64),
    Note(String),
}

/// Horizontal bars, one row per solver (top-down in the order given, each in its style's
/// colour), one panel per dataset side by side on a shared scale.
pub struct Bars {
    pub title: String,
    /// What the bars measure, with its unit.
    pub x_desc: String,
    /// Rows top-down: a name and its style.
    pub rows: Vec<(String, Style)>,
    /// Panels left to right: a title and one bar per row.
    pub panels: Vec<(String, Vec<Bar>)>,
    pub log_x: bool,
    /// Fixed linear range end (100 for percentages).
    pub x_max: Option<f64>,
}

/// Height of one bar row, px.
const BAR_ROW: u32 = 24;
/// Width of the row names left of the panels, px.
const BAR_NAMES: u32 = 190;

impl Chart for Bars {
    fn size(&self) -> (u32, u32) {
        (1200, 150 + BAR_ROW * self.rows.len().max(1) as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        // Narrow panels have no room for an axis description each: the unit joins the title.
        let title = if self.narrow() {
            format!("{} — {}", self.title, self.x_desc)
        } else {
            self.title.clone()
        };
        let root = root
            .titled(
                &title,
                ("sans-serif", 24).into_font().style(FontStyle::Bold),
            )
            .d()?;
        let (names, panels) = root.split_horizontally(BAR_NAMES);
        let count = self.panels.len().max(1);
        let areas = panels.split_evenly((1, count));
        let values = self
            .panels
            .iter()
            .flat_map(|(_, bars)| bars)
            .filter_map(|b| match b {
                Bar::Value(v) => Some(*v),
                Bar::Note(_) => None,
            });
        let values: Vec<f64> = values.collect();
        for ((title, bars), area) in self.panels.iter().zip(&areas) {
            let coords = if self.log_x {
                let x = log_range(values.iter().copied());
                let mut chart = self
                    .builder(area, title)
                    .build_cartesian_2d(
                        x.clone().log_scale(),
                        -0.5..(self.rows.len().max(1) as f64 - 0.5),
                    )
                    .d()?;
                self.fill(&mut chart, bars, x.start)?
            } else {
                let top = self
                    .x_max
                    .unwrap_or_else(|| values.iter().copied().fold(1.0, f64::max) * 1.15);
                let mut chart = self
                    .builder(area, title)
                    .build_cartesian_2d(0.0..top, -0.5..(self.rows.len().max(1) as f64 - 0.5))
                    .d()?;
                self.fill(&mut chart, bars, 0.0)?
            };
            if std::ptr::eq(area, &areas[0]) {
                self.names(&names, &coords)?;
            }
        }
        Ok(())
    }
}

impl Bars {
    /// More panels than fit a readable axis description and five tick labels each.
    fn narrow(&self) -> bool {
        self.panels.len() > 3
    }

    fn builder<'a, 'b, DB: DrawingBackend>(
        &self,
        area: &'a DrawingArea<DB, Shift>,
        title: &'b str,
    ) -> ChartBuilder<'a, 'b, DB> {
        let mut builder = ChartBuilder::on(area);
        builder
            .caption(title, ("sans-serif", 18).into_font())
            .margin_right(40)
            .margin_left(6)
            .x_label_area_size(50)
            .y_label_area_size(0);
        builder
    }

    /// The y coordinate of row `index` (the first row at the top).
    fn row_y(&self, index: usize) -> f64 {
        (self.rows.len() - 1 - index) as f64
    }

    /// Draws `bars` in one panel whose bars start at `base`; returns each row's pixel height.
    fn fill<'a, DB: DrawingBackend + 'a, X>(
        &self,
        chart: &mut ChartContext<'a, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
        bars: &[Bar],
        base: f64,
    ) -> Result<Vec<i32>>
    where
        X: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    {
        let (ticks, desc) = if self.narrow() {
            (3, "")
        } else {
            (6, self.x_desc.as_str())
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_labels(ticks)
            .x_desc(desc)
            .x_label_formatter(&|v| fmt_count(*v))
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .draw()
            .d()?;
        for (i, (bar, (_, style))) in bars.iter().zip(&self.rows).enumerate() {
            let y = self.row_y(i);
            let (text, colour) = match bar {
                Bar::Value(v) if *v > base || (base == 0.0 && *v >= 0.0) => {
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [(base, y - 0.34), (*v, y + 0.34)],
                            style.colour.filled(),
                        )))
                        .d()?;
                    (fmt_count(*v), BLACK)
                }
                Bar::Value(v) => (fmt_count(*v), BLACK),
                Bar::Note(note) => (note.clone(), RGBColor(110, 110, 110)),
            };
            let end = match bar {
                Bar::Value(v) if *v > base => *v,
                _ => base,
            };
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((end, y))
                        + Text::new(
                            text,
                            (4, 0),
                            ("sans-serif", 13)
                                .into_font()
                                .color(&colour)
                                .pos(Pos::new(HPos::Left, VPos::Center)),
                        ),
                ))
                .d()?;
        }
        Ok((0..self.rows.len())
            .map(|i| chart.backend_coord(&(base, self.row_y(i))).1)
            .collect())
    }

    /// The row names, right-aligned against the first panel, each with its marker.
    fn names<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, ys: &[i32]) -> Result<()> {
        let (_, top) = area.get_base_pixel();
        for ((name, style), y) in self.rows.iter().zip(ys) {
            let y = y - top;
            area.draw(&style.marker_at((BAR_NAMES as i32 - 14, y), MARKER))
                .d()?;
            area.draw(&Text::new(
                name.clone(),
                (BAR_NAMES as i32 - 26, y),
                ("sans-serif", 14)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .d()?;
        }
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
    }

    fn meta(id: &str, family: &str) -> SolverMeta {
        SolverMeta {
            id: id.into(),
            family: family.into(),
            description: String::new(),
            complete: true,
            counts_solutions: true,
            stochastic: false,
            reports_guesses: false,
            sizes: vec![9],
            variants: vec!["classic".into()],
            work_counter: "iterations".into(),
        }
    }

    #[test]
    fn every_solver_has_a_style_of_its_own_coloured_by_family() {
        let mut metas = vec![meta("dlx", "exact cover")];
        for i in 0..12 {
            metas.push(meta(&format!("lp{i}"), "linear programming"));
        }
        metas.push(meta("naive", "backtracking"));
        metas.push(meta("bitmask", "backtracking"));
        let styles = Styles::of(&metas);
        let all: Vec<Style> = metas.iter().map(|m| styles.get(&m.id)).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // Members share their family's hue: the family's first member is its colour.
        assert_eq!(styles.get("naive").colour, RGBColor(31, 119, 180));
        assert_eq!(styles.get("lp0").colour, RGBColor(44, 160, 44));
        assert_ne!(styles.get("naive").marker, styles.get("bitmask").marker);
        // The same solver, the same style, whatever else the run holds.
        let alone = Styles::of(&[meta("naive", "backtracking")]);
        assert_eq!(alone.get("naive"), styles.get("naive"));
    }

    #[test]
    fn a_chart_writes_png_and_svg() {
        let dir = tempfile::tempdir().unwrap();
        let chart = Scatter {
            log_y: true,
            lines: true,
            y_is_time_us: true,
            ..Scatter::new(
                "t".into(),
                "x",
                "y",
                vec![Series {
                    name: "a".into(),
                    style: Style::member(colour(0), 3),
                    points: vec![(1.0, 10.0), (2.0, 100.0)],
                }],
            )
        };
        let (png, svg) = save(&chart, &dir.path().join("c")).unwrap();
        assert!(std::fs::read(png).unwrap().starts_with(b"\x89PNG"));
        assert!(std::fs::read_to_string(svg).unwrap().contains("<svg"));
        let bars = Bars {
            title: "b".into(),
            x_desc: "per second".into(),
            rows: vec![
                ("a".into(), Style::plain(colour(1))),
                ("b".into(), Style::plain(colour(2))),
            ],
            panels: vec![(
                "d".into(),
                vec![Bar::Value(20.0), Bar::Note("not supported".into())],
            )],
            log_x: true,
            x_max: None,
        };
        let (_, svg) = save(&bars, &dir.path().join("b")).unwrap();
        assert!(
            std::fs::read_to_string(svg)
                .unwrap()
                .contains("not supported")
        );
    }
}
