//! The README's `## Figures` quote only committed measurements: every bullet names its folder
//! under `reports/figures/`, every number it quotes is in that folder's `figures.md`, and
//! `figures.md` is what the folder's data gives — written again from the data by the `figures`
//! example's own code, and a key figure of each folder recomputed here from the raw files by
//! separate code. Each folder says how it was measured (`command.txt`) and where, at which
//! commit of this repository (`machine.txt`).

use std::path::{Path, PathBuf};
use std::process::Command;

#[allow(dead_code)] // the example's `main` and helpers this test does not call
#[path = "../examples/figures.rs"]
mod figures;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn figures_md(name: &str) -> String {
    read(&figures::folder(&root(), name).join("figures.md"))
}

/// The text of the README's `## Figures` section, heading excluded.
fn figures_section(readme: &str) -> &str {
    let start = readme
        .find("\n## Figures\n")
        .expect("the README has a `## Figures` section")
        + "\n## Figures\n".len();
    let end = readme[start..]
        .find("\n## ")
        .map_or(readme.len(), |e| start + e);
    &readme[start..end]
}

/// The section's paragraphs: each bullet (`- ` and its indented continuation lines) and each
/// other paragraph, joined into one line, with whether it is a bullet.
fn paragraphs(section: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    let mut open = false;
    for line in section.lines() {
        if line.trim().is_empty() {
            open = false;
        } else if let Some(rest) = line.strip_prefix("- ") {
            out.push((true, rest.to_string()));
            open = true;
        } else if open {
            let last = out.last_mut().expect("an open paragraph");
            last.1.push(' ');
            last.1.push_str(line.trim());
        } else {
            out.push((false, line.trim().to_string()));
            open = true;
        }
    }
    out
}

/// The folders a bullet names: backticked `reports/figures/NAME/`.
fn folders(bullet: &str) -> Vec<String> {
    bullet
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|span| span.strip_prefix("reports/figures/"))
        .map(|name| name.trim_end_matches('/').to_string())
        .collect()
}

/// The units a quoted number carries, as the README writes them.
const UNITS: [&str; 9] = [
    "k", "×", "%", " billion", " million", " ms", " µs", " s", " min",
];

/// The numbers a text quotes, with their unit: `1.37 billion`, `693k`, `2.30×`, `12.0 ms`,
/// `81.7%`, `6,180`. Not numbers: anything in backticks (commands, paths, ids) and parts of
/// names (`top1465`, `hardest_1106`, `17-clue`, `16×16`, `AVX-512`).
fn quoted_numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.split('`').step_by(2) {
        let chars: Vec<char> = part.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let named = k > 0 && (chars[k - 1].is_alphanumeric() || "_-./×".contains(chars[k - 1]));
            if !chars[k].is_ascii_digit() || named {
                k += 1;
                continue;
            }
            let start = k;
            while k < chars.len()
                && (chars[k].is_ascii_digit()
                    || (",.".contains(chars[k])
                        && chars.get(k + 1).is_some_and(char::is_ascii_digit)))
            {
                k += 1;
            }
            let digits: String = chars[start..k].iter().collect();
            let rest: String = chars[k..].iter().collect();
            let mut next = rest.chars();
            let (first, second) = (next.next(), next.next());
            let dimension = first == Some('×') && second.is_some_and(|c| c.is_ascii_digit());
            let hyphenated = first == Some('-') && second.is_some_and(char::is_alphabetic);
            if dimension || hyphenated {
                continue;
            }
            let unit = UNITS
                .iter()
                .find(|u| {
                    rest.strip_prefix(**u)
                        .is_some_and(|after| !after.starts_with(char::is_alphabetic))
                })
                .copied()
                .unwrap_or("");
            k += unit.chars().count();
            out.push(format!("{digits}{unit}"));
        }
    }
    out
}

/// Whether `text` holds `token` as a whole number: not inside a longer one, and not without
/// the unit the token has.
fn holds(text: &str, token: &str) -> bool {
    text.match_indices(token).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = &text[at + token.len()..];
        let mut next = after.chars();
        let (first, second) = (next.next(), next.next());
        let longer_before = before.is_some_and(|c| c.is_ascii_digit() || ",.".contains(c));
        let longer_after = if token.ends_with(|c: char| c.is_ascii_digit()) {
            first.is_some_and(|c| c.is_ascii_digit())
                || (first.is_some_and(|c| ",.".contains(c))
                    && second.is_some_and(|c| c.is_ascii_digit()))
        } else {
            first.is_some_and(char::is_alphabetic)
        };
        !longer_before && !longer_after
    })
}

