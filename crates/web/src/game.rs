//! One game on the server: its session, its event channel, its live search, and the background
//! driver that plays the computer's turns and the forced plies.

use std::net::{IpAddr, Ipv4Addr};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use cavalo_engine::SearchInfo;
use cavalo_rules::Side;
use cavalo_session::present::{Words, error_words};
use cavalo_session::{Advance, Priority, SearchEvent, Session, SessionError, ThinkJob, Turn, spawn_search};
use tokio::sync::broadcast;

use crate::App;
use crate::gate::Stores;
use crate::herald::{Broadcast, Event, Herald, Told};
use crate::offload;
use crate::sched::Lane;
use crate::store::SeatView;
use crate::wire::{self, GameState, LiveView, ProblemEvent, SeatsEvent, WireEvent};
use cavalo_session::situation::Situation;

/// The shortest time between two reports of a live search told to the watchers, in ms.
const LIVE_EVERY_MS: i64 = 100;

/// A search under way (or waiting for a place in the pool).
#[derive(Clone, Debug)]
pub(crate) struct Live {
    side: Side,
    player: String,
    hint: bool,
    queued: bool,
    info: Option<SearchInfo>,
}

impl Live {
    fn view(&self) -> LiveView {
        LiveView {
            side: self.side,
            player: self.player.clone(),
            hint: self.hint,
            queued: self.queued,
            info: self.info.clone(),
        }
    }
}

/// The game's search: what the page shows of it, when that was last told, and its stop flag.
#[derive(Default)]
struct Thinking {
    live: Mutex<Option<Live>>,
    /// When a report was last told (ms since the epoch).
    told: AtomicI64,
    stop: Mutex<Arc<AtomicBool>>,
}

/// What the game's one lock holds: the session (whose broadcaster moves the version), the seats
/// and why the game cannot go on.
struct Table {
    session: Session,
    /// The seats as anyone may see them (no secret).
    seats: Vec<SeatView>,
    /// Why the computer's last move could not be stored (shown to everyone until a change is).
    problem: Option<Words>,
}

/// The game's lock, held: the session (through `Deref`), and the changes that need the lock (the
/// seats, the problem, the state as a page loads it). Holding one proves the lock is held.
pub(crate) struct Held<'a> {
    game: &'a HostedGame,
    table: MutexGuard<'a, Table>,
}

impl Deref for Held<'_> {
    type Target = Session;

    fn deref(&self) -> &Session {
        &self.table.session
    }
}

impl DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.table.session
    }
}

impl Held<'_> {
    /// Records (or clears) why the game cannot go on, and tells the watchers when that changed.
    pub fn set_problem(&mut self, problem: Option<&SessionError>) {
        let words = problem.map(error_words);
        if self.table.problem != words {
            self.table.problem = words.clone();
            self.game.herald.emit(|version| WireEvent::Problem(ProblemEvent { version, problem: words }));
        }
    }

    /// Replaces the seats' view after an invitation or a claim, and tells the watchers.
    pub fn set_seats(&mut self, seats: Vec<SeatView>) {
        let view = wire::seats(&seats);
        self.table.seats = seats;
        self.game.herald.emit(|version| WireEvent::Seats(SeatsEvent { version, seats: view }));
    }

    /// The events told after `version` (a change's answer: what the change told the watchers).
    pub fn told_since(&self, version: u64) -> Vec<Told> {
        self.game.herald.since(version).unwrap_or_default()
    }

    /// The whole state, with the announcements from ply `since` on (by default, from the last
    /// move a human chose).
    pub fn state(&self, since: Option<usize>) -> GameState {
        let s = &self.table.session;
        let config = s.config();
        GameState {
            id: s.id().to_string(),
            version: self.game.version(),
            date: s.date().to_string(),
            mode: s.mode().name(),
            rules: config.rules,
            doubles: (0u8..100).filter(|&v| config.rules.is_double(v)).collect(),
            start: config.start_text(),
            time_ms: config.time_ms,
            players: wire::players(s),
            cells: wire::cells(s.initial_position()),
            plies: wire::plies(s),
            position: s.position().to_string(),
            lisp: s.position().to_lisp(),
            announcements: wire::said_since(s, since.unwrap_or_else(|| default_since(s))),
            now: Situation::of(s),
            thinking: self.game.live_view(),
            seats: wire::seats(&self.table.seats),
            problem: self.table.problem.clone(),
        }
    }
}

