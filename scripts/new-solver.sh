#!/usr/bin/env bash
# Scaffolds a new solver crate and registers it everywhere it must appear.
#
#   scripts/new-solver.sh <name>
#
# Creates crates/solvers/<name> (package sudoku-<name>): a Solver implementation doing a plain, correct
# fewest-candidates backtracking search (replace it with your algorithm), a crate doc to fill in,
# and the conformance test. Then adds
#   - `sudoku-<name> = { path = "crates/solvers/<name>" }` to [workspace.dependencies] of Cargo.toml,
#   - `sudoku-<name>.workspace = true` to crates/registry/Cargo.toml,
#   - `entry::<sudoku_<name>::<Type>>()` to the registry in crates/registry/src/lib.rs,
# so the solver shows in `sudoku-bench solvers`, in every bench and report, with no other change.
set -euo pipefail

usage() { echo "usage: $0 <name>   (lowercase letters, digits and dashes; e.g. my-solver)" >&2; exit 2; }
[ $# -eq 1 ] || usage
name=$1
[[ $name =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ ]] || usage

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
crate="crates/solvers/$name"
module="sudoku_${name//-/_}"
type=$(echo "$name" | awk -F- '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2) }')
[[ $type =~ ^[0-9] ]] && type="Solver$type"

[ -e "$crate" ] && { echo "$crate already exists" >&2; exit 1; }
grep -q "^sudoku-$name = " Cargo.toml && { echo "sudoku-$name is already in Cargo.toml" >&2; exit 1; }
grep -q "^\[workspace.dependencies\]" Cargo.toml || { echo "Cargo.toml has no [workspace.dependencies]" >&2; exit 1; }
grep -q "entry::<" crates/registry/src/lib.rs || { echo "no registry entries found in crates/registry/src/lib.rs" >&2; exit 1; }

mkdir -p "$crate/src" "$crate/tests"

cat > "$crate/Cargo.toml" <<EOF
[package]
name = "sudoku-$name"
description = "The $name solver for sudoku-bench"
version.workspace = true
edition.workspace = true
rust-version.workspace = true
license.workspace = true

[dependencies]
sudoku-core.workspace = true

[dev-dependencies]
sudoku-kit.workspace = true
EOF

cat > "$crate/tests/conformance.rs" <<EOF
#[test]
fn ${module#sudoku_}_conforms() {
    sudoku_kit::assert_conforms(&mut $module::$type::default());
}
EOF

cat > "$crate/src/lib.rs" <<EOF
//! \`$name\`: scaffolded by \`scripts/new-solver.sh\`. Replace this paragraph with the algorithm,
//! its cost, its limits and when to use it.
//!
//! As scaffolded, it is a plain and correct backtracking search: it fills the empty cell with
//! the fewest candidates first, tries each candidate in increasing order, and backtracks from a
//! cell with none. Every candidate tried is one iteration; a choice among several is a guess. The
//! budget is checked on entry and every 1,024 iterations. Cost: exponential in the worst case,
//! fast on most 9×9 puzzles; any size from 4×4 to 25×25.

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Counters, Family, Grid, NotWatchable, Outcome, SearchEvent,
    Shape, Solver, SolverInfo, StopReason,
};

/// Iterations between two budget checks.
const CHECK_EVERY: u64 = 1 << 10;

/// See the crate documentation.
#[derive(Clone, Debug, Default)]
pub struct $type {
    /// Scratch board, reused between solves.
    cells: Vec<u8>,
}

impl Solver for $type {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "$name",
            family: Family::Backtracking,
            description: "fewest-candidates backtracking (scaffolded; replace with your algorithm)",
            // Complete and counting, every size; see the setters of \`Capabilities\` for what
            // else a solver can declare (stochastic, incomplete, its work counter).
            capabilities: Capabilities::exact(ALL_SIZES).reporting_guesses(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.run(puzzle, budget, &mut |_| {})
    }

    /// Each digit the search places (a guess when the cell had other candidates) and each it
    /// takes back: what \`solve --animate\` draws.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.run(puzzle, budget, watch))
    }
}

impl $type {
    fn run(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Outcome {
        let shape = puzzle.shape();
        let n = shape.size();
        let mut cells = std::mem::take(&mut self.cells);
        cells.clear();
        cells.resize(shape.cell_count(), 0);
        let mut search = Search {
            shape,
            all: ((1u32 << n) - 1) << 1,
            cells,
            used: vec![0; 3 * n],
            budget,
            counters: Counters::default(),
            solutions: Vec::new(),
            count: 0,
            stopped: budget.check(0).err(),
            watch,
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                search.place(cell, value);
            }
        }
        if search.stopped.is_none() {
            search.descend();
        }
        self.cells = std::mem::take(&mut search.cells);
        Outcome::from_search(search.stopped, search.solutions, search.count, search.counters)
    }
}

