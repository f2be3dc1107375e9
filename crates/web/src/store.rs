//! The web server's store in the games database: which games are the server's own (it resumes
//! them on restart, lists them, and its retention rules apply to them only), the games brought
//! to it as files, the secret token of each seat and the seats' invitations ([`seats`]), and
//! retention ([`retention`]). Its tables (`web_games`, `seats`) live beside the games in the
//! file the session's [`Db`] opens, with migrations of their own ([`schema`]); a game deleted
//! takes its rows with it.
//!
//! The server reaches this store, the games and the analyses only through its gate
//! (`crate::gate`), on the blocking threads.

use std::sync::Arc;

use cavalo_rules::Side;
use cavalo_session::Game;
use cavalo_session::datetime::now_iso;
use cavalo_session::store::{Db, StoreError};
use rusqlite::{OptionalExtension, params};

pub mod retention;
pub mod schema;
pub mod seats;

pub use retention::Retention;
pub use seats::{SeatView, new_secret};

/// A web game a client may see in the list ([`WebStore::listed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The game's id.
    pub id: String,
    /// Its creator listed it for everyone.
    pub public: bool,
    /// The client holds one of its seats.
    pub mine: bool,
    /// A game brought to the server as a file, which the client named among its uploads.
    pub uploaded: bool,
}

/// The web server's tables of a games database.
#[derive(Clone, Debug)]
pub struct WebStore {
    db: Arc<Db>,
}

impl WebStore {
    /// The web server's tables of `db`, brought up to date (see [`Db::migrate_store`]).
    pub fn open(db: Arc<Db>) -> Result<WebStore, StoreError> {
        db.migrate_store(&schema::SCHEMA)?;
        Ok(WebStore { db })
    }

    /// The games database this store extends.
    pub fn db(&self) -> &Arc<Db> {
        &self.db
    }

    /// Stores the new game `s` as a web server's game with a seat per `(side, token)`, listed
    /// for everyone when `public`, in one transaction: either all of it is written or nothing.
    pub fn add_game(&self, s: &Game, seats: &[(Side, &str)], public: bool) -> Result<(), StoreError> {
        let db = &self.db;
        db.write(|tx| {
            db.put_game_in(tx, s)?;
            let t = now_iso();
            tx.execute(
                "INSERT INTO web_games (game_id, added, public) VALUES (?1, ?2, ?3)",
                params![s.id(), t, public],
            )
            .map_err(|e| db.sql_error(e))?;
            for (side, token) in seats {
                seats::insert(db, tx, s.id(), *side, token, &t)?;
            }
            Ok(())
        })
    }

    /// Marks the stored game `id` as a web server's own, without seats (an imported game).
    pub fn adopt(&self, id: &str) -> Result<(), StoreError> {
        let db = &self.db;
        db.write(|tx| {
            tx.execute(
                "INSERT OR IGNORE INTO web_games (game_id, added) VALUES (?1, ?2)",
                params![id, now_iso()],
            )
            .map(|_| ())
            .map_err(|e| db.sql_error(e))
        })
    }

    /// Stores `s`, a game brought to the server as a file, as one of the web server's games
    /// without seats, marked as uploaded, then deletes the uploaded games beyond the `keep` most
    /// recent (the oldest first), in one transaction. Returns the ids deleted.
    pub fn add_upload(&self, s: &Game, keep: usize) -> Result<Vec<String>, StoreError> {
        let db = &self.db;
        db.write(|tx| {
            db.put_game_in(tx, s)?;
            tx.execute(
                "INSERT INTO web_games (game_id, added, uploaded) VALUES (?1, ?2, 1)",
                params![s.id(), now_iso()],
            )
            .map_err(|e| db.sql_error(e))?;
            let mut stmt = tx
                .prepare(
                    "SELECT game_id FROM web_games WHERE uploaded
                     ORDER BY added DESC, rowid DESC LIMIT -1 OFFSET ?1",
                )
                .map_err(|e| db.sql_error(e))?;
            let gone: Vec<String> = stmt
                .query_map([keep as i64], |r| r.get(0))
                .map_err(|e| db.sql_error(e))?
                .collect::<Result<_, _>>()
                .map_err(|e| db.sql_error(e))?;
            for id in &gone {
                db.delete_in(tx, id)?;
            }
            Ok(gone)
        })
    }

    /// How many uploaded games the web server keeps.
    pub fn upload_count(&self) -> Result<usize, StoreError> {
        self.db.read(|conn| {
            conn.query_row("SELECT count(*) FROM web_games WHERE uploaded", [], |r| r.get::<_, i64>(0))
                .map(|n| n as usize)
                .map_err(|e| self.db.sql_error(e))
        })
    }

    /// Whether `id` is a web server's game.
    pub fn is_web_game(&self, id: &str) -> Result<bool, StoreError> {
        self.db.read(|conn| {
            conn.query_row("SELECT 1 FROM web_games WHERE game_id = ?1", [id], |_| Ok(()))
                .optional()
                .map(|r| r.is_some())
                .map_err(|e| self.db.sql_error(e))
        })
    }

    /// The ids of the web server's games, the ones still being played only when `playing`.
    pub fn game_ids(&self, playing: bool) -> Result<Vec<String>, StoreError> {
        self.db.read(|conn| {
            let err = |e| self.db.sql_error(e);
            let mut stmt = conn
                .prepare(
                    "SELECT g.id FROM games g JOIN web_games w ON w.game_id = g.id
                     WHERE ?1 = 0 OR g.status = 'playing' ORDER BY g.created, g.id",
                )
                .map_err(err)?;
            stmt.query_map([playing], |r| r.get(0)).map_err(err)?.collect::<Result<_, _>>().map_err(err)
        })
    }

    /// The web server's games a client may see listed: those whose seats its `tokens` open
    /// (`mine`), those their creators made public, and the uploaded games among the ids of
    /// `uploads` (the client's own uploads: ids it was answered; any other id is left out).
    pub fn listed(&self, tokens: &[&str], uploads: &[&str]) -> Result<Vec<Listed>, StoreError> {
        let digests: Vec<String> = tokens.iter().map(|t| seats::digest(t)).collect();
        let marks = vec!["?"; digests.len()].join(", ");
        let mine = if digests.is_empty() {
            "0".to_string()
        } else {
            format!(
                "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = w.game_id AND s.token_hash IN ({marks}))"
            )
        };
        let named = if uploads.is_empty() {
            "0".to_string()
        } else {
            format!("(w.uploaded AND w.game_id IN ({}))", vec!["?"; uploads.len()].join(", "))
        };
        let sql = format!(
            "SELECT game_id, public, mine, named FROM
               (SELECT w.game_id, w.public, {mine} AS mine, {named} AS named FROM web_games w)
             WHERE public OR mine OR named"
        );
        self.db.read(|conn| {
            let err = |e| self.db.sql_error(e);
            let mut stmt = conn.prepare(&sql).map_err(err)?;
            let params = digests.iter().map(String::as_str).chain(uploads.iter().copied());
            stmt.query_map(rusqlite::params_from_iter(params), |r| {
                Ok(Listed { id: r.get(0)?, public: r.get(1)?, mine: r.get(2)?, uploaded: r.get(3)? })
            })
            .map_err(err)?
            .collect::<Result<_, _>>()
            .map_err(err)
        })
    }
}

#[cfg(test)]
pub(crate) mod tests;
