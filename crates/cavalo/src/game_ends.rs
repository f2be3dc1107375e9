//! The end of a game of `cavalo play` that both front ends (line by line in `play`, and
//! full-screen in `tui`) share: what was saved where.

use anyhow::Result;
use cavalo_session::Session;
use cavalo_session::i18n::Lang;
use cavalo_session::key;

/// Saves the record and says where the game and the log went.
pub fn finish(session: &mut Session, lang: Lang) -> Result<()> {
    for w in session.take_warnings() {
        eprintln!("{}", lang.tr_with(key!("term-warning"), &[("text", w.into())]));
    }
    // The record was written when the game ended (its store is a sink of the game's events);
    // a game stopped before, or whose record could not be written then, is saved now.
    let path = match session.record_path() {
        Some(p) => p.clone(),
        None => session.save_record()?,
    };
    println!("{}", lang.tr_with(key!("term-saved"), &[("path", path.display().to_string().into())]));
    if let Some(log) = &session.config().log {
        println!(
            "{}",
            lang.tr_with(key!("term-log-appended"), &[("path", log.display().to_string().into())])
        );
    }
    Ok(())
}
