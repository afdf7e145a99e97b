//! The basic techniques Sudoku Explainer applies inside a dynamic propagation when its links
//! run out (its "+" level): locked candidates (box–line), hidden pairs, naked pairs, X-Wings, in
//! that order. The first technique that finds anything depending on the propagation's removals
//! adds all its eliminations as nodes off, each with the removals its pattern needed as parents.
//! Nested levels (forcing chains inside propagations) are not applied: those configurations find
//! what level 1 finds.

use super::Found;
use super::multiple::{self, Config, Flat, Nets};
use super::net::{CAUSE_RULE, Engine, NONE, Net};
use crate::layout::Layout;

/// The easiest hint of a dynamic configuration with the basic techniques inside.
pub(super) fn search(
    engine: &mut Engine,
    nets: &mut Nets,
    grid: &[u32],
    config: Config,
) -> Option<Found> {
    if config.level > 1 {
        return None;
    }
    let mut found: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut rules = |engine: &mut Engine, source: &[u32], net: &mut Net, queue: &mut Vec<u32>| {
        found.clear();
        let layout = engine.layout;
        let work = &engine.work;
        let space = engine.space;
        let mut emit = |removable: &[(usize, u8)], parents: &[(usize, u8)]| {
            let parents: Vec<u32> = parents
                .iter()
                .map(|&(c, d)| space.node(c, d, false))
                .filter(|&p| net.has(p))
                .collect();
            if parents.is_empty() {
                return;
            }
            for &(c, d) in removable {
                found.push((space.node(c, d, false), parents.clone()));
            }
        };
        if !locking(layout, source, work, &mut emit) {
            let _ = hidden_pairs(layout, source, work, &mut emit)
                || naked_pairs(layout, source, work, &mut emit)
                || x_wings(layout, source, work, &mut emit);
        }
        let mut added = false;
        for (off, parents) in found.drain(..) {
            if !net.has(off) && !net.has(off ^ 1) {
                net.insert(off, &parents, CAUSE_RULE, NONE);
                queue.push(off);
                added = true;
            }
        }
        added
    };
    multiple::search(engine, nets, grid, config, &mut rules, &mut Flat)
}

type Emit<'e> = dyn FnMut(&[(usize, u8)], &[(usize, u8)]) + 'e;

/// Whether `emit` was called with a pattern that has parents is not known here; each technique
/// returns whether it found any pattern, and the caller stops at the first that did. (Patterns
/// without parents are dropped by `emit`, as Sudoku Explainer drops them.)
fn locking(layout: &Layout, source: &[u32], work: &[u32], emit: &mut Emit) -> bool {
    let n = layout.n;
    let mut any = false;
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    // Box then line (columns, then rows), then line then box (columns, then rows).
    for (box_first, column) in [(true, true), (true, false), (false, true), (false, false)] {
        let mut order: Vec<usize> = (0..layout.segments.len())
            .filter(|&s| (layout.segments[s].line >= n) == column)
            .collect();
        if !box_first {
            order.sort_by_key(|&s| (layout.segments[s].line, layout.segments[s].boxed));
        }
        for s in order {
            let segment = &layout.segments[s];
            let (inside, outside, rest) = if box_first {
                (&segment.cells, &segment.box_rest, &segment.line_rest)
            } else {
                (&segment.cells, &segment.line_rest, &segment.box_rest)
            };
            for digit in 1..=n as u8 {
                let bit = 1u32 << digit;
                let within = inside.iter().filter(|&&c| work[c] & bit != 0).count();
                if within < 2 || outside.iter().any(|&c| work[c] & bit != 0) {
                    continue;
                }
                removable.clear();
                removable.extend(
                    rest.iter()
                        .filter(|&&c| work[c] & bit != 0)
                        .map(|&c| (c, digit)),
                );
                if removable.is_empty() {
                    continue;
                }
                parents.clear();
                parents.extend(
                    outside
                        .iter()
                        .filter(|&&c| source[c] & bit != 0 && work[c] & bit == 0)
                        .map(|&c| (c, digit)),
                );
                any |= !parents.is_empty();
                emit(&removable, &parents);
            }
        }
    }
    any
}

