//! The referee: plays one game between two players, keeping the position itself with the rules
//! crate and checking every move. An illegal move, a crash, a timeout or malformed output loses
//! the game, with the reason recorded.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use cavalo_rules::{GameRecord, Move, MoveError, Outcome, Position, Rules, Side, Start};

use crate::contestant::{Contestant, Question};
use crate::error::RecordMismatch;
use crate::external::EngineReport;
pub use crate::limits::{MatchLimits, MoveLimits};
use crate::lisp::report::LispReport;
use crate::meta::{MatchMeta, MoveStat, RecordedLimits};
use crate::spec::PlayerSpec;
use crate::termination::Deadline;
pub use crate::termination::{Failure, Fault, Forfeit, Termination};

/// At most `max` characters of `text`, for a summary line: when it must be cut, it is cut after
/// a word (unless that would lose more than a third), and ends with `…`.
pub fn cut_at_word(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    let cut = match head.rfind(' ') {
        Some(i) if i >= head.len() * 2 / 3 => &head[..i],
        _ => head.as_str(),
    };
    format!("{}…", cut.trim_end_matches([' ', ';', ',', ':', '(']))
}

/// One game to play: game `index` of the match is on board `seed`; pairs are games 2k and 2k+1
/// on the same board with the colours swapped, engine 1 White in the even game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// 0-based number of the game in the match.
    pub index: u64,
    /// The board.
    pub seed: u64,
}

impl GameSpec {
    /// The pair this game belongs to.
    pub fn pair(&self) -> u64 {
        self.index / 2
    }

    /// Engine 1's colour.
    pub fn engine1_side(&self) -> Side {
        if self.index.is_multiple_of(2) { Side::White } else { Side::Black }
    }
}

/// The players' names and the match settings a game needs.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// Engine 1.
    pub engine1: PlayerSpec,
    /// Engine 2.
    pub engine2: PlayerSpec,
    /// The rules variant.
    pub rules: Rules,
    /// The limits per move (of engine 1, and of engine 2 unless `limits2` is set).
    pub limits: MoveLimits,
    /// Engine 2's limits when they differ (e.g. a time handicap).
    pub limits2: Option<MoveLimits>,
}

impl GameSetup {
    /// The limits of engine 1 (`true`) or engine 2.
    pub fn limits_of(&self, engine1: bool) -> &MoveLimits {
        if engine1 { &self.limits } else { self.limits2.as_ref().unwrap_or(&self.limits) }
    }

    /// The limits as text, both engines' when they differ.
    pub fn describe_limits(&self) -> String {
        self.kept_limits().describe()
    }

    /// The limits as records and summaries keep them.
    pub fn kept_limits(&self) -> MatchLimits {
        MatchLimits { engine1: self.limits.clone(), engine2: self.limits2.clone() }
    }
}

/// Plays one game. The record's `moves` hold only legal moves (so it always replays), its
/// `result` is set when the game was played to its end, and `meta` holds the match result
/// (also for a forfeit), the reason, the players and per-move statistics:
///
/// `{"game":0,"pair":0,"seed":1,"engine1":"cavalo","engine2":"greedy","engine1_side":"white",
///   "white":"cavalo","black":"greedy","winner":"white","termination":"normal","detail":"...",
///   "engine1_points":1.0,"stats":[{"ms":50,"depth":9,"score":12,"nodes":12345},...]}`
pub fn play_game(setup: &GameSetup, game: GameSpec) -> GameRecord {
    play_game_watched(setup, game, &mut Unwatched).expect("never stopped")
}

/// Who follows a game the referee plays (see [`play_game_watched`]). Either call stops the game
/// by answering [`ControlFlow::Break`].
pub trait Watch {
    /// Before `side`'s player is asked for a move: the move's clock starts once this returns
    /// (a server waits here for its turn to use a core).
    fn before_move(&mut self, side: Side) -> ControlFlow<()> {
        let _ = side;
        ControlFlow::Continue(())
    }

