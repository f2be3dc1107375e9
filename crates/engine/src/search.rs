//! Negamax alpha-beta with principal-variation search, iterative deepening, aspiration windows,
//! transposition table, killer and history move ordering, late-move reductions and a quiescence
//! search. One [`Worker`] per thread; see [`crate::engine`] for the threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use cavalo_rules::{Move, Position, Side};

use crate::limits::Limits;
use crate::params::{CHECK_EVERY, MAX_PLY, SearchConfig};
use crate::score::{self, INFINITE};
use crate::timeman::TimeManager;
use crate::tt::{Bound, Entry, Table};

mod proofs;

/// What all threads of one search share. Helper threads hold it through an `Arc`: the main
/// thread raises `done` and answers at once; the pool waits for the helpers before the next use
/// of the engine (see [`crate::pool`]).
pub(crate) struct Shared {
    pub tt: Arc<Table>,
    /// Raised by the main thread when it has finished, to end the helpers.
    pub done: AtomicBool,
    /// Nodes of all threads (updated in batches).
    pub nodes: AtomicU64,
    /// Cuts of the helper threads (added when they finish).
    pub alpha_cuts: AtomicU64,
    pub beta_cuts: AtomicU64,
    pub tm: TimeManager,
    pub limits: Limits,
    /// Whether quiescence search is on.
    pub quiescence: bool,
    /// The tunable constants.
    pub config: SearchConfig,
    pub eval: crate::eval::Evaluator,
    /// The board facts of the proven bounds on what each side can still collect.
    pub collectable: crate::bounds::Collectable,
    /// The proof search's table, shared by the threads' solvers (none: no proof search).
    pub proofs: Option<Arc<crate::solver::ProofTable>>,
    /// Any thread may lead a proof search and the others follow it (`HelperProofs`, with helpers
    /// and a table); otherwise only the main thread proves.
    pub helper_proofs: bool,
    /// The threads of the search (the main thread and its helpers).
    pub threads: usize,
    /// A thread is leading a proof search: with `helper_proofs`, the other threads leave their
    /// iterations and follow it until it ends.
    pub proving: AtomicBool,
}

/// Per-thread counters.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    pub nodes: u64,
    pub alpha_cuts: u64,
    pub beta_cuts: u64,
}

/// The outcome of one completed (or partial) iteration.
#[derive(Clone, Debug, Default)]
pub(crate) struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    /// Every line was searched to the end of the game: `score` is exact.
    pub exact: bool,
    pub pv: Vec<Move>,
}

/// Positions the exact solver of a separated position may visit (both sides together; memo hits are free).
const SOLO_BUDGET: u32 = 4_000;

/// One search thread.
pub(crate) struct Worker<'a> {
    shared: &'a Shared,
    /// The caller's stop flag (main thread only).
    stop: Option<&'a AtomicBool>,
    pub main: bool,
    pos: Position,
    root_side: Side,
    pub counters: Counters,
    unreported: u64,
    /// Cuts already added to the shared totals (helpers).
    published_cuts: (u64, u64),
    seldepth: usize,
    /// Heuristic leaves and inexact table cut-offs met: a search whose count did not change saw
    /// every line to the end.
    horizon: u64,
    stopped: bool,
    /// In the current iteration a root move other than the first raised alpha.
    partial_improved: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Box<[[i32; 100]; 2]>,
    pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Per-ply move buffers with ordering keys (allocated once, not per node).
    buf: Box<[[(i32, Move); cavalo_rules::MAX_MOVES]; MAX_PLY]>,
    /// The exact solver of separated positions.
    solo: crate::bounds::SoloSolver,
    /// The proof search's solver (the main thread's; the helpers' too with `HelperProofs`).
    prover: Option<crate::solver::Solver>,
    /// Nodes spent in the proof search so far.
    proof_nodes: u64,
    /// The thread left its iteration to follow another thread's proof search.
    joining: bool,
    /// This thread is in a proof search.
    in_proof: bool,
}

