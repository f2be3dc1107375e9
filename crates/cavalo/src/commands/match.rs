//! `cavalo match`: plays a match between two players and measures the difference in strength.

use std::fs::File;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::Result;
use cavalo_match::merge::{RecordedMatch, missing};
use cavalo_match::spec::resolve_names;
use cavalo_match::{
    GameSetup, GameSummary, MatchAbout, MatchPlan, NamedPlayer, PlayerSpec, RecordedLimits, Sprt, Summary,
    Tally,
};
use cavalo_rules::Rules;
use clap::{Args, Subcommand};

use crate::args::{LangArg, MergeFilesArgs, RunArgs};
use crate::limits::LimitArgs;
use crate::match_report;
use crate::records;
use crate::run_error::{self, At, GapAbout, Problem, RunError};

const PLAYERS_HELP: &str = "\
Players (--engine1, --engine2):
  cavalo                      our engine, in this process (default options: 64 MiB hash, 1 thread)
  cavalo:hash=16,threads=2    our engine with options (keys: hash, threads, quiescence=on|off)
  cavalo:level=3,seed=7       our engine at a level from 1 (a beginner) to 8 (the full engine),
                              the seed of its draws (the same seed, the same game)
  classic[:DEPTH]             the course-style fixed-depth alpha-beta (default depth 4)
  greedy                      takes the highest number in reach
  random[:SEED]               plays a random legal move
  cmd:COMMAND                 an external engine speaking the protocol (docs/en/protocol.md), started with
                              /bin/sh -c 'exec COMMAND', e.g. 'cmd:./target/release/cavalo engine'
                              (options for it: --option1 Hash=16 / --option2 ...)
  lisp:FILE[,KEY=VALUE...]    a course program in Common Lisp, run by SBCL through the adapter
                              (adapters/lisp), e.g. 'lisp:team.lisp,function=jogar,white-only=yes';
                              keys: function, state, args, white-only, time-scale, reserve-ms,
                              cell-base, forced, load-ms, heap-mb, sbcl (docs/en/championship.md)

Any of them may be given a name for the reports and the game records: `name=TEXT` is one of the
keys of lisp: and cavalo: ('lisp:a/projeto.lisp,name=Equipa A', 'cavalo:threads=2,name=Nós'),
and the last item of the other forms ('cmd:./engine --fast,name=Rápido', 'greedy,name=Guloso',
'classic:4,name=C4'). A name has 1 to 40 printable characters and no comma; two players may not
share one. Without a name a player is shown by its spec.

Each board (a seed) is played twice with the colours swapped: a pair. The referee keeps the
position itself and checks every move: an illegal move, a crash, a timeout (past --time-ms plus
--tolerance-ms, measured on the wall clock for built-in players too), malformed output or a
refused --option1/--option2 (`info string error` to its `setoption`) loses the game, and the
reason goes to the record.

Statistics are engine 1's: W/D/L, score, Elo difference (logistic) with its 95% interval measured
on the pairs (pentanomial; on the games if every pair ended alike), LOS, and the pair outcomes (0, 0.5, 1, 1.5, 2 points). --sprt uses the
pentanomial GSPRT for logistic Elo as fishtest computes it; bounds ln(beta/(1-alpha)) and
ln((1-beta)/alpha).

Examples:
  cavalo match --engine1 cavalo --engine2 greedy --games 10 --time-ms 50
  cavalo match --engine1 cavalo --engine2 classic:4 --seeds 1..100 --concurrency 2 \\
      --out games.jsonl --summary-json summary.json
  cavalo match --engine1 'cmd:./new/cavalo engine' --engine2 'cmd:./old/cavalo engine' \\
      --seeds 1..1000 --sprt 0 10 0.05 0.05 --out sprt.jsonl     (add --resume to continue it)
  cavalo match --engine1 'lisp:team.lisp,args=state+time+side' --engine2 greedy --games 10 --time-ms 1000

