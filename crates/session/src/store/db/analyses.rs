//! A game's analyses by the engine (`cavalo analyse`, the web page's analysis board), kept as the
//! JSON that `cavalo analyse --json` writes: one per game and search budget, so that a server
//! computes each once. The analysis of an unfinished game holds the plies it judged; a newer one
//! of more plies replaces it. An analysis goes with its game.

use rusqlite::{OptionalExtension, params};

use super::{Db, StoreError, now};

/// An analysis as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The plies of the game it judged.
    pub plies: usize,
    /// The analysis, as `cavalo analyse --json` writes it.
    pub json: String,
}

impl Db {
    /// The analysis of game `id` with the search budget named `budget` (e.g. `nodes=1000000`),
    /// if one was stored.
    pub fn analysis(&self, id: &str, budget: &str) -> Result<Option<StoredAnalysis>, StoreError> {
        let conn = self.conn();
        conn.query_row(
            "SELECT plies, json FROM analyses WHERE game_id = ?1 AND budget = ?2",
            params![id, budget],
            |r| Ok(StoredAnalysis { plies: r.get::<_, i64>(0)? as usize, json: r.get(1)? }),
        )
        .optional()
        .map_err(|e| self.sql_error(e))
    }

    /// Stores the analysis `json` of the first `plies` plies of game `id` with the budget named
    /// `budget`, replacing the one stored with that budget. Refused when the game is not stored.
    pub fn put_analysis(&self, id: &str, budget: &str, plies: usize, json: &str) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "INSERT OR REPLACE INTO analyses (game_id, budget, plies, json, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, budget, plies as i64, json, now()],
            )
            .map(|_| ())
            .map_err(|e| self.sql_error(e))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreErrorKind;
    use crate::{GameConfig, Session};
    use cavalo_rules::Start;

    fn stored_game(db: &Db) -> String {
        let s = Session::new(GameConfig::new(Start::Seed(4))).unwrap();
        db.put_game(s.game()).unwrap();
        s.id().to_string()
    }

    #[test]
    fn an_analysis_is_kept_per_budget_replaced_and_goes_with_its_game() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("g.sqlite")).unwrap();
        let id = stored_game(&db);
        assert_eq!(db.analysis(&id, "nodes=1000").unwrap(), None);
        db.put_analysis(&id, "nodes=1000", 3, "{\"a\":1}").unwrap();
        db.put_analysis(&id, "nodes=9", 1, "{}").unwrap();
        let got = db.analysis(&id, "nodes=1000").unwrap().unwrap();
        assert_eq!(got, StoredAnalysis { plies: 3, json: "{\"a\":1}".into() });
        db.put_analysis(&id, "nodes=1000", 5, "{\"a\":2}").unwrap();
        assert_eq!(db.analysis(&id, "nodes=1000").unwrap().unwrap().plies, 5, "the newer one replaced it");
        assert_eq!(db.analysis(&id, "nodes=9").unwrap().unwrap().plies, 1, "another budget is its own");
        assert!(db.delete(&id).unwrap());
        assert_eq!(db.analysis(&id, "nodes=1000").unwrap(), None, "deleted with its game");
    }

    #[test]
    fn an_analysis_of_no_stored_game_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("g.sqlite")).unwrap();
        let e = db.put_analysis("nobody", "nodes=1", 0, "{}").unwrap_err();
        assert_eq!(e.kind, StoreErrorKind::Invalid, "{e:?}");
        assert_eq!(db.analysis("nobody", "nodes=1").unwrap(), None);
    }
}
