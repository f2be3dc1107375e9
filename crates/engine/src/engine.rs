//! The engine: options, the shared transposition table, and the threads of a search (Lazy SMP).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use cavalo_rules::Position;

use crate::info::{SearchInfo, SearchResult};
use crate::limits::Limits;
use crate::options::Options;
use crate::pool::{Pool, helpers_for};
use crate::score::to_points;
use crate::search::{Counters, Iteration, Shared, Worker};
use crate::solver::ProofTable;
use crate::timeman::{Latency, TimeManager};
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
    /// (Boxed: the engine stays small enough to be held inline by front ends.)
    options: Box<Options>,
    tt: Arc<Table>,
    history: Box<[[i32; 100]; 2]>,
    /// The helper threads (persistent).
    pool: Pool,
    /// The last search's shared state, to stop its helpers.
    last: Option<Arc<Shared>>,
    /// Lateness of earlier answers past their hard deadline.
    latency: Latency,
    /// The proof search's table, shared by the threads' solvers (none while `ProofShare` is 0).
    proofs: Option<Arc<ProofTable>>,
}

impl Engine {
    /// An engine with these options. When the table cannot be allocated, the engine falls back
    /// to a 1 MiB table (and says so in its options); use [`Engine::try_new`] to be told.
    pub fn new(options: Options) -> Engine {
        Engine::try_new(options.clone()).unwrap_or_else(|_| {
            Engine::try_new(Options { hash_mib: 1, ..options }).expect("a 1 MiB table can be allocated")
        })
    }

    /// An engine with these options, or an error when the tables cannot be allocated.
    pub fn try_new(options: Options) -> Result<Engine, AllocError> {
        let Tables { options, tt, proofs } = Tables::new(&options)?;
        let mut pool = Pool::default();
        pool.resize(helpers_for(options.threads));
        Ok(Engine {
            options: Box::new(options),
            tt: Arc::new(tt),
            history: Box::new([[0; 100]; 2]),
            pool,
            last: None,
            latency: Latency::default(),
            proofs,
        })
    }

    /// Stops the helpers of the last search and waits until they have finished.
    fn stop_helpers(&mut self) {
        if let Some(s) = self.last.take() {
            s.done.store(true, Relaxed);
        }
        self.pool.wait();
    }

    /// The number of helper threads a search uses (`Threads` - 1, capped by the cores).
    pub fn helper_threads(&self) -> usize {
        self.pool.len()
    }

    /// Notes when the answer of the last search was actually delivered (e.g. written to the
    /// protocol's output), so that the time margin covers the delay after the search too.
    pub fn answered_at(&mut self, at: Instant) {
        if let Some(hard) = self.last.as_ref().and_then(|s| s.tm.hard()) {
            self.latency.record(at.saturating_duration_since(hard));
        }
    }

