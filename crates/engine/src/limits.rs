//! What bounds a search: time, depth, nodes.

use std::time::{Duration, Instant};

/// Limits of one search. Several may be set; the first reached ends the search. With none set the
/// search runs until stopped (or until the result is proven).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Hard limit: the answer is returned before this much time has passed.
    pub movetime: Option<Duration>,
    /// Maximum nominal depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// A clock: the mover's remaining time and increment; the engine budgets its own move time.
    pub clock: Option<Clock>,
    /// An instant by which the search ends whatever the other limits leave: a caller that writes
    /// an answer of its own at a backstop (the engine protocol) gives it just before that, so
    /// that the search hands over its own result (a proof's bounds, the interrupted iteration)
    /// rather than being cut off.
    pub answer_by: Option<Instant>,
}

/// The mover's clock, for `go p1time ... p2time ...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's clock.
    pub remaining: Duration,
    /// Increment per move.
    pub increment: Duration,
}

impl Limits {
    /// A limit of `ms` milliseconds per move.
    pub fn movetime_ms(ms: u64) -> Limits {
        Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() }
    }

    /// A fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    /// A node budget.
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }
}
