//! The plies of a game and the per-side totals.

use cavalo_engine::SearchInfo;
use cavalo_rules::{Move, Side};
use serde::{Deserialize, Serialize};

/// Who decided a ply.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Actor {
    /// A human typed it.
    Human,
    /// A computer player chose it.
    Computer,
}

/// One ply of the game, with who played it, what it scored, how long it took and, for the
/// computer, the search's statistics.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ply {
    /// 1-based number of the ply in the game (placements and passes count).
    pub number: u32,
    /// The side that played.
    pub side: Side,
    /// The move (`E3`, `G7x88`, `pass`).
    #[serde(rename = "move", with = "move_text")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub mv: Move,
    /// Whether a human or a computer played it.
    pub by: Actor,
    /// A placement or a pass: the only legal move, played without asking.
    #[serde(default)]
    pub forced: bool,
    /// Points scored by this ply.
    pub gained: u16,
    /// White's and Black's points after it.
    pub points: [u16; 2],
    /// Time spent choosing it, in milliseconds.
    pub time_ms: u64,
    /// The computer's search statistics (nodes, cuts, depth, value, principal variation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchInfo>,
}

mod move_text {
    use cavalo_rules::Move;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(m)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

/// A side's totals, for the end-of-game summary.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    /// The player's label (`human`, `computer:cavalo`).
    pub player: String,
    /// Final points.
    pub points: u16,
    /// Plies played that were not passes (placements included).
    pub moves: u32,
    /// Passes.
    pub passes: u32,
    /// Total time spent, ms.
    pub time_ms: u64,
    /// Searches made (computer plies that were not forced).
    pub searches: u32,
    /// Total nodes analysed.
    pub nodes: u64,
    /// Total alpha cuts.
    pub alpha_cuts: u64,
    /// Total beta cuts.
    pub beta_cuts: u64,
    /// Mean depth reached over the searches.
    pub mean_depth: f64,
    /// Deepest depth reached.
    pub max_depth: u32,
}

impl SideSummary {
    /// The totals of `side`'s plies among `plies`, for `player` with `points`.
    pub fn of(player: String, points: u16, side: Side, plies: &[Ply]) -> SideSummary {
        {
            let mut s = SideSummary { player, points, ..SideSummary::default() };
            let mut depth_sum = 0u64;
            for p in plies.iter().filter(|p| p.side == side) {
                if p.mv.is_pass() {
                    s.passes += 1;
                } else {
                    s.moves += 1;
                }
                s.time_ms += p.time_ms;
                if let Some(i) = &p.search {
                    s.searches += 1;
                    s.nodes += i.nodes;
                    s.alpha_cuts += i.alpha_cuts;
                    s.beta_cuts += i.beta_cuts;
                    s.max_depth = s.max_depth.max(i.depth);
                    depth_sum += i.depth as u64;
                }
            }
            if s.searches > 0 {
                s.mean_depth = depth_sum as f64 / s.searches as f64;
            }
            s
        }
    }
}
