//! How our ratings agree with HoDoKu's levels and Sudoku Explainer's ratings on samples the
//! reference programs rated: `cargo run --release -p sudoku-human --example agreement --
//! FOLDER`, where FOLDER holds `hodoku.csv` (`set,line,level,score`) and `explainer.csv`
//! (`set,line,rating,pearl,diamond`). The puzzles are read by set and line from the public
//! datasets ([`sudoku_catalog::public_datasets_dir`]), never copied. Prints the agreement figures
//! and writes `ours.csv` beside the references.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_human::{Level, Rating, rate};

fn main() {
    let folder = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: agreement FOLDER (with hodoku.csv and explainer.csv)");
        std::process::exit(2)
    }));
    let hodoku = read_csv(&folder.join("hodoku.csv"));
    let explainer = read_csv(&folder.join("explainer.csv"));
    let mut puzzles = Puzzles::default();
    let mut ours = String::from("set,line,level,score,explainer,pearl,diamond,guessed,hardest\n");
    let mut rated: HashMap<(String, usize), Rating> = HashMap::new();
    let started = Instant::now();
    for row in hodoku.iter().chain(&explainer) {
        let key = (
            row[0].clone(),
            row[1].parse::<usize>().expect("a line number"),
        );
        if rated.contains_key(&key) {
            continue;
        }
        let grid = puzzles.get(&key.0, key.1);
        let rating = rate(&grid).expect("a puzzle with a solution");
        writeln!(
            ours,
            "{},{},{},{},{:.1},{:.1},{:.1},{},{}",
            key.0,
            key.1,
            rating.level,
            rating.score,
            rating.explainer,
            rating.pearl,
            rating.diamond,
            rating.guessed,
            rating.hardest.map_or("", |t| t.key())
        )
        .unwrap();
        rated.insert(key, rating);
    }
    let seconds = started.elapsed().as_secs_f64();
    std::fs::write(folder.join("ours.csv"), ours).expect("ours.csv is written");

    let key = |row: &[String]| (row[0].clone(), row[1].parse::<usize>().unwrap());
    let levels: Vec<(Level, Level)> = hodoku
        .iter()
        .map(|row| (row[2].parse().expect("a level"), rated[&key(row)].level))
        .collect();
    let equal = levels
        .iter()
        .filter(|(theirs, ours)| theirs == ours)
        .count();
    println!(
        "HoDoKu levels: {equal} of {} equal ({:.1}%)",
        levels.len(),
        percent(equal, levels.len())
    );
    for theirs in Level::ALL {
        let row: Vec<String> = Level::ALL
            .iter()
            .map(|&ours| {
                let n = levels.iter().filter(|&&l| l == (theirs, ours)).count();
                format!("{ours} {n}")
            })
            .collect();
        println!("  HoDoKu {theirs}: ours {}", row.join(", "));
    }
    let pairs: Vec<(f64, f64)> = explainer
        .iter()
        .filter_map(|row| {
            let theirs: f64 = row[2].parse().ok()?;
            let ours = &rated[&key(row)];
            (5.0..=9.0)
                .contains(&theirs)
                .then_some((theirs, f64::from(ours.explainer)))
        })
        .collect();
    let close = pairs
        .iter()
        .filter(|(a, b)| (a - b).abs() <= 0.5 + 1e-9)
        .count();
    let guessed = explainer
        .iter()
        .filter(|row| rated[&key(row)].guessed)
        .count();
    println!(
        "Sudoku Explainer 5–9: {close} of {} within ±0.5 ({:.1}%), Spearman ρ {:.2}; \
         {guessed} of {} sample puzzles needed guessing",
        pairs.len(),
        percent(close, pairs.len()),
        spearman(&pairs),
        explainer.len()
    );
    println!(
        "rated {} puzzles in {seconds:.2} s ({:.0} puzzles/s)",
        rated.len(),
        rated.len() as f64 / seconds
    );
}

fn percent(part: usize, whole: usize) -> f64 {
    part as f64 * 100.0 / whole.max(1) as f64
}

/// The rows of a CSV file with a header, fields split on commas.
fn read_csv(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// The public sets, each read once, by name.
#[derive(Default)]
struct Puzzles {
    sets: HashMap<String, Vec<String>>,
}

impl Puzzles {
    /// The puzzle on 1-based `line` of `set`.
    fn get(&mut self, set: &str, line: usize) -> Grid {
        let lines = self.sets.entry(set.to_string()).or_insert_with(|| {
            let dir = sudoku_catalog::public_datasets_dir().expect("the public datasets");
            std::fs::read_to_string(dir.join(set))
                .unwrap_or_else(|e| panic!("{set}: {e}"))
                .lines()
                .map(str::to_string)
                .collect()
        });
        let text = lines[line - 1].split([':', ' ']).next().unwrap_or("");
        Grid::parse(text).unwrap_or_else(|e| panic!("{set} line {line}: {e}"))
    }
}

/// Spearman's rank correlation, ties given their mean rank.
fn spearman(pairs: &[(f64, f64)]) -> f64 {
    let ranks = |values: Vec<f64>| -> Vec<f64> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let mut ranks = vec![0.0; values.len()];
        let mut start = 0;
        while start < order.len() {
            let mut end = start;
            while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
                end += 1;
            }
            let mean = (start + end) as f64 / 2.0 + 1.0;
            for &at in &order[start..=end] {
                ranks[at] = mean;
            }
            start = end + 1;
        }
        ranks
    };
    let a = ranks(pairs.iter().map(|p| p.0).collect());
    let b = ranks(pairs.iter().map(|p| p.1).collect());
    let n = a.len() as f64;
    let mean = (n + 1.0) / 2.0;
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - mean) * (y - mean)).sum();
    let var = |r: &[f64]| r.iter().map(|x| (x - mean).powi(2)).sum::<f64>();
    cov / (var(&a) * var(&b)).sqrt()
}
