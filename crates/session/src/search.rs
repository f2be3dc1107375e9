//! Searches away from the session: a [`ThinkJob`] taken out of the game, run on a thread of its
//! own by the one background driver ([`spawn_search`], or [`Search`] for a front end that polls),
//! and its [`Thought`] given back to [`Session::finish`](crate::Session::finish), which drops it
//! when the game has moved on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use cavalo_engine::{Limits, Player, SearchInfo, SearchResult};
use cavalo_rules::{Move, Position, Side};

use crate::config::EngineConfig;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    Move(Side),
    Hint,
}

/// A search to run, taken out of the session so that it can run on another thread while the
/// session stays readable. Run it with [`ThinkJob::run`] (or the driver, [`spawn_search`] and
/// [`Search`]), give the [`Thought`] back with [`Session::finish`](crate::Session::finish).
///
/// A job comes without an engine: its driver lends one ([`ThinkJob::lend`], [`Engines`]) and
/// takes it back from the [`Thought`] ([`Thought::take_engine`]); without one, the search
/// builds a new engine.
pub struct ThinkJob {
    pub(crate) purpose: Purpose,
    pub(crate) position: Position,
    pub(crate) player: Option<Box<dyn Player>>,
    pub(crate) engine: EngineConfig,
    pub(crate) limits: Limits,
    pub(crate) plies_at_start: usize,
}

impl ThinkJob {
    /// The side searched for.
    pub fn side(&self) -> Side {
        self.position.side_to_move()
    }

    /// Whether this is a hint for a human rather than a computer's move.
    pub fn is_hint(&self) -> bool {
        self.purpose == Purpose::Hint
    }

    /// The position searched.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player's name, e.g. `cavalo`.
    pub fn player_name(&self) -> String {
        self.player.as_ref().map_or_else(|| self.engine.engine.to_string(), |p| p.name())
    }

    /// The computer player this search is for: its kind and options.
    pub fn engine(&self) -> &EngineConfig {
        &self.engine
    }

    /// Whether the job carries no engine yet (the session lends its engines): give it one with
    /// [`lend`](ThinkJob::lend), or [`run`](ThinkJob::run) builds a fresh one.
    pub fn needs_engine(&self) -> bool {
        self.player.is_none()
    }

    /// Gives the job the engine to search with (e.g. one of a pool's, of the kind
    /// [`engine`](ThinkJob::engine) names); it comes back with [`Thought::take_engine`].
    pub fn lend(&mut self, player: Box<dyn Player>) {
        self.player = Some(player);
    }

    /// Searches until the time limit or until `stop` is raised; `on_info` receives the live
    /// statistics after every completed iteration.
    pub fn run(self, stop: &AtomicBool, on_info: &mut dyn FnMut(&SearchInfo)) -> Thought {
        let mut player = self.player.unwrap_or_else(|| self.engine.build());
        let start = Instant::now();
        let result = player.choose(&self.position, &self.limits, stop, on_info);
        let elapsed = start.elapsed();
        Thought {
            purpose: self.purpose,
            position: self.position,
            player: Some(player),
            result,
            elapsed,
            plies_at_start: self.plies_at_start,
        }
    }
}

/// The outcome of a [`ThinkJob`].
pub struct Thought {
    pub(crate) purpose: Purpose,
    pub(crate) position: Position,
    pub(crate) player: Option<Box<dyn Player>>,
    pub(crate) result: SearchResult,
    pub(crate) elapsed: Duration,
    pub(crate) plies_at_start: usize,
}

impl Thought {
    /// The search's move and statistics.
    pub fn result(&self) -> &SearchResult {
        &self.result
    }

    /// Takes the engine that searched out of the thought (to give it back to a pool); the
    /// session then keeps nothing of it.
    pub fn take_engine(&mut self) -> Option<Box<dyn Player>> {
        self.player.take()
    }

    /// Wall-clock time of the search.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The move to play: the search's choice, or the first legal move when the search was
    /// stopped before it had one.
    pub fn chosen_move(&self) -> Option<Move> {
        match self.result.best_move {
            Some(m) if self.position.check_move(m).is_ok() => self.position.check_move(m).ok(),
            _ => self.position.legal_moves().first().copied(),
        }
    }
}

/// The engines a driver keeps between searches (one per computer side, one for hints), so
/// that each keeps its table for the whole game: lent to a search, taken back after it.
#[derive(Default)]
pub struct Engines {
    sides: [Option<Box<dyn Player>>; 2],
    hint: Option<Box<dyn Player>>,
}

impl Engines {
    fn slot(&mut self, purpose: Purpose) -> &mut Option<Box<dyn Player>> {
        match purpose {
            Purpose::Move(side) => &mut self.sides[side.index()],
            Purpose::Hint => &mut self.hint,
        }
    }

    /// Lends `job` the engine kept for its purpose, if any (else it builds one).
    pub fn lend(&mut self, job: &mut ThinkJob) {
        if let Some(p) = self.slot(job.purpose).take() {
            job.lend(p);
        }
    }

    /// Takes back the engine of a finished search, for the next search of its purpose.
    pub fn keep(&mut self, thought: &mut Thought) {
        if let Some(p) = thought.take_engine() {
            *self.slot(thought.purpose) = Some(p);
        }
    }
}

impl std::fmt::Debug for Engines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engines").finish_non_exhaustive()
    }
}

/// What a running search reports.
pub enum SearchEvent {
    /// The statistics after a completed iteration.
    Info(SearchInfo),
    /// The search is over.
    Done(Box<Thought>),
}

/// A search running on its own thread: what it is for, when it started, and its stop flag.
#[derive(Clone, Debug)]
pub struct SearchHandle {
    stop: Arc<AtomicBool>,
    side: Side,
    hint: bool,
    player: String,
    started: Instant,
}

