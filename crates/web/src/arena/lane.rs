//! The ladder's threads: each takes the next game the ladder wants ([`cavalo_arena::next_game`]),
//! shows it as one of the server's games, plays it with the referee — every move waiting for an
//! engine of the pool in the batch lane, then stored and told to the game's watchers as any
//! move — and keeps the referee's record. Blocking work all of it, on threads of the arena's own
//! (never the async runtime's), at the background priority of the searches; the database is
//! reached through the gate.

use std::net::{IpAddr, Ipv4Addr};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use cavalo_arena::play::{LEVEL_HASH_MIB, play};
use cavalo_arena::{Planned, Seat, Version};
use cavalo_engine::{PlayerKind, priority};
use cavalo_match::Watch;
use cavalo_rules::{Move, Rules, Side, Start};
use cavalo_session::{EngineConfig, GameConfig, PlayerConfig, Session};
use tokio::runtime::Handle;

use crate::App;
use crate::game::{HostedGame, stored_and_told};
use crate::gate::Stores;
use crate::sched::{Lane, Lease};

/// The client the arena's searches count as in the scheduler's turns.
const ARENA_CLIENT: IpAddr = IpAddr::V4(Ipv4Addr::UNSPECIFIED);

/// How long a thread with nothing to play waits before it looks again (it is woken sooner by an
/// upload or the end of a game).
const IDLE_LOOK: Duration = Duration::from_secs(30);

/// How long a thread waits after a game that could not be played (a folder not written, the
/// database failing) before it tries another.
const AFTER_FAILURE: Duration = Duration::from_secs(10);

/// A game started: its row, its plan, the versions it needs and the game that shows it.
struct Started {
    row: i64,
    planned: Planned,
    versions: Vec<Version>,
    game: Arc<HostedGame>,
}

/// Starts the arena's `concurrency` threads (inside the tokio runtime: they reach the gate
/// through `handle`).
pub(crate) fn start(app: &App) {
    let Some(arena) = app.inner.arena.as_ref() else { return };
    let handle = Handle::current();
    for n in 0..arena.config.concurrency {
        let (app, handle) = (app.clone(), handle.clone());
        let spawned = std::thread::Builder::new().name(format!("arena-{n}")).spawn(move || run(app, handle));
        if let Err(e) = spawned {
            eprintln!("cavalo serve: arena: cannot start a thread: {e}");
        }
    }
}

/// One thread of the ladder, until the server closes.
fn run(app: App, handle: Handle) {
    // Below the web's threads, like the searches; the programs it starts inherit it.
    priority::lower_this_thread(priority::BACKGROUND_NICE);
    let arena = app.inner.arena.clone().expect("the arena is on");
    while !app.closed() {
        let a = app.clone();
        match handle.block_on(app.store_background(move |st| begin_next(&a, st))) {
            Some(Ok(Some(started))) => {
                let failed = !play_one(&app, &handle, started);
                arena.wake();
                if failed {
                    arena.sleep(AFTER_FAILURE);
                }
            }
            Some(Ok(None)) => arena.sleep(IDLE_LOOK),
            Some(Err(e)) => {
                eprintln!("cavalo serve: arena: {e}");
                arena.sleep(AFTER_FAILURE);
            }
            None => arena.sleep(AFTER_FAILURE),
        }
    }
}

/// Chooses the next game and starts it: its game stored (not listed: the arena's page lists
/// it) and held in memory, its row noted. None when the ladder has nothing to play now.
fn begin_next(app: &App, st: &Stores) -> Result<Option<Started>, String> {
    let arena = app.inner.arena.as_ref().expect("the arena is on");
    let _planning = arena.planning.lock().unwrap_or_else(|p| p.into_inner());
    let current = st.arena().versions(false).map_err(|e| e.to_string())?;
    let games = st.arena().games().map_err(|e| e.to_string())?;
    let Some(planned) = cavalo_arena::next_game(&current, &games) else { return Ok(None) };
    let versions: Vec<Version> =
        current.into_iter().filter(|v| planned.seats().iter().any(|s| s.program() == Some(&v.id))).collect();
    let config = GameConfig {
        rules: Rules::default(),
        time_ms: arena.config.time_ms,
        players: [player(&planned.white, &versions), player(&planned.black, &versions)],
        ..GameConfig::new(Start::Seed(planned.seed))
    };
    let mut s = Session::new(config).map_err(|e| e.to_string())?;
    st.web().add_game(&s, &[], false).map_err(|e| e.to_string())?;
    s.keep_in(st.games().clone());
    let game = Arc::new(HostedGame::new(s, Vec::new()));
    let row = st.arena().begin(&planned, &game.id).map_err(|e| e.to_string())?;
    app.insert(game.clone());
    Ok(Some(Started { row, planned, versions, game }))
}

