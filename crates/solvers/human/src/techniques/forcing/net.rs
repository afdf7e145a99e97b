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

    /// The members as a bit set (bit `node`).
    pub(super) fn members(&self) -> &[u64] {
        &self.member
    }

    #[inline]
    pub(super) fn has(&self, node: u32) -> bool {
        holds(&self.member, node)
    }

    /// Records `node`'s parents without making it a member.
    #[inline]
    pub(super) fn link(&mut self, node: u32, parents: &[u32], cause: u8, nested: u32) {
        let depth = parents.first().map_or(0, |&p| self.child_depth(p));
        self.record(node, parents, depth, cause, nested);
    }

    /// The depth of a node whose first parent is `parent`.
    #[inline]
    fn child_depth(&self, parent: u32) -> u16 {
        self.records[parent as usize].depth.saturating_add(1)
    }

    #[inline]
    fn record(&mut self, node: u32, parents: &[u32], depth: u16, cause: u8, nested: u32) {
        self.records[node as usize] = Record {
            first: self.parents.len() as u32,
            nested,
            count: parents.len() as u16,
            depth,
            cause,
        };
        // Most nodes follow from one parent: a push, not a copy of a slice.
        match *parents {
            [parent] => self.parents.push(parent),
            _ => self.parents.extend_from_slice(parents),
        }
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

    /// Reaches `node` from `parents` in a propagation, at `depth` (one more than its first
    /// parent's, the same for every consequence of one node): a member unless it already is,
    /// or, when its negation is a member, linked only and the contradiction recorded. Whether
    /// it contradicts.
    #[inline(always)]
    fn reach(&mut self, node: u32, parents: &[u32], depth: u16, cause: u8) -> bool {
        if self.has(node ^ 1) {
            self.record(node, parents, depth, cause, NONE);
            self.contradiction = Some((node ^ 1, node));
            return true;
        }
        if !self.has(node) {
            self.member[node as usize >> 6] |= 1 << (node & 63);
            self.record(node, parents, depth, cause, NONE);
            if Space::on(node) {
                self.ons.push(node);
            } else {
                self.offs.push(node);
            }
        }
        false
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

/// Scratch space shared by every propagation of a search: the reduced position and marks for
/// counting ancestors.
pub(super) struct Engine {
    pub(super) layout: Arc<Layout>,
    pub(super) space: Space,
    /// Whether the board's diagonals are units (the links read them only then).
    diagonals: bool,
    pub(super) work: Vec<u32>,
    seen: Vec<u32>,
    seen_generation: u32,
    stack: Vec<u32>,
    /// One link's parents as they are gathered.
    parents: Vec<u32>,
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
            diagonals: !layout.diagonals().is_empty(),
            work: vec![0; layout.cell_count()],
            seen: vec![0; space.count()],
            seen_generation: 0,
            stack: Vec::new(),
            parents: Vec::new(),
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

    /// The places of each digit in each unit of the reduced grid (`unit · (n + 1) + digit`),
    /// and of the grid loaded.
    pub(super) fn all_places(&self) -> (&[u32], &[u32]) {
        (&self.places_source, &self.places_work)
    }

    pub(super) fn new_net(&self) -> Net {
        Net::new(self.space.count())
    }

    /// Hands `visit` each node a static link leads to from `node` in `grid` (the grid loaded),
    /// with its cause, in Sudoku Explainer's order ([`Engine::each_off`] from a node on,
    /// [`Engine::each_on`] from a node off): what the static searches read. Stops as soon as
    /// `visit` returns `true`, and returns whether it did.
    #[inline(always)]
    pub(super) fn each_link(
        &mut self,
        grid: &[u32],
        node: u32,
        mode: Mode,
        mut visit: impl FnMut(u32, u8) -> bool,
    ) -> bool {
        debug_assert!(!mode.dynamic, "a static link leaves the places as they are");
        if Space::on(node) {
            return self.each_off(grid, &self.places_work, node, mode.cells, visit);
        }
        let mut places = std::mem::take(&mut self.places_work);
        let mut parents = std::mem::take(&mut self.parents);
        let stopped = self.each_on(
            grid,
            grid,
            &mut places,
            node,
            mode,
            &mut parents,
            #[inline(always)]
            |on, cause, _| visit(on, cause),
        );
        self.places_work = places;
        self.parents = parents;
        stopped
    }

    /// Hands `visit` each candidate an on node turns off, with its cause, in Sudoku Explainer's
    /// order: the cell's other candidates, then the digit's other places in the box, the row,
    /// the column, then on any diagonal through the cell (the places none of the others
    /// reported). `places` are the reduced grid's places. Stops as soon as `visit` returns
    /// `true`, and returns whether it did.
    #[inline(always)]
    fn each_off(
        &self,
        grid: &[u32],
        places: &[u32],
        p: u32,
        cells: bool,
        mut visit: impl FnMut(u32, u8) -> bool,
    ) -> bool {
        let space = self.space;
        let layout = &*self.layout;
        let stride = space.n + 1;
        let (cell, digit) = (space.cell(p), space.digit(p));
        let bit = 1u32 << digit;
        if cells {
            let mut others = grid[cell] & !bit;
            while others != 0 {
                let d = others.trailing_zeros() as u8;
                others &= others - 1;
                if visit(space.node(cell, d, false), CAUSE_CELL) {
                    return true;
                }
            }
        }
        let [row, column, boxed] = layout.row_column_region(cell);
        let [_, _, in_box] = layout.row_column_region_slots(cell);
        let [box_in_row, box_in_column] = layout.box_in_lines(cell);
        // The three units written out, not looped over: the loop cost more than its links.
        let v = &mut visit;
        if self.unit_offs(places, digit, boxed, 1u32 << in_box, CAUSE_BOX, v)
            || self.unit_offs(places, digit, row, box_in_row, CAUSE_ROW, v)
            || self.unit_offs(places, digit, column, box_in_column, CAUSE_COLUMN, v)
        {
            return true;
        }
        if !self.diagonals {
            return false;
        }
        for &unit in &layout.units_of(cell)[3..] {
            let mut others = places[stride * unit + digit as usize];
            let cells = layout.unit(unit);
            while others != 0 {
                let c = cells[others.trailing_zeros() as usize];
                others &= others - 1;
                let seen = layout.row_column_region(c);
                if [row, column, boxed].iter().zip(seen).all(|(&a, b)| a != b)
                    && visit(space.node(c, digit, false), CAUSE_DIAGONAL)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The unit links of [`Engine::each_off`] in one unit: `digit`'s places there but those
    /// in `skip`, each off.
    #[inline(always)]
    fn unit_offs(
        &self,
        places: &[u32],
        digit: u8,
        unit: usize,
        skip: u32,
        cause: u8,
        visit: &mut impl FnMut(u32, u8) -> bool,
    ) -> bool {
        let mut others = places[unit * (self.space.n + 1) + digit as usize] & !skip;
        let cells = self.layout.unit(unit);
        while others != 0 {
            let c = cells[others.trailing_zeros() as usize];
            others &= others - 1;
            if visit(self.space.node(c, digit, false), cause) {
                return true;
            }
        }
        false
    }

    /// Hands `visit` each candidate an off node turns on, with its cause and parents: the
    /// cell's last other candidate, then the digit's last other place in the box, the row, the
    /// column, any diagonal, each once (the first unit that turns it on). Candidates of
    /// `source` (the grid loaded) that `grid` lost are extra parents (dynamic chains);
    /// `parents` is scratch space for them. `places` are the reduced grid's places (the
    /// engine's own, handed in so a dynamic propagation can take the node off out of its units
    /// as it reads them). Stops as soon as `visit` returns `true`, and returns whether it did.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn each_on(
        &self,
        grid: &[u32],
        source: &[u32],
        places: &mut [u32],
        p: u32,
        mode: Mode,
        parents: &mut Vec<u32>,
        mut visit: impl FnMut(u32, u8, &[u32]) -> bool,
    ) -> bool {
        let space = self.space;
        let layout = &*self.layout;
        let (cell, digit) = (space.cell(p), space.digit(p));
        let bit = 1u32 << digit;
        let mut turned = Turned::default();
        if mode.cells && is_pair(grid[cell]) {
            let other = (grid[cell] & !bit).trailing_zeros() as u8;
            let on = space.node(cell, other, true);
            parents.clear();
            parents.push(p);
            let mut lost = source[cell] & !grid[cell];
            while lost != 0 {
                let d = lost.trailing_zeros() as u8;
                lost &= lost - 1;
                parents.push(space.node(cell, d, false));
            }
            if visit(on, CAUSE_CELL, parents) {
                return true;
            }
            turned.add(on);
        }
        if !mode.units {
            return false;
        }
        let [row, column, boxed] = layout.row_column_region(cell);
        let [in_row, in_column, in_box] = layout.row_column_region_slots(cell);
        // The three units written out, not looped over: the loop cost more than its links.
        let t = &mut turned;
        if let Some(on) = self.unit_to_on(places, p, digit, boxed, in_box, mode, t, parents)
            && visit(on, CAUSE_BOX, parents)
        {
            return true;
        }
        if let Some(on) = self.unit_to_on(places, p, digit, row, in_row, mode, t, parents)
            && visit(on, CAUSE_ROW, parents)
        {
            return true;
        }
        if let Some(on) = self.unit_to_on(places, p, digit, column, in_column, mode, t, parents)
            && visit(on, CAUSE_COLUMN, parents)
        {
            return true;
        }
        if self.diagonals {
            let units = &layout.units_of(cell)[3..];
            for (&unit, &slot) in units.iter().zip(&layout.slots(cell)[3..]) {
                if let Some(on) = self.unit_to_on(places, p, digit, unit, slot, mode, t, parents)
                    && visit(on, CAUSE_DIAGONAL, parents)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The unit link of [`Engine::each_on`] from `p`, off at `slot` of `unit`: its digit's last
    /// other place there, unless an earlier unit turned the same candidate on (`turned`, to
    /// which it is added), with its parents in `parents`: `p`, then the places of the digit in
    /// `unit` that the propagation removed. A dynamic propagation removes `p` from the unit's
    /// places here.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn unit_to_on(
        &self,
        places: &mut [u32],
        p: u32,
        digit: u8,
        unit: usize,
        slot: u8,
        mode: Mode,
        turned: &mut Turned,
        parents: &mut Vec<u32>,
    ) -> Option<u32> {
        let i = unit * (self.space.n + 1) + digit as usize;
        let bit = 1u32 << slot;
        let others = places[i] & !bit;
        if mode.dynamic {
            places[i] = others;
        }
        if !is_single(others) {
            return None;
        }
        let cells = self.layout.unit(unit);
        let on = self
            .space
            .node(cells[others.trailing_zeros() as usize], digit, true);
        if !turned.add(on) {
            return None;
        }
        parents.clear();
        parents.push(p);
        let mut lost = self.places_source[i] & !(others | bit);
        while lost != 0 {
            let c = cells[lost.trailing_zeros() as usize];
            lost &= lost - 1;
            parents.push(self.space.node(c, digit, false));
        }
        Some(on)
    }

    /// Everything that follows from `start` in `grid` (Sudoku Explainer's propagation: nodes on
    /// before nodes off, each queue first in first out), into `net`. Stops at the first node
    /// reached both on and off (`net.contradiction`). `rules` supplies the eliminations of the
    /// basic techniques (level 1 and up) when the links run out; it returns whether it added any.
    ///
    /// The net's lists of nodes on and off are the queues: a node joins its list when it is
    /// reached, and the lists are read in order.
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
        let (mut head_on, mut head_off) = (0, 0);
        let mut work = std::mem::take(&mut self.work);
        let mut places = std::mem::take(&mut self.places_work);
        let mut parents = std::mem::take(&mut self.parents);
        loop {
            if head_on < net.ons.len() {
                let p = net.ons[head_on];
                head_on += 1;
                let depth = net.child_depth(p);
                // The visits inlined (here and below): as calls, a fifth of the propagation.
                if self.each_off(
                    &work,
                    &places,
                    p,
                    mode.cells,
                    #[inline(always)]
                    |off, cause| net.reach(off, &[p], depth, cause),
                ) {
                    break;
                }
                continue;
            }
            if head_off < net.offs.len() {
                let p = net.offs[head_off];
                head_off += 1;
                let depth = net.child_depth(p);
                let contradicts = self.each_on(
                    &work,
                    grid,
                    &mut places,
                    p,
                    mode,
                    &mut parents,
                    #[inline(always)]
                    |on, cause, parents| net.reach(on, parents, depth, cause),
                );
                if contradicts {
                    break;
                }
                if mode.dynamic {
                    // Its places went as `each_on` read them.
                    work[self.space.cell(p)] &= !(1u32 << self.space.digit(p));
                }
                continue;
            }
            if mode.level > 0 {
                let before = net.offs.len();
                self.work = work;
                self.places_work = places;
                let added = rules(self, grid, net);
                work = std::mem::take(&mut self.work);
                places = std::mem::take(&mut self.places_work);
                if added && net.offs.len() > before {
                    continue;
                }
            }
            break;
        }
        self.work = work;
        self.places_work = places;
        self.parents = parents;
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

/// The candidates one node off turned on so far, so a later unit does not turn one on again:
/// at most its cell's other candidate and one in each unit.
#[derive(Default)]
struct Turned {
    nodes: [u32; crate::layout::MAX_UNITS_OF_CELL + 1],
    count: usize,
}

impl Turned {
    /// Adds `node`; whether it was new.
    #[inline(always)]
    fn add(&mut self, node: u32) -> bool {
        if self.nodes[..self.count].contains(&node) {
            return false;
        }
        self.nodes[self.count] = node;
        self.count += 1;
        true
    }
}

/// Whether the bit set `set` (bit `node`) holds `node`.
#[inline]
pub(super) fn holds(set: &[u64], node: u32) -> bool {
    set[node as usize >> 6] >> (node & 63) & 1 != 0
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
