//! Writes `reports/figures/NAME/figures.md`: the figures a measurement's folder backs, in the
//! very words the README's `## Figures` section quotes them, computed from what the folder holds
//! (a `bench` run's `summary.json`, or a program's saved output), never typed by hand.
//!
//! `scripts/figures.sh` runs it after each measurement; `tests/readme_figures.rs` runs the same
//! code on the committed folders and requires the committed `figures.md` to match.
//!
//! `cargo run --release --example figures -- NAME [ROOT]` (ROOT: the checkout, default `.`)

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sudoku_charts::chart::{REFERENCE, Scatter, Series, Style, Styles, colour, save};
use sudoku_report::stats;
use sudoku_run::results::SolverMeta;

/// Every measurement of `scripts/figures.sh`, in its order.
pub const NAMES: [&str; 19] = [
    "main",
    "reproduce",
    "naive",
    "peers",
    "guesses",
    "sixteen",
    "sets",
    "ilp",
    "stochastic-tuned",
    "stochastic-faithful",
    "genetic-budget",
    "rate",
    "rate-peers",
    "generate",
    "jobs",
    "ratings",
    "throughput",
    "colony",
    "colony-faithful",
];

/// The public sets by file name, and how the README calls them.
const SETS: [(&str, &str); 4] = [
    ("puzzles2_17_clue", "17-clue"),
    ("puzzles3_magictour_top1465", "top1465"),
    ("puzzles6_forum_hardest_1106", "hardest_1106"),
    ("named", "named boards"),
];

#[allow(dead_code)] // the test includes this file for `figures_md` alone
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: figures NAME [ROOT]; names: {}", NAMES.join(" "));
        std::process::exit(2);
    };
    let root = PathBuf::from(args.get(1).map_or(".", String::as_str));
    let path = folder(&root, name).join("figures.md");
    let written = figures_md(&root, name)
        .and_then(|text| {
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
        })
        .and_then(|()| draw(&root, name));
    match written {
        Ok(charts) => {
            for written in std::iter::once(&path).chain(&charts) {
                eprintln!("wrote {}", written.display());
            }
        }
        Err(error) => {
            eprintln!("figures {name}: {error}");
            std::process::exit(1);
        }
    }
}

pub fn folder(root: &Path, name: &str) -> PathBuf {
    root.join("reports/figures").join(name)
}

/// The text of `NAME/figures.md`, from the folder's data.
pub fn figures_md(root: &Path, name: &str) -> Result<String, String> {
    let dir = folder(root, name);
    let lines = match name {
        "main" => main_job(&dir)?,
        "reproduce" => reproduce(&dir)?,
        "naive" => naive(&dir)?,
        "peers" => peers(&dir)?,
        "guesses" => guesses(&dir)?,
        "sixteen" => sixteen(&dir)?,
        "sets" => sets(&dir)?,
        "ilp" => ilp(&dir)?,
        "stochastic-tuned" => stochastic_tuned(&dir)?,
        "stochastic-faithful" => stochastic_faithful(root)?,
        "genetic-budget" => genetic_budget(&dir)?,
        "rate" => rate(&dir)?,
        "rate-peers" => rate_peers(&dir)?,
        "throughput" => throughput(&dir)?,
        "generate" => generate(&dir)?,
        "jobs" => jobs(&dir)?,
        "ratings" => ratings(&dir)?,
        "colony" | "colony-faithful" => colony(&dir)?,
        _ => {
            return Err(format!(
                "no measurement {name:?}; names: {}",
                NAMES.join(" ")
            ));
        }
    };
    let mut text = format!(
        "# Figures from `reports/figures/{name}/`\n\nWritten by `scripts/figures.sh` (the example \
         `figures`) from this folder's data; the README quotes them.\n\n"
    );
    for line in lines {
        writeln!(text, "- {line}").expect("a string takes writes");
    }
    Ok(text)
}

/// Draws the charts a measurement's folder holds beside `figures.md` (only the colony's have
/// any);
/// returns their paths. Kept out of [`figures_md`], so the test that rebuilds `figures.md` from
/// the committed folders writes nothing into them.
pub fn draw(root: &Path, name: &str) -> Result<Vec<PathBuf>, String> {
    match name {
        "colony" | "colony-faithful" => draw_colony(&folder(root, name)),
        _ => Ok(Vec::new()),
    }
}

// ---- how the README writes numbers ----

/// `6180` as `6,180`.
pub fn thousands(value: u64) -> String {
    sudoku_core::thousands(value)
}

/// Three significant digits (two decimals below 10).
fn significant(value: f64) -> String {
    match value.abs() {
        v if v >= 100.0 => format!("{value:.0}"),
        v if v >= 10.0 => format!("{value:.1}"),
        _ => format!("{value:.2}"),
    }
}

/// A rate: `693k`, `66.2k`, `6.41k`, `486`, `73.0`.
pub fn per_second(value: f64) -> String {
    if value >= 999.5 {
        format!("{}k", significant(value / 1000.0))
    } else {
        significant(value)
    }
}

/// A duration given in µs: `0.153 ms`, `12.0 ms`, `670 ms`, `4.42 s`.
pub fn duration_us(us: f64) -> String {
    if us >= 999_500.0 {
        format!("{} s", significant(us / 1e6))
    } else if us >= 1000.0 {
        format!("{} ms", significant(us / 1e3))
    } else {
        format!("{:.3} ms", us / 1e3)
    }
}

pub fn percent(value: f64) -> String {
    format!("{value:.1}%")
}

pub fn ratio(value: f64) -> String {
    format!("{value:.2}×")
}

/// A count per puzzle: `0.44`, `6.41`, `102`, `9,862`.
pub fn per_puzzle(value: f64) -> String {
    if value >= 999.5 {
        thousands(value.round() as u64)
    } else {
        significant(value)
    }
}

/// A small count as a word (`five`), as prose writes it.
fn word(count: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(count)
        .map_or_else(|| thousands(count as u64), |w| w.to_string())
}

fn set_name(dataset: &str) -> String {
    SETS.iter()
        .find(|(file, _)| *file == dataset)
        .map_or_else(|| format!("`{dataset}`"), |(_, short)| short.to_string())
}

