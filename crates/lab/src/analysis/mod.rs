//! The engine as a teacher: the analysis of a played game, ply by ply.
//!
//! Every position of the game (the start, and the position after every ply) is searched once
//! with the same budget (nodes or time). For the ply played from position *k*:
//!
//! - the **best move** and its **value** are the search of position *k* (the mover's view: the
//!   expected final points difference, mover minus opponent, points already won included);
//! - the **value of the move played** is the search of position *k + 1*, seen from the mover of
//!   ply *k* (negated when the other side is to move there); at the end of the game it is the
//!   final difference itself;
//! - the **loss** is `max(0, best value − played value)` in points, and 0 when the move played is
//!   the best move. A value is **exact** when its search proved it (every line searched to the
//!   end of the game); the loss is exact when both values are;
//! - the **class** follows [`Thresholds`]: good below `inaccuracy` points lost, then inaccuracy
//!   below `mistake`, mistake below `blunder`, blunder from `blunder` on;
//! - a ply with a single legal move (a forced placement or a pass) is **forced**: it is shown but
//!   not judged (no loss, no class, not counted in the accuracy).
//!
//! Per side, the **accuracy** is the share (per cent) of its judged moves classed good, and the
//! **mean loss** the average points lost per judged move.
//!
//! A ply is a **turning point** when its move loses points and changes who is ahead (the value
//! before and after it have different signs, 0 counting as level), or loses at least
//! `Thresholds::swing` points.
//!
//! [`Analysis`] serialises to JSON ([`Analysis::to_json`]) in a versioned format
//! ([`FORMAT_VERSION`]) for other programs and the web page.

use std::sync::atomic::AtomicBool;

use cavalo_engine::{Engine, Limits, Options, Player};
use cavalo_rules::RecordError;
use cavalo_rules::{GameRecord, Move, Position, Side};
use serde::{Deserialize, Serialize};

/// The version of the JSON format of [`Analysis`]; it changes when a field changes meaning or
/// goes away (new fields may be added within a version).
pub const FORMAT_VERSION: u32 = 1;

/// Where the classes begin, in points lost by the move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thresholds {
    /// A move losing at least this many points is an inaccuracy (below it: good).
    pub inaccuracy: i32,
    /// A move losing at least this many points is a mistake.
    pub mistake: i32,
    /// A move losing at least this many points is a blunder.
    pub blunder: i32,
    /// A move losing at least this many points is a turning point.
    pub swing: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds { inaccuracy: 3, mistake: 8, blunder: 20, swing: 10 }
    }
}

/// Why thresholds were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThresholdError {
    /// The classes' thresholds must rise: 0 < inaccuracy <= mistake <= blunder.
    #[error("the thresholds must satisfy 0 < inaccuracy ({0}) <= mistake ({1}) <= blunder ({2})")]
    NotIncreasing(i32, i32, i32),
    /// The swing threshold must be positive.
    #[error("the swing threshold must be at least 1 point (got {0})")]
    Swing(i32),
}

impl Thresholds {
    /// The thresholds if they make sense.
    pub fn checked(self) -> Result<Thresholds, ThresholdError> {
        let Thresholds { inaccuracy, mistake, blunder, swing } = self;
        if !(0 < inaccuracy && inaccuracy <= mistake && mistake <= blunder) {
            return Err(ThresholdError::NotIncreasing(inaccuracy, mistake, blunder));
        }
        if swing < 1 {
            return Err(ThresholdError::Swing(swing));
        }
        Ok(self)
    }

    /// The class of a move losing `loss` points.
    pub fn classify(&self, loss: i32) -> Class {
        if loss >= self.blunder {
            Class::Blunder
        } else if loss >= self.mistake {
            Class::Mistake
        } else if loss >= self.inaccuracy {
            Class::Inaccuracy
        } else {
            Class::Good
        }
    }
}

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Lost less than the inaccuracy threshold.
    Good,
    /// Lost at least the inaccuracy threshold.
    Inaccuracy,
    /// Lost at least the mistake threshold.
    Mistake,
    /// Lost at least the blunder threshold.
    Blunder,
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 4] = [Class::Good, Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// A value in points with whether it is proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    /// Points difference (the view is given where the value is used).
    pub points: i32,
    /// Whether it is the exact final difference (proven by the search, or the game is over).
    pub exact: bool,
}

