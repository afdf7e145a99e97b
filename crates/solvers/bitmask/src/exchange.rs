//! A second solution without searching: two digits exchanged on a rectangle of empty cells.
//! Part of the rectangular 9×9 path (classic boards only: on a jigsaw or diagonal board the
//! four cells need not lie in two boxes, nor off the diagonals).
//!
//! If a solution has digits `x y / y x` on four cells that are not givens, in two rows of one
//! band (or two columns of one stack), exchanging them gives another solution: every row,
//! column and box keeps its digits, since the four cells lie in two rows, two columns and two
//! boxes. A uniqueness check that has found one solution and would otherwise go back through
//! its pending branches can stop there. The rectangle is looked for between every pair of
//! rows in a band and every pair of columns in a stack, all eighteen at once with AVX-512.

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
#[cfg(test)]
fn first_pair_scalar(marked: &Marked) -> Option<usize> {
    (0..18).find(|&pair| exchange_in(marked, pair).is_some())
}

/// Whether [`exchanged`] can run here.
pub(crate) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
}

/// A second solution from `marked` by one rectangle exchange, if it has one. The eighteen line
/// pairs are tested together; only the pair found is searched cell by cell.
///
/// # Safety
/// Only where [`available`] says so.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(crate) unsafe fn exchanged(marked: &Marked) -> Option<[u8; 81]> {
    // SAFETY: the features are enabled by the caller's contract.
    let pair = unsafe { first_pair(marked) }?;
    exchange_in(marked, pair)
}

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

    /// The vector search finds the scalar search's pair on solutions of the multi-solution set
    /// with their givens, and on the same solutions with every rectangle's cells but one given.
    #[test]
    fn the_vector_search_finds_the_scalar_pair() {
        if !available() {
            eprintln!("no AVX-512F/BW/VBMI here: the exchange is never used");
            return;
        }
        let mut solver = crate::Bitmask::default();
        let (mut found, mut none) = (0, 0);
        let set = include_str!("../../../../datasets/multi-solution.txt");
        for line in set.lines().filter(|l| !l.starts_with('#')) {
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
                // SAFETY: the features were detected above.
                assert_eq!(unsafe { first_pair(&marked) }, scalar, "{line}");
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
        assert!(found >= 300 && none >= 300, "found {found}, none {none}");
    }
}
