//! `cavalo games`: the games database (list, show, export, delete, import, check), and where it
//! lives (`--data-dir`, `--db`), shared with `play` and `stats`.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use cavalo_session::store::{self, Db, import_files};
use clap::{Args, Subcommand, ValueEnum};

use super::games_text as text;

/// Why the database at `path` cannot be used, in `lang`: what to do about a damaged file, one
/// that cannot be written or one a newer Cavalo made; any other failure as the store says it.
pub fn refusal(e: &store::StoreError, path: &std::path::Path, lang: Lang) -> String {
    use store::StoreErrorKind as K;
    match e.kind {
        K::Corrupt | K::ReadOnly | K::Newer { .. } | K::BadVersion { .. } => {
            cavalo_session::present::store_open_text(e, path, lang)
        }
        _ => format!("{e}; give another place with --data-dir or --db"),
    }
}

/// The file name of the database inside the data directory.
pub const DB_FILE: &str = "games.sqlite";

/// Where the games database is.
#[derive(Args, Debug, Clone, Default)]
pub struct StoreArgs {
    /// The directory of the games database (default: the platform's data directory, e.g.
    /// ~/.local/share/cavalo on Linux, overridden by XDG_DATA_HOME).
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,
    /// The games database file itself (default: games.sqlite in the data directory). Given
    /// without a file, the default database.
    #[arg(long, value_name = "FILE", num_args = 0..=1, global = true)]
    pub db: Option<Option<PathBuf>>,
}

impl StoreArgs {
    /// Whether `--db` or `--data-dir` was given.
    pub fn given(&self) -> bool {
        self.db.is_some() || self.data_dir.is_some()
    }

    /// The database file these flags name.
    pub fn path(&self) -> Result<PathBuf> {
        if let Some(Some(file)) = &self.db {
            return Ok(file.clone());
        }
        let dir = match &self.data_dir {
            Some(d) => d.clone(),
            None => directories::ProjectDirs::from("", "", "cavalo")
                .context("no home directory to keep the games in: give --data-dir or --db")?
                .data_dir()
                .to_path_buf(),
        };
        Ok(dir.join(DB_FILE))
    }

    /// Opens the database (created when missing), its refusals in English.
    pub fn open(&self) -> Result<Arc<Db>> {
        self.open_for(Lang::En, false)
    }

    /// Opens the database (created when missing); a damaged file, one a newer Cavalo made or
    /// (for a program that writes, `writes`) one that cannot be written is refused in `lang`,
    /// saying what to do.
    pub fn open_for(&self, lang: Lang, writes: bool) -> Result<Arc<Db>> {
        let path = self.path()?;
        let db = Db::open(&path).and_then(|db| if writes { db.probe_write().map(|()| db) } else { Ok(db) });
        db.map(Arc::new).map_err(|e| anyhow::anyhow!(refusal(&e, &path, lang)))
    }
}

#[derive(Args, Debug)]
pub struct GamesArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    #[command(subcommand)]
    pub action: Action,
}

