//! The principal variation: for each ply, the best line found from it in the current search
//! (the triangular table; the root's line is the search's answer).

use cavalo_rules::Move;

use crate::params::MAX_PLY;

/// The best line from each ply.
pub(crate) struct PvTable {
    lines: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl PvTable {
    /// No lines.
    pub(crate) fn new() -> PvTable {
        PvTable { lines: Box::new([[Move::PASS; MAX_PLY]; MAX_PLY]), len: [0; MAX_PLY] }
    }

    /// The line from `ply`, empty until a move raised alpha there.
    #[inline]
    pub(crate) fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply][..self.len[ply]]
    }

    /// Empties the line from `ply` (a node starts).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// The line from `ply` is `m` alone (a cut-off by the table's move).
    #[inline]
    pub(crate) fn set_move(&mut self, ply: usize, m: Move) {
        self.lines[ply][0] = m;
        self.len[ply] = 1;
    }

    /// The line from `ply` is `m` followed by the line from `ply + 1`.
    #[inline]
    pub(crate) fn extend(&mut self, ply: usize, m: Move) {
        self.lines[ply][0] = m;
        let child_len = self.len[ply + 1];
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        head[ply][1..1 + child_len].copy_from_slice(&tail[0][..child_len]);
        self.len[ply] = 1 + child_len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_its_move_then_the_childs_line() {
        let m = |s: &str| s.parse::<Move>().unwrap();
        let mut pv = PvTable::new();
        pv.clear(2);
        pv.set_move(2, m("C3"));
        pv.extend(1, m("B5"));
        pv.extend(0, m("A1"));
        assert_eq!(pv.line(0), &[m("A1"), m("B5"), m("C3")]);
        pv.clear(0);
        assert!(pv.line(0).is_empty());
        assert_eq!(pv.line(1), &[m("B5"), m("C3")]);
    }
}
