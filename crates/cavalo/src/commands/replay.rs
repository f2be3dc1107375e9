//! `cavalo replay` (step through a game record) and `cavalo move` (the championship call: one
//! move within a time budget, the course's `jogar(state, time)`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result, bail};
use cavalo_engine::Limits;
use cavalo_rules::{GameRecord, Rules, Side};
use clap::Args;

use crate::commands::go::EngineArgs;
use crate::input::{LispArgs, read_position};
use crate::view;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game record (JSON, as saved by `cavalo play` in games/).
    pub record: PathBuf,
    /// Print every ply one after the other instead of the full-screen viewer.
    #[arg(long)]
    pub plain: bool,
    /// The language: pt (Portuguese) or en (English). Default: from LC_ALL, LC_MESSAGES or LANG,
    /// else English.
    #[arg(long, value_parser = crate::play::parse_lang)]
    pub lang: Option<Lang>,
}

pub fn replay(a: ReplayArgs) -> Result<()> {
    let text =
        std::fs::read_to_string(&a.record).with_context(|| format!("cannot read {}", a.record.display()))?;
    let rec = GameRecord::from_json(&text)?;
    let positions = rec.replay()?;
    let moves = rec.parsed_moves()?;
    let lang = a.lang.unwrap_or_else(Lang::from_env);
    let meta = |k: &str| rec.meta.get(k).and_then(|v| v.as_str()).unwrap_or("?").to_string();
    let side = |s: Side, k: &str| format!("{} {}", present::side_name(lang, s), meta(k));
    let title = lang.tr_with(
        "replay-title",
        &[
            ("date", meta("date").into()),
            ("white", side(Side::White, "white").into()),
            ("black", side(Side::Black, "black").into()),
        ],
    );
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if tty && !a.plain {
        return crate::tui::replay(lang, &title, &positions, &moves);
    }
    println!("{title}");
    let start = match &rec.start {
        cavalo_rules::Start::Seed(s) => format!("seed:{s}"),
        cavalo_rules::Start::Position(p) => p.clone(),
    };
    println!(
        "{}",
        lang.tr_with(
            "replay-rules-start",
            &[("rules", present::rules_text(lang, rec.rules).into()), ("start", start.into())]
        )
    );
    print!("{}", view::ascii_board(&present::marks(&positions[0], None, None)));
    for (i, mv) in moves.iter().enumerate() {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let side = before.side_to_move();
        let args = [
            ("ply", Arg::from(i + 1)),
            ("side", present::side_name(lang, side).into()),
            ("move", mv.to_string().into()),
            ("gained", (after.points(side) - before.points(side)).into()),
            ("points", present::points_text(lang, after).into()),
        ];
        println!();
        println!("{}", lang.tr_with("replay-ply-line", &args));
        print!("{}", view::ascii_board(&present::marks(after, Some((*mv, before.knight(side))), None)));
    }
    let last = positions.last().expect("at least the start");
    println!();
    match present::GameResult::of_position(last) {
        Some(r) => println!("{}", present::Announcement::GameOver(r).text(lang)),
        None => println!("{}", lang.tr("replay-unfinished")),
    }
    Ok(())
}

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
