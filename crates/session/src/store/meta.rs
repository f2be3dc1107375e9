//! A game record's `meta` as data: what `cavalo play` and the web keep beside the moves (the
//! game's id and date, its mode, players, time per move, status, every ply and the summary).
//!
//! The on-disk layout is the one older versions wrote and read: a JSON object of keys
//! (`program`, `id`, `date`, `mode`, `white`, `black`, `time_ms`, `status`, `plies`, `summary`),
//! each written only when known. It is read once, here ([`SessionMeta::read`]): a key of the
//! wrong kind is an error naming the key; keys of other writers (a match's, a tournament's) are
//! kept as they are in [`SessionMeta::other`] and written back unchanged.

use cavalo_rules::Side;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::game::Status;
use crate::{Mode, PlayerConfig, Ply, SideSummary};

/// The keys [`SessionMeta`] reads; any other key goes to [`SessionMeta::other`].
const KEYS: [&str; 10] =
    ["program", "id", "date", "mode", "white", "black", "time_ms", "status", "plies", "summary"];

/// Who played a side, as a record names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedPlayer {
    /// A player of `cavalo play` or the web: `human`, `human:Ana`, `computer:cavalo:level=3`.
    Config(PlayerConfig),
    /// Any other name, kept as written: a match's or a tournament's player (`greedy`, `Sorte`,
    /// `cmd:./engine`), or a label this version does not know.
    Named(String),
}

impl RecordedPlayer {
    /// The player a label names: a [`PlayerConfig`] when it is one's label, else the name.
    pub fn of_label(label: &str) -> RecordedPlayer {
        match PlayerConfig::from_label(label) {
            Some(p) => RecordedPlayer::Config(p),
            None => RecordedPlayer::Named(label.to_string()),
        }
    }

    /// The label as records keep it (`human`, `human:Ana`, `computer:cavalo`, or the name).
    pub fn label(&self) -> String {
        match self {
            RecordedPlayer::Config(p) => p.label(),
            RecordedPlayer::Named(n) => n.clone(),
        }
    }

    /// The player's set-up, when the record names one.
    pub fn config(&self) -> Option<&PlayerConfig> {
        match self {
            RecordedPlayer::Config(p) => Some(p),
            RecordedPlayer::Named(_) => None,
        }
    }
}

/// A record's `meta` key holding a value of the wrong kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("meta.{key} is not {expected}: {found}")]
pub struct MetaError {
    /// The key.
    pub key: String,
    /// What the key should hold (`a text`, `a number`, `playing, over or quit`, …).
    pub expected: &'static str,
    /// The value found (its first characters).
    pub found: String,
}

impl MetaError {
    /// The error for `key` holding `found` instead of `expected`.
    pub fn new(key: &str, expected: &'static str, found: &Value) -> MetaError {
        let found: String = found.to_string().chars().take(60).collect();
        MetaError { key: key.to_string(), expected, found }
    }
}

/// The session's data in a game record's `meta`, every field optional (a record may come from
/// a log, a match or another program).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionMeta {
    /// The program that wrote the record: `cavalo 0.1.0`.
    pub program: Option<String>,
    /// The game's id.
    pub id: Option<String>,
    /// When the game started (ISO 8601 when written by us; a log's text otherwise).
    pub date: Option<String>,
    /// The mode.
    pub mode: Option<Mode>,
    /// White's and Black's players.
    pub players: [Option<RecordedPlayer>; 2],
    /// The computer's time per move, in milliseconds.
    pub time_ms: Option<u64>,
    /// The game's status when written.
    pub status: Option<Status>,
    /// Every ply with who played it, what it scored and its search.
    pub plies: Option<Vec<Ply>>,
    /// Each side's totals.
    pub summary: Option<[SideSummary; 2]>,
    /// The keys of other writers (a match, a tournament), kept as they are.
    pub other: Map<String, Value>,
}

impl SessionMeta {
    /// Reads `meta`. Every key known here must hold its kind of value, else the error names it.
    pub fn read(meta: &Map<String, Value>) -> Result<SessionMeta, MetaError> {
        let text = |k: &str| typed::<String>(meta, k, "a text");
        let player = |k: &str| Ok::<_, MetaError>(text(k)?.map(|l| RecordedPlayer::of_label(&l)));
        Ok(SessionMeta {
            program: text("program")?,
            id: text("id")?,
            date: text("date")?,
            mode: typed(meta, "mode", "human-computer, computer-computer or human-human")?,
            players: [player("white")?, player("black")?],
            time_ms: typed(meta, "time_ms", "a whole number")?,
            status: typed(meta, "status", "playing, over or quit")?,
            plies: typed(meta, "plies", "a list of plies")?,
            summary: typed(meta, "summary", "both sides' totals")?,
            other: meta.iter().filter(|(k, _)| !KEYS.contains(&k.as_str())).map(clone_entry).collect(),
        })
    }

    /// Writes the fields into `meta` (those known, and the other keys).
    pub fn write(&self, meta: &mut Map<String, Value>) {
        let mut put = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                meta.insert(k.to_string(), v);
            }
        };
        put("program", self.program.clone().map(Value::from));
        put("id", self.id.clone().map(Value::from));
        put("date", self.date.clone().map(Value::from));
        put("mode", self.mode.map(|m| m.name().into()));
        put("white", self.players[0].as_ref().map(|p| p.label().into()));
        put("black", self.players[1].as_ref().map(|p| p.label().into()));
        put("time_ms", self.time_ms.map(Value::from));
        put("status", self.status.map(|s| s.name().into()));
        put("plies", self.plies.as_ref().map(to_value));
        put("summary", self.summary.as_ref().map(to_value));
        meta.extend(self.other.iter().map(clone_entry));
    }

    /// The player of `side`, when the record names one.
    pub fn player(&self, side: Side) -> Option<&RecordedPlayer> {
        self.players[side.index()].as_ref()
    }
}

fn clone_entry((k, v): (&String, &Value)) -> (String, Value) {
    (k.clone(), v.clone())
}

fn to_value<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("plies and summaries serialise")
}

/// The value of `key` read as a `T`; `None` when absent (or `null`).
fn typed<T: DeserializeOwned>(
    meta: &Map<String, Value>,
    key: &str,
    expected: &'static str,
) -> Result<Option<T>, MetaError> {
    match meta.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone()).map(Some).map_err(|_| MetaError::new(key, expected, v)),
    }
}

#[cfg(test)]
mod tests;
