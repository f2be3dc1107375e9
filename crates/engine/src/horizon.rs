//! The proof horizon: how early in a game the engine proves its exact final result.
//!
//! The measure (issue 13): games of self-play on seeded boards (canonical or given rules; both
//! sides are fresh [`Engine`]s with one thread, [`GAME_NODES`] nodes per move, default options;
//! the placements are forced), then for each game the earliest ply `p` such that a fresh engine
//! searching the position after `p` plies with a node budget (10 M by default) and one thread
//! proves the exact result. The earliest ply is found by binary search over the plies of the game,
//! assuming that a position proven within the budget is followed by positions also proven within
//! it (proofs get easier as the game goes on; this holds "mostly", not always, and the binary
//! search then reports one of the plies where proving starts).

use std::sync::atomic::AtomicBool;

use cavalo_rules::{Position, Rules};

pub use crate::selfplay::SelfPlayGame;
use crate::selfplay::{self, SelfPlay};
use crate::{Engine, Limits, Options};

/// Nodes per move of the self-play games.
pub const GAME_NODES: u64 = 100_000;
/// Default node budget of a proof.
pub const PROOF_NODES: u64 = 10_000_000;

/// A self-play game of the engine with `options` (threads forced to 1) at `nodes` per move.
pub fn self_play(seed: u64, rules: Rules, nodes: u64, options: &Options) -> SelfPlayGame {
    let options = Options { threads: 1, ..options.clone() };
    let mut engines = [Engine::new(options.clone()), Engine::new(options)];
    selfplay::play(seed, rules, SelfPlay { nodes, random_moves: 0 }, u16::MAX, &mut engines)
}

/// The outcome of one proof attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The ply of the game searched.
    pub ply: usize,
    /// The proven final difference (side to move minus opponent), when proven.
    pub proven: Option<i32>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Searches `pos` with a fresh engine (`options`, one thread) for at most `nodes` nodes: the
/// exact final difference (side to move's view) when proven.
pub fn prove(pos: &Position, nodes: u64, options: &Options) -> (Option<i32>, u64) {
    let mut engine = Engine::new(Options { threads: 1, ..options.clone() });
    let stop = AtomicBool::new(false);
    let r = engine.search(pos, &Limits::nodes(nodes), &stop, &mut |_| {});
    (r.info.proven.then_some(r.info.score), r.info.nodes)
}

/// The earliest proven ply of `game` (binary search, see the module's docs), and every attempt
/// made. The end of the game counts as proven.
pub fn earliest_proven_ply(
    game: &SelfPlayGame,
    rules: Rules,
    nodes: u64,
    options: &Options,
) -> (usize, Vec<Attempt>) {
    let mut attempts = Vec::new();
    // Invariant: ply `hi` is proven; plies below `lo` are not.
    let (mut lo, mut hi) = (0, game.moves.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let (proven, n) = prove(&game.position_at(mid, rules), nodes, options);
        attempts.push(Attempt { ply: mid, proven, nodes: n });
        if proven.is_some() {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    (hi, attempts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_is_proven_at_its_end_and_a_small_budget_proves_later_than_a_large_one() {
        let options = Options { hash_mib: 4, ..Options::default() };
        let game = self_play(3, Rules::default(), 2_000, &options);
        assert!(game.position_at(game.moves.len(), Rules::default()).is_over());
        let (small, _) = earliest_proven_ply(&game, Rules::default(), 2_000, &options);
        let (large, attempts) = earliest_proven_ply(&game, Rules::default(), 200_000, &options);
        assert!(small <= game.moves.len());
        assert!(large <= small, "more nodes prove no later: {large} vs {small}");
        assert!(large < game.moves.len(), "200 000 nodes prove the last plies");
        assert!(attempts.iter().all(|a| a.nodes <= 200_000 + 2_048));
    }
}
