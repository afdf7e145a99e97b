//! The 9×9 fast path: per-digit band bitboards, band-local box-line propagation, singles,
//! triads, bivalue guessing. Rectangular (bands of three rows, boxes of 3×3): the solver takes
//! it only for classic boards; a diagonal or jigsaw 9×9 board goes through `generic.rs`.
//!
//! A cell of band `b` (rows `3b..3b+3`) at row `r` of the band and column `c` is bit
//! `p = 9r + c` of a 27-bit word. `f[3d + b]` holds the cells of band `b` where digit `d` may
//! still go (a placed digit keeps its own bit), `unsolved[b]` the band's empty cells.

use sudoku_core::{Budget, Checkpoints, Counters, SearchEvent, StopReason, report_changes};

/// Whether to look for hidden singles in columns before guessing.
const COLUMN_SINGLES: bool = true;
/// Whether that pass also applies column-box claiming.
pub(crate) const COLUMN_CLAIMING: bool = true;

/// Whether to apply the three-digits-per-triad rule before guessing.
const TRIADS: bool = true;

/// The lowest bit of each of the nine 3-bit groups of a 27-bit word.
pub(crate) const GROUP_LOW: u32 = 0x0124_9249;

/// The 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// For one 9-bit row of a band: which of its three boxes hold a bit (3 bits).
const fn row_boxes() -> [u32; 512] {
    let mut out = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 3 {
            if (m >> (3 * k)) & 7 != 0 {
                out[m] |= 1 << k;
            }
            k += 1;
        }
        m += 1;
    }
    out
}
const ROW_BOXES: [u32; 512] = row_boxes();

/// For a band's 9 sectors (bit `3r + k`: row `r` meets box `k`) where a digit still has a cell:
/// the cells of the sectors some placement of that digit can still use. A digit sits once in
/// each row and once in each box of the band, so its sectors form one of the six permutations
/// of rows onto boxes; a sector on no surviving permutation is empty of that digit. This one
/// lookup applies pointing and claiming (box-line) eliminations within the band and detects a
/// row or box left without the digit (the result is then 0).
const fn sector_keep() -> [u32; 512] {
    const PERMUTATIONS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0; 512];
    let mut m = 0usize;
    while m < 512 {
        let m32 = m as u32;
        let mut allowed = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let sectors = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if sectors & m32 == sectors {
                allowed |= sectors;
            }
            p += 1;
        }
        let mut cells = 0u32;
        let mut s = 0;
        while s < 9 {
            if allowed & (1 << s) != 0 {
                cells |= 7 << ((s / 3) * 9 + (s % 3) * 3);
            }
            s += 1;
        }
        out[m] = cells;
        m += 1;
    }
    out
}
const SECTOR_KEEP: [u32; 512] = sector_keep();

/// For the 9 columns a digit may still use within a band: the cells of the other bands it
/// leaves open. A box of the band whose candidates for the digit lie in one column claims that
/// column, so the other bands lose it (pointing along columns).
const fn column_pointing() -> [u32; 512] {
    let mut out = [0; 512];
    let mut m = 0usize;
    while m < 512 {
        let mut claimed = 0u32;
        let mut k = 0;
        while k < 3 {
            let cols = (m >> (3 * k)) & 7;
            if cols == 1 || cols == 2 || cols == 4 {
                claimed |= (cols as u32) << (3 * k);
            }
            k += 1;
        }
        let spread = claimed | claimed << 9 | claimed << 18;
        out[m] = BAND & !spread;
        m += 1;
    }
    out
}
const COLUMN_POINTING: [u32; 512] = column_pointing();

/// For the columns of a band to which a digit is confined within the whole grid: the band's
/// cells that may keep the digit. Such a column claims the digit for its box, so the box's
/// other columns lose it (two claimed columns in one box leave the box empty: a contradiction
/// the next examination reports).
pub(crate) const BOX_CLAIM: [u32; 512] = {
    let mut out = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = 0u32;
        let mut k = 0;
        while k < 3 {
            let cols = ((m >> (3 * k)) & 7) as u32;
            let allowed = match cols {
                0 => 7,
                1 | 2 | 4 => cols,
                _ => 0,
            };
            keep |= allowed << (3 * k);
            k += 1;
        }
        out[m] = keep | keep << 9 | keep << 18;
        m += 1;
    }
    out
};

/// For each band: the other two.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

/// For each word `3d + b`: its band `b`, and the same digit's words in the other two bands.
/// Looked up by the examination, in place of a division by three and the bounds checks on
/// the indices it gave.
const WORD_PLACES: [[u8; 3]; 27] = {
    let mut out = [[0; 3]; 27];
    let mut i = 0;
    while i < 27 {
        let (d3, b) = (i - i % 3, i % 3);
        let [b1, b2] = OTHER_BANDS[b];
        out[i] = [b as u8, (d3 + b1) as u8, (d3 + b2) as u8];
        assert!(out[i][1] < 27 && out[i][2] < 27);
        i += 1;
    }
    out
};

/// The cells of a band word that are alone in their row. Rows are never empty here, so
/// `x - 0x40201` takes one from each row without a borrow between them, and a row's bits of
/// `x & (x - 0x40201)` are `row & (row - 1)`: 0 for a row of one cell. Arithmetic rather than
/// lookups keeps loads off this dependency chain; so does testing each row apart (testing the
/// three together through PDEP and PEXT took instructions away but lengthened the chain, and
/// was slower).
#[inline(always)]
fn lone_cells_of_rows(x: u32) -> u32 {
    let rest = x & x.wrapping_sub(0x40201);
    let lone = |r: u32| {
        let row = 511 << (9 * r);
        if rest & row == 0 { row } else { 0 }
    };
    (lone(0) | lone(1) | lone(2)) & x
}

/// For each cell of a band: its column's three cells.
pub(crate) const COLUMN_OF: [u32; 27] = {
    let mut out = [0; 27];
    let mut p = 0;
    while p < 27 {
        out[p] = column_cells(p as u32 % 9);
        p += 1;
    }
    out
};

