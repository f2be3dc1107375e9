//! # cavalo-web
//!
//! `cavalo serve`: play *Jogo do Cavalo* in the browser. An HTTP server (axum on tokio) keeps the
//! games, drives the computer's turns in the background, streams the engine's thinking with
//! server-sent events, and serves an embedded page (plain HTML, CSS and JavaScript modules).
//!
//! Every game is a [`cavalo_session::Session`]; the server only carries the session's answers to
//! the page and the page's choices to the session. Games are saved to the data directory after
//! every move (atomically), so a restarted server resumes them.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let app = cavalo_web::App::open(cavalo_web::WebConfig::new("cavalo-data"))?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app.router()).await
//! # }
//! ```
#![warn(missing_docs)]

mod api;
mod assets;
mod engines;
mod game;
mod lang;
mod sched;
mod server;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::game::Game;
use crate::sched::Scheduler;
use cavalo_session::Session;
use cavalo_session::store::SessionDir;

pub use crate::engines::pool_line;
pub use crate::server::{LimitError, Limits};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// Where games are kept: `sessions/<id>.json` (the live games), `games/<id>.json` (the records
    /// of finished games) and `log.dat` (the course's log, appended by every game).
    pub data_dir: PathBuf,
    /// How many engines the server has (each with a table of `hash_mib`): that many searches
    /// (computer moves and hints) run at once; the others wait their turn (see the scheduler's
    /// policy in the technical manual).
    pub max_searches: usize,
    /// The longest time per move a game may ask for, in milliseconds.
    pub max_time_ms: u64,
    /// Transposition table size of each engine of the pool, in MiB: search memory is bounded by
    /// `max_searches × hash_mib`.
    pub hash_mib: usize,
    /// How many games the server keeps; creating more is refused.
    pub max_games: usize,
    /// The rule variant of a new game that names none (the page's default).
    pub default_rules: cavalo_rules::Rules,
    /// Connections, timeouts, body size, event streams, computer-vs-computer games per client.
    pub limits: Limits,
}

impl WebConfig {
    /// Defaults: 2 searches at once, at most 10 s per move, 16 MiB tables, 10 000 games, the
    /// canonical rules.
    pub fn new(data_dir: impl Into<PathBuf>) -> WebConfig {
        WebConfig {
            data_dir: data_dir.into(),
            max_searches: 2,
            max_time_ms: 10_000,
            hash_mib: 16,
            max_games: 10_000,
            default_rules: cavalo_rules::Rules::default(),
            limits: Limits::default(),
        }
    }
}

/// The server's state: the games and the search pool. Cheap to clone.
#[derive(Clone)]
pub struct App {
    inner: Arc<Inner>,
}

struct Inner {
    config: WebConfig,
    store: SessionDir,
    games: Mutex<HashMap<String, Arc<Game>>>,
    sched: Arc<Scheduler>,
    streams: server::Streams,
    closed: AtomicBool,
    shutdown: tokio::sync::watch::Sender<bool>,
}

impl App {
    /// Opens the data directory (created if missing) and loads every saved game; computer turns
    /// resume once the app runs inside a tokio runtime (see [`App::resume`]).
    pub fn open(config: WebConfig) -> std::io::Result<App> {
        let store = SessionDir::open(config.data_dir.join("sessions"))?;
        let (sessions, skipped) = store.load_all()?;
        for e in skipped {
            eprintln!("cavalo serve: skipping {e}");
        }
        let games: HashMap<String, Arc<Game>> =
            sessions.into_iter().map(|s| (s.id().to_string(), Arc::new(Game::new(s)))).collect();
        let sched = Scheduler::new(config.max_searches, config.hash_mib);
        Ok(App {
            inner: Arc::new(Inner {
                config,
                store,
                games: Mutex::new(games),
                sched,
                streams: server::Streams::default(),
                closed: AtomicBool::new(false),
                shutdown: tokio::sync::watch::channel(false).0,
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

    /// The routes: the page at `/`, the API under `/api`.
    pub fn router(&self) -> axum::Router {
        api::router(self.clone())
    }

    /// Starts the background drivers of every game whose turn is the computer's (call inside a
    /// tokio runtime; [`App::spawn`] does it).
    pub fn resume(&self) {
        let games: Vec<Arc<Game>> = self.inner.games.lock().expect("games lock").values().cloned().collect();
        for g in games {
            game::kick(self, &g);
        }
    }

    /// Stops every search and every driver; the app then refuses requests. Games stay saved.
    pub fn close(&self) {
        self.inner.closed.store(true, Ordering::SeqCst);
        self.inner.shutdown.send_replace(true);
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

    fn game(&self, id: &str) -> Option<Arc<Game>> {
        self.inner.games.lock().expect("games lock").get(id).cloned()
    }

    fn games(&self) -> Vec<Arc<Game>> {
        self.inner.games.lock().expect("games lock").values().cloned().collect()
    }

    /// Adds a game; refused (with the limit) when the server keeps as many as it may.
    fn insert(&self, game: Arc<Game>) -> Result<(), usize> {
        let mut games = self.inner.games.lock().expect("games lock");
        if games.len() >= self.inner.config.max_games {
            return Err(self.inner.config.max_games);
        }
        games.insert(game.id.clone(), game);
        Ok(())
    }

    /// Saves a session: `sessions/<id>.json`, and the record in `games/` once it is finished.
    fn save(&self, s: &mut Session) {
        if self.closed() {
            return;
        }
        if let Err(e) = self.inner.store.save(s) {
            eprintln!("cavalo serve: could not save game {}: {e}", s.id());
        }
        if s.status() != cavalo_session::Status::Playing
            && let Err(e) = s.save_record()
        {
            eprintln!("cavalo serve: {e}");
        }
        for w in s.take_warnings() {
            eprintln!("cavalo serve: {w}");
        }
    }
}

/// Runs `cavalo serve`: opens the data directory, binds `host:port`, prints the address to open,
/// and serves until Ctrl-C.
pub fn run(host: &str, port: u16, config: WebConfig) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        let app = App::open(config)?;
        let ip: std::net::IpAddr = host.parse().map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("`{host}` is not an IP address"))
        })?;
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, port)).await?;
        let bound = listener.local_addr()?;
        app.resume();
        let shown =
            if ip.is_unspecified() { format!("127.0.0.1:{}", bound.port()) } else { bound.to_string() };
        println!("Cavalo is being served at http://{shown}/ (open it in a browser; Ctrl-C stops)");
        println!("Games are kept in {}", display_dir(&app.config().data_dir));
        println!("{}", pool_line(app.inner.sched.engines(), app.config().hash_mib));
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
