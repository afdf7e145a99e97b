//! Nested forcing chains (Sudoku Explainer's levels 2 and 3): inside each dynamic propagation,
//! when neither the links nor the basic techniques add anything, the forcing chains and cycles
//! of the reduced position (level 2), then its static multiple forcing chains (level 3), are
//! found, every one of them, easiest first; each that depends on the propagation's removals
//! adds its eliminations as nodes off. Their parents are the removals its links needed (the
//! removed candidates of the cell or unit behind each link that leaves one candidate or one
//! place), and each node keeps a record of the nested chain, whose length is added once to the
//! length of any hint built on it.

use std::cell::RefCell;
use std::sync::Arc;

use super::basic::Basic;
use super::multiple::{self, Config, Flat, NestedCost, Nets};
use super::net::{Engine, Net};
use super::unary;
use super::{Found, Kind, Term};
use crate::techniques::unchanged::EVERY_DIGIT;

/// A nested chain one propagation used: its length and a fingerprint of its chains (the same
/// chain found in two propagations counts once).
pub(super) struct Record {
    complexity: u32,
    fingerprint: u64,
}

/// The nested chains of one search.
pub(super) type Records = RefCell<Vec<Record>>;

/// Scratch space for the searches run inside propagations.
pub(super) struct Nested {
    engine: Engine,
    net: Net,
    nets: Nets,
    grid: Vec<u32>,
    hints: Vec<Found>,
    fingerprints: Vec<u64>,
}

impl Nested {
    pub(super) fn new(layout: &Arc<crate::layout::Layout>) -> Nested {
        let engine = Engine::new(layout.clone());
        let net = engine.new_net();
        let nets = Nets::new(&engine);
        Nested {
            engine,
            net,
            nets,
            grid: vec![0; layout.cell_count()],
            hints: Vec::new(),
            fingerprints: Vec::new(),
        }
    }

    /// The nested chains of the position `outer` has reduced `source` to, as nodes off in
    /// `basic.out`: forcing chains and cycles, then (level 3) multiple forcing chains. Whether
    /// any was found.
    pub(super) fn find(
        &mut self,
        outer: &Engine,
        source: &[u32],
        net: &Net,
        basic: &mut Basic,
        level: u8,
        records: &Records,
    ) -> bool {
        basic.clear();
        self.grid.copy_from_slice(&outer.work);
        self.hints.clear();
        unary::search(
            &mut self.engine,
            &mut self.net,
            &self.grid,
            Some(&mut self.hints),
        );
        if self.emit_all(outer, source, net, basic, records) {
            return true;
        }
        if level < 3 {
            return false;
        }
        self.hints.clear();
        let config = Config {
            multiple: true,
            dynamic: false,
            nishio: false,
            level: 0,
            digits: EVERY_DIGIT,
        };
        let mut none = |_: &mut Engine, _: &[u32], _: &mut Net| false;
        multiple::search(
            &mut self.engine,
            &mut self.nets,
            &self.grid,
            config,
            &mut none,
            &mut Flat,
            Some(&mut self.hints),
        );
        self.emit_all(outer, source, net, basic, records)
    }

    /// Emits every hint found that depends on the outer propagation's removals, easiest first
    /// (rating, length, kind; the search's order among equals).
    fn emit_all(
        &mut self,
        outer: &Engine,
        source: &[u32],
        net: &Net,
        basic: &mut Basic,
        records: &Records,
    ) -> bool {
        self.hints.sort_by(|a, b| {
            a.key
                .difficulty
                .total_cmp(&b.key.difficulty)
                .then((a.key.complexity, a.key.sort).cmp(&(b.key.complexity, b.key.sort)))
        });
        self.fingerprints.clear();
        let mut any = false;
        for hint in &self.hints {
            let fingerprint = fingerprint(hint);
            if self.fingerprints.contains(&fingerprint) {
                continue;
            }
            self.fingerprints.push(fingerprint);
            basic.parents.clear();
            rule_parents(outer, source, &self.grid, hint, &mut basic.parents);
            if basic.parents.is_empty() {
                continue;
            }
            basic.removable.clear();
            match hint.placed {
                Some((cell, digit)) => {
                    basic
                        .removable
                        .push((cell, self.grid[cell] & !(1 << digit)));
                }
                None => {
                    for &(cell, digit) in &hint.eliminated {
                        match basic.removable.last_mut() {
                            Some((c, digits)) if *c == cell => *digits |= 1 << digit,
                            _ => basic.removable.push((cell, 1 << digit)),
                        }
                    }
                }
            }
            let mut records = records.borrow_mut();
            let record = records.len() as u32;
            records.push(Record {
                complexity: hint.key.complexity,
                fingerprint,
            });
            any |= basic.emit(outer, net, record);
        }
        any
    }
}

