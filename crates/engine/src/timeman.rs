//! Time management: a hard deadline never passed, and a soft one after which no new iteration
//! starts.

use std::time::{Duration, Instant};

use crate::limits::Limits;
use crate::params::SearchConfig;

/// The deadlines of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    hard: Option<Instant>,
    soft: Option<Instant>,
}

impl TimeManager {
    /// Deadlines for `limits`, counted from `start` (when the request was received).
    pub fn new(start: Instant, limits: &Limits, p: &SearchConfig) -> TimeManager {
        let clock = |c: &crate::Clock| clock_budget(c.remaining, c.increment, p);
        let budget = match (limits.movetime, limits.clock) {
            (Some(t), Some(c)) => Some(t.min(clock(&c))),
            (Some(t), None) => Some(t),
            (None, Some(c)) => Some(clock(&c)),
            (None, None) => None,
        };
        match budget {
            None => TimeManager { start, hard: None, soft: None },
            Some(b) => {
                let us = b.as_micros() as u64;
                let (min, max) =
                    (p.min_margin_us as u64, (p.max_margin_us as u64).max(p.min_margin_us as u64));
                let margin = (us * p.margin_permille as u64 / 1000).clamp(min, max);
                let hard = Duration::from_micros(us.saturating_sub(margin));
                let soft = Duration::from_micros(hard.as_micros() as u64 * p.soft_permille as u64 / 1000);
                TimeManager { start, hard: Some(start + hard), soft: Some(start + soft) }
            }
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard deadline has passed: stop at once.
    #[inline]
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| Instant::now() >= h)
    }

    /// Whether the soft deadline has passed: do not start another iteration.
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|s| Instant::now() >= s)
    }
}

/// The share of a clock to spend on one move: 1/`ClockDivisor` of what is left plus most of the
/// increment, never more than half of what is left.
fn clock_budget(remaining: Duration, increment: Duration, p: &SearchConfig) -> Duration {
    let share = remaining / p.clock_divisor.max(1) as u32 + increment * p.increment_permille as u32 / 1000;
    share.min(remaining / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_deadline_is_inside_the_move_time() {
        let start = Instant::now();
        let tm = TimeManager::new(start, &Limits::movetime_ms(100), &SearchConfig::default());
        let hard = tm.hard.unwrap() - start;
        assert!(hard < Duration::from_millis(100));
        assert!(hard > Duration::from_millis(80));
        assert!(tm.soft.unwrap() < tm.hard.unwrap());
        let none = TimeManager::new(start, &Limits::depth(3), &SearchConfig::default());
        assert!(!none.hard_expired() && !none.soft_expired());
    }
}
