//! The search animation: bounded frames, the puzzle first, the solution last.

use sudoku_core::{Budget, Verdict};
use sudoku_report::render_gif;

fn frames(path: &std::path::Path) -> Vec<Vec<u8>> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(path).unwrap())
        .unwrap();
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        out.push(frame.buffer.to_vec());
    }
    out
}

#[test]
fn every_registered_solver_animates_a_board_within_the_frame_limit() {
    let dir = tempfile::tempdir().unwrap();
    let board = sudoku_catalog::named_board("flower-number").unwrap().grid();
    for registered in sudoku_registry::registry() {
        let mut solver = registered.make();
        let path = dir.path().join(format!("{}.gif", registered.info.id));
        let budget = Budget::solve()
            .with_deadline(std::time::Instant::now() + std::time::Duration::from_secs(20))
            .with_seed(1);
        let summary = render_gif(solver.as_mut(), &board, &budget, &path, 25).unwrap();
        let decoded = frames(&path);
        assert_eq!(decoded.len(), summary.frames, "{}", registered.info.id);
        assert!(
            summary.frames >= 2 && summary.frames <= 25,
            "{}",
            summary.frames
        );
        if summary.verdict == Verdict::Solved {
            assert!(summary.steps >= 81 - 30, "{}", summary.steps);
            assert_ne!(
                decoded.first(),
                decoded.last(),
                "the search shows on the board"
            );
        }
    }
}

#[test]
fn a_long_search_is_sampled_not_truncated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("naive.gif");
    let board = sudoku_catalog::named_board("golden-nugget").unwrap().grid();
    let mut solver = sudoku_registry::make("naive").unwrap();
    let summary = render_gif(solver.as_mut(), &board, &Budget::solve(), &path, 12).unwrap();
    assert_eq!(summary.verdict, Verdict::Solved);
    assert!(summary.steps > 100_000, "{}", summary.steps);
    assert!(summary.stride > 1_000, "{}", summary.stride);
    assert!(summary.frames <= 12);
    assert_eq!(frames(&path).len(), summary.frames);
}

#[test]
fn conflicting_clues_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let board = sudoku_catalog::named_board("input-file-example")
        .unwrap()
        .grid();
    let mut solver = sudoku_registry::make("naive").unwrap();
    let result = render_gif(
        solver.as_mut(),
        &board,
        &Budget::solve(),
        &dir.path().join("x.gif"),
        10,
    );
    assert!(result.is_err());
}
