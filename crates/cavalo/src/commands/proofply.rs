//! `proofply`: the proof horizon — the earliest ply of self-play games from which the engine
//! proves the exact final result within a node budget (see `cavalo_engine::horizon`).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cavalo_engine::Options;
use cavalo_engine::horizon::{self, SelfPlayGame};
use cavalo_rules::Rules;
use clap::Args;

use crate::args::EngineOptionArgs;
use cavalo_lab::label::parse_seed_range;

#[derive(Args, Debug)]
#[command(after_help = "\
The games: for each seed, the engine plays itself from the seeded board (both sides fresh
engines with default options, one thread, --game-nodes nodes per move; the placements are forced).
With --games FILE the games are read from FILE instead (one line per game: the seed, then the
plies, as written by --save-games), so that two versions of the engine can be measured on the same
positions. For each game a fresh engine (one thread, the options given by --set etc.) searches the
position after p plies with --nodes nodes; the earliest proven ply is found by binary search
between the start and the end of the game (which counts as proven).

Example (the measure of issue 13):
  cavalo proofply --seeds 1..8 --nodes 10000000")]
pub struct ProofPlyArgs {
    /// The boards, as an inclusive range of seeds A..B.
    #[arg(long, default_value = "1..8")]
    seeds: String,
    /// The node budget of each proof attempt.
    #[arg(long, default_value_t = horizon::PROOF_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Nodes per move of the self-play games.
    #[arg(long, default_value_t = horizon::GAME_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    game_nodes: u64,
    /// Read the games from this file instead of playing them (see below).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seeds", "game_nodes"])]
    games: Option<PathBuf>,
    /// Write the games played to this file.
    #[arg(long, value_name = "FILE")]
    save_games: Option<PathBuf>,
    /// Print every proof attempt (ply, result, nodes).
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    engine: EngineOptionArgs,
}

fn read_games(path: &Path, rules: Rules) -> Result<Vec<SelfPlayGame>> {
    let text =
        cavalo_session::files::read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = || format!("{} line {}", path.display(), n + 1);
        let mut words = line.split_whitespace();
        let seed: u64 =
            words.next().unwrap_or("").parse().with_context(|| format!("{}: no seed first", at()))?;
        let game = SelfPlayGame { seed, moves: Vec::new() };
        let mut pos = game.position_at(0, rules);
        let mut moves = Vec::new();
        for w in words {
            let m = pos.parse_move(w).with_context(|| format!("{}: ply {} `{w}`", at(), moves.len() + 1))?;
            pos.play(m);
            moves.push(m);
        }
        if !pos.is_over() {
            bail!("{}: the game does not reach its end", at());
        }
        games.push(SelfPlayGame { seed, moves });
    }
    if games.is_empty() {
        bail!("{}: no games", path.display());
    }
    Ok(games)
}

pub fn run(a: ProofPlyArgs, rules: Rules) -> Result<()> {
    let options = Options { threads: 1, ..a.engine.options() };
    let games = match &a.games {
        Some(path) => read_games(path, rules)?,
        None => {
            let (first, count) = parse_seed_range(&a.seeds)?;
            if count > 1000 {
                bail!("--seeds: at most 1000 games");
            }
            (first..first + count)
                .map(|s| horizon::self_play(s, rules, a.game_nodes, &Options::default()))
                .collect()
        }
    };
    if let Some(path) = &a.save_games {
        let mut text = String::new();
        for g in &games {
            text.push_str(&g.seed.to_string());
            for m in &g.moves {
                text.push(' ');
                text.push_str(&m.to_string());
            }
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let mut out = std::io::stdout().lock();
    let shown = options.to_string();
    let shown = if shown.is_empty() { "default".to_string() } else { shown };
    writeln!(out, "options {shown} nodes {} threads 1", a.nodes)?;
    writeln!(out, "{:>6} {:>6} {:>9} {:>8} {:>12}", "seed", "plies", "proven at", "result", "nodes")?;
    let mut total = 0;
    for g in &games {
        let (ply, attempts) = horizon::earliest_proven_ply(g, rules, a.nodes, &options);
        if a.verbose {
            for t in &attempts {
                let r = t.proven.map_or("-".to_string(), |d| format!("{d:+}"));
                writeln!(out, "  seed {} ply {:>3} proven {:>5} nodes {}", g.seed, t.ply, r, t.nodes)?;
            }
        }
        let end = g.position_at(g.moves.len(), rules);
        let white = end.points_diff(cavalo_rules::Side::White);
        let nodes: u64 = attempts.iter().map(|t| t.nodes).sum();
        writeln!(out, "{:>6} {:>6} {:>9} {:>+8} {:>12}", g.seed, g.moves.len(), ply, white, nodes)?;
        total += ply;
    }
    writeln!(
        out,
        "mean earliest proven ply {:.2} over {} games",
        total as f64 / games.len() as f64,
        games.len()
    )?;
    Ok(())
}
