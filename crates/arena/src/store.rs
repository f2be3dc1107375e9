//! The arena's programs and games in the games database (tables of their own, [`crate::schema`]).
//!
//! A team's upload is a new version of its program (the versions before it and their games
//! stay); the current version of each team is its latest. An arena game is a row from the moment
//! it starts (its seats, board, stage and the game of the games table that shows it live) and
//! gets the referee's record when it ends; a row that never got its record (the server stopped
//! or was killed during the game) is removed when the arena starts again, so the ladder plays
//! that game again ([`ArenaStore::unfinished`], [`ArenaStore::forget`]).

use std::sync::Arc;

use cavalo_match::program::TeamProgram;
use cavalo_match::{Forfeit, GameSummary, Termination};
use cavalo_rules::GameRecord;
use cavalo_session::datetime::now_iso;
use cavalo_session::store::{Db, StoreError, StoreErrorKind};
use rusqlite::{OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

use crate::seat::{Planned, Seat, Stage};

/// One version of a team's program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    /// Its id (a random UUID), which its games name.
    pub id: String,
    /// The team.
    pub team: String,
    /// 1 for the team's first upload, then 2, 3, …
    pub version: u32,
    /// When it was uploaded (ISO 8601, UTC).
    pub uploaded: String,
    /// Its files, entry and glue.
    pub program: TeamProgram,
}

/// How an arena game ended, read from the referee's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// White's points in the game: 1, ½ or 0.
    pub white_points: f64,
    /// How it ended.
    pub termination: Termination,
    /// The forfeit, when one side lost by it.
    pub forfeit: Option<Forfeit>,
    /// The points on the board when it ended (White's, Black's).
    pub points: Option<[u16; 2]>,
    /// The plies played.
    pub plies: usize,
}

/// An arena game, playing or played.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaGame {
    /// Its row: the order in which the arena's games started.
    pub row: i64,
    /// The game of the games table that shows it (the page's viewer, its analysis).
    pub game_id: String,
    /// White's player.
    pub white: Seat,
    /// Black's player.
    pub black: Seat,
    /// The board.
    pub seed: u64,
    /// Why it is played.
    pub stage: Stage,
    /// When it started (ISO 8601, UTC).
    pub started: String,
    /// When it ended, with how; none while it is played.
    pub ended: Option<(String, Finished)>,
}

impl ArenaGame {
    /// Whether it is the game `planned` (the same seats, board and stage).
    pub fn is(&self, planned: &Planned) -> bool {
        self.white == planned.white
            && self.black == planned.black
            && self.seed == planned.seed
            && self.stage == planned.stage
    }

    /// The points `seat` scored (1, ½, 0), once played; none if it did not play this game.
    pub fn points_of(&self, seat: &Seat) -> Option<f64> {
        let (_, f) = self.ended.as_ref()?;
        if *seat == self.white {
            Some(f.white_points)
        } else if *seat == self.black {
            Some(1.0 - f.white_points)
        } else {
            None
        }
    }

    /// The seat that lost by forfeit, if one did.
    pub fn forfeited_by(&self) -> Option<&Seat> {
        let f = self.ended.as_ref()?.1.forfeit.as_ref()?;
        Some(if f.side == cavalo_rules::Side::White { &self.white } else { &self.black })
    }
}

/// A program as the table keeps it.
#[derive(Serialize, Deserialize)]
struct StoredProgram {
    files: Vec<(String, String)>,
    entry: String,
    glue: Vec<(String, String)>,
}

/// The arena's tables of a games database.
#[derive(Clone, Debug)]
pub struct ArenaStore {
    db: Arc<Db>,
}

impl ArenaStore {
    /// The arena's tables of `db`, brought up to date (see [`Db::migrate_store`]).
    pub fn open(db: Arc<Db>) -> Result<ArenaStore, StoreError> {
        db.migrate_store(&crate::schema::SCHEMA)?;
        Ok(ArenaStore { db })
    }

