//! Bitmask backtracking: bit-set candidates, propagation of singles, box-line interactions and
//! triads, guessing on the bivalue cell whose branches reach furthest (deep in a dive, on the
//! digit with the most places left). The suite's fast solver, held against the fastest public
//! ones.
//!
//! # Three paths behind one [`Solver`]
//! - **Classic 9×9** goes through a band-oriented fast path, in the family of JCZSolve (the
//!   bitboard design behind the crates.io `sudoku` crate) with changes of its own, listed below.
//! - **Classic 16×16** goes through a fixed-width path built the same way (see below).
//! - **Every other board** (sizes 4, 6, 12, 25; every diagonal, jigsaw and jigsaw-diagonal
//!   board of any size; also classic 9×9 and 16×16 in tests, as a cross-check) goes through a
//!   generic path that reads the puzzle's [`Geometry`](sudoku_core::Geometry): a used-digit
//!   mask per house (`u32`, N ≤ 25) plus the digits region–line eliminations removed from each
//!   cell; naked singles, hidden singles in every house, and pointing/claiming over the
//!   geometry's segments (a box or region crossing a row, column or diagonal) to a fixpoint. It
//!   then branches on the cell with fewest candidates (ties to the cell whose houses are
//!   emptiest) or, when that cell has three or more, on a digit with only two places left in
//!   some house. A decision copies the state (3.4 KB) onto a stack the solver keeps between
//!   solves.
//!
//! # Which boards the fast paths take
//! The 9×9 and 16×16 paths (`nine.rs`, `wide.rs`, `settle.rs`, `exchange.rs`, `sixteen.rs`) are
//! rectangular: their words are bands of rows, their tables permutations of a band's boxes, and
//! a rectangle exchange assumes boxes. They are taken only for classic boards
//! ([`Geometry::is_classic`](sudoku_core::Geometry::is_classic)); a diagonal or jigsaw board of
//! those sizes takes the generic path, so every variant is solved (the solver declares all of
//! them). [`Bitmask::solve_line`] and the 9×9 text path read a classic line only: a line with a
//! variant after its clues (`/x`, `/map`) goes through the parser and the generic path, or is
//! refused by `solve_line`.
//!
//! # The 16×16 path
//! Four rows of sixteen cells are exactly one `u64`, so each digit is four band words (544
//! bytes of state in all, copied per guess onto a fixed stack of 256: no allocation per
//! solve). Per-lane arithmetic finds the rows with one cell left for a digit, a nibble
//! transpose turns boxes into lanes for the same test, and bit-sliced counters across bands
//! do columns and naked singles. Box-line eliminations use one 64 K-entry table: rows × boxes
//! of a band and bands × columns of a stack are both 4×4 matrices on which a digit takes one
//! permutation, and the table keeps the sectors some permutation still uses. Guessing scores
//! bivalue cells as on 9×9. Against the generic path, with uniqueness checked through
//! `sudoku_run::timed_solve` (`cargo run --release -p sudoku-peers --example sixteen`), it
//! went from 63 to about 540 puzzles/s on 100 generated minimal 16×16 puzzles (0.88× to
//! 6.9× DLX; guesses per puzzle 754 to 353) and from 1,400 to 9,700/s on the four level
//! puzzles (1.3× to 8.4× DLX).
//!
//! # The 9×9 representation
//! The grid is three bands of three rows. For digit `d` and band `b`, one `u32` holds the 27
//! cells of the band where `d` may still go (bit `9·row + column`); 27 such words plus one
//! "empty cells" word per band are the whole state (320 bytes with bookkeeping and alignment),
//! copied once per guess onto a fixed stack of 81 states that the solver owns: nothing is
//! allocated per solve.
//!
//! # Propagation (to a fixpoint, before every guess)
//! - **Band examination**, for every word that changed since it was last examined (with
//!   AVX-512, of every word at once: see *Portability*). A digit sits
//!   once in each row and once in each box of a band, so its row×box "sectors" form one of six
//!   permutations; one table lookup keeps only the sectors of permutations still possible. That
//!   single step applies pointing and claiming along rows and detects a row or box without
//!   the digit. The columns left in each box give column pointing into the other two bands. A
//!   row left with one cell is a solved cell (row and box hidden singles both end here): it is
//!   marked solved and cleared from the other digits.
//! - **Naked singles** by bit-slicing the nine words of a band (cells with ≥1, ≥2, ≥3
//!   candidates); a cell with none is a contradiction. The same scan records the bivalue cells.
//!   All three bands are counted before any single is placed: a single placed in one band can
//!   only leave the next band's counts too high, which the following pass corrects, so the
//!   fixpoint is the same.
//! - **Column hidden singles and column–box claiming**, which the band view cannot see, once the
//!   two steps above are exhausted.
//! - **Triads**, last: the three cells where a row (or column) crosses a box hold exactly three
//!   digits. For every triad of the grid at once, bit-sliced "seen once, twice, three times,
//!   four or more" counters over the nine digits count the digits still possible there and
//!   those forced there (a row's only sector; a column's only band). Fewer than three possible
//!   or more than three forced is a contradiction; exactly three possible are all forced there
//!   (they leave the rest of the row or column and of the box: a naked triple); exactly three
//!   forced leave no room for any other digit (a hidden triple). It cut guesses per puzzle (limit 2) from 0.69 to 0.54 on
//!   the 17-clue set, 10.36 to 8.58 on top1465 and 141 to 133 on forum-hardest, at about the
//!   same speed.
//!
//! A digit is placed with all its eliminations at once (its band peers in its own word, its
//! column in the other bands, its cell in the other digits), so the examination starts from
//! them rather than rediscovering them word by word; that took 17-clue puzzles/s up about 6%
//! for the givens, and the multi-solution set's about 3% for guesses and naked singles.
//! Column singles place in the digit's own words only, so that the nine digits' verdicts,
//! worked out together, can be applied in any order.
//!
//! Not every node runs every rule. The root does, and so does every node once some branch
//! has failed. Before that the search is diving towards a first solution with nothing yet to
//! refute, and column singles and triads seldom decide a cell there (about one pass in ten
//! on the multi-solution set), so those nodes run the band examination and naked singles
//! only. Against full propagation everywhere this took guesses per puzzle from 7.71 to 7.90
//! on the multi-solution set, 6.17 to 6.41 on top1465, 101.6 to 102.0 on forum-hardest and
//! 0.42 to 0.44 on 17-clue, and puzzles/s up about 7% on the multi-solution set, within the
//! noise elsewhere.
//!
//! # Guessing
//! Binary branching on a bivalue cell: the current state takes one of the cell's digits, a copy
//! with that digit removed is pushed as the alternative. On 9×9 each bivalue cell is scored by
//! how far its two branches reach together: its empty peers plus the eliminations of both
//! branches (the peers that lose a branch's digit, a bivalue peer counting four times since it
//! becomes a naked single), the stronger branch breaking ties. Against the former choice (most
//! empty peers only), scoring on the weaker branch's eliminations had cut guesses per puzzle
//! from 0.54 to 0.43 (17-clue), 8.58 to 6.41 (top1465) and 133 to 103 (forum-hardest); the sum
//! of both branches cut them further, to 0.42, 6.17 and 101.6, and on the multi-solution set
//! from 8.49 to 7.71. The 16×16 path keeps the weaker-branch score: there the sum took the
//! four level puzzles from 16.75 to 10.50 guesses but the 100 minimal puzzles from 352.9 to
//! 365.9. Without a bivalue cell a full minimum-remaining-values scan picks the cell.
//!
//! In a dive (the nodes that propagate lightly, see above) only the first eight bivalue cells
//! in board order are scored: there any cell leads on, and scoring them all was a fifth of the
//! band-first set's instructions. Guesses per puzzle went from 11.07 to 11.12 on the band-first
//! set, 7.90 to 8.00 on the multi-solution set and 6.41 to 6.49 on top1465 (forum-hardest and
//! 17-clue within 0.03), for 4% fewer instructions on band-first and 3% on multi-solution.
//!
//! Deep in a dive the guess changes kind. The further a dive gets without a contradiction,
//! the likelier the puzzle has many solutions, where any consistent guess leads to one and
//! what counts is how much each guess decides; the bivalue score, built for refuting (both
//! branches count), is not the best one there, and the fewer bivalue cells a state has, the
//! less a split on one decides. So a dive state with fewer than two bivalue cells for each
//! guess made so far places the digit with the most open places on the board (in its band
//! with the most) where its empty peers hold it most often: the placement that removes the
//! most candidates. That digit had several places, so a failure below it says little about
//! the puzzle, and the first failure deeper than two guesses does not end the dive. With a
//! limit of 2 (with the rectangle exchange below), guesses per
//! puzzle went from 10.56 to 8.01 on the band-first set (`datasets/band-first.txt`) and 7.66
//! to 7.60 on the multi-solution set; on puzzles with one solution the first failure comes
//! early and little changes (top1465 6.49 to 6.57, forum-hardest 102.1 to 103.4, 17-clue
//! 0.439 to 0.448). Guessing in any cell from the first guess of a dive, each cell's digit
//! that removes most, took band-first to 7.05 guesses but top1465 to 7.10, and cost more to
//! score; the development log has the variants and the speed.
//!
//! The current state takes the stronger branch's digit (the lowest digit when no bivalue cell
//! was found). It decides more cells, so where both branches hold solutions one is reached in
//! fewer guesses. On the multi-solution set (`datasets/multi-solution.txt`) guesses per puzzle
//! went from 8.93 to 7.75 to the first solution and from 9.60 to 8.49 to the second (with the
//! weaker-branch score); on puzzles with one solution both branches are explored anyway and the
//! counts do not change.
//!
//! After a solution the search resumes from the most recent alternative on the stack, so a
//! second solution (or the proof that there is none) costs no work done twice. A uniqueness
//! check (limit 2) with alternatives still pending first looks for a rectangle of four cells,
//! not givens, holding `x y / y x` in two rows of a band or two columns of a stack: exchanging
//! the two digits there gives the second solution outright (`exchange.rs`: all eighteen line
//! pairs in five vectors with AVX-512F/BW/VBMI, or SSE2 on every other x86-64 processor, so
//! every path searches the same tree). It ends about two in three uniqueness checks of the
//! multi-solution set at their first solution. On the paths without AVX-512 the test costs
//! about 40 ns against 16 (the second solution took 1.81 nodes a band-first puzzle there
//! without it, 0.26 with it): the scalar path gained 6% on band-first and 4% on
//! multi-solution; on the `avx2` path every set stayed within the noise.
//!
//! # Counters and budget
//! `nodes` counts propagated states (the root and every branch entered); `iterations` holds the
//! same number and is what [`Budget::max_iterations`] caps. `guesses` counts branches taken
//! while an alternative remained: on 9×9 each binary decision (the alternative, "not that
//! digit", is a new decision only if it is not forced by propagation), on the generic path each
//! value tried at a decision but the last (16×16 counts as 9×9 does). `backtracks` counts
//! alternatives resumed. A puzzle with `guesses == 0` was solved by propagation alone. The
//! budget is checked at entry and every 1,024 nodes on 9×9 (256 on the other paths), never
//! past the cap.
//!
//! # Portability
//! The search is plain Rust and runs anywhere. On x86-64 a second copy of the 9×9 and
//! 16×16 paths is compiled with AVX2/BMI1/BMI2/POPCNT/LZCNT enabled and chosen at run time
//! (`is_x86_feature_detected!`); `pext` (9×9 only) is used where it is one fast instruction:
//! on Intel processors and on AMD's from Zen 3 on, not on the earlier AMD ones that run it in
//! slow microcode (CPUID's vendor and family tell them apart); there it also packs a line's
//! givens eight symbols at a time (cachegrind: 17-clue 12.1k → 11.5k instructions a puzzle,
//! band-first 21.8k → 21.2k). The AVX2 copy scores the guess's bivalue cells eight at a time
//! (`lanes.rs`), the scalar keys: it was about a quarter of the `avx2` path's time on the
//! band-first and multi-solution sets. It works out the column rules' verdicts and the triads'
//! per-digit sets for digits 0 to 7 one lane per digit, digit 8 in scalar code (one pass,
//! cachegrind: forum-hardest 674k → 517k instructions a puzzle, top1465 54.5k → 44.9k,
//! multi-solution 34.4k → 29.4k), and writes a solution 32 cells a store. Every copy uses
//! SSE2, which every x86-64 processor has: seven comparisons find the examination's changed
//! words, and the naked-single scan counts the three bands' candidates side by side. The
//! scalar copy's guess choice, without a bit-count instruction, counts its sets bytewise and
//! sums the bytes once. Where AVX-512F is present, the column rules and the triads' sets take
//! all nine digits in one vector (`wide.rs`); against the scalar code, in one run of the
//! `peers` example each, the column rules took puzzles/s up 8% on the multi-solution set, 5%
//! on forum-hardest and 3% on top1465, and the triads' sets a few percent more on
//! forum-hardest and multi-solution. All give exactly the scalar results, which
//! tests check on the states of dives through the multi-solution set and on the states one step
//! from them.
//!
//! These copies are three [`Path`]s: `scalar`, `avx2` (the AVX2/BMI copy, no AVX-512)
//! and `avx512` (everything the processor has). A solver takes the fastest its processor runs
//! unless `SUDOKU_BITMASK_PATH` names another ([`Path::selected`], [`Bitmask::on_path`]), so the
//! copies most machines run are measured and tested here too: `scripts/test.sh` runs this
//! crate's tests once on each path the test machine has (`cargo run -p sudoku-bitmask
//! --example paths` lists them), and `sudoku-bench throughput` reports the path that ran.
//!
//! With AVX-512F the band examination itself runs on all 27 words at once, one lane each,
//! pass after pass to the fixpoint (`settle.rs`); the tables become shifts and masks, and the
//! other bands and digits are reached by lane permutations. The scalar loop examines only the
//! words that changed, but which ones change after a guess follows no pattern, and its
//! per-word branches were mispredicted often enough to be most of its cost: on the
//! multi-solution set a solve took 2.9 µs with each puzzle repeated (branches learned) against
//! 4.5 µs in turn. All words at once need hardly more passes (55.4 against 51.5 a puzzle on
//! that set, counted by simulating both), and the loop stops as soon as a pass takes nothing
//! from the examined words. Both reach the same fixpoint, which a test checks on every state
//! one placement from the dive states and on every puzzle's givens, so the search tree is
//! unchanged. Against the scalar loop, in two alternated runs of the `peers` example pinned to
//! one core, puzzles/s went from 410k to 690k on 17-clue, 121k to 149k on top1465, 11.3k to
//! 13.3k on forum-hardest and 203k to 224–243k on the multi-solution set. Without AVX-512 the
//! scalar loop (since then) finds a pass's changed words at once, as a mask, and examines only
//! those: a branch per changed word instead of one per word, which took away most of its
//! mispredictions (the development log, `reports/development-log.md`, has the figures).
//!
//! The AVX-512 examination also places the guess and the naked singles in its registers,
//! counting the candidates in every pass by folding the words of each band onto one lane, and
//! the state is aligned so that its loads and stores are the state copy's 64-byte blocks: a
//! load that spans stores of single words, or two stores, waits until they reach the cache.
//! Against the examination alone, in the committed throughput runs before and after, puzzles/s
//! went from 15.0k to 16.5k on forum-hardest, 183k to 200k on top1465, 358k to 407k on the
//! multi-solution set and 464k to 506k on the band-first set, but from 890k to 863k on
//! 17-clue: counting only at each fixpoint gave 17-clue about 9% more and forum-hardest 3%
//! less (the development log has the figures).

