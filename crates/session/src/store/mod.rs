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

    /// Every saved session, and the files that could not be read as one: a file that cannot be
    /// read, is not UTF-8 or not a session, or names a log or records directory outside the
    /// directory holding this one (its parent) is skipped with the reason, never trusted.
    pub fn load_all(&self) -> std::io::Result<(Vec<Session>, Vec<Skipped>)> {
        let (mut games, mut skipped) = (Vec::new(), Vec::new());
        for entry in std::fs::read_dir(&self.dir)? {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
            if name.starts_with('.') || !name.ends_with(".json") {
                continue;
            }
            match self.load(&path) {
                Ok(s) => games.push(s),
                Err(reason) => skipped.push(Skipped { path, reason }),
            }
        }
        Ok((games, skipped))
    }

    fn load(&self, path: &Path) -> Result<Session, String> {
        let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| format!("not UTF-8 text (bad byte at offset {})", e.valid_up_to()))?;
        let s = Session::from_json(text).map_err(|e| e.to_string())?;
        let home = self.dir.parent().unwrap_or(Path::new(""));
        let c = s.config();
        for p in c.log.iter().chain(&c.games_dir) {
            let escapes = p.components().any(|c| matches!(c, std::path::Component::ParentDir));
            if escapes || !p.starts_with(home) {
                return Err(format!("it names {}, outside {}", p.display(), home.display()));
            }
        }
        Ok(s)
    }

    /// Saves `s` as `<id>.json` atomically.
    pub fn save(&self, s: &Session) -> std::io::Result<PathBuf> {
        let path = self.dir.join(format!("{}.json", s.id()));
        write_atomically(&path, &s.to_json())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameConfig, PlayerConfig};
    use cavalo_rules::Start;

    fn game(data: &Path, log: &Path) -> Session {
        let mut c = GameConfig::new(Start::Seed(2));
        c.players = [PlayerConfig::human(), PlayerConfig::human()];
        c.log = Some(log.to_path_buf());
        c.games_dir = Some(data.join("games"));
        Session::new(c).unwrap()
    }

    #[test]
    fn bad_and_crafted_sessions_are_skipped_by_name() {
        let data = tempfile::tempdir().unwrap();
        let dir = SessionDir::open(data.path().join("sessions")).unwrap();
        let good = game(data.path(), &data.path().join("log.dat"));
        dir.save(&good).unwrap();
        let outside = tempfile::tempdir().unwrap();
        let crafted = game(data.path(), &outside.path().join("evil.dat"));
        dir.save(&crafted).unwrap();
        let climbing = game(data.path(), &data.path().join("../evil.dat"));
        dir.save(&climbing).unwrap();
        std::fs::write(data.path().join("sessions/latin1.json"), b"{\"id\": \"caf\xe9\"}").unwrap();
        let (games, skipped) = dir.load_all().unwrap();
        assert_eq!(games.iter().map(Session::id).collect::<Vec<_>>(), [good.id()]);
        let mut reasons: Vec<String> = skipped.iter().map(|s| s.to_string()).collect();
        reasons.sort();
        assert_eq!(reasons.len(), 3, "{reasons:?}");
        assert!(reasons.iter().any(|r| r.contains("latin1.json: not UTF-8")), "{reasons:?}");
        assert_eq!(reasons.iter().filter(|r| r.contains("evil.dat, outside")).count(), 2, "{reasons:?}");
    }
}
