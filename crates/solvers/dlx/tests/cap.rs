//! DLX counts one node per dancing-links update and stops on the cap exactly: a cap of N nodes
//! reports N, where the kit demands only that the cap is on the declared counter.

use sudoku_core::{Budget, Grid, Shape, Solver, StopReason, Verdict};
use sudoku_dlx::Dlx;

#[test]
fn an_iteration_cap_stops_after_exactly_that_many_nodes() {
    let mut dlx = Dlx::default();
    let empty = Grid::empty(Shape::S9);
    for cap in [1, 5, 50, 5_000] {
        let stopped = dlx.solve(&empty, &Budget::count(u64::MAX).with_max_iterations(cap));
        assert_eq!(
            stopped.verdict,
            Verdict::GaveUp(StopReason::IterationCap),
            "cap {cap}"
        );
        assert_eq!(stopped.counters.nodes, cap, "cap {cap}");
    }
}