//! # Cost and limits
//! Exponential in the worst case like every complete search, but propagation leaves most
//! 17-clue puzzles without a guess (79%) and the forum's hardest puzzles need ~102 guesses
//! each with uniqueness checked (`cargo run --release -p sudoku-peers --example guesses`).
//!
//! The generic path is slower per node (it rescans the board at each step) but prunes well;
//! random 25×25 boards can still meet a heavy tail: give them a budget.
//!
//! # When to use it
//! Whenever an answer is wanted fast: solving, proving uniqueness, counting (the limit is
//! honoured; [`Budget::keep_solutions`] bounds what is kept). [`Bitmask::solve_line`] and
//! [`Bitmask::solve_cells`] skip the [`Grid`] and [`Outcome`] wrapping for benchmarks.
//! [`Solver::solve_watched`] shows the search: after each propagation the digits it placed
//! ([`SearchEvent::Place`], the guess that started it marked as a guess) and the digits a
//! backtrack took back ([`SearchEvent::Remove`]); plain solves are compiled without that work.

#[cfg(target_arch = "x86_64")]
mod exchange;
mod generic;
#[cfg(target_arch = "x86_64")]
mod lanes;
mod nine;
mod path;
#[cfg(target_arch = "x86_64")]
mod settle;
mod sixteen;
#[cfg(target_arch = "x86_64")]
mod wide;

