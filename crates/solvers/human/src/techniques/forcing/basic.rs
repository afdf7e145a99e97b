//! The techniques Sudoku Explainer applies inside a dynamic propagation when its links run out
//! (its "+" level): locked candidates (box–line), hidden pairs, naked pairs and X-Wings, in that
//! order, each scanned as Sudoku Explainer scans it. The first technique that finds a pattern
//! depending on the propagation's removals adds all such patterns' eliminations as nodes off,
//! each with the removals its pattern needed as parents; a pattern that needs no removal holds
//! in the position itself and is left out. Nested levels (2 and up) then try forcing chains
//! found in the reduced position ([`super::nested`]).
//!
//! Every pass reads each unit's places of each digit as bit sets, computed once per call, and
//! skips units where the propagation removed nothing (no pattern there can depend on it).

use std::cell::RefCell;

use super::Found;
use super::multiple::{self, Config, Flat, Nets};
use super::nested::{Cost, Nested, Records};
use super::net::{CAUSE_RULE, Engine, NONE, Net};
use crate::layout::Layout;

/// Scratch space and scan orders of the basic techniques for one board size.
pub(super) struct Basic {
    n: usize,
    /// The box–line crossings in each of Sudoku Explainer's four locking passes (box then
    /// column, box then row, column then box, row then box), by first unit then second.
    locking: [Vec<usize>; 4],
    /// Where each first unit's crossings start in each pass's list (`unit_count + 1` a pass):
    /// a pass's list is sorted by first unit, so a unit's crossings are one run of it.
    locking_starts: [Vec<u32>; 4],
    /// Each crossing's cells as positions within its box and within its line.
    segment_masks: Vec<(u32, u32)>,
    /// Per search: the empty cells of each unit, and how many cells hold each digit.
    empty: Vec<u32>,
    /// Per search: the digits still open in four rows or more, the only ones an X-Wing can
    /// have (the rows that have it placed have no place for it).
    fish_digits: u32,
    /// Per call: the digits the propagation removed somewhere in each unit (the places
    /// themselves are the engine's, kept as the propagation runs).
    changed: Vec<u32>,
    /// The same by digit: the units where the propagation removed each digit, as bits.
    changed_units: Vec<u128>,
    /// The pattern being emitted: its removable candidates (cell, digits) in the order Sudoku
    /// Explainer's pattern lists them, and its parents as nodes.
    pub(super) removable: Vec<(usize, u32)>,
    pub(super) parents: Vec<u32>,
    /// Nodes off to add: (node, first parent in `out_parents`, parent count, nested record).
    pub(super) out: Vec<(u32, u32, u32, u32)>,
    pub(super) out_parents: Vec<u32>,
}

