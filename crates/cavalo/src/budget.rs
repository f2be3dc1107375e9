//! The time of a one-shot command (`cavalo go --time-ms`, `cavalo move`), counted from the
//! program's start: making the engine's tables is inside it, the tables are sized to it, and a
//! little is kept back to print the answer and exit. The whole process then ends within the time
//! asked for.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use cavalo_engine::Options;

static START: OnceLock<Instant> = OnceLock::new();

/// Notes the program's start (the first thing `main` does).
pub fn mark_start() {
    START.get_or_init(Instant::now);
}

/// The time since the program started.
pub fn since_start() -> Duration {
    START.get_or_init(Instant::now).elapsed()
}

/// Time kept back from a budget of `budget_ms` for printing the answer and exiting.
pub fn reserve_ms(budget_ms: u64) -> u64 {
    (budget_ms / 10).clamp(5, 50)
}

/// What is left of `budget` for the search now: the budget less the time since the program
/// started and the reserve (at least 1 ms).
pub fn search_time(budget: Duration) -> Duration {
    let reserve = Duration::from_millis(reserve_ms(budget.as_millis().min(u128::from(u64::MAX)) as u64));
    budget.saturating_sub(reserve + since_start()).max(Duration::from_millis(1))
}

/// A rate of nodes a thread searches a second, a little above what one core does (`cavalo
/// bench`: about 3 M).
const NODES_PER_THREAD_SECOND: f64 = 4e6;
/// Bytes of table per node searched: a slot of the transposition table is 16 bytes; twice that
/// leaves room.
const BYTES_PER_NODE: f64 = 32.0;

/// The `Hash` in MiB for one search of `movetime` on `threads` threads: room for every node it
/// can search (a power of two), at most `hash_mib`. A 100 ms search needs 16 MiB, not 64; a
/// search of half a second or more keeps the 64 MiB default. The proof table takes the same size.
pub fn hash_for(movetime: Duration, threads: usize, hash_mib: usize) -> usize {
    let nodes = NODES_PER_THREAD_SECOND * threads.max(1) as f64 * movetime.as_secs_f64();
    let mib = (nodes * BYTES_PER_NODE / (1024.0 * 1024.0)).ceil() as usize;
    mib.max(1).next_power_of_two().min(hash_mib.max(1))
}

/// `options` with tables sized to a search of `movetime` ([`hash_for`]), unless the user chose
/// the size (`hash_given`).
pub fn sized(options: Options, movetime: Option<Duration>, hash_given: bool) -> Options {
    match movetime {
        Some(t) if !hash_given => {
            Options { hash_mib: hash_for(t, options.threads, options.hash_mib), ..options }
        }
        _ => options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_grow_with_the_time_and_the_threads_up_to_the_size_asked_for() {
        let ms = Duration::from_millis;
        assert_eq!(hash_for(ms(100), 1, 64), 16);
        assert_eq!(hash_for(ms(10), 1, 64), 2);
        assert_eq!(hash_for(ms(1), 1, 64), 1);
        assert_eq!(hash_for(ms(100), 4, 64), 64, "never above the size asked for");
        assert_eq!(hash_for(ms(1000), 1, 64), 64);
        assert_eq!(hash_for(ms(1000), 1, 8), 8);
        assert!(hash_for(ms(50), 2, 1024) >= hash_for(ms(50), 1, 1024));
        let o = Options::default();
        assert_eq!(sized(o.clone(), Some(ms(100)), false).hash_mib, 16);
        assert_eq!(sized(o.clone(), Some(ms(100)), true).hash_mib, 64, "a size the user chose stays");
        assert_eq!(sized(o, None, false).hash_mib, 64, "no time, no sizing");
    }

    #[test]
    fn the_search_gets_the_budget_less_the_time_spent_and_the_reserve() {
        mark_start();
        let t = search_time(Duration::from_millis(1000));
        assert!(t <= Duration::from_millis(950), "{t:?}");
        assert_eq!(search_time(Duration::from_millis(1)), Duration::from_millis(1));
        assert_eq!((reserve_ms(100), reserve_ms(10), reserve_ms(5000)), (10, 5, 50));
    }
}
