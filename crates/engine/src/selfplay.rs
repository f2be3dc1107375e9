//! Self-play games of the engine on seeded boards: the one generator of the games that the
//! accuracy suite's positions (`cavalo accuracy --build`) and the proof horizon's games
//! (`cavalo proofply`) are taken from.

use std::sync::atomic::AtomicBool;

use cavalo_rules::{Move, Position, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Engine, Limits};

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    /// Node budget per move of the engine.
    pub nodes: u64,
    /// The first this many moves after the placements are random (0: none), drawn from a
    /// generator seeded by the board's seed, so the same arguments give the same game.
    pub random_moves: u16,
}

/// A game the engine played against itself (or one read back from a file of them): its
/// board's seed and its plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayGame {
    /// The board's seed.
    pub seed: u64,
    /// The plies played from the seeded board (placements included).
    pub moves: Vec<Move>,
}

impl SelfPlayGame {
    /// The position after the first `ply` plies.
    pub fn position_at(&self, ply: usize, rules: Rules) -> Position {
        let mut p = Position::from_seed(self.seed, rules);
        for &m in &self.moves[..ply.min(self.moves.len())] {
            p.play(m);
        }
        p
    }
}

/// Plays the game of board `seed` under `rules` until its end or until `until` plies
/// (placements included) have been played, whichever comes first. The side to move's engine is
/// `engines[side % engines.len()]`: one engine plays both sides, two play one side each. Each
/// engine starts a new game first. The game stops early if an engine gives no move.
///
/// # Panics
/// When `engines` is empty.
pub fn play(seed: u64, rules: Rules, how: SelfPlay, until: u16, engines: &mut [Engine]) -> SelfPlayGame {
    assert!(!engines.is_empty(), "self-play needs an engine");
    let mut pos = Position::from_seed(seed, rules);
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x5EED_DA7A);
    let stop = AtomicBool::new(false);
    for e in engines.iter_mut() {
        e.new_game();
    }
    let mut moves = Vec::new();
    while !pos.is_over() && pos.ply() < until {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = if pos.placements_done() && pos.ply() < 2 + how.random_moves {
            legal[rng.random_range(0..legal.len())]
        } else {
            let n = engines.len();
            let engine = &mut engines[pos.side_to_move().index() % n];
            let Some(mv) = engine.search(&pos, &Limits::nodes(how.nodes), &stop, &mut |_| {}).best_move
            else {
                break;
            };
            mv
        };
        pos.play(mv);
        moves.push(mv);
    }
    SelfPlayGame { seed, moves }
}

/// The position after `ply` plies of the game of board `seed` played by one engine (see
/// [`play`]); `None` when the game ends (or the engine gives no move) before or at that ply.
pub fn position_at_ply(
    seed: u64,
    rules: Rules,
    ply: u16,
    how: SelfPlay,
    engine: &mut Engine,
) -> Option<Position> {
    let game = play(seed, rules, how, ply, std::slice::from_mut(engine));
    if game.moves.len() < usize::from(ply) {
        return None;
    }
    let pos = game.position_at(game.moves.len(), rules);
    (!pos.is_over()).then_some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    fn engine() -> Engine {
        Engine::new(Options { hash_mib: 1, ..Options::default() })
    }

    #[test]
    fn games_stop_at_the_ply_asked_repeat_and_random_moves_change_them() {
        let how = SelfPlay { nodes: 300, random_moves: 0 };
        let a = play(7, Rules::default(), how, 12, &mut [engine()]);
        assert_eq!(a.moves.len(), 12);
        assert_eq!(play(7, Rules::default(), how, 12, &mut [engine()]), a);
        let pos = position_at_ply(7, Rules::default(), 12, how, &mut engine()).unwrap();
        assert_eq!(pos, a.position_at(12, Rules::default()));
        let random = SelfPlay { random_moves: 6, ..how };
        let b = play(7, Rules::default(), random, 12, &mut [engine()]);
        assert_eq!(b, play(7, Rules::default(), random, 12, &mut [engine()]));
        assert_ne!(a.moves[..8], b.moves[..8]);
    }

    #[test]
    fn a_game_to_the_end_ends_and_a_later_ply_is_not_reached() {
        let how = SelfPlay { nodes: 200, random_moves: 0 };
        let g = play(3, Rules::default(), how, u16::MAX, &mut [engine()]);
        assert!(g.position_at(g.moves.len(), Rules::default()).is_over());
        let past = u16::try_from(g.moves.len()).unwrap();
        assert!(position_at_ply(3, Rules::default(), past, how, &mut engine()).is_none());
    }
}
