//! The propagation core every forcing finder shares: from one assumption (a candidate true, "on",
//! or false, "off"), what follows, with the reason for each consequence kept as links to the
//! consequences it came from.
//!
//! A node is a candidate with a truth value, numbered `(cell · n + digit − 1) · 2 + on`, so every
//! table is a flat array indexed by node and nothing is allocated per node. A [`Net`] holds one
//! propagation's nodes: which are reached, each one's parents (the nodes it follows from), its
//! cause and its depth along its first parent. The rules are Sudoku Explainer's:
//! - a candidate on turns off the cell's other candidates (when cell links are used) and the
//!   digit in the cell's box, row and column;
//! - a candidate off turns on the cell's other candidate if two are left (cell links), and the
//!   digit's other place in each unit where two places are left.
//!
//! A static propagation reads the position as it is; a dynamic one removes each candidate it
//! turns off as it goes, so later links see the reduced position, and a link made possible by
//! earlier removals names those removals as extra parents.

use crate::layout::Layout;

/// No node (an absent parent or nested record).
pub(super) const NONE: u32 = u32::MAX;

/// Why a node follows: the cell's other candidates, one of the unit kinds, a basic technique
/// applied inside the propagation, or nothing (the assumption itself).
pub(super) const CAUSE_CELL: u8 = 0;
pub(super) const CAUSE_BOX: u8 = 1;
pub(super) const CAUSE_ROW: u8 = 2;
pub(super) const CAUSE_COLUMN: u8 = 3;
pub(super) const CAUSE_RULE: u8 = 4;
pub(super) const CAUSE_START: u8 = 5;

/// The numbering of nodes for one board size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Space {
    pub(super) n: usize,
}

impl Space {
    #[inline]
    pub(super) fn node(self, cell: usize, digit: u8, on: bool) -> u32 {
        (((cell * self.n + digit as usize - 1) << 1) | on as usize) as u32
    }

    #[inline]
    pub(super) fn cell(self, node: u32) -> usize {
        (node as usize >> 1) / self.n
    }

    #[inline]
    pub(super) fn digit(self, node: u32) -> u8 {
        ((node as usize >> 1) % self.n + 1) as u8
    }

    #[inline]
    pub(super) fn on(node: u32) -> bool {
        node & 1 == 1
    }

    pub(super) fn count(self) -> usize {
        self.n * self.n * self.n * 2
    }
}

/// The nodes one propagation reached, with their parents.
pub(super) struct Net {
    mark: Vec<u32>,
    generation: u32,
    first: Vec<u32>,
    count: Vec<u16>,
    depth: Vec<u16>,
    cause: Vec<u8>,
    /// For a node a nested chain produced (levels 2 and up), the index of that chain's record.
    pub(super) nested: Vec<u32>,
    parents: Vec<u32>,
    /// The nodes on, then off, in the order they were reached.
    pub(super) ons: Vec<u32>,
    pub(super) offs: Vec<u32>,
    /// A node reached both on and off: the one reached first (a member) and its conjugate (not
    /// a member, its parents recorded).
    pub(super) contradiction: Option<(u32, u32)>,
}

impl Net {
    pub(super) fn new(nodes: usize) -> Net {
        Net {
            mark: vec![0; nodes],
            generation: 0,
            first: vec![0; nodes],
            count: vec![0; nodes],
            depth: vec![0; nodes],
            cause: vec![CAUSE_START; nodes],
            nested: vec![NONE; nodes],
            parents: Vec::new(),
            ons: Vec::new(),
            offs: Vec::new(),
            contradiction: None,
        }
    }

