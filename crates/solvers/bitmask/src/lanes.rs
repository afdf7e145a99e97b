//! The AVX2 parts of the 9×9 path: the guess choice eight cells at a time, the deep guess of a
//! dive, and the solution written 32 cells a store (on the `avx512` path too); for processors
//! without the AVX-512 parts of `wide.rs` and `settle.rs`, the column rules' verdicts and the
//! triads' per-digit sets one lane per digit, for digits 0 to 7 (the caller does digit 8 in
//! scalar code). Part of the rectangular 9×9 path: classic boards only.
//!
//! Scoring the bivalue cells one by one was about a quarter of the AVX2 path's instructions on
//! the band-first set (cachegrind: 18.7 of 70 million). Here each lane holds one cell: the
//! per-band words it needs are blended from the three bands' by its band, its digits' words
//! looked up by permutes (gathers, slow on AMD's processors, made it slower than the scalar
//! loop), its peers worked out from its row and column, and bits counted by nibble lookups
//! (AVX2 has no lane-wise bit count), the counts of a branch's words added as bytes before one
//! widening. The keys, and so the cell and the digit chosen, are the scalar ones, so both paths
//! search the same tree.

use core::arch::x86_64::*;

use super::nine::{
    BAND, BAND_PEERS, COLUMN_CLAIMING, COLUMN_OF, DIVE_SCORED, GROUP_LOW, State, TriadSets,
    bands_of, choice_of_key, deep_key, word_of_deep_key,
};

/// Whether a test of this module's code can run here (the paths that call it check more);
/// if not, says so on stderr, with `why` it does not matter.
#[cfg(test)]
pub(crate) fn testable(why: &str) -> bool {
    let here = std::is_x86_feature_detected!("avx2");
    if !here {
        eprintln!("no AVX2 here: {why}");
    }
    here
}

/// Bits set in each byte: two nibble lookups.
#[inline]
#[target_feature(enable = "avx2")]
fn byte_counts(x: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let nibble = _mm256_set1_epi8(0x0F);
    let low = _mm256_and_si256(x, nibble);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble);
    _mm256_add_epi8(
        _mm256_shuffle_epi8(table, low),
        _mm256_shuffle_epi8(table, high),
    )
}

/// Each lane's four byte counts summed (each sum of byte counts stays below 128 here).
#[inline]
#[target_feature(enable = "avx2")]
fn widen(bytes: __m256i) -> __m256i {
    let pairs = _mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1));
    _mm256_madd_epi16(pairs, _mm256_set1_epi16(1))
}

/// The greatest of the eight lanes, as unsigned words.
#[inline]
#[target_feature(enable = "avx2")]
fn greatest(x: __m256i) -> u32 {
    let half = _mm_max_epu32(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
    let half = _mm_max_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let half = _mm_max_epu32(half, _mm_shuffle_epi32::<0b10_11_00_01>(half));
    _mm_cvtsi128_si32(half) as u32
}

/// The index of each lane's lowest set bit (lanes are never 0 here): the exponent of the bit
/// converted to a float.
#[inline]
#[target_feature(enable = "avx2")]
fn lowest_bit(x: __m256i) -> __m256i {
    let lowest = _mm256_and_si256(x, _mm256_sub_epi32(_mm256_setzero_si256(), x));
    let exponent = _mm256_srli_epi32::<23>(_mm256_castps_si256(_mm256_cvtepi32_ps(lowest)));
    _mm256_sub_epi32(exponent, _mm256_set1_epi32(127))
}

/// The nine digits' words of one band, for lookups by digit: digits 0 to 7 in lanes, digit 8
/// apart.
#[derive(Clone, Copy)]
struct DigitWords {
    first_eight: __m256i,
    last: __m256i,
}

impl DigitWords {
    /// The three bands' words, digits 0 to 7 gathered by [`digit_words`].
    #[inline]
    #[target_feature(enable = "avx2")]
    fn of_bands(state: &State) -> [DigitWords; 3] {
        let first_eight = digit_words(state);
        [0, 1, 2].map(|b| DigitWords {
            first_eight: first_eight[b],
            last: _mm256_set1_epi32(state.f[24 + b] as i32),
        })
    }

    /// The word of digit `d`, lane by lane (a lane's digit outside 0..9 reads some word).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn get(&self, d: __m256i) -> __m256i {
        let eighth = _mm256_cmpeq_epi32(d, _mm256_set1_epi32(8));
        _mm256_blendv_epi8(
            _mm256_permutevar8x32_epi32(self.first_eight, d),
            self.last,
            eighth,
        )
    }
}

