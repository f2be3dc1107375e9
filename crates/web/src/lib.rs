//! # cavalo-web
//!
//! `cavalo serve`: play *Jogo do Cavalo* in the browser. An HTTP server (axum on tokio) keeps the
//! games, drives the computer's turns in the background, streams the engine's thinking with
//! server-sent events, and serves an embedded page (plain HTML, CSS and JavaScript modules).
//!
//! Every game is a [`cavalo_session::Session`] kept in the games database (SQLite, shared with
//! `cavalo play`): a move is stored before it is acknowledged, so a restarted server resumes the
//! games. Only the holders of a game's seats (secret tokens, see `seats`) change it; anyone with its
//! id watches it; the list of games shows a client its own games and the public ones. A request
//! guard refuses requests of other sites and host names that are not the server's (see `guard`).
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let app = cavalo_web::App::open(cavalo_web::WebConfig::new("cavalo-data"))?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! app.bound_to(listener.local_addr()?);
//! axum::serve(listener, app.router()).await?;
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

mod addrs;
mod analysis;
mod answers;
mod api;
mod arena;
mod assets;
mod body;
mod engines;
mod error;
mod exercises;
mod game;
mod gate;
mod guard;
mod herald;
mod hosts;
mod idle;
mod import;
mod invite;
mod lang;
mod limits;
mod lockfile;
mod lookup;
mod new_game;
mod offload;
mod page;
mod query;
mod quota;
mod sched;
mod seats;
mod server;
pub mod store;
mod stream;
mod think;
mod upload;
mod wire;
#[cfg(test)]
mod wire_ts;
mod worded;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use crate::game::HostedGame;
use crate::gate::{Gate, Stores};
use crate::sched::Scheduler;
use crate::store::Retention;
use cavalo_session::Session;
use cavalo_session::store::{Db, StoreError};

pub use crate::arena::{ArenaConfig, DEFAULT_ARENA_TIME_MS, check_sandbox, new_code};
pub use crate::engines::{DEFAULT_ENGINES, DEFAULT_SEARCH_MIB, default_hash_mib, pool_line};
pub use crate::hosts::valid_allowed_host;
pub use crate::limits::LimitError;
pub use crate::lockfile::LockError;
pub use crate::server::{ServerLimits, default_study_searches};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// Where the course's `log.dat` is appended (every line tagged with its game's id), and where
    /// saved sessions of older versions (`sessions/<id>.json`) are imported from once.
    pub data_dir: PathBuf,
    /// The games database (SQLite), shared with `cavalo play` and `cavalo games`.
    pub db: PathBuf,
    /// How many engines the server has at most (each with a table of `hash_mib`, made when
    /// first needed): that many searches (computer moves and hints) run at once, sharing the
    /// cores; the others wait their turn (see the scheduler's policy in the technical manual).
    pub max_searches: usize,
    /// The longest time per move a game may ask for, in milliseconds.
    pub max_time_ms: u64,
    /// Transposition table size of each engine of the pool, in MiB: search memory is bounded by
    /// `max_searches × hash_mib`.
    pub hash_mib: usize,
    /// How long finished games are kept (by age, by count); the default keeps them all.
    pub retention: Retention,
    /// The rule variant of a new game that names none (the page's default).
    pub default_rules: cavalo_rules::Rules,
    /// Connections, timeouts, body size, event streams, computer-vs-computer games per client.
    pub limits: ServerLimits,
    /// Names the server answers to as `Host` besides its own (`cavalo serve --allow-host`).
    pub allowed_hosts: Vec<String>,
    /// The nodes searched per position by a game's analysis (the analysis board): with one
    /// thread, the same game gets the same analysis on any machine.
    pub analysis_nodes: u64,
    /// The nodes an analysis may search again where its verdicts are unsure, for the whole game
    /// (none: the analysis's default, see `cavalo_lab::analysis::refine::default_max_nodes`;
    /// 0: none).
    pub analysis_max_nodes_per_game: Option<u64>,
    /// The language of the lines `cavalo serve` prints when it starts (the page speaks each
    /// browser's).
    pub lang: cavalo_session::i18n::Lang,
    /// The course's arena, when on (`cavalo serve --arena`): teams' programs uploaded with the
    /// class code and played by a standing ladder (see [`ArenaConfig`]).
    pub arena: Option<ArenaConfig>,
}

