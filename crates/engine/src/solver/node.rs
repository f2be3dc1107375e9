//! The solver's search of one position: the proven bounds and the table first, then the moves,
//! ordered, each child searched with a null window first (principal-variation search) and, when
//! threads share the proof, a move into a node another thread is searching put off.

use cavalo_rules::{Move, Position};

use super::{INF, STOP_EVERY, Solver, gain};

/// The ordering bonus of a node's refutation (see the solver's `refutations`): above any gain
/// (at most 2 × 99), below one reply fewer (1000). The counter-move idea of heuristic searches,
/// keyed by the opponent's knight's cell: 4.3% fewer nodes to the first proof of the 24
/// positions of `proofs-ply14.jsonl` at one thread (98.8 M against 103.3 M, the heuristic
/// search's included); as a bonus of 1000 or 2000 (as one or two replies fewer) 3.8% and 3.5%.
const REFUTATION: i32 = 200;

/// One move of a node being searched. A node's moves sit in the solver's buffer above its
/// parent's, so nothing is allocated or filled per node beyond the moves it has.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    /// The ordering key, larger first (while the moves are being ranked: the child's replies).
    rank: i32,
    mv: Move,
    /// The least and the most the move is worth to the mover by what is known of the child (the
    /// end of the game, or its entry in the table).
    floor: i32,
    ceiling: i32,
    /// The child's hash.
    key: u64,
}

