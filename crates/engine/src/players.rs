//! Players: the Cavalo engine and the reference players used to measure it (`random`, `greedy`,
//! `classic`), behind one trait so that every front end can use any of them.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use cavalo_rules::{Move, Position, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::engine::Engine;
use crate::info::{SearchInfo, SearchResult};
use crate::limits::Limits;
use crate::options::{OptionError, Options};
use crate::score::{self, SCALE};
use crate::timeman::TimeManager;

/// Something that chooses moves.
pub trait Player: Send {
    /// A short name, e.g. `cavalo` or `classic:4`.
    fn name(&self) -> String;
    /// Which player this is (our engine, a reference player), to check without reading its name.
    fn kind(&self) -> PlayerKind;
    /// Forget what was learnt in the previous game.
    fn new_game(&mut self) {}
    /// Plays at `level` with the choices' `seed` from the next search on (our engine's levels,
    /// see [`crate::level`]; the reference players have none and ignore it).
    fn set_level(&mut self, _level: u8, _seed: u64) {}
    /// Chooses a move for `pos` within `limits`; returns `best_move: None` only when the game is
    /// over. Must honour `limits.movetime` and `stop`.
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult;
}

impl Player for Engine {
    fn name(&self) -> String {
        "cavalo".into()
    }
    fn kind(&self) -> PlayerKind {
        PlayerKind::Cavalo
    }
    fn new_game(&mut self) {
        Engine::new_game(self)
    }
    fn set_level(&mut self, level: u8, seed: u64) {
        if (self.options().level, self.options().seed) != (level, seed) {
            let options = Options { level, seed, ..self.options().clone() };
            self.set_options_keeping_tables(options);
        }
    }
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search(pos, limits, stop, on_info)
    }
}

/// Why a text names no built-in player; each reason worded from its fields by the front ends.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerError {
    /// No player has this name.
    #[error("unknown player `{0}`: expected {help}", help = PlayerKind::HELP)]
    Unknown(String),
    /// A player's number (`classic:DEPTH`, `random:SEED`) is not a whole number.
    #[error("`{value}` is not a {what} in `{spec}`")]
    NotANumber {
        /// The player's text.
        spec: String,
        /// `depth` or `seed`.
        what: &'static str,
        /// What was given.
        value: String,
    },
    /// `classic:DEPTH` out of its range.
    #[error("classic depth must be from 1 to {max}, not {depth}", max = PlayerKind::MAX_CLASSIC_DEPTH)]
    ClassicDepth {
        /// The depth given.
        depth: u64,
    },
    /// An engine option of `cavalo:...` is unknown or out of its range.
    #[error("in `{spec}`: {error}")]
    Option {
        /// The player's text.
        spec: String,
        /// What is wrong with the option.
        error: OptionError,
    },
}

/// Which player: parsed from `cavalo`, `classic`, `classic:6`, `greedy`, `random`, `random:42`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// The Cavalo engine.
    Cavalo,
    /// A plain fixed-depth minimax with alpha-beta and the course's evaluation (points
    /// difference plus mobility), no table, no ordering: what the course's programs do.
    Classic {
        /// Depth in plies.
        depth: u32,
    },
    /// Lands on the highest value available now.
    Greedy,
    /// Plays a uniformly random legal move.
    Random {
        /// The generator's seed.
        seed: u64,
    },
}

impl PlayerKind {
    /// The player names accepted by [`FromStr`], for help texts.
    pub const HELP: &'static str = "cavalo[:level=1..8] | classic[:DEPTH] | greedy | random[:SEED]";

    /// The deepest `classic:DEPTH`.
    pub const MAX_CLASSIC_DEPTH: u32 = 20;

    /// Builds the player (engine options apply to `cavalo` only).
    pub fn build(self, options: &Options) -> Box<dyn Player> {
        match self {
            PlayerKind::Cavalo => Box::new(Engine::new(options.clone())),
            PlayerKind::Classic { depth } => Box::new(Classic { depth }),
            PlayerKind::Greedy => Box::new(Greedy),
            PlayerKind::Random { seed } => {
                Box::new(RandomPlayer { rng: SmallRng::seed_from_u64(seed), seed })
            }
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Cavalo => f.write_str("cavalo"),
            PlayerKind::Classic { depth } => write!(f, "classic:{depth}"),
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::Random { seed } => write!(f, "random:{seed}"),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = PlayerError;
    fn from_str(s: &str) -> Result<PlayerKind, PlayerError> {
        let t = s.trim().to_ascii_lowercase();
        let (name, arg) = match t.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (t.as_str(), None),
        };
        let num = |what: &'static str| -> Result<Option<u64>, PlayerError> {
            arg.map(|a| {
                a.parse::<u64>().map_err(|_| PlayerError::NotANumber {
                    spec: s.trim().to_string(),
                    what,
                    value: a.to_string(),
                })
            })
            .transpose()
        };
        match name {
            "cavalo" | "engine" if arg.is_none() => Ok(PlayerKind::Cavalo),
            "classic" => {
                let depth = num("depth")?.unwrap_or(4);
                if !(1..=u64::from(PlayerKind::MAX_CLASSIC_DEPTH)).contains(&depth) {
                    return Err(PlayerError::ClassicDepth { depth });
                }
                Ok(PlayerKind::Classic { depth: depth as u32 })
            }
            "greedy" if arg.is_none() => Ok(PlayerKind::Greedy),
            "random" => Ok(PlayerKind::Random { seed: num("seed")?.unwrap_or(0) }),
            _ => Err(PlayerError::Unknown(s.trim().to_string())),
        }
    }
}

