//! Game records with the session's data in `meta`, and atomic file writes.

use std::io::Write;
use std::path::Path;

use cavalo_rules::{GameRecord, Side};
use serde_json::{Value, json};

use crate::game::Game;

/// The game record of `s`: the moves, the result and points when over, and in `meta` the id,
/// date, mode, players, time limit, status and every ply's statistics.
pub fn build(s: &Game) -> GameRecord {
    let cfg = s.config();
    let mut rec = GameRecord::new(cfg.start.clone(), cfg.rules);
    rec.moves = s.plies().iter().map(|p| p.mv.to_string()).collect();
    rec.finish(s.position());
    let meta = &mut rec.meta;
    meta.insert("program".into(), json!(format!("cavalo {}", env!("CARGO_PKG_VERSION"))));
    meta.insert("id".into(), json!(s.id()));
    meta.insert("date".into(), json!(s.date()));
    meta.insert("mode".into(), json!(s.mode().name()));
    meta.insert("white".into(), json!(cfg.player(Side::White).label()));
    meta.insert("black".into(), json!(cfg.player(Side::Black).label()));
    meta.insert("time_ms".into(), json!(cfg.time_ms));
    meta.insert("status".into(), json!(s.status().name()));
    let plies: Vec<Value> =
        s.plies().iter().map(|p| serde_json::to_value(p).expect("a ply serialises")).collect();
    meta.insert("plies".into(), Value::Array(plies));
    meta.insert("summary".into(), serde_json::to_value(s.summary()).expect("a summary serialises"));
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