/// The default nodes per position of a game's analysis: about a fifth of a second per position
/// on a laptop's core, so a game of sixty plies takes about ten seconds.
pub const DEFAULT_ANALYSIS_NODES: u64 = 1_000_000;

impl WebConfig {
    /// Defaults: the database `games.sqlite` in `data_dir`, [`DEFAULT_ENGINES`] searches at once
    /// with tables of [`default_hash_mib`] (within [`DEFAULT_SEARCH_MIB`] in all), at most 10 s
    /// per move, every finished game kept, the canonical rules.
    pub fn new(data_dir: impl Into<PathBuf>) -> WebConfig {
        let data_dir = data_dir.into();
        WebConfig {
            db: data_dir.join(DB_FILE),
            data_dir,
            max_searches: DEFAULT_ENGINES,
            max_time_ms: 10_000,
            hash_mib: default_hash_mib(DEFAULT_ENGINES),
            retention: Retention::default(),
            default_rules: cavalo_rules::Rules::default(),
            limits: ServerLimits::default(),
            allowed_hosts: Vec::new(),
            analysis_nodes: DEFAULT_ANALYSIS_NODES,
            analysis_max_nodes_per_game: None,
            lang: cavalo_session::i18n::Lang::En,
            arena: None,
        }
    }
}

/// The database's file name in a data directory (as `cavalo play` and `cavalo games` name it).
pub const DB_FILE: &str = "games.sqlite";

/// How often the retention rules are applied and idle finished games let go of while the server
/// runs (the retention rules also when a game ends).
const PRUNE_EVERY: Duration = Duration::from_secs(600);
/// How often the database's write-ahead log is put on the disk: the most moves a power cut can
/// lose (see [`Db::commit_without_waiting_for_disk`]).
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// The server's state: the games and the search pool. Cheap to clone.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    config: WebConfig,
    /// The database, reached only through the gate (see `gate`).
    gate: Gate,
    games: Mutex<HashMap<String, Arc<HostedGame>>>,
    sched: Arc<Scheduler>,
    /// The open event streams, per client.
    streams: Arc<quota::Places>,
    /// Held while a game is created: the per-client caps are checked and the game counted at once.
    creating: Mutex<()>,
    closed: AtomicBool,
    /// The names served as `Host` (the loopback ones until the server is bound).
    hosts: RwLock<Arc<hosts::HostNames>>,
    shutdown: tokio::sync::watch::Sender<bool>,
    /// The games' analyses under way.
    analyses: analysis::Analyses,
    /// The exercises' tries and live lines searching, per client.
    tries: Arc<quota::Places>,
    /// The uploads of each client in the last hour.
    uploads: quota::Quota,
    /// This server's hold on its database, let go when it closes.
    lock: Mutex<Option<lockfile::ServerLock>>,
    /// The arena, when on.
    arena: Option<Arc<arena::Arena>>,
}

/// Why the server could not open its games.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The games database could not be opened or read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The data directory could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Another server uses the database.
    #[error(transparent)]
    Lock(#[from] lockfile::LockError),
}

