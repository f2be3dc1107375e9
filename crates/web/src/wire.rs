//! The web's contract, as types: the game state a page loads ([`GameState`], answered by
//! `GET /api/games/{id}` and by every change a seat makes) and the server-sent events that follow
//! it ([`WireEvent`]), each carrying what changed, not the whole game.
//!
//! Nothing here is worded: announcements and results go out as catalogue messages with their
//! arguments ([`Words`]), which the page words in its own language; one payload serves every
//! watcher. Every event but `thinking` carries the game's `version` after it: a page applies an
//! event whose version follows its own by one, drops an older one, and reloads the state past a
//! gap.
//!
//! The game's part of the state and of the events is the session's one view model,
//! [`Situation`] (the same the terminals word), with the players ([`PlayerView`]) and what
//! happened ([`Said`]).

use cavalo_engine::SearchInfo;
use cavalo_rules::{CellState, Position, Rules, Side};
use cavalo_session::present::{self, Words};
pub(crate) use cavalo_session::situation::{PlayerView, Said, Situation, players, said_since};
use cavalo_session::{Game, GameEvent, Ply};
use serde::Serialize;

use crate::store::SeatView;

/// A cell as the page draws it: its number, `null` once removed, `-1` White's knight, `-2`
/// Black's.
pub(crate) type CellCode = Option<i8>;

/// The whole game, as a page loads it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct GameState {
    pub id: String,
    /// Grows with every change: answers and events older than what a page shows are dropped.
    pub version: u64,
    pub date: String,
    /// `human-computer`, `computer-computer`, `human-human`.
    pub mode: &'static str,
    pub rules: Rules,
    /// The values that are doubles under the rules.
    pub doubles: Vec<u8>,
    /// The start as the game was created (`seed:N`, a position).
    pub start: String,
    pub time_ms: u64,
    pub players: [PlayerView; 2],
    /// The cells of the first position (100, row by row); each ply says the cells it changed.
    pub cells: Vec<CellCode>,
    pub plies: Vec<PlyView>,
    /// The current position as a position string and as a course Lisp board.
    pub position: String,
    pub lisp: String,
    /// What happened since the last move a human chose (or since the ply `?since=` names).
    pub announcements: Vec<Said>,
    #[serde(flatten)]
    pub now: Situation,
    /// The live search, if any.
    pub thinking: Option<LiveView>,
    pub seats: Vec<SeatOut>,
    /// Why the game cannot go on (the computer's move could not be stored), if so.
    pub problem: Option<Words>,
}

/// A ply with what the board needs: the cell the knight left, the cell it reached, and every cell
/// it changed.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct PlyView {
    #[serde(flatten)]
    pub ply: Ply,
    /// The index of the cell the knight left (none for a placement or a pass).
    pub from: Option<u8>,
    /// The index of the cell it reached (none for a pass).
    pub to: Option<u8>,
    /// `[index, cell]` of every cell that changed.
    pub changes: Vec<(u8, CellCode)>,
}

/// A seat as anyone may see it (no secret).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SeatOut {
    pub side: Side,
    pub invited: bool,
    pub claimed: bool,
}

/// The live search: whose, for what, waiting or running, and its statistics so far.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LiveView {
    pub side: Side,
    pub player: String,
    /// A hint's search (left out: a move's).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(optional, as = "Option<bool>"))]
    pub hint: bool,
    /// Waiting for a free engine (left out: searching).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(optional, as = "Option<bool>"))]
    pub queued: bool,
    pub info: Option<SearchInfo>,
}

/// An event of a game's stream (`GET /api/games/{id}/events`): its SSE name says which (see
/// [`WireEvent::name`]), its data is the variant's fields.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum WireEvent {
    /// The whole game: the stream's first event when the page's version is not the game's, and
    /// after a page fell behind.
    State(Box<GameState>),
    /// A ply was played.
    Ply(PlyEvent),
    /// The last plies were taken back.
    Undone(UndoneEvent),
    /// The game changed without a ply (abandoned).
    Status(StatusEvent),
    /// The seats changed (an invitation, a claim).
    Seats(SeatsEvent),
    /// The computer's move could not be stored (or now could).
    Problem(ProblemEvent),
    /// The live search (each of its reports), or `null` when none runs.
    Thinking(Option<LiveView>),
}

/// A ply was played: the ply with the cells it changed, what it made happen, the game after it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct PlyEvent {
    /// The game's version after it.
    pub version: u64,
    /// The ply, with the cells it changed.
    pub ply: Box<PlyView>,
    /// What it made happen (the game's end last).
    pub announcements: Vec<Said>,
    /// The game after it.
    pub now: Box<Situation>,
}

/// The last `count` plies were taken back.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct UndoneEvent {
    /// The game's version after it.
    pub version: u64,
    /// The plies taken back.
    pub count: usize,
    /// The game after it.
    pub now: Box<Situation>,
}

/// The game changed without a ply (abandoned).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct StatusEvent {
    /// The game's version after it.
    pub version: u64,
    /// What happened.
    pub announcements: Vec<Said>,
    /// The game after it.
    pub now: Box<Situation>,
}

