//! A second solution without searching: two digits exchanged on a rectangle of empty cells.
//! Part of the rectangular 9×9 path (classic boards only: on a jigsaw or diagonal board the
//! four cells need not lie in two boxes, nor off the diagonals).
//!
//! If a solution has digits `x y / y x` on four cells that are not givens, in two rows of one
//! band (or two columns of one stack), exchanging them gives another solution: every row,
//! column and box keeps its digits, since the four cells lie in two rows, two columns and two
//! boxes. A uniqueness check that has found one solution and would otherwise go back through
//! its pending branches can stop there. The rectangle is looked for between every pair of
//! rows in a band and every pair of columns in a stack: all eighteen at once with AVX-512
//! VBMI where the `avx512` path runs on a processor that has it, otherwise with SSE2, which
//! every x86-64 processor has (two and a half times as long), so every path searches the
//! same tree.

/// For each of the 18 line pairs (the row pairs of each band, then the column pairs of each
/// stack), the cells of the two lines, side by side: lane `c` holds the `c`-th cell of each.
const PAIRS: [[(u8, u8); 9]; 18] = {
    let mut out = [[(0, 0); 9]; 18];
    const WITHIN: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];
    let mut pair = 0;
    while pair < 18 {
        let (first, second) = WITHIN[pair % 3];
        let block = (pair % 9) / 3;
        let (l1, l2) = (3 * block + first, 3 * block + second);
        let mut c = 0;
        while c < 9 {
            out[pair][c] = if pair < 9 {
                ((9 * l1 + c) as u8, (9 * l2 + c) as u8)
            } else {
                ((9 * c + l1) as u8, (9 * c + l2) as u8)
            };
            c += 1;
        }
        pair += 1;
    }
    out
};

/// A solution with its givens marked: the digit, plus [`GIVEN`] on a given cell.
pub(crate) type Marked = [u8; 81];

/// The mark of a given in a [`Marked`] solution.
pub(crate) const GIVEN: u8 = 0x80;

/// The solution with the rectangle of line pair `pair` exchanged, if that pair has one.
fn exchange_in(marked: &Marked, pair: usize) -> Option<[u8; 81]> {
    let lanes = &PAIRS[pair];
    for (c, &(a, b)) in lanes.iter().enumerate() {
        let (x, y) = (marked[usize::from(a)], marked[usize::from(b)]);
        if (x | y) & GIVEN != 0 {
            continue;
        }
        for &(a2, b2) in &lanes[c + 1..] {
            if marked[usize::from(a2)] == y && marked[usize::from(b2)] == x {
                let mut out = *marked;
                out.swap(usize::from(a), usize::from(a2));
                out.swap(usize::from(b), usize::from(b2));
                return Some(out.map(|v| v & !GIVEN));
            }
        }
    }
    None
}

/// The first line pair with an exchangeable rectangle, pair by pair.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn first_pair_scalar(marked: &Marked) -> Option<usize> {
    (0..18).find(|&pair| exchange_in(marked, pair).is_some())
}

/// Whether [`exchanged_wide`] can run here.
pub(crate) fn wide_available() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
}

/// A second solution from `marked` by one rectangle exchange, if it has one: the line pairs
/// are tested together (SSE2, which every x86-64 processor has); only the pair found is
/// searched cell by cell.
pub(crate) fn exchanged(marked: &Marked) -> Option<[u8; 81]> {
    // SAFETY: SSE2 is part of every x86-64 processor.
    #[cfg(target_arch = "x86_64")]
    let pair = unsafe { first_pair_sse2(marked) }?;
    #[cfg(not(target_arch = "x86_64"))]
    let pair = first_pair_scalar(marked)?;
    exchange_in(marked, pair)
}

/// [`exchanged`] with the eighteen line pairs in five AVX-512 vectors.
///
/// # Safety
/// Only where [`wide_available`] says so.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(crate) unsafe fn exchanged_wide(marked: &Marked) -> Option<[u8; 81]> {
    // SAFETY: the features are enabled by the caller's contract.
    let pair = unsafe { first_pair(marked) }?;
    exchange_in(marked, pair)
}

