//! Forcing chains from every candidate of a cell, from every place of a digit in a unit, and
//! from both states of one candidate (Sudoku Explainer's `Chaining(multiple, dynamic, nishio,
//! level)` with multiple or dynamic set): contradictions (an assumption that makes some
//! candidate both true and false), double forcing chains (a candidate's two states agreeing on a
//! consequence), cell forcing chains and region forcing chains.
//!
//! Every assumption is propagated in full (the intersections need whole nets), each hint's
//! length is the sum of its chains' ancestor counts, and the easiest hint (rating, then length,
//! then kind, then Sudoku Explainer's scan order) is kept. A hint's length is bounded below by
//! its chains' depths, so most candidates are dismissed without counting ancestors.

use super::closure::Closure;
use super::net::{Engine, Mode, NONE, Net, Space, holds};
use super::unary::terms;
use super::{Found, Key, Kind};
use crate::deduction::digits;
use crate::layout::Layout;
use crate::techniques::unchanged::reads;

/// One of Sudoku Explainer's configurations of its chaining engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Config {
    pub(super) multiple: bool,
    pub(super) dynamic: bool,
    pub(super) nishio: bool,
    pub(super) level: u8,
    /// The digits whose candidates are assumed: every digit, but for Nishio, whose chains stay
    /// within one digit and so can skip those [`crate::techniques::unchanged`] shows barren.
    pub(super) digits: u32,
}

impl Config {
    /// The rating before length, in tenths.
    pub(super) fn base(self) -> u32 {
        if self.level > 0 {
            85 + 5 * self.level as u32
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }
}

/// The nets one search needs: each candidate's assumed on, and one for the candidate off.
pub(super) struct Nets {
    on: OnNets,
    off: Net,
}

impl Nets {
    pub(super) fn new(engine: &Engine) -> Nets {
        Nets {
            on: OnNets {
                pool: Vec::new(),
                slot: vec![NONE; engine.space.count() / 2],
                filled: Vec::new(),
            },
            off: engine.new_net(),
        }
    }
}

/// The net of each candidate assumed on, propagated once a search: a candidate is assumed on
/// for its cell and again for each unit where it is a place of its digit, and the position does
/// not change within a search, so each later use reads the first propagation.
struct OnNets {
    /// The nets, reused from search to search; the first `filled.len()` belong to this one.
    pool: Vec<Net>,
    /// Each candidate's net in `pool`, or `NONE`.
    slot: Vec<u32>,
    /// The candidates with a net, in the order they were propagated.
    filled: Vec<u32>,
}

impl OnNets {
    /// Forgets every net: a new search reads a new position.
    fn clear(&mut self) {
        for &candidate in &self.filled {
            self.slot[candidate as usize] = NONE;
        }
        self.filled.clear();
    }

    /// The index of `node`'s net (a node on), propagating it unless this search already did.
    fn propagate(
        &mut self,
        engine: &mut Engine,
        grid: &[u32],
        mode: Mode,
        node: u32,
        rules: &mut Rules,
    ) -> u32 {
        let candidate = node as usize >> 1;
        if self.slot[candidate] != NONE {
            return self.slot[candidate];
        }
        let index = self.filled.len();
        if index == self.pool.len() {
            self.pool.push(engine.new_net());
        }
        engine.propagate(grid, mode, &mut self.pool[index], node, rules);
        self.slot[candidate] = index as u32;
        self.filled.push(candidate as u32);
        index as u32
    }

