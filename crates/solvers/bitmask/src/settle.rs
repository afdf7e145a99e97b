//! The band examination of the 9×9 search on AVX-512: all 27 words examined at once, one lane
//! each, pass after pass until none changes. Part of the rectangular 9×9 path: classic boards
//! only.
//!
//! The scalar loop (`State::settle_bands`) examines only the words that changed, one branch
//! per word per pass. Which words change after a guess follows no pattern, so on puzzles that
//! need guessing those branches are mispredicted often enough to be most of the loop's cost.
//! Here every pass examines every word with the same instructions and one branch ends the
//! loop. A pass applies to all words the rules the scalar examination applies to one; as the
//! rules only remove candidates, both reach the same fixpoint (or both find a contradiction),
//! so both paths search the same tree.
//!
//! Lane `j` holds word `j = 3d + b` (digit `d`, band `b`): lanes 0..16 in one register, 16..27
//! in a second whose lanes 27..32 stay empty.

use core::arch::x86_64::*;

use super::nine::{BAND, GROUP_LOW, State, column_cells};
use super::wide::{fold, in_all_rows, occupied_groups, spread_group, to_lanes};

/// Lane indices for [`Words::take`]. Each word's lane takes the word `shift` lanes on,
/// wrapping round the 27: the same band's word `shift / 3` digits on. Across bands, it takes
/// instead the same digit's word `shift` bands on, wrapping round its three.
const fn lanes_from(shift: usize, across_bands: bool) -> [[u32; 16]; 2] {
    let mut out = [[0; 16]; 2];
    let mut j = 0;
    while j < 27 {
        let (d, b) = (j / 3, j % 3);
        let from = if across_bands {
            3 * d + (b + shift) % 3
        } else {
            (j + shift) % 27
        };
        out[j / 16][j % 16] = from as u32;
        j += 1;
    }
    out
}

const BANDS_ON_1: [[u32; 16]; 2] = lanes_from(1, true);
const BANDS_ON_2: [[u32; 16]; 2] = lanes_from(2, true);
const DIGITS_ON_1: [[u32; 16]; 2] = lanes_from(3, false);
const DIGITS_ON_2: [[u32; 16]; 2] = lanes_from(6, false);
const DIGITS_ON_4: [[u32; 16]; 2] = lanes_from(12, false);
const DIGITS_ON_6: [[u32; 16]; 2] = lanes_from(18, false);

/// The first cell of each row of a band word.
const ROW_LOW: u32 = column_cells(0);

/// The lanes of the second register that hold words (27 − 16).
const HIGH_WORDS: __mmask16 = 0x07FF;

/// The 27 words in two registers.
#[derive(Clone, Copy)]
struct Words {
    low: __m512i,
    high: __m512i,
}

impl Words {
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn zip(self, other: Words, op: impl Fn(__m512i, __m512i) -> __m512i) -> Words {
        Words {
            low: op(self.low, other.low),
            high: op(self.high, other.high),
        }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn or(self, other: Words) -> Words {
        self.zip(other, |a, b| _mm512_or_si512(a, b))
    }

    /// Each lane's word taken from the lane `index` names.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn take(self, index: &[[u32; 16]; 2]) -> Words {
        // SAFETY: each row of `index` is sixteen words.
        let (low, high) = unsafe {
            (
                _mm512_loadu_si512(index[0].as_ptr().cast()),
                _mm512_loadu_si512(index[1].as_ptr().cast()),
            )
        };
        Words {
            low: _mm512_permutex2var_epi32(self.low, low, self.high),
            high: _mm512_permutex2var_epi32(self.low, high, self.high),
        }
    }
}

/// What examining a lane's word gives: the word after box-line eliminations in its band, the
/// cells of its columns the other bands lose, and the cells it solves.
#[derive(Clone, Copy)]
struct Examined {
    word: __m512i,
    claimed: __m512i,
    solved: __m512i,
}

/// The scalar examination's rules on each lane's word: `nine::SECTOR_KEEP`,
/// `nine::COLUMN_POINTING` and rows left with one cell, worked out without tables.
#[inline]
#[target_feature(enable = "avx512f")]
fn examine(x: __m512i) -> Examined {
    let word = _mm512_and_si512(x, spread_group(placeable_sectors(x)));
    Examined {
        word,
        claimed: claimed_columns(word),
        solved: _mm512_and_si512(word, single_rows(word)),
    }
}

/// The lowest bit of each sector (row `r` of the band meets box `k`) that some placement of
/// the digit in the band goes through: the sector has a cell, and the other two rows can
/// use the other two boxes, one each.
#[inline]
#[target_feature(enable = "avx512f")]
fn placeable_sectors(x: __m512i) -> __m512i {
    let splat = |v: u32| _mm512_set1_epi32(v as i32);
    let and = |a, b| _mm512_and_si512(a, b);
    let or = |a, b| _mm512_or_si512(a, b);
    let any = occupied_groups(x);
    // At each sector's bit: whether the sector one box on has a cell (then two boxes on), and
    // whether the one a row down does (wrapping round the band's three rows and boxes).
    const FIRST_BOX: u32 = ROW_LOW;
    const FIRST_TWO_BOXES: u32 = 0o011 * ROW_LOW;
    let box_on = or(
        and(_mm512_srli_epi32::<3>(any), splat(FIRST_TWO_BOXES)),
        and(
            _mm512_slli_epi32::<6>(any),
            splat(GROUP_LOW & !FIRST_TWO_BOXES),
        ),
    );
    let two_on = or(
        and(_mm512_srli_epi32::<6>(any), splat(FIRST_BOX)),
        and(_mm512_slli_epi32::<3>(any), splat(GROUP_LOW & !FIRST_BOX)),
    );
    let row_on = |v: __m512i| {
        and(
            or(_mm512_srli_epi32::<9>(v), _mm512_slli_epi32::<18>(v)),
            splat(BAND),
        )
    };
    // Rows r+1, r+2 on boxes k+1, k+2, either way round.
    let matched = row_on(or(and(box_on, row_on(two_on)), and(two_on, row_on(box_on))));
    and(any, matched)
}