use nine::Clues;
pub use nine::Tally;
pub use path::{PATH_VARIABLE, Path, PathError};

use sudoku_core::{
    ALL_SIZES, Budget, Capabilities, Family, Grid, NotWatchable, Outcome, ParseError, SearchEvent,
    Shape, Solver, SolverInfo, TextAnswer, solve_parsed,
};

/// Bit-set backtracking with propagation (see the crate documentation). Holds its scratch
/// space, so keep one per thread and reuse it. `Default` runs [`Path::selected`].
pub struct Bitmask {
    nine: nine::Nine,
    sixteen: sixteen::Sixteen,
    generic: generic::Generic,
    path: Path,
    /// Whether the AVX2 path may use `pext` (see [`pext_is_fast`]).
    fast_pext: bool,
}

impl Default for Bitmask {
    fn default() -> Bitmask {
        Bitmask {
            nine: nine::Nine::default(),
            sixteen: sixteen::Sixteen::default(),
            generic: generic::Generic::default(),
            path: Path::selected(),
            fast_pext: pext_is_fast(),
        }
    }
}

impl Bitmask {
    /// A solver running `path`, if this processor can.
    pub fn on_path(path: Path) -> Result<Bitmask, PathError> {
        if !path.is_available() {
            return Err(PathError::Unavailable(path));
        }
        Ok(Bitmask {
            path,
            ..Bitmask::default()
        })
    }