    fn get(&self, index: u32) -> &Net {
        &self.pool[index as usize]
    }
}

/// The basic techniques (and nested chains) applied inside a propagation when its links run out:
/// `(engine, source grid, net) -> whether any were added` (as nodes off of the net).
pub(super) type Rules<'r> = dyn FnMut(&mut Engine, &[u32], &mut Net) -> bool + 'r;

/// The complexity the nested chains among the ancestors of `targets` add (each chain once).
pub(super) trait NestedCost {
    fn nested(&mut self, engine: &mut Engine, targets: &[(&Net, u32)]) -> u32;
}

/// No nesting: nothing added.
pub(super) struct Flat;

impl NestedCost for Flat {
    fn nested(&mut self, _: &mut Engine, _: &[(&Net, u32)]) -> u32 {
        0
    }
}

struct Search<'a> {
    grid: &'a [u32],
    /// Every hint, when collecting them all (nested chains) rather than the easiest.
    all: Option<&'a mut Vec<Found>>,
    config: Config,
    mode: Mode,
    best: Option<Found>,
    sort_base: u32,
    /// The nodes the nets of one offer all hold ([`common_members`]).
    common: Vec<u64>,
}

impl Search<'_> {
    /// Offers a hint whose chains end at `targets` (each in its own net), concluding `target`
    /// (on: placed; off: removed). `order` lists the chains' nets for the length.
    fn offer(
        &mut self,
        engine: &mut Engine,
        cost: &mut dyn NestedCost,
        targets: &[(&Net, u32)],
        target: u32,
        kind: Kind,
        sort: u8,
    ) {
        let space = engine.space;
        let lower: u32 = targets.iter().map(|&(net, node)| net.depth(node) + 1).sum();
        let best = self.best.as_ref().map(|b| b.key);
        let collecting = self.all.is_some();
        // Every hint of one search has the same base, and the rating grows with the length:
        // one longer than the best cannot beat it.
        if !collecting
            && (best.is_some_and(|best| lower > best.complexity)
                || !Key::new(self.sort_base, lower, sort).beats(best))
        {
            return;
        }
        let (cell, digit) = (space.cell(target), space.digit(target));
        let (placed, eliminated) = if Space::on(target) {
            if self.grid[cell] & !(1 << digit) == 0 {
                return;
            }
            (Some((cell, digit)), Vec::new())
        } else {
            (None, vec![(cell, digit)])
        };
        let mut complexity = 0;
        for &(net, node) in targets {
            complexity += engine.ancestors(net, node);
        }
        if self.config.level >= 2 {
            complexity += cost.nested(engine, targets);
        }
        let key = Key::new(self.sort_base, complexity, sort);
        if !collecting && !key.beats(best) {
            return;
        }
        let found = Found {
            key,
            kind,
            chains: targets
                .iter()
                .map(|&(net, node)| terms(space, &net.path(node)))
                .collect(),
            placed,
            eliminated,
        };
        match self.all.as_deref_mut() {
            Some(all) => all.push(found),
            None => self.best = Some(found),
        }
    }
}

