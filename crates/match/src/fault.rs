//! What exactly went wrong when a player forfeited ([`Fault`]), as data: the exit status, the
//! line, the move and why it is illegal, the option refused. Its `Display` is the referee's
//! English text (kept in records' `meta.detail`); front ends word the data in their language.

use std::fmt;

use cavalo_rules::IllegalMoveReason;
use serde::{Deserialize, Serialize};

use crate::lisp::report::LispReport;

/// How a program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// A signal ended it.
    Signal(i32),
}

/// A sign on a program's standard error that explains its crash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "sign")]
pub enum Sign {
    /// SBCL used all of its heap.
    HeapExhausted {
        /// The heap it had, in MiB.
        heap_mb: u64,
    },
    /// SBCL's control stack overflowed (deep or infinite recursion).
    ControlStackExhausted,
    /// The program used all of its memory (its address space: the heap, foreign memory, threads
    /// and SBCL's own spaces together), which the referee limits.
    MemoryLimit {
        /// The limit, in MiB.
        limit_mb: u64,
        /// The heap within it, in MiB (`heap-mb`).
        heap_mb: u64,
    },
}

/// A hint added when a program cannot be started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hint {
    /// SBCL may be missing.
    InstallSbcl,
}

/// What the referee was doing when a program ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "while")]
pub enum During {
    /// Waiting for this reply (`ugiok`, `readyok`, `bestmove`, …).
    Waiting {
        /// The reply awaited.
        reply: String,
    },
    /// Sending this line, which could not be written.
    Sending {
        /// The line.
        line: String,
        /// The system's words for the write error.
        error: String,
    },
}

/// What exactly a player did wrong (or what went wrong with it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Fault {
    /// The program could not be started.
    CannotStart {
        /// The program as shown (its command line).
        program: String,
        /// The system's words.
        error: String,
        /// What may be missing.
        hint: Option<Hint>,
    },
    /// The referee could not start a thread to read the program.
    NoThread {
        /// The system's words.
        error: String,
    },
    /// The course program's file cannot be read.
    CannotReadProgram {
        /// The path given.
        path: String,
        /// The system's words.
        error: String,
    },
    /// The Lisp adapter could not be written.
    NoAdapter {
        /// Where it was to be written.
        path: String,
        /// The system's words.
        error: String,
    },
    /// The program could not be started in its sandbox.
    NoSandbox {
        /// Why.
        error: crate::sandbox::error::SandboxError,
    },
    /// The program is alive but stopped reading its input.
    StoppedReading {
        /// The line that could not be sent.
        line: String,
        /// The system's words.
        error: String,
    },
    /// The program ended.
    Exited {
        /// How, when known.
        status: Option<Exit>,
        /// What the referee was doing.
        during: During,
        /// A sign on its standard error that explains it.
        sign: Option<Sign>,
    },
    /// The program said what went wrong (`info string error …`) and ended.
    SaidError {
        /// Its words.
        said: String,
    },
    /// A course program did not finish loading in time.
    LateLoad {
        /// The program's file name.
        program: String,
        /// The time it had, in milliseconds.
        load_ms: u64,
    },
    /// No `ugiok` within the start-up time.
    NoHandshake {
        /// The time it had, in milliseconds.
        ms: u64,
    },
    /// A reply did not come in time.
    NoReply {
        /// The reply awaited.
        reply: String,
    },
    /// No `bestmove` within the time limit.
    NoBestmove,
    /// A move came, but after the limit.
    TooLate {
        /// The move.
        bestmove: String,
        /// How long it took, in milliseconds.
        took_ms: u64,
    },
    /// An output line longer than the referee reads.
    LineTooLong {
        /// The reply awaited.
        reply: String,
        /// The longest line read, in bytes.
        max_bytes: usize,
    },
    /// Output that is not UTF-8 text.
    NotUtf8 {
        /// The bytes, as far as they read.
        text: String,
        /// The reply awaited.
        reply: String,
    },
    /// Two `bestmove` lines for one `go`.
    SecondBestmove {
        /// The first.
        first: String,
        /// The second line.
        line: String,
    },
    /// `bestmove` without a move.
    EmptyBestmove,
    /// A line that is not the protocol.
    Unexpected {
        /// The line (its first 80 characters).
        line: String,
    },
    /// The program refused an option (`info string error` after `setoption`).
    RefusedOption {
        /// The program as shown.
        program: String,
        /// The `setoption` command.
        command: String,
        /// What it said.
        said: String,
    },
    /// The built-in player panicked.
    Panicked,
    /// A move the rules do not allow.
    IllegalMove {
        /// The move as written.
        mv: String,
        /// Why the rules refuse it.
        reason: IllegalMoveReason,
        /// The position (as the rules write it).
        position: String,
        /// The legal moves (the first 24, then `…`).
        legal: String,
        /// An error the engine had said (e.g. it refused the position).
        said: Option<String>,
        /// What the Lisp adapter said of the answer (a `(row column)` read as this cell).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lisp: Option<LispReport>,
    },
    /// The Lisp adapter found that no legal move gives the board the program returned.
    SaidIllegal {
        /// The adapter's words.
        why: String,
        /// The position.
        position: String,
        /// The legal moves.
        legal: String,
    },
    /// A course program's failure as the Lisp adapter reported it before it exited (a load
    /// error, an error its function signalled, an exhausted stack or heap).
    Lisp {
        /// The adapter's report.
        report: LispReport,
    },
    /// A course program's answer that is no legal move, as the Lisp adapter reported it.
    LispIllegal {
        /// The adapter's report.
        report: LispReport,
        /// The position.
        position: String,
        /// The legal moves.
        legal: String,
    },
    /// `bestmove` with something that is not a move.
    NotAMove {
        /// What came after `bestmove`.
        bestmove: String,
        /// What the engine last said.
        said: Option<String>,
        /// The rules' words on what is wrong with it.
        error: String,
    },
}

