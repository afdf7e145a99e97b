//! What every assumption reaches over the static links of a position, as bit sets: the cheap
//! answer to "can this search find anything at all?" that lets the static searches skip the
//! assumptions (and whole calls) that cannot lead anywhere.
//!
//! The static links form a fixed graph on the nodes of the position's candidates (every link
//! kind at once: cell and unit links, on to off and off to on). It is skew-symmetric: each link
//! `a → b` has its contrapositive `¬b → ¬a`, since a weak link between two candidates runs both
//! ways and so does a strong one. So whatever a static search derives is a path in this graph:
//! - a forcing chain from `x` to its negation is a path `x ⇝ ¬x`;
//! - a cycle's elimination `y` sees an on node `a` and an off node `b` of the cycle, and the
//!   cycle read backwards and negated leads from `¬a` to `¬b`, so `y ⇝ ¬a ⇝ ¬b ⇝ ¬y`;
//! - a static net (from one assumption, stopped at its first contradiction) holds only nodes
//!   the assumption reaches, so a cell or region forcing chain concludes a node every one of its
//!   assumptions reaches.
//!
//! The sets are computed once a call: strongly connected components (Tarjan's algorithm, with
//! an explicit stack), then each component's reach as the union of its members and its
//! successors' reaches, sinks first. A position of a few hundred candidates costs tens of
//! microseconds, where the searches it rules out propagate every assumption.

use super::net::{Engine, Mode, NONE};

/// The reach of every node of one position, and the scratch space that computes it.
#[derive(Default)]
pub(super) struct Closure {
    /// Each node's index among the position's nodes, or `NONE` (a candidate the grid lacks).
    index: Vec<u32>,
    /// The position's nodes, by index.
    nodes: Vec<u32>,
    /// The links as successor lists by index: `edges[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
    edges: Vec<u32>,
    /// Each index's component; components are numbered as Tarjan's algorithm completes them,
    /// so every link leads to a component of an equal or lower number.
    component: Vec<u32>,
    /// Each component's reach over node indexes, `words` words a component.
    reach: Vec<u64>,
    words: usize,
    /// Tarjan's state: visit order, low links, the component stack and the call stack.
    order: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// The node indexes by component, as Tarjan's algorithm completes them.
    by_component: Vec<u32>,
    /// Per component: whether a cycle through it could remove anything ([`Closure::may_loop`]).
    loops: Vec<bool>,
    /// The grid the reaches are of: the static searches of one position share them.
    built_for: Vec<u32>,
}

const UNVISITED: u32 = u32::MAX;

impl Closure {
    /// The reach of every node of `grid`, which must be the grid `engine` has loaded (kept when
    /// it is the grid of the last call).
    pub(super) fn build(&mut self, engine: &mut Engine, grid: &[u32]) {
        if self.built_for == grid {
            return;
        }
        self.built_for.clear();
        self.built_for.extend_from_slice(grid);
        let space = engine.space;
        self.index.clear();
        self.index.resize(space.count(), NONE);
        self.nodes.clear();
        for (cell, &digits) in grid.iter().enumerate() {
            let mut digits = digits;
            while digits != 0 {
                let digit = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                for on in [false, true] {
                    let node = space.node(cell, digit, on);
                    self.index[node as usize] = self.nodes.len() as u32;
                    self.nodes.push(node);
                }
            }
        }
        self.links(engine, grid);
        self.components();
        self.reaches();
    }

    /// Every static link of every kind, from the engine's own link rules.
    fn links(&mut self, engine: &mut Engine, grid: &[u32]) {
        let mode = Mode {
            cells: true,
            units: true,
            dynamic: false,
            level: 0,
        };
        self.starts.clear();
        self.edges.clear();
        let (index, edges) = (&self.index, &mut self.edges);
        for &node in &self.nodes {
            self.starts.push(edges.len() as u32);
            engine.each_link(
                grid,
                node,
                mode,
                #[inline(always)]
                |next, _| {
                    edges.push(index[next as usize]);
                    false
                },
            );
        }
        self.starts.push(self.edges.len() as u32);
    }

