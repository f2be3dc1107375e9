//! The game session: a [`Game`] and the stores that record its events ([`Sink`]s), driven turn
//! by turn. Every command asks the game for its event, has every store record it, then applies
//! it: a ply the caller acknowledges is on disk, and a failed write changes nothing.
//!
//! The session keeps no engine: a search ([`ThinkJob`]) runs with the engine its driver lends
//! it (see [`Engines`](crate::Engines)), or a new one.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cavalo_engine::{Limits, PlayerKind, SearchInfo};
use cavalo_rules::{GameRecord, Move};

use crate::config::{EngineConfig, GameConfig, PlayerConfig};
use crate::error::{FileError, FileKind, SessionError};
use crate::game::{Game, GameEvent, Status, Turn, not_now};
use crate::ply::Ply;
use crate::search::{Purpose, ThinkJob, Thought};
use crate::sink::Sink;
use crate::store::sinks::{DbSink, LogSink, RecordSink};
use crate::store::{self, Db, logfile};

/// What a finished search gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Finished {
    /// The computer's move was played.
    Played(Ply),
    /// A hint for the human to move.
    Hint {
        /// The suggested move.
        mv: Move,
        /// The search's statistics.
        info: SearchInfo,
    },
}

/// What a game does next without a player ([`Session::advance`]): the one place that decides
/// it, for the terminals' controller and the web server's driver alike.
#[derive(Debug)]
pub enum Advance {
    /// A forced ply (a placement or a pass) was played.
    Played,
    /// The computer is to move: run this search and give its [`Thought`] to
    /// [`Session::finish`].
    Think(Box<ThinkJob>),
    /// A human is to move.
    Human,
    /// A program outside Cavalo is to move: its referee brings the move
    /// ([`Session::play_brought`]).
    Program,
    /// The game is over or abandoned.
    Ended,
}

/// One game and the stores that record it.
pub struct Session {
    game: Game,
    sinks: Vec<Box<dyn Sink>>,
    warnings: Vec<String>,
}

impl std::ops::Deref for Session {
    type Target = Game;

    /// The game, for reading.
    fn deref(&self) -> &Game {
        &self.game
    }
}

impl From<Game> for Session {
    /// A session going on with `game` (loaded from a store), recorded nowhere until given stores.
    fn from(game: Game) -> Session {
        Session { game, sinks: Vec::new(), warnings: Vec::new() }
    }
}

impl Session {
    /// Starts a game: its log (when `config.log` names one) gets the game's header, and its
    /// record goes into `config.games_dir` (when it names one) when it ends.
    pub fn new(config: GameConfig) -> Result<Session, SessionError> {
        let mut s = Session::from(Game::new(config)?);
        if let Some(dir) = s.config().games_dir.clone() {
            s.sinks.push(Box::new(RecordSink(dir)));
        }
        if let Some(path) = s.config().log.clone() {
            s.add_sink(Box::new(LogSink(path)), true)?;
        }
        Ok(s)
    }

    /// The game, for reading.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Records this game's events in `sink` from now on; with `started`, first records the
    /// game as it stands (its set-up and plies so far).
    pub fn add_sink(&mut self, mut sink: Box<dyn Sink>, started: bool) -> Result<(), SessionError> {
        if started {
            sink.record(&self.game, &GameEvent::Started)?;
        }
        if sink.must_record() {
            self.sinks.insert(0, sink);
        } else {
            self.sinks.push(sink);
        }
        Ok(())
    }

    /// Keeps this game in the games database `db` from now on: writes it there whole (set-up
    /// and plies so far), then every ply before the game moves on, undo and abandoning.
    pub fn attach_store(&mut self, db: Arc<Db>) -> Result<(), SessionError> {
        self.add_sink(Box::new(DbSink(db)), true)
    }

    /// Keeps this game, loaded from the games database `db` (as [`Db::load`] gives it), in `db`
    /// from now on, without writing it again.
    pub fn keep_in(&mut self, db: Arc<Db>) {
        self.sinks.insert(0, Box::new(DbSink(db)));
    }

    /// Appends this game's log lines to `path` from now on (none: no log). A game loaded from
    /// the database has no log until it is given one: stored games keep no paths.
    pub fn set_log(&mut self, path: Option<PathBuf>) {
        self.game.config_mut().log = path.clone();
        if let Some(path) = path {
            self.sinks.push(Box::new(LogSink(path)));
        }
    }

    /// Writes this game's record into `dir` when it ends (none: no record). A game loaded from
    /// the database has no record directory until it is given one.
    pub fn set_games_dir(&mut self, dir: Option<PathBuf>) {
        self.game.config_mut().games_dir = dir.clone();
        if let Some(dir) = dir {
            self.sinks.push(Box::new(RecordSink(dir)));
        }
    }

