//! `cavalo moves`: the legal moves of a position, one per line. Its output format is stable: outside tools use it to check the
//! rules.

use std::io::Write;

use anyhow::Result;
use cavalo_rules::Rules;
use clap::Args;

use crate::input::{LispArgs, read_position};

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
