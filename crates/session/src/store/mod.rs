//! Everything a game keeps on disk, behind one boundary: the games database ([`db`], SQLite),
//! the course's `log.dat` ([`logfile`]), the JSON game records, and the import of JSON files
//! (records, and the saved sessions of older servers).

use std::path::{Path, PathBuf};

pub mod db;
pub mod import;
pub mod logfile;
pub mod meta;
pub mod record;
pub mod sinks;
pub mod text;

pub use db::{Db, GameRow, StoreError, StoreErrorKind, StoreSchema};
pub use import::{ImportError, ImportReport, import_files, read_game};
pub use meta::{MetaError, RecordedPlayer, SessionMeta};
pub use record::write_atomically;
pub use text::{TextGameError, game_of_text};

/// Writes `record` text for game `id` to `<dir>/<id>.json` atomically; returns the path.
pub(crate) fn save_record(dir: &Path, id: &str, text: &str) -> std::io::Result<PathBuf> {
    let path = dir.join(format!("{id}.json"));
    write_atomically(&path, text)?;
    Ok(path)
}
