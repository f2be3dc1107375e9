//! The analyses kept in the games database (the web page's analysis board), so that a server
//! computes each once: one per game and search budget, in the lab's own table `analyses` beside
//! the games (a store of the games database, see `cavalo_session::store::db::stores`).
//!
//! A row is a [`StoredAnalysis`]: the plies of the game it judged and the [`Analysis`] itself,
//! kept in the column `json` as [`Analysis::to_json`] writes it (the versioned format of
//! [`super::FORMAT_VERSION`], which the budget's name should carry so that an analysis of another
//! format is made again) and read back into the type; a row that no longer reads is an
//! [`AnalysisStoreError::Unreadable`]. The analysis of an unfinished game holds the plies it
//! judged; a newer one of more plies replaces it. An analysis goes with its game.

use std::sync::Arc;

use cavalo_session::datetime::now_iso;
use cavalo_session::store::{Db, StoreError, StoreSchema};
use rusqlite::{OptionalExtension, params};

use super::Analysis;

/// The table's first version. Files made before the stores had versions of their own got it at
/// their schema version 5.
const V1: &str = "
CREATE TABLE analyses (
    game_id      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    budget       TEXT NOT NULL,
    plies        INTEGER NOT NULL CHECK (plies >= 0),
    json         TEXT NOT NULL,
    created      TEXT NOT NULL,
    PRIMARY KEY (game_id, budget)
) STRICT;
";

/// The analyses' store in the games database: its name and migrations.
pub const SCHEMA: StoreSchema = StoreSchema { name: "analyses", steps: &[V1], legacy: legacy_version };

/// The version of the analyses' table in a file made before the stores had versions of their own
/// (schema version `file`): the table came with version 5.
fn legacy_version(file: usize) -> usize {
    usize::from(file >= 5)
}

/// An analysis as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredAnalysis {
    /// The plies of the game it judged.
    pub plies: usize,
    /// The analysis.
    pub analysis: Analysis,
}

/// Why an analysis could not be read.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisStoreError {
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored analysis is not one this program reads (the JSON reader's words).
    #[error("the stored analysis of game {game} ({budget}) cannot be read: {why}")]
    Unreadable {
        /// The game's id.
        game: String,
        /// The budget's name.
        budget: String,
        /// The JSON reader's words.
        why: String,
    },
}

/// The analyses of the games database.
#[derive(Clone, Debug)]
pub struct AnalysisStore {
    db: Arc<Db>,
}

impl AnalysisStore {
    /// The analyses of `db`, their table brought up to date (see [`Db::migrate_store`]).
    pub fn open(db: Arc<Db>) -> Result<AnalysisStore, StoreError> {
        db.migrate_store(&SCHEMA)?;
        Ok(AnalysisStore { db })
    }

    /// The analysis of game `id` with the search budget named `budget` (e.g. `v3:nodes=1000000`),
    /// if one was stored.
    pub fn get(&self, id: &str, budget: &str) -> Result<Option<StoredAnalysis>, AnalysisStoreError> {
        let row: Option<(i64, String)> = self.db.read(|conn| {
            conn.query_row(
                "SELECT plies, json FROM analyses WHERE game_id = ?1 AND budget = ?2",
                params![id, budget],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| self.db.sql_error(e))
        })?;
        let Some((plies, json)) = row else { return Ok(None) };
        let unreadable =
            |why: String| AnalysisStoreError::Unreadable { game: id.into(), budget: budget.into(), why };
        let analysis: Analysis = serde_json::from_str(&json).map_err(|e| unreadable(e.to_string()))?;
        let plies = usize::try_from(plies).map_err(|_| unreadable(format!("{plies} plies")))?;
        Ok(Some(StoredAnalysis { plies, analysis }))
    }

    /// Stores `stored` as the analysis of game `id` with the budget named `budget`, replacing the
    /// one stored with that budget. Refused when the game is not stored.
    pub fn put(&self, id: &str, budget: &str, stored: &StoredAnalysis) -> Result<(), StoreError> {
        let json = stored.analysis.to_json();
        self.db.write(|tx| {
            tx.execute(
                "INSERT OR REPLACE INTO analyses (game_id, budget, plies, json, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, budget, stored.plies as i64, json, now_iso()],
            )
            .map(|_| ())
            .map_err(|e| self.db.sql_error(e))
        })
    }
}

#[cfg(test)]
mod tests;
