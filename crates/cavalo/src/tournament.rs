//! `cavalo tournament`: a round robin or a gauntlet among any number of players, and
//! `cavalo tournament merge` for one played in shards.

use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use cavalo_match::html::crosstable_html;
use cavalo_match::tournament::{About, Crosstable, Format, Game, TournamentPlan};
use cavalo_match::{PlayerSpec, Shard, run_units};
use cavalo_rules::Rules;
use clap::{Args, Subcommand};
use std::io::Write;

use crate::limits::LimitArgs;
use crate::matchcmd::{parse_seed_range, parse_spec};
use crate::records;

const HELP: &str = "\
Players (--player, at least two): the forms of `cavalo match` (cavalo[:KEY=VALUE,...],
classic[:DEPTH], greedy, random[:SEED], cmd:COMMAND, lisp:FILE[,KEY=VALUE...]).

Every pairing plays the same boards, each board twice with the colours swapped. The referee checks
every move: an illegal move, a crash, a timeout or malformed output loses the game, and the
report counts those forfeits by reason for each player.

The report: points, W-D-L, mean board points margin, forfeits, and ratings from all games at once
(maximum likelihood, Bradley-Terry, as Ordo and BayesElo; one player anchored) with 95% error
bars, and the crosstable. Text on standard output; --json and --html write it to files.

Examples:
  cavalo tournament -p cavalo -p greedy -p 'lisp:adapters/lisp/examples/greedy.lisp,args=state+time+side' \\
      -p 'lisp:adapters/lisp/examples/alphabeta.lisp,function=jogada-computador,state=points-board,white-only=yes' \\
      --boards 4 --time-ms 500 --out champ.jsonl --html champ.html
  cavalo tournament -p cavalo -p classic:4 -p greedy --gauntlet --boards 50 --shard 3/8 --out part3.jsonl
  cavalo tournament merge part*.jsonl --html champ.html";

/// `cavalo tournament` and `cavalo tournament merge`.
#[derive(Args, Debug)]
#[command(after_long_help = HELP, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct TournamentArgs {
    #[command(subcommand)]
    merge: Option<TournamentCommand>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand, Debug)]
enum TournamentCommand {
    /// Combine the record files of a tournament played in shards (--shard K/N) into one report.
    Merge(MergeArgs),
}

/// Options of `cavalo tournament merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The record files (--out of each shard).
    #[arg(required = true, value_name = "FILE.jsonl")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
}

/// Where the report goes and how ratings are anchored.
#[derive(Args, Debug)]
struct ReportArgs {
    /// Also write the report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Also write the report as a self-contained HTML page to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// The player whose rating is fixed (its short name as the report shows it, or its spec)
    /// [default: the first player].
    #[arg(long, value_name = "PLAYER")]
    anchor: Option<String>,
    /// The anchored player's rating.
    #[arg(long, value_name = "ELO", default_value_t = 0.0, allow_negative_numbers = true)]
    anchor_elo: f64,
}

