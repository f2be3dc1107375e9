//! The presentation model: what every front end shows, with no I/O. The board's cells with their
//! marks, the move list's rows with the course's statistics, and the [`Announcement`]s of what
//! happened, worded through the catalogue ([`crate::i18n`]) by one function,
//! [`Announcement::text`].

use crate::i18n::Key;
use cavalo_engine::SearchInfo;
use cavalo_rules::{Cell, CellSet, CellState, Move, Position, Rules, Side};
use serde::Serialize;

use crate::game::{Game, GameEvent, Turn};
use crate::i18n::{Arg, Lang};
use crate::key;
use crate::store::RecordedPlayer;
use crate::{Actor, PlayerConfig, Ply, SessionError};

mod message;
pub use message::{Message, Words, error_words, side_message, store_error_message};

/// One cell as shown: its content and its marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellMark {
    /// A number, removed, or a knight.
    pub state: CellState,
    /// The destination of the last move.
    pub last_to: bool,
    /// The cell the last move left.
    pub last_from: bool,
    /// A legal destination of the human to move.
    pub legal: bool,
    /// Attacked by the knight of the side not to move.
    pub threatened: bool,
}

/// The 100 cells of `pos` with their marks. `last` is the last move and the cell it left,
/// `human` the side whose legal destinations to mark.
pub fn marks(pos: &Position, last: Option<(Move, Option<Cell>)>, human: Option<Side>) -> [CellMark; 100] {
    let legal = human.map_or(CellSet::EMPTY, |s| pos.destinations(s));
    let threat = if pos.placements_done() { pos.threatened_by(!pos.side_to_move()) } else { CellSet::EMPTY };
    std::array::from_fn(|i| {
        let c = Cell::new(i as u8).expect("index below 100");
        CellMark {
            state: pos.cell_state(c),
            last_to: last.and_then(|(m, _)| m.destination()) == Some(c),
            last_from: last.and_then(|(_, f)| f) == Some(c),
            legal: legal.contains(c),
            threatened: threat.contains(c),
        }
    })
}

/// The cell `side`'s knight stood on before ply `index` (0-based) of `plies`: the cell the move
/// left.
pub fn from_cell(plies: &[Ply], index: usize) -> Option<Cell> {
    let side = plies.get(index)?.side;
    if plies[index].mv.is_pass() {
        return None;
    }
    plies[..index].iter().rev().filter(|p| p.side == side).find_map(|p| p.mv.destination())
}

/// The marks of the session's current position (legal destinations when a human is to move).
pub fn session_marks(s: &Game) -> [CellMark; 100] {
    let human = match s.turn() {
        Turn::Human(side) => Some(side),
        _ => None,
    };
    let last = s.last_ply().map(|p| (p.mv, from_cell(s.plies(), s.plies().len() - 1)));
    marks(s.position(), last, human)
}

/// A side with its player, as announcements name it: `White (Cavalo engine)`, or `White` for a human.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Who {
    /// The side.
    pub side: Side,
    /// The computer player; `None` for a human.
    pub computer: Option<crate::EngineConfig>,
}

/// An engine's name as people read it: our engine as `Cavalo` (its name, never the piece), the
/// others as their specs (`greedy`, `classic:4`); the level apart (see [`engine_words`]).
pub fn engine_name(e: &crate::EngineConfig) -> String {
    match e.engine {
        cavalo_engine::PlayerKind::Cavalo => "Cavalo".into(),
        kind => kind.to_string(),
    }
}

impl Who {
    /// The player of `side` in `s`.
    pub fn of(s: &Game, side: Side) -> Who {
        let computer = match s.player(side) {
            crate::PlayerConfig::Computer(e) => Some(e.clone()),
            crate::PlayerConfig::Human { .. } | crate::PlayerConfig::Program { .. } => None,
        };
        Who { side, computer }
    }

    /// `White (Cavalo engine)`, `Preto (motor greedy)`, `Branco`.
    pub fn text(&self, lang: Lang) -> String {
        self.message().text(lang)
    }
}

/// A computer player for people: `Cavalo`, `Cavalo, nível 3`, `classic:4`.
pub fn engine_words(e: &crate::EngineConfig) -> Words {
    let name = engine_name(e);
    match e.weaker_level() {
        Some(level) => {
            Message::new(key!("who-engine-level")).with("player", name).with("level", level).into()
        }
        None => name.into(),
    }
}

