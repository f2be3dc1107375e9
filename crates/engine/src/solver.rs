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

use cavalo_rules::{Board, Move, Position, Rules};

use std::sync::Arc;

use crate::bounds::Collectable;
use crate::tt::Table;

const INF: i32 = 10_000;

/// Slots per bucket of the table: one cache line. A store replaces the same position's slot, else
/// the slot whose result took the fewest nodes to find (4 ways by work: 2 to 16% fewer nodes on
/// the proofs of the proof-horizon measure than 2 ways by cells left).
const WAYS: usize = 4;

/// The work of a proof's root entry: above any subtree's.
const ROOT_WORK: u8 = u8::MAX;

/// The solver checks its stop condition every this many nodes.
const STOP_EVERY: u64 = 64;

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    lo: i16,
    hi: i16,
    mv: u16,
    /// The work the result took: 1 + log2 of its nodes (0: an empty slot; a proof's root
    /// [`ROOT_WORK`]). The slot of least work is replaced first.
    work: u8,
}

impl Slot {
    /// The slot as one word of the table (all zero: empty).
    fn pack(self) -> u128 {
        self.key as u128
            | (self.lo as u16 as u128) << 64
            | (self.hi as u16 as u128) << 80
            | (self.mv as u128) << 96
            | (self.work as u128) << 112
    }

    fn unpack(w: u128) -> Slot {
        Slot {
            key: w as u64,
            lo: (w >> 64) as u16 as i16,
            hi: (w >> 80) as u16 as i16,
            mv: (w >> 96) as u16,
            work: (w >> 112) as u8,
        }
    }
}