    /// The referee accepted `mv`, which its player found in `took`.
    fn played(&mut self, mv: Move, took: Duration) -> ControlFlow<()>;
}

/// Nobody follows the game.
struct Unwatched;

impl Watch for Unwatched {
    fn played(&mut self, _: Move, _: Duration) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// [`play_game`], telling `watch` of every move before it is asked and once the referee accepted
/// it, so that others can follow the game live; when `watch` stops the game, its players are
/// ended and nothing is recorded (`None`).
pub fn play_game_watched(setup: &GameSetup, game: GameSpec, watch: &mut dyn Watch) -> Option<GameRecord> {
    let mut rec = GameRecord::new(Start::Seed(game.seed), setup.rules);
    let mut pos = Position::from_seed(game.seed, setup.rules);
    let e1 = game.engine1_side();
    let mut stats: Vec<MoveStat> = Vec::new();
    let started = Instant::now();
    let (mut players, mut forfeit) = start_players(setup, e1);
    while forfeit.is_none() && !pos.is_over() {
        let side = pos.side_to_move();
        let player = players[side.index()].as_mut().expect("started");
        if watch.before_move(side).is_break() {
            return None;
        }
        let question = Question::Game { seed: game.seed, moves: &rec.moves };
        match one_move(player, question, &pos, setup.limits_of(side == e1)) {
            Ok((mv, stat)) => {
                if watch.played(mv, Duration::from_millis(stat.ms)).is_break() {
                    return None;
                }
                pos.play(mv);
                rec.moves.push(mv.to_string());
                stats.push(stat);
            }
            Err((f, limit)) => forfeit = Some(Forfeit { limit, ..lost(side, Some(pos.ply() + 1), f) }),
        }
    }
    // The loser's last lines on standard error say more of a crash, or of what it was doing.
    if let Some(f) = &mut forfeit
        && let Some(p) = players[f.side.index()].as_mut()
    {
        f.stderr.extend(p.end());
    }
    drop(players);
    rec.finish(&pos);
    let ms = started.elapsed().as_millis() as u64;
    result_meta(setup, game, &pos, forfeit, stats, ms).write(&mut rec.meta);
    Some(rec)
}

/// Both players started, White's first; a player that cannot start forfeits (the first to fail).
fn start_players(setup: &GameSetup, e1: Side) -> (Vec<Option<Contestant>>, Option<Forfeit>) {
    let mut forfeit: Option<Forfeit> = None;
    let mut players: Vec<Option<Contestant>> = Vec::new();
    for side in Side::BOTH {
        let spec = if side == e1 { &setup.engine1 } else { &setup.engine2 };
        match Contestant::start(spec, setup.rules) {
            Ok(c) => players.push(Some(c)),
            Err(f) => {
                players.push(None);
                forfeit.get_or_insert(lost(side, None, f));
            }
        }
    }
    (players, forfeit)
}

/// One move asked of `player` and checked: in time, settled, legal. A refusal is the failure
/// with, for a timeout, the limit it broke.
fn one_move(
    player: &mut Contestant,
    question: Question<'_>,
    pos: &Position,
    limits: &MoveLimits,
) -> Result<(Move, MoveStat), (Failure, Option<Deadline>)> {
    let t0 = Instant::now();
    let answer = player.ask(question, pos, limits);
    let took = t0.elapsed();
    let answer = answer.map_err(|f| {
        let timeout = f.termination == Termination::Timeout;
        (f, timeout.then(|| limits.deadline_kept()))
    })?;
    if took > limits.deadline() {
        let fault = Fault::TooLate { bestmove: answer.bestmove.clone(), took_ms: took.as_millis() as u64 };
        return Err((Failure::new(Termination::Timeout, fault), Some(limits.deadline_kept())));
    }
    player.settle().map_err(|f| (f, None))?;
    let mv = pos.parse_move(&answer.bestmove).map_err(|e| (refused_move(pos, &answer, e), None))?;
    let stat = MoveStat {
        ms: took.as_millis() as u64,
        depth: answer.depth,
        score: answer.score,
        nodes: answer.nodes,
    };
    Ok((mv, stat))
}

/// The record's meta of a game that ended at `pos`, or by `forfeit`.
fn result_meta(
    setup: &GameSetup,
    game: GameSpec,
    pos: &Position,
    forfeit: Option<Forfeit>,
    stats: Vec<MoveStat>,
    ms: u64,
) -> MatchMeta {
    let e1 = game.engine1_side();
    let (winner, termination, detail) = match &forfeit {
        Some(f) => {
            let w = if f.side == Side::White { Outcome::Black } else { Outcome::White };
            let spec = if f.side == e1 { &setup.engine1 } else { &setup.engine2 };
            (w, f.termination, f.detail(&spec.to_string()))
        }
        None => {
            let o = pos.outcome().expect("the game is over");
            let (w, b) = (pos.points(Side::White), pos.points(Side::Black));
            (o, Termination::Normal, format!("{o}, {w}-{b}"))
        }
    };
    let engine1_points = match winner.winner() {
        None => 0.5,
        Some(s) if s == e1 => 1.0,
        Some(_) => 0.0,
    };
    let spec_text = [setup.engine1.to_string(), setup.engine2.to_string()];
    MatchMeta {
        game: game.index,
        seed: game.seed,
        names: spec_text.clone(),
        specs: spec_text,
        engine1_side: e1,
        winner: Some(winner),
        termination,
        detail: Some(detail),
        forfeit,
        engine1_points,
        limits: Some(RecordedLimits::Data(setup.kept_limits())),
        ms: Some(ms),
        stats,
        schedule: None,
        tournament: None,
        other: Default::default(),
    }
}

/// The forfeit for a move the rules refuse: what was wrong, the position, the legal moves, and
/// what the engine last said. An unreadable move after `info string illegal: WHY` (the way the
/// Lisp adapter reports a board that no legal move gives) is an illegal move for that reason.
fn refused_move(pos: &Position, answer: &EngineReport, e: MoveError) -> Failure {
    let said_illegal = answer.said.as_deref().and_then(|s| s.strip_prefix("illegal:")).map(str::trim);
    let said = answer.said.as_deref().map(|s| s.chars().take(400).collect::<String>());
    let legal = || {
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        if legal.len() > 24 { format!("{} …", legal[..24].join(" ")) } else { legal.join(" ") }
    };
    let report = said_illegal.and_then(LispReport::parse);
    let fault = match (e, said_illegal) {
        (MoveError::Parse(_), Some(why)) => match report {
            Some(report) => Fault::LispIllegal { report, position: pos.to_string(), legal: legal() },
            None => Fault::SaidIllegal { why: why.to_string(), position: pos.to_string(), legal: legal() },
        },
        (MoveError::Parse(p), None) => {
            Fault::NotAMove { bestmove: answer.bestmove.clone(), said, error: p.to_string() }
        }
        // E.g. the engine refused the position (another rule variant) and answered for an old one.
        (MoveError::Illegal(i), _) => Fault::IllegalMove {
            mv: i.mv,
            reason: i.reason,
            position: pos.to_string(),
            legal: legal(),
            said: said.filter(|s| s.starts_with("error")),
            lisp: report,
        },
    };
    let termination = match fault {
        Fault::NotAMove { .. } => Termination::Malformed,
        _ => Termination::IllegalMove,
    };
    Failure::new(termination, fault)
}

/// The forfeit of `side` at `ply` (`None`: while loading) for `f`.
fn lost(side: Side, ply: Option<u16>, f: Failure) -> Forfeit {
    Forfeit { side, ply, termination: f.termination, fault: *f.fault, limit: None, stderr: f.stderr }
}

/// What the match needs to know of a recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// Game number.
    pub index: u64,
    /// The board.
    pub seed: u64,
    /// Engine 1's points: 0, 0.5 or 1.
    pub engine1_points: f64,
    /// How it ended.
    pub termination: Termination,
    /// Engine 1's and engine 2's names.
    pub engines: [String; 2],
    /// Engine 1's points minus engine 2's on the board, when the game was played out (a
    /// forfeit has none).
    pub engine1_margin: Option<f64>,
    /// Why a forfeit was lost (the record's `detail`; `None` for a game played out).
    pub detail: Option<String>,
    /// The forfeit as data (`meta.forfeit`; records written before it was kept have none).
    pub forfeit: Option<Forfeit>,
}

