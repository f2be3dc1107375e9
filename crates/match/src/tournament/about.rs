//! A tournament's description, as every record of it carries it (`meta.tournament`): who plays,
//! in which format, on which boards, by which rules and limits. Plain data, so that a record's
//! meta can hold it; what needs the referee (the game `g` of the schedule, reading a record as
//! one of its games) is in [`crate::tournament`].

use cavalo_rules::Rules;
use serde::{Deserialize, Serialize};

use crate::error::Aspect;
use crate::limits::MoveLimits;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Every player against every other.
    RoundRobin,
    /// Every player against the first.
    Gauntlet,
}

/// What every record of a tournament carries in `meta.tournament`: enough to rebuild the
/// schedule and the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct About {
    /// The players' names (given with `name=`, else short names), in order.
    pub names: Vec<String>,
    /// The players' specs (as records name them), in order.
    pub players: Vec<String>,
    /// Round robin or gauntlet.
    pub format: Format,
    /// The first board.
    pub first_seed: u64,
    /// Boards per pairing.
    pub boards: u64,
    /// The rule variant (as records name it: `canonical`, `no-threat`, …).
    #[serde(with = "rules_name")]
    pub rules: Rules,
    /// The limits per move, described in English (for older versions, and as records written
    /// before `limits_per_move` kept them; see `About::limits`).
    pub limits: String,
    /// The limits per move as data (records written before it was kept lack it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits_per_move: Option<MoveLimits>,
}

mod rules_name {
    use cavalo_rules::Rules;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(r: &Rules, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(r)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        let name = String::deserialize(d)?;
        Rules::from_name(&name).ok_or_else(|| D::Error::custom(format!("no rules `{name}`")))
    }
}

impl About {
    /// The pairings, in schedule order.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.names.len();
        match self.format {
            Format::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
            Format::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        }
    }

    /// Units (pairs of games) in the whole tournament.
    pub fn units(&self) -> u64 {
        self.pairings().len() as u64 * self.boards
    }

    /// The last board's seed.
    pub fn last_seed(&self) -> u64 {
        self.first_seed.wrapping_add(self.boards.saturating_sub(1))
    }

    /// The first thing in which `other` differs from this tournament: what it is, its value here
    /// and its value in `other`.
    pub fn difference(&self, other: &About) -> Option<(Aspect, String, String)> {
        let format = |a: &About| match a.format {
            Format::RoundRobin => "round-robin".to_string(),
            Format::Gauntlet => "gauntlet".to_string(),
        };
        let fields: [(Aspect, String, String); 7] = [
            (Aspect::Players, self.players.join(" | "), other.players.join(" | ")),
            (Aspect::Names, self.names.join(" | "), other.names.join(" | ")),
            (Aspect::Format, format(self), format(other)),
            (Aspect::FirstSeed, self.first_seed.to_string(), other.first_seed.to_string()),
            (Aspect::Boards, self.boards.to_string(), other.boards.to_string()),
            (Aspect::Rules, self.rules.to_string(), other.rules.to_string()),
            (Aspect::Limits, self.limits.clone(), other.limits.clone()),
        ];
        fields.into_iter().find(|(_, a, b)| a != b)
    }
}
