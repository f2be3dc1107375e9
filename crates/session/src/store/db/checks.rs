//! What [`Db::open`] makes sure of before the games are trusted to a file: that a newer Cavalo
//! did not make it (its schema version is one this program knows, and one a Cavalo writes at
//! all: not negative, not absurd), that SQLite finds it sound
//! (`PRAGMA quick_check`), and, for a program that writes ([`Db::probe_write`]), that it can be
//! written. Each failure is a [`StoreError`] of its own kind, which the front ends word with
//! what to do (see `present::store_open_text`).

use std::path::Path;

use rusqlite::{Connection, TransactionBehavior};

use super::{Db, StoreError, StoreErrorKind};

/// The most problems of a damaged file quoted in its error.
const PROBLEMS_QUOTED: usize = 3;

/// The highest schema version a Cavalo could plausibly write: one is added per change of the
/// file's layout (7 so far), so a version beyond this one is damage, not a newer Cavalo.
const MOST_PLAUSIBLE_VERSION: i64 = 9_999;

/// `found` (SQLite's `user_version` of the file at `path`) as a schema version, or a
/// [`StoreErrorKind::BadVersion`] error when it is negative or beyond any plausible one.
pub(super) fn plausible_version(found: i64, path: &Path) -> Result<usize, StoreError> {
    match usize::try_from(found) {
        Ok(v) if found <= MOST_PLAUSIBLE_VERSION => Ok(v),
        _ => Err(StoreError::new(
            StoreErrorKind::BadVersion { found },
            format!(
                "the games database {}: its schema version {found} is not one Cavalo writes: the file is \
                 damaged or not a Cavalo database",
                path.display()
            ),
        )),
    }
}

/// Refuses a file whose schema version (SQLite's `user_version`) is above `known` (a newer
/// Cavalo made it, and this one would misread it) or is one no Cavalo writes.
pub(super) fn refuse_newer(conn: &Connection, path: &Path, known: usize) -> Result<(), StoreError> {
    let found: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(|e| StoreError::sqlite(path, &e))?;
    let found = plausible_version(found, path)?;
    if found <= known {
        return Ok(());
    }
    Err(StoreError::new(
        StoreErrorKind::Newer { found, known },
        format!(
            "the games database {} was made by a newer Cavalo (schema version {found}; this program reads \
             schema versions up to {known})",
            path.display()
        ),
    ))
}

/// SQLite's quick check of the whole file (`PRAGMA quick_check`): a damaged file is refused with
/// the first problems found.
pub(super) fn quick_check(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    // SQLite may stop the check itself on a page it cannot read: that is a damaged file too.
    let err = |e: rusqlite::Error| match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseCorrupt) => damaged(path, e.to_string()),
        _ => StoreError::sqlite(path, &e),
    };
    let mut stmt = conn.prepare("PRAGMA quick_check").map_err(err)?;
    let lines: Vec<String> =
        stmt.query_map([], |r| r.get(0)).map_err(err)?.collect::<Result<_, _>>().map_err(err)?;
    if lines.len() == 1 && lines[0] == "ok" {
        return Ok(());
    }
    // A row may hold several problems, a line each.
    let all: Vec<&str> = lines.iter().flat_map(|l| l.lines()).filter(|l| !l.starts_with("***")).collect();
    let mut problems = all.iter().take(PROBLEMS_QUOTED).copied().collect::<Vec<_>>().join("; ");
    if all.len() > PROBLEMS_QUOTED {
        problems.push_str(&format!("; and {} more", all.len() - PROBLEMS_QUOTED));
    }
    Err(damaged(path, problems))
}

/// The error of a damaged file, quoting the problems SQLite found.
fn damaged(path: &Path, problems: String) -> StoreError {
    StoreError::new(
        StoreErrorKind::Corrupt,
        format!("the games database {} is damaged: {problems}", path.display()),
    )
    .quoting(problems)
}

impl Db {
    /// Makes sure the file can be written, before anything is played on it: a write of the
    /// schema version it already has, in a transaction rolled back (the file does not change).
    /// A read-only file (or folder) is a [`StoreErrorKind::ReadOnly`] error.
    pub fn probe_write(&self) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx =
            conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| self.sql_error(e))?;
        let version: i64 =
            tx.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| self.sql_error(e))?;
        tx.pragma_update(None, "user_version", version).map_err(|e| self.sql_error(e))?;
        tx.rollback().map_err(|e| self.sql_error(e))
    }
}

#[cfg(test)]
mod tests {
    use super::super::STEPS;
    use super::*;

    #[test]
    fn a_damaged_file_is_refused_with_its_problems() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite");
        {
            let db = Db::open(&path).unwrap();
            let conn = db.conn();
            conn.execute_batch("CREATE TABLE t (x BLOB)").unwrap();
            for _ in 0..200 {
                conn.execute("INSERT INTO t VALUES (zeroblob(100))", []).unwrap();
            }
        }
        // The last page (a leaf of `t`) overwritten past its header: its cells point nowhere.
        let mut bytes = std::fs::read(&path).unwrap();
        let n = bytes.len();
        bytes[n - 4096 + 8..n - 2096].fill(0xab);
        std::fs::write(&path, bytes).unwrap();
        let e = Db::open(&path).unwrap_err();
        assert_eq!(e.kind, StoreErrorKind::Corrupt, "{e}");
        assert!(e.message.contains("is damaged: "), "{e}");
        assert!(e.message.len() < 600, "the problems are quoted short: {e}");
    }

    #[test]
    fn a_file_that_cannot_be_written_fails_the_probe_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("g.sqlite")).unwrap();
        db.probe_write().unwrap();
        assert_eq!(db.schema_version().unwrap(), STEPS.len(), "the probe changes nothing");
        db.conn().pragma_update(None, "query_only", true).unwrap();
        assert_eq!(db.probe_write().unwrap_err().kind, StoreErrorKind::ReadOnly);
    }
}