/// [`State::choose_cell`] on eight cells at a time: the same keys ([`choice_of_key`]), so the
/// same choice. Only called on a settled, unsolved state.
#[target_feature(enable = "avx2")]
pub(crate) fn choose_cell(state: &State, all: bool) -> (usize, u32, usize) {
    const { assert!(DIVE_SCORED == 8, "a dive scores one vector of cells") };
    // The bivalue cells as indices 27b + p, in board order, eight at a time: the first two
    // bands' in one word (bit 27b + p), the third's in another (bit p, cell 54 + p), cheaper to
    // walk than one 81-bit set ([`State::bivalue_cells`], which the scalar choice walks).
    let [two0, two1, two2, _] = state.pairs;
    let (mut low, mut high) = (u64::from(two0) | u64::from(two1) << 27, u64::from(two2));
    if low | high == 0 {
        return state.fewest_candidates_first_digit();
    }
    let mut best = _mm256_setzero_si256();
    while low | high != 0 {
        // Taken into registers, not through memory: a vector load of cells just stored one by
        // one waits for the stores. Lanes past the last cell get 118 (54 + 64), and no key.
        let mut next = [0i32; 8];
        for slot in &mut next {
            // All ones while the first word has cells left; selected by masks, not branches
            // (which the compiler made of `if`s, mispredicted at the switch between words).
            let from_low = u64::from(low != 0).wrapping_neg();
            let cell = u64::from(low.trailing_zeros()) & from_low
                | u64::from(54 + high.trailing_zeros()) & !from_low;
            *slot = cell as i32;
            low &= low.wrapping_sub(1);
            high &= high.wrapping_sub(1) | from_low;
        }
        let [k0, k1, k2, k3, k4, k5, k6, k7] = next;
        let k = _mm256_setr_epi32(k0, k1, k2, k3, k4, k5, k6, k7);
        best = _mm256_max_epu32(best, keys(state, k));
        if !all {
            break;
        }
    }
    choice_of_key(greatest(best))
}

/// [`State::deep_guess`]: the digits' open places counted eight digits at a time (digit 8
/// apart), then the chosen word's 27 places scored eight at a time.
#[inline(never)]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,lzcnt")]
pub(crate) fn deep_guess(state: &State) -> (usize, u32, usize) {
    match fullest_word(state) {
        Some(j) => deep_guess_in(state, j),
        None => state.fewest_candidates_first_digit(),
    }
}

/// [`State::deep_guess_in`] on all 27 places of the word at once, eight a vector: each
/// place's peers in the band and its column in the other two bands counted by nibble
/// lookups, the places that are not open keyed 0.
#[inline]
#[target_feature(enable = "avx2")]
fn deep_guess_in(state: &State, j: usize) -> (usize, u32, usize) {
    let splat = |x: u32| _mm256_set1_epi32(x as i32);
    let (b, d, [open, first, second]) = state.deep_places(j);
    let [here, first, second] = [open, first, second].map(splat);
    let mut best = _mm256_setzero_si256();
    for v in 0..4 {
        // SAFETY: each table holds 32 words.
        let (peers, column) = unsafe {
            (
                _mm256_loadu_si256(DEEP_PEERS.as_ptr().add(8 * v).cast()),
                _mm256_loadu_si256(DEEP_COLUMNS.as_ptr().add(8 * v).cast()),
            )
        };
        let places = _mm256_add_epi32(
            splat(8 * v as u32),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        );
        // The second band's column moved one column on, where the first's has none.
        let elsewhere = _mm256_or_si256(
            _mm256_and_si256(first, column),
            _mm256_slli_epi32::<1>(_mm256_and_si256(second, column)),
        );
        let reach = widen(_mm256_add_epi8(
            byte_counts(_mm256_and_si256(here, peers)),
            byte_counts(elsewhere),
        ));
        let is_open = _mm256_cmpeq_epi32(
            _mm256_and_si256(_mm256_srlv_epi32(here, places), splat(1)),
            splat(1),
        );
        let key = _mm256_or_si256(
            _mm256_slli_epi32::<5>(reach),
            _mm256_sub_epi32(splat(31), places),
        );
        best = _mm256_max_epu32(best, _mm256_and_si256(key, is_open));
    }
    let key = greatest(best);
    (b, 31 - (key & 31), d)
}

