//! Which game the standing ladder plays next, from the current versions and the games started
//! so far (played or playing): nothing else is kept, so a restart goes on where it stopped.
//!
//! 1. **Qualification**, each new version first (the oldest upload first): a pair of games, both
//!    colours on one board, against our engine at level 1; while it beats a level (more than
//!    half of the pair's points) it meets the next one, up to [`MAX_LEVEL`]. Every version meets a
//!    level on the same board ([`qualification_seed`]), so their results compare.
//! 2. **The ladder**: every two qualified current versions play a pair of games, both colours on
//!    a fresh board of their own ([`pair_seed`]). The pair that has played least goes first, a
//!    pair with the newest version among equals; [`PAIR_ROUNDS`] pairs of games each, then the
//!    ladder rests until a team uploads a new version.
//!
//! A game already started (played, or playing on another of the lane's threads) is never planned
//! again; a game whose row was forgotten (the server stopped during it) is planned again.

use crate::seat::{Planned, Seat, Stage};
use crate::store::{ArenaGame, Version};

/// The highest level of our engine a program meets (the levels for people go from 1 to 8).
pub const MAX_LEVEL: u8 = 8;

/// How many pairs of games (both colours, a board each) every two current versions play.
pub const PAIR_ROUNDS: u32 = 1;

/// The board of the qualification against `level`: the same for every version.
pub fn qualification_seed(level: u8) -> u64 {
    7_000 + u64::from(level)
}

/// The board of round `round` between the versions `a` and `b` (in either order): a fresh board
/// of theirs, the same however often it is asked for.
pub fn pair_seed(a: &str, b: &str, round: u32) -> u64 {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    // FNV-1a over both ids and the round: stable across versions of Rust (unlike `Hash`).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in a.bytes().chain([0]).chain(b.bytes()).chain([0]).chain(round.to_le_bytes()) {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h % 1_000_000_000
}

/// Where a version stands in its qualification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Qualification {
    /// It is to play (or is playing) this game next.
    Next(Planned),
    /// A game of it is being played: wait for it.
    Waiting,
    /// Done: the highest level it beat (none: not even level 1).
    Done(Option<u8>),
}

/// The game the ladder plays next, none while it rests (or while every game it wants is being
/// played). `current`: each team's current version, the oldest upload first; `games`: every
/// arena game started so far.
pub fn next_game(current: &[Version], games: &[ArenaGame]) -> Option<Planned> {
    let mut qualified = Vec::new();
    for v in current {
        match qualification(&v.id, games) {
            Qualification::Next(p) => return Some(p),
            Qualification::Waiting => {}
            Qualification::Done(_) => qualified.push(v),
        }
    }
    next_pair(&qualified, games)
}

/// The qualification of version `id` so far.
pub fn qualification(id: &str, games: &[ArenaGame]) -> Qualification {
    let me = Seat::Program(id.to_string());
    let mut beaten = None;
    for level in 1..=MAX_LEVEL {
        let seed = qualification_seed(level);
        let pair = [
            Planned { white: me.clone(), black: Seat::Level(level), seed, stage: Stage::Qualification },
            Planned { white: Seat::Level(level), black: me.clone(), seed, stage: Stage::Qualification },
        ];
        let started: Vec<Option<&ArenaGame>> = pair.iter().map(|p| games.iter().find(|g| g.is(p))).collect();
        if let Some(i) = started.iter().position(Option::is_none) {
            let [a, b] = pair;
            return Qualification::Next(if i == 0 { a } else { b });
        }
        let points: Option<f64> = started.iter().map(|g| g.and_then(|g| g.points_of(&me))).sum();
        match points {
            None => return Qualification::Waiting,
            Some(p) if p > 1.0 => beaten = Some(level),
            Some(_) => break,
        }
    }
    Qualification::Done(beaten)
}

/// The next game between two of the `qualified` versions.
fn next_pair(qualified: &[&Version], games: &[ArenaGame]) -> Option<Planned> {
    // (games started between them, newest upload among the two reversed, a, b)
    let mut best: Option<(usize, std::cmp::Reverse<usize>, usize, usize)> = None;
    for (i, a) in qualified.iter().enumerate() {
        for (j, b) in qualified.iter().enumerate().skip(i + 1) {
            let between = games.iter().filter(|g| g.stage == Stage::Ladder && meet(g, &a.id, &b.id)).count();
            if between >= 2 * PAIR_ROUNDS as usize {
                continue;
            }
            let key = (between, std::cmp::Reverse(j), i, j);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
    }
    let (_, _, i, j) = best?;
    let (a, b) = (Seat::Program(qualified[i].id.clone()), Seat::Program(qualified[j].id.clone()));
    (0..PAIR_ROUNDS).find_map(|round| {
        let seed = pair_seed(&qualified[i].id, &qualified[j].id, round);
        [(a.clone(), b.clone()), (b.clone(), a.clone())]
            .into_iter()
            .map(|(white, black)| Planned { white, black, seed, stage: Stage::Ladder })
            .find(|p| !games.iter().any(|g| g.is(p)))
    })
}

/// Whether `g` is a game between the versions `a` and `b`.
fn meet(g: &ArenaGame, a: &str, b: &str) -> bool {
    let (w, b2) = (g.white.program(), g.black.program());
    (w == Some(a) && b2 == Some(b)) || (w == Some(b) && b2 == Some(a))
}

#[cfg(test)]
mod tests;