/// A fingerprint of a hint's chains and conclusion.
fn fingerprint(hint: &Found) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |value: u64| {
        hash ^= value;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    for chain in &hint.chains {
        mix(u64::MAX);
        for term in chain {
            mix(((term.cell as u64) << 8 | term.digit as u64) << 1 | term.on as u64);
        }
    }
    if let Some((cell, digit)) = hint.placed {
        mix((cell as u64) << 8 | digit as u64);
    }
    for &(cell, digit) in &hint.eliminated {
        mix((cell as u64) << 8 | digit as u64 | 1 << 40);
    }
    hash
}

/// The removals a nested hint needs (Sudoku Explainer's rule parents): for each link of its
/// chains that leaves one candidate in a cell or one place in a unit, the candidates of that
/// cell, or that digit's places in that unit, that `grid` lost against `source`. A cycle runs
/// both ways, so every link of it counts; a chain's links to candidates turned on count; a
/// cell or region forcing chain's assumptions count as the cell's or the region's.
fn rule_parents(outer: &Engine, source: &[u32], grid: &[u32], hint: &Found, into: &mut Vec<u32>) {
    let layout = &*outer.layout;
    let space = outer.space;
    let mut add = |node: u32| {
        if !into.contains(&node) {
            into.push(node);
        }
    };
    let cell_cause = |cell: usize, add: &mut dyn FnMut(u32)| {
        let mut lost = source[cell] & !grid[cell];
        while lost != 0 {
            let d = lost.trailing_zeros() as u8;
            lost &= lost - 1;
            add(space.node(cell, d, false));
        }
    };
    let unit_cause = |unit: usize, digit: u8, add: &mut dyn FnMut(u32)| {
        let bit = 1u32 << digit;
        for &c in layout.unit(unit) {
            if source[c] & bit != 0 && grid[c] & bit == 0 {
                add(space.node(c, digit, false));
            }
        }
    };
    let cycle = matches!(hint.kind, Kind::Cycle { .. });
    for chain in &hint.chains {
        for i in (0..chain.len()).rev() {
            let term: Term = chain[i];
            if !cycle && !term.on {
                continue;
            }
            if i == 0 {
                match hint.kind {
                    Kind::CellForcing { cell } => cell_cause(cell, &mut add),
                    Kind::RegionForcing { unit, digit } => unit_cause(unit, digit, &mut add),
                    _ => {}
                }
                continue;
            }
            let previous = chain[i - 1];
            if previous.cell == term.cell {
                cell_cause(term.cell, &mut add);
                continue;
            }
            let bit = 1u32 << term.digit;
            let unit = layout.explainer_units(term.cell).find(|&unit| {
                layout.unit(unit).contains(&previous.cell)
                    && (!term.on
                        || layout
                            .unit(unit)
                            .iter()
                            .filter(|&&c| grid[c] & bit != 0)
                            .count()
                            == 2)
            });
            if let Some(unit) = unit {
                unit_cause(unit, term.digit, &mut add);
            }
        }
    }
}

/// The length nested chains add to a hint: each distinct chain among its conclusions'
/// ancestors once.
pub(super) struct Cost<'r> {
    pub(super) records: &'r Records,
    found: Vec<u32>,
    fingerprints: Vec<u64>,
}

impl<'r> Cost<'r> {
    pub(super) fn new(records: &'r Records) -> Cost<'r> {
        Cost {
            records,
            found: Vec::new(),
            fingerprints: Vec::new(),
        }
    }
}

impl NestedCost for Cost<'_> {
    fn nested(&mut self, engine: &mut Engine, targets: &[(&Net, u32)]) -> u32 {
        self.found.clear();
        for &(net, node) in targets {
            engine.nested_among(net, node, &mut self.found);
        }
        let records = self.records.borrow();
        self.fingerprints.clear();
        let mut added = 0;
        for &record in &self.found {
            let record = &records[record as usize];
            if !self.fingerprints.contains(&record.fingerprint) {
                self.fingerprints.push(record.fingerprint);
                added += record.complexity;
            }
        }
        added
    }
}
