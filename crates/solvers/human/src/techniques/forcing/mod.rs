//! Forcing chains as Sudoku Explainer finds and rates them: bidirectional cycles and forcing X-
//! and XY-chains, Nishio, multiple (cell and region), dynamic, dynamic (+) and nested forcing
//! chains.
//!
//! One engine ([`net`]) propagates an assumption (a candidate true or false) through Sudoku
//! Explainer's links; the finders differ only in its configuration, as Sudoku Explainer's
//! `Chaining(multiple, dynamic, nishio, level)` does:
//!
//! | finder | configuration | base |
//! |---|---|---|
//! | [`forcing_chain`] | static, one chain: X-cycles, Y-cycles, XY-cycles; forcing X- and XY-chains | 6.5 cycle (7.0 both link kinds), 6.6 X-chain, 7.0 chain |
//! | [`nishio`] | dynamic, one digit, contradictions only | 7.5 |
//! | [`multiple`] | static, cell and region forcing chains from cells of 3+ candidates | 8.0 |
//! | [`dynamic`] | dynamic: contradictions, double, cell and region forcing chains | 8.5 |
//! | [`dynamic_plus`] | dynamic, with the basic techniques applied inside each propagation | 9.0 |
//! | [`nested`] | dynamic, with forcing chains (then multiple forcing chains) nested inside | 9.5, 10.0 |
//!
//! Each finder returns its configuration's easiest hint: least rating, then least length (the
//! ancestor count of each chain's conclusion, summed over the hint's chains, nested chains
//! included), then Sudoku Explainer's order of kinds, then its scan order. The rating is the base
//! plus Sudoku Explainer's length increment (0.1 per step of the ladder 4, 6, 8, 12, 16, 24, ...
//! that the length minus 2 passes).
//!
//! Building chains (every link's reasons kept, for the lengths) is the cost, and most searches find
//! nothing. So each asks a cheaper question first, one whose "no" is certain, and builds chains
//! only where the answer is "maybe": the static searches read the [`closure`] of the static links
//! (a forcing chain starts only from an assumption that reaches its negation; a cell or region
//! forcing chain needs a node all its assumptions reach), and Nishio its digit's bit board
//! ([`plane`]). The results are the ones the full searches give: a test runs each search with every
//! question answered "maybe" and compares. A search is a function of the candidates, so its last
//! results are remembered by position: a rating's two solves often meet in the same position.

mod basic;
mod closure;
mod multiple;
mod nested;
mod net;
mod plane;
mod unary;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use sudoku_core::Geometry;
use sudoku_core::format::symbol;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, removals};
use crate::layout::Layout;
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;
use crate::techniques::unchanged::EVERY_DIGIT;

use multiple::{Config, Flat, Nets};
use net::{Engine, Net, difficulty};

/// One candidate assumed or concluded true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    cell: usize,
    digit: u8,
    on: bool,
}

/// What kind of forcing hint was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A loop of alternating links; `cells` and `units` name the link kinds used.
    Cycle { cells: bool, units: bool },
    /// A chain from a candidate to its own negation; without cell links it is an X-chain.
    Chain { cells: bool },
    /// Assuming the candidate on (or off) makes some candidate both on and off.
    Contradiction { cell: usize, digit: u8, on: bool },
    /// The candidate on and the candidate off lead to the same conclusion.
    Double { cell: usize, digit: u8 },
    /// Every candidate of the cell leads to the same conclusion.
    CellForcing { cell: usize },
    /// Every place of the digit in the unit leads to the same conclusion.
    RegionForcing { unit: usize, digit: u8 },
}

/// How Sudoku Explainer orders hints of one producer: rating, length, kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Key {
    difficulty: f64,
    complexity: u32,
    sort: u8,
}

impl Key {
    fn new(base: u32, complexity: u32, sort: u8) -> Key {
        Key {
            difficulty: difficulty(base, complexity),
            complexity,
            sort,
        }
    }