/// Options of `cavalo tournament` when it plays.
#[derive(Args, Debug)]
struct PlayArgs {
    /// A player (repeat for each; see the list below).
    #[arg(long = "player", short = 'p', value_name = "PLAYER", value_parser = parse_spec, required = true)]
    players: Vec<PlayerSpec>,
    /// Everyone plays the first player only (instead of everyone against everyone).
    #[arg(long)]
    gauntlet: bool,
    /// Boards per pairing (each played twice), from --first-seed on [default: 2].
    #[arg(long, value_name = "N", conflicts_with = "seeds")]
    boards: Option<u64>,
    /// The first board's seed, with --boards [default: 1].
    #[arg(long, value_name = "S", conflicts_with = "seeds")]
    first_seed: Option<u64>,
    /// The boards of every pairing, as an inclusive range of seeds A..B.
    #[arg(long, value_name = "A..B")]
    seeds: Option<String>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Games played at once (each pair of games is played by one worker).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Save every game as one JSON line (with the tournament's description in `meta`).
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<PathBuf>,
    /// Continue the tournament saved in --out: the games already there are not played again.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Play only the K-th of N disjoint slices of the schedule (1 <= K <= N); `cavalo tournament
    /// merge` combines the record files afterwards.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    #[command(flatten)]
    report: ReportArgs,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// Runs `cavalo tournament` or `cavalo tournament merge`.
pub fn run(a: TournamentArgs, rules: Rules) -> Result<()> {
    match a.merge {
        Some(TournamentCommand::Merge(m)) => merge(m),
        None => play(a.play, rules),
    }
}

fn play(a: PlayArgs, rules: Rules) -> Result<()> {
    let (first_seed, boards) = match &a.seeds {
        Some(r) => parse_seed_range(r)?,
        None => (a.first_seed.unwrap_or(1), a.boards.unwrap_or(2)),
    };
    for p in &a.players {
        p.check_ready().map_err(anyhow::Error::msg)?;
    }
    let format = if a.gauntlet { Format::Gauntlet } else { Format::RoundRobin };
    let limits = a.limits.limits()?;
    let mut plan = TournamentPlan::new(a.players.clone(), format, first_seed, boards, rules, limits)
        .map_err(anyhow::Error::msg)?;
    plan.concurrency = a.concurrency as usize;
    plan.shard = a.shard;
    let anchor = anchor_of(&plan.about, a.report.anchor.as_deref())?;

    let mut games: Vec<Game> = Vec::new();
    let mut done = Default::default();
    let mut out = None;
    if let Some(path) = &a.out {
        if a.resume {
            done = records::resume(path, &mut |rec| {
                let g = plan.check_record(rec)?;
                let index = g.index;
                games.push(g);
                Ok(index)
            })?;
        }
        out = Some(records::open_out(path, a.resume, "tournament")?);
    }
    if !a.quiet {
        let already =
            if games.is_empty() { String::new() } else { format!(" ({} already played)", games.len()) };
        let shard = plan.shard.map(|s| format!(", shard {s}")).unwrap_or_default();
        eprintln!("{}: {} games{shard}{already}", plan.about.describe(), plan.games());
    }
    let bar = records::progress_bar(plan.games(), a.quiet);
    bar.set_position(games.len() as u64);
    let setups = plan.setups();
    let mut write_error = None;
    run_units(plan.units(&setups, &done), plan.concurrency, &mut |mut rec| {
        plan.annotate(&mut rec);
        if let Ok(g) = plan.check_record(&rec) {
            let [x, y] = g.players;
            let (nx, ny) = (&plan.about.names[x], &plan.about.names[y]);
            bar.set_message(format!(
                "{nx} {} {ny}",
                match g.points {
                    p if p >= 1.0 => "1-0",
                    p if p <= 0.0 => "0-1",
                    _ => "½-½",
                }
            ));
            games.push(g);
        }
        if let Some(w) = out.as_mut()
            && let Err(e) = writeln!(w, "{}", rec.to_json_line()).and_then(|_| w.flush())
        {
            write_error.get_or_insert(e);
        }
        bar.inc(1);
        if write_error.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e).context("cannot write the games file");
    }
    report(&Crosstable::new(&plan.about, &games, plan.games(), anchor, a.report.anchor_elo), &a.report)
}

/// `cavalo tournament merge`.
fn merge(m: MergeArgs) -> Result<()> {
    let mut about: Option<About> = None;
    let mut games = Vec::new();
    records::merge(&m.files, &mut |rec| {
        let this =
            About::of_record(rec).ok_or("no `tournament` in meta: not a record of cavalo tournament")?;
        let a = about.get_or_insert(this);
        let g = a.read(rec)?;
        let index = g.index;
        games.push(g);
        Ok(index)
    })?;
    let about = about.expect("merge found games");
    let anchor = anchor_of(&about, m.report.anchor.as_deref())?;
    report(&Crosstable::new(&about, &games, 2 * about.units(), anchor, m.report.anchor_elo), &m.report)
}

/// The index of the anchored player.
fn anchor_of(about: &About, anchor: Option<&str>) -> Result<usize> {
    let Some(name) = anchor else { return Ok(0) };
    match about.names.iter().zip(&about.players).position(|(n, p)| n == name || p == name) {
        Some(i) => Ok(i),
        None => bail!("--anchor {name}: no such player (players: {})", about.names.join(", ")),
    }
}

fn report(c: &Crosstable, r: &ReportArgs) -> Result<()> {
    print!("{c}");
    if let Some(path) = &r.json {
        std::fs::write(path, c.to_json() + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &r.html {
        std::fs::write(path, crosstable_html(c))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
