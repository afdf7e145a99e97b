//! `reproduce` end to end: an ordinary run of every registered solver on Table 1's known boards,
//! and the table as a view over its rows, with naive's counts equal to the published ones.

use std::process::Command;

#[test]
fn reproduce_writes_table1_from_its_own_run() {
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["reproduce", "--reps", "1", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let table = std::fs::read_to_string(out.path().join("table1.md")).unwrap();
    for (row, board) in sudoku_catalog::table1_known() {
        let ours = format!("| {0} | {0} | 1.000 |", row.iterations);
        assert!(table.contains(&ours), "{}: {table}", board.id);
    }
    let results = sudoku_run::results::read(&out.path().join("results.csv")).unwrap();
    let solvers: std::collections::BTreeSet<&str> =
        results.rows.iter().map(|r| r.solver.as_str()).collect();
    assert_eq!(solvers.len(), sudoku_registry::ids().len(), "{solvers:?}");
    let complete: Vec<String> = results
        .solver_metas()
        .into_iter()
        .filter(|m| m.complete)
        .map(|m| m.id)
        .collect();
    assert!(
        results
            .rows
            .iter()
            .filter(|r| complete.contains(&r.solver))
            .all(|r| r.status.is_decided())
    );
    for file in [
        "table1.csv",
        "index.html",
        "chart1-time-without-display.png",
    ] {
        assert!(out.path().join(file).exists(), "{file}");
    }
}
