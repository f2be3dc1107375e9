//! Plays many games on a few threads: the work comes in units (the two games of one board between
//! two players, so that pairs stay whole), and `--shard K/N` keeps every N-th unit so that a long
//! match or a big tournament can be split over machines and merged afterwards.

use std::collections::VecDeque;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::mpsc::channel;

use cavalo_rules::GameRecord;

use crate::referee::{GameSetup, GameSpec, play_game};
pub use crate::shard::Shard;

/// Games played by one worker one after the other: the games of one board between two players.
#[derive(Clone, Debug)]
pub struct Unit<'a> {
    /// The players and limits.
    pub setup: &'a GameSetup,
    /// The games (one or both colours).
    pub games: Vec<GameSpec>,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// Plays `units`, `concurrency` at a time. `on_game` gets every finished game (in the order they
/// finish); when it answers [`ControlFlow::Break`] no new unit is started, and the units under
/// way are finished and reported.
pub fn run_units(
    units: Vec<Unit<'_>>,
    concurrency: usize,
    on_game: &mut dyn FnMut(GameRecord) -> ControlFlow<()>,
) {
    let units: VecDeque<Unit<'_>> = units.into_iter().filter(|u| !u.games.is_empty()).collect();
    let workers = concurrency.max(1).min(units.len());
    let queue = Mutex::new(units);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<GameRecord>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || {
                while !stop.load(SeqCst) {
                    let Some(unit) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front() else {
                        break;
                    };
                    for g in unit.games {
                        if tx.send(play_game(unit.setup, g)).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        drop(tx);
        for rec in rx {
            if on_game(rec).is_break() {
                stop.store(true, SeqCst);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_a_schedule_into_disjoint_slices() {
        let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        for units in 0..10 {
            let counted: u64 = shards.iter().map(|s| s.count(units)).sum();
            assert_eq!(counted, units);
            for i in 0..units {
                assert_eq!(shards.iter().filter(|s| s.contains(i)).count(), 1);
            }
            for s in &shards {
                assert_eq!(s.count(units), (0..units).filter(|&i| s.contains(i)).count() as u64);
            }
        }
        for bad in ["0/3", "4/3", "1/0", "x", "1-3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!("2/8".parse::<Shard>().unwrap().to_string(), "2/8");
    }
}