/// One game on the server.
pub(crate) struct HostedGame {
    pub id: String,
    /// Who created the game (the peer's address; unspecified for games loaded from disk): the
    /// scheduler's turns and the per-client caps count by it.
    pub client: IpAddr,
    table: Mutex<Table>,
    /// The event channel and the version, shared with the session's broadcaster.
    herald: Arc<Herald>,
    thinking: Thinking,
    driving: AtomicBool,
    /// Deleted from the database: nothing more is played or stored.
    deleted: AtomicBool,
    /// A computer-against-computer game (its searches wait in the scheduler's batch lane).
    computers_only: bool,
    /// A hint is being searched (see [`crate::limits::HintPlace`]).
    pub hinting: AtomicBool,
}

impl HostedGame {
    /// A game loaded from the database (no known client).
    pub fn new(s: Session, seats: Vec<SeatView>) -> HostedGame {
        HostedGame::owned_by(s, seats, IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    /// A game created by `client`. Its searches borrow an engine from the server's pool; its
    /// committed events are told to its watchers by a broadcaster registered after its stores.
    pub fn owned_by(mut session: Session, seats: Vec<SeatView>, client: IpAddr) -> HostedGame {
        // From the time it was loaded (ms since the epoch): a game read again from the
        // database goes on past any version a page saw of it before.
        let herald = Herald::new(crate::now_ms().max(1) as u64);
        session.add_sink(Box::new(Broadcast(herald.clone())), false).expect("telling nothing cannot fail");
        let computers_only = session.mode() == cavalo_session::Mode::ComputerComputer;
        HostedGame {
            id: session.id().to_string(),
            client,
            table: Mutex::new(Table { session, seats, problem: None }),
            herald,
            thinking: Thinking::default(),
            driving: AtomicBool::new(false),
            deleted: AtomicBool::new(false),
            computers_only,
            hinting: AtomicBool::new(false),
        }
    }

    /// Marks the game deleted: its search stops, its watchers' streams end.
    pub fn delete(&self) {
        self.deleted.store(true, Ordering::SeqCst);
        self.stop_search();
        self.herald.deleted();
    }

    pub fn is_deleted(&self) -> bool {
        self.deleted.load(Ordering::SeqCst)
    }

    /// The game's lock (see [`Held`]).
    pub fn lock(&self) -> Held<'_> {
        Held { game: self, table: self.table.lock().unwrap_or_else(|e| e.into_inner()) }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.herald.subscribe()
    }

    /// The game's version now (see [`GameState::version`]).
    pub fn version(&self) -> u64 {
        self.herald.version()
    }

    /// The events told after `version`; `None` when they are no longer all at hand.
    pub fn told_since(&self, version: u64) -> Option<Vec<Told>> {
        self.herald.since(version)
    }

    /// Raises the stop flag of the search under way, if any.
    pub fn stop_search(&self) {
        self.thinking.stop.lock().expect("stop lock").store(true, Ordering::SeqCst);
    }

    fn new_stop(&self) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        *self.thinking.stop.lock().expect("stop lock") = stop.clone();
        stop
    }

    /// The live search, if any, as the page shows it.
    pub fn live_view(&self) -> Option<LiveView> {
        self.thinking.live.lock().expect("live lock").as_ref().map(Live::view)
    }

    fn set_live(&self, live: Option<Live>) {
        *self.thinking.live.lock().expect("live lock") = live;
        self.publish_live();
    }

    fn update_live(&self, f: impl FnOnce(&mut Live)) {
        if let Some(l) = self.thinking.live.lock().expect("live lock").as_mut() {
            f(l);
        }
        self.publish_live();
    }

