//! What a merge of record files (a match or a tournament played in shards, or in several runs)
//! needs besides the games: which games of the schedule are missing, and, when two records are of
//! different matches, the first thing in which they differ.

use std::collections::BTreeSet;

use cavalo_rules::{GameRecord, Rules};

use crate::error::Aspect;
use crate::meta::{MatchMeta, RecordedLimits};
use crate::referee::GameSummary;

/// The games of `0..total` that are not in `present`, as inclusive ranges in order; a range never
/// crosses a multiple of `block` (a tournament's pairing: its games are `block` in a row), so
/// that each range can be told by one pairing. `block` 0 means one block.
pub fn missing(present: &BTreeSet<u64>, total: u64, block: u64) -> Vec<(u64, u64)> {
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for g in (0..total).filter(|g| !present.contains(g)) {
        match ranges.last_mut() {
            Some((_, last)) if *last + 1 == g && (block == 0 || !g.is_multiple_of(block)) => *last = g,
            _ => ranges.push((g, g)),
        }
    }
    ranges
}

/// What a record of `cavalo match` says of the match it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedMatch {
    /// The players' names (engine 1, engine 2).
    pub names: [String; 2],
    /// What played (engine 1, engine 2).
    pub specs: [String; 2],
    /// The rule variant.
    pub rules: Rules,
    /// The limits per move, when the record keeps them.
    pub limits: Option<RecordedLimits>,
    /// The seed of the match's first board (game `g` is on board `first_seed + g / 2`).
    pub first_seed: u64,
    /// The boards (pairs) of the whole match, when the record says (`meta.match.pairs`; records
    /// written before it was kept do not).
    pub pairs: Option<u64>,
}

impl RecordedMatch {
    /// Reads a record: the match it belongs to, and the game.
    pub fn of(rec: &GameRecord) -> Result<(RecordedMatch, GameSummary), crate::RecordMismatch> {
        let m = MatchMeta::read(&rec.meta)?;
        let g = GameSummary::of(rec, &m);
        let first_seed = m.first_seed();
        let recorded = RecordedMatch {
            names: m.names,
            specs: m.specs,
            rules: rec.rules,
            limits: m.limits,
            first_seed,
            pairs: m.schedule.map(|s| s.pairs),
        };
        Ok((recorded, g))
    }

    /// The first thing in which `other`'s match differs from this one: what it is, its value here
    /// and its value in `other`. The number of pairs may differ (a match extended by `--resume`
    /// with more games).
    pub fn difference(&self, other: &RecordedMatch) -> Option<(Aspect, String, String)> {
        let limits = |m: &RecordedMatch| m.limits.as_ref().map_or_else(|| "?".to_string(), |l| l.describe());
        let fields: [(Aspect, String, String); 7] = [
            (Aspect::EngineName(1), self.names[0].clone(), other.names[0].clone()),
            (Aspect::EngineName(2), self.names[1].clone(), other.names[1].clone()),
            (Aspect::EngineSpec(1), self.specs[0].clone(), other.specs[0].clone()),
            (Aspect::EngineSpec(2), self.specs[1].clone(), other.specs[1].clone()),
            (Aspect::Rules, self.rules.to_string(), other.rules.to_string()),
            (Aspect::Limits, limits(self), limits(other)),
            (Aspect::FirstSeed, self.first_seed.to_string(), other.first_seed.to_string()),
        ];
        fields.into_iter().find(|(_, a, b)| a != b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_games_come_in_ranges_within_blocks() {
        let present: BTreeSet<u64> = [0, 1, 4, 5, 9].into_iter().collect();
        assert_eq!(missing(&present, 12, 0), [(2, 3), (6, 8), (10, 11)]);
        assert_eq!(missing(&present, 12, 4), [(2, 3), (6, 7), (8, 8), (10, 11)]);
        assert!(missing(&present, 2, 0).is_empty());
    }
}