    /// The compiled copy of the search this solver runs.
    pub fn path(&self) -> Path {
        self.path
    }

    /// The 9×9 fast path without the [`Solver`] wrapping: searches `cells` (81 values, 0 for
    /// empty) for up to `limit` solutions (2 proves uniqueness), writing the first one into
    /// `solution`. Conflicting clues give 0 solutions. No allocation, no budget.
    pub fn solve_cells(&mut self, cells: &[u8; 81], limit: u64, solution: &mut [u8; 81]) -> Tally {
        self.solve_clues(&Clues::from_cells(cells), limit, solution)
    }

    /// Parses an 81-symbol line (`1`-`9` given, `.` `0` `_` empty; text after the 81st symbol
    /// is ignored unless it is a variant) and runs [`Bitmask::solve_cells`] on it; `None` if the
    /// line is not a classic 9×9 puzzle line (a `/` after the clues names a variant, which the
    /// fast path does not play).
    pub fn solve_line(&mut self, line: &str, limit: u64, solution: &mut [u8; 81]) -> Option<Tally> {
        if names_a_variant(line) {
            return None;
        }
        let clues = self.clues_of(line.as_bytes())?;
        Some(self.solve_clues(&clues, limit, solution))
    }

    /// [`Clues::from_line`], eight symbols at a time where PEXT is fast.
    #[inline]
    fn clues_of(&self, line: &[u8]) -> Option<Clues> {
        #[cfg(target_arch = "x86_64")]
        if self.fast_pext && self.path != Path::Scalar {
            // SAFETY: the AVX2 and AVX-512 paths are taken only where BMI2 and POPCNT were
            // detected (`bmi_available`).
            return unsafe { Clues::from_line_pext(line) };
        }
        Clues::from_line(line)
    }

