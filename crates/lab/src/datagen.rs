//! Training data for the evaluation: games of varied players on seeded boards; positions sampled
//! along each game, each labelled with its exact final points difference when the solver proves
//! it within a node budget, else with a deep search's value (marked inexact). One game a line
//! (JSON); the format is in the technical manual, "Training data".

use std::path::Path;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result, bail};
use cavalo_engine::solver::Solver;
use cavalo_engine::{Engine, Limits, Options, Player, PlayerKind};
use cavalo_rules::{Position, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::label::SelfPlay;

/// The version of the training data format written (the `v` field of every line).
pub const VERSION: u32 = 1;

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// The ply of the game the position was taken at (placements included).
    pub ply: u16,
    /// The position string.
    pub position: String,
    /// Final points difference (side to move minus opponent): exact when `exact`, else the
    /// search's value in points.
    pub value: i32,
    /// Proven by the solver.
    pub exact: bool,
}

/// One game of the file: one line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// The format's version ([`VERSION`]).
    pub v: u32,
    /// The board's seed.
    pub seed: u64,
    /// The rules.
    pub rules: Rules,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Random moves after the placements.
    pub random_moves: u16,
    /// The final points difference, White minus Black.
    pub result: i32,
    /// The labelled positions.
    pub samples: Vec<Sample>,
}

/// Reads the games of a training data file.
pub fn read(path: &Path) -> Result<Vec<GameLine>> {
    let cannot = || format!("cannot read {}", path.display());
    let mut games = Vec::new();
    for (i, line) in
        cavalo_session::files::lines(path, cavalo_session::files::MAX_LINE).with_context(cannot)?.enumerate()
    {
        let line = line.with_context(cannot)?;
        if line.trim().is_empty() {
            continue;
        }
        let g: GameLine =
            serde_json::from_str(&line).with_context(|| format!("{} line {}", path.display(), i + 1))?;
        if g.v != VERSION {
            bail!("{} line {}: format version {} (this program reads {VERSION})", path.display(), i + 1, g.v);
        }
        games.push(g);
    }
    Ok(games)
}

/// How the games are played and their positions labelled.
pub struct Setup {
    /// The self-play games: our engine's nodes per move and the random moves after the
    /// placements.
    pub how: SelfPlay,
    /// The first ply sampled.
    pub from_ply: u16,
    /// Every how many plies a position is sampled.
    pub every: u16,
    /// The solver's node budget per position.
    pub budget: u64,
    /// The nodes of the search that labels a position the solver did not prove.
    pub search_nodes: u64,
}

/// What one job keeps from game to game: our engine, the solver, and the engine that labels what
/// the solver does not prove.
pub struct State {
    /// Our engine, the player.
    pub engine: Engine,
    /// The exact solver.
    pub solver: Solver,
    /// The search of the positions not proven.
    pub labeller: Engine,
}

impl State {
    /// A job's state, the solver with `budget` nodes per position.
    pub fn new(budget: u64) -> State {
        State {
            engine: Engine::new(Options { hash_mib: 16, ..Options::default() }),
            solver: Solver::new(128, budget),
            labeller: Engine::new(Options { hash_mib: 64, ..Options::default() }),
        }
    }
}

/// Plays the game of `seed` under `rules`, our engine against `opponent` (White when
/// `engine_white`), and labels the positions sampled along it.
pub fn play_game(
    st: &mut State,
    set: &Setup,
    seed: u64,
    rules: Rules,
    opponent: PlayerKind,
    engine_white: bool,
) -> GameLine {
    let stop = AtomicBool::new(false);
    let mut opp: Box<dyn Player> = opponent.build(&Options { hash_mib: 16, ..Options::default() });
    let mut rng = SmallRng::seed_from_u64(seed ^ 0xDA7A_6E11);
    st.engine.new_game();
    let mut pos = Position::from_seed(seed, rules);
    let mut sampled = Vec::new();
    while !pos.is_over() {
        if pos.ply() >= set.from_ply && (pos.ply() - set.from_ply).is_multiple_of(set.every) {
            sampled.push(pos.clone());
        }
        let moves = pos.legal_moves();
        let ours = (pos.side_to_move() == cavalo_rules::Side::White) == engine_white;
        let mv = if pos.placements_done() && pos.ply() < 2 + set.how.random_moves {
            Some(moves[rng.random_range(0..moves.len())])
        } else if ours {
            st.engine.search(&pos, &Limits::nodes(set.how.nodes), &stop, &mut |_| {}).best_move
        } else {
            opp.choose(&pos, &Limits::nodes(set.how.nodes), &stop, &mut |_| {}).best_move
        };
        pos.play(mv.unwrap_or(moves[0]));
    }
    // Label from the end backwards: the solver's table, kept for the whole game, then holds the
    // later positions when the earlier ones are solved.
    st.solver.clear();
    st.labeller.new_game();
    let mut samples: Vec<Sample> = sampled
        .iter()
        .rev()
        .map(|p| {
            let (value, exact) = match st.solver.solve(p) {
                Some(v) => (v, true),
                None => {
                    let r = st.labeller.search(p, &Limits::nodes(set.search_nodes), &stop, &mut |_| {});
                    (r.info.score, r.info.proven)
                }
            };
            Sample { ply: p.ply(), position: p.to_string(), value, exact }
        })
        .collect();
    samples.reverse();
    let (ours, theirs) = ("cavalo".to_string(), opponent.to_string());
    let (white, black) = if engine_white { (ours, theirs) } else { (theirs, ours) };
    GameLine {
        v: VERSION,
        seed,
        rules,
        white,
        black,
        random_moves: set.how.random_moves,
        result: pos.points_diff(cavalo_rules::Side::White),
        samples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_sampled_and_late_positions_are_exact() {
        let set = Setup {
            how: SelfPlay { nodes: 500, random_moves: 2 },
            from_ply: 30,
            every: 5,
            budget: 200_000,
            search_nodes: 1000,
        };
        let mut st = State {
            engine: Engine::new(Options { hash_mib: 1, ..Options::default() }),
            solver: Solver::new(4, set.budget),
            labeller: Engine::new(Options { hash_mib: 1, ..Options::default() }),
        };
        let g = play_game(&mut st, &set, 5, Rules::CANONICAL, PlayerKind::Greedy, false);
        assert_eq!((g.white.as_str(), g.black.as_str()), ("greedy", "cavalo"));
        assert!(!g.samples.is_empty());
        let last = g.samples.last().unwrap();
        assert!(last.exact);
        let pos = Position::from_position_string(&last.position, Rules::CANONICAL).unwrap();
        assert_eq!((last.ply - 30) % 5, 0);
        assert!(g.samples.windows(2).all(|w| w[1].ply == w[0].ply + 5));
        let mut s = Solver::new(4, u64::MAX);
        assert_eq!(s.solve(&pos), Some(last.value));
    }
}
