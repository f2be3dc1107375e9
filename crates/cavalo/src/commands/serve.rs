//! `cavalo serve`: the browser interface (the server lives in the `cavalo-web` crate).

use anyhow::Result;
use cavalo_session::i18n::Lang;
use cavalo_web::store::Retention;
use clap::Args;

use crate::commands::games::{StoreArgs, refusal};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on: 127.0.0.1 (or localhost, ::1) serves this machine only;
    /// 0.0.0.0 serves the network (a classroom), and every address it serves is printed.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Another name the server answers to, besides its own (its address, its interfaces'
    /// addresses, localhost and the machine's name): a name of this machine in the school's DNS,
    /// say. Repeat it for several. Requests naming any other host are refused, which stops pages
    /// of other sites (DNS rebinding).
    #[arg(long, value_name = "NAME", value_parser = allowed_host)]
    pub allow_host: Vec<String>,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    #[command(flatten)]
    pub store: StoreArgs,
    /// Delete finished games that ended more than N days ago (at start, then every 10 minutes).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub keep_days: Option<u32>,
    /// Keep at most N finished games: when a game ends with more stored, the ones that ended first
    /// are deleted.
    #[arg(long, value_name = "N")]
    pub max_finished: Option<usize>,
    /// How many searches run at once (engines, made when first needed): 32 by default, one for
    /// each student of a class of thirty and two more; they share the cores, each stopping at
    /// its time limit. More wait their turn (people's moves and hints first; computer-vs-computer
    /// games use at most N-1, and go first after waiting 2 s).
    #[arg(long, visible_alias = "max-searches", default_value_t = cavalo_web::DEFAULT_ENGINES as u64, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub engines: u64,
    /// The longest time per move a game may ask for, in milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub max_time_ms: u64,
    /// Transposition table size of each engine, in MiB (each engine also has a proof table of
    /// that size: search memory = engines × 2 × hash). Default: 256 MiB shared among the
    /// engines (4 MiB for 32 engines), from 1 to 64.
    #[arg(long = "hash", visible_alias = "hash-mib", value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash_mib: Option<u64>,
    /// Open connections served at once (more wait to be accepted).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_connections: u64,
    /// Open connections of one client (IP address); more are closed at once. Keep it below
    /// --max-connections, so that one client cannot take them all.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub connections_per_client: u64,
    /// Seconds a client has to send a request's head; also how long an idle connection is kept.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// Seconds a client has to send a request's body once its head has come.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout: u64,
    /// Computer-vs-computer games one client (IP address) may have running at once.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub cc_per_client: u64,
    /// Computer-vs-computer games the server may have running at once (all clients).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub max_cc_games: u64,
    /// Unfinished games one client (IP address) may have created; more are refused until one
    /// ends (finished, quit, or closed after --idle-hours untouched).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games_per_client: u64,
    /// Hours an unfinished game may stay untouched (no move, no hint) before it is closed as
    /// abandoned (stored and logged so) and leaves memory.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(1..=8760))]
    pub idle_hours: u64,
    /// Game pages (event streams) open at once on the server.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_streams: u64,
    /// Game pages (event streams) one client (IP address) may have open at once (at most
    /// --max-streams): raise it for a classroom behind one NAT address.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub streams_per_client: u64,
    /// Nodes searched per position by a game's analysis (the page's analysis board; as
    /// `cavalo analyse --nodes`, one thread): about a fifth of a second per position on a
    /// laptop's core at the default. Each analysis is computed once and kept with its game.
    #[arg(long, value_name = "N", default_value_t = cavalo_web::DEFAULT_ANALYSIS_NODES, value_parser = clap::value_parser!(u64).range(1_000..=1_000_000_000))]
    pub analysis_nodes: u64,
    /// Nodes an analysis may search again where its verdicts are unsure, for the whole game (as
    /// `cavalo analyse --max-nodes-per-game`) [default: half the nodes of the first pass, or
    /// what the first pass left of 40 times the nodes per position if more; 0: none].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=100_000_000_000))]
    pub analysis_max_nodes_per_game: Option<u64>,
    /// Analyses one client (IP address) may have waiting or running at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000))]
    pub analyses_per_client: u64,
    /// Games one client (IP address) may upload (to analyse them) in an hour; more are refused
    /// until the hour has passed.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub uploads_per_client: u64,
    /// Uploaded games the server keeps: an upload beyond it deletes the oldest uploaded game
    /// (besides --keep-days and --max-finished, which apply to them too).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_uploads: u64,
    /// Searches for studying games (analyses, exercises' tries, the live lines of "Think about
    /// this position") running at once; more wait their turn, so that people's games keep the
    /// cores. Default: half the machine's cores, at least 2.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub study_searches: Option<u64>,
    /// Runs the course's arena: teams upload their Lisp programs (the page's Arena tab, or POST
    /// /api/arena/programs) with the class code, and a standing ladder plays them — each new
    /// version against our engine's levels, then against every other team's current version —
    /// every program in its sandbox (bubblewrap, which must be installed: the server refuses to
    /// start without it).
    #[arg(long)]
    pub arena: bool,
    /// The class code the teams give with their uploads [default: one made up and printed at
    /// start].
    #[arg(long, value_name = "CODE", requires = "arena", value_parser = class_code)]
    pub arena_code: Option<String>,
    /// Arena games played at once (each waits for a free engine before every move, after
    /// people's moves).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "arena", value_parser = clap::value_parser!(u64).range(1..=16))]
    pub arena_concurrency: u64,
    /// Time per move of the arena's games, in milliseconds (the course's clock).
    #[arg(long, value_name = "MS", default_value_t = cavalo_web::DEFAULT_ARENA_TIME_MS, requires = "arena", value_parser = clap::value_parser!(u64).range(100..=60_000))]
    pub arena_time_ms: u64,
}

