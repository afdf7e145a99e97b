//! The registry: every solver of the suite, by id, each with a constructor.
//!
//! Adding a solver is one line in [`registry`]. The harness, the command line and the benches
//! read this list, so a solver registered here appears everywhere with no other change.
//!
//! The feature `engines` (on by default) brings the solvers that run C/C++ engines: integer
//! programming and SAT. Without it the list holds the pure-Rust solvers only.

pub use sudoku_core::Registered;
use sudoku_core::{Solver, VariantKind};
#[cfg(feature = "engines")]
use sudoku_ilp::{Backend, Ilp};

/// The entry for a solver type in its default configuration. A variant with parameters is
/// `Registered::new(|| Box::new(MySolver::with(..)))`, one line like this one.
fn entry<S: Solver + Default + 'static>() -> Registered {
    Registered::of::<S>()
}

/// An integer-programming variant: one backend, with or without the presolve.
#[cfg(feature = "engines")]
fn ilp(backend: Backend, presolve: bool) -> Registered {
    Registered::new(move || Box::new(Ilp::new(backend, presolve)))
}

/// Every registered solver, in the order reports list them (those of the `engines` feature
/// only when it is on).
pub fn registry() -> Vec<Registered> {
    let mut solvers = vec![
        entry::<sudoku_naive::Naive>(),
        entry::<sudoku_candidates::Candidates>(),
        entry::<sudoku_bitmask::Bitmask>(),
        entry::<sudoku_dlx::Dlx>(),
        entry::<sudoku_coloring::Dsatur>(),
        entry::<sudoku_coloring::FixedOrderColoring>(),
    ];
    #[cfg(feature = "engines")]
    solvers.extend([
        ilp(Backend::Cbc, false),
        ilp(Backend::Cbc, true),
        ilp(Backend::Highs, false),
        ilp(Backend::Highs, true),
        ilp(Backend::Glpk, false),
        ilp(Backend::Glpk, true),
        ilp(Backend::Microlp, false),
        ilp(Backend::Microlp, true),
        entry::<sudoku_sat::Sat>(),
    ]);
    solvers.extend([
        entry::<sudoku_local::Tabu>(),
        entry::<sudoku_local::TabuTuned>(),
        entry::<sudoku_genetic::Genetic>(),
        entry::<sudoku_genetic::GeneticTuned>(),
        entry::<sudoku_local::Annealing>(),
        entry::<sudoku_local::AnnealingTuned>(),
        entry::<sudoku_aco::Aco>(),
        entry::<sudoku_human::Human>(),
        // New solvers: one `entry::<Type>()` line above this comment.
    ]);
    solvers
}

/// A fresh instance of the solver with this id.
pub fn make(id: &str) -> Option<Box<dyn Solver>> {
    registry()
        .into_iter()
        .find(|r| r.info.id == id)
        .map(|r| r.make())
}

/// The ids of every registered solver.
pub fn ids() -> Vec<&'static str> {
    registry().iter().map(|r| r.info.id).collect()
}

/// Solvers preferred for proving uniqueness, counting and checking other solvers' verdicts,
/// fastest first.
pub const REFERENCE_ORDER: &[&str] = &["bitmask", "dlx", "naive"];

/// The fastest registered complete, counting solver that takes `size` and `variant`: the one the
/// command line uses to check that a puzzle has exactly one solution.
pub fn reference_solver(size: usize, variant: VariantKind) -> Box<dyn Solver> {
    let registry = registry();
    REFERENCE_ORDER
        .iter()
        .filter_map(|id| registry.iter().find(|r| r.info.id == *id))
        .find(|r| {
            let caps = &r.info.capabilities;
            caps.complete && caps.counts_solutions && caps.takes(size, variant)
        })
        .map_or_else(
            || Box::new(sudoku_naive::Naive) as Box<dyn Solver>,
            |r| r.make(),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_constructors_match_their_info() {
        let registry = registry();
        let mut ids = ids();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), registry.len());
        for registered in registry {
            assert_eq!(registered.make().info(), registered.info);
        }
    }
}
