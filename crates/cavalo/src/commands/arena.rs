//! `cavalo arena championship`: the official round robin of the arena's teams, on the data of a
//! server run with `--arena`. The current version of every team is frozen when a championship
//! starts (its list and its files written to the championship's folder); the games are the
//! tournament's (`cavalo tournament`: every pairing on the same boards, both colours, each
//! program in its sandbox), and so is the report — text on standard output, HTML and JSON in
//! the folder, in Portuguese or English. Run again on the same folder, it goes on with the same
//! versions and plays only the games missing. The server offers the HTML report for download
//! (`GET /api/arena/championship`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cavalo_arena::{ArenaStore, Version};
use cavalo_rules::Rules;
use cavalo_session::i18n::Lang;
use cavalo_session::key;
use cavalo_session::store::Db;
use clap::{Args, Parser, Subcommand};
use serde::{Deserialize, Serialize};

use crate::args::LangArg;
use crate::commands::games::StoreArgs;
use crate::commands::tournament::{self, TournamentArgs};

/// `cavalo arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    #[command(subcommand)]
    command: ArenaCommand,
}

impl ArenaArgs {
    /// The language of what is written.
    pub fn lang(&self) -> Lang {
        match &self.command {
            ArenaCommand::Championship(c) => c.lang.lang(),
        }
    }
}

#[derive(Subcommand, Debug)]
enum ArenaCommand {
    /// Freeze every team's current version and play the official round robin among them (as
    /// `cavalo tournament`, each program in its sandbox); the report goes to standard output and,
    /// as HTML and JSON, to the championship's folder, where the server offers it for download.
    Championship(ChampionshipArgs),
}

/// Options of `cavalo arena championship`.
#[derive(Args, Debug)]
struct ChampionshipArgs {
    #[command(flatten)]
    store: StoreArgs,
    /// The championship's folder: the versions frozen, their files, the games (games.jsonl) and
    /// the report (report.html, report.json) [default: championship/ beside the database].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Boards per pairing, each played twice with the colours swapped.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=100))]
    boards: u64,
    /// The first board's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    first_seed: u64,
    /// Time per move, in milliseconds (the course's clock).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    time_ms: u64,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    concurrency: u64,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    lang: LangArg,
}

/// A version frozen for a championship, as its folder keeps it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Frozen {
    id: String,
    team: String,
    version: u32,
}

/// The folder's list of the versions frozen.
const FROZEN: &str = "versions.json";

/// Runs `cavalo arena`.
pub fn run(a: ArenaArgs, rules: Rules) -> Result<()> {
    match a.command {
        ArenaCommand::Championship(c) => championship(c, rules),
    }
}

fn championship(c: ChampionshipArgs, rules: Rules) -> Result<()> {
    let lang = c.lang.lang();
    let db = c.store.path()?;
    if !db.is_file() {
        bail!(lang.tr_with(key!("arena-no-database"), &[("db", db.display().to_string().into())]));
    }
    let dir = c.dir.clone().unwrap_or_else(|| db.parent().unwrap_or(Path::new(".")).join("championship"));
    let store = ArenaStore::open(std::sync::Arc::new(Db::open(&db)?))?;
    let versions = frozen(&store, &dir, lang)?;
    let mut argv: Vec<String> = vec!["tournament".into()];
    for v in &versions {
        let folder = dir.join("programs").join(&v.id);
        if !folder.is_dir() {
            std::fs::create_dir_all(&folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
            v.program.write_to(&folder).with_context(|| format!("cannot write {}", folder.display()))?;
        }
        argv.extend(["--player".into(), format!("{},name={}", v.program.player(&folder), player_name(v))]);
    }
    let games = dir.join("games.jsonl");
    let resume = games.is_file();
    argv.extend([
        "--boards".into(),
        c.boards.to_string(),
        "--first-seed".into(),
        c.first_seed.to_string(),
        "--time-ms".into(),
        c.time_ms.to_string(),
        "--concurrency".into(),
        c.concurrency.to_string(),
        "--out".into(),
        games.display().to_string(),
        "--html".into(),
        dir.join("report.html").display().to_string(),
        "--json".into(),
        dir.join("report.json").display().to_string(),
        "--lang".into(),
        lang.code().into(),
    ]);
    argv.extend(resume.then(|| "--resume".to_string()));
    argv.extend(c.quiet.then(|| "--quiet".to_string()));
    let args = Tournament::try_parse_from(&argv).context("the championship's tournament")?;
    tournament::run(args.tournament, rules)
}

/// `cavalo tournament`'s options, as the championship gives them.
#[derive(Parser, Debug)]
struct Tournament {
    #[command(flatten)]
    tournament: TournamentArgs,
}

/// The versions of the championship in `dir`: those frozen there, else every team's current one,
/// frozen now.
fn frozen(store: &ArenaStore, dir: &Path, lang: Lang) -> Result<Vec<Version>> {
    let list = dir.join(FROZEN);
    if list.is_file() {
        let text =
            std::fs::read_to_string(&list).with_context(|| format!("cannot read {}", list.display()))?;
        let kept: Vec<Frozen> = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a championship's list", list.display()))?;
        return kept
            .iter()
            .map(|f| {
                store.version(&f.id)?.ok_or_else(|| {
                    anyhow::anyhow!(
                        lang.tr_with(key!("arena-version-gone"), &[("team", f.team.as_str().into())])
                    )
                })
            })
            .collect();
    }
    let current = store.versions(false)?;
    if current.len() < 2 {
        bail!(lang.tr_with(key!("arena-too-few-teams"), &[("count", (current.len() as u64).into())]));
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let kept: Vec<Frozen> = current
        .iter()
        .map(|v| Frozen { id: v.id.clone(), team: v.team.clone(), version: v.version })
        .collect();
    std::fs::write(&list, serde_json::to_string_pretty(&kept)?)
        .with_context(|| format!("cannot write {}", list.display()))?;
    Ok(current)
}

/// The name a version plays under in the championship: its team and version (a team's name has
/// no comma and at most 40 characters; the version's mark is kept within the names' 40).
fn player_name(v: &Version) -> String {
    let mark = format!(" v{}", v.version);
    let team: String = v.team.replace(',', " ").chars().take(40 - mark.chars().count()).collect();
    format!("{}{mark}", team.trim_end())
}