/// The cells, in all three rows, of the columns that hold a box's only cells for the digit:
/// the other bands lose them.
#[inline]
#[target_feature(enable = "avx512f")]
fn claimed_columns(word: __m512i) -> __m512i {
    let columns = fold(word);
    // Exactly one of a box's three column bits, at its first.
    const EXACTLY_ONE: i32 = 0x16;
    let one = _mm512_ternarylogic_epi32::<EXACTLY_ONE>(
        columns,
        _mm512_srli_epi32::<1>(columns),
        _mm512_srli_epi32::<2>(columns),
    );
    let one = _mm512_and_si512(one, _mm512_set1_epi32(0o111));
    in_all_rows(_mm512_and_si512(columns, spread_group(one)))
}

/// The rows of a word (all 9 bits each) with exactly one cell. No row is empty, as after
/// [`placeable_sectors`] in a word that is not 0: clearing each row's lowest cell then leaves
/// the one-cell rows empty, and bit 8 of an empty row stays clear after adding 255 to the
/// row's low eight bits.
#[inline]
#[target_feature(enable = "avx512f")]
fn single_rows(word: __m512i) -> __m512i {
    const ROW_LOW_EIGHT: u32 = 0xFF * ROW_LOW;
    const ROW_TOP: u32 = 0x100 * ROW_LOW;
    let splat = |v: u32| _mm512_set1_epi32(v as i32);
    let rest = _mm512_and_si512(word, _mm512_sub_epi32(word, splat(ROW_LOW)));
    let filled = _mm512_or_si512(
        _mm512_add_epi32(
            _mm512_and_si512(rest, splat(ROW_LOW_EIGHT)),
            splat(ROW_LOW_EIGHT),
        ),
        rest,
    );
    let top = _mm512_andnot_si512(filled, splat(ROW_TOP));
    _mm512_or_si512(top, _mm512_sub_epi32(top, _mm512_srli_epi32::<8>(top)))
}

/// Examines every word until none changes; false on a contradiction. `seen` is left as it
/// was: only the scalar loop reads it.
#[target_feature(enable = "avx512f")]
pub(crate) fn settle(state: &mut State) -> bool {
    let f = state.f.as_ptr();
    // SAFETY: words 0..16 and 11..27. Full-width loads and stores only: a masked store
    // cannot forward its words to the scalar loads that follow.
    let mut words = unsafe {
        let low = _mm512_loadu_si512(f.cast());
        let last = _mm512_loadu_si512(f.add(11).cast());
        Words {
            low,
            high: _mm512_maskz_alignr_epi32::<5>(HIGH_WORDS, _mm512_setzero_si512(), last),
        }
    };
    // Each band's empty cells in the first register's lanes of that band (the band's solved
    // cells are complete in each of them).
    let bands = _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0);
    // SAFETY: three words.
    let unsolved = unsafe { _mm512_maskz_loadu_epi32(0b111, state.unsolved.as_ptr().cast()) };
    let mut empty = _mm512_permutexvar_epi32(bands, unsolved);
    loop {
        let low = examine(words.low);
        let high = examine(words.high);
        let contradiction = _mm512_testn_epi32_mask(low.word, low.word) != 0
            || _mm512_mask_testn_epi32_mask(HIGH_WORDS, high.word, high.word) != 0;
        if contradiction {
            return false;
        }
        let examined = Words {
            low: low.word,
            high: high.word,
        };
        let claimed = Words {
            low: low.claimed,
            high: high.claimed,
        };
        let solved = Words {
            low: low.solved,
            high: high.solved,
        };
        let lost_to_columns = claimed.take(&BANDS_ON_1).or(claimed.take(&BANDS_ON_2));
        // The cells the band's other eight digits solved: digits d+1..d+3, d+4..d+6 and
        // d+6..d+8 from three-digit spans. A cell two digits solved in the same pass leaves
        // both, and the next pass finds the contradiction.
        let span = solved
            .or(solved.take(&DIGITS_ON_1))
            .or(solved.take(&DIGITS_ON_2));
        let others = span
            .take(&DIGITS_ON_1)
            .or(span.take(&DIGITS_ON_4))
            .or(span.take(&DIGITS_ON_6));
        let next = examined
            .zip(lost_to_columns, |w, l| _mm512_andnot_si512(l, w))
            .zip(others, |w, o| _mm512_andnot_si512(o, w));
        empty = _mm512_andnot_si512(_mm512_or_si512(others.low, solved.low), empty);
        // Settled once the other words took nothing from the examined ones: examining a word
        // again changes nothing, and gives the same claimed and solved cells, which would
        // again take nothing. That saves the pass that would only confirm it.
        let taken = _mm512_cmpneq_epi32_mask(next.low, examined.low)
            | _mm512_cmpneq_epi32_mask(next.high, examined.high);
        words = next;
        if taken == 0 {
            break;
        }
    }
    let last = _mm512_alignr_epi32::<11>(words.high, words.low);
    // SAFETY: as the loads.
    unsafe {
        _mm512_storeu_si512(state.f.as_mut_ptr().cast(), words.low);
        _mm512_storeu_si512(state.f.as_mut_ptr().add(11).cast(), last);
    }
    let empty = to_lanes(empty);
    state.unsolved = [empty[0], empty[1], empty[2]];
    true
}
