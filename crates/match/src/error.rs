//! The match crate's errors, typed: what is wrong with a record given to a match or a
//! tournament ([`RecordMismatch`]), with a tournament's plan ([`PlanError`]), with SPRT parameters
//! ([`SprtError`]), why a tuning pair gave no margin ([`PairError`]). (Why a text names no player is
//! beside the players: `spec::ParseSpecError`, `lisp::GlueError`.) Their `Display` is English, for logs; front ends
//! word them from the data.

use std::fmt;

use cavalo_rules::Rules;
use thiserror::Error;

use crate::shard::Shard;
use crate::termination::Termination;

/// A game record that does not fit the match or the tournament it is read for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordMismatch {
    /// A field of `meta` is missing (or not of its type).
    #[error("no `{0}` in meta")]
    Missing(&'static str),
    /// A field of `meta` holds a value it cannot hold.
    #[error("no valid `{0}` in meta")]
    Invalid(&'static str),
    /// `meta.tournament` is missing or unreadable.
    #[error("no valid `tournament` in meta: not a tournament's record")]
    NotTournament,
    /// The record is of another tournament.
    #[error("the record is of another tournament ({what} `{there}`, not `{here}`)")]
    OtherTournament {
        /// What differs (the players, the rules, the limits per move, …).
        what: Aspect,
        /// Its value in this tournament.
        here: String,
        /// Its value in the record.
        there: String,
    },
    /// The game's number is past the last game.
    #[error("game {game} is beyond {}'s {games} games", if *.tournament { "the tournament" } else { "this match" })]
    Beyond {
        /// The game.
        game: u64,
        /// The number of games.
        games: u64,
        /// Whether of a tournament (else of a match).
        tournament: bool,
    },
    /// The game is not in the shard being played.
    #[error("game {game} is not in shard {shard}")]
    NotInShard {
        /// The game.
        game: u64,
        /// The shard.
        shard: Shard,
    },
    /// The game was played by other programs.
    #[error("game {game} was played by {} vs {}, not {} vs {}", .found[0], .found[1], .want[0], .want[1])]
    OtherPlayers {
        /// The game.
        game: u64,
        /// The specs in the record.
        found: [String; 2],
        /// The specs of this match.
        want: [String; 2],
    },
    /// The game's players had other names.
    #[error("game {game} was played by players named {} and {}, not {} and {}", .found[0], .found[1], .want[0], .want[1])]
    OtherNames {
        /// The game.
        game: u64,
        /// The names in the record.
        found: [String; 2],
        /// The names in this match.
        want: [String; 2],
    },
    /// The game was played on another board.
    #[error("game {game} was played on seed {found}, not {want}")]
    OtherSeed {
        /// The game.
        game: u64,
        /// The board in the record.
        found: u64,
        /// The board it should be on.
        want: u64,
    },
    /// The game was played under other rules.
    #[error("game {game} was played with rules {found}, not {want}")]
    OtherRules {
        /// The game.
        game: u64,
        /// The rules in the record.
        found: Rules,
        /// This match's rules.
        want: Rules,
    },
    /// A tournament's game was played by other players or on another board than it should.
    #[error("game {0} was not played by the players or on the board it should")]
    Misplaced(u64),
}

impl RecordMismatch {
    /// The kind, for front ends: `unreadable` (not a record of a match or tournament),
    /// `elsewhere` (of another match or tournament), `outside` (past the end or in another shard).
    pub fn kind(&self) -> &'static str {
        match self {
            RecordMismatch::Missing(_) | RecordMismatch::Invalid(_) | RecordMismatch::NotTournament => {
                "unreadable"
            }
            RecordMismatch::Beyond { .. } | RecordMismatch::NotInShard { .. } => "outside",
            _ => "elsewhere",
        }
    }
}

/// Why a tournament cannot be planned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlanError {
    /// Fewer than two players.
    #[error("a tournament needs at least two players")]
    TooFewPlayers,
    /// No boards.
    #[error("a tournament needs at least one board per pairing")]
    NoBoards,
    /// The same player twice.
    #[error("{0} is given twice")]
    Twice(String),
    /// Two players with one name.
    #[error(transparent)]
    Names(#[from] crate::spec::SpecError),
}

/// SPRT parameters that make no test.
#[derive(Debug, Clone, Copy, PartialEq, Error)]
#[non_exhaustive]
pub enum SprtError {
    /// `elo0` is not below `elo1` (or one is not a number).
    #[error("SPRT needs elo0 < elo1, got {elo0} and {elo1}")]
    Hypotheses {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// `alpha` or `beta` is not strictly between 0 and 0.5.
    #[error("SPRT {name} must be between 0 and 0.5, got {value}")]
    Probability {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value given.
        value: f64,
    },
}

/// Why a tuning pair gave no margin.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PairError {
    /// The record could not be read back.
    #[error(transparent)]
    Record(#[from] RecordMismatch),
    /// A game was lost by forfeit.
    #[error("board {board}, game {game}: not played out ({})", .termination.name())]
    NotPlayedOut {
        /// The board.
        board: u64,
        /// The game of the pair, 1 or 2.
        game: u64,
        /// How it ended.
        termination: Termination,
    },
}

/// What two records of one match or one tournament must share, and may be found to differ in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Aspect {
    /// A match's engine 1 or 2 (1 or 2): its name.
    EngineName(u8),
    /// A match's engine 1 or 2: its spec.
    EngineSpec(u8),
    /// A tournament's players (their specs).
    Players,
    /// A tournament's players' names.
    Names,
    /// A tournament's format (round robin or gauntlet).
    Format,
    /// The first board's seed.
    FirstSeed,
    /// A tournament's boards per pairing.
    Boards,
    /// The rules.
    Rules,
    /// The limits per move.
    Limits,
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aspect::EngineName(n) => write!(f, "engine {n}"),
            Aspect::EngineSpec(n) => write!(f, "engine {n}'s spec"),
            Aspect::Players => f.write_str("players"),
            Aspect::Names => f.write_str("names"),
            Aspect::Format => f.write_str("format"),
            Aspect::FirstSeed => f.write_str("first board's seed"),
            Aspect::Boards => f.write_str("boards per pairing"),
            Aspect::Rules => f.write_str("rules"),
            Aspect::Limits => f.write_str("limits per move"),
        }
    }
}