    pub(super) fn reset(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.fill(0);
            self.generation = 1;
        }
        self.parents.clear();
        self.ons.clear();
        self.offs.clear();
        self.contradiction = None;
    }

    #[inline]
    pub(super) fn has(&self, node: u32) -> bool {
        self.mark[node as usize] == self.generation
    }

    /// Records `node`'s parents without making it a member.
    pub(super) fn link(&mut self, node: u32, parents: &[u32], cause: u8, nested: u32) {
        let i = node as usize;
        self.first[i] = self.parents.len() as u32;
        self.count[i] = parents.len() as u16;
        self.depth[i] = parents
            .first()
            .map_or(0, |&p| self.depth[p as usize].saturating_add(1));
        self.cause[i] = cause;
        self.nested[i] = nested;
        self.parents.extend_from_slice(parents);
    }

    pub(super) fn insert(&mut self, node: u32, parents: &[u32], cause: u8, nested: u32) {
        self.mark[node as usize] = self.generation;
        self.link(node, parents, cause, nested);
        if Space::on(node) {
            self.ons.push(node);
        } else {
            self.offs.push(node);
        }
    }

    #[inline]
    pub(super) fn parents_of(&self, node: u32) -> &[u32] {
        let i = node as usize;
        let first = self.first[i] as usize;
        &self.parents[first..first + self.count[i] as usize]
    }

    /// Links from the assumption to `node` along first parents: a lower bound of its ancestors.
    #[inline]
    pub(super) fn depth(&self, node: u32) -> u32 {
        self.depth[node as usize] as u32
    }

    /// Why `node` follows (a `CAUSE_` value): kept for putting links into words.
    #[inline]
    #[allow(dead_code)]
    pub(super) fn cause(&self, node: u32) -> u8 {
        self.cause[node as usize]
    }

    /// The first-parent path from the assumption to `node`, assumption first.
    pub(super) fn path(&self, node: u32) -> Vec<u32> {
        let mut path = vec![node];
        let mut at = node;
        while let Some(&p) = self.parents_of(at).first() {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }
}

/// How a propagation links nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mode {
    /// Cell links (a candidate on turns off its cell's others; an off leaves a bivalue cell's
    /// other candidate on). Off in Nishio and X-chains.
    pub(super) cells: bool,
    /// Unit links from off to on (the digit's last other place in a unit).
    pub(super) units: bool,
    pub(super) dynamic: bool,
    /// 0: links only; 1: the basic techniques applied when links run out; 2 and up: nested
    /// forcing chains too.
    pub(super) level: u8,
}

/// Scratch space shared by every propagation of a search: the reduced position, queues, and
/// marks for counting ancestors.
pub(super) struct Engine {
    pub(super) layout: &'static Layout,
    pub(super) space: Space,
    pub(super) work: Vec<u32>,
    queue_on: Vec<u32>,
    queue_off: Vec<u32>,
    seen: Vec<u32>,
    seen_generation: u32,
    stack: Vec<u32>,
    /// Consequences of one node: (node, cause, first parent index in `buffer`, parent count).
    found: Vec<(u32, u8, u32, u32)>,
    buffer: Vec<u32>,
}

impl Engine {
    pub(super) fn new(layout: &'static Layout) -> Engine {
        let space = Space { n: layout.n };
        Engine {
            layout,
            space,
            work: vec![0; layout.cell_count()],
            queue_on: Vec::new(),
            queue_off: Vec::new(),
            seen: vec![0; space.count()],
            seen_generation: 0,
            stack: Vec::new(),
            found: Vec::new(),
            buffer: Vec::new(),
        }
    }

    pub(super) fn new_net(&self) -> Net {
        Net::new(self.space.count())
    }

    /// The candidates an on node turns off, into `found`, in Sudoku Explainer's order: the
    /// cell's other candidates, then the digit's other places in the box, the row, the column.
    pub(super) fn on_to_off(&mut self, grid: &[u32], p: u32, cells: bool) {
        let space = self.space;
        let layout = self.layout;
        let (cell, digit) = (space.cell(p), space.digit(p));
        let bit = 1u32 << digit;
        self.found.clear();
        if cells {
            let mut others = grid[cell] & !bit;
            while others != 0 {
                let d = others.trailing_zeros() as u8;
                others &= others - 1;
                self.found
                    .push((space.node(cell, d, false), CAUSE_CELL, 0, 1));
            }
        }
        let [row, column, boxed] = layout.units_of(cell);
        for &c in layout.unit(boxed) {
            if c != cell && grid[c] & bit != 0 {
                self.found
                    .push((space.node(c, digit, false), CAUSE_BOX, 0, 1));
            }
        }
        for (unit, cause) in [(row, CAUSE_ROW), (column, CAUSE_COLUMN)] {
            for &c in layout.unit(unit) {
                if c != cell && layout.units_of(c)[2] != boxed && grid[c] & bit != 0 {
                    self.found.push((space.node(c, digit, false), cause, 0, 1));
                }
            }
        }
    }

