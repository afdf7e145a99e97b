//! The finders: one function per technique, each returning the first instance that makes
//! progress in a position, or `None`.
//!
//! Every finder reads the position only and scans in a fixed order (units rows, columns, boxes
//! or regions, then diagonals, unless said otherwise; cells row-major; digits ascending), so a
//! solve is deterministic. None of them assumes the puzzle has one solution (but the uniqueness
//! finders, which apply only when it is known): each deduction holds in every solution, which is
//! what lets a counting search run after them and still count exactly.

pub(crate) mod als;
pub(crate) mod chains;
mod colouring;
mod direct;
pub(crate) mod exclusion;
pub(crate) mod fish;
pub(crate) mod forcing;
mod intersections;
pub(crate) mod single_digit;
mod singles;
mod subsets;
mod unchanged;
pub(crate) mod uniqueness;
pub(crate) mod wings;

use crate::board::Board;
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::technique::{Order, Technique};

/// The largest side on which the chain searches run: past it, almost locked sets and
/// alternating inference chains grow with the square of the candidates, and forcing chains
/// propagate each of hundreds of assumptions over hundreds of cells, so each costs more than
/// the search that completes the grid instead.
const LARGEST_FOR_CHAINS: usize = 16;
const LARGEST_FOR_FORCING: usize = 9;

/// The first instance of `technique` in `board`. [`Technique::Guess`] is not a finder: `None`.
pub(crate) fn find(technique: Technique, board: &Board, order: Order) -> Option<Deduction> {
    let n = board.layout.n;
    if (technique.is_forcing() && n > LARGEST_FOR_FORCING)
        || (technique.is_chain_search() && n > LARGEST_FOR_CHAINS)
        || !holds_on(technique, &board.layout)
    {
        return None;
    }
    let by_digit =
        |find: &dyn Fn(u32) -> Option<Deduction>| unchanged::by_digit(technique, board, find);
    let aligned = |size| {
        unchanged::since_empty(technique, board, |changes| {
            exclusion::aligned(board, size, changes.map(|c| &c.cells[..]))
        })
    };
    let find = || match technique {
        Technique::NakedSingle => singles::naked_single(board),
        Technique::HiddenSingle => singles::hidden_single(board, order.hidden_single_units()),
        Technique::Pointing => intersections::pointing(board),
        Technique::Claiming => intersections::claiming(board),
        Technique::DirectPointing => direct::pointing(board),
        Technique::DirectClaiming => direct::claiming(board),
        Technique::DirectHiddenPair => direct::hidden(board, 2),
        Technique::DirectHiddenTriple => direct::hidden(board, 3),
        Technique::NakedPair => subsets::naked(board, 2),
        Technique::NakedTriple => subsets::naked(board, 3),
        Technique::HiddenPair => subsets::hidden(board, 2),
        Technique::HiddenTriple => subsets::hidden(board, 3),
        Technique::XWing => by_digit(&|read| fish::fish(board, 2, read)),
        Technique::Swordfish => by_digit(&|read| fish::fish(board, 3, read)),
        Technique::XyWing => wings::xy_wing(board),
        Technique::SimpleColouring => by_digit(&|read| colouring::simple_colouring(board, read)),
        Technique::NakedQuad => subsets::naked(board, 4),
        Technique::HiddenQuad => subsets::hidden(board, 4),
        Technique::Jellyfish => by_digit(&|read| fish::fish(board, 4, read)),
        Technique::FinnedFish => by_digit(&|read| fish::finned(board, read)),
        Technique::Skyscraper => by_digit(&|read| single_digit::skyscraper(board, read)),
        Technique::TwoStringKite => by_digit(&|read| single_digit::two_string_kite(board, read)),
        Technique::TurbotFish => by_digit(&|read| single_digit::turbot_fish(board, read)),
        Technique::EmptyRectangle => by_digit(&|read| single_digit::empty_rectangle(board, read)),
        Technique::XyzWing => wings::xyz_wing(board),
        Technique::WWing => wings::w_wing(board),
        Technique::RemotePair => chains::remote_pair(board),
        Technique::UniqueRectangle => uniqueness::unique_rectangle(board),
        Technique::BugPlusOne => uniqueness::bug(board),
        Technique::AlignedPairExclusion => aligned(2),
        Technique::AlignedTripletExclusion => aligned(3),
        Technique::XChain => by_digit(&|read| chains::x_chain(board, read)),
        Technique::XyChain => chains::xy_chain(board),
        Technique::Aic => chains::aic(board),
        Technique::AlsXz => als::als_xz(board),
        Technique::AlsXyWing => als::als_xy_wing(board),
        Technique::ForcingChain => forcing::forcing_chain(board),
        Technique::Nishio => by_digit(&|read| forcing::nishio(board, read)),
        Technique::MultipleForcingChain => forcing::multiple(board),
        Technique::DynamicForcingChain => forcing::dynamic(board),
        Technique::DynamicForcingChainPlus => forcing::dynamic_plus(board),
        Technique::NestedForcingChain => forcing::nested(board),
        Technique::Guess => None,
    };
    if technique.is_forcing() {
        forcing::remembered(technique, board, find)
    } else {
        find()
    }
}

