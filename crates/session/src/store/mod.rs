//! Everything a game keeps on disk, behind one boundary: the games database ([`db`], SQLite),
//! the course's `log.dat` ([`logfile`]), the JSON game records, and saved sessions (a server's
//! live games).

use std::path::{Path, PathBuf};

use crate::Session;

pub mod db;
pub mod import;
pub mod logfile;
pub(crate) mod record;

pub use db::{Db, GameRow, StoreError, StoreErrorKind};
pub use import::{ImportError, read_game};
pub use record::write_atomically;

/// Writes `record` text for game `id` to `<dir>/<id>.json` atomically; returns the path.
pub(crate) fn save_record(dir: &Path, id: &str, text: &str) -> std::io::Result<PathBuf> {
    let path = dir.join(format!("{id}.json"));
    write_atomically(&path, text)?;
    Ok(path)
}

/// Appends a piece of the course's log to `path`.
pub(crate) fn append_log(path: &Path, text: &str) -> std::io::Result<()> {
    logfile::append(path, text)
}

/// A directory of saved sessions, one `<id>.json` per game (what `cavalo serve` keeps).
#[derive(Clone, Debug)]
pub struct SessionDir {
    dir: PathBuf,
}

/// A saved session that could not be loaded: its file and why.
#[derive(Debug, thiserror::Error)]
#[error("{}: {reason}", path.display())]
pub struct Skipped {
    /// The file.
    pub path: PathBuf,
    /// What was wrong.
    pub reason: String,
}

impl SessionDir {
    /// The directory `dir` (created if missing).
    pub fn open(dir: impl Into<PathBuf>) -> std::io::Result<SessionDir> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        Ok(SessionDir { dir })
    }

    /// Every saved session, and the files that could not be read as one.
    pub fn load_all(&self) -> std::io::Result<(Vec<Session>, Vec<Skipped>)> {
        let (mut games, mut skipped) = (Vec::new(), Vec::new());
        for entry in std::fs::read_dir(&self.dir)? {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
            if name.starts_with('.') || !name.ends_with(".json") {
                continue;
            }
            let text = std::fs::read_to_string(&path)?;
            match Session::from_json(&text) {
                Ok(s) => games.push(s),
                Err(e) => skipped.push(Skipped { path, reason: e.to_string() }),
            }
        }
        Ok((games, skipped))
    }

    /// Saves `s` as `<id>.json` atomically.
    pub fn save(&self, s: &Session) -> std::io::Result<PathBuf> {
        let path = self.dir.join(format!("{}.json", s.id()));
        write_atomically(&path, &s.to_json())?;
        Ok(path)
    }
}