/// For each cell of a band: the other cells of the band in its row, box or column.
const fn band_peers() -> [u32; 27] {
    let mut out = [0; 27];
    let mut p = 0;
    while p < 27 {
        let mut q = 0;
        while q < 27 {
            let same_row = p / 9 == q / 9;
            let same_col = p % 9 == q % 9;
            let same_box = (p % 9) / 3 == (q % 9) / 3;
            if q != p && (same_row || same_col || same_box) {
                out[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    out
}
pub(crate) const BAND_PEERS: [u32; 27] = band_peers();

/// The 9 sectors of a band word (see [`SECTOR_KEEP`]) that hold a bit.
///
/// With `PEXT` one BMI2 instruction gathers them; callers pass `true` only after detecting
/// BMI2 on a processor where it is fast.
#[inline(always)]
pub(crate) fn sectors<const PEXT: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if PEXT {
        let any = x | x >> 1 | x >> 2;
        // SAFETY: `PEXT` is true only in the copy called once BMI2 was detected.
        return unsafe { core::arch::x86_64::_pext_u32(any, 0x0124_9249) };
    }
    ROW_BOXES[(x & 511) as usize]
        | ROW_BOXES[((x >> 9) & 511) as usize] << 3
        | ROW_BOXES[((x >> 18) & 511) as usize] << 6
}

/// A guess: digit `digit` placed at bit `bit` of band `band`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Guess {
    pub(crate) band: usize,
    pub(crate) bit: u32,
    pub(crate) digit: usize,
}

/// The whole search state: 320 bytes, copied once per guess. Aligned, with the words first,
/// so that the AVX-512 examination's loads are the copy's 64-byte blocks (see `settle.rs`).
///
/// The scalar loop re-examines a word when it differs from `seen`, the value it had when last
/// examined (the AVX-512 examination, `settle.rs`, examines every word and leaves `seen`
/// alone). Examining a word finds the cells left alone in their row, marks them solved and
/// clears them from the other digits; column pointing clears a box's lone column from the
/// digit's other bands.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct State {
    pub(crate) f: [u32; 27],
    /// Always 0: words 16 to 31 are one aligned 64-byte block (see `settle.rs`).
    pub(crate) tail: [u32; 5],
    pub(crate) seen: [u32; 27],
    pub(crate) unsolved: [u32; 3],
    /// Empty cells with exactly two candidates, per band, as of the last naked-single scan.
    /// The fourth word is always 0: the four are stored at once (see [`State::naked_singles`]).
    pub(crate) pairs: [u32; 4],
}

const _: () = assert!(core::mem::size_of::<State>() == 320);

impl State {
    fn empty() -> State {
        State {
            f: [BAND; 27],
            tail: [0; 5],
            seen: [0; 27],
            unsolved: [BAND; 3],
            pairs: [0; 4],
        }
    }

    /// Places digit `d` in band `b` at `p` in its own word only: the cell's band peers lose
    /// it, and the word is marked for examination, which finds the rest. False if the cell no
    /// longer admits the digit.
    #[inline(always)]
    fn place_in_word(&mut self, d: usize, b: usize, p: u32) -> bool {
        let j = 3 * d + b;
        if self.f[j] & (1 << p) == 0 {
            return false;
        }
        self.f[j] &= !BAND_PEERS[p as usize];
        // Examine the word even if no peer was left to clear, so the cell gets marked solved.
        self.seen[j] = 0;
        true
    }

    /// Places digit `d` in band `b` at `p` with all its eliminations at once: as
    /// [`State::place_in_word`], and also the cell's column leaves the digit's other bands,
    /// the cell leaves the other digits, and it is marked solved. False if the cell no longer
    /// admits the digit. The examination then starts from all of them instead of finding them
    /// a word at a time, one pass after another: for the givens, 17-clue puzzles/s rose about
    /// 6%; for guesses and singles, the multi-solution set's about 3%.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, p: u32) -> bool {
        if !self.place_in_word(d, b, p) {
            return false;
        }
        let cell = 1u32 << p;
        self.clear_from_every_digit(b, cell);
        self.f[3 * d + b] |= cell;
        self.clear_column_elsewhere(d, b, p);
        self.unsolved[b] &= !cell;
        true
    }

    /// Clears `cells` of band `b` from all nine digits, the one they were solved by included:
    /// its caller gives them back to it, which costs less than a branch per word.
    #[inline(always)]
    fn clear_from_every_digit(&mut self, b: usize, cells: u32) {
        // `min` tells the compiler the band is below 3: no bounds checks on the nine words.
        let b = b.min(2);
        for e in 0..9 {
            self.f[3 * e + b] &= !cells;
        }
    }

    /// Clears the column of cell `p` of band `b` from digit `d`'s other bands.
    #[inline(always)]
    fn clear_column_elsewhere(&mut self, d: usize, b: usize, p: u32) {
        let column = COLUMN_OF[p as usize];
        let [_, other1, other2] = WORD_PLACES[3 * d + b];
        // SAFETY: `WORD_PLACES` names words below 27 (checked where it is built).
        unsafe {
            *self.f.get_unchecked_mut(usize::from(other1)) &= !column;
            *self.f.get_unchecked_mut(usize::from(other2)) &= !column;
        }
    }

    /// Places the givens: each as [`State::place`] does, except that taking the cells from
    /// the other digits waits until all are placed (one pass over the words instead of nine
    /// writes a given). That step never decides whether givens conflict (two givens share no
    /// cell), so the verdict and the state are the same. False if two givens conflict.
    #[inline(always)]
    fn place_givens(&mut self, clues: &Clues) -> bool {
        let mut filled = [0u32; 3];
        let mut given = [0u32; 27];
        for (&cell, &digit) in clues.cell.iter().zip(&clues.digit).take(clues.len) {
            let (b, p) = band_and_bit(u32::from(cell));
            // Clues hold digits below 9; `min` tells the compiler so (no division, no checks).
            let d = usize::from(digit).min(8);
            if !self.place_in_word(d, b, p) {
                return false;
            }
            self.clear_column_elsewhere(d, b, p);
            filled[b] |= 1 << p;
            given[3 * d + b] |= 1 << p;
        }
        for (j, word) in self.f.iter_mut().enumerate() {
            *word = (*word & !filled[j % 3]) | given[j];
        }
        for (unsolved, filled) in self.unsolved.iter_mut().zip(filled) {
            *unsolved &= !filled;
        }
        true
    }

    /// Examines word `i` (digit `i / 3`, band `i % 3`): box-line eliminations in the band,
    /// column pointing into the other bands, rows left with one cell marked solved. False on a
    /// contradiction.
    #[inline(always)]
    fn examine<const PEXT: bool>(&mut self, i: usize) -> bool {
        let [band, other1, other2] = WORD_PLACES[i];
        // `min` tells the compiler what the table holds: no bounds checks on the nine clears.
        let b = usize::from(band).min(2);
        let x0 = self.f[i];
        let x = x0 & SECTOR_KEEP[sectors::<PEXT>(x0) as usize & 511];
        if x == 0 {
            return false;
        }
        self.seen[i] = x;
        let open_elsewhere = COLUMN_POINTING[columns_of(x) as usize];
        // SAFETY: `WORD_PLACES` names words below 27 (checked where it is built).
        unsafe {
            *self.f.get_unchecked_mut(usize::from(other1)) &= open_elsewhere;
            *self.f.get_unchecked_mut(usize::from(other2)) &= open_elsewhere;
        }
        let solved = lone_cells_of_rows(x);
        self.unsolved[b] &= !solved;
        self.clear_from_every_digit(b, solved);
        self.f[i] = x;
        true
    }

    /// The words that changed since they were last examined, bit `j` for word `j`.
    #[inline(always)]
    fn changed_words(&self) -> u32 {
        let mut changed = 0u32;
        for (j, (f, seen)) in self.f.iter().zip(&self.seen).enumerate() {
            changed |= u32::from(f != seen) << j;
        }
        changed
    }

    /// [`State::changed_words`] by seven SSE2 comparisons of four words, on every path (SSE2
    /// is part of x86-64): the loop over the words took a twelfth of the scalar path's time on
    /// forum-hardest, and eight words a comparison (AVX2) were no faster on the `avx2` path.
    #[inline(always)]
    fn changed_words_in_lanes(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::*;
            let same = |k: usize| {
                // SAFETY: SSE2 is part of x86-64; words k..k + 4 lie in both arrays for k ≤ 23.
                let same = unsafe {
                    let f = _mm_loadu_si128(self.f.as_ptr().add(k).cast());
                    let seen = _mm_loadu_si128(self.seen.as_ptr().add(k).cast());
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(f, seen)))
                };
                (same as u32) << k
            };
            return !(same(0) | same(4) | same(8) | same(12) | same(16) | same(20) | same(23))
                & BAND;
        }
        #[allow(unreachable_code)]
        self.changed_words()
    }

    /// Examines changed words until none changes; false on a contradiction. Each pass takes
    /// the words changed when it starts, found all at once: a branch per word and pass, taken
    /// in no pattern a predictor learns, cost more than the passes this adds.
    #[inline(always)]
    fn settle_bands<const PEXT: bool>(&mut self) -> bool {
        loop {
            let mut changed = self.changed_words_in_lanes();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.examine::<PEXT>(i) {
                    return false;
                }
            }
        }
    }

    /// The candidates of cell `p` of band `b`, bit `d` for digit `d`; gathered without
    /// branches, since which digits a cell holds follows no pattern.
    #[inline(always)]
    fn digits_at(&self, b: usize, p: u32) -> u32 {
        let mut digits = 0u32;
        for d in 0..9 {
            digits |= ((self.f[3 * d + b] >> p) & 1) << d;
        }
        digits
    }

    /// Places cells left with one candidate and records the bivalue cells; `Err` on a cell
    /// with none. On x86-64 the three bands are counted side by side in SSE2 lanes, on every
    /// path (SSE2 is part of x86-64).
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, ()> {
        let (ones, twos, pairs) = self.candidate_counts_in_lanes();
        // One store of all four words: the guess choice loads two bands' words at once, which
        // a store of each would keep waiting (no forwarding from two stores to one load).
        self.pairs = pairs;
        let mut found = false;
        for b in 0..3 {
            if ones[b] != BAND {
                return Err(());
            }
            let mut singles = !twos[b] & self.unsolved[b];
            while singles != 0 {
                let p = singles.trailing_zeros();
                singles &= singles - 1;
                let digits = self.digits_at(b, p);
                if digits == 0 {
                    return Err(());
                }
                if !self.place(digits.trailing_zeros() as usize, b, p) {
                    return Err(());
                }
                found = true;
            }
        }
        Ok(found)
    }

    /// Each band's cells with at least one and at least two candidates, and those with exactly
    /// two (the fourth word 0), bit-sliced over the nine digits.
    #[inline(always)]
    fn candidate_counts(&self) -> ([u32; 3], [u32; 3], [u32; 4]) {
        let (mut ones, mut twos, mut threes) = ([0u32; 3], [0u32; 3], [0u32; 3]);
        for b in 0..3 {
            for d in 0..9 {
                let x = self.f[3 * d + b];
                threes[b] |= twos[b] & x;
                twos[b] |= ones[b] & x;
                ones[b] |= x;
            }
        }
        let pair = |b: usize| twos[b] & !threes[b];
        (ones, twos, [pair(0), pair(1), pair(2), 0])
    }

    /// Each digit's three band words in the first three lanes of an SSE2 vector: they are
    /// adjacent, so one load takes them.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn digit_words(&self) -> [core::arch::x86_64::__m128i; 9] {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64; words 3d..3d + 4 lie in `f` for d < 8, and the last
        // digit's are read from one word earlier and moved down a lane.
        core::array::from_fn(|d| unsafe {
            if d < 8 {
                _mm_loadu_si128(self.f.as_ptr().add(3 * d).cast())
            } else {
                _mm_srli_si128::<4>(_mm_loadu_si128(self.f.as_ptr().add(23).cast()))
            }
        })
    }

    /// [`State::candidate_counts`] with the three bands in the lanes of SSE2 vectors.
    #[inline(always)]
    fn candidate_counts_in_lanes(&self) -> ([u32; 3], [u32; 3], [u32; 4]) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::*;
            // SAFETY: SSE2 is part of x86-64; a vector and four words have one layout.
            return unsafe {
                let (mut ones, mut twos, mut threes) = (
                    _mm_setzero_si128(),
                    _mm_setzero_si128(),
                    _mm_setzero_si128(),
                );
                for x in self.digit_words() {
                    threes = _mm_or_si128(threes, _mm_and_si128(twos, x));
                    twos = _mm_or_si128(twos, _mm_and_si128(ones, x));
                    ones = _mm_or_si128(ones, x);
                }
                let three_bands = _mm_setr_epi32(-1, -1, -1, 0);
                let pairs = _mm_and_si128(_mm_andnot_si128(threes, twos), three_bands);
                (
                    bands_of(ones),
                    bands_of(twos),
                    core::mem::transmute::<__m128i, [u32; 4]>(pairs),
                )
            };
        }
        #[allow(unreachable_code)]
        self.candidate_counts()
    }

    /// Places `guess`, then propagates to a fixpoint; false on a contradiction. Without
    /// `full`, only the band examination and naked singles run (see [`Nine::run`] for when
    /// that pays).
    #[inline(always)]
    fn propagate<const PEXT: bool, const WIDE: bool, const LANES: bool>(
        &mut self,
        full: bool,
        mut guess: Option<Guess>,
    ) -> bool {
        loop {
            if !settle::<PEXT, WIDE, LANES>(self, guess.take()) {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            // The wide examination places the naked singles itself.
            if !WIDE {
                match self.naked_singles() {
                    Err(()) => return false,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if !COLUMN_SINGLES || !full {
                return true;
            }
            match column_singles::<WIDE, LANES>(self) {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            if !TRIADS {
                return true;
            }
            match self.triads::<PEXT, WIDE, LANES>() {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => return true,
            }
        }
    }

    /// Columns where a digit has one cell left that is still empty: hidden singles the band
    /// examination cannot see. `Err` on a column without the digit.
    #[inline(always)]
    fn column_singles(&mut self) -> Result<bool, ()> {
        let mut found = false;
        for d in 0..9 {
            found |= self.column_singles_of(d)?;
        }
        Ok(found)
    }

    /// [`State::column_singles`] for digit `d` alone.
    #[inline(always)]
    fn column_singles_of(&mut self, d: usize) -> Result<bool, ()> {
        let words = [self.f[3 * d], self.f[3 * d + 1], self.f[3 * d + 2]];
        let (keep, singles) = column_rules(words, self.unsolved)?;
        self.apply_column_rules(d, keep, singles)
    }

    /// Applies [`column_rules`]' verdict for digit `d`: its words keep only `keep`, and it is
    /// placed in each column of `singles`. Whether anything changed; `Err` on a contradiction.
    /// The placements touch only the digit's own words, so the digits' verdicts can be worked
    /// out all at once (`wide.rs`) and applied in any order.
    #[inline(always)]
    pub(crate) fn apply_column_rules(
        &mut self,
        d: usize,
        keep: [u32; 3],
        mut singles: u32,
    ) -> Result<bool, ()> {
        let mut found = false;
        for (k, keep) in keep.into_iter().enumerate() {
            let j = 3 * d + k;
            let old = self.f[j];
            self.f[j] &= keep;
            found |= self.f[j] != old;
        }
        while singles != 0 {
            let col = singles.trailing_zeros();
            singles &= singles - 1;
            let column = column_cells(col);
            let Some(band) = (0..3).find(|&band| self.f[3 * d + band] & column != 0) else {
                return Err(());
            };
            let p = (self.f[3 * d + band] & column).trailing_zeros();
            if !self.place_in_word(d, band, p) {
                return Err(());
            }
            found = true;
        }
        Ok(found)
    }

    /// The triad rule: the three cells where a row (or column) meets a box hold exactly three
    /// digits. Counted over all digits at once, per triad, with bit-sliced counters: fewer than
    /// three digits possible or more than three forced is a contradiction; exactly three
    /// possible forces them all there (they leave the rest of the row or column and box);
    /// exactly three forced leaves no room for the others.
    #[inline(always)]
    fn triads<const PEXT: bool, const WIDE: bool, const LANES: bool>(
        &mut self,
    ) -> Result<bool, ()> {
        #[cfg(target_arch = "x86_64")]
        if WIDE {
            // SAFETY: `WIDE` is true only in the copy run once `wide::available()` said so.
            let (rows, columns) = unsafe { crate::wide::triad_sets(self) };
            return self.apply_triads(rows, Some(columns));
        }
        #[cfg(target_arch = "x86_64")]
        if LANES {
            // SAFETY: `LANES` is true only in copies run once AVX2 was detected.
            let (mut rows, mut columns) = unsafe { crate::lanes::triad_sets(self) };
            (rows.possible[8], rows.forced[8]) = self.row_triad::<PEXT>(8);
            (columns.possible[8], columns.forced[8]) = self.column_triad(8);
            return self.apply_triads(rows, Some(columns));
        }
        self.apply_triads(self.row_triads::<PEXT>(), None)
    }

    /// Row triads, per digit: the sectors of each band where it may go (bit 9b + 3r + k) and
    /// those where it must (a row's only sector).
    #[inline(always)]
    fn row_triads<const PEXT: bool>(&self) -> TriadSets {
        let mut sets = TriadSets::default();
        for d in 0..9 {
            (sets.possible[d], sets.forced[d]) = self.row_triad::<PEXT>(d);
        }
        sets
    }

    /// [`State::row_triads`] of digit `d`: where it may go, where it must.
    #[inline(always)]
    fn row_triad<const PEXT: bool>(&self, d: usize) -> (u32, u32) {
        let s = sectors::<PEXT>(self.f[3 * d])
            | sectors::<PEXT>(self.f[3 * d + 1]) << 9
            | sectors::<PEXT>(self.f[3 * d + 2]) << 18;
        (s, s & !(several_in_group(s) * 7))
    }

    /// Column triads, per digit: bit 9b + c for column c within band b where it may go, and
    /// those where it must (the column has it in that band only).
    #[inline(always)]
    pub(crate) fn column_triads(&self) -> TriadSets {
        let mut sets = TriadSets::default();
        for d in 0..9 {
            (sets.possible[d], sets.forced[d]) = self.column_triad(d);
        }
        sets
    }

    /// [`State::column_triads`] of digit `d`: where it may go, where it must.
    #[inline(always)]
    fn column_triad(&self, d: usize) -> (u32, u32) {
        let (oa, ob, oc) = (
            columns_of(self.f[3 * d]),
            columns_of(self.f[3 * d + 1]),
            columns_of(self.f[3 * d + 2]),
        );
        (
            oa | ob << 9 | oc << 18,
            only(oa, ob, oc) | only(ob, oa, oc) << 9 | only(oc, oa, ob) << 18,
        )
    }

    /// Applies the triad rule from the rows' sets, then from the columns'. `columns`, when
    /// given, must be this state's; they are worked out here when not given or when the rows
    /// changed the state (and only once the rows raised no contradiction).
    #[inline(always)]
    pub(crate) fn apply_triads(
        &mut self,
        rows: TriadSets,
        columns: Option<TriadSets>,
    ) -> Result<bool, ()> {
        const ALL: u32 = BAND;
        let (naked, hidden) = rows.cover().verdict(ALL)?;
        let mut found = false;
        if naked | hidden != 0 {
            for d in 0..9 {
                let s = rows.possible[d];
                let n = s & naked;
                let fill = ((n | n >> 1 | n >> 2) & GROUP_LOW) * 7;
                let keep = s & !(fill & !n) & !(hidden & !rows.forced[d]);
                if keep != s {
                    for b in 0..3 {
                        let j = 3 * d + b;
                        let old = self.f[j];
                        let new = old & SECTOR_KEEP[((keep >> (9 * b)) & 511) as usize];
                        if new == 0 {
                            return Err(());
                        }
                        self.f[j] = new;
                    }
                    found = true;
                }
            }
        }
        let columns = match columns {
            Some(columns) if !found => columns,
            _ => self.column_triads(),
        };
        let (naked, hidden) = columns.cover().verdict(ALL)?;
        if naked | hidden != 0 {
            let spread = |cols: u32| cols | cols << 9 | cols << 18;
            for d in 0..9 {
                let s = columns.possible[d];
                let n = s & naked;
                let h = s & hidden & !columns.forced[d];
                if n | h == 0 {
                    continue;
                }
                let cols = [n & 511, (n >> 9) & 511, n >> 18];
                let gone = [h & 511, (h >> 9) & 511, h >> 18];
                for b in 0..3 {
                    let j = 3 * d + b;
                    let elsewhere = cols[(b + 1) % 3] | cols[(b + 2) % 3];
                    let mut keep = !spread(elsewhere | gone[b]);
                    if cols[b] != 0 {
                        keep &= BOX_CLAIM[cols[b] as usize];
                    }
                    let new = self.f[j] & keep;
                    if new == 0 {
                        return Err(());
                    }
                    self.f[j] = new;
                }
                found = true;
            }
        }
        Ok(found)
    }

    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The empty cell to branch on and the digit to try there first, as `(band, bit, digit)`:
    /// a bivalue cell when there is one.
    ///
    /// Each bivalue cell is scored by how far its two branches reach together: its empty peers
    /// plus the eliminations of both branches, then those of the stronger one. A branch's
    /// eliminations are the peers that lose its digit, a bivalue peer counted four times since
    /// it becomes a naked single. Both halves of the tree shrink, which matters most when
    /// uniqueness must be proven (see the crate documentation for the measured effect). The
    /// stronger branch goes first: it decides more cells, so on a puzzle with solutions on both
    /// sides it reaches one in fewer guesses.
    ///
    /// Unless `all`, only the first [`DIVE_SCORED`] bivalue cells in board order are scored.
    #[inline(always)]
    pub(crate) fn choose_cell(&self, all: bool) -> (usize, u32, usize) {
        // The best cell as one key: its score, then the earlier cell, then the digit to try
        // first, so keeping the best is a maximum rather than a branch.
        let mut best = 0u32;
        // One loop over all bands' bivalue cells: its exit is the one branch that mispredicts,
        // where a loop a band had three.
        let mut two = self.bivalue_cells();
        let mut left = if all { 81 } else { DIVE_SCORED };
        while two != 0 && left > 0 {
            left -= 1;
            let k = two.trailing_zeros();
            two &= two - 1;
            let (b, p) = band_and_bit(k);
            let [b1, b2] = OTHER_BANDS[b];
            let column = column_cells(p % 9);
            let peers = BAND_PEERS[p as usize] & self.unsolved[b];
            let (c1, c2) = (column & self.unsolved[b1], column & self.unsolved[b2]);
            let empty = sum_of_bytes(byte_counts(two_words(peers, c1)) + byte_counts(c2.into()));
            let digits = self.digits_at(b, p);
            let reach = |d: usize| self.reach(d, [b, b1, b2], [peers, c1, c2]);
            let (low, high) = (
                digits.trailing_zeros() as usize % 9,
                (digits & digits.wrapping_sub(1)).trailing_zeros() as usize % 9,
            );
            let (first, second) = (reach(low), reach(high));
            let score = (empty + first + second) * 64 + first.max(second);
            let digit = if second >= first { high } else { low };
            best = best.max(score << 11 | (127 - k) << 4 | digit as u32);
        }
        if best == 0 {
            return self.fewest_candidates_first_digit();
        }
        choice_of_key(best)
    }

    /// Whether a dive `depth` guesses deep takes [`State::deep_guess`] here: with fewer than
    /// [`DEEP_BIVALUE`] bivalue cells for each guess made (never at the root).
    #[inline(always)]
    fn is_deep_at(&self, depth: usize) -> bool {
        (self.bivalue_cells().count_ones() as usize) < DEEP_BIVALUE * depth
    }

    /// The empty cells with two candidates, of all bands in one set: bit 27b + p.
    #[inline(always)]
    pub(crate) fn bivalue_cells(&self) -> u128 {
        // A solved cell keeps one candidate, so it is never among the pairs.
        let band = |b: usize| u128::from(self.pairs[b]) << (27 * b);
        band(0) | band(1) | band(2)
    }

    /// The guess deep in a dive (see [`Nine::run`]): the digit with the most open places on the
    /// board, in its band with the most (the earlier digit and band on a tie), at the place
    /// whose peers hold the digit most often (the earlier place on a tie). Only called on a
    /// settled, unsolved state. Kept out of the search loop's code.
    #[inline(never)]
    pub(crate) fn deep_guess(&self) -> (usize, u32, usize) {
        match self.fullest_word() {
            Some(j) => self.deep_guess_in(j),
            None => self.fewest_candidates_first_digit(),
        }
    }

    /// The word (`3d + b`) of [`State::deep_guess`]'s digit and band; `None` if no digit has
    /// an open place, which a settled, unsolved state never has.
    #[inline(always)]
    pub(crate) fn fullest_word(&self) -> Option<usize> {
        // Counted two words at a time: the scalar path has no bit-count instruction.
        let mut open = [0u32; 28];
        for j in (0..27).step_by(2) {
            let word = |j: usize| self.f.get(j).map_or(0, |&x| x & self.unsolved[j % 3]);
            (open[j], open[j + 1]) = bit_counts_of_two(word(j), word(j + 1));
        }
        let mut best = 0u32;
        for d in 0..9 {
            let total = open[3 * d] + open[3 * d + 1] + open[3 * d + 2];
            for b in 0..3 {
                let j = 3 * d + b;
                best = best.max(deep_key(total, open[j], j));
            }
        }
        word_of_deep_key(best)
    }

    /// Word `j`'s band and digit, then its open places and the digit's in the band after it
    /// and the one after that: what [`State::deep_guess_in`] reads.
    #[inline(always)]
    pub(crate) fn deep_places(&self, j: usize) -> (usize, usize, [u32; 3]) {
        let (d, b) = (j / 3, j % 3);
        let [b1, b2] = OTHER_BANDS[b];
        let open = |b: usize| self.f[3 * d + b] & self.unsolved[b];
        (b, d, [open(b), open(b1), open(b2)])
    }

    /// [`State::deep_guess`] within word `j` (digit `j / 3`, band `j % 3`), which has an
    /// open place.
    #[inline(always)]
    pub(crate) fn deep_guess_in(&self, j: usize) -> (usize, u32, usize) {
        let (b, d, [open, first, second]) = self.deep_places(j);
        // The digit's open places in the other two bands side by side: a column's six cells
        // there are 9 bits apart.
        let elsewhere = u64::from(first) | u64::from(second) << 27;
        let mut places = open;
        let mut best = 0u32;
        while places != 0 {
            let p = places.trailing_zeros();
            places &= places - 1;
            // The column's six bits summed at bit 45 by one multiplication (no bit-count
            // instruction on the scalar path); no other product reaches bits 45..48.
            const SUM_AT_45: u64 = 1 << 45 | 1 << 36 | 1 << 27 | 1 << 18 | 1 << 9 | 1;
            let column = (elsewhere >> (p % 9)) & (COLUMN_LOW | COLUMN_LOW << 27);
            let elsewhere_count = (column.wrapping_mul(SUM_AT_45) >> 45) as u32 & 7;
            let reach = (open & BAND_PEERS[p as usize % 27]).count_ones() + elsewhere_count;
            best = best.max(reach << 5 | (31 - p));
        }
        (b, 31 - (best & 31), d)
    }

    /// How far placing digit `d` reaches, for [`State::choose_cell`]: the cells of `open`
    /// (in bands `bands`) that lose it, a bivalue one counted four times since it becomes a
    /// naked single. This is the scalar path's choice, which has no bit-count instruction:
    /// the six sets are counted bytewise and summed once, where six counts cost six dozen
    /// operations (the scalar path ran 5–11% faster on the five sets).
    #[inline(always)]
    fn reach(&self, d: usize, bands: [usize; 3], open: [u32; 3]) -> u32 {
        let lost: [u32; 3] = core::array::from_fn(|k| self.f[3 * d + bands[k]] & open[k]);
        let pairs: [u32; 3] = core::array::from_fn(|k| lost[k] & self.pairs[bands[k]]);
        let once = byte_counts(two_words(lost[0], lost[1]));
        let thrice = byte_counts(two_words(pairs[0], pairs[1]));
        let last = byte_counts(two_words(lost[2], pairs[2]));
        sum_of_bytes(once + 3 * thrice + last + 2 * (last & HIGH_HALF))
    }

    /// [`State::fewest_candidates`] with the cell's lowest digit, for states without a bivalue
    /// cell.
    #[inline(never)]
    pub(crate) fn fewest_candidates_first_digit(&self) -> (usize, u32, usize) {
        let (b, p) = self.fewest_candidates();
        (b, p, self.digits_at(b, p).trailing_zeros() as usize % 9)
    }

    /// Full minimum-remaining-values scan, for the rare states without a bivalue cell.
    #[inline(always)]
    fn fewest_candidates(&self) -> (usize, u32) {
        // Bit-sliced 4-bit candidate counters per band: count = c0 + 2c1 + 4c2 + 8c3.
        let mut counts = [[0u32; 4]; 3];
        for (b, count) in counts.iter_mut().enumerate() {
            let open = self.unsolved[b];
            let [mut c0, mut c1, mut c2, mut c3] = [0u32; 4];
            for d in 0..9 {
                let mut carry = self.f[3 * d + b] & open;
                let t = c0 & carry;
                c0 ^= carry;
                carry = t;
                let t = c1 & carry;
                c1 ^= carry;
                carry = t;
                let t = c2 & carry;
                c2 ^= carry;
                c3 |= t;
            }
            *count = [c0, c1, c2, c3];
        }
        for k in 2..=9u32 {
            for (b, &[c0, c1, c2, c3]) in counts.iter().enumerate() {
                let bit = |m: u32, i: u32| if k >> i & 1 != 0 { m } else { !m };
                let exact = self.unsolved[b] & bit(c0, 0) & bit(c1, 1) & bit(c2, 2) & bit(c3, 3);
                if exact != 0 {
                    return (b, exact.trailing_zeros());
                }
            }
        }
        // Unreachable after a successful propagation (every empty cell has 2..=9
        // candidates); any empty cell is still a sound choice.
        let b = (0..3).find(|&b| self.unsolved[b] != 0).unwrap_or(0);
        (b, self.unsolved[b].trailing_zeros() % 27)
    }

    /// Tells `watch` how the placed digits changed since `shown` (digits taken back, then
    /// digits placed, the one in `guessed` as a guess), and records them there.
    fn show(
        &self,
        shown: &mut [u8; 81],
        guessed: Option<usize>,
        watch: &mut impl FnMut(SearchEvent<'_>),
    ) {
        let mut now = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.f[3 * d + b] & !self.unsolved[b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    now[27 * b + p] = d as u8 + 1;
                }
            }
        }
        report_changes(shown, &now, guessed, watch);
    }

    /// Writes the digits of a solved state, 1..=9 row-major.
    fn write_solution(&self, out: &mut [u8; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.f[3 * d + b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[27 * b + p] = d as u8 + 1;
                }
            }
        }
    }
}

/// The first three lanes of a vector, one per band.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn bands_of(v: core::arch::x86_64::__m128i) -> [u32; 3] {
    // SAFETY: a vector and four words have one size, and every bit pattern is a word.
    let [x, y, z, _] = unsafe { core::mem::transmute::<core::arch::x86_64::__m128i, [u32; 4]>(v) };
    [x, y, z]
}

