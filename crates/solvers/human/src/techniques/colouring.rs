//! Simple colouring (single-digit colouring) along conjugate pairs.
//!
//! Two cells are a conjugate pair for a digit when they are its only two places in some unit:
//! exactly one of them holds it. A chain of such pairs, coloured alternately A and B, is then
//! all-A-true or all-B-true in every solution. Two rules follow:
//! - **Colour wrap**: two cells of one colour share a unit, so that colour cannot be true; the
//!   digit leaves every cell of it.
//! - **Colour trap**: a cell off the chain that sees a cell of each colour sees the digit
//!   whichever colour is true, so the digit leaves it.
//!
//! Chains are built per digit, from the lowest uncoloured cell with a conjugate pair; the wrap
//! is tried (colour A, then B) before the trap.

use crate::board::Board;
use crate::deduction::{Deduction, Pattern};
use crate::techniques::unchanged::reads;

/// The first chain (digits ascending, those in `read`) whose wrap or trap removes a candidate.
pub(crate) fn simple_colouring(board: &Board, read: u32) -> Option<Deduction> {
    let layout = &*board.layout;
    let cells = layout.cell_count();
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
    let mut coloured = vec![false; cells];
    for digit in (1..=layout.n as u8).filter(|&d| reads(read, d)) {
        links.iter_mut().for_each(Vec::clear);
        coloured.fill(false);
        for unit in 0..layout.unit_count() {
            let mut places = layout
                .unit(unit)
                .iter()
                .filter(|&&cell| board.has(cell, digit));
            if let (Some(&a), Some(&b), None) = (places.next(), places.next(), places.next()) {
                links[a].push(b);
                links[b].push(a);
            }
        }
        for start in 0..cells {
            if links[start].is_empty() || coloured[start] {
                continue;
            }
            let colours = colour_chain(&links, &mut coloured, start);
            if let Some(found) =
                wrap(board, digit, &colours).or_else(|| trap(board, digit, colours))
            {
                return Some(found);
            }
        }
    }
    None
}

/// Colours the chain through `start` breadth-first: `start` takes colour A.
fn colour_chain(links: &[Vec<usize>], coloured: &mut [bool], start: usize) -> [Vec<usize>; 2] {
    let mut colours: [Vec<usize>; 2] = [vec![start], Vec::new()];
    let mut queue = vec![(start, 0usize)];
    coloured[start] = true;
    while let Some((cell, colour)) = queue.pop() {
        for &next in &links[cell] {
            if !coloured[next] {
                coloured[next] = true;
                colours[1 - colour].push(next);
                queue.push((next, 1 - colour));
            }
        }
    }
    colours.iter_mut().for_each(|cells| cells.sort_unstable());
    colours
}

/// A colour with two cells in one unit is false: the digit leaves all its cells.
fn wrap(board: &Board, digit: u8, colours: &[Vec<usize>; 2]) -> Option<Deduction> {
    let layout = &*board.layout;
    for false_colour in 0..2 {
        let cells = &colours[false_colour];
        for (i, &a) in cells.iter().enumerate() {
            let Some(&b) = cells[i + 1..].iter().find(|&&b| layout.sees(a, b)) else {
                continue;
            };
            let unit = layout
                .shared_unit(a, b)
                .expect("cells that see each other share a unit");
            let pattern = Pattern::Colouring {
                digit,
                colours: [cells.clone(), colours[1 - false_colour].clone()],
                wrap: Some(unit),
            };
            let eliminated = cells.iter().map(|&cell| (cell, digit)).collect();
            return Deduction::removing(pattern, eliminated);
        }
    }
    None
}

/// Cells off the chain that see both colours lose the digit.
fn trap(board: &Board, digit: u8, colours: [Vec<usize>; 2]) -> Option<Deduction> {
    let layout = &*board.layout;
    let sees_one_of = |cell: usize, cells: &[usize]| cells.iter().any(|&c| layout.sees(cell, c));
    let eliminated = (0..layout.cell_count())
        .filter(|&cell| {
            board.has(cell, digit)
                && !colours[0].contains(&cell)
                && !colours[1].contains(&cell)
                && sees_one_of(cell, &colours[0])
                && sees_one_of(cell, &colours[1])
        })
        .map(|cell| (cell, digit))
        .collect();
    let pattern = Pattern::Colouring {
        digit,
        colours,
        wrap: None,
    };
    Deduction::removing(pattern, eliminated)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::*;
    use crate::{Order, Technique};

    /// Leaves `digit` in `line` (cells given) only at `kept`.
    fn conjugate(board: &mut Board, digit: u8, line: &[usize], kept: [usize; 2]) {
        remove(
            board,
            digit,
            line.iter().copied().filter(|c| !kept.contains(c)),
        );
    }

    fn row(r: usize) -> Vec<usize> {
        (1..=9).map(|c| rc(r, c)).collect()
    }

    fn column(c: usize) -> Vec<usize> {
        (1..=9).map(|r| rc(r, c)).collect()
    }

    #[test]
    fn a_cell_seeing_both_colours_is_trapped() {
        let mut board = open_board();
        // Chain for 7: r1c1 (A) - r1c5 (B) along row 1, r1c5 - r4c5 (A) along column 5,
        // r4c5 - r4c2 (B) along row 4.
        conjugate(&mut board, 7, &row(1), [rc(1, 1), rc(1, 5)]);
        conjugate(&mut board, 7, &column(5), [rc(1, 5), rc(4, 5)]);
        conjugate(&mut board, 7, &row(4), [rc(4, 5), rc(4, 2)]);
        let step = first_step(&board, Order::Thesis, Technique::SimpleColouring);
        // r2c2, r3c2 see r1c1 (box 1) and r4c2 (column 2); r5c1, r6c1 see r1c1 (column 1)
        // and r4c2 (box 4).
        let expected = [rc(2, 2), rc(3, 2), rc(5, 1), rc(6, 1)].map(|c| (c, 7));
        assert_eq!(sorted(&step), expected);
        assert_eq!(
            step.describe(&board),
            "colouring 7's conjugate pairs: colour A r1c1 and r4c5, colour B r1c5 and r4c2; \
             one colour holds 7, and cells that see both colours lose it: removes 7 from \
             r2c2, r3c2, r5c1 and r6c1"
        );
    }

    #[test]
    fn a_colour_seen_twice_in_a_unit_is_false() {
        let mut board = open_board();
        // Chain for 7: r1c1 (A) - r1c7 (B) - r5c7 (A) - r5c2 (B) - r2c2 (A); r1c1 and r2c2,
        // both A, share box 1.
        conjugate(&mut board, 7, &row(1), [rc(1, 1), rc(1, 7)]);
        conjugate(&mut board, 7, &column(7), [rc(1, 7), rc(5, 7)]);
        conjugate(&mut board, 7, &row(5), [rc(5, 7), rc(5, 2)]);
        conjugate(&mut board, 7, &column(2), [rc(5, 2), rc(2, 2)]);
        let step = first_step(&board, Order::Thesis, Technique::SimpleColouring);
        let expected = [rc(1, 1), rc(2, 2), rc(5, 7)].map(|c| (c, 7));
        assert_eq!(sorted(&step), expected);
        assert!(matches!(step.pattern, Pattern::Colouring { wrap: Some(u), .. } if u == 18));
        assert!(
            step.describe(&board)
                .contains("colour A appears twice in box 1, so it is false"),
            "{}",
            step.describe(&board)
        );
    }
}
