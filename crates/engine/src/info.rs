//! What a search reports: the course's statistics, the value, the principal variation.

use std::time::Duration;

use cavalo_rules::Move;

/// The statistics of a search (or of one completed iteration), as data.
///
/// Alpha and beta cuts follow RULES.md §8: a cut at a node where the searching side is to move
/// is a beta cut; at a node where the opponent is to move, an alpha cut.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchInfo {
    /// Nominal depth completed, in plies.
    pub depth: u32,
    /// Deepest ply reached (quiescence and extensions included).
    pub seldepth: u32,
    /// The value in game points from the mover's view: the expected final points difference
    /// (mover minus opponent), points already won included; exact when `proven`.
    pub score: i32,
    /// Whether the value is the exact final difference, every line having been searched to the end.
    pub proven: bool,
    /// Positions analysed (every node visited, quiescence included), all threads.
    pub nodes: u64,
    /// Cuts at nodes where the opponent of the searching side is to move.
    pub alpha_cuts: u64,
    /// Cuts at nodes where the searching side is to move.
    pub beta_cuts: u64,
    /// Time since the search started.
    #[serde(with = "duration_ms")]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition-table fill, per mille.
    pub hashfull: u32,
    /// Principal variation, first the move to play.
    #[serde(with = "move_list")]
    #[cfg_attr(feature = "ts", ts(type = "Array<string>"))]
    pub pv: Vec<Move>,
}

/// The result of a search: the move to play and the final statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move; `None` only when the game is over.
    pub best_move: Option<Move>,
    /// Statistics and value of the whole search.
    pub info: SearchInfo,
}

impl SearchInfo {
    /// Time in whole milliseconds.
    pub fn time_ms(&self) -> u64 {
        self.time.as_millis() as u64
    }

    /// The principal variation as text, moves separated by spaces.
    pub fn pv_string(&self) -> String {
        self.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    }
}

mod duration_ms {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_millis() as u64)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        Ok(Duration::from_millis(u64::deserialize(d)?))
    }
}

mod move_list {
    use cavalo_rules::Move;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(pv: &[Move], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(pv.iter().map(|m| m.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
        Vec::<String>::deserialize(d)?.iter().map(|m| m.parse().map_err(D::Error::custom)).collect()
    }
}
