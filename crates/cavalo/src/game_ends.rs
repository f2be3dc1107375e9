//! The two ends of a game of `cavalo play` that both front ends (line by line in `play`, and
//! full-screen in `tui`) share: the lines that open it and the saving that closes it.

use anyhow::Result;
use cavalo_rules::Side;
use cavalo_session::Mode;
use cavalo_session::Session;
use cavalo_session::i18n::Lang;
use cavalo_session::present::{self, Who};

/// Saves the record and says where the game and the log went.
pub fn finish(session: &mut Session, lang: Lang) -> Result<()> {
    for w in session.take_warnings() {
        eprintln!("{}", lang.tr_with("term-warning", &[("text", w.into())]));
    }
    let path = session.save_record()?;
    println!("{}", lang.tr_with("term-saved", &[("path", path.display().to_string().into())]));
    if let Some(log) = &session.config().log {
        println!("{}", lang.tr_with("term-log-appended", &[("path", log.display().to_string().into())]));
    }
    Ok(())
}

/// The first lines: who plays whom, the rules, the start, the time per move.
pub fn intro_lines(s: &Session, lang: Lang) -> Vec<String> {
    let mut out = vec![lang.tr_with(
        "term-intro",
        &[
            ("white", Who::of(s, Side::White).text(lang).into()),
            ("black", Who::of(s, Side::Black).text(lang).into()),
            ("rules", present::rules_text(lang, s.config().rules).into()),
            ("start", s.config().start_text().into()),
        ],
    )];
    if s.mode() != Mode::HumanHuman {
        out.push(lang.tr_with("term-time-per-move", &[("ms", s.config().time_ms.into())]));
    }
    if s.mode() != Mode::ComputerComputer {
        out.push(lang.tr("term-type-help"));
    }
    out
}
