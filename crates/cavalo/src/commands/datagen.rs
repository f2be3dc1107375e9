//! `cavalo datagen`: training data for the evaluation (`cavalo_lab::datagen` plays and labels
//! the games); this module reads the arguments, shares the work among threads, appends the games
//! to the file and shows the progress.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use cavalo_engine::PlayerKind;
use cavalo_lab::datagen::{Setup, State, play_game, read};
use cavalo_lab::label;
use cavalo_lab::suite::parse_variant;
use cavalo_rules::Rules;
use clap::Args;

use crate::args::parse_kind;

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

/// Runs `cavalo datagen`.
pub fn run(a: DatagenArgs) -> Result<()> {
    let (first, count) = cavalo_lab::label::parse_seed_range(&a.seeds)?;
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
    let bar = crate::progress::bar(
        work.len(),
        a.quiet,
        crate::progress::Counting::Games,
        cavalo_session::i18n::Lang::from_env(),
    );
    if !done.is_empty() {
        bar.println(format!("{} games already in {}: skipped", done.len(), a.out.display()));
    }
    let (mut positions, mut exact) = (0usize, 0usize);
    let mut error = None;
    let opponents = &a.opponents;
    label::run_jobs(
        &work,
        usize::from(a.threads.map_or(label::cores() as u16, |t| t)),
        || State::new(set.budget),
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