impl fmt::Display for Exit {
    /// ` (exit status: N)`, ` (signal: N)`: how it follows "exited".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Code(c) => write!(f, " (exit status: {c})"),
            Exit::Signal(s) => write!(f, " (signal: {s})"),
        }
    }
}

impl fmt::Display for Sign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sign::HeapExhausted { heap_mb } => write!(
                f,
                "heap exhausted: the program used all of its {heap_mb} MiB (give heap-mb=… for more, or keep less in memory)"
            ),
            Sign::ControlStackExhausted => f.write_str("control stack exhausted (infinite recursion?)"),
            Sign::MemoryLimit { limit_mb, heap_mb } => write!(
                f,
                "memory limit reached: the program used all of its {limit_mb} MiB of memory, its \
                 {heap_mb} MiB heap (heap-mb), foreign memory, threads and SBCL's own spaces together \
                 (give heap-mb=… for more, or keep less in memory)"
            ),
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::InstallSbcl => f.write_str("is SBCL installed? (apt-get install sbcl, or give sbcl=PATH)"),
        }
    }
}

/// `status` as text, nothing when unknown.
fn status_text(status: &Option<Exit>) -> String {
    status.map(|s| s.to_string()).unwrap_or_default()
}

impl fmt::Display for Fault {
    /// The referee's English text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Fault as F;
        match self {
            F::CannotStart { program, error, hint } => {
                write!(f, "cannot start `{program}`: {error}")?;
                hint.map_or(Ok(()), |h| write!(f, " ({h})"))
            }
            F::NoThread { error } => write!(f, "cannot start a thread: {error}"),
            F::CannotReadProgram { path, error } => {
                write!(f, "cannot read the Lisp program `{path}`: {error}")
            }
            F::NoAdapter { path, error } => write!(f, "cannot write the Lisp adapter to {path}: {error}"),
            F::NoSandbox { error } => write!(f, "cannot start the program in its sandbox: {error}"),
            F::StoppedReading { line, error } => {
                write!(f, "the engine stopped reading its input: cannot send `{line}` ({error})")
            }
            F::Exited { status, during, sign } => {
                if let Some(s) = sign {
                    write!(f, "{s}: ")?;
                }
                let status = status_text(status);
                match during {
                    During::Waiting { reply } => {
                        write!(f, "the engine exited{status} while the referee waited for `{reply}`")
                    }
                    During::Sending { line, error } => {
                        write!(f, "the engine exited{status}: cannot send `{line}` ({error})")
                    }
                }
            }
            F::SaidError { said } => f.write_str(said),
            F::LateLoad { program, load_ms } => write!(
                f,
                "{program} did not finish loading within {load_ms} ms (give load-ms=… for a slow load)"
            ),
            F::NoHandshake { ms } => write!(f, "no `ugiok` within {ms} ms"),
            F::NoReply { reply } => write!(f, "no `{reply}` in time"),
            F::NoBestmove => f.write_str("no bestmove within the time limit"),
            F::TooLate { bestmove, took_ms } => write!(f, "answered {bestmove} after {took_ms} ms"),
            F::LineTooLong { reply, max_bytes } => write!(
                f,
                "the engine wrote a line longer than {max_bytes} bytes while the referee waited for \
                 `{reply}`: every line must end with a newline and stay under {} KiB",
                max_bytes / 1024
            ),
            F::NotUtf8 { text, reply } => write!(
                f,
                "the engine wrote bytes that are not UTF-8 text (`{text}`) while the referee waited for \
                 `{reply}`: the protocol is UTF-8 text, check the encoding of the output"
            ),
            F::SecondBestmove { first, line } => write!(
                f,
                "the engine answered one `go` with two bestmove lines (`bestmove {first}`, then `{line}`): \
                 the protocol allows exactly one `bestmove` per `go`"
            ),
            F::EmptyBestmove => f.write_str("`bestmove` without a move"),
            F::Unexpected { line } => write!(f, "unexpected output `{line}`"),
            F::RefusedOption { program, command, said } => {
                write!(f, "`{program}` refused `{command}`: {said}")
            }
            F::Panicked => f.write_str("the built-in player panicked"),
            F::IllegalMove { mv, reason, position, legal, said, lisp } => {
                write!(f, "illegal move `{mv}`: {reason}")?;
                if let Some(r) = lisp {
                    write!(f, "; {r}")?;
                }
                write!(f, "; the position was {position}; the legal moves were: {legal}")?;
                said.as_ref().map_or(Ok(()), |s| write!(f, " (the engine had said: {s})"))
            }
            F::Lisp { report } => write!(f, "{report}"),
            F::LispIllegal { report, position, legal } => {
                write!(f, "{report}; the position was {position}; the legal moves were: {legal}")
            }
            F::SaidIllegal { why, position, legal } => {
                write!(f, "{why}; the position was {position}; the legal moves were: {legal}")
            }
            F::NotAMove { bestmove, said: Some(said), .. } => {
                write!(f, "`bestmove {bestmove}` is not a move; the engine said: {said}")
            }
            F::NotAMove { error, said: None, .. } => f.write_str(error),
        }
    }
}
