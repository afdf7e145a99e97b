//! Sudoku as graph colouring (reference documents 000 and 001).
//!
//! Each cell is a vertex and two cells sharing a house are joined by an edge: on a classic 9×9,
//! 81 vertices of degree 20 and 810 edges. The edges are the peers of the puzzle's
//! [`sudoku_core::Geometry`], which come from its houses, so a jigsaw board's regions and the X
//! rule's diagonals are simply more (or other) edges and nothing in the search changes: both
//! solvers declare every variant. A solution is a proper colouring with N colours that keeps the
//! clues' colours. Two complete backtracking colourers share one engine and differ only in which
//! vertex they colour next:
//!
//! - [`Dsatur`] (`dsatur`), exact DSATUR: the uncoloured vertex of highest *saturation* (number
//!   of distinct colours among its coloured neighbours), ties broken by degree in the uncoloured
//!   subgraph, then by lowest index. A vertex whose saturation is N has no colour left, so it is
//!   picked at once and fails at once: DSATUR finds dead ends as soon as they exist.
//! - [`FixedOrderColoring`] (`coloring-fixed-order`): the empty cells in fixed row-major order. Its search
//!   tree is naive backtracking's, node for node (`tests/search.rs` checks it), so it is the
//!   baseline that shows what the vertex order buys.
//!
//! Both try the chosen vertex's feasible colours in increasing order and backtrack when none is
//! left; they stop at the budget's solution limit, so they prove uniqueness and count solutions.
//!
//! # Counters
//! `nodes`: colour assignments. `iterations`: colours tried; only feasible colours are tried, so
//! each one is also assigned and `iterations == nodes`. `guesses`: assignments at a vertex that
//! had more than one feasible colour. `backtracks`: times a vertex ran out of colours and the
//! search returned to the previous one (naive's definition).
//!
//! # Implementation
//! The graph ([`Graph::of`]) reads its adjacency lists from the geometry's peer tables, built
//! once per shape and variant and shared; vertex degrees may differ (a diagonal cell has more
//! peers), so nothing assumes one degree. Each solve extracts, into scratch space kept in the
//! solver, the subgraph of the empty cells (clues are coloured for good, so their counters are
//! never updated), and for the fixed order only each cell's *later* neighbours (the earlier
//! ones are always coloured). Per vertex the search keeps, incrementally: how many neighbours hold each colour, the bit set of those
//! colours (the complement is the feasible set), its popcount (the saturation) and the number of
//! uncoloured neighbours. Colouring a vertex updates only its uncoloured neighbours: a coloured
//! vertex's counters are never read, and because colours are undone last in, first out, they
//! are right again by the time it is uncoloured (a unit test drives random colourings and
//! compares against a recount). DSATUR's choice is one pass over a list of the uncoloured
//! vertices with the three criteria packed into one integer key. The recursion is an explicit
//! stack; a solve allocates only its solutions. The budget is checked at entry and every 2^16
//! colours tried.
//!
//! # Cost and limits
//! Exponential in the worst case, like any backtracking. Per node DSATUR pays a pass over the
//! uncoloured vertices plus an update of the chosen vertex's neighbours (about 0.13 µs per node
//! on 9×9 here); the fixed order pays only the update, but explores vastly more nodes.
//! Declared sizes: DSATUR 4×4 to 25×25; the fixed order 4×4 to 16×16.
//! - DSATUR settles random 25×25 boards with 40% of the cells empty in milliseconds
//!   (`tests/large.rs`), but it has no hidden-single reasoning and its time becomes heavy-tailed
//!   beyond that: on boards made the same way, at 45% empty 1 in 12 did not finish in 3 s, at
//!   50% and 60% none of 12 did; 16×16 at 60–70% empty also runs past 3 s on some boards.
//! - The fixed order passes the conformance kit on 16×16 (whose 16×16 cases are easy), but on
//!   random 16×16 boards made the same way it settled 6 of 6 at 40% empty and 50% empty (up to
//!   0.4 s), 1 of 6 at 60% and 0 of 6 at 70% within 3 s; on 25×25 at 40% empty 2 of 8 ran past
//!   3 s, so 25×25 is not declared. Give it a deadline.
//!
//! # When to use it
//! To study the graph-colouring view of Sudoku and what a dynamic vertex order is worth: DSATUR
//! is the documents' colouring with the textbook heuristic, and it is complete and counts
//! solutions. For raw speed use a propagating solver (bitmask, dancing links).