/// [`engine_words`] in `lang`.
pub fn engine_text(lang: Lang, e: &crate::EngineConfig) -> String {
    engine_words(e).text(lang)
}

/// The name of `mode` (`Humano vs Computador`), as a key.
pub fn mode_key(mode: crate::Mode) -> Key {
    match mode {
        crate::Mode::HumanComputer => key!("mode-human-computer"),
        crate::Mode::ComputerComputer => key!("mode-computer-computer"),
        crate::Mode::HumanHuman => key!("mode-human-human"),
    }
}

/// `White`/`Branco`, `Black`/`Preto`.
pub fn side_name(lang: Lang, side: Side) -> String {
    lang.tr(match side {
        Side::White => key!("side-white"),
        Side::Black => key!("side-black"),
    })
}

/// A move for people: its notation (`E3`, `G7x88`), but a pass in words (`passa`).
pub fn move_text(lang: Lang, mv: Move) -> String {
    if mv.is_pass() { lang.tr(key!("move-pass")) } else { mv.to_string() }
}

/// A player's label as the logs and records keep it (`human`, `human:Ana`, `computer:cavalo`),
/// for people: `humano`, `Ana`, `computador (cavalo)`. Another label is shown as it is.
pub fn player_text(lang: Lang, label: &str) -> String {
    match label.split_once(':') {
        None if label == "human" => lang.tr(key!("player-human")),
        Some(("human", name)) => name.replace('_', " "),
        Some(("computer", name)) => lang.tr_with(key!("player-computer-named"), &[("name", name.into())]),
        _ => label.to_string(),
    }
}

/// A record's player for people: `humano`, `Ana`, `computador (cavalo)`, or the name a match
/// gave it; `?` when the record names none.
pub fn recorded_player_text(lang: Lang, player: Option<&RecordedPlayer>) -> String {
    match player {
        None => "?".into(),
        Some(RecordedPlayer::Config(PlayerConfig::Human { name })) if name.is_empty() => {
            lang.tr(key!("player-human"))
        }
        Some(RecordedPlayer::Config(PlayerConfig::Human { name })) => name.replace('_', " "),
        Some(RecordedPlayer::Config(PlayerConfig::Computer(e))) => {
            lang.tr_with(key!("player-computer-named"), &[("name", e.player_text().into())])
        }
        Some(RecordedPlayer::Config(PlayerConfig::Program { name }) | RecordedPlayer::Named(name)) => {
            name.clone()
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum GameResult {
    /// `side` won with `winner` points against `loser`.
    Win {
        /// The winner.
        side: Side,
        /// The winner's points.
        winner: u16,
        /// The loser's points.
        loser: u16,
    },
    /// Equal points.
    Draw {
        /// Each side's points.
        points: u16,
    },
    /// Abandoned with these points (White's, Black's).
    Abandoned {
        /// White's points.
        white: u16,
        /// Black's points.
        black: u16,
    },
}

impl GameResult {
    /// The result of `s`, once it is over or abandoned.
    pub fn of(s: &Game) -> Option<GameResult> {
        let pos = s.position();
        match s.turn() {
            Turn::Quit => {
                Some(GameResult::Abandoned { white: pos.points(Side::White), black: pos.points(Side::Black) })
            }
            _ => GameResult::of_position(pos),
        }
    }

    /// The result of a position where neither side can move; `None` while the game goes on.
    pub fn of_position(pos: &Position) -> Option<GameResult> {
        let (w, b) = (pos.points(Side::White), pos.points(Side::Black));
        pos.outcome().map(|o| match o.winner() {
            Some(side) => {
                let (winner, loser) = if side == Side::White { (w, b) } else { (b, w) };
                GameResult::Win { side, winner, loser }
            }
            None => GameResult::Draw { points: w },
        })
    }

    /// `White wins 120–95.`, `Vitória de Branco, 120–95.`
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            GameResult::Win { side, winner, loser } => lang.tr_with(
                key!("result-win"),
                &[("side", side_name(lang, side).into()), ("winner", winner.into()), ("loser", loser.into())],
            ),
            GameResult::Draw { points } => lang.tr_with(key!("result-draw"), &[("points", points.into())]),
            GameResult::Abandoned { white, black } => {
                lang.tr_with(key!("result-abandoned"), &[("white", white.into()), ("black", black.into())])
            }
        }
    }
}

/// Something that happened, for a front end to show (worded by [`Announcement::text`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Announcement {
    /// A knight's first move: its placement on the first row (White) or the last (Black).
    Placement {
        /// Who placed it.
        who: Who,
        /// Where.
        cell: Cell,
        /// Points it scored.
        gained: u16,
    },
    /// A move.
    Moved {
        /// Who played it.
        who: Who,
        /// The move.
        mv: Move,
        /// Points it scored.
        gained: u16,
    },
    /// The symmetric number of the cell landed on was removed.
    SymmetricRemoved {
        /// Its value.
        number: u8,
    },
    /// Landing on a double removed another double.
    DoubleRemoved {
        /// Its value.
        number: u8,
    },
    /// A side with no legal move passed.
    Pass {
        /// Who passed.
        who: Who,
    },
    /// A suggested move.
    Hint {
        /// The move.
        mv: Move,
    },
    /// Plies were taken back.
    Undone {
        /// How many.
        count: usize,
    },
    /// The game ended.
    GameOver(GameResult),
    /// A call failed.
    Error(SessionError),
}

