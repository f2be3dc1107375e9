//! The game session: turns, players, engine calls, undo, clocks, log and record.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cavalo_engine::{Limits, Player, PlayerKind, SearchInfo};
use cavalo_rules::{Move, Outcome, Position, Side};
use serde::{Deserialize, Serialize};

use crate::config::{EngineConfig, GameConfig, Mode, PlayerConfig};
use crate::datetime::now_iso;
use crate::error::SessionError;
use crate::ply::{Actor, Ply, SideSummary};
use crate::search::{Purpose, ThinkJob, Thought};
use crate::store::{self, Db, logfile};

mod saved;

use saved::SessionData;

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

/// The error for a call that does not fit `turn`: the game's end, or `otherwise`.
fn not_now(turn: Turn, otherwise: SessionError) -> SessionError {
    match turn {
        Turn::Over(_) => SessionError::GameOver,
        Turn::Quit => SessionError::Abandoned,
        _ => otherwise,
    }
}

/// Whose turn it is and what kind of turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A human is to play `side`: call [`Session::play_human`].
    Human(Side),
    /// A computer is to play `side`: call [`Session::play_computer`] (or
    /// [`Session::begin_think`] and [`Session::finish_think`] to search on another thread).
    Computer(Side),
    /// `side` has one legal move, a placement or a pass: announce it and call
    /// [`Session::play_forced`].
    Forced {
        /// The side to play.
        side: Side,
        /// Its only move.
        mv: Move,
    },
    /// The game is over.
    Over(Outcome),
    /// The game was abandoned with [`Session::quit`].
    Quit,
}

/// The state of the game as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Moves are still to be played.
    Playing,
    /// Neither side can move.
    Over,
    /// Abandoned.
    Quit,
}

impl Status {
    /// `playing`, `over` or `quit`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Over => "over",
            Status::Quit => "quit",
        }
    }
}

/// One game: its set-up, its plies, and the players' engines.
pub struct Session {
    id: String,
    date: String,
    config: GameConfig,
    plies: Vec<Ply>,
    quit: bool,
    record_path: Option<PathBuf>,
    initial: Position,
    pos: Position,
    players: [Option<Box<dyn Player>>; 2],
    hint_player: Option<Box<dyn Player>>,
    engines_lent: bool,
    turn_started: Instant,
    warnings: Vec<String>,
    store: Option<Arc<Db>>,
}

/// A new game id: a random (version 4) UUID, 122 random bits, so ids never collide.
fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

impl Session {
    /// Starts a game. Writes the game's header to the log when one is configured.
    pub fn new(config: GameConfig) -> Result<Session, SessionError> {
        let data = SessionData {
            id: new_id(),
            date: now_iso(),
            config,
            plies: Vec::new(),
            quit: false,
            record_path: None,
        };
        let mut s = Session::assemble(data).map_err(SessionError::Start)?;
        let header = logfile::header(&s);
        s.log(&header);
        Ok(s)
    }

    // ---- reading ----

    /// A unique id (a random UUID, `0f8c…-…`), also the record's file name. Games saved before
    /// ids were UUIDs keep their old ids (`20250301-140509-1a2b`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// When the game started (ISO 8601, UTC).
    pub fn date(&self) -> &str {
        &self.date
    }

    /// The set-up.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The mode the players make.
    pub fn mode(&self) -> Mode {
        self.config.mode()
    }

