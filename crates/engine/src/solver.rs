//! An exact solver for labelling positions: plain alpha-beta (principal-variation search) to the
//! end of the game, with no evaluation and no horizon, a table of bounds on the points still to
//! be won, and a node budget. Used to make training data and the accuracy suite, not to play.
//!
//! Values are *rests*: the points the side to move will still win minus the points the
//! opponent will still win with best play by both; they depend only on the cells, the knights and
//! the side to move, so the table is keyed by the position's hash.

use cavalo_rules::{CellSet, Move, Position};

use crate::eval::{ValuePlanes, reachable};

const INF: i32 = 10_000;

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    lo: i16,
    hi: i16,
    mv: u16,
    /// Cells still holding a number when stored: entries nearer the root are worth more.
    size: u8,
}

/// An exact solver with its table. Reuse it across positions of one board (the table helps);
/// call [`Solver::clear`] before a position of another board (the table's keys do not name
/// the board's values).
pub struct Solver {
    table: Vec<[Slot; 2]>,
    mask: usize,
    nodes: u64,
    budget: u64,
    aborted: bool,
    planes: ValuePlanes,
}

impl Solver {
    /// A solver whose table has about `mib` MiB, giving up after `budget` nodes per call.
    pub fn new(mib: usize, budget: u64) -> Solver {
        let buckets = (mib.max(1) << 20) / std::mem::size_of::<[Slot; 2]>();
        let buckets = buckets.next_power_of_two() / 2;
        Solver {
            table: vec![[Slot::default(); 2]; buckets.max(1)],
            mask: buckets.max(1) - 1,
            nodes: 0,
            budget,
            aborted: false,
            planes: ValuePlanes::default(),
        }
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|b| *b = [Slot::default(); 2]);
    }

    /// Nodes visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The final points difference (side to move minus opponent) of `pos` with best play, or
    /// `None` when the budget ran out.
    pub fn solve(&mut self, pos: &Position) -> Option<i32> {
        self.start(pos);
        let mut p = pos.clone();
        let r = self.rest(&mut p, -INF, INF);
        (!self.aborted).then(|| pos.points_diff(pos.side_to_move()) + r)
    }

    /// The final points difference for the mover after each legal move of `pos` with best play
    /// afterwards, or `None` when the budget (for all of them together) ran out.
    pub fn move_values(&mut self, pos: &Position) -> Option<Vec<(Move, i32)>> {
        self.start(pos);
        let mut p = pos.clone();
        let diff = pos.points_diff(pos.side_to_move());
        let mut out = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let gain = gain(&p, mv);
            let undo = p.play(mv);
            let r = self.rest(&mut p, -INF, INF);
            p.unplay(mv, undo);
            if self.aborted {
                return None;
            }
            out.push((mv, diff + gain - r));
        }
        Some(out)
    }

    fn start(&mut self, pos: &Position) {
        self.nodes = 0;
        self.aborted = false;
        self.planes = ValuePlanes::new(pos);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    fn probe(&self, key: u64) -> Option<Slot> {
        self.table[self.bucket(key)].iter().find(|s| s.key == key && s.size > 0).copied()
    }

    fn store(&mut self, key: u64, lo: i32, hi: i32, mv: Move, size: u8) {
        let i = self.bucket(key);
        let b = &mut self.table[i];
        let slot = Slot { key, lo: lo as i16, hi: hi as i16, mv: mv.bits(), size };
        if b[0].key == key || b[0].size <= size {
            if b[0].key != key && b[0].size > 0 {
                b[1] = b[0];
            }
            b[0] = slot;
        } else {
            b[1] = slot;
        }
    }

    /// The rest of `pos` if inside `(alpha, beta)`; otherwise a bound on the same side.
    fn rest(&mut self, pos: &mut Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return 0;
        }
        let me = pos.side_to_move();
        let open = pos.holding();
        // The mover can at most win every value its knight can still reach; the opponent the same.
        if let (Some(km), Some(ko)) = (pos.knight(me), pos.knight(!me)) {
            let upper = self.planes.sum(reachable(CellSet::from_cell(km), open));
            if upper <= alpha {
                return upper;
            }
            let lower = -self.planes.sum(reachable(CellSet::from_cell(ko), open));
            if lower >= beta {
                return lower;
            }
            alpha = alpha.max(lower - 1);
            beta = beta.min(upper + 1);
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(s) = self.probe(key) {
            let (lo, hi) = (i32::from(s.lo), i32::from(s.hi));
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo - 1);
            beta = beta.min(hi + 1);
            tt_move = Move::from_bits(s.mv);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut order: [(i32, Move); cavalo_rules::MAX_MOVES] = [(0, Move::PASS); cavalo_rules::MAX_MOVES];
        let n = moves.len();
        for (i, &m) in moves.iter().enumerate() {
            let key =
                if Some(m) == tt_move { 1000 } else { gain(pos, m) * 2 - i32::from(m.removal().is_some()) };
            order[i] = (key, m);
        }
        order[..n].sort_unstable_by_key(|o| std::cmp::Reverse(o.0));
        let mut best = -INF;
        let mut best_move = order[0].1;
        for (i, &(_, m)) in order[..n].iter().enumerate() {
            let g = gain(pos, m);
            let undo = pos.play(m);
            let mut v;
            if i == 0 {
                v = g - self.rest(pos, g - beta, g - alpha);
            } else {
                v = g - self.rest(pos, g - alpha - 1, g - alpha);
                if v > alpha && v < beta && !self.aborted {
                    v = g - self.rest(pos, g - beta, g - v);
                }
            }
            pos.unplay(m, undo);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (lo, hi) = if best <= alpha0 {
            (-INF, best)
        } else if best >= beta0 {
            (best, INF)
        } else {
            (best, best)
        };
        let (lo, hi) = match self.probe(key) {
            Some(s) => (lo.max(i32::from(s.lo)), hi.min(i32::from(s.hi))),
            None => (lo, hi),
        };
        self.store(key, lo, hi, best_move, open.len() as u8);
        best
    }
}

/// The points `mv` wins for the mover in `pos`.
#[inline]
fn gain(pos: &Position, mv: Move) -> i32 {
    mv.destination().and_then(|d| pos.value_at(d)).map_or(0, i32::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Rules;

    /// Plain minimax to the end of the game.
    fn minimax(pos: &mut Position) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.points_diff(pos.side_to_move());
        }
        let mut best = i32::MIN;
        for &m in moves.iter() {
            let u = pos.play(m);
            best = best.max(-minimax(pos));
            pos.unplay(m, u);
        }
        best
    }

    fn late_position(seed: u64, rules: Rules, ply: u16) -> Option<Position> {
        let mut p = Position::from_seed(seed, rules);
        while p.ply() < ply {
            let moves = p.legal_moves();
            let m = *moves.get((seed as usize + p.ply() as usize) % moves.len().max(1))?;
            p.play(m);
        }
        (!p.is_over()).then_some(p)
    }

    #[test]
    fn the_solver_agrees_with_minimax() {
        let mut checked = 0;
        for seed in 1..40 {
            for rules in [Rules::CANONICAL, Rules { threat: false, ..Rules::CANONICAL }] {
                for ply in [40, 48, 56] {
                    let Some(pos) = late_position(seed, rules, ply) else { continue };
                    let mut s = Solver::new(1, u64::MAX);
                    let exact = minimax(&mut pos.clone());
                    assert_eq!(s.solve(&pos), Some(exact), "{pos}");
                    let values = s.move_values(&pos).unwrap();
                    for (m, v) in values {
                        let mut c = pos.clone();
                        c.play(m);
                        assert_eq!(v, -minimax(&mut c), "{pos} {m}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn the_budget_is_honoured() {
        let pos = late_position(3, Rules::CANONICAL, 4).unwrap();
        let mut s = Solver::new(1, 1000);
        assert_eq!(s.solve(&pos), None);
        assert!(s.nodes() <= 1001);
    }
}
