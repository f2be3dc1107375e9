//! An exact solver for labelling positions: plain alpha-beta (principal-variation search) to the
//! end of the game, with no evaluation and no horizon, a table of bounds on the points still to
//! be won, and a node budget. Used to make training data and the accuracy suite, not to play.
//!
//! Values are *rests*: the points the side to move will still win minus the points the
//! opponent will still win with best play by both; they depend only on the cells, the knights and
//! the side to move, so the table is keyed by the position's hash.
//!
//! The engine also uses it as its *proof search* ([`Solver::prove`]): null-window probes
//! "is the rest at least `x`?" with no depth limit (MTD(f) around the heuristic score), the table
//! keeping a proven lower and upper bound per position, so that a `go` proves the exact result
//! long before a depth-limited search sees every line to its end.

use cavalo_rules::{Move, Position};

use std::sync::Arc;

use crate::bounds::Collectable;
use crate::tt::Table;

const INF: i32 = 10_000;

/// The solver checks its stop condition every this many nodes.
const STOP_EVERY: u64 = 64;

mod table;

pub use table::ProofTable;
use table::{Known, ROOT_WORK};

/// An exact solver with its table. Reuse it across positions of one board (the table helps);
/// call [`Solver::clear`] before a position of another board (the table's keys do not name
/// the board's values).
pub struct Solver {
    /// The table (shared with the other threads proving positions of the same board, if any).
    table: Arc<ProofTable>,
    nodes: u64,
    budget: u64,
    aborted: bool,
    /// The proven bounds on what each side can still collect, for the board being solved.
    collectable: Option<Collectable>,
    /// A heuristic search's table whose best moves order the moves of positions that the
    /// solver's own table has no move for, while at least `hint_cells` cells hold numbers.
    hints: Option<Arc<Table>>,
    hint_cells: usize,
    /// Nodes with at least this many cells holding numbers tell the other threads that they
    /// are being searched, and put off the moves into nodes another thread is searching
    /// (simplified ABDADA; `usize::MAX`: alone, off).
    defer_cells: usize,
    /// The key of the position [`Solver::prove`] is proving while sharing the work (see
    /// [`Solver::set_deferral`]): the search stops early when another thread has proven it.
    root: Option<u64>,
}

/// The proof of a position's exact result (see [`Solver::prove`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The final points difference (side to move minus opponent) with best play.
    pub diff: i32,
    /// A best move, then the moves the table remembers after it (a line, not all proven best).
    pub line: Vec<Move>,
}

impl Solver {
    /// A solver whose table has about `mib` MiB, giving up after `budget` nodes per call.
    pub fn new(mib: usize, budget: u64) -> Solver {
        Solver::try_new(mib, budget).expect("the solver's table can be allocated")
    }

    /// Like [`Solver::new`], or `None` when the memory cannot be had (never an abort).
    pub fn try_new(mib: usize, budget: u64) -> Option<Solver> {
        Some(Solver::sharing(Arc::new(ProofTable::try_new(mib)?), budget))
    }