/// An `--arena-code` value: 4 to 64 letters, digits, `-` or `_`.
fn class_code(code: &str) -> Result<String, String> {
    let ok =
        (4..=64).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c));
    if ok {
        Ok(code.to_string())
    } else {
        Err(format!("`{code}` is not a class code: 4 to 64 letters, digits, `-` or `_`"))
    }
}

/// A `--allow-host` value: a host name or an address, without a port.
fn allowed_host(name: &str) -> Result<String, String> {
    if cavalo_web::valid_allowed_host(name) {
        Ok(name.to_string())
    } else {
        Err(format!("`{name}` is not a host name nor an address (give it without a scheme, port or path)"))
    }
}

/// Serves until Ctrl-C; a games database that cannot be used (damaged, made by a newer Cavalo,
/// not writable) is refused in `lang`, saying what to do.
pub fn serve(a: ServeArgs, rules: cavalo_rules::Rules, lang: Lang) -> Result<()> {
    let db = a.store.path()?;
    // log.dat and the sessions of older versions live beside the database.
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let mut config = cavalo_web::WebConfig::new(dir);
    config.db = db.clone();
    config.max_searches = a.engines as usize;
    config.max_time_ms = a.max_time_ms;
    config.hash_mib =
        a.hash_mib.map_or_else(|| cavalo_web::default_hash_mib(config.max_searches), |h| h as usize);
    config.retention = Retention { keep_days: a.keep_days, max_finished: a.max_finished };
    config.default_rules = rules;
    config.allowed_hosts = a.allow_host.clone();
    config.analysis_nodes = a.analysis_nodes;
    config.analysis_max_nodes_per_game = a.analysis_max_nodes_per_game;
    config.lang = lang;
    let limits = &mut config.limits;
    limits.max_connections = a.max_connections as usize;
    limits.max_connections_per_client = a.connections_per_client as usize;
    limits.header_timeout = std::time::Duration::from_secs(a.header_timeout);
    limits.body_timeout = std::time::Duration::from_secs(a.body_timeout);
    limits.max_cc_per_client = a.cc_per_client as usize;
    limits.max_cc_games = a.max_cc_games as usize;
    limits.max_games_per_client = a.games_per_client as usize;
    limits.idle_game = std::time::Duration::from_secs(a.idle_hours * 3600);
    limits.max_streams = a.max_streams as usize;
    limits.max_streams_per_client = (a.streams_per_client as usize).min(limits.max_streams);
    limits.max_analyses_per_client = a.analyses_per_client as usize;
    limits.max_uploads_per_client = a.uploads_per_client as usize;
    limits.max_uploads_kept = a.max_uploads as usize;
    if let Some(n) = a.study_searches {
        limits.max_study_searches = n as usize;
    }
    if a.arena {
        // Teams' programs run only in their sandbox: no arena without one.
        cavalo_web::check_sandbox().map_err(|e| {
            let why = cavalo_match::words::sandbox_text(lang, &e);
            anyhow::anyhow!(
                lang.tr_with(cavalo_session::key!("serve-arena-no-sandbox"), &[("why", why.into())])
            )
        })?;
        let mut arena = cavalo_web::ArenaConfig::new(a.arena_code.clone());
        arena.concurrency = a.arena_concurrency as usize;
        arena.time_ms = a.arena_time_ms;
        config.arena = Some(arena);
    }
    cavalo_web::run(&a.host, a.port, config).map_err(|e| {
        match e.get_ref().and_then(|inner| inner.downcast_ref::<cavalo_web::OpenError>()) {
            Some(cavalo_web::OpenError::Store(store)) => anyhow::anyhow!(refusal(store, &db, lang)),
            Some(cavalo_web::OpenError::Lock(cavalo_web::LockError::InUse { pid, .. })) => {
                let args = [
                    ("db", db.display().to_string().into()),
                    ("pid", pid.map_or("none".to_string(), |p| p.to_string()).into()),
                ];
                anyhow::anyhow!(lang.tr_with(cavalo_session::key!("serve-db-in-use"), &args))
            }
            _ => anyhow::Error::new(e).context(format!(
                "cannot serve on {}:{} with the games in {}",
                a.host,
                a.port,
                db.display()
            )),
        }
    })
}
