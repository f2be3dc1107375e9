//! `cavalo replay`: step through a game record.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Context, Result};
use cavalo_rules::{GameRecord, Side};
use clap::Args;

use crate::args::LangArg;
use crate::view;
use cavalo_session::i18n::Arg;
use cavalo_session::key;
use cavalo_session::present;
use cavalo_session::store::SessionMeta;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game record (JSON, as saved by `cavalo play` in games/).
    pub record: PathBuf,
    /// Print every ply one after the other instead of the full-screen viewer.
    #[arg(long)]
    pub plain: bool,
    #[command(flatten)]
    pub lang: LangArg,
}

pub fn replay(a: ReplayArgs) -> Result<()> {
    let text = cavalo_session::files::read_text(&a.record)
        .with_context(|| format!("cannot read {}", a.record.display()))?;
    let rec = GameRecord::from_json(&text)?;
    let positions = rec.replay()?;
    let moves = rec.parsed_moves()?;
    let lang = a.lang.lang();
    let meta = SessionMeta::read(&rec.meta)?;
    let side = |s: Side| {
        format!("{} {}", present::side_name(lang, s), present::recorded_player_text(lang, meta.player(s)))
    };
    let title = lang.tr_with(
        key!("replay-title"),
        &[
            ("date", meta.date.as_deref().unwrap_or("?").into()),
            ("white", side(Side::White).into()),
            ("black", side(Side::Black).into()),
        ],
    );
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if tty && !a.plain {
        let stats = search_stats(&meta, lang);
        let r = crate::tui::Replay { title: &title, positions: &positions, moves: &moves, stats: &stats };
        return crate::tui::replay(lang, &r);
    }
    println!("{title}");
    let start = match &rec.start {
        cavalo_rules::Start::Seed(s) => format!("seed:{s}"),
        cavalo_rules::Start::Position(p) => p.clone(),
    };
    println!(
        "{}",
        lang.tr_with(
            key!("replay-rules-start"),
            &[("rules", present::rules_text(lang, rec.rules).into()), ("start", start.into())]
        )
    );
    print!("{}", view::ascii_board(&present::marks(&positions[0], None, None)));
    let stats = search_stats(&meta, lang);
    for (i, mv) in moves.iter().enumerate() {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let side = before.side_to_move();
        let args = [
            ("ply", Arg::from(i + 1)),
            ("side", present::side_name(lang, side).into()),
            ("move", present::move_text(lang, *mv).into()),
            ("gained", (after.points(side) - before.points(side)).into()),
            ("points", present::points_text(lang, after).into()),
        ];
        println!();
        println!("{}", lang.tr_with(key!("replay-ply-line"), &args));
        if let Some(Some(line)) = stats.get(i) {
            println!("  {line}");
        }
        print!("{}", view::ascii_board(&present::marks(after, Some((*mv, before.knight(side))), None)));
    }
    let last = positions.last().expect("at least the start");
    println!();
    match present::GameResult::of_position(last) {
        Some(r) => println!("{}", present::Announcement::GameOver(r).text(lang)),
        None => println!("{}", lang.tr(key!("replay-unfinished"))),
    }
    Ok(())
}

/// Each ply's search statistics as the record keeps them ([`SessionMeta::plies`]), worded; none
/// for a ply without a search (a human's, a forced one) or a record without them.
pub fn search_stats(meta: &SessionMeta, lang: cavalo_session::i18n::Lang) -> Vec<Option<String>> {
    let plies = meta.plies.as_deref().unwrap_or_default();
    plies.iter().map(|ply| Some(present::stats_line(lang, ply.search.as_ref()?))).collect()
}