    /// The candidates an off node turns on, into `found` with their parents in `buffer`: the
    /// cell's last other candidate, then the digit's last other place in the box, the row, the
    /// column. Candidates of `source` that `grid` lost are extra parents (dynamic chains).
    pub(super) fn off_to_on(&mut self, grid: &[u32], source: &[u32], p: u32, mode: Mode) {
        let space = self.space;
        let layout = self.layout;
        let (cell, digit) = (space.cell(p), space.digit(p));
        let bit = 1u32 << digit;
        self.found.clear();
        self.buffer.clear();
        if mode.cells && grid[cell].count_ones() == 2 {
            let other = (grid[cell] & !bit).trailing_zeros() as u8;
            let start = self.buffer.len() as u32;
            self.buffer.push(p);
            let mut lost = source[cell] & !grid[cell];
            while lost != 0 {
                let d = lost.trailing_zeros() as u8;
                lost &= lost - 1;
                self.buffer.push(space.node(cell, d, false));
            }
            let count = self.buffer.len() as u32 - start;
            self.found
                .push((space.node(cell, other, true), CAUSE_CELL, start, count));
        }
        if mode.units {
            let [row, column, boxed] = layout.units_of(cell);
            for (unit, cause) in [(boxed, CAUSE_BOX), (row, CAUSE_ROW), (column, CAUSE_COLUMN)] {
                let mut other = usize::MAX;
                let mut places = 0;
                for &c in layout.unit(unit) {
                    if c != cell && grid[c] & bit != 0 {
                        places += 1;
                        other = c;
                    }
                }
                if places != 1 {
                    continue;
                }
                let on = space.node(other, digit, true);
                if self.found.iter().any(|f| f.0 == on) {
                    continue;
                }
                let start = self.buffer.len() as u32;
                self.buffer.push(p);
                for &c in layout.unit(unit) {
                    if source[c] & bit != 0 && grid[c] & bit == 0 {
                        self.buffer.push(space.node(c, digit, false));
                    }
                }
                let count = self.buffer.len() as u32 - start;
                self.found.push((on, cause, start, count));
            }
        }
    }

    /// Everything that follows from `start` in `grid` (Sudoku Explainer's propagation: nodes on
    /// before nodes off, each queue first in first out), into `net`. Stops at the first node
    /// reached both on and off (`net.contradiction`). `rules` supplies the eliminations of the
    /// basic techniques (level 1 and up) when the links run out; it returns whether it added any.
    pub(super) fn propagate(
        &mut self,
        grid: &[u32],
        mode: Mode,
        net: &mut Net,
        start: u32,
        rules: &mut super::multiple::Rules,
    ) {
        net.reset();
        net.insert(start, &[], CAUSE_START, NONE);
        self.work.copy_from_slice(grid);
        self.queue_on.clear();
        self.queue_off.clear();
        let (mut head_on, mut head_off) = (0, 0);
        if Space::on(start) {
            self.queue_on.push(start);
        } else {
            self.queue_off.push(start);
        }
        let mut work = std::mem::take(&mut self.work);
        loop {
            if head_on < self.queue_on.len() {
                let p = self.queue_on[head_on];
                head_on += 1;
                self.on_to_off(&work, p, mode.cells);
                for k in 0..self.found.len() {
                    let (off, cause, _, _) = self.found[k];
                    if net.has(off ^ 1) {
                        net.link(off, &[p], cause, NONE);
                        net.contradiction = Some((off ^ 1, off));
                        self.work = work;
                        return;
                    }
                    if !net.has(off) {
                        net.insert(off, &[p], cause, NONE);
                        self.queue_off.push(off);
                    }
                }
                continue;
            }
            if head_off < self.queue_off.len() {
                let p = self.queue_off[head_off];
                head_off += 1;
                self.off_to_on(&work, grid, p, mode);
                if mode.dynamic {
                    work[self.space.cell(p)] &= !(1u32 << self.space.digit(p));
                }
                for k in 0..self.found.len() {
                    let (on, cause, first, count) = self.found[k];
                    let parents = &self.buffer[first as usize..(first + count) as usize];
                    debug_assert!(parents.iter().all(|&q| net.has(q)));
                    if net.has(on ^ 1) {
                        net.link(on, parents, cause, NONE);
                        net.contradiction = Some((on ^ 1, on));
                        self.work = work;
                        return;
                    }
                    if !net.has(on) {
                        net.insert(on, parents, cause, NONE);
                        self.queue_on.push(on);
                    }
                }
                continue;
            }
            if mode.level > 0 {
                let before = self.queue_off.len();
                let mut queue = std::mem::take(&mut self.queue_off);
                self.work = work;
                let added = rules(self, grid, net, &mut queue);
                work = std::mem::take(&mut self.work);
                self.queue_off = queue;
                if added && self.queue_off.len() > before {
                    continue;
                }
            }
            break;
        }
        self.work = work;
    }

