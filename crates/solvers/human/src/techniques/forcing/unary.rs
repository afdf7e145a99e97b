//! Forcing chains and cycles from one candidate (Sudoku Explainer's `Chaining(false, false,
//! false, 0)`): bidirectional X-, Y- and XY-cycles, and forcing X- and XY-chains that lead from a
//! candidate to its own negation. Static links only; each search is layered (all nodes on of a
//! depth, then all nodes off), so a chain found at depth `L` has a known length and searches stop
//! as soon as nothing they could still find would beat the best so far.

use super::closure::Closure;
use super::net::{Engine, Mode, NONE, Net, Space};
use super::{Found, Key, Kind, Term};

/// Which links a pass uses: X (units only), Y (cells, from bivalue cells), or both.
#[derive(Clone, Copy)]
struct Pass {
    cells: bool,
    units: bool,
}

/// Sudoku Explainer's passes, in its order: X-cycles and X-chains, Y-cycles, then both.
const PASSES: [Pass; 3] = [
    Pass {
        cells: false,
        units: true,
    },
    Pass {
        cells: true,
        units: false,
    },
    Pass {
        cells: true,
        units: true,
    },
];

/// The easiest forcing chain or cycle: least rating, then length, then kind (X before Y before
/// XY), then Sudoku Explainer's scan order.
pub(super) fn search(
    engine: &mut Engine,
    net: &mut Net,
    grid: &[u32],
    all: Option<&mut Vec<Found>>,
) -> Option<Found> {
    // Static links: the places of the grid as it is, read by every link below.
    engine.load(grid);
    // Every hint of this search refutes some candidate, which the closure sees first.
    let mut closure = std::mem::take(&mut engine.closure);
    closure.build(engine, grid);
    let found = if closure.refutes_any() || super::unfiltered() {
        closure.find_loops(engine, grid);
        search_in(engine, net, grid, &closure, all)
    } else {
        None
    };
    engine.closure = closure;
    found
}

/// [`search`] once the closure shows some candidate refuted: forcing chains start only from
/// the assumptions that reach their own negation, cycles only where one could remove something.
fn search_in(
    engine: &mut Engine,
    net: &mut Net,
    grid: &[u32],
    closure: &Closure,
    mut all: Option<&mut Vec<Found>>,
) -> Option<Found> {
    let layout = engine.layout.clone();
    let space = engine.space;
    let mut best: Option<Found> = None;
    let mut arena: Vec<(u32, u32)> = Vec::new();
    let mut on_mark = vec![false; space.count()];
    let mut cycles: Vec<u32> = Vec::new();
    for pass in PASSES {
        let cycle_base = if pass.cells && pass.units { 70 } else { 65 };
        let cycle_sort = match (pass.cells, pass.units) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        };
        let chain_base = if pass.cells { 70 } else { 66 };
        let chain_sort = if pass.cells { 4 } else { 2 };
        for cell in 0..layout.cell_count() {
            let count = grid[cell].count_ones();
            if count < 2 || (!pass.units && count > 2) {
                continue;
            }
            let mut digits = grid[cell];
            while digits != 0 {
                let digit = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                let start = space.node(cell, digit, true);
                let limit = match all {
                    Some(_) => u32::MAX,
                    None => max_complexity(best.as_ref().map(|b| b.key), cycle_base, cycle_sort),
                };
                if limit >= 4 && (closure.may_loop(start) || super::unfiltered()) {
                    find_cycles(
                        engine,
                        grid,
                        start,
                        pass,
                        limit,
                        &mut arena,
                        &mut on_mark,
                        &mut cycles,
                    );
                    for &found in &cycles {
                        let path = arena_path(&arena, found);
                        let complexity = path.len() as u32 - 1;
                        let key = Key::new(cycle_base, complexity, cycle_sort);
                        if all.is_none() && !key.beats(best.as_ref().map(|b| b.key)) {
                            continue;
                        }
                        let eliminated = cycle_eliminations(engine, grid, &path);
                        if eliminated.is_empty() {
                            continue;
                        }
                        let found = Found {
                            key,
                            kind: Kind::Cycle {
                                cells: pass.cells,
                                units: pass.units,
                            },
                            chains: vec![terms(space, &path)],
                            placed: None,
                            eliminated,
                        };
                        match all.as_deref_mut() {
                            Some(all) => all.push(found),
                            None => best = Some(found),
                        }
                    }
                }
                if !pass.units {
                    continue;
                }
                for assumed in [start, start ^ 1] {
                    if !closure.refutes(assumed) && !super::unfiltered() {
                        continue;
                    }
                    let limit = match all {
                        Some(_) => u32::MAX,
                        None => {
                            max_complexity(best.as_ref().map(|b| b.key), chain_base, chain_sort)
                        }
                    };
                    if limit < 2 {
                        continue;
                    }
                    let Some(target) = forcing(engine, net, grid, assumed, pass, limit) else {
                        continue;
                    };
                    let path = net.path(target);
                    let key = Key::new(chain_base, path.len() as u32, chain_sort);
                    if all.is_none() && !key.beats(best.as_ref().map(|b| b.key)) {
                        continue;
                    }
                    let (placed, eliminated) = if Space::on(target) {
                        (Some((cell, digit)), Vec::new())
                    } else {
                        (None, vec![(cell, digit)])
                    };
                    let found = Found {
                        key,
                        kind: Kind::Chain { cells: pass.cells },
                        chains: vec![terms(space, &path)],
                        placed,
                        eliminated,
                    };
                    match all.as_deref_mut() {
                        Some(all) => all.push(found),
                        None => best = Some(found),
                    }
                }
            }
        }
    }
    best
}