    /// Tarjan's strongly connected components, iteratively.
    fn components(&mut self) {
        let count = self.nodes.len();
        self.order.clear();
        self.order.resize(count, UNVISITED);
        self.low.clear();
        self.low.resize(count, 0);
        self.on_stack.clear();
        self.on_stack.resize(count, false);
        self.component.clear();
        self.component.resize(count, NONE);
        self.by_component.clear();
        self.stack.clear();
        let (mut visited, mut components) = (0u32, 0u32);
        for root in 0..count as u32 {
            if self.order[root as usize] != UNVISITED {
                continue;
            }
            self.calls.clear();
            self.calls.push((root, self.starts[root as usize]));
            self.enter(root, &mut visited);
            while let Some(&(at, next)) = self.calls.last() {
                if next < self.starts[at as usize + 1] {
                    let to = self.edges[next as usize];
                    self.calls.last_mut().expect("just read").1 += 1;
                    if self.order[to as usize] == UNVISITED {
                        self.enter(to, &mut visited);
                        self.calls.push((to, self.starts[to as usize]));
                    } else if self.on_stack[to as usize] {
                        let i = at as usize;
                        self.low[i] = self.low[i].min(self.order[to as usize]);
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    let (p, i) = (parent as usize, at as usize);
                    self.low[p] = self.low[p].min(self.low[i]);
                }
                if self.low[at as usize] == self.order[at as usize] {
                    loop {
                        let member = self.stack.pop().expect("the root is on the stack");
                        self.on_stack[member as usize] = false;
                        self.component[member as usize] = components;
                        self.by_component.push(member);
                        if member == at {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        self.words = count.div_ceil(64);
        self.reach.clear();
        self.reach.resize(components as usize * self.words, 0);
    }

    fn enter(&mut self, node: u32, visited: &mut u32) {
        self.order[node as usize] = *visited;
        self.low[node as usize] = *visited;
        *visited += 1;
        self.stack.push(node);
        self.on_stack[node as usize] = true;
    }

    /// Each component's reach: its members, then its successors' reaches (all completed
    /// earlier, so one pass in component order suffices).
    fn reaches(&mut self) {
        let words = self.words;
        for &i in &self.by_component {
            let c = self.component[i as usize] as usize;
            self.reach[c * words + i as usize / 64] |= 1 << (i % 64);
            for k in self.starts[i as usize]..self.starts[i as usize + 1] {
                let d = self.component[self.edges[k as usize] as usize] as usize;
                if d != c {
                    // d < c: its reach lies wholly before c's.
                    let (lower, upper) = self.reach.split_at_mut(c * words);
                    let successor = &lower[d * words..(d + 1) * words];
                    for (into, &from) in upper[..words].iter_mut().zip(successor) {
                        *into |= from;
                    }
                }
            }
        }
    }

    /// The reach of `node`'s component, over node indexes.
    fn reach_of(&self, node: u32) -> &[u64] {
        let c = self.component[self.index[node as usize] as usize] as usize;
        &self.reach[c * self.words..(c + 1) * self.words]
    }

    /// Whether `from` reaches `to` over static links (every node reaches itself).
    pub(super) fn reaches_node(&self, from: u32, to: u32) -> bool {
        let i = self.index[to as usize];
        i != NONE && self.reach_of(from)[i as usize / 64] >> (i % 64) & 1 == 1
    }

    /// Whether `node` reaches its own negation: the only assumptions a forcing chain starts
    /// from.
    pub(super) fn refutes(&self, node: u32) -> bool {
        self.reaches_node(node, node ^ 1)
    }

    /// Whether any node of the position reaches its own negation.
    pub(super) fn refutes_any(&self) -> bool {
        self.nodes.iter().any(|&node| self.refutes(node))
    }

    /// Marks the components where a cycle could remove a candidate: a cycle's elimination is a
    /// refuted candidate that sees an off node of the cycle (of its digit), and a cycle lies in
    /// one component.
    pub(super) fn find_loops(&mut self, engine: &Engine, grid: &[u32]) {
        let (layout, space) = (&*engine.layout, engine.space);
        self.loops.clear();
        self.loops
            .resize(self.reach.len() / self.words.max(1), false);
        for &node in &self.nodes {
            if node & 1 == 0 || !self.refutes(node) {
                continue;
            }
            let (cell, digit) = (space.cell(node), space.digit(node));
            for &peer in layout.peers(cell) {
                if grid[peer] & 1 << digit != 0 {
                    let off = self.index[space.node(peer, digit, false) as usize];
                    self.loops[self.component[off as usize] as usize] = true;
                }
            }
        }
    }

    /// Whether a cycle through `start` could remove anything ([`Closure::find_loops`] first).
    pub(super) fn may_loop(&self, start: u32) -> bool {
        self.loops[self.component[self.index[start as usize] as usize] as usize]
    }

    /// Whether some node is reached from every one of `starts` (none: `false`).
    pub(super) fn reached_by_all(&self, starts: impl IntoIterator<Item = u32>) -> bool {
        let mut common: Option<Vec<u64>> = None;
        for start in starts {
            let reach = self.reach_of(start);
            match common.as_mut() {
                None => common = Some(reach.to_vec()),
                Some(common) => {
                    for (a, b) in common.iter_mut().zip(reach) {
                        *a &= b;
                    }
                }
            }
        }
        common.is_some_and(|common| common.iter().any(|&w| w != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::techniques::forcing::tests::hard_positions as positions;

    /// What `start` reaches, found the plain way: a breadth-first search over the engine's
    /// links.
    fn reached(engine: &mut Engine, grid: &[u32], start: u32) -> Vec<u32> {
        let mode = Mode {
            cells: true,
            units: true,
            dynamic: false,
            level: 0,
        };
        let mut seen = vec![start];
        let mut at = 0;
        while at < seen.len() {
            let node = seen[at];
            at += 1;
            engine.each_link(grid, node, mode, |next, _| {
                if !seen.contains(&next) {
                    seen.push(next);
                }
                false
            });
        }
        seen.sort_unstable();
        seen
    }

    #[test]
    fn each_node_reaches_what_a_breadth_first_search_reaches() {
        let mut engine = Engine::new(Layout::classic(sudoku_core::Shape::S9));
        let mut closure = Closure::default();
        let boards = positions();
        assert!(boards.len() >= 20, "{} positions", boards.len());
        for board in boards.iter().step_by(4) {
            let grid = &board.cands;
            engine.load(grid);
            closure.build(&mut engine, grid);
            for &from in &closure.nodes.clone() {
                let expected = reached(&mut engine, grid, from);
                let found: Vec<u32> = closure
                    .nodes
                    .iter()
                    .copied()
                    .filter(|&to| closure.reaches_node(from, to))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                assert_eq!(found, expected, "from node {from}");
            }
        }
    }

    #[test]
    fn the_links_are_their_own_contrapositives() {
        let mut engine = Engine::new(Layout::classic(sudoku_core::Shape::S9));
        let mut closure = Closure::default();
        let (mut refuted, mut count) = (0, 0);
        for board in positions() {
            let grid = &board.cands;
            engine.load(grid);
            closure.build(&mut engine, grid);
            count += 1;
            refuted += closure.refutes_any() as usize;
            for &a in &closure.nodes {
                for &b in &closure.nodes {
                    assert_eq!(
                        closure.reaches_node(a, b),
                        closure.reaches_node(b ^ 1, a ^ 1),
                        "{a} to {b}"
                    );
                }
            }
        }
        // Hard positions: static chains refute a candidate in some of them, not in all.
        assert!(0 < refuted && refuted < count, "{refuted} of {count}");
    }
}
