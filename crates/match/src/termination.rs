//! How a game ended ([`Termination`]) and why a player lost by forfeit ([`Failure`]): the words
//! that the referee, the contestants and the external engines share.

use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Termination {
    /// Played to the end: the side with more points won.
    #[serde(rename = "normal")]
    Normal,
    /// A player named a move that the rules do not allow.
    #[serde(rename = "illegal move")]
    IllegalMove,
    /// A player took longer than the limit plus the tolerance.
    #[serde(rename = "timeout")]
    Timeout,
    /// An external engine could not be started, exited, or stopped reading.
    #[serde(rename = "crash")]
    Crash,
    /// An external engine wrote something that is not the protocol.
    #[serde(rename = "malformed output")]
    Malformed,
    /// An external engine wrote an output line longer than the referee reads.
    #[serde(rename = "line too long")]
    LineTooLong,
    /// An external engine wrote bytes that are not UTF-8 text.
    #[serde(rename = "invalid utf-8")]
    InvalidUtf8,
    /// An external engine answered one `go` with a second `bestmove`.
    #[serde(rename = "second bestmove")]
    ExtraBestmove,
    /// An external engine answered a `setoption` (the rule variant's or one asked for) with
    /// `info string error`: it would have played with settings other than the ones asked for.
    #[serde(rename = "refused option")]
    RefusedOption,
}

impl Termination {
    /// The name used in records and summaries.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::IllegalMove => "illegal move",
            Termination::Timeout => "timeout",
            Termination::Crash => "crash",
            Termination::Malformed => "malformed output",
            Termination::LineTooLong => "line too long",
            Termination::InvalidUtf8 => "invalid utf-8",
            Termination::ExtraBestmove => "second bestmove",
            Termination::RefusedOption => "refused option",
        }
    }
}

/// Why a player lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The kind of failure.
    pub termination: Termination,
    /// What exactly happened.
    pub detail: String,
}