// ---- reading the folders ----

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn number(text: &str) -> Result<f64, String> {
    let cleaned: String = text
        .trim()
        .trim_end_matches(['×', '%'])
        .chars()
        .filter(|c| *c != ',')
        .collect();
    cleaned
        .parse()
        .map_err(|_| format!("not a number: {text:?}"))
}

/// The body rows of the markdown tables in `text`, cells trimmed.
pub fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// The row of a table whose first cell starts with `key`.
fn row<'a>(rows: &'a [Vec<String>], key: &str, file: &str) -> Result<&'a [String], String> {
    rows.iter()
        .find(|r| r.first().is_some_and(|c| c.starts_with(key)))
        .map(Vec::as_slice)
        .ok_or_else(|| format!("{file}: no row for {key:?}"))
}

fn cell(row: &[String], index: usize) -> Result<f64, String> {
    number(row.get(index).ok_or("a short row")?)
}

/// `summary.json`: one object per solver and dataset.
pub fn summary(dir: &Path) -> Result<Vec<Value>, String> {
    let path = dir.join("summary.json");
    let value: Value =
        serde_json::from_str(&read(&path)?).map_err(|e| format!("{}: {e}", path.display()))?;
    value
        .as_array()
        .cloned()
        .ok_or_else(|| format!("{}: not an array", path.display()))
}

fn entry<'a>(all: &'a [Value], solver: &str, dataset: &str) -> Result<&'a Value, String> {
    all.iter()
        .find(|s| s["solver"] == solver && s["dataset"] == dataset)
        .ok_or_else(|| format!("summary.json: no {solver} on {dataset}"))
}

fn field(summary: &Value, name: &str) -> Result<f64, String> {
    summary[name]
        .as_f64()
        .ok_or_else(|| format!("summary.json: {name} missing for {}", summary["solver"]))
}

/// `N rows in S s` from a `bench` run's stderr: its rows and elapsed seconds as printed.
pub fn bench_elapsed(dir: &Path) -> Result<(u64, String), String> {
    let text = read(&dir.join("stderr.txt"))?;
    text.lines()
        .find_map(|line| {
            let (rows, rest) = line.split_once(" rows in ")?;
            let seconds = rest.split_once(" s")?.0;
            Some((number(rows).ok()? as u64, seconds.to_string()))
        })
        .ok_or_else(|| format!("{}: no \"rows in\" line", dir.join("stderr.txt").display()))
}

/// The run's options as its header (`run.json`) records them: what a `bench` folder measured.
pub fn setting(dir: &Path) -> Result<String, String> {
    let path = dir.join("run.json");
    let header: Value =
        serde_json::from_str(&read(&path)?).map_err(|e| format!("{}: {e}", path.display()))?;
    let options = &header["options"];
    let mut parts = Vec::new();
    if let Some(sample) = options["sample"].as_u64() {
        parts.push(format!(
            "{sample} puzzles drawn from each file (seed {})",
            options["seed"]
        ));
    }
    if let Some(timeout) = options["timeout"].as_f64() {
        parts.push(format!("{timeout} s a solve"));
    }
    let stochastic = header["solvers"]
        .as_array()
        .is_some_and(|all| all.iter().any(|s| s["stochastic"] == true));
    if stochastic {
        let seeds = options["seeds"].as_u64().unwrap_or(0);
        parts.push(format!(
            "{seeds} seed{} a puzzle",
            if seeds == 1 { "" } else { "s" }
        ));
    } else {
        let reps = options["reps"].as_u64().unwrap_or(0);
        let passes = if reps == 1 { "pass" } else { "passes" };
        parts.push(format!("{reps} timed {passes} after the warm-up"));
    }
    if let Some(jobs) = options["jobs"].as_u64() {
        parts.push(format!("{jobs} job{}", if jobs == 1 { "" } else { "s" }));
    }
    Ok(format!("the run (`run.json`): {}", parts.join(", ")))
}

// ---- each measurement ----

fn reproduce(dir: &Path) -> Result<Vec<String>, String> {
    let path = dir.join("table1.csv");
    let mut reader = csv::Reader::from_path(&path).map_err(|e| e.to_string())?;
    let headers = reader.headers().map_err(|e| e.to_string())?.clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("{}: no column {name:?}", path.display()))
    };
    let (board, published, ours) = (
        column("board")?,
        column("published iterations")?,
        column("naive iterations")?,
    );
    let (mut known, mut exact, mut near_worst) = (0, 0, None);
    for record in reader.records() {
        let record = record.map_err(|e| e.to_string())?;
        let Ok(measured) = number(&record[ours]) else {
            continue; // no published grid
        };
        known += 1;
        if measured == number(&record[published])? {
            exact += 1;
        }
        if record[board].eq_ignore_ascii_case("near worst case") {
            near_worst = Some(measured as u64);
        }
    }
    let near_worst = near_worst.ok_or("no Near worst case row")?;
    let how_many = if exact == known {
        format!("all {}", word(known))
    } else {
        format!("{} of the {}", word(exact), word(known))
    };
    Ok(vec![format!(
        "naive reproduces {how_many} published iteration counts of the boards whose grid is \
         known exactly (Near worst case {})",
        thousands(near_worst)
    )])
}

fn naive(dir: &Path) -> Result<Vec<String>, String> {
    let text = read(&dir.join("criterion.txt"))?;
    // `thrpt:  [1.3745 Gelem/s 1.3804 Gelem/s 1.3860 Gelem/s]`: the middle is the estimate.
    let middle = |label: &str| -> Result<(f64, String), String> {
        let after = text
            .lines()
            .find_map(|l| l.split_once(label))
            .ok_or_else(|| format!("criterion.txt: no {label} line"))?
            .1;
        let inside = after
            .split_once('[')
            .and_then(|(_, r)| r.split_once(']'))
            .ok_or("criterion.txt: no [low estimate high]")?
            .0;
        let parts: Vec<&str> = inside.split_whitespace().collect();
        let [_, _, value, unit, _, _] = parts[..] else {
            return Err(format!("criterion.txt: unexpected {inside:?}"));
        };
        Ok((number(value)?, unit.to_string()))
    };
    let (rate, unit) = middle("thrpt:")?;
    let scale = match unit.as_str() {
        "Gelem/s" => 1e9,
        "Melem/s" => 1e6,
        "Kelem/s" => 1e3,
        _ => 1.0,
    };
    let per_second = rate * scale;
    let rate = if per_second >= 1e9 {
        format!("{:.2} billion", per_second / 1e9)
    } else {
        format!("{:.0} million", per_second / 1e6)
    };
    let (time, unit) = middle("time:")?;
    Ok(vec![format!(
        "naive on Near worst case: {rate} iterations/s (criterion's estimate; a solve in {} {unit})",
        significant(time)
    )])
}