/// The easiest hint of `config` in `grid`.
pub(super) fn search(
    engine: &mut Engine,
    nets: &mut Nets,
    grid: &[u32],
    config: Config,
    rules: &mut Rules,
    cost: &mut dyn NestedCost,
    all: Option<&mut Vec<Found>>,
) -> Option<Found> {
    let layout = engine.layout.clone();
    let space = engine.space;
    let mode = Mode {
        cells: !config.nishio,
        units: true,
        dynamic: config.dynamic,
        level: config.level,
    };
    let mut search = Search {
        grid,
        all,
        config,
        mode,
        best: None,
        sort_base: config.base(),
        common: Vec::new(),
    };
    let contradictions = config.dynamic || config.nishio;
    // Static nets reach no further than the closure: a cell or region whose assumptions reach
    // no common node has nothing to offer, so its nets are not propagated.
    let closure = (!config.dynamic).then(|| {
        engine.load(grid);
        let mut closure = std::mem::take(&mut engine.closure);
        closure.build(engine, grid);
        closure
    });
    // Nishio's nets stay within one digit: its bit boards tell which assumptions contradict,
    // and only those are propagated.
    let nishio: Option<Vec<(u128, u128)>> = config.nishio.then(|| {
        (0..=layout.n as u8)
            .map(|digit| engine.planes.places(grid, digit))
            .collect()
    });
    nets.on.clear();
    let mut values = Vec::with_capacity(layout.n);
    for cell in 0..layout.cell_count() {
        let count = grid[cell].count_ones();
        if !(count > 2 || (count > 1 && config.dynamic)) {
            continue;
        }
        if let Some(closure) = &closure
            && !super::unfiltered()
            && !may_force(closure, engine, grid, cell, config)
        {
            continue;
        }
        let doubles = count >= 3 && !config.nishio && config.dynamic;
        let mut digits = grid[cell];
        values.clear();
        while digits != 0 {
            let digit = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            if !reads(config.digits, digit) {
                continue;
            }
            let on = space.node(cell, digit, true);
            // A static search offers neither contradictions nor doubles: no net off needed.
            let (want_on, want_off) = match nishio.as_ref().filter(|_| !super::unfiltered()) {
                Some(places) => {
                    let places = places[digit as usize];
                    (
                        engine.planes.contradicts(places, cell, true),
                        engine.planes.contradicts(places, cell, false),
                    )
                }
                None => (true, contradictions || doubles),
            };
            let own = want_on.then(|| nets.on.propagate(engine, grid, search.mode, on, rules));
            if let Some(own) = own {
                values.push(own);
                let net = nets.on.get(own);
                if contradictions && let Some((a, b)) = net.contradiction {
                    let kind = Kind::Contradiction {
                        cell,
                        digit,
                        on: true,
                    };
                    search.offer(engine, cost, &[(net, a), (net, b)], on ^ 1, kind, 7);
                }
            }
            if want_off {
                engine.propagate(grid, search.mode, &mut nets.off, on ^ 1, rules);
                let off_net = &nets.off;
                if contradictions && let Some((a, b)) = off_net.contradiction {
                    let kind = Kind::Contradiction {
                        cell,
                        digit,
                        on: false,
                    };
                    search.offer(engine, cost, &[(off_net, a), (off_net, b)], on, kind, 7);
                }
                if doubles && let Some(own) = own {
                    let both = [nets.on.get(own), off_net].into_iter();
                    let kind = Kind::Double { cell, digit };
                    offer_shared(engine, both, &mut search, cost, kind, 1);
                }
            }
            if !config.nishio
                && let Some(own) = own
            {
                regions(
                    engine,
                    &mut nets.on,
                    own,
                    cell,
                    digit,
                    &mut search,
                    rules,
                    cost,
                );
            }
        }
        if !config.nishio && (count == 2 || (config.multiple && count > 2)) {
            let kind = Kind::CellForcing { cell };
            offer_common(engine, &nets.on, &values, &mut search, cost, kind, 5);
        }
    }
    if let Some(closure) = closure {
        engine.closure = closure;
    }
    search.best
}

/// Whether a static search can find anything from `cell`: a cell forcing chain (when the
/// configuration has them) or a region forcing chain from a unit whose first place it is, each
/// needing a node that all its assumptions reach.
fn may_force(
    closure: &Closure,
    engine: &Engine,
    grid: &[u32],
    cell: usize,
    config: Config,
) -> bool {
    let (layout, space) = (&*engine.layout, engine.space);
    let candidates = grid[cell];
    if config.multiple
        && closure.reached_by_all(digits(candidates).map(|d| space.node(cell, d, true)))
    {
        return true;
    }
    digits(candidates).any(|digit| {
        layout.units_of(cell).iter().copied().any(|unit| {
            let places = places_of(layout, grid, unit, digit);
            places.count_ones() >= 2
                && first_place(layout, unit, places) == cell
                && closure.reached_by_all(
                    cells_of(layout, unit, places).map(|c| space.node(c, digit, true)),
                )
        })
    })
}

/// The places of `digit` in `unit` as a set of the unit's positions (bit `k` for its `k`th
/// cell).
fn places_of(layout: &Layout, grid: &[u32], unit: usize, digit: u8) -> u32 {
    layout
        .unit(unit)
        .iter()
        .enumerate()
        .filter(|&(_, &c)| grid[c] & 1 << digit != 0)
        .fold(0, |set, (k, _)| set | 1 << k)
}