impl Value {
    /// The same value from the other side's view.
    pub fn negated(self) -> Value {
        Value { points: -self.points, exact: self.exact }
    }
}

/// The search of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionSearch {
    /// Who is to move there.
    pub side: Side,
    /// The value from that side's view.
    pub value: Value,
    /// The best move (none when the game is over).
    pub best: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nominal depth reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// One ply judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// The ply number, from 1.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The move played.
    pub played: String,
    /// A single legal move: shown, not judged.
    pub forced: bool,
    /// The best move found (none only when the search found none).
    pub best: Option<String>,
    /// The value of the best move, from the mover's view.
    pub best_value: Value,
    /// The value of the move played, from the mover's view.
    pub played_value: Value,
    /// Points lost against the best move (none when forced).
    pub loss: Option<i32>,
    /// Whether the loss is exact (both values proven).
    pub loss_exact: bool,
    /// The class (none when forced).
    pub class: Option<Class>,
    /// Whether the ply is a turning point.
    pub turning: bool,
    /// The principal variation from the position before the ply.
    pub pv: Vec<String>,
    /// The depth reached by the search of the position before the ply.
    pub depth: u32,
    /// Nodes of that search.
    pub nodes: u64,
}

impl PlyAnalysis {
    /// The value of the position before the ply from White's view.
    pub fn white_before(&self) -> i32 {
        white_view(self.side, self.best_value.points)
    }

    /// The value after the ply from White's view.
    pub fn white_after(&self) -> i32 {
        white_view(self.side, self.played_value.points)
    }
}

fn white_view(side: Side, points: i32) -> i32 {
    if side == Side::White { points } else { -points }
}

/// One side's figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    /// Moves judged (forced plies left out).
    pub judged: usize,
    /// Moves in each class, in the order of [`Class::ALL`].
    pub classes: [usize; 4],
    /// Share of judged moves classed good, per cent (100 with no judged move).
    pub accuracy: f64,
    /// Mean points lost per judged move.
    pub mean_loss: f64,
    /// Total points lost.
    pub total_loss: i64,
}

impl SideSummary {
    /// The figures of `side`'s plies.
    pub fn of(plies: &[PlyAnalysis], side: Side) -> SideSummary {
        let mut s = SideSummary::default();
        for p in plies.iter().filter(|p| p.side == side) {
            if let (Some(loss), Some(class)) = (p.loss, p.class) {
                s.judged += 1;
                s.total_loss += i64::from(loss);
                s.classes[Class::ALL.iter().position(|c| *c == class).expect("a class")] += 1;
            }
        }
        if s.judged == 0 {
            s.accuracy = 100.0;
        } else {
            s.accuracy = 100.0 * s.classes[0] as f64 / s.judged as f64;
            s.mean_loss = s.total_loss as f64 / s.judged as f64;
        }
        s
    }
}

/// The search budget of each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Nodes per position (deterministic with one thread).
    pub nodes: Option<u64>,
    /// Milliseconds per position.
    pub time_ms: Option<u64>,
    /// Search threads.
    pub threads: usize,
}

impl Budget {
    fn limits(&self) -> Limits {
        Limits {
            nodes: self.nodes,
            movetime: self.time_ms.map(std::time::Duration::from_millis),
            ..Limits::default()
        }
    }
}

/// The analysis of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// [`FORMAT_VERSION`].
    pub version: u32,
    /// The search budget per position.
    pub budget: Budget,
    /// The thresholds used.
    pub thresholds: Thresholds,
    /// The game analysed (its moves, start and rules; `meta` as read).
    pub game: GameRecord,
    /// Every ply.
    pub plies: Vec<PlyAnalysis>,
    /// White's and Black's figures.
    pub sides: [SideSummary; 2],
    /// The ply numbers of the turning points.
    pub turning_points: Vec<usize>,
    /// The value of the last position from White's view (exact when the game is over).
    pub last_value: Value,
}

impl Analysis {
    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("an analysis always serialises")
    }

    /// The value of every position from White's view, the start first: what the chart draws.
    pub fn white_values(&self) -> Vec<(usize, Value)> {
        let mut out: Vec<(usize, Value)> = self
            .plies
            .iter()
            .map(|p| {
                let v = p.best_value;
                (p.ply - 1, Value { points: white_view(p.side, v.points), exact: v.exact })
            })
            .collect();
        out.push((self.plies.len(), self.last_value));
        out
    }
}