/// Each place's peers in its band ([`BAND_PEERS`]) and its column ([`COLUMN_OF`]), as
/// four vectors of eight places.
const DEEP_PEERS: [u32; 32] = four_vectors(BAND_PEERS);
const DEEP_COLUMNS: [u32; 32] = four_vectors(COLUMN_OF);

/// A word for each place of a band, then 0 for the five lanes past the 27th.
const fn four_vectors(words: [u32; 27]) -> [u32; 32] {
    let mut out = [0; 32];
    let mut p = 0;
    while p < 27 {
        out[p] = words[p];
        p += 1;
    }
    out
}

/// [`State::fullest_word`] with the words of digits 0 to 7 one lane per digit.
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn fullest_word(state: &State) -> Option<usize> {
    let splat = |x: u32| _mm256_set1_epi32(x as i32);
    let words = digit_words(state);
    let open: [__m256i; 3] = core::array::from_fn(|b| {
        widen(byte_counts(_mm256_and_si256(
            words[b],
            splat(state.unsolved[b]),
        )))
    });
    let total = _mm256_add_epi32(open[0], _mm256_add_epi32(open[1], open[2]));
    let mut best = _mm256_setzero_si256();
    for (b, open) in open.into_iter().enumerate() {
        // The keys of `nine::deep_key`, lane d holding word 3d + b.
        let later = _mm256_sub_epi32(
            splat(31 - b as u32),
            _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21),
        );
        let counts = _mm256_slli_epi32::<5>(_mm256_or_si256(_mm256_slli_epi32::<5>(total), open));
        let key = _mm256_andnot_si256(
            _mm256_cmpeq_epi32(open, _mm256_setzero_si256()),
            _mm256_or_si256(counts, later),
        );
        best = _mm256_max_epu32(best, key);
    }
    let last: [u32; 3] =
        core::array::from_fn(|b| (state.f[24 + b] & state.unsolved[b]).count_ones());
    let last_total = last.iter().sum();
    let best = (0..3).fold(greatest(best), |best, b| {
        best.max(deep_key(last_total, last[b], 24 + b))
    });
    word_of_deep_key(best)
}