    #[inline]
    fn solve_clues(&mut self, clues: &Clues, limit: u64, solution: &mut [u8; 81]) -> Tally {
        let mut first = true;
        self.run_nine::<false>(clues, limit.max(1), None, no_watch, |found| {
            if first {
                *solution = *found;
                first = false;
            }
        })
    }

    /// Runs the 9×9 search, on x86-64 through a copy compiled for BMI1/BMI2/POPCNT/LZCNT when
    /// the processor has them.
    #[inline]
    fn run_nine<const WATCH: bool>(
        &mut self,
        clues: &Clues,
        limit: u64,
        budget: Option<&Budget>,
        watch: impl FnMut(SearchEvent<'_>),
        found: impl FnMut(&[u8; 81]),
    ) -> Tally {
        let nine = &mut self.nine;
        // SAFETY (each copy below): a solver's path is one its processor runs (`on_path` and
        // `Path::selected` check), and the AVX-512 parts are used only where detected.
        #[cfg(target_arch = "x86_64")]
        match self.path {
            Path::Scalar => {}
            Path::Avx2 if self.fast_pext => unsafe {
                return run_nine_bmi::<true, WATCH>(nine, clues, limit, budget, found, watch);
            },
            Path::Avx2 => unsafe {
                return run_nine_bmi::<false, WATCH>(nine, clues, limit, budget, found, watch);
            },
            Path::Avx512 => unsafe {
                return run_nine_wide::<WATCH>(nine, clues, limit, budget, found, watch);
            },
        }
        nine.run::<false, false, false, WATCH>(clues, limit, budget, found, watch)
    }
}

/// Whether a 9×9 line carries a variant: a `/` right after its 81 clues.
fn names_a_variant(line: &str) -> bool {
    line.as_bytes().get(81) == Some(&b'/')
}

#[cfg(target_arch = "x86_64")]
fn bmi_available() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
}

/// Whether this processor runs `pext` in one fast instruction: every Intel processor with
/// BMI2 does, and AMD's from Zen 3 on; earlier AMD processors run it in microcode, tens of
/// times slower than the table lookups it replaces. Asked of CPUID once per process, as the
/// path is ([`Path::selected`]): under a hypervisor each CPUID is a trap, and solvers are made
/// often.
fn pext_is_fast() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(ask_whether_pext_is_fast)
}