    pub(super) fn found_len(&self) -> usize {
        self.found.len()
    }

    pub(super) fn found_node(&self, k: usize) -> u32 {
        self.found[k].0
    }

    pub(super) fn found_cause(&self, k: usize) -> u8 {
        self.found[k].1
    }

    /// How many distinct nodes `node` follows from, itself included (Sudoku Explainer's
    /// ancestor count, the measure of a chain's length).
    pub(super) fn ancestors(&mut self, net: &Net, node: u32) -> u32 {
        self.seen_generation = self.seen_generation.wrapping_add(1);
        if self.seen_generation == 0 {
            self.seen.fill(0);
            self.seen_generation = 1;
        }
        let generation = self.seen_generation;
        self.stack.clear();
        self.stack.push(node);
        self.seen[node as usize] = generation;
        let mut count = 0;
        while let Some(at) = self.stack.pop() {
            count += 1;
            for &p in net.parents_of(at) {
                if self.seen[p as usize] != generation {
                    self.seen[p as usize] = generation;
                    self.stack.push(p);
                }
            }
        }
        count
    }

    /// The nested chains (their record indexes, each once) among `node`'s ancestors, added to
    /// `into` unless already there.
    pub(super) fn nested_among(&mut self, net: &Net, node: u32, into: &mut Vec<u32>) {
        self.seen_generation = self.seen_generation.wrapping_add(1);
        if self.seen_generation == 0 {
            self.seen.fill(0);
            self.seen_generation = 1;
        }
        let generation = self.seen_generation;
        self.stack.clear();
        self.stack.push(node);
        self.seen[node as usize] = generation;
        while let Some(at) = self.stack.pop() {
            let record = net.nested[at as usize];
            if record != NONE && !into.contains(&record) {
                into.push(record);
            }
            for &p in net.parents_of(at) {
                if self.seen[p as usize] != generation {
                    self.seen[p as usize] = generation;
                    self.stack.push(p);
                }
            }
        }
    }
}

/// Sudoku Explainer's length increment: 0.1 for each step of the ladder 4, 6, 8, 12, 16, 24,
/// ... (alternately ×3/2 and ×4/3) that `complexity − 2` passes, summed as it sums it.
pub(super) fn length_increment(complexity: u32) -> f64 {
    // Sums of 0.1 the way Sudoku Explainer adds them, so the rating compares equal.
    (0..crate::rating::length_tenths(complexity as usize)).fold(0.0f64, |sum, _| sum + 0.1)
}

/// A chain's rating: its technique's base plus the length increment.
pub(super) fn difficulty(base_tenths: u32, complexity: u32) -> f64 {
    base_tenths as f64 / 10.0 + length_increment(complexity)
}
