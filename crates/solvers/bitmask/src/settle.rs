//! The band examination and naked singles of the 9×9 search on AVX-512: all 27 words
//! examined at once, one lane each, and the naked singles each pass finds placed with it, pass
//! after pass until nothing changes. Part of the rectangular 9×9 path: classic boards only.
//!
//! The scalar loop (`State::settle_bands`) examines only the words that changed, one branch
//! per word per pass. Which words change after a guess follows no pattern, so on puzzles that
//! need guessing those branches are mispredicted often enough to be most of the loop's cost.
//! Here every pass examines every word with the same instructions and one branch ends the
//! loop. A pass applies to all words the rules the scalar examination applies to one; as the
//! rules only remove candidates, both reach the same fixpoint (or both find a contradiction),
//! so both paths search the same tree.
//!
//! The words stay in registers from the guess to the fixpoint: the guess is placed here, and
//! so are the naked singles, with the bivalue cells recorded on the way out. Stores of single
//! words between the state's copy and this function's full-width loads made the loads wait
//! until the stores reached the cache.
//!
//! Lane `j` holds word `j = 3d + b` (digit `d`, band `b`): lanes 0..16 in one register, 16..27
//! in a second whose lanes 27..32 stay empty.

use core::arch::x86_64::*;

use super::nine::{BAND, BAND_PEERS, COLUMN_OF, GROUP_LOW, Guess, State, column_cells};
use super::wide::{
    fold, in_all_rows, occupied_groups, spread_group, state_words, store_words, to_lanes,
};

/// Lane indices for [`Words::take`]: each word's lane takes the word `bands` bands on
/// (wrapping round its three) of the digit `digits` on within its group of `group` digits (3:
/// digits 0..3, 3..6, 6..9; 9: all nine), wrapping round the group. The lanes past the last
/// word take lane 27, which is empty.
const fn words_on(bands: usize, digits: usize, group: usize) -> [[u32; 16]; 2] {
    let mut out = [[27; 16]; 2];
    let mut j = 0;
    while j < 27 {
        let (d, b) = (j / 3, j % 3);
        let first = d / group * group;
        let other = first + (d - first + digits) % group;
        out[j / 16][j % 16] = (3 * other + (b + bands) % 3) as u32;
        j += 1;
    }
    out
}

/// The same digit's word in the next band, and in the one after.
const BANDS_ON_1: [[u32; 16]; 2] = words_on(1, 0, 9);
const BANDS_ON_2: [[u32; 16]; 2] = words_on(2, 0, 9);
/// The same band's words of the digit's group of three, then of the other two groups.
const DIGITS_ON_1: [[u32; 16]; 2] = words_on(0, 1, 3);
const DIGITS_ON_2: [[u32; 16]; 2] = words_on(0, 2, 3);
const DIGITS_ON_3: [[u32; 16]; 2] = words_on(0, 3, 9);
const DIGITS_ON_6: [[u32; 16]; 2] = words_on(0, 6, 9);

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

    /// Each lane's word ORed with its band's words of every other digit: two levels of
    /// independent lane permutations (the digit's group of three, then the other two groups),
    /// so the union is a few cycles deep rather than a fold of four dependent steps.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn band_union(self) -> Words {
        let group = self.logic::<OR3>(self.take(&DIGITS_ON_1), self.take(&DIGITS_ON_2));
        group.logic::<OR3>(group.take(&DIGITS_ON_3), group.take(&DIGITS_ON_6))
    }

    /// `IMM` as `_mm512_ternarylogic_epi32` applies it, lane by lane, to three sets of words.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn logic<const IMM: i32>(self, b: Words, c: Words) -> Words {
        Words {
            low: _mm512_ternarylogic_epi32::<IMM>(self.low, b.low, c.low),
            high: _mm512_ternarylogic_epi32::<IMM>(self.high, b.high, c.high),
        }
    }

    /// Whether any word differs from `other`'s.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn differ(self, other: Words) -> bool {
        (_mm512_cmpneq_epi32_mask(self.low, other.low)
            | _mm512_cmpneq_epi32_mask(self.high, other.high))
            != 0
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
/// the one-cell rows empty.
#[inline]
#[target_feature(enable = "avx512f")]
fn single_rows(word: __m512i) -> __m512i {
    let rest = _mm512_and_si512(
        word,
        _mm512_sub_epi32(word, _mm512_set1_epi32(ROW_LOW as i32)),
    );
    whole_rows(_mm512_andnot_si512(
        row_tops(rest),
        _mm512_set1_epi32(ROW_TOP as i32),
    ))
}