The summary is in Portuguese or English (--lang pt|en; by default the language of LC_ALL,
LC_MESSAGES or LANG); --summary-json is the same in both.

On several machines (e.g. a Slurm array job or GNU parallel; docs/en/championship.md):
  cavalo match --engine1 cavalo --engine2 classic:4 --seeds 1..4000 --shard 3/16 --out part3.jsonl
  cavalo match merge part*.jsonl

A merge refuses files of different matches, naming what differs, and a set of files with games
missing (which games, and their seeds), unless --partial.";

/// `cavalo match` and `cavalo match merge`.
#[derive(Args, Debug)]
#[command(after_long_help = PLAYERS_HELP, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    merge: Option<MatchCommand>,
    #[command(flatten)]
    play: PlayArgs,
}

impl MatchArgs {
    /// The language of what is written (errors included).
    pub fn lang(&self) -> cavalo_session::i18n::Lang {
        match &self.merge {
            Some(MatchCommand::Merge(m)) => m.lang.lang(),
            None => self.play.lang.lang(),
        }
    }
}

#[derive(Subcommand, Debug)]
enum MatchCommand {
    /// Combine the record files of a match played in shards (--shard K/N) or in several runs into
    /// one summary.
    Merge(MergeArgs),
}

/// Options of `cavalo match merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    #[command(flatten)]
    records: MergeFilesArgs,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    summary_json: Option<PathBuf>,
    #[command(flatten)]
    lang: LangArg,
}

/// Options of `cavalo match` when it plays.
#[derive(Args, Debug)]
struct PlayArgs {
    /// The player measured (see the list below): cavalo[:KEY=VALUE,...], classic[:DEPTH],
    /// greedy, random[:SEED], cmd:COMMAND or lisp:FILE[,KEY=VALUE...]; any of them with
    /// ,name=TEXT.
    #[arg(long, value_name = "PLAYER", required = true)]
    engine1: Option<String>,
    /// Its opponent (same forms).
    #[arg(long, value_name = "PLAYER", required = true)]
    engine2: Option<String>,
    /// A `setoption` for an external engine 1, as NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option1: Vec<String>,
    /// A `setoption` for an external engine 2, as NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,
    /// The boards, as an inclusive range of seeds A..B (two games per board).
    #[arg(long, value_name = "A..B", conflicts_with_all = ["games", "first_seed"])]
    seeds: Option<String>,
    /// Number of games (even: two per board), on boards --first-seed, --first-seed + 1, ...
    /// [default: 100]
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    /// The first board's seed, with --games [default: 1].
    #[arg(long, value_name = "S")]
    first_seed: Option<u64>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Engine 2's time per move when it differs from --time-ms (a time handicap, e.g. to measure
    /// our engine against itself at ten times less time).
    #[arg(long, value_name = "MS")]
    time_ms2: Option<u64>,
    /// Stop as soon as a sequential probability ratio test decides between elo0 and elo1
    /// (e.g. --sprt 0 10 0.05 0.05).
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    #[command(flatten)]
    run: RunArgs,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    summary_json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    lang: LangArg,
}

/// A player with its name, if given (`...,name=TEXT`), refused in the environment's language
/// (for `accuracy`, whose players clap reads before `--lang` is known).
pub(crate) fn parse_named(s: &str) -> Result<NamedPlayer, String> {
    s.parse().map_err(|e| crate::run_error::parse_spec_text(cavalo_session::i18n::Lang::from_env(), &e))
}

/// `spec` with the `setoption`s `opts` (NAME=VALUE, from the flag `--FLAG`) added: only for an
/// external engine.
pub(crate) fn with_options(
    spec: PlayerSpec,
    opts: &[String],
    flag: &'static str,
) -> Result<PlayerSpec, RunError> {
    if opts.is_empty() {
        return Ok(spec);
    }
    let PlayerSpec::External { command, mut options } = spec else {
        return Err(RunError::OptionsNotExternal(flag));
    };
    for o in opts {
        let (n, v) =
            o.split_once('=').ok_or_else(|| RunError::OptionNotNameValue { flag, given: o.clone() })?;
        options.push((n.trim().to_string(), v.trim().to_string()));
    }
    Ok(PlayerSpec::External { command, options })
}

