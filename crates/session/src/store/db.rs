//! The games database: SQLite (WAL mode) holding every game, ply by ply.
//!
//! One file serves every front end. A ply is written in its own transaction before the game
//! moves on, so a ply the user has seen is on disk; a write that fails (disk full, read-only,
//! locked) comes back as a [`StoreError`] with its [`StoreErrorKind`].
//!
//! The schema grows by numbered migrations ([`migrations`]), applied when the file is opened:
//! - v1: `games` (set-up, players, status, result, points, times), `plies` (move, points, time,
//!   the course's statistics and the principal variation per computer move, the ply as JSON);
//! - v2: `games.ended` (when the game ended or was abandoned) and an index by last update;
//! - v3: an index of the games by end;
//! - v4 to v6: nothing of the games (they changed tables of the stores above, see below);
//! - v7: the stores above get versions of their own (`store_versions`, `schema_before_stores`).
//!
//! The crates above keep their own tables in the same file, as stores with migrations of their
//! own ([`stores`]): the web server's seats, invitations and games (`cavalo_web::store`), the
//! analyses (`cavalo_lab::analysis::store`). This crate knows the games and plies only.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use cavalo_rules::{Position, Side};
use rusqlite::{Connection, ErrorCode, OptionalExtension, Transaction, TransactionBehavior, params};
use serde_json::{Value, json};

use crate::Ply;
use crate::datetime::now_iso;
use crate::game::{Game, Status};

/// What kind of failure a [`StoreError`] is: what a front end tells its user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoreErrorKind {
    /// The disk (or the database's size limit) is full.
    Full,
    /// The file or its directory cannot be written.
    ReadOnly,
    /// Another program holds the database locked for longer than the wait allows.
    Locked,
    /// The file is not a database, or is damaged.
    Corrupt,
    /// The file or its directory cannot be created or opened.
    Open,
    /// No game has that id (or that prefix matches several).
    NotFound,
    /// The data is not what the store expects (a game that is no longer playing, a bad row).
    Invalid,
    /// A newer Cavalo made the file: its schema version is above the one this program reads.
    Newer {
        /// The file's schema version.
        found: usize,
        /// The latest schema version this program knows.
        known: usize,
    },
    /// The file's schema version is one no Cavalo writes (negative, or beyond any plausible
    /// one): the file is damaged or is not a Cavalo database.
    BadVersion {
        /// The file's schema version (SQLite's `user_version`).
        found: i64,
    },
    /// Anything else SQLite reports.
    Other,
}

/// A failed read or write of the games database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StoreError {
    /// What kind of failure.
    pub kind: StoreErrorKind,
    /// For people: what failed and where.
    pub message: String,
    /// SQLite's own words for the failure (its error, or the problems its check found), quoted
    /// untranslated where a worded message names them; empty when SQLite said nothing.
    pub detail: String,
}

impl StoreError {
    /// An error of `kind` with its `message` (for people) and no words of SQLite's.
    pub fn new(kind: StoreErrorKind, message: impl Into<String>) -> StoreError {
        StoreError { kind, message: message.into(), detail: String::new() }
    }

    /// With SQLite's own words for it (see [`StoreError::detail`]).
    pub fn quoting(mut self, detail: impl Into<String>) -> StoreError {
        self.detail = detail.into();
        self
    }

    fn sqlite(path: &Path, e: &rusqlite::Error) -> StoreError {
        let kind = match e.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => StoreErrorKind::Full,
            Some(ErrorCode::ReadOnly) => StoreErrorKind::ReadOnly,
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreErrorKind::Locked,
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => StoreErrorKind::Corrupt,
            Some(ErrorCode::CannotOpen | ErrorCode::PermissionDenied) => StoreErrorKind::Open,
            Some(ErrorCode::ConstraintViolation) => StoreErrorKind::Invalid,
            _ => StoreErrorKind::Other,
        };
        let what = match kind {
            StoreErrorKind::Full => "the disk is full",
            StoreErrorKind::ReadOnly => "it cannot be written (read-only)",
            StoreErrorKind::Locked => "another program holds it locked",
            StoreErrorKind::Corrupt => "it is not a games database or is damaged",
            StoreErrorKind::Open => "it cannot be opened",
            _ => "the database failed",
        };
        StoreError::new(kind, format!("the games database {}: {what} ({e})", path.display()))
            .quoting(e.to_string())
    }
}