/// The keys of the cells `k` (27b + p, lane by lane; 0 for a lane of 81 or more). Not inlined:
/// inlined into the loop over the cells, which mostly runs once, the compiler hoisted every
/// per-band word and constant out of it and kept them on the stack, dozens of stores a choice.
#[inline(never)]
#[target_feature(enable = "avx2")]
fn keys(state: &State, k: __m256i) -> __m256i {
    let splat = |x: u32| _mm256_set1_epi32(x as i32);
    // How many of two comparisons hold, lane by lane (a comparison that holds is -1).
    let holding =
        |x: __m256i, y: __m256i| _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_add_epi32(x, y));
    let by_band = DigitWords::of_bands(state);
    let live = _mm256_cmpgt_epi32(splat(81), k);
    // The band b = k / 27 and the bit p = k % 27, by comparing (k < 81).
    let (second, third) = (
        _mm256_cmpgt_epi32(k, splat(26)),
        _mm256_cmpgt_epi32(k, splat(53)),
    );
    let b = holding(second, third);
    let minus_27 = splat(27u32.wrapping_neg());
    let p = _mm256_add_epi32(
        k,
        _mm256_add_epi32(
            _mm256_and_si256(second, minus_27),
            _mm256_and_si256(third, minus_27),
        ),
    );
    // Of three values, one for each band, the one of each lane's band.
    let (in_1, in_2) = (
        _mm256_cmpeq_epi32(b, splat(1)),
        _mm256_cmpeq_epi32(b, splat(2)),
    );
    let in_band = |x, y, z| _mm256_blendv_epi8(_mm256_blendv_epi8(x, y, in_1), z, in_2);
    // A per-band value of band b (`shift` 0) or of one of the two after it (1 and 2, mod 3):
    // the three values repeated, picked by lane b + shift.
    let pick = |of: [u32; 3], shift: u32| {
        let [x, y, z] = of.map(|v| v as i32);
        let repeated = _mm256_setr_epi32(x, y, z, x, y, z, x, y);
        _mm256_permutevar8x32_epi32(repeated, _mm256_add_epi32(b, splat(shift)))
    };
    let (open, open1, open2) = (
        pick(state.unsolved, 0),
        pick(state.unsolved, 1),
        pick(state.unsolved, 2),
    );
    let two = [state.pairs[0], state.pairs[1], state.pairs[2]];
    let (two0, two1, two2) = (pick(two, 0), pick(two, 1), pick(two, 2));
    // The cell's row r = p / 9 and column c = p % 9 within the band, its box's columns.
    let r = holding(
        _mm256_cmpgt_epi32(p, splat(8)),
        _mm256_cmpgt_epi32(p, splat(17)),
    );
    let nine_r = _mm256_add_epi32(_mm256_slli_epi32::<3>(r), r);
    let c = _mm256_sub_epi32(p, nine_r);
    let box_column = _mm256_add_epi32(
        _mm256_and_si256(_mm256_cmpgt_epi32(c, splat(2)), splat(3)),
        _mm256_and_si256(_mm256_cmpgt_epi32(c, splat(5)), splat(3)),
    );
    let column = _mm256_sllv_epi32(splat(0x40201), c);
    let lines = _mm256_or_si256(
        _mm256_sllv_epi32(splat(511), nine_r),
        _mm256_or_si256(column, _mm256_sllv_epi32(splat(0x1C0E07), box_column)),
    );
    let itself = _mm256_sllv_epi32(splat(1), p);
    let peers = _mm256_andnot_si256(itself, _mm256_and_si256(lines, open));
    let (c1, c2) = (
        _mm256_and_si256(column, open1),
        _mm256_and_si256(column, open2),
    );
    // The column's cells in the other two bands side by side, the second band's moved one
    // column on (where the first band's has none), so one count takes both.
    let beside =
        |first: __m256i, second: __m256i| _mm256_or_si256(first, _mm256_slli_epi32::<1>(second));
    let empty = widen(_mm256_add_epi8(
        byte_counts(peers),
        byte_counts(beside(c1, c2)),
    ));
    let (peer_twos, column_twos) = (
        _mm256_and_si256(peers, two0),
        beside(_mm256_and_si256(c1, two1), _mm256_and_si256(c2, two2)),
    );
    // The cell's digits, bit d for digit d.
    let mut digits = _mm256_setzero_si256();
    for (d, words) in state.digit_words().into_iter().enumerate() {
        // Lane b of the digit's three words (the upper half, never picked, left undefined).
        let word = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(words), b);
        let has = _mm256_and_si256(_mm256_srlv_epi32(word, p), splat(1));
        digits = _mm256_or_si256(digits, _mm256_sllv_epi32(has, splat(d as u32)));
    }
    let low = lowest_bit(digits);
    let high = lowest_bit(_mm256_and_si256(digits, _mm256_sub_epi32(digits, splat(1))));
    let reach = |d: __m256i| {
        let [w0, w1, w2] = by_band.map(|words| words.get(d));
        let x = _mm256_and_si256(in_band(w0, w1, w2), peers);
        let yz = beside(
            _mm256_and_si256(in_band(w1, w2, w0), c1),
            _mm256_and_si256(in_band(w2, w0, w1), c2),
        );
        let plain = _mm256_add_epi8(byte_counts(x), byte_counts(yz));
        let twos = _mm256_add_epi8(
            byte_counts(_mm256_and_si256(x, peer_twos)),
            byte_counts(_mm256_and_si256(yz, column_twos)),
        );
        widen(_mm256_add_epi8(
            plain,
            _mm256_add_epi8(twos, _mm256_add_epi8(twos, twos)),
        ))
    };
    let (first, second) = (reach(low), reach(high));
    let score = _mm256_add_epi32(
        _mm256_slli_epi32::<6>(_mm256_add_epi32(empty, _mm256_add_epi32(first, second))),
        _mm256_max_epu32(first, second),
    );
    // The stronger branch first; the higher digit when both reach as far.
    let digit = _mm256_blendv_epi8(high, low, _mm256_cmpgt_epi32(first, second));
    let key = _mm256_or_si256(
        _mm256_slli_epi32::<11>(score),
        _mm256_or_si256(
            _mm256_slli_epi32::<4>(_mm256_sub_epi32(splat(127), k)),
            digit,
        ),
    );
    _mm256_and_si256(key, live)
}