    /// Keeps `program` as the next version of `team`'s (its first is 1), now its current one.
    pub fn add_program(&self, team: &str, program: &TeamProgram) -> Result<Version, StoreError> {
        let stored = StoredProgram {
            files: program.files.clone(),
            entry: program.entry.clone(),
            glue: program.glue.clone(),
        };
        let json = serde_json::to_string(&stored).expect("a program is JSON");
        let id = uuid::Uuid::new_v4().to_string();
        let uploaded = now_iso();
        let db = &self.db;
        let version = db.write(|tx| {
            let last: Option<i64> = tx
                .query_row("SELECT max(version) FROM arena_programs WHERE team = ?1", [team], |r| r.get(0))
                .map_err(|e| db.sql_error(e))?;
            let version = last.unwrap_or(0) + 1;
            tx.execute(
                "INSERT INTO arena_programs (id, team, version, uploaded, program) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, team, version, uploaded, json],
            )
            .map_err(|e| db.sql_error(e))?;
            Ok(version as u32)
        })?;
        Ok(Version { id, team: team.to_string(), version, uploaded, program: program.clone() })
    }

    /// How many teams the arena has, and how many bytes their programs (every version) hold.
    pub fn room(&self) -> Result<(usize, u64), StoreError> {
        self.db.read(|conn| {
            conn.query_row(
                "SELECT count(DISTINCT team), coalesce(sum(length(program)), 0) FROM arena_programs",
                [],
                |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as u64)),
            )
            .map_err(|e| self.db.sql_error(e))
        })
    }

    /// Whether `team` has uploaded a program.
    pub fn has_team(&self, team: &str) -> Result<bool, StoreError> {
        self.db.read(|conn| {
            conn.query_row("SELECT 1 FROM arena_programs WHERE team = ?1 LIMIT 1", [team], |_| Ok(()))
                .optional()
                .map(|r| r.is_some())
                .map_err(|e| self.db.sql_error(e))
        })
    }

    /// Every version of every team (`all`), or each team's current one only; the oldest upload
    /// first.
    pub fn versions(&self, all: bool) -> Result<Vec<Version>, StoreError> {
        let sql = if all {
            "SELECT id, team, version, uploaded, program FROM arena_programs ORDER BY uploaded, rowid"
        } else {
            "SELECT id, team, version, uploaded, program FROM arena_programs p
             WHERE version = (SELECT max(version) FROM arena_programs q WHERE q.team = p.team)
             ORDER BY uploaded, rowid"
        };
        self.db.read(|conn| {
            let err = |e| self.db.sql_error(e);
            let mut stmt = conn.prepare(sql).map_err(err)?;
            let rows = stmt.query_map([], raw_version).map_err(err)?;
            rows.map(|r| r.map_err(err).and_then(|raw| self.version_of(raw))).collect()
        })
    }

    /// The version `id`.
    pub fn version(&self, id: &str) -> Result<Option<Version>, StoreError> {
        self.db
            .read(|conn| {
                conn.query_row(
                    "SELECT id, team, version, uploaded, program FROM arena_programs WHERE id = ?1",
                    [id],
                    raw_version,
                )
                .optional()
                .map_err(|e| self.db.sql_error(e))
            })?
            .map(|raw| self.version_of(raw))
            .transpose()
    }

    /// A version read from its row, its program checked again as at its upload.
    fn version_of(&self, raw: RawVersion) -> Result<Version, StoreError> {
        let (id, team, version, uploaded, json) = raw;
        let bad = |why: String| {
            StoreError::new(StoreErrorKind::Invalid, format!("arena program {id} ({team} v{version}): {why}"))
        };
        let stored: StoredProgram = serde_json::from_str(&json).map_err(|e| bad(e.to_string()))?;
        let program = TeamProgram::check(stored.files, Some(stored.entry), stored.glue)
            .map_err(|e| bad(e.to_string()))?;
        Ok(Version { id, team, version, uploaded, program })
    }

    /// Notes that the game `planned` starts, shown by the game `game_id` of the games table;
    /// returns its row.
    pub fn begin(&self, planned: &Planned, game_id: &str) -> Result<i64, StoreError> {
        let db = &self.db;
        db.write(|tx| {
            tx.execute(
                "INSERT INTO arena_games (game_id, white, black, seed, stage, started)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    game_id,
                    planned.white.to_string(),
                    planned.black.to_string(),
                    planned.seed as i64,
                    planned.stage.name(),
                    now_iso()
                ],
            )
            .map_err(|e| db.sql_error(e))?;
            Ok(tx.last_insert_rowid())
        })
    }

    /// Keeps the referee's record of the game of `row`, which has ended.
    pub fn finish(&self, row: i64, record: &GameRecord) -> Result<(), StoreError> {
        let json = serde_json::to_string(record).expect("a record is JSON");
        let db = &self.db;
        db.write(|tx| {
            tx.execute(
                "UPDATE arena_games SET record = ?2, ended = ?3 WHERE id = ?1",
                params![row, json, now_iso()],
            )
            .map(|_| ())
            .map_err(|e| db.sql_error(e))
        })
    }

    /// The games that started and never ended (the server stopped during them): their rows and
    /// their games' ids.
    pub fn unfinished(&self) -> Result<Vec<(i64, String)>, StoreError> {
        self.db.read(|conn| {
            let err = |e| self.db.sql_error(e);
            let mut stmt = conn
                .prepare("SELECT id, game_id FROM arena_games WHERE ended IS NULL ORDER BY id")
                .map_err(err)?;
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .map_err(err)?
                .collect::<Result<_, _>>()
                .map_err(err)
        })
    }

    /// Forgets the unfinished game of `row`: the ladder plays it again.
    pub fn forget(&self, row: i64) -> Result<(), StoreError> {
        let db = &self.db;
        db.write(|tx| {
            tx.execute("DELETE FROM arena_games WHERE id = ?1 AND ended IS NULL", [row])
                .map(|_| ())
                .map_err(|e| db.sql_error(e))
        })
    }

    /// Every arena game, in the order they started.
    pub fn games(&self) -> Result<Vec<ArenaGame>, StoreError> {
        self.db.read(|conn| {
            let err = |e| self.db.sql_error(e);
            let mut stmt = conn
                .prepare(
                    "SELECT id, game_id, white, black, seed, stage, started, ended, record
                     FROM arena_games ORDER BY id",
                )
                .map_err(err)?;
            let rows = stmt.query_map([], raw_game).map_err(err)?;
            rows.map(|r| r.map_err(err).and_then(game_of)).collect()
        })
    }
}

