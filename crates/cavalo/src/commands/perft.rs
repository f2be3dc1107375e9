//! `cavalo perft`: count the leaf nodes of the move tree to a depth (a check of the
//! move generator and a speed test). Its output format is stable: outside tools use it to check the
//! rules.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, anyhow};
use cavalo_rules::{Rules, divide, perft_bulk};
use clap::Args;

use crate::input::{LispArgs, read_position};

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position: a position string, a Lisp board, or seed:N.
    position: String,
    /// The depth in plies.
    depth: u32,
    #[command(flatten)]
    lisp: LispArgs,
    /// Count the last ply without playing it (faster; the same count).
    #[arg(long)]
    bulk: bool,
    /// Also print the count under each first move.
    #[arg(long)]
    divide: bool,
}

pub fn perft(a: PerftArgs, rules: Rules) -> Result<()> {
    let mut p = read_position(&a.position, &a.lisp, rules)?;
    if a.depth > 102 {
        return Err(anyhow!("depth {} is more than any game lasts (102 plies)", a.depth));
    }
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if a.divide {
        let parts = divide(&mut p, a.depth);
        for (m, n) in &parts {
            writeln!(out, "{m}: {n}")?;
        }
        parts.iter().map(|(_, n)| n).sum()
    } else if a.bulk {
        perft_bulk(&mut p, a.depth)
    } else {
        cavalo_rules::perft(&mut p, a.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "{nodes}")?;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    writeln!(out, "time {:.3} s, {:.0} nodes/s", secs, nps)?;
    Ok(())
}
