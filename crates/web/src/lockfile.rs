//! One server per games database: a server holds an exclusive lock (`flock`, through the
//! standard library's `File::try_lock`) on a file beside the database, `<database>.serve-lock`,
//! for as long as it runs; a second server on the same database is refused at start, naming the
//! first one's process. The lock goes with the process (also when it is killed), so a stale lock
//! file never stops a later server. `cavalo play` and `cavalo games` take no such lock: they
//! share the database with a server, as before.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock held by a running server; dropping it releases it.
#[derive(Debug)]
pub(crate) struct ServerLock {
    _file: File,
}

/// Why the lock was not taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another server holds it.
    #[error(
        "another cavalo serve{} already uses the games database {}: stop it first, or give this one another --data-dir",
        .pid.map(|p| format!(" (process {p})")).unwrap_or_default(),
        .db.display()
    )]
    InUse {
        /// The database.
        db: PathBuf,
        /// The other server's process id, as it wrote it.
        pid: Option<u32>,
    },
    /// The lock file could not be opened or locked.
    #[error("cannot lock {}: {source}", .path.display())]
    Io {
        /// The lock file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The lock file of database `db`.
pub(crate) fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.file_name().unwrap_or_default().to_os_string();
    name.push(".serve-lock");
    db.with_file_name(name)
}

impl ServerLock {
    /// Takes the lock of database `db`, or says which server holds it.
    pub(crate) fn take(db: &Path) -> Result<ServerLock, LockError> {
        let path = lock_path(db);
        let io = |source| LockError::Io { path: path.clone(), source };
        let mut file =
            OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                return Err(LockError::InUse { db: db.to_path_buf(), pid: text.trim().parse().ok() });
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        // The holder's process id, for the message a second server gives.
        file.set_len(0).map_err(io)?;
        file.rewind().map_err(io)?;
        writeln!(file, "{}", std::process::id()).map_err(io)?;
        Ok(ServerLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.sqlite");
        let first = ServerLock::take(&db).unwrap();
        let e = ServerLock::take(&db).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, LockError::InUse { pid: Some(p), .. } if p == std::process::id()), "{text}");
        assert!(
            text.contains(&format!("(process {})", std::process::id())) && text.contains("games.sqlite"),
            "{text}"
        );
        drop(first);
        assert!(ServerLock::take(&db).is_ok(), "free again");
        assert_eq!(lock_path(&db), dir.path().join("games.sqlite.serve-lock"));
    }
}
