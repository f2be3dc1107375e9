//! The seats of the web server's games: the secret token that opens each, and the invitations
//! that hand a seat to someone else (see `crate::seats` for who may change a game).
//!
//! Secrets (seat tokens, invitation codes) are 128 random bits written as 32 hex digits; the
//! database keeps only their SHA-256, never the secret itself.

use cavalo_rules::Side;
use cavalo_session::store::{Db, StoreError, StoreErrorKind};
use rusqlite::{OptionalExtension, Transaction, params};
use sha2::{Digest, Sha256};

use super::WebStore;

/// A new secret: 128 bits from the operating system's random source, as 32 hex digits.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a secret: its SHA-256 in hex.
pub(super) fn digest(secret: &str) -> String {
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

fn side_of(name: &str) -> Result<Side, StoreError> {
    Side::parse(name)
        .ok_or_else(|| StoreError::new(StoreErrorKind::Invalid, format!("`{name}` is not a side")))
}

/// Adds the seat of `side` of game `id`, opened by `token`, within the transaction `tx`.
pub(super) fn insert(
    db: &Db,
    tx: &Transaction,
    id: &str,
    side: Side,
    token: &str,
    created: &str,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO seats (game_id, side, token_hash, created) VALUES (?1, ?2, ?3, ?4)",
        params![id, side.name(), digest(token), created],
    )
    .map(|_| ())
    .map_err(|e| db.sql_error(e))
}

impl WebStore {
    /// The side whose seat `token` opens in game `id`, if any.
    pub fn seat_of(&self, id: &str, token: &str) -> Result<Option<Side>, StoreError> {
        let side: Option<String> = self.db.read(|conn| {
            conn.query_row(
                "SELECT side FROM seats WHERE game_id = ?1 AND token_hash = ?2",
                params![id, digest(token)],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.db.sql_error(e))
        })?;
        side.as_deref().map(side_of).transpose()
    }

    /// The seats of game `id`, White's first.
    pub fn seats(&self, id: &str) -> Result<Vec<SeatView>, StoreError> {
        let rows: Vec<(String, bool, bool)> = self.db.read(|conn| {
            let err = |e| self.db.sql_error(e);
            let mut stmt = conn
                .prepare(
                    "SELECT side, invite_hash IS NOT NULL, claimed FROM seats WHERE game_id = ?1
                     ORDER BY side = 'black'",
                )
                .map_err(err)?;
            stmt.query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .map_err(err)?
                .collect::<Result<_, _>>()
                .map_err(err)
        })?;
        rows.into_iter()
            .map(|(side, invited, claimed)| Ok(SeatView { side: side_of(&side)?, invited, claimed }))
            .collect()
    }

    /// Opens an invitation to `side`'s seat of game `id` with the secret `code` (replacing an
    /// earlier one); whether the seat exists.
    pub fn invite(&self, id: &str, side: Side, code: &str) -> Result<bool, StoreError> {
        self.db.write(|tx| {
            tx.execute(
                "UPDATE seats SET invite_hash = ?3 WHERE game_id = ?1 AND side = ?2",
                params![id, side.name(), digest(code)],
            )
            .map(|n| n > 0)
            .map_err(|e| self.db.sql_error(e))
        })
    }

    /// Takes the seat the invitation `code` opens in game `id`: the seat's token becomes `token`
    /// (the old one stops working) and the invitation is used up. The side, or `None` when no
    /// open invitation has that code.
    pub fn claim(&self, id: &str, code: &str, token: &str) -> Result<Option<Side>, StoreError> {
        self.db.write(|tx| {
            let side: Option<String> = tx
                .query_row(
                    "UPDATE seats SET token_hash = ?3, invite_hash = NULL, claimed = 1
                     WHERE game_id = ?1 AND invite_hash = ?2 RETURNING side",
                    params![id, digest(code), digest(token)],
                    |r| r.get(0),
                )
                .optional()
                .map_err(|e| self.db.sql_error(e))?;
            side.as_deref().map(side_of).transpose()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::{hh, store};

    #[test]
    fn secrets_are_128_bit_hex_and_only_their_digest_is_stored() {
        let (a, b) = (new_secret(), new_secret());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        let (_dir, store) = store();
        let s = hh();
        store.add_game(&s, &[(Side::White, &a), (Side::Black, &b)], false).unwrap();
        let stored: Vec<String> = store
            .db
            .read(|conn| {
                let mut stmt = conn.prepare("SELECT token_hash FROM seats").unwrap();
                Ok(stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect())
            })
            .unwrap();
        assert!(!stored.contains(&a) && !stored.contains(&b), "{stored:?}");
        assert_eq!(store.seat_of(s.id(), &a).unwrap(), Some(Side::White));
        assert_eq!(store.seat_of(s.id(), &b).unwrap(), Some(Side::Black));
        assert_eq!(store.seat_of(s.id(), "nope").unwrap(), None);
        assert!(store.is_web_game(s.id()).unwrap());
        assert_eq!(store.game_ids(true).unwrap(), [s.id()]);
    }

    #[test]
    fn an_invitation_hands_the_seat_over_once() {
        let (_dir, store) = store();
        let s = hh();
        let (w, b) = (new_secret(), new_secret());
        store.add_game(&s, &[(Side::White, &w), (Side::Black, &b)], false).unwrap();
        let code = new_secret();
        assert!(store.invite(s.id(), Side::Black, &code).unwrap());
        assert!(store.seats(s.id()).unwrap()[1].invited);
        let fresh = new_secret();
        assert_eq!(store.claim(s.id(), &code, &fresh).unwrap(), Some(Side::Black));
        assert_eq!(store.claim(s.id(), &code, &new_secret()).unwrap(), None, "used up");
        assert_eq!(store.seat_of(s.id(), &b).unwrap(), None, "the old token stops working");
        assert_eq!(store.seat_of(s.id(), &fresh).unwrap(), Some(Side::Black));
        let seats = store.seats(s.id()).unwrap();
        assert_eq!(seats[0], SeatView { side: Side::White, invited: false, claimed: false });
        assert_eq!(seats[1], SeatView { side: Side::Black, invited: false, claimed: true });
    }
}
