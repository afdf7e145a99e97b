//! Parts of the 9×9 search on AVX-512F: the column rules and the triads' per-digit sets, one
//! lane per digit, and the lane helpers the band examination (`settle.rs`) shares. Part of the
//! rectangular 9×9 path: classic boards only. Every part gives exactly the scalar results, so
//! both paths search the same tree.
//!
//! The guess choice once scored sixteen bivalue cells a lane each here. A dive scores eight,
//! which `lanes.rs` does on AVX2, so half the lanes were idle, and its compressing store of the
//! cells is microcoded on AMD's Zen 4; the AVX2 choice is as fast on every set there (the
//! development log has the figures), so the `avx512` path takes that one.

use core::arch::x86_64::*;

use super::nine::{BAND, COLUMN_CLAIMING, GROUP_LOW, State, TriadSets};

/// The features this module's and `settle.rs`'s functions are compiled for.
pub(crate) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f")
}

/// Whether a test of the wide code can run here; if not, says so (with `why` it does not
/// matter) on stderr.
#[cfg(test)]
pub(crate) fn testable(why: &str) -> bool {
    let here = available();
    if !here {
        eprintln!("no AVX-512F here: {why}");
    }
    here
}

/// Up to 32 words in two registers, for lookups by lane index (0..32).
#[derive(Clone, Copy)]
struct Table {
    low: __m512i,
    high: __m512i,
}

impl Table {
    /// The state's 27 words.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn of(state: &State) -> Table {
        let [low, high] = state_words(state);
        Table { low, high }
    }

    /// Word `index` of each lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn get(&self, index: __m512i) -> __m512i {
        _mm512_permutex2var_epi32(self.low, index, self.high)
    }
}

/// The 27 words of `state` in two registers: words 0..16, then words 16..27 and the five
/// zeros of `tail`. Two aligned full-width loads of the 64-byte blocks the state copy and
/// [`store_words`] write: a load across two stores, or across stores of single words, waits
/// until they reach the cache, and a masked load of the second block compiles to an
/// expanding load, which Zen 4 runs slowly.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn state_words(state: &State) -> [__m512i; 2] {
    let block = (state as *const State).cast::<__m512i>();
    // SAFETY: `State` is `repr(C, align(64))` with `f` first and `tail` after it: its first
    // two blocks.
    unsafe { [_mm512_load_si512(block), _mm512_load_si512(block.add(1))] }
}

/// Stores two registers as [`state_words`] loads them; the second's last five lanes must be
/// 0, as `tail` is.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn store_words(state: &mut State, [low, high]: [__m512i; 2]) {
    let block = (state as *mut State).cast::<__m512i>();
    // SAFETY: as in `state_words`.
    unsafe {
        _mm512_store_si512(block, low);
        _mm512_store_si512(block.add(1), high);
    }
}

/// [`State::column_singles`] with one lane per digit: the column rules for all nine digits at
/// once, then the scalar application for the (few) digits they change.
#[target_feature(enable = "avx512f")]
pub(crate) fn column_singles(state: &mut State) -> Result<bool, ()> {
    let [a, b, c] = digit_words(state);
    let nine = _mm512_set1_epi32(511);
    let twice = |x: __m512i| {
        at_least_two(
            _mm512_and_si512(x, nine),
            _mm512_and_si512(_mm512_srli_epi32::<9>(x), nine),
            _mm512_srli_epi32::<18>(x),
        )
    };
    let (oa, ob, oc) = (fold(a), fold(b), fold(c));
    if _mm512_mask_cmpneq_epi32_mask(DIGITS, or3(oa, ob, oc), nine) != 0 {
        return Err(());
    }
    let twos = _mm512_or_si512(or3(twice(a), twice(b), twice(c)), at_least_two(oa, ob, oc));
    let open_in = |x: __m512i, b: usize| {
        fold(_mm512_and_si512(
            x,
            _mm512_set1_epi32(state.unsolved[b] as i32),
        ))
    };
    let open = or3(open_in(a, 0), open_in(b, 1), open_in(c, 2));
    let singles = _mm512_andnot_si512(twos, open);
    let keep = if COLUMN_CLAIMING {
        [
            box_claim(only(oa, ob, oc)),
            box_claim(only(ob, oa, oc)),
            box_claim(only(oc, oa, ob)),
        ]
    } else {
        [_mm512_set1_epi32(BAND as i32); 3]
    };
    let narrows = |x: __m512i, keep: __m512i| {
        _mm512_mask_test_epi32_mask(DIGITS, x, _mm512_andnot_si512(keep, x))
    };
    let changed = narrows(a, keep[0])
        | narrows(b, keep[1])
        | narrows(c, keep[2])
        | _mm512_mask_test_epi32_mask(DIGITS, singles, singles);
    if changed == 0 {
        return Ok(false);
    }
    let (keep, singles) = (keep.map(|x| to_lanes(x)), to_lanes(singles));
    let mut found = false;
    let mut todo = changed;
    while todo != 0 {
        let d = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        found |= state.apply_column_rules(d, [keep[0][d], keep[1][d], keep[2][d]], singles[d])?;
    }
    Ok(found)
}

