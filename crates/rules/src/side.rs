//! The two sides.

use std::fmt;
use std::ops::Not;

/// White (player 1, places on row 1 and moves first) or Black (player 2, row 10).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Player 1.
    White,
    /// Player 2.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The position-string letter: `w` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The knight's letter in position strings: `W` or `B`.
    pub const fn knight_letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }

    /// The lower-case name, `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The 0-based row of this side's placement: row 1 for White, row 10 for Black.
    pub const fn home_row(self) -> u8 {
        match self {
            Side::White => 0,
            Side::Black => 9,
        }
    }

    /// Parses `w`/`b`/`white`/`black` (any case).
    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "w" | "white" => Some(Side::White),
            "b" | "black" => Some(Side::Black),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
