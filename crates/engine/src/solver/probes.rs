//! The null-window probes of a proof's root (MTD(f)), one sequence shared by every thread proving
//! the same position: all threads ask the same question "is the rest at least `beta`?" at once,
//! so that what one thread finds under a node answers the others' question too, and a thread whose
//! question was answered (by itself or another) moves on to the next one at once.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use cavalo_rules::Move;

use super::INF;

/// The probes of one root: the proven bounds `lo..=hi` on its rest, the move of `lo`, and the
/// next probe's `beta`. Consecutive probes that move the same way take doubling steps (values
/// often come back just past beta), and once both bounds are known the gap is bisected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Probes {
    pub lo: i32,
    pub hi: i32,
    pub best: Option<Move>,
    beta: i32,
    step: i32,
    last_up: Option<bool>,
}

impl Probes {
    /// The probes of a root known to lie in `lo..=hi` (`best`: the move of `lo`), the first at
    /// `guess`.
    pub fn new(lo: i32, hi: i32, best: Option<Move>, guess: i32) -> Probes {
        let mut p = Probes { lo, hi, best, beta: guess, step: 1, last_up: None };
        p.clamp();
        p
    }

    /// Whether the value is known.
    pub fn done(&self) -> bool {
        self.lo >= self.hi
    }

    /// The beta of the next probe (in `lo + 1..=hi`).
    pub fn beta(&self) -> i32 {
        self.beta
    }

    /// Takes bounds proven elsewhere (`lo` with its move). Returns whether the next beta changed.
    pub fn merge(&mut self, lo: i32, hi: i32, best: Option<Move>) -> bool {
        if lo > self.lo && best.is_some() {
            (self.lo, self.best) = (lo, best);
        }
        self.hi = self.hi.min(hi);
        self.clamp()
    }

    /// Takes the answer of the probe at `beta`: the value `v` found, `raised` the move that
    /// reached `beta` when `v >= beta`. The next beta follows when `beta` was the current one;
    /// an answer to an older probe only tightens the bounds.
    pub fn answer(&mut self, beta: i32, v: i32, raised: Option<Move>) {
        let current = beta == self.beta;
        let up = v >= beta;
        if up {
            self.merge(v, INF, raised);
        } else {
            self.merge(-INF, v, None);
        }
        if !current {
            return;
        }
        self.step = if self.last_up == Some(up) { (self.step * 2).min(INF) } else { 1 };
        self.last_up = Some(up);
        self.beta = if up { self.lo + self.step } else { self.hi + 1 - self.step };
        if self.lo > -INF && self.hi < INF && self.step > 1 {
            self.beta = self.lo + (self.hi - self.lo + 1) / 2;
        }
        self.clamp();
    }

    /// Keeps beta in `lo + 1..=hi`; whether it moved.
    fn clamp(&mut self) -> bool {
        let beta = self.beta.clamp(self.lo + 1, self.hi.max(self.lo + 1));
        std::mem::replace(&mut self.beta, beta) != beta
    }
}

/// The probes of the root being proven, shared by the threads of one search through the proof
/// table. Every change of the next probe counts a new generation: a thread searching an older one
/// stops (see [`SharedProbes::current`]).
#[derive(Default)]
pub(super) struct SharedProbes {
    state: Mutex<Option<(u64, Probes)>>,
    generation: AtomicU64,
}

impl SharedProbes {
    /// The probes of root `key` merged with what the caller knows (`lo..=hi`, `best`), started at
    /// `guess` when they are another root's, and the generation of their next probe.
    pub fn join(&self, key: u64, lo: i32, hi: i32, best: Option<Move>, guess: i32) -> (Probes, u64) {
        let mut held = self.state.lock().unwrap_or_else(|e| e.into_inner());
        match held.as_mut() {
            Some((k, p)) if *k == key => {
                if p.merge(lo, hi, best) {
                    self.generation.fetch_add(1, Relaxed);
                }
            }
            _ => {
                *held = Some((key, Probes::new(lo, hi, best, guess)));
                self.generation.fetch_add(1, Relaxed);
            }
        }
        (held.expect("set above").1, self.generation.load(Relaxed))
    }

    /// Takes the answer of a probe of root `key` at `beta` (see [`Probes::answer`]) and returns
    /// the probes as they now stand.
    pub fn answer(&self, key: u64, beta: i32, v: i32, raised: Option<Move>) -> Probes {
        let mut held = self.state.lock().unwrap_or_else(|e| e.into_inner());
        match held.as_mut() {
            Some((k, p)) if *k == key => {
                let before = *p;
                p.answer(beta, v, raised);
                if p.beta() != before.beta() || p.done() {
                    self.generation.fetch_add(1, Relaxed);
                }
                *p
            }
            // Another root took over (the caller's proof is over): the answer alone.
            _ => {
                let mut p = Probes::new(-INF, INF, None, beta);
                p.answer(beta, v, raised);
                p
            }
        }
    }

    /// Whether `generation` is still the current one.
    #[inline]
    pub fn current(&self, generation: u64) -> bool {
        self.generation.load(Relaxed) == generation
    }

    /// Forgets the root.
    pub fn clear(&self) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.generation.fetch_add(1, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_step_by_doubling_then_bisect_and_end_when_the_bounds_meet() {
        let m = Some(Move::PASS);
        let mut p = Probes::new(-INF, INF, None, 10);
        assert_eq!(p.beta(), 10);
        p.answer(10, 12, m); // up: lo 12
        assert_eq!((p.lo, p.beta()), (12, 13));
        p.answer(13, 14, m); // up again: step 2
        assert_eq!((p.lo, p.beta()), (14, 16));
        p.answer(16, 15, None); // down: hi 15, both known
        assert_eq!((p.hi, p.beta()), (15, 15));
        p.answer(15, 14, None);
        assert!(p.done() && p.lo == 14 && p.best == m);
    }

    #[test]
    fn an_answer_to_an_older_probe_tightens_the_bounds_only() {
        let mut p = Probes::new(-INF, INF, None, 0);
        p.answer(0, 5, Some(Move::PASS));
        let beta = p.beta();
        p.answer(-20, -10, Some(Move::PASS)); // an older probe's fail high: nothing new
        assert_eq!(p.beta(), beta);
        p.answer(50, 40, None); // an older fail low: hi 40
        assert_eq!((p.hi, p.beta()), (40, beta));
    }

    #[test]
    fn shared_probes_count_a_generation_per_new_question() {
        let s = SharedProbes::default();
        let (p, g0) = s.join(1, -INF, INF, None, 3);
        assert_eq!(p.beta(), 3);
        let (q, g1) = s.join(1, -INF, INF, None, 99);
        assert_eq!((q.beta(), g1), (3, g0), "a second thread joins the same probe");
        s.answer(1, 3, 7, Some(Move::PASS));
        assert!(!s.current(g0));
        let (r, _) = s.join(1, -INF, INF, None, 0);
        assert_eq!((r.lo, r.beta()), (7, 8));
        let (other, _) = s.join(2, -INF, INF, None, -4);
        assert_eq!(other.beta(), -4, "another root starts afresh");
    }
}
