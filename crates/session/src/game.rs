//! The game as a value: its set-up, its plies, whose turn it is, undo and the clocks.
//!
//! A [`Game`] does no I/O and holds no engine. Its commands ([`Game::human_move`],
//! [`Game::forced_move`], [`Game::searched_move`], [`Game::undo`], [`Game::abandon`]) do not change
//! it: each answers the [`GameEvent`] it would make, or why it cannot be made. The event is then
//! recorded by the stores ([`Sink`](crate::Sink)s) and applied with [`Game::apply`], so that
//! nothing is acknowledged before it is on disk and a failed write changes nothing
//! ([`Session`](crate::Session) does this).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cavalo_engine::SearchInfo;
use cavalo_rules::{Move, MoveError, Outcome, Position, RecordError, Side};
use serde::{Deserialize, Serialize};

use crate::config::{GameConfig, Mode, PlayerConfig};
use crate::datetime::now_iso;
use crate::error::{RestoreError, SessionError};
use crate::ply::{Actor, Ply, SideSummary};

/// What a command did to the game: what the stores record and [`Game::apply`] applies.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    /// The game began (its set-up is the game's).
    Started,
    /// A ply was played; the game may have ended with it (see [`Game::status`]).
    Played(Ply),
    /// Plies were taken back: these, in the order they were played.
    Undone(Vec<Ply>),
    /// The game was abandoned before its end.
    Abandoned,
}

/// Whose turn it is and what kind of turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A human is to play `side`.
    Human(Side),
    /// A computer is to play `side`: a search, then [`Game::searched_move`].
    Computer(Side),
    /// `side` is to play in a game with a program outside Cavalo (a team's program in the
    /// arena): a referee plays such a game and brings every move of both sides, forced ones too
    /// ([`Game::brought_move`]).
    Program(Side),
    /// `side` has one legal move, a placement or a pass: announce it and play it
    /// ([`Game::forced_move`]).
    Forced {
        /// The side to play.
        side: Side,
        /// Its only move.
        mv: Move,
    },
    /// The game is over.
    Over(Outcome),
    /// The game was abandoned.
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

/// The error for a call that does not fit `turn`: the game's end, or `otherwise`.
pub(crate) fn not_now(turn: Turn, otherwise: SessionError) -> SessionError {
    match turn {
        Turn::Over(_) => SessionError::GameOver,
        Turn::Quit => SessionError::Abandoned,
        _ => otherwise,
    }
}

/// A new game id: a random (version 4) UUID, 122 random bits, so ids never collide.
fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// One game: its set-up and its plies, and what follows from them.
#[derive(Clone)]
pub struct Game {
    id: String,
    date: String,
    config: GameConfig,
    plies: Vec<Ply>,
    quit: bool,
    record_path: Option<PathBuf>,
    initial: Position,
    pos: Position,
    turn_started: Instant,
}

/// The saved form of a game (set-up, plies, whether abandoned).
#[derive(Serialize, Deserialize)]
struct GameData {
    id: String,
    date: String,
    config: GameConfig,
    plies: Vec<Ply>,
    quit: bool,
    #[serde(default)]
    record_path: Option<PathBuf>,
}

impl Game {
    /// A new game with `config`, a new id and today's date; its [`GameEvent::Started`] is still
    /// to be recorded. The error says why the start is not a position.
    pub fn new(config: GameConfig) -> Result<Game, SessionError> {
        let data = GameData {
            id: new_id(),
            date: now_iso(),
            config,
            plies: Vec::new(),
            quit: false,
            record_path: None,
        };
        Game::assemble(data).map_err(SessionError::Start)
    }

