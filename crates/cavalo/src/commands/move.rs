//! `cavalo move`: the championship call, one move within a time budget (the course's
//! `jogar(state, time)`).

use std::sync::atomic::AtomicBool;

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

/// Time kept back from the budget for starting the program and printing the answer.
pub fn reserve_ms(budget: u64) -> u64 {
    (budget / 10).clamp(5, 50)
}

pub fn mv(a: MoveArgs, rules: Rules) -> Result<()> {
    let start = std::time::Instant::now();
    let mut pos = read_position(&a.position, &a.lisp_args, rules)?;
    if pos.is_over() {
        bail!("the game is over: there is no move to play");
    }
    let mut player = a.engine.engine.build(&a.engine.options());
    let budget = a.time_ms.saturating_sub(reserve_ms(a.time_ms) + start.elapsed().as_millis() as u64).max(1);
    let stop = AtomicBool::new(false);
    let r = player.choose(&pos, &Limits::movetime_ms(budget), &stop, &mut |_| {});
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
