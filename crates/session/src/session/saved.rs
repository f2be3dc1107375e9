//! A session's records and its saved form: the game record (JSON, written atomically) and the
//! session's own JSON, restored with every ply checked.

use std::path::PathBuf;
use std::time::Instant;

use cavalo_rules::GameRecord;
use serde::{Deserialize, Serialize};

use super::Session;
use crate::config::GameConfig;
use crate::error::SessionError;
use crate::ply::Ply;
use crate::store;

/// The saved form of a session (what [`Session::to_json`] writes).
#[derive(Serialize, Deserialize)]
pub(super) struct SessionData {
    pub(super) id: String,
    pub(super) date: String,
    pub(super) config: GameConfig,
    pub(super) plies: Vec<Ply>,
    pub(super) quit: bool,
    #[serde(default)]
    pub(super) record_path: Option<PathBuf>,
}

impl Session {
    /// The game record: the moves, the result and points when over, and in `meta` the id, date,
    /// mode, players, time limit, status and every ply's statistics.
    pub fn record(&self) -> GameRecord {
        store::record::build(self)
    }

    /// Writes the record to `<games_dir>/<id>.json` atomically (a temporary file, then a rename)
    /// and returns its path. Without a configured `games_dir`, writes to `games/`.
    pub fn save_record(&mut self) -> Result<PathBuf, SessionError> {
        let dir = self.config.games_dir.clone().unwrap_or_else(|| PathBuf::from("games"));
        let path = store::save_record(&dir, &self.id, &self.record().to_json())
            .map_err(|e| SessionError::Io(format!("could not save the record in {}: {e}", dir.display())))?;
        self.record_path = Some(path.clone());
        Ok(path)
    }

    /// The session as JSON (set-up and plies; engines are rebuilt on restore).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.data()).expect("a session always serialises")
    }

    /// Restores a session saved with [`to_json`](Session::to_json), checking every ply. The
    /// engines start afresh and the current turn's clock restarts. Nothing is logged.
    pub fn from_json(text: &str) -> Result<Session, SessionError> {
        let data: SessionData =
            serde_json::from_str(text).map_err(|e| SessionError::Restore(e.to_string()))?;
        Session::from_data(data)
    }

    fn data(&self) -> SessionData {
        SessionData {
            id: self.id.clone(),
            date: self.date.clone(),
            config: self.config.clone(),
            plies: self.plies.clone(),
            quit: self.quit,
            record_path: self.record_path.clone(),
        }
    }

    /// A session at the start of the game `d` describes (its plies not yet replayed); the error
    /// says why the start is not a position.
    pub(super) fn assemble(d: SessionData) -> Result<Session, String> {
        let initial = d.config.start.position(d.config.rules).map_err(|e| e.to_string())?;
        Ok(Session {
            id: d.id,
            date: d.date,
            config: d.config,
            plies: d.plies,
            quit: d.quit,
            record_path: d.record_path,
            pos: initial.clone(),
            initial,
            players: [None, None],
            hint_player: None,
            engines_lent: false,
            turn_started: Instant::now(),
            warnings: Vec::new(),
            store: None,
        })
    }

    fn from_data(d: SessionData) -> Result<Session, SessionError> {
        let mut s = Session::assemble(d).map_err(SessionError::Restore)?;
        s.pos = s.replay_plies()?;
        for (i, p) in s.plies.iter().enumerate() {
            if p.number as usize != i + 1 {
                return Err(SessionError::Restore(format!("ply {} is numbered {}", i + 1, p.number)));
            }
        }
        Ok(s)
    }
}

impl Serialize for Session {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.data().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Session {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Session, D::Error> {
        let data = SessionData::deserialize(d)?;
        Session::from_data(data).map_err(serde::de::Error::custom)
    }
}