impl App {
    /// Opens the games database (created if missing; refused when damaged, made by a newer
    /// Cavalo or not writable: see [`Db::open`], [`Db::probe_write`]; refused when another server
    /// uses it, see [`LockError`]), brings the web's tables ([`store`]) and the analyses' up to
    /// date, imports the saved sessions of older
    /// versions from `<data_dir>/sessions/` once (a file that is not a game is reported by name
    /// and skipped), applies the retention rules and loads the unfinished games; computer turns
    /// resume once the app runs inside a tokio runtime (see [`App::resume`]).
    pub fn open(mut config: WebConfig) -> Result<App, OpenError> {
        // An arena takes teams' programs, larger than any other body.
        if config.arena.is_some() {
            config.limits.body_limit = config.limits.body_limit.max(arena::routes::PROGRAM_LIMIT);
        }
        std::fs::create_dir_all(&config.data_dir)?;
        let db = Arc::new(Db::open(&config.db)?);
        db.probe_write()?;
        // Before anything is written: a second server on the database stops here.
        let lock = lockfile::ServerLock::take(&config.db)?;
        // A move is acknowledged once it is in the database (it survives the server being
        // killed); the disk gets it within a second (`SYNC_EVERY`), so that a class's moves never
        // wait for the disk one after another.
        db.commit_without_waiting_for_disk()?;
        // Before the server serves, the stores are used here directly; then only through the gate.
        let stores = Stores::open(db)?;
        for problem in import::sessions(&stores, &config.data_dir.join("sessions"))? {
            eprintln!("cavalo serve: skipping {problem}");
        }
        stores.web().prune(config.retention, now_ms())?;
        let mut games = HashMap::new();
        for id in stores.web().game_ids(true)? {
            match load(&stores, &config, &id) {
                Ok(g) => {
                    games.insert(id, g);
                }
                Err(e) => eprintln!("cavalo serve: cannot resume game {id}: {e}"),
            }
        }
        // The arena's games cut short by a stop are abandoned and played again, arena on or not.
        arena::recover(&stores, &mut games);
        let arena = config.arena.clone().map(|c| Arc::new(arena::Arena::new(c)));
        let sched = Scheduler::new(config.max_searches, config.hash_mib, config.limits.max_study_searches);
        let upload_quota = config.limits.max_uploads_per_client;
        let hosts = RwLock::new(Arc::new(hosts::HostNames::loopback(&config.allowed_hosts)));
        Ok(App {
            inner: Arc::new(Inner {
                config,
                gate: Gate::new(stores),
                games: Mutex::new(games),
                sched,
                streams: Arc::default(),
                creating: Mutex::new(()),
                closed: AtomicBool::new(false),
                hosts,
                shutdown: tokio::sync::watch::channel(false).0,
                analyses: analysis::Analyses::default(),
                tries: Arc::default(),
                uploads: quota::Quota::new(upload_quota, Duration::from_secs(3600)),
                lock: Mutex::new(Some(lock)),
                arena,
            }),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &WebConfig {
        &self.inner.config
    }

    /// How many games are loaded.
    pub fn game_count(&self) -> usize {
        self.inner.games.lock().expect("games lock").len()
    }

    /// The routes: the page at `/`, the API under `/api`, behind the request guard (see
    /// [`App::bound_to`]).
    pub fn router(&self) -> axum::Router {
        api::router(self.clone())
    }

    /// Tells the guard where the server listens, which stops DNS-rebinding pages: only its own
    /// names are served as `Host`. Bound to a loopback address (the default) those are the
    /// loopback names (`localhost`, `127.0.0.1`, `[::1]`); bound to another address, its address
    /// (every interface's for `0.0.0.0`) and the machine's name too. The names of
    /// [`WebConfig::allowed_hosts`] are served either way.
    pub fn bound_to(&self, addr: SocketAddr) {
        let names = hosts::HostNames::for_binding(addr, &self.inner.config.allowed_hosts);
        *self.inner.hosts.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(names);
    }

    fn host_names(&self) -> Arc<hosts::HostNames> {
        self.inner.hosts.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Starts the background drivers of every game whose turn is the computer's, the periodic
    /// retention and the database's sync (call inside a tokio runtime; [`App::spawn`] does it).
    pub fn resume(&self) {
        let games: Vec<Arc<HostedGame>> =
            self.inner.games.lock().expect("games lock").values().cloned().collect();
        for g in games {
            game::kick(self, &g);
        }
        arena::lane::start(self);
        self.sync_database();
        let app = self.clone();
        let mut shutdown = self.inner.shutdown.subscribe();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(app.sweep_every()) => {
                        let app2 = app.clone();
                        app.store_background(move |st| {
                            app2.close_idle_in(st, now_ms());
                            app2.prune(st);
                            app2.unload_idle();
                        })
                        .await;
                    }
                    _ = shutdown.changed() => return,
                }
            }
        });
    }

