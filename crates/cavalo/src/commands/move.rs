//! `cavalo move`: the championship call, one move within a time budget (the course's
//! `jogar(state, time)`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use cavalo_engine::Limits;
use cavalo_rules::Rules;
use clap::Args;

use crate::args::EngineArgs;
use crate::input::{LispArgs, read_position};

#[derive(Args, Debug)]
pub struct MoveArgs {
    /// The position: a position string, a Lisp board (with --side and --points), or seed:N.
    pub position: String,
    /// The time budget in milliseconds for the whole call.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..))]
    pub time_ms: u64,
    /// Print the new board in the course's Lisp format instead of a position string.
    #[arg(long)]
    pub lisp: bool,
    #[command(flatten)]
    pub lisp_args: LispArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
}

pub fn mv(a: MoveArgs, rules: Rules) -> Result<()> {
    let mut pos = read_position(&a.position, &a.lisp_args, rules)?;
    if pos.is_over() {
        bail!("the game is over: there is no move to play");
    }
    // The budget is the whole call's, from the program's start: the tables (sized to it) are
    // made inside it, and a little is kept back to print the answer (see `budget`).
    let budget = Duration::from_millis(a.time_ms);
    let mut player = a.engine.engine.kind.build(&a.engine.options_for(Some(budget)));
    let limits = Limits { movetime: Some(crate::budget::search_time(budget)), ..Limits::default() };
    let stop = AtomicBool::new(false);
    let r = player.choose(&pos, &limits, &stop, &mut |_| {});
    let m = r
        .best_move
        .and_then(|m| pos.check_move(m).ok())
        .or_else(|| pos.legal_moves().first().copied())
        .context("no legal move")?;
    pos.play(m);
    println!("{m}");
    if a.lisp {
        println!("{}", pos.to_lisp());
    } else {
        println!("{pos}");
    }
    Ok(())
}