/// The units in Sudoku Explainer's order for subsets: boxes, columns, rows.
fn subset_units(layout: &Layout) -> impl Iterator<Item = usize> {
    let n = layout.n;
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

fn hidden_pairs(layout: &Layout, source: &[u32], work: &[u32], emit: &mut Emit) -> bool {
    let n = layout.n;
    let mut any = false;
    for unit in subset_units(layout) {
        let cells = layout.unit(unit);
        if cells.iter().filter(|&&c| source[c] != 0).count() <= 4 {
            continue;
        }
        let positions = |d: u8| -> u32 {
            cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| work[c] & (1 << d) != 0)
                .fold(0, |set, (k, _)| set | 1 << k)
        };
        for a in 1..=n as u8 {
            for b in a + 1..=n as u8 {
                let (pa, pb) = (positions(a), positions(b));
                if pa == 0 || pb == 0 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let pair = (1u32 << a) | (1 << b);
                let mut removable = Vec::new();
                for (k, &c) in cells.iter().enumerate() {
                    if (pa | pb) & (1 << k) != 0 {
                        let mut others = work[c] & !pair;
                        while others != 0 {
                            removable.push((c, others.trailing_zeros() as u8));
                            others &= others - 1;
                        }
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for (k, &c) in cells.iter().enumerate() {
                    if (pa | pb) & (1 << k) == 0 {
                        for d in [a, b] {
                            if source[c] & (1 << d) != 0 {
                                parents.push((c, d));
                            }
                        }
                    }
                }
                any |= !parents.is_empty();
                emit(&removable, &parents);
            }
        }
    }
    any
}

fn naked_pairs(layout: &Layout, source: &[u32], work: &[u32], emit: &mut Emit) -> bool {
    let mut any = false;
    for unit in subset_units(layout) {
        let cells = layout.unit(unit);
        if cells.iter().filter(|&&c| source[c] != 0).count() < 4 {
            continue;
        }
        for (i, &x) in cells.iter().enumerate() {
            for &y in &cells[i + 1..] {
                if work[x] == 0 || work[y] == 0 || (work[x] | work[y]).count_ones() != 2 {
                    continue;
                }
                let pair = work[x] | work[y];
                let mut removable = Vec::new();
                for &c in cells {
                    if c != x && c != y {
                        let mut hit = work[c] & pair;
                        while hit != 0 {
                            removable.push((c, hit.trailing_zeros() as u8));
                            hit &= hit - 1;
                        }
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in [x, y] {
                    let mut lost = source[c] & !pair;
                    while lost != 0 {
                        parents.push((c, lost.trailing_zeros() as u8));
                        lost &= lost - 1;
                    }
                }
                any |= !parents.is_empty();
                emit(&removable, &parents);
            }
        }
    }
    any
}

fn x_wings(layout: &Layout, source: &[u32], work: &[u32], emit: &mut Emit) -> bool {
    let n = layout.n;
    let mut any = false;
    // Columns as the base, then rows.
    for base_first in [n, 0] {
        let cover_first = n - base_first;
        for digit in 1..=n as u8 {
            let bit = 1u32 << digit;
            let places = |line: usize| -> u32 {
                layout
                    .unit(base_first + line)
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| work[c] & bit != 0)
                    .fold(0, |set, (k, _)| set | 1 << k)
            };
            for a in 0..n {
                let pa = places(a);
                if pa.count_ones() < 2 {
                    continue;
                }
                for b in a + 1..n {
                    let pb = places(b);
                    if pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                        continue;
                    }
                    let cover = pa | pb;
                    let mut removable = Vec::new();
                    for k in 0..n {
                        if cover & (1 << k) == 0 {
                            continue;
                        }
                        for (line, &c) in layout.unit(cover_first + k).iter().enumerate() {
                            if line != a && line != b && work[c] & bit != 0 {
                                removable.push((c, digit));
                            }
                        }
                    }
                    if removable.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for line in [a, b] {
                        for &c in layout.unit(base_first + line) {
                            if source[c] & bit != 0 && work[c] & bit == 0 {
                                parents.push((c, digit));
                            }
                        }
                    }
                    any |= !parents.is_empty();
                    emit(&removable, &parents);
                }
            }
        }
    }
    any
}