impl GameSummary {
    /// Reads the match fields of a record written by [`play_game`].
    pub fn from_record(rec: &GameRecord) -> Result<GameSummary, RecordMismatch> {
        Ok(GameSummary::of(rec, &MatchMeta::read(&rec.meta)?))
    }

    /// The game of `rec`, whose meta is `m`.
    pub fn of(rec: &GameRecord, m: &MatchMeta) -> GameSummary {
        // (A forfeit's record keeps the board's points when it ended: no margin of a game.)
        let played_out = m.termination == Termination::Normal;
        let engine1_margin = rec.points.filter(|_| played_out).map(|[w, b]| {
            let d = w as f64 - b as f64;
            if m.engine1_side == Side::White { d } else { -d }
        });
        GameSummary {
            index: m.game,
            seed: m.seed,
            engine1_points: m.engine1_points,
            termination: m.termination,
            engines: m.names.clone(),
            engine1_margin,
            detail: m.detail.clone().filter(|_| !played_out),
            forfeit: m.forfeit.clone().filter(|_| !played_out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn greedy_against_random() -> GameSetup {
        GameSetup {
            engine1: "greedy".parse().unwrap(),
            engine2: "random:3".parse().unwrap(),
            rules: Rules::default(),
            limits: MoveLimits::movetime(1000),
            limits2: None,
        }
    }

    /// Notes what it is told; stops the game after `stop_after` moves.
    struct Notes {
        asked: Vec<Side>,
        seen: Vec<String>,
        stop_after: usize,
    }

    impl Watch for Notes {
        fn before_move(&mut self, side: Side) -> ControlFlow<()> {
            self.asked.push(side);
            ControlFlow::Continue(())
        }

        fn played(&mut self, mv: Move, _: Duration) -> ControlFlow<()> {
            self.seen.push(mv.to_string());
            if self.seen.len() == self.stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }

    #[test]
    fn a_watched_game_tells_every_move_as_it_is_played_and_can_be_stopped() {
        let setup = greedy_against_random();
        let spec = GameSpec { index: 0, seed: 7 };
        let mut notes = Notes { asked: Vec::new(), seen: Vec::new(), stop_after: usize::MAX };
        let rec = play_game_watched(&setup, spec, &mut notes).unwrap();
        assert!(rec.result.is_some() && rec.moves.len() > 4);
        assert_eq!(notes.seen, rec.moves);
        assert_eq!(notes.asked.len(), rec.moves.len(), "asked before each move");
        assert_eq!(&notes.asked[..2], [Side::White, Side::Black]);
        assert_eq!(play_game(&setup, spec).moves, rec.moves, "the same game unwatched");
        let mut notes = Notes { asked: Vec::new(), seen: Vec::new(), stop_after: 3 };
        assert!(play_game_watched(&setup, spec, &mut notes).is_none());
        assert_eq!(notes.seen.len(), 3);
    }

    #[test]
    fn summary_lines_are_cut_after_a_word() {
        assert_eq!(cut_at_word("short enough", 12), "short enough");
        assert_eq!(cut_at_word("line 5: arithmetic error DIVISION-BY-ZERO", 20), "line 5: arithmetic…");
        assert_eq!(cut_at_word("E5 should be NIL; F7 should be", 18), "E5 should be NIL…");
        // One long word: cut inside it rather than lose most of the line.
        assert_eq!(cut_at_word("a abcdefghijklmnopqrstuvwxyz", 10), "a abcdefgh…");
        assert_eq!(cut_at_word("éééé ééé", 6), "éééé…");
    }
}
