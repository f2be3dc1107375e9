//! The server's engines: at most a fixed number of Cavalo engines, each with its transposition
//! table, made when a search first needs it. Memory for search is bounded by
//! `engines × (hash + proof table)` (see `cavalo_engine::search_memory_mib`), whatever the number
//! of games: a game holds no engine; a search borrows one and gives it back.
//!
//! The default pool ([`DEFAULT_ENGINES`], [`default_hash_mib`]) lets a class's searches run at
//! once and share the cores (each stops at its time limit, searching less deeply when many run)
//! rather than wait in line, within [`DEFAULT_SEARCH_MIB`] of tables.

use cavalo_engine::{Options, Player, PlayerKind, level};
use cavalo_session::{ThinkJob, Thought};

/// One engine of the pool, and the game it searched for last (its table is cleared before it
/// searches for another game, so that no game sees another's table).
pub(crate) struct Slot {
    engine: Option<Box<dyn Player>>,
    last_game: Option<String>,
    options: Options,
}

impl Slot {
    /// A place for our engine with a table of `hash_mib` MiB and one thread, made when a search
    /// first needs it.
    pub(crate) fn new(hash_mib: usize) -> Slot {
        let options = Options { hash_mib, threads: 1, ..Options::default() }.clamped();
        Slot { engine: None, last_game: None, options }
    }

    /// Gives `job` (for `game`) the engine it needs: this slot's engine when it asks for ours
    /// (cleared first when another game used it last), else a fresh player of its kind (the
    /// reference players keep no table).
    pub(crate) fn lend(&mut self, game: &str, job: &mut ThinkJob) {
        if !job.needs_engine() {
            return;
        }
        if job.engine().engine != PlayerKind::Cavalo {
            job.lend(job.engine().build());
            return;
        }
        let mut engine = self.engine.take().unwrap_or_else(|| PlayerKind::Cavalo.build(&self.options));
        // The pool's engines are shared: each search plays at its own game's level.
        let wanted = &job.engine().options;
        engine.set_level(wanted.level, wanted.seed);
        if self.last_game.as_deref() != Some(game) {
            engine.new_game();
            self.last_game = Some(game.to_string());
        }
        job.lend(engine);
    }

    /// Our engine, for a game's analysis (made when first needed; `cavalo_lab::analysis`
    /// clears its table first). The next search for a game clears it again.
    pub(crate) fn analysis_engine(&mut self) -> &mut dyn Player {
        self.last_game = None;
        let engine = self.engine.get_or_insert_with(|| PlayerKind::Cavalo.build(&self.options));
        // Analyses are always at full strength, whatever level a game's search left it at.
        engine.set_level(level::FULL, 0);
        engine.as_mut()
    }

    /// Takes back from `thought` the engine [`lend`](Slot::lend) gave (our engine returns to the
    /// slot; another player is dropped).
    pub(crate) fn take_back(&mut self, thought: &mut Thought) {
        if let Some(engine) = thought.take_engine()
            && self.engine.is_none()
            && engine.kind() == PlayerKind::Cavalo
        {
            self.engine = Some(engine);
        }
    }
}

/// The default number of engines: one for each student of a class of thirty, and two more. So
/// many searches run at once (more than a small server's cores: they share them); more wait
/// their turn.
pub const DEFAULT_ENGINES: usize = 32;

/// The tables of all the default pool's engines together, at most, in MiB: a classroom server
/// on a laptop of 8 GB.
pub const DEFAULT_SEARCH_MIB: usize = 256;

/// The default table size of each of `engines` engines: [`DEFAULT_SEARCH_MIB`] shared among
/// them (each engine has a transposition table and a proof table of that size), from 1 to 64 MiB.
pub fn default_hash_mib(engines: usize) -> usize {
    (DEFAULT_SEARCH_MIB / (2 * engines.max(1))).clamp(1, 64)
}