impl Announcement {
    /// A short name for the kind, for clients: `placement`, `move`, `symmetric-removed`,
    /// `double-removed`, `pass`, `hint`, `undo`, `game-over`, `error`.
    pub fn kind(&self) -> &'static str {
        match self {
            Announcement::Placement { .. } => "placement",
            Announcement::Moved { .. } => "move",
            Announcement::SymmetricRemoved { .. } => "symmetric-removed",
            Announcement::DoubleRemoved { .. } => "double-removed",
            Announcement::Pass { .. } => "pass",
            Announcement::Hint { .. } => "hint",
            Announcement::Undone { .. } => "undo",
            Announcement::GameOver(_) => "game-over",
            Announcement::Error(_) => "error",
        }
    }

    /// The sentence in `lang`: the one place where announcements are worded.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Announcement::Placement { who, cell, gained } => lang.tr_with(
                key!("ann-placement"),
                &[
                    ("who", who.text(lang).into()),
                    ("cell", cell.to_string().into()),
                    ("gained", (*gained).into()),
                ],
            ),
            Announcement::Moved { who, mv, gained } => lang.tr_with(
                key!("ann-move"),
                &[
                    ("who", who.text(lang).into()),
                    ("move", mv.to_string().into()),
                    ("gained", (*gained).into()),
                ],
            ),
            Announcement::SymmetricRemoved { number } => {
                lang.tr_with(key!("ann-symmetric-removed"), &[("number", format!("{number:02}").into())])
            }
            Announcement::DoubleRemoved { number } => {
                lang.tr_with(key!("ann-double-removed"), &[("number", format!("{number:02}").into())])
            }
            Announcement::Pass { who } => lang.tr_with(key!("ann-pass"), &[("who", who.text(lang).into())]),
            Announcement::Hint { mv } => lang.tr_with(key!("ann-hint"), &[("move", mv.to_string().into())]),
            Announcement::Undone { count } => lang.tr_with(key!("ann-undo"), &[("count", (*count).into())]),
            Announcement::GameOver(r) => {
                lang.tr_with(key!("ann-game-over"), &[("result", r.text(lang).into())])
            }
            Announcement::Error(e) => error_text(e, lang),
        }
    }
}

fn announce_ply(who: Who, p: &Ply, before: &Position) -> Vec<Announcement> {
    let Some(cell) = p.mv.destination() else { return vec![Announcement::Pass { who }] };
    let mut out = vec![if before.knight(p.side).is_none() {
        Announcement::Placement { who, cell, gained: p.gained }
    } else {
        Announcement::Moved { who, mv: p.mv, gained: p.gained }
    }];
    let undo = before.clone().play(p.mv);
    if let Some(number) = undo.removed_symmetric().and_then(|c| before.value_at(c)) {
        out.push(Announcement::SymmetricRemoved { number });
    }
    if let Some(number) = undo.removed_double().and_then(|c| before.value_at(c)) {
        out.push(Announcement::DoubleRemoved { number });
    }
    out
}

/// Every announcement of the plies from `from` (0-based) on, then the end of the game if it is
/// over: what a front end shows after the game has moved on from ply `from`.
pub fn announcements_since(s: &Game, from: usize) -> Vec<Announcement> {
    let positions = s.positions();
    let mut out = Vec::new();
    for (i, p) in s.plies().iter().enumerate().skip(from) {
        out.extend(announce_ply(Who::of(s, p.side), p, &positions[i]));
    }
    if let Some(r) = GameResult::of(s) {
        out.push(Announcement::GameOver(r));
    }
    out
}