impl Basic {
    pub(super) fn new(layout: &Layout) -> Basic {
        let n = layout.n;
        let position = |unit: usize, cells: &[usize]| -> u32 {
            cells
                .iter()
                .fold(0, |mask, &c| mask | 1 << layout.slot_in(c, unit))
        };
        let segment_masks = layout
            .segments()
            .iter()
            .map(|s| (position(s.region, &s.cells), position(s.line, &s.cells)))
            .collect();
        let all: Vec<usize> = (0..layout.segments().len()).collect();
        let pass = |columns: bool, box_first: bool| -> Vec<usize> {
            let mut order: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&s| (layout.segments()[s].line >= n) == columns)
                .collect();
            if box_first {
                order.sort_by_key(|&s| (layout.segments()[s].region, layout.segments()[s].line));
            } else {
                order.sort_by_key(|&s| (layout.segments()[s].line, layout.segments()[s].region));
            }
            order
        };
        let locking = [
            pass(true, true),
            pass(false, true),
            pass(true, false),
            pass(false, false),
        ];
        let locking_starts = std::array::from_fn(|p| {
            let first = |s: usize| {
                let segment = &layout.segments()[s];
                if p < 2 { segment.region } else { segment.line }
            };
            (0..=layout.unit_count())
                .map(|unit| locking[p].iter().filter(|&&s| first(s) < unit).count() as u32)
                .collect()
        });
        Basic {
            n,
            locking,
            locking_starts,
            segment_masks,
            empty: vec![0; layout.unit_count()],
            fish_digits: 0,
            changed: vec![0; layout.unit_count()],
            changed_units: vec![0; n + 1],
            removable: Vec::new(),
            parents: Vec::new(),
            out: Vec::new(),
            out_parents: Vec::new(),
        }
    }

    /// Reads what stays fixed during a search: empty cells per unit, digits an X-Wing can have.
    pub(super) fn begin(&mut self, layout: &Layout, source: &[u32]) {
        let n = self.n;
        for unit in 0..layout.unit_count() {
            self.empty[unit] = layout
                .unit(unit)
                .iter()
                .filter(|&&c| source[c] != 0)
                .count() as u32;
        }
        self.fish_digits = (1..=n)
            .filter(|&digit| {
                let open = (0..n)
                    .filter(|&row| {
                        layout
                            .unit(row)
                            .iter()
                            .any(|&c| source[c] & 1 << digit != 0)
                    })
                    .count();
                open >= 4
            })
            .fold(0, |set, digit| set | 1 << digit);
    }

    /// The eliminations of the first basic technique that has patterns depending on the
    /// propagation's removals (`work` against `source`), into `out`. Whether any was found.
    pub(super) fn find(&mut self, engine: &Engine, source: &[u32], net: &Net) -> bool {
        self.clear();
        let layout = &*engine.layout;
        let n = self.n;
        // The engine keeps each digit's places in both grids as the propagation runs.
        let (before, now) = engine.all_places();
        self.changed_units.fill(0);
        for unit in 0..layout.unit_count() {
            let base = unit * (n + 1);
            self.changed[unit] = 0;
            for d in 1..=n {
                if before[base + d] != now[base + d] {
                    self.changed[unit] |= 1 << d;
                    self.changed_units[d] |= 1 << unit;
                }
            }
        }
        self.locking(engine, source, net)
            || self.hidden_pairs(engine, source, net)
            || self.naked_pairs(engine, source, net)
            || self.x_wings(engine, source, net)
    }

    pub(super) fn clear(&mut self) {
        self.out.clear();
        self.out_parents.clear();
    }

    /// Emits the pattern in `removable` and `parents` unless it has no parents: its removable
    /// candidates, in the order Sudoku Explainer's hash map of cells yields them (by cell index
    /// modulo the table's size, 16 doubled while more than three quarters full), each digit
    /// ascending.
    pub(super) fn emit(&mut self, engine: &Engine, net: &Net, nested: u32) -> bool {
        if self.parents.is_empty() {
            return false;
        }
        debug_assert!(self.parents.iter().all(|&p| net.has(p)));
        let mut table = 16;
        while self.removable.len() * 4 > table * 3 {
            table *= 2;
        }
        self.removable.sort_by_key(|&(cell, _)| cell & (table - 1));
        let first = self.out_parents.len() as u32;
        let count = self.parents.len() as u32;
        self.out_parents.extend_from_slice(&self.parents);
        for &(cell, digits) in &self.removable {
            let mut digits = digits;
            while digits != 0 {
                let d = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                self.out
                    .push((engine.space.node(cell, d, false), first, count, nested));
            }
        }
        true
    }

    /// Locked candidates: a digit whose places in one unit all lie where it crosses another
    /// leaves the rest of the other. Parents: the digit's removed places in the first unit
    /// outside the crossing.
    fn locking(&mut self, engine: &Engine, source: &[u32], net: &Net) -> bool {
        let layout = &*engine.layout;
        let space = engine.space;
        let work = &engine.work;
        let mut any = false;
        // Read while patterns are emitted; put back at the end.
        let starts = std::mem::take(&mut self.locking_starts);
        for (pass, starts) in starts.iter().enumerate() {
            let box_first = pass < 2;
            for digit in 1..=self.n {
                let bit = 1u32 << digit;
                // Only the crossings of units where the propagation removed the digit, in the
                // pass's order (by first unit).
                let mut units = self.changed_units[digit];
                let crossings = std::iter::from_fn(|| {
                    (units != 0).then(|| {
                        let unit = units.trailing_zeros() as usize;
                        units &= units - 1;
                        starts[unit]..starts[unit + 1]
                    })
                });
                for i in crossings.flatten() {
                    let s = self.locking[pass][i as usize];
                    let segment = &layout.segments()[s];
                    let (box_mask, line_mask) = self.segment_masks[s];
                    let (first, second, first_mask, second_mask) = if box_first {
                        (segment.region, segment.line, box_mask, line_mask)
                    } else {
                        (segment.line, segment.region, line_mask, box_mask)
                    };
                    if self.changed[first] & bit == 0 {
                        continue;
                    }
                    let places = engine.places(first, digit as u8);
                    if places.count_ones() < 2 || places & !first_mask != 0 {
                        continue;
                    }
                    let mut rest = engine.places(second, digit as u8) & !second_mask;
                    if rest == 0 {
                        continue;
                    }
                    self.removable.clear();
                    let cells = layout.unit(second);
                    while rest != 0 {
                        let k = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        self.removable.push((cells[k], bit));
                    }
                    self.parents.clear();
                    for (k, &c) in layout.unit(first).iter().enumerate() {
                        if first_mask & 1 << k == 0 && source[c] & bit != 0 && work[c] & bit == 0 {
                            self.parents.push(space.node(c, digit as u8, false));
                        }
                    }
                    any |= self.emit(engine, net, NONE);
                }
            }
        }
        self.locking_starts = starts;
        any
    }

    /// Two digits with the same two places in a unit: those cells lose their other candidates.
    /// Parents: the two digits' removed places elsewhere in the unit.
    fn hidden_pairs(&mut self, engine: &Engine, source: &[u32], net: &Net) -> bool {
        let layout = &*engine.layout;
        let space = engine.space;
        let work = &engine.work;
        let n = self.n;
        let mut any = false;
        for unit in subset_units(layout) {
            if self.empty[unit] as usize <= 4 || self.changed[unit] == 0 {
                continue;
            }
            let cells = layout.unit(unit);
            for b in 2..=n {
                let pb = engine.places(unit, b as u8);
                if pb.count_ones() != 2 {
                    continue;
                }
                for a in 1..b {
                    let pair = 1u32 << a | 1 << b;
                    let pa = engine.places(unit, a as u8);
                    if self.changed[unit] & pair == 0 || pa.count_ones() < 2 || pa | pb != pb {
                        continue;
                    }
                    self.removable.clear();
                    let mut at = pb;
                    while at != 0 {
                        let k = at.trailing_zeros() as usize;
                        at &= at - 1;
                        let others = work[cells[k]] & !pair;
                        if others != 0 {
                            self.removable.push((cells[k], others));
                        }
                    }
                    if self.removable.is_empty() {
                        continue;
                    }
                    self.parents.clear();
                    for (k, &c) in cells.iter().enumerate() {
                        if pb & 1 << k == 0 {
                            for d in [a, b] {
                                if source[c] & 1 << d != 0 {
                                    self.parents.push(space.node(c, d as u8, false));
                                }
                            }
                        }
                    }
                    any |= self.emit(engine, net, NONE);
                }
            }
        }
        any
    }

    /// Two cells of a unit holding the same two digits: those leave the unit's other cells.
    /// Parents: the two cells' removed candidates.
    fn naked_pairs(&mut self, engine: &Engine, source: &[u32], net: &Net) -> bool {
        let layout = &*engine.layout;
        let space = engine.space;
        let work = &engine.work;
        let n = self.n;
        let mut any = false;
        for unit in subset_units(layout) {
            if (self.empty[unit] as usize) < 4 || self.changed[unit] == 0 {
                continue;
            }
            let cells = layout.unit(unit);
            for j in 1..n {
                let wj = work[cells[j]];
                if wj.count_ones() != 2 {
                    continue;
                }
                for i in 0..j {
                    if work[cells[i]] != wj {
                        continue;
                    }
                    let (x, y) = (cells[i], cells[j]);
                    if source[x] == wj && source[y] == wj {
                        continue;
                    }
                    self.removable.clear();
                    for &c in cells {
                        if c != x && c != y && work[c] & wj != 0 {
                            self.removable.push((c, work[c] & wj));
                        }
                    }
                    if self.removable.is_empty() {
                        continue;
                    }
                    self.parents.clear();
                    for c in [x, y] {
                        let mut lost = source[c] & !wj;
                        while lost != 0 {
                            let d = lost.trailing_zeros() as u8;
                            lost &= lost - 1;
                            self.parents.push(space.node(c, d, false));
                        }
                    }
                    any |= self.emit(engine, net, NONE);
                }
            }
        }
        any
    }

    /// A digit confined in two columns to the same two rows (then in two rows to two columns)
    /// leaves the rest of those lines. Parents: the digit's removed places in the two base
    /// lines outside the cover lines.
    fn x_wings(&mut self, engine: &Engine, source: &[u32], net: &Net) -> bool {
        let layout = &*engine.layout;
        let space = engine.space;
        let work = &engine.work;
        let n = self.n;
        let mut any = false;
        for (base_first, cover_first) in [(n, 0), (0, n)] {
            for j in 1..n {
                for i in 0..j {
                    let (bi, bj) = (base_first + i, base_first + j);
                    // The digits removed in either line that four or more lines still lack.
                    let mut digits = (self.changed[bi] | self.changed[bj]) & self.fish_digits;
                    while digits != 0 {
                        let digit = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        let bit = 1u32 << digit;
                        let (pa, pb) = (
                            engine.places(bi, digit as u8),
                            engine.places(bj, digit as u8),
                        );
                        let cover = pa | pb;
                        if pa.count_ones() < 2 || pb.count_ones() < 2 || cover.count_ones() != 2 {
                            continue;
                        }
                        let lines = 1u32 << i | 1 << j;
                        self.removable.clear();
                        let mut at = cover;
                        while at != 0 {
                            let k = at.trailing_zeros() as usize;
                            at &= at - 1;
                            let cells = layout.unit(cover_first + k);
                            let mut rest = engine.places(cover_first + k, digit as u8) & !lines;
                            while rest != 0 {
                                let l = rest.trailing_zeros() as usize;
                                rest &= rest - 1;
                                self.removable.push((cells[l], bit));
                            }
                        }
                        if self.removable.is_empty() {
                            continue;
                        }
                        self.parents.clear();
                        for base in [bi, bj] {
                            for (k, &c) in layout.unit(base).iter().enumerate() {
                                if cover & 1 << k == 0 && source[c] & bit != 0 && work[c] & bit == 0
                                {
                                    self.parents.push(space.node(c, digit as u8, false));
                                }
                            }
                        }
                        any |= self.emit(engine, net, NONE);
                    }
                }
            }
        }
        any
    }

    /// Adds the nodes in `out` that `net` does not hold yet, as Sudoku Explainer does (first
    /// pattern first), to `net` (whose nodes off are the propagation's queue). Whether any was
    /// added.
    pub(super) fn add(&self, net: &mut Net) -> bool {
        let mut added = false;
        for &(node, first, count, nested) in &self.out {
            if !net.has(node) {
                let parents = &self.out_parents[first as usize..(first + count) as usize];
                net.insert(node, parents, CAUSE_RULE, nested);
                added = true;
            }
        }
        added
    }
}

