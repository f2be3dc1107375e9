//! What a web server keeps beside the games: which games are its own (it resumes them on
//! restart, its retention rules apply to them only), the secret token of each seat, the seats'
//! invitations, and retention (deleting finished games by age and by count).
//!
//! Secrets (seat tokens, invitation codes) are 128 random bits written as 32 hex digits; the
//! database keeps only their SHA-256, never the secret itself.

use cavalo_rules::Side;
use rusqlite::{OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::{Db, StoreError, StoreErrorKind, now};
use crate::datetime::iso_from_unix_ms;
use crate::game::Game;

/// A new secret: 128 bits from the operating system's random source, as 32 hex digits.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a secret: its SHA-256 in hex.
fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// One seat of a web game, as anyone may see it (no secret).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The seat's side.
    pub side: Side,
    /// An invitation to take the seat is open.
    pub invited: bool,
    /// The seat was taken with an invitation (its first token no longer works).
    pub claimed: bool,
}

/// A web game a client may see in the list ([`Db::listed_web_games`]).
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

/// How long finished web games are kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Retention {
    /// Finished games that ended more than this many days ago are deleted.
    pub keep_days: Option<u32>,
    /// At most this many finished games are kept; the ones that ended first go.
    pub max_finished: Option<usize>,
}

fn side_of(name: &str) -> Result<Side, StoreError> {
    Side::parse(name)
        .ok_or_else(|| StoreError::new(StoreErrorKind::Invalid, format!("`{name}` is not a side")))
}

impl Db {
    /// Stores the new game `s` as a web server's game with a seat per `(side, token)`, listed
    /// for everyone when `public`, in one transaction: either all of it is written or nothing.
    pub fn add_web_game(&self, s: &Game, seats: &[(Side, &str)], public: bool) -> Result<(), StoreError> {
        self.write(|tx| {
            self.put_game_in(tx, s)?;
            let t = now();
            tx.execute(
                "INSERT INTO web_games (game_id, added, public) VALUES (?1, ?2, ?3)",
                params![s.id(), t, public],
            )
            .map_err(|e| self.sql_error(e))?;
            for (side, token) in seats {
                tx.execute(
                    "INSERT INTO seats (game_id, side, token_hash, created) VALUES (?1, ?2, ?3, ?4)",
                    params![s.id(), side.name(), digest(token), t],
                )
                .map_err(|e| self.sql_error(e))?;
            }
            Ok(())
        })
    }

