//! The worker's exact results: the proven bounds that cut a node outright, the separated solver,
//! and the proof search run after an iteration (see [`crate::bounds`] and [`crate::solver`]).

use std::sync::atomic::Ordering::Relaxed;

use cavalo_rules::Move;

use super::{Iteration, SOLO_BUDGET, Worker};
use crate::params::CHECK_EVERY;
use crate::score;
use crate::tt::{Bound, Entry};

/// The proof search orders moves by the heuristic search's best moves while fewer than this many
/// cells have left the board since the root (about 12 plies: two cells leave per ply; the
/// iterations before a proof reach about 20 plies, and 6 or 18 proved fewer positions).
const HINT_CELLS: usize = 24;

/// How near the root a proof of `threads` threads marks its nodes busy, for `ProofDeferCells`
/// `cells` (the count at 2 threads): 4 cells more per doubling of the threads, as more threads
/// need more nodes to part at (16 cores, `bench --proofs`: 16 cells against 10 took 0.65 s
/// against 0.74 s at 8 threads and 0.53 s against 0.60 s at 16).
fn defer_cells(cells: usize, threads: usize) -> usize {
    cells + 4 * (threads.max(2).ilog2() as usize - 1)
}

impl Worker<'_> {
    /// The proof search after an iteration, within its share of the nodes (see
    /// [`crate::solver::Solver::prove`]): the iteration made exact when it proves the result.
    /// With `HelperProofs`, the first thread whose iteration finds a proof due leads it and the
    /// others leave their iterations to follow until it ends; without, only the main thread
    /// proves.
    pub(super) fn try_prove(&mut self, it: &Iteration) -> Option<Iteration> {
        let shared = self.shared;
        let proving = &shared.proving;
        // (Taken only once a thread leads or follows: a leader must end what it started.)
        self.prover.as_ref()?;
        let may_lead = self.main || shared.helper_proofs;
        let lead = may_lead
            .then(|| self.proof_budget(it))
            .flatten()
            .filter(|_| proving.compare_exchange(false, true, Relaxed, Relaxed).is_ok());
        let leader = lead.is_some();
        let budget = match lead {
            Some(budget) => budget,
            None => self.follower_budget()?,
        };
        let mut solver = self.prover.take().expect("checked above");
        let pos = self.pos.clone();
        solver.set_hints(
            Some(std::sync::Arc::clone(&self.shared.tt)),
            pos.holding().len().saturating_sub(HINT_CELLS),
        );
        if self.shared.helper_proofs {
            let near = defer_cells(self.shared.config.proof_defer_cells as usize, self.shared.threads);
            solver.set_deferral(pos.holding().len().saturating_sub(near));
        }
        self.in_proof = true;
        let mut counted = 0;
        // The nodes are published and the limits checked every `CHECK_EVERY` nodes, as in the
        // heuristic search (at every call, every 64 nodes, the threads' shared count was written
        // by every thread a million times a second).
        let proof = solver.prove(&pos, score::to_points(it.score), budget, &mut |n| {
            self.add_nodes(n - counted);
            counted = n;
            // A follower proves while the leader does.
            self.stopped || (!leader && !proving.load(Relaxed))
        });
        self.in_proof = false;
        if leader {
            proving.store(false, Relaxed);
        }
        solver.set_hints(None, usize::MAX);
        self.add_nodes(solver.nodes() - counted);
        self.proof_nodes += solver.nodes();
        self.prover = Some(solver);
        let Some(proof) = proof else { return self.proven_better(it) };
        let pv = if proof.line.is_empty() { it.pv.clone() } else { proof.line };
        Some(Iteration { score: score::proven(proof.diff), exact: true, pv, ..it.clone() })
    }

    /// The proof budget of a thread leading a proof after its iteration `it` (its share of its own
    /// nodes: all threads search and prove together), or `None` when no proof is due.
    fn proof_budget(&self, it: &Iteration) -> Option<u64> {
        if !self.proof_due(it.depth) {
            return None;
        }
        let share = self.shared.config.proof_share.clamp(0, 95) as u64;
        let searched = self.counters.nodes - self.proof_nodes;
        let budget = (searched * share / (100 - share)).checked_sub(self.proof_nodes)?;
        (budget >= 1024).then_some(budget)
    }

    /// Whether a proof is due after an iteration of `depth` plies.
    fn proof_due(&self, depth: u32) -> bool {
        let c = &self.shared.config;
        // A search limited in depth (`go depth`, the bench) asked for that search only.
        c.proof_share > 0
            && self.shared.limits.depth.is_none()
            && depth >= c.proof_depth as u32
            && self.pos.holding().len() <= c.proof_max_cells as usize
            && (self.pos.holding().len() <= c.proof_late_cells as usize || self.early_proof_due())
    }

    /// A follower's proof budget: none (it follows while the leader proves, see
    /// [`Worker::try_prove`]), or `None` when no proof is running to follow.
    fn follower_budget(&self) -> Option<u64> {
        (self.shared.helper_proofs && self.shared.proving.load(Relaxed)).then_some(u64::MAX)
    }

    /// Whether the proof search may run although more than `ProofLateCells` cells hold numbers:
    /// the search can spend `ProofMinNodes` nodes in all, and has spent a tenth of them on the
    /// heuristic search (whose score is the first probe and whose moves are the hints).
    /// Nodes count for all threads together: more threads reach a proof sooner.
    fn early_proof_due(&self) -> bool {
        let spent = self.all_nodes();
        let expected = self.expected_nodes(spent);
        expected >= self.shared.config.proof_min_nodes as u64 && spent >= expected / 10
    }

    /// The nodes all threads have searched so far (as far as reported; this thread's all).
    fn all_nodes(&self) -> u64 {
        (self.shared.nodes.load(std::sync::atomic::Ordering::Relaxed) + self.unreported)
            .max(self.counters.nodes)
    }

    /// The nodes this search may spend in all threads: its node limit, or its rate so far
    /// (`spent` nodes) times the time up to its deadline (the smaller of the two); without either,
    /// the nodes spent so far.
    fn expected_nodes(&self, spent: u64) -> u64 {
        let tm = &self.shared.tm;
        let by_time = tm.usable().map(|usable| {
            let elapsed = tm.elapsed().as_secs_f64().max(1e-6);
            (spent as f64 * usable.as_secs_f64() / elapsed) as u64
        });
        match (self.shared.limits.nodes, by_time) {
            (Some(n), Some(t)) => n.min(t),
            (Some(n), None) => n,
            (None, Some(t)) => t,
            (None, None) => spent,
        }
    }

    /// `it` with another first move when the proof table proves its first move worse than
    /// another (an upper bound below the other's lower bound): the move proven best then, the
    /// heuristic score kept. `None` when no such proof is known. The table's proofs may come
    /// from earlier searches of the game (it is kept while the board is the same).
    pub(super) fn proven_better(&self, it: &Iteration) -> Option<Iteration> {
        let chosen = *it.pv.first()?;
        let bounds = self.prover.as_ref()?.move_bounds(&self.pos);
        let (_, chosen_hi) = bounds.iter().find(|b| b.0 == chosen).map(|b| (b.1, b.2))?;
        let (best, best_lo) =
            bounds.iter().filter_map(|&(m, lo, _)| Some((m, lo?))).max_by_key(|&(_, lo)| lo)?;
        (chosen_hi? < best_lo).then(|| Iteration { pv: vec![best], exact: false, ..it.clone() })
    }

    /// A proven bound outside the window `alpha..beta`, when the points the mover and the
    /// opponent can still collect decide the node (see [`crate::bounds`]): the mover cannot reach
    /// alpha (a proven upper bound) or the opponent cannot bring it below beta (a proven lower
    /// bound).
    #[inline]
    pub(super) fn bound_cut(&self, alpha: i32, beta: i32) -> Option<i32> {
        let pos = &self.pos;
        let c = &self.shared.collectable;
        if pos.holding().len() > self.shared.config.bound_max_cells as usize || !pos.placements_done() {
            return None;
        }
        let me = pos.side_to_move();
        let diff = pos.points_diff(me);
        let now = score::proven(diff);
        if now <= alpha {
            // Cheap first: everything left on the board, then what the mover can reach.
            let remaining = c.remaining(pos);
            if score::proven(diff + remaining) <= alpha {
                return Some(score::proven(diff + remaining));
            }
            let up = score::proven(diff + c.gain_bound(pos, me));
            (up <= alpha).then_some(up)
        } else if now >= beta {
            let remaining = c.remaining(pos);
            if score::proven(diff - remaining) >= beta {
                return Some(score::proven(diff - remaining));
            }
            let low = score::proven(diff - c.gain_bound(pos, !me));
            (low >= beta).then_some(low)
        } else {
            None
        }
    }

    /// The exact value of a position whose knights can no longer interact (see
    /// [`crate::bounds::Collectable::separated`]), stored in the table as proven.
    pub(super) fn separated_value(&mut self) -> Option<i32> {
        let pos = &self.pos;
        if pos.holding().len() > self.shared.config.separated_max_cells as usize || !pos.placements_done() {
            return None;
        }
        let (mine, theirs) = self.shared.collectable.separated(pos)?;
        let diff = pos.points_diff(pos.side_to_move());
        let mut budget = SOLO_BUDGET;
        let gain = self.solo.solve(&mut self.pos, mine, &mut budget);
        let lost = gain.and_then(|_| {
            let undo = self.pos.play(Move::PASS);
            let lost = self.solo.solve(&mut self.pos, theirs, &mut budget);
            self.pos.unplay(Move::PASS, undo);
            lost
        });
        // The solver's positions count as nodes: node limits and the clock bound them too.
        let used = (SOLO_BUDGET - budget) as u64;
        self.counters.nodes += used;
        self.unreported += used;
        if self.unreported >= CHECK_EVERY {
            self.flush_nodes();
            self.check_limits();
        }
        let v = score::proven(diff + gain? - lost?);
        let entry = Entry {
            best_move: None,
            score: score::to_relative(v, diff, true),
            proven: true,
            depth: 0,
            bound: Bound::Exact,
        };
        self.shared.tt.store(self.pos.hash(), entry);
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn more_threads_mark_nodes_deeper() {
        let cells: Vec<usize> = [1, 2, 3, 4, 8, 16].iter().map(|&t| super::defer_cells(10, t)).collect();
        assert_eq!(cells, [10, 10, 10, 14, 18, 22]);
    }
}