/// The nine digits' words of each band, one lane per digit (lanes 9..16 are not digits).
#[inline]
#[target_feature(enable = "avx512f")]
fn digit_words(state: &State) -> [__m512i; 3] {
    let words = Table::of(state);
    let base = _mm512_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45);
    [0, 1, 2].map(|b| words.get(_mm512_add_epi32(base, _mm512_set1_epi32(b))))
}

/// Each group's lowest bit copied to the group's three bits (`x × 7` where only those bits
/// are set).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn spread_group(x: __m512i) -> __m512i {
    or3(x, _mm512_slli_epi32::<1>(x), _mm512_slli_epi32::<2>(x))
}

/// The lanes of nine digits.
const DIGITS: __mmask16 = 0x1FF;

#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn or3(x: __m512i, y: __m512i, z: __m512i) -> __m512i {
    _mm512_or_si512(x, _mm512_or_si512(y, z))
}

/// The lowest bit of each 3-bit group of a band word (a row's cells in one box), set where
/// the group has a cell.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn occupied_groups(x: __m512i) -> __m512i {
    _mm512_and_si512(
        or3(x, _mm512_srli_epi32::<1>(x), _mm512_srli_epi32::<2>(x)),
        _mm512_set1_epi32(GROUP_LOW as i32),
    )
}

/// A set of columns (9 bits) as their cells in all three rows of a band word.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn in_all_rows(columns: __m512i) -> __m512i {
    or3(
        columns,
        _mm512_slli_epi32::<9>(columns),
        _mm512_slli_epi32::<18>(columns),
    )
}

/// The columns (9 bits) where a band word has a cell.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn fold(x: __m512i) -> __m512i {
    _mm512_and_si512(
        or3(x, _mm512_srli_epi32::<9>(x), _mm512_srli_epi32::<18>(x)),
        _mm512_set1_epi32(511),
    )
}

/// The bits set in at least two of the three lanes' words.
#[inline]
#[target_feature(enable = "avx512f")]
fn at_least_two(x: __m512i, y: __m512i, z: __m512i) -> __m512i {
    or3(
        _mm512_and_si512(x, y),
        _mm512_and_si512(x, z),
        _mm512_and_si512(y, z),
    )
}

/// The sixteen lanes' words.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn to_lanes(x: __m512i) -> [u32; 16] {
    let mut out = [0u32; 16];
    // SAFETY: sixteen words into sixteen.
    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), x) };
    out
}

/// The bits of `x` in neither `y` nor `z`.
#[inline]
#[target_feature(enable = "avx512f")]
fn only(x: __m512i, y: __m512i, z: __m512i) -> __m512i {
    _mm512_andnot_si512(_mm512_or_si512(y, z), x)
}

/// `nine::sectors` per lane: bit 3r + k where row r of the band meets box k in a set bit.
/// Each row's three box bits (3 apart after folding a box's columns onto its first) are
/// brought together by shifted copies that never overlap.
#[inline]
#[target_feature(enable = "avx512f")]
fn sectors(x: __m512i) -> __m512i {
    let any = occupied_groups(x);
    let row = |chunk: __m512i| {
        let chunk = _mm512_and_si512(chunk, _mm512_set1_epi32(0o111));
        // chunk × 0b10101 as shifts (a vector multiplication is slow): box k's bit 3k moves
        // to 3k + 4 − 2k = k + 4.
        let spread = or3(
            chunk,
            _mm512_slli_epi32::<2>(chunk),
            _mm512_slli_epi32::<4>(chunk),
        );
        _mm512_and_si512(_mm512_srli_epi32::<4>(spread), _mm512_set1_epi32(7))
    };
    or3(
        row(any),
        _mm512_slli_epi32::<3>(row(_mm512_srli_epi32::<9>(any))),
        _mm512_slli_epi32::<6>(row(_mm512_srli_epi32::<18>(any))),
    )
}

