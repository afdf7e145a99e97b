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

use std::sync::Arc;

use super::closure::Closure;
use super::plane::Planes;
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
pub(super) const CAUSE_DIAGONAL: u8 = 6;

/// The numbering of nodes for one board size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Space {
    pub(super) n: usize,
    /// ⌈2³² / n⌉: dividing a node's candidate index by `n` is a multiplication and a shift
    /// (exact for every index of a board up to 25×25), not a division, on the hottest path.
    reciprocal: u64,
}

impl Space {
    pub(super) fn new(n: usize) -> Space {
        Space {
            n,
            reciprocal: (1u64 << 32).div_ceil(n as u64),
        }
    }

    /// The cell of candidate index `index` (`cell · n + digit − 1`).
    #[inline]
    fn cell_of_index(self, index: usize) -> usize {
        ((index as u64 * self.reciprocal) >> 32) as usize
    }

    #[inline]
    pub(super) fn node(self, cell: usize, digit: u8, on: bool) -> u32 {
        (((cell * self.n + digit as usize - 1) << 1) | on as usize) as u32
    }

    #[inline]
    pub(super) fn cell(self, node: u32) -> usize {
        self.cell_of_index(node as usize >> 1)
    }

    #[inline]
    pub(super) fn digit(self, node: u32) -> u8 {
        let index = node as usize >> 1;
        (index - self.cell_of_index(index) * self.n + 1) as u8
    }

    #[inline]
    pub(super) fn on(node: u32) -> bool {
        node & 1 == 1
    }

    pub(super) fn count(self) -> usize {
        self.n * self.n * self.n * 2
    }
}

/// How one node of a net follows: written once when it is reached, read for its depth and
/// its ancestors. Kept together (16 bytes) so reaching a node touches one cache line of a net
/// that may be one of hundreds.
#[derive(Clone, Copy)]
struct Record {
    /// Where its parents start in `Net::parents`.
    first: u32,
    /// For a node a nested chain produced (levels 2 and up), the index of that chain's record.
    nested: u32,
    count: u16,
    depth: u16,
    cause: u8,
}

const UNREACHED: Record = Record {
    first: 0,
    nested: NONE,
    count: 0,
    depth: 0,
    cause: CAUSE_START,
};

/// The nodes one propagation reached, with their parents.
pub(super) struct Net {
    /// The members as a bit set: a few hundred bytes, so the test every link makes stays in
    /// cache while a search keeps hundreds of nets.
    member: Vec<u64>,
    records: Vec<Record>,
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
            member: vec![0; nodes.div_ceil(64)],
            records: vec![UNREACHED; nodes],
            parents: Vec::new(),
            ons: Vec::new(),
            offs: Vec::new(),
            contradiction: None,
        }
    }

    pub(super) fn reset(&mut self) {
        self.member.fill(0);
        self.parents.clear();
        self.ons.clear();
        self.offs.clear();
        self.contradiction = None;
    }

    #[inline]
    pub(super) fn has(&self, node: u32) -> bool {
        self.member[node as usize >> 6] >> (node & 63) & 1 != 0
    }

    /// Records `node`'s parents without making it a member.
    #[inline]
    pub(super) fn link(&mut self, node: u32, parents: &[u32], cause: u8, nested: u32) {
        let depth = parents
            .first()
            .map_or(0, |&p| self.records[p as usize].depth.saturating_add(1));
        self.records[node as usize] = Record {
            first: self.parents.len() as u32,
            nested,
            count: parents.len() as u16,
            depth,
            cause,
        };
        self.parents.extend_from_slice(parents);
    }

    #[inline]
    pub(super) fn insert(&mut self, node: u32, parents: &[u32], cause: u8, nested: u32) {
        self.member[node as usize >> 6] |= 1 << (node & 63);
        self.link(node, parents, cause, nested);
        if Space::on(node) {
            self.ons.push(node);
        } else {
            self.offs.push(node);
        }
    }

    #[inline]
    pub(super) fn parents_of(&self, node: u32) -> &[u32] {
        let record = &self.records[node as usize];
        let first = record.first as usize;
        &self.parents[first..first + record.count as usize]
    }

    /// Links from the assumption to `node` along first parents: a lower bound of its ancestors.
    #[inline]
    pub(super) fn depth(&self, node: u32) -> u32 {
        self.records[node as usize].depth as u32
    }

    /// Why `node` follows (a `CAUSE_` value): kept for putting links into words.
    #[inline]
    #[allow(dead_code)]
    pub(super) fn cause(&self, node: u32) -> u8 {
        self.records[node as usize].cause
    }

    /// The nested chain's record `node` came from, or `NONE`.
    #[inline]
    pub(super) fn nested(&self, node: u32) -> u32 {
        self.records[node as usize].nested
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
    pub(super) layout: Arc<Layout>,
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
    /// Each digit's places in each unit as positions (`unit · (n + 1) + digit`): in the grid
    /// last loaded ([`Engine::load`]), and in the reduced grid of the propagation under way. The
    /// links read them instead of scanning units.
    places_source: Vec<u32>,
    places_work: Vec<u32>,
    loaded: Vec<u32>,
    /// What each node reaches over the static links of a grid, for the static searches.
    pub(super) closure: Closure,
    /// The geometry as bit boards, for Nishio's question.
    pub(super) planes: Planes,
}

