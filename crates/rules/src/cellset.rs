//! A set of cells as a 128-bit bitboard.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::Cell;

/// A set of cells; bit `i` is the cell with index `i`.
///
/// Invariant: only the low 100 bits are ever set. The field is private and every constructor
/// keeps it ([`CellSet::from_bits_truncate`] drops the high bits), so iterating never yields an
/// invalid [`Cell`].
///
/// ```
/// use cavalo_rules::{Cell, CellSet};
/// let a1: Cell = "A1".parse().unwrap();
/// let s = CellSet::knight_jumps(a1);
/// assert_eq!(s.len(), 2);
/// let names: Vec<String> = s.iter().map(|c| c.to_string()).collect();
/// assert_eq!(names, ["C2", "B3"]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellSet(u128);

const MASK: u128 = (1u128 << 100) - 1;

const fn knight_table() -> [CellSet; 100] {
    let mut t = [CellSet::EMPTY; 100];
    let jumps: [(i8, i8); 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];
    let mut i = 0;
    while i < 100 {
        let r = (i / 10) as i8;
        let c = (i % 10) as i8;
        let mut bits = 0u128;
        let mut j = 0;
        while j < 8 {
            let (dr, dc) = jumps[j];
            let (nr, nc) = (r + dr, c + dc);
            if nr >= 0 && nr < 10 && nc >= 0 && nc < 10 {
                bits |= 1u128 << (nr as u32 * 10 + nc as u32);
            }
            j += 1;
        }
        t[i] = CellSet(bits);
        i += 1;
    }
    t
}

static KNIGHT: [CellSet; 100] = knight_table();

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 100 cells.
    pub const FULL: CellSet = CellSet(MASK);

    /// The set of the cells whose bits are set in `bits`; bits 100 and above are dropped.
    #[inline]
    pub const fn from_bits_truncate(bits: u128) -> CellSet {
        CellSet(bits & MASK)
    }

    /// The bits of the set (bit `i` for the cell of index `i`; never above bit 99).
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `cell`.
    #[inline]
    pub const fn from_cell(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    /// The cells of 0-based `row`.
    #[inline]
    pub const fn row(row: u8) -> CellSet {
        CellSet(0x3ffu128 << (row as u32 * 10))
    }

    /// The cells a knight on `cell` can jump to (ignoring what is on them).
    #[inline]
    pub fn knight_jumps(cell: Cell) -> CellSet {
        KNIGHT[cell.index()]
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.index());
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The cell with the lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            // SAFETY: the type's invariant keeps every set bit below 100.
            Some(unsafe { Cell::new_unchecked(self.0.trailing_zeros() as u8) })
        }
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The cells in increasing index order.
    #[inline]
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

/// Iterator over the cells of a [`CellSet`], lowest index first. Its field is private: it only
/// ever holds bits of a `CellSet`.
#[derive(Clone)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        // SAFETY: the iterator starts from a `CellSet`'s bits, all below 100, and only clears bits.
        Some(unsafe { Cell::new_unchecked(i) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for CellSet {
            type Output = CellSet;
            #[inline]
            fn $f(self, rhs: CellSet) -> CellSet {
                CellSet(self.0 $op rhs.0)
            }
        }
        impl $tra for CellSet {
            #[inline]
            fn $fa(&mut self, rhs: CellSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for CellSet {
    type Output = CellSet;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    /// Complement within the 100 cells.
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & MASK)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.to_string())).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn knight_jumps_match_the_chess_pattern() {
        let e5 = CellSet::knight_jumps(c("E5"));
        let expect: CellSet = ["D3", "F3", "C4", "G4", "C6", "G6", "D7", "F7"].iter().map(|s| c(s)).collect();
        assert_eq!(e5, expect);
        assert_eq!(CellSet::knight_jumps(c("J10")).len(), 2);
        for a in Cell::all() {
            for b in CellSet::knight_jumps(a) {
                assert!(CellSet::knight_jumps(b).contains(a), "jumps are symmetric");
                let dr = (a.row() as i8 - b.row() as i8).abs();
                let dc = (a.col() as i8 - b.col() as i8).abs();
                assert!((dr, dc) == (1, 2) || (dr, dc) == (2, 1));
            }
        }
    }

    #[test]
    fn high_bits_never_make_cells() {
        let s = CellSet::from_bits_truncate(u128::MAX);
        assert_eq!(s, CellSet::FULL);
        assert_eq!(s.len(), 100);
        assert_eq!(s.iter().last(), Some(Cell::J10));
        assert_eq!(CellSet::from_bits_truncate(1u128 << 100).first(), None);
        assert_eq!(CellSet::from_bits_truncate(1u128 << 127).iter().count(), 0);
        assert_eq!(CellSet::from_cell(Cell::J10).bits(), 1u128 << 99);
    }

    #[test]
    fn set_algebra() {
        let mut s = CellSet::EMPTY;
        assert!(s.is_empty());
        s.insert(c("A1"));
        s.insert(c("J10"));
        assert_eq!(s.len(), 2);
        assert!(s.contains(c("J10")));
        assert_eq!(s.first(), Some(c("A1")));
        let t = CellSet::from_cell(c("A1"));
        assert_eq!(s & t, t);
        assert_eq!(s - t, CellSet::from_cell(c("J10")));
        assert_eq!((!s).len(), 98);
        assert_eq!(!CellSet::EMPTY, CellSet::FULL);
        assert_eq!(s ^ s, CellSet::EMPTY);
        s.remove(c("A1"));
        assert_eq!(s.len(), 1);
        assert_eq!(CellSet::row(9).len(), 10);
        assert!(CellSet::row(9).contains(c("J10")));
        assert!(!CellSet::row(9).contains(c("J9")));
    }
}