/// The units in Sudoku Explainer's order for subsets: boxes (or regions), columns, rows, then
/// any diagonals.
fn subset_units(layout: &Layout) -> impl Iterator<Item = usize> + '_ {
    let n = layout.n;
    (2 * n..3 * n)
        .chain(n..2 * n)
        .chain(0..n)
        .chain(layout.diagonals())
}

/// The easiest hint of a dynamic configuration with the basic techniques applied inside each
/// propagation (level 1), and nested forcing chains after them (levels 2 and 3).
pub(super) fn search(
    engine: &mut Engine,
    nets: &mut Nets,
    basic: &mut Basic,
    nested: &mut Nested,
    grid: &[u32],
    config: Config,
    all: Option<&mut Vec<Found>>,
) -> Option<Found> {
    basic.begin(&engine.layout, grid);
    let records: Records = RefCell::new(Vec::new());
    let level = config.level;
    let mut rules = |engine: &mut Engine, source: &[u32], net: &mut Net| {
        let found = basic.find(engine, source, net)
            || (level >= 2 && nested.find(engine, source, net, basic, level, &records));
        found && basic.add(net)
    };
    if level >= 2 {
        let mut cost = Cost::new(&records);
        multiple::search(engine, nets, grid, config, &mut rules, &mut cost, all)
    } else {
        multiple::search(engine, nets, grid, config, &mut rules, &mut Flat, all)
    }
}
