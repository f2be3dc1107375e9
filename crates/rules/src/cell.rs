//! Cells of the 10×10 board and their names.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseCellError, ParseCellReason};

/// One of the 100 cells, `A1` (index 0) to `J10` (index 99), row-major from the top.
///
/// Rows are numbered 1..=10 from White's home row; columns are lettered `A`..=`J`.
///
/// ```
/// use cavalo_rules::Cell;
/// let c: Cell = "e3".parse().unwrap();
/// assert_eq!(c.to_string(), "E3");
/// assert_eq!((c.row(), c.col()), (2, 4));
/// assert_eq!(Cell::from_pair("3 5").unwrap(), c);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Cell {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    I1,
    J1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    I2,
    J2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    I3,
    J3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    I4,
    J4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    I5,
    J5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    I6,
    J6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    I7,
    J7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    I8,
    J8,
    A9,
    B9,
    C9,
    D9,
    E9,
    F9,
    G9,
    H9,
    I9,
    J9,
    A10,
    B10,
    C10,
    D10,
    E10,
    F10,
    G10,
    H10,
    I10,
    J10,
}

impl Cell {
    /// Number of cells on the board.
    pub const COUNT: usize = 100;

    /// The cell with index `index` (`row * 10 + col`), or `None` when out of range.
    #[inline]
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 100 {
            // SAFETY: checked just above.
            Some(unsafe { Cell::new_unchecked(index) })
        } else {
            None
        }
    }

    /// The cell with index `index`, without checking the range.
    ///
    /// # Safety
    ///
    /// `index` must be below 100 ([`Cell::COUNT`]): any other value is not a `Cell` and building
    /// one is undefined behaviour. Use [`Cell::new`] when the index is not known to be in range.
    #[inline]
    pub const unsafe fn new_unchecked(index: u8) -> Cell {
        debug_assert!(index < 100);
        // SAFETY: `Cell` is `repr(u8)` with the 100 discriminants 0..100 in order, and the caller
        // guarantees an index below 100.
        unsafe { std::mem::transmute::<u8, Cell>(index) }
    }

    /// The cell at 0-based `row` and `col`, or `None` when either is out of range.
    #[inline]
    pub const fn from_coords(row: u8, col: u8) -> Option<Cell> {
        if row < 10 && col < 10 {
            // SAFETY: row and col below 10, so the index is below 100.
            Some(unsafe { Cell::new_unchecked(row * 10 + col) })
        } else {
            None
        }
    }

    /// The index, `row * 10 + col` (0..100).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The 0-based row (0 is row `1`, White's home row).
    #[inline]
    pub const fn row(self) -> u8 {
        self as u8 / 10
    }

    /// The 0-based column (0 is column `A`).
    #[inline]
    pub const fn col(self) -> u8 {
        self as u8 % 10
    }

    /// All 100 cells in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator {
        // SAFETY: every index of the range is below 100.
        (0..100u8).map(|i| unsafe { Cell::new_unchecked(i) })
    }

    /// Parses the course's `row col` pair form, 1-based (`"3 5"` is `E3`).
    pub fn from_pair(s: &str) -> Result<Cell, ParseCellError> {
        let mut it = s.split_whitespace();
        let (Some(r), Some(c), None) = (it.next(), it.next(), it.next()) else {
            return Err(ParseCellError::new(s, ParseCellReason::PairShape));
        };
        let row: u8 = r.parse().map_err(|_| ParseCellError::new(s, ParseCellReason::PairRowNumber))?;
        let col: u8 = c.parse().map_err(|_| ParseCellError::new(s, ParseCellReason::PairColumnNumber))?;
        if !(1..=10).contains(&row) {
            return Err(ParseCellError::new(s, ParseCellReason::PairRow));
        }
        if !(1..=10).contains(&col) {
            return Err(ParseCellError::new(s, ParseCellReason::PairColumn));
        }
        Cell::from_coords(row - 1, col - 1).ok_or_else(|| ParseCellError::new(s, ParseCellReason::PairRow))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
    }
}

impl From<Cell> for String {
    /// The cell as text: `E5`.
    fn from(c: Cell) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Cell {
    type Error = ParseCellError;

    /// The cell written as text (`E5`).
    fn try_from(s: String) -> Result<Cell, ParseCellError> {
        s.parse()
    }
}

impl FromStr for Cell {
    type Err = ParseCellError;

    /// Parses `A1`..`J10`, case-insensitive, surrounding white space allowed.
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let t = s.trim();
        let mut chars = t.chars();
        let Some(letter) = chars.next() else {
            return Err(ParseCellError::new(s, ParseCellReason::Empty));
        };
        let letter = letter.to_ascii_uppercase();
        if !('A'..='J').contains(&letter) {
            return Err(ParseCellError::new(s, ParseCellReason::Column));
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCellError::new(s, ParseCellReason::Row));
        }
        let row: u8 = digits.parse().map_err(|_| ParseCellError::new(s, ParseCellReason::Row))?;
        if !(1..=10).contains(&row) || digits.starts_with('0') {
            return Err(ParseCellError::new(s, ParseCellReason::Row));
        }
        Cell::from_coords(row - 1, letter as u8 - b'A')
            .ok_or_else(|| ParseCellError::new(s, ParseCellReason::Row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices() {
        assert_eq!(Cell::A1.to_string(), "A1");
        assert_eq!(Cell::new(9).unwrap().to_string(), "J1");
        assert_eq!(Cell::new(90).unwrap().to_string(), "A10");
        assert_eq!(Cell::J10.to_string(), "J10");
        assert_eq!("j10".parse::<Cell>().unwrap(), Cell::J10);
        assert_eq!(" e7 ".parse::<Cell>().unwrap().index(), 64);
        assert!(Cell::new(100).is_none());
    }

    #[test]
    fn bad_names_are_rejected_with_a_reason() {
        for bad in ["", "K1", "A0", "A11", "A01", "1A", "AA", "A1x", "E-3"] {
            let e = bad.parse::<Cell>().unwrap_err();
            assert!(!e.to_string().is_empty(), "{bad}");
        }
    }

    #[test]
    fn pairs() {
        assert_eq!(Cell::from_pair("3 5").unwrap().to_string(), "E3");
        assert_eq!(Cell::from_pair(" 10   10 ").unwrap(), Cell::J10);
        assert!(Cell::from_pair("0 5").is_err());
        assert!(Cell::from_pair("3").is_err());
        assert!(Cell::from_pair("3 5 7").is_err());
        assert!(Cell::from_pair("a b").is_err());
    }

    #[test]
    fn every_cell_round_trips() {
        for c in Cell::all() {
            assert_eq!(c.to_string().parse::<Cell>().unwrap(), c);
            let pair = format!("{} {}", c.row() + 1, c.col() + 1);
            assert_eq!(Cell::from_pair(&pair).unwrap(), c);
        }
    }
}