/// The state of one solve.
struct Search<'a> {
    shape: Shape,
    all: u32,
    cells: Vec<u8>,
    /// Used digits as bit sets: rows, then columns, then boxes.
    used: Vec<u32>,
    budget: &'a Budget,
    counters: Counters,
    solutions: Vec<Grid>,
    count: u64,
    stopped: Option<StopReason>,
    /// Told of every placement and removal the search makes (not of the givens).
    watch: &'a mut dyn FnMut(SearchEvent<'_>),
}

impl Search<'_> {
    fn units(&self, cell: usize) -> [usize; 3] {
        let n = self.shape.size();
        [
            self.shape.row_of(cell),
            n + self.shape.col_of(cell),
            2 * n + self.shape.box_of(cell),
        ]
    }

    fn place(&mut self, cell: usize, value: u8) {
        for unit in self.units(cell) {
            self.used[unit] |= 1 << value;
        }
        self.cells[cell] = value;
    }

    fn remove(&mut self, cell: usize, value: u8) {
        for unit in self.units(cell) {
            self.used[unit] &= !(1 << value);
        }
        self.cells[cell] = 0;
    }

    fn candidates(&self, cell: usize) -> u32 {
        let [r, c, b] = self.units(cell);
        self.all & !(self.used[r] | self.used[c] | self.used[b])
    }

    /// Searches below the current board; true when the whole search must stop (enough
    /// solutions, or the budget is spent).
    fn descend(&mut self) -> bool {
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..self.cells.len() {
            if self.cells[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                best = Some((cell, candidates));
                if candidates.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mut candidates)) = best else {
            self.count += 1;
            if self.solutions.len() < self.budget.keep_solutions.max(1) {
                if let Some(grid) = Grid::from_cells(self.shape, self.cells.clone()) {
                    self.solutions.push(grid);
                }
            }
            return self.count >= self.budget.solution_limit;
        };
        let several = candidates.count_ones() > 1;
        while candidates != 0 {
            let value = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            self.counters.iterations += 1;
            self.counters.nodes += 1;
            if several {
                self.counters.guesses += 1;
            }
            if self.counters.iterations % CHECK_EVERY == 0 {
                if let Err(reason) = self.budget.check(self.counters.iterations) {
                    self.stopped = Some(reason);
                    return true;
                }
            }
            self.place(cell, value);
            (self.watch)(SearchEvent::Place {
                cell,
                digit: value,
                guess: several,
            });
            if self.descend() {
                // The board stays as the search left it: a watcher sees it end there.
                return true;
            }
            self.remove(cell, value);
            (self.watch)(SearchEvent::Remove { cell, digit: value });
            self.counters.backtracks += 1;
        }
        false
    }
}
EOF

# [workspace.dependencies] of the root manifest.
awk -v line="sudoku-$name = { path = \"crates/solvers/$name\" }" '
    { print }
    $0 == "[workspace.dependencies]" && !done { print line; done = 1 }
' Cargo.toml > Cargo.toml.new && mv Cargo.toml.new Cargo.toml

# The registry crate depends on it...
awk -v line="sudoku-$name.workspace = true" '
    { print }
    $0 == "[dependencies]" && !done { print line; done = 1 }
' crates/registry/Cargo.toml > crates/registry/Cargo.toml.new && mv crates/registry/Cargo.toml.new crates/registry/Cargo.toml

# ...and lists it after the last registered solver: the last code line holding an
# `entry::<...>()` call (comments are skipped), or inside a one-line `vec![...]`.
NEW_ENTRY="entry::<$module::$type>()" perl -0pi -e '
    my @lines;
    while (/^([ \t]*)(entry::<[^>\n]+>\(\)),?[ \t]*$/mg) { push @lines, [$-[0], $+[0], $1, $2]; }
    if (@lines) {
        my ($start, $end, $indent, $call) = @{$lines[-1]};
        substr($_, $start, $end - $start) = "$indent$call,\n$indent$ENV{NEW_ENTRY},";
    } else {
        s/vec!\[\s*(entry::<[^>\n]+>\(\))\s*\]/vec![$1, $ENV{NEW_ENTRY}]/;
    }
' crates/registry/src/lib.rs
grep -q "entry::<$module::$type>()" crates/registry/src/lib.rs || { echo "could not add the registry line" >&2; exit 1; }
if command -v rustfmt > /dev/null; then
    rustfmt --edition 2024 crates/registry/src/lib.rs "$crate/src/lib.rs" "$crate/tests/conformance.rs" || true
fi

echo "created $crate (type $module::$type, id \"$name\") and registered it."
echo "next: cargo test -p sudoku-$name, then write your algorithm in $crate/src/lib.rs"