    /// The player of `side`.
    pub fn player(&self, side: Side) -> &PlayerConfig {
        self.config.player(side)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn initial_position(&self) -> &Position {
        &self.initial
    }

    /// Every ply played so far.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The last ply, if any.
    pub fn last_ply(&self) -> Option<&Ply> {
        self.plies.last()
    }

    /// Where the record was last saved.
    pub fn record_path(&self) -> Option<&PathBuf> {
        self.record_path.as_ref()
    }

    /// Playing, over or quit.
    pub fn status(&self) -> Status {
        if self.quit {
            Status::Quit
        } else if self.pos.is_over() {
            Status::Over
        } else {
            Status::Playing
        }
    }

    /// What happens next.
    pub fn turn(&self) -> Turn {
        if self.quit {
            return Turn::Quit;
        }
        if let Some(o) = self.pos.outcome() {
            return Turn::Over(o);
        }
        let side = self.pos.side_to_move();
        let moves = self.pos.legal_moves();
        if moves.len() == 1 && (moves[0].is_pass() || self.pos.knight(side).is_none()) {
            return Turn::Forced { side, mv: moves[0] };
        }
        if self.config.player(side).is_human() { Turn::Human(side) } else { Turn::Computer(side) }
    }

    /// The side of the human to move, or why a human may not move now (the computer's turn or a
    /// forced move, the game over or abandoned).
    pub fn human_to_move(&self) -> Result<Side, SessionError> {
        match self.turn() {
            Turn::Human(side) => Ok(side),
            t => Err(not_now(t, SessionError::NotHumanTurn)),
        }
    }

    /// Total time `side` has spent on its plies.
    pub fn clock(&self, side: Side) -> Duration {
        Duration::from_millis(self.plies.iter().filter(|p| p.side == side).map(|p| p.time_ms).sum())
    }

    /// Time since the current turn started (what the player to move has used so far).
    pub fn turn_elapsed(&self) -> Duration {
        self.turn_started.elapsed()
    }

    /// Problems that did not stop the game (a log that could not be written), taken once.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Per-side totals.
    pub fn summary(&self) -> [SideSummary; 2] {
        Side::BOTH
            .map(|side| SideSummary::of(self.player(side).label(), self.pos.points(side), side, &self.plies))
    }

    /// Keeps this game in the games database `db` from now on: writes it there whole (set-up
    /// and plies so far), then every ply before the game moves on, undo and abandoning.
    pub fn attach_store(&mut self, db: Arc<Db>) -> Result<(), SessionError> {
        db.put_game(self)?;
        self.store = Some(db);
        Ok(())
    }

    /// Keeps this game, loaded from the games database `db` (as [`Db::load`] gives it), in `db`
    /// from now on, without writing it again.
    pub fn keep_in(&mut self, db: Arc<Db>) {
        self.store = Some(db);
    }

    /// Appends this game's log lines to `path` from now on (none: no log). A game loaded from
    /// the database has no log until it is given one: stored games keep no paths.
    pub fn set_log(&mut self, path: Option<PathBuf>) {
        self.config.log = path;
    }

    /// Writes this game's record into `dir` when it ends (none: no record). A game loaded from
    /// the database has no record directory until it is given one.
    pub fn set_games_dir(&mut self, dir: Option<PathBuf>) {
        self.config.games_dir = dir;
    }

    /// The games database this game is kept in, if any.
    pub fn store(&self) -> Option<&Arc<Db>> {
        self.store.as_ref()
    }

    // ---- playing ----

    /// Plays a human's move (from [`interpret_move`](crate::interpret_move) or any legal move).
    pub fn play_human(&mut self, mv: Move) -> Result<&Ply, SessionError> {
        match self.turn() {
            Turn::Human(_) => {}
            Turn::Forced { .. } => {}
            t => return Err(not_now(t, SessionError::NotHumanTurn)),
        }
        let mv = self.pos.check_move(mv)?;
        let time = self.turn_started.elapsed();
        let forced = matches!(self.turn(), Turn::Forced { .. });
        self.apply(mv, Actor::Human, forced, time, None)
    }

    /// Plays the only legal move (a placement or a pass) of a [`Turn::Forced`].
    pub fn play_forced(&mut self) -> Result<&Ply, SessionError> {
        let Turn::Forced { side, mv } = self.turn() else {
            return Err(not_now(self.turn(), SessionError::NotForced));
        };
        let by = if self.config.player(side).is_human() { Actor::Human } else { Actor::Computer };
        self.apply(mv, by, true, Duration::ZERO, None)
    }

    /// Takes the computer's search out of the session (see [`ThinkJob`]).
    pub fn begin_think(&mut self) -> Result<ThinkJob, SessionError> {
        let Turn::Computer(side) = self.turn() else {
            return Err(not_now(self.turn(), SessionError::NotComputerTurn));
        };
        let PlayerConfig::Computer(cfg) = self.config.player(side).clone() else { unreachable!() };
        let kept = self.players[side.index()].take();
        let player = self.kept_engine(kept, &cfg);
        Ok(ThinkJob {
            purpose: Purpose::Move(side),
            position: self.pos.clone(),
            player,
            engine: cfg,
            limits: Limits::movetime_ms(self.config.time_ms.max(1)),
            plies_at_start: self.plies.len(),
        })
    }

    /// Plays the move a [`ThinkJob`] found; [`SessionError::Stale`] when the game has moved on.
    pub fn finish_think(&mut self, mut thought: Thought) -> Result<&Ply, SessionError> {
        let Purpose::Move(_) = thought.purpose else {
            self.keep_engine(thought.purpose, thought.player);
            return Err(SessionError::HintNotMove);
        };
        let mv = thought.chosen_move();
        self.keep_engine(thought.purpose, thought.player.take());
        if thought.plies_at_start != self.plies.len() || thought.position != self.pos || self.quit {
            return Err(SessionError::Stale);
        }
        let mv = mv.ok_or(SessionError::GameOver)?;
        self.apply(mv, Actor::Computer, false, thought.elapsed, Some(thought.result.info))
    }

    /// Searches and plays the computer's move on this thread.
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
        let cfg = self
            .config
            .players
            .iter()
            .find_map(|p| match p {
                PlayerConfig::Computer(c) => Some(c.clone()),
                _ => None,
            })
            .unwrap_or_else(|| {
                let mut e = EngineConfig::new(PlayerKind::Cavalo);
                e.options.hash_mib = 16;
                e
            });
        let kept = self.hint_player.take();
        let player = self.kept_engine(kept, &cfg);
        Ok(ThinkJob {
            purpose: Purpose::Hint,
            position: self.pos.clone(),
            player,
            engine: cfg,
            limits: Limits::movetime_ms(self.config.time_ms.max(1)),
            plies_at_start: self.plies.len(),
        })
    }

