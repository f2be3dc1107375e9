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

mod node;
mod probes;
mod table;

use node::{Child, Passes};
use probes::Probes;
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
    /// The generation of the shared probe being searched while sharing the work (see
    /// [`Solver::set_deferral`] and [`probes`]): the search stops as soon as another thread has
    /// answered it.
    generation: Option<u64>,
    /// The search stopped because its probe was answered elsewhere.
    stale: bool,
    /// The moves of the nodes on the path being searched, each node's after its parent's
    /// (see [`Child`]): one buffer for the whole search instead of an array per node.
    kids: Vec<Child>,
    /// The solver's refutation statistics: by the side to move and the opponent's knight's cell,
    /// the destination of the last move that cut a node there (cell index + 1; 0: none). Tried
    /// before the moves leaving as many replies (see [`node`]).
    refutations: Box<[[u8; 100]; 2]>,
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
            generation: None,
            stale: false,
            kids: Vec::with_capacity(1024),
            refutations: Box::new([[0; 100]; 2]),
        }
    }

    /// Forgets the table (and the refutations).
    pub fn clear(&mut self) {
        self.table.clear();
        *self.refutations = [[0; 100]; 2];
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
    /// searched, and a move into a node another thread is searching is tried after the others;
    /// the threads ask the same probes of the root, and a thread whose probe another answered
    /// goes on to the next (see [`probes`]). `usize::MAX`: off (one thread).
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
    /// over), or `None` when stopped. Threads proving the same position share the probes (see
    /// [`probes`]).
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
        // The value is known but not its move: find one again, alone (and do not stop on the
        // entry).
        let mut own = (lo == hi).then(|| Probes::new(-INF, hi, None, guess));
        loop {
            (lo, hi, best) = self.merge_root(key, &moves, lo, hi, best);
            let (probes, generation) = match &mut own {
                Some(p) => {
                    p.merge(lo, hi, best);
                    (*p, None)
                }
                None => {
                    let (p, g) = self.table.probes.join(key, lo, hi, best, guess);
                    (p, self.shares_work().then_some(g))
                }
            };
            (lo, hi, best) = (probes.lo, probes.hi, probes.best);
            if probes.done() {
                break;
            }
            // (Alone, no other thread can answer the probe: no need to look.)
            self.generation = generation;
            let beta = probes.beta();
            let answer = self.probe_root(pos, &moves, best, beta, stop);
            self.generation = None;
            let Some((value, raised)) = answer else {
                if std::mem::take(&mut self.stale) {
                    // Another thread answered it: on to the next probe.
                    self.aborted = false;
                    continue;
                }
                // Keep the bounds proven so far for the next call.
                // (A lower bound only with the move that reached it.)
                if (lo > -INF && best.is_some()) || (lo == -INF && hi < INF) {
                    (lo, hi, best) = self.store_root(key, &moves, lo, hi, best);
                }
                // Another thread may have finished the proof.
                let (lo, hi, best) = self.merge_root(key, &moves, lo, hi, best);
                return (lo == hi && best.is_some()).then_some((lo, best));
            };
            let p = match &mut own {
                Some(p) => {
                    p.answer(beta, value, raised);
                    *p
                }
                None => self.table.probes.answer(key, beta, value, raised),
            };
            (lo, hi, best) = self.store_root(key, &moves, p.lo, p.hi, p.best);
        }
        Some((lo, best))
    }

    /// One null-window probe over the root moves, the last best first: the value found and, when
    /// it reaches `beta`, the move that did; `None` when the search was stopped.
    fn probe_root(
        &mut self,
        pos: &mut Position,
        moves: &[Move],
        best: Option<Move>,
        beta: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<(i32, Option<Move>)> {
        let mut value = -INF;
        let mut order: Vec<Move> = moves.to_vec();
        order.sort_by_key(|&m| (Some(m) != best, std::cmp::Reverse(gain(pos, m))));
        // Sharing the work, a move into a node another thread is searching waits.
        let mut passes = Passes::new(order.len());
        while let Some(i) = passes.next() {
            let m = order[i];
            let gm = gain(pos, m);
            let undo = pos.play(m);
            if self.shares_work() && passes.may_defer() && self.table.is_busy(pos.hash()) {
                pos.unplay(m, undo);
                passes.defer(i);
                continue;
            }
            let v = gm - self.rest(pos, gm - beta, gm - beta + 1, stop);
            pos.unplay(m, undo);
            if self.aborted {
                return None;
            }
            if v > value {
                value = v;
                if v >= beta {
                    return Some((v, Some(m)));
                }
            }
        }
        Some((value, None))
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

    /// Whether this solver shares its work with other threads (see [`Solver::set_deferral`]).
    fn shares_work(&self) -> bool {
        self.defer_cells != usize::MAX
    }

    /// Whether the shared probe being searched was answered by another thread (see
    /// [`probes`]).
    fn probe_answered(&self) -> bool {
        self.generation.is_some_and(|g| !self.table.probes.current(g))
    }
}

/// The points `mv` wins for the mover in `pos`.
#[inline]
fn gain(pos: &Position, mv: Move) -> i32 {
    mv.destination().and_then(|d| pos.value_at(d)).map_or(0, i32::from)
}

#[cfg(test)]
mod tests;
