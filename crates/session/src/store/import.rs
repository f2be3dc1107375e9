//! Games from JSON files into the store: the records `cavalo play` writes (`games/*.json`) and
//! the sessions `cavalo serve` keeps (`sessions/*.json`).

use std::path::PathBuf;

use cavalo_rules::{GameRecord, Side};
use serde_json::{Value, json};

use crate::game::{Game, Status};
use crate::store::meta::{MetaError, RecordedPlayer, SessionMeta};
use crate::store::{Db, StoreError, StoreErrorKind};
use crate::{GameConfig, PlayerConfig};

/// What [`import_files`] did.
#[derive(Debug, Default)]
pub struct ImportReport {
    /// The ids of the games put into the database.
    pub imported: Vec<String>,
    /// How many games were in the database already (left alone).
    pub present: usize,
    /// The files (or directories) not imported, each with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}

/// Imports the games of the `*.json` files `paths` stand for (a directory stands for its own,
/// sorted, hidden ones left out) into `db`; a game already there is left alone. A file that is
/// not a game (unreadable, not UTF-8, not JSON, a game that does not replay) or a directory that
/// cannot be listed is reported in [`ImportReport::skipped`], never fatal; only a failing
/// database is an error.
pub fn import_files(db: &Db, paths: &[PathBuf]) -> Result<ImportReport, StoreError> {
    let mut report = ImportReport::default();
    for f in json_files(paths, &mut report.skipped) {
        let game = crate::files::read_bytes(&f)
            .map_err(|e| e.to_string())
            .and_then(|b| read_game(&b).map_err(|e| e.to_string()));
        match game {
            Err(reason) => report.skipped.push((f, reason)),
            Ok(s) => match db.resolve(s.id()) {
                Ok(id) if id == s.id() => report.present += 1,
                Err(e) if e.kind != StoreErrorKind::NotFound => return Err(e),
                _ => {
                    db.put_game(&s)?;
                    report.imported.push(s.id().to_string());
                }
            },
        }
    }
    Ok(report)
}

/// The `*.json` files `paths` stand for; the directories that could not be listed go to `bad`.
fn json_files(paths: &[PathBuf], bad: &mut Vec<(PathBuf, String)>) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for p in paths {
        if !p.is_dir() {
            files.push(p.clone());
            continue;
        }
        match std::fs::read_dir(p) {
            Ok(entries) => {
                let mut found: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|f| f.extension().is_some_and(|x| x == "json"))
                    .filter(|f| !f.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
                    .collect();
                found.sort();
                files.extend(found);
            }
            Err(e) => bad.push((p.clone(), e.to_string())),
        }
    }
    files
}

/// Why a file could not be read as a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The bytes are not UTF-8 text.
    #[error("not UTF-8 text (bad byte at offset {0})")]
    NotText(usize),
    /// The text is not JSON.
    #[error("not JSON: {0}")]
    NotJson(String),
    /// JSON, but neither a game record nor a saved session.
    #[error("not a game: {0}")]
    NotAGame(String),
    /// A game record whose `meta` holds a value of the wrong kind.
    #[error("not a game: {0}")]
    BadMeta(#[from] MetaError),
}

/// The game in `bytes`: a saved session, or a game record with the session's data in `meta`
/// (`id`, `date`, `white`, `black`, `time_ms`, `status`, `plies`). Every ply is checked against
/// the rules. Paths a file names (log, records directory) are dropped, never trusted.
pub fn read_game(bytes: &[u8]) -> Result<Game, ImportError> {
    let text = std::str::from_utf8(bytes).map_err(|e| ImportError::NotText(e.valid_up_to()))?;
    let value: Value = serde_json::from_str(text).map_err(|e| ImportError::NotJson(e.to_string()))?;
    let mut data = if value.get("config").is_some() { value } else { session_of_record(text)? };
    if let Some(c) = data.get_mut("config").and_then(Value::as_object_mut) {
        c.remove("log");
        c.remove("games_dir");
    }
    if let Some(d) = data.as_object_mut() {
        d.remove("record_path");
    }
    Game::from_json(&data.to_string()).map_err(|e| ImportError::NotAGame(e.to_string()))
}

