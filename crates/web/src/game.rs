//! One game on the server: its session, its event channel, its live search, and the background
//! driver that plays the computer's turns and the forced plies.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use cavalo_engine::SearchInfo;
use cavalo_rules::{CellState, Position, Side};
use cavalo_session::i18n::Lang;
use cavalo_session::present::{self, GameResult};
use cavalo_session::store::db::web::SeatView;
use cavalo_session::{
    Actor, MoveChoice, SearchEvent, Session, SessionError, ThinkJob, Turn, interpret_move, spawn_search,
};
use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::App;
use crate::sched::Lane;

/// What the event stream carries, already as JSON text.
#[derive(Clone, Debug)]
pub(crate) enum Event {
    /// The whole game state (after a move, an undo, a quit), in each language ([`lang_index`]).
    State([Arc<str>; 2]),
    /// The live search (or its absence: `null`).
    Thinking(Arc<str>),
    /// The game was deleted: the stream ends.
    Deleted,
}

/// A search under way (or waiting for a place in the pool).
#[derive(Clone, Debug)]
pub(crate) struct Live {
    side: Side,
    player: String,
    hint: bool,
    queued: bool,
    started: Instant,
    info: Option<SearchInfo>,
}

impl Live {
    fn to_json(&self) -> Value {
        json!({
            "side": self.side,
            "player": self.player,
            "hint": self.hint,
            "queued": self.queued,
            "elapsed_ms": self.started.elapsed().as_millis() as u64,
            "info": self.info,
        })
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
    /// Grows with every change of the game, so that a page can drop answers older than what it shows.
    version: AtomicU64,
    /// The seats as anyone may see them (no secret).
    seats: Mutex<Vec<SeatView>>,
    /// Deleted from the database: nothing more is played or stored.
    deleted: AtomicBool,
    /// Why the computer's last move could not be stored (shown to everyone until a change is).
    problem: Mutex<Option<[String; 2]>>,
}

impl Game {
    /// A game loaded from the database (no known client).
    pub fn new(s: Session, seats: Vec<SeatView>) -> Game {
        Game::owned_by(s, seats, IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    /// A game created by `client`. Its searches borrow an engine from the server's pool.
    pub fn owned_by(s: Session, seats: Vec<SeatView>, client: IpAddr) -> Game {
        let (events, _) = broadcast::channel(64);
        Game {
            id: s.id().to_string(),
            client,
            session: Mutex::new(s),
            events,
            live: Mutex::new(None),
            stop: Mutex::new(Arc::new(AtomicBool::new(false))),
            driving: AtomicBool::new(false),
            version: AtomicU64::new(1),
            seats: Mutex::new(seats),
            deleted: AtomicBool::new(false),
            problem: Mutex::new(None),
        }
    }

    /// Records (or clears) why the game cannot go on, and tells the watchers.
    fn set_problem(&self, s: &Session, problem: Option<&SessionError>) {
        let texts = problem.map(|e| [Lang::Pt, Lang::En].map(|lang| present::error_text(e, lang)));
        *self.problem.lock().expect("problem lock") = texts;
        self.publish(s);
    }

    /// The seats (who may play which side), as anyone may see them.
    pub fn seats(&self) -> Vec<SeatView> {
        self.seats.lock().expect("seats lock").clone()
    }

    /// Replaces the seats' view after an invitation or a claim.
    pub fn set_seats(&self, seats: Vec<SeatView>) {
        *self.seats.lock().expect("seats lock") = seats;
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

    /// Raises the stop flag of the search under way, if any.
    pub fn stop_search(&self) {
        self.stop.lock().expect("stop lock").store(true, Ordering::SeqCst);
    }

    fn new_stop(&self) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        *self.stop.lock().expect("stop lock") = stop.clone();
        stop
    }

    pub fn live_json(&self) -> Value {
        self.live.lock().expect("live lock").as_ref().map_or(Value::Null, Live::to_json)
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

    fn publish_live(&self) {
        let text = self.live_json().to_string();
        let _ = self.events.send(Event::Thinking(text.into()));
    }

    /// Sends the state to every listener.
    /// Call with the session locked, after every change.
    pub fn publish(&self, s: &Session) {
        self.version.fetch_add(1, Ordering::SeqCst);
        let texts = [Lang::Pt, Lang::En].map(|lang| Arc::from(self.state(s, lang, None).to_string()));
        let _ = self.events.send(Event::State(texts));
    }

    /// The state in `lang`, with the announcements from ply `since` on (by default, from the
    /// last move a human chose).
    pub fn state(&self, s: &Session, lang: Lang, since: Option<usize>) -> Value {
        let mut v = state_json(s, self.live_json(), lang, since);
        v["version"] = json!(self.version.load(Ordering::SeqCst));
        v["problem"] =
            json!(self.problem.lock().expect("problem lock").as_ref().map(|t| &t[lang_index(lang)]));
        v["seats"] = self
            .seats()
            .iter()
            .map(|seat| json!({"side": seat.side, "invited": seat.invited, "claimed": seat.claimed}))
            .collect();
        v
    }
}

fn cells_json(pos: &Position) -> Vec<Value> {
    pos.cells()
        .iter()
        .map(|c| match c {
            CellState::Holds(v) => json!(v),
            CellState::Removed => Value::Null,
            CellState::Knight(Side::White) => json!(-1),
            CellState::Knight(Side::Black) => json!(-2),
        })
        .collect()
}

/// The legal destinations of a human to move, each with its moves (one per possible removal of a
/// double, the default first).
fn destinations_json(pos: &Position) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for mv in pos.legal_moves().iter() {
        let Some(dest) = mv.destination() else { continue };
        if seen.contains(&dest) {
            continue;
        }
        seen.push(dest);
        let options = match interpret_move(pos, &dest.to_string()) {
            Ok(choice @ MoveChoice::ChooseRemoval { .. }) => {
                let MoveChoice::ChooseRemoval { options, .. } = &choice else { unreachable!() };
                options
                    .iter()
                    .zip(choice.removable(pos))
                    .map(|(m, v)| json!({"move": m.to_string(), "removes": v}))
                    .collect()
            }
            Ok(MoveChoice::Ready(m)) => vec![json!({"move": m.to_string(), "removes": null})],
            Err(_) => continue,
        };
        out.push(json!({
            "cell": dest.to_string(),
            "index": dest.index(),
            "value": pos.value_at(dest),
            "options": options,
        }));
    }
    out
}

/// Which of [`Event::State`]'s texts is in `lang`.
pub(crate) fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::Pt => 0,
        Lang::En => 1,
    }
}

/// Where the default announcements start: the last ply a human chose, when it is the last ply;
/// else the plies after it (what the others did since).
fn default_since(s: &Session) -> usize {
    let plies = s.plies();
    match plies.iter().rposition(|p| p.by == Actor::Human && !p.forced) {
        Some(i) if i + 1 == plies.len() => i,
        Some(i) => i + 1,
        None => 0,
    }
}

/// The whole state of a game, as the page shows it, worded in `lang`.
pub(crate) fn state_json(s: &Session, thinking: Value, lang: Lang, since: Option<usize>) -> Value {
    let pos = s.position();
    let config = s.config();
    let turn = match s.turn() {
        Turn::Human(side) => json!({"kind": "human", "side": side}),
        Turn::Computer(side) => json!({"kind": "computer", "side": side}),
        Turn::Forced { side, mv } => json!({"kind": "forced", "side": side, "move": mv.to_string()}),
        Turn::Over(o) => json!({"kind": "over", "side": null, "result": o.name()}),
        Turn::Quit => json!({"kind": "quit", "side": null}),
    };
    let human_turn = matches!(s.turn(), Turn::Human(_));
    let positions = s.positions();
    let mut history = Vec::with_capacity(positions.len());
    history.push(json!({"cells": cells_json(&positions[0]), "points": [0, 0], "from": null, "to": null}));
    for (i, p) in s.plies().iter().enumerate() {
        let after = &positions[i + 1];
        let from = present::from_cell(s.plies(), i).map(|c| c.index());
        let to = p.mv.destination().map(|c| c.index());
        history.push(json!({"cells": cells_json(after), "points": p.points, "from": from, "to": to}));
    }
    let players: Vec<Value> = Side::BOTH
        .iter()
        .map(|&side| {
            let p = s.player(side);
            json!({"side": side, "human": p.is_human(), "label": p.label(), "name": p.describe()})
        })
        .collect();
    json!({
        "id": s.id(),
        "date": s.date(),
        "status": s.status().name(),
        "mode": s.mode().name(),
        "rules": config.rules,
        "doubles": (0u8..100).filter(|&v| config.rules.is_double(v)).collect::<Vec<_>>(),
        "start": config.start_text(),
        "time_ms": config.time_ms,
        "players": players,
        "position": pos.to_string(),
        "lisp": pos.to_lisp(),
        "to_move": pos.side_to_move(),
        "points": [pos.points(Side::White), pos.points(Side::Black)],
        "turn": turn,
        "destinations": if human_turn { destinations_json(pos) } else { Vec::new() },
        "threatened": if human_turn {
            present::session_marks(s).iter().enumerate().filter(|(_, m)| m.threatened).map(|(i, _)| i).collect()
        } else {
            Vec::new()
        },
        "history": history,
        "plies": s.plies(),
        "result": pos.outcome().map(|o| o.name()),
        "result_text": GameResult::of(s).map(|r| r.text(lang)),
        "lang": lang.code(),
        "announcements": present::announcements_since(s, since.unwrap_or_else(|| default_since(s)))
            .iter()
            .map(|a| json!({"kind": a.kind(), "text": a.text(lang)}))
            .collect::<Vec<_>>(),
        "summary": s.summary(),
        "can_undo": s.can_undo() && s.mode() != cavalo_session::Mode::ComputerComputer,
        "can_hint": human_turn,
        "thinking": thinking,
    })
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
    Think(Box<ThinkJob>),
    Idle,
}

async fn drive(app: App, game: Arc<Game>) {
    loop {
        if app.closed() || game.is_deleted() {
            game.driving.store(false, Ordering::SeqCst);
            return;
        }
        let step = {
            let mut s = game.lock();
            match s.turn() {
                Turn::Forced { .. } => match s.play_forced() {
                    Ok(_) => {
                        app.changed(&mut s);
                        game.set_problem(&s, None);
                        Step::Again
                    }
                    Err(e) => {
                        eprintln!("cavalo serve: game {}: {e}", game.id);
                        game.set_problem(&s, Some(&e));
                        Step::Retry
                    }
                },
                Turn::Computer(_) => match s.begin_think() {
                    Ok(job) => Step::Think(Box::new(job)),
                    Err(_) => Step::Idle,
                },
                _ => Step::Idle,
            }
        };
        match step {
            Step::Again => continue,
            Step::Retry => tokio::time::sleep(RETRY_AFTER).await,
            Step::Idle => {
                game.driving.store(false, Ordering::SeqCst);
                // A move may have arrived between the look and the flag: look again.
                let busy = matches!(game.lock().turn(), Turn::Forced { .. } | Turn::Computer(_));
                if busy && !app.closed() && !game.driving.swap(true, Ordering::SeqCst) {
                    continue;
                }
                return;
            }
            Step::Think(job) => {
                let time_ms = game.lock().config().time_ms;
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
                let stored = {
                    let mut s = game.lock();
                    match s.finish(thought) {
                        Ok(_) => {
                            app.changed(&mut s);
                            game.set_problem(&s, None);
                            true
                        }
                        Err(SessionError::Stale) => true,
                        Err(e) => {
                            // Not stored (disk full, read-only, locked): the game does not
                            // advance; everyone watching is told, and the move is tried again a
                            // little later.
                            eprintln!("cavalo serve: game {}: {e}", game.id);
                            game.set_problem(&s, Some(&e));
                            false
                        }
                    }
                };
                if !stored {
                    tokio::time::sleep(RETRY_AFTER).await;
                }
            }
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
        started: Instant::now(),
        info: None,
    }));
    let lane = if !job.is_hint() && game.lock().mode() == cavalo_session::Mode::ComputerComputer {
        Lane::Batch
    } else {
        Lane::Interactive
    };
    // The live display is cleared however this ends, also when the caller stops waiting (a hint
    // whose request was dropped).
    let _clear = ClearLive(game.clone());
    let mut lease = app.inner.sched.acquire(game.client, lane).await?;
    lease.slot().lend(&game.id, &mut job);
    let mut lease = Some(lease);
    game.update_live(|l| {
        l.queued = false;
        l.started = Instant::now();
    });
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
    spawn_search(job, stop, move |event| match event {
        SearchEvent::Info(info) => g.update_live(|l| l.info = Some(info)),
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
