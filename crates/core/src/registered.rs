//! A solver as a registry holds it: what it declares, and how to make a fresh instance.

use std::fmt;
use std::sync::Arc;

use crate::solver::{Solver, SolverInfo};

/// A registered solver. The constructor is a closure, so variants of one type (a backend, a
/// tuning) are entries of their own without a Rust type each; runners make one instance per
/// thread, and a fresh one after a crash.
#[derive(Clone)]
pub struct Registered {
    pub info: SolverInfo,
    make: Arc<dyn Fn() -> Box<dyn Solver> + Send + Sync>,
}

impl Registered {
    /// An entry built by `make`; its info is read from one instance.
    pub fn new(make: impl Fn() -> Box<dyn Solver> + Send + Sync + 'static) -> Registered {
        Registered {
            info: make().info(),
            make: Arc::new(make),
        }
    }

    /// An entry for a solver type with a default configuration.
    pub fn of<S: Solver + Default + 'static>() -> Registered {
        Registered::new(|| Box::new(S::default()))
    }

    /// A fresh instance.
    pub fn make(&self) -> Box<dyn Solver> {
        (self.make)()
    }

    pub fn id(&self) -> &'static str {
        self.info.id
    }
}

impl fmt::Debug for Registered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registered")
            .field("info", &self.info)
            .finish_non_exhaustive()
    }
}