mod graph;

pub use graph::Graph;

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Checkpoints, Counters, Family, Found, Grid, NotWatchable,
    Outcome, SearchEvent, Solver, SolverInfo,
};

/// Backtracking colouring of the empty cells; `DSATUR` picks the vertex order (most saturated
/// first, or fixed row-major). One engine, two registry entries.
#[derive(Clone, Debug, Default)]
pub struct Coloring<const DSATUR: bool> {
    scratch: Scratch,
}

/// Exact DSATUR: backtracking colouring that always colours the most saturated vertex next.
pub type Dsatur = Coloring<true>;

/// Backtracking colouring in a fixed row-major vertex order: DSATUR's baseline.
pub type FixedOrderColoring = Coloring<false>;

impl<const DSATUR: bool> Solver for Coloring<DSATUR> {
    fn info(&self) -> SolverInfo {
        let (id, description, sizes) = if DSATUR {
            (
                "dsatur",
                "graph colouring by backtracking, most saturated vertex first (DSATUR)",
                // Every size: 25×25 boards with 40% of the cells empty take it milliseconds.
                ALL_SIZES,
            )
        } else {
            (
                "coloring-fixed-order",
                "graph colouring by backtracking, vertices in fixed row-major order",
                // Up to 16×16: on 25×25 it is too often slow to declare.
                &[4, 6, 9, 12, 16][..],
            )
        };
        SolverInfo {
            id,
            family: Family::GraphColouring,
            description,
            capabilities: Capabilities::exact(sizes)
                .reporting_guesses()
                .on_every_variant(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        search::<DSATUR>(&mut self.scratch, puzzle, budget, |_| {})
    }

    /// Every colour given to a vertex (a guess when it had several feasible) and every colour
    /// taken back; a recolouring is the old colour's removal, then the new one's placement.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(search::<DSATUR>(&mut self.scratch, puzzle, budget, watch))
    }
}

/// Colour counts are kept in rows of this many bytes per vertex (colours 1..=25).
const STRIDE: usize = 32;

/// Iterations between two budget checks: a few milliseconds of search at most.
const CHECK_EVERY: u64 = 1 << 16;

/// The colouring state, reused between solves so a solve allocates only its solutions.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Colour of each vertex, 0 while uncoloured.
    colour: Vec<u8>,
    /// `seen[v * STRIDE + c]`: how many neighbours of `v` have colour `c`.
    seen: Vec<u8>,
    /// Bit c set when some neighbour of the vertex has colour c.
    blocked: Vec<u32>,
    /// The number of bits set in `blocked`, kept as it changes: the plain build has no popcount
    /// instruction, and the choice reads every uncoloured vertex's saturation at every node.
    saturation: Vec<u8>,
    /// Uncoloured neighbours of each vertex (DSATUR's tie-break).
    free_degree: Vec<u8>,
    /// The uncoloured vertices, in no particular order, and each one's index in that list.
    active: Vec<u16>,
    position: Vec<u16>,
    /// The vertices the puzzle leaves uncoloured, row-major (the fixed order's sequence).
    empties: Vec<u16>,
    /// The subgraph the search updates: for each vertex, its neighbours among the empty cells
    /// (only those after it in row-major order for the fixed order, which colours every earlier
    /// one first); `links[link_start[v]..link_start[v + 1]]`.
    links: Vec<u16>,
    link_start: Vec<u32>,
    /// The search stack, one frame per coloured vertex.
    frames: Vec<Frame>,
}

/// The search state at one vertex.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    vertex: u16,
    /// Feasible colours not tried yet.
    untried: u32,
    /// The colour the vertex holds now, 0 if none.
    colour: u8,
    /// Whether the vertex had more than one feasible colour when chosen.
    several: bool,
}