/// An exact solver with its table. Reuse it across positions of one board (the table helps);
/// call [`Solver::clear`] before a position of another board (the table's keys do not name
/// the board's values).
pub struct Solver {
    /// [`WAYS`] packed slots per bucket (zeroed memory: the pages are only taken when written),
    /// after `offset` slots of padding that start bucket 0 on a cache line.
    table: Box<[u128]>,
    offset: usize,
    mask: usize,
    /// Something was stored since the last clear.
    used: bool,
    nodes: u64,
    budget: u64,
    aborted: bool,
    /// The proven bounds on what each side can still collect, for the board being solved.
    collectable: Option<Collectable>,
    /// The board and rules the table's entries belong to (see [`Solver::prove`]).
    board: Option<(Board, Rules)>,
    /// A heuristic search's table whose best moves order the moves of positions that the
    /// solver's own table has no move for, while at least `hint_cells` cells hold numbers.
    hints: Option<Arc<Table>>,
    hint_cells: usize,
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
        let buckets = (mib.max(1).checked_mul(1 << 20)?) / (WAYS * std::mem::size_of::<u128>());
        let buckets = (buckets.next_power_of_two() / 2).max(1);
        let table = crate::tt::zeroed::<u128>(WAYS * buckets + WAYS - 1)?;
        let line = WAYS * std::mem::size_of::<u128>();
        let offset = (line - table.as_ptr() as usize % line) % line / std::mem::size_of::<u128>();
        Some(Solver {
            table,
            offset,
            mask: buckets - 1,
            used: false,
            nodes: 0,
            budget,
            aborted: false,
            collectable: None,
            board: None,
            hints: None,
            hint_cells: usize::MAX,
        })
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        if self.used {
            self.table.fill(0);
            self.used = false;
        }
    }

    /// Orders the moves of positions with at least `min_cells` cells holding numbers by the best
    /// moves of `table` (a heuristic search's table on the same board) when the solver's own
    /// table has none; `None` turns the hints off.
    pub fn set_hints(&mut self, table: Option<Arc<Table>>, min_cells: usize) {
        self.hints = table;
        self.hint_cells = min_cells;
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
        let board = (pos.board().clone(), pos.rules());
        if self.board.as_ref() != Some(&board) {
            self.clear();
            self.board = Some(board);
        }
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
        if lo == hi {
            // The value is known but not its move: find one again.
            lo = -INF;
        }
        // The next probe's beta. Values often come back just past beta (the table's bounds of
        // earlier probes), so consecutive probes that move the same way take doubling steps,
        // and once both bounds are known the gap is bisected.
        let mut beta = guess;
        let mut step = 1;
        let mut last_up = None;
        while lo < hi {
            beta = beta.clamp(lo + 1, hi);
            // One null-window probe over the root moves, the last best first.
            let mut value = -INF;
            let mut raised = None;
            let mut order: Vec<Move> = moves.iter().copied().collect();
            order.sort_by_key(|&m| (Some(m) != best, std::cmp::Reverse(gain(pos, m))));
            for m in order {
                let gm = gain(pos, m);
                let undo = pos.play(m);
                let v = gm - self.rest(pos, gm - beta, gm - beta + 1, stop);
                pos.unplay(m, undo);
                if self.aborted {
                    // Keep the bounds proven so far for the next call.
                    // (A lower bound only with the move that reached it.)
                    if (lo > -INF && best.is_some()) || (lo == -INF && hi < INF) {
                        self.store(key, lo, hi, best.unwrap_or(moves[0]), ROOT_WORK);
                    }
                    return None;
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
        }
        self.store(key, lo, hi, best.unwrap_or(moves[0]), ROOT_WORK);
        Some((lo, best))
    }

    /// What the table has proven about each legal move of `pos`: the move with a lower and an
    /// upper bound on the final points difference for the mover after it (`None`: not proven
    /// on that side). Costs no search: a proof that ran out of nodes still leaves, for instance,
    /// one move proven at least some value and another proven below it.
    pub fn move_bounds(&self, pos: &Position) -> Vec<(Move, Option<i32>, Option<i32>)> {
        let same_board = self.board.as_ref().is_some_and(|(b, r)| b == pos.board() && *r == pos.rules());
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

    /// The index of `key`'s bucket's first slot.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.offset + WAYS * ((key as usize) & self.mask)
    }

    /// Starts loading `key`'s bucket into the cache (see [`crate::tt::prefetch`]).
    #[inline]
    fn prefetch(&self, key: u64) {
        crate::tt::prefetch(self.table.as_ptr().wrapping_add(self.bucket(key)));
    }

    fn probe(&self, key: u64) -> Option<Slot> {
        let i = self.bucket(key);
        self.table[i..i + WAYS].iter().map(|&w| Slot::unpack(w)).find(|s| s.key == key && s.work > 0)
    }

    fn store(&mut self, key: u64, lo: i32, hi: i32, mv: Move, work: u8) {
        let i = self.bucket(key);
        self.used = true;
        let slot = Slot { key, lo: lo as i16, hi: hi as i16, mv: mv.bits(), work }.pack();
        // The same position's slot, else the one nearest the leaves (the cheapest to find again).
        let mut victim = i;
        let mut smallest = u8::MAX;
        for j in i..i + WAYS {
            let old = Slot::unpack(self.table[j]);
            if old.key == key {
                victim = j;
                break;
            }
            if old.work < smallest {
                smallest = old.work;
                victim = j;
            }
        }
        self.table[victim] = slot;
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
        if self.nodes > self.budget || (self.nodes.is_multiple_of(STOP_EVERY) && stop(self.nodes)) {
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
        let mut order = [(0, Move::PASS, -INF, INF); cavalo_rules::MAX_MOVES];
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
            let (rank, floor, ceiling) = if Some(m) == tt_move {
                (i32::MAX, -INF, INF)
            } else if n == 1 {
                (0, -INF, INF)
            } else {
                let (replies, child) = children[i];
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
            order[i] = (rank, m, floor, ceiling);
        }
        order[..n].sort_unstable_by_key(|o| std::cmp::Reverse(o.0));
        let mut best = -INF;
        let mut best_move = order[0].1;
        for (i, &(_, m, floor, ceiling)) in order[..n].iter().enumerate() {
            if ceiling <= alpha {
                if ceiling > best {
                    best = ceiling;
                    best_move = m;
                }
                continue;
            }
            let mut v = floor;
            // A child whose value is known (the game ends there, or the table has it exactly)
            // is not searched again.
            if floor < ceiling {
                let g = gain(pos, m);
                let undo = pos.play(m);
                if i == 0 {
                    v = g - self.rest(pos, g - beta, g - alpha, stop);
                } else {
                    v = g - self.rest(pos, g - alpha - 1, g - alpha, stop);
                    if v > alpha && v < beta && !self.aborted {
                        v = g - self.rest(pos, g - beta, g - v, stop);
                    }
                }
                pos.unplay(m, undo);
                if self.aborted {
                    return 0;
                }
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
}

/// The points `mv` wins for the mover in `pos`.
#[inline]
fn gain(pos: &Position, mv: Move) -> i32 {
    mv.destination().and_then(|d| pos.value_at(d)).map_or(0, i32::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::minimax;
    use cavalo_rules::Rules;

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

    /// Hints that name a move in every position two plies deep (the last legal one: often bad).
    fn hint_table(pos: &Position) -> Arc<Table> {
        let table = Table::new(1).unwrap();
        let hint = |p: &Position| {
            if let Some(&m) = p.legal_moves().last() {
                let e = crate::tt::Entry {
                    best_move: Some(m),
                    score: 0,
                    proven: false,
                    depth: 1,
                    bound: crate::tt::Bound::Lower,
                };
                table.store(p.hash(), e);
            }
        };
        hint(pos);
        for &m in pos.legal_moves().iter() {
            let mut c = pos.clone();
            c.play(m);
            hint(&c);
        }
        Arc::new(table)
    }

    #[test]
    fn hints_from_a_heuristic_table_change_the_order_not_the_value() {
        let mut checked = 0;
        let mut fewer_or_more = 0;
        for seed in 1..30 {
            for ply in [36, 44] {
                let Some(pos) = late_position(seed, Rules::CANONICAL, ply) else { continue };
                let exact = minimax(&mut pos.clone());
                let mut plain = Solver::new(1, u64::MAX);
                assert_eq!(plain.prove(&pos, 0, u64::MAX, &mut |_| false).unwrap().diff, exact);
                let mut hinted = Solver::new(1, u64::MAX);
                hinted.set_hints(Some(hint_table(&pos)), 0);
                let proof = hinted.prove(&pos, 0, u64::MAX, &mut |_| false).unwrap();
                assert_eq!(proof.diff, exact, "{pos}");
                let mut c = pos.clone();
                c.play(proof.line[0]);
                assert_eq!(-minimax(&mut c), exact, "{pos} {}", proof.line[0]);
                fewer_or_more += usize::from(hinted.nodes() != plain.nodes());
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked}");
        assert!(fewer_or_more > 0, "the hints were never used");
    }

    #[test]
    fn the_proof_search_agrees_with_minimax_from_any_guess_and_budget() {
        let mut checked = 0;
        for seed in 1..30 {
            for rules in [Rules::CANONICAL, Rules { threat: false, ..Rules::CANONICAL }] {
                for ply in [36, 44, 52] {
                    let Some(pos) = late_position(seed, rules, ply) else { continue };
                    let exact = minimax(&mut pos.clone());
                    let mut s = Solver::new(1, u64::MAX);
                    for guess in [exact, exact - 7, exact + 30, -500] {
                        let proof = s.prove(&pos, guess, u64::MAX, &mut |_| false).unwrap();
                        assert_eq!(proof.diff, exact, "{pos} guess {guess}");
                        // The first move of the line achieves the value.
                        let mut c = pos.clone();
                        c.play(proof.line[0]);
                        assert_eq!(-minimax(&mut c), exact, "{pos} {}", proof.line[0]);
                    }
                    // Small budgets give up or prove the same value; the table carries over.
                    let mut s = Solver::new(1, u64::MAX);
                    let mut proved = None;
                    for _ in 0..200 {
                        proved = s.prove(&pos, 0, 50, &mut |_| false);
                        if proved.is_some() {
                            break;
                        }
                    }
                    if let Some(p) = proved {
                        assert_eq!(p.diff, exact, "{pos} in slices");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn the_bounds_of_each_move_left_by_unfinished_proofs_hold_and_tell_moves_apart() {
        // After proofs cut short at several budgets, every bound the table gives a move holds
        // for the move's exact value; some moves are told apart before the whole proof ends.
        let (mut checked, mut bounded, mut apart) = (0, 0, 0);
        for seed in 1..30 {
            for ply in [34, 40] {
                let Some(pos) = late_position(seed, Rules::CANONICAL, ply) else { continue };
                let exact: Vec<(Move, i32)> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| {
                        let mut c = pos.clone();
                        c.play(m);
                        (m, -minimax(&mut c))
                    })
                    .collect();
                let mut s = Solver::new(1, u64::MAX);
                // Nothing proven yet: nothing known but the moves that end the game.
                for (m, lo, hi) in s.move_bounds(&pos) {
                    let mut c = pos.clone();
                    c.play(m);
                    assert_eq!(lo.is_some(), c.is_over(), "{pos} {m}");
                    assert_eq!(lo, hi);
                }
                for budget in [200, 2_000, 20_000, u64::MAX] {
                    let proof = s.prove(&pos, 0, budget, &mut |_| false);
                    let bounds = s.move_bounds(&pos);
                    assert_eq!(bounds.len(), exact.len());
                    for ((m, lo, hi), &(em, v)) in bounds.iter().zip(&exact) {
                        assert_eq!(*m, em);
                        assert!(
                            lo.is_none_or(|lo| lo <= v) && hi.is_none_or(|hi| v <= hi),
                            "{pos} {m}: {lo:?} {v} {hi:?}"
                        );
                        bounded += usize::from(lo.is_some() || hi.is_some());
                    }
                    let best_lo = bounds.iter().filter_map(|b| b.1).max();
                    if proof.is_none() && bounds.iter().any(|b| b.2.is_some_and(|hi| Some(hi) < best_lo)) {
                        apart += 1;
                    }
                    checked += 1;
                }
                // A position of another board knows nothing.
                let other = late_position(seed + 100, Rules::CANONICAL, ply);
                if let Some(o) = other {
                    assert!(s.move_bounds(&o).iter().all(|(m, lo, _)| {
                        let mut c = o.clone();
                        c.play(*m);
                        lo.is_some() == c.is_over()
                    }));
                }
            }
        }
        assert!(checked > 50 && bounded > 100 && apart > 0, "{checked} {bounded} {apart}");
    }

    #[test]
    fn the_proof_search_stops_when_asked_and_forgets_another_board() {
        let pos = late_position(3, Rules::CANONICAL, 4).unwrap();
        let mut s = Solver::new(1, u64::MAX);
        let mut calls = 0;
        assert_eq!(
            s.prove(&pos, 0, u64::MAX, &mut |_| {
                calls += 1;
                calls > 3
            }),
            None
        );
        assert!(s.nodes() <= 4 * STOP_EVERY);
        let boards: Vec<Position> =
            (1..20).filter_map(|seed| late_position(seed, Rules::CANONICAL, 44)).take(2).collect();
        let (a, b) = (&boards[0], &boards[1]);
        assert_ne!(a.board(), b.board());
        for p in [a, b, a] {
            let exact = minimax(&mut p.clone());
            assert_eq!(s.prove(p, 0, u64::MAX, &mut |_| false).map(|p| p.diff), Some(exact));
        }
    }

    #[test]
    fn the_budget_is_honoured() {
        let pos = late_position(3, Rules::CANONICAL, 4).unwrap();
        let mut s = Solver::new(1, 1000);
        assert_eq!(s.solve(&pos), None);
        assert!(s.nodes() <= 1001);
    }

    #[test]
    fn a_store_replaces_the_same_position_else_the_least_work_and_buckets_are_cache_lines() {
        let mut s = Solver::new(1, u64::MAX);
        let i = s.bucket(7);
        assert_eq!(s.table[i..].as_ptr() as usize % 64, 0);
        // Five positions of one bucket: keys differing only above the mask.
        let key = |n: u64| 7 + (n << 40);
        let mv = Move::PASS;
        for (n, work) in [(0, 9), (1, 3), (2, ROOT_WORK), (3, 5)] {
            s.store(key(n), -1, 1, mv, work);
        }
        s.store(key(4), 0, 0, mv, 1);
        assert!(s.probe(key(1)).is_none(), "the least work made room");
        for n in [0, 2, 3, 4] {
            assert!(s.probe(key(n)).is_some(), "{n}");
        }
        s.store(key(0), 2, 2, mv, 1);
        let again = s.probe(key(0)).unwrap();
        assert_eq!((again.lo, again.hi, again.work), (2, 2, 1), "the same position is replaced in place");
        assert!(s.probe(key(3)).is_some());
    }
}
