//! `cavalo tournament`: a round robin or a gauntlet among any number of players, and
//! `cavalo tournament merge` for one played in shards.

use std::ops::ControlFlow;
use std::path::PathBuf;

use std::io::Write;

use anyhow::Result;
use cavalo_match::merge::missing;
use cavalo_match::tournament::{About, Crosstable, Format, TournamentGame, TournamentPlan};
use cavalo_match::{NamedPlayer, run_units};
use cavalo_rules::Rules;
use cavalo_session::i18n::{Arg, Lang};
use clap::{Args, Subcommand};

use crate::args::{LangArg, MergeFilesArgs, RunArgs};
use crate::commands::r#match::cannot_write;
use crate::crosstable;
use crate::limits::LimitArgs;
use crate::match_report::games_count;
use crate::records;
use crate::run_error::{self, At, GapAbout, Problem, RunError};
use cavalo_session::key;

const HELP: &str = "\
Players (--player, at least two): the forms of `cavalo match` (cavalo[:KEY=VALUE,...],
classic[:DEPTH], greedy, random[:SEED], cmd:COMMAND, lisp:FILE[,KEY=VALUE...]), each with
`name=TEXT` if wished: one of the keys of lisp: and cavalo:, the last item of the other forms
('lisp:equipa7/projeto.lisp,name=Equipa 7', 'greedy,name=Guloso'). Names (1 to 40 printable
characters, no comma) must differ; an unnamed player is shown by its file name, its command
without the directory, or its spec (two alike told apart as NAME#2).

Every pairing plays the same boards, each board twice with the colours swapped. The referee checks
every move: an illegal move, a crash, a timeout or malformed output loses the game, and the
report counts those forfeits by reason for each player.

The report: points, W-D-L, mean board points margin, forfeits, and ratings from all games at once
(maximum likelihood, Bradley-Terry, as Ordo and BayesElo; one player anchored) with 95% error
bars, and the crosstable. Text on standard output; --json and --html write it to files. The text
and the HTML page are in Portuguese or English (--lang pt|en; by default the language of LC_ALL,
LC_MESSAGES or LANG); the JSON is the same in both.

Examples:
  cavalo tournament -p cavalo -p greedy -p 'lisp:adapters/lisp/examples/greedy.lisp,args=state+time+side' \\
      -p 'lisp:adapters/lisp/examples/alphabeta.lisp,function=jogada-computador,state=points-board,white-only=yes' \\
      --boards 4 --time-ms 500 --out champ.jsonl --html champ.html
  cavalo tournament -p cavalo -p classic:4 -p greedy --gauntlet --boards 50 --shard 3/8 --out part3.jsonl
  cavalo tournament merge part*.jsonl --html champ.html --lang pt

A merge refuses files of different tournaments, naming what differs, and a set of files with
games missing (which games: their pairings and seeds), unless --partial.";

/// `cavalo tournament` and `cavalo tournament merge`.
#[derive(Args, Debug)]
#[command(after_long_help = HELP, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct TournamentArgs {
    #[command(subcommand)]
    merge: Option<TournamentCommand>,
    #[command(flatten)]
    play: PlayArgs,
}

impl TournamentArgs {
    /// The language of what is written (errors included).
    pub fn lang(&self) -> Lang {
        match &self.merge {
            Some(TournamentCommand::Merge(m)) => m.report.lang.lang(),
            None => self.play.report.lang.lang(),
        }
    }
}

#[derive(Subcommand, Debug)]
enum TournamentCommand {
    /// Combine the record files of a tournament played in shards (--shard K/N) into one report.
    Merge(MergeArgs),
}

/// Options of `cavalo tournament merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    #[command(flatten)]
    records: MergeFilesArgs,
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
    /// The player whose rating is fixed (its name as the report shows it, or its spec)
    /// [default: the first player].
    #[arg(long, value_name = "PLAYER")]
    anchor: Option<String>,
    /// The anchored player's rating.
    #[arg(long, value_name = "ELO", default_value_t = 0.0, allow_negative_numbers = true)]
    anchor_elo: f64,
    #[command(flatten)]
    lang: LangArg,
}