    /// The suggestion of a hint search; [`SessionError::Stale`] when the game has moved on.
    pub fn finish_hint(&mut self, thought: Thought) -> Result<(Move, SearchInfo), SessionError> {
        let mv = thought.chosen_move();
        let stale = thought.position != self.pos;
        let info = thought.result.info.clone();
        self.keep_engine(thought.purpose, thought.player);
        if stale {
            return Err(SessionError::Stale);
        }
        mv.map(|m| (m, info)).ok_or(SessionError::GameOver)
    }

    /// A hint computed on this thread.
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
    /// (the result is dropped).
    pub fn finish(&mut self, thought: Thought) -> Result<Finished, SessionError> {
        match thought.purpose {
            Purpose::Hint => self.finish_hint(thought).map(|(mv, info)| Finished::Hint { mv, info }),
            Purpose::Move(_) => self.finish_think(thought).map(|p| Finished::Played(p.clone())),
        }
    }

    /// Whether the session's engines are lent (see [`set_engines_lent`](Session::set_engines_lent)).
    pub fn engines_lent(&self) -> bool {
        self.engines_lent
    }

    /// When `lent`, the session keeps no engine between searches: the jobs of
    /// [`begin_think`](Session::begin_think) and [`begin_hint`](Session::begin_hint) carry none
    /// (the driver lends one, [`ThinkJob::lend`]) and [`finish`](Session::finish) drops what a
    /// thought brings back (take it first with [`Thought::take_engine`]). A server does this so
    /// that memory is bounded by its pool, not by its games. Drops the engines kept so far.
    /// Otherwise (the default, terminal play) each computer player keeps its engine and its
    /// table for the whole game.
    pub fn set_engines_lent(&mut self, lent: bool) {
        self.engines_lent = lent;
        if lent {
            self.players = [None, None];
            self.hint_player = None;
        }
    }

    /// The engine for a search: none when engines are lent, else the one kept or a new one.
    fn kept_engine(&self, kept: Option<Box<dyn Player>>, cfg: &EngineConfig) -> Option<Box<dyn Player>> {
        if self.engines_lent { None } else { Some(kept.unwrap_or_else(|| cfg.build())) }
    }

    /// Keeps the engine a search brings back for the next search of the same purpose (unless
    /// engines are lent).
    fn keep_engine(&mut self, purpose: Purpose, player: Option<Box<dyn Player>>) {
        if self.engines_lent {
            return;
        }
        match purpose {
            Purpose::Hint => self.hint_player = player,
            Purpose::Move(s) => self.players[s.index()] = player,
        }
    }

    /// Whether [`undo`](Session::undo) has a human move to take back.
    pub fn can_undo(&self) -> bool {
        !self.quit && self.plies.iter().any(|p| p.by == Actor::Human && !p.forced)
    }

