//! A run made up for report tests: every registered solver, a 9×9 dataset and a 16×16 one
//! (which some solvers do not take), stochastic solvers with seeds, a few give-ups.

use std::path::Path;

use sudoku_run::results::{Machine, Phase, ResultsFile, Row, RunHeader, SolverMeta, Status};

/// Every solver of the registry, as a run's header records it.
pub fn registry_metas() -> Vec<SolverMeta> {
    sudoku_registry::registry()
        .iter()
        .map(|r| SolverMeta::from(&r.info))
        .collect()
}

pub fn header(solvers: &[SolverMeta], planned_solves: Option<u64>) -> RunHeader {
    RunHeader {
        tool: "test".into(),
        started: "2026-11-22T00:00:00Z".into(),
        git_commit: Some("0123456789abcdef0123456789abcdef01234567".into()),
        machine: Machine {
            cpu: "Test CPU @ 3.0GHz".into(),
            cores: 2,
            os: "linux".into(),
            host: "test".into(),
        },
        options: serde_json::json!({"reps": 1, "seeds": 2, "datasets": ["named", "16x16-easy"]}),
        jobs: 1,
        solvers: solvers.to_vec(),
        shards: Vec::new(),
        planned_solves,
        method: "synthetic rows for a test".into(),
        environment: None,
    }
}

/// The datasets: name, board side, puzzles.
pub const DATASETS: [(&str, usize, usize); 2] = [("named", 9, 6), ("16x16-easy", 16, 3)];

/// The rows of the made-up run, in the order a run writes them.
pub fn rows(solvers: &[SolverMeta]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (s, meta) in solvers.iter().enumerate() {
        for (dataset, size, puzzles) in DATASETS {
            for p in 0..puzzles {
                let supported = meta.sizes.contains(&size);
                // Each solver its own speed; the last puzzle of each dataset is hard for some.
                let micros = (10 + 37 * s as u64) * (p as u64 + 1) * if size == 16 { 9 } else { 1 };
                let gives_up = p + 1 == puzzles && s % 5 == 3;
                let status = if !supported {
                    Status::Rejected
                } else if gives_up {
                    Status::GaveUp("deadline".into())
                } else {
                    Status::Solved
                };
                let passes: Vec<(Phase, u32, u64)> = if meta.stochastic {
                    vec![(Phase::Timed, 1, 0), (Phase::Timed, 1, 1)]
                } else {
                    vec![(Phase::Warmup, 0, 0), (Phase::Timed, 1, 0)]
                };
                for (phase, rep, seed) in passes {
                    rows.push(Row {
                        solver: meta.id.clone(),
                        family: meta.family.clone(),
                        dataset: dataset.into(),
                        puzzle: format!("{dataset}-{p}"),
                        size,
                        clues: if size == 9 { 24 + p } else { 120 + p },
                        phase,
                        rep,
                        seed,
                        solution_limit: 2,
                        status: status.clone(),
                        solutions: u64::from(status == Status::Solved),
                        time_ns: (micros + seed * 7) * 1000 + 333,
                        counters: vec![
                            ("iterations".into(), 100 * (p as u64 + 1)),
                            ("moves".into(), 50 * (p as u64 + 1)),
                            ("generations".into(), 5 * (p as u64 + 1)),
                        ],
                        best_cost: None,
                        convergence: if meta.stochastic {
                            vec![(0, 30), (40, 4), (90, 0)]
                        } else {
                            Vec::new()
                        },
                        detail: if supported {
                            String::new()
                        } else {
                            format!("{size}×{size} boards are not supported")
                        },
                        checked: String::new(),
                    });
                }
            }
        }
    }
    rows
}

/// Writes `rows` of a run of `solvers` to `path` as a results file.
pub fn write(path: &Path, header: &RunHeader, rows: &[Row]) {
    let mut file = ResultsFile::create(path, header).unwrap();
    for row in rows {
        file.write(row).unwrap();
    }
}