type RawVersion = (String, String, u32, String, String);

fn raw_version(r: &Row<'_>) -> rusqlite::Result<RawVersion> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
}

type RawGame = (i64, String, String, String, i64, String, String, Option<String>, Option<String>);

fn raw_game(r: &Row<'_>) -> rusqlite::Result<RawGame> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?))
}

/// An arena game read from its row (typed here, once).
fn game_of(raw: RawGame) -> Result<ArenaGame, StoreError> {
    let (row, game_id, white, black, seed, stage, started, ended, record) = raw;
    let bad = |why: String| StoreError::new(StoreErrorKind::Invalid, format!("arena game {row}: {why}"));
    let seat = |s: &str| s.parse::<Seat>().map_err(|e| bad(e.to_string()));
    let stage = Stage::from_name(&stage).ok_or_else(|| bad(format!("`{stage}` is not a stage")))?;
    let ended = match (ended, record) {
        (Some(at), Some(json)) => {
            let rec: GameRecord = serde_json::from_str(&json).map_err(|e| bad(e.to_string()))?;
            let summary = GameSummary::from_record(&rec).map_err(|e| bad(e.to_string()))?;
            let finished = Finished {
                white_points: summary.engine1_points,
                termination: summary.termination,
                forfeit: summary.forfeit,
                points: rec.points,
                plies: rec.moves.len(),
            };
            Some((at, finished))
        }
        _ => None,
    };
    Ok(ArenaGame {
        row,
        game_id,
        white: seat(&white)?,
        black: seat(&black)?,
        seed: seed as u64,
        stage,
        started,
        ended,
    })
}

#[cfg(test)]
mod tests;