    /// Every [`SYNC_EVERY`], and once more when the app closes, puts the database's log on the
    /// disk (on a blocking thread); a failure is reported once until a sync succeeds again.
    fn sync_database(&self) {
        let gate = self.inner.gate.clone();
        let mut shutdown = self.inner.shutdown.subscribe();
        tokio::spawn(async move {
            let mut failing = false;
            loop {
                let last = tokio::select! {
                    _ = tokio::time::sleep(SYNC_EVERY) => false,
                    _ = shutdown.changed() => true,
                };
                match gate.background(|st| st.games().sync_log()).await {
                    Some(Err(e)) if !failing => {
                        eprintln!("cavalo serve: cannot put the games database on the disk: {e}");
                        failing = true;
                    }
                    Some(Ok(())) => failing = false,
                    _ => {}
                }
                if last {
                    return;
                }
            }
        });
    }

    /// Lets go of the finished games nobody is using (no page watching, no request, no search):
    /// they stay in the database and are read again when asked for, so the memory a long-running
    /// server holds is that of its unfinished games and the games being looked at. Runs every
    /// 10 minutes; returns how many games were let go.
    pub fn unload_idle(&self) -> usize {
        let mut games = self.inner.games.lock().expect("games lock");
        let before = games.len();
        // Under the map's lock nobody can take a new handle of a game, so a game whose only
        // handle is the map's is unused (watchers, requests and drivers all hold one) and nobody
        // holds its lock: taking it here cannot wait on a thread that waits for the map.
        games.retain(|_, g| Arc::strong_count(g) > 1 || g.lock().status() == cavalo_session::Status::Playing);
        before - games.len()
    }

    /// Stops every search and every driver; the app then refuses requests. Games stay saved.
    pub fn close(&self) {
        self.inner.closed.store(true, Ordering::SeqCst);
        self.inner.shutdown.send_replace(true);
        self.inner.analyses.stop_all();
        if let Some(arena) = &self.inner.arena {
            arena.wake();
        }
        // Another server may open the database once this one has closed.
        self.inner.lock.lock().unwrap_or_else(|p| p.into_inner()).take();
        for g in self.inner.games.lock().expect("games lock").values() {
            g.stop_search();
        }
    }

    fn closed(&self) -> bool {
        self.inner.closed.load(Ordering::SeqCst)
    }