    /// The game of `record` played again by `players` under a new id (its date `date`, the
    /// record's [`SessionMeta::date`](crate::store::SessionMeta::date), when it has one): every
    /// move checked, the forced ones (placements, passes) marked so, no time spent and no search.
    /// A record that stops before the end gives an abandoned game, so that nobody is asked to
    /// play it on.
    pub fn of_record(
        record: &cavalo_rules::GameRecord,
        date: Option<&str>,
        players: [PlayerConfig; 2],
    ) -> Result<Game, SessionError> {
        let config = GameConfig { rules: record.rules, players, ..GameConfig::new(record.start.clone()) };
        let mut game = Game::new(config)?;
        // Only a date written our way is kept (a text from elsewhere reaches log.dat's lines).
        if let Some(date) = date
            && crate::datetime::is_iso(date)
        {
            game.date = date.to_string();
        }
        // The record's own reading checks every move against the rules.
        let moves = record.parsed_moves().map_err(|e| match e {
            RecordError::Start(p) => SessionError::Start(p),
            RecordError::Move { error: MoveError::Illegal(e), .. } => SessionError::Illegal(e),
            RecordError::Move { error: MoveError::Parse(e), .. } => SessionError::Unreadable(e),
            other => RestoreError::Json(other.to_string()).into(),
        })?;
        for mv in moves {
            let side = game.pos.side_to_move();
            let forced = matches!(game.turn(), Turn::Forced { .. });
            let by = if game.config.player(side).is_human() { Actor::Human } else { Actor::Computer };
            let ply = game.ply(mv, by, forced, Duration::ZERO, None);
            game.apply(&ply);
        }
        game.quit = !game.pos.is_over();
        Ok(game)
    }

    fn assemble(d: GameData) -> Result<Game, cavalo_rules::PositionError> {
        let initial = d.config.start.position(d.config.rules)?;
        Ok(Game {
            id: d.id,
            date: d.date,
            config: d.config,
            plies: d.plies,
            quit: d.quit,
            record_path: d.record_path,
            pos: initial.clone(),
            initial,
            turn_started: Instant::now(),
        })
    }

    fn data(&self) -> GameData {
        GameData {
            id: self.id.clone(),
            date: self.date.clone(),
            config: self.config.clone(),
            plies: self.plies.clone(),
            quit: self.quit,
            record_path: self.record_path.clone(),
        }
    }