/// Bit 8 of each row.
const ROW_TOP: u32 = 0x100 * ROW_LOW;

/// Bit 8 of each row of `cells` with a cell: bit 8 itself, or a carry into it from adding
/// 255 to the row's low eight bits.
#[inline]
#[target_feature(enable = "avx512f")]
fn row_tops(cells: __m512i) -> __m512i {
    const ROW_LOW_EIGHT: u32 = 0xFF * ROW_LOW;
    let splat = |v: u32| _mm512_set1_epi32(v as i32);
    // a & (b | c).
    const AND_OR: i32 = 0xE0;
    _mm512_ternarylogic_epi32::<AND_OR>(
        splat(ROW_TOP),
        _mm512_add_epi32(
            _mm512_and_si512(cells, splat(ROW_LOW_EIGHT)),
            splat(ROW_LOW_EIGHT),
        ),
        cells,
    )
}

/// The whole rows (all nine bits) of the rows whose bit 8 `tops` has.
#[inline]
#[target_feature(enable = "avx512f")]
fn whole_rows(tops: __m512i) -> __m512i {
    _mm512_or_si512(tops, _mm512_sub_epi32(tops, _mm512_srli_epi32::<8>(tops)))
}

/// A band's cells by how many candidates they have, up to three.
#[derive(Clone, Copy)]
struct Tally {
    one: __m512i,
    two: __m512i,
    three: __m512i,
}

impl Tally {
    /// The cells of each lane's word, counted once.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn of(word: __m512i) -> Tally {
        let none = _mm512_setzero_si512();
        Tally {
            one: word,
            two: none,
            three: none,
        }
    }

    /// Both tallies together, lane by lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn add(self, other: Tally) -> Tally {
        // a | (b & c).
        const OR_AND: i32 = 0xF8;
        let two_from_ones = _mm512_and_si512(self.one, other.one);
        let three_from_mixed = _mm512_ternarylogic_epi32::<OR_AND>(
            _mm512_and_si512(self.two, other.one),
            self.one,
            other.two,
        );
        Tally {
            one: _mm512_or_si512(self.one, other.one),
            two: _mm512_ternarylogic_epi32::<OR3>(self.two, other.two, two_from_ones),
            three: _mm512_ternarylogic_epi32::<OR3>(self.three, other.three, three_from_mixed),
        }
    }

    /// Each lane's tally taken from the lane `N` on (and 0 past the last).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn lanes_on<const N: i32>(self) -> Tally {
        let none = _mm512_setzero_si512();
        let on = |x| _mm512_alignr_epi32::<N>(none, x);
        Tally {
            one: on(self.one),
            two: on(self.two),
            three: on(self.three),
        }
    }
}

/// Each band's cells counted over the band's nine words, band `b` in lane `b`: the second
/// register's eleven words are added to the first's lanes of their bands, then lanes are
/// folded onto lanes of the same band, twelve, six and three on.
#[inline]
#[target_feature(enable = "avx512f")]
fn candidate_counts(words: Words) -> Tally {
    // Word 16 + i is in band (i + 1) % 3: it goes to lane i + 1 (lane 0 takes none).
    let high = _mm512_maskz_alignr_epi32::<15>(!1, words.high, words.low);
    let sixteen = Tally::of(words.low).add(Tally::of(high));
    let twelve = sixteen.add(sixteen.lanes_on::<12>());
    let six = twelve.add(twelve.lanes_on::<6>());
    six.add(six.lanes_on::<3>())
}

/// `_mm512_ternarylogic_epi32`'s table for `a | b | c`.
const OR3: i32 = 0xFE;

/// `_mm512_ternarylogic_epi32`'s table for `(a & !b) | c`: a word without the peers `b`,
/// with the cells `c` placed.
const KEEP_OR: i32 = 0xBA;