/// What `event`, which has just made `game` what it is, announces: a ply's placement, move or
/// pass with what it removed, the game's end when it ended; taking back: how many plies.
pub fn event_announcements(game: &Game, event: &GameEvent) -> Vec<Announcement> {
    let plies = game.plies().len();
    match event {
        GameEvent::Started => Vec::new(),
        GameEvent::Played(_) => announcements_since(game, plies.saturating_sub(1)),
        GameEvent::Undone(undone) => vec![Announcement::Undone { count: undone.len() }],
        GameEvent::Abandoned => announcements_since(game, plies),
    }
}

/// The rule variant in words: `canonical`, or the rules that differ (`no threat rule, 00 not a
/// double`).
pub fn rules_text(lang: Lang, rules: Rules) -> String {
    let mut parts = Vec::new();
    if !rules.threat {
        parts.push(lang.tr(key!("rules-no-threat")));
    }
    if !rules.zero_double {
        parts.push(lang.tr(key!("rules-no-zero-double")));
    }
    if parts.is_empty() { lang.tr(key!("rules-canonical")) } else { parts.join(", ") }
}

/// Both sides' points: `White 86  Black 65`.
pub fn points_text(lang: Lang, pos: &Position) -> String {
    Side::BOTH
        .map(|side| format!("{} {}", side_name(lang, side), lang.int(pos.points(side) as i64)))
        .join("  ")
}

/// `+12`, `-7`, `0`.
pub fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

/// The course's statistics of a search in one line: nodes analysed, alpha cuts, beta cuts,
/// time, depth, value.
pub fn stats_line(lang: Lang, i: &SearchInfo) -> String {
    [
        (key!("stat-nodes"), lang.int(i.nodes as i64)),
        (key!("stat-alpha-cuts"), lang.int(i.alpha_cuts as i64)),
        (key!("stat-beta-cuts"), lang.int(i.beta_cuts as i64)),
        (key!("stat-time"), lang.tr_with(key!("unit-ms"), &[("ms", i.time_ms().into())])),
        (key!("stat-depth"), i.depth.to_string()),
        (key!("stat-value"), value_text(lang, i)),
    ]
    .iter()
    .map(|(k, v)| format!("{} {v}", lang.tr(*k)))
    .collect::<Vec<_>>()
    .join(", ")
}

/// The value of a search, `+3`, with `(proven)` when the search proved it.
pub fn value_text(lang: Lang, i: &SearchInfo) -> String {
    if i.proven {
        lang.tr_with(key!("value-proven"), &[("value", signed(i.score).into())])
    } else {
        signed(i.score)
    }
}

/// One line of live search information: depth, value, nodes, time, principal variation.
pub fn live_line(lang: Lang, i: &SearchInfo) -> String {
    let mut s = format!(
        "{} {} {} {} {} {} {} {}",
        lang.tr(key!("stat-depth")),
        i.depth,
        lang.tr(key!("stat-value")),
        value_text(lang, i),
        lang.tr(key!("stat-nodes")),
        lang.int(i.nodes as i64),
        lang.tr(key!("stat-time")),
        lang.tr_with(key!("unit-ms"), &[("ms", i.time_ms().into())]),
    );
    if !i.pv.is_empty() {
        s.push_str(&format!(" {} {}", lang.tr(key!("stat-pv")), i.pv_string()));
    }
    s
}

/// `1. F1 J10  2. E3 G8 ...`, numbered by White's plies.
pub fn move_list(plies: &[Ply]) -> String {
    let mut out = String::new();
    for (i, p) in plies.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(&format!("{}. {}", i / 2 + 1, p.mv));
        } else {
            out.push_str(&format!(" {}", p.mv));
        }
    }
    out
}

/// The commands a human may type, one per line, for help screens.
pub fn commands_help(lang: Lang) -> String {
    let mut out = lang.tr(key!("help-title"));
    let word = |key: Key| lang.tr(key).split_whitespace().next().unwrap_or_default().to_string();
    for (cmd, key) in [
        ("E3".to_string(), key!("help-cell")),
        ("3 5".to_string(), key!("help-rowcol")),
        ("E3x88".to_string(), key!("help-double")),
        (word(key!("cmd-hint")), key!("help-hint")),
        (word(key!("cmd-undo")), key!("help-undo")),
        (word(key!("cmd-help")), key!("help-help")),
        (word(key!("cmd-quit")), key!("help-quit")),
    ] {
        out.push_str(&format!("\n  {cmd:<9} {}", lang.tr(key)));
    }
    out
}

