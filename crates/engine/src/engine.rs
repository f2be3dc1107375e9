//! The engine: options, the shared transposition table, and the threads of a search (Lazy SMP).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use cavalo_rules::Position;

use crate::info::{SearchInfo, SearchResult};
use crate::limits::Limits;
use crate::options::Options;
use crate::score::to_points;
use crate::search::{Counters, Iteration, Shared, Worker};
use crate::timeman::TimeManager;
use crate::tt::{AllocError, Table};

/// The Cavalo engine. Keeps its table and histories between searches of one game; call
/// [`Engine::new_game`] between games.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use cavalo_engine::{Engine, Limits, Options};
/// use cavalo_rules::{Position, Rules};
/// let pos: Position = cavalo_rules::Position::from_seed(1, Rules::default());
/// let mut engine = Engine::new(Options { hash_mib: 1, ..Options::default() });
/// let stop = AtomicBool::new(false);
/// let result = engine.search(&pos, &Limits::depth(3), &stop, &mut |_| {});
/// assert_eq!(result.best_move.unwrap().to_string(), "F1");
/// ```
pub struct Engine {
    options: Options,
    tt: Arc<Table>,
    history: Box<[[i32; 100]; 2]>,
}

impl Engine {
    /// An engine with these options. When the table cannot be allocated, the engine falls back
    /// to a 1 MiB table (and says so in its options); use [`Engine::try_new`] to be told.
    pub fn new(options: Options) -> Engine {
        Engine::try_new(options.clone()).unwrap_or_else(|_| {
            Engine::try_new(Options { hash_mib: 1, ..options }).expect("a 1 MiB table can be allocated")
        })
    }

    /// An engine with these options, or an error when the table cannot be allocated.
    pub fn try_new(options: Options) -> Result<Engine, AllocError> {
        let options = options.clamped();
        let tt = Arc::new(Table::new(options.hash_mib)?);
        Ok(Engine { options, tt, history: Box::new([[0; 100]; 2]) })
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the options (a new hash size clears the table). When the new table cannot be
    /// allocated nothing changes and the error says so.
    pub fn set_options(&mut self, options: Options) -> Result<(), AllocError> {
        let options = options.clamped();
        if options.hash_mib != self.options.hash_mib {
            self.tt = Arc::new(Table::new(options.hash_mib)?);
        }
        self.options = options;
        Ok(())
    }

    /// Forgets everything learnt (table, histories).
    pub fn new_game(&mut self) {
        self.tt.clear();
        *self.history = [[0; 100]; 2];
    }

    /// Searches `pos` within `limits` until done, or until `stop` is raised by another thread.
    /// `on_info` is called after every completed iteration. The search never passes
    /// `limits.movetime` (counted from the call).
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_from(Instant::now(), pos, limits, stop, on_info)
    }

    /// Like [`Engine::search`], with the time counted from `start` (when the request arrived).
    pub fn search_from(
        &mut self,
        start: Instant,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        let shared = Arc::new(Shared {
            tt: Arc::clone(&self.tt),
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            alpha_cuts: AtomicU64::new(0),
            beta_cuts: AtomicU64::new(0),
            tm: TimeManager::new(start, limits, &self.options.search),
            limits: limits.clone(),
            quiescence: self.options.quiescence,
            config: self.options.search,
            eval: crate::eval::Evaluator::new(pos, self.options.search),
        });
        // Helper threads (Lazy SMP) share the table. They are not joined: when the main thread
        // has its answer it raises `done` and returns at once, so that a busy machine cannot delay
        // the answer past the time limit while a helper waits to be scheduled.
        for id in 1..self.options.threads.max(1) {
            let shared = Arc::clone(&shared);
            let pos = pos.clone();
            let history = self.history.clone();
            let spawned = std::thread::Builder::new().name(format!("cavalo-helper-{id}")).spawn(move || {
                let mut w = Worker::new(&shared, None, &pos, history);
                w.iterate(1 + (id as u32 % 2), &mut |_, _| {});
            });
            if spawned.is_err() {
                break; // no more threads: search with those there are
            }
        }
        let history = std::mem::replace(&mut self.history, Box::new([[0; 100]; 2]));
        let mut main = Worker::new(&shared, Some(stop), pos, history);
        let tt = &self.tt;
        let mut report = |it: &Iteration, w: &Worker| {
            on_info(&make_info(it, &shared, w.counters, tt.hashfull()));
        };
        let best = main.iterate(1, &mut report);
        shared.done.store(true, Relaxed);
        let info = make_info(&best, &shared, main.counters, self.tt.hashfull());
        self.history = main.into_history();
        SearchResult { best_move: best.pv.first().copied(), info }
    }
}

/// Statistics of an iteration: the main thread's counters plus what the helpers reported so far.
fn make_info(it: &Iteration, shared: &Shared, main: Counters, hashfull: u32) -> SearchInfo {
    let time = shared.tm.elapsed();
    let nodes = main.nodes.max(shared.nodes.load(Relaxed));
    let secs = time.as_secs_f64();
    SearchInfo {
        depth: it.depth,
        seldepth: it.seldepth.max(it.depth),
        score: to_points(it.score),
        proven: it.exact,
        nodes,
        alpha_cuts: main.alpha_cuts + shared.alpha_cuts.load(Relaxed),
        beta_cuts: main.beta_cuts + shared.beta_cuts.load(Relaxed),
        time,
        nps: if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 },
        hashfull,
        pv: it.pv.clone(),
    }
}
