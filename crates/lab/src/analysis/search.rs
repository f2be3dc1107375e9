//! The searches an analysis is made of: every position of the game once, and, where the move
//! played was not the engine's choice, the position after the engine's choice, each within the
//! same budget.

use std::sync::atomic::AtomicBool;

use cavalo_engine::{Limits, Player};
use cavalo_rules::{Move, Position, Side};
use serde::{Deserialize, Serialize};

use super::Value;

/// The search budget of each position.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Nodes per position (deterministic with one thread).
    pub nodes: Option<u64>,
    /// Milliseconds per position.
    pub time_ms: Option<u64>,
    /// Search threads.
    pub threads: usize,
}

impl Budget {
    /// The search limits of one position.
    pub fn limits(&self) -> Limits {
        Limits {
            nodes: self.nodes,
            movetime: self.time_ms.map(std::time::Duration::from_millis),
            ..Limits::default()
        }
    }
}

/// The search of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionSearch {
    /// Who is to move there.
    pub side: Side,
    /// The value from that side's view.
    pub value: Value,
    /// The best move (none when the game is over).
    pub best: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nominal depth reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The search's own uncertainty, in points: how far its value moved from the last iteration
    /// before the final one (0 when the value is exact; none when the search completed fewer
    /// than two iterations, or its player reports none).
    #[serde(default)]
    pub spread: Option<i32>,
    /// The search of the position after the best move, within the same budget: made when the
    /// move played from this position was another one, so that the two moves are compared by
    /// two searches of the same kind (see [`super::judge`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_best: Option<Box<PositionSearch>>,
}

/// How far `value` is from the value of the deepest iteration shallower than `depth` among the
/// iterations reported (depth, value); none without such an iteration.
pub(crate) fn spread_of(iterations: &[(u32, i32)], depth: u32, value: i32) -> Option<i32> {
    let previous = iterations.iter().filter(|(d, _)| *d < depth).max_by_key(|(d, _)| *d)?;
    // The last report of that depth (a depth may be reported more than once).
    let last = iterations.iter().rev().find(|(d, _)| *d == previous.0)?;
    Some((value - last.1).abs())
}

/// One position searched within `limits`.
pub fn search_one(
    engine: &mut dyn Player,
    pos: &Position,
    limits: &Limits,
    stop: &AtomicBool,
) -> PositionSearch {
    let side = pos.side_to_move();
    if pos.is_over() {
        let value = Value { points: pos.points_diff(side), exact: true };
        let (best, pv) = (None, Vec::new());
        return PositionSearch {
            side,
            value,
            best,
            pv,
            depth: 0,
            nodes: 0,
            spread: Some(0),
            after_best: None,
        };
    }
    let mut iterations = Vec::new();
    let r = engine.choose(pos, limits, stop, &mut |i| iterations.push((i.depth, i.score)));
    let value = Value { points: r.info.score, exact: r.info.proven };
    let spread = if value.exact { Some(0) } else { spread_of(&iterations, r.info.depth, value.points) };
    PositionSearch {
        side,
        value,
        best: r.best_move.map(|m| m.to_string()),
        pv: r.info.pv.iter().map(Move::to_string).collect(),
        depth: r.info.depth,
        nodes: r.info.nodes,
        spread,
        after_best: None,
    }
}

/// The search of every position of a game by `engine` (our engine, or any player: a player
/// that does not prove gives values never exact), each within `budget`.
pub fn search_positions(
    engine: &mut dyn Player,
    positions: &[Position],
    budget: &Budget,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) -> Vec<PositionSearch> {
    let limits = budget.limits();
    positions
        .iter()
        .enumerate()
        .map(|(i, pos)| {
            let s = search_one(engine, pos, &limits, stop);
            progress(i + 1);
            s
        })
        .collect()
}

/// [`search_positions`], and for every ply where the position had a choice, its value was not
/// proven and the move played was not the best move found, the search of the position after the
/// best move too (in [`PositionSearch::after_best`]), right after the position's own search.
/// `progress` is told how many positions are done.
pub fn search_game(
    engine: &mut dyn Player,
    positions: &[Position],
    moves: &[Move],
    budget: &Budget,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) -> Vec<PositionSearch> {
    let limits = budget.limits();
    let mut out = Vec::with_capacity(positions.len());
    for (k, pos) in positions.iter().enumerate() {
        let mut s = search_one(engine, pos, &limits, stop);
        if let Some(child) = best_child(pos, &s, moves.get(k)) {
            s.after_best = Some(Box::new(search_one(engine, &child, &limits, stop)));
        }
        out.push(s);
        progress(k + 1);
    }
    out
}

/// The position after the best move of `s` (the search of `pos`) when the move played from `pos`
/// needs it to be compared with: `pos` had a choice, its value is unproven and `played` is
/// another move.
pub(crate) fn best_child(pos: &Position, s: &PositionSearch, played: Option<&Move>) -> Option<Position> {
    let legal = pos.legal_moves();
    let best = legal.iter().find(|m| s.best.as_deref() == Some(m.to_string().as_str()))?;
    let played = played?;
    if legal.len() < 2 || s.value.exact || best == played {
        return None;
    }
    let mut child = pos.clone();
    child.play(*best);
    Some(child)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spread_is_the_move_of_the_value_since_the_iteration_before() {
        let it = [(1, 10), (2, 40), (3, 25), (3, 31), (4, 31)];
        // Depth 4 ended at 20: the last report of depth 3 was 31.
        assert_eq!(spread_of(&it, 4, 20), Some(11));
        // An interrupted depth 5 reporting 28: against depth 4.
        assert_eq!(spread_of(&it, 5, 28), Some(3));
        assert_eq!(spread_of(&it[..1], 1, 10), None, "a single iteration has no spread");
    }
}
