//! The options that set the limits of every move, shared by `match` and `tournament`.

use anyhow::{Result, bail};
use cavalo_match::MoveLimits;
use clap::Args;

/// Time, depth and node limits per move, and how they are enforced.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Time per move in milliseconds (the default when no limit is given: 100).
    #[arg(long, value_name = "MS")]
    pub time_ms: Option<u64>,
    /// Depth per move instead of (or besides) a time.
    #[arg(long, value_name = "PLIES")]
    pub depth: Option<u32>,
    /// Nodes per move instead of (or besides) a time.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// How late past --time-ms a move may come before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    pub tolerance_ms: u64,
    /// Without --time-ms: the longest a move may take before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    pub max_move_ms: u64,
}

impl LimitArgs {
    /// The limits; 100 ms per move when none is given.
    pub fn limits(&self) -> Result<MoveLimits> {
        if self.time_ms == Some(0) || self.depth == Some(0) || self.nodes == Some(0) {
            bail!("--time-ms, --depth and --nodes must be at least 1");
        }
        let mut time_ms = self.time_ms;
        if time_ms.is_none() && self.depth.is_none() && self.nodes.is_none() {
            time_ms = Some(100);
        }
        Ok(MoveLimits {
            time_ms,
            depth: self.depth,
            nodes: self.nodes,
            tolerance_ms: self.tolerance_ms,
            max_move_ms: self.max_move_ms,
        })
    }
}
