//! A match's or a tournament's game record `meta` as data ([`MatchMeta`]): the game's number and
//! board, the players, the result and how it came, the limits, the schedule.
//!
//! The on-disk layout is the one older versions wrote and read (a JSON object of keys: `game`,
//! `pair`, `seed`, `engine1`, `engine2`, `engine1_spec`, `engine2_spec`, `engine1_side`, `white`,
//! `black`, `winner`, `termination`, `detail`, `forfeit`, `engine1_points`, `limits`,
//! `limits_per_move`, `ms`, `stats`, `match`, `tournament`), so that an older Cavalo reads a new
//! record. It is read once, here ([`MatchMeta::read`]): a missing or ill-typed key is a
//! [`RecordMismatch`] naming it; keys of other writers are kept in [`MatchMeta::other`] and
//! written back as they were.
//!
//! Records written before `limits_per_move` was kept hold the limits only as their English
//! description (`100 ms per move (tolerance 50 ms)`); that text is read into data here, once
//! ([`RecordedLimits::read`]), and written beside the data still, for older versions.

use cavalo_rules::{Outcome, Side};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::RecordMismatch;
use crate::limits::{MatchLimits, MoveLimits};
use crate::termination::{Forfeit, Termination};
use crate::tournament::about::About;

#[cfg(test)]
mod tests;

/// The keys [`MatchMeta`] reads; any other key goes to [`MatchMeta::other`].
const KEYS: [&str; 21] = [
    "game",
    "pair",
    "seed",
    "engine1",
    "engine2",
    "engine1_spec",
    "engine2_spec",
    "engine1_side",
    "white",
    "black",
    "winner",
    "termination",
    "detail",
    "forfeit",
    "engine1_points",
    "limits",
    "limits_per_move",
    "ms",
    "stats",
    "match",
    "tournament",
];

/// One move's statistics as the referee keeps them (`meta.stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveStat {
    /// The time the player took, in milliseconds.
    pub ms: u64,
    /// The depth it reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The score it reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The nodes it reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
}

/// A match's schedule (`meta.match`): game `g` is on board `first_seed + g / 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The first board.
    pub first_seed: u64,
    /// The boards (pairs of games) of the whole match.
    pub pairs: u64,
}

/// The limits per move a record keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedLimits {
    /// As data.
    Data(MatchLimits),
    /// A description this version cannot read as data (from a version that described limits
    /// otherwise), kept and shown as it is.
    Described(String),
}

impl RecordedLimits {
    /// The limits of `meta.limits_per_move`, else of the description in `meta.limits`; `None`
    /// when the record has neither.
    pub fn read(meta: &Map<String, Value>) -> Result<Option<RecordedLimits>, RecordMismatch> {
        if let Some(l) = typed::<MatchLimits>(meta, "limits_per_move")? {
            return Ok(Some(RecordedLimits::Data(l)));
        }
        Ok(typed::<String>(meta, "limits")?.map(|d| match MatchLimits::from_description(&d) {
            Some(l) => RecordedLimits::Data(l),
            None => RecordedLimits::Described(d),
        }))
    }

    /// The data, when known.
    pub fn data(&self) -> Option<&MatchLimits> {
        match self {
            RecordedLimits::Data(l) => Some(l),
            RecordedLimits::Described(_) => None,
        }
    }

    /// The English description records keep beside the data (`meta.limits`), for older versions.
    pub fn describe(&self) -> String {
        match self {
            RecordedLimits::Data(l) => l.describe(),
            RecordedLimits::Described(d) => d.clone(),
        }
    }

    fn write(&self, meta: &mut Map<String, Value>) {
        if let Value::Object(keys) = to_value(self) {
            meta.extend(keys);
        }
    }
}

