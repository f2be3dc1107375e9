//! Move ordering: the keys a node's moves are tried by (the table's move, the killers, the value
//! landed on, the history), the per-ply buffers they are picked from, and what a cut-off teaches
//! (killers and history).

use cavalo_rules::{MAX_MOVES, Move, Position, Side};

use crate::params::{MAX_PLY, SearchConfig};

/// The history of one thread: for each side, how well landing on each cell did.
pub(crate) type History = [[i32; 100]; 2];

/// The killers, the history and the move buffers of one search thread.
pub(crate) struct MoveOrdering {
    /// Per ply, the last two moves that caused a cut-off.
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Kept by the engine between searches.
    history: Box<History>,
    /// Per-ply move buffers with ordering keys (allocated once, not per node).
    buf: Box<[[(i32, Move); MAX_MOVES]; MAX_PLY]>,
}

impl MoveOrdering {
    /// No killers, the engine's `history`, empty buffers.
    pub(crate) fn new(history: Box<History>) -> MoveOrdering {
        MoveOrdering {
            killers: [[None; 2]; MAX_PLY],
            history,
            buf: Box::new([[(0, Move::PASS); MAX_MOVES]; MAX_PLY]),
        }
    }

    /// The history, for the engine to keep.
    pub(crate) fn into_history(self) -> Box<History> {
        self.history
    }

    /// Fills the ply's buffer with `moves` and their keys: the table's move first, then the
    /// killers, then by value landed on plus history; non-default double removals last among
    /// equals.
    pub(crate) fn score(
        &mut self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
        c: &SearchConfig,
    ) {
        let side = pos.side_to_move().index();
        let killers = self.killers[ply];
        for (i, &m) in moves.iter().enumerate() {
            let key = if Some(m) == tt_move {
                1 << 30
            } else if let Some(d) = m.destination() {
                let v = pos.value_at(d).unwrap_or(0) as i32;
                let killer = if killers[0] == Some(m) {
                    c.killer_first
                } else if killers[1] == Some(m) {
                    c.killer_second
                } else {
                    0
                };
                let extra_removal = if m.removal().is_some() { -c.removal_penalty } else { 0 };
                killer + v * c.value_weight + self.history[side][d.index()] + extra_removal
            } else {
                0
            };
            self.buf[ply][i] = (key, m);
        }
    }

    /// Puts `m` with `key` at place `i` of the ply's buffer (a node that keys its moves itself).
    #[inline]
    pub(crate) fn set(&mut self, ply: usize, i: usize, key: i32, m: Move) {
        self.buf[ply][i] = (key, m);
    }

    /// Moves the best-keyed of the ply's buffer `i..n` to place `i` and returns it.
    #[inline]
    pub(crate) fn pick(&mut self, ply: usize, i: usize, n: usize) -> Move {
        let b = &mut self.buf[ply];
        let mut best = i;
        for j in i + 1..n {
            if b[j].0 > b[best].0 {
                best = j;
            }
        }
        b.swap(i, best);
        b[i].1
    }

    /// After a cut-off by `best` for `side`: it becomes the ply's first killer and gains history,
    /// and the `tried` moves searched before it (the first of the ply's buffer) lose some.
    pub(crate) fn reward(
        &mut self,
        side: Side,
        best: Move,
        tried: usize,
        depth: i32,
        ply: usize,
        c: &SearchConfig,
    ) {
        if self.killers[ply][0] != Some(best) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best);
        }
        let history_max = c.history_max;
        let bonus = (depth * depth * c.history_bonus).min(history_max / 2);
        let history = &mut self.history[side.index()];
        let mut update = |m: Move, b: i32| {
            if let Some(d) = m.destination() {
                let h = &mut history[d.index()];
                // In i64: with the largest settings the product does not fit in an i32.
                *h += b - (*h as i64 * b.abs() as i64 / history_max as i64) as i32;
            }
        };
        update(best, bonus);
        for &(_, m) in &self.buf[ply][..tried] {
            if m != best {
                update(m, -bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use cavalo_rules::Rules;

    use super::*;

    /// A position after the placements, with several moves to order.
    fn position() -> Position {
        let mut pos = Position::from_seed(1, Rules::default());
        while pos.legal_moves().len() <= 1 {
            let m = pos.legal_moves()[0];
            pos.play(m);
        }
        pos
    }

    #[test]
    fn the_table_move_comes_first_then_killers_then_values() {
        let pos = position();
        let moves = pos.legal_moves();
        let c = SearchConfig::default();
        let mut o = MoveOrdering::new(Box::new([[0; 100]; 2]));
        let last = moves[moves.len() - 1];
        o.score(&pos, &moves, Some(last), 3, &c);
        assert_eq!(o.pick(3, 0, moves.len()), last, "the table's move first");
        let picked: Vec<Move> = (1..moves.len()).map(|i| o.pick(3, i, moves.len())).collect();
        let value = |m: &Move| m.destination().and_then(|d| pos.value_at(d)).unwrap_or(0);
        assert!(picked.windows(2).all(|w| value(&w[0]) >= value(&w[1]) || w[1].removal().is_none()));

        // A cut-off by the last picked move makes it a killer: next time it comes right after
        // the table's move.
        // (A move whose cell no other move lands on: the others lose history by cell.)
        let lands = |m: &Move| m.destination();
        let killer = *picked
            .iter()
            .rev()
            .find(|m| moves.iter().filter(|o| lands(o) == lands(m)).count() == 1)
            .unwrap();
        let tried = (0..moves.len()).map(|i| o.pick(3, i, moves.len())).position(|m| m == killer).unwrap();
        o.reward(pos.side_to_move(), killer, tried, 4, 3, &c);
        o.score(&pos, &moves, Some(last), 3, &c);
        o.pick(3, 0, moves.len());
        assert_eq!(o.pick(3, 1, moves.len()), killer);
        let h = o.into_history();
        let d = killer.destination().unwrap().index();
        let side = pos.side_to_move().index();
        assert!(h[side][d] > 0, "the killer gained history");
        let first = picked[0].destination().unwrap().index();
        assert!(first == d || h[side][first] < 0, "a move tried before it lost some");
    }
}
