//! One game on the server: its session, its event channel, its live search, and the background
//! driver that plays the computer's turns and the forced plies.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use cavalo_engine::SearchInfo;
use cavalo_rules::{Move, Side};
use cavalo_session::present::{Words, error_words};
use cavalo_session::store::db::web::SeatView;
use cavalo_session::{Advance, Priority, SearchEvent, Session, SessionError, ThinkJob, Turn, spawn_search};
use tokio::sync::broadcast;

use crate::App;
use crate::offload;
use crate::sched::Lane;
use crate::wire::{self, GameState, LiveView, WireEvent};
use cavalo_session::situation::Situation;

/// What the event stream carries: events already as JSON text, one payload for every watcher.
#[derive(Clone, Debug)]
pub(crate) enum Event {
    /// An event of [`WireEvent`]: its SSE name and its JSON.
    Wire(&'static str, Arc<str>),
    /// The game was deleted: the stream ends.
    Deleted,
}

impl Event {
    fn of(ev: &WireEvent) -> Event {
        Event::Wire(ev.name(), serde_json::to_string(ev).unwrap_or_else(|_| "null".into()).into())
    }
}

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

pub(crate) struct Game {
    pub id: String,
    /// Who created the game (the peer's address; unspecified for games loaded from disk): the
    /// scheduler's turns and the per-client caps count by it.
    pub client: IpAddr,
    session: Mutex<Session>,
    events: broadcast::Sender<Event>,
    live: Mutex<Option<Live>>,
    stop: Mutex<Arc<AtomicBool>>,
    driving: AtomicBool,
    /// Grows by one with every event that changes the game, so that a page can drop answers
    /// older than what it shows and notice an event it missed.
    version: AtomicU64,
    /// The moves the watchers were last told of: a change is told as the plies taken back and
    /// played since.
    told: Mutex<Vec<Move>>,
    /// The seats as anyone may see them (no secret).
    seats: Mutex<Vec<SeatView>>,
    /// Deleted from the database: nothing more is played or stored.
    deleted: AtomicBool,
    /// A computer-against-computer game (its searches wait in the scheduler's batch lane).
    computers_only: bool,
    /// Why the computer's last move could not be stored (shown to everyone until a change is).
    problem: Mutex<Option<Words>>,
    /// A hint is being searched (see [`crate::limits::HintPlace`]).
    pub hinting: AtomicBool,
    /// When a report of the live search was last told (ms since the epoch).
    live_told: AtomicI64,
    /// When the game last changed or a seat asked for a hint, in ms since the epoch (from when
    /// it was created or loaded): an unfinished game untouched too long is closed (see
    /// [`crate::idle`]).
    touched: AtomicI64,
}

impl Game {
    /// A game loaded from the database (no known client).
    pub fn new(s: Session, seats: Vec<SeatView>) -> Game {
        Game::owned_by(s, seats, IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    /// A game created by `client`. Its searches borrow an engine from the server's pool.
    pub fn owned_by(s: Session, seats: Vec<SeatView>, client: IpAddr) -> Game {
        let (events, _) = broadcast::channel(64);
        let told = s.plies().iter().map(|p| p.mv).collect();
        let computers_only = s.mode() == cavalo_session::Mode::ComputerComputer;
        Game {
            id: s.id().to_string(),
            client,
            session: Mutex::new(s),
            events,
            live: Mutex::new(None),
            stop: Mutex::new(Arc::new(AtomicBool::new(false))),
            driving: AtomicBool::new(false),
            // From the time it was loaded (ms since the epoch): a game read again from the
            // database goes on past any version a page saw of it before.
            version: AtomicU64::new(crate::now_ms().max(1) as u64),
            told: Mutex::new(told),
            seats: Mutex::new(seats),
            deleted: AtomicBool::new(false),
            computers_only,
            problem: Mutex::new(None),
            hinting: AtomicBool::new(false),
            live_told: AtomicI64::new(0),
            touched: AtomicI64::new(crate::now_ms()),
        }
    }

    /// Records (or clears) why the game cannot go on, and tells the watchers when that changed.
    /// Call with the session locked.
    fn set_problem(&self, _s: &Session, problem: Option<&SessionError>) {
        let words = problem.map(error_words);
        let mut held = self.problem.lock().expect("problem lock");
        if *held != words {
            *held = words.clone();
            self.emit(|version| WireEvent::Problem { version, problem: words });
        }
    }

    /// The seats (who may play which side), as anyone may see them.
    pub fn seats(&self) -> Vec<SeatView> {
        self.seats.lock().expect("seats lock").clone()
    }

    /// Replaces the seats' view after an invitation or a claim, and tells the watchers. Call with
    /// the session locked.
    pub fn set_seats(&self, _s: &Session, seats: Vec<SeatView>) {
        let view = wire::seats(&seats);
        *self.seats.lock().expect("seats lock") = seats;
        self.emit(|version| WireEvent::Seats { version, seats: view });
    }

    /// Marks the game deleted: its search stops, its watchers' streams end.
    pub fn delete(&self) {
        self.deleted.store(true, Ordering::SeqCst);
        self.stop_search();
        let _ = self.events.send(Event::Deleted);
    }

    pub fn is_deleted(&self) -> bool {
        self.deleted.load(Ordering::SeqCst)
    }

    pub fn lock(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// The game's version now (see [`GameState::version`]).
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    /// Raises the stop flag of the search under way, if any.
    pub fn stop_search(&self) {
        self.stop.lock().expect("stop lock").store(true, Ordering::SeqCst);
    }

    fn new_stop(&self) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        *self.stop.lock().expect("stop lock") = stop.clone();
        stop
    }

    /// The live search, if any, as the page shows it.
    pub fn live_view(&self) -> Option<LiveView> {
        self.live.lock().expect("live lock").as_ref().map(Live::view)
    }

    fn set_live(&self, live: Option<Live>) {
        *self.live.lock().expect("live lock") = live;
        self.publish_live();
    }

    fn update_live(&self, f: impl FnOnce(&mut Live)) {
        if let Some(l) = self.live.lock().expect("live lock").as_mut() {
            f(l);
        }
        self.publish_live();
    }

    /// A new report of the search under way: told at most every [`LIVE_EVERY_MS`] (a fast
    /// search reports many iterations a second; a page needs a few).
    fn report_live(&self, info: SearchInfo) {
        if let Some(l) = self.live.lock().expect("live lock").as_mut() {
            l.info = Some(info);
        }
        let now = crate::now_ms();
        let last = self.live_told.load(Ordering::SeqCst);
        if now - last >= LIVE_EVERY_MS
            && self.live_told.compare_exchange(last, now, Ordering::SeqCst, Ordering::SeqCst).is_ok()
        {
            self.publish_live();
        }
    }

    fn publish_live(&self) {
        let _ = self.events.send(Event::of(&WireEvent::Thinking(self.live_view())));
    }

    /// Notes that the game is in use now (see [`Game::touched_ms`]).
    pub fn touch(&self) {
        self.touched.store(crate::now_ms(), Ordering::SeqCst);
    }

    /// When the game last changed (every event of a new version) or was otherwise used, in ms
    /// since the epoch.
    pub fn touched_ms(&self) -> i64 {
        self.touched.load(Ordering::SeqCst)
    }

    /// The event `make` builds for the next version, sent to every watcher (the game is touched).
    fn emit(&self, make: impl FnOnce(u64) -> WireEvent) {
        self.touch();
        let version = self.version.fetch_add(1, Ordering::SeqCst) + 1;
        let _ = self.events.send(Event::of(&make(version)));
    }

    /// Tells every watcher what changed since they were last told: a ply played, plies taken
    /// back, or the status (the whole state when several things changed at once).
    /// Call with the session locked, after every change.
    pub fn publish(&self, s: &Session) {
        let mut told = self.told.lock().expect("told lock");
        let moves: Vec<Move> = s.plies().iter().map(|p| p.mv).collect();
        let kept = told.iter().zip(&moves).take_while(|(a, b)| a == b).count();
        let (undone, played) = (told.len() - kept, moves.len() - kept);
        *told = moves;
        match (undone, played) {
            (0, 1) => {
                let positions = s.positions();
                let ply = wire::ply_view(s, kept, &positions[kept], &positions[kept + 1]);
                let announcements = wire::said_since(s, kept);
                let now = Box::new(Situation::of(s));
                self.emit(|version| WireEvent::Ply { version, ply: Box::new(ply), announcements, now });
            }
            (0, 0) => {
                let announcements = wire::said_since(s, kept);
                let now = Box::new(Situation::of(s));
                self.emit(|version| WireEvent::Status { version, announcements, now });
            }
            (count, 0) => {
                let now = Box::new(Situation::of(s));
                self.emit(|version| WireEvent::Undone { version, count, now });
            }
            _ => self.emit(|version| {
                let mut st = self.state(s, None);
                st.version = version;
                WireEvent::State(Box::new(st))
            }),
        }
    }

    /// The whole state, with the announcements from ply `since` on (by default, from the last
    /// move a human chose). Call with the session locked.
    pub fn state(&self, s: &Session, since: Option<usize>) -> GameState {
        let config = s.config();
        GameState {
            id: s.id().to_string(),
            version: self.version(),
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
            thinking: self.live_view(),
            seats: wire::seats(&self.seats()),
            problem: self.problem.lock().expect("problem lock").clone(),
        }
    }
}

/// Where the default announcements start: the last ply a human chose, when it is the last ply;
/// else the plies after it (what the others did since).
fn default_since(s: &Session) -> usize {
    let plies = s.plies();
    match plies.iter().rposition(|p| p.by == cavalo_session::Actor::Human && !p.forced) {
        Some(i) if i + 1 == plies.len() => i,
        Some(i) => i + 1,
        None => 0,
    }
}

/// Starts the game's driver if it is not running: it plays forced plies and computer moves until
/// a human is to move or the game ends.
pub(crate) fn kick(app: &App, game: &Arc<Game>) {
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
/// Everything that stores a ply (SQLite, log.dat) runs on a blocking thread (see
/// [`crate::offload`]); only the wait for the search stays on the async runtime.
async fn drive(app: App, game: Arc<Game>) {
    loop {
        if app.closed() || game.is_deleted() {
            game.driving.store(false, Ordering::SeqCst);
            return;
        }
        let (a, g) = (app.clone(), game.clone());
        let Some(step) = offload::background(move || next_step(&a, &g)).await else {
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
                let stored = offload::background(move || store_move(&a, &g, thought)).await;
                if stored != Some(true) {
                    tokio::time::sleep(RETRY_AFTER).await;
                }
            }
        }
    }
}

/// After a ply the driver played was stored: the server notes the change, the problem (if any)
/// is cleared, the watchers are told, and an ended game leaves memory.
fn stored_and_told(app: &App, game: &Game, mut s: MutexGuard<'_, Session>) {
    app.changed(&mut s);
    game.set_problem(&s, None);
    game.publish(&s);
    let status = s.status();
    drop(s);
    app.let_go_if_ended(game, status);
}

/// One look at the game (on a blocking thread): plays a forced ply, or says what comes next.
fn next_step(app: &App, game: &Game) -> Step {
    let mut s = game.lock();
    match s.advance() {
        Ok(Advance::Played) => {
            stored_and_told(app, game, s);
            Step::Again
        }
        Ok(Advance::Think(job)) => Step::Think(job, s.config().time_ms),
        Ok(Advance::Human | Advance::Ended) => Step::Idle,
        Err(e) if matches!(s.turn(), Turn::Forced { .. }) => {
            eprintln!("cavalo serve: game {}: {e}", game.id);
            game.set_problem(&s, Some(&e));
            Step::Retry
        }
        Err(_) => Step::Idle,
    }
}

/// Stores the computer's move (on a blocking thread) and tells the watchers; false when it could
/// not be stored (disk full, read-only, locked): the game does not advance, everyone watching is
/// told, and the driver tries again a little later.
fn store_move(app: &App, game: &Game, thought: cavalo_session::Thought) -> bool {
    let mut s = game.lock();
    match s.finish(thought) {
        Ok(_) => {
            stored_and_told(app, game, s);
            true
        }
        Err(SessionError::Stale) => true,
        Err(e) => {
            eprintln!("cavalo serve: game {}: {e}", game.id);
            game.set_problem(&s, Some(&e));
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
    game: &Arc<Game>,
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
struct ClearLive(Arc<Game>);

impl Drop for ClearLive {
    fn drop(&mut self) {
        self.0.set_live(None);
    }
}
