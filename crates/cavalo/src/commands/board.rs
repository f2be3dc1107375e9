//! `cavalo board`: print the initial position (before the placements) of a seeded board. Its output format is stable: outside tools use it to check the
//! rules.

use std::io::Write;

use anyhow::Result;
use cavalo_rules::{Position, Rules};
use clap::Args;

#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The board's seed (any unsigned 64-bit number).
    #[arg(long)]
    seed: u64,
    /// Print the course's Lisp board instead of a position string.
    #[arg(long)]
    lisp: bool,
}

pub fn board(a: BoardArgs, rules: Rules) -> Result<()> {
    let p = Position::from_seed(a.seed, rules);
    let mut out = std::io::stdout().lock();
    if a.lisp {
        writeln!(out, "{}", p.to_lisp())?;
    } else {
        writeln!(out, "{p}")?;
    }
    Ok(())
}