/// The first line pair with an exchangeable rectangle, on SSE2. Each row is a vector, lane
/// `c` its column `c`; a cell's digit is read twice, as 0 where it is a given in one copy and
/// as 15 in the other, so that a code (`16x + y`, from the first copy) never equals a
/// reversed code (`16y + x`, from the second) when either cell is a given.
///
/// - Row pairs (within a band): lane `c` codes the pair's two cells of column `c`; a
///   rectangle is a lane whose code is the reversed code of a later lane.
/// - Column pairs (within a stack): lane `c` of a row codes its cells in columns `c`, `c + 1`
///   (`c` the first or second of its stack) or `c − 2`, `c` (the third); a rectangle is a lane
///   where one row's code is another row's reversed code.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn first_pair_sse2(marked: &Marked) -> Option<usize> {
    use core::arch::x86_64::*;
    let splat = |v: u8| _mm_set1_epi8(v as i8);
    // Each row's two copies: the digit, or 0 (`code`) and 15 (`reversed`) on a given.
    let rows: [(__m128i, __m128i); 9] = core::array::from_fn(|r| {
        // SAFETY: bytes 9r..9r + 16 lie within the 81 for the first eight rows; the last
        // row is the last sixteen bytes moved down seven lanes.
        let row = unsafe {
            if r < 8 {
                _mm_loadu_si128(marked.as_ptr().add(9 * r).cast())
            } else {
                _mm_srli_si128::<7>(_mm_loadu_si128(marked.as_ptr().add(65).cast()))
            }
        };
        let given = _mm_cmplt_epi8(row, _mm_setzero_si128());
        let digit = _mm_andnot_si128(given, row);
        (digit, _mm_or_si128(digit, _mm_and_si128(given, splat(15))))
    });
    // 16x + y for digits below 16: a 16-bit shift moves no bit into the next byte.
    let code = |x: __m128i, y: __m128i| _mm_or_si128(_mm_slli_epi16::<4>(x), y);
    // Lanes 9..16 of a reversed code hold no code.
    // SAFETY: sixteen bytes.
    let past_row = unsafe { _mm_loadu_si128(PAST_ROW.as_ptr().cast()) };
    let mut row_pairs = 0u32;
    for (pair, &(first, second)) in ROW_PAIRS.iter().enumerate() {
        let ((a, a_rev), (b, b_rev)) = (rows[first], rows[second]);
        let codes = code(a, b);
        let reversed = _mm_or_si128(code(b_rev, a_rev), past_row);
        let mut found = _mm_setzero_si128();
        macro_rules! later {
            ($($k:literal)*) => {$(
                found = _mm_or_si128(found, _mm_cmpeq_epi8(codes, _mm_srli_si128::<$k>(reversed)));
            )*};
        }
        later!(1 2 3 4 5 6 7 8);
        // A match pairs lane c with a later lane: c is below 8.
        row_pairs |= ((_mm_movemask_epi8(found) & 0xFF != 0) as u32) << pair;
    }
    if row_pairs != 0 {
        return Some(row_pairs.trailing_zeros() as usize);
    }
    // SAFETY: sixteen bytes.
    let third = unsafe { _mm_loadu_si128(THIRD_OF_STACK.as_ptr().cast()) };
    let blend = |mask: __m128i, yes: __m128i, no: __m128i| {
        _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no))
    };
    // Lane c: `16 left + right` where left, right are the cells of columns c - 2, c for
    // the third column of a stack, c, c + 1 otherwise; the reversed code `16 right + left`.
    let column_codes: [(__m128i, __m128i); 9] = rows.map(|(digit, reversed)| {
        let high = _mm_slli_epi16::<4>(digit);
        let codes = blend(
            third,
            _mm_or_si128(_mm_slli_si128::<2>(high), digit),
            _mm_or_si128(high, _mm_srli_si128::<1>(digit)),
        );
        let high = _mm_slli_epi16::<4>(reversed);
        let reversed = blend(
            third,
            _mm_or_si128(high, _mm_slli_si128::<2>(reversed)),
            _mm_or_si128(_mm_srli_si128::<1>(high), reversed),
        );
        (codes, reversed)
    });
    let mut found = _mm_setzero_si128();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            found = _mm_or_si128(
                found,
                _mm_cmpeq_epi8(column_codes[r1].0, column_codes[r2].1),
            );
        }
    }
    let lanes = _mm_movemask_epi8(found) as u32 & 0x1FF;
    // Lane 3s + 1 is the stack's pair of its second and third columns, 3s + 2 of its first
    // and third: in pair order they swap.
    let pairs = (lanes & 0o111) | (lanes & 0o222) << 1 | (lanes & 0o444) >> 1;
    (pairs != 0).then(|| 9 + pairs.trailing_zeros() as usize)
}