/// The digit of each lane's word (9 for the lanes past the last word).
const LANE_DIGITS: [[u32; 16]; 2] = {
    let mut out = [[9; 16]; 2];
    let mut j = 0;
    while j < 27 {
        out[j / 16][j % 16] = (j / 3) as u32;
        j += 1;
    }
    out
};

/// [`State::place`] on the words in registers and the empty cells (band `b` in lane `b`),
/// `lane_bands` giving each register's lanes' bands. `None` if the cell no longer admits the
/// digit.
///
/// Placing the guess here, not with scalar stores before the loads, lets the loads take the
/// state copy's full-width stores as they are.
#[inline]
#[target_feature(enable = "avx512f")]
fn place_guess(
    words: Words,
    unsolved: __m512i,
    guess: Guess,
    lane_bands: [__m512i; 2],
) -> Option<(Words, __m512i)> {
    let Guess { band, bit, digit } = guess;
    let splat = |v: u32| _mm512_set1_epi32(v as i32);
    let cell = splat(1 << bit);
    let (column, peers) = (
        splat(COLUMN_OF[bit as usize]),
        splat(BAND_PEERS[bit as usize]),
    );
    let mut admits = true;
    let mut place = |word: __m512i, bands: __m512i, digits: &[u32; 16]| {
        // SAFETY: sixteen words.
        let digits = unsafe { _mm512_loadu_si512(digits.as_ptr().cast()) };
        let in_band = _mm512_cmpeq_epi32_mask(bands, splat(band as u32));
        let of_digit = _mm512_cmpeq_epi32_mask(digits, splat(digit as u32));
        let own = in_band & of_digit;
        admits &= _mm512_mask_test_epi32_mask(own, word, cell) == own;
        let word = _mm512_mask_andnot_epi32(word, in_band, cell, word);
        let word = _mm512_mask_andnot_epi32(word, of_digit & !in_band, column, word);
        _mm512_mask_ternarylogic_epi32::<KEEP_OR>(word, own, peers, cell)
    };
    let placed = Words {
        low: place(words.low, lane_bands[0], &LANE_DIGITS[0]),
        high: place(words.high, lane_bands[1], &LANE_DIGITS[1]),
    };
    let unsolved = _mm512_mask_andnot_epi32(unsolved, 1 << band, cell, unsolved);
    admits.then_some((placed, unsolved))
}

/// Each lane's band's value, from lanes 0..3 of `per_band` (band `b` in lane `b`);
/// `lane_bands` gives each register's lanes' bands.
#[inline]
#[target_feature(enable = "avx512f")]
fn by_band(per_band: __m512i, [low, high]: [__m512i; 2]) -> Words {
    Words {
        low: _mm512_permutexvar_epi32(low, per_band),
        high: _mm512_permutexvar_epi32(high, per_band),
    }
}

/// The rows (all nine cells) of the cells of `cells`.
#[inline]
#[target_feature(enable = "avx512f")]
fn rows_of(cells: __m512i) -> __m512i {
    whole_rows(row_tops(cells))
}

/// The boxes (all nine cells) of the cells of `cells`.
#[inline]
#[target_feature(enable = "avx512f")]
fn boxes_of(cells: __m512i) -> __m512i {
    let columns = fold(occupied_groups(cells));
    in_all_rows(spread_group(columns))
}

/// Each lane's digit placed in the cells of `singles` its word holds: their row and box peers
/// lose it (two singles sharing a row or a box keep each other).
#[inline]
#[target_feature(enable = "avx512f")]
fn place_singles(word: __m512i, singles: __m512i) -> __m512i {
    let placed = _mm512_and_si512(word, singles);
    let peers = _mm512_or_si512(rows_of(placed), boxes_of(placed));
    _mm512_ternarylogic_epi32::<KEEP_OR>(word, peers, placed)
}