fn peers(dir: &Path) -> Result<Vec<String>, String> {
    let table = |file: &str| -> Result<(String, Vec<Vec<String>>), String> {
        let text = read(&dir.join(file))?;
        let passes = text
            .lines()
            .next()
            .and_then(|l| l.split_once("median of "))
            .and_then(|(_, r)| r.split_whitespace().next())
            .ok_or_else(|| format!("{file}: no \"median of N\" line"))?
            .to_string();
        Ok((passes, table_rows(&text)))
    };
    let (passes, free) = table("peers.txt")?;
    let (pinned_passes, pinned) = table("peers-pinned.txt")?;
    let (multi_passes, multi) = table("peers-pinned-multi.txt")?;
    let mut lines = vec![format!(
        "bitmask against the `sudoku` crate, uniqueness-checking solves through \
         `sudoku_run::timed_solve`, median of {passes} alternated passes (pinned: {pinned_passes})"
    )];
    let sets = SETS[..3].iter().map(|(f, _)| *f).chain(["multi-solution"]);
    for set in sets {
        let (a, b) = (
            row(&free, set, "peers.txt")?,
            row(&pinned, set, "peers-pinned.txt")?,
        );
        lines.push(format!(
            "{} ({} puzzles): {} against {}/s ({}); pinned to one core {} against {}/s ({})",
            if set == "multi-solution" {
                "`datasets/multi-solution.txt`".to_string()
            } else {
                set_name(set)
            },
            thousands(cell(a, 1)? as u64),
            per_second(cell(a, 2)?),
            per_second(cell(a, 3)?),
            ratio(cell(a, 4)?),
            per_second(cell(b, 2)?),
            per_second(cell(b, 3)?),
            ratio(cell(b, 4)?),
        ));
    }
    let m = row(&multi, "multi-solution", "peers-pinned-multi.txt")?;
    lines.push(format!(
        "multi-solution pinned, median of {multi_passes} alternated passes: {} against {}/s ({})",
        per_second(cell(m, 2)?),
        per_second(cell(m, 3)?),
        ratio(cell(m, 4)?),
    ));
    Ok(lines)
}

fn guesses(dir: &Path) -> Result<Vec<String>, String> {
    let text = read(&dir.join("guesses.txt"))?;
    let sets = SETS[..3].iter().map(|(f, _)| *f).chain(["multi-solution"]);
    sets.map(|set| {
        let line = text
            .lines()
            .find(|l| l.starts_with(set))
            .ok_or_else(|| format!("guesses.txt: no line for {set}"))?;
        // `NAME  N puzzles  R/s  guesses G  nodes D  no-guess P%  not unique B`
        let after = |key: &str| -> Result<f64, String> {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words
                .iter()
                .position(|w| *w == key)
                .ok_or_else(|| format!("guesses.txt: no {key} for {set}"))?;
            number(words.get(at + 1).ok_or("a short line")?)
        };
        let rate = line
            .split_whitespace()
            .find_map(|w| w.strip_suffix("/s"))
            .ok_or("guesses.txt: no rate")?;
        Ok(format!(
            "{}: {} guesses a puzzle, {} solved without a guess (raw path, uniqueness checked, \
             {} puzzles/s)",
            if set == "multi-solution" {
                "multi-solution".to_string()
            } else {
                set_name(set)
            },
            per_puzzle(after("guesses")?),
            percent(after("no-guess")?),
            per_second(number(rate)?)
        ))
    })
    .collect()
}

fn sixteen(dir: &Path) -> Result<Vec<String>, String> {
    let text = read(&dir.join("sixteen.txt"))?;
    let rows = table_rows(&text);
    let passes = text
        .lines()
        .next()
        .and_then(|l| l.split_once("median of "))
        .and_then(|(_, r)| r.split_whitespace().next())
        .ok_or("sixteen.txt: no \"median of N\" line")?;
    let mut lines = vec![format!(
        "16×16, bitmask against dlx, uniqueness checked, median of {passes} alternated passes"
    )];
    for (key, what) in [
        ("large.txt", "the 16×16 puzzles of `datasets/large.txt`"),
        ("levels", "the four 16×16 level sets"),
        ("generated minimal", "`datasets/minimal-16x16.txt`"),
    ] {
        let r = row(&rows, key, "sixteen.txt")?;
        lines.push(format!(
            "{what} ({} puzzles): {} ({} against {} puzzles/s; {} against {} guesses a puzzle)",
            word(cell(r, 1)? as usize),
            ratio(cell(r, 4)?),
            per_second(cell(r, 2)?),
            per_second(cell(r, 3)?),
            per_puzzle(cell(r, 5)?),
            per_puzzle(cell(r, 6)?),
        ));
    }
    Ok(lines)
}

fn sets(dir: &Path) -> Result<Vec<String>, String> {
    let all = summary(dir)?;
    let lines: Vec<String> = SETS[..3]
        .iter()
        .map(|(set, _)| {
            let (b, d) = (entry(&all, "bitmask", set)?, entry(&all, "dlx", set)?);
            let (rb, rd) = (
                field(b, "puzzles_per_second")?,
                field(d, "puzzles_per_second")?,
            );
            Ok(format!(
                "{} ({} puzzles): bitmask {} puzzles/s, dlx {}/s ({})",
                set_name(set),
                thousands(field(b, "puzzles")? as u64),
                per_second(rb),
                per_second(rd),
                ratio(rb / rd)
            ))
        })
        .collect::<Result<_, String>>()?;
    Ok([vec![setting(dir)?], lines].concat())
}

fn ilp(dir: &Path) -> Result<Vec<String>, String> {
    let all = summary(dir)?;
    let set = SETS[1].0;
    let mut lines = vec![setting(dir)?];
    for s in all.iter().filter(|s| s["dataset"] == set) {
        let solver = s["solver"].as_str().unwrap_or("?");
        let build = s["build_median_us"]
            .as_f64()
            .map_or(String::new(), |b| format!(", building {}", duration_us(b)));
        lines.push(format!(
            "`{solver}` on {} top1465 puzzles: {} solved, median {}{build}",
            thousands(field(s, "puzzles")? as u64),
            thousands(field(s, "solved")? as u64),
            duration_us(field(s, "median_us")?),
        ));
    }
    if lines.len() < 2 {
        return Err(format!("summary.json: nothing on {set}"));
    }
    Ok(lines)
}