/// The cell of the first of `places` (not empty) in `unit`.
fn first_place(layout: &Layout, unit: usize, places: u32) -> usize {
    layout.unit(unit)[places.trailing_zeros() as usize]
}

/// The cells of `places` in `unit`, in the unit's order.
fn cells_of(layout: &Layout, unit: usize, places: u32) -> impl Iterator<Item = usize> + '_ {
    let cells = layout.unit(unit);
    digits(places).map(|k| cells[k as usize])
}

/// Region forcing chains for `digit` from `cell`, the first of its places in each unit.
#[allow(clippy::too_many_arguments)]
fn regions(
    engine: &mut Engine,
    nets: &mut OnNets,
    own: u32,
    cell: usize,
    digit: u8,
    search: &mut Search,
    rules: &mut Rules,
    cost: &mut dyn NestedCost,
) {
    let layout = engine.layout.clone();
    let space = engine.space;
    let grid = search.grid;
    for unit in layout.explainer_units(cell) {
        let places = places_of(&layout, grid, unit, digit);
        if places.count_ones() < 2 || first_place(&layout, unit, places) != cell {
            continue;
        }
        // The nets of every place, the first (this cell's) already propagated. A unit's places
        // fit a `u32`, so the array holds them all.
        let mut indexes = [own; 32];
        for (k, other) in cells_of(&layout, unit, places & (places - 1)).enumerate() {
            let start = space.node(other, digit, true);
            indexes[k + 1] = nets.propagate(engine, grid, search.mode, start, rules);
        }
        let indexes = &indexes[..places.count_ones() as usize];
        let kind = Kind::RegionForcing { unit, digit };
        offer_common(engine, nets, indexes, search, cost, kind, 6);
    }
}

/// Offers each node that every net of `indexes` reaches, in the order the first reached them,
/// as a hint of `kind` whose chains end there (cell and region forcing chains).
fn offer_common(
    engine: &mut Engine,
    nets: &OnNets,
    indexes: &[u32],
    search: &mut Search,
    cost: &mut dyn NestedCost,
    kind: Kind,
    sort: u8,
) {
    let each = indexes.iter().map(|&i| nets.get(i));
    offer_shared(engine, each, search, cost, kind, sort);
}

/// Offers each node that all of `nets` reach, in the order the first reached them, as a hint
/// of `kind` whose chains end there (double, cell and region forcing chains).
fn offer_shared<'n>(
    engine: &mut Engine,
    nets: impl Iterator<Item = &'n Net> + Clone,
    search: &mut Search,
    cost: &mut dyn NestedCost,
    kind: Kind,
    sort: u8,
) {
    let mut common = std::mem::take(&mut search.common);
    if common_members(nets.clone(), &mut common)
        && let Some(first) = nets.clone().next()
    {
        let mut targets: Vec<(&Net, u32)> = Vec::new();
        for &p in first.ons.iter().chain(&first.offs) {
            if holds(&common, p) {
                targets.clear();
                targets.extend(nets.clone().map(|net| (net, p)));
                search.offer(engine, cost, &targets, p, kind, sort);
            }
        }
    }
    search.common = common;
}

/// The nodes every one of `nets` holds, into `common` as a bit set (one AND a word, where
/// testing each node of the first net in the others took a look-up a net and node); whether
/// there is any. Most cells' and regions' nets have none in common.
fn common_members<'n>(mut nets: impl Iterator<Item = &'n Net>, common: &mut Vec<u64>) -> bool {
    common.clear();
    if let Some(first) = nets.next() {
        common.extend_from_slice(first.members());
    }
    for net in nets {
        for (word, &other) in common.iter_mut().zip(net.members()) {
            *word &= other;
        }
    }
    common.iter().any(|&word| word != 0)
}