/// A match's or a tournament's game record `meta`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchMeta {
    /// The game's number in the match (from 0).
    pub game: u64,
    /// Its board.
    pub seed: u64,
    /// Engine 1's and engine 2's names.
    pub names: [String; 2],
    /// What played as engine 1 and engine 2 (records written before players had names hold
    /// the specs as the names).
    pub specs: [String; 2],
    /// Engine 1's colour.
    pub engine1_side: Side,
    /// Who won.
    pub winner: Option<Outcome>,
    /// How the game ended.
    pub termination: Termination,
    /// The result in words (the referee's English).
    pub detail: Option<String>,
    /// The forfeit as data (records written before it was kept have none).
    pub forfeit: Option<Forfeit>,
    /// Engine 1's points: 0, 0.5 or 1.
    pub engine1_points: f64,
    /// The limits per move.
    pub limits: Option<RecordedLimits>,
    /// The game's length, in milliseconds.
    pub ms: Option<u64>,
    /// Every move's statistics.
    pub stats: Vec<MoveStat>,
    /// The match's schedule, when the record is a match's.
    pub schedule: Option<Schedule>,
    /// The tournament, when the record is a tournament's.
    pub tournament: Option<About>,
    /// The keys of other writers, kept as they are.
    pub other: Map<String, Value>,
}

impl MatchMeta {
    /// Reads a record's `meta`: the keys a match needs must be there, and every key known here
    /// must hold its kind of value; the error names the key.
    pub fn read(meta: &Map<String, Value>) -> Result<MatchMeta, RecordMismatch> {
        let need = |k: &'static str| RecordMismatch::Missing(k);
        let game: u64 = typed(meta, "game")?.ok_or(need("game"))?;
        let name = |k: &'static str| typed::<String>(meta, k)?.ok_or(need(k));
        let names = [name("engine1")?, name("engine2")?];
        let spec =
            |k: &'static str, i: usize| Ok::<_, RecordMismatch>(typed(meta, k)?.unwrap_or(names[i].clone()));
        let specs = [spec("engine1_spec", 0)?, spec("engine2_spec", 1)?];
        let engine1_side = match typed::<String>(meta, "engine1_side")? {
            Some(side) => Side::parse(&side).ok_or(RecordMismatch::Invalid("engine1_side"))?,
            None if game.is_multiple_of(2) => Side::White,
            None => Side::Black,
        };
        let engine1_points = typed::<f64>(meta, "engine1_points")?
            .filter(|p| [0.0, 0.5, 1.0].contains(p))
            .ok_or(RecordMismatch::Invalid("engine1_points"))?;
        Ok(MatchMeta {
            game,
            seed: typed(meta, "seed")?.ok_or(need("seed"))?,
            names,
            specs,
            engine1_side,
            winner: typed(meta, "winner")?,
            termination: typed(meta, "termination")?.ok_or(RecordMismatch::Invalid("termination"))?,
            detail: typed(meta, "detail")?,
            // A forfeit this version cannot read as data (an older one's) is left out: `detail`
            // still says it.
            forfeit: meta.get("forfeit").and_then(|f| serde_json::from_value(f.clone()).ok()),
            engine1_points,
            limits: RecordedLimits::read(meta)?,
            ms: typed(meta, "ms")?,
            stats: typed(meta, "stats")?.unwrap_or_default(),
            schedule: typed(meta, "match")?,
            tournament: typed(meta, "tournament")?,
            other: meta.iter().filter(|(k, _)| !KEYS.contains(&k.as_str())).map(clone_entry).collect(),
        })
    }