impl Scratch {
    /// Pre-colours the clues and extracts the subgraph of the empty cells. False if two adjacent
    /// clues share a colour (no colouring exists). `ALL_LINKS`: keep every empty neighbour, not
    /// only the later ones.
    fn load<const ALL_LINKS: bool>(&mut self, graph: &Graph, puzzle: &Grid) -> bool {
        let vertices = graph.vertex_count();
        self.colour.clear();
        self.colour.extend_from_slice(puzzle.cells());
        self.seen.clear();
        self.seen.resize(vertices * STRIDE, 0);
        self.blocked.clear();
        self.blocked.resize(vertices, 0);
        self.saturation.clear();
        self.saturation.resize(vertices, 0);
        self.free_degree.clear();
        self.free_degree.resize(vertices, 0);
        self.position.clear();
        self.position.resize(vertices, 0);
        self.active.clear();
        self.empties.clear();
        let mut consistent = true;
        for v in 0..vertices {
            let c = self.colour[v] as usize;
            if c == 0 {
                self.position[v] = self.active.len() as u16;
                self.active.push(v as u16);
                self.empties.push(v as u16);
                for &u in graph.neighbours(v) {
                    self.free_degree[u] += 1;
                }
            } else {
                consistent &= self.blocked[v] & (1 << c) == 0;
                for &u in graph.neighbours(v) {
                    self.see(u, c, 1);
                }
            }
        }
        self.links.clear();
        self.link_start.clear();
        for v in 0..vertices {
            self.link_start.push(self.links.len() as u32);
            if self.colour[v] == 0 {
                let first = if ALL_LINKS { 0 } else { v + 1 };
                self.links.extend(
                    graph
                        .neighbours(v)
                        .iter()
                        .filter(|&&u| u >= first && self.colour[u] == 0)
                        .map(|&u| u as u16),
                );
            }
        }
        self.link_start.push(self.links.len() as u32);
        self.frames.clear();
        self.frames.resize(self.empties.len(), Frame::default());
        consistent
    }

    /// The empty cells whose saturation `v`'s colour can change (see `links`).
    fn links(&self, v: usize) -> std::ops::Range<usize> {
        self.link_start[v] as usize..self.link_start[v + 1] as usize
    }

    /// Counts `weight` (0 or 1) more neighbours of `u` with colour `c`. Branch-free, because
    /// whether a count leaves zero is unpredictable.
    fn see(&mut self, u: usize, c: usize, weight: u8) {
        let count = &mut self.seen[u * STRIDE + c];
        let before = *count;
        *count += weight;
        let new = (before == 0) & (*count != 0);
        self.blocked[u] |= u32::from(new) << c;
        self.saturation[u] += u8::from(new);
    }

    /// Counts `weight` (0 or 1) fewer neighbours of `u` with colour `c`.
    fn unsee(&mut self, u: usize, c: usize, weight: u8) {
        let count = &mut self.seen[u * STRIDE + c];
        *count -= weight;
        let gone = (weight != 0) & (*count == 0);
        self.blocked[u] &= !(u32::from(gone) << c);
        self.saturation[u] -= u8::from(gone);
    }

    /// Colours an uncoloured vertex. `DSATUR` keeps the uncoloured set and degrees it reads.
    ///
    /// Only uncoloured neighbours are updated: a coloured vertex's saturation is never read, and
    /// since colours are undone last-in first-out, by the time it is uncoloured again every
    /// neighbour coloured after it has been uncoloured too, so its counts are right once more.
    /// (The fixed order's links hold only later, hence uncoloured, cells: no test needed.)
    fn assign<const DSATUR: bool>(&mut self, v: usize, c: usize) {
        self.colour[v] = c as u8;
        for i in self.links(v) {
            let u = self.links[i] as usize;
            let weight = if DSATUR {
                u8::from(self.colour[u] == 0)
            } else {
                1
            };
            self.see(u, c, weight);
            if DSATUR {
                self.free_degree[u] -= weight;
            }
        }
        if DSATUR {
            let at = self.position[v] as usize;
            let last = self.active.pop().expect("v is in the uncoloured list");
            if last as usize != v {
                self.active[at] = last;
                self.position[last as usize] = at as u16;
            }
        }
    }

    /// Changes the colour of a coloured vertex; the uncoloured set and degrees do not change.
    fn recolour<const DSATUR: bool>(&mut self, v: usize, old: usize, new: usize) {
        self.colour[v] = new as u8;
        for i in self.links(v) {
            let u = self.links[i] as usize;
            let weight = if DSATUR {
                u8::from(self.colour[u] == 0)
            } else {
                1
            };
            self.unsee(u, old, weight);
            self.see(u, new, weight);
        }
    }

    /// Uncolours a vertex, undoing [`Scratch::assign`].
    fn unassign<const DSATUR: bool>(&mut self, v: usize, c: usize) {
        self.colour[v] = 0;
        for i in self.links(v) {
            let u = self.links[i] as usize;
            let weight = if DSATUR {
                u8::from(self.colour[u] == 0)
            } else {
                1
            };
            self.unsee(u, c, weight);
            if DSATUR {
                self.free_degree[u] += weight;
            }
        }
        if DSATUR {
            self.position[v] = self.active.len() as u16;
            self.active.push(v as u16);
        }
    }