/// What the columns say about one digit, given its three band words and the bands' empty
/// cells: the cells each band keeps (a column whose digit lies in one band only claims it for
/// that band's box, so the box's other columns lose it) and the columns with one empty cell
/// left for it (hidden singles). `Err` when a column has no cell for it.
#[inline(always)]
pub(crate) fn column_rules(words: [u32; 3], unsolved: [u32; 3]) -> Result<([u32; 3], u32), ()> {
    // The columns where a band word has two or three cells.
    let twice = |x: u32| at_least_two(x & 511, (x >> 9) & 511, x >> 18);
    let [a, b, c] = words;
    let (oa, ob, oc) = (columns_of(a), columns_of(b), columns_of(c));
    if (oa | ob | oc) != 511 {
        return Err(());
    }
    let twos = twice(a) | twice(b) | twice(c) | at_least_two(oa, ob, oc);
    let open =
        columns_of(a & unsolved[0]) | columns_of(b & unsolved[1]) | columns_of(c & unsolved[2]);
    let keep = if COLUMN_CLAIMING {
        [
            BOX_CLAIM[only(oa, ob, oc) as usize],
            BOX_CLAIM[only(ob, oa, oc) as usize],
            BOX_CLAIM[only(oc, oa, ob) as usize],
        ]
    } else {
        [BAND; 3]
    };
    Ok((keep, open & !twos))
}

