//! Chains over candidates, as HoDoKu finds them: remote pairs, X-chains, XY-chains, and
//! alternating inference chains with their nice loops, grouped or not.
//!
//! A chain is a sequence of candidates joined by links. A **strong** link (`=`) joins two
//! candidates of which at least one is true: a digit's only two places in a unit (a conjugate
//! pair), or the two digits of a cell that has only two. A **weak** link (`-`) joins two
//! candidates of which at most one is true: one digit in two cells that see each other, or two
//! digits of one cell. Links alternate along a chain, so if its first candidate is false its
//! last is true (both ends strong), or if its first is true its last is false (both ends weak).
//!
//! - **Remote pair**: four or more cells holding the same two digits, each seeing the next. The
//!   cells alternate between the digits, so two of them an odd number of links apart hold both
//!   digits between them, and a cell that sees both loses both.
//! - **X-chain**: one digit, strong links conjugate pairs, weak links any two places that see
//!   each other, strong at both ends: one end holds the digit, so a cell seeing both loses it.
//! - **XY-chain**: bivalue cells, strong inside each cell, weak between cells on a shared digit,
//!   both ends the same digit z: cells seeing both ends lose z.
//! - **Alternating inference chain** over every candidate, and its loops. A chain from a
//!   candidate back to its own cell is a nice loop: *discontinuous* when it proves something of
//!   its start (the candidate leads to its own removal; its removal leads to itself, so it is
//!   true; or one digit of the cell forces another, so it is false), *continuous* when it
//!   closes consistently, and then every weak link of the loop has exactly one true end, so
//!   cells seeing both ends lose that digit, and a cell the loop enters and leaves by strong
//!   links on two digits holds one of them. An open chain strong at both ends removes its digit
//!   from cells seeing both ends (same digit), or, when the ends see each other with different
//!   digits, each end's digit from the other end's cell. Grouped nodes (a digit's two or three
//!   places where a box crosses a line, taken together) join the chains when nothing ungrouped
//!   is found.
//!
//! # What is found first
//! As HoDoKu: every chain of the kind is found (X- and XY-chains and remote pairs up to 20
//! nodes, a cell of an XY-chain counting two; alternating inference chains without a bound,
//! breadth-first from every candidate, true and false, as HoDoKu's implication tables), each
//! set of eliminations kept with its shortest chain, and the step removing most candidates is
//! taken; ties go to the smaller weighted index sum of HoDoKu's step order (its candidates
//! sorted by digit, then cell), then to the shorter chain, then to the first found. A chain
//! through the same cell twice (a lasso) is not a chain. The link graph is built once per call
//! and searched breadth-first, so each candidate's chains are found shortest first.
//!
//! # Cost
//! Searching from every candidate, true and false, costs a breadth-first search per premise,
//! yet almost none finds anything. So before the searches a table of what each state leads to
//! is made ([`Reach`]: one pass of Tarjan's algorithm over the graph, a row of bits a strongly
//! connected component), and a premise is searched only if a state more than two links away
//! could end a chain from it: a candidate of its own cell, or (from a false premise) a true
//! candidate whose open chain would remove enough. From a true premise the other candidates of
//! its cell need no looking at: each link's contrapositive is a link too, so they are as far as
//! its own false state is from theirs, which their false premises' searches already looked for.
//! The grouped graph adds its nodes to a copy of the plain one. Skipping premises would change
//! what the work budget counts, so a search that could use up the budget (every premise
//! following every edge) skips nothing: that never happens on 9×9 boards.
//!
//! # Ratings
//! HoDoKu: remote pair hard 110; X-chain and XY-chain unfair 260; nice loop or AIC unfair 280,
//! grouped 300. Sudoku Explainer has none of these; it rates the same deduction as its forcing
//! chain (a candidate's assumption leading to its negation) or its cycle (a continuous loop):
//! 6.6 for a chain of single-digit links only (6.5 a cycle, also of cell links only), 7.0 with
//! both kinds, plus its length increment (+0.1 past 4, 6, 8, 12, 16, 24, … potentials, counted
//! as it counts them). Grouped nodes are beyond its simple chains: it would need a multiple
//! forcing chain, 8.0 plus the same increment.

use sudoku_core::Segment;
use sudoku_core::format::symbol;

use crate::board::Board;
use crate::deduction::{Deduction, Pattern, digits, removals};
use crate::layout::{Layout, MAX_UNITS_OF_CELL};
use crate::rating::{HodokuStep, Level};
use crate::technique::Technique;
use crate::techniques::unchanged::reads;

/// HoDoKu's longest X-chain, XY-chain or remote pair, in nodes (each cell of an XY-chain or a
/// remote pair is two nodes).
const CHAIN_MAX_NODES: usize = 20;

/// Edges the alternating-inference search may follow in one call (the breadth-first searches
/// from every premise, as if none were skipped): never reached on 9×9 boards (a few million at
/// most); it keeps the largest boards, whose tables are far bigger, bounded.
const AIC_WORK_LIMIT: usize = 40_000_000;

/// States above which the alternating-inference search does without [`Reach`] (its rows grow
/// with the square of the states): never on 9×9 boards, whose graphs stay below 2,500.
const REACH_MAX_STATES: usize = 4096;

/// The search budget of remote pairs (nodes visited in one call).
const PAIR_WORK_LIMIT: usize = 200_000;

const NONE: u32 = u32::MAX;

/// The most cells a grouped node holds: the width of the largest box (25×25).
const NODE_CELLS: usize = 5;

/// The kind of chain a step follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    RemotePair,
    XChain,
    XyChain,
    /// A discontinuous nice loop.
    Discontinuous(Ending),
    ContinuousLoop,
    Aic,
}

/// What a discontinuous nice loop proves of its first cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The candidate leads to its own removal (weak links at both ends).
    Removes,
    /// The candidate's removal leads to itself: it is true (strong links at both ends).
    Holds,
    /// One digit of the cell forces another: the first is false.
    Excludes,
}

/// One node of a chain: a candidate, or a grouped node (a digit's places in one box and line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    cells: [u16; NODE_CELLS],
    size: u8,
    digit: u8,
}

impl Node {
    fn single(cell: usize, digit: u8) -> Node {
        Node {
            cells: [cell as u16, 0, 0, 0, 0],
            size: 1,
            digit,
        }
    }

    fn first(&self) -> usize {
        self.cells[0] as usize
    }

    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..self.size as usize].iter().map(|&c| c as usize)
    }

    /// `r3c4=5`, or `r1c12=5` for a group.
    fn name(&self, layout: &Layout) -> String {
        let n = layout.n;
        let d = symbol(self.digit);
        if self.size == 1 {
            return format!("{}={d}", layout.cell_name(self.first()));
        }
        let sep = if n > 9 { "," } else { "" };
        let join = |values: Vec<usize>| {
            values
                .iter()
                .map(|v| (v + 1).to_string())
                .collect::<Vec<_>>()
                .join(sep)
        };
        let rows: Vec<usize> = self.cells().map(|c| c / n).collect();
        let cols: Vec<usize> = self.cells().map(|c| c % n).collect();
        if rows.iter().all(|&r| r == rows[0]) {
            format!("r{}c{}={d}", rows[0] + 1, join(cols))
        } else {
            format!("r{}c{}={d}", join(rows), cols[0] + 1)
        }
    }
}

/// The pattern of one step of this family: the chain, as written from its first node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chain {
    kind: Kind,
    grouped: bool,
    nodes: Vec<Node>,
    /// `strong[i]`: whether the link from `nodes[i]` to `nodes[i + 1]` is strong.
    strong: Vec<bool>,
    /// Sudoku Explainer's rating of the same deduction, in tenths.
    explainer_tenths: u16,
}

impl Chain {
    pub(crate) fn technique(&self) -> Technique {
        match self.kind {
            Kind::RemotePair => Technique::RemotePair,
            Kind::XChain => Technique::XChain,
            Kind::XyChain => Technique::XyChain,
            _ => Technique::Aic,
        }
    }

    /// The chain written as HoDoKu and Sudoku Explainer write it: `r3c4=5 - r3c8=5 = r7c8=5`.
    fn written(&self, layout: &Layout) -> String {
        let mut text = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                text.push_str(if self.strong[i - 1] { " = " } else { " - " });
            }
            text.push_str(&node.name(layout));
        }
        text
    }

    /// The step in words.
    pub(crate) fn describe(&self, before: &Board, step: &Deduction) -> String {
        let layout = &*before.layout;
        let removes = removals(layout, &step.eliminated);
        let chain = self.written(layout);
        let grouped = if self.grouped { "grouped " } else { "" };
        let first = self.nodes[0];
        let last = self.nodes[self.nodes.len() - 1];
        let both_ends = |name: &str| {
            format!(
                "{name} {chain}: one of its ends is {}, so cells seeing both lose it: {removes}",
                symbol(first.digit)
            )
        };
        match self.kind {
            Kind::RemotePair => {
                let other = self.nodes[1].digit;
                let cells: Vec<String> = self
                    .nodes
                    .iter()
                    .map(|node| layout.cell_name(node.first()))
                    .collect();
                format!(
                    "remote pair {a}/{b}: {} each hold only {a} and {b} and see the next, so they \
                     alternate between them, and a cell seeing two an odd number of links apart \
                     loses both: {removes}",
                    cells.join(" - "),
                    a = symbol(first.digit),
                    b = symbol(other),
                )
            }
            Kind::XChain => both_ends("X-Chain"),
            Kind::XyChain => both_ends("XY-Chain"),
            Kind::Aic if first.digit == last.digit => both_ends(&format!("{grouped}AIC")),
            Kind::Aic => format!(
                "{grouped}AIC {chain}: {} is {} or {} is {}, and the two cells see each other: \
                 {removes}",
                layout.cell_name(first.first()),
                symbol(first.digit),
                layout.cell_name(last.first()),
                symbol(last.digit)
            ),
            Kind::ContinuousLoop => format!(
                "{grouped}continuous nice loop {chain}: the loop closes, so one end of each of \
                 its weak links is true and cells seeing both ends lose that digit, and a cell \
                 it enters and leaves by strong links holds one of those two digits: {removes}"
            ),
            Kind::Discontinuous(ending) => {
                let cell = layout.cell_name(first.first());
                let reason = match ending {
                    Ending::Removes => {
                        format!("{} in {cell} would remove itself", symbol(first.digit))
                    }
                    Ending::Holds => format!(
                        "without {d}, {cell} would need {d}, so it holds {d}",
                        d = symbol(first.digit)
                    ),
                    Ending::Excludes => {
                        let (gone, kept) = match step.eliminated.first() {
                            Some(&(_, d)) if d == last.digit => (last.digit, first.digit),
                            _ => (first.digit, last.digit),
                        };
                        format!(
                            "{} in {cell} would force {} into the same cell",
                            symbol(gone),
                            symbol(kept)
                        )
                    }
                };
                format!("{grouped}discontinuous nice loop {chain}: {reason}: {removes}")
            }
        }
    }

    /// Its rating on Sudoku Explainer's scale.
    pub(crate) fn explainer(&self) -> f32 {
        f32::from(self.explainer_tenths) / 10.0
    }

    /// Its level and score on HoDoKu's scale.
    pub(crate) fn hodoku(&self) -> HodokuStep {
        match self.kind {
            Kind::RemotePair => HodokuStep::new(Level::Hard, 110),
            Kind::XChain | Kind::XyChain => HodokuStep::new(Level::Unfair, 260),
            _ if self.grouped => HodokuStep::new(Level::Unfair, 300),
            _ => HodokuStep::new(Level::Unfair, 280),
        }
    }
}