    /// The decayed worst lateness measured so far.
    pub fn measured_latency(&self) -> Duration {
        self.latency.worst()
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the options (a new hash size clears the tables). When a new table cannot be
    /// allocated nothing changes and the error says so.
    pub fn set_options(&mut self, options: Options) -> Result<(), AllocError> {
        let options = options.clamped();
        let tables = if self.needs_tables(&options) { Some(Tables::new(&options)?) } else { None };
        self.apply(options, tables);
        Ok(())
    }

    /// Whether `options` need tables this engine does not have (another `Hash`, or the proof
    /// search switched on): [`Engine::set_options`] would make them.
    pub fn needs_tables(&self, options: &Options) -> bool {
        let options = options.clone().clamped();
        options.hash_mib != self.options.hash_mib || (options.search.proof_share > 0 && self.proofs.is_none())
    }

    /// Changes the options to those `tables` were made for ([`Tables::new`], on another thread
    /// while this engine went on searching), and takes the tables.
    pub fn set_options_with(&mut self, tables: Tables) {
        let options = tables.options.clone();
        self.apply(options, Some(tables));
    }

    /// Changes every option but the tables': the engine keeps its `Hash`, and a proof search
    /// switched on waits for its table (until [`Engine::set_options_with`]). For a front end
    /// that makes the new tables apart and must not wait for them.
    pub fn set_options_keeping_tables(&mut self, options: Options) {
        let options = Options { hash_mib: self.options.hash_mib, ..options.clamped() };
        self.apply(options, None);
    }

    fn apply(&mut self, options: Options, tables: Option<Tables>) {
        self.stop_helpers();
        if let Some(t) = tables {
            self.tt = Arc::new(t.tt);
            self.proofs = t.proofs;
        }
        if options.search.proof_share == 0 {
            self.proofs = None;
        }
        self.pool.resize(helpers_for(options.threads));
        *self.options = options;
    }

    /// Forgets everything learnt (table, histories).
    pub fn new_game(&mut self) {
        self.stop_helpers();
        self.tt.clear();
        if let Some(p) = &self.proofs {
            p.clear();
        }
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
    /// Below full strength (the option `Level`, see [`crate::level`]) the move is the level's.
    pub fn search_from(
        &mut self,
        start: Instant,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        match self.options.level {
            crate::level::FULL => self.search_full(start, pos, limits, stop, on_info),
            level => self.search_level(level, start, pos, limits, stop, on_info),
        }
    }

    /// The full engine's search (see [`Engine::search_from`]).
    pub(crate) fn search_full(
        &mut self,
        start: Instant,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.stop_helpers();
        self.tt.new_search();
        let shared = Arc::new(Shared {
            tt: Arc::clone(&self.tt),
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            alpha_cuts: AtomicU64::new(0),
            beta_cuts: AtomicU64::new(0),
            tm: TimeManager::new(start, limits, &self.options.search, &self.latency),
            limits: limits.clone(),
            quiescence: self.options.quiescence,
            config: self.options.search,
            eval: crate::eval::Evaluator::new(pos, self.options.search),
            collectable: crate::bounds::Collectable::new(pos),
            proofs: self.proofs.clone(),
            helper_proofs: self.proofs.is_some()
                && self.options.search.helper_proofs > 0
                && self.pool.len() > 0,
            proving: AtomicBool::new(false),
            threads: self.pool.len() + 1,
        });
        // Helper threads (Lazy SMP) share the table. They are not waited for: when the main
        // thread has its answer it raises `done` and returns at once; they are stopped and joined
        // before the table or the options are touched again.
        self.last = Some(Arc::clone(&shared));
        self.pool.start(&shared, pos, &self.history);
        let history = std::mem::replace(&mut self.history, Box::new([[0; 100]; 2]));
        let mut main = Worker::new(&shared, Some(stop), pos, history);
        let tt = &self.tt;
        let mut report = |it: &Iteration, w: &Worker| {
            on_info(&make_info(it, &shared, w.counters, tt.hashfull()));
        };
        let best = main.iterate(1, &mut report);
        shared.done.store(true, Relaxed);
        if let Some(hard) = shared.tm.hard() {
            self.latency.record(Instant::now().saturating_duration_since(hard));
        }
        let info = make_info(&best, &shared, main.counters, self.tt.hashfull());
        self.history = main.into_history();
        SearchResult { best_move: best.pv.first().copied(), info }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_helpers();
    }
}

/// The proof search's table for `options` (none when `ProofShare` is 0), or the error of its
/// allocation.
/// The tables of an engine with some options: its transposition table and its proof search's
/// table. Making them takes time (the memory is touched once, see `tt::zeroed`), so a front end
/// that must answer meanwhile makes them on another thread and hands them over with
/// [`Engine::set_options_with`].
pub struct Tables {
    options: Options,
    tt: Table,
    proofs: Option<Arc<ProofTable>>,
}

impl Tables {
    /// The tables for `options`, or an error when they cannot be allocated.
    pub fn new(options: &Options) -> Result<Tables, AllocError> {
        let options = options.clone().clamped();
        let tt = Table::new(options.hash_mib)?;
        let proofs = proof_table_for(&options)?;
        Ok(Tables { options, tt, proofs })
    }

    /// The options they were made for.
    pub fn options(&self) -> &Options {
        &self.options
    }
}

fn proof_table_for(options: &Options) -> Result<Option<Arc<ProofTable>>, AllocError> {
    if options.search.proof_share == 0 {
        return Ok(None);
    }
    let mib = prover_mib(options.hash_mib);
    ProofTable::try_new(mib).map(|t| Some(Arc::new(t))).ok_or(AllocError { mib })
}

/// The size of the proof search's table for a transposition table of `hash_mib` MiB: the same,
/// at most 256 MiB. (The proof search gets most of the nodes of a long search; half the size
/// needed 2-5% more nodes on the proof horizon's hardest positions.)
fn prover_mib(hash_mib: usize) -> usize {
    hash_mib.clamp(1, 256)
}

/// The most an engine with `Hash` `hash_mib` allocates for search: its transposition table and
/// the proof search's table ([`prover_mib`]), in MiB.
pub fn search_memory_mib(hash_mib: usize) -> usize {
    hash_mib + prover_mib(hash_mib)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proof_table_is_allocated_with_the_options_not_at_a_search() {
        let off = Options {
            hash_mib: 4,
            search: crate::SearchConfig { proof_share: 0, ..Default::default() },
            ..Options::default()
        };
        let mut engine = Engine::try_new(off.clone()).unwrap();
        assert!(engine.proofs.is_none(), "no proof search, no table");
        let on = Options { search: crate::SearchConfig::default(), ..off.clone() };
        engine.set_options(on.clone()).unwrap();
        assert!(engine.proofs.is_some());
        assert!(Engine::try_new(on).unwrap().proofs.is_some());
        engine.set_options(off).unwrap();
        assert!(engine.proofs.is_none(), "turning it off frees the table");
    }

    #[test]
    fn tables_made_apart_are_taken_with_their_options_and_other_options_keep_the_tables() {
        let small = Options { hash_mib: 2, ..Options::default() };
        let mut engine = Engine::try_new(small.clone()).unwrap();
        let bigger = Options { hash_mib: 3, threads: 2, ..small.clone() };
        assert!(engine.needs_tables(&bigger));
        assert!(!engine.needs_tables(&Options { threads: 2, ..small.clone() }));

        engine.set_options_keeping_tables(bigger.clone());
        assert_eq!((engine.options().hash_mib, engine.options().threads), (2, 2), "the table waits");
        let tt = Arc::clone(&engine.tt);
        let tables = Tables::new(&bigger).unwrap();
        assert_eq!(tables.options().hash_mib, 3);
        engine.set_options_with(tables);
        assert_eq!(engine.options().hash_mib, 3);
        assert!(!Arc::ptr_eq(&tt, &engine.tt), "the new table is taken");
        assert!(engine.proofs.is_some());

        let off = Options { search: crate::SearchConfig { proof_share: 0, ..Default::default() }, ..bigger };
        engine.set_options_keeping_tables(off.clone());
        assert!(engine.proofs.is_none(), "switching the proofs off needs no new table");
        assert!(engine.needs_tables(&Options { search: crate::SearchConfig::default(), ..off }));
        let stop = AtomicBool::new(false);
        let pos = Position::from_seed(1, cavalo_rules::Rules::default());
        assert!(engine.search(&pos, &Limits::depth(2), &stop, &mut |_| {}).best_move.is_some());
    }
}
