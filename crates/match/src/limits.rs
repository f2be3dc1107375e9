//! The limits of every move ([`MoveLimits`]): what a player is told (the engine limits of a
//! built-in player, the `go` command of an external one) and when its answer comes too late.

use std::time::Duration;

use cavalo_engine::Limits;
use serde::{Deserialize, Serialize};

use crate::termination::Deadline;

/// The limits of every move, and how they are enforced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveLimits {
    /// Time per move, in milliseconds.
    pub time_ms: Option<u64>,
    /// Depth per move.
    pub depth: Option<u32>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// How far past `time_ms` an answer may come before it is a timeout.
    pub tolerance_ms: u64,
    /// Without `time_ms`: the longest a move may take before it is a timeout.
    pub max_move_ms: u64,
}

impl MoveLimits {
    /// `time_ms` per move, the default tolerance.
    pub fn movetime(time_ms: u64) -> MoveLimits {
        MoveLimits { time_ms: Some(time_ms), depth: None, nodes: None, tolerance_ms: 50, max_move_ms: 60_000 }
    }

    /// The longest a move may take.
    pub fn deadline(&self) -> Duration {
        Duration::from_millis(match self.time_ms {
            Some(t) => t + self.tolerance_ms,
            None => self.max_move_ms,
        })
    }

    /// The engine limits for a built-in player.
    pub fn limits(&self) -> Limits {
        Limits {
            movetime: self.time_ms.map(Duration::from_millis),
            depth: self.depth,
            nodes: self.nodes,
            clock: None,
            answer_by: None,
        }
    }

    /// The `go` command for an external engine.
    pub fn go_command(&self) -> String {
        cavalo_engine::protocol::go_command(self.time_ms, self.depth, self.nodes)
    }

    /// A description for summaries, e.g. `100 ms per move (tolerance 50 ms)`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(t) = self.time_ms {
            parts.push(format!("{t} ms per move (tolerance {} ms)", self.tolerance_ms));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes"));
        }
        if self.time_ms.is_none() {
            parts.push(format!("at most {} ms per move", self.max_move_ms));
        }
        parts.join(", ")
    }
}

impl MoveLimits {
    /// The longest a move may take, as a forfeit for a timeout keeps it.
    pub fn deadline_kept(&self) -> Deadline {
        match self.time_ms {
            Some(t) => Deadline { time_ms: Some(t), ms: self.tolerance_ms },
            None => Deadline { time_ms: None, ms: self.max_move_ms },
        }
    }
}

/// The limits per move of a match or tournament as records and summaries keep them
/// (`meta.limits_per_move`): engine 1's, and engine 2's when they differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchLimits {
    /// Engine 1's limits (every player's in a tournament).
    pub engine1: MoveLimits,
    /// Engine 2's limits, when they differ (e.g. a time handicap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine2: Option<MoveLimits>,
}

impl MatchLimits {
    /// The English text records kept before they kept the data (`meta.limits`):
    /// `100 ms per move (tolerance 50 ms)`, `engine 1: …; engine 2: …`.
    pub fn describe(&self) -> String {
        match &self.engine2 {
            Some(l2) => format!("engine 1: {}; engine 2: {}", self.engine1.describe(), l2.describe()),
            None => self.engine1.describe(),
        }
    }
}