/// One row of the move list: the ply and its statistics as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRow {
    /// Ply number, from 1.
    pub number: u32,
    /// The side that played.
    pub side: Side,
    /// The move, `E3`, `G7x88`, `pass`.
    pub mv: String,
    /// Points gained, `+23`.
    pub gained: String,
    /// The score after it, `86–65`.
    pub score: String,
    /// Nodes analysed (computer moves only).
    pub nodes: String,
    /// Alpha cuts.
    pub alpha_cuts: String,
    /// Beta cuts.
    pub beta_cuts: String,
    /// Time: `50 ms` for the computer, `3,2 s` for a human, empty for a forced ply.
    pub time: String,
    /// Depth reached.
    pub depth: String,
    /// Value, mover's view.
    pub value: String,
}

impl MoveRow {
    /// The row of `p` in `lang`.
    pub fn of(lang: Lang, p: &Ply) -> MoveRow {
        let s = p.search.as_ref();
        let num = |f: fn(&SearchInfo) -> u64| s.map_or(String::new(), |i| lang.int(f(i) as i64));
        let time = match (p.forced, p.by) {
            (true, _) => String::new(),
            (false, Actor::Computer) => lang.tr_with(key!("unit-ms"), &[("ms", p.time_ms.into())]),
            (false, Actor::Human) => {
                lang.tr_with(key!("unit-s"), &[("s", Arg::Decimal(p.time_ms as f64 / 1000.0, 1))])
            }
        };
        MoveRow {
            number: p.number,
            side: p.side,
            mv: p.mv.to_string(),
            gained: format!("+{}", p.gained),
            score: format!("{}–{}", p.points[0], p.points[1]),
            nodes: num(|i| i.nodes),
            alpha_cuts: num(|i| i.alpha_cuts),
            beta_cuts: num(|i| i.beta_cuts),
            time,
            depth: s.map_or(String::new(), |i| i.depth.to_string()),
            value: s.map_or(String::new(), |i| value_text(lang, i)),
        }
    }
}

/// Every ply of `s` as a row.
pub fn move_rows(s: &Game, lang: Lang) -> Vec<MoveRow> {
    s.plies().iter().map(|p| MoveRow::of(lang, p)).collect()
}

/// The end-of-game totals, one line per side: points, moves, passes, time, and for a computer
/// the searches' nodes, cuts and depths.
pub fn summary_lines(s: &Game, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for (side, sum) in Side::BOTH.iter().zip(s.summary()) {
        let time = lang.tr_with(key!("unit-s"), &[("s", Arg::Decimal(sum.time_ms as f64 / 1000.0, 1))]);
        let mut parts = vec![
            lang.tr_with(key!("sum-points"), &[("count", sum.points.into())]),
            lang.tr_with(key!("sum-moves"), &[("count", sum.moves.into())]),
            lang.tr_with(key!("sum-passes"), &[("count", sum.passes.into())]),
            format!("{} {time}", lang.tr(key!("stat-time"))),
        ];
        if sum.searches > 0 {
            parts.push(format!("{} {}", lang.tr(key!("stat-nodes")), lang.int(sum.nodes as i64)));
            parts.push(format!("{} {}", lang.tr(key!("stat-alpha-cuts")), lang.int(sum.alpha_cuts as i64)));
            parts.push(format!("{} {}", lang.tr(key!("stat-beta-cuts")), lang.int(sum.beta_cuts as i64)));
            parts.push(format!("{} {}", lang.tr(key!("stat-mean-depth")), lang.decimal(sum.mean_depth, 1)));
            parts.push(format!("{} {}", lang.tr(key!("stat-max-depth")), sum.max_depth));
        }
        out.push(format!("{}: {}", Who::of(s, *side).text(lang), parts.join(", ")));
    }
    out
}

mod errors;

pub use errors::{
    error_text, file_message, illegal_reason, illegal_text, log_line_text, player_error_message,
    player_error_text, position_message, position_text, restore_message, store_error_text, store_open_text,
    unreadable_text,
};

#[cfg(test)]
mod tests;