/// The memory the pool's tables take, in MiB.
pub(crate) fn pool_mib(engines: usize, hash_mib: usize) -> usize {
    engines * cavalo_engine::search_memory_mib(hash_mib)
}

/// The line printed at start: `N engines × (H + P) MiB = at most M MiB for search` (each
/// engine's transposition table and its proof search's table).
pub fn pool_line(engines: usize, hash_mib: usize, lang: cavalo_session::i18n::Lang) -> String {
    use cavalo_session::i18n::Arg;
    let proof = cavalo_engine::search_memory_mib(hash_mib) - hash_mib;
    let total = pool_mib(engines, hash_mib);
    let args = [
        ("engines", Arg::Count(engines as u64)),
        ("hash", Arg::Count(hash_mib as u64)),
        ("proof", Arg::Count(proof as u64)),
        ("total", Arg::Count(total as u64)),
    ];
    lang.tr_with(cavalo_session::key!("serve-start-pool"), &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::{Side, Start};
    use cavalo_session::{EngineConfig, GameConfig, Mode, Session};
    use std::sync::atomic::AtomicBool;

    fn lent_game(engine: &str) -> Session {
        let e = || EngineConfig::new(engine.parse().unwrap());
        let mut config =
            GameConfig::for_mode(Start::Seed(3), Mode::ComputerComputer, Side::White, [e(), e()]);
        config.time_ms = 20;
        Session::new(config).unwrap()
    }

    #[test]
    fn our_engine_goes_out_and_comes_back() {
        let mut slot = Slot::new(1);
        assert!(slot.engine.is_none(), "no table before a search needs one");
        let mut s = lent_game("cavalo");
        let mut job = s.begin_think().unwrap();
        assert!(job.needs_engine());
        slot.lend(s.id(), &mut job);
        assert!(!job.needs_engine());
        assert!(slot.engine.is_none(), "the engine is out with the job");
        let mut thought = job.run(&AtomicBool::new(false), &mut |_| {});
        slot.take_back(&mut thought);
        assert!(slot.engine.is_some(), "the engine is back");
        assert_eq!(slot.last_game.as_deref(), Some(s.id()));
        s.finish(thought).unwrap();
        assert_eq!(s.plies().len(), 1);
    }

    #[test]
    fn other_players_are_fresh_and_leave_the_slot_alone() {
        let mut slot = Slot::new(1);
        let mut s = lent_game("greedy");
        let mut job = s.begin_think().unwrap();
        slot.lend(s.id(), &mut job);
        assert!(!job.needs_engine());
        let mut thought = job.run(&AtomicBool::new(false), &mut |_| {});
        slot.take_back(&mut thought);
        assert!(slot.engine.is_none(), "our engine was never made, nor replaced by the other player");
        assert!(s.finish(thought).is_ok());
    }

    #[test]
    fn the_line_says_the_bound() {
        use cavalo_session::i18n::Lang;
        assert_eq!(pool_line(4, 16, Lang::En), "4 engines × (16 + 16) MiB = at most 128 MiB for search");
        assert_eq!(pool_line(1, 1, Lang::En), "1 engine × (1 + 1) MiB = at most 2 MiB for search");
        assert_eq!(
            pool_line(4, 16, Lang::Pt),
            "4 motores × (16 + 16) MiB = no máximo 128 MiB para a procura"
        );
    }

    #[test]
    fn the_default_pool_fits_its_budget() {
        assert_eq!(default_hash_mib(DEFAULT_ENGINES), 4);
        assert_eq!(pool_mib(DEFAULT_ENGINES, default_hash_mib(DEFAULT_ENGINES)), DEFAULT_SEARCH_MIB);
        assert_eq!(default_hash_mib(2), 64, "a few engines get large tables, at most 64 MiB");
        assert_eq!(default_hash_mib(64), 2);
        assert_eq!(default_hash_mib(1000), 1);
    }
}