/// The player of `seat` in the game that shows it: the team's program by its team's name and
/// version, or our engine at its level.
fn player(seat: &Seat, versions: &[Version]) -> PlayerConfig {
    match seat {
        Seat::Level(level) => {
            let mut e = EngineConfig::new(PlayerKind::Cavalo);
            e.options.level = *level;
            e.options.hash_mib = LEVEL_HASH_MIB;
            PlayerConfig::Computer(e)
        }
        Seat::Program(id) => {
            let name = versions
                .iter()
                .find(|v| v.id == *id)
                .map_or_else(|| id.clone(), |v| format!("{} v{}", v.team, v.version));
            PlayerConfig::Program { name }
        }
    }
}

/// Plays a started game to its end and keeps its record; false when it could not be played
/// (the row is then forgotten, so that the ladder plays it again, and its game abandoned).
fn play_one(app: &App, handle: &Handle, started: Started) -> bool {
    let Started { row, planned, versions, game } = started;
    let refs: Vec<&Version> = versions.iter().collect();
    let time_ms = app.inner.arena.as_ref().expect("the arena is on").config.time_ms;
    let mut watch = Watcher { app, handle, game: &game, lease: None };
    let played = play(&planned, &refs, Rules::default(), time_ms, &mut watch);
    drop(watch);
    let (a, g) = (app.clone(), game.clone());
    let ok = match played {
        Ok(Some(record)) => handle
            .block_on(app.store_background(move |st| match st.arena().finish(row, &record) {
                Ok(()) => {
                    end(&a, st, &g);
                    true
                }
                Err(e) => {
                    eprintln!("cavalo serve: arena game {}: {e}", g.id);
                    false
                }
            }))
            .unwrap_or(false),
        // Stopped: the server closes (the game is played again when it opens), or a move could
        // not be stored.
        Ok(None) if app.closed() => return true,
        Ok(None) => false,
        Err(e) => {
            eprintln!("cavalo serve: arena game {}: {e}", game.id);
            false
        }
    };
    if !ok {
        let (a, g) = (app.clone(), game.clone());
        handle.block_on(app.store_background(move |st| {
            if let Err(e) = st.arena().forget(row) {
                eprintln!("cavalo serve: arena: {e}");
            }
            end(&a, st, &g);
        }));
    }
    ok
}

/// The game that showed an arena game is over: one lost by forfeit (or not played to its end)
/// is abandoned; it then leaves memory.
fn end(app: &App, st: &Stores, game: &HostedGame) {
    let mut s = game.lock();
    if s.status() == cavalo_session::Status::Playing
        && let Err(e) = s.abandon()
    {
        eprintln!("cavalo serve: arena game {}: {e}", game.id);
    }
    stored_and_told(app, st, game, s);
}

/// The referee's watcher: waits for an engine before each move, then stores and tells it.
struct Watcher<'a> {
    app: &'a App,
    handle: &'a Handle,
    game: &'a Arc<HostedGame>,
    /// The engine held while a player thinks.
    lease: Option<Lease>,
}

impl Watch for Watcher<'_> {
    fn before_move(&mut self, _side: Side) -> ControlFlow<()> {
        self.lease = None;
        if self.app.closed() {
            return ControlFlow::Break(());
        }
        match self.handle.block_on(self.app.inner.sched.acquire(ARENA_CLIENT, Lane::Batch)) {
            Some(lease) => {
                self.lease = Some(lease);
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(()),
        }
    }

    fn played(&mut self, mv: Move, took: Duration) -> ControlFlow<()> {
        self.lease = None;
        if self.app.closed() {
            return ControlFlow::Break(());
        }
        let (a, g) = (self.app.clone(), self.game.clone());
        let stored = self.handle.block_on(self.app.store_background(move |st| {
            let mut s = g.lock();
            match s.play_brought(mv, took) {
                Ok(_) => {
                    stored_and_told(&a, st, &g, s);
                    true
                }
                Err(e) => {
                    eprintln!("cavalo serve: arena game {}: {e}", g.id);
                    s.set_problem(Some(&e));
                    false
                }
            }
        }));
        if stored == Some(true) { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
    }
}
