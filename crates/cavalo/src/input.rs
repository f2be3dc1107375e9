//! Reading positions from the command line: position strings, Lisp boards and `seed:N`.

use anyhow::Result;
use cavalo_rules::{Position, Rules, Side};
use cavalo_session::i18n::Lang;
use cavalo_session::key;
use clap::Args;

use crate::args::parse_side;

/// Rule-variant switches shared by every command.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct RulesArgs {
    /// Play without the threat rule (a knight may land next to the other knight's jumps).
    #[arg(long, global = true)]
    pub no_threat: bool,
    /// 00 is not a double.
    #[arg(long, global = true)]
    pub no_zero_double: bool,
}

impl RulesArgs {
    /// The rules these switches select.
    pub fn rules(self) -> Rules {
        Rules { threat: !self.no_threat, zero_double: !self.no_zero_double }
    }
}

/// What a Lisp board lacks: the side to move and the points.
#[derive(Args, Debug, Clone, Default)]
pub struct LispArgs {
    /// With a Lisp board: the side to move, `w` or `b` (default: what the placements imply, else w).
    #[arg(long, value_parser = parse_side)]
    pub side: Option<Side>,
    /// With a Lisp board: the points as `WHITE,BLACK`.
    #[arg(long, value_parser = parse_points, default_value = "0,0")]
    pub points: [u16; 2],
}

fn parse_points(s: &str) -> Result<[u16; 2], String> {
    let bad = || Lang::from_env().tr_with(key!("bad-points"), &[("points", s.into())]);
    let (w, b) = s.split_once(',').ok_or_else(bad)?;
    Ok([w.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?])
}

/// Reads a position given as a position string, a Lisp board (starting with `(`), or `seed:N`
/// (the seeded board before the placements).
pub fn read_position(text: &str, lisp: &LispArgs, rules: Rules) -> Result<Position> {
    Ok(Position::read(text, lisp.side, lisp.points, rules)?)
}