impl Solver {
    /// The rest of `pos` if inside `(alpha, beta)`; otherwise a bound on the same side.
    pub(super) fn rest(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        mut beta: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> i32 {
        self.nodes += 1;
        let first_node = self.nodes;
        if self.nodes > self.budget {
            self.aborted = true;
            return 0;
        }
        if self.nodes.is_multiple_of(STOP_EVERY) {
            if stop(self.nodes) {
                self.aborted = true;
                return 0;
            }
            if self.probe_answered() {
                (self.aborted, self.stale) = (true, true);
                return 0;
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return 0;
        }
        let me = pos.side_to_move();
        let open = pos.holding();
        let key = pos.hash();
        // The table is read after the bounds below: its line is on its way meanwhile.
        self.prefetch(key);
        // The mover can at most win what it can still collect (see `crate::bounds`); the
        // opponent the same.
        if let (Some(c), true) = (&self.collectable, pos.placements_done()) {
            // The upper bound below is at least the mover's floor less the opponent's best
            // landing now (`gain_floor`s: the bound never counts less than the largest value in
            // reach, and the opponent's sure reply never exceeds its best landing now). When that
            // alone is above alpha and does not narrow beta, the mover's flood fill cannot cut or
            // narrow: it is skipped (same trees, fewer fills).
            let opp_floor = c.gain_floor(pos, !me);
            let least_upper = c.gain_floor(pos, me) - opp_floor;
            let upper = if least_upper > alpha && least_upper >= beta - 1 {
                None
            } else {
                let upper = c.gain_bound(pos, me);
                if upper <= alpha {
                    return upper;
                }
                Some(upper)
            };
            // Each side also wins at least what it is sure of (see `crate::bounds`). The
            // opponent's bound (a second flood fill) is only worked out when the lower bound it
            // gives could cut or narrow the window, by what its floor allows.
            let lower = c.best_landing(pos, me);
            let lower =
                if lower - opp_floor >= beta.min(alpha + 2) { lower - c.gain_bound(pos, !me) } else { -INF };
            if lower >= beta {
                return lower;
            }
            if let Some(upper) = upper {
                let upper = upper - c.sure_reply(pos, upper - alpha, opp_floor);
                if upper <= alpha {
                    return upper;
                }
                beta = beta.min(upper + 1);
            }
            alpha = alpha.max(lower - 1);
        }
        let mut tt_move = None;
        // (A position never comes back in its own subtree, so this entry is still what the
        // table knows when the node stores its result below.)
        let stored = self.probe(key);
        if let Some(s) = stored {
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
        if tt_move.is_none()
            && open.len() >= self.hint_cells
            && let Some(t) = &self.hints
        {
            tt_move = t.probe(key).and_then(|e| e.best_move);
        }
        let (alpha0, beta0) = (alpha, beta);
        let n = moves.len();
        let refutation = self.refutation(pos);
        let base = self.kids.len();
        // Each child's replies and key, its table line fetched while the others are played (the
        // table's move too: searched first, its line is wanted soonest).
        for &m in moves.iter() {
            let (replies, child) = if n > 1 {
                let undo = pos.play(m);
                let child = (pos.legal_moves().len() as i32, pos.hash());
                pos.unplay(m, undo);
                self.prefetch(child.1);
                child
            } else {
                (0, 0)
            };
            self.kids.push(Child { rank: replies, mv: m, floor: -INF, ceiling: INF, key: child });
        }
        // The table's move first; then the moves that leave the opponent the fewest replies
        // (a proof needs one refutation, and a cramped opponent has few), among those the last
        // move that cut a node with the opponent's knight on the same cell (a refutation), then
        // the larger gain (a default double removal before the others). A child the table already
        // refutes enough cuts the node before any is searched; one it shows cannot raise alpha is
        // not searched (and goes last).
        for i in base..base + n {
            let Child { rank: replies, mv: m, key: child, .. } = self.kids[i];
            let (rank, floor, ceiling) = if Some(m) == tt_move {
                (i32::MAX, -INF, INF)
            } else if n == 1 {
                (0, -INF, INF)
            } else {
                // The child's rest: 0 when the game ends there, else what the table knows.
                let (lo, hi) = if replies == 0 {
                    (0, 0)
                } else {
                    self.probe(child).map_or((-INF, INF), |c| (i32::from(c.lo), i32::from(c.hi)))
                };
                let g = gain(pos, m);
                if g - hi >= beta {
                    let v = g - hi;
                    let hi = stored.map_or(INF, |s| i32::from(s.hi));
                    self.store(key, v.max(stored.map_or(-INF, |s| i32::from(s.lo))), hi, m, 1);
                    self.kids.truncate(base);
                    return v;
                }
                let refutes = m.destination().is_some_and(|d| Some(d.index()) == refutation);
                let rank = -replies * 1000 + REFUTATION * i32::from(refutes) + g * 2
                    - i32::from(m.removal().is_some());
                (if g - lo <= alpha { i32::MIN } else { rank }, g - hi, g - lo)
            };
            let c = &mut self.kids[i];
            (c.rank, c.floor, c.ceiling) = (rank, floor, ceiling);
        }
        self.kids[base..].sort_by_key(|c| std::cmp::Reverse(c.rank));
        let mut best = -INF;
        let mut best_move = self.kids[base].mv;
        // Near the root of a proof shared by threads, a move whose child another thread is
        // searching waits for a second pass (see `defer_cells`).
        let defer = n > 1 && open.len() >= self.defer_cells;
        if defer {
            self.table.mark_busy(key);
        }
        let mut passes = Passes::new(n);
        while let Some(i) = passes.next() {
            let Child { mv: m, floor, ceiling, key: child, .. } = self.kids[base + i];
            if ceiling <= alpha {
                if ceiling > best {
                    best = ceiling;
                    best_move = m;
                }
                continue;
            }
            if defer && passes.may_defer() && floor < ceiling && self.table.is_busy(child) {
                passes.defer(i);
                continue;
            }
            let v = self.child_value(pos, (i, m, floor, ceiling), alpha, beta, stop);
            if self.aborted {
                break;
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
        if defer {
            self.table.unmark_busy(key);
        }
        self.kids.truncate(base);
        if self.aborted {
            return 0;
        }
        let (lo, hi) = if best <= alpha0 {
            (-INF, best)
        } else if best >= beta0 {
            (best, INF)
        } else {
            (best, best)
        };
        // A fail-low names no good move: the move of an earlier result is kept then.
        let (lo, hi, best_move) = match stored {
            Some(s) => (
                lo.max(i32::from(s.lo)),
                hi.min(i32::from(s.hi)),
                if best <= alpha0 { Move::from_bits(s.mv).unwrap_or(best_move) } else { best_move },
            ),
            None => (lo, hi, best_move),
        };
        if best >= beta0 && n > 1 {
            self.record_refutation(pos, best_move);
        }
        let work = (self.nodes - first_node + 1).ilog2() as u8 + 1; // at most 65
        self.store(key, lo, hi, best_move, work);
        best
    }

    /// The destination cell of the last move that cut a node of this side to move with the
    /// opponent's knight where it is in `pos` (see the solver's `refutations`).
    #[inline]
    fn refutation(&self, pos: &Position) -> Option<usize> {
        let me = pos.side_to_move();
        let theirs = pos.knight(!me)?;
        (self.refutations[me.index()][theirs.index()] as usize).checked_sub(1)
    }

    /// Remembers `m` as the refutation of `pos`'s side to move against the opponent's knight's
    /// cell.
    fn record_refutation(&mut self, pos: &Position, m: Move) {
        let me = pos.side_to_move();
        if let (Some(theirs), Some(d)) = (pos.knight(!me), m.destination()) {
            self.refutations[me.index()][theirs.index()] = d.index() as u8 + 1;
        }
    }

    /// The value for the mover of `m`, the `i`-th move tried at a node with window
    /// `(alpha, beta)`: `floor` when the child's value is known (`floor == ceiling`), else
    /// searched, the first move with the whole window, the others with a null window first
    /// (principal-variation search).
    fn child_value(
        &mut self,
        pos: &mut Position,
        (i, m, floor, ceiling): (usize, Move, i32, i32),
        alpha: i32,
        beta: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> i32 {
        if floor >= ceiling {
            return floor;
        }
        let g = gain(pos, m);
        let undo = pos.play(m);
        let v = if i == 0 {
            g - self.rest(pos, g - beta, g - alpha, stop)
        } else {
            let v = g - self.rest(pos, g - alpha - 1, g - alpha, stop);
            if v > alpha && v < beta && !self.aborted { g - self.rest(pos, g - beta, g - v, stop) } else { v }
        };
        pos.unplay(m, undo);
        v
    }
}

/// The order in which a node's moves (indices `0..n`, best first) are searched when threads
/// share the work: in order, but a move put off (see [`Passes::defer`]) comes after the others,
/// once. The first move too: two threads that met at a node part at once instead of searching
/// its first move together (at 2 threads, 0.80 s to a proof against 0.95 s when the first move
/// was never put off, `bench --proofs`).
pub(super) struct Passes {
    n: usize,
    next: usize,
    /// The moves put off, by index.
    deferred: u128,
    /// Searching the moves put off.
    second: bool,
}

impl Passes {
    pub(super) fn new(n: usize) -> Passes {
        Passes { n, next: 0, deferred: 0, second: false }
    }

    /// Whether a move may be put off (not already put off once).
    pub(super) fn may_defer(&self) -> bool {
        !self.second
    }

    /// Puts move `i` off until the others have been searched.
    pub(super) fn defer(&mut self, i: usize) {
        self.deferred |= 1 << i;
    }

    /// The next move to search.
    pub(super) fn next(&mut self) -> Option<usize> {
        loop {
            if self.next == self.n {
                if self.second || self.deferred == 0 {
                    return None;
                }
                (self.second, self.next) = (true, 0);
            }
            let i = self.next;
            self.next += 1;
            if !self.second || self.deferred >> i & 1 != 0 {
                return Some(i);
            }
        }
    }
}
