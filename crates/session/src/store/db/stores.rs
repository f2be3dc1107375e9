//! The games database's extension point: the stores of the crates above (the web server's seats,
//! the lab's analyses) keep their own tables in the same file, beside the games and plies, and
//! bring them up to date with their own numbered migrations, without this crate knowing them.
//!
//! A store names itself and lists its migrations in a [`StoreSchema`]; [`Db::migrate_store`]
//! applies the ones the file lacks, in one transaction, and records the store's version in the
//! table `store_versions` (one row per store). The store then reads and writes its tables with
//! [`Db::read`] and [`Db::write`] (a write in the same transaction as a game's, with
//! [`Db::put_game_in`], when both must be kept or lost together).
//!
//! A store's tables may refer to the games (`REFERENCES games(id) ON DELETE CASCADE`: deleting a
//! game deletes what stores keep of it) and read the columns `games.id`, `created`, `updated`,
//! `ended` and `status`, which keep their meaning across versions.
//!
//! Files made before the stores had versions of their own (schema versions 1 to 6) held every
//! table under the file's one version; the migration to version 7 keeps that version in the
//! table `schema_before_stores`, and [`StoreSchema::legacy`] tells which of a store's versions
//! those files already hold, so that an old file keeps its tables and their rows.

use rusqlite::{OptionalExtension, params};

use super::{Db, StoreError, StoreErrorKind};

/// A store of a crate above: its name and its migrations.
#[derive(Clone, Copy, Debug)]
pub struct StoreSchema {
    /// The store's name in `store_versions` (unique within the file).
    pub name: &'static str,
    /// The SQL of each migration, oldest first: the store's version is how many were applied.
    pub steps: &'static [&'static str],
    /// The store's version in a file made before the stores had versions of their own, from the
    /// file's schema version then (0 to 6; 0 for a file made since).
    pub legacy: fn(usize) -> usize,
}

impl Db {
    /// Brings the tables of the store `schema` up to date: applies the migrations the file lacks
    /// in one transaction (all or none, looked at again under the write lock, so that two
    /// programs opening the file at once apply them once) and records the store's version. A file whose version of
    /// the store is above the ones this program knows (a newer Cavalo made it) is refused with
    /// [`StoreErrorKind::Newer`], unchanged.
    pub fn migrate_store(&self, schema: &StoreSchema) -> Result<(), StoreError> {
        // Up to date (the usual case): nothing is written, so a second connection to a file in
        // use takes no write lock.
        if self.store_version(schema)? == schema.steps.len() {
            return Ok(());
        }
        self.write(|tx| {
            let found = self.store_version_in(tx, schema)?;
            let known = schema.steps.len();
            if found > known {
                return Err(StoreError::new(
                    StoreErrorKind::Newer { found, known },
                    format!(
                        "the games database {} was made by a newer Cavalo (its `{}` tables have schema \
                         version {found}; this program reads schema versions up to {known})",
                        self.path().display(),
                        schema.name
                    ),
                ));
            }
            for step in &schema.steps[found..] {
                tx.execute_batch(step).map_err(|e| self.sql_error(e))?;
            }
            tx.execute(
                "INSERT INTO store_versions (store, version) VALUES (?1, ?2)
                 ON CONFLICT(store) DO UPDATE SET version = ?2",
                params![schema.name, known as i64],
            )
            .map_err(|e| self.sql_error(e))?;
            Ok(())
        })
    }

    /// The version of the store `schema`'s tables in the file (0 when it has none).
    pub fn store_version(&self, schema: &StoreSchema) -> Result<usize, StoreError> {
        self.read(|conn| self.store_version_in(conn, schema))
    }

    fn store_version_in(
        &self,
        conn: &rusqlite::Connection,
        schema: &StoreSchema,
    ) -> Result<usize, StoreError> {
        let own: Option<i64> = conn
            .query_row("SELECT version FROM store_versions WHERE store = ?1", [schema.name], |r| r.get(0))
            .optional()
            .map_err(|e| self.sql_error(e))?;
        let version = match own {
            Some(v) => v,
            None => {
                let before: i64 = conn
                    .query_row("SELECT version FROM schema_before_stores", [], |r| r.get(0))
                    .map_err(|e| self.sql_error(e))?;
                let before = usize::try_from(before).unwrap_or(0);
                return Ok((schema.legacy)(before));
            }
        };
        usize::try_from(version).map_err(|_| {
            StoreError::new(
                StoreErrorKind::Invalid,
                format!(
                    "the games database {}: the `{}` tables have the version {version}",
                    self.path().display(),
                    schema.name
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTES_V1: &str = "CREATE TABLE notes (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, text TEXT NOT NULL) STRICT;";
    const NOTES: StoreSchema = StoreSchema {
        name: "notes",
        steps: &[NOTES_V1, "ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT '';"],
        legacy: |_| 0,
    };

    fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("g.sqlite")).unwrap();
        (dir, db)
    }

    #[test]
    fn a_store_gets_its_tables_once_and_its_version() {
        let (_dir, db) = db();
        assert_eq!(db.store_version(&NOTES).unwrap(), 0);
        db.migrate_store(&NOTES).unwrap();
        db.migrate_store(&NOTES).unwrap();
        assert_eq!(db.store_version(&NOTES).unwrap(), 2);
        db.write(|tx| {
            tx.execute("INSERT INTO notes (game_id, text, author) VALUES ('x', 'hi', 'ana')", [])
                .map_err(|e| db.sql_error(e))
        })
        .unwrap_err();
        let older = StoreSchema { steps: &NOTES.steps[..1], ..NOTES };
        let e = db.migrate_store(&older).unwrap_err();
        assert_eq!(e.kind, StoreErrorKind::Newer { found: 2, known: 1 }, "{e}");
        assert!(e.message.contains("`notes`"), "{e}");
        assert_eq!(db.store_version(&NOTES).unwrap(), 2, "unchanged");
    }

    #[test]
    fn a_failed_migration_leaves_the_store_as_it_was() {
        let (_dir, db) = db();
        const BROKEN: &[&str] = &[NOTES_V1, "ALTER TABLE nowhere ADD COLUMN x;"];
        let broken = StoreSchema { steps: BROKEN, ..NOTES };
        assert!(db.migrate_store(&broken).is_err());
        assert_eq!(db.store_version(&NOTES).unwrap(), 0);
        let tables: i64 = db
            .read(|c| {
                c.query_row("SELECT count(*) FROM sqlite_schema WHERE name = 'notes'", [], |r| r.get(0))
                    .map_err(|e| db.sql_error(e))
            })
            .unwrap();
        assert_eq!(tables, 0, "all or nothing");
    }

    #[test]
    fn a_file_made_before_the_stores_had_versions_gives_its_version_to_each_store() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite");
        {
            let mut conn = rusqlite::Connection::open(&path).unwrap();
            super::super::migrations().to_version(&mut conn, 4).unwrap();
        }
        let db = Db::open(&path).unwrap();
        let seen = StoreSchema { legacy: |v| v * 10, ..NOTES };
        assert_eq!(db.store_version(&seen).unwrap(), 40, "the file's version before v7 was 4");
        let fresh = tempfile::tempdir().unwrap();
        let db = Db::open(&fresh.path().join("g.sqlite")).unwrap();
        assert_eq!(db.store_version(&seen).unwrap(), 0, "a file made since: 0");
    }
}
