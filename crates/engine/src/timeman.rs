//! Time management: a hard deadline never passed, and a soft one after which no new iteration
//! starts. The margin kept back from the limit adapts to the lateness measured on earlier
//! answers ([`Latency`]): on a loaded machine the answer leaves earlier.

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
    /// Deadlines for `limits`, counted from `start` (when the request was received), keeping back
    /// the configured margin plus `latency`'s allowance.
    pub fn new(start: Instant, limits: &Limits, p: &SearchConfig, latency: &Latency) -> TimeManager {
        let clock = |c: &crate::Clock| clock_budget(c.remaining, c.increment, p);
        let budget = match (limits.movetime, limits.clock) {
            (Some(t), Some(c)) => Some(t.min(clock(&c))),
            (Some(t), None) => Some(t),
            (None, Some(c)) => Some(clock(&c)),
            (None, None) => None,
        };
        let tm = match budget {
            None => TimeManager { start, hard: None, soft: None },
            Some(b) => {
                let us = b.as_micros() as u64;
                let (min, max) =
                    (p.min_margin_us as u64, (p.max_margin_us as u64).max(p.min_margin_us as u64));
                let base = (us * p.margin_permille as u64 / 1000).clamp(min, max);
                let adaptive = latency.worst_us * p.latency_permille as u64 / 1000;
                let margin = (base + adaptive).min(us * p.margin_cap_permille as u64 / 1000);
                let hard = Duration::from_micros(us.saturating_sub(margin));
                let soft = Duration::from_micros(hard.as_micros() as u64 * p.soft_permille as u64 / 1000);
                TimeManager { start, hard: Some(start + hard), soft: Some(start + soft) }
            }
        };
        // A caller's own answer time comes first; the soft deadline stays where the move time
        // puts it, unless that is later.
        match limits.answer_by {
            Some(by) if tm.hard.is_none_or(|h| by < h) => {
                TimeManager { hard: Some(by), soft: tm.soft.map(|s| s.min(by)), ..tm }
            }
            _ => tm,
        }
    }

    /// The hard deadline, if any.
    pub fn hard(&self) -> Option<Instant> {
        self.hard
    }

    /// The time from the start to the hard deadline, if any.
    pub fn usable(&self) -> Option<Duration> {
        self.hard.map(|h| h.saturating_duration_since(self.start))
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

/// How late answers came after the hard deadline: a maximum that decays by 1/16 per answer, so
/// that one slow answer widens the margin for a while and a quiet machine narrows it again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Latency {
    worst_us: u64,
}

impl Latency {
    /// Notes an answer given `late` after the hard deadline (zero when it came before).
    pub fn record(&mut self, late: Duration) {
        let l = late.as_micros().min(u64::MAX as u128) as u64;
        self.worst_us = l.max(self.worst_us.saturating_sub(self.worst_us / 16 + 1));
    }

    /// The decayed worst lateness.
    pub fn worst(&self) -> Duration {
        Duration::from_micros(self.worst_us)
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
        let tm =
            TimeManager::new(start, &Limits::movetime_ms(100), &SearchConfig::default(), &Latency::default());
        let hard = tm.hard.unwrap() - start;
        assert!(hard < Duration::from_millis(100));
        assert!(hard > Duration::from_millis(80));
        assert!(tm.soft.unwrap() < tm.hard.unwrap());
        let none = TimeManager::new(start, &Limits::depth(3), &SearchConfig::default(), &Latency::default());
        assert!(!none.hard_expired() && !none.soft_expired());
    }

    #[test]
    fn an_answer_time_caps_the_hard_deadline_only() {
        let start = Instant::now();
        let p = SearchConfig::default();
        let free = TimeManager::new(start, &Limits::movetime_ms(1000), &p, &Latency::default());
        let by = start + Duration::from_millis(900);
        let limits = Limits { answer_by: Some(by), ..Limits::movetime_ms(1000) };
        let capped = TimeManager::new(start, &limits, &p, &Latency::default());
        assert!(free.hard.unwrap() > by);
        assert_eq!(capped.hard, Some(by));
        assert_eq!(capped.soft, free.soft, "the soft deadline (450 ms) is before the cap");
        // A cap later than the move time's hard deadline changes nothing; one before the soft
        // deadline moves both.
        let late = Limits { answer_by: Some(start + Duration::from_secs(2)), ..Limits::movetime_ms(1000) };
        assert_eq!(TimeManager::new(start, &late, &p, &Latency::default()).hard, free.hard);
        let early =
            Limits { answer_by: Some(start + Duration::from_millis(100)), ..Limits::movetime_ms(1000) };
        let early = TimeManager::new(start, &early, &p, &Latency::default());
        assert_eq!((early.hard, early.soft), (Some(start + Duration::from_millis(100)), early.hard));
        // Alone, it is the hard deadline.
        let alone = Limits { answer_by: Some(by), ..Limits::default() };
        assert_eq!(TimeManager::new(start, &alone, &p, &Latency::default()).hard, Some(by));
    }

    #[test]
    fn measured_lateness_widens_the_margin_then_decays() {
        let start = Instant::now();
        let p = SearchConfig::default();
        let limits = Limits::movetime_ms(100);
        let mut lat = Latency::default();
        let quiet = TimeManager::new(start, &limits, &p, &lat).hard.unwrap();
        lat.record(Duration::from_millis(10));
        let loaded = TimeManager::new(start, &limits, &p, &lat).hard.unwrap();
        assert_eq!(quiet - loaded, Duration::from_millis(10) * p.latency_permille as u32 / 1000);
        lat.record(Duration::from_secs(100));
        let capped = TimeManager::new(start, &limits, &p, &lat).hard.unwrap();
        assert_eq!(capped - start, Duration::from_millis(100 - p.margin_cap_permille as u64 / 10));
        for _ in 0..400 {
            lat.record(Duration::ZERO);
        }
        assert_eq!(TimeManager::new(start, &limits, &p, &lat).hard.unwrap(), quiet, "decays back");
    }
}
