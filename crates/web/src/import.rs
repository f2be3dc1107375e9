//! Saved sessions of older versions of the server (`sessions/<id>.json`) into the games
//! database, once, by the store's import ([`import_files`]): a game already there is left
//! alone; a file that is not a game is reported by name and skipped; paths named inside a file are
//! dropped, never trusted. The games imported become the server's.

use std::path::Path;

use cavalo_session::store::import_files;

use crate::OpenError;
use crate::gate::Stores;

/// Imports every `*.json` of `dir` (nothing when it does not exist); returns the problems, one
/// line per skipped file.
pub(crate) fn sessions(st: &Stores, dir: &Path) -> Result<Vec<String>, OpenError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let report = import_files(st.games(), &[dir.to_path_buf()])?;
    for id in &report.imported {
        st.web().adopt(id)?;
    }
    Ok(report.skipped.iter().map(|(path, reason)| format!("{}: {reason}", path.display())).collect())
}