    /// Problems that did not stop the game (a log that could not be written), taken once.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Has every store record `event`, then applies it. A store that must record it and cannot
    /// leaves the game as it was (except abandoning, which always happens: the failure is a
    /// warning); the others' failures are warnings.
    fn commit(&mut self, event: GameEvent) -> Result<(), SessionError> {
        let strict = !matches!(event, GameEvent::Abandoned);
        self.commit_as(event, strict)
    }

    /// [`commit`](Session::commit), with `strict` saying whether a store that must record the
    /// event and cannot stops it.
    fn commit_as(&mut self, event: GameEvent, strict: bool) -> Result<(), SessionError> {
        let mut next = self.game.clone();
        next.apply(&event);
        for sink in &mut self.sinks {
            match sink.record(&next, &event) {
                Ok(Some(path)) => next.set_record_path(path),
                Ok(None) => {}
                Err(e) if strict && sink.must_record() => return Err(e),
                Err(e) => self.warnings.push(e.to_string()),
            }
        }
        self.game = next;
        Ok(())
    }

    fn commit_ply(&mut self, event: GameEvent) -> Result<&Ply, SessionError> {
        self.commit(event)?;
        Ok(self.game.last_ply().expect("a ply was just played"))
    }

    // ---- playing ----

    /// Takes the game's next step that needs no player: plays a forced ply, or gives the
    /// computer's search to run, or says that a human is to move or that the game has ended.
    pub fn advance(&mut self) -> Result<Advance, SessionError> {
        match self.turn() {
            Turn::Forced { .. } => self.play_forced().map(|_| Advance::Played),
            Turn::Computer(_) => self.begin_think().map(|job| Advance::Think(Box::new(job))),
            Turn::Human(_) => Ok(Advance::Human),
            Turn::Program(_) => Ok(Advance::Program),
            Turn::Over(_) | Turn::Quit => Ok(Advance::Ended),
        }
    }

    /// Plays a human's move (from [`interpret_move`](crate::interpret_move) or any legal move).
    pub fn play_human(&mut self, mv: Move) -> Result<&Ply, SessionError> {
        let event = self.game.human_move(mv)?;
        self.commit_ply(event)
    }

    /// Plays the move `mv` of a program outside Cavalo, brought by its referee after `time`
    /// (see [`Game::brought_move`]).
    pub fn play_brought(&mut self, mv: Move, time: std::time::Duration) -> Result<&Ply, SessionError> {
        let event = self.game.brought_move(mv, time)?;
        self.commit_ply(event)
    }

    /// Plays the only legal move (a placement or a pass) of a [`Turn::Forced`].
    pub fn play_forced(&mut self) -> Result<&Ply, SessionError> {
        let event = self.game.forced_move()?;
        self.commit_ply(event)
    }

    /// The computer's search, to run on any thread (see [`ThinkJob`]); it carries no engine
    /// unless its driver lends one.
    pub fn begin_think(&mut self) -> Result<ThinkJob, SessionError> {
        let Turn::Computer(side) = self.turn() else {
            return Err(not_now(self.turn(), SessionError::NotComputerTurn));
        };
        let PlayerConfig::Computer(cfg) = self.player(side).clone() else { unreachable!() };
        Ok(self.job(Purpose::Move(side), cfg))
    }

    fn job(&self, purpose: Purpose, engine: EngineConfig) -> ThinkJob {
        ThinkJob {
            purpose,
            position: self.position().clone(),
            player: None,
            engine,
            limits: Limits::movetime_ms(self.config().time_ms.max(1)),
            plies_at_start: self.plies().len(),
        }
    }

    /// Whether `thought` was searched for the game as it stands.
    fn is_current(&self, thought: &Thought) -> bool {
        thought.plies_at_start == self.plies().len()
            && thought.position == *self.position()
            && self.status() != Status::Quit
    }

    /// Plays the move a [`ThinkJob`] found; [`SessionError::Stale`] when the game has moved on.
    pub fn finish_think(&mut self, thought: Thought) -> Result<&Ply, SessionError> {
        if thought.purpose == Purpose::Hint {
            return Err(SessionError::HintNotMove);
        }
        if !self.is_current(&thought) {
            return Err(SessionError::Stale);
        }
        let mv = thought.chosen_move().ok_or(SessionError::GameOver)?;
        let event = self.game.searched_move(mv, thought.elapsed, thought.result.info)?;
        self.commit_ply(event)
    }