/// Whether `technique`'s finder applies to the board's variant. Every technique reasons over
/// houses and "sees" and holds on every variant (the crate documentation argues each), but two
/// finders read the boxes as rectangles of the shape (bands and stacks): the finned fish's fin
/// box and the empty rectangle's box. A jigsaw's regions are no rectangles, so these two are
/// skipped there; on a diagonal board the boxes are the classic ones and both apply.
fn holds_on(technique: Technique, layout: &Layout) -> bool {
    let reads_rectangular_boxes =
        matches!(technique, Technique::FinnedFish | Technique::EmptyRectangle);
    !reads_rectangular_boxes || !layout.has_jigsaw_regions()
}

/// The simplest step in `order` that makes progress: the first technique of the order that
/// finds anything.
pub(crate) fn first(board: &Board, order: Order) -> Option<Deduction> {
    order
        .techniques()
        .iter()
        .find_map(|&technique| find(technique, board, order))
}

/// Each `k`-element subset of `0..len`, as the first `k` entries of an index array, in
/// lexicographic order; `visit` returns `true` to stop. `k` is 1 to 4. The tests' plain
/// combinations; the finders prune theirs ([`for_each_small_union`]).
#[cfg(test)]
pub(crate) fn for_each_combination(
    len: usize,
    k: usize,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    debug_assert!((1..=4).contains(&k));
    let mut picked = [0usize; 4];
    combine(len, k, 0, 0, &mut picked, &mut visit)
}

/// Each `k`-element subset of `0..len` whose members' sets (`set(i)`, bit sets) hold at most
/// `k` elements between them, in lexicographic order, with that union; `visit` returns `true`
/// to stop. A union only grows as members join, so a prefix whose union is past `k` is passed
/// over with every pick that extends it: the subsets' search (a naked or hidden subset's
/// union is exactly `k`), which tried every pick before. `k` is 1 to 4.
pub(crate) fn for_each_small_union(
    len: usize,
    k: usize,
    set: impl Fn(usize) -> u32,
    mut visit: impl FnMut(&[usize], u32) -> bool,
) -> bool {
    debug_assert!((1..=4).contains(&k));
    let mut picked = [0usize; 4];
    small_unions(len, k, 0, 0, 0, &set, &mut picked, &mut visit)
}

/// Fills `picked[depth..k]` with ascending indexes from `from` on, the union of the sets so
/// far in `union`, visiting each full pick.
#[allow(clippy::too_many_arguments)]
fn small_unions(
    len: usize,
    k: usize,
    depth: usize,
    from: usize,
    union: u32,
    set: &impl Fn(usize) -> u32,
    picked: &mut [usize; 4],
    visit: &mut impl FnMut(&[usize], u32) -> bool,
) -> bool {
    if depth == k {
        return visit(&picked[..k], union);
    }
    for next in from..len {
        let union = union | set(next);
        if union.count_ones() as usize > k {
            continue;
        }
        picked[depth] = next;
        if small_unions(len, k, depth + 1, next + 1, union, set, picked, visit) {
            return true;
        }
    }
    false
}

/// Fills `picked[depth..k]` with ascending indexes from `from` on, visiting each full pick.
#[cfg(test)]
fn combine(
    len: usize,
    k: usize,
    depth: usize,
    from: usize,
    picked: &mut [usize; 4],
    visit: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if depth == k {
        return visit(&picked[..k]);
    }
    for next in from..len {
        picked[depth] = next;
        if combine(len, k, depth + 1, next + 1, picked, visit) {
            return true;
        }
    }
    false
}

#[cfg(test)]
pub(crate) mod testing {
    //! Positions built by hand for the finders' tests: an empty board with chosen candidates
    //! removed, so each test shows exactly the pattern it is about.

    use sudoku_core::{Grid, Shape};

    use crate::board::Board;
    use crate::deduction::Deduction;
    use crate::technique::{Order, Technique};

    /// The cell at 1-based row and column on a 9×9 board.
    pub(crate) fn rc(row: usize, col: usize) -> usize {
        (row - 1) * 9 + col - 1
    }

    /// An empty 9×9 board: every cell holds every digit.
    pub(crate) fn open_board() -> Board {
        Board::new(&Grid::empty(Shape::S9)).unwrap()
    }

    /// Leaves `cell` with exactly `digits`.
    pub(crate) fn keep(board: &mut Board, cell: usize, digits: &[u8]) {
        board.cands[cell] = digits.iter().fold(0, |set, &d| set | (1 << d));
    }

    /// Removes `digit` from every listed cell.
    pub(crate) fn remove(board: &mut Board, digit: u8, cells: impl IntoIterator<Item = usize>) {
        for cell in cells {
            board.eliminate(cell, digit);
        }
    }

    /// The step the engine takes first in `order`, checked to be `technique`.
    pub(crate) fn first_step(board: &Board, order: Order, technique: Technique) -> Deduction {
        let step = super::first(board, order).expect("a step applies");
        assert_eq!(step.technique(), technique, "{step:?}");
        step
    }