    /// A solver using `table`, which other solvers (other threads) may use at the same time on
    /// the same board: what one proves, the others read.
    pub fn sharing(table: Arc<ProofTable>, budget: u64) -> Solver {
        Solver {
            table,
            nodes: 0,
            budget,
            aborted: false,
            collectable: None,
            hints: None,
            hint_cells: usize::MAX,
            defer_cells: usize::MAX,
            root: None,
        }
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Orders the moves of positions with at least `min_cells` cells holding numbers by the best
    /// moves of `table` (a heuristic search's table on the same board) when the solver's own
    /// table has none; `None` turns the hints off.
    pub fn set_hints(&mut self, table: Option<Arc<Table>>, min_cells: usize) {
        self.hints = table;
        self.hint_cells = min_cells;
    }

    /// Shares the work with other threads proving the same position through the table: nodes
    /// with at least `min_cells` cells holding numbers (the top of the tree) are marked while
    /// searched, and a move into a node another thread is searching is tried after the others
    /// (but a node's first move); a proof also ends as soon as the table holds the exact value
    /// of its position (another thread proved it). `usize::MAX`: off (one thread).
    pub fn set_deferral(&mut self, min_cells: usize) {
        self.defer_cells = min_cells;
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
        let r = self.rest(&mut p, -INF, INF, &mut |_| false);
        (!self.aborted).then(|| pos.points_diff(pos.side_to_move()) + r)
    }

    /// The proof search: the exact result of `pos` by null-window probes "is the rest at least
    /// `x`?" starting at `guess` (the expected final difference, side to move's view) and
    /// moving by whole points until the lower and upper bounds meet (MTD(f)). Each probe only
    /// needs one refuting move where the answer is yes, and the proven bounds of
    /// [`crate::bounds`] cut far more at a null window. Gives up (`None`) after `budget` nodes or
    /// when `stop` (called every 64 nodes with the nodes so far) says so; the table keeps what
    /// was proven, so a later call goes on from there. The table is emptied first when `pos` is
    /// on another board than the last call's.
    pub fn prove(
        &mut self,
        pos: &Position,
        guess: i32,
        budget: u64,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Proof> {
        self.table.claim(pos.board(), pos.rules());
        self.start(pos);
        let saved = std::mem::replace(&mut self.budget, budget);
        let proof = self.mtd(&mut pos.clone(), guess - pos.points_diff(pos.side_to_move()), stop);
        self.budget = saved;
        let (rest, best) = proof?;
        let diff = pos.points_diff(pos.side_to_move()) + rest;
        let mut line = Vec::new();
        if let Some(m) = best {
            line.push(m);
            let mut p = pos.clone();
            p.play(m);
            while line.len() < 64 {
                let Some(m) = self.probe(p.hash()).and_then(|s| Move::from_bits(s.mv)) else { break };
                if !p.legal_moves().contains(&m) {
                    break;
                }
                p.play(m);
                line.push(m);
            }
        }
        Some(Proof { diff, line })
    }

    /// MTD(f) at the root: the exact rest and a move that achieves it (none when the game is
    /// over), or `None` when stopped.
    fn mtd(
        &mut self,
        pos: &mut Position,
        guess: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<(i32, Option<Move>)> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some((0, None));
        }
        let key = pos.hash();
        let (mut lo, mut hi, mut best) = match self.probe(key) {
            Some(s) => (i32::from(s.lo), i32::from(s.hi), Move::from_bits(s.mv)),
            None => (-INF, INF, None),
        };
        // The stored move is only trusted when it is legal here and the value is known.
        best = best.filter(|m| moves.contains(m));
        if lo == hi && best.is_some() {
            return Some((lo, best));
        }
        // The value is known but not its move: find one again (and do not stop on the entry).
        let moveless = lo == hi;
        if moveless {
            lo = -INF;
        }
        // (Alone, no other thread can prove it: no need to look.)
        self.root = (!moveless && self.shares_work()).then_some(key);
        // The next probe's beta. Values often come back just past beta (the table's bounds of
        // earlier probes), so consecutive probes that move the same way take doubling steps,
        // and once both bounds are known the gap is bisected.
        let mut beta = guess;
        let mut step = 1;
        let mut last_up = None;
        while lo < hi {
            // Other threads proving the same position share the table: their bounds count too.
            (lo, hi, best) = self.merge_root(key, &moves, lo, hi, best);
            if lo >= hi {
                break;
            }
            beta = beta.clamp(lo + 1, hi);
            // One null-window probe over the root moves, the last best first.
            let mut value = -INF;
            let mut raised = None;
            let mut order: Vec<Move> = moves.iter().copied().collect();
            order.sort_by_key(|&m| (Some(m) != best, std::cmp::Reverse(gain(pos, m))));
            // Sharing the work, a move into a node another thread is searching waits.
            let mut passes = Passes::new(order.len());
            while let Some(i) = passes.next() {
                let m = order[i];
                let gm = gain(pos, m);
                let undo = pos.play(m);
                if self.shares_work() && passes.may_defer(i) && self.table.is_busy(pos.hash()) {
                    pos.unplay(m, undo);
                    passes.defer(i);
                    continue;
                }
                let v = gm - self.rest(pos, gm - beta, gm - beta + 1, stop);
                pos.unplay(m, undo);
                if self.aborted {
                    // Keep the bounds proven so far for the next call.
                    // (A lower bound only with the move that reached it.)
                    if (lo > -INF && best.is_some()) || (lo == -INF && hi < INF) {
                        (lo, hi, best) = self.store_root(key, &moves, lo, hi, best);
                    }
                    // Another thread may have finished the proof.
                    let (lo, hi, best) = self.merge_root(key, &moves, lo, hi, best);
                    self.root = None;
                    return (lo == hi && best.is_some()).then_some((lo, best));
                }
                if v > value {
                    value = v;
                    if v >= beta {
                        raised = Some(m);
                        break;
                    }
                }
            }
            let up = value >= beta;
            if up {
                lo = value;
                best = raised;
            } else {
                hi = value;
            }
            step = if last_up == Some(up) { (step * 2).min(INF) } else { 1 };
            last_up = Some(up);
            beta = if up { lo + step } else { hi + 1 - step };
            if lo > -INF && hi < INF && step > 1 {
                beta = lo + (hi - lo + 1) / 2;
            }
            (lo, hi, best) = self.store_root(key, &moves, lo, hi, best);
        }
        self.root = None;
        Some((lo, best))
    }

    /// The root's bounds `lo..=hi` (`best`: the move of `lo`) tightened by the table's entry
    /// for it (another thread's proof of the same position), its move taken only when legal.
    fn merge_root(
        &self,
        key: u64,
        moves: &[Move],
        mut lo: i32,
        hi: i32,
        mut best: Option<Move>,
    ) -> (i32, i32, Option<Move>) {
        let Some(s) = self.probe(key) else { return (lo, hi, best) };
        let stored = Move::from_bits(s.mv).filter(|m| moves.contains(m));
        if i32::from(s.lo) > lo && stored.is_some() {
            (lo, best) = (i32::from(s.lo), stored);
        }
        (lo, hi.min(i32::from(s.hi)), best)
    }

    /// Stores the root's bounds merged with the table's (see [`Solver::merge_root`]) and
    /// returns them.
    fn store_root(
        &self,
        key: u64,
        moves: &[Move],
        lo: i32,
        hi: i32,
        best: Option<Move>,
    ) -> (i32, i32, Option<Move>) {
        let (lo, hi, best) = self.merge_root(key, moves, lo, hi, best);
        self.store(key, lo, hi, best.unwrap_or(moves[0]), ROOT_WORK);
        (lo, hi, best)
    }

    /// What the table has proven about each legal move of `pos`: the move with a lower and an
    /// upper bound on the final points difference for the mover after it (`None`: not proven
    /// on that side). Costs no search: a proof that ran out of nodes still leaves, for instance,
    /// one move proven at least some value and another proven below it.
    pub fn move_bounds(&self, pos: &Position) -> Vec<(Move, Option<i32>, Option<i32>)> {
        let same_board = self.table.holds(pos.board(), pos.rules());
        let diff = pos.points_diff(pos.side_to_move());
        let mut p = pos.clone();
        let mut out = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let now = diff + gain(&p, mv);
            let undo = p.play(mv);
            // The rest of the child, from its mover's (the opponent's) view.
            let rest = if p.legal_moves().is_empty() {
                Some((0, 0))
            } else if same_board {
                self.probe(p.hash()).map(|s| (i32::from(s.lo), i32::from(s.hi)))
            } else {
                None
            };
            p.unplay(mv, undo);
            let (lo, hi) = rest.unwrap_or((-INF, INF));
            out.push((mv, (hi < INF).then_some(now - hi), (lo > -INF).then_some(now - lo)));
        }
        out
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
            let r = self.rest(&mut p, -INF, INF, &mut |_| false);
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
        self.collectable = Some(Collectable::new(pos));
    }

