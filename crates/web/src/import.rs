//! Saved sessions of older versions of the server (`sessions/<id>.json`) into the games
//! database, once: a game already there is left alone. A file that is not a game (not UTF-8, not
//! JSON, a game that does not replay) is reported by name and skipped; paths named inside a file
//! are dropped, never trusted.

use std::path::Path;

use cavalo_session::store::{Db, StoreErrorKind, read_game};

use crate::OpenError;

/// Imports every `*.json` of `dir` (nothing when it does not exist); returns the problems, one
/// line per skipped file.
pub(crate) fn sessions(db: &Db, dir: &Path) -> Result<Vec<String>, OpenError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut problems = Vec::new();
    for entry in entries {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            problems.push(format!("{}: the file name is not UTF-8", path.display()));
            continue;
        };
        if name.starts_with('.') || !name.ends_with(".json") {
            continue;
        }
        let game = std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| read_game(&b).map_err(|e| e.to_string()));
        let s = match game {
            Ok(s) => s,
            Err(reason) => {
                problems.push(format!("{}: {reason}", path.display()));
                continue;
            }
        };
        match db.resolve(s.id()) {
            Ok(_) => continue,
            Err(e) if e.kind == StoreErrorKind::NotFound => {}
            Err(e) => return Err(e.into()),
        }
        db.put_game(&s)?;
        db.adopt_web_game(s.id())?;
    }
    Ok(problems)
}