/// Places `guess`, then the band examination to a fixpoint: with `WIDE`, all words at once in
/// vector lanes, the naked singles with them.
#[inline(always)]
fn settle<const PEXT: bool, const WIDE: bool, const LANES: bool>(
    state: &mut State,
    guess: Option<Guess>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if WIDE {
        // SAFETY: `WIDE` is true only in the copy run once `wide::available()` said so.
        return unsafe { crate::settle::settle(state, guess) };
    }
    if let Some(Guess { band, bit, digit }) = guess
        && !state.place(digit, band, bit)
    {
        return false;
    }
    state.settle_bands::<PEXT>()
}

/// Column singles and claiming: with `WIDE`, all nine digits at once; with `LANES`, the
/// verdicts of eight at once and the ninth's apart.
#[inline(always)]
fn column_singles<const WIDE: bool, const LANES: bool>(state: &mut State) -> Result<bool, ()> {
    #[cfg(target_arch = "x86_64")]
    if WIDE {
        // SAFETY: `WIDE` is true only in the copy run once `wide::available()` said so.
        return unsafe { crate::wide::column_singles(state) };
    }
    #[cfg(target_arch = "x86_64")]
    if LANES {
        // SAFETY: `LANES` is true only in copies run once AVX2 was detected.
        let verdicts = unsafe { crate::lanes::column_verdicts(state) }?;
        let mut found = state.column_singles_of(8)?;
        let mut changed = verdicts.changed;
        while changed != 0 {
            let d = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let keep = verdicts.keep.map(|band| band[d]);
            found |= state.apply_column_rules(d, keep, verdicts.singles[d])?;
        }
        return Ok(found);
    }
    state.column_singles()
}

/// The guess of a settled, unsolved state: with `LANES`, scored eight cells at a time.
/// Unless `all`, only the first [`DIVE_SCORED`] bivalue cells are scored.
#[inline(always)]
fn choose<const LANES: bool>(state: &State, all: bool) -> (usize, u32, usize) {
    #[cfg(target_arch = "x86_64")]
    if LANES {
        // SAFETY: `LANES` is true only in copies run once AVX2 was detected.
        return unsafe { crate::lanes::choose_cell(state, all) };
    }
    state.choose_cell(all)
}

/// [`State::deep_guess`]: with `LANES`, on AVX2 (the `avx512` path's too).
#[inline(always)]
fn deep_guess<const LANES: bool>(state: &State) -> (usize, u32, usize) {
    #[cfg(target_arch = "x86_64")]
    if LANES {
        // SAFETY: `LANES` is true only in copies run once AVX2 and POPCNT were detected.
        return unsafe { crate::lanes::deep_guess(state) };
    }
    state.deep_guess()
}

/// Writes the solution of a solved state: with `LANES`, a vector of cells at a time.
#[inline(always)]
fn write_solution<const LANES: bool>(state: &State, out: &mut [u8; 81]) {
    #[cfg(target_arch = "x86_64")]
    if LANES {
        // SAFETY: `LANES` is true only in copies run once AVX2 was detected.
        return unsafe { crate::lanes::write_solution(state, out) };
    }
    state.write_solution(out);
}

/// A second solution by a rectangle exchange (see `exchange.rs`): on the multi-solution set
/// it ends about two in three searches at their first solution. `WIDE` copies test the line
/// pairs with AVX-512 where the processor has VBMI.
#[inline(never)]
#[cold]
fn exchanged<const WIDE: bool>(solution: &[u8; 81], clues: &Clues) -> Option<[u8; 81]> {
    let mut marked = *solution;
    for &cell in clues.cell.iter().take(clues.len) {
        marked[usize::from(cell)] |= crate::exchange::GIVEN;
    }
    #[cfg(target_arch = "x86_64")]
    if WIDE && crate::exchange::wide_available() {
        // SAFETY: the features were detected just now.
        return unsafe { crate::exchange::exchanged_wide(&marked) };
    }
    crate::exchange::exchanged(&marked)
}

/// How a fast-path solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Solutions found (at most the limit).
    pub solutions: u64,
    /// Set when the budget stopped the search before it was settled.
    pub stopped: Option<StopReason>,
    pub counters: Counters,
}

/// Bivalue cells scored for a guess in a dive (see [`Nine::run`]): the first eight in board
/// order, one AVX2 vector's worth. A dive's guesses seldom need the best cell, and scoring
/// every one was a fifth of the band-first set's instructions; its guesses a puzzle went
/// from 11.07 to 11.12, the multi-solution set's from 7.90 to 8.00.
pub(crate) const DIVE_SCORED: usize = 8;

/// The depth below which a dive's first failure does not end it (see [`Nine::run`]).
const FORGIVEN_BELOW: usize = 2;

