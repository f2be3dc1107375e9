//! Game records: the rules, the start (seed or position string), the moves and the result, as
//! JSON. A record can be replayed, and replaying checks every move.

use serde::{Deserialize, Serialize};

use crate::error::{PositionError, RecordError};
use crate::{Move, Outcome, Position, Rules};

/// Where a recorded game starts.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Start {
    /// The seeded board before the placements (RULES.md §7).
    Seed(u64),
    /// A position string.
    Position(String),
}

impl Start {
    /// The position the game starts from under `rules`.
    pub fn position(&self, rules: Rules) -> Result<Position, PositionError> {
        match self {
            Start::Seed(s) => Ok(Position::from_seed(*s, rules)),
            Start::Position(p) => Position::from_position_string(p, rules),
        }
    }
}

/// A game as JSON: `{"rules":{...},"start":{"seed":7},"moves":["J1","C10",...],"result":"white","points":[250,198]}`.
///
/// `meta` carries anything a front end wants to keep (players, dates, per-move statistics);
/// replaying ignores it.
///
/// ```
/// use cavalo_rules::{GameRecord, Start, Rules};
/// let mut rec = GameRecord::new(Start::Seed(1), Rules::default());
/// let mut pos = rec.initial_position().unwrap();
/// let mv = pos.legal_moves()[0];
/// pos.play(mv);
/// rec.moves.push(mv.to_string());
/// let json = rec.to_json();
/// let back = GameRecord::from_json(&json).unwrap();
/// assert_eq!(back.replay().unwrap().last().unwrap(), &pos);
/// ```
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The rule variant.
    #[serde(default)]
    pub rules: Rules,
    /// The starting position.
    pub start: Start,
    /// Every ply in order, in move notation (placements and passes included).
    #[serde(default)]
    pub moves: Vec<String>,
    /// The result, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// White's and Black's points at the end of the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<[u16; 2]>,
    /// Free-form extra data.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>"))]
    pub meta: serde_json::Map<String, serde_json::Value>,
}

impl GameRecord {
    /// An empty record.
    pub fn new(start: Start, rules: Rules) -> GameRecord {
        GameRecord { rules, start, moves: Vec::new(), result: None, points: None, meta: Default::default() }
    }

    /// The position the game starts from.
    pub fn initial_position(&self) -> Result<Position, PositionError> {
        self.start.position(self.rules)
    }

    /// The parsed, checked moves.
    pub fn parsed_moves(&self) -> Result<Vec<Move>, RecordError> {
        let mut pos = self.initial_position().map_err(RecordError::Start)?;
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let mv = pos.parse_move(text).map_err(|error| RecordError::Move {
                index: i + 1,
                ply: pos.side_to_move().to_string(),
                error,
            })?;
            pos.play(mv);
            out.push(mv);
        }
        Ok(out)
    }

    /// Replays the game: the initial position and the position after every move. Checks every
    /// move, and the result and points when the record states them.
    pub fn replay(&self) -> Result<Vec<Position>, RecordError> {
        let mut pos = self.initial_position().map_err(RecordError::Start)?;
        let mut out = vec![pos.clone()];
        for mv in self.parsed_moves()? {
            pos.play(mv);
            out.push(pos.clone());
        }
        if let Some(r) = self.result {
            match pos.outcome() {
                None => return Err(RecordError::Result(format!("`{}` but the game is not over", r.name()))),
                Some(o) if o != r => {
                    return Err(RecordError::Result(format!(
                        "`{}` but the game ends `{}`",
                        r.name(),
                        o.name()
                    )));
                }
                _ => {}
            }
        }
        if let Some([w, b]) = self.points {
            let got = [pos.points(crate::Side::White), pos.points(crate::Side::Black)];
            if got != [w, b] {
                return Err(RecordError::Result(format!(
                    "points {w}-{b} but the moves give {}-{}",
                    got[0], got[1]
                )));
            }
        }
        Ok(out)
    }

    /// Records the final state: points, and the result if the game is over.
    pub fn finish(&mut self, final_position: &Position) {
        self.points =
            Some([final_position.points(crate::Side::White), final_position.points(crate::Side::Black)]);
        self.result = final_position.outcome();
    }

    /// Pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// One-line JSON (for JSON-lines files).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a record always serialises")
    }

    /// Reads a record from JSON (the moves are checked by [`replay`](GameRecord::replay)).
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_records_say_what_is_wrong() {
        assert!(matches!(GameRecord::from_json("{"), Err(RecordError::Json(_))));
        assert!(GameRecord::from_json(r#"{"start":{"moon":1}}"#).is_err());
        let r = GameRecord::from_json(r#"{"start":{"seed":1},"moves":["J1","A1"]}"#).unwrap();
        let e = r.replay().unwrap_err().to_string();
        assert!(e.contains("move 1") && e.contains("F1"), "{e}");
        let r = GameRecord::from_json(r#"{"start":{"seed":1},"moves":["F1"],"result":"draw"}"#).unwrap();
        assert!(r.replay().unwrap_err().to_string().contains("not over"));
        let r = GameRecord::from_json(r#"{"start":{"position":"x"}}"#).unwrap();
        assert!(matches!(r.replay(), Err(RecordError::Start(_))));
    }
}