    /// Whether this hint comes strictly before `other` (ties keep the one found first).
    fn beats(self, other: Option<Key>) -> bool {
        let Some(other) = other else {
            return true;
        };
        if self.difficulty != other.difficulty {
            return self.difficulty < other.difficulty;
        }
        (self.complexity, self.sort) < (other.complexity, other.sort)
    }
}

/// A hint found by a search, before it becomes a step.
#[derive(Debug, PartialEq)]
pub(crate) struct Found {
    key: Key,
    kind: Kind,
    chains: Vec<Vec<Term>>,
    placed: Option<(usize, u8)>,
    eliminated: Vec<(usize, u8)>,
}

/// The pattern of one step of this family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Forcing {
    technique: Technique,
    kind: Kind,
    /// The technique's base rating in tenths (6.5 is 65).
    base: u32,
    /// Sudoku Explainer's length: the chains' ancestor counts summed.
    complexity: u32,
    /// 0 for static and plain dynamic chains, 1 for dynamic (+), 2 and up nested.
    level: u8,
    /// Each chain from its assumption to its conclusion, along first causes.
    chains: Vec<Vec<Term>>,
}

impl Forcing {
    pub(crate) fn technique(&self) -> Technique {
        self.technique
    }

    /// The step in words: the kind of chain, each chain as `r3c4=5 -> r3c8<>5 -> ...`, and what
    /// it concludes.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let term = |t: &Term| {
            format!(
                "{}{}{}",
                layout.cell_name(t.cell),
                if t.on { "=" } else { "<>" },
                symbol(t.digit)
            )
        };
        let chain = |c: &Vec<Term>| c.iter().map(term).collect::<Vec<_>>().join(" -> ");
        let chains = self.chains.iter().map(chain).collect::<Vec<_>>().join("; ");
        let conclusion = match step.placed {
            Some((cell, digit)) => {
                format!("places {} in {}", symbol(digit), layout.cell_name(cell))
            }
            None => removals(layout, &step.eliminated),
        };
        let name = self.name(layout);
        match self.kind {
            Kind::Cycle { .. } => {
                format!("{name}: {chains}; whichever way it runs, {conclusion}")
            }
            Kind::Chain { .. } => format!("{name}: {chains}, so {conclusion}"),
            Kind::Contradiction { .. } => {
                let last = |c: &Vec<Term>| c.last().map(term).unwrap_or_default();
                format!(
                    "{name}: {chains}; the assumption makes {} and {} both hold, so it is false: \
                     {conclusion}",
                    last(&self.chains[0]),
                    last(&self.chains[1])
                )
            }
            Kind::Double { .. } | Kind::CellForcing { .. } | Kind::RegionForcing { .. } => {
                format!("{name}: {chains}; every branch agrees, so {conclusion}")
            }
        }
    }

    /// Sudoku Explainer's name of the hint.
    fn name(&self, layout: &Layout) -> String {
        let prefix = match (self.technique, self.level) {
            (Technique::Nishio, _) => "Nishio ",
            (Technique::MultipleForcingChain, _) => "",
            _ => "dynamic ",
        };
        let suffix = match self.level {
            0 => String::new(),
            1 => " (+)".to_string(),
            2 => " (+ forcing chains)".to_string(),
            3 => " (+ multiple forcing chains)".to_string(),
            _ => " (+ dynamic forcing chains)".to_string(),
        };
        let cell = |c: usize| layout.cell_name(c);
        match self.kind {
            Kind::Cycle { cells, units } => match (cells, units) {
                (true, true) => "bidirectional cycle".to_string(),
                (true, false) => "bidirectional Y-cycle".to_string(),
                _ => "bidirectional X-cycle".to_string(),
            },
            Kind::Chain { cells: true } => "forcing chain".to_string(),
            Kind::Chain { cells: false } => "forcing X-chain".to_string(),
            Kind::Contradiction { cell: c, digit, on } => {
                let what = if self.technique == Technique::Nishio {
                    "forcing chains"
                } else {
                    "contradiction forcing chains"
                };
                format!(
                    "{prefix}{what}{suffix} from {}{}{}",
                    cell(c),
                    if on { "=" } else { "<>" },
                    symbol(digit)
                )
            }
            Kind::Double { cell: c, digit } => format!(
                "{prefix}double forcing chains{suffix} from {}={} and {}<>{}",
                cell(c),
                symbol(digit),
                cell(c),
                symbol(digit)
            ),
            Kind::CellForcing { cell: c } => {
                format!(
                    "{prefix}cell forcing chains{suffix} from each candidate of {}",
                    cell(c)
                )
            }
            Kind::RegionForcing { unit, digit } => format!(
                "{prefix}region forcing chains{suffix} from each place of {} in {}",
                symbol(digit),
                layout.unit_name(unit)
            ),
        }
    }

    /// Its rating on Sudoku Explainer's scale: the base plus the length increment.
    pub(crate) fn explainer(&self) -> f32 {
        difficulty(self.base, self.complexity) as f32
    }

    /// Its level and score on HoDoKu's scale: a nice loop or AIC for the cycles and single
    /// chains, a forcing chain for the static multiple kinds, a forcing net for dynamic ones.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        match self.technique {
            Technique::ForcingChain => HodokuStep::new(Level::Unfair, 280),
            Technique::MultipleForcingChain => HodokuStep::new(Level::Extreme, 500),
            _ => HodokuStep::new(Level::Extreme, 700),
        }
    }
}