impl SearchHandle {
    /// Asks the search to stop; it then reports [`SearchEvent::Done`] with its best move so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The stop flag, for a watchdog.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The side searched for.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Whether it is a hint.
    pub fn is_hint(&self) -> bool {
        self.hint
    }

    /// The player's name, e.g. `cavalo`.
    pub fn player(&self) -> &str {
        &self.player
    }

    /// Time since it started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// How a search's thread shares the cores with the program's other threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// Like any other thread (a terminal's own search).
    Normal,
    /// Below the threads that answer people (a server's searches; see
    /// [`cavalo_engine::priority`]): many searches share the cores without delaying them.
    Background,
}

/// The background driver: runs `job` on a new thread (at `priority`) until its time limit or
/// until `stop` is raised, sending every [`SearchEvent`] to `sink` (the live statistics, then the
/// [`Thought`] once). Give the thought to [`Session::finish`](crate::Session::finish).
pub fn spawn_search(
    job: ThinkJob,
    stop: Arc<AtomicBool>,
    priority: Priority,
    mut sink: impl FnMut(SearchEvent) + Send + 'static,
) -> SearchHandle {
    let handle = SearchHandle {
        stop,
        side: job.side(),
        hint: job.is_hint(),
        player: job.player_name(),
        started: Instant::now(),
    };
    let stop = handle.stop.clone();
    std::thread::spawn(move || {
        if priority == Priority::Background {
            cavalo_engine::priority::lower_this_thread(cavalo_engine::priority::BACKGROUND_NICE);
        }
        let thought = job.run(&stop, &mut |i| sink(SearchEvent::Info(i.clone())));
        sink(SearchEvent::Done(Box::new(thought)));
    });
    handle
}

/// A background search for a front end that polls (a terminal's event loop): the handle, the
/// latest statistics, and the result once it is there.
pub struct Search {
    handle: SearchHandle,
    rx: Receiver<SearchEvent>,
    info: Option<SearchInfo>,
}

impl Search {
    /// Starts `job` on its own thread.
    pub fn start(job: ThinkJob) -> Search {
        let (tx, rx) = channel();
        let handle = spawn_search(job, Arc::new(AtomicBool::new(false)), Priority::Normal, move |e| {
            let _ = tx.send(e);
        });
        Search { handle, rx, info: None }
    }

    /// The handle (side, hint or move, stop).
    pub fn handle(&self) -> &SearchHandle {
        &self.handle
    }

    /// The latest statistics received.
    pub fn info(&self) -> Option<&SearchInfo> {
        self.info.as_ref()
    }

    /// Takes the statistics that arrived; the [`Thought`] once the search is over.
    pub fn poll(&mut self) -> Option<Thought> {
        loop {
            match self.rx.try_recv() {
                Ok(SearchEvent::Info(i)) => self.info = Some(i),
                Ok(SearchEvent::Done(t)) => return Some(*t),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
            }
        }
    }

    /// Waits for the end of the search, giving every statistic to `on_info`.
    pub fn wait(mut self, on_info: &mut dyn FnMut(&SearchInfo)) -> Option<Thought> {
        while let Ok(e) = self.rx.recv() {
            match e {
                SearchEvent::Info(i) => {
                    on_info(&i);
                    self.info = Some(i);
                }
                SearchEvent::Done(t) => return Some(*t),
            }
        }
        None
    }
}

impl std::fmt::Debug for ThinkJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThinkJob")
            .field("side", &self.side())
            .field("hint", &self.is_hint())
            .field("player", &self.player_name())
            .finish()
    }
}

impl std::fmt::Debug for Thought {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thought").field("result", &self.result).field("elapsed", &self.elapsed).finish()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use cavalo_engine::PlayerKind;
    use cavalo_rules::{Side, Start};

    use crate::{EngineConfig, Engines, GameConfig, Mode, Session};

    fn cc_game() -> Session {
        let e = || EngineConfig::new(PlayerKind::Greedy);
        let mut config =
            GameConfig::for_mode(Start::Seed(5), Mode::ComputerComputer, Side::White, [e(), e()]);
        config.time_ms = 10;
        let mut s = Session::new(config).unwrap();
        while matches!(s.turn(), crate::Turn::Forced { .. }) {
            s.play_forced().unwrap();
        }
        s
    }

    #[test]
    fn the_driver_lends_the_engines_and_keeps_them() {
        let mut lent = cc_game();
        let mut engines = Engines::default();
        let mut job = lent.begin_think().unwrap();
        engines.lend(&mut job);
        assert!(job.needs_engine());
        assert_eq!(job.engine().engine, PlayerKind::Greedy);
        assert_eq!(job.player_name(), "greedy");
        job.lend(job.engine().build());
        let mut thought = job.run(&AtomicBool::new(false), &mut |_| {});
        engines.keep(&mut thought);
        assert!(thought.take_engine().is_none(), "the driver took the engine back");
        lent.finish(thought).unwrap();
        assert!(lent.begin_think().unwrap().needs_engine(), "the session kept nothing");
        assert!(lent.begin_hint().unwrap().needs_engine(), "nor for hints");
        // The engine kept is lent to the next search of the same side, not to a hint.
        let mut hint = lent.begin_hint().unwrap();
        engines.lend(&mut hint);
        assert!(hint.needs_engine());
    }

    #[test]
    fn a_job_without_an_engine_still_runs() {
        let mut s = cc_game();
        let job = s.begin_think().unwrap();
        let thought = job.run(&AtomicBool::new(false), &mut |_| {});
        let before = s.plies().len();
        assert!(s.finish(thought).is_ok());
        assert_eq!(s.plies().len(), before + 1);
    }
}
