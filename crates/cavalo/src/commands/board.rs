//! The position toolbox: `board`, `moves`, `apply`, `perft`. Output formats are stable: outside
//! tools use these commands to check the rules.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, anyhow};
use cavalo_rules::{Position, Rules, divide, perft_bulk};
use clap::Args;

use crate::input::{LispArgs, read_position};

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

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position: a position string, a Lisp board, or seed:N.
    position: String,
    #[command(flatten)]
    lisp: LispArgs,
}

pub fn moves(a: MovesArgs, rules: Rules) -> Result<()> {
    let p = read_position(&a.position, &a.lisp, rules)?;
    let mut out = std::io::stdout().lock();
    for m in p.legal_moves().iter() {
        writeln!(out, "{m}")?;
    }
    Ok(())
}

#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// The position: a position string, a Lisp board, or seed:N.
    position: String,
    /// Moves to play in order: E3, G7x88 (land on a double and remove 88), pass.
    moves: Vec<String>,
    #[command(flatten)]
    lisp: LispArgs,
    /// Print the result as a Lisp board (without side and points) instead of a position string.
    #[arg(long = "print-lisp")]
    print_lisp: bool,
}

pub fn apply(a: ApplyArgs, rules: Rules) -> Result<()> {
    let mut p = read_position(&a.position, &a.lisp, rules)?;
    for (i, text) in a.moves.iter().enumerate() {
        let mv = p.parse_move(text).map_err(|e| anyhow!("move {} ({}): {e}", i + 1, p.side_to_move()))?;
        p.play(mv);
    }
    let mut out = std::io::stdout().lock();
    if a.print_lisp {
        writeln!(out, "{}", p.to_lisp())?;
    } else {
        writeln!(out, "{p}")?;
    }
    Ok(())
}

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