impl PlayArgs {
    fn plan(&self, rules: Rules) -> Result<(MatchPlan, Option<Sprt>), RunError> {
        // clap asks for both.
        let (e1, e2) =
            (self.engine1.as_deref().unwrap_or_default(), self.engine2.as_deref().unwrap_or_default());
        let (e1, e2) = (run_error::player("--engine1", e1)?, run_error::player("--engine2", e2)?);
        let engine1 = with_options(e1.spec.clone(), &self.option1, "option1")?;
        let engine2 = with_options(e2.spec.clone(), &self.option2, "option2")?;
        let named = [(e1.name.clone(), engine1.to_string()), (e2.name.clone(), engine2.to_string())];
        let [n1, n2]: [String; 2] =
            resolve_names(&named, false).map_err(RunError::Spec)?.try_into().expect("two names");
        for e in [&engine1, &engine2] {
            e.check_ready().map_err(RunError::Spec)?;
        }
        let (first_seed, pairs) = match &self.seeds {
            Some(r) => run_error::seed_range(r)?,
            None => {
                let games = self.games.unwrap_or(100);
                if games == 0 || !games.is_multiple_of(2) {
                    return Err(RunError::GamesOdd(games));
                }
                (self.first_seed.unwrap_or(1), games / 2)
            }
        };
        let limits = self.limits.limits().map_err(|e| RunError::AtLeastOne(e.0))?;
        let sprt = match &self.sprt {
            Some(v) => Some(Sprt::new(v[0], v[1], v[2], v[3]).map_err(RunError::Sprt)?),
            None => None,
        };
        let limits2 = match self.time_ms2 {
            Some(0) => return Err(RunError::AtLeastOne("--time-ms2")),
            Some(t) => Some(cavalo_match::MoveLimits { time_ms: Some(t), ..limits.clone() }),
            None => None,
        };
        let setup = GameSetup { engine1, engine2, rules, limits, limits2 };
        let plan = MatchPlan {
            setup,
            names: [n1, n2],
            first_seed,
            pairs,
            concurrency: self.run.concurrency as usize,
            shard: self.run.shard()?,
        };
        Ok((plan, sprt))
    }
}

/// Runs `cavalo match` or `cavalo match merge`.
pub fn run(a: MatchArgs, rules: Rules) -> Result<()> {
    match a.merge {
        Some(MatchCommand::Merge(m)) => merge(m),
        None => play(a.play, rules),
    }
}