/// Options of `cavalo tournament` when it plays.
#[derive(Args, Debug)]
struct PlayArgs {
    /// A player (repeat for each; see the list below), with `name=TEXT` if wished.
    #[arg(long = "player", short = 'p', value_name = "PLAYER", required = true)]
    players: Vec<String>,
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
    #[command(flatten)]
    run: RunArgs,
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

/// The tournament's plan: its players, boards, limits and shard.
fn plan(a: &PlayArgs, rules: Rules) -> Result<TournamentPlan, RunError> {
    let players = a
        .players
        .iter()
        .map(|p| run_error::player("--player", p))
        .collect::<Result<Vec<NamedPlayer>, _>>()?;
    let (first_seed, boards) = match &a.seeds {
        Some(r) => run_error::seed_range(r)?,
        None => (a.first_seed.unwrap_or(1), a.boards.unwrap_or(2)),
    };
    let format = if a.gauntlet { Format::Gauntlet } else { Format::RoundRobin };
    let limits = a.limits.limits().map_err(|e| RunError::AtLeastOne(e.0))?;
    let mut plan =
        TournamentPlan::new(players, format, first_seed, boards, rules, limits).map_err(RunError::Plan)?;
    for p in &plan.players {
        p.check_ready().map_err(RunError::Spec)?;
    }
    plan.concurrency = a.run.concurrency as usize;
    plan.shard = a.run.shard()?;
    Ok(plan)
}

fn play(a: PlayArgs, rules: Rules) -> Result<()> {
    let lang = a.report.lang.lang();
    let plan = plan(&a, rules)?;
    let anchor = anchor_of(&plan.about, a.report.anchor.as_deref())?;

    let mut games: Vec<TournamentGame> = Vec::new();
    let (done, mut out) = records::open_run(
        a.run.out.as_deref(),
        a.run.resume,
        records::Run::Tournament(lang),
        &mut |rec, _| {
            let g = plan.check_record(rec).map_err(Problem::Record)?;
            let index = g.index;
            games.push(g);
            Ok(index)
        },
    )?;
    if !a.quiet {
        eprintln!("{}", start_line(lang, &plan, games.len()));
    }
    let bar = records::progress_bar(plan.games(), a.quiet, lang);
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
    if let (Some(e), Some(path)) = (write_error, &a.run.out) {
        return Err(cannot_write(path, &e).into());
    }
    report(&Crosstable::new(&plan.about, &games, plan.games(), anchor, a.report.anchor_elo), &a.report)
}

/// The first line of a tournament, on standard error.
fn start_line(lang: Lang, plan: &TournamentPlan, already: usize) -> String {
    let shard = plan
        .shard
        .map(|s| format!(", {}", lang.tr_with(key!("report-shard"), &[("shard", s.to_string().into())])))
        .unwrap_or_default();
    let already = if already == 0 {
        String::new()
    } else {
        format!(" {}", lang.tr_with(key!("report-already"), &[("count", Arg::Count(already as u64))]))
    };
    let args = [
        ("about", crosstable::about_text(lang, &plan.about).into()),
        ("games", games_count(lang, plan.games()).into()),
        ("shard", shard.into()),
        ("already", already.into()),
    ];
    lang.tr_with(key!("report-tournament-start"), &args)
}

/// `cavalo tournament merge`.
fn merge(m: MergeArgs) -> Result<()> {
    let lang = m.report.lang.lang();
    let mut first: Option<(About, At)> = None;
    let mut games = Vec::new();
    records::merge(&m.records.files, lang, &mut |rec, at| {
        let this = About::of_record(rec).ok_or(Problem::NotTournament)?;
        let (about, where_first) = first.get_or_insert_with(|| (this.clone(), at.clone()));
        if let Some((what, here, there)) = about.difference(&this) {
            return Err(Problem::OtherTournament { what, here, there, first: where_first.clone() });
        }
        let g = about.read(rec).map_err(Problem::Record)?;
        let index = g.index;
        games.push(g);
        Ok(index)
    })?;
    let (about, _) = first.expect("merge found games");
    let present = games.iter().map(|g| g.index).collect();
    let gaps = missing(&present, 2 * about.units(), 2 * about.boards);
    let tell = |a: u64, b: u64| {
        let (pairing, spec) = about.game(a);
        let (x, y) = about.pairings()[pairing];
        let last = about.game(b).1.seed;
        GapAbout::Pairing {
            players: [about.names[x].clone(), about.names[y].clone()],
            seeds: (spec.seed, last),
        }
    };
    let gaps = gaps.into_iter().map(|(a, b)| ((a, b), tell(a, b))).collect();
    records::check_missing(gaps, m.records.partial, lang)?;
    let anchor = anchor_of(&about, m.report.anchor.as_deref())?;
    report(&Crosstable::new(&about, &games, 2 * about.units(), anchor, m.report.anchor_elo), &m.report)
}

/// The index of the anchored player.
fn anchor_of(about: &About, anchor: Option<&str>) -> Result<usize, RunError> {
    let Some(name) = anchor else { return Ok(0) };
    match about.names.iter().zip(&about.players).position(|(n, p)| n == name || p == name) {
        Some(i) => Ok(i),
        None => Err(RunError::NoAnchor { name: name.to_string(), players: about.names.clone() }),
    }
}

fn report(c: &Crosstable, r: &ReportArgs) -> Result<()> {
    let lang = r.lang.lang();
    print!("{}", crosstable::text(lang, c));
    if let Some(path) = &r.json {
        std::fs::write(path, c.to_json() + "\n").map_err(|e| cannot_write(path, &e))?;
    }
    if let Some(path) = &r.html {
        std::fs::write(path, crosstable::html(lang, c)).map_err(|e| cannot_write(path, &e))?;
    }
    Ok(())
}