/// A dive state takes [`State::deep_guess`] with fewer bivalue cells than this for each guess
/// made (see [`State::is_deep_at`]).
const DEEP_BIVALUE: usize = 2;

/// Nodes between two budget checks.
const CHECK_EVERY: u64 = 1024;

/// Scratch for the 9×9 search: the stack of pending alternatives (at most one per placed cell).
pub(crate) struct Nine {
    stack: Box<[State; 81]>,
}

impl Default for Nine {
    fn default() -> Nine {
        Nine {
            stack: Box::new([State::empty(); 81]),
        }
    }
}

impl Nine {
    /// Searches the puzzle given by `clues` for up to `limit` solutions, handing each to `found`.
    /// `budget` is checked at entry and every [`CHECK_EVERY`] nodes; `nodes` is the work
    /// counter its iteration cap applies to.
    ///
    /// The root, and every node once some branch has met a contradiction, propagates in full.
    /// Before that the search is a dive that has not yet had to prove anything, and column
    /// singles and triads seldom decide a cell there (about one pass in ten on the
    /// multi-solution set), so those nodes skip them. The dive then reaches a solution in a
    /// few more, cheaper guesses; once a branch fails, the remaining work is mostly refuting
    /// branches, where the stronger rules pay.
    ///
    /// The further a dive gets without a contradiction, the likelier the puzzle has many
    /// solutions, where any consistent guess leads to one and the guess that decides most gets
    /// there first; and the fewer bivalue cells a state has, the less a split on one decides.
    /// So a dive state with fewer than two bivalue cells for each guess made so far takes
    /// [`State::deep_guess`], any other the bivalue cell that reaches furthest. A deep guess's
    /// digit had several places, so a failure below it says little about the puzzle: the
    /// first failure deeper than [`FORGIVEN_BELOW`] guesses does not end the dive (without
    /// that, the multi-solution set ran 3% slower than with bivalue guesses only on the scalar
    /// path, 1% on the `avx512` path).
    #[inline(always)]
    pub(crate) fn run<const PEXT: bool, const WIDE: bool, const LANES: bool, const WATCH: bool>(
        &mut self,
        clues: &Clues,
        limit: u64,
        budget: Option<&Budget>,
        mut found: impl FnMut(&[u8; 81]),
        mut watch: impl FnMut(SearchEvent<'_>),
    ) -> Tally {
        let mut counters = Counters::default();
        let tally = |solutions, stopped, counters: Counters| Tally {
            solutions,
            stopped,
            counters: Counters {
                iterations: counters.nodes,
                ..counters
            },
        };
        if let Some(budget) = budget
            && let Err(reason) = budget.check(0)
        {
            return tally(0, Some(reason), counters);
        }
        let mut checkpoints =
            budget.map_or(Checkpoints::never(), |b| Checkpoints::new(b, CHECK_EVERY));
        let mut current = State::empty();
        if !current.place_givens(clues) {
            return tally(0, None, counters);
        }
        // What the watcher has been told: the clues, then every change.
        let mut shown = [0u8; 81];
        if WATCH {
            for (&cell, &digit) in clues.cell.iter().zip(&clues.digit).take(clues.len) {
                shown[usize::from(cell)] = digit % 9 + 1;
            }
        }
        let mut solutions = 0u64;
        let mut depth = 0usize;
        // Whether the dive is over: from then on every node propagates in full.
        let mut refuting = false;
        // Whether the dive has already gone on past a failure.
        let mut forgiven = false;
        let mut solution = [0u8; 81];
        // The cell of the guess just placed, until the watcher has been told of it.
        let mut guessed = None;
        // The guess the next propagation starts by placing.
        let mut guess = None;
        loop {
            counters.nodes += 1;
            if checkpoints.due(counters.nodes)
                && let Some(budget) = budget
                && let Err(reason) = checkpoints.check(budget, counters.nodes)
            {
                return tally(solutions, Some(reason), counters);
            }
            if current.propagate::<PEXT, WIDE, LANES>(depth == 0 || refuting, guess.take()) {
                if WATCH {
                    current.show(&mut shown, guessed.take(), &mut watch);
                }
                if current.is_solved() {
                    solutions += 1;
                    write_solution::<LANES>(&current, &mut solution);
                    found(&solution);
                    if solutions >= limit {
                        break;
                    }
                    if limit == 2
                        && depth > 0
                        && let Some(second) = exchanged::<WIDE>(&solution, clues)
                    {
                        solutions += 1;
                        found(&second);
                        break;
                    }
                } else if depth < self.stack.len() {
                    let (b, p, d) = if !refuting && current.is_deep_at(depth) {
                        deep_guess::<LANES>(&current)
                    } else {
                        choose::<LANES>(&current, depth == 0 || refuting)
                    };
                    let bit = 1u32 << p;
                    // Built in place: one copy of the state, not two.
                    self.stack[depth] = current;
                    self.stack[depth].f[3 * d + b] &= !bit;
                    depth += 1;
                    counters.guesses += 1;
                    if WATCH {
                        guessed = Some(27 * b + p as usize);
                    }
                    // Placed by the propagation, so that the wide examination places it in
                    // registers (the cell admits the digit: every guess is a candidate).
                    guess = Some(Guess {
                        band: b,
                        bit: p,
                        digit: d,
                    });
                    continue;
                }
            } else if !refuting && depth > FORGIVEN_BELOW && !forgiven {
                forgiven = true;
            } else {
                refuting = true;
            }
            if depth == 0 {
                break;
            }
            depth -= 1;
            current = self.stack[depth];
            counters.backtracks += 1;
            guessed = None;
        }
        tally(solutions, None, counters)
    }
}

/// The givens of a 9×9 puzzle, packed: the cell and 0-based digit of each clue.
///
/// Built without a branch per cell: whether a cell holds a clue follows no pattern a branch
/// predictor can learn, and mispredicting a third of 81 branches costs as much as a solve's
/// propagation on an easy puzzle. The arrays have room for eight more than 81, so that
/// [`Clues::from_line_pext`] can write eight at a time.
pub(crate) struct Clues {
    cell: [u8; 89],
    digit: [u8; 89],
    len: usize,
}

impl Clues {
    fn empty() -> Clues {
        Clues {
            cell: [0; 89],
            digit: [0; 89],
            len: 0,
        }
    }

    /// From cell values (0 empty, 1..=9 given; anything else counts as empty).
    #[inline]
    pub(crate) fn from_cells(cells: &[u8; 81]) -> Clues {
        let mut clues = Clues::empty();
        for (i, &value) in cells.iter().enumerate() {
            clues.push(i, value.wrapping_sub(1));
        }
        clues
    }

    /// Adds cell `cell` with 0-based digit `digit` if that is a digit (below 9): written
    /// either way, counted only then, so an empty cell costs no branch.
    #[inline(always)]
    fn push(&mut self, cell: usize, digit: u8) {
        self.cell[self.len] = cell as u8;
        self.digit[self.len] = digit;
        self.len += usize::from(digit < 9);
    }

    /// From an 81-symbol line (`1`-`9` given, `.` `0` `_` empty); `None` if the line is
    /// anything else. Text after the 81st symbol is ignored, as in dataset files.
    #[inline]
    pub(crate) fn from_line(line: &[u8]) -> Option<Clues> {
        let line = symbols(line)?;
        let mut clues = Clues::empty();
        for (i, &ch) in line.iter().enumerate() {
            clues.push(i, ch.wrapping_sub(b'1'));
        }
        Some(clues)
    }

    /// [`Clues::from_line`] eight symbols at a time: SSE2 compares mark the givens of sixteen
    /// symbols, and PEXT packs eight symbols' givens (their digits, and their cells from a
    /// word of eight indices) into the low bytes of a word written whole. Only where PEXT is
    /// one fast instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    pub(crate) fn from_line_pext(line: &[u8]) -> Option<Clues> {
        use core::arch::x86_64::*;
        use core::mem::transmute;
        let line = symbols(line)?;
        let mut clues = Clues::empty();
        let mut pack = |digits: u64, givens: u64, first: u64| {
            // Eight cell indices from `first`, one a byte.
            let cells = 0x0706_0504_0302_0100 + first * 0x0101_0101_0101_0101;
            let len = clues.len;
            clues.digit[len..len + 8].copy_from_slice(&_pext_u64(digits, givens).to_le_bytes());
            clues.cell[len..len + 8].copy_from_slice(&_pext_u64(cells, givens).to_le_bytes());
            clues.len += givens.count_ones() as usize / 8;
        };
        for first in (0..80).step_by(16) {
            // SAFETY: SSE2 is part of x86-64; the sixteen symbols from `first` lie in the line;
            // a vector and two 64-bit words have one size.
            let (digits, givens) = unsafe {
                let symbols = _mm_loadu_si128(line.as_ptr().add(first).cast());
                let digits = _mm_sub_epi8(symbols, _mm_set1_epi8(b'1' as i8));
                let given = _mm_cmpeq_epi8(_mm_min_epu8(digits, _mm_set1_epi8(8)), digits);
                (
                    transmute::<__m128i, [u64; 2]>(digits),
                    transmute::<__m128i, [u64; 2]>(given),
                )
            };
            pack(digits[0], givens[0], first as u64);
            pack(digits[1], givens[1], first as u64 + 8);
        }
        clues.push(80, line[80].wrapping_sub(b'1'));
        Some(clues)
    }
}

/// The first 81 symbols of a line if each is `1`-`9`, `.`, `0` or `_`. Checked in a pass of
/// their own, which the compiler vectorises; in the packing loop it cost more than the packing.
#[inline(always)]
fn symbols(line: &[u8]) -> Option<&[u8; 81]> {
    let line: &[u8; 81] = line.get(..81)?.try_into().ok()?;
    let bad = line.iter().fold(false, |bad, &ch| {
        bad | !(ch.wrapping_sub(b'1') < 9 || ch == b'.' || ch == b'0' || ch == b'_')
    });
    (!bad).then_some(line)
}

/// For each digit, the triads (bits) where it may go and those where it must.
#[derive(Clone, Copy, Default)]
pub(crate) struct TriadSets {
    pub(crate) possible: [u32; 9],
    pub(crate) forced: [u32; 9],
}

impl TriadSets {
    /// The counts over the nine digits.
    #[inline(always)]
    fn cover(&self) -> TriadCover {
        let mut cover = TriadCover::default();
        for (&possible, &forced) in self.possible.iter().zip(&self.forced) {
            cover.add(possible, forced);
        }
        cover
    }
}

/// The groups of three bits (of nine in a 27-bit word) with two or more set, as their lowest bit.
#[inline(always)]
fn several_in_group(s: u32) -> u32 {
    at_least_two(s & GROUP_LOW, (s >> 1) & GROUP_LOW, (s >> 2) & GROUP_LOW)
}

