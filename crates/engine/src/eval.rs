//! Static evaluation: points difference plus mobility, tempo and the values each knight can
//! still reach. Weights in [`crate::params::eval`].

use cavalo_rules::{CellSet, Position};

use crate::params::eval as w;
use crate::score::SCALE;

const NOT_COL_0: u128 = mask_cols(1, 9);
const NOT_COL_01: u128 = mask_cols(2, 9);
const NOT_COL_9: u128 = mask_cols(0, 8);
const NOT_COL_89: u128 = mask_cols(0, 7);
const FULL: u128 = (1u128 << 100) - 1;

const fn mask_cols(lo: u32, hi: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 10 {
        let mut c = lo;
        while c <= hi {
            m |= 1u128 << (r * 10 + c);
            c += 1;
        }
        r += 1;
    }
    m
}

/// Every cell one knight's jump from some cell of `s`.
#[inline]
pub fn knight_spread(s: CellSet) -> CellSet {
    let b = s.0;
    let r1 = b & NOT_COL_9; // may move one column right
    let r2 = b & NOT_COL_89; // two columns right
    let l1 = b & NOT_COL_0;
    let l2 = b & NOT_COL_01;
    let up = (r1 << 21) | (l1 << 19) | (r2 << 12) | (l2 << 8);
    let down = (l1 >> 21) | (r1 >> 19) | (l2 >> 12) | (r2 >> 8);
    CellSet((up | down) & FULL)
}

/// The cells a knight starting on `from` could ever reach through cells of `open` (not counting
/// `from` itself unless revisited), ignoring the other knight.
#[inline]
pub fn reachable(from: CellSet, open: CellSet) -> CellSet {
    let mut seen = CellSet::EMPTY;
    let mut frontier = from;
    loop {
        let next = knight_spread(frontier) & open & !seen;
        if next.is_empty() {
            return seen;
        }
        seen |= next;
        frontier = next;
    }
}

/// The sum of the numbers still held on the cells of `s`.
#[inline]
pub fn value_sum(pos: &Position, s: CellSet) -> i32 {
    s.iter().map(|c| pos.value_at(c).unwrap_or(0) as i32).sum()
}

/// The evaluation of `pos` in centipoints from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    let opp = !me;
    let mut v = pos.points_diff(me) * SCALE;
    let dm = pos.destinations(me);
    let dopp = pos.destinations(opp);
    v += (dm.len() as i32 - dopp.len() as i32) * w::MOBILITY;
    let best = dm.iter().filter_map(|c| pos.value_at(c)).max().unwrap_or(0) as i32;
    v += best * SCALE * w::TEMPO_BEST / 1000;
    if dm.is_empty() {
        v -= w::STUCK;
    }
    if dopp.is_empty() {
        v += w::STUCK;
    }
    if let (Some(km), Some(ko)) = (pos.knight(me), pos.knight(opp)) {
        let open = pos.holding();
        let rm = reachable(CellSet::from_cell(km), open);
        let ro = reachable(CellSet::from_cell(ko), open);
        let shared = rm & ro;
        let diff = value_sum(pos, rm - shared) - value_sum(pos, ro - shared);
        v += diff * SCALE * w::REGION / 1000;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Cell;

    #[test]
    fn spread_matches_the_jump_table() {
        for c in Cell::all() {
            assert_eq!(knight_spread(CellSet::from_cell(c)), CellSet::knight_jumps(c), "{c}");
        }
    }

    #[test]
    fn reachable_on_an_open_board_is_everything_but_unreachable_nothing() {
        let all = CellSet::FULL;
        let a1 = CellSet::from_cell(Cell::A1);
        assert_eq!(reachable(a1, all).len(), 100);
        assert!(reachable(a1, CellSet::EMPTY).is_empty());
    }
}
