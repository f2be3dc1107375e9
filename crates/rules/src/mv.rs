//! Moves and their notation (RULES.md §7).

use std::fmt;
use std::str::FromStr;

use crate::Cell;
use crate::error::{ParseMoveError, ParseMoveReason};

/// A ply: a landing on a destination cell (a placement or a knight's jump), possibly naming a
/// double to remove other than the default, or a pass.
///
/// The removal is `None` for the default (the highest other double, or nothing to remove); a
/// move from [`Position::legal_moves`](crate::Position::legal_moves) is always in this normal
/// form, and [`Position::parse_move`](crate::Position::parse_move) normalises `G7x99` to `G7` when
/// 99 is the default.
///
/// ```
/// use cavalo_rules::Move;
/// let m: Move = "g7x88".parse().unwrap();
/// assert_eq!(m.to_string(), "G7x88");
/// assert_eq!(m.removal(), Some(88));
/// assert!("pass".parse::<Move>().unwrap().is_pass());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const NO_REMOVAL: u16 = 0xFF;

impl Move {
    /// The pass.
    pub const PASS: Move = Move(0xFFFF);

    /// Landing on `cell` with the default removal (if the cell holds a double).
    #[inline]
    pub const fn land(cell: Cell) -> Move {
        Move(cell.index() as u16 | NO_REMOVAL << 8)
    }

    /// Landing on `cell` (a double) and removing the double `value` (e.g. 88).
    #[inline]
    pub const fn land_removing(cell: Cell, value: u8) -> Move {
        Move(cell.index() as u16 | (value as u16) << 8)
    }

    /// Whether this is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == Move::PASS.0
    }

    /// The destination, `None` for the pass.
    #[inline]
    pub const fn destination(self) -> Option<Cell> {
        if self.is_pass() { None } else { Cell::new((self.0 & 0xFF) as u8) }
    }

    /// The explicitly named double to remove, `None` for the default removal or the pass.
    #[inline]
    pub const fn removal(self) -> Option<u8> {
        let r = self.0 >> 8;
        if self.is_pass() || r == NO_REMOVAL { None } else { Some(r as u8) }
    }

    /// The same destination with the default removal.
    #[inline]
    pub const fn with_default_removal(self) -> Move {
        if self.is_pass() { self } else { Move(self.0 | NO_REMOVAL << 8) }
    }

    /// A compact 16-bit encoding (for transposition tables); [`Move::from_bits`] reverses it.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::bits`]; `None` when the bits are not a move.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let m = Move(bits);
        if m.is_pass() {
            return Some(m);
        }
        let (to, r) = (bits & 0xFF, bits >> 8);
        if to < 100 && (r == NO_REMOVAL || (r < 100 && r % 11 == 0)) { Some(m) } else { None }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.destination(), self.removal()) {
            (None, _) => f.write_str("pass"),
            (Some(c), None) => write!(f, "{c}"),
            (Some(c), Some(r)) => write!(f, "{c}x{r:02}"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `E3`, `G7x88` or `pass` (any case, surrounding white space allowed).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = |reason: ParseMoveReason| ParseMoveError { input: s.to_string(), reason };
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::PASS);
        }
        if t.is_empty() {
            return Err(err(ParseMoveReason::Empty));
        }
        let (cell, removal) = match t.find(['x', 'X']) {
            Some(0) => return Err(err(ParseMoveReason::NoCell)),
            Some(i) => (&t[..i], Some(&t[i + 1..])),
            None => (t, None),
        };
        let cell: Cell =
            cell.parse().map_err(|e: crate::ParseCellError| err(ParseMoveReason::Cell(e.reason)))?;
        match removal {
            None => Ok(Move::land(cell)),
            Some(r) => {
                let b = r.as_bytes();
                if b.len() != 2 || !b.iter().all(u8::is_ascii_digit) {
                    return Err(err(ParseMoveReason::RemovalDigits(r.to_string())));
                }
                if b[0] != b[1] {
                    return Err(err(ParseMoveReason::NotDouble(r.to_string())));
                }
                Ok(Move::land_removing(cell, (b[0] - b'0') * 11))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in ["E3", "G7x88", "G7x00", "pass", "J10x99", "A1"] {
            let m: Move = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
            assert_eq!(Move::from_bits(m.bits()), Some(m));
        }
        assert_eq!(" e3 ".parse::<Move>().unwrap().to_string(), "E3");
        assert_eq!("PASS".parse::<Move>().unwrap(), Move::PASS);
        assert_eq!("g7X88".parse::<Move>().unwrap().to_string(), "G7x88");
    }

    #[test]
    fn bad_moves_name_the_problem() {
        for (s, needle) in [
            ("", "empty"),
            ("K3", "column"),
            ("E3x8", "two digits"),
            ("E3x87", "not a double"),
            ("E3x", "two digits"),
            ("E3y88", "row"),
            ("passe", "column"),
            ("xx", "starts with a cell"),
        ] {
            let e = s.parse::<Move>().unwrap_err();
            assert!(e.to_string().contains(needle), "{s}: {e}");
        }
    }

    #[test]
    fn from_bits_rejects_garbage() {
        assert!(Move::from_bits(0x00FF & 200).is_none());
        assert!(Move::from_bits(5 | 12 << 8).is_none());
    }
}