#[derive(Subcommand, Debug)]
pub enum Action {
    /// List the games, most recently changed first.
    List {
        /// Only games with this status.
        #[arg(long, value_enum)]
        status: Option<StatusFilter>,
    },
    /// Show one game: its set-up, result and every ply with the computer's statistics.
    Show {
        /// The game's id (or the beginning of it).
        id: String,
    },
    /// Write one game as its JSON record or as its log.dat text.
    Export {
        /// The game's id (or the beginning of it).
        id: String,
        /// json (the game record, as `cavalo play` saves in games/) or log (the course's log.dat).
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// The file to write (default: standard output).
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Delete games and their plies.
    Delete {
        /// The games' ids (or the beginning of each).
        #[arg(required = true)]
        ids: Vec<String>,
    },
    /// Import games from JSON files: the records of `cavalo play` (games/*.json) and the saved
    /// sessions of `cavalo serve` (sessions/*.json). A directory stands for its *.json files.
    /// Files that are not games are named and skipped; games already stored are left as they are.
    Import {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Close games left `playing` (by a power cut, a kill -9): each is marked abandoned, its
    /// `END` line appended to the log and its record written, as if it had been quit. A game to
    /// continue instead: `cavalo play --resume ID`.
    Close {
        /// The games' ids (or the beginning of each).
        #[arg(required = true)]
        ids: Vec<String>,
        /// The log file to append each `END` line to.
        #[arg(long, default_value = "log.dat")]
        log: PathBuf,
        /// Append no `END` line.
        #[arg(long)]
        no_log: bool,
        /// Where the records are written.
        #[arg(long, default_value = "games")]
        games_dir: PathBuf,
    },
    /// Check the database file (SQLite's integrity check) and print its schema version.
    Check,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum StatusFilter {
    Playing,
    Over,
    Quit,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Json,
    Log,
}

/// Runs `cavalo games`; the list and a game shown are worded in the environment's language.
pub fn run(a: GamesArgs) -> Result<()> {
    let lang = Lang::from_env();
    let db = a.store.open()?;
    match a.action {
        Action::List { status } => {
            let want = status.map(|s| format!("{s:?}").to_lowercase());
            let rows: Vec<store::GameRow> =
                db.list()?.into_iter().filter(|r| want.as_ref().is_none_or(|w| *w == r.status)).collect();
            print!("{}", text::list_text(lang, &rows));
            let args =
                [("count", Arg::Count(rows.len() as u64)), ("path", db.path().display().to_string().into())];
            eprintln!("{}", lang.tr_with(key!("games-count"), &args));
        }
        Action::Show { id } => {
            let s = db.load(&db.resolve(&id)?)?;
            print!("{}", text::show_text(lang, &s));
        }
        Action::Export { id, format, output } => {
            let s = db.load(&db.resolve(&id)?)?;
            let text = match format {
                Format::Json => store::record::build(&s).to_json() + "\n",
                Format::Log => store::logfile::game_text(&s),
            };
            match output {
                Some(path) => {
                    cavalo_session::write_atomically(&path, &text)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    eprintln!("game {} written to {}", s.id(), path.display());
                }
                None => std::io::stdout().write_all(text.as_bytes())?,
            }
        }
        Action::Delete { ids } => {
            for id in ids {
                let full = db.resolve(&id)?;
                db.delete(&full)?;
                println!("deleted {full}");
            }
        }
        Action::Import { paths } => import(&db, &paths)?,
        Action::Close { ids, log, no_log, games_dir } => {
            let log = (!no_log).then_some(log);
            for id in ids {
                let full = db.resolve(&id)?;
                if close_game(&db, &full, log.as_deref(), &games_dir)? {
                    println!("closed {full}: abandoned, its record in {}", games_dir.display());
                } else {
                    bail!("game {full} is not being played: nothing to close");
                }
            }
        }
        Action::Check => {
            let report = db.integrity_check()?;
            println!("{}: schema version {}, integrity {report}", db.path().display(), db.schema_version()?);
            if report != "ok" {
                bail!("{} is damaged", db.path().display());
            }
        }
    }
    Ok(())
}

/// Marks the game `id`, left `playing`, abandoned: its `END` line goes to `log` (if any) and its
/// record into `games_dir`. `false` when the game was not being played (finished or abandoned
/// already: nothing done). The one place a game left in play is ended from outside it: by a
/// signal, a closed terminal, or `cavalo games close`.
pub fn close_game(
    db: &std::sync::Arc<Db>,
    id: &str,
    log: Option<&std::path::Path>,
    games_dir: &std::path::Path,
) -> Result<bool> {
    let mut session = cavalo_session::Session::from(db.load(id)?);
    if session.status() != cavalo_session::Status::Playing {
        return Ok(false);
    }
    session.keep_in(db.clone());
    session.set_log(log.map(std::path::Path::to_path_buf));
    session.set_games_dir(Some(games_dir.to_path_buf()));
    // The game's stores record its end as they record every event of a game in play.
    session.quit();
    let warnings = session.take_warnings();
    if !warnings.is_empty() {
        bail!("{}", warnings.join("; "));
    }
    Ok(true)
}

fn import(db: &Db, paths: &[PathBuf]) -> Result<()> {
    let report = import_files(db, paths)?;
    for (f, reason) in &report.skipped {
        eprintln!("skipped {}: {reason}", f.display());
    }
    println!(
        "imported {} games into {}; {} already there, {} files skipped",
        report.imported.len(),
        db.path().display(),
        report.present,
        report.skipped.len()
    );
    if !report.skipped.is_empty() {
        bail!("{} files were not imported (named above)", report.skipped.len());
    }
    Ok(())
}

/// Every game of `db` in the course's log format, or only those whose id
/// starts with `id` (for `cavalo stats --db`).
pub fn log_text(db: &Db, id: Option<&str>) -> Result<String> {
    let mut out = String::new();
    let mut rows = db.list()?;
    rows.reverse();
    for r in rows.iter().filter(|r| id.is_none_or(|i| r.id.starts_with(i))) {
        out.push_str(&store::logfile::game_text(&db.load(&r.id)?));
        out.push('\n');
    }
    Ok(out)
}