    /// DSATUR's choice: highest saturation, then most uncoloured neighbours, then lowest index.
    /// The three are packed into one key (saturation ≤ 25, degree ≤ 104 — the centre of a
    /// diagonal 25×25 —, index < 1024) so the scan is a plain maximum.
    fn most_saturated(&self, colours: u32) -> usize {
        let mut best_key = 0u32;
        for &v in &self.active {
            let saturation = u32::from(self.saturation[v as usize]);
            if saturation == colours {
                // No colour left: a dead end whichever such vertex is taken, so stop looking.
                return v as usize;
            }
            let key = (saturation << 17)
                | (u32::from(self.free_degree[v as usize]) << 10)
                | (1023 - u32::from(v));
            best_key = best_key.max(key);
        }
        1023 - (best_key & 1023) as usize
    }

    /// The colouring as an answer to `puzzle`, under the puzzle's rules.
    fn solution(&self, puzzle: &Grid) -> Grid {
        puzzle
            .with_cells(self.colour.clone())
            .expect("colours are digits of the board")
    }
}

/// Backtracking colouring; `DSATUR` picks the most saturated vertex, otherwise the next empty cell
/// in row-major order. `watch` hears every colour given and taken back.
fn search<const DSATUR: bool>(
    scratch: &mut Scratch,
    puzzle: &Grid,
    budget: &Budget,
    mut watch: impl FnMut(SearchEvent<'_>),
) -> Outcome {
    let graph = Graph::of(puzzle.geometry());
    let colours = puzzle.size() as u32;
    let palette: u32 = ((1u32 << colours) - 1) << 1;
    let consistent = scratch.load::<DSATUR>(&graph, puzzle);
    let to_colour = scratch.empties.len();

    let mut counters = Counters::default();
    let mut found = Found::new(budget);
    let mut stopped = budget.check(0).err();
    let mut checkpoints = Checkpoints::new(budget, CHECK_EVERY);
    let mut depth = 0;
    // True when the search has just moved down to `depth`; false when it returns to it.
    let mut arriving = true;
    while stopped.is_none() && consistent {
        if arriving {
            if depth == to_colour {
                if found.record(|| scratch.solution(puzzle)) || depth == 0 {
                    break;
                }
                depth -= 1;
                arriving = false;
                continue;
            }
            let vertex = if DSATUR {
                scratch.most_saturated(colours)
            } else {
                scratch.empties[depth] as usize
            };
            let feasible = palette & !scratch.blocked[vertex];
            scratch.frames[depth] = Frame {
                vertex: vertex as u16,
                untried: feasible,
                colour: 0,
                several: feasible.count_ones() > 1,
            };
        }
        let frame = scratch.frames[depth];
        let v = frame.vertex as usize;
        if frame.untried == 0 {
            if frame.colour != 0 {
                scratch.unassign::<DSATUR>(v, frame.colour as usize);
                scratch.frames[depth].colour = 0;
                watch(SearchEvent::Remove {
                    cell: v,
                    digit: frame.colour,
                });
            }
            if depth == 0 {
                break;
            }
            counters.backtracks += 1;
            depth -= 1;
            arriving = false;
            continue;
        }
        let c = frame.untried.trailing_zeros() as usize;
        if frame.colour == 0 {
            scratch.assign::<DSATUR>(v, c);
        } else {
            scratch.recolour::<DSATUR>(v, frame.colour as usize, c);
            watch(SearchEvent::Remove {
                cell: v,
                digit: frame.colour,
            });
        }
        watch(SearchEvent::Place {
            cell: v,
            digit: c as u8,
            guess: frame.several,
        });
        let top = &mut scratch.frames[depth];
        top.untried &= top.untried - 1;
        top.colour = c as u8;
        counters.iterations += 1;
        counters.nodes += 1;
        counters.guesses += u64::from(frame.several);
        depth += 1;
        arriving = true;
        if checkpoints.due(counters.iterations) {
            stopped = checkpoints.check(budget, counters.iterations).err();
        }
    }
    found.into_outcome(stopped, counters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudoku_core::{Geometry, Shape, Variant};

    /// What the incremental state must equal for every uncoloured vertex, recomputed from the
    /// colours alone.
    fn assert_consistent(scratch: &Scratch, graph: &Graph, dsatur: bool) {
        for v in 0..graph.vertex_count() {
            if scratch.colour[v] != 0 {
                continue;
            }
            let blocked = graph
                .neighbours(v)
                .iter()
                .fold(0u32, |acc, &u| acc | (1 << scratch.colour[u]))
                & !1;
            assert_eq!(scratch.blocked[v], blocked, "vertex {v}");
            assert_eq!(
                u32::from(scratch.saturation[v]),
                blocked.count_ones(),
                "vertex {v}"
            );
            if dsatur {
                let free = graph
                    .neighbours(v)
                    .iter()
                    .filter(|&&u| scratch.colour[u] == 0)
                    .count();
                assert_eq!(usize::from(scratch.free_degree[v]), free, "vertex {v}");
                assert_eq!(scratch.active[scratch.position[v] as usize] as usize, v);
            }
        }
        if dsatur {
            let uncoloured = scratch.colour.iter().filter(|&&c| c == 0).count();
            assert_eq!(scratch.active.len(), uncoloured);
        }
    }

    /// Random last-in first-out colouring, recolouring and uncolouring (conflicts allowed: the
    /// bookkeeping must not care) keeps the incremental state equal to a recount.
    fn drive<const DSATUR: bool>(geometry: &Arc<Geometry>, seed: u64) {
        let graph = Graph::of(geometry);
        let n = geometry.size();
        let mut puzzle = Grid::empty_on(geometry.clone());
        // A few clues that do not conflict: the first row's diagonal band.
        for k in 0..n / 2 {
            puzzle.set(k * n + k, (k + 1) as u8);
        }
        let mut scratch = Scratch::default();
        assert!(scratch.load::<DSATUR>(&graph, &puzzle));
        let mut state = seed;
        let mut random = |below: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as usize) % below
        };
        // The fixed order must colour in row-major order; DSATUR any order.
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for _ in 0..4000 {
            let uncoloured: Vec<usize> = scratch
                .empties
                .iter()
                .map(|&v| v as usize)
                .filter(|&v| scratch.colour[v] == 0)
                .collect();
            match random(3) {
                0 | 1 if !uncoloured.is_empty() => {
                    let v = if DSATUR {
                        uncoloured[random(uncoloured.len())]
                    } else {
                        uncoloured[0]
                    };
                    let c = 1 + random(n);
                    scratch.assign::<DSATUR>(v, c);
                    stack.push((v, c));
                }
                2 if !stack.is_empty() => {
                    let (v, old) = stack.last_mut().map(|e| *e).unwrap();
                    let new = 1 + random(n);
                    scratch.recolour::<DSATUR>(v, old, new);
                    *stack.last_mut().unwrap() = (v, new);
                }
                _ => {
                    if let Some((v, c)) = stack.pop() {
                        scratch.unassign::<DSATUR>(v, c);
                    }
                }
            }
            assert_consistent(&scratch, &graph, DSATUR);
        }
    }

    #[test]
    fn incremental_saturation_matches_a_recount() {
        // Diagonal boards too: their degrees differ from cell to cell.
        for shape in [Shape::S4, Shape::S9, Shape::S16] {
            for variant in [Variant::classic(), Variant::diagonal()] {
                let geometry = Geometry::of(shape, &variant);
                for seed in 0..3 {
                    drive::<true>(&geometry, seed);
                    drive::<false>(&geometry, seed);
                }
            }
        }
    }

    #[test]
    fn dsatur_picks_the_most_saturated_vertex_then_the_freest_then_the_lowest() {
        let graph = Graph::of(&Geometry::classic(Shape::S9));
        // r1 holds 1..=7 in c1..c7: r1c8 and r1c9 see seven colours, every other empty cell
        // fewer; both have the same free degree, so the lower index wins.
        let puzzle: Grid = format!("1234567..{}", ".".repeat(72)).parse().unwrap();
        let mut scratch = Scratch::default();
        assert!(scratch.load::<true>(&graph, &puzzle));
        assert_eq!(scratch.most_saturated(9), 7);
        // Colouring r5c9 (same column as r1c9, no unit with r1c8) with 8 saturates r1c9 further.
        scratch.assign::<true>(44, 8);
        assert_eq!(scratch.most_saturated(9), 8);
    }
}