/// One line of [`Db::list`]: a game without its plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// When it began (ISO 8601, UTC).
    pub created: String,
    /// When it last changed.
    pub updated: String,
    /// When it ended or was abandoned.
    pub ended: Option<String>,
    /// `human-computer`, `computer-computer` or `human-human`.
    pub mode: String,
    /// White's and Black's players (`human`, `computer:cavalo`).
    pub players: [String; 2],
    /// `playing`, `over` or `quit`.
    pub status: String,
    /// `white`, `black`, `draw`, or none while playing or abandoned.
    pub result: Option<String>,
    /// White's and Black's points.
    pub points: [u16; 2],
    /// Plies played.
    pub plies: u32,
    /// The start (`seed:N` or a position string).
    pub start: String,
}

/// The games database (one connection, shared between threads).
#[derive(Debug)]
pub struct Db {
    conn: Mutex<Connection>,
    path: PathBuf,
}

fn now() -> String {
    now_iso()
}

fn side_name(s: Side) -> &'static str {
    s.name()
}

/// Runs `f` until it succeeds, at most `tries` times, while `again` says its error may pass
/// (another program holding the file for a moment): 20 ms, 40 ms, 60 ms... between tries.
fn retried<T, E>(
    tries: u32,
    again: impl Fn(&E) -> bool,
    mut f: impl FnMut() -> Result<T, E>,
) -> Result<T, E> {
    let mut attempt = 1;
    loop {
        match f() {
            Err(e) if attempt < tries && again(&e) => {
                std::thread::sleep(std::time::Duration::from_millis(20 * u64::from(attempt)));
                attempt += 1;
            }
            r => return r,
        }
    }
}

impl Db {
    /// Opens (creating when missing, with its directory) the database at `path`, in WAL mode,
    /// and brings its schema up to date. A file a newer Cavalo made ([`StoreErrorKind::Newer`]),
    /// one whose schema version no Cavalo writes ([`StoreErrorKind::BadVersion`]) or one SQLite's
    /// quick check finds damaged ([`StoreErrorKind::Corrupt`]) is refused first: none is touched. A program that writes makes sure it can with [`Db::probe_write`].
    pub fn open(path: &Path) -> Result<Db, StoreError> {
        let mut conn = Db::connect(path)?;
        checks::refuse_newer(&conn, path, STEPS.len())?;
        checks::quick_check(&conn, path)?;
        // Two programs opening a new file at once both try the migrations; the second one's
        // transaction fails and is rolled back, and the schema the first one wrote is what it
        // finds when it looks again.
        let latest = rusqlite_migration::SchemaVersion::Inside(
            std::num::NonZeroUsize::new(STEPS.len()).expect("at least one migration"),
        );
        retried(
            5,
            |_| true,
            || match migrations().to_latest(&mut conn) {
                Err(_) if migrations().current_version(&conn).is_ok_and(|v| v == latest) => Ok(()),
                r => r,
            },
        )
        .map_err(|e| migration_error(path, e))?;
        Ok(Db { conn: Mutex::new(conn), path: path.to_path_buf() })
    }