/// The README's lead, up to its first command: the main job's paragraph, whose figures are held
/// to the same rule as a bullet's.
fn lead(readme: &str) -> &str {
    readme.split("\n```").next().unwrap_or("")
}

/// Every bullet, and every paragraph of the lead, against its folders; the failures, each naming
/// the paragraph and what is wrong.
fn check_readme(readme: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let lead = paragraphs(lead(readme))
        .into_iter()
        .map(|(_, text)| (true, text))
        .filter(|(_, text)| !quoted_numbers(text).is_empty());
    for (bullet, text) in paragraphs(figures_section(readme)).into_iter().chain(lead) {
        let start: String = text.chars().take(70).collect();
        let numbers = quoted_numbers(&text);
        if !bullet {
            if let Some(number) = numbers.first() {
                failures.push(format!(
                    "\"{start}…\" quotes {number} outside a bullet that names its folder"
                ));
            }
            continue;
        }
        let names = folders(&text);
        if names.is_empty() {
            failures.push(format!(
                "bullet \"{start}…\" names no `reports/figures/NAME/` folder"
            ));
            continue;
        }
        let mut texts = Vec::new();
        for name in &names {
            let path = figures::folder(&root(), name).join("figures.md");
            match std::fs::read_to_string(&path) {
                Ok(text) => texts.push(text),
                Err(_) => failures.push(format!(
                    "bullet \"{start}…\" names {name}, which has no {}",
                    path.display()
                )),
            }
        }
        for number in numbers {
            if !texts.iter().any(|t| holds(t, &number)) {
                failures.push(format!(
                    "bullet \"{start}…\" quotes {number}, which is not in the figures.md of {}",
                    names.join(", ")
                ));
            }
        }
    }
    failures
}

