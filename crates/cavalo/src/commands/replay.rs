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
    let meta = |k: &str| rec.meta.get(k).and_then(|v| v.as_str()).unwrap_or("?").to_string();
    let side = |s: Side, k: &str| {
        format!("{} {}", present::side_name(lang, s), present::player_text(lang, &meta(k)))
    };
    let title = lang.tr_with(
        key!("replay-title"),
        &[
            ("date", meta("date").into()),
            ("white", side(Side::White, "white").into()),
            ("black", side(Side::Black, "black").into()),
        ],
    );
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if tty && !a.plain {
        let stats = search_stats(&rec, lang);
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
    let stats = search_stats(&rec, lang);
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

/// Each ply's search statistics as the record keeps them (`meta.plies[i].search`), worded; none
/// for a ply without a search (a human's, a forced one) or a record without them.
pub fn search_stats(rec: &GameRecord, lang: cavalo_session::i18n::Lang) -> Vec<Option<String>> {
    let plies = rec.meta.get("plies").and_then(|p| p.as_array());
    plies
        .map(|plies| {
            plies
                .iter()
                .map(|p| {
                    let ply: cavalo_session::Ply = serde_json::from_value(p.clone()).ok()?;
                    Some(present::stats_line(lang, ply.search.as_ref()?))
                })
                .collect()
        })
        .unwrap_or_default()
}