impl<'a> Worker<'a> {
    pub fn new(
        shared: &'a Shared,
        stop: Option<&'a AtomicBool>,
        pos: &Position,
        history: Box<[[i32; 100]; 2]>,
    ) -> Worker<'a> {
        Worker {
            shared,
            stop,
            main: stop.is_some(),
            pos: pos.clone(),
            root_side: pos.side_to_move(),
            counters: Counters::default(),
            unreported: 0,
            published_cuts: (0, 0),
            seldepth: 0,
            horizon: 0,
            stopped: false,
            partial_improved: false,
            killers: [[None; 2]; MAX_PLY],
            history,
            pv: Box::new([[Move::PASS; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            buf: Box::new([[(0, Move::PASS); cavalo_rules::MAX_MOVES]; MAX_PLY]),
            solo: crate::bounds::SoloSolver::new(&shared.collectable),
            prover: shared
                .proofs
                .as_ref()
                .filter(|_| stop.is_some() || shared.helper_proofs)
                .map(|t| crate::solver::Solver::sharing(Arc::clone(t), u64::MAX)),
            proof_nodes: 0,
            joining: false,
            in_proof: false,
        }
    }

    /// The history table (kept between searches by the engine).
    pub fn into_history(self) -> Box<[[i32; 100]; 2]> {
        self.history
    }

    /// Iterative deepening. `on_iteration` is called after every completed iteration; `start_depth`
    /// staggers helper threads.
    pub fn iterate(
        &mut self,
        start_depth: u32,
        on_iteration: &mut dyn FnMut(&Iteration, &Worker),
    ) -> Iteration {
        let max_depth = self.shared.limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8);
        let root_moves = self.pos.legal_moves();
        let mut best = Iteration::default();
        if root_moves.is_empty() {
            best.exact = true;
            best.score = score::proven(self.pos.points_diff(self.pos.side_to_move()));
            return best;
        }
        best.pv = vec![root_moves[0]];
        let timed = self.shared.limits.movetime.is_some() || self.shared.limits.clock.is_some();
        let mut depth = start_depth.min(max_depth);
        while depth <= max_depth {
            self.seldepth = 0;
            self.partial_improved = false;
            let horizon_before = self.horizon;
            let prev = best.score;
            let c = &self.shared.config;
            let use_window = depth >= c.aspiration_depth as u32 && !score::is_proven(prev) && best.depth > 0;
            let mut delta = c.aspiration;
            let growth = c.aspiration_growth;
            let (mut alpha, mut beta) = if use_window {
                (prev.saturating_sub(delta).max(-INFINITE), prev.saturating_add(delta).min(INFINITE))
            } else {
                (-INFINITE, INFINITE)
            };
            let v = loop {
                let v = self.search(depth as i32, alpha, beta, 0, true);
                if self.stopped {
                    break v;
                }
                if v <= alpha {
                    alpha = alpha.saturating_sub(delta).max(-INFINITE);
                    if score::is_proven(v) {
                        alpha = -INFINITE;
                    }
                } else if v >= beta {
                    beta = beta.saturating_add(delta).min(INFINITE);
                    if score::is_proven(v) {
                        beta = INFINITE;
                    }
                } else {
                    break v;
                }
                delta = delta.saturating_mul(growth);
            };
            if std::mem::take(&mut self.joining) {
                // Called to another thread's proof: the same depth again after it.
                self.stopped = false;
                if let Some(proof) = self.try_prove(&best) {
                    best = proof;
                }
                if self.stopped || best.exact {
                    break;
                }
                continue;
            }
            if self.stopped {
                // A move that finished inside the window in the interrupted iteration is kept.
                if self.pv_len[0] > 0 && self.pv[0][0] != best.pv[0] && self.partial_improved {
                    best.pv = self.pv[0][..self.pv_len[0]].to_vec();
                }
                break;
            }
            // A search that ends on a table entry at the root has no principal variation: keep
            // the previous best move then.
            let pv = if self.pv_len[0] > 0 { self.pv[0][..self.pv_len[0]].to_vec() } else { best.pv };
            best = Iteration {
                depth,
                seldepth: self.seldepth as u32,
                score: v,
                exact: self.horizon == horizon_before,
                pv,
            };
            if self.main {
                on_iteration(&best, self);
            }
            if !best.exact
                && let Some(proof) = self.try_prove(&best)
            {
                best = proof;
                on_iteration(&best, self);
            }
            if self.stopped {
                break;
            }
            if best.exact || (root_moves.len() == 1 && timed) {
                break;
            }
            if self.main && self.shared.tm.soft_expired() {
                break;
            }
            if self.shared.done.load(Relaxed) {
                break;
            }
            depth += 1;
        }
        self.flush_nodes();
        // The last iteration, even interrupted, may have chosen a move the proofs refute.
        if let Some(better) = self.proven_better(&best) {
            best = better;
        }
        best
    }

    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported, Relaxed);
        self.unreported = 0;
        if !self.main {
            // Helpers publish their cuts as they go: the main thread does not wait for them.
            let c = self.counters;
            self.shared.alpha_cuts.fetch_add(c.alpha_cuts - self.published_cuts.0, Relaxed);
            self.shared.beta_cuts.fetch_add(c.beta_cuts - self.published_cuts.1, Relaxed);
            self.published_cuts = (c.alpha_cuts, c.beta_cuts);
        }
    }

    /// Counts `n` nodes searched outside [`Worker::search`] and checks the limits.
    fn add_nodes(&mut self, n: u64) {
        self.counters.nodes += n;
        self.unreported += n;
        if self.unreported >= CHECK_EVERY {
            self.flush_nodes();
            self.check_limits();
        }
    }

    #[inline]
    fn count_node(&mut self) {
        self.counters.nodes += 1;
        self.unreported += 1;
        if self.unreported >= CHECK_EVERY {
            self.flush_nodes();
            self.check_limits();
        }
    }

    fn check_limits(&mut self) {
        let s = self.shared;
        if self.stop.is_some_and(|f| f.load(Relaxed)) || s.done.load(Relaxed) || s.tm.hard_expired() {
            self.stopped = true;
        }
        if let Some(n) = s.limits.nodes
            && s.nodes.load(Relaxed) >= n
        {
            self.stopped = true;
        }
        if !self.in_proof && s.helper_proofs && s.proving.load(Relaxed) {
            (self.stopped, self.joining) = (true, true);
        }
    }

    fn cut(&mut self) {
        if self.pos.side_to_move() == self.root_side {
            self.counters.beta_cuts += 1;
        } else {
            self.counters.alpha_cuts += 1;
        }
    }

    /// Fills the ply's buffer with the moves and their ordering keys: the table's move first,
    /// then killers, then by value landed on plus history; non-default double removals last
    /// among equals.
    fn score_moves(&mut self, moves: &[Move], tt_move: Option<Move>, ply: usize) {
        let side = self.pos.side_to_move().index();
        let killers = self.killers[ply];
        let c = &self.shared.config;
        for (i, &m) in moves.iter().enumerate() {
            let key = if Some(m) == tt_move {
                1 << 30
            } else if let Some(d) = m.destination() {
                let v = self.pos.value_at(d).unwrap_or(0) as i32;
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

    /// Moves the best-keyed of `buf[ply][i..n]` to position `i` and returns it.
    #[inline]
    fn pick(&mut self, ply: usize, i: usize, n: usize) -> Move {
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

    /// After a cut-off by `best`, the `tried` moves searched before it (in `buf[ply]`) lose
    /// history and `best` gains it.
    fn update_quiet_stats(&mut self, best: Move, tried: usize, depth: i32, ply: usize) {
        if self.killers[ply][0] != Some(best) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best);
        }
        let side = self.pos.side_to_move().index();
        let history_max = self.shared.config.history_max;
        let bonus = (depth * depth * self.shared.config.history_bonus).min(history_max / 2);
        let history = &mut self.history[side];
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

    /// Negamax with alpha-beta. Scores are from the side to move's view.
    fn search(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
        self.pv_len[ply] = 0;
        if depth > 0 {
            // The probe comes after the bounds and the move generation: start loading it now.
            self.shared.tt.prefetch(self.pos.hash());
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0
            && let Some(v) = self.bound_cut(alpha, beta)
        {
            return v;
        }
        if ply > 0
            && let Some(v) = self.separated_value()
        {
            return v;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiescence(alpha, beta, ply, 0);
        }
        let diff = self.pos.points_diff(self.pos.side_to_move());
        let moves = self.pos.legal_moves();
        if moves.is_empty() {
            return score::proven(diff);
        }
        let key = self.pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.shared.tt.probe(key) {
            tt_move = e.best_move.filter(|m| moves.contains(m));
            if ply > 0 && (e.proven || (e.depth as i32 >= depth && !pv_node)) {
                let v = score::from_relative(e.score, diff, e.proven);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    if !e.proven {
                        self.horizon += 1;
                    }
                    if let Some(m) = tt_move {
                        self.pv[ply][0] = m;
                        self.pv_len[ply] = 1;
                    }
                    return v;
                }
            }
        }
        let horizon_before = self.horizon;
        let alpha_orig = alpha;
        let n = moves.len();
        self.score_moves(&moves, tt_move, ply);
        let mut best = -INFINITE;
        let mut best_move = None;
        for i in 0..n {
            let mv = self.pick(ply, i, n);
            let undo = self.pos.play(mv);
            let mut v;
            if i == 0 {
                v = -self.search(depth - 1, -beta, -alpha, ply + 1, pv_node);
            } else {
                let c = &self.shared.config;
                let r = if depth >= c.lmr_depth && i >= c.lmr_moves as usize && !pv_node {
                    1 + (i >= c.lmr_late_moves as usize) as i32
                } else {
                    0
                };
                v = -self.search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if v > alpha && r > 0 && !self.stopped {
                    v = -self.search(depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if v > alpha && v < beta && pv_node && !self.stopped {
                    v = -self.search(depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.pos.unplay(mv, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    self.pv[ply][0] = mv;
                    let child_len = self.pv_len[ply + 1];
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply][1..1 + child_len].copy_from_slice(&tail[0][..child_len]);
                    self.pv_len[ply] = 1 + child_len;
                    if ply == 0 && i > 0 {
                        self.partial_improved = true;
                    }
                    if v >= beta {
                        self.cut();
                        self.update_quiet_stats(mv, i, depth, ply);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let exact = self.horizon == horizon_before && score::can_be_exact(best);
        self.shared.tt.store(
            key,
            Entry {
                best_move,
                score: score::to_relative(best, diff, exact),
                proven: exact,
                depth: depth.clamp(0, 255) as u8,
                bound,
            },
        );
        best
    }

    /// Quiescence: stand pat on the evaluation, then look only at landings on high values while
    /// the position is "noisy" (see [`SearchConfig`]).
    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if qply > 0 {
            self.count_node();
            if self.stopped {
                return 0;
            }
            self.seldepth = self.seldepth.max(ply);
        }
        if self.pos.is_over() {
            return score::proven(self.pos.points_diff(self.pos.side_to_move()));
        }
        self.horizon += 1;
        let stand = self.shared.eval.evaluate(&self.pos);
        if !self.shared.quiescence
            || qply >= self.shared.config.qs_max_ply as u32
            || ply >= MAX_PLY - 2
            || stand >= beta
        {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let moves = self.pos.legal_moves();
        let mut n = 0;
        for &m in moves.iter() {
            if let Some(d) = m.destination()
                && m.removal().is_none()
                && let Some(v) = self.pos.value_at(d)
                && v as i32 >= self.shared.config.qs_min_value
            {
                self.buf[ply][n] = (v as i32, m);
                n += 1;
            }
        }
        for i in 0..n {
            let mv = self.pick(ply, i, n);
            let undo = self.pos.play(mv);
            let v = -self.quiescence(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unplay(mv, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.cut();
                        break;
                    }
                }
            }
        }
        best
    }
}