/// Cell `k` of the board (0..81, row by row) as its band and its bit in the band's words; by
/// comparisons, cheaper than a division.
#[inline(always)]
fn band_and_bit(k: u32) -> (usize, u32) {
    let b = usize::from(k >= 27) + usize::from(k >= 54);
    (b, k - 27 * b as u32)
}

/// The guess a choice key names, `(band, bit, digit)`: a key is the cell's score, then 127
/// less its index 27b + p (the earlier cell wins a tie), then the digit to try first, in bits
/// 11.., 4..11 and 0..4, so that the best cell is the key's maximum.
#[inline(always)]
pub(crate) fn choice_of_key(key: u32) -> (usize, u32, usize) {
    let (b, p) = band_and_bit(127 - (key >> 4 & 127));
    (b, p, (key & 15) as usize)
}

/// The first column's cells in a band word, as a 64-bit word.
const COLUMN_LOW: u64 = column_cells(0) as u64;

/// The bits set in `a` and in `b`, counted together in one 64-bit word: without a bit-count
/// instruction each count costs a dozen operations, and here two cost hardly more than one.
#[inline(always)]
fn bit_counts_of_two(a: u32, b: u32) -> (u32, u32) {
    let bytes = byte_counts(two_words(a, b));
    // Byte k of the product sums bytes 0..=k: byte 3 counts `a`, byte 7 both.
    let sums = bytes.wrapping_mul(0x0101_0101_0101_0101);
    let low = (sums >> 24) as u32 & 0xFF;
    (low, (sums >> 56) as u32 - low)
}

/// `a` in the low half of a 64-bit word, `b` in the high half.
#[inline(always)]
fn two_words(a: u32, b: u32) -> u64 {
    u64::from(a) | u64::from(b) << 32
}

/// The high half of a 64-bit word.
const HIGH_HALF: u64 = 0xFFFF_FFFF_0000_0000;