/// Success rates and median times to solution of stochastic solvers, a line per solver.
fn stochastic_lines(all: &[Value], solvers: &[&str]) -> Result<Vec<String>, String> {
    stochastic_lines_on(all, solvers, &[SETS[3], SETS[1], SETS[0]])
}

/// Per solver, its success rate and median time to solution on each of `sets`.
fn stochastic_lines_on(
    all: &[Value],
    solvers: &[&str],
    sets: &[(&str, &str)],
) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    for solver in solvers {
        let mut parts = Vec::new();
        for (set, _) in sets {
            let s = entry(all, solver, set)?;
            let time = s["median_us"]
                .as_f64()
                .map_or(String::new(), |t| format!(" ({})", duration_us(t)));
            parts.push(format!(
                "{}{time} {}",
                percent(field(s, "success_rate")?),
                set_name(set)
            ));
        }
        lines.push(format!(
            "`{solver}`, runs solved (median time to solution): {}",
            parts.join(", ")
        ));
    }
    Ok(lines)
}

fn run_count(all: &[Value], solvers: &[&str]) -> Result<(u64, u64), String> {
    let (mut runs, mut solved) = (0, 0.0);
    for s in all
        .iter()
        .filter(|s| solvers.iter().any(|id| s["solver"] == *id))
    {
        let count = field(s, "runs")?;
        runs += count as u64;
        solved += (field(s, "success_rate")? * count / 100.0).round();
    }
    Ok((runs, solved as u64))
}

fn stochastic_tuned(dir: &Path) -> Result<Vec<String>, String> {
    let solvers = ["tabu-tuned", "genetic-tuned", "annealing-tuned"];
    let all = summary(dir)?;
    let (runs, solved) = run_count(&all, &solvers)?;
    let mut lines = vec![
        setting(dir)?,
        format!("{} runs, {} solved", thousands(runs), thousands(solved)),
    ];
    lines.extend(stochastic_lines(&all, &solvers)?);
    Ok(lines)
}

fn stochastic_faithful(root: &Path) -> Result<Vec<String>, String> {
    let mut all = Vec::new();
    let solvers = ["tabu", "genetic", "annealing"];
    for solver in solvers {
        let dir = root.join(format!("reports/runs/stochastic-faithful-{solver}"));
        // A part's report may show a row of another solver it did not finish: not used.
        all.extend(summary(&dir)?.into_iter().filter(|s| s["solver"] == solver));
    }
    let (runs, solved) = run_count(&all, &solvers)?;
    let runs_dir = |part: &str| root.join(format!("reports/runs/stochastic-faithful-{part}"));
    let mut lines = vec![
        setting(&runs_dir("tabu"))?,
        format!(
            "{} runs, {} solved; from \
             `reports/runs/stochastic-faithful-{{tabu,genetic,annealing}}/summary.json`",
            thousands(runs),
            thousands(solved)
        ),
    ];
    lines.extend(stochastic_lines(&all, &solvers)?);
    let cap = entry(&all, "genetic", SETS[1].0)?;
    lines.push(format!(
        "`genetic`'s work a puzzle on top1465: {} {}",
        thousands(field(cap, "work_per_puzzle")? as u64),
        cap["work_counter"].as_str().unwrap_or("?")
    ));
    Ok(lines)
}

/// The faithful genetic algorithm on the named boards with no generation limit: the budget alone
/// ends its runs, as it does every other stochastic solver's.
fn genetic_budget(dir: &Path) -> Result<Vec<String>, String> {
    let all = summary(dir)?;
    let named = entry(&all, "genetic", SETS[3].0)?;
    let mut lines = vec![setting(dir)?];
    lines.extend(stochastic_lines_on(&all, &["genetic"], &[SETS[3]])?);
    lines.push(format!(
        "`genetic`'s work a puzzle on the named boards: {} {}",
        thousands(field(named, "work_per_puzzle")? as u64),
        named["work_counter"].as_str().unwrap_or("?")
    ));
    Ok(lines)
}

/// The main job (`scripts/run.sh`): how many solves it made and how long they took.
fn main_job(dir: &Path) -> Result<Vec<String>, String> {
    let (rows, seconds) = bench_elapsed(dir)?;
    Ok(vec![
        setting(dir)?,
        format!(
            "the main job: {} solves in {seconds} s ({:.0} min)",
            thousands(rows),
            number(&seconds)? / 60.0
        ),
    ])
}