/// Sudoku Explainer's length increment, in tenths, for a chain of `complexity` potentials:
/// a tenth past 4, 6, 8, 12, 16, 24, 32, … (the bound grows by 3/2 and 4/3 in turn).
fn length_increment(complexity: usize) -> u16 {
    crate::rating::length_tenths(complexity) as u16
}

// ---------------------------------------------------------------------------------------------
// Cell sets and the geometry kept as cell sets.

const WORDS: usize = 10;

/// A set of cells (up to 640), one bit a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cells([u64; WORDS]);

impl Cells {
    const EMPTY: Cells = Cells([0; WORDS]);

    #[inline]
    fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1 << (cell & 63);
    }

    #[inline]
    fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1 << (cell & 63));
    }

    #[inline]
    fn contains(&self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 != 0
    }

    #[inline]
    fn and(mut self, other: &Cells) -> Cells {
        for (word, o) in self.0.iter_mut().zip(&other.0) {
            *word &= o;
        }
        self
    }

    #[inline]
    fn or(mut self, other: &Cells) -> Cells {
        for (word, o) in self.0.iter_mut().zip(&other.0) {
            *word |= o;
        }
        self
    }

    #[inline]
    fn minus(mut self, other: &Cells) -> Cells {
        for (word, o) in self.0.iter_mut().zip(&other.0) {
            *word &= !o;
        }
        self
    }

    #[inline]
    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells, ascending.
    fn iter(self) -> impl Iterator<Item = usize> {
        let mut words = self.0;
        let mut index = 0;
        std::iter::from_fn(move || {
            while index < WORDS {
                let word = words[index];
                if word != 0 {
                    words[index] = word & (word - 1);
                    return Some(index * 64 + word.trailing_zeros() as usize);
                }
                index += 1;
            }
            None
        })
    }

    /// Calls `visit` with each cell, ascending (a tighter loop than [`Cells::iter`]).
    #[inline]
    fn for_each(self, mut visit: impl FnMut(usize)) {
        for (index, &word) in self.0.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                visit(index * 64 + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }

    /// The lowest cell (the set is not empty).
    fn first(&self) -> usize {
        self.iter().next().expect("a set that is not empty")
    }

    /// Whether the set holds two cells or more (cheaper than counting them).
    fn has_two(&self) -> bool {
        let mut seen = false;
        for &word in &self.0 {
            if word != 0 {
                if seen || word & (word - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The set's only cell, if it holds exactly one.
    fn single(&self) -> Option<usize> {
        (!self.is_empty() && !self.has_two()).then(|| self.first())
    }
}

/// Each cell's peers and each unit's cells as cell sets, and the places a region crosses a line
/// (where grouped nodes lie), built once per layout and kept in it.
#[derive(Debug)]
pub(crate) struct ChainTables {
    peers: Vec<Cells>,
    units: Vec<Cells>,
    /// The layout's crossings in HoDoKu's order: rows' crossings first, then columns', then
    /// the diagonals'.
    crossings: Vec<Segment>,
    /// Each unit's crossings, as indexes into `crossings`, ascending.
    unit_crossings: Vec<Vec<usize>>,
}

fn geometry(layout: &Layout) -> &ChainTables {
    layout.chain_tables.get_or_init(|| {
        let set = |cells: &[usize]| {
            let mut set = Cells::EMPTY;
            cells.iter().for_each(|&c| set.insert(c));
            set
        };
        let mut crossings: Vec<Segment> = layout.segments().to_vec();
        crossings.sort_by_key(|s| (s.line, s.region));
        let mut unit_crossings = vec![Vec::new(); layout.unit_count()];
        for (k, crossing) in crossings.iter().enumerate() {
            unit_crossings[crossing.region].push(k);
            unit_crossings[crossing.line].push(k);
        }
        ChainTables {
            peers: (0..layout.cell_count())
                .map(|c| set(layout.peers(c)))
                .collect(),
            units: (0..layout.unit_count())
                .map(|u| set(layout.unit(u)))
                .collect(),
            crossings,
            unit_crossings,
        }
    })
}

/// For each digit, the cells where it is a candidate.
fn digit_cells(board: &Board) -> Vec<Cells> {
    let mut sets = vec![Cells::EMPTY; board.layout.n + 1];
    for (cell, &cands) in board.cands.iter().enumerate() {
        for digit in digits(cands) {
            sets[digit as usize].insert(cell);
        }
    }
    sets
}

// ---------------------------------------------------------------------------------------------
// Choosing among the steps found, as HoDoKu sorts them.

/// HoDoKu's order of steps: most eliminations, then the smallest weighted index sum, then the
/// shortest chain, then (for nice loops and AICs) the order its tables are read in.
type Rank = (usize, u64, usize, u8);

/// The rank of `eliminated`, which it sorts by digit, then cell (HoDoKu's candidate order).
fn rank(eliminated: &mut [(usize, u8)], nodes: usize, phase: u8) -> Rank {
    eliminated.sort_unstable_by_key(|&(cell, digit)| (digit, cell));
    let mut sum = 0u64;
    let mut offset = 1u64;
    for &(cell, digit) in eliminated.iter() {
        sum += cell as u64 * offset + u64::from(digit);
        offset += 80;
    }
    (usize::MAX - eliminated.len(), sum, nodes, phase)
}

/// The rank of removing `digit` from `cells`, without building the list.
fn rank_of_cells(cells: Cells, digit: u8, nodes: usize, phase: u8) -> Rank {
    let mut sum = 0u64;
    let mut offset = 1u64;
    let mut count = 0;
    for cell in cells.iter() {
        sum += cell as u64 * offset + u64::from(digit);
        offset += 80;
        count += 1;
    }
    (usize::MAX - count, sum, nodes, phase)
}

/// The best step so far.
#[derive(Default)]
struct Best {
    rank: Option<Rank>,
    found: Option<(Chain, Vec<(usize, u8)>)>,
}

impl Best {
    fn beaten_by(&self, rank: &Rank) -> bool {
        self.rank.is_none_or(|best| *rank < best)
    }

    /// Whether an open chain with these ends may beat the best (it removes no fewer).
    fn admits(&self, ends: &OpenEnds) -> bool {
        self.rank
            .is_none_or(|best| usize::MAX - best.0 <= ends.count())
    }

    fn keep(&mut self, rank: Rank, chain: Chain, eliminated: Vec<(usize, u8)>) {
        self.rank = Some(rank);
        self.found = Some((chain, eliminated));
    }

    fn into_step(self) -> Option<Deduction> {
        let (chain, eliminated) = self.found?;
        Deduction::removing(Pattern::Chain(chain), eliminated)
    }
}

// ---------------------------------------------------------------------------------------------
// Breadth-first search over states, with the path to each state kept by its parent.

struct Walk {
    parent: Vec<u32>,
    depth: Vec<u16>,
    stamp: Vec<u32>,
    epoch: u32,
    /// The states reached, in the order reached (also the queue).
    order: Vec<u32>,
}

impl Walk {
    fn new(states: usize) -> Walk {
        Walk {
            parent: vec![NONE; states],
            depth: vec![0; states],
            stamp: vec![0; states],
            epoch: 0,
            order: Vec::with_capacity(states),
        }
    }

    fn start(&mut self, root: usize) {
        self.epoch += 1;
        self.order.clear();
        self.reach(root, NONE, 0);
    }

    #[inline]
    fn seen(&self, state: usize) -> bool {
        self.stamp[state] == self.epoch
    }

    #[inline]
    fn reach(&mut self, state: usize, parent: u32, depth: u16) {
        self.stamp[state] = self.epoch;
        self.parent[state] = parent;
        self.depth[state] = depth;
        self.order.push(state as u32);
    }

    /// Breadth-first from `root` along every edge of `graph`; returns the edges followed.
    fn explore(&mut self, graph: &Graph, root: usize) -> usize {
        self.start(root);
        let mut followed = 0;
        let mut head = 0;
        while head < self.order.len() {
            let state = self.order[head] as usize;
            head += 1;
            let depth = self.depth[state] + 1;
            let edges = graph.edges(state);
            followed += edges.len();
            for &target in edges {
                if !self.seen(target as usize) {
                    self.reach(target as usize, state as u32, depth);
                }
            }
        }
        followed
    }

    /// Whether a state on the path to `state` (itself included) satisfies `test`.
    fn on_path(&self, state: usize, test: impl Fn(usize) -> bool) -> bool {
        let mut at = state as u32;
        while at != NONE {
            if test(at as usize) {
                return true;
            }
            at = self.parent[at as usize];
        }
        false
    }

    /// The states from the root to `state`.
    fn path(&self, state: usize, out: &mut Vec<u32>) {
        out.clear();
        let mut at = state as u32;
        while at != NONE {
            out.push(at);
            at = self.parent[at as usize];
        }
        out.reverse();
    }
}

// ---------------------------------------------------------------------------------------------
// Remote pairs.

/// The remote pair removing most candidates (HoDoKu's order), chains of 4 to 10 cells.
pub(crate) fn remote_pair(board: &Board) -> Option<Deduction> {
    let layout = &*board.layout;
    let cells = layout.cell_count();
    let geometry = geometry(layout);
    let candidates = digit_cells(board);
    let mut best = Best::default();
    let mut search = PairSearch {
        geometry,
        candidates: &candidates,
        same: Cells::EMPTY,
        digits: [0, 0],
        start_buddies: Cells::EMPTY,
        path: [0; CHAIN_MAX_NODES / 2],
        budget: PAIR_WORK_LIMIT,
        best: &mut best,
    };
    for start in 0..cells {
        let pair = board.cands[start];
        if pair.count_ones() != 2 {
            continue;
        }
        let mut same = Cells::EMPTY;
        for cell in 0..cells {
            if board.cands[cell] == pair {
                same.insert(cell);
            }
        }
        if same.count() < 4 {
            continue;
        }
        let [a, b] = [pair.trailing_zeros() as u8, 31 - pair.leading_zeros() as u8];
        for (first, second) in [(a, b), (b, a)] {
            let start_buddies = geometry.peers[start].and(&candidates[first as usize]);
            if start_buddies.is_empty() {
                continue;
            }
            search.same = same;
            search.digits = [first, second];
            search.start_buddies = start_buddies;
            search.path[0] = start;
            search.extend(1);
        }
    }
    best.into_step()
}

struct PairSearch<'a> {
    geometry: &'a ChainTables,
    candidates: &'a [Cells],
    /// The cells holding exactly the pair.
    same: Cells,
    /// The digit the first cell is entered on (false), and the other.
    digits: [u8; 2],
    /// The first cell's peers holding the first digit.
    start_buddies: Cells,
    path: [usize; CHAIN_MAX_NODES / 2],
    budget: usize,
    best: &'a mut Best,
}

impl PairSearch<'_> {
    /// Extends the chain of `len` cells in `path`, depth first as HoDoKu does (the eliminations
    /// depend on every cell of the chain, not only its ends).
    fn extend(&mut self, len: usize) {
        let last = self.path[len - 1];
        if len.is_multiple_of(2)
            && len >= 4
            && !self
                .start_buddies
                .and(&self.geometry.peers[last])
                .is_empty()
        {
            self.record(len);
        }
        if len >= CHAIN_MAX_NODES / 2 || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let next = self.geometry.peers[last].and(&self.same);
        for cell in next.iter() {
            if self.path[..len].contains(&cell) {
                continue;
            }
            self.path[len] = cell;
            self.extend(len + 1);
        }
    }

    /// Cells seeing two chain cells an odd number (3 or more) of links apart lose both digits.
    fn record(&mut self, len: usize) {
        let [first, second] = self.digits;
        let (mut lose_first, mut lose_second) = (Cells::EMPTY, Cells::EMPTY);
        let mut shortest = usize::MAX;
        for i in 0..len {
            for j in (i + 3..len).step_by(2) {
                let common =
                    self.geometry.peers[self.path[i]].and(&self.geometry.peers[self.path[j]]);
                let a = common.and(&self.candidates[first as usize]);
                let b = common.and(&self.candidates[second as usize]);
                if !a.is_empty() || !b.is_empty() {
                    shortest = shortest.min(j - i);
                }
                lose_first = lose_first.or(&a);
                lose_second = lose_second.or(&b);
            }
        }
        if shortest == usize::MAX {
            return;
        }
        let mut eliminated: Vec<(usize, u8)> = lose_first
            .iter()
            .map(|c| (c, first))
            .chain(lose_second.iter().map(|c| (c, second)))
            .collect();
        let rank = rank(&mut eliminated, 2 * len, 0);
        if !self.best.beaten_by(&rank) {
            return;
        }
        // Cells `m` links apart: Sudoku Explainer's chain through them has 2m + 4 potentials.
        let explainer_tenths = 70 + length_increment(2 * shortest + 4);
        let nodes = (0..len)
            .map(|k| Node::single(self.path[k], self.digits[k % 2]))
            .collect();
        let chain = Chain {
            kind: Kind::RemotePair,
            grouped: false,
            nodes,
            strong: vec![false; len - 1],
            explainer_tenths,
        };
        self.best.keep(rank, chain, eliminated);
    }
}

// ---------------------------------------------------------------------------------------------
// X-chains.

/// The X-chain removing most candidates (HoDoKu's order), up to 20 nodes, among the digits in
/// `read` (see [`super::unchanged`]).
pub(crate) fn x_chain(board: &Board, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let cells = layout.cell_count();
    let geometry = geometry(layout);
    let candidates = digit_cells(board);
    let max_links = CHAIN_MAX_NODES - 1;
    let mut walk = Walk::new(2 * cells);
    let mut partners = vec![[NONE; MAX_UNITS_OF_CELL]; cells];
    let mut best = Best::default();
    let mut path = Vec::new();
    for digit in (1..=layout.n as u8).filter(|&d| reads(read, d)) {
        let places = candidates[digit as usize];
        // Each place's conjugates: the other place of each unit holding the digit twice.
        for cell in places.iter() {
            let mut found = [NONE; MAX_UNITS_OF_CELL];
            let mut count = 0;
            for &unit in layout.units_of(cell) {
                let in_unit = places.and(&geometry.units[unit]);
                if in_unit.count() == 2 {
                    let mut other = in_unit;
                    other.remove(cell);
                    let other = other.first() as u32;
                    if !found[..count].contains(&other) {
                        found[count] = other;
                        count += 1;
                    }
                }
            }
            partners[cell] = found;
        }
        for start in places.iter() {
            let start_buddies = geometry.peers[start].and(&places);
            if start_buddies.is_empty() || partners[start][0] == NONE {
                continue;
            }
            // A state is a place and whether it was reached by a strong link (then it is true).
            walk.start(2 * start);
            let mut head = 0;
            while head < walk.order.len() {
                let state = walk.order[head] as usize;
                head += 1;
                let (cell, strong) = (state / 2, state % 2 == 1);
                let depth = walk.depth[state] as usize;
                if strong && depth >= 3 {
                    let eliminated = start_buddies.and(&geometry.peers[cell]);
                    if !eliminated.is_empty() {
                        walk.path(state, &mut path);
                        record_x_chain(&mut best, &path, eliminated, digit, None);
                    }
                }
                if depth >= max_links {
                    continue;
                }
                if strong {
                    let weak = geometry.peers[cell].and(&places);
                    for next in weak.iter() {
                        let target = 2 * next;
                        if next == start
                            || walk.seen(target)
                            || walk.on_path(state, |s| s / 2 == next)
                        {
                            continue;
                        }
                        walk.reach(target, state as u32, depth as u16 + 1);
                    }
                } else {
                    for &next in partners[cell].iter().take_while(|&&p| p != NONE) {
                        let next = next as usize;
                        if next == start {
                            // Back to the start by a strong link: the start holds the digit.
                            if depth + 1 >= 3 {
                                walk.path(state, &mut path);
                                record_x_chain(&mut best, &path, start_buddies, digit, Some(start));
                            }
                            continue;
                        }
                        let target = 2 * next + 1;
                        if walk.seen(target) || walk.on_path(state, |s| s / 2 == next) {
                            continue;
                        }
                        walk.reach(target, state as u32, depth as u16 + 1);
                    }
                }
            }
        }
    }
    best.into_step()
}

/// Keeps the X-chain along `path` (states `2 * cell + strong`, then `back_to` when it returns
/// to its start) if it beats the best so far.
fn record_x_chain(
    best: &mut Best,
    path: &[u32],
    eliminated: Cells,
    digit: u8,
    back_to: Option<usize>,
) {
    let nodes = path.len() + usize::from(back_to.is_some());
    let rank = rank_of_cells(eliminated, digit, nodes, 0);
    if !best.beaten_by(&rank) {
        return;
    }
    let mut chain_nodes: Vec<Node> = path
        .iter()
        .map(|&s| Node::single(s as usize / 2, digit))
        .collect();
    chain_nodes.extend(back_to.map(|cell| Node::single(cell, digit)));
    let strong = (1..nodes).map(|i| i % 2 == 1).collect();
    let links = nodes - 1;
    // Sudoku Explainer: a cell seeing both ends, assumed true, is false at the end of two more
    // links (links + 3 potentials); a chain back to its start proves it (links + 1).
    let complexity = if back_to.is_some() {
        links + 1
    } else {
        links + 3
    };
    let chain = Chain {
        kind: Kind::XChain,
        grouped: false,
        nodes: chain_nodes,
        strong,
        explainer_tenths: 66 + length_increment(complexity),
    };
    best.keep(
        rank,
        chain,
        eliminated.iter().map(|cell| (cell, digit)).collect(),
    );
}

// ---------------------------------------------------------------------------------------------
// XY-chains.

/// The XY-chain removing most candidates (HoDoKu's order), up to 10 cells.
pub(crate) fn xy_chain(board: &Board) -> Option<Deduction> {
    let layout = &*board.layout;
    let cells = layout.cell_count();
    let stride = layout.n + 1;
    let geometry = geometry(layout);
    let candidates = digit_cells(board);
    let max_cells = CHAIN_MAX_NODES / 2;
    let mut bivalue = Cells::EMPTY;
    for cell in 0..cells {
        if board.cands[cell].count_ones() == 2 {
            bivalue.insert(cell);
        }
    }
    // A state is a cell and the digit it then holds (the other was removed by the link in).
    let mut walk = Walk::new(cells * stride);
    let mut best = Best::default();
    let mut path = Vec::new();
    for start in bivalue.iter() {
        let pair = board.cands[start];
        for end_digit in digits(pair) {
            let start_buddies = geometry.peers[start].and(&candidates[end_digit as usize]);
            if start_buddies.is_empty() {
                continue;
            }
            let other = (pair & !(1 << end_digit)).trailing_zeros() as usize;
            walk.start(start * stride + other);
            let mut head = 0;
            while head < walk.order.len() {
                let state = walk.order[head] as usize;
                head += 1;
                let (cell, holds) = (state / stride, state % stride);
                let depth = walk.depth[state] as usize;
                if cell != start && holds == end_digit as usize {
                    let eliminated = start_buddies.and(&geometry.peers[cell]);
                    if !eliminated.is_empty() {
                        walk.path(state, &mut path);
                        record_xy_chain(&mut best, board, &path, stride, eliminated, end_digit);
                    }
                }
                if depth + 1 >= max_cells {
                    continue;
                }
                let next_cells = geometry.peers[cell].and(&bivalue).and(&candidates[holds]);
                for next in next_cells.iter() {
                    if next == start {
                        continue;
                    }
                    let out = (board.cands[next] & !(1 << holds)).trailing_zeros() as usize;
                    let target = next * stride + out;
                    if walk.seen(target) || walk.on_path(state, |s| s / stride == next) {
                        continue;
                    }
                    walk.reach(target, state as u32, depth as u16 + 1);
                }
            }
        }
    }
    best.into_step()
}

fn record_xy_chain(
    best: &mut Best,
    board: &Board,
    path: &[u32],
    stride: usize,
    eliminated: Cells,
    digit: u8,
) {
    let rank = rank_of_cells(eliminated, digit, 2 * path.len(), 0);
    if !best.beaten_by(&rank) {
        return;
    }
    let mut nodes = Vec::with_capacity(2 * path.len());
    for &state in path {
        let (cell, holds) = (state as usize / stride, (state as usize % stride) as u8);
        let entered = (board.cands[cell] & !(1 << holds)).trailing_zeros() as u8;
        nodes.push(Node::single(cell, entered));
        nodes.push(Node::single(cell, holds));
    }
    let strong = (0..nodes.len() - 1).map(|i| i % 2 == 0).collect();
    // Sudoku Explainer: 2k - 1 links through k cells, two more to a cell seeing both ends.
    let complexity = 2 * path.len() + 2;
    let chain = Chain {
        kind: Kind::XyChain,
        grouped: false,
        nodes,
        strong,
        explainer_tenths: 70 + length_increment(complexity),
    };
    best.keep(
        rank,
        chain,
        eliminated.iter().map(|cell| (cell, digit)).collect(),
    );
}

// ---------------------------------------------------------------------------------------------
// Alternating inference chains and nice loops.

/// The nice loop or AIC removing most candidates (HoDoKu's order): without grouped nodes
/// first, then with them.
pub(crate) fn aic(board: &Board) -> Option<Deduction> {
    let candidates = digit_cells(board);
    let geometry = geometry(&board.layout);
    let mut budget = AIC_WORK_LIMIT;
    // A search that cannot use up the budget does without it, and may skip premises.
    let plain = Graph::build(board, geometry, &candidates);
    let plain_metered = plain.most_work() >= budget;
    let (step, true_premises) = search_aic(
        board,
        &candidates,
        &plain,
        plain_metered.then_some(&mut budget),
    );
    if step.is_some() {
        return step;
    }
    let grouped = plain.with_groups(board, geometry, &candidates)?;
    if !plain_metered {
        if budget - plain.most_work() > grouped.most_work() {
            return search_aic(board, &candidates, &grouped, None).0;
        }
        // The grouped search might use up what is left: count what the first one spent.
        budget -= plain.work(true_premises);
    }
    let metered = grouped.most_work() >= budget;
    search_aic(board, &candidates, &grouped, metered.then_some(&mut budget)).0
}

/// The implication graph: for each node (candidates, then groups) two states, false (`2 *
/// node`) and true (`2 * node + 1`); a true state's edges are its weak links (to false
/// states), a false state's its strong links (to true states).
struct Graph {
    nodes: Vec<Node>,
    /// Nodes below this are single candidates.
    singles: usize,
    /// The single candidates of cell `c` are nodes `cell_nodes[c]..cell_nodes[c + 1]`.
    cell_nodes: Vec<u32>,
    /// Each candidate's node: `ids[cell * stride + digit]`.
    ids: Vec<u32>,
    stride: usize,
    /// Each state's edges: `targets[offsets[s]..offsets[s + 1]]`, in the order made.
    offsets: Vec<u32>,
    targets: Vec<u32>,
    /// The candidates' own edges (those of the graph without groups): state `s` has
    /// `own_offsets[s + 1] - own_offsets[s]` of them, first in its edges.
    own_offsets: Vec<u32>,
    /// The grouped nodes' edges (from, to), in the order made (after the candidates' own,
    /// which are made candidate by candidate, its true state's before its false state's).
    group_edges: Vec<(u32, u32)>,
}

impl Graph {
    /// The graph of the single candidates.
    fn build(board: &Board, geometry: &ChainTables, candidates: &[Cells]) -> Graph {
        let layout = &*board.layout;
        let stride = layout.n + 1;
        let cells = layout.cell_count();
        let mut ids = vec![NONE; cells * stride];
        let mut nodes = Vec::new();
        let mut cell_nodes = Vec::with_capacity(cells + 1);
        for cell in 0..cells {
            cell_nodes.push(nodes.len() as u32);
            for digit in digits(board.cands[cell]) {
                ids[cell * stride + digit as usize] = nodes.len() as u32;
                nodes.push(Node::single(cell, digit));
            }
        }
        cell_nodes.push(nodes.len() as u32);
        let states = 2 * nodes.len();
        let mut graph = Graph {
            singles: nodes.len(),
            nodes,
            cell_nodes,
            ids,
            stride,
            offsets: Vec::with_capacity(states + 1),
            targets: Vec::with_capacity(12 * states),
            own_offsets: Vec::new(),
            group_edges: Vec::new(),
        };
        // Each digit's places in each unit, as positions in the unit: its conjugate pairs.
        let positions: Vec<[u32; 26]> = (0..layout.unit_count())
            .map(|unit| board.positions_in(unit))
            .collect();
        // State by state: a candidate's false state (its strong links), then its true state
        // (its weak links).
        let mut targets = std::mem::take(&mut graph.targets);
        let mut offsets = std::mem::take(&mut graph.offsets);
        for node in 0..graph.singles {
            let Node { digit, .. } = graph.nodes[node];
            let cell = graph.nodes[node].first();
            // The cell's candidates are nodes `first..end`, by digit.
            let (first, end) = (
                graph.cell_nodes[cell] as usize,
                graph.cell_nodes[cell + 1] as usize,
            );
            offsets.push(targets.len() as u32);
            if end - first == 2 {
                targets.push(2 * (first + end - 1 - node) as u32 + 1);
            }
            let mut conjugates = [usize::MAX; MAX_UNITS_OF_CELL];
            let slots = layout.slots(cell);
            for (k, unit) in layout.units_of(cell).iter().copied().enumerate() {
                let others = positions[unit][digit as usize] & !(1 << slots[k]);
                if others.is_power_of_two() {
                    let other = layout.unit(unit)[others.trailing_zeros() as usize];
                    if !conjugates[..k].contains(&other) {
                        conjugates[k] = other;
                        targets.push(graph.state(other, digit, true) as u32);
                    }
                }
            }
            offsets.push(targets.len() as u32);
            targets.extend(
                (first..end)
                    .filter(|&other| other != node)
                    .map(|other| 2 * other as u32),
            );
            let peers = geometry.peers[cell].and(&candidates[digit as usize]);
            peers.for_each(|peer| targets.push(graph.state(peer, digit, false) as u32));
        }
        offsets.push(targets.len() as u32);
        graph.own_offsets = offsets.clone();
        graph.offsets = offsets;
        graph.targets = targets;
        graph
    }

    /// This graph with the grouped nodes added (their edges after the candidates' own), or
    /// `None` when there are none.
    fn with_groups(
        &self,
        board: &Board,
        geometry: &ChainTables,
        candidates: &[Cells],
    ) -> Option<Graph> {
        let singles = self.singles;
        let mut nodes = self.nodes.clone();
        let mut group_units = Vec::new();
        let mut group_cells = Vec::new();
        // Each group: its crossing; and each crossing's group of each digit.
        let mut group_crossing = Vec::new();
        let mut crossing_group = vec![NONE; geometry.crossings.len() * self.stride];
        for (k, segment) in geometry.crossings.iter().enumerate() {
            let present = segment
                .cells
                .iter()
                .fold(0u32, |set, &c| set | board.cands[c]);
            for digit in digits(present) {
                // A jigsaw region may cross a line in more cells than a node holds (a box's
                // side at most): such a group is left out, which only makes fewer links.
                let count = segment
                    .cells
                    .iter()
                    .filter(|&&c| board.has(c, digit))
                    .count();
                if count > NODE_CELLS {
                    continue;
                }
                let mut node = Node {
                    cells: [0; NODE_CELLS],
                    size: 0,
                    digit,
                };
                let mut set = Cells::EMPTY;
                for &cell in segment.cells.iter().filter(|&&c| board.has(c, digit)) {
                    node.cells[node.size as usize] = cell as u16;
                    node.size += 1;
                    set.insert(cell);
                }
                if node.size < 2 {
                    continue;
                }
                crossing_group[k * self.stride + digit as usize] = group_units.len() as u32;
                nodes.push(node);
                group_units.push((segment.region, segment.line));
                group_cells.push(set);
                group_crossing.push(k);
            }
        }
        if group_units.is_empty() {
            return None;
        }
        let mut edges = Vec::with_capacity(24 * group_units.len());
        let mut edge = |from: usize, to: usize| edges.push((from as u32, to as u32));
        for (g, &(boxed, line)) in group_units.iter().enumerate() {
            let node = singles + g;
            let Node { digit, .. } = nodes[node];
            let places = &candidates[digit as usize];
            let (on, off) = (2 * node + 1, 2 * node);
            let own = group_cells[g];
            let buddies = nodes[node]
                .cells()
                .fold(places.minus(&own), |set, c| set.and(&geometry.peers[c]));
            buddies.for_each(|cell| {
                edge(on, self.state(cell, digit, false));
                edge(self.state(cell, digit, true), off);
            });
            for unit in [boxed, line] {
                if let Some(cell) = buddies.and(&geometry.units[unit]).single() {
                    edge(off, self.state(cell, digit, true));
                    edge(self.state(cell, digit, false), on);
                }
            }
            // Other groups of the digit in the same box or line, in the order made: their
            // crossings' order, merging the line's and the box's (which share only this one).
            let mut shared = [(0usize, NONE as usize); 2];
            let (in_line, in_box) = (
                &geometry.unit_crossings[line],
                &geometry.unit_crossings[boxed],
            );
            let (mut i, mut j) = (0, 0);
            while i < in_line.len() || j < in_box.len() {
                let k = if j == in_box.len() || (i < in_line.len() && in_line[i] < in_box[j]) {
                    i += 1;
                    in_line[i - 1]
                } else {
                    j += 1;
                    in_box[j - 1]
                };
                let h = crossing_group[k * self.stride + digit as usize] as usize;
                if k == group_crossing[g]
                    || h == NONE as usize
                    || !own.and(&group_cells[h]).is_empty()
                {
                    continue;
                }
                let (other_box, other_line) = group_units[h];
                let other = singles + h;
                for (k, same) in [other_line == line, other_box == boxed]
                    .into_iter()
                    .enumerate()
                {
                    if same {
                        shared[k].0 += 1;
                        if shared[k].0 == 1 {
                            shared[k].1 = h;
                        }
                        edge(on, 2 * other);
                    }
                }
            }
            for (k, unit) in [line, boxed].into_iter().enumerate() {
                let (count, h) = shared[k];
                if count == 1
                    && places
                        .and(&geometry.units[unit])
                        .minus(&own)
                        .minus(&group_cells[h])
                        .is_empty()
                {
                    edge(off, 2 * (singles + h) + 1);
                }
            }
        }
        // Each state's edges: the candidates' own, then the groups'.
        let states = 2 * nodes.len();
        let mut offsets = vec![0u32; states + 1];
        for s in 0..2 * singles {
            offsets[s + 1] = self.offsets[s + 1] - self.offsets[s];
        }
        for &(from, _) in &edges {
            offsets[from as usize + 1] += 1;
        }
        for s in 0..states {
            offsets[s + 1] += offsets[s];
        }
        let mut targets = vec![0u32; offsets[states] as usize];
        let mut fill = offsets[..states].to_vec();
        for (s, at) in fill[..2 * singles].iter_mut().enumerate() {
            let own = self.edges(s);
            targets[*at as usize..*at as usize + own.len()].copy_from_slice(own);
            *at += own.len() as u32;
        }
        for &(from, to) in &edges {
            targets[fill[from as usize] as usize] = to;
            fill[from as usize] += 1;
        }
        Some(Graph {
            nodes,
            singles,
            cell_nodes: self.cell_nodes.clone(),
            ids: self.ids.clone(),
            stride: self.stride,
            offsets,
            targets,
            own_offsets: self.own_offsets.clone(),
            group_edges: edges,
        })
    }

    /// The state of candidate `digit` in `cell`, true or false.
    fn state(&self, cell: usize, digit: u8, on: bool) -> usize {
        2 * self.ids[cell * self.stride + digit as usize] as usize + usize::from(on)
    }

    /// The states with an edge to `state`, in the order the edges were made (once an edge).
    /// Each link's contrapositive is a link, so they are the negations of the states `state`'s
    /// negation leads to: the candidates' first, made candidate by candidate, then the groups'.
    fn predecessors(&self, state: usize) -> Vec<usize> {
        let negation = state ^ 1;
        let mut before: Vec<usize> = if negation < 2 * self.singles {
            let own = (self.own_offsets[negation + 1] - self.own_offsets[negation]) as usize;
            let start = self.offsets[negation] as usize;
            self.targets[start..start + own]
                .iter()
                .map(|&to| to as usize ^ 1)
                .collect()
        } else {
            Vec::new()
        };
        before.sort_unstable();
        let grouped = self
            .group_edges
            .iter()
            .filter(|&&(_, to)| to as usize == state);
        before.extend(grouped.map(|&(from, _)| from as usize));
        before
    }

    /// The cells seeing every cell of `node`.
    fn buddies(&self, geometry: &ChainTables, node: usize) -> Cells {
        let first = geometry.peers[self.nodes[node].first()];
        self.nodes[node]
            .cells()
            .skip(1)
            .fold(first, |set, c| set.and(&geometry.peers[c]))
    }

    /// The most edges the searches from every premise, true and false, can follow.
    fn most_work(&self) -> usize {
        2 * self.singles * self.targets.len()
    }

    /// The edges the searches from every premise follow: false premises, and true ones if
    /// `true_premises`.
    fn work(&self, true_premises: bool) -> usize {
        let mut walk = Walk::new(2 * self.nodes.len());
        let roots = 2 * self.singles;
        (0..roots)
            .filter(|root| true_premises || root % 2 == 0)
            .map(|root| walk.explore(self, root))
            .sum()
    }

    /// The states one link from `state`.
    fn edges(&self, state: usize) -> &[u32] {
        &self.targets[self.offsets[state] as usize..self.offsets[state + 1] as usize]
    }

    fn cover(&self, node: usize) -> Cells {
        let mut set = Cells::EMPTY;
        self.nodes[node].cells().for_each(|c| set.insert(c));
        set
    }
}

/// Which candidates' states each state of a graph leads to, so that a premise whose search
/// could find nothing is skipped without searching. Computed once per graph: states in one
/// strongly connected component reach the same states, so each component keeps one row of bits
/// (over the single candidates' states, the only ends a chain is read at), made when Tarjan's
/// algorithm finishes the component, after every component it leads to.
struct Reach {
    /// Words in a row.
    words: usize,
    /// Each state's component; component 0 holds the dead ends (states without edges).
    component: Vec<u32>,
    /// Each component's row: the states one or more links away from its states.
    rows: Vec<u64>,
}

impl Reach {
    fn of(graph: &Graph) -> Reach {
        let states = 2 * graph.nodes.len();
        let singles = 2 * graph.singles;
        let words = singles.div_ceil(64);
        let offsets = &graph.offsets;
        let mut component = vec![NONE; states];
        for (state, c) in component.iter_mut().enumerate() {
            if offsets[state] == offsets[state + 1] {
                *c = 0;
            }
        }
        // Component 0's row (empty), then one a component: at most one a state with edges.
        let with_edges = component.iter().filter(|&&c| c == NONE).count();
        let mut rows = Vec::with_capacity((with_edges + 1) * words);
        rows.resize(words, 0);
        // The last component merged into each component's row.
        let mut merged_into = vec![0u32; with_edges + 1];
        // Tarjan's algorithm without recursion: `calls` holds each open state and its next
        // edge; a state visited but not yet in a component is on `stack`.
        let mut index = vec![NONE; states];
        let mut low = vec![0u32; states];
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let mut visited = 0u32;
        for root in 0..states {
            if component[root] != NONE || index[root] != NONE {
                continue;
            }
            index[root] = visited;
            low[root] = visited;
            visited += 1;
            stack.push(root as u32);
            calls.push((root as u32, offsets[root]));
            'open: while let Some(&(state, next)) = calls.last() {
                let state = state as usize;
                let end = offsets[state + 1];
                for at in next..end {
                    let target = graph.targets[at as usize] as usize;
                    if component[target] != NONE {
                        continue;
                    }
                    if index[target] == NONE {
                        calls.last_mut().expect("an open state").1 = at + 1;
                        index[target] = visited;
                        low[target] = visited;
                        visited += 1;
                        stack.push(target as u32);
                        calls.push((target as u32, offsets[target]));
                        continue 'open;
                    }
                    low[state] = low[state].min(index[target]);
                }
                calls.pop();
                if let Some(&(caller, _)) = calls.last() {
                    let caller = caller as usize;
                    low[caller] = low[caller].min(low[state]);
                }
                if low[state] != index[state] {
                    continue;
                }
                // The component is finished: its states are on the stack down to `state`.
                let c = rows.len() / words;
                let first = stack
                    .iter()
                    .rposition(|&s| s as usize == state)
                    .expect("the component's first state");
                for &member in &stack[first..] {
                    component[member as usize] = c as u32;
                }
                rows.resize(rows.len() + words, 0);
                let (finished, row) = rows.split_at_mut(c * words);
                for &member in &stack[first..] {
                    for &target in graph.edges(member as usize) {
                        let target = target as usize;
                        if target < singles {
                            row[target / 64] |= 1 << (target % 64);
                        }
                        let d = component[target] as usize;
                        if d != 0 && d != c && merged_into[d] != c as u32 {
                            merged_into[d] = c as u32;
                            let after = &finished[d * words..(d + 1) * words];
                            row.iter_mut().zip(after).for_each(|(w, a)| *w |= a);
                        }
                    }
                }
                stack.truncate(first);
            }
        }
        Reach {
            words,
            component,
            rows,
        }
    }

    fn row(&self, state: usize) -> &[u64] {
        let c = self.component[state] as usize;
        &self.rows[c * self.words..(c + 1) * self.words]
    }

    /// Whether the search from the false state of candidate node `premise` can find anything:
    /// whether a state more than two links away (the search takes no shorter chain) is a
    /// candidate of the premise's cell (a nice loop), or a true candidate an open chain could end
    /// on with eliminations that may beat `best`.
    fn false_premise_may_find(
        &self,
        board: &Board,
        geometry: &ChainTables,
        candidates: &[Cells],
        graph: &Graph,
        premise: usize,
        best: &Best,
    ) -> bool {
        let root = 2 * premise;
        if self.component[root] == 0 {
            return false;
        }
        let row = self.row(root);
        let start = graph.nodes[premise];
        let start_cell = start.first();
        // The cell's states, as bits from its first state (a cell has at most 25 candidates).
        let first = 2 * graph.cell_nodes[start_cell] as usize;
        let len = 2 * graph.cell_nodes[start_cell + 1] as usize - first;
        let mut in_cell = row[first / 64] >> (first % 64);
        if !first.is_multiple_of(64) && first / 64 + 1 < self.words {
            in_cell |= row[first / 64 + 1] << (64 - first % 64);
        }
        in_cell &= (1 << len) - 1;
        let bit = |state: usize| {
            if state.wrapping_sub(first) < len {
                1 << (state - first)
            } else {
                0
            }
        };
        // The states at most two links away: the root, one link, two links.
        let one = graph.edges(root);
        let mut near = one
            .iter()
            .fold(bit(root), |near, &s| near | bit(s as usize));
        if in_cell & !near != 0 {
            for &s in one {
                near = graph
                    .edges(s as usize)
                    .iter()
                    .fold(near, |near, &t| near | bit(t as usize));
            }
        }
        if in_cell & !near != 0 {
            return true;
        }
        // True candidates in other cells. Two links from a false premise is false again (links
        // alternate), so only the true states one link away are too near.
        for (i, &word) in row.iter().enumerate() {
            let mut bits = word & 0xAAAA_AAAA_AAAA_AAAA;
            while bits != 0 {
                let state = 64 * i + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if state.wrapping_sub(first) < len || one.contains(&(state as u32)) {
                    continue;
                }
                let end = graph.nodes[state / 2];
                if open_ends(board, geometry, candidates, start, end)
                    .is_some_and(|ends| best.admits(&ends))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the search from the true state of candidate node `premise` can find anything: a
    /// state of the premise's cell more than two links away. The cell's other candidates are
    /// false one link away (they exclude it); its own false state is an odd number of links
    /// away (never one: no candidate excludes itself). Another candidate's true state is as far
    /// from here as this one's false state is from that one's, for the graph holds each link's
    /// contrapositive (a link from `a` to `b` exactly when one from not-`b` to not-`a`):
    /// `searched_false` says whose false premise was searched, as none other could find that.
    fn true_premise_may_find(
        &self,
        graph: &Graph,
        premise: usize,
        searched_false: &[bool],
    ) -> bool {
        let root = 2 * premise + 1;
        if self.component[root] == 0 {
            return false;
        }
        let row = self.row(root);
        let reached = |state: usize| row[state / 64] >> (state % 64) & 1 == 1;
        if reached(2 * premise) {
            return true;
        }
        let one = graph.edges(root);
        let cell = graph.nodes[premise].first();
        let nodes = graph.cell_nodes[cell] as usize..graph.cell_nodes[cell + 1] as usize;
        nodes
            .filter(|&node| node != premise && searched_false[node])
            .any(|node| {
                let on = 2 * node + 1;
                reached(on)
                    && !one
                        .iter()
                        .any(|&s| graph.edges(s as usize).contains(&(on as u32)))
            })
    }
}

/// Every nice loop and AIC from every candidate of `graph`, true then false, as HoDoKu reads
/// its tables: loops from true premises, loops from false premises, then AICs (from false
/// premises). With a `budget`, the edges followed are counted against it and the search stops
/// when it is used up; without one, the premises whose search could find nothing are skipped.
/// Returns the step found and whether true premises were searched.
fn search_aic(
    board: &Board,
    candidates: &[Cells],
    graph: &Graph,
    mut budget: Option<&mut usize>,
) -> (Option<Deduction>, bool) {
    let geometry = geometry(&board.layout);
    let states = 2 * graph.nodes.len();
    let reach = (budget.is_none() && states <= REACH_MAX_STATES).then(|| Reach::of(graph));
    let mut walk: Option<Walk> = None;
    let mut best = Best::default();
    let mut path = Vec::new();
    let mut eliminated = Vec::new();
    // False premises first: a true premise's chains remove one candidate at most (a loop back
    // to its cell on another digit meets that digit's removal one link in, so only the
    // candidate itself or one other digit of the cell can go), so they are searched only while
    // nothing better is known. Ranks carry HoDoKu's reading order, so the result is the same.
    let mut true_premises = false;
    let mut searched_false = vec![false; graph.singles];
    for premise_on in [false, true] {
        if premise_on && best.rank.is_some_and(|rank| usize::MAX - rank.0 >= 2) {
            break;
        }
        true_premises = premise_on;
        for premise in 0..graph.singles {
            let root = 2 * premise + usize::from(premise_on);
            if let Some(reach) = &reach {
                let may_find = if premise_on {
                    reach.true_premise_may_find(graph, premise, &searched_false)
                } else {
                    reach.false_premise_may_find(board, geometry, candidates, graph, premise, &best)
                };
                if !may_find {
                    continue;
                }
                searched_false[premise] |= !premise_on;
            }
            let walk = walk.get_or_insert_with(|| Walk::new(states));
            let followed = walk.explore(graph, root);
            let start = graph.nodes[premise];
            let start_cell = start.first();
            for k in 1..walk.order.len() {
                let state = walk.order[k] as usize;
                let (node, on) = (state / 2, state % 2 == 1);
                if node >= graph.singles || walk.depth[state] <= 2 {
                    continue;
                }
                let end = graph.nodes[node];
                if end.first() == start_cell {
                    if !chain_path(graph, walk, state, &mut path, true) {
                        continue;
                    }
                    nice_loop(
                        board,
                        geometry,
                        candidates,
                        graph,
                        &path,
                        premise_on,
                        &mut eliminated,
                        &mut best,
                    );
                } else if !premise_on && on {
                    open_chain(
                        board, geometry, candidates, graph, walk, state, &mut path, &mut best,
                    );
                }
            }
            if let Some(budget) = budget.as_deref_mut() {
                *budget = budget.saturating_sub(followed);
                if *budget == 0 {
                    return (best.into_step(), true_premises);
                }
            }
        }
    }
    (best.into_step(), true_premises)
}

/// Whether the chain along `path` passes through a cell twice (a lasso): each node's first
/// cell is checked against the cells of the nodes before the one just before it. A loop may
/// come back to its start cell.
fn lasso(graph: &Graph, path: &[u32], start_cell: usize, is_loop: bool) -> bool {
    let mut seen = Cells::EMPTY;
    let mut last: Option<usize> = None;
    for &state in path {
        let node = state as usize / 2;
        if seen.contains(graph.nodes[node].first()) {
            return true;
        }
        if let Some(prev) = last
            && (!is_loop || graph.nodes[prev].first() != start_cell)
        {
            seen = seen.or(&graph.cover(prev));
        }
        last = Some(node);
    }
    false
}

/// Fills `path` with a chain from the root to `state` that HoDoKu accepts: no lasso, and for a
/// loop, a first link leaving the start cell and a last link coming back from another. The
/// breadth-first path comes first; if it fails, the other predecessors of `state` reached at
/// the same depth are tried (HoDoKu's tables keep one predecessor of an implication, not
/// necessarily the search's). Returns whether one was found.
fn chain_path(
    graph: &Graph,
    walk: &Walk,
    state: usize,
    path: &mut Vec<u32>,
    is_loop: bool,
) -> bool {
    let start_cell = graph.nodes[walk.order[0] as usize / 2].first();
    let accept = |path: &[u32]| {
        let cell = |i: usize| graph.nodes[path[i] as usize / 2].first();
        let last = path.len() - 1;
        !(is_loop && (cell(1) == start_cell || cell(last - 1) == start_cell))
            && !lasso(graph, path, start_cell, is_loop)
    };
    walk.path(state, path);
    if accept(path) {
        return true;
    }
    let depth = walk.depth[state];
    for before in graph.predecessors(state) {
        if before == walk.parent[state] as usize
            || !walk.seen(before)
            || walk.depth[before] + 1 != depth
        {
            continue;
        }
        walk.path(before, path);
        path.push(state as u32);
        if accept(path) {
            return true;
        }
    }
    false
}

/// A chain of `path` as written, with its links.
fn chain_of(graph: &Graph, path: &[u32], kind: Kind, explainer_tenths: u16) -> Chain {
    Chain {
        kind,
        grouped: path.iter().any(|&s| s as usize / 2 >= graph.singles),
        nodes: path.iter().map(|&s| graph.nodes[s as usize / 2]).collect(),
        strong: path[1..].iter().map(|&s| s % 2 == 1).collect(),
        explainer_tenths,
    }
}

/// Sudoku Explainer's base rating of a chain along `path`, in tenths: 6.6 when every link
/// joins one digit in two cells (6.5 for a cycle, which may also use only cell links: every
/// strong link inside a cell), 7.0 with both kinds, 8.0 with grouped nodes.
fn explainer_base(graph: &Graph, path: &[u32], cycle: bool) -> u16 {
    if path.iter().any(|&s| s as usize / 2 >= graph.singles) {
        return 80;
    }
    let node = |s: u32| graph.nodes[s as usize / 2];
    let x_only = path.windows(2).all(|w| {
        let (a, b) = (node(w[0]), node(w[1]));
        a.digit == b.digit && a.first() != b.first()
    });
    let y_only = path
        .windows(2)
        .all(|w| w[1] % 2 == 0 || node(w[0]).first() == node(w[1]).first());
    match (cycle, x_only, y_only) {
        (true, true, _) | (true, _, true) => 65,
        (false, true, _) => 66,
        _ => 70,
    }
}

/// A chain from the premise back to its own cell: HoDoKu's nice loop rules.
#[allow(clippy::too_many_arguments)]
fn nice_loop(
    board: &Board,
    geometry: &ChainTables,
    candidates: &[Cells],
    graph: &Graph,
    path: &[u32],
    premise_on: bool,
    eliminated: &mut Vec<(usize, u8)>,
    best: &mut Best,
) {
    let node = |i: usize| graph.nodes[path[i] as usize / 2];
    let on = |i: usize| path[i] % 2 == 1;
    let last = path.len() - 1;
    let start = node(0);
    let start_cell = start.first();
    // The first link must leave the start cell and the last come back from another.
    if node(1).first() == start_cell || node(last - 1).first() == start_cell {
        return;
    }
    if lasso(graph, path, start_cell, true) {
        return;
    }
    let (first_strong, last_strong) = (!premise_on, on(last));
    let (start_digit, end_digit) = (start.digit, node(last).digit);
    let cands = board.cands[start_cell];
    eliminated.clear();
    let links = last;
    let (kind, complexity) = if !first_strong && !last_strong && start_digit == end_digit {
        eliminated.push((start_cell, start_digit));
        (Kind::Discontinuous(Ending::Removes), links + 1)
    } else if first_strong && last_strong && start_digit == end_digit {
        eliminated.extend(digits(cands & !(1 << start_digit)).map(|d| (start_cell, d)));
        (Kind::Discontinuous(Ending::Holds), links + 1)
    } else if first_strong != last_strong && start_digit != end_digit {
        let gone = if first_strong { end_digit } else { start_digit };
        eliminated.push((start_cell, gone));
        (Kind::Discontinuous(Ending::Excludes), links + 2)
    } else if (!first_strong && !last_strong && cands.count_ones() == 2)
        || (first_strong && last_strong)
    {
        let two_strong = first_strong && last_strong;
        continuous_eliminations(
            board, geometry, candidates, graph, path, two_strong, eliminated,
        );
        // The cycle's potentials: every node, the start cell's two digits included.
        (Kind::ContinuousLoop, links + 1)
    } else {
        return;
    };
    if eliminated.is_empty() {
        return;
    }
    let phase = if premise_on { 0 } else { 1 };
    let rank = rank(eliminated, path.len(), phase);
    if !best.beaten_by(&rank) {
        return;
    }
    let base = match explainer_base(graph, path, kind == Kind::ContinuousLoop) {
        // One digit forcing another in its cell needs a link inside the cell.
        66 if kind == Kind::Discontinuous(Ending::Excludes) => 70,
        base => base,
    };
    let chain = chain_of(graph, path, kind, base + length_increment(complexity));
    let mut kept = eliminated.clone();
    kept.dedup();
    best.keep(rank, chain, kept);
}

/// What a continuous nice loop removes: along each weak link between cells, the digit from
/// cells seeing both ends (off the loop); in each cell the loop enters and leaves by strong
/// links on two digits, every other digit.
fn continuous_eliminations(
    board: &Board,
    geometry: &ChainTables,
    candidates: &[Cells],
    graph: &Graph,
    path: &[u32],
    start_two_strong: bool,
    eliminated: &mut Vec<(usize, u8)>,
) {
    let node = |i: usize| graph.nodes[path[i] as usize / 2];
    let on = |i: usize| path[i] % 2 == 1;
    let cell = |i: usize| node(i).first();
    let last = path.len() - 1;
    let start_cell = cell(0);
    let on_loop = path
        .iter()
        .fold(Cells::EMPTY, |set, &s| set.or(&graph.cover(s as usize / 2)));
    for i in 0..=last {
        let two_strong = if i == 0 {
            start_two_strong
        } else {
            on(i)
                && i + 2 <= last
                && cell(i - 1) != cell(i)
                && !on(i + 1)
                && cell(i) == cell(i + 1)
                && on(i + 2)
                && cell(i + 1) != cell(i + 2)
        };
        if two_strong {
            let keep = if i == 0 {
                (1u32 << node(0).digit) | (1 << node(last).digit)
            } else {
                (1u32 << node(i).digit) | (1 << node(i + 2).digit)
            };
            let c = cell(i);
            eliminated.extend(digits(board.cands[c] & !keep).map(|d| (c, d)));
        }
        if i > 0 && !on(i) && cell(i - 1) != cell(i) {
            let digit = node(i).digit;
            let mut common = graph
                .buddies(geometry, path[i - 1] as usize / 2)
                .and(&graph.buddies(geometry, path[i] as usize / 2))
                .and(&candidates[digit as usize])
                .minus(&on_loop);
            common.remove(start_cell);
            eliminated.extend(common.iter().map(|c| (c, digit)));
        }
    }
    eliminated.sort_unstable();
    eliminated.dedup();
}

/// What an open chain from a false candidate to a true one in another cell removes.
enum OpenEnds {
    /// One digit: the cells seeing both ends that hold it (two or more: one cell would be a
    /// discontinuous nice loop through that cell).
    Same(Cells),
    /// Two digits, ends that see each other and each hold the other's digit: each end loses
    /// the other's digit.
    Crossed,
}

impl OpenEnds {
    fn count(&self) -> usize {
        match self {
            OpenEnds::Same(cells) => cells.count(),
            OpenEnds::Crossed => 2,
        }
    }
}

/// What an open chain from `start` (false) to `end` (true) removes, if anything.
fn open_ends(
    board: &Board,
    geometry: &ChainTables,
    candidates: &[Cells],
    start: Node,
    end: Node,
) -> Option<OpenEnds> {
    let (s, e) = (start.first(), end.first());
    if start.digit == end.digit {
        let common = geometry.peers[s]
            .and(&geometry.peers[e])
            .and(&candidates[start.digit as usize]);
        common.has_two().then_some(OpenEnds::Same(common))
    } else {
        (geometry.peers[s].contains(e) && board.has(e, start.digit) && board.has(s, end.digit))
            .then_some(OpenEnds::Crossed)
    }
}

/// A chain from a false premise to a true candidate in another cell: HoDoKu's AIC rules.
#[allow(clippy::too_many_arguments)]
fn open_chain(
    board: &Board,
    geometry: &ChainTables,
    candidates: &[Cells],
    graph: &Graph,
    walk: &Walk,
    state: usize,
    path: &mut Vec<u32>,
    best: &mut Best,
) {
    let start_state = walk.order[0] as usize;
    let start = graph.nodes[start_state / 2];
    let end = graph.nodes[state / 2];
    let (s, e) = (start.first(), end.first());
    let nodes = walk.depth[state] as usize + 1;
    let Some(ends) = open_ends(board, geometry, candidates, start, end) else {
        return;
    };
    if !best.admits(&ends) {
        return;
    }
    let (rank, eliminated) = match ends {
        OpenEnds::Same(common) => {
            let rank = rank_of_cells(common, start.digit, nodes, 2);
            if !best.beaten_by(&rank) {
                return;
            }
            (rank, common.iter().map(|c| (c, start.digit)).collect())
        }
        OpenEnds::Crossed => {
            let mut eliminated = vec![(s, end.digit), (e, start.digit)];
            let rank = rank(&mut eliminated, nodes, 2);
            if !best.beaten_by(&rank) {
                return;
            }
            (rank, eliminated)
        }
    };
    if !chain_path(graph, walk, state, path, false) {
        return;
    }
    let base = if start.digit == end.digit {
        explainer_base(graph, path, false)
    } else if path.iter().any(|&st| st as usize / 2 >= graph.singles) {
        80
    } else {
        70
    };
    // A cell seeing both ends (or an end's other digit) is false two links past the ends.
    let complexity = nodes - 1 + 3;
    let chain = chain_of(graph, path, Kind::Aic, base + length_increment(complexity));
    best.keep(rank, chain, eliminated);
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Grid, Shape};

    use super::*;
    use crate::technique::Order;
    use crate::techniques::testing::*;

    fn row(r: usize) -> Vec<usize> {
        (1..=9).map(|c| rc(r, c)).collect()
    }

    fn column(c: usize) -> Vec<usize> {
        (1..=9).map(|r| rc(r, c)).collect()
    }

    /// Leaves `digit` in `line` only at `kept`.
    fn only(board: &mut Board, digit: u8, line: &[usize], kept: &[usize]) {
        remove(
            board,
            digit,
            line.iter().copied().filter(|c| !kept.contains(c)),
        );
    }

    fn chain_of_step(step: &Deduction) -> &Chain {
        match &step.pattern {
            Pattern::Chain(chain) => chain,
            other => panic!("not a chain: {other:?}"),
        }
    }

    #[test]
    fn a_remote_pair_removes_both_digits_where_two_cells_of_opposite_parity_are_seen() {
        let mut board = open_board();
        // {1,2} in r1c1 - r1c5 (row 1) - r5c5 (column 5) - r5c2 (row 5): the ends are three links
        // apart, so one is 1 and the other 2. Cells seeing both: r1c2 (row 1, column 2), r2c2
        // and r3c2 (box 1, column 2), r5c1 (column 1, row 5), r4c1 and r6c1 (column 1, box 4).
        for cell in [rc(1, 1), rc(1, 5), rc(5, 5), rc(5, 2)] {
            keep(&mut board, cell, &[1, 2]);
        }
        let step = remote_pair(&board).expect("a remote pair");
        let cells = [rc(1, 2), rc(2, 2), rc(3, 2), rc(4, 1), rc(5, 1), rc(6, 1)];
        let expected: Vec<(usize, u8)> = cells.iter().flat_map(|&c| [(c, 1), (c, 2)]).collect();
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "remote pair 1/2: r1c1 - r1c5 - r5c5 - r5c2 each hold only 1 and 2 and see the \
             next, so they alternate between them, and a cell seeing two an odd number of links \
             apart loses both: removes 1 from r1c2, r2c2, r3c2, r4c1, r5c1 and r6c1; 2 from \
             r1c2, r2c2, r3c2, r4c1, r5c1 and r6c1"
        );
        let chain = chain_of_step(&step);
        assert_eq!(chain.technique(), Technique::RemotePair);
        assert_eq!(chain.hodoku(), HodokuStep::new(Level::Hard, 110));
        // Sudoku Explainer: 7 links through 4 cells, 2 more to a cell seeing both ends: 10
        // potentials, 7.0 + 0.2.
        assert!((chain.explainer() - 7.2).abs() < 1e-6);
        // Three cells are not a remote pair.
        let mut three = open_board();
        for cell in [rc(1, 1), rc(1, 5), rc(5, 5)] {
            keep(&mut three, cell, &[1, 2]);
        }
        assert_eq!(remote_pair(&three), None);
    }

    #[test]
    fn a_remote_pair_on_a_six_by_six_board() {
        let mut board = Board::new(&Grid::empty(Shape::S6)).unwrap();
        let at = |r: usize, c: usize| (r - 1) * 6 + c - 1;
        // Boxes of 2 rows by 3 columns. {1,2} in r1c1 - r1c4 (row 1) - r4c4 (column 4) - r4c2
        // (row 4). Seeing r1c1 and r4c2: r1c2 (row 1, column 2), r2c2 (box 1, column 2), r3c1
        // (column 1, box of rows 3-4), r4c1 (column 1, row 4).
        for cell in [at(1, 1), at(1, 4), at(4, 4), at(4, 2)] {
            keep(&mut board, cell, &[1, 2]);
        }
        let step = remote_pair(&board).expect("a remote pair");
        let cells = [at(1, 2), at(2, 2), at(3, 1), at(4, 1)];
        let expected: Vec<(usize, u8)> = cells.iter().flat_map(|&c| [(c, 1), (c, 2)]).collect();
        assert_eq!(sorted(&step), expected);
    }

    #[test]
    fn an_x_chain_removes_its_digit_where_both_ends_are_seen() {
        let mut board = open_board();
        // 7's conjugate pairs: r1c1=r1c5 (row 1), r1c5=r4c5 (column 5), r4c5=r4c2 (row 4).
        // X-Chain r1c1 = r1c5 - r4c5 = r4c2: one end is 7. Seeing r1c1 and r4c2 with 7: r2c2
        // and r3c2 (box 1, column 2), r5c1 and r6c1 (column 1, box 4); r1c2 and r4c1 lost 7.
        only(&mut board, 7, &row(1), &[rc(1, 1), rc(1, 5)]);
        only(&mut board, 7, &column(5), &[rc(1, 5), rc(4, 5)]);
        only(&mut board, 7, &row(4), &[rc(4, 5), rc(4, 2)]);
        let step = x_chain(&board, crate::techniques::unchanged::EVERY_DIGIT).expect("an X-chain");
        let expected = [rc(2, 2), rc(3, 2), rc(5, 1), rc(6, 1)].map(|c| (c, 7));
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "X-Chain r1c1=7 = r1c5=7 - r4c5=7 = r4c2=7: one of its ends is 7, so cells seeing \
             both lose it: removes 7 from r2c2, r3c2, r5c1 and r6c1"
        );
        let chain = chain_of_step(&step);
        assert_eq!(chain.hodoku(), HodokuStep::new(Level::Unfair, 260));
        // Sudoku Explainer's Turbot Fish: 6 potentials, 6.6.
        assert!((chain.explainer() - 6.6).abs() < 1e-6);
    }

    #[test]
    fn an_xy_chain_removes_the_shared_digit_of_its_ends() {
        let mut board = open_board();
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c2 {4,1}: if r1c1 is not 1 it is 2, so r1c5
        // is 3, r5c5 is 4 and r5c2 is 1. Seeing r1c1 and r5c2: r1c2, r2c2, r3c2, r4c1, r5c1,
        // r6c1.
        keep(&mut board, rc(1, 1), &[1, 2]);
        keep(&mut board, rc(1, 5), &[2, 3]);
        keep(&mut board, rc(5, 5), &[3, 4]);
        keep(&mut board, rc(5, 2), &[4, 1]);
        let step = xy_chain(&board).expect("an XY-chain");
        let expected = [rc(1, 2), rc(2, 2), rc(3, 2), rc(4, 1), rc(5, 1), rc(6, 1)].map(|c| (c, 1));
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "XY-Chain r1c1=1 = r1c1=2 - r1c5=2 = r1c5=3 - r5c5=3 = r5c5=4 - r5c2=4 = r5c2=1: \
             one of its ends is 1, so cells seeing both lose it: removes 1 from r1c2, r2c2, \
             r3c2, r4c1, r5c1 and r6c1"
        );
        let chain = chain_of_step(&step);
        assert_eq!(chain.technique(), Technique::XyChain);
        // 4 cells: 10 potentials, 7.0 + 0.2.
        assert!((chain.explainer() - 7.2).abs() < 1e-6);
    }

    #[test]
    fn an_aic_mixes_conjugate_pairs_and_bivalue_cells() {
        let mut board = open_board();
        // Strong links: 1 in row 1 only at r1c1, r1c5; bivalue r5c5 {1,2}, r5c7 {2,3}, r3c7
        // {3,1}. Chain r1c1=1 = r1c5=1 - r5c5=1 = r5c5=2 - r5c7=2 = r5c7=3 - r3c7=3 = r3c7=1:
        // r1c1 or r3c7 is 1. Seeing both with 1: r3c1, r3c2, r3c3 (box 1 and row 3); r1c7 to
        // r1c9 lost their 1. No other chain removes as much (the strong links form one path).
        only(&mut board, 1, &row(1), &[rc(1, 1), rc(1, 5)]);
        keep(&mut board, rc(5, 5), &[1, 2]);
        keep(&mut board, rc(5, 7), &[2, 3]);
        keep(&mut board, rc(3, 7), &[3, 1]);
        let step = aic(&board).expect("an AIC");
        assert_eq!(
            sorted(&step),
            [rc(3, 1), rc(3, 2), rc(3, 3)].map(|c| (c, 1))
        );
        assert_eq!(
            step.describe(&board),
            "AIC r1c1=1 = r1c5=1 - r5c5=1 = r5c5=2 - r5c7=2 = r5c7=3 - r3c7=3 = r3c7=1: one of \
             its ends is 1, so cells seeing both lose it: removes 1 from r3c1, r3c2 and r3c3"
        );
        let chain = chain_of_step(&step);
        assert_eq!(chain.technique(), Technique::Aic);
        assert_eq!(chain.hodoku(), HodokuStep::new(Level::Unfair, 280));
        // 7 links, 2 more to a cell seeing both ends: 10 potentials, both kinds of link: 7.2.
        assert!((chain.explainer() - 7.2).abs() < 1e-6);
    }

    #[test]
    fn a_discontinuous_nice_loop_removes_a_candidate_that_removes_itself() {
        let mut board = open_board();
        // Bivalue r5c5 {1,2}, r5c7 {2,3}, r3c7 {3,1}: r5c5 or r3c7 is 1, and only r3c5 sees
        // both with 1. If r3c5 were 1, r3c7 would be 3, r5c7 2, r5c5 1, and r3c5 not 1.
        keep(&mut board, rc(5, 5), &[1, 2]);
        keep(&mut board, rc(5, 7), &[2, 3]);
        keep(&mut board, rc(3, 7), &[3, 1]);
        let step = aic(&board).expect("a nice loop");
        assert_eq!(step.eliminated, vec![(rc(3, 5), 1)]);
        assert_eq!(
            step.describe(&board),
            "discontinuous nice loop r3c5=1 - r3c7=1 = r3c7=3 - r5c7=3 = r5c7=2 - r5c5=2 = \
             r5c5=1 - r3c5=1: 1 in r3c5 would remove itself: removes 1 from r3c5"
        );
        // 7 links from r3c5=1 to its negation: 8 potentials, 7.0 + 0.1.
        assert!((chain_of_step(&step).explainer() - 7.1).abs() < 1e-6);
    }

    #[test]
    fn a_continuous_nice_loop_removes_along_its_weak_links_and_in_its_two_digit_cells() {
        let mut board = open_board();
        // 1 in row 1 only at r1c1, r1c5; 2 in column 5 only at r1c5, r5c5, and in column 1 only
        // at r1c1, r5c1. The loop r1c1=1 = r1c5=1 - r1c5=2 = r5c5=2 - r5c1=2 = r1c1=2 - r1c1=1
        // closes: r1c1 and r1c5 each hold 1 or 2 (so lose 3 to 9), and one of r5c5, r5c1 is 2
        // (so the rest of row 5 loses 2). The AICs along it remove only one line's 2s.
        only(&mut board, 1, &row(1), &[rc(1, 1), rc(1, 5)]);
        only(&mut board, 2, &column(5), &[rc(1, 5), rc(5, 5)]);
        only(&mut board, 2, &column(1), &[rc(1, 1), rc(5, 1)]);
        let step = aic(&board).expect("a nice loop");
        let mut expected: Vec<(usize, u8)> = Vec::new();
        for cell in [rc(1, 1), rc(1, 5)] {
            expected.extend((3..=9).map(|d| (cell, d)));
        }
        expected.extend([2, 3, 4, 6, 7, 8, 9].map(|c| (rc(5, c), 2)));
        expected.sort();
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            format!(
                "continuous nice loop r1c1=1 = r1c5=1 - r1c5=2 = r5c5=2 - r5c1=2 = r1c1=2: the \
                 loop closes, so one end of each of its weak links is true and cells seeing \
                 both ends lose that digit, and a cell it enters and leaves by strong links \
                 holds one of those two digits: {}",
                removals(&board.layout, &step.eliminated)
            )
        );
        // A cycle of 6 potentials with both kinds of link: 7.0.
        assert!((chain_of_step(&step).explainer() - 7.0).abs() < 1e-6);
    }

    #[test]
    fn a_grouped_aic_links_through_a_box_line_group() {
        let mut board = open_board();
        // In box 2, 1 lies only in r1c5, r3c4, r3c6: r1c5 = r3c46 (a strong link to a group).
        // Bivalue r1c2 {1,2} and r3c8 {1,2}. Chain r1c2=2 = r1c2=1 - r1c5=1 = r3c46=1 - r3c8=1 =
        // r3c8=2: r1c2 or r3c8 is 2. Seeing both with 2: r1c7, r1c8, r1c9 (row 1, box 3) and
        // r3c1, r3c2, r3c3 (box 1, row 3). Without groups there is no chain: no unit holds 1
        // or 2 twice, and the two bivalue cells do not see each other.
        remove(
            &mut board,
            1,
            [rc(1, 4), rc(1, 6), rc(2, 4), rc(2, 5), rc(2, 6), rc(3, 5)],
        );
        keep(&mut board, rc(1, 2), &[1, 2]);
        keep(&mut board, rc(3, 8), &[1, 2]);
        let candidates = digit_cells(&board);
        let plain = Graph::build(&board, geometry(&board.layout), &candidates);
        assert_eq!(search_aic(&board, &candidates, &plain, None).0, None);
        let step = aic(&board).expect("a grouped AIC");
        let expected = [rc(1, 7), rc(1, 8), rc(1, 9), rc(3, 1), rc(3, 2), rc(3, 3)].map(|c| (c, 2));
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "grouped AIC r1c2=2 = r1c2=1 - r1c5=1 = r3c46=1 - r3c8=1 = r3c8=2: one of its ends \
             is 2, so cells seeing both lose it: removes 2 from r1c7, r1c8, r1c9, r3c1, r3c2 and \
             r3c3"
        );
        let chain = chain_of_step(&step);
        assert_eq!(chain.hodoku(), HodokuStep::new(Level::Unfair, 300));
        // Beyond simple chains for Sudoku Explainer: 8.0, and 8 potentials add 0.1.
        assert!((chain.explainer() - 8.1).abs() < 1e-6);
    }

    #[test]
    fn sudoku_explainer_adds_a_tenth_past_each_length_bound() {
        // Lengths (potentials - 2) past 4, 6, 8, 12, 16, 24 add 0.1 each.
        let increments: Vec<u16> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27]
            .iter()
            .map(|&c| length_increment(c))
            .collect();
        assert_eq!(increments, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }

    /// Soundness on the first `count` puzzles of top1465 and half as many of each other set.
    fn soundness(technique: Technique, count: usize) {
        sound_on_sets(technique, [count, count / 2, count / 2]);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn remote_pairs_are_sound() {
        soundness(Technique::RemotePair, 60);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn x_chains_are_sound() {
        soundness(Technique::XChain, 30);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn xy_chains_are_sound() {
        soundness(Technique::XyChain, 30);
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn aics_are_sound() {
        soundness(Technique::Aic, 6);
    }

    /// The graphs, plain and grouped, of every position along HoDoKu's solve of the first
    /// `count` puzzles of each public set, with each position and its candidates' places.
    fn solve_graphs(count: usize) -> Vec<(Board, Vec<Cells>, Graph)> {
        let mut graphs = Vec::new();
        for file in [
            "puzzles3_magictour_top1465",
            "puzzles6_forum_hardest_1106",
            "puzzles2_17_clue",
        ] {
            for puzzle in shared_puzzles(file, count) {
                let mut board = Board::new(&puzzle).expect("clues that do not conflict");
                while let Some(step) = crate::techniques::first(&board, Order::Hodoku) {
                    let candidates = digit_cells(&board);
                    let geometry = geometry(&board.layout);
                    let plain = Graph::build(&board, geometry, &candidates);
                    if let Some(grouped) = plain.with_groups(&board, geometry, &candidates) {
                        graphs.push((board.clone(), candidates.clone(), grouped));
                    }
                    graphs.push((board.clone(), candidates, plain));
                    step.apply(&mut board);
                }
            }
        }
        graphs
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn skipping_premises_finds_the_same_steps_and_counts_the_same_work() {
        let graphs = solve_graphs(4);
        for (board, candidates, graph) in &graphs {
            let mut budget = usize::MAX;
            let (step, true_premises) = search_aic(board, candidates, graph, Some(&mut budget));
            assert_eq!(
                search_aic(board, candidates, graph, None),
                (step, true_premises)
            );
            assert_eq!(usize::MAX - budget, graph.work(true_premises));
        }
        assert!(graphs.len() > 100, "{} graphs", graphs.len());
    }

    #[test]
    #[cfg_attr(missing_public_datasets, ignore = "needs the public datasets")]
    fn every_link_has_its_contrapositive() {
        // A link from `a` to `b` comes with one from not-`b` to not-`a`: weak links go both
        // ways between true states, strong ones between false states.
        for (_, _, graph) in solve_graphs(2) {
            for state in 0..2 * graph.nodes.len() {
                for &target in graph.edges(state) {
                    let back = graph.edges(target as usize ^ 1);
                    assert!(back.contains(&(state as u32 ^ 1)), "{state} -> {target}");
                }
            }
        }
    }
}