    /// The eliminations sorted by cell, then digit.
    pub(crate) fn sorted(step: &Deduction) -> Vec<(usize, u8)> {
        let mut eliminated = step.eliminated.clone();
        eliminated.sort();
        eliminated
    }

    /// The first `count` puzzles of a public set ([`sudoku_catalog::public_datasets_dir`]), or
    /// none when the sets are not beside the checkout: a test that checks nothing else is marked
    /// `cfg_attr(missing_public_datasets, ignore)` (see `build.rs`), one that also checks
    /// built-in positions runs on those alone.
    pub(crate) fn shared_puzzles(file: &str, count: usize) -> Vec<Grid> {
        let Some(dir) = sudoku_catalog::public_datasets_dir() else {
            eprintln!("no public datasets: soundness checked on the built-in puzzles only");
            return Vec::new();
        };
        let dataset = sudoku_catalog::load(&dir.join(file).to_string_lossy())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        dataset
            .puzzles
            .into_iter()
            .take(count)
            .map(|entry| entry.grid)
            .collect()
    }

    /// [`assert_sound`] on the first puzzles of the public sets: `top1465` of top1465,
    /// `hardest` of the forum's hardest, `clue17` of the 17-clue set. `technique` must have
    /// applied at least once. Returns how many steps were checked.
    pub(crate) fn sound_on_sets(
        technique: Technique,
        [top1465, hardest, clue17]: [usize; 3],
    ) -> usize {
        let mut checked = 0;
        for (file, count) in [
            ("puzzles3_magictour_top1465", top1465),
            ("puzzles6_forum_hardest_1106", hardest),
            ("puzzles2_17_clue", clue17),
        ] {
            checked += assert_sound(technique, &shared_puzzles(file, count));
        }
        eprintln!("{technique}: {checked} steps checked");
        assert!(checked > 0, "{technique} never applied");
        checked
    }

    /// Checks `technique` against the solution of each puzzle wherever it applies along a solve:
    /// at every position it is tried first, and each step it finds must remove only candidates
    /// the solution does not hold and place only the solution's digits; otherwise the thesis's
    /// seven techniques move the solve on. The uniqueness techniques run only on puzzles with
    /// one solution. Returns how many steps of `technique` were checked.
    pub(crate) fn assert_sound(technique: Technique, puzzles: &[Grid]) -> usize {
        let mut checked = 0;
        for puzzle in puzzles {
            let mut board = Board::new(puzzle).expect("clues that do not conflict");
            let completion = crate::engine::complete(&board, &sudoku_core::Budget::solve(), &mut 0)
                .expect("a puzzle with a solution");
            let solution = completion.solution;
            board.assume_unique = completion.unique;
            if technique.assumes_uniqueness() && !completion.unique {
                continue;
            }
            while !board.is_solved() {
                let step = match super::find(technique, &board, Order::Hodoku) {
                    Some(step) => {
                        for &(cell, digit) in &step.eliminated {
                            assert!(
                                solution.get(cell) != digit,
                                "{technique} removes {digit} from cell {cell}, the solution's \
                                 digit, in {puzzle}: {}",
                                step.describe(&board)
                            );
                            assert!(
                                board.has(cell, digit),
                                "{technique} removes a non-candidate"
                            );
                        }
                        if let Some((cell, digit)) = step.placed {
                            assert_eq!(
                                solution.get(cell),
                                digit,
                                "{technique} places a wrong digit in {puzzle}: {}",
                                step.describe(&board)
                            );
                        }
                        assert_eq!(step.technique(), technique);
                        checked += 1;
                        step
                    }
                    None => match super::first(&board, Order::ThesisOnly) {
                        Some(step) => step,
                        None => break,
                    },
                };
                step.apply(&mut board);
            }
        }
        checked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_listed_once_each_in_order() {
        let mut seen = Vec::new();
        for_each_combination(4, 3, |picked| {
            seen.push(picked.to_vec());
            false
        });
        assert_eq!(
            seen,
            vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
        );
        let mut pairs = 0;
        assert!(for_each_combination(5, 2, |_| {
            pairs += 1;
            pairs == 10
        }));
        assert_eq!(pairs, 10);
        let mut quads = 0;
        for_each_combination(6, 4, |picked| {
            assert!(picked.windows(2).all(|w| w[0] < w[1]));
            quads += 1;
            false
        });
        assert_eq!(quads, 15);
    }

    #[test]
    fn small_unions_are_the_combinations_whose_union_fits() {
        let sets = [0b0011, 0b0110, 0b1_1000, 0b0101, 0b1_0001, 0b0011, 0b1110];
        for k in 1..=4 {
            let mut expected = Vec::new();
            for_each_combination(sets.len(), k, |picked| {
                let union = picked.iter().fold(0u32, |u, &i| u | sets[i]);
                if union.count_ones() as usize <= k {
                    expected.push((picked.to_vec(), union));
                }
                false
            });
            let mut seen = Vec::new();
            for_each_small_union(
                sets.len(),
                k,
                |i| sets[i],
                |picked, union| {
                    seen.push((picked.to_vec(), union));
                    false
                },
            );
            assert_eq!(seen, expected, "k {k}");
        }
    }
}