/// Places `guess`, then examines every word and places naked singles until neither changes
/// anything; false on a contradiction. Records the bivalue cells. `seen` is left as it was:
/// only the scalar loop reads it.
///
/// Each pass counts the candidates of the words it starts from alongside their examination
/// (the two are independent, so the count mostly fills the examination's waits), and places
/// the singles that count found among the cells still empty after the pass. A pass that
/// changes nothing ends the loop, with the count of the words as they stay.
///
/// Leaving the registers for the scalar naked singles and coming back cost more than
/// counting here: the words the singles wrote one at a time had to reach the cache before
/// the full-width loads could take them.
#[target_feature(enable = "avx512f")]
pub(crate) fn settle(state: &mut State, guess: Option<Guess>) -> bool {
    // The blocks the state copy and this function's stores write, so that the loads take
    // them as they are: a load across two stores, or across stores of single words, waits
    // until they reach the cache.
    let [low, high] = state_words(state);
    let mut words = Words { low, high };
    // Each band's empty cells in the first register's lanes of that band (the band's solved
    // cells are complete in each of them).
    let lane_bands = [
        _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0),
        _mm512_setr_epi32(1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1),
    ];
    // Word by word: a masked load compiles to an expanding load (see `state_words`).
    let [u0, u1, u2] = state.unsolved.map(|u| u as i32);
    let mut unsolved = _mm512_zextsi128_si512(_mm_setr_epi32(u0, u1, u2, 0));
    if let Some(guess) = guess {
        match place_guess(words, unsolved, guess, lane_bands) {
            Some(placed) => (words, unsolved) = placed,
            None => return false,
        }
    }
    let mut empty = by_band(unsolved, lane_bands).low;
    const THREE_BANDS: __mmask16 = 0b111;
    // A cell without a candidate, or one solved (no longer empty) that keeps two: two digits
    // solved it in the same pass, each keeping its own cell (see `union` below).
    let contradicted = |counts: Tally, empty: __m512i| {
        let twice_solved = _mm512_andnot_si512(empty, counts.two);
        let all = _mm512_set1_epi32(BAND as i32);
        (_mm512_mask_cmpneq_epi32_mask(THREE_BANDS, counts.one, all)
            | _mm512_mask_test_epi32_mask(THREE_BANDS, twice_solved, twice_solved))
            != 0
    };
    let counts = loop {
        let counts = candidate_counts(words);
        if contradicted(counts, empty) {
            return false;
        }
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
        // The cells the band's digits solved: each word loses those its band's other digits
        // solved, keeping its own.
        let union = solved.band_union();
        // a & (!b | c), then without the columns claimed in the digit's other bands.
        const KEEP_OWN: i32 = 0xB0;
        let next = examined
            .logic::<KEEP_OWN>(union, solved)
            .zip(lost_to_columns, |w, l| _mm512_andnot_si512(l, w));
        empty = _mm512_andnot_si512(union.low, empty);
        let singles = _mm512_andnot_si512(counts.two, _mm512_and_si512(counts.one, empty));
        if _mm512_mask_test_epi32_mask(THREE_BANDS, singles, singles) != 0 {
            let placed = next.zip(by_band(singles, lane_bands), |w, s| place_singles(w, s));
            // A single still empty after a pass that changed nothing had a peer with its
            // digit in its word (a lone cell in its row is solved), unless that peer is
            // another single of the same digit in its row or box: placing them changes
            // nothing, and the two are a contradiction. (Two in a row, or in a box, leave two
            // boxes to one row, or two rows to one box, for the next pass.) After a pass that
            // changed something, the next pass finds the same singles and decides.
            if !placed.differ(words) {
                return false;
            }
            words = placed;
            continue;
        }
        // Settled once the pass changed no word (the examination and what the other words
        // took only remove cells, so the words are as they were only if neither removed
        // any): the count is then that of the words as they stay, checked again against the
        // cells this pass solved (two digits may have solved one without taking anything).
        let unchanged = !next.differ(words);
        words = next;
        if unchanged {
            if contradicted(counts, empty) {
                return false;
            }
            break counts;
        }
    };
    store_words(state, [words.low, words.high]);
    let empty = to_lanes(empty);
    state.unsolved = [empty[0], empty[1], empty[2]];
    // A solved cell keeps one candidate, so it is never among the pairs.
    let pairs = _mm512_maskz_andnot_epi32(THREE_BANDS, counts.three, counts.two);
    // SAFETY: four words, stored at once (see `State::naked_singles`).
    unsafe {
        _mm_storeu_si128(
            state.pairs.as_mut_ptr().cast(),
            _mm512_castsi512_si128(pairs),
        )
    };
    true
}
