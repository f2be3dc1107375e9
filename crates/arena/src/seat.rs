//! Who plays a side of an arena game, and the arena's stages.

use std::fmt;
use std::str::FromStr;

/// Who plays a side of an arena game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// One version of a team's program, by its id.
    Program(String),
    /// Our engine at one of the levels for people (1 to [`crate::MAX_LEVEL`]).
    Level(u8),
}

impl Seat {
    /// The program's id, when a program plays.
    pub fn program(&self) -> Option<&str> {
        match self {
            Seat::Program(id) => Some(id),
            Seat::Level(_) => None,
        }
    }

    /// The level, when our engine plays.
    pub fn level(&self) -> Option<u8> {
        match self {
            Seat::Level(l) => Some(*l),
            Seat::Program(_) => None,
        }
    }
}

impl fmt::Display for Seat {
    /// As the arena's tables keep it: the program's id, or `level:N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Program(id) => f.write_str(id),
            Seat::Level(l) => write!(f, "level:{l}"),
        }
    }
}

/// A seat that is not one the arena writes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an arena seat")]
pub struct BadSeat(pub String);

impl FromStr for Seat {
    type Err = BadSeat;

    fn from_str(s: &str) -> Result<Seat, BadSeat> {
        match s.strip_prefix("level:") {
            Some(l) => match l.parse() {
                Ok(l) if (1..=crate::MAX_LEVEL).contains(&l) => Ok(Seat::Level(l)),
                _ => Err(BadSeat(s.to_string())),
            },
            None if !s.is_empty() && !s.contains(':') => Ok(Seat::Program(s.to_string())),
            None => Err(BadSeat(s.to_string())),
        }
    }
}

/// Why an arena game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// A new version against our engine's levels, one after the other while it beats them.
    Qualification,
    /// A pair of games (both colours, one board) against another current program.
    Ladder,
}

impl Stage {
    /// `qualification` or `ladder`, as the tables keep it.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Qualification => "qualification",
            Stage::Ladder => "ladder",
        }
    }

    /// The stage a table names.
    pub fn from_name(name: &str) -> Option<Stage> {
        match name {
            "qualification" => Some(Stage::Qualification),
            "ladder" => Some(Stage::Ladder),
            _ => None,
        }
    }
}

/// A game the ladder wants played next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// White's player.
    pub white: Seat,
    /// Black's player.
    pub black: Seat,
    /// The board.
    pub seed: u64,
    /// Why it is played.
    pub stage: Stage,
}

impl Planned {
    /// The players, White first.
    pub fn seats(&self) -> [&Seat; 2] {
        [&self.white, &self.black]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_back_as_written_and_others_are_refused() {
        for seat in [Seat::Level(1), Seat::Level(8), Seat::Program("0b7c-11".into())] {
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        }
        for bad in ["", "level:0", "level:9", "level:x", "cavalo:level=3"] {
            assert_eq!(bad.parse::<Seat>(), Err(BadSeat(bad.to_string())), "{bad}");
        }
    }
}