    /// A new report of the search under way: told at most every [`LIVE_EVERY_MS`] (a fast
    /// search reports many iterations a second; a page needs a few).
    fn report_live(&self, info: SearchInfo) {
        if let Some(l) = self.thinking.live.lock().expect("live lock").as_mut() {
            l.info = Some(info);
        }
        let now = crate::now_ms();
        let last = self.thinking.told.load(Ordering::SeqCst);
        if now - last >= LIVE_EVERY_MS
            && self.thinking.told.compare_exchange(last, now, Ordering::SeqCst, Ordering::SeqCst).is_ok()
        {
            self.publish_live();
        }
    }

    fn publish_live(&self) {
        self.herald.live(self.live_view().as_ref());
    }

    /// Notes that the game is in use now (see [`HostedGame::touched_ms`]).
    pub fn touch(&self) {
        self.herald.touch();
    }

    /// When the game last changed (every event of a new version) or was otherwise used, in ms
    /// since the epoch.
    pub fn touched_ms(&self) -> i64 {
        self.herald.touched_ms()
    }
}

/// Where the default announcements start: the last ply a human chose, when it is the last ply;
/// else the plies after it (what the others did since).
fn default_since(s: &cavalo_session::Game) -> usize {
    let plies = s.plies();
    match plies.iter().rposition(|p| p.by == cavalo_session::Actor::Human && !p.forced) {
        Some(i) if i + 1 == plies.len() => i,
        Some(i) => i + 1,
        None => 0,
    }
}

/// Starts the game's driver if it is not running: it plays forced plies and computer moves until
/// a human is to move or the game ends.
pub(crate) fn kick(app: &App, game: &Arc<HostedGame>) {
    if app.closed() || game.driving.swap(true, Ordering::SeqCst) {
        return;
    }
    let (app, game) = (app.clone(), game.clone());
    tokio::spawn(async move { drive(app, game).await });
}

/// How long a driver waits before trying again a move it could not store.
const RETRY_AFTER: Duration = Duration::from_secs(5);

enum Step {
    Again,
    /// A ply could not be stored: try again a little later.
    Retry,
    /// The computer is to move: search (with this time per move).
    Think(Box<ThinkJob>, u64),
    Idle,
}

/// The driver: plays forced plies and computer moves until a human is to move or the game ends.
/// Everything that stores a ply (SQLite, log.dat) runs on a blocking thread, through the
/// database's gate (see [`crate::gate`]); only the wait for the search stays on the async runtime.
async fn drive(app: App, game: Arc<HostedGame>) {
    loop {
        if app.closed() || game.is_deleted() {
            game.driving.store(false, Ordering::SeqCst);
            return;
        }
        let (a, g) = (app.clone(), game.clone());
        let Some(step) = app.store_background(move |st| next_step(&a, st, &g)).await else {
            game.driving.store(false, Ordering::SeqCst);
            return;
        };
        match step {
            Step::Again => continue,
            Step::Retry => tokio::time::sleep(RETRY_AFTER).await,
            Step::Idle => {
                game.driving.store(false, Ordering::SeqCst);
                // A move may have arrived between the look and the flag: look again.
                let g = game.clone();
                let busy = offload::background(move || {
                    matches!(g.lock().turn(), Turn::Forced { .. } | Turn::Computer(_))
                })
                .await
                .unwrap_or(false);
                if busy && !app.closed() && !game.driving.swap(true, Ordering::SeqCst) {
                    continue;
                }
                return;
            }
            Step::Think(job, time_ms) => {
                let thought = run_search(&app, &game, *job, time_ms).await;
                let Some(thought) = thought else {
                    game.driving.store(false, Ordering::SeqCst);
                    return;
                };
                // A closed app (another may own the database now) or a deleted game stores nothing.
                if app.closed() || game.is_deleted() {
                    game.driving.store(false, Ordering::SeqCst);
                    return;
                }
                let (a, g) = (app.clone(), game.clone());
                let stored = app.store_background(move |st| store_move(&a, st, &g, thought)).await;
                if stored != Some(true) {
                    tokio::time::sleep(RETRY_AFTER).await;
                }
            }
        }
    }
}

