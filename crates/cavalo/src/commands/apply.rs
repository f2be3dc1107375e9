//! `cavalo apply`: play moves from a position and print the position reached. Its output format is stable: outside tools use it to check the
//! rules.

use std::io::Write;

use anyhow::{Result, anyhow};
use cavalo_rules::Rules;
use clap::Args;

use crate::input::{LispArgs, read_position};

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