/// The two rows of each row pair, in pair order (the pairs of the first band, then the
/// second's, then the third's).
const ROW_PAIRS: [(usize, usize); 9] = {
    let mut out = [(0, 0); 9];
    let mut pair = 0;
    while pair < 9 {
        let (first, second) = PAIRS[pair][0];
        out[pair] = (first as usize / 9, second as usize / 9);
        pair += 1;
    }
    out
};

/// 0xFF in lanes `first`, `first + step`, … below `end`.
const fn lanes_set(first: usize, step: usize, end: usize) -> [u8; 16] {
    let mut out = [0u8; 16];
    let mut lane = first;
    while lane < end {
        out[lane] = 0xFF;
        lane += step;
    }
    out
}

/// The lanes past a row's nine.
const PAST_ROW: [u8; 16] = lanes_set(9, 1, 16);

/// The lane of each stack's third column.
const THIRD_OF_STACK: [u8; 16] = lanes_set(2, 3, 9);

/// The lanes of [`PAIRS`] as byte indices, sixteen bytes a pair (lanes 9..16 unused), four
/// pairs a vector: the first cells, then the second cells, then the unused lanes' mask.
const INDICES: ([[u8; 64]; 5], [[u8; 64]; 5], [u64; 5]) = {
    let (mut first, mut second, mut unused) = ([[0u8; 64]; 5], [[0u8; 64]; 5], [0u64; 5]);
    let mut lane = 0;
    while lane < 5 * 64 {
        let (v, byte) = (lane / 64, lane % 64);
        let (pair, c) = (lane / 16, lane % 16);
        if pair < 18 && c < 9 {
            first[v][byte] = PAIRS[pair][c].0;
            second[v][byte] = PAIRS[pair][c].1;
        } else {
            unused[v] |= 1 << byte;
        }
        lane += 1;
    }
    (first, second, unused)
};