/// Each byte of `x` replaced by the number of its bits set: a bit count short of its last
/// step, so that several can be added (up to 31 of them) before [`sum_of_bytes`].
#[inline(always)]
fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// The sum of the bytes of `x`, which must itself be below 256.
#[inline(always)]
fn sum_of_bytes(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The key of word `j` (digit `j / 3`, band `j % 3`) for [`State::fullest_word`]: the
/// digit's open places on the board (`total`), then in the word (`open`), then the earlier
/// word, in bits 10.., 5..10 and 0..5, so that the word wanted is the key's maximum; 0 for a
/// word without an open place.
#[inline(always)]
pub(crate) fn deep_key(total: u32, open: u32, j: usize) -> u32 {
    ((total << 5 | open) << 5 | (31 - j as u32)) * u32::from(open != 0)
}

/// The word a [`deep_key`] names, if any does (the key is not 0).
#[inline(always)]
pub(crate) fn word_of_deep_key(key: u32) -> Option<usize> {
    (key != 0).then(|| 31 - (key & 31) as usize)
}

/// The three cells of column `col` (0..9) in a band word.
#[inline(always)]
pub(crate) const fn column_cells(col: u32) -> u32 {
    0x40201 << col
}

/// The columns (9 bits) where a band word has a cell.
#[inline(always)]
fn columns_of(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 511
}

/// The bits set in at least two of the three words.
#[inline(always)]
fn at_least_two(a: u32, b: u32, c: u32) -> u32 {
    (a & b) | (a & c) | (b & c)
}

/// The bits of `x` in neither `y` nor `z`.
#[inline(always)]
fn only(x: u32, y: u32, z: u32) -> u32 {
    x & !(y | z)
}

/// For each triad (a bit), how many digits may go there and how many must, counted in bit
/// slices up to four: `counts[k]` holds the triads with more than `k` digits, those that may
/// in its low half and those that must in its high half (one counter counts both).
#[derive(Clone, Copy, Default)]
struct TriadCover {
    counts: [u64; 4],
}

impl TriadCover {
    /// Counts one digit: the triads where it may go and those where it must.
    #[inline(always)]
    fn add(&mut self, possible: u32, forced: u32) {
        let digit = u64::from(possible) | u64::from(forced) << 32;
        let counts = &mut self.counts;
        counts[3] |= counts[2] & digit;
        counts[2] |= counts[1] & digit;
        counts[1] |= counts[0] & digit;
        counts[0] |= digit;
    }

    /// The naked triads (of `all`: exactly three digits possible, fewer than three of them
    /// forced yet) and the hidden ones (exactly three forced among more possible); or a
    /// contradiction: a triad with fewer than three possible or more than three forced.
    #[inline(always)]
    fn verdict(&self, all: u32) -> Result<(u32, u32), ()> {
        let [_, _, three, four] = self.counts;
        let (possible3, possible4) = (three as u32, four as u32);
        let (forced3, forced4) = ((three >> 32) as u32, (four >> 32) as u32);
        if possible3 != all || forced4 != 0 {
            return Err(());
        }
        Ok((possible3 & !possible4 & !forced3, forced3 & possible4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sector_table_keeps_only_permutation_sectors() {
        // Every sector present: nothing pruned.
        assert_eq!(SECTOR_KEEP[511], BAND);
        // Row 0 only in box 0: box 0's other rows and row 0's other boxes go.
        let m = 0b110_110_001;
        let keep = SECTOR_KEEP[m];
        assert_eq!(keep, 7 | (0b111_111_000 << 9) | (0b111_111_000 << 18));
        // A row with no sector: no permutation.
        assert_eq!(SECTOR_KEEP[0b111_111_000], 0);
    }

    /// Row 0, box 0 (cells 0-2 of band 0) admitting only digits 0-2: they all go there, so
    /// the rest of the row and of the box lose them, and nothing else changes.
    #[test]
    fn a_triad_with_three_possible_digits_takes_them() {
        let mut state = State::empty();
        for d in 3..9 {
            state.f[3 * d] &= !0b111;
        }
        let before = state.f;
        assert_eq!(state.triads::<false, false, false>(), Ok(true));
        for d in 0..3 {
            assert_eq!(
                state.f[3 * d],
                BAND & !(0o770 | 0o7 << 9 | 0o7 << 18),
                "digit {d}"
            );
        }
        for (j, (now, was)) in state.f.iter().zip(&before).enumerate() {
            if j % 3 != 0 || j >= 9 {
                assert_eq!(now, was, "word {j}");
            }
        }
    }

    /// Digits 0-2 confined, in row 0, to box 0: the triad's cells lose every other digit.
    #[test]
    fn a_triad_with_three_forced_digits_excludes_the_rest() {
        let mut state = State::empty();
        for d in 0..3 {
            state.f[3 * d] &= !0o770;
        }
        assert_eq!(state.triads::<false, false, false>(), Ok(true));
        for d in 3..9 {
            assert_eq!(state.f[3 * d] & 0b111, 0, "digit {d}");
            assert_eq!(state.f[3 * d] | 0b111, BAND, "digit {d}");
        }
    }

    /// Four digits forced into one triad, or only two possible there: contradictions.
    #[test]
    fn overfull_or_starved_triads_are_contradictions() {
        let mut over = State::empty();
        for d in 0..4 {
            over.f[3 * d] &= !0o770;
        }
        assert_eq!(over.triads::<false, false, false>(), Err(()));
        let mut starved = State::empty();
        for d in 2..9 {
            starved.f[3 * d] &= !0b111;
        }
        assert_eq!(starved.triads::<false, false, false>(), Err(()));
        // The same along a column: column 0 of band 0 admitting two digits only.
        let mut column = State::empty();
        for d in 2..9 {
            column.f[3 * d] &= !(1 | 1 << 9 | 1 << 18);
        }
        assert_eq!(column.triads::<false, false, false>(), Err(()));
    }

    /// The candidates of cell `k` (0..81), bit `d` for digit `d`, read cell by cell.
    fn candidates(state: &State, k: usize) -> u32 {
        (0..9)
            .filter(|&d| state.f[3 * d + k / 27] & 1 << (k % 27) != 0)
            .fold(0, |digits, d| digits | 1 << d)
    }

    /// A branch's reach worked out over the whole board: the empty peers that hold `d`, a
    /// bivalue one counting four.
    fn reach(state: &State, k: usize, d: usize) -> u32 {
        let (row, col, bx) = (k / 9, k % 9, (k / 27, k % 9 / 3));
        (0..81)
            .filter(|&q| q != k && (q / 9 == row || q % 9 == col || (q / 27, q % 9 / 3) == bx))
            .filter(|&q| state.unsolved[q / 27] & 1 << (q % 27) != 0)
            .map(|q| candidates(state, q))
            .filter(|&digits| digits & 1 << d != 0)
            .map(|digits| if digits.count_ones() == 2 { 4 } else { 1 })
            .sum()
    }

    /// The settled, unsolved states of a dive from each puzzle of `set` (lines of 81 symbols,
    /// `#` comments skipped): propagated (in full or not), then given the guess `guess` names,
    /// until a state is solved or fails or `guess` names none.
    fn dives(
        set: &str,
        full: bool,
        guess: impl Fn(&State) -> Option<(usize, u32, usize)>,
    ) -> Vec<State> {
        let mut states = Vec::new();
        for line in set.lines().filter(|l| !l.starts_with('#')) {
            let clues = Clues::from_line(line.as_bytes()).expect("a 9×9 line");
            let mut state = State::empty();
            for (&cell, &digit) in clues.cell.iter().zip(&clues.digit).take(clues.len) {
                let (b, p) = (usize::from(cell / 27), u32::from(cell % 27));
                assert!(state.place(usize::from(digit), b, p));
            }
            while state.propagate::<false, false, false>(full, None) && !state.is_solved() {
                let Some((b, p, d)) = guess(&state) else {
                    break;
                };
                states.push(state);
                if !state.place(d, b, p) {
                    break;
                }
            }
        }
        states
    }

    /// Settled, unsolved states with a bivalue cell: for each puzzle of the multi-solution set,
    /// the root and the states met diving from it along the chosen guesses.
    fn dive_states() -> Vec<State> {
        let set = include_str!("../../../../datasets/multi-solution.txt");
        dives(set, true, |state| {
            let bivalue = state
                .pairs
                .iter()
                .zip(&state.unsolved)
                .any(|(&two, &open)| two & open != 0);
            bivalue.then(|| state.choose_cell(true))
        })
    }

    /// Along dives through the multi-solution set, the guess goes first into the branch that
    /// reaches further.
    #[test]
    fn the_stronger_branch_goes_first() {
        let states = dive_states();
        assert!(states.len() >= 1000, "only {} states", states.len());
        for state in &states {
            let (b, p, d) = state.choose_cell(true);
            let k = 27 * b + p as usize;
            let digits = candidates(state, k);
            assert_eq!(digits.count_ones(), 2, "cell {k} is not bivalue");
            assert_ne!(digits & 1 << d, 0, "cell {k}: digit {d} not a candidate");
            let other = (digits & !(1 << d)).trailing_zeros() as usize;
            assert!(
                reach(state, k, d) >= reach(state, k, other),
                "cell {k}: digit {d} reaches {}, digit {other} {}",
                reach(state, k, d),
                reach(state, k, other)
            );
        }
    }

    /// The SSE2 candidate counts are the scalar ones on every dive state, and the AVX2 scan
    /// for changed words finds the scalar one's on every state one placement from them.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_lane_counts_are_the_scalar_counts() {
        for state in &dive_states() {
            assert_eq!(state.candidate_counts_in_lanes(), state.candidate_counts());
        }
        let mut changed = 0;
        for state in &placed_states() {
            let scalar = state.changed_words();
            assert_eq!(state.changed_words_in_lanes(), scalar);
            changed += usize::from(scalar & 1 << 26 != 0 && scalar != BAND);
        }
        assert!(
            changed >= 100,
            "the last word changed alone only {changed} times"
        );
    }

    /// Both solution writers give back the grid a solved state was built from: the solutions
    /// of the multi-solution set, placed cell by cell.
    #[test]
    fn a_solved_state_writes_its_grid() {
        let set = include_str!("../../../../datasets/multi-solution.txt");
        let mut solver = crate::Bitmask::default();
        for line in set.lines().filter(|l| !l.starts_with('#')) {
            let mut grid = [0u8; 81];
            solver.solve_line(line, 1, &mut grid).expect("a 9×9 line");
            let mut state = State::empty();
            for (k, &value) in grid.iter().enumerate() {
                let (b, p) = (k / 27, (k % 27) as u32);
                assert!(state.place(usize::from(value - 1), b, p), "{line}");
            }
            let mut written = [0u8; 81];
            state.write_solution(&mut written);
            assert_eq!(written, grid, "{line}");
            #[cfg(target_arch = "x86_64")]
            if crate::lanes::testable("the lane writer is never used") {
                let mut written = [0u8; 81];
                // SAFETY: the feature was detected above.
                unsafe { crate::lanes::write_solution(&state, &mut written) };
                assert_eq!(written, grid, "{line}");
            }
        }
    }

    /// The AVX2 choice is the scalar one, cell and digit, on every dive state, among them states
    /// with more bivalue cells than one vector's eight lanes.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_lane_choice_is_the_scalar_choice() {
        if !crate::lanes::testable("the lane choice is never used") {
            return;
        }
        let states = dive_states();
        let mut wider = 0;
        for state in &states {
            for all in [true, false] {
                // SAFETY: the feature was detected above.
                let lanes = unsafe { crate::lanes::choose_cell(state, all) };
                assert_eq!(lanes, state.choose_cell(all));
            }
            wider += usize::from(state.bivalue_cells().count_ones() > 16);
        }
        assert!(
            wider >= 100,
            "only {wider} states with more than 16 bivalue cells"
        );
    }

    /// Settled, unsolved states of dives that guess with [`State::deep_guess`] from the root
    /// (light propagation) through the first 300 puzzles of the band-first set, and the
    /// multi-solution set's dive states.
    fn deep_states() -> Vec<State> {
        let set = include_str!("../../../../datasets/band-first.txt");
        let first: String = set.lines().take(300).flat_map(|l| [l, "\n"]).collect();
        let mut states = dives(&first, false, |state| Some(state.deep_guess()));
        states.extend(dive_states());
        states
    }

    /// The deep guess as defined, worked out over the whole board: the digit with the most
    /// empty cells holding it, then its band with the most, then the cell whose empty peers
    /// hold it most often (the earlier digit, band and cell on a tie).
    #[test]
    fn the_deep_guess_takes_the_fullest_digit_where_it_reaches_furthest() {
        let states = deep_states();
        assert!(states.len() >= 2000, "only {} states", states.len());
        for state in &states {
            let empty = |k: usize| state.unsolved[k / 27] & 1 << (k % 27) != 0;
            let holds = |k: usize, d: usize| empty(k) && candidates(state, k) & 1 << d != 0;
            let in_band =
                |d: usize, b: usize| (27 * b..27 * b + 27).filter(|&k| holds(k, d)).count();
            let (digit, band) = (0..9)
                .flat_map(|d| (0..3).map(move |b| (d, b)))
                .max_by_key(|&(d, b)| {
                    let total: usize = (0..3).map(|b| in_band(d, b)).sum();
                    (total, in_band(d, b), std::cmp::Reverse(3 * d + b))
                })
                .expect("nine digits");
            let peers_holding = |k: usize| {
                let (row, col, bx) = (k / 9, k % 9, (k / 27, k % 9 / 3));
                (0..81)
                    .filter(|&q| {
                        q != k && (q / 9 == row || q % 9 == col || (q / 27, q % 9 / 3) == bx)
                    })
                    .filter(|&q| holds(q, digit))
                    .count()
            };
            let cell = (27 * band..27 * band + 27)
                .filter(|&k| holds(k, digit))
                .max_by_key(|&k| (peers_holding(k), std::cmp::Reverse(k)))
                .expect("the fullest digit has an empty cell");
            let (b, p, d) = state.deep_guess();
            assert_eq!((27 * b + p as usize, d), (cell, digit));
        }
    }

    /// The AVX2 deep guess is the scalar one on every deep state.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_lane_deep_guess_is_the_scalar_one() {
        if !crate::lanes::testable("the lane deep guess is never used") || !crate::bmi_available() {
            return;
        }
        for state in &deep_states() {
            // SAFETY: the features were detected above.
            assert_eq!(
                unsafe { crate::lanes::deep_guess(state) },
                state.deep_guess()
            );
        }
    }

    /// Each dive state with one digit placed in one of its bivalue cells, for each such
    /// placement, before any examination.
    fn placed_states() -> Vec<State> {
        bivalue_placements()
            .into_iter()
            .map(|(mut state, d, b, p)| {
                assert!(state.place(d, b, p));
                state
            })
            .collect()
    }

    /// For each dive state, each digit `d` of each bivalue cell (band `b`, bit `p`): the
    /// state and the placement, as `(state, d, b, p)`.
    fn bivalue_placements() -> Vec<(State, usize, usize, u32)> {
        let mut placements = Vec::new();
        for state in dive_states() {
            for k in 0..81 {
                let (b, p) = (k / 27, (k % 27) as u32);
                if state.pairs[b] & state.unsolved[b] & 1 << p == 0 {
                    continue;
                }
                let digits = candidates(&state, k);
                for d in (0..9).filter(|&d| digits & 1 << d != 0) {
                    placements.push((state, d, b, p));
                }
            }
        }
        placements
    }

    /// Unsettled states one step from each dive state: the [`placed_states`] whose band
    /// examination (but not the column pass or the triads) raised no contradiction.
    fn one_step_states() -> Vec<State> {
        let mut states = placed_states();
        states.retain_mut(|state| state.settle_bands::<false>());
        states
    }

    /// The scalar band examination and naked singles to their fixpoint, after placing
    /// `guess`: what the AVX-512 settling does in one call.
    fn settled_with_singles(mut state: State, guess: Option<Guess>) -> Option<State> {
        if let Some(Guess { band, bit, digit }) = guess
            && !state.place(digit, band, bit)
        {
            return None;
        }
        loop {
            if !state.settle_bands::<false>() {
                return None;
            }
            match state.naked_singles() {
                Err(()) => return None,
                Ok(true) => continue,
                Ok(false) => return Some(state),
            }
        }
    }

    /// The AVX-512 settling (band examination and naked singles, a guess placed in registers
    /// first) reaches the scalar loop's fixpoint and bivalue cells, or fails where it fails:
    /// for each placement of the dive states, placed by either, and from each puzzle's givens.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_wide_settling_reaches_the_scalar_fixpoint() {
        if !crate::wide::testable("the wide settling is never used") {
            return;
        }
        let set = include_str!("../../../../datasets/multi-solution.txt");
        let mut cases: Vec<(State, Option<Guess>)> = Vec::new();
        for (state, digit, band, bit) in bivalue_placements() {
            let mut placed = state;
            assert!(placed.place(digit, band, bit));
            cases.push((placed, None));
            cases.push((state, Some(Guess { band, bit, digit })));
        }
        for line in set.lines().filter(|l| !l.starts_with('#')) {
            let clues = Clues::from_line(line.as_bytes()).expect("a 9×9 line");
            let mut state = State::empty();
            for (&cell, &digit) in clues.cell.iter().zip(&clues.digit).take(clues.len) {
                let (b, p) = (usize::from(cell / 27), u32::from(cell % 27));
                assert!(state.place(usize::from(digit), b, p));
            }
            cases.push((state, None));
        }
        let (mut settled, mut failed) = (0, 0);
        for (state, guess) in cases {
            let scalar = settled_with_singles(state, guess);
            let mut wide = state;
            // SAFETY: the features were detected above.
            let verdict = unsafe { crate::settle::settle(&mut wide, guess) };
            assert_eq!(verdict, scalar.is_some(), "{guess:?}");
            if let Some(scalar) = scalar {
                assert_eq!(
                    (wide.f, wide.unsolved, wide.pairs),
                    (scalar.f, scalar.unsolved, scalar.pairs),
                    "{guess:?}"
                );
            }
            settled += usize::from(verdict);
            failed += usize::from(!verdict);
        }
        assert!(
            settled >= 20_000 && failed >= 1_000,
            "settled {settled}, failed {failed}"
        );
    }

    /// Contradictions built by hand on an empty grid, each of which both settlings must find:
    /// a guess the cell no longer admits; two cells whose only candidate is the same digit,
    /// sharing a row segment, a row, a box or a column; and two digits whose rows in a band
    /// are left with only the same cell.
    #[test]
    fn settling_finds_contradictions_built_by_hand() {
        // Cells as (band, bit): bit 9r + c is row r, column c of the band.
        let only_five_at = |cells: &[(usize, u32)]| {
            let mut state = State::empty();
            for &(b, p) in cells {
                for d in (0..9).filter(|&d| d != 4) {
                    state.f[3 * d + b] &= !(1 << p);
                }
            }
            state
        };
        let mut cases = vec![
            ("a row segment", only_five_at(&[(0, 0), (0, 1)]), None),
            ("a row", only_five_at(&[(0, 0), (0, 4)]), None),
            ("a box", only_five_at(&[(0, 0), (0, 10)]), None),
            ("a column", only_five_at(&[(0, 0), (1, 0)]), None),
        ];
        // Digits 1 and 2 each left with only the first cell in the band's first row.
        let mut one_cell = State::empty();
        for d in [0, 1] {
            one_cell.f[3 * d] &= !(BAND_PEERS[0] & 511);
        }
        cases.push(("two digits' only place in a row", one_cell, None));
        // The same where solving the cell changes no word: digits 1 and 2 have only the
        // first cell in the band's first row and no other place in its box or column, each
        // other row of the band holds them in the other two boxes, and no other digit is
        // left in the cell.
        const FIRST_ROW: u32 = 511;
        const FIRST_COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
        const OTHER_ROWS_OTHER_BOXES: u32 = !FIRST_ROW & BAND & !(0o007_007_007);
        let mut unseen = State::empty();
        for d in 0..9 {
            if d < 2 {
                unseen.f[3 * d] = 1 | OTHER_ROWS_OTHER_BOXES;
                unseen.f[3 * d + 1] &= !FIRST_COLUMN;
                unseen.f[3 * d + 2] &= !FIRST_COLUMN;
            } else {
                unseen.f[3 * d] &= !1;
            }
        }
        cases.push((
            "two digits' only place in a row, nothing else taken",
            unseen,
            None,
        ));
        // A guess the cell no longer admits.
        let mut no_five = State::empty();
        no_five.f[3 * 4] &= !1;
        let guess = Guess {
            band: 0,
            bit: 0,
            digit: 4,
        };
        cases.push(("a guess the cell no longer admits", no_five, Some(guess)));
        for (what, state, guess) in cases {
            assert!(settled_with_singles(state, guess).is_none(), "{what}");
            #[cfg(target_arch = "x86_64")]
            if crate::wide::testable("the wide settling is never used") {
                let mut wide = state;
                // SAFETY: the features were detected just above.
                assert!(
                    !unsafe { crate::settle::settle(&mut wide, guess) },
                    "{what}"
                );
            }
        }
    }

    /// A placement with all its eliminations at once propagates to exactly the state (or the
    /// contradiction) the examinations reach from the placement in the digit's word alone: for
    /// every puzzle's givens, and for each digit of each bivalue cell of the dive states. A
    /// repeated given fails.
    #[test]
    fn placements_settle_as_placements_in_the_word() {
        let set = include_str!("../../../../datasets/multi-solution.txt");
        let settles_alike = |mut in_word: State, mut at_once: State, what: &str| {
            let verdict = in_word.propagate::<false, false, false>(true, None);
            assert_eq!(
                at_once.propagate::<false, false, false>(true, None),
                verdict,
                "{what}"
            );
            if verdict {
                assert_eq!(
                    (at_once.f, at_once.unsolved),
                    (in_word.f, in_word.unsolved),
                    "{what}"
                );
            }
            verdict
        };
        let mut settled = 0;
        for line in set.lines().filter(|l| !l.starts_with('#')) {
            let clues = Clues::from_line(line.as_bytes()).expect("a 9×9 line");
            let (mut in_word, mut at_once) = (State::empty(), State::empty());
            for (&cell, &digit) in clues.cell.iter().zip(&clues.digit).take(clues.len) {
                let (b, p) = (usize::from(cell / 27), u32::from(cell % 27));
                assert!(in_word.place_in_word(usize::from(digit), b, p));
                assert!(at_once.place(usize::from(digit), b, p));
            }
            settled += usize::from(settles_alike(in_word, at_once, line));
        }
        assert!(settled >= 300, "{settled} puzzles settled");
        // Each digit of each bivalue cell of the dive states.
        let (mut guessed, mut failed) = (0, 0);
        for (state, d, b, p) in bivalue_placements() {
            let (mut in_word, mut at_once) = (state, state);
            assert!(in_word.place_in_word(d, b, p) && at_once.place(d, b, p));
            let what = format!("band {b}, cell {p}, digit {d}");
            let verdict = settles_alike(in_word, at_once, &what);
            guessed += 1;
            failed += usize::from(!verdict);
        }
        assert!(
            guessed >= 5000 && failed >= 100,
            "{guessed} placements, {failed} failed"
        );
        let mut state = State::empty();
        assert!(state.place(4, 0, 0));
        assert!(!state.place(4, 0, 5), "a 5 twice in row 1");
        assert!(!state.place(4, 2, 18), "a 5 twice in column 1");
    }

    /// Light propagation (band examination and naked singles) stops short of the full
    /// fixpoint but never past it: continuing in full from where it stopped gives the full
    /// verdict and state.
    #[test]
    fn light_propagation_is_part_of_the_full_one() {
        let mut short = 0;
        for state in one_step_states() {
            let (mut light, mut full) = (state, state);
            let verdict = full.propagate::<false, false, false>(true, None);
            if !light.propagate::<false, false, false>(false, None) {
                assert!(!verdict, "light propagation failed where full did not");
                continue;
            }
            short += usize::from(light.f != full.f);
            assert_eq!(light.propagate::<false, false, false>(true, None), verdict);
            if verdict {
                assert_eq!((light.f, light.unsolved), (full.f, full.unsolved));
            }
        }
        assert!(
            short >= 100,
            "light propagation stopped short only {short} times"
        );
    }

    /// The AVX-512 column rules are the scalar ones: same verdict, same state after.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_wide_column_rules_are_the_scalar_ones() {
        if !crate::wide::testable("the wide column rules are never used") {
            return;
        }
        // SAFETY: the features were detected above.
        let run = |state: &mut State| unsafe { crate::wide::column_singles(state) };
        column_rules_match_the_scalar_ones(run, |_| {});
    }

    /// Over the one-step states (after `check` on each): `column_singles` gives the scalar
    /// verdict and state.
    fn column_rules_match_the_scalar_ones(
        column_singles: impl Fn(&mut State) -> Result<bool, ()>,
        check: impl Fn(&State),
    ) {
        let (mut changed, mut failed) = (0, 0);
        for mut scalar in one_step_states() {
            check(&scalar);
            let mut other = scalar;
            let verdict = scalar.column_singles();
            assert_eq!(column_singles(&mut other), verdict);
            if verdict.is_ok() {
                assert_eq!((other.f, other.unsolved), (scalar.f, scalar.unsolved));
            }
            changed += usize::from(verdict == Ok(true));
            failed += usize::from(verdict.is_err());
        }
        assert!(
            changed >= 100 && failed >= 10,
            "changed {changed}, failed {failed}"
        );
    }

    /// The AVX-512 triad sets are the scalar ones, and so is what the rule does with them.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_wide_triad_sets_are_the_scalar_ones() {
        if !crate::wide::testable("the wide triad sets are never used") {
            return;
        }
        // SAFETY: the features were detected above.
        let sets = |state: &State| unsafe { crate::wide::triad_sets(state) };
        triads_match_the_scalar_ones(9, sets, State::triads::<false, true, false>);
    }

    /// Over the one-step states: the first `digits` digits' triad sets from `sets` are the
    /// scalar ones, and `triads` gives the scalar verdict and state.
    fn triads_match_the_scalar_ones(
        digits: usize,
        sets: impl Fn(&State) -> (TriadSets, TriadSets),
        triads: impl Fn(&mut State) -> Result<bool, ()>,
    ) {
        let mut changed = 0;
        for state in one_step_states() {
            let (rows, columns) = sets(&state);
            let (scalar_rows, scalar_columns) =
                (state.row_triads::<false>(), state.column_triads());
            for (found, scalar) in [(rows, scalar_rows), (columns, scalar_columns)] {
                assert_eq!(
                    (&found.possible[..digits], &found.forced[..digits]),
                    (&scalar.possible[..digits], &scalar.forced[..digits])
                );
            }
            let (mut other, mut scalar) = (state, state);
            let verdict = scalar.triads::<false, false, false>();
            assert_eq!(triads(&mut other), verdict);
            if verdict.is_ok() {
                assert_eq!(other.f, scalar.f);
            }
            changed += usize::from(verdict == Ok(true));
        }
        assert!(changed >= 100, "changed {changed}");
    }

    /// The AVX2 column rules (eight digits in lanes, the ninth apart) are the scalar ones:
    /// same verdict, same state after.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_lane_column_rules_are_the_scalar_ones() {
        if !crate::lanes::testable("the lane column rules are never used") {
            return;
        }
        // Each of the eight digits' verdicts is the scalar one.
        let check = |state: &State| {
            // SAFETY: the feature was detected above.
            let Ok(verdicts) = (unsafe { crate::lanes::column_verdicts(state) }) else {
                return;
            };
            for d in 0..8 {
                let words = [state.f[3 * d], state.f[3 * d + 1], state.f[3 * d + 2]];
                let (keep, singles) = column_rules(words, state.unsolved).expect("no gap");
                assert_eq!(verdicts.keep.map(|band| band[d]), keep);
                assert_eq!(verdicts.singles[d], singles);
                let narrows = (0..3).any(|b| words[b] & !keep[b] != 0);
                let flagged = verdicts.changed >> d & 1 != 0;
                assert_eq!(flagged, narrows || singles != 0, "digit {d}");
            }
        };
        column_rules_match_the_scalar_ones(column_singles::<false, true>, check);
    }

    /// The AVX2 triad sets (eight digits in lanes, the ninth apart) are the scalar ones, and
    /// so is what the rule does with them.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_lane_triad_sets_are_the_scalar_ones() {
        if !crate::lanes::testable("the lane triad sets are never used") {
            return;
        }
        // SAFETY: the feature was detected above.
        let sets = |state: &State| unsafe { crate::lanes::triad_sets(state) };
        triads_match_the_scalar_ones(8, sets, State::triads::<false, false, true>);
    }

    /// The clues packed eight symbols at a time are those packed one by one: on the
    /// multi-solution and band-first sets, on lines of every empty symbol and of givens only,
    /// and on lines with a bad symbol (neither gives clues).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn clues_packed_by_pext_are_the_scalar_ones() {
        if !(std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt")) {
            eprintln!("no BMI2 here: the clues are never packed by PEXT");
            return;
        }
        let packed = |clues: Option<Clues>| {
            clues.map(|c| (c.cell[..c.len].to_vec(), c.digit[..c.len].to_vec()))
        };
        let sets = [
            include_str!("../../../../datasets/multi-solution.txt"),
            include_str!("../../../../datasets/band-first.txt"),
        ];
        let mut lines: Vec<String> = sets
            .iter()
            .flat_map(|set| set.lines().filter(|l| !l.starts_with('#')))
            .map(String::from)
            .collect();
        let all_givens: String = (0..81).map(|k| char::from(b'1' + (k % 9) as u8)).collect();
        lines.extend([
            ".".repeat(81),
            "0".repeat(81),
            "_".repeat(81),
            all_givens.clone(),
        ]);
        for (k, bad) in [(0, 'x'), (40, ':'), (79, '/'), (80, 'a')] {
            let mut line = all_givens.clone();
            line.replace_range(k..k + 1, &bad.to_string());
            lines.push(line);
        }
        for line in &lines {
            let scalar = packed(Clues::from_line(line.as_bytes()));
            // SAFETY: the features were detected above.
            let pext = packed(unsafe { Clues::from_line_pext(line.as_bytes()) });
            assert_eq!(pext, scalar, "{line}");
        }
    }

    #[test]
    fn band_peers_are_fourteen_within_a_band() {
        // 8 others in the row and 6 more in the box; the column's other two cells lie in
        // the box.
        for (p, peers) in BAND_PEERS.iter().enumerate() {
            assert_eq!(peers.count_ones(), 8 + 6, "cell {p}");
            assert_eq!(peers & (1 << p), 0, "cell {p}");
        }
    }
}
