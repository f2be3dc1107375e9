//! Positions to label: moves checked against a position, jobs on every core, and ranges of
//! seeds. Shared by `cavalo accuracy --build` and `cavalo datagen` (the self-play games: `cavalo_engine::selfplay`).

use anyhow::{Context, Result, bail};
pub use cavalo_engine::selfplay::SelfPlay;
use cavalo_rules::{Move, Position};

/// `mv` checked against `pos` and normalised (a default removal named explicitly or not is one
/// move); `None` when it is not legal there.
pub fn canonical(pos: &Position, mv: Move) -> Option<Move> {
    pos.parse_move(&mv.to_string()).ok()
}

/// Runs `work` on every item with `jobs` threads, each with its own state made by `init`;
/// `done` is called (on the calling thread, in completion order) with each item's index and
/// result. Returns when every item is done.
pub fn run_jobs<T: Sync, S, R: Send>(
    items: &[T],
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
    mut done: impl FnMut(usize, R),
) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            let tx = tx.clone();
            let (next, init, work) = (&next, &init, &work);
            scope.spawn(move || {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if tx.send((i, work(&mut state, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, r) in rx {
            done(i, r);
        }
    });
}

/// `A..B` (or `A..=B`, the same) as the first seed and the count; what is wrong is said of
/// `--seeds`.
pub fn parse_seed_range(s: &str) -> Result<(u64, u64)> {
    let bad = || format!("--seeds `{s}` is not a range A..B of seeds such as 1..50");
    let (a, b) = s.split_once("..").with_context(bad)?;
    let a: u64 = a.trim().parse().with_context(bad)?;
    let b: u64 = b.trim().trim_start_matches('=').parse().with_context(bad)?;
    if b < a {
        bail!("--seeds `{s}`: the range is empty");
    }
    Ok((a, b - a + 1))
}

/// The default number of jobs: every core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_do_every_item_once() {
        let items: Vec<u64> = (0..50).collect();
        let mut seen = [0; 50];
        run_jobs(
            &items,
            3,
            || 0u64,
            |count, x| {
                *count += 1;
                x * 2
            },
            |i, r| {
                assert_eq!(r, items[i] * 2);
                seen[i] += 1;
            },
        );
        assert!(seen.iter().all(|&n| n == 1));
    }
    #[test]
    fn seed_ranges() {
        assert_eq!(parse_seed_range("1..50").unwrap(), (1, 50));
        assert_eq!(parse_seed_range("7..=7").unwrap(), (7, 1));
        assert!(parse_seed_range("5..1").is_err());
        assert!(parse_seed_range("abc").is_err());
    }
}
