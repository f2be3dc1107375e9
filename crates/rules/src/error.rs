//! Error types. Every parser answers bad input with one of these, naming what was wrong.

use thiserror::Error;

/// A cell name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid cell `{input}`: {reason}")]
pub struct ParseCellError {
    /// The text that was read.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl ParseCellError {
    pub(crate) fn new(input: &str, reason: &'static str) -> ParseCellError {
        ParseCellError { input: input.to_string(), reason }
    }
}

/// A move that could not be read (before any position is consulted).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid move `{input}`: {reason}")]
pub struct ParseMoveError {
    /// The text that was read.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

/// A well-formed move that the position does not allow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal move `{mv}`: {reason}")]
pub struct IllegalMoveError {
    /// The move as written.
    pub mv: String,
    /// Why it is illegal.
    pub reason: String,
}

/// A move given as text that is either unreadable or illegal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

/// A position (position string or Lisp board) that could not be read or is not a valid state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid position: {0}")]
pub struct PositionError(pub String);

/// A game record that could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The JSON is malformed or misses a field.
    #[error("invalid game record: {0}")]
    Json(String),
    /// The starting position is invalid.
    #[error("invalid game record: start: {0}")]
    Start(PositionError),
    /// A move does not parse or is illegal.
    #[error("invalid game record: move {index} ({ply}): {error}")]
    Move {
        /// 1-based index in the move list.
        index: usize,
        /// Who was to move, e.g. `white`.
        ply: String,
        /// What went wrong.
        error: MoveError,
    },
    /// The recorded result disagrees with the replayed game.
    #[error("invalid game record: result: {0}")]
    Result(String),
}