    /// Marks the stored game `id` as a web server's own, without seats (an imported game).
    pub fn adopt_web_game(&self, id: &str) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute("INSERT OR IGNORE INTO web_games (game_id, added) VALUES (?1, ?2)", params![id, now()])
                .map(|_| ())
                .map_err(|e| self.sql_error(e))
        })
    }

    /// Stores `s`, a game brought to the server as a file, as one of the web server's games
    /// without seats, marked as uploaded, then deletes the uploaded games beyond the `keep` most
    /// recent (the oldest first), in one transaction. Returns the ids deleted.
    pub fn add_uploaded_game(&self, s: &Game, keep: usize) -> Result<Vec<String>, StoreError> {
        self.write(|tx| {
            self.put_game_in(tx, s)?;
            tx.execute(
                "INSERT INTO web_games (game_id, added, uploaded) VALUES (?1, ?2, 1)",
                params![s.id(), now()],
            )
            .map_err(|e| self.sql_error(e))?;
            let mut stmt = tx
                .prepare(
                    "SELECT game_id FROM web_games WHERE uploaded
                     ORDER BY added DESC, rowid DESC LIMIT -1 OFFSET ?1",
                )
                .map_err(|e| self.sql_error(e))?;
            let gone: Vec<String> = stmt
                .query_map([keep as i64], |r| r.get(0))
                .map_err(|e| self.sql_error(e))?
                .collect::<Result<_, _>>()
                .map_err(|e| self.sql_error(e))?;
            for id in &gone {
                tx.execute("DELETE FROM games WHERE id = ?1", [id]).map_err(|e| self.sql_error(e))?;
            }
            Ok(gone)
        })
    }

    /// How many uploaded games the web server keeps.
    pub fn uploaded_count(&self) -> Result<usize, StoreError> {
        let conn = self.conn();
        conn.query_row("SELECT count(*) FROM web_games WHERE uploaded", [], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(|e| self.sql_error(e))
    }

    /// Whether `id` is a web server's game.
    pub fn is_web_game(&self, id: &str) -> Result<bool, StoreError> {
        let conn = self.conn();
        conn.query_row("SELECT 1 FROM web_games WHERE game_id = ?1", [id], |_| Ok(()))
            .optional()
            .map(|r| r.is_some())
            .map_err(|e| self.sql_error(e))
    }

    /// The ids of the web server's games, the ones still being played only when `playing`.
    pub fn web_game_ids(&self, playing: bool) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT g.id FROM games g JOIN web_games w ON w.game_id = g.id
                 WHERE ?1 = 0 OR g.status = 'playing' ORDER BY g.created, g.id",
            )
            .map_err(|e| self.sql_error(e))?;
        stmt.query_map([playing], |r| r.get(0))
            .map_err(|e| self.sql_error(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.sql_error(e))
    }

    /// The web server's games a client may see listed: those whose seats its `tokens` open
    /// (`mine`), those their creators made public, and the uploaded games among the ids of
    /// `uploads` (the client's own uploads: ids it was answered; any other id is left out).
    pub fn listed_web_games(&self, tokens: &[&str], uploads: &[&str]) -> Result<Vec<Listed>, StoreError> {
        let conn = self.conn();
        let digests: Vec<String> = tokens.iter().map(|t| digest(t)).collect();
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
        let mut stmt = conn.prepare(&sql).map_err(|e| self.sql_error(e))?;
        let params = digests.iter().map(String::as_str).chain(uploads.iter().copied());
        stmt.query_map(rusqlite::params_from_iter(params), |r| {
            Ok(Listed { id: r.get(0)?, public: r.get(1)?, mine: r.get(2)?, uploaded: r.get(3)? })
        })
        .map_err(|e| self.sql_error(e))?
        .collect::<Result<_, _>>()
        .map_err(|e| self.sql_error(e))
    }

    /// The side whose seat `token` opens in game `id`, if any.
    pub fn seat_of(&self, id: &str, token: &str) -> Result<Option<Side>, StoreError> {
        let conn = self.conn();
        let side: Option<String> = conn
            .query_row(
                "SELECT side FROM seats WHERE game_id = ?1 AND token_hash = ?2",
                params![id, digest(token)],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.sql_error(e))?;
        side.as_deref().map(side_of).transpose()
    }

    /// The seats of game `id`, White's first.
    pub fn seats(&self, id: &str) -> Result<Vec<SeatView>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT side, invite_hash IS NOT NULL, claimed FROM seats WHERE game_id = ?1
                 ORDER BY side = 'black'",
            )
            .map_err(|e| self.sql_error(e))?;
        let rows: Vec<(String, bool, bool)> = stmt
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(|e| self.sql_error(e))?
            .collect::<Result<_, _>>()
            .map_err(|e| self.sql_error(e))?;
        rows.into_iter()
            .map(|(side, invited, claimed)| Ok(SeatView { side: side_of(&side)?, invited, claimed }))
            .collect()
    }

    /// Opens an invitation to `side`'s seat of game `id` with the secret `code` (replacing an
    /// earlier one); whether the seat exists.
    pub fn invite(&self, id: &str, side: Side, code: &str) -> Result<bool, StoreError> {
        self.write(|tx| {
            tx.execute(
                "UPDATE seats SET invite_hash = ?3 WHERE game_id = ?1 AND side = ?2",
                params![id, side.name(), digest(code)],
            )
            .map(|n| n > 0)
            .map_err(|e| self.sql_error(e))
        })
    }

    /// Takes the seat the invitation `code` opens in game `id`: the seat's token becomes `token`
    /// (the old one stops working) and the invitation is used up. The side, or `None` when no
    /// open invitation has that code.
    pub fn claim(&self, id: &str, code: &str, token: &str) -> Result<Option<Side>, StoreError> {
        self.write(|tx| {
            let side: Option<String> = tx
                .query_row(
                    "UPDATE seats SET token_hash = ?3, invite_hash = NULL, claimed = 1
                     WHERE game_id = ?1 AND invite_hash = ?2 RETURNING side",
                    params![id, digest(code), digest(token)],
                    |r| r.get(0),
                )
                .optional()
                .map_err(|e| self.sql_error(e))?;
            side.as_deref().map(side_of).transpose()
        })
    }

    /// Deletes the web server's finished games that `rules` no longer keep: those that ended
    /// before `now - keep_days`, then the ones that ended first beyond `max_finished`. Returns
    /// the ids deleted.
    pub fn prune(&self, rules: Retention, now_ms: i64) -> Result<Vec<String>, StoreError> {
        self.write(|tx| {
            let mut gone = Vec::new();
            let mut take = |sql: &str, arg: rusqlite::types::Value| -> Result<(), StoreError> {
                let mut stmt = tx.prepare(sql).map_err(|e| self.sql_error(e))?;
                let ids: Vec<String> = stmt
                    .query_map([arg], |r| r.get(0))
                    .map_err(|e| self.sql_error(e))?
                    .collect::<Result<_, _>>()
                    .map_err(|e| self.sql_error(e))?;
                for id in ids {
                    tx.execute("DELETE FROM games WHERE id = ?1", [&id]).map_err(|e| self.sql_error(e))?;
                    gone.push(id);
                }
                Ok(())
            };
            const FINISHED: &str = "SELECT g.id FROM games g JOIN web_games w ON w.game_id = g.id
                                    WHERE g.status <> 'playing'";
            if let Some(days) = rules.keep_days {
                let cutoff = iso_from_unix_ms(now_ms - i64::from(days) * 86_400_000);
                take(&format!("{FINISHED} AND coalesce(g.ended, g.updated) < ?1"), cutoff.into())?;
            }
            if let Some(max) = rules.max_finished {
                let sql = format!(
                    "{FINISHED} ORDER BY coalesce(g.ended, g.updated) DESC, g.id DESC LIMIT -1 OFFSET ?1"
                );
                take(&sql, (max as i64).into())?;
            }
            Ok(gone)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameConfig, PlayerConfig, Session};
    use cavalo_rules::Start;

    fn hh() -> Session {
        let mut c = GameConfig::new(Start::Seed(5));
        c.players = [PlayerConfig::human(), PlayerConfig::human()];
        Session::new(c).unwrap()
    }

    fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("g.sqlite")).unwrap();
        (dir, db)
    }

    #[test]
    fn secrets_are_128_bit_hex_and_only_their_digest_is_stored() {
        let (a, b) = (new_secret(), new_secret());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        let (_dir, db) = db();
        let s = hh();
        db.add_web_game(&s, &[(Side::White, &a), (Side::Black, &b)], false).unwrap();
        let stored: Vec<String> = {
            let conn = db.conn();
            let mut stmt = conn.prepare("SELECT token_hash FROM seats").unwrap();
            stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
        };
        assert!(!stored.contains(&a) && !stored.contains(&b), "{stored:?}");
        assert_eq!(db.seat_of(s.id(), &a).unwrap(), Some(Side::White));
        assert_eq!(db.seat_of(s.id(), &b).unwrap(), Some(Side::Black));
        assert_eq!(db.seat_of(s.id(), "nope").unwrap(), None);
        assert!(db.is_web_game(s.id()).unwrap());
        assert_eq!(db.web_game_ids(true).unwrap(), [s.id()]);
    }

    #[test]
    fn a_client_sees_its_own_games_and_the_public_ones() {
        let (_dir, db) = db();
        let (mine, theirs, public) = (hh(), hh(), hh());
        let (t1, t2, t3) = (new_secret(), new_secret(), new_secret());
        db.add_web_game(&mine, &[(Side::White, &t1)], false).unwrap();
        db.add_web_game(&theirs, &[(Side::White, &t2)], false).unwrap();
        db.add_web_game(&public, &[(Side::Black, &t3)], true).unwrap();
        let seen = |tokens: &[&str]| {
            let mut v: Vec<(String, bool, bool)> = db
                .listed_web_games(tokens, &[])
                .unwrap()
                .into_iter()
                .map(|l| (l.id, l.public, l.mine))
                .collect();
            v.sort();
            v
        };
        let mut want = vec![(mine.id().to_string(), false, true), (public.id().to_string(), true, false)];
        want.sort();
        assert_eq!(seen(&[&t1, "not-a-token"]), want);
        assert_eq!(seen(&[]), [(public.id().to_string(), true, false)]);
        let both = seen(&[&t3]);
        assert_eq!(both, [(public.id().to_string(), true, true)]);
    }

    #[test]
    fn an_invitation_hands_the_seat_over_once() {
        let (_dir, db) = db();
        let s = hh();
        let (w, b) = (new_secret(), new_secret());
        db.add_web_game(&s, &[(Side::White, &w), (Side::Black, &b)], false).unwrap();
        let code = new_secret();
        assert!(db.invite(s.id(), Side::Black, &code).unwrap());
        assert!(db.seats(s.id()).unwrap()[1].invited);
        let fresh = new_secret();
        assert_eq!(db.claim(s.id(), &code, &fresh).unwrap(), Some(Side::Black));
        assert_eq!(db.claim(s.id(), &code, &new_secret()).unwrap(), None, "used up");
        assert_eq!(db.seat_of(s.id(), &b).unwrap(), None, "the old token stops working");
        assert_eq!(db.seat_of(s.id(), &fresh).unwrap(), Some(Side::Black));
        let seats = db.seats(s.id()).unwrap();
        assert_eq!(seats[0], SeatView { side: Side::White, invited: false, claimed: false });
        assert_eq!(seats[1], SeatView { side: Side::Black, invited: false, claimed: true });
    }

    #[test]
    fn uploaded_games_keep_the_most_recent_only_and_leave_the_others_alone() {
        let (_dir, db) = db();
        let played = hh();
        db.add_web_game(&played, &[], false).unwrap();
        let mut ids = Vec::new();
        for n in 0..5 {
            let s = hh();
            let gone = db.add_uploaded_game(&s, 3).unwrap();
            ids.push(s.id().to_string());
            if n < 3 {
                assert!(gone.is_empty(), "{gone:?}");
            } else {
                assert_eq!(gone, [ids[n - 3].clone()], "the oldest upload goes");
            }
        }
        assert_eq!(db.uploaded_count().unwrap(), 3);
        assert!(db.is_web_game(played.id()).unwrap(), "a game played here is not an upload");
        for id in &ids[2..] {
            assert!(db.is_web_game(id).unwrap());
        }
        assert_eq!(db.list().unwrap().len(), 4);
        // Listed only to whoever names them: an uploaded game named, never one played here.
        let named: Vec<&str> = vec![ids[4].as_str(), ids[0].as_str(), played.id()];
        let listed = db.listed_web_games(&[], &named).unwrap();
        let want = Listed { id: ids[4].clone(), public: false, mine: false, uploaded: true };
        assert_eq!(listed, [want], "the deleted upload and the played game are not listed");
        assert!(db.listed_web_games(&[], &[]).unwrap().is_empty());
    }

    #[test]
    fn retention_deletes_old_and_surplus_finished_web_games_only() {
        let (_dir, db) = db();
        let mut ids = Vec::new();
        for _ in 0..4 {
            let mut s = hh();
            db.add_web_game(&s, &[], false).unwrap();
            s.attach_store(std::sync::Arc::new(Db::open(db.path()).unwrap())).unwrap();
            s.quit();
            ids.push(s.id().to_string());
        }
        let playing = hh();
        db.add_web_game(&playing, &[], false).unwrap();
        let terminal = {
            let mut s = hh();
            db.put_game(&s).unwrap();
            s.quit();
            db.abandon(s.id()).unwrap();
            s.id().to_string()
        };
        let conn_set = |id: &str, ended: &str| {
            db.conn().execute("UPDATE games SET ended = ?2 WHERE id = ?1", params![id, ended]).unwrap();
        };
        conn_set(&ids[0], "2020-01-01T00:00:00Z");
        conn_set(&ids[1], "2026-01-01T00:00:00Z");
        conn_set(&ids[2], "2026-01-02T00:00:00Z");
        conn_set(&ids[3], "2026-01-03T00:00:00Z");
        conn_set(&terminal, "2000-01-01T00:00:00Z");
        let jan5 = 1_767_571_200_000; // 2026-01-05T00:00:00Z
        let gone = db.prune(Retention { keep_days: Some(30), max_finished: None }, jan5).unwrap();
        assert_eq!(gone, [ids[0].clone()]);
        let gone = db.prune(Retention { keep_days: None, max_finished: Some(1) }, jan5).unwrap();
        assert_eq!(gone.len(), 2);
        assert!(gone.contains(&ids[1]) && gone.contains(&ids[2]), "{gone:?}");
        let left: Vec<String> = db.list().unwrap().into_iter().map(|r| r.id).collect();
        assert_eq!(left.len(), 3, "{left:?}");
        for id in [&ids[3], &terminal, &playing.id().to_string()] {
            assert!(left.contains(id), "{id} kept: {left:?}");
        }
    }
}
