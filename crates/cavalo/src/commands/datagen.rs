//! `cavalo datagen`: training data for the evaluation. Games of varied players on seeded boards;
//! positions sampled along each game, each labelled with its exact final points difference when
//! the solver proves it within a node budget, else with a deep search's value (marked inexact).
//! Format: docs/en/technical-manual.md, "Training data".

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result, bail};
use cavalo_engine::solver::Solver;
use cavalo_engine::{Engine, Limits, Options, Player, PlayerKind};
use cavalo_rules::{Position, Rules};
use clap::Args;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::label;
use crate::suite::parse_variant;

/// The version of the training data format written (the `v` field of every line).
pub const VERSION: u32 = 1;

const HELP: &str = "\
One line per game (JSON): the board's seed, the rules, the players, and the positions sampled
along the game with their labels. Re-running with the same --out continues: games already in the
file (same seed and rules) are skipped. Keep the seeds apart from the accuracy suite's
(1001..1100).

Examples:
  cavalo datagen --out train.jsonl --seeds 1..200
  cavalo datagen --out train.jsonl --seeds 1..200 --threads 2 --budget 5000000   (continues)";

/// Options of `cavalo datagen`.
#[derive(Args, Debug)]
#[command(after_long_help = HELP)]
pub struct DatagenArgs {
    /// The file the games are appended to (JSON lines).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The boards' seeds, A..B: one game per seed and variant.
    #[arg(long, default_value = "1..100")]
    seeds: String,
    /// The rule variants, comma-separated (canonical, no-threat, no-zero-double).
    #[arg(long, default_value = "canonical,no-threat", value_delimiter = ',')]
    variants: Vec<String>,
    /// Our engine's opponents, taken in turn by seed (our engine plays White on even turns):
    /// cavalo, greedy, classic[:DEPTH], random[:SEED].
    #[arg(long, default_value = "cavalo,greedy,classic:3", value_delimiter = ',', value_parser = parse_kind)]
    opponents: Vec<PlayerKind>,
    /// Random moves at the start of each game (after the placements).
    #[arg(long, default_value_t = 4)]
    random_moves: u16,
    /// Node budget per move of our engine in the games.
    #[arg(long, default_value_t = 20_000)]
    game_nodes: u64,
    /// The first ply sampled (placements included).
    #[arg(long, default_value_t = 12)]
    from_ply: u16,
    /// Sample every this many plies.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..))]
    every: u16,
    /// Node budget of the exact solver per position.
    #[arg(long, default_value_t = 2_000_000)]
    budget: u64,
    /// Node budget of the search that labels a position the solver could not prove.
    #[arg(long, default_value_t = 300_000)]
    search_nodes: u64,
    /// Games played at once [default: every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

fn parse_kind(s: &str) -> Result<PlayerKind, String> {
    s.parse()
}

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
pub struct Game {
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
pub fn read(path: &Path) -> Result<Vec<Game>> {
    let f = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut games = Vec::new();
    for (i, line) in BufReader::new(f).lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let g: Game =
            serde_json::from_str(&line).with_context(|| format!("{} line {}", path.display(), i + 1))?;
        if g.v != VERSION {
            bail!("{} line {}: format version {} (this program reads {VERSION})", path.display(), i + 1, g.v);
        }
        games.push(g);
    }
    Ok(games)
}

struct Setup {
    how: label::SelfPlay,
    from_ply: u16,
    every: u16,
    budget: u64,
    search_nodes: u64,
}

struct State {
    engine: Engine,
    solver: Solver,
    labeller: Engine,
}

fn play_game(
    st: &mut State,
    set: &Setup,
    seed: u64,
    rules: Rules,
    opponent: PlayerKind,
    engine_white: bool,
) -> Game {
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
    Game {
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

/// Runs `cavalo datagen`.
pub fn run(a: DatagenArgs) -> Result<()> {
    let (first, count) = crate::commands::r#match::parse_seed_range(&a.seeds)?;
    let variants: Vec<Rules> = a
        .variants
        .iter()
        .map(|v| parse_variant(v))
        .collect::<Result<_, String>>()
        .map_err(anyhow::Error::msg)?;
    if a.opponents.is_empty() {
        bail!("--opponents names no player");
    }
    let done: HashSet<(u64, Rules)> = if a.out.exists() {
        read(&a.out)?.into_iter().map(|g| (g.seed, g.rules)).collect()
    } else {
        HashSet::new()
    };
    let work: Vec<(u64, Rules)> = variants
        .iter()
        .flat_map(|&r| (first..first + count).map(move |s| (s, r)))
        .filter(|k| !done.contains(k))
        .collect();
    let f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.out)
        .with_context(|| format!("cannot write {}", a.out.display()))?;
    let mut out = BufWriter::new(f);
    let set = Setup {
        how: label::SelfPlay { nodes: a.game_nodes, random_moves: a.random_moves },
        from_ply: a.from_ply,
        every: a.every,
        budget: a.budget,
        search_nodes: a.search_nodes,
    };
    let bar = crate::progress::bar(work.len(), a.quiet, "games");
    if !done.is_empty() {
        bar.println(format!("{} games already in {}: skipped", done.len(), a.out.display()));
    }
    let (mut positions, mut exact) = (0usize, 0usize);
    let mut error = None;
    let opponents = &a.opponents;
    label::run_jobs(
        &work,
        usize::from(a.threads.map_or(label::cores() as u16, |t| t)),
        || State {
            engine: Engine::new(Options { hash_mib: 16, ..Options::default() }),
            solver: Solver::new(128, set.budget),
            labeller: Engine::new(Options { hash_mib: 64, ..Options::default() }),
        },
        |st, &(seed, rules)| {
            let turn = (seed - first) as usize;
            let opponent = opponents[turn % opponents.len()];
            play_game(st, &set, seed, rules, opponent, (turn / opponents.len()).is_multiple_of(2))
        },
        |_, g| {
            positions += g.samples.len();
            exact += g.samples.iter().filter(|s| s.exact).count();
            let line = serde_json::to_string(&g).expect("a game serialises");
            if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                error.get_or_insert(e);
            }
            bar.inc(1);
            bar.set_message(format!("{positions} positions, {exact} exact"));
        },
    );
    bar.finish_and_clear();
    if let Some(e) = error {
        return Err(e).with_context(|| format!("cannot write {}", a.out.display()));
    }
    eprintln!("{} games, {positions} positions ({exact} exact) added to {}", work.len(), a.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_sampled_and_late_positions_are_exact() {
        let set = Setup {
            how: label::SelfPlay { nodes: 500, random_moves: 2 },
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