/// The search of every position of a game by `engine` (our engine, or any player: a player
/// that does not prove gives values never exact), each within `budget`.
pub fn search_positions(
    engine: &mut dyn Player,
    positions: &[Position],
    budget: &Budget,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) -> Vec<PositionSearch> {
    let limits = budget.limits();
    positions
        .iter()
        .enumerate()
        .map(|(i, pos)| {
            let side = pos.side_to_move();
            let s = if pos.is_over() {
                let value = Value { points: pos.points_diff(side), exact: true };
                PositionSearch { side, value, best: None, pv: Vec::new(), depth: 0, nodes: 0 }
            } else {
                let r = engine.choose(pos, &limits, stop, &mut |_| {});
                PositionSearch {
                    side,
                    value: Value { points: r.info.score, exact: r.info.proven },
                    best: r.best_move.map(|m| m.to_string()),
                    pv: r.info.pv.iter().map(Move::to_string).collect(),
                    depth: r.info.depth,
                    nodes: r.info.nodes,
                }
            };
            progress(i + 1);
            s
        })
        .collect()
}

/// Judges the plies of a game from the searches of its positions (`searches[k]` is position
/// `k`, one more than `moves`).
pub fn judge(
    game: GameRecord,
    positions: &[Position],
    moves: &[Move],
    searches: &[PositionSearch],
    budget: Budget,
    thresholds: Thresholds,
) -> Analysis {
    assert_eq!(searches.len(), moves.len() + 1, "one search per position");
    let plies: Vec<PlyAnalysis> = moves
        .iter()
        .enumerate()
        .map(|(k, mv)| {
            let (before, after) = (&searches[k], &searches[k + 1]);
            let side = before.side;
            let played_value = if after.side == side { after.value } else { after.value.negated() };
            let forced = positions[k].legal_moves().len() == 1;
            let played_best = before.best.as_deref() == Some(mv.to_string().as_str());
            let loss = (!forced)
                .then(|| if played_best { 0 } else { (before.value.points - played_value.points).max(0) });
            let turning = loss.is_some_and(|l| {
                let (b, a) = (before.value.points, played_value.points);
                l > 0 && (b.signum() != a.signum() || l >= thresholds.swing)
            });
            PlyAnalysis {
                ply: k + 1,
                side,
                played: mv.to_string(),
                forced,
                best: before.best.clone(),
                best_value: before.value,
                played_value,
                loss,
                loss_exact: before.value.exact && played_value.exact,
                class: loss.map(|l| thresholds.classify(l)),
                turning,
                pv: before.pv.clone(),
                depth: before.depth,
                nodes: before.nodes,
            }
        })
        .collect();
    let last = searches.last().expect("at least the start");
    Analysis {
        version: FORMAT_VERSION,
        budget,
        thresholds,
        game,
        sides: [SideSummary::of(&plies, Side::White), SideSummary::of(&plies, Side::Black)],
        turning_points: plies.iter().filter(|p| p.turning).map(|p| p.ply).collect(),
        last_value: Value { points: white_view(last.side, last.value.points), exact: last.value.exact },
        plies,
    }
}

/// Analyses a game record: replays it (every move checked), searches every position with
/// `budget` on a new engine of `options` (its threads are the budget's) and judges every ply.
/// `progress` is told how many of the positions are done.
pub fn analyse(
    game: GameRecord,
    budget: Budget,
    thresholds: Thresholds,
    options: Options,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    let mut engine = Engine::new(Options { threads: budget.threads.max(1), ..options });
    analyse_with(&mut engine, game, budget, thresholds, stop, progress)
}

/// [`analyse`] with an engine lent by the caller (e.g. from a server's pool): its table is
/// cleared first, so that no other game's searches colour the values.
pub fn analyse_with(
    engine: &mut dyn Player,
    game: GameRecord,
    budget: Budget,
    thresholds: Thresholds,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    let positions = game.replay()?;
    let moves = game.parsed_moves()?;
    let total = positions.len();
    engine.new_game();
    let searches = search_positions(engine, &positions, &budget, stop, &mut |done| progress(done, total));
    Ok(judge(game, &positions, &moves, &searches, budget, thresholds))
}

#[cfg(test)]
mod tests;