/// [`State::row_triads`] and [`State::column_triads`] with one lane per digit.
#[target_feature(enable = "avx512f")]
pub(crate) fn triad_sets(state: &State) -> (TriadSets, TriadSets) {
    let [a, b, c] = digit_words(state);
    let s = or3(
        sectors(a),
        _mm512_slli_epi32::<9>(sectors(b)),
        _mm512_slli_epi32::<18>(sectors(c)),
    );
    let low = _mm512_set1_epi32(GROUP_LOW as i32);
    let (x, y, z) = (
        _mm512_and_si512(s, low),
        _mm512_and_si512(_mm512_srli_epi32::<1>(s), low),
        _mm512_and_si512(_mm512_srli_epi32::<2>(s), low),
    );
    let several = spread_group(at_least_two(x, y, z));
    let rows = (s, _mm512_andnot_si512(several, s));
    let (oa, ob, oc) = (fold(a), fold(b), fold(c));
    let columns = (
        or3(oa, _mm512_slli_epi32::<9>(ob), _mm512_slli_epi32::<18>(oc)),
        or3(
            only(oa, ob, oc),
            _mm512_slli_epi32::<9>(only(ob, oa, oc)),
            _mm512_slli_epi32::<18>(only(oc, oa, ob)),
        ),
    );
    let sets = |(possible, forced): (__m512i, __m512i)| {
        let mut sets = TriadSets::default();
        sets.possible.copy_from_slice(&to_lanes(possible)[..9]);
        sets.forced.copy_from_slice(&to_lanes(forced)[..9]);
        sets
    };
    (sets(rows), sets(columns))
}

/// `nine::BOX_CLAIM` worked out per lane: for each box (3 bits of the 9) the columns the digit
/// may keep there (all three where no column is claimed, the claimed one where exactly one is,
/// none where two are), spread over the band's three rows.
#[inline]
#[target_feature(enable = "avx512f")]
fn box_claim(claimed: __m512i) -> __m512i {
    let low = _mm512_set1_epi32(0o111);
    let (one, two) = (
        _mm512_srli_epi32::<1>(claimed),
        _mm512_srli_epi32::<2>(claimed),
    );
    let any = _mm512_and_si512(_mm512_or_si512(claimed, _mm512_or_si512(one, two)), low);
    let several = _mm512_and_si512(at_least_two(claimed, one, two), low);
    let none = spread_group(_mm512_andnot_si512(any, low));
    let single = spread_group(_mm512_andnot_si512(several, any));
    in_all_rows(_mm512_or_si512(none, _mm512_and_si512(single, claimed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_claim_matches_the_table() {
        if !testable("nothing to compare") {
            return;
        }
        for claimed in 0..512u32 {
            // SAFETY: the features were detected above.
            let lane = unsafe {
                let out = box_claim(_mm512_set1_epi32(claimed as i32));
                _mm512_cvtsi512_si32(out) as u32
            };
            assert_eq!(
                lane,
                crate::nine::BOX_CLAIM[claimed as usize],
                "{claimed:09b}"
            );
        }
    }

    /// Every pattern of each row of a band word.
    #[test]
    fn sectors_match_the_scalar_ones() {
        if !testable("nothing to compare") {
            return;
        }
        for row in 0..3 {
            for pattern in 0..512u32 {
                let word = pattern << (9 * row) | 0o421 << (9 * ((row + 1) % 3));
                // SAFETY: the features were detected above.
                let lane = unsafe { _mm512_cvtsi512_si32(sectors(_mm512_set1_epi32(word as i32))) };
                assert_eq!(
                    lane as u32,
                    crate::nine::sectors::<false>(word),
                    "{word:027b}"
                );
            }
        }
    }
}