/// [`pext_is_fast`], asked of the processor.
fn ask_whether_pext_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::__cpuid;
        if !std::is_x86_feature_detected!("bmi2") {
            return false;
        }
        // SAFETY: leaves 0 and 1 exist on every x86-64 processor (the intrinsic is safe from
        // Rust 1.94 on).
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let mut name = [0u8; 12];
        for (bytes, register) in name.chunks_mut(4).zip([vendor.ebx, vendor.edx, vendor.ecx]) {
            bytes.copy_from_slice(&register.to_le_bytes());
        }
        pext_is_fast_on(&name, signature)
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`pext_is_fast`] for a CPUID vendor name and processor signature (leaf 1, EAX).
fn pext_is_fast_on(vendor: &[u8; 12], signature: u32) -> bool {
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    match vendor {
        b"GenuineIntel" => true,
        // Family 19h: Zen 3 and Zen 4; 1Ah: Zen 5.
        b"AuthenticAMD" => family >= 0x19,
        _ => false,
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn run_nine_bmi<const PEXT: bool, const WATCH: bool>(
    nine: &mut nine::Nine,
    clues: &Clues,
    limit: u64,
    budget: Option<&Budget>,
    found: impl FnMut(&[u8; 81]),
    watch: impl FnMut(SearchEvent<'_>),
) -> Tally {
    nine.run::<PEXT, false, true, WATCH>(clues, limit, budget, found, watch)
}

/// [`run_nine_bmi`] with PEXT and the AVX-512F parts: the band examination (`settle.rs`), the
/// column rules and the triads' sets (`wide.rs`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f")]
unsafe fn run_nine_wide<const WATCH: bool>(
    nine: &mut nine::Nine,
    clues: &Clues,
    limit: u64,
    budget: Option<&Budget>,
    found: impl FnMut(&[u8; 81]),
    watch: impl FnMut(SearchEvent<'_>),
) -> Tally {
    nine.run::<true, true, true, WATCH>(clues, limit, budget, found, watch)
}

/// Runs the 16×16 search, on x86-64 off the scalar path through a copy compiled for POPCNT and
/// BMI (guess scoring counts bits).
fn run_sixteen<const WATCH: bool>(
    path: Path,
    sixteen: &mut sixteen::Sixteen,
    cells: &[u8],
    limit: u64,
    budget: &Budget,
    watch: impl FnMut(SearchEvent<'_>),
    found: impl FnMut(&[u8; 256]),
) -> Tally {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        unsafe fn run_bmi<const WATCH: bool>(
            sixteen: &mut sixteen::Sixteen,
            cells: &[u8],
            limit: u64,
            budget: &Budget,
            watch: impl FnMut(SearchEvent<'_>),
            found: impl FnMut(&[u8; 256]),
        ) -> Tally {
            sixteen.run::<WATCH>(cells, limit, budget, watch, found)
        }
        if path != Path::Scalar {
            // SAFETY: a path other than the scalar one runs only where AVX2 and BMI are.
            return unsafe { run_bmi::<WATCH>(sixteen, cells, limit, budget, watch, found) };
        }
    }
    sixteen.run::<WATCH>(cells, limit, budget, watch, found)
}

impl Solver for Bitmask {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            id: "bitmask",
            family: Family::Backtracking,
            description: "bit-set backtracking: singles, box-line propagation, fewest-candidates guessing",
            capabilities: Capabilities::exact(ALL_SIZES)
                .reporting_guesses()
                .work_counter("nodes")
                .on_every_variant(),
        }
    }

    fn solve(&mut self, puzzle: &Grid, budget: &Budget) -> Outcome {
        self.search::<false>(puzzle, budget, no_watch)
    }

    /// A classic 9×9 line straight into the fast path's clues (no [`Grid`], no [`Outcome`]);
    /// other sizes and any line with a variant (or a `:count:solution` tail) through the
    /// default.
    fn solve_text(
        &mut self,
        line: &str,
        budget: &Budget,
        first: &mut Vec<u8>,
    ) -> Result<TextAnswer, ParseError> {
        let Some(clues) = self.clues_of(line.as_bytes()).filter(|_| line.len() == 81) else {
            return solve_parsed(self, line, budget, first);
        };
        first.resize(81, 0);
        let solution: &mut [u8; 81] = first.as_mut_slice().try_into().expect("81 cells");
        let mut found_first = false;
        let tally = self.run_nine::<false>(
            &clues,
            budget.solution_limit.max(1),
            Some(budget),
            no_watch,
            |found| {
                if !found_first {
                    *solution = *found;
                    found_first = true;
                }
            },
        );
        if !found_first {
            first.clear();
        }
        Ok(TextAnswer {
            solutions: tally.solutions,
            guesses: tally.counters.guesses,
            stopped: tally.stopped,
        })
    }

    fn code_path(&self) -> Option<&'static str> {
        Some(self.path.name())
    }

    /// After each propagation, the digits it placed (the guess that started it marked as one)
    /// and, after a backtrack, the digits the abandoned branch had placed, taken back.
    fn solve_watched(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<Outcome, NotWatchable> {
        Ok(self.search::<true>(puzzle, budget, watch))
    }
}

/// The watcher of an unwatched solve; with `WATCH` false it is never called.
fn no_watch(_: SearchEvent<'_>) {}

impl Bitmask {
    /// The path the board takes (a fast one for a classic 9×9 or 16×16 board, the generic one
    /// otherwise), telling `watch` of each digit placed or taken back when `WATCH` is set (the
    /// board is compared with what the watcher was last told after each propagation, so an
    /// unwatched solve does none of that work).
    fn search<const WATCH: bool>(
        &mut self,
        puzzle: &Grid,
        budget: &Budget,
        watch: impl FnMut(SearchEvent<'_>),
    ) -> Outcome {
        let limit = budget.solution_limit.max(1);
        let keep = budget.keep_solutions.max(1);
        let classic = puzzle.geometry().is_classic();
        if classic && puzzle.shape() == Shape::S16 {
            let mut solutions = Vec::new();
            let tally = run_sixteen::<WATCH>(
                self.path,
                &mut self.sixteen,
                puzzle.cells(),
                limit,
                budget,
                watch,
                |found| {
                    if solutions.len() < keep
                        && let Some(grid) = Grid::from_cells(Shape::S16, found.to_vec())
                    {
                        solutions.push(grid);
                    }
                },
            );
            return Outcome::from_search(tally.stopped, solutions, tally.solutions, tally.counters);
        }
        if !classic || puzzle.shape() != Shape::S9 {
            let (stopped, solutions, count, counters) = self
                .generic
                .run::<WATCH>(puzzle, budget, limit, keep, watch);
            return Outcome::from_search(stopped, solutions, count, counters);
        }
        let mut cells = [0u8; 81];
        cells.copy_from_slice(puzzle.cells());
        let mut solutions = Vec::new();
        let clues = Clues::from_cells(&cells);
        let tally = self.run_nine::<WATCH>(&clues, limit, Some(budget), watch, |found| {
            if solutions.len() < keep
                && let Some(grid) = Grid::from_cells(Shape::S9, found.to_vec())
            {
                solutions.push(grid);
            }
        });
        Outcome::from_search(tally.stopped, solutions, tally.solutions, tally.counters)
    }
}

/// Puzzles made from `solutions` (taken in turn) for `rounds` rounds: each cell kept with a
/// chance drawn from `keep` out of the cell count, and every third puzzle given one random digit
/// (often a wrong one). Seeded, so a failing case comes back.
#[cfg(test)]
fn random_blankings(
    solutions: &[Grid],
    rounds: usize,
    keep: std::ops::Range<u64>,
    seed: u64,
) -> Vec<Grid> {
    assert!(!solutions.is_empty());
    let mut seed = seed;
    let mut next = move |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    (0..rounds)
        .map(|round| {
            let mut puzzle = solutions[round % solutions.len()].clone();
            let cells = puzzle.cells().len() as u64;
            let kept = keep.start + next(keep.end - keep.start);
            for cell in 0..cells {
                if next(cells) >= kept {
                    puzzle.set(cell as usize, 0);
                }
            }
            if round % 3 == 0 {
                let side = puzzle.size() as u64;
                puzzle.set(next(cells) as usize, 1 + next(side) as u8);
            }
            puzzle
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::validate_clues;

    /// Signatures as the processors report them (CPUID leaf 1, EAX).
    #[test]
    fn pext_counts_as_fast_on_intel_and_on_amd_from_zen_3() {
        let amd = b"AuthenticAMD";
        assert!(!pext_is_fast_on(amd, 0x0066_0F01), "Excavator (family 15h)");
        assert!(!pext_is_fast_on(amd, 0x0083_0F10), "EPYC 7742, Zen 2 (17h)");
        assert!(pext_is_fast_on(amd, 0x00A0_0F11), "EPYC 7763, Zen 3 (19h)");
        assert!(
            pext_is_fast_on(amd, 0x00A6_0F12),
            "Ryzen 7950X, Zen 4 (19h)"
        );
        assert!(pext_is_fast_on(b"GenuineIntel", 0x0003_06C3), "Haswell");
        assert!(
            !pext_is_fast_on(b"HygonGenuine", 0x0090_0F01),
            "Hygon (18h)"
        );
    }

    /// The 9×9 fast path and the generic path are independent implementations: on every 9×9
    /// corpus case they must count the same solutions.
    #[test]
    fn fast_and_generic_paths_agree_on_nine_by_nine() {
        let mut solver = Bitmask::default();
        let mut compared = 0;
        for case in sudoku_kit::corpus() {
            let puzzle = &case.puzzle;
            if puzzle.shape() != Shape::S9 || validate_clues(puzzle).is_err() {
                continue;
            }
            let budget = Budget::count(10_000);
            let fast = solver.solve(puzzle, &budget);
            let (_, _, count, _) = solver
                .generic
                .run::<false>(puzzle, &budget, 10_000, 1, no_watch);
            assert_eq!(fast.solution_count, count, "corpus line {}", case.line);
            assert_eq!(
                fast.solution_count,
                case.count.min(10_000),
                "corpus line {}",
                case.line
            );
            compared += 1;
        }
        assert!(compared >= 10);
    }

    /// Random blankings of corpus solutions, some with a wrong digit planted: the two paths
    /// count the same solutions (up to a limit) every time.
    #[test]
    fn fast_and_generic_paths_agree_on_random_puzzles() {
        let mut solver = Bitmask::default();
        let bases: Vec<Grid> = sudoku_kit::corpus()
            .into_iter()
            .filter_map(|case| case.solution)
            .filter(|grid| grid.shape() == Shape::S9)
            .collect();
        let (mut several, mut none) = (0, 0);
        for puzzle in random_blankings(&bases, 600, 20..60, 0x9e37_79b9_7f4a_7c15) {
            let budget = Budget::list(50);
            let fast = solver.solve(&puzzle, &budget);
            let (_, _, count, _) = solver
                .generic
                .run::<false>(&puzzle, &budget, 50, 1, no_watch);
            assert_eq!(fast.solution_count, count, "{puzzle}");
            assert_eq!(fast.solutions.len() as u64, count, "{puzzle}");
            for (k, solution) in fast.solutions.iter().enumerate() {
                assert_eq!(
                    sudoku_core::verify_solution(&puzzle, solution),
                    Ok(()),
                    "{puzzle}"
                );
                assert!(
                    !fast.solutions[..k].contains(solution),
                    "{puzzle}: repeated"
                );
            }
            several += usize::from(count > 1);
            none += usize::from(count == 0);
        }
        assert!(several > 50 && none > 10, "several {several}, none {none}");
    }

    /// The text path (a 9×9 line straight into the fast path, other sizes through a grid)
    /// answers as `solve` does: the same count, first solution and guesses.
    #[test]
    fn solving_text_answers_as_solving_a_grid() {
        let mut solver = Bitmask::default();
        let bases: Vec<Grid> = sudoku_kit::corpus()
            .into_iter()
            .filter_map(|case| case.solution)
            .collect();
        let mut first = Vec::new();
        let mut nine = 0;
        for puzzle in random_blankings(&bases, 400, 20..60, 0x2545_f491_4f6c_dd1d) {
            if validate_clues(&puzzle).is_err() {
                continue;
            }
            let budget = Budget::unique();
            let outcome = solver.solve(&puzzle, &budget);
            let answer = solver
                .solve_text(&puzzle.to_line(), &budget, &mut first)
                .expect("a grid's own line parses");
            assert_eq!(answer.solutions, outcome.solution_count, "{puzzle}");
            assert_eq!(answer.guesses, outcome.counters.guesses, "{puzzle}");
            match outcome.solutions.first() {
                Some(solution) => assert_eq!(&first[..], solution.cells(), "{puzzle}"),
                None => assert!(first.is_empty(), "{puzzle}"),
            }
            nine += usize::from(puzzle.shape() == Shape::S9);
        }
        assert!(nine > 50, "{nine} 9×9 puzzles");
        let error = solver.solve_text("12x", &Budget::unique(), &mut first);
        assert!(error.is_err());
    }

    #[test]
    fn the_iteration_cap_counts_nodes() {
        let mut solver = Bitmask::default();
        for shape in [Shape::S9, Shape::S16] {
            let capped = Budget::count(u64::MAX).with_max_iterations(500);
            let outcome = solver.solve(&Grid::empty(shape), &capped);
            assert_eq!(
                outcome.verdict,
                sudoku_core::Verdict::GaveUp(sudoku_core::StopReason::IterationCap)
            );
            assert_eq!(outcome.counters.nodes, 500, "{shape}");
            assert_eq!(outcome.counters.iterations, outcome.counters.nodes);
        }
    }
}
