//! Negamax alpha-beta with principal-variation search, iterative deepening, aspiration windows,
//! transposition table, killer and history move ordering, late-move reductions and a quiescence
//! search. One [`Worker`] per thread; see [`crate::engine`] for the threads.
//!
//! Its rooms: `node.rs` (the kinds of node, as types), `ordering.rs` (move ordering: killers,
//! history, the move buffers), `pv.rs` (the principal variation), `proofs.rs` (the proof search
//! and the proven bounds inside the search).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use cavalo_rules::{Move, Position, Side};

use crate::limits::Limits;
use crate::params::{CHECK_EVERY, MAX_PLY, SearchConfig};
use crate::score::{self, INFINITE};
use crate::timeman::TimeManager;
use crate::tt::{Bound, Entry, Table};

mod node;
mod ordering;
mod proofs;
mod pv;

use node::{NodeKind, OffPv, OnPv, Root};
pub(crate) use ordering::History;
use ordering::MoveOrdering;
use pv::PvTable;

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
    /// Killers, history and the move buffers.
    ordering: MoveOrdering,
    /// The best line from each ply.
    pv: PvTable,
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
            ordering: MoveOrdering::new(history),
            pv: PvTable::new(),
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
    pub fn into_history(self) -> Box<History> {
        self.ordering.into_history()
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
            let v = self.aspiration(depth, &best);
            if std::mem::take(&mut self.joining) {
                // Called to another thread's proof: the same depth again after it. Whichever
                // thread finished the proof, the main thread reports it (as its own proof below).
                self.stopped = false;
                if let Some(proof) = self.try_prove(&best) {
                    best = proof;
                    on_iteration(&best, self);
                }
                if self.stopped || best.exact {
                    break;
                }
                continue;
            }
            if self.stopped {
                // A move that finished inside the window in the interrupted iteration is kept.
                let line = self.pv.line(0);
                if !line.is_empty() && line[0] != best.pv[0] && self.partial_improved {
                    best.pv = line.to_vec();
                }
                break;
            }
            // A search that ends on a table entry at the root has no principal variation: keep
            // the previous best move then.
            let pv = if self.pv.line(0).is_empty() { best.pv } else { self.pv.line(0).to_vec() };
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

    /// One iteration at `depth` from the root, in a window around the previous iteration's
    /// score `prev` (from `AspirationDepth` on) that widens until the score falls inside it.
    fn aspiration(&mut self, depth: u32, prev: &Iteration) -> i32 {
        let c = &self.shared.config;
        let use_window =
            depth >= c.aspiration_depth as u32 && !score::is_proven(prev.score) && prev.depth > 0;
        let mut delta = c.aspiration;
        let growth = c.aspiration_growth;
        let (mut alpha, mut beta) = if use_window {
            (prev.score.saturating_sub(delta).max(-INFINITE), prev.score.saturating_add(delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let v = self.search::<Root>(depth as i32, alpha, beta, 0);
            if self.stopped {
                return v;
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
                return v;
            }
            delta = delta.saturating_mul(growth);
        }
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

    /// Negamax with alpha-beta, at a node of kind `N`. Scores are from the side to move's view.
    fn search<N: NodeKind>(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv.clear(ply);
        if depth > 0 {
            // The probe comes after the bounds and the move generation: start loading it now.
            self.shared.tt.prefetch(self.pos.hash());
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !N::ROOT
            && let Some(v) = self.bound_cut(alpha, beta)
        {
            return v;
        }
        if !N::ROOT
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
        let tt_move = match self.probe::<N>(key, &moves, depth, (alpha, beta), diff, ply) {
            Ok(v) => return v,
            Err(tt_move) => tt_move,
        };
        let horizon_before = self.horizon;
        let alpha_orig = alpha;
        let n = moves.len();
        self.ordering.score(&self.pos, &moves, tt_move, ply, &self.shared.config);
        let mut best = -INFINITE;
        let mut best_move = None;
        for i in 0..n {
            let mv = self.ordering.pick(ply, i, n);
            let undo = self.pos.play(mv);
            let v = self.search_move::<N>(i, depth, alpha, beta, ply);
            self.pos.unplay(mv, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    self.pv.extend(ply, mv);
                    if N::ROOT && i > 0 {
                        self.partial_improved = true;
                    }
                    if v >= beta {
                        self.cut();
                        let (side, c) = (self.pos.side_to_move(), &self.shared.config);
                        self.ordering.reward(side, mv, i, depth, ply, c);
                        break;
                    }
                }
            }
        }
        let exact = self.horizon == horizon_before && score::can_be_exact(best);
        let entry = Entry {
            best_move,
            score: score::to_relative(best, diff, exact),
            proven: exact,
            depth: depth.clamp(0, 255) as u8,
            bound: Bound::of(best, alpha_orig, beta),
        };
        self.shared.tt.store(key, entry);
        best
    }

    /// The table's entry for `key`: its value when it ends the search of this node in the
    /// window `alpha..beta` (`Ok`), else its move, if legal, to try first (`Err`).
    fn probe<N: NodeKind>(
        &mut self,
        key: u64,
        moves: &[Move],
        depth: i32,
        (alpha, beta): (i32, i32),
        diff: i32,
        ply: usize,
    ) -> Result<i32, Option<Move>> {
        let Some(e) = self.shared.tt.probe(key) else { return Err(None) };
        let tt_move = e.best_move.filter(|m| moves.contains(m));
        if N::ROOT || !(e.proven || (e.depth as i32 >= depth && !N::PV)) {
            return Err(tt_move);
        }
        let v = score::from_relative(e.score, diff, e.proven);
        let usable = match e.bound {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
        if !usable {
            return Err(tt_move);
        }
        if !e.proven {
            self.horizon += 1;
        }
        if let Some(m) = tt_move {
            self.pv.set_move(ply, m);
        }
        Ok(v)
    }

    /// The value of the `i`-th move tried at a node of kind `N` (just played): the first with
    /// the node's window, the others with a null window (reduced when late), searched again when
    /// they beat alpha.
    fn search_move<N: NodeKind>(&mut self, i: usize, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if i == 0 {
            return if N::PV {
                -self.search::<OnPv>(depth - 1, -beta, -alpha, ply + 1)
            } else {
                -self.search::<OffPv>(depth - 1, -beta, -alpha, ply + 1)
            };
        }
        let c = &self.shared.config;
        let r = if depth >= c.lmr_depth && i >= c.lmr_moves as usize && !N::PV {
            1 + (i >= c.lmr_late_moves as usize) as i32
        } else {
            0
        };
        let mut v = -self.search::<OffPv>(depth - 1 - r, -alpha - 1, -alpha, ply + 1);
        if v > alpha && r > 0 && !self.stopped {
            v = -self.search::<OffPv>(depth - 1, -alpha - 1, -alpha, ply + 1);
        }
        if v > alpha && v < beta && N::PV && !self.stopped {
            v = -self.search::<OnPv>(depth - 1, -beta, -alpha, ply + 1);
        }
        v
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
                self.ordering.set(ply, n, v as i32, m);
                n += 1;
            }
        }
        for i in 0..n {
            let mv = self.ordering.pick(ply, i, n);
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