    /// Writes the fields into `meta` (and the other keys).
    pub fn write(&self, meta: &mut Map<String, Value>) {
        let mut put = |k: &str, v: Value| {
            meta.insert(k.to_string(), v);
        };
        put("game", self.game.into());
        put("pair", (self.game / 2).into());
        put("seed", self.seed.into());
        put("engine1", self.names[0].clone().into());
        put("engine2", self.names[1].clone().into());
        put("engine1_spec", self.specs[0].clone().into());
        put("engine2_spec", self.specs[1].clone().into());
        put("engine1_side", self.engine1_side.name().into());
        let [white, black] = self.sides();
        put("white", white.into());
        put("black", black.into());
        if let Some(w) = self.winner {
            put("winner", w.name().into());
        }
        put("termination", to_value(&self.termination));
        if let Some(d) = &self.detail {
            put("detail", d.clone().into());
        }
        if let Some(f) = &self.forfeit {
            put("forfeit", to_value(f));
        }
        put("engine1_points", self.engine1_points.into());
        if let Some(ms) = self.ms {
            put("ms", ms.into());
        }
        put("stats", to_value(&self.stats));
        if let Some(s) = &self.schedule {
            put("match", to_value(s));
        }
        if let Some(t) = &self.tournament {
            put("tournament", to_value(t));
        }
        if let Some(l) = &self.limits {
            l.write(meta);
        }
        meta.extend(self.other.iter().map(clone_entry));
    }

    /// White's and Black's names.
    pub fn sides(&self) -> [String; 2] {
        let [one, two] = self.names.clone();
        if self.engine1_side == Side::White { [one, two] } else { [two, one] }
    }

    /// The seed of the match's first board (game `g` is on board `first_seed + g / 2`).
    pub fn first_seed(&self) -> u64 {
        self.seed.wrapping_sub(self.game / 2)
    }
}

fn clone_entry((k, v): (&String, &Value)) -> (String, Value) {
    (k.clone(), v.clone())
}

fn to_value<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("a record's meta serialises")
}

/// The value of `key` read as a `T`; `None` when absent (or `null`); an error naming the key
/// when it holds another kind of value.
fn typed<T: DeserializeOwned>(
    meta: &Map<String, Value>,
    key: &'static str,
) -> Result<Option<T>, RecordMismatch> {
    match meta.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone()).map(Some).map_err(|_| RecordMismatch::Invalid(key)),
    }
}

impl MatchLimits {
    /// The limits [`describe`](MatchLimits::describe) gives as text, read back: only for records
    /// written before they kept the data (`meta.limits_per_move`). `None` for another text.
    pub fn from_description(described: &str) -> Option<MatchLimits> {
        match described.strip_prefix("engine 1: ").and_then(|r| r.split_once("; engine 2: ")) {
            Some((one, two)) => {
                Some(MatchLimits { engine1: move_limits_of(one)?, engine2: Some(move_limits_of(two)?) })
            }
            None => Some(MatchLimits { engine1: move_limits_of(described)?, engine2: None }),
        }
    }
}

/// One engine's limits from [`MoveLimits::describe`]'s text.
fn move_limits_of(described: &str) -> Option<MoveLimits> {
    let mut l = MoveLimits { time_ms: None, ..MoveLimits::movetime(0) };
    let num = |s: &str| s.parse::<u64>().ok();
    for part in described.split(", ") {
        if let Some(max) = part.strip_prefix("at most ").and_then(|r| r.strip_suffix(" ms per move")) {
            l.max_move_ms = num(max)?;
        } else if let Some(depth) = part.strip_prefix("depth ") {
            l.depth = Some(depth.parse().ok()?);
        } else if let Some(nodes) = part.strip_suffix(" nodes") {
            l.nodes = Some(num(nodes)?);
        } else {
            let (ms, tolerance) = part.strip_suffix(" ms)")?.split_once(" ms per move (tolerance ")?;
            l.time_ms = Some(num(ms)?);
            l.tolerance_ms = num(tolerance)?;
        }
    }
    (l.describe() == described).then_some(l)
}

impl Serialize for RecordedLimits {
    /// As records and summaries keep them: `limits`, the description, and `limits_per_move`, the
    /// data (when known).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("limits", &self.describe())?;
        if let RecordedLimits::Data(l) = self {
            map.serialize_entry("limits_per_move", l)?;
        }
        map.end()
    }
}