fn single_move_result(best: Option<Move>, start: Instant, score: i32) -> SearchResult {
    SearchResult {
        best_move: best,
        info: SearchInfo {
            depth: 1,
            seldepth: 1,
            score,
            nodes: 1,
            time: start.elapsed(),
            pv: best.into_iter().collect(),
            ..SearchInfo::default()
        },
    }
}

/// The greedy reference player.
pub struct Greedy;

impl Player for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn kind(&self) -> PlayerKind {
        PlayerKind::Greedy
    }
    fn choose(
        &mut self,
        pos: &Position,
        _: &Limits,
        _: &AtomicBool,
        _: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let moves = pos.legal_moves();
        let best = moves
            .iter()
            .copied()
            .filter(|m| m.removal().is_none())
            .max_by_key(|m| m.destination().and_then(|d| pos.value_at(d)).map_or(-1, i32::from))
            .or_else(|| moves.first().copied());
        let gain = best.and_then(|m| m.destination()).and_then(|d| pos.value_at(d)).unwrap_or(0) as i32;
        single_move_result(best, start, pos.points_diff(pos.side_to_move()) + gain)
    }
}

/// The random reference player.
pub struct RandomPlayer {
    rng: SmallRng,
    seed: u64,
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        format!("random:{}", self.seed)
    }
    fn kind(&self) -> PlayerKind {
        PlayerKind::Random { seed: self.seed }
    }
    fn choose(
        &mut self,
        pos: &Position,
        _: &Limits,
        _: &AtomicBool,
        _: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let moves = pos.legal_moves();
        let best = (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())]);
        single_move_result(best, start, pos.points_diff(pos.side_to_move()))
    }
}

/// The classic reference player: fixed-depth negamax with alpha-beta, evaluation = points
/// difference + mobility, moves in generation order, no table.
pub struct Classic {
    depth: u32,
}

struct ClassicSearch<'a> {
    root: Side,
    nodes: u64,
    alpha_cuts: u64,
    beta_cuts: u64,
    tm: TimeManager,
    stop: &'a AtomicBool,
    stopped: bool,
}

impl ClassicSearch<'_> {
    fn eval(pos: &Position) -> i32 {
        let me = pos.side_to_move();
        pos.points_diff(me) * SCALE
            + (pos.destinations(me).len() as i32 - pos.destinations(!me).len() as i32) * SCALE
    }

    fn negamax(&mut self, pos: &mut Position, depth: u32, mut alpha: i32, beta: i32) -> (i32, Option<Move>) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && (self.stop.load(Relaxed) || self.tm.hard_expired()) {
            self.stopped = true;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return (score::proven(pos.points_diff(pos.side_to_move())), None);
        }
        if depth == 0 || self.stopped {
            return (Self::eval(pos), None);
        }
        let mut best = (-score::INFINITE, None);
        for &mv in moves.iter() {
            let undo = pos.play(mv);
            let v = -self.negamax(pos, depth - 1, -beta, -alpha).0;
            pos.unplay(mv, undo);
            if v > best.0 {
                best = (v, Some(mv));
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if pos.side_to_move() == self.root {
                    self.beta_cuts += 1;
                } else {
                    self.alpha_cuts += 1;
                }
                break;
            }
        }
        best
    }
}

impl Player for Classic {
    fn name(&self) -> String {
        format!("classic:{}", self.depth)
    }
    fn kind(&self) -> PlayerKind {
        PlayerKind::Classic { depth: self.depth }
    }
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        _: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let mut s = ClassicSearch {
            root: pos.side_to_move(),
            nodes: 0,
            alpha_cuts: 0,
            beta_cuts: 0,
            tm: TimeManager::new(start, limits, &crate::SearchConfig::default(), &Default::default()),
            stop,
            stopped: false,
        };
        let depth = limits.depth.unwrap_or(self.depth).min(self.depth).max(1);
        let mut p = pos.clone();
        let (v, best) = s.negamax(&mut p, depth, -score::INFINITE, score::INFINITE);
        let best = best.or_else(|| pos.legal_moves().first().copied());
        let time = start.elapsed();
        SearchResult {
            best_move: best,
            info: SearchInfo {
                depth,
                seldepth: depth,
                score: score::to_points(v),
                proven: false,
                nodes: s.nodes,
                alpha_cuts: s.alpha_cuts,
                beta_cuts: s.beta_cuts,
                time,
                nps: (s.nodes as f64 / time.as_secs_f64().max(1e-9)) as u64,
                hashfull: 0,
                pv: best.into_iter().collect(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_player_knows_its_kind() {
        let small = Options { hash_mib: 1, ..Options::default() };
        for text in ["cavalo", "classic:3", "greedy", "random:9"] {
            let kind: PlayerKind = text.parse().unwrap();
            let player = kind.build(&small);
            assert_eq!((player.kind(), player.name()), (kind, text.to_string()));
        }
    }
}