/// The engine and nets of one board size, kept between calls so a search allocates nothing but
/// its result.
struct Cache {
    /// The layout the tables below were made for.
    layout: Arc<Layout>,
    engine: Engine,
    net: Net,
    nets: Nets,
    basic: basic::Basic,
    nested: nested::Nested,
}

#[cfg(test)]
thread_local! {
    /// Set by tests: the cheap questions (the closure's, Nishio's bit boards') answer "maybe"
    /// to every assumption, as the full searches they stand for would.
    static UNFILTERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the cheap questions are set aside: only ever in tests, which compare the searches
/// with and without them.
#[cfg(test)]
fn unfiltered() -> bool {
    UNFILTERED.with(std::cell::Cell::get)
}

#[cfg(not(test))]
#[inline(always)]
fn unfiltered() -> bool {
    false
}

thread_local! {
    static CACHE: RefCell<Option<Cache>> = const { RefCell::new(None) };
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The last searches' results by technique and position. A search is a function of the
/// board's geometry and its candidates alone, and a rating's solves in two orders often reach the same position and
/// run the same search there (on the hardest puzzles, every search past the basic techniques).
#[derive(Default)]
struct Memo {
    results: HashMap<(Technique, Arc<Geometry>, Vec<u32>), Option<Deduction>>,
}

/// Enough for every search of one rating; past it the memo starts again.
const MEMO_SIZE: usize = 512;

/// `search`'s result on `board` (the finder of `technique`), or the one it gave on the same
/// candidates before.
pub(crate) fn remembered(
    technique: Technique,
    board: &Board,
    search: impl FnOnce() -> Option<Deduction>,
) -> Option<Deduction> {
    let key = (
        technique,
        board.layout.geometry.clone(),
        board.cands.clone(),
    );
    if let Some(found) = MEMO.with(|memo| memo.borrow().results.get(&key).cloned()) {
        return found;
    }
    let found = search();
    MEMO.with(|memo| {
        let results = &mut memo.borrow_mut().results;
        if results.len() >= MEMO_SIZE {
            results.clear();
        }
        results.insert(key, found.clone());
    });
    found
}

fn with_cache<T>(layout: &Arc<Layout>, run: impl FnOnce(&mut Cache) -> T) -> T {
    CACHE.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot
            .as_ref()
            .is_none_or(|cache| !Arc::ptr_eq(&cache.layout, layout))
        {
            let engine = Engine::new(layout.clone());
            let net = engine.new_net();
            let nets = Nets::new(&engine);
            *slot = Some(Cache {
                layout: layout.clone(),
                engine,
                net,
                nets,
                basic: basic::Basic::new(layout),
                nested: nested::Nested::new(layout),
            });
        }
        run(slot.as_mut().expect("just filled"))
    })
}

