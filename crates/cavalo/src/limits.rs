//! The options that limit every move: time, depth and nodes ([`SearchLimitArgs`], for every
//! command that searches), and with the referee's tolerances ([`LimitArgs`], for `match`,
//! `tournament` and `tune`). The time used when no limit is given is part of the type, so that
//! `--help` states the default that the command applies.

use std::time::Duration;

use cavalo_engine::Limits;
use cavalo_match::MoveLimits;
use clap::Args;

/// The `--time-ms` help of a command whose default is `default_ms` per move.
fn time_help(default_ms: u64) -> String {
    format!(
        "Time per move in milliseconds [default: {default_ms}, when neither --depth nor --nodes is given]"
    )
}

/// A limit given as 0: its flag (`--time-ms`, `--depth`, `--nodes`), which must be at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZeroLimit(pub &'static str);

impl std::fmt::Display for ZeroLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} must be at least 1", self.0)
    }
}

impl std::error::Error for ZeroLimit {}

/// Time, depth and node limits per move; `DEFAULT_MS` milliseconds per move when none is given.
#[derive(Args, Debug, Clone, Default)]
pub struct SearchLimitArgs<const DEFAULT_MS: u64> {
    // The help comes from `time_help`, to name the default.
    #[arg(long, value_name = "MS", help = time_help(DEFAULT_MS))]
    pub time_ms: Option<u64>,
    /// Depth per move in plies, instead of (or besides) a time.
    #[arg(long, value_name = "PLIES")]
    pub depth: Option<u32>,
    /// Nodes per move, instead of (or besides) a time.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

impl<const DEFAULT_MS: u64> SearchLimitArgs<DEFAULT_MS> {
    /// The limits, `DEFAULT_MS` per move when none is given.
    pub fn limits(&self) -> Result<Limits, ZeroLimit> {
        for (flag, zero) in [
            ("--time-ms", self.time_ms == Some(0)),
            ("--depth", self.depth == Some(0)),
            ("--nodes", self.nodes == Some(0)),
        ] {
            if zero {
                return Err(ZeroLimit(flag));
            }
        }
        let mut l = Limits {
            movetime: self.time_ms.map(Duration::from_millis),
            depth: self.depth,
            nodes: self.nodes,
            clock: None,
            answer_by: None,
        };
        if l == Limits::default() {
            l.movetime = Some(Duration::from_millis(DEFAULT_MS));
        }
        Ok(l)
    }

    /// The limits as the referee holds a player to them (the default tolerances).
    pub fn move_limits(&self) -> Result<MoveLimits, ZeroLimit> {
        let l = self.limits()?;
        Ok(MoveLimits {
            time_ms: l.movetime.map(|t| t.as_millis().min(u128::from(u64::MAX)) as u64),
            depth: l.depth,
            nodes: l.nodes,
            ..MoveLimits::movetime(0)
        })
    }
}

/// The limits of every move of a match or a tournament, and how they are enforced.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    #[command(flatten)]
    pub search: SearchLimitArgs<100>,
    /// How late past --time-ms a move may come before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    pub tolerance_ms: u64,
    /// Without --time-ms: the longest a move may take before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    pub max_move_ms: u64,
}

impl LimitArgs {
    /// The limits; 100 ms per move when none is given.
    pub fn limits(&self) -> Result<MoveLimits, ZeroLimit> {
        Ok(MoveLimits {
            tolerance_ms: self.tolerance_ms,
            max_move_ms: self.max_move_ms,
            ..self.search.move_limits()?
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::*;

    #[derive(Parser)]
    struct Cli<const MS: u64> {
        #[command(flatten)]
        limits: SearchLimitArgs<MS>,
    }

    #[test]
    fn the_help_names_the_default_that_applies() {
        for (help, ms) in
            [(Cli::<100>::command().render_help(), 100), (Cli::<1000>::command().render_help(), 1000)]
        {
            assert!(help.to_string().contains(&format!("[default: {ms}, when")), "{help}");
        }
        let l = Cli::<100>::parse_from(["x"]).limits.limits().unwrap();
        assert_eq!(l.movetime, Some(Duration::from_millis(100)));
        let l = Cli::<100>::parse_from(["x", "--depth", "3"]).limits.limits().unwrap();
        assert_eq!((l.movetime, l.depth), (None, Some(3)));
        let e = Cli::<100>::parse_from(["x", "--nodes", "0"]).limits.limits().unwrap_err();
        assert!(e.to_string().contains("--nodes must be at least 1"));
    }
}