    /// Searches and plays the computer's move on this thread, with a new engine.
    pub fn play_computer(
        &mut self,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<&Ply, SessionError> {
        let job = self.begin_think()?;
        let thought = job.run(stop, on_info);
        self.finish_think(thought)
    }

    /// A search for the side to move, to suggest a move to a human. Uses the game's computer
    /// player when there is one, else our engine; same time limit as the computer's.
    pub fn begin_hint(&mut self) -> Result<ThinkJob, SessionError> {
        match self.status() {
            Status::Playing => {}
            Status::Over => return Err(SessionError::GameOver),
            Status::Quit => return Err(SessionError::Abandoned),
        }
        // A hint is our engine's at full strength, with the game's engine's resources when it
        // plays one (whatever its level), else a small table.
        let mut cfg = self
            .config()
            .players
            .iter()
            .find_map(|p| match p {
                PlayerConfig::Computer(c) if c.engine == PlayerKind::Cavalo => Some(c.clone()),
                _ => None,
            })
            .unwrap_or_else(|| {
                let mut e = EngineConfig::new(PlayerKind::Cavalo);
                e.options.hash_mib = 16;
                e
            });
        cfg.options.level = cavalo_engine::level::FULL;
        Ok(self.job(Purpose::Hint, cfg))
    }

    /// The suggestion of a hint search; [`SessionError::Stale`] when the game has moved on.
    pub fn finish_hint(&mut self, thought: Thought) -> Result<(Move, SearchInfo), SessionError> {
        if thought.position != *self.position() {
            return Err(SessionError::Stale);
        }
        let mv = thought.chosen_move();
        mv.map(|m| (m, thought.result.info)).ok_or(SessionError::GameOver)
    }

    /// A hint computed on this thread, with a new engine.
    pub fn hint(
        &mut self,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<(Move, SearchInfo), SessionError> {
        let job = self.begin_hint()?;
        let thought = job.run(stop, on_info);
        self.finish_hint(thought)
    }

    /// Gives back the [`Thought`] of a search run by the driver: plays the computer's move, or
    /// returns the hint. [`SessionError::Stale`] when the game has moved on since the search began
    /// (the result is dropped). Take the engine back first ([`Thought::take_engine`]) to keep it.
    pub fn finish(&mut self, thought: Thought) -> Result<Finished, SessionError> {
        match thought.purpose {
            Purpose::Hint => self.finish_hint(thought).map(|(mv, info)| Finished::Hint { mv, info }),
            Purpose::Move(_) => self.finish_think(thought).map(|p| Finished::Played(p.clone())),
        }
    }

    /// Takes back the last ply a human chose (not a forced one) and every ply after it (the
    /// computer's reply, passes). Returns the plies taken back, in the order they were played.
    pub fn undo(&mut self) -> Result<Vec<Ply>, SessionError> {
        let event = self.game.undo()?;
        let GameEvent::Undone(undone) = &event else { unreachable!("undo makes Undone") };
        let undone = undone.clone();
        self.commit(event)?;
        Ok(undone)
    }

    /// Abandons the game: every store records it (a failure there becomes a warning: a player
    /// leaving is never refused). Nothing happens to a game that has ended.
    pub fn quit(&mut self) {
        if let Some(event) = self.game.abandon() {
            let _ = self.commit(event);
        }
    }

    /// Abandons the game only if the stores that must record it (the games database) can: on
    /// their failure the game goes on as it was. [`SessionError::GameOver`] or
    /// [`SessionError::Abandoned`] when it has ended already.
    pub fn abandon(&mut self) -> Result<(), SessionError> {
        match self.game.abandon() {
            Some(event) => self.commit_as(event, true),
            None if self.status() == Status::Over => Err(SessionError::GameOver),
            None => Err(SessionError::Abandoned),
        }
    }

    // ---- what the stores make of it ----

    /// The game record: the moves, the result and points when over, and in `meta` the id, date,
    /// mode, players, time limit, status and every ply's statistics.
    pub fn record(&self) -> GameRecord {
        store::record::build(&self.game)
    }

    /// Writes the record to `<games_dir>/<id>.json` atomically (a temporary file, then a rename)
    /// and returns its path. Without a configured `games_dir`, writes to `games/`.
    pub fn save_record(&mut self) -> Result<PathBuf, SessionError> {
        let dir = self.config().games_dir.clone().unwrap_or_else(|| PathBuf::from("games"));
        let path = store::save_record(&dir, self.id(), &self.record().to_json())
            .map_err(|e| FileError::new(FileKind::Record, dir.join(format!("{}.json", self.id())), &e))?;
        self.game.set_record_path(path.clone());
        Ok(path)
    }

    /// The session's game as JSON (set-up and plies).
    pub fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// Restores a game saved with [`to_json`](Session::to_json), checking every ply, recorded
    /// nowhere. The current turn's clock restarts. Nothing is logged.
    pub fn from_json(text: &str) -> Result<Session, SessionError> {
        Game::from_json(text).map(Session::from)
    }

    /// This game alone in the course's `log.dat` format, as it stands (see
    /// [`logfile::game_text`]).
    pub fn log_text(&self) -> String {
        logfile::game_text(&self.game)
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.game.fmt(f)
    }
}