    /// A connection in WAL mode with foreign keys on, waiting up to 5 s for a lock.
    fn connect(path: &Path) -> Result<Connection, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::new(
                    StoreErrorKind::Open,
                    format!("cannot create the directory {} of the games database: {e}", dir.display()),
                )
            })?;
        }
        let err = |e: rusqlite::Error| StoreError::sqlite(path, &e);
        let conn = Connection::open(path).map_err(err)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(err)?;
        // Two programs creating the file at once: the switch to WAL may find the other one's
        // lock without waiting for it; try again a few times.
        let busy = |e: &rusqlite::Error| e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy);
        retried(10, busy, || conn.pragma_update(None, "journal_mode", "WAL")).map_err(err)?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(err)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
        Ok(conn)
    }

    /// Commits without waiting for the disk (`synchronous=NORMAL`): a committed write is in
    /// the database's write-ahead log, so it survives the program being killed, but a power cut
    /// before the log reaches the disk loses it (the database stays whole). For a server that
    /// stores many players' moves at once, where waiting for the disk at every move would delay
    /// them all; it then calls [`Db::sync_log`] every second, which bounds what a power cut can
    /// lose. Terminal play keeps the default: every write on the disk before it returns.
    pub fn commit_without_waiting_for_disk(&self) -> Result<(), StoreError> {
        self.conn().pragma_update(None, "synchronous", "NORMAL").map_err(|e| self.sql_error(e))
    }

    /// Puts what the write-ahead log holds on the disk (without taking the connection: writers
    /// go on meanwhile). Nothing to do when there is no log yet.
    pub fn sync_log(&self) -> std::io::Result<()> {
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        match std::fs::File::open(&wal) {
            Ok(f) => f.sync_data(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves SQLite consistent (a transaction not committed
        // is rolled back), so the connection stays usable.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// SQLite's error `e` on this file as a [`StoreError`] of its kind (full, read-only,
    /// locked...), for the stores above (see [`stores`]).
    pub fn sql_error(&self, e: rusqlite::Error) -> StoreError {
        StoreError::sqlite(&self.path, &e)
    }

    /// Runs `f` with the connection, for reading (the connection is held meanwhile: keep it
    /// short).
    pub fn read<T>(&self, f: impl FnOnce(&Connection) -> Result<T, StoreError>) -> Result<T, StoreError> {
        f(&self.conn())
    }

    /// Runs `f` in one transaction, committed when it returns `Ok` (rolled back otherwise).
    pub fn write<T>(&self, f: impl FnOnce(&Transaction) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut conn = self.conn();
        // Immediate: the write lock is taken (waiting for it) at the start. A deferred
        // transaction that reads first fails at once, without waiting, when another program
        // wrote in between (WAL mode).
        let tx =
            conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| self.sql_error(e))?;
        let out = f(&tx)?;
        tx.commit().map_err(|e| self.sql_error(e))?;
        Ok(out)
    }

    /// Writes the whole game `s` (its set-up, status and every ply), replacing what the store
    /// held under its id. Paths in the set-up (log, records directory) are not stored.
    /// A finished game keeps the time it ended.
    pub fn put_game(&self, s: &Game) -> Result<(), StoreError> {
        self.write(|tx| self.put_game_in(tx, s))
    }

    /// [`Db::put_game`] within the transaction `tx` of [`Db::write`]: for a store above that
    /// keeps the game and its own rows together (all or nothing).
    pub fn put_game_in(&self, tx: &Transaction, s: &Game) -> Result<(), StoreError> {
        {
            let mut config = s.config().clone();
            config.log = None;
            config.games_dir = None;
            let config = serde_json::to_string(&config).expect("a config serialises");
            let pos = s.position();
            let status = s.status();
            let ended = (status != Status::Playing).then(now);
            tx.execute(
                "INSERT INTO games (id, created, updated, ended, mode, rules, start, time_ms, white, black,
                                    config, status, result, white_points, black_points, plies)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
                 ON CONFLICT(id) DO UPDATE SET updated = ?3,
                    ended = CASE WHEN ?12 = 'playing' THEN NULL ELSE coalesce(games.ended, ?4) END, mode = ?5, rules = ?6,
                    start = ?7, time_ms = ?8, white = ?9, black = ?10, config = ?11, status = ?12,
                    result = ?13, white_points = ?14, black_points = ?15, plies = ?16",
                params![
                    s.id(),
                    s.date(),
                    now(),
                    ended,
                    s.mode().name(),
                    s.config().rules.to_string(),
                    s.config().start_text(),
                    s.config().time_ms as i64,
                    s.player(Side::White).label(),
                    s.player(Side::Black).label(),
                    config,
                    status.name(),
                    pos.outcome().map(|o| o.name()),
                    pos.points(Side::White),
                    pos.points(Side::Black),
                    s.plies().len() as i64,
                ],
            )
            .map_err(|e| self.sql_error(e))?;
            tx.execute("DELETE FROM plies WHERE game_id = ?1", [s.id()]).map_err(|e| self.sql_error(e))?;
            for p in s.plies() {
                self.insert_ply(tx, s.id(), p)?;
            }
            Ok(())
        }
    }

    fn insert_ply(&self, tx: &Transaction, id: &str, p: &Ply) -> Result<(), StoreError> {
        let i = p.search.as_ref();
        tx.execute(
            "INSERT INTO plies (game_id, n, side, move, actor, forced, gained, white_points,
                                black_points, time_ms, nodes, alpha_cuts, beta_cuts, depth, value, pv, data)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            params![
                id,
                p.number,
                side_name(p.side),
                p.mv.to_string(),
                if p.by == crate::Actor::Human { "human" } else { "computer" },
                p.forced,
                p.gained,
                p.points[0],
                p.points[1],
                p.time_ms as i64,
                i.map(|i| i.nodes as i64),
                i.map(|i| i.alpha_cuts as i64),
                i.map(|i| i.beta_cuts as i64),
                i.map(|i| i.depth),
                i.map(|i| i.score as i64),
                i.filter(|i| !i.pv.is_empty()).map(|i| i.pv_string()),
                serde_json::to_string(p).expect("a ply serialises"),
            ],
        )
        .map_err(|e| self.sql_error(e))?;
        Ok(())
    }

    /// Adds ply `p` of the playing game `id`, `after` being the position it leads to: the ply
    /// and the game's new state in one transaction.
    pub fn add_ply(&self, id: &str, p: &Ply, after: &Position) -> Result<(), StoreError> {
        self.write(|tx| {
            self.insert_ply(tx, id, p)?;
            let over = after.is_over();
            let changed = tx
                .execute(
                    "UPDATE games SET plies = ?2, white_points = ?3, black_points = ?4, status = ?5,
                        result = ?6, updated = ?7, ended = CASE WHEN ?5 = 'playing' THEN NULL ELSE ?7 END
                     WHERE id = ?1 AND status = 'playing'",
                    params![
                        id,
                        p.number,
                        after.points(Side::White),
                        after.points(Side::Black),
                        if over { "over" } else { "playing" },
                        after.outcome().map(|o| o.name()),
                        now(),
                    ],
                )
                .map_err(|e| self.sql_error(e))?;
            if changed == 0 {
                return Err(StoreError::new(
                    StoreErrorKind::Invalid,
                    format!("game {id} is not being played in {}", self.path.display()),
                ));
            }
            Ok(())
        })
    }

    /// Takes back the plies of game `id` after the first `keep`, leaving `points`.
    pub fn undo(&self, id: &str, keep: usize, points: [u16; 2]) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute("DELETE FROM plies WHERE game_id = ?1 AND n > ?2", params![id, keep as i64])
                .map_err(|e| self.sql_error(e))?;
            tx.execute(
                "UPDATE games SET plies = ?2, white_points = ?3, black_points = ?4, status = 'playing',
                    result = NULL, ended = NULL, updated = ?5 WHERE id = ?1",
                params![id, keep as i64, points[0], points[1], now()],
            )
            .map_err(|e| self.sql_error(e))?;
            Ok(())
        })
    }

    /// Marks the game `id` abandoned if it is still being played; returns its points and plies
    /// as stored, or `None` when it was not being played.
    pub fn abandon(&self, id: &str) -> Result<Option<([u16; 2], u32)>, StoreError> {
        self.write(|tx| {
            let t = now();
            let n = tx
                .execute(
                    "UPDATE games SET status = 'quit', updated = ?2, ended = ?2
                     WHERE id = ?1 AND status = 'playing'",
                    params![id, t],
                )
                .map_err(|e| self.sql_error(e))?;
            if n == 0 {
                return Ok(None);
            }
            tx.query_row("SELECT white_points, black_points, plies FROM games WHERE id = ?1", [id], |r| {
                Ok(([r.get(0)?, r.get(1)?], r.get(2)?))
            })
            .map(Some)
            .map_err(|e| self.sql_error(e))
        })
    }

    /// Every game, most recently changed first.
    pub fn list(&self) -> Result<Vec<GameRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT id, created, updated, ended, mode, white, black, status, result,
                        white_points, black_points, plies, start
                 FROM games ORDER BY updated DESC, id",
            )
            .map_err(|e| self.sql_error(e))?;
        let rows = stmt
            .query_map([], |r| {
                Ok(GameRow {
                    id: r.get(0)?,
                    created: r.get(1)?,
                    updated: r.get(2)?,
                    ended: r.get(3)?,
                    mode: r.get(4)?,
                    players: [r.get(5)?, r.get(6)?],
                    status: r.get(7)?,
                    result: r.get(8)?,
                    points: [r.get(9)?, r.get(10)?],
                    plies: r.get(11)?,
                    start: r.get(12)?,
                })
            })
            .map_err(|e| self.sql_error(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.sql_error(e))
    }

    /// The full id of the one game whose id is or starts with `prefix`.
    pub fn resolve(&self, prefix: &str) -> Result<String, StoreError> {
        let conn = self.conn();
        let pattern = format!("{}%", prefix.replace(['%', '_', '\\'], ""));
        let mut stmt = conn
            .prepare("SELECT id FROM games WHERE id = ?1 OR id LIKE ?2 LIMIT 2")
            .map_err(|e| self.sql_error(e))?;
        let ids: Vec<String> = stmt
            .query_map(params![prefix, pattern], |r| r.get(0))
            .map_err(|e| self.sql_error(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.sql_error(e))?;
        match ids.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(StoreError::new(
                StoreErrorKind::NotFound,
                format!("no game `{prefix}` in {}", self.path.display()),
            )),
            _ if ids.iter().any(|i| i == prefix) => Ok(prefix.to_string()),
            _ => Err(StoreError::new(
                StoreErrorKind::NotFound,
                format!("`{prefix}` starts several games' ids: give more of it"),
            )),
        }
    }

    /// The game `id`, every ply checked.
    pub fn load(&self, id: &str) -> Result<Game, StoreError> {
        let conn = self.conn();
        let head: Option<(String, String, String)> = conn
            .query_row("SELECT created, config, status FROM games WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()
            .map_err(|e| self.sql_error(e))?;
        let Some((date, config, status)) = head else {
            return Err(StoreError::new(
                StoreErrorKind::NotFound,
                format!("no game `{id}` in {}", self.path.display()),
            ));
        };
        let mut stmt = conn
            .prepare("SELECT data FROM plies WHERE game_id = ?1 ORDER BY n")
            .map_err(|e| self.sql_error(e))?;
        let plies: Vec<String> = stmt
            .query_map([id], |r| r.get(0))
            .map_err(|e| self.sql_error(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.sql_error(e))?;
        let bad = |what: String| StoreError::new(StoreErrorKind::Invalid, format!("game {id}: {what}"));
        let config: Value = serde_json::from_str(&config).map_err(|e| bad(format!("bad set-up: {e}")))?;
        let plies: Vec<Value> = plies
            .iter()
            .map(|p| serde_json::from_str(p).map_err(|e| bad(format!("bad ply: {e}"))))
            .collect::<Result<_, _>>()?;
        let data =
            json!({ "id": id, "date": date, "config": config, "plies": plies, "quit": status == "quit" });
        Game::from_json(&data.to_string()).map_err(|e| bad(e.to_string()))
    }

    /// Deletes the game `id` with its plies (and what the stores above keep of it); whether it
    /// was there.
    pub fn delete(&self, id: &str) -> Result<bool, StoreError> {
        self.write(|tx| self.delete_in(tx, id))
    }

    /// [`Db::delete`] within the transaction `tx` of [`Db::write`].
    pub fn delete_in(&self, tx: &Transaction, id: &str) -> Result<bool, StoreError> {
        tx.execute("DELETE FROM games WHERE id = ?1", [id]).map(|n| n > 0).map_err(|e| self.sql_error(e))
    }

    /// SQLite's own check of the file: `ok`, or the problems found.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("PRAGMA integrity_check").map_err(|e| self.sql_error(e))?;
        let lines: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .map_err(|e| self.sql_error(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.sql_error(e))?;
        Ok(lines.join("\n"))
    }

    /// The schema version of the file (the number of migrations applied); one no Cavalo writes
    /// (changed since the file was opened) is a [`StoreErrorKind::BadVersion`] error.
    pub fn schema_version(&self) -> Result<usize, StoreError> {
        let conn = self.conn();
        let v: i64 =
            conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| self.sql_error(e))?;
        checks::plausible_version(v, &self.path)
    }
}

fn migration_error(path: &Path, e: rusqlite_migration::Error) -> StoreError {
    match e {
        rusqlite_migration::Error::RusqliteError { err, .. } => StoreError::sqlite(path, &err),
        e => StoreError::new(
            StoreErrorKind::Invalid,
            format!("cannot bring the games database {} up to date: {e}", path.display()),
        ),
    }
}

mod checks;
mod schema;
pub mod stores;
use schema::STEPS;
pub use schema::migrations;
pub use stores::StoreSchema;

#[cfg(test)]
mod tests;
