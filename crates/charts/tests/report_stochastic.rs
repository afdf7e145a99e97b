//! A report from rows alone, with a stochastic solver among them: success rates, the
//! time-to-solution and convergence charts appear, and the work counter follows each solver's
//! family.

use sudoku_core::Counters;
use sudoku_run::results::{
    Machine, Phase, Results, ResultsFile, Row, RunHeader, SolverMeta, Status,
};

fn meta(id: &str, stochastic: bool) -> SolverMeta {
    SolverMeta {
        id: id.into(),
        family: if stochastic {
            "local search"
        } else {
            "backtracking"
        }
        .into(),
        description: format!("{id} solver"),
        complete: !stochastic,
        counts_solutions: !stochastic,
        stochastic,
        reports_guesses: !stochastic,
        sizes: vec![9],
        variants: vec!["classic".into()],
        work_counter: if stochastic { "moves" } else { "iterations" }.into(),
    }
}

fn row(meta: &SolverMeta, puzzle: usize, phase: Phase, rep: u32, seed: u64, solved: bool) -> Row {
    let counters = if meta.stochastic {
        Counters {
            moves: 1000 * (puzzle as u64 + 1),
            ..Counters::default()
        }
    } else {
        Counters {
            iterations: 50,
            guesses: puzzle as u64,
            ..Counters::default()
        }
    };
    Row {
        solver: meta.id.clone(),
        family: meta.family.clone(),
        dataset: "synthetic".into(),
        puzzle: format!("p{puzzle}"),
        size: 9,
        clues: 20 + puzzle,
        phase,
        rep,
        seed,
        solution_limit: 1,
        status: if solved {
            Status::Solved
        } else {
            Status::GaveUp("deadline".into())
        },
        solutions: u64::from(solved),
        time_ns: 1_000_000 * (puzzle as u64 + seed + 1),
        counters: Row::counters_from(&counters),
        best_cost: (!solved).then_some(2),
        convergence: if meta.stochastic {
            let end = 1000 * (puzzle as u64 + 1);
            vec![(0, 40), (end / 2, 9), (end, if solved { 0 } else { 2 })]
        } else {
            Vec::new()
        },
        detail: String::new(),
        checked: String::new(),
    }
}

/// Writes `rows` as a results CSV in `dir` and reads it back.
fn results_of(dir: &std::path::Path, solvers: &[SolverMeta], rows: &[Row]) -> Results {
    let header = RunHeader {
        tool: "test".into(),
        started: "2026-11-22T00:00:00Z".into(),
        git_commit: None,
        machine: Machine::default(),
        options: serde_json::json!({}),
        jobs: 1,
        solvers: solvers.to_vec(),
        shards: Vec::new(),
        planned_solves: None,
        method: "synthetic".into(),
        environment: None,
    };
    let csv = dir.join("results.csv");
    let mut file = ResultsFile::create(&csv, &header).unwrap();
    for row in rows {
        file.write(row).unwrap();
    }
    drop(file);
    sudoku_run::results::read(&csv).unwrap()
}

#[test]
fn stochastic_rows_get_success_rates_and_their_chart() {
    let dir = tempfile::tempdir().unwrap();
    let solvers = vec![meta("exact", false), meta("walker", true)];
    let mut rows = Vec::new();
    for puzzle in 0..4 {
        rows.push(row(&solvers[0], puzzle, Phase::Warmup, 0, 1, true));
        rows.push(row(&solvers[0], puzzle, Phase::Timed, 1, 1, true));
        for seed in 0..4 {
            // Three seeds in four solve each puzzle.
            rows.push(row(&solvers[1], puzzle, Phase::Timed, 1, seed, seed != 3));
        }
    }
    let results = results_of(dir.path(), &solvers, &rows);
    let out = dir.path().join("report");
    sudoku_charts::write_report(&sudoku_report::Digest::of(&results), &out).unwrap();
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        index.contains("success rate over runs"),
        "the stochastic chart is drawn"
    );
    assert!(
        out.join("summary.csv").exists(),
        "every sink wrote the summary"
    );
    let summary: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let walker = summary.iter().find(|s| s["solver"] == "walker").unwrap();
    assert_eq!(walker["success_rate"], 75.0);
    assert_eq!(walker["runs"], 16);
    assert_eq!(walker["work_counter"], "moves");
    assert_eq!(walker["work_per_puzzle"], 2500.0);
    assert!(walker["solved_without_guessing_percent"].is_null());
    let exact = summary.iter().find(|s| s["solver"] == "exact").unwrap();
    assert_eq!(exact["work_counter"], "iterations");
    assert_eq!(exact["solved_without_guessing_percent"], 25.0);
    assert!(exact["success_rate"].is_null());
    let png = std::fs::metadata(out.join("charts/stochastic.png"))
        .unwrap()
        .len();
    assert!(png > 20_000, "{png}");
    assert!(index.contains("best cost reached by each amount of work"));
    assert!(out.join("charts/convergence.png").exists());
    assert!(
        !index.contains("proportion of the cells given"),
        "20 to 23 clues of 81 is no sweep of givens"
    );
}

#[test]
fn a_sweep_of_givens_gets_a_success_chart() {
    let dir = tempfile::tempdir().unwrap();
    let solvers = vec![meta("walker", true)];
    let mut rows = Vec::new();
    for (puzzle, clues) in [0, 20, 40, 60].into_iter().enumerate() {
        for seed in 0..2 {
            // Solved at the ends of the sweep only: the easy–hard–easy shape.
            let mut run = row(&solvers[0], puzzle, Phase::Timed, 1, seed, clues != 20);
            run.clues = clues;
            rows.push(run);
        }
    }
    let results = results_of(dir.path(), &solvers, &rows);
    let out = dir.path().join("report");
    sudoku_charts::write_report(&sudoku_report::Digest::of(&results), &out).unwrap();
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains("against the proportion of the cells given"));
    let png = std::fs::metadata(out.join("charts/givens-synthetic.png"))
        .unwrap()
        .len();
    assert!(png > 20_000, "{png}");
    // The page's table by share of givens, and its CSV beside: 0, 20, 40 and 60 clues of 81
    // are 0%, 25%, 50% and 75% given, two runs each.
    assert!(
        index.contains("<h2 id=givens>By share of givens</h2>"),
        "{index}"
    );
    assert!(index.contains("<a href=\"givens.csv\">givens.csv</a>"));
    let csv = std::fs::read_to_string(out.join("givens.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "dataset,given %,solver,runs,runs solved %,µs to solution median"
    );
    let shares: Vec<(&str, &str)> = lines[1..]
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (fields[1], fields[4])
        })
        .collect();
    assert_eq!(
        shares,
        [("0", "100"), ("25", "0"), ("50", "100"), ("75", "100")]
    );
}