    /// Binds `addr`, resumes the games and serves in a background task; returns the bound address
    /// (useful with port 0) and the task.
    pub async fn spawn(
        &self,
        addr: SocketAddr,
    ) -> std::io::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        self.bound_to(bound);
        self.resume();
        let app = self.clone();
        let mut closed = self.inner.shutdown.subscribe();
        let task = tokio::spawn(async move {
            let shutdown = async move {
                let _ = closed.wait_for(|c| *c).await;
            };
            if let Err(e) = server::serve(listener, app, shutdown).await {
                eprintln!("cavalo serve: {e}");
            }
        });
        Ok((bound, task))
    }

    /// The game `id`: one in memory, else a web game of the database (loaded then kept).
    fn game(&self, st: &Stores, id: &str) -> Result<Option<Arc<HostedGame>>, StoreError> {
        if let Some(g) = self.inner.games.lock().expect("games lock").get(id) {
            return Ok(Some(g.clone()));
        }
        if !st.web().is_web_game(id)? {
            return Ok(None);
        }
        let g = load(st, &self.inner.config, id)?;
        let mut games = self.inner.games.lock().expect("games lock");
        Ok(Some(games.entry(id.to_string()).or_insert(g).clone()))
    }

    /// The games in memory.
    fn games(&self) -> Vec<Arc<HostedGame>> {
        self.inner.games.lock().expect("games lock").values().cloned().collect()
    }

    /// Adds a new game to the games in memory (it is in the database already).
    fn insert(&self, game: Arc<HostedGame>) {
        self.inner.games.lock().expect("games lock").insert(game.id.clone(), game);
    }

    /// Lets go of `game` once it has ended (over or abandoned) and its end is stored and told:
    /// it is read from the database again when asked for. Call without its session locked.
    fn let_go_if_ended(&self, game: &HostedGame, status: cavalo_session::Status) {
        if status == cavalo_session::Status::Playing {
            return;
        }
        let mut games = self.inner.games.lock().expect("games lock");
        if games.get(&game.id).is_some_and(|g| std::ptr::eq(Arc::as_ptr(g), game)) {
            games.remove(&game.id);
        }
    }

    /// Forgets games deleted from the database: their searches stop and their watchers are told.
    fn forget(&self, ids: &[String]) {
        let mut games = self.inner.games.lock().expect("games lock");
        for id in ids {
            if let Some(g) = games.remove(id) {
                g.delete();
            }
        }
    }

    /// Applies the retention rules now.
    fn prune(&self, st: &Stores) {
        if self.inner.config.retention == Retention::default() || self.closed() {
            return;
        }
        match st.web().prune(self.inner.config.retention, now_ms()) {
            Ok(gone) => self.forget(&gone),
            Err(e) => eprintln!("cavalo serve: retention: {e}"),
        }
    }

    /// After a change that is stored: passes on the log's warnings, applies the retention rules
    /// when the game has just ended.
    fn changed(&self, st: &Stores, s: &mut Session) {
        for w in s.take_warnings() {
            eprintln!("cavalo serve: {w}");
        }
        if s.status() != cavalo_session::Status::Playing {
            self.prune(st);
        }
    }
}

/// The game `id` from the database, kept there from now on.
fn load(st: &Stores, config: &WebConfig, id: &str) -> Result<Arc<HostedGame>, StoreError> {
    let mut s = cavalo_session::Session::from(st.games().load(id)?);
    s.keep_in(st.games().clone());
    s.set_log(Some(config.data_dir.join("log.dat")));
    let seats = st.web().seats(id)?;
    Ok(Arc::new(HostedGame::new(s, seats)))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Runs `cavalo serve`: opens the data directory, binds `host:port`, prints the address to open,
/// and serves until Ctrl-C.
pub fn run(host: &str, port: u16, config: WebConfig) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        let app = App::open(config).map_err(std::io::Error::other)?;
        let ip = addrs::resolve(host)?;
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, port)).await?;
        let bound = listener.local_addr()?;
        app.bound_to(bound);
        app.resume();
        let lang = app.config().lang;
        for url in addrs::urls(bound) {
            println!(
                "{}",
                lang.tr_with(cavalo_session::key!("serve-start-url"), &[("url", url.to_string().into())])
            );
        }
        println!("{}", lang.tr(cavalo_session::key!("serve-start-stop")));
        let dir = display_dir(&app.config().db);
        println!("{}", lang.tr_with(cavalo_session::key!("serve-start-db"), &[("dir", dir.into())]));
        println!("{}", pool_line(app.inner.sched.engines(), app.config().hash_mib, lang));
        if let Some(a) = &app.config().arena {
            let args = [
                ("code", a.code.as_str().into()),
                ("games", cavalo_session::i18n::Arg::Count(a.concurrency as u64)),
                ("ms", cavalo_session::i18n::Arg::Count(a.time_ms)),
            ];
            println!("{}", lang.tr_with(cavalo_session::key!("serve-start-arena"), &args));
        }
        let closing = app.clone();
        server::serve(listener, app, async move {
            let _ = tokio::signal::ctrl_c().await;
            closing.close();
        })
        .await
    })
}

fn display_dir(p: &Path) -> String {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()).display().to_string()
}