#[test]
fn every_figure_bullet_quotes_its_folder() {
    let failures = check_readme(&read(&root().join("README.md")));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_check_catches_a_changed_number_and_a_missing_folder() {
    let readme = read(&root().join("README.md"));
    let section = figures_section(&readme);
    let first = paragraphs(section)
        .into_iter()
        .find(|(bullet, text)| *bullet && !quoted_numbers(text).is_empty())
        .expect("a bullet with figures")
        .1;
    let number = quoted_numbers(&first)[0].clone();
    // The same bullet with its first figure's last digit changed.
    let at = readme.find(&number).expect("the figure is in the README");
    let digit = readme[..at + number.len()]
        .rfind(|c: char| c.is_ascii_digit())
        .expect("a digit");
    let changed = if &readme[digit..=digit] == "7" {
        "3"
    } else {
        "7"
    };
    let broken = format!("{}{changed}{}", &readme[..digit], &readme[digit + 1..]);
    let failures = check_readme(&broken);
    assert!(
        failures
            .iter()
            .any(|f| f.contains("is not in the figures.md")),
        "changing {number} went unnoticed: {failures:?}"
    );
    let orphan = readme.replacen("\n## Figures\n", "\n## Figures\n\n- 42.0% of nothing\n", 1);
    assert!(
        check_readme(&orphan)
            .iter()
            .any(|f| f.contains("names no `reports/figures/NAME/` folder")),
        "a bullet without a folder went unnoticed"
    );
    let unbacked_lead = format!("# title\n\nThe main job takes 42.0% of a day.\n{readme}");
    assert!(
        check_readme(&unbacked_lead)
            .iter()
            .any(|f| f.contains("The main job takes 42.0%")),
        "a figure in the lead without a folder went unnoticed"
    );
}

#[test]
fn numbers_are_read_as_the_readme_writes_them() {
    assert_eq!(
        quoted_numbers(
            "at 1.37 billion iterations/s: 693k puzzles/s against 301k/s on the 17-clue set \
             (2.30×), 12.0 ms, 81.7% of 6,180 runs, 0.15–0.54 ms on 16×16 top1465 \
             `--sample 100` 4.4 s, 10 seeds"
        ),
        [
            "1.37 billion",
            "693k",
            "301k",
            "2.30×",
            "12.0 ms",
            "81.7%",
            "6,180",
            "0.15",
            "0.54 ms",
            "4.4 s",
            "10"
        ]
    );
    assert!(holds("rated at 13.4k puzzles/s", "13.4k"));
    assert!(!holds("rated at 13.45k puzzles/s", "13.4k"));
    assert!(!holds("1,263 attempts", "263"));
    assert!(!holds("12.0 ms", "12"));
    assert!(holds("(670 ms), then", "670 ms"));
    assert!(!holds("4.4 seconds", "4.4 s"));
}

#[test]
fn figures_md_is_what_each_folder_s_data_gives() {
    for name in figures::NAMES {
        let written = figures::figures_md(&root(), name)
            .unwrap_or_else(|e| panic!("reports/figures/{name}: {e}"));
        assert_eq!(
            written,
            figures_md(name),
            "reports/figures/{name}/figures.md is not what its data gives (run \
             `cargo run --release --example figures -- {name}` or scripts/figures.sh {name})"
        );
    }
}

#[test]
fn every_chart_a_figures_md_names_is_in_its_folder() {
    for name in figures::NAMES {
        for line in figures_md(name).lines() {
            if let Some(rest) = line.strip_prefix("- chart `") {
                let file = rest.split('`').next().expect("a file name");
                let path = figures::folder(&root(), name).join(file);
                assert!(path.is_file(), "{} is missing", path.display());
            }
        }
    }
}

#[test]
fn the_colony_charts_are_drawn_from_the_folder_s_files() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let dir = figures::folder(scratch.path(), "colony");
    std::fs::create_dir_all(&dir).expect("the folder");
    let write = |file: &str, text: &str| std::fs::write(dir.join(file), text).expect("a file");
    write(
        "acs.csv",
        "size,share,instance,solved,seconds,run\n\
         16,0,0,true,0.01,1\n16,0,0,true,0.02,2\n16,50,0,false,10,1\n16,50,0,true,0.5,2\n\
         25,40,0,true,1.5,1\n25,40,0,false,10,2\n",
    );
    write(
        "givens.csv",
        "dataset,given %,solver,runs,runs solved %,µs to solution median\n\
         16x16.txt,0,aco,2,100,1800\n16x16.txt,50,aco,2,50,70\n\
         16x16.txt,0,tabu-tuned,2,100,1300\n25x25.txt,40,aco,2,0,—\n",
    );
    write(
        "run.json",
        r#"{"options": {"timeout": 10.0, "seeds": 2, "jobs": 1}, "solvers": []}"#,
    );
    let drawn = figures::draw(scratch.path(), "colony").expect("the charts");
    let names: Vec<String> = drawn
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["colony-16x16.png", "colony-25x25.png"]);
    for path in &drawn {
        let bytes = std::fs::read(path).expect("the chart");
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{} is not a PNG",
            path.display()
        );
        assert!(
            !path.with_extension("svg").exists(),
            "an SVG beside {}",
            path.display()
        );
    }
    let text = figures::figures_md(scratch.path(), "colony").expect("figures.md");
    for name in &names {
        assert!(
            text.contains(&format!("- chart `{name}`")),
            "{name} unnamed in:\n{text}"
        );
    }
    assert!(
        text.contains("their ACS 1/2 (500 ms), `aco` 1/2 (0.070 ms)"),
        "{text}"
    );
}

#[test]
fn every_folder_names_its_command_and_a_commit_of_this_repository() {
    let readme = read(&root().join("README.md"));
    let quoted: Vec<String> = paragraphs(figures_section(&readme))
        .iter()
        .flat_map(|(_, text)| folders(text))
        .collect();
    for name in figures::NAMES {
        assert!(
            quoted.iter().any(|q| q == name),
            "reports/figures/{name}/ is quoted by no README bullet"
        );
        let dir = figures::folder(&root(), name);
        let commands = read(&dir.join("command.txt"));
        assert!(
            commands.lines().any(|l| !l.trim().is_empty()),
            "{name}/command.txt is empty"
        );
        let machine = read(&dir.join("machine.txt"));
        for key in ["cpu:", "logical cores:", "kernel:", "date:", "load before:"] {
            assert!(
                machine.lines().any(|l| l.starts_with(key)),
                "{name}/machine.txt has no {key}"
            );
        }
        let commit = machine
            .lines()
            .find_map(|l| l.strip_prefix("commit: "))
            .unwrap_or_else(|| panic!("{name}/machine.txt has no commit"))
            .trim();
        let exists = Command::new("git")
            .args(["cat-file", "-e", &format!("{commit}^{{commit}}")])
            .current_dir(root())
            .status()
            .expect("git runs");
        assert!(
            exists.success(),
            "{name}/machine.txt: commit {commit} is not in this repository's history"
        );
    }
}