/// The first line pair with an exchangeable rectangle. Each pair's lane `c` holds the code
/// `16x + y` of its two cells' digits and, in a second vector, the reversed code `16y + x`;
/// a rectangle is a lane whose code is the reversed code of a later lane, found by comparing
/// with the reversed codes rotated by one to eight lanes.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn first_pair(marked: &Marked) -> Option<usize> {
    use core::arch::x86_64::*;
    // SAFETY: 64 bytes from the start and the 17 left after them are inside `marked`.
    let (low, high) = unsafe {
        (
            _mm512_loadu_si512(marked.as_ptr().cast()),
            _mm512_maskz_loadu_epi8((1u64 << 17) - 1, marked.as_ptr().add(64).cast()),
        )
    };
    let (first, second, unused) = INDICES;
    let digit = _mm512_set1_epi8(0x0F);
    let high_nibble =
        |x: __m512i| _mm512_and_si512(_mm512_slli_epi16::<4>(x), _mm512_set1_epi8(0xF0u8 as i8));
    for v in 0..5 {
        // SAFETY: each table is 64 bytes.
        let (ia, ib) = unsafe {
            (
                _mm512_loadu_si512(first[v].as_ptr().cast()),
                _mm512_loadu_si512(second[v].as_ptr().cast()),
            )
        };
        let a = _mm512_permutex2var_epi8(low, ia, high);
        let b = _mm512_permutex2var_epi8(low, ib, high);
        let given = _mm512_test_epi8_mask(_mm512_or_si512(a, b), _mm512_set1_epi8(GIVEN as i8));
        let out = given | unused[v];
        // Left out: codes 0 (never a reversed code) and reversed codes 0xFF (never a code).
        let code = _mm512_maskz_mov_epi8(
            !out,
            _mm512_or_si512(high_nibble(a), _mm512_and_si512(b, digit)),
        );
        let reversed = _mm512_mask_mov_epi8(
            _mm512_set1_epi8(-1),
            !out,
            _mm512_or_si512(high_nibble(b), _mm512_and_si512(a, digit)),
        );
        let mut found: u64 = 0;
        macro_rules! rotated {
            ($($k:literal)*) => {$(
                found |= _mm512_cmpeq_epi8_mask(code, _mm512_alignr_epi8::<$k>(reversed, reversed));
            )*};
        }
        rotated!(1 2 3 4 5 6 7 8);
        if found != 0 {
            return Some(4 * v + found.trailing_zeros() as usize / 16);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solution whose rectangles all lie in column pairs; the first is in columns 1-2,
    /// rows 1 and 4 (1 2 / 2 1).
    const SOLVED: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    fn marked(givens: &[usize]) -> Marked {
        let mut out = [0u8; 81];
        for (cell, ch) in SOLVED.bytes().enumerate() {
            out[cell] = ch - b'0';
        }
        for &cell in givens {
            out[cell] |= GIVEN;
        }
        out
    }

    /// Whether `other` is a solution of the grid `marked` was made from, keeping its givens,
    /// and not that grid.
    fn is_another_solution(marked: &Marked, other: &[u8; 81]) -> bool {
        let units = (0..9).flat_map(|i| {
            [
                (0..9).map(|k| 9 * i + k).collect::<Vec<_>>(),
                (0..9).map(|k| 9 * k + i).collect(),
                (0..9)
                    .map(|k| 27 * (i / 3) + 3 * (i % 3) + 9 * (k / 3) + k % 3)
                    .collect(),
            ]
        });
        let valid = units
            .into_iter()
            .all(|unit| unit.iter().fold(0u32, |seen, &c| seen | 1 << other[c]) == 0x3FE);
        let kept = (0..81).all(|c| marked[c] & GIVEN == 0 || marked[c] & !GIVEN == other[c]);
        valid && kept && (0..81).any(|c| marked[c] & !GIVEN != other[c])
    }

    #[test]
    fn an_exchange_gives_another_solution_and_respects_givens() {
        let open = marked(&[]);
        let pair = first_pair_scalar(&open).expect("a rectangle");
        let other = exchange_in(&open, pair).expect("an exchange");
        assert_eq!(pair, 9);
        assert!(is_another_solution(&open, &other));
        // Giving one of its cells removes that rectangle.
        assert_ne!(first_pair_scalar(&marked(&[27])), Some(9));
        // Every cell given: nothing may move.
        let all: Vec<usize> = (0..81).collect();
        assert_eq!(first_pair_scalar(&marked(&all)), None);
    }

    /// The vector searches find the scalar search's pair on solutions of the multi-solution and
    /// band-first sets with their givens, and on the same solutions with every rectangle's
    /// cells but one given.
    #[test]
    fn the_vector_searches_find_the_scalar_pair() {
        let mut solver = crate::Bitmask::default();
        let (mut found, mut none) = (0, 0);
        let sets = [
            include_str!("../../../../datasets/multi-solution.txt"),
            include_str!("../../../../datasets/band-first.txt"),
        ];
        for line in sets
            .iter()
            .flat_map(|set| set.lines())
            .filter(|l| !l.starts_with('#'))
        {
            let mut solution = [0u8; 81];
            solver
                .solve_line(line, 1, &mut solution)
                .expect("a 9×9 line");
            let mut marked = solution;
            for (cell, ch) in line.bytes().take(81).enumerate() {
                if ch.is_ascii_digit() && ch != b'0' {
                    marked[cell] |= GIVEN;
                }
            }
            loop {
                let scalar = first_pair_scalar(&marked);
                // SAFETY: SSE2 is part of every x86-64 processor.
                assert_eq!(unsafe { first_pair_sse2(&marked) }, scalar, "{line}");
                if wide_available() {
                    // SAFETY: the features were detected just now.
                    assert_eq!(unsafe { first_pair(&marked) }, scalar, "{line}");
                }
                let Some(pair) = scalar else {
                    none += 1;
                    break;
                };
                found += 1;
                let other = exchange_in(&marked, pair).expect("the pair's exchange");
                assert!(is_another_solution(&marked, &other), "{line}");
                // Mark a cell of this rectangle given, and look again.
                let moved = (0..81)
                    .find(|&c| other[c] != marked[c] & !GIVEN)
                    .expect("a change");
                marked[moved] |= GIVEN;
            }
        }
        assert!(
            found >= 4_000 && none >= 2_000,
            "found {found}, none {none}"
        );
    }
}