/// The seats changed (an invitation, a claim).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct SeatsEvent {
    /// The game's version after it.
    pub version: u64,
    /// The seats as anyone may see them.
    pub seats: Vec<SeatOut>,
}

/// The computer's move could not be stored (or now could): why, or `null`.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct ProblemEvent {
    /// The game's version after it.
    pub version: u64,
    /// Why the game cannot go on, or `null` once it can.
    pub problem: Option<Words>,
}

impl WireEvent {
    /// The event's SSE name: its `type`.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            WireEvent::State(_) => "state",
            WireEvent::Ply(_) => "ply",
            WireEvent::Undone(_) => "undone",
            WireEvent::Status(_) => "status",
            WireEvent::Seats(_) => "seats",
            WireEvent::Problem(_) => "problem",
            WireEvent::Thinking(_) => "thinking",
        }
    }
}

/// The page's code of a cell.
fn cell_code(c: CellState) -> CellCode {
    match c {
        CellState::Holds(v) => Some(v as i8),
        CellState::Removed => None,
        CellState::Knight(Side::White) => Some(-1),
        CellState::Knight(Side::Black) => Some(-2),
    }
}

/// The codes of the 100 cells of `pos`.
pub(crate) fn cells(pos: &Position) -> Vec<CellCode> {
    pos.cells().iter().map(|&c| cell_code(c)).collect()
}

/// Ply `index` (0-based) of `s`, played from `before` to `after`.
pub(crate) fn ply_view(s: &Game, index: usize, before: &Position, after: &Position) -> PlyView {
    let p = &s.plies()[index];
    let changes = before
        .cells()
        .iter()
        .zip(after.cells().iter())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (_, &b))| (i as u8, cell_code(b)))
        .collect();
    PlyView {
        ply: p.clone(),
        from: present::from_cell(s.plies(), index).map(|c| c.index() as u8),
        to: p.mv.destination().map(|c| c.index() as u8),
        changes,
    }
}

/// Every ply of `s` with its changes.
pub(crate) fn plies(s: &Game) -> Vec<PlyView> {
    let positions = s.positions();
    (0..s.plies().len()).map(|i| ply_view(s, i, &positions[i], &positions[i + 1])).collect()
}

/// The event that tells the watchers `event`, which has just made `game` what it is, as
/// `version`: the ply with the cells it changed, the count of plies taken back, or the status.
pub(crate) fn delta(game: &Game, event: &GameEvent, version: u64) -> WireEvent {
    let now = Box::new(Situation::of(game));
    let count = game.plies().len();
    match event {
        GameEvent::Played(_) => {
            let positions = game.positions();
            let ply = ply_view(game, count - 1, &positions[count - 1], &positions[count]);
            let announcements = said_since(game, count - 1);
            WireEvent::Ply(PlyEvent { version, ply: Box::new(ply), announcements, now })
        }
        GameEvent::Undone(plies) => WireEvent::Undone(UndoneEvent { version, count: plies.len(), now }),
        GameEvent::Started | GameEvent::Abandoned => {
            WireEvent::Status(StatusEvent { version, announcements: said_since(game, count), now })
        }
    }
}

/// The seats as anyone may see them.
pub(crate) fn seats(seats: &[SeatView]) -> Vec<SeatOut> {
    seats.iter().map(|s| SeatOut { side: s.side, invited: s.invited, claimed: s.claimed }).collect()
}

#[cfg(test)]
mod tests {
    use cavalo_rules::Start;
    use cavalo_session::{GameConfig, PlayerConfig, Session, Turn};

    use super::*;
    use crate::game::HostedGame;

    /// The state's and the events' game part is the session's situation, field for field.
    #[test]
    fn the_state_carries_the_one_situation_the_terminals_word() {
        let mut config = GameConfig::new(Start::Seed(3));
        config.players = [PlayerConfig::human(), PlayerConfig::human()];
        let mut s = Session::new(config).unwrap();
        let mut chosen = 0;
        while chosen < 2 {
            match s.turn() {
                Turn::Forced { .. } => {
                    s.play_forced().unwrap();
                }
                _ => {
                    let mv = s.position().legal_moves()[0];
                    s.play_human(mv).unwrap();
                    chosen += 1;
                }
            }
        }
        while let Turn::Forced { .. } = s.turn() {
            s.play_forced().unwrap();
        }
        let situation = serde_json::to_value(Situation::of(&s)).unwrap();
        let game = HostedGame::new(s, Vec::new());
        let state = serde_json::to_value(game.lock().state(None)).unwrap();
        let fields = situation.as_object().unwrap();
        assert!(fields.len() >= 11, "{fields:?}");
        for (name, value) in fields {
            assert_eq!(&state[name], value, "the state's {name}");
        }
        assert!(matches!(game.lock().turn(), Turn::Human(_)));
        assert!(!state["destinations"].as_array().unwrap().is_empty());
        assert!(state["undo_side"].is_string(), "a human's move can be taken back");
        assert_eq!(state["players"][0]["human"], true);
    }
}