    /// Takes back the last ply a human chose (not a forced one) and every ply after it (the
    /// computer's reply, passes). Returns the plies taken back, in the order they were played.
    pub fn undo(&mut self) -> Result<Vec<Ply>, SessionError> {
        if self.quit {
            return Err(SessionError::Abandoned);
        }
        let Some(i) = self.plies.iter().rposition(|p| p.by == Actor::Human && !p.forced) else {
            return Err(SessionError::NothingToUndo);
        };
        let mut kept = self.plies.clone();
        let undone = kept.split_off(i);
        if let Some(db) = &self.store {
            db.undo(&self.id, kept.len(), kept.last().map_or([0, 0], |p| p.points))?;
        }
        self.plies = kept;
        self.pos = self.replay_plies()?;
        self.turn_started = Instant::now();
        let line = logfile::undo_line(&self.id, undone.len(), self.plies.len());
        self.log(&line);
        Ok(undone)
    }

    /// Abandons the game: the log gets its footer, the games database marks it abandoned (a
    /// failure there becomes a warning). Save the record with
    /// [`save_record`](Session::save_record).
    pub fn quit(&mut self) {
        if !self.quit && !self.pos.is_over() {
            self.quit = true;
            if let Some(Err(e)) = self.store.as_ref().map(|db| db.abandon(&self.id)) {
                self.warnings.push(e.to_string());
            }
            let f = logfile::footer(self);
            self.log(&f);
        }
        self.quit = true;
    }

    fn apply(
        &mut self,
        mv: Move,
        by: Actor,
        forced: bool,
        time: Duration,
        search: Option<SearchInfo>,
    ) -> Result<&Ply, SessionError> {
        let side = self.pos.side_to_move();
        let before = self.pos.points(side);
        let mut after = self.pos.clone();
        after.play(mv);
        let ply = Ply {
            number: self.plies.len() as u32 + 1,
            side,
            mv,
            by,
            forced,
            gained: after.points(side) - before,
            points: [after.points(Side::White), after.points(Side::Black)],
            time_ms: time.as_millis() as u64,
            search,
        };
        // Stored first: a ply the caller acknowledges is on disk; a failed write changes nothing.
        if let Some(db) = &self.store {
            db.add_ply(&self.id, &ply, &after)?;
        }
        self.pos = after;
        self.plies.push(ply);
        self.turn_started = Instant::now();
        let entry = logfile::ply_entry(
            &self.id,
            self.plies.last().expect("just pushed"),
            self.player(side),
            &self.pos,
        );
        self.log(&entry);
        if self.pos.is_over() {
            let f = logfile::footer(self);
            self.log(&f);
        }
        Ok(self.plies.last().expect("just pushed"))
    }

    fn replay_plies(&self) -> Result<Position, SessionError> {
        let mut pos = self.initial.clone();
        for p in &self.plies {
            let mv =
                pos.check_move(p.mv).map_err(|e| SessionError::Restore(format!("ply {}: {e}", p.number)))?;
            pos.play(mv);
        }
        Ok(pos)
    }

    fn log(&mut self, text: &str) {
        if let Some(path) = &self.config.log
            && let Err(e) = store::append_log(path, text)
        {
            self.warnings.push(format!("could not write the log {}: {e}", path.display()));
        }
    }

    /// The position before the first ply, then after every ply: `plies().len() + 1` positions,
    /// for reviewing a game.
    pub fn positions(&self) -> Vec<Position> {
        let mut pos = self.initial.clone();
        let mut out = Vec::with_capacity(self.plies.len() + 1);
        out.push(pos.clone());
        for p in &self.plies {
            pos.play(p.mv);
            out.push(pos.clone());
        }
        out
    }

    /// This game alone in the course's `log.dat` format, as it stands (plies taken back are
    /// left out): the `GAME` line, every ply with its board, and the `END` line once the game is
    /// over or abandoned. For downloading one game's log.
    pub fn log_text(&self) -> String {
        let mut out = logfile::header(self);
        let positions = self.positions();
        for (p, after) in self.plies.iter().zip(&positions[1..]) {
            out.push_str(&logfile::ply_entry(&self.id, p, self.player(p.side), after));
        }
        if self.status() != Status::Playing {
            out.push_str(&logfile::footer(self));
        }
        out
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("id", &self.id).field("position", &self.pos.to_string()).finish()
    }
}
