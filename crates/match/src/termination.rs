//! How a game ended ([`Termination`]) and why a player lost by forfeit ([`Failure`]): the words
//! that the referee, the contestants and the external engines share.

use std::fmt;

use cavalo_rules::Side;
use serde::{Deserialize, Serialize};

pub use crate::fault::{During, Exit, Fault, Hint, Sign};

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

/// Why a player lost by forfeit, as the contestant reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The kind of failure.
    pub termination: Termination,
    /// What exactly happened (boxed: a failure travels in `Result`s that are mostly `Ok`).
    pub fault: Box<Fault>,
    /// The last lines the program wrote on its standard error, when it was ended.
    pub stderr: Vec<String>,
}

impl Failure {
    /// A failure of this kind, with nothing from standard error yet.
    pub fn new(termination: Termination, fault: Fault) -> Failure {
        Failure { termination, fault: Box::new(fault), stderr: Vec::new() }
    }

    /// What happened, in the referee's English, with the last lines on standard error.
    pub fn detail(&self) -> String {
        format!("{}{}", self.fault, stderr_note(&self.stderr))
    }
}

/// `; last lines on standard error: `…` | `…``, or nothing when there were none.
pub fn stderr_note(lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = lines.iter().map(|l| format!("`{l}`")).collect();
    format!("; last lines on standard error: {}", quoted.join(" | "))
}

/// The longest a move could take: the time per move and its tolerance, or the most any move
/// may take when there is no time per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deadline {
    /// The time per move, in milliseconds (`None`: no time per move).
    pub time_ms: Option<u64>,
    /// With `time_ms`, the tolerance; without, the most a move may take.
    pub ms: u64,
}

impl fmt::Display for Deadline {
    /// `100 ms + 50 ms tolerance`, `60000 ms`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.time_ms {
            Some(t) => write!(f, "{t} ms + {} ms tolerance", self.ms),
            None => write!(f, "{} ms", self.ms),
        }
    }
}

/// A game lost by forfeit, as records keep it (`meta.forfeit`): who, when, what went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    /// The side that lost.
    pub side: Side,
    /// The ply (1-based) at which it failed; `None` when it failed while loading.
    pub ply: Option<u16>,
    /// The kind of failure.
    pub termination: Termination,
    /// What exactly happened.
    pub fault: Fault,
    /// For a timeout: the limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Deadline>,
    /// The last lines the program wrote on its standard error.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
}

impl Forfeit {
    /// What happened, in the referee's English, without naming the loser first (the text after
    /// `white (SPEC) loses: `).
    pub fn what(&self) -> String {
        let side = self.side;
        let text = match (&self.fault, self.ply) {
            (Fault::TooLate { .. }, _) => {
                let limit = self.limit.map(|l| format!("; the limit is {l}")).unwrap_or_default();
                format!("{side} {}{limit}", self.fault)
            }
            (_, None) => format!("{side} at load, before the first move: {}", self.fault),
            (_, Some(ply)) => {
                let limit = self.limit.map(|l| format!(" ({l})")).unwrap_or_default();
                format!("{side} at ply {ply}: {}{limit}", self.fault)
            }
        };
        text + &stderr_note(&self.stderr)
    }

    /// The record's English `detail`: `white (SPEC) loses: …`.
    pub fn detail(&self, spec: &str) -> String {
        format!("{} ({spec}) loses: {}", self.side, self.what())
    }
}