/// How a list of levels spreads, hardest first: `42.1% extreme, 13.2% unfair, …`.
fn spread<S: AsRef<str>>(levels: &[S]) -> String {
    ["extreme", "unfair", "hard", "medium", "easy"]
        .iter()
        .map(|level| {
            let n = levels.iter().filter(|l| l.as_ref() == *level).count();
            format!(
                "{} {level}",
                percent(n as f64 * 100.0 / levels.len().max(1) as f64)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn rate(dir: &Path) -> Result<Vec<String>, String> {
    let speed = |file: &str| -> Result<String, String> {
        let text = read(&dir.join(file))?;
        // `rated 1,465 puzzles in 0.109 s (13400 puzzles/s)`
        let rate = text
            .split_once(" s (")
            .and_then(|(_, r)| r.split_once(" puzzles/s"))
            .ok_or_else(|| format!("{file}: no puzzles/s"))?
            .0;
        Ok(per_second(number(rate)?))
    };
    let line = |set: &str, name: &str| -> Result<String, String> {
        let file = format!("rate-{set}.csv");
        let rows = csv_rows(&dir.join(&file))?;
        let column = |name: &str| {
            rows.first()
                .and_then(|header| header.iter().position(|h| h == name))
                .ok_or_else(|| format!("{file}: no {name} column"))
        };
        let (status, level, guessed) = (column("status")?, column("level")?, column("guessed")?);
        let rated: Vec<&Vec<String>> = rows[1..].iter().filter(|r| r[status] == "rated").collect();
        let logic = rated.iter().filter(|r| r[guessed] == "false").count();
        let levels: Vec<&str> = rated.iter().map(|r| r[level].as_str()).collect();
        Ok(format!(
            "{name} ({} puzzles): rated at {} puzzles/s; {} solved without guessing; {}",
            thousands(rated.len() as u64),
            speed(&format!("rate-{set}.stderr.txt"))?,
            percent(logic as f64 * 100.0 / rated.len().max(1) as f64),
            spread(&levels)
        ))
    };
    Ok(vec![
        line("top1465", "top1465")?,
        line("17-clue", "17-clue")?,
    ])
}

/// `rate` beside the two reference raters on the same samples, each timed as a whole program
/// on one core (`time-PROGRAM-SET.txt`), with how often their verdicts agree with ours.
fn rate_peers(dir: &Path) -> Result<Vec<String>, String> {
    let line = |set: &str, name: &str| -> Result<String, String> {
        let sample = read(&dir.join(format!("sample-{set}.csv")))?
            .lines()
            .count()
            - 1;
        let speed = |program: &str| -> Result<f64, String> {
            let file = format!("time-{program}-{set}.txt");
            let text = read(&dir.join(&file))?;
            let seconds = text
                .lines()
                .find_map(|l| l.strip_suffix(" s"))
                .ok_or_else(|| format!("{file}: no time"))?;
            Ok(sample as f64 / number(seconds)?)
        };
        // Each program's verdicts, one line a puzzle, checked to cover the whole sample.
        let verdicts = |file: String, skip: usize| -> Result<Vec<Vec<String>>, String> {
            let rows: Vec<Vec<String>> = read(&dir.join(&file))?
                .lines()
                .skip(skip)
                .map(|l| l.split(',').map(str::to_string).collect())
                .collect();
            if rows.len() != sample {
                return Err(format!("{file}: {} rows for {sample} puzzles", rows.len()));
            }
            Ok(rows)
        };
        let ours = verdicts(format!("ours-{set}.csv"), 1)?;
        let explainer = verdicts(format!("explainer-{set}.txt"), 0)?;
        let hodoku = verdicts(format!("hodoku-{set}.txt"), 0)?;
        // ours-SET.csv: line, status, thesis, explainer, pearl, diamond, score, level, …
        let same_rating = ours
            .iter()
            .zip(&explainer)
            .filter(|(o, e)| o[3] == e[0])
            .count();
        let same_level = ours
            .iter()
            .zip(&hodoku)
            .filter(|(o, h)| o[7] == h[0])
            .count();
        let (ours, explainer, hodoku) = (speed("ours")?, speed("explainer")?, speed("hodoku")?);
        let times = |theirs: f64| format!("{}×", significant(ours / theirs));
        Ok(format!(
            "{name} ({sample} puzzles): `rate` {} puzzles/s, Sudoku Explainer (SukakuExplainer's \
             serate) {} puzzles/s, HoDoKu's Python port {} puzzles/s: {} and {} as fast; Sudoku \
             Explainer's rating equal to ours on {same_rating} of {sample}, HoDoKu's level on \
             {same_level} of {sample}",
            per_second(ours),
            per_second(explainer),
            per_second(hodoku),
            times(explainer),
            times(hodoku),
        ))
    };
    Ok(vec![
        line("top1465", "top1465, every 30th puzzle")?,
        line("17-clue", "17-clue, every 1,000th puzzle")?,
    ])
}

/// bitmask's `throughput` beside tdoku's own `run_benchmark`, set by set, over the alternated
/// rounds `scripts/figures.sh` appends to each file: medians, and the range of the rounds' own
/// ratios (one run alone moves by a few percent on a shared host).
fn throughput(dir: &Path) -> Result<Vec<String>, String> {
    // tdoku's table rows, one a round: `|tdoku  …| puzzles/s | µs | % no guess | guesses |`.
    let tdoku = |build: &str, set: &str| -> Result<Rounds, String> {
        let file = format!("tdoku-{build}-{set}.txt");
        let rows = table_rows(&read(&dir.join(&file))?);
        let rounds = rows
            .iter()
            .filter(|r| r.first().is_some_and(|c| c.starts_with("tdoku")))
            .map(|r| Ok((cell(r, 1)?, cell(r, 4)?)))
            .collect::<Result<Vec<_>, String>>()?;
        Rounds::new(rounds, &file)
    };
    // bitmask's csv: a header, then one row a round.
    let ours = |path: &str, set: &str| -> Result<Option<(Rounds, u64)>, String> {
        let name = format!("bitmask-{path}-{set}.csv");
        let file = dir.join(&name);
        if !file.exists() {
            return Ok(None);
        }
        let rows = csv_rows(&file)?;
        let column = |title: &str| {
            rows[0]
                .iter()
                .position(|h| h == title)
                .ok_or_else(|| format!("{name}: no {title} column"))
        };
        let (rate, guesses, puzzles) = (
            column("puzzles_per_second")?,
            column("guesses_per_puzzle")?,
            column("puzzles")?,
        );
        let rounds = rows[1..]
            .iter()
            .map(|r| Ok((cell(r, rate)?, cell(r, guesses)?)))
            .collect::<Result<Vec<_>, String>>()?;
        let rounds = Rounds::new(rounds, &name)?;
        Ok(Some((rounds, cell(&rows[1], puzzles)? as u64)))
    };
    let crate_rates = csv_rows(&dir.join("sudoku-crate.csv"))?;
    let mut lines = Vec::new();
    for (set, name) in [
        ("puzzles2_17_clue", "17-clue"),
        ("puzzles3_magictour_top1465", "top1465"),
        ("puzzles6_forum_hardest_1106", "hardest_1106"),
        ("multi-solution", "`datasets/multi-solution.txt`"),
        ("band-first", "`datasets/band-first.txt`"),
    ] {
        let native = tdoku("native", set)?;
        let mut parts = Vec::new();
        let mut puzzles = 0;
        let (avx512, avx2) = (ours("avx512", set)?, ours("avx2", set)?);
        // The fastest path beside tdoku built for this processor: AVX-512's, or on a processor
        // without it, AVX2's.
        let fastest = match (&avx512, &avx2) {
            (Some(figures), _) => Some(("bitmask", figures)),
            (None, figures) => figures
                .as_ref()
                .map(|figures| ("bitmask (AVX2 path)", figures)),
        };
        if let Some((name, (rounds, n))) = fastest {
            puzzles = *n;
            parts.push(format!(
                "{name} {}/s against tdoku {}/s ({}), {} against {} guesses a puzzle",
                per_second(rounds.rate()),
                per_second(native.rate()),
                rounds.against(&native)?,
                per_puzzle(rounds.guesses()),
                per_puzzle(native.guesses())
            ));
        }
        if let Some((rounds, n)) = &avx2 {
            puzzles = *n;
            let haswell = tdoku("avx2", set)?;
            let against_haswell = format!(
                "against tdoku built for Haswell {}/s ({})",
                per_second(haswell.rate()),
                rounds.against(&haswell)?
            );
            parts.push(if avx512.is_some() {
                format!(
                    "on the AVX2 path {}/s {against_haswell}",
                    per_second(rounds.rate())
                )
            } else {
                against_haswell
            });
        }
        if let Some((rounds, n)) = ours("scalar", set)? {
            puzzles = n;
            parts.push(format!("scalar path {}/s", per_second(rounds.rate())));
        }
        let pair = crate_rates
            .iter()
            .filter(|r| r[0].ends_with(&format!("{set}.txt")) || r[0].ends_with(set))
            .map(|r| Ok((r[1].clone(), number(&r[4])?)))
            .collect::<Result<Vec<(String, f64)>, String>>()?;
        if let [(a, ours), (b, theirs)] = &pair[..]
            && a == "bitmask"
            && b == "sudoku-crate"
        {
            parts.push(format!(
                "alternated in one process with the `sudoku` crate, bitmask {}/s against {}/s ({})",
                per_second(*ours),
                per_second(*theirs),
                ratio(ours / theirs)
            ));
        }
        lines.push(format!(
            "{name} ({} puzzles): {}",
            thousands(puzzles),
            parts.join("; ")
        ));
    }
    Ok(lines)
}

/// One contender's puzzles/s and guesses a puzzle, round by round.
struct Rounds(Vec<(f64, f64)>);

impl Rounds {
    fn new(rounds: Vec<(f64, f64)>, file: &str) -> Result<Rounds, String> {
        if rounds.is_empty() {
            return Err(format!("{file}: no result"));
        }
        Ok(Rounds(rounds))
    }

    fn rate(&self) -> f64 {
        self.median(|r| r.0)
    }

    fn guesses(&self) -> f64 {
        self.median(|r| r.1)
    }

    fn median(&self, of: impl Fn(&(f64, f64)) -> f64) -> f64 {
        let values: Vec<f64> = self.0.iter().map(of).collect();
        // `new` refuses an empty list.
        stats::median(&values).unwrap_or(f64::NAN)
    }

    /// The ratio of the medians, then, over several rounds, the range of the rounds' ratios:
    /// `1.32×` or `1.32×; 1.291–1.347× by round`.
    fn against(&self, theirs: &Rounds) -> Result<String, String> {
        if self.0.len() != theirs.0.len() {
            return Err(format!(
                "{} rounds of bitmask against {} of tdoku",
                self.0.len(),
                theirs.0.len()
            ));
        }
        let overall = ratio(self.rate() / theirs.rate());
        if self.0.len() == 1 {
            return Ok(overall);
        }
        let by_round: Vec<f64> = self
            .0
            .iter()
            .zip(&theirs.0)
            .map(|(a, b)| a.0 / b.0)
            .collect();
        let low = by_round.iter().copied().fold(f64::INFINITY, f64::min);
        let high = by_round.iter().copied().fold(0.0, f64::max);
        // Three decimals: the rounds of one set often agree to two.
        Ok(format!("{overall}; {low:.3}–{high:.3}× by round"))
    }
}

fn generate(dir: &Path) -> Result<Vec<String>, String> {
    // `# 12: 24 clues after 1,263 attempts (…)`
    let mut attempts: Vec<u64> = read(&dir.join("puzzles.txt"))?
        .lines()
        .filter_map(|l| l.split_once(" clues after ")?.1.split_once(" attempt"))
        .map(|(n, _)| number(n).map(|n| n as u64))
        .collect::<Result<_, _>>()?;
    attempts.sort_unstable();
    let (Some(least), Some(most)) = (attempts.first(), attempts.last()) else {
        return Err("puzzles.txt: no attempts".into());
    };
    // The file's first line is its command: `# sudoku-bench generate … --seed 1 (…)`.
    let text = read(&dir.join("puzzles.txt"))?;
    let seed = text
        .lines()
        .next()
        .and_then(|l| l.split_once("--seed "))
        .and_then(|(_, r)| r.split_whitespace().next())
        .ok_or("puzzles.txt: no --seed in its first line")?;
    let time = read(&dir.join("time.txt"))?;
    let seconds = time.split_whitespace().next().ok_or("time.txt is empty")?;
    Ok(vec![format!(
        "the thesis's generator: median {} attempts per unique puzzle ({} puzzles, seed {seed}, \
         {} to {}), {} s in all",
        thousands(attempts[attempts.len() / 2]),
        thousands(attempts.len() as u64),
        thousands(*least),
        thousands(*most),
        seconds
    )])
}

fn jobs(dir: &Path) -> Result<Vec<String>, String> {
    let seconds = |run: &str| -> Result<(u64, f64, String), String> {
        let (rows, text) = bench_elapsed(&dir.join(run))?;
        Ok((rows, number(&text)?, text))
    };
    let header = read(&dir.join("candidates-jobs-1/run.json"))?;
    let header: Value = serde_json::from_str(&header).map_err(|e| e.to_string())?;
    let sample = &header["options"]["sample"];
    let (_, one, one_text) = seconds("candidates-jobs-1")?;
    let (_, two, two_text) = seconds("candidates-jobs-2")?;
    let (_, a, a_text) = seconds("candidates-pair-1")?;
    let (_, b, b_text) = seconds("candidates-pair-2")?;
    let (rows, bit_one, bit_one_text) = seconds("bitmask-jobs-1")?;
    let (_, _, bit_two_text) = seconds("bitmask-jobs-2")?;
    Ok(vec![
        format!(
            "candidates on {sample} top1465 puzzles: {one_text} s with one job, {two_text} s \
             with two ({})",
            ratio(one / two)
        ),
        format!(
            "two one-job runs at once: {a_text} s and {b_text} s, {} as long as one alone",
            ratio((a + b) / 2.0 / one)
        ),
        format!(
            "bitmask on the 17-clue set ({} rows): {bit_one_text} s with one job (about {:.0} µs \
             a row), {bit_two_text} s with two",
            thousands(rows),
            bit_one * 1e6 / rows as f64,
        ),
    ])
}

/// The rows of a CSV file with a header, keyed by its first two fields (set and line).
fn keyed_rows(path: &Path) -> Result<Vec<(String, Vec<String>)>, String> {
    Ok(read(path)?
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<String> = l.split(',').map(str::to_string).collect();
            (format!("{},{}", fields[0], fields[1]), fields)
        })
        .collect())
}

/// Every record of a CSV file, its header first.
fn csv_rows(path: &Path) -> Result<Vec<Vec<String>>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    reader
        .records()
        .map(|r| {
            r.map(|r| r.iter().map(str::to_string).collect())
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// Our ratings against HoDoKu's levels and Sudoku Explainer's ratings of the same puzzles.
fn ratings(dir: &Path) -> Result<Vec<String>, String> {
    let ours: std::collections::HashMap<String, Vec<String>> =
        keyed_rows(&dir.join("ours.csv"))?.into_iter().collect();
    let of = |key: &str| {
        ours.get(key)
            .ok_or_else(|| format!("ours.csv has no {key}"))
    };
    let hodoku = keyed_rows(&dir.join("hodoku.csv"))?;
    let mut equal = 0;
    for (key, theirs) in &hodoku {
        equal += usize::from(of(key)?[2] == theirs[2]);
    }
    // The 17-clue part of HoDoKu's sample, level by level: its levels and ours.
    let (mut theirs_17, mut ours_17) = (Vec::new(), Vec::new());
    for (key, theirs) in hodoku
        .iter()
        .filter(|(key, _)| key.starts_with("puzzles2_17_clue,"))
    {
        theirs_17.push(theirs[2].clone());
        ours_17.push(of(key)?[2].clone());
    }
    let explainer = keyed_rows(&dir.join("explainer.csv"))?;
    let (mut in_range, mut close, mut guessed_in_range, mut same) = (0, 0, 0, 0);
    let (mut above, mut guessed_above) = (0, 0);
    for (key, theirs) in &explainer {
        let ours = of(key)?;
        let guessed = usize::from(ours[7] == "true");
        same += usize::from(ours[4] == theirs[2]);
        let theirs = number(&theirs[2])?;
        if (5.0..=9.0).contains(&theirs) {
            in_range += 1;
            guessed_in_range += guessed;
            close += usize::from((number(&ours[4])? - theirs).abs() <= 0.5 + 1e-9);
        } else if theirs > 9.0 {
            above += 1;
            guessed_above += guessed;
        }
    }
    let stdout = read(&dir.join("stdout.txt"))?;
    let speed = stdout
        .lines()
        .find_map(|l| l.strip_prefix("rated "))
        .ok_or("stdout.txt: no \"rated\" line")?;
    Ok(vec![
        format!(
            "level equal to HoDoKu's on {} of {} puzzles ({})",
            equal,
            hodoku.len(),
            percent(equal as f64 * 100.0 / hodoku.len().max(1) as f64)
        ),
        format!(
            "Sudoku Explainer-scale rating within ±0.5 of Sudoku Explainer's on {} of {} puzzles it \
             rates 5 to 9 ({}); guessing needed on {} of those, and on {} of the {} it rates above 9",
            close,
            in_range,
            percent(close as f64 * 100.0 / in_range.max(1) as f64),
            guessed_in_range,
            guessed_above,
            above
        ),
        format!(
            "Sudoku Explainer-scale rating equal to Sudoku Explainer's on {same} of {} puzzles",
            explainer.len()
        ),
        format!(
            "levels of the {} 17-clue puzzles of HoDoKu's sample: HoDoKu {}; ours {}",
            theirs_17.len(),
            spread(&theirs_17),
            spread(&ours_17)
        ),
        format!("the agreement example rated {speed}"),
    ])
}

/// The solvers of the colony measurements beside Lloyd and Amos's program: the swarm and the
/// tuned searches (`colony`), the faithful searches (`colony-faithful`).
const COLONY_SOLVERS: [&str; 7] = [
    "aco",
    "tabu-tuned",
    "annealing-tuned",
    "genetic-tuned",
    "annealing",
    "tabu",
    "genetic",
];

/// Lloyd and Amos's ant colony (their program's runs, `acs.csv`) beside `aco` and the tuned
/// solvers (the report's table by share of givens, `givens.csv`), a line per size and share of
/// givens: runs solved and the median time to solution; then a line naming each size's chart
/// (drawn by [`draw`]).
fn colony(dir: &Path) -> Result<Vec<String>, String> {
    let acs = csv_rows(&dir.join("acs.csv"))?;
    let ours = csv_rows(&dir.join("givens.csv"))?;
    let mut lines = vec![setting(dir)?];
    let mut keys: Vec<(String, String)> = Vec::new();
    for row in acs.iter().skip(1) {
        let key = (row[0].clone(), row[1].clone());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    for (size, share) in keys {
        let runs: Vec<&Vec<String>> = acs
            .iter()
            .skip(1)
            .filter(|row| row[0] == size && row[1] == share)
            .collect();
        let times: Vec<f64> = runs
            .iter()
            .filter(|row| row[3] == "true")
            .map(|row| number(&row[4]))
            .collect::<Result<_, _>>()?;
        // The same median the report gives our solvers (the mean of the middle two of an even
        // count).
        let median =
            stats::median(&times).map_or(String::new(), |t| format!(" ({})", duration_us(t * 1e6)));
        let mut parts = vec![format!("their ACS {}/{}{median}", times.len(), runs.len())];
        // givens.csv: dataset, given %, solver, runs, runs solved %, µs to solution median.
        let dataset = format!("{size}x{size}.txt");
        for solver in COLONY_SOLVERS {
            let Some(row) = ours
                .iter()
                .find(|r| r[0] == dataset && r[1] == share && r[2] == solver)
            else {
                continue;
            };
            let count = number(&row[3])?;
            let solved = (number(&row[4])? * count / 100.0).round();
            let time = match row[5].as_str() {
                "—" => String::new(),
                us => format!(" ({})", duration_us(number(us)?)),
            };
            parts.push(format!("`{solver}` {solved}/{count}{time}"));
        }
        lines.push(format!(
            "{size}×{size}, {share}% given, runs solved (median time to solution): {}",
            parts.join(", ")
        ));
    }
    for (file, size, chart) in colony_charts(dir, &acs, &ours)? {
        let ours: Vec<String> = chart
            .series
            .iter()
            .filter(|s| s.name != COLONY_THEIRS)
            .map(|s| format!("`{}`", s.name))
            .collect();
        lines.push(format!(
            "chart `{file}`: {size}×{size}, runs solved against the proportion of cells given, \
             their ACS beside {}",
            ours.join(", ")
        ));
    }
    Ok(lines)
}

/// The widest gap between two shares of givens a colony chart joins by a line.
const COLONY_JOINED: f64 = 0.1;

/// What their ACS's line is called in the colony charts.
const COLONY_THEIRS: &str = "their ACS (Lloyd & Amos)";

/// The colony charts, (file name, size, chart) per size of `acs.csv` in its order: runs solved
/// (%) against the proportion of cells given, as the report's givens charts draw it (the same
/// titles, axes and solver styles), a line per solver of `givens.csv` (in [`COLONY_SOLVERS`]
/// order) and their ACS's in black with crosses.
fn colony_charts(
    dir: &Path,
    acs: &[Vec<String>],
    ours: &[Vec<String>],
) -> Result<Vec<(String, String, Scatter)>, String> {
    // The report's styles come from the run's solvers in the run's order (`run.json`); without
    // them, a colour each.
    let header: Value = read(&dir.join("run.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let metas: Vec<SolverMeta> =
        serde_json::from_value(header["solvers"].clone()).unwrap_or_default();
    let styles = Styles::of(&metas);
    let timeout = header["options"]["timeout"].as_f64();
    let mut sizes: Vec<&str> = Vec::new();
    for row in acs.iter().skip(1) {
        if !sizes.contains(&row[0].as_str()) {
            sizes.push(&row[0]);
        }
    }
    let mut charts = Vec::new();
    for size in sizes {
        // Their runs by share, in the file's order: (share, solved, runs).
        let mut theirs: Vec<(f64, usize, usize)> = Vec::new();
        for row in acs.iter().skip(1).filter(|row| row[0] == size) {
            let share = number(&row[1])?;
            let at = match theirs.iter().position(|t| t.0 == share) {
                Some(at) => at,
                None => {
                    theirs.push((share, 0, 0));
                    theirs.len() - 1
                }
            };
            theirs[at].1 += usize::from(row[3] == "true");
            theirs[at].2 += 1;
        }
        let dataset = format!("{size}x{size}.txt");
        let mut series = Vec::new();
        let mut counts: Vec<f64> = theirs.iter().map(|t| t.2 as f64).collect();
        for (i, solver) in COLONY_SOLVERS.into_iter().enumerate() {
            let rows: Vec<&Vec<String>> = ours
                .iter()
                .filter(|r| r[0] == dataset && r[2] == solver)
                .collect();
            if rows.is_empty() {
                continue;
            }
            let mut points = Vec::new();
            for row in rows {
                points.push((number(&row[1])? / 100.0, number(&row[4])?));
                counts.push(number(&row[3])?);
            }
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let style = if metas.iter().any(|m| m.id == solver) {
                styles.get(solver)
            } else {
                Style::plain(colour(i))
            };
            series.push(Series {
                name: solver.to_string(),
                style,
                points,
            });
        }
        let mut points: Vec<(f64, f64)> = theirs
            .iter()
            .map(|&(share, solved, runs)| (share / 100.0, solved as f64 * 100.0 / runs as f64))
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        series.push(Series {
            name: COLONY_THEIRS.to_string(),
            style: REFERENCE,
            points,
        });
        let (fewest, most) = counts.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), &n| {
            (lo.min(n), hi.max(n))
        });
        let runs = if fewest == most {
            format!("{most}")
        } else {
            format!("{fewest} to {most}")
        };
        let budget = timeout.map_or(String::new(), |t| format!(", {t} s a run"));
        let title = format!(
            "Success against the proportion of givens: {size}×{size}, Lloyd & Amos's instances"
        );
        // Lines join neighbouring shares only where no share between them went unmeasured
        // (a tenth apart at most); across a wider gap a line would read as measured values.
        let joined = series.iter().all(|s| {
            s.points
                .windows(2)
                .all(|pair| pair[1].0 - pair[0].0 <= COLONY_JOINED + 1e-9)
        });
        let overlap = match (
            series.iter().flat_map(|s| &s.points).all(|p| p.1 == 100.0),
            joined,
        ) {
            (true, true) => {
                "Every run solved at every share: the lines lie on the top edge, their ACS's over ours."
            }
            (false, true) => "Lines at 100% lie on the top edge, their ACS's over ours.",
            (_, false) => "Points only: the shares measured lie too far apart to join.",
        };
        charts.push((
            format!("colony-{size}x{size}.png"),
            size.to_string(),
            Scatter {
                lines: joined,
                x_range: Some(0.0..1.0),
                y_range: Some(0.0..100.0),
                note: Some(format!(
                    "Each point: {runs} runs at that share of givens (instances × runs of each)\
                     {budget}. {overlap}"
                )),
                ..Scatter::new(
                    title,
                    "proportion of cells given (0 to 1)",
                    "runs solved (%)",
                    series,
                )
            },
        ));
    }
    Ok(charts)
}

/// Draws the colony charts into `dir` as PNG (the SVG `save` writes beside each is removed:
/// the same picture again, which nothing links); returns their paths.
fn draw_colony(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    let acs = csv_rows(&dir.join("acs.csv"))?;
    let ours = csv_rows(&dir.join("givens.csv"))?;
    for (file, _, chart) in colony_charts(dir, &acs, &ours)? {
        let stem = dir.join(file.trim_end_matches(".png"));
        let (png, svg) =
            save(&chart, &stem).map_err(|e| format!("cannot draw {}: {e:#}", stem.display()))?;
        std::fs::remove_file(&svg).map_err(|e| format!("cannot remove {}: {e}", svg.display()))?;
        written.push(png);
    }
    Ok(written)
}