impl Engine {
    pub(super) fn new(layout: Arc<Layout>) -> Engine {
        let space = Space::new(layout.n);
        Engine {
            space,
            work: vec![0; layout.cell_count()],
            queue_on: Vec::new(),
            queue_off: Vec::new(),
            seen: vec![0; space.count()],
            seen_generation: 0,
            stack: Vec::new(),
            found: Vec::new(),
            buffer: Vec::new(),
            places_source: vec![0; layout.unit_count() * (layout.n + 1)],
            places_work: vec![0; layout.unit_count() * (layout.n + 1)],
            // No grid of candidates is all ones, so the first load computes the places.
            loaded: vec![u32::MAX; layout.cell_count()],
            closure: Closure::default(),
            planes: Planes::new(&layout),
            layout,
        }
    }

    /// Makes `grid` the position the links read: its places, computed again only when the grid
    /// differs from the last one loaded (a search loads one grid for all its propagations).
    pub(super) fn load(&mut self, grid: &[u32]) {
        if self.loaded != grid {
            let layout = &*self.layout;
            let stride = layout.n + 1;
            self.places_source.fill(0);
            for unit in 0..layout.unit_count() {
                let places = &mut self.places_source[unit * stride..(unit + 1) * stride];
                for (k, &cell) in layout.unit(unit).iter().enumerate() {
                    let mut digits = grid[cell];
                    while digits != 0 {
                        places[digits.trailing_zeros() as usize] |= 1 << k;
                        digits &= digits - 1;
                    }
                }
            }
            self.loaded.copy_from_slice(grid);
        }
        self.places_work.copy_from_slice(&self.places_source);
    }

    /// The places of `digit` in `unit` in the reduced grid.
    #[inline]
    pub(super) fn places(&self, unit: usize, digit: u8) -> u32 {
        self.places_work[unit * (self.space.n + 1) + digit as usize]
    }

    /// The places of `digit` in `unit` that the propagation removed.
    #[inline]
    fn lost_places(&self, unit: usize, digit: u8) -> u32 {
        let i = unit * (self.space.n + 1) + digit as usize;
        self.places_source[i] & !self.places_work[i]
    }

    /// The places of each digit in each unit of the reduced grid (`unit · (n + 1) + digit`),
    /// and of the grid loaded.
    pub(super) fn all_places(&self) -> (&[u32], &[u32]) {
        (&self.places_source, &self.places_work)
    }

    /// Removes `digit` from `cell` in the reduced grid `work` and in its places.
    #[inline]
    fn remove(&mut self, work: &mut [u32], cell: usize, digit: u8) {
        work[cell] &= !(1u32 << digit);
        let stride = self.space.n + 1;
        let units = self.layout.units_of(cell);
        let slots = self.layout.slots(cell);
        for (&unit, &slot) in units.iter().zip(slots) {
            self.places_work[unit * stride + digit as usize] &= !(1u32 << slot);
        }
    }

    pub(super) fn new_net(&self) -> Net {
        Net::new(self.space.count())
    }

    /// The candidates an on node turns off, into `found`, in Sudoku Explainer's order: the
    /// cell's other candidates, then the digit's other places in the box, the row, the column,
    /// then on any diagonal through the cell (the places none of the others reported).
    /// `grid` is the position whose places are loaded.
    pub(super) fn on_to_off(&mut self, grid: &[u32], p: u32, cells: bool) {
        let space = self.space;
        let layout = &*self.layout;
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
        let [row, column, boxed] = layout.row_column_region(cell);
        let [_, _, in_box] = layout.row_column_region_slots(cell);
        let [box_in_row, box_in_column] = layout.box_in_lines(cell);
        for (unit, cause, skip) in [
            (boxed, CAUSE_BOX, 1u32 << in_box),
            (row, CAUSE_ROW, box_in_row),
            (column, CAUSE_COLUMN, box_in_column),
        ] {
            let mut places = self.places(unit, digit) & !skip;
            let cells = layout.unit(unit);
            while places != 0 {
                let c = cells[places.trailing_zeros() as usize];
                places &= places - 1;
                self.found.push((space.node(c, digit, false), cause, 0, 1));
            }
        }
        for &unit in &layout.units_of(cell)[3..] {
            let mut places = self.places(unit, digit);
            let cells = layout.unit(unit);
            while places != 0 {
                let c = cells[places.trailing_zeros() as usize];
                places &= places - 1;
                let seen = layout.row_column_region(c);
                if [row, column, boxed].iter().zip(seen).all(|(&a, b)| a != b) {
                    self.found
                        .push((space.node(c, digit, false), CAUSE_DIAGONAL, 0, 1));
                }
            }
        }
    }