/// After a ply the driver played was stored: the server notes the change, the problem (if any)
/// is cleared, the watchers are told, and an ended game leaves memory.
pub(crate) fn stored_and_told(app: &App, st: &Stores, game: &HostedGame, mut s: Held<'_>) {
    app.changed(st, &mut s);
    s.set_problem(None);
    let status = s.status();
    drop(s);
    app.let_go_if_ended(game, status);
}

/// One look at the game (on a blocking thread): plays a forced ply, or says what comes next.
fn next_step(app: &App, st: &Stores, game: &HostedGame) -> Step {
    let mut s = game.lock();
    match s.advance() {
        Ok(Advance::Played) => {
            stored_and_told(app, st, game, s);
            Step::Again
        }
        Ok(Advance::Think(job)) => Step::Think(job, s.config().time_ms),
        Ok(Advance::Human | Advance::Program | Advance::Ended) => Step::Idle,
        Err(e) if matches!(s.turn(), Turn::Forced { .. }) => {
            eprintln!("cavalo serve: game {}: {e}", game.id);
            s.set_problem(Some(&e));
            Step::Retry
        }
        Err(_) => Step::Idle,
    }
}

/// Stores the computer's move (on a blocking thread) and tells the watchers; false when it could
/// not be stored (disk full, read-only, locked): the game does not advance, everyone watching is
/// told, and the driver tries again a little later.
fn store_move(app: &App, st: &Stores, game: &HostedGame, thought: cavalo_session::Thought) -> bool {
    let mut s = game.lock();
    match s.finish(thought) {
        Ok(_) => {
            stored_and_told(app, st, game, s);
            true
        }
        Err(SessionError::Stale) => true,
        Err(e) => {
            eprintln!("cavalo serve: game {}: {e}", game.id);
            s.set_problem(Some(&e));
            false
        }
    }
}

/// Runs a search on an engine of the pool: waits for the scheduler to lend one (see
/// [`crate::sched`] for the order), then searches on a thread of its own, streaming the live
/// statistics; a watchdog stops it past its time limit. The engine goes back to the pool as soon
/// as the search ends, even when nobody waits for the answer any more. `None` when the app closed
/// or the thread failed.
pub(crate) async fn run_search(
    app: &App,
    game: &Arc<HostedGame>,
    mut job: ThinkJob,
    time_ms: u64,
) -> Option<cavalo_session::Thought> {
    let stop = game.new_stop();
    game.set_live(Some(Live {
        side: job.side(),
        player: job.player_name(),
        hint: job.is_hint(),
        queued: true,
        info: None,
    }));
    let lane = if !job.is_hint() && game.computers_only { Lane::Batch } else { Lane::Interactive };
    // The live display is cleared however this ends, also when the caller stops waiting (a hint
    // whose request was dropped).
    let _clear = ClearLive(game.clone());
    let mut lease = app.inner.sched.acquire(game.client, lane).await?;
    lease.slot().lend(&game.id, &mut job);
    let mut lease = Some(lease);
    game.update_live(|l| l.queued = false);
    let watchdog = {
        let stop = stop.clone();
        let cap = time_ms.min(app.config().max_time_ms) + 1000;
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(cap)).await;
            stop.store(true, Ordering::SeqCst);
        })
    };
    let g = game.clone();
    let (done_tx, done_rx) = tokio::sync::oneshot::channel();
    let mut done_tx = Some(done_tx);
    // The session's driver runs the search on its own thread; its events come back here.
    // Below the web's threads: searches share the cores without delaying any answer.
    spawn_search(job, stop, Priority::Background, move |event| match event {
        SearchEvent::Info(info) => g.report_live(info),
        SearchEvent::Done(mut thought) => {
            if let Some(mut lease) = lease.take() {
                lease.slot().take_back(&mut thought);
            }
            if let Some(tx) = done_tx.take() {
                let _ = tx.send(*thought);
            }
        }
    });
    let result = done_rx.await;
    watchdog.abort();
    match result {
        Ok(t) => Some(t),
        Err(_) => {
            eprintln!("cavalo serve: game {}: the search thread failed", game.id);
            None
        }
    }
}

/// Clears a game's live search display when dropped.
struct ClearLive(Arc<HostedGame>);

impl Drop for ClearLive {
    fn drop(&mut self) {
        self.0.set_live(None);
    }
}
