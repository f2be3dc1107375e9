//! The engine as a teacher: the analysis of a played game, ply by ply.
//!
//! Every position of the game (the start, and the position after every ply) is searched once
//! with the same budget (nodes or time) by one engine, its table cleared at the start
//! ([`search_game`]). For the ply played from position *k*:
//!
//! - the **best move** and its **value** are the search of position *k* (the mover's view: the
//!   expected final points difference, mover minus opponent, points already won included);
//! - the **value of the move played** is the search of position *k + 1*, seen from the mover of
//!   ply *k* (negated when the other side is to move there); at the end of the game it is the
//!   final difference itself;
//! - a value is **exact** when its search proved it (every line searched to the end of the game).
//!   Proven values are then used wherever they reach ([`proven`]): a forced ply's two positions
//!   are one value, exact if either is; an exact value after a move is a lower bound on the value
//!   before it, and an exact value before it an upper bound on the value after it;
//! - the **measured loss** is 0 when the move played is the best move; otherwise, when the value
//!   before is unproven, the position after the best move is searched too, within the same
//!   budget ([`PositionSearch::after_best`]), and the measured loss is `max(0, value after the
//!   best move − value after the move played)`: two searches of the same kind, a ply further
//!   than the position before (with an exact value before, that value is the best move's);
//! - every search has a **spread**, how far its value moved in its last iteration: the search's
//!   own uncertainty at that budget. An unproven loss has a **margin**, [`MARGIN_FACTOR`] times
//!   the larger spread of the two values compared, and the **loss** counted is `max(0, measured
//!   − margin)`; an exact loss (both values proven) has no margin. A ply whose margin changed its
//!   class is **uncertain**;
//! - a ply whose margin swallowed the measured loss (the loss counted would be good, but the
//!   measured loss plus the margin reaches the mistake threshold: a mistake could hide in it) is
//!   **unclear** ([`counted`]): the searches cannot tell; it has no loss counted and no class,
//!   and is counted apart (not in the accuracy);
//! - the **class** follows [`Thresholds`] on the loss counted: good below `inaccuracy` points,
//!   then inaccuracy below `mistake`, mistake below `blunder`, blunder from `blunder` on;
//! - where a verdict is unsure (unclear or uncertain) the positions compared are **searched
//!   again** with more nodes, which also proves them where the proof is within reach, within a
//!   budget per game ([`refine`], [`Effort`]); the values shown are then those searches';
//! - a ply with a single legal move (a forced placement or a pass) is **forced**: it is shown but
//!   not judged (no loss, no class, not counted in the accuracy).
//!
//! The game's **noise** is the median spread of the searches of the positions where a move was
//! chosen, their values unproven. When those searches examined fewer than [`MIN_NODES`] nodes
//! (their median) the budget is **too small** to judge: no ply is judged (no loss, no class),
//! and the values are shown for what they are.
//!
//! Per side, the **accuracy** is the share (per cent) of its judged moves classed good, and the
//! **mean loss** the average points (counted) lost per judged move; its unclear moves are counted
//! apart.
//!
//! A ply is a **turning point** when its move loses points (counted) and changes who is ahead
//! (the value before and after it have different signs, 0 counting as level), or loses at least
//! `Thresholds::swing` points.
//!
//! [`Analysis`] serialises to JSON ([`Analysis::to_json`]) in a versioned format
//! ([`FORMAT_VERSION`]) for other programs and the web page.

use std::sync::atomic::AtomicBool;

use cavalo_engine::{Engine, Options, Player};
use cavalo_rules::RecordError;
use cavalo_rules::{GameRecord, Side};
use serde::{Deserialize, Serialize};

mod classes;
mod judge;
pub mod proven;
pub mod refine;
mod search;
pub mod store;

pub use classes::{Class, ThresholdError, Thresholds};
pub use judge::{MARGIN_FACTOR, MIN_NODES, counted, judge, margin, median_nodes, noise};
pub use refine::{Effort, Refinement};
pub use search::{Budget, PositionSearch, search_game, search_one, search_positions};

/// The version of the JSON format of [`Analysis`]; it changes when a field changes meaning or
/// goes away (new fields may be added within a version). Version 2: `loss` is the loss counted
/// (the measured loss less its margin, see the module's docs), measured against the search of
/// the position after the best move where there is one; no ply is judged when `too_small`.
/// Version 3: a judged ply may be `unclear` (no `loss`, no `class`; counted apart in the sides'
/// `unclear`), and the unsure plies' positions are searched again (`refined`, `refinement`).
pub const FORMAT_VERSION: u32 = 3;

/// A value in points with whether it is proven.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", ts(rename = "AnalysisValue"))]
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

