//! Positions to label: self-play to a given ply, and jobs on every core. Shared by
//! `cavalo accuracy --build` and `cavalo datagen`.

use std::sync::atomic::AtomicBool;

use cavalo_engine::{Engine, Limits};
use cavalo_rules::{Move, Position, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How the games that positions are taken from are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Node budget per move of the engine.
    pub nodes: u64,
    /// The first this many moves after the placements are random (0: none).
    pub random_moves: u16,
}

/// Plays the game of board `seed` under `rules` to `ply` plies (placements included) with the
/// engine against itself; `None` when the game ends earlier. Random moves, if any, come from a
/// generator seeded by `seed`, so the same arguments give the same position.
pub fn play_to(seed: u64, rules: Rules, ply: u16, how: SelfPlay, engine: &mut Engine) -> Option<Position> {
    let mut pos = Position::from_seed(seed, rules);
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x5EED_DA7A);
    let stop = AtomicBool::new(false);
    engine.new_game();
    while pos.ply() < ply {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mv = if pos.placements_done() && pos.ply() < 2 + how.random_moves {
            moves[rng.random_range(0..moves.len())]
        } else {
            engine.search(&pos, &Limits::nodes(how.nodes), &stop, &mut |_| {}).best_move?
        };
        pos.play(mv);
    }
    (!pos.is_over()).then_some(pos)
}

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
}