    fn probe(&self, key: u64) -> Option<Known> {
        self.table.probe(key)
    }

    fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    fn store(&self, key: u64, lo: i32, hi: i32, mv: Move, work: u8) {
        self.table.store(key, Known { lo: lo as i16, hi: hi as i16, mv: mv.bits(), work });
    }

    /// The rest of `pos` if inside `(alpha, beta)`; otherwise a bound on the same side.
    fn rest(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        mut beta: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> i32 {
        self.nodes += 1;
        let first_node = self.nodes;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(STOP_EVERY) && (stop(self.nodes) || self.root_proven()))
        {
            self.aborted = true;
            return 0;
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
            let upper = c.gain_bound(pos, me);
            if upper <= alpha {
                return upper;
            }
            // Each side also wins at least what it is sure of (see `crate::bounds`).
            let lower = c.best_landing(pos, me) - c.gain_bound(pos, !me);
            if lower >= beta {
                return lower;
            }
            let upper = upper - c.sure_reply(pos, upper - alpha);
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower - 1);
            beta = beta.min(upper + 1);
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
        // Per move: the ordering key, the move, and the least and the most it can be worth by
        // what is known of the child (the end of the game, or its entry in the table).
        let mut order = [(0, Move::PASS, -INF, INF, 0u8); cavalo_rules::MAX_MOVES];
        let n = moves.len();
        // Each child's replies and key, its table line fetched while the others are played (the
        // table's move too: searched first, its line is wanted soonest).
        let mut children = [(0, 0); cavalo_rules::MAX_MOVES];
        if n > 1 {
            for (i, &m) in moves.iter().enumerate() {
                let undo = pos.play(m);
                children[i] = (pos.legal_moves().len() as i32, pos.hash());
                pos.unplay(m, undo);
                self.prefetch(children[i].1);
            }
        }
        // The table's move first; then the moves that leave the opponent the fewest replies
        // (a proof needs one refutation, and a cramped opponent has few), the larger gain first
        // among those (a default double removal before the others). A child the table already
        // refutes enough cuts the node before any is searched; one it shows cannot raise alpha is
        // not searched (and goes last).
        for (i, &m) in moves.iter().enumerate() {
            let (replies, child) = children[i];
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
                    return v;
                }
                let rank = -replies * 1000 + g * 2 - i32::from(m.removal().is_some());
                (if g - lo <= alpha { i32::MIN } else { rank }, g - hi, g - lo)
            };
            order[i] = (rank, m, floor, ceiling, i as u8);
        }
        order[..n].sort_unstable_by_key(|o| std::cmp::Reverse(o.0));
        let mut best = -INF;
        let mut best_move = order[0].1;
        // Near the root of a proof shared by threads, a move whose child another thread is
        // searching waits for a second pass (but the first move: see `defer_cells`).
        let defer = n > 1 && open.len() >= self.defer_cells;
        if defer {
            self.table.mark_busy(key);
        }
        let mut passes = Passes::new(n);
        while let Some(i) = passes.next() {
            let (_, m, floor, ceiling, at) = order[i];
            if ceiling <= alpha {
                if ceiling > best {
                    best = ceiling;
                    best_move = m;
                }
                continue;
            }
            if defer
                && passes.may_defer(i)
                && floor < ceiling
                && self.table.is_busy(children[usize::from(at)].1)
            {
                passes.defer(i);
                continue;
            }
            let v = self.child_value(pos, (i, m, floor, ceiling), alpha, beta, stop);
            if self.aborted {
                if defer {
                    self.table.unmark_busy(key);
                }
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
        if defer {
            self.table.unmark_busy(key);
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
        let work = (self.nodes - first_node + 1).ilog2() as u8 + 1; // at most 65
        self.store(key, lo, hi, best_move, work);
        best
    }

    /// Whether this solver shares its work with other threads (see [`Solver::set_deferral`]).
    fn shares_work(&self) -> bool {
        self.defer_cells != usize::MAX
    }

    /// Whether the table holds the exact rest of the position being proven (another thread
    /// sharing it finished first).
    fn root_proven(&self) -> bool {
        self.root.and_then(|k| self.probe(k)).is_some_and(|s| s.lo == s.hi)
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
/// once. Never a node's first move: one thread at least searches every node's first move.
struct Passes {
    n: usize,
    next: usize,
    /// The moves put off, by index.
    deferred: u128,
    /// Searching the moves put off.
    second: bool,
}

impl Passes {
    fn new(n: usize) -> Passes {
        Passes { n, next: 0, deferred: 0, second: false }
    }

    /// Whether move `i` may be put off (not the first move, not already put off once).
    fn may_defer(&self, i: usize) -> bool {
        i > 0 && !self.second
    }

    /// Puts move `i` off until the others have been searched.
    fn defer(&mut self, i: usize) {
        self.deferred |= 1 << i;
    }

    /// The next move to search.
    fn next(&mut self) -> Option<usize> {
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

/// The points `mv` wins for the mover in `pos`.
#[inline]
fn gain(pos: &Position, mv: Move) -> i32 {
    mv.destination().and_then(|d| pos.value_at(d)).map_or(0, i32::from)
}

#[cfg(test)]
mod tests;