/// A session's JSON from a game record's text.
fn session_of_record(text: &str) -> Result<Value, ImportError> {
    let bad = |m: String| ImportError::NotAGame(m);
    let rec = GameRecord::from_json(text).map_err(|e| bad(e.to_string()))?;
    let meta = SessionMeta::read(&rec.meta)?;
    let missing = |k: &str| bad(format!("the record has no `{k}` in its meta"));
    let player = |side: Side| -> Result<PlayerConfig, ImportError> {
        match meta.player(side).ok_or_else(|| missing(side.name()))? {
            RecordedPlayer::Config(p) => Ok(p.clone()),
            RecordedPlayer::Named(label) => Err(bad(format!("`{label}` is not a player"))),
        }
    };
    let config = GameConfig {
        rules: rec.rules,
        players: [player(Side::White)?, player(Side::Black)?],
        time_ms: meta.time_ms.ok_or_else(|| missing("time_ms"))?,
        ..GameConfig::new(rec.start.clone())
    };
    Ok(json!({
        "id": meta.id.as_ref().ok_or_else(|| missing("id"))?,
        "date": meta.date.as_ref().ok_or_else(|| missing("date"))?,
        "config": config,
        "plies": meta.plies.as_ref().ok_or_else(|| missing("plies"))?,
        "quit": meta.status == Some(Status::Quit),
    }))
}

/// The player a log or record label names: `human`, `human:NAME`, `computer:ENGINE`.
pub fn player_of_label(label: &str) -> Option<PlayerConfig> {
    PlayerConfig::from_label(label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Session;
    use cavalo_rules::Start;

    fn game() -> Session {
        let mut c = GameConfig::new(Start::Seed(3));
        c.players = [PlayerConfig::human(), PlayerConfig::Human { name: "Ana".into() }];
        let mut s = Session::new(c).unwrap();
        for _ in 0..5 {
            let mv = s.position().legal_moves()[0];
            s.play_human(mv).unwrap();
        }
        s
    }

    #[test]
    fn a_record_and_a_session_give_the_same_game() {
        let s = game();
        let from_record = read_game(s.record().to_json().as_bytes()).unwrap();
        // A file naming a log elsewhere (set here, never written: the game was played without).
        let mut crafted: Value = serde_json::from_str(&s.to_json()).unwrap();
        crafted["config"]["log"] = json!("/etc/evil.dat");
        let from_session = read_game(crafted.to_string().as_bytes()).unwrap();
        for g in [&from_record, &from_session] {
            assert_eq!(g.id(), s.id());
            assert_eq!(g.plies(), s.plies());
            assert_eq!(g.config().players, s.config().players);
            assert_eq!(g.config().log, None, "paths in files are not trusted");
        }
    }

    #[test]
    fn bad_files_say_why() {
        assert_eq!(read_game(b"{\"a\":1}\xff").unwrap_err(), ImportError::NotText(7));
        assert!(matches!(read_game(b"nope"), Err(ImportError::NotJson(_))));
        assert!(matches!(read_game(b"{\"start\":\"seed:1\"}"), Err(ImportError::NotAGame(_))));
        let mut v: Value = serde_json::from_str(&game().to_json()).unwrap();
        v["plies"][2]["move"] = json!("A1");
        assert!(matches!(read_game(v.to_string().as_bytes()), Err(ImportError::NotAGame(_))));
    }

    #[test]
    fn labels() {
        assert_eq!(player_of_label("human"), Some(PlayerConfig::human()));
        assert!(player_of_label("computer:greedy").is_some_and(|p| !p.is_human()));
        assert_eq!(player_of_label("robot"), None);
    }
}