    /// The candidates an off node turns on, into `found` with their parents in `buffer`: the
    /// cell's last other candidate, then the digit's last other place in the box, the row, the
    /// column, any diagonal. Candidates of `source` (the grid loaded) that `grid` lost are extra parents
    /// (dynamic chains).
    pub(super) fn off_to_on(&mut self, grid: &[u32], source: &[u32], p: u32, mode: Mode) {
        let space = self.space;
        let layout = &*self.layout;
        let (cell, digit) = (space.cell(p), space.digit(p));
        let bit = 1u32 << digit;
        self.found.clear();
        self.buffer.clear();
        if mode.cells && is_pair(grid[cell]) {
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
            let [row, column, boxed] = layout.row_column_region(cell);
            let [in_row, in_column, in_box] = layout.row_column_region_slots(cell);
            let diagonals = layout.units_of(cell).len() > 3;
            self.unit_to_on(p, digit, boxed, CAUSE_BOX, in_box);
            self.unit_to_on(p, digit, row, CAUSE_ROW, in_row);
            self.unit_to_on(p, digit, column, CAUSE_COLUMN, in_column);
            if diagonals {
                let layout = self.layout.clone();
                let units = &layout.units_of(cell)[3..];
                for (&unit, &slot) in units.iter().zip(&layout.slots(cell)[3..]) {
                    self.unit_to_on(p, digit, unit, CAUSE_DIAGONAL, slot);
                }
            }
        }
    }

    /// The unit link of [`Engine::off_to_on`]: `digit`'s last other place in `unit` (where
    /// `p`, off, sits at `slot`), unless an earlier unit turned the same candidate on.
    #[inline(always)]
    fn unit_to_on(&mut self, p: u32, digit: u8, unit: usize, cause: u8, slot: u8) {
        let others = self.places(unit, digit) & !(1u32 << slot);
        if !is_single(others) {
            return;
        }
        let cells = self.layout.unit(unit);
        let on = self
            .space
            .node(cells[others.trailing_zeros() as usize], digit, true);
        if self.found.iter().any(|f| f.0 == on) {
            return;
        }
        let start = self.buffer.len() as u32;
        self.buffer.push(p);
        let mut lost = self.lost_places(unit, digit);
        while lost != 0 {
            let c = cells[lost.trailing_zeros() as usize];
            lost &= lost - 1;
            self.buffer.push(self.space.node(c, digit, false));
        }
        let count = self.buffer.len() as u32 - start;
        self.found.push((on, cause, start, count));
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
        self.load(grid);
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
                    self.remove(&mut work, self.space.cell(p), self.space.digit(p));
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
            let record = net.nested(at);
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

/// Whether `set` has exactly one member (a popcount is a library call on the baseline x86-64
/// this is built for).
#[inline]
fn is_single(set: u32) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// Whether `set` has exactly two members.
#[inline]
fn is_pair(set: u32) -> bool {
    set != 0 && is_single(set & (set - 1))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_node_names_its_cell_digit_and_truth_on_every_size() {
        for n in [4, 6, 8, 9, 12, 16, 25] {
            let space = Space::new(n);
            for cell in 0..n * n {
                for digit in 1..=n as u8 {
                    for on in [false, true] {
                        let node = space.node(cell, digit, on);
                        assert_eq!(space.cell(node), cell, "n {n}");
                        assert_eq!(space.digit(node), digit, "n {n}");
                        assert_eq!(Space::on(node), on);
                    }
                }
            }
        }
    }

    #[test]
    fn sets_of_one_and_two_are_told_apart() {
        for set in 0u32..1 << 12 {
            assert_eq!(is_single(set), set.count_ones() == 1, "{set:b}");
            assert_eq!(is_pair(set), set.count_ones() == 2, "{set:b}");
        }
    }
}