/// `cavalo match merge`: one summary of the games in several record files.
fn merge(m: MergeArgs) -> Result<()> {
    let lang = m.lang.lang();
    let mut first: Option<(RecordedMatch, At)> = None;
    let mut pairs: Option<u64> = None;
    let mut games: Vec<GameSummary> = Vec::new();
    records::merge(&m.records.files, lang, &mut |rec, at| {
        let (this, g) = RecordedMatch::of(rec).map_err(Problem::Record)?;
        pairs = pairs.max(this.pairs);
        if let Some((f, where_first)) = &first {
            if let Some((what, here, there)) = f.difference(&this) {
                let first = where_first.clone();
                return Err(Problem::OtherMatch { game: g.index, what, here, there, first });
            }
        } else {
            first = Some((this, at.clone()));
        }
        let index = g.index;
        games.push(g);
        Ok(index)
    })?;
    let (f, _) = first.expect("merge found games");
    // The match's boards: as its records say, else as far as its games go.
    let pairs = pairs.unwrap_or_else(|| games.iter().map(|g| g.index / 2 + 1).max().unwrap_or(0));
    let present = games.iter().map(|g| g.index).collect();
    let gaps = missing(&present, 2 * pairs, 0);
    let seeds =
        |a: u64, b: u64| GapAbout::Seeds(f.first_seed.wrapping_add(a / 2), f.first_seed.wrapping_add(b / 2));
    let gaps = gaps.into_iter().map(|(a, b)| ((a, b), seeds(a, b))).collect();
    records::check_missing(gaps, m.records.partial, lang)?;
    let mut tally = Tally::default();
    for g in &games {
        tally.add(g);
    }
    let [engine1, engine2] = f.names;
    let [engine1_spec, engine2_spec] = f.specs;
    let about = MatchAbout {
        engine1,
        engine2,
        engine1_spec,
        engine2_spec,
        rules: f.rules,
        limits: f.limits.unwrap_or_else(|| RecordedLimits::Described("?".into())),
        first_seed: f.first_seed,
        last_seed: f.first_seed.wrapping_add(pairs.saturating_sub(1)),
        shard: None,
        merged_files: Some(m.records.files.len()),
        planned_games: 2 * pairs,
    };
    let summary = Summary::of(about, &tally, None, None);
    print!("{}", match_report::summary_text(m.lang.lang(), &summary));
    if let Some(path) = &m.summary_json {
        std::fs::write(path, summary.to_json() + "\n").map_err(|e| cannot_write(path, &e))?;
    }
    Ok(())
}

/// `cavalo match`: plays the match.
fn play(a: PlayArgs, rules: Rules) -> Result<()> {
    let lang = a.lang.lang();
    let (plan, sprt) = a.plan(rules)?;
    let mut tally = Tally::default();
    let (done, mut out) =
        records::open_run(a.run.out.as_deref(), a.run.resume, records::Run::Match(lang), &mut |rec, _| {
            let g = plan.check_record(rec).map_err(Problem::Record)?;
            tally.add(&g);
            Ok(g.index)
        })?;

    let verdict = |t: &Tally| sprt.as_ref().and_then(|s| s.verdict(t.llr(s)));
    let mut decided = verdict(&tally);
    let to_play = plan.games() - done.len() as u64;
    if !a.quiet {
        let planned = Summary::new(&plan, &Tally::default(), None, None);
        eprintln!("{}", match_report::match_start(lang, &planned, done.len()));
    }
    let bar = records::progress_bar(plan.games(), a.quiet, lang);
    bar.set_position(done.len() as u64);
    bar.set_message(match_report::progress(lang, &tally, sprt.as_ref()));
    let mut write_error = None;
    if to_play > 0 && decided.is_none() {
        cavalo_match::run(&plan, &done, &mut |rec| {
            if let Ok(g) = cavalo_match::GameSummary::from_record(&rec) {
                tally.add(&g);
            }
            if let Some(w) = out.as_mut()
                && let Err(e) = writeln!(w, "{}", rec.to_json_line()).and_then(|_| w.flush())
            {
                write_error.get_or_insert(e);
            }
            bar.inc(1);
            bar.set_message(match_report::progress(lang, &tally, sprt.as_ref()));
            if decided.is_none() {
                decided = verdict(&tally);
            }
            if decided.is_some() || write_error.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    bar.finish_and_clear();
    if let (Some(e), Some(path)) = (write_error, &a.run.out) {
        return Err(cannot_write(path, &e).into());
    }

    let summary = Summary::new(&plan, &tally, sprt.as_ref(), decided);
    print!("{}", match_report::summary_text(lang, &summary));
    if let Some(path) = &a.summary_json {
        let mut f = File::create(path).map_err(|e| cannot_write(path, &e))?;
        writeln!(f, "{}", summary.to_json()).map_err(|e| cannot_write(path, &e))?;
    }
    Ok(())
}

/// A file that cannot be written, with the system's words.
pub(crate) fn cannot_write(path: &std::path::Path, e: &std::io::Error) -> RunError {
    RunError::CannotWrite(path.to_path_buf(), e.to_string())
}