fn step(technique: Technique, base: u32, level: u8, found: Found) -> Option<Deduction> {
    let pattern = Pattern::Forcing(Forcing {
        technique,
        kind: found.kind,
        base,
        complexity: found.key.complexity,
        level,
        chains: found.chains,
    });
    match found.placed {
        Some((cell, digit)) => Some(Deduction::placing(pattern, cell, digit)),
        None => Deduction::removing(pattern, found.eliminated),
    }
}

/// Sudoku Explainer's forcing chains and cycles: its easiest X-, Y- or XY-cycle or forcing X- or
/// XY-chain.
pub(crate) fn forcing_chain(board: &Board) -> Option<Deduction> {
    let found = with_cache(&board.layout, |cache| {
        unary::search(&mut cache.engine, &mut cache.net, &board.cands, None)
    })?;
    let base = match found.kind {
        Kind::Cycle { cells, units } => {
            if cells && units {
                70
            } else {
                65
            }
        }
        Kind::Chain { cells } => {
            if cells {
                70
            } else {
                66
            }
        }
        _ => unreachable!("a single chain or a cycle"),
    };
    step(Technique::ForcingChain, base, 0, found)
}

/// Runs one multiple or dynamic configuration on the board.
fn chaining(board: &Board, technique: Technique, config: Config) -> Option<Deduction> {
    let found = with_cache(&board.layout, |cache| {
        cache.search(&board.cands, config, None)
    })?;
    step(technique, config.base(), config.level, found)
}

impl Cache {
    /// One multiple or dynamic configuration's easiest hint in `grid`, or, with `all`, every
    /// hint it finds (into `all`).
    fn search(
        &mut self,
        grid: &[u32],
        config: Config,
        all: Option<&mut Vec<Found>>,
    ) -> Option<Found> {
        let Cache {
            engine,
            nets,
            basic,
            nested,
            ..
        } = self;
        if config.level == 0 {
            let mut none = |_: &mut Engine, _: &[u32], _: &mut Net| false;
            multiple::search(engine, nets, grid, config, &mut none, &mut Flat, all)
        } else {
            basic::search(engine, nets, basic, nested, grid, config, all)
        }
    }
}

/// Nishio forcing chains: one digit's consequences, assumed on or off, that contradict. Only
/// the digits in `read` are assumed (see [`super::unchanged`]).
pub(crate) fn nishio(board: &Board, read: u32) -> Option<Deduction> {
    let config = Config {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
        digits: read,
    };
    chaining(board, Technique::Nishio, config)
}

/// Multiple forcing chains: cell and region forcing chains over static links.
pub(crate) fn multiple(board: &Board) -> Option<Deduction> {
    let config = Config {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
        digits: EVERY_DIGIT,
    };
    chaining(board, Technique::MultipleForcingChain, config)
}

/// Dynamic forcing chains: contradictions, double, cell and region forcing chains.
pub(crate) fn dynamic(board: &Board) -> Option<Deduction> {
    let config = Config {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 0,
        digits: EVERY_DIGIT,
    };
    chaining(board, Technique::DynamicForcingChain, config)
}

/// Dynamic forcing chains (+): the basic techniques applied inside each propagation.
pub(crate) fn dynamic_plus(board: &Board) -> Option<Deduction> {
    let config = Config {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 1,
        digits: EVERY_DIGIT,
    };
    chaining(board, Technique::DynamicForcingChainPlus, config)
}

/// Nested forcing chains: forcing chains (level 2), then multiple forcing chains (level 3)
/// applied inside each propagation.
pub(crate) fn nested(board: &Board) -> Option<Deduction> {
    (2..=3).find_map(|level| {
        let config = Config {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
            digits: EVERY_DIGIT,
        };
        chaining(board, Technique::NestedForcingChain, config)
    })
}

#[cfg(test)]
mod tests;