/// One ply judged.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// Points lost against the best move, counted: the measured loss less its margin, at least 0
    /// (none when forced, or when the budget was too small to judge).
    pub loss: Option<i32>,
    /// Whether the loss is exact (both values compared proven).
    pub loss_exact: bool,
    /// The class of the loss counted (none when forced, or when the budget was too small).
    pub class: Option<Class>,
    /// Whether the ply is a turning point.
    pub turning: bool,
    /// The principal variation from the position before the ply.
    pub pv: Vec<String>,
    /// The depth reached by the search of the position before the ply.
    pub depth: u32,
    /// Nodes of that search.
    pub nodes: u64,
    /// Points lost as measured, before the margin (none when forced).
    #[serde(default)]
    pub measured_loss: Option<i32>,
    /// The margin taken from the measured loss: 0 for an exact loss, none when a search's
    /// uncertainty is unknown (nothing is counted then) or the ply is forced.
    #[serde(default)]
    pub margin: Option<i32>,
    /// The value of the best move from the search of the position after it (mover's view), when
    /// that search was made: what the move played was compared with.
    #[serde(default)]
    pub compared: Option<Value>,
    /// The margin changed the class: the measured loss alone would have been classed worse.
    #[serde(default)]
    pub uncertain: bool,
    /// The margin swallowed the measured loss: counted, it would be good, but a mistake could hide
    /// in the margin; the searches cannot tell (no loss counted, no class; see [`counted`]).
    #[serde(default)]
    pub unclear: bool,
    /// The positions compared were searched again, with more nodes ([`refine`]).
    #[serde(default)]
    pub refined: bool,
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

    /// The value of the best move the loss was measured against, from the mover's view: the
    /// search after the best move ([`PlyAnalysis::compared`]) where there is one, else the value
    /// of the position. With the value of the move played, the two values whose difference is
    /// the measured loss.
    pub fn reference(&self) -> Value {
        self.compared.unwrap_or(self.best_value)
    }
}

pub(crate) fn white_view(side: Side, points: i32) -> i32 {
    if side == Side::White { points } else { -points }
}

/// One side's figures.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", ts(rename = "AnalysisSideSummary"))]
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
    /// Moves unclear (not judged: the searches could not tell, see [`PlyAnalysis::unclear`]).
    #[serde(default)]
    pub unclear: usize,
}

impl SideSummary {
    /// The figures of `side`'s plies.
    pub fn of(plies: &[PlyAnalysis], side: Side) -> SideSummary {
        let mut s = SideSummary::default();
        for p in plies.iter().filter(|p| p.side == side) {
            s.unclear += usize::from(p.unclear);
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

/// The analysis of a game.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// The game's noise: the median spread of the searches of the positions with a choice and an
    /// unproven value, in points (`i32::MAX` when unknown).
    #[serde(default)]
    pub noise: i32,
    /// The median nodes of the searches of the positions with a choice and an unproven value (0
    /// when there are none).
    #[serde(default)]
    pub median_nodes: u64,
    /// The budget was too small to judge (`median_nodes` below [`MIN_NODES`]): no ply was judged.
    #[serde(default)]
    pub too_small: bool,
    /// What was searched again where the verdicts were unsure.
    #[serde(default)]
    pub refinement: Refinement,
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

/// Analyses a game record: replays it (every move checked), searches every position with
/// `budget` on a new engine of `options` (its threads are the budget's), judges every ply, and
/// searches again where a verdict is unsure, within `effort`. `progress` is told how many of the
/// positions are done.
pub fn analyse(
    game: GameRecord,
    budget: Budget,
    effort: Effort,
    thresholds: Thresholds,
    options: Options,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    let mut engine = Engine::new(Options { threads: budget.threads.max(1), ..options });
    analyse_with_effort(&mut engine, game, budget, effort, thresholds, stop, progress)
}

/// [`analyse`] with an engine lent by the caller (e.g. from a server's pool), and the default
/// [`Effort`] where a verdict is unsure: its table is cleared first, so that no other game's
/// searches colour the values.
pub fn analyse_with(
    engine: &mut dyn Player,
    game: GameRecord,
    budget: Budget,
    thresholds: Thresholds,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    analyse_with_effort(engine, game, budget, Effort::default(), thresholds, stop, progress)
}

/// [`analyse_with`] within `effort` where a verdict is unsure.
pub fn analyse_with_effort(
    engine: &mut dyn Player,
    game: GameRecord,
    budget: Budget,
    effort: Effort,
    thresholds: Thresholds,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    let positions = game.replay()?;
    let moves = game.parsed_moves()?;
    let total = positions.len();
    engine.new_game();
    let searches = search_game(engine, &positions, &moves, &budget, stop, &mut |done| progress(done, total));
    let pass =
        refine::Pass { game: &game, positions: &positions, moves: &moves, searches, budget, thresholds };
    Ok(refine::refine(engine, pass, effort, stop))
}

#[cfg(test)]
mod tests;