    /// The game as JSON (set-up and plies).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.data()).expect("a game always serialises")
    }

    /// Restores a game saved with [`to_json`](Game::to_json), checking every ply. The current
    /// turn's clock restarts.
    pub fn from_json(text: &str) -> Result<Game, SessionError> {
        let data: GameData = serde_json::from_str(text)
            .map_err(|e| SessionError::Restore(RestoreError::Json(e.to_string())))?;
        Game::from_data(data)
    }

    fn from_data(d: GameData) -> Result<Game, SessionError> {
        let mut g = Game::assemble(d).map_err(RestoreError::Start)?;
        g.pos = g.replay_plies()?;
        for (i, p) in g.plies.iter().enumerate() {
            if p.number as usize != i + 1 {
                return Err(RestoreError::Numbering { index: i + 1, number: p.number }.into());
            }
        }
        Ok(g)
    }

    fn replay_plies(&self) -> Result<Position, RestoreError> {
        let mut pos = self.initial.clone();
        for p in &self.plies {
            let mv = pos.check_move(p.mv).map_err(|error| RestoreError::Ply { number: p.number, error })?;
            pos.play(mv);
        }
        Ok(pos)
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
        if self.config.players.iter().any(PlayerConfig::is_program) {
            return Turn::Program(side);
        }
        if let Some(mv) = self.only_move() {
            return Turn::Forced { side, mv };
        }
        if self.config.player(side).is_human() { Turn::Human(side) } else { Turn::Computer(side) }
    }

    /// The side to move's only move when it is a placement or a pass (no choice to make).
    fn only_move(&self) -> Option<Move> {
        let side = self.pos.side_to_move();
        let moves = self.pos.legal_moves();
        (moves.len() == 1 && (moves[0].is_pass() || self.pos.knight(side).is_none())).then(|| moves[0])
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

    /// Per-side totals.
    pub fn summary(&self) -> [SideSummary; 2] {
        Side::BOTH
            .map(|side| SideSummary::of(self.player(side).label(), self.pos.points(side), side, &self.plies))
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

    /// Whether [`undo`](Game::undo) has a human move to take back.
    pub fn can_undo(&self) -> bool {
        self.undo_side().is_some()
    }

    /// The side whose move an undo takes back: the side of the last move a human chose (forced
    /// moves are not chosen); `None` when there is nothing to take back.
    pub fn undo_side(&self) -> Option<Side> {
        if self.quit {
            return None;
        }
        self.plies.iter().rev().find(|p| p.by == Actor::Human && !p.forced).map(|p| p.side)
    }

    // ---- commands: the event each would make ----

    /// A human's move (from [`interpret_move`](crate::interpret_move) or any legal move), on a
    /// human's turn or a forced one.
    pub fn human_move(&self, mv: Move) -> Result<GameEvent, SessionError> {
        let forced = match self.turn() {
            Turn::Human(_) => false,
            Turn::Forced { .. } => true,
            t => return Err(not_now(t, SessionError::NotHumanTurn)),
        };
        let mv = self.pos.check_move(mv)?;
        Ok(self.ply(mv, Actor::Human, forced, self.turn_started.elapsed(), None))
    }

    /// The only legal move (a placement or a pass) of a [`Turn::Forced`].
    pub fn forced_move(&self) -> Result<GameEvent, SessionError> {
        let Turn::Forced { side, mv } = self.turn() else {
            return Err(not_now(self.turn(), SessionError::NotForced));
        };
        let by = if self.config.player(side).is_human() { Actor::Human } else { Actor::Computer };
        Ok(self.ply(mv, by, true, Duration::ZERO, None))
    }

    /// The computer's move `mv`, found in `time` by a search (`info`) of the current position.
    pub fn searched_move(
        &self,
        mv: Move,
        time: Duration,
        info: SearchInfo,
    ) -> Result<GameEvent, SessionError> {
        if !matches!(self.turn(), Turn::Computer(_)) {
            return Err(not_now(self.turn(), SessionError::NotComputerTurn));
        }
        let mv = self.pos.check_move(mv)?;
        Ok(self.ply(mv, Actor::Computer, false, time, Some(info)))
    }

    /// The move `mv` of a program outside Cavalo, brought by its referee after `time`: on a
    /// [`Turn::Program`] only (a placement or a pass with no choice is marked forced).
    pub fn brought_move(&self, mv: Move, time: Duration) -> Result<GameEvent, SessionError> {
        if !matches!(self.turn(), Turn::Program(_)) {
            return Err(not_now(self.turn(), SessionError::NotProgramTurn));
        }
        let mv = self.pos.check_move(mv)?;
        Ok(self.ply(mv, Actor::Computer, self.only_move().is_some(), time, None))
    }

    /// Takes back the last ply a human chose (not a forced one) and every ply after it (the
    /// computer's reply, passes).
    pub fn undo(&self) -> Result<GameEvent, SessionError> {
        if self.quit {
            return Err(SessionError::Abandoned);
        }
        let Some(i) = self.plies.iter().rposition(|p| p.by == Actor::Human && !p.forced) else {
            return Err(SessionError::NothingToUndo);
        };
        Ok(GameEvent::Undone(self.plies[i..].to_vec()))
    }

    /// Abandons the game; none when it has ended already (over or abandoned).
    pub fn abandon(&self) -> Option<GameEvent> {
        (self.status() == Status::Playing).then_some(GameEvent::Abandoned)
    }

    fn ply(
        &self,
        mv: Move,
        by: Actor,
        forced: bool,
        time: Duration,
        search: Option<SearchInfo>,
    ) -> GameEvent {
        let side = self.pos.side_to_move();
        let before = self.pos.points(side);
        let mut after = self.pos.clone();
        after.play(mv);
        GameEvent::Played(Ply {
            number: self.plies.len() as u32 + 1,
            side,
            mv,
            by,
            forced,
            gained: after.points(side) - before,
            points: [after.points(Side::White), after.points(Side::Black)],
            time_ms: time.as_millis() as u64,
            search,
        })
    }

    // ---- changing ----

    /// Applies `event`, made by one of this game's commands in its present state.
    pub fn apply(&mut self, event: &GameEvent) {
        match event {
            GameEvent::Started => {}
            GameEvent::Played(ply) => {
                self.pos.play(ply.mv);
                self.plies.push(ply.clone());
                self.turn_started = Instant::now();
            }
            GameEvent::Undone(undone) => {
                let keep = self.plies.len().saturating_sub(undone.len());
                self.plies.truncate(keep);
                self.pos = self.replay_plies().expect("the plies kept were legal");
                self.turn_started = Instant::now();
            }
            GameEvent::Abandoned => self.quit = true,
        }
    }

    /// Notes where the record was saved.
    pub(crate) fn set_record_path(&mut self, path: PathBuf) {
        self.record_path = Some(path);
    }

    /// Sets where the log goes and where records go (paths are not part of a stored game).
    pub(crate) fn config_mut(&mut self) -> &mut GameConfig {
        &mut self.config
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.data().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let data = GameData::deserialize(d)?;
        Game::from_data(data).map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game").field("id", &self.id).field("position", &self.pos.to_string()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::{GameRecord, Start};

    /// A game of two humans who always play their first legal move, to its end.
    fn played_out() -> Game {
        let mut config = GameConfig::new(Start::Seed(2));
        config.players = [PlayerConfig::human(), PlayerConfig::human()];
        let mut g = Game::new(config).unwrap();
        while g.status() == Status::Playing {
            let ev = match g.turn() {
                Turn::Forced { .. } => g.forced_move().unwrap(),
                _ => g.human_move(g.position().legal_moves()[0]).unwrap(),
            };
            g.apply(&ev);
        }
        g
    }

    #[test]
    fn a_record_is_played_again_under_a_new_id_with_its_forced_moves() {
        let g = played_out();
        let rec = crate::store::record::build(&g);
        let players = [PlayerConfig::human(), PlayerConfig::computer(cavalo_engine::PlayerKind::Greedy)];
        let meta = crate::store::SessionMeta::read(&rec.meta).unwrap();
        let again = Game::of_record(&rec, meta.date.as_deref(), players).unwrap();
        assert_ne!(again.id(), g.id());
        assert_eq!(again.date(), g.date(), "the record's date");
        assert_eq!(again.status(), Status::Over);
        assert_eq!(again.position(), g.position());
        let forced = |g: &Game| g.plies().iter().map(|p| (p.mv, p.forced)).collect::<Vec<_>>();
        assert_eq!(forced(&again), forced(&g));
        assert!(again.plies().iter().filter(|p| p.side == Side::Black).all(|p| p.by == Actor::Computer));
    }

    #[test]
    fn a_program_plays_only_the_moves_its_referee_brings() {
        let mut config = GameConfig::new(Start::Seed(2));
        let team = |name: &str| PlayerConfig::Program { name: name.into() };
        let level = PlayerConfig::Computer("cavalo:level=2".parse().unwrap());
        config.players = [team("Equipa 1 v2"), level];
        let mut g = Game::new(config).unwrap();
        // White's placement has no choice, yet the program is asked for it like any move.
        assert_eq!(g.turn(), Turn::Program(Side::White));
        let first = g.position().legal_moves()[0];
        assert_eq!(g.human_move(first), Err(SessionError::NotHumanTurn));
        assert!(g.forced_move().is_err());
        assert!(g.searched_move(first, Duration::ZERO, Default::default()).is_err());
        let ev = g.brought_move(first, Duration::from_millis(30)).unwrap();
        let GameEvent::Played(ply) = &ev else { panic!("{ev:?}") };
        assert_eq!((ply.by, ply.time_ms, ply.search.is_none()), (Actor::Computer, 30, true));
        g.apply(&ev);
        // The referee brings the other side's moves too (our engine's, at a level).
        assert_eq!(g.turn(), Turn::Program(Side::Black));
        let next = g.position().legal_moves()[0];
        g.apply(&g.brought_move(next, Duration::ZERO).unwrap());
        assert_eq!(g.turn(), Turn::Program(Side::White));
        g.apply(&g.abandon().unwrap());
        assert_eq!(g.brought_move(next, Duration::ZERO), Err(SessionError::Abandoned));
        // A program's label reads back as the same player; its name keeps its spaces.
        let label = g.player(Side::White).label();
        assert_eq!(label, "program:Equipa_1_v2");
        assert_eq!(PlayerConfig::from_label(&label), Some(team("Equipa 1 v2")));
    }

    #[test]
    fn a_record_keeps_only_a_date_written_our_way() {
        let g = played_out();
        let rec = crate::store::record::build(&g);
        let forged = "2025-03-01T14:05:09Z\nGAME id=forged";
        let again =
            Game::of_record(&rec, Some(forged), [PlayerConfig::human(), PlayerConfig::human()]).unwrap();
        assert!(crate::datetime::is_iso(again.date()), "{:?}", again.date());
        assert_ne!(again.date(), forged);
    }

    #[test]
    fn a_record_cut_short_is_abandoned_and_an_illegal_one_refused() {
        let g = played_out();
        let mut rec = crate::store::record::build(&g);
        rec.moves.truncate(5);
        let cut = Game::of_record(&rec, None, [PlayerConfig::human(), PlayerConfig::human()]).unwrap();
        assert_eq!((cut.status(), cut.plies().len()), (Status::Quit, 5));
        let mut bad = GameRecord::new(Start::Seed(2), Default::default());
        bad.moves = vec!["A1".into(), "A1".into()];
        assert!(Game::of_record(&bad, None, [PlayerConfig::human(), PlayerConfig::human()]).is_err());
    }
}
