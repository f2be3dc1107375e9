//! Game records with the session's data in `meta` ([`SessionMeta`]), and atomic file writes.

use std::io::Write;
use std::path::Path;

use cavalo_rules::{GameRecord, Side};

use crate::game::Game;
use crate::store::meta::{RecordedPlayer, SessionMeta};

/// The game record of `s`: the moves, the result and points when over, and in `meta` the id,
/// date, mode, players, time limit, status and every ply's statistics ([`SessionMeta`]).
pub fn build(s: &Game) -> GameRecord {
    let cfg = s.config();
    let mut rec = GameRecord::new(cfg.start.clone(), cfg.rules);
    rec.moves = s.plies().iter().map(|p| p.mv.to_string()).collect();
    rec.finish(s.position());
    let meta = SessionMeta {
        program: Some(format!("cavalo {}", env!("CARGO_PKG_VERSION"))),
        id: Some(s.id().to_string()),
        date: Some(s.date().to_string()),
        mode: Some(s.mode()),
        players: Side::BOTH.map(|side| Some(RecordedPlayer::Config(cfg.player(side).clone()))),
        time_ms: Some(cfg.time_ms),
        status: Some(s.status()),
        plies: Some(s.plies().to_vec()),
        summary: Some(s.summary()),
        other: Default::default(),
    };
    meta.write(&mut rec.meta);
    rec
}

/// Writes `text` to `path` atomically: into a temporary file in the same directory (created if
/// needed), flushed to disk, then renamed over `path`. A reader never sees half a file.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