/// A figure recomputed here must be in the folder's `figures.md`.
fn backed(name: &str, figure: &str) {
    assert!(
        holds(&figures_md(name), figure),
        "reports/figures/{name}/figures.md lacks {figure}, recomputed from its data"
    );
}

fn json(path: &Path) -> Vec<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(&read(path))
        .expect("summary.json parses")
        .as_array()
        .expect("summary.json is an array")
        .clone()
}

fn summary_field(rows: &[serde_json::Value], solver: &str, dataset: &str, key: &str) -> f64 {
    rows.iter()
        .find(|r| r["solver"] == solver && r["dataset"] == dataset)
        .and_then(|r| r[key].as_f64())
        .unwrap_or_else(|| panic!("no {key} for {solver} on {dataset}"))
}

/// Column `column` of the markdown table row starting with `key`, in a saved stdout.
fn table_cell(name: &str, file: &str, key: &str, column: usize) -> String {
    read(&figures::folder(&root(), name).join(file))
        .lines()
        .find(|l| l.starts_with(&format!("| {key}")))
        .and_then(|l| l.split('|').nth(column + 1))
        .unwrap_or_else(|| panic!("{name}/{file}: no row {key}"))
        .trim()
        .to_string()
}

/// The records of a CSV file; results files open with `#` comment lines, which `comments`
/// skips (Table 1's header starts with a `#` column instead).
fn csv_rows(path: &Path, comments: bool) -> Vec<csv::StringRecord> {
    csv::ReaderBuilder::new()
        .comment(comments.then_some(b'#'))
        .from_path(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .records()
        .map(|r| r.expect("a CSV record"))
        .collect()
}

#[test]
fn key_figures_recomputed_from_the_raw_files() {
    let dir = |name: &str| figures::folder(&root(), name);
    let number = |s: &str| {
        s.replace([',', '×', '%'], "")
            .parse::<f64>()
            .expect("a number")
    };

    // reproduce: Near worst case's iterations in Table 1.
    let table = csv_rows(&dir("reproduce").join("table1.csv"), false);
    let near = table
        .iter()
        .find(|r| r.iter().any(|c| c.eq_ignore_ascii_case("near worst case")))
        .expect("Near worst case in table1.csv");
    let iterations = near
        .iter()
        .rfind(|c| c.len() > 6 && c.chars().all(|d| d.is_ascii_digit()))
        .expect("its iterations (naive's, the last count of the row)");
    backed("reproduce", &figures::thousands(number(iterations) as u64));

    // naive: criterion's middle throughput estimate, in billions.
    let criterion = read(&dir("naive").join("criterion.txt"));
    let thrpt: Vec<&str> = criterion
        .split("thrpt:")
        .nth(1)
        .expect("criterion's throughput")
        .split_whitespace()
        .collect();
    let giga = match thrpt[3] {
        "Gelem/s" => 1.0,
        "Melem/s" => 1e-3,
        unit => panic!("criterion's throughput in {unit}"),
    };
    backed("naive", &format!("{:.2} billion", number(thrpt[2]) * giga));

    // peers, sixteen: the ratios each example printed.
    backed(
        "peers",
        &table_cell("peers", "peers.txt", "puzzles2_17_clue", 4),
    );
    let minimal = number(&table_cell(
        "sixteen",
        "sixteen.txt",
        "generated minimal",
        4,
    ));
    backed("sixteen", &figures::ratio(minimal));

    // guesses: top1465's guesses a puzzle.
    let line = read(&dir("guesses").join("guesses.txt"))
        .lines()
        .find(|l| l.starts_with("puzzles3_magictour_top1465"))
        .expect("a top1465 line")
        .to_string();
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "guesses").expect("guesses");
    backed("guesses", words[at + 1]);

    // sets, ilp: rates and medians from summary.json.
    let sets = json(&dir("sets").join("summary.json"));
    let bitmask = summary_field(&sets, "bitmask", "puzzles2_17_clue", "puzzles_per_second");
    backed("sets", &figures::per_second(bitmask));
    let ilp = json(&dir("ilp").join("summary.json"));
    let highs = summary_field(&ilp, "ilp-highs", "puzzles3_magictour_top1465", "median_us");
    backed("ilp", &figures::duration_us(highs));

    // stochastic-tuned: runs counted row by row in results.csv (or the summary's runs).
    let csv = dir("stochastic-tuned").join("results.csv");
    let runs = if csv.exists() {
        csv_rows(&csv, true).len() as u64
    } else {
        json(&dir("stochastic-tuned").join("summary.json"))
            .iter()
            .map(|r| r["runs"].as_u64().expect("runs"))
            .sum()
    };
    backed("stochastic-tuned", &figures::thousands(runs));

    // stochastic-faithful: the committed runs' rows, each part's own solver only.
    let mut runs = 0;
    for part in ["tabu", "genetic", "annealing"] {
        let path = root().join(format!(
            "reports/runs/stochastic-faithful-{part}/results.csv"
        ));
        runs += csv_rows(&path, true)
            .iter()
            .filter(|r| &r[0] == part)
            .count() as u64;
    }
    backed("stochastic-faithful", &figures::thousands(runs));

    // rate: the share of top1465 rated extreme, from the level column of each puzzle's record.
    let rated = read(&dir("rate").join("rate-top1465.csv"));
    let mut lines = rated.lines();
    let level = lines
        .next()
        .and_then(|header| header.split(',').position(|name| name == "level"))
        .expect("a level column");
    let levels: Vec<&str> = lines.filter_map(|l| l.split(',').nth(level)).collect();
    let extreme = levels.iter().filter(|&&l| l == "extreme").count();
    backed(
        "rate",
        &figures::percent(extreme as f64 * 100.0 / levels.len() as f64),
    );

    // rate-peers: Sudoku Explainer's speed on top1465's sample, from the time `time` wrote and
    // the puzzles the sample names.
    let puzzles = read(&dir("rate-peers").join("sample-top1465.csv"))
        .lines()
        .count()
        - 1;
    let seconds = read(&dir("rate-peers").join("time-explainer-top1465.txt"));
    let seconds = number(seconds.trim().trim_end_matches(" s"));
    backed("rate-peers", &figures::per_second(puzzles as f64 / seconds));

    // generate: the median the program itself printed on stderr.
    let stderr = read(&dir("generate").join("stderr.txt"));
    let median = stderr
        .split("median ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .expect("generate's median");
    backed("generate", &figures::thousands(number(median) as u64));

    // jobs: the speed-up from the two runs' elapsed times.
    let (_, one) = figures::bench_elapsed(&dir("jobs").join("candidates-jobs-1")).unwrap();
    let (_, two) = figures::bench_elapsed(&dir("jobs").join("candidates-jobs-2")).unwrap();
    backed("jobs", &figures::ratio(number(&one) / number(&two)));

    // throughput: bitmask's AVX2 path against tdoku built for Haswell on the 17-clue set, the
    // medians of bitmask's CSV rows and of tdoku's table rows (one of each a round).
    let mut ours =
        csv::Reader::from_path(dir("throughput").join("bitmask-avx2-puzzles2_17_clue.csv"))
            .expect("bitmask's CSV");
    let column = ours
        .headers()
        .expect("a header")
        .iter()
        .position(|h| h == "puzzles_per_second")
        .expect("a puzzles_per_second column");
    let ours: Vec<f64> = ours
        .records()
        .map(|row| number(&row.expect("a CSV record")[column]))
        .collect();
    let tdoku = read(&dir("throughput").join("tdoku-avx2-puzzles2_17_clue.txt"));
    let theirs: Vec<f64> = tdoku
        .lines()
        .filter(|l| l.starts_with("|tdoku"))
        .map(|l| number(l.split('|').nth(2).expect("its puzzles/sec").trim()))
        .collect();
    assert_eq!(
        ours.len(),
        theirs.len(),
        "as many rounds of bitmask as of tdoku"
    );
    let median = |values: &[f64]| sudoku_report::stats::median(values).expect("a round");
    let (rate, theirs) = (median(&ours), median(&theirs));
    backed("throughput", &figures::ratio(rate / theirs));
}
