//! What can go wrong in a session call, each with a [`ErrorKind`] that front ends act on (the web
//! answers an HTTP status, the terminal a message from the catalogue), never on the text.

use std::path::PathBuf;

use cavalo_rules::{IllegalMoveError, ParseMoveError, PositionError};

/// The kind of a [`SessionError`]: what a front end does about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The request itself is malformed (a bad starting position, unreadable text): HTTP 400.
    Invalid,
    /// A move the rules forbid, or text that is not a move: HTTP 422.
    Illegal,
    /// The call does not fit the state of the game (not this player's turn, over, nothing to
    /// undo, a search for a position the game has left): HTTP 409.
    NotNow,
    /// Storage failed (a file could not be written or read back): HTTP 500.
    Storage,
}

/// What went wrong in a session call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The starting position is invalid.
    #[error("invalid starting position: {0}")]
    Start(PositionError),
    /// A human move was offered while the computer (or a forced move) is to play.
    #[error("it is not a human's turn")]
    NotHumanTurn,
    /// A computer search was asked for while a human (or a forced move) is to play.
    #[error("it is not a computer's turn")]
    NotComputerTurn,
    /// A program's move was brought while it is not a program's turn.
    #[error("it is not a program's turn")]
    NotProgramTurn,
    /// [`Session::play_forced`](crate::Session::play_forced) without a forced move.
    #[error("the move is not forced")]
    NotForced,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The game was abandoned.
    #[error("the game was abandoned")]
    Abandoned,
    /// A hint's search was given back as a move.
    #[error("this search was a hint, not a move")]
    HintNotMove,
    /// A move the rules forbid.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// Text that is not a move at all.
    #[error(transparent)]
    Unreadable(#[from] ParseMoveError),
    /// The answer to "which double to remove?" is not one of the choices.
    #[error("`{text}` is not one of the doubles that can be removed: {}", two_digits(choices))]
    NotARemoval {
        /// What was typed.
        text: String,
        /// The doubles that may be removed.
        choices: Vec<u8>,
    },
    /// Undo found no human move to take back.
    #[error("there is no move of yours to take back")]
    NothingToUndo,
    /// A search finished for a position the game has left (after an undo, say).
    #[error("the search was for another position")]
    Stale,
    /// Reading or writing a file failed.
    #[error(transparent)]
    Io(#[from] FileError),
    /// The games database could not be written or read: the game did not change.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// A saved game could not be read.
    #[error("invalid saved game: {0}")]
    Restore(#[from] RestoreError),
}

/// Which file a [`FileError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// The course's log (`log.dat`).
    Log,
    /// A game record (JSON).
    Record,
}

/// A file that could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("could not write the {} {}: {message}", match file { FileKind::Log => "log", FileKind::Record => "record" }, path.display())]
pub struct FileError {
    /// Which file.
    pub file: FileKind,
    /// Where.
    pub path: PathBuf,
    /// What kind of failure (permission, disk full, …).
    pub kind: std::io::ErrorKind,
    /// The system's message.
    pub message: String,
}

impl FileError {
    /// The failure `e` writing the `file` at `path`.
    pub fn new(file: FileKind, path: impl Into<PathBuf>, e: &std::io::Error) -> FileError {
        FileError { file, path: path.into(), kind: e.kind(), message: e.to_string() }
    }
}

/// Why a saved game (JSON, or rows of the games database) is not a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// The text is not the JSON of a game.
    #[error("not a saved game: {0}")]
    Json(String),
    /// Its starting position is invalid.
    #[error("start: {0}")]
    Start(PositionError),
    /// A ply is not legal where it stands.
    #[error("ply {number}: {error}")]
    Ply {
        /// The ply's number.
        number: u32,
        /// Why it is illegal.
        error: IllegalMoveError,
    },
    /// The plies are not numbered 1, 2, 3, …
    #[error("ply {index} is numbered {number}")]
    Numbering {
        /// Its place (from 1).
        index: usize,
        /// The number it carries.
        number: u32,
    },
}

impl SessionError {
    /// What a front end does about it.
    pub fn kind(&self) -> ErrorKind {
        match self {
            SessionError::Start(_) | SessionError::Restore(_) => ErrorKind::Invalid,
            SessionError::Illegal(_) | SessionError::Unreadable(_) | SessionError::NotARemoval { .. } => {
                ErrorKind::Illegal
            }
            SessionError::NotHumanTurn
            | SessionError::NotComputerTurn
            | SessionError::NotProgramTurn
            | SessionError::NotForced
            | SessionError::GameOver
            | SessionError::Abandoned
            | SessionError::HintNotMove
            | SessionError::NothingToUndo
            | SessionError::Stale => ErrorKind::NotNow,
            SessionError::Io(_) | SessionError::Store(_) => ErrorKind::Storage,
        }
    }
}

/// `88, 77, 00`: doubles as the board writes them.
pub(crate) fn two_digits(values: &[u8]) -> String {
    values.iter().map(|v| format!("{v:02}")).collect::<Vec<_>>().join(", ")
}
