//! The arguments that several subcommands share: the player and its engine options
//! ([`EngineArgs`], [`EngineOptionArgs`]), the language of what is written ([`LangArg`]), and
//! how `match` and `tournament` run and merge their games ([`RunArgs`], [`MergeFilesArgs`]).
//! The limits per move are in `limits`, the rules and positions in `input`.

use std::path::PathBuf;

use cavalo_engine::{Options, PlayerChoice, PlayerKind};
use cavalo_match::Shard;
use cavalo_rules::Side;
use cavalo_session::Mode;
use cavalo_session::i18n::Lang;
use cavalo_session::key;
use clap::Args;

/// Engine choice and options, shared by every command that runs a player of its choice.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// The player: cavalo (our engine, or cavalo:level=1..8 for a weaker level, with
    /// cavalo:level=N,seed=S its choices' seed), classic[:DEPTH], greedy or random[:SEED].
    #[arg(long, default_value = "cavalo", value_parser = parse_choice)]
    pub engine: PlayerChoice,
    #[command(flatten)]
    pub engine_options: EngineOptionArgs,
}

impl EngineArgs {
    /// The engine options these flags select.
    pub fn options(&self) -> Options {
        self.engine_options.over(self.engine.options.clone())
    }

    /// The engine options for one search of `movetime` in a one-shot command: the tables sized
    /// to it unless the user chose their size (see [`crate::budget::sized`]).
    pub fn options_for(&self, movetime: Option<std::time::Duration>) -> Options {
        let hash_given =
            self.engine_options.hash_given() || self.engine.options.hash_mib != Options::default().hash_mib;
        crate::budget::sized(self.options(), movetime, hash_given)
    }
}

/// The engine's options, shared by every command that runs our engine. The values are checked by
/// the engine's own option table ([`Options`]).
#[derive(Args, Debug, Clone)]
pub struct EngineOptionArgs {
    /// Search threads (our engine only; 1 to 256) [default: 1].
    #[arg(long, value_name = "N", value_parser = option_value("Threads"))]
    pub threads: Option<String>,
    /// Transposition table size in MiB (our engine only; 1 to 8192) [default: 64].
    #[arg(long = "hash", value_name = "MIB", value_parser = option_value("Hash"))]
    pub hash_mib: Option<String>,
    /// Turn the quiescence search on (our engine only; off by default, it did not win games).
    #[arg(long)]
    pub quiescence: bool,
    /// Any engine option as KEY=VALUE (repeatable, or KEY=VALUE,KEY=VALUE): hash, threads,
    /// quiescence and every search parameter (`cavalo engine` lists them in its `ugi` answer).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_settings)]
    pub set: Vec<String>,
}

/// A player kind as `--opponents` gives it.
pub fn parse_kind(s: &str) -> Result<PlayerKind, String> {
    s.parse().map_err(|e| cavalo_session::present::player_error_text(Lang::from_env(), &e))
}

/// A side (`white`/`w`, `black`/`b`), refused in the environment's language (clap parses before
/// `--lang` is known).
pub fn parse_side(s: &str) -> Result<Side, String> {
    Side::parse(s).ok_or_else(|| Lang::from_env().tr_with(key!("bad-side"), &[("side", s.into())]))
}

/// A mode of play (`human-computer`/`hc`, …), refused in the environment's language.
pub fn parse_mode(s: &str) -> Result<Mode, String> {
    Mode::parse(s).ok_or_else(|| Lang::from_env().tr_with(key!("bad-mode"), &[("mode", s.into())]))
}

/// A player as `--engine` gives it, refused in the environment's language (clap parses before
/// `--lang` is known).
pub fn parse_choice(s: &str) -> Result<PlayerChoice, String> {
    s.parse().map_err(|e| cavalo_session::present::player_error_text(Lang::from_env(), &e))
}

/// A value parser checking the text against the engine option `name`.
fn option_value(name: &'static str) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync {
    move |s| {
        let d = Options::descriptor(name).expect("a known option");
        d.parse(s).map(|_| s.trim().to_string()).map_err(|e| e.to_string())
    }
}

pub fn parse_settings(s: &str) -> Result<String, String> {
    s.parse::<Options>().map(|_| s.to_string()).map_err(|e| e.to_string())
}

impl EngineOptionArgs {
    /// The engine options these flags select.
    pub fn options(&self) -> Options {
        self.over(Options::default())
    }

    /// `o` with the options these flags set.
    pub fn over(&self, mut o: Options) -> Options {
        let checked = "checked by the value parser";
        if let Some(t) = &self.threads {
            o.set("Threads", t).expect(checked);
        }
        if let Some(h) = &self.hash_mib {
            o.set("Hash", h).expect(checked);
        }
        o.quiescence |= self.quiescence;
        for s in &self.set {
            o.apply(s).expect(checked);
        }
        o
    }

    /// Whether the table's size was chosen (`--hash`, or `Hash` in `--set`).
    pub fn hash_given(&self) -> bool {
        let unset = Options { hash_mib: usize::MAX, ..Options::default() };
        self.hash_mib.is_some()
            || self.set.iter().any(|s| {
                let mut o = unset.clone();
                o.apply(s).is_ok_and(|()| o.hash_mib != usize::MAX)
            })
    }
}

/// `--lang` of the commands that write for people (`play` has its own, with its menu).
#[derive(Args, Debug, Clone, Default)]
pub struct LangArg {
    /// The language of what is written (text, and a tournament's HTML page; JSON and numbers for
    /// other programs stay the same): pt (Portuguese) or en (English). Default: from LC_ALL,
    /// LC_MESSAGES or LANG (Portuguese for any pt...), else English.
    #[arg(long)]
    lang: Option<Lang>,
}

impl LangArg {
    /// The language asked for, else the environment's.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(Lang::from_env)
    }
}

/// How `match` and `tournament` play their games and keep them.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Games played at once (each pair of games is played by one worker).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Save every game as one JSON line: a game record whose `meta` holds the players, the reason
    /// the game ended, per-move statistics and the match's or the tournament's description.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<PathBuf>,
    /// Continue the games saved in --out: the games already there are not played again.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Play only the K-th of N disjoint slices of the games' pairs (1 <= K <= N), e.g. as an
    /// array job on several machines; `merge` combines the record files afterwards.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
}

impl RunArgs {
    /// The shard `--shard` names (read here, not by clap, so that a bad one is refused in the
    /// reader's language).
    pub fn shard(&self) -> Result<Option<Shard>, crate::run_error::RunError> {
        self.shard.as_deref().map(crate::run_error::shard).transpose()
    }
}

/// The record files that `match merge` and `tournament merge` combine.
#[derive(Args, Debug, Clone)]
pub struct MergeFilesArgs {
    /// The record files (--out of each shard).
    #[arg(required = true, value_name = "FILE.jsonl")]
    pub files: Vec<PathBuf>,
    /// Report the games there are even when some are missing (a shard still running, a run
    /// stopped early); without it, missing games are an error that lists them.
    #[arg(long)]
    pub partial: bool,
}
