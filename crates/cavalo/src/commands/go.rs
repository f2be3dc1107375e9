//! `cavalo go`: search a position and show the thinking.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use anyhow::Result;
use cavalo_engine::protocol::{bestmove_line, info_line, stats_line};
use cavalo_rules::Rules;
use clap::Args;

use crate::args::EngineArgs;
use crate::input::{LispArgs, read_position};
use crate::limits::SearchLimitArgs;

#[derive(Args, Debug)]
pub struct GoArgs {
    /// The position: a position string, a Lisp board, or seed:N.
    position: String,
    #[command(flatten)]
    limits: SearchLimitArgs<1000>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    lisp: LispArgs,
}

pub fn go(a: GoArgs, rules: Rules) -> Result<()> {
    let pos = read_position(&a.position, &a.lisp, rules)?;
    let mut limits = a.limits.limits()?;
    // `--time-ms` is the whole command's: from the program's start, making the tables included
    // (sized to the time), with a little kept back to print the answer (see `budget`).
    let mut player = a.engine.engine.kind.build(&a.engine.options_for(limits.movetime));
    limits.movetime = limits.movetime.map(crate::budget::search_time);
    let stop = AtomicBool::new(false);
    let mut out = std::io::stdout().lock();
    // A closed pipe during the search is reported by the final writes below.
    let r = player.choose(&pos, &limits, &stop, &mut |i| {
        let _ = writeln!(out, "{}", info_line(i));
    });
    if r.best_move.is_some() {
        writeln!(out, "{}", stats_line(&r.info))?;
    }
    writeln!(out, "{}", bestmove_line(r.best_move))?;
    Ok(())
}