/// The longest chain of a kind (base rating, sort rank) that would still beat `best`.
pub(super) fn max_complexity(best: Option<Key>, base: u32, sort: u8) -> u32 {
    let Some(best) = best else {
        return u32::MAX;
    };
    let mut complexity = 0;
    while complexity < 100_000 && Key::new(base, complexity + 1, sort).beats(Some(best)) {
        complexity += 1;
    }
    complexity
}

fn arena_path(arena: &[(u32, u32)], mut at: u32) -> Vec<u32> {
    let mut path = Vec::new();
    while at != NONE {
        path.push(arena[at as usize].0);
        at = arena[at as usize].1;
    }
    path.reverse();
    path
}

pub(super) fn terms(space: Space, path: &[u32]) -> Vec<Term> {
    path.iter()
        .map(|&node| Term {
            cell: space.cell(node),
            digit: space.digit(node),
            on: Space::on(node),
        })
        .collect()
}

/// Whether `ancestor` lies on the first-parent path above arena entry `at`.
fn above(arena: &[(u32, u32)], at: u32, node: u32) -> bool {
    let mut p = arena[at as usize].1;
    while p != NONE {
        if arena[p as usize].0 == node {
            return true;
        }
        p = arena[p as usize].1;
    }
    false
}

/// Sudoku Explainer's cycle search from `start` (on): nodes off are not merged (each keeps its
/// own path, so every loop back to `start` is seen), nodes on are. Each arena entry is (node,
/// parent entry). Loops of at most `limit` links back to `start` land in `cycles`.
#[allow(clippy::too_many_arguments)]
fn find_cycles(
    engine: &mut Engine,
    grid: &[u32],
    start: u32,
    pass: Pass,
    limit: u32,
    arena: &mut Vec<(u32, u32)>,
    on_mark: &mut [bool],
    cycles: &mut Vec<u32>,
) {
    arena.clear();
    cycles.clear();
    let mode = Mode {
        cells: pass.cells,
        units: pass.units,
        dynamic: false,
        level: 0,
    };
    arena.push((start, NONE));
    let mut marked = vec![start];
    on_mark[start as usize] = true;
    let mut pending_on = vec![0u32];
    let mut pending_off = Vec::new();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        if length > limit {
            break;
        }
        for &entry in &pending_on {
            let from = arena[entry as usize].0;
            engine.each_link(
                grid,
                from,
                mode,
                #[inline(always)]
                |off, _| {
                    if !above(arena, entry, off) {
                        arena.push((off, entry));
                        pending_off.push(arena.len() as u32 - 1);
                    }
                    false
                },
            );
        }
        pending_on.clear();
        length += 1;
        if length > limit {
            break;
        }
        for &entry in &pending_off {
            let from = arena[entry as usize].0;
            engine.each_link(
                grid,
                from,
                mode,
                #[inline(always)]
                |on, _| {
                    if length >= 4 && on == start {
                        arena.push((on, entry));
                        cycles.push(arena.len() as u32 - 1);
                    }
                    if !on_mark[on as usize] {
                        on_mark[on as usize] = true;
                        marked.push(on);
                        arena.push((on, entry));
                        pending_on.push(arena.len() as u32 - 1);
                    }
                    false
                },
            );
        }
        pending_off.clear();
    }
    for node in marked {
        on_mark[node as usize] = false;
    }
}