/// [`State::write_solution`] in bytes a vector at a time. Each band's digits are four bit
/// planes (bit `k` of the value written); a plane's 32 bits for a run of cells are spread one
/// to a byte by a shuffle and a compare. The runs start at cells 0, 32 and 49, so the last
/// overlaps the second and none writes past the board.
#[target_feature(enable = "avx2")]
pub(crate) fn write_solution(state: &State, out: &mut [u8; 81]) {
    let w = state.digit_words();
    let or = |digits: &[usize]| {
        bands_of(
            digits
                .iter()
                .fold(_mm_setzero_si128(), |x, &d| _mm_or_si128(x, w[d])),
        )
    };
    // Value d + 1 has bit 0 for digits 0, 2, 4, 6, 8; bit 1 for 1, 2, 5, 6; and so on.
    let planes = [
        or(&[0, 2, 4, 6, 8]),
        or(&[1, 2, 5, 6]),
        or(&[3, 4, 5, 6]),
        or(&[7, 8]),
    ];
    // Byte i of a run takes bit i % 8 of the run's byte i / 8.
    let byte_of = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
    let mut run = |start: usize| {
        let mut values = _mm256_setzero_si256();
        for (k, [x, y, z]) in planes.into_iter().enumerate() {
            let bits = match start {
                0 => x | y << 27,
                32 => y >> 5 | z << 22,
                _ => y >> 22 | z << 5,
            };
            let spread = _mm256_shuffle_epi8(_mm256_set1_epi32(bits as i32), byte_of);
            let set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
            values = _mm256_or_si256(values, _mm256_and_si256(set, _mm256_set1_epi8(1 << k)));
        }
        // SAFETY: 32 bytes from `start` (at most 49) lie inside the 81 of `out`.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().add(start).cast(), values) };
    };
    run(0);
    run(32);
    run(49);
}

/// The words of digits 0 to 7 of each band, one lane per digit (digit 8 is left to the scalar
/// code). Word `3d + b` is lane `(3d + b) % 8` of the `(3d + b) / 8`-th vector of eight, so
/// each band's eight words come from three loads by one permute each and two blends.
#[inline]
#[target_feature(enable = "avx2")]
fn digit_words(state: &State) -> [__m256i; 3] {
    // SAFETY: words 0..24 lie in `f`.
    let [v0, v1, v2] =
        [0, 8, 16].map(|k| unsafe { _mm256_loadu_si256(state.f.as_ptr().add(k).cast()) });
    macro_rules! band {
        ($b:literal) => {{
            let index = _mm256_setr_epi32(
                $b % 8,
                (3 + $b) % 8,
                (6 + $b) % 8,
                (9 + $b) % 8,
                (12 + $b) % 8,
                (15 + $b) % 8,
                (18 + $b) % 8,
                (21 + $b) % 8,
            );
            let from = |v| _mm256_permutevar8x32_epi32(v, index);
            // Lane d takes vector (3d + b) / 8: bits of the lanes from the second and third.
            const SECOND: i32 = band_lanes($b, 1);
            const THIRD: i32 = band_lanes($b, 2);
            _mm256_blend_epi32::<THIRD>(_mm256_blend_epi32::<SECOND>(from(v0), from(v1)), from(v2))
        }};
    }
    [band!(0), band!(1), band!(2)]
}

/// The lanes `d` (of digits 0 to 7) whose word `3d + b` lies in vector `v` of eight.
const fn band_lanes(b: i32, v: i32) -> i32 {
    let mut lanes = 0;
    let mut d = 0;
    while d < 8 {
        if (3 * d + b) / 8 == v {
            lanes |= 1 << d;
        }
        d += 1;
    }
    lanes
}