/// One layer of [`forcing`]: every link from the nodes of `from`, each node reached made a
/// member and added to `into`; whether `target` was reached (then linked, not a member).
#[inline(always)]
fn advance(
    engine: &mut Engine,
    net: &mut Net,
    grid: &[u32],
    mode: Mode,
    from: &[u32],
    into: &mut Vec<u32>,
    target: u32,
) -> bool {
    for &p in from {
        let reached = engine.each_link(
            grid,
            p,
            mode,
            #[inline(always)]
            |node, cause| {
                if node == target {
                    net.link(node, &[p], cause, NONE);
                    return true;
                }
                if !net.has(node) {
                    net.insert(node, &[p], cause, NONE);
                    into.push(node);
                }
                false
            },
        );
        if reached {
            return true;
        }
    }
    false
}

/// Sudoku Explainer's forcing chain search from `assumed`: nodes merged, layered; the first
/// path to `assumed`'s negation of at most `limit` nodes, its end linked in `net` (not a member).
fn forcing(
    engine: &mut Engine,
    net: &mut Net,
    grid: &[u32],
    assumed: u32,
    pass: Pass,
    limit: u32,
) -> Option<u32> {
    let mode = Mode {
        cells: pass.cells,
        units: true,
        dynamic: false,
        level: 0,
    };
    let target = assumed ^ 1;
    net.reset();
    net.insert(assumed, &[], super::net::CAUSE_START, NONE);
    let mut pending_on = Vec::new();
    let mut pending_off = Vec::new();
    if Space::on(assumed) {
        pending_on.push(assumed);
    } else {
        pending_off.push(assumed);
    }
    let mut next = Vec::new();
    // A node reached in phase `depth` follows `depth` links: depth + 1 nodes. Phases run from
    // nodes on, then from nodes off; an off assumption starts with its own phase, from nodes
    // off (an empty phase from nodes on counted first would cut its chains a link short of
    // `limit`, and miss one as long as `limit` that beats the best so far).
    let mut depth = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        // Empty only before an off assumption's first phase.
        if !pending_on.is_empty() {
            depth += 1;
            if depth + 1 > limit {
                return None;
            }
            if advance(
                engine,
                net,
                grid,
                mode,
                &pending_on,
                &mut pending_off,
                target,
            ) {
                return Some(target);
            }
            pending_on.clear();
        }
        depth += 1;
        if depth + 1 > limit {
            return None;
        }
        std::mem::swap(&mut next, &mut pending_off);
        if advance(engine, net, grid, mode, &next, &mut pending_on, target) {
            return Some(target);
        }
        next.clear();
    }
    None
}

/// What a cycle removes: each candidate outside the cycle's cells that sees a node of its digit
/// on and a node of its digit off (one of the two is true, whichever way the cycle runs).
fn cycle_eliminations(engine: &Engine, grid: &[u32], path: &[u32]) -> Vec<(usize, u8)> {
    let space = engine.space;
    let layout = &*engine.layout;
    let cells: Vec<usize> = path.iter().map(|&p| space.cell(p)).collect();
    let mut forward: Vec<(usize, u8)> = Vec::new();
    let mut backward: Vec<(usize, u8)> = Vec::new();
    for &node in &path[1..] {
        let (cell, digit) = (space.cell(node), space.digit(node));
        for &peer in layout.peers(cell) {
            if grid[peer] & (1 << digit) != 0 && !cells.contains(&peer) {
                if Space::on(node) {
                    forward.push((peer, digit));
                } else {
                    backward.push((peer, digit));
                }
            }
        }
    }
    let mut eliminated: Vec<(usize, u8)> = forward
        .into_iter()
        .filter(|candidate| backward.contains(candidate))
        .collect();
    eliminated.sort_unstable();
    eliminated.dedup();
    eliminated
}