/// What the columns say about digits 0 to 7 (`nine::column_rules` lane by lane): the digits whose
/// words it changes (bit `d`), the cells each band keeps, and the columns of hidden singles.
pub(crate) struct ColumnVerdicts {
    pub(crate) changed: u32,
    pub(crate) keep: [[u32; 8]; 3],
    pub(crate) singles: [u32; 8],
}

/// `nine::column_rules` for digits 0 to 7 at once; `Err` when a column lacks one of them.
#[target_feature(enable = "avx2")]
pub(crate) fn column_verdicts(state: &State) -> Result<ColumnVerdicts, ()> {
    let [a, b, c] = digit_words(state);
    let nine = _mm256_set1_epi32(511);
    let twice = |x: __m256i| {
        at_least_two(
            _mm256_and_si256(x, nine),
            _mm256_and_si256(_mm256_srli_epi32::<9>(x), nine),
            _mm256_srli_epi32::<18>(x),
        )
    };
    let (oa, ob, oc) = (fold(a), fold(b), fold(c));
    if lanes_set(_mm256_cmpeq_epi32(or3(oa, ob, oc), nine)) != 0xFF {
        return Err(());
    }
    let twos = _mm256_or_si256(or3(twice(a), twice(b), twice(c)), at_least_two(oa, ob, oc));
    let open_in = |x: __m256i, b: usize| {
        fold(_mm256_and_si256(
            x,
            _mm256_set1_epi32(state.unsolved[b] as i32),
        ))
    };
    let open = or3(open_in(a, 0), open_in(b, 1), open_in(c, 2));
    let singles = _mm256_andnot_si256(twos, open);
    let keep = if COLUMN_CLAIMING {
        [
            box_claim(only(oa, ob, oc)),
            box_claim(only(ob, oa, oc)),
            box_claim(only(oc, oa, ob)),
        ]
    } else {
        [_mm256_set1_epi32(BAND as i32); 3]
    };
    let zero = _mm256_setzero_si256();
    let empty = |x: __m256i| lanes_set(_mm256_cmpeq_epi32(x, zero));
    let narrowed = |x: __m256i, keep: __m256i| 0xFF & !empty(_mm256_andnot_si256(keep, x));
    let changed = narrowed(a, keep[0])
        | narrowed(b, keep[1])
        | narrowed(c, keep[2])
        | (0xFF & !empty(singles));
    Ok(ColumnVerdicts {
        changed,
        keep: keep.map(|x| words_of(x)),
        singles: words_of(singles),
    })
}

/// [`State::row_triads`] and [`State::column_triads`] for digits 0 to 7 (digit 8 left as 0).
#[target_feature(enable = "avx2")]
pub(crate) fn triad_sets(state: &State) -> (TriadSets, TriadSets) {
    let [a, b, c] = digit_words(state);
    let s = or3(
        sectors(a),
        _mm256_slli_epi32::<9>(sectors(b)),
        _mm256_slli_epi32::<18>(sectors(c)),
    );
    let low = _mm256_set1_epi32(GROUP_LOW as i32);
    let (x, y, z) = (
        _mm256_and_si256(s, low),
        _mm256_and_si256(_mm256_srli_epi32::<1>(s), low),
        _mm256_and_si256(_mm256_srli_epi32::<2>(s), low),
    );
    let several = spread_group(at_least_two(x, y, z));
    let rows = (s, _mm256_andnot_si256(several, s));
    let (oa, ob, oc) = (fold(a), fold(b), fold(c));
    let columns = (
        or3(oa, _mm256_slli_epi32::<9>(ob), _mm256_slli_epi32::<18>(oc)),
        or3(
            only(oa, ob, oc),
            _mm256_slli_epi32::<9>(only(ob, oa, oc)),
            _mm256_slli_epi32::<18>(only(oc, oa, ob)),
        ),
    );
    let sets = |(possible, forced): (__m256i, __m256i)| {
        let mut sets = TriadSets::default();
        sets.possible[..8].copy_from_slice(&words_of(possible));
        sets.forced[..8].copy_from_slice(&words_of(forced));
        sets
    };
    (sets(rows), sets(columns))
}

/// The eight lanes' words.
#[inline]
#[target_feature(enable = "avx2")]
fn words_of(x: __m256i) -> [u32; 8] {
    // SAFETY: a vector and eight words have one size, and every bit pattern is a word.
    unsafe { core::mem::transmute::<__m256i, [u32; 8]>(x) }
}

/// The lanes (bit `d` for lane `d`) of a comparison's result that hold.
#[inline]
#[target_feature(enable = "avx2")]
fn lanes_set(comparison: __m256i) -> u32 {
    _mm256_movemask_ps(_mm256_castsi256_ps(comparison)) as u32
}

#[inline]
#[target_feature(enable = "avx2")]
fn or3(x: __m256i, y: __m256i, z: __m256i) -> __m256i {
    _mm256_or_si256(x, _mm256_or_si256(y, z))
}

/// The bits set in at least two of the three lanes' words.
#[inline]
#[target_feature(enable = "avx2")]
fn at_least_two(x: __m256i, y: __m256i, z: __m256i) -> __m256i {
    or3(
        _mm256_and_si256(x, y),
        _mm256_and_si256(x, z),
        _mm256_and_si256(y, z),
    )
}

/// The bits of `x` in neither `y` nor `z`.
#[inline]
#[target_feature(enable = "avx2")]
fn only(x: __m256i, y: __m256i, z: __m256i) -> __m256i {
    _mm256_andnot_si256(_mm256_or_si256(y, z), x)
}

/// The columns (9 bits) where a band word has a cell.
#[inline]
#[target_feature(enable = "avx2")]
fn fold(x: __m256i) -> __m256i {
    _mm256_and_si256(
        or3(x, _mm256_srli_epi32::<9>(x), _mm256_srli_epi32::<18>(x)),
        _mm256_set1_epi32(511),
    )
}

/// Each group's lowest bit copied to the group's three bits.
#[inline]
#[target_feature(enable = "avx2")]
fn spread_group(x: __m256i) -> __m256i {
    or3(x, _mm256_slli_epi32::<1>(x), _mm256_slli_epi32::<2>(x))
}

/// The lowest bit of each 3-bit group of a band word, set where the group has a cell.
#[inline]
#[target_feature(enable = "avx2")]
fn occupied_groups(x: __m256i) -> __m256i {
    _mm256_and_si256(
        or3(x, _mm256_srli_epi32::<1>(x), _mm256_srli_epi32::<2>(x)),
        _mm256_set1_epi32(GROUP_LOW as i32),
    )
}

/// `nine::sectors` per lane (see the AVX-512 version in `wide.rs`, which this follows).
#[inline]
#[target_feature(enable = "avx2")]
fn sectors(x: __m256i) -> __m256i {
    let any = occupied_groups(x);
    let row = |chunk: __m256i| {
        let chunk = _mm256_and_si256(chunk, _mm256_set1_epi32(0o111));
        let spread = or3(
            chunk,
            _mm256_slli_epi32::<2>(chunk),
            _mm256_slli_epi32::<4>(chunk),
        );
        _mm256_and_si256(_mm256_srli_epi32::<4>(spread), _mm256_set1_epi32(7))
    };
    or3(
        row(any),
        _mm256_slli_epi32::<3>(row(_mm256_srli_epi32::<9>(any))),
        _mm256_slli_epi32::<6>(row(_mm256_srli_epi32::<18>(any))),
    )
}

/// `nine::BOX_CLAIM` per lane (see `wide.rs`).
#[inline]
#[target_feature(enable = "avx2")]
fn box_claim(claimed: __m256i) -> __m256i {
    let low = _mm256_set1_epi32(0o111);
    let (one, two) = (
        _mm256_srli_epi32::<1>(claimed),
        _mm256_srli_epi32::<2>(claimed),
    );
    let any = _mm256_and_si256(_mm256_or_si256(claimed, _mm256_or_si256(one, two)), low);
    let several = _mm256_and_si256(at_least_two(claimed, one, two), low);
    let none = spread_group(_mm256_andnot_si256(any, low));
    let single = spread_group(_mm256_andnot_si256(several, any));
    let columns = _mm256_or_si256(none, _mm256_and_si256(single, claimed));
    or3(
        columns,
        _mm256_slli_epi32::<9>(columns),
        _mm256_slli_epi32::<18>(columns),
    )
}
