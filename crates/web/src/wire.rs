//! The web's contract, as types: the game state a page loads ([`GameState`], answered by
//! `GET /api/games/{id}` and by every change a seat makes) and the server-sent events that follow
//! it ([`WireEvent`]), each carrying what changed, not the whole game.
//!
//! Nothing here is worded: announcements and results go out as catalogue messages with their
//! arguments ([`Words`]), which the page words in its own language; one payload serves every
//! watcher. Every event but `thinking` carries the game's `version` after it: a page applies an
//! event whose version follows its own by one, drops an older one, and reloads the state past a
//! gap.

use cavalo_engine::SearchInfo;
use cavalo_rules::{CellState, Position, Rules, Side};
use cavalo_session::present::{self, GameResult, Words};
use cavalo_session::store::db::web::SeatView;
use cavalo_session::{MoveChoice, Ply, Session, SideSummary, Turn, interpret_move};
use serde::Serialize;

/// A cell as the page draws it: its number, `null` once removed, `-1` White's knight, `-2`
/// Black's.
pub(crate) type CellCode = Option<i8>;

/// The whole game, as a page loads it.
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
    pub players: Vec<PlayerView>,
    /// The cells of the first position (100, row by row); each ply says the cells it changed.
    pub cells: Vec<CellCode>,
    pub plies: Vec<PlyView>,
    /// The current position as a position string and as a course Lisp board.
    pub position: String,
    pub lisp: String,
    /// What happened since the last move a human chose (or since the ply `?since=` names).
    pub announcements: Vec<Said>,
    #[serde(flatten)]
    pub now: Now,
    /// The live search, if any.
    pub thinking: Option<LiveView>,
    pub seats: Vec<SeatOut>,
    /// Why the game cannot go on (the computer's move could not be stored), if so.
    pub problem: Option<Words>,
}

/// A player: its side, whether a human plays it, its label and its description.
#[derive(Debug, Serialize)]
pub(crate) struct PlayerView {
    pub side: Side,
    pub human: bool,
    pub label: String,
    pub name: String,
}

/// A ply with what the board needs: the cell the knight left, the cell it reached, and every cell
/// it changed.
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

/// An announcement: its kind (`move`, `placement`, `pass`, `double-removed`, `game-over`, …) and
/// its message.
#[derive(Debug, Serialize)]
pub(crate) struct Said {
    pub kind: &'static str,
    pub message: Words,
}

/// Whose turn it is.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum TurnView {
    Human {
        side: Side,
    },
    Computer {
        side: Side,
    },
    Forced {
        side: Side,
        #[serde(rename = "move")]
        mv: String,
    },
    Over {
        side: Option<Side>,
        result: &'static str,
    },
    Quit {
        side: Option<Side>,
    },
}

/// A legal destination of the human to move, with its moves (one per possible removal of a
/// double, the default first).
#[derive(Debug, Serialize)]
pub(crate) struct Destination {
    pub cell: String,
    pub index: u8,
    pub value: Option<u8>,
    pub options: Vec<MoveOption>,
}

/// A move to a destination and the double it removes, if it chooses one.
#[derive(Debug, Serialize)]
pub(crate) struct MoveOption {
    #[serde(rename = "move")]
    pub mv: String,
    pub removes: Option<u8>,
}

/// The game as it stands after a change: whose turn, the points, what the human to move may do,
/// the clock and the result.
#[derive(Debug, Serialize)]
pub(crate) struct Now {
    /// `playing`, `over`, `quit`.
    pub status: &'static str,
    pub turn: TurnView,
    pub to_move: Side,
    /// White's and Black's points.
    pub points: [u16; 2],
    /// The legal destinations, when a human is to move.
    pub destinations: Vec<Destination>,
    /// The cells the other knight attacks, when a human is to move.
    pub threatened: Vec<usize>,
    /// Whose seat may take a move back (the side of the last move a human chose); `null` when
    /// nothing can be taken back (nothing chosen, a computer-vs-computer game, a game quit).
    pub undo_side: Option<Side>,
    pub can_hint: bool,
    /// The position's outcome (`white`, `black`, `draw`), once over.
    pub result: Option<&'static str>,
    /// The result as a message, once over or abandoned.
    pub result_text: Option<Words>,
    /// The time each side spent, White's and Black's, in milliseconds.
    pub clock: [u64; 2],
    /// Both sides' totals, once the game is over or abandoned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<[SideSummary; 2]>,
}

/// A seat as anyone may see it (no secret).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SeatOut {
    pub side: Side,
    pub invited: bool,
    pub claimed: bool,
}

/// The live search: whose, for what, waiting or running, and its statistics so far.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LiveView {
    pub side: Side,
    pub player: String,
    /// A hint's search (left out: a move's).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hint: bool,
    /// Waiting for a free engine (left out: searching).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub queued: bool,
    pub info: Option<SearchInfo>,
}

/// An event of a game's stream (`GET /api/games/{id}/events`): its SSE name says which (see
/// [`WireEvent::name`]), its data is the variant's fields.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum WireEvent {
    /// The whole game: the stream's first event when the page's version is not the game's, and
    /// after a page fell behind.
    State(Box<GameState>),
    /// A ply was played.
    Ply { version: u64, ply: Box<PlyView>, announcements: Vec<Said>, now: Box<Now> },
    /// The last `count` plies were taken back.
    Undone { version: u64, count: usize, now: Box<Now> },
    /// The game changed without a ply (abandoned).
    Status { version: u64, announcements: Vec<Said>, now: Box<Now> },
    /// The seats changed (an invitation, a claim).
    Seats { version: u64, seats: Vec<SeatOut> },
    /// The computer's move could not be stored (or now could): why, or `null`.
    Problem { version: u64, problem: Option<Words> },
    /// The live search (each of its reports), or `null` when none runs.
    Thinking(Option<LiveView>),
}

impl WireEvent {
    /// The event's SSE name: its `type`.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            WireEvent::State(_) => "state",
            WireEvent::Ply { .. } => "ply",
            WireEvent::Undone { .. } => "undone",
            WireEvent::Status { .. } => "status",
            WireEvent::Seats { .. } => "seats",
            WireEvent::Problem { .. } => "problem",
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
pub(crate) fn ply_view(s: &Session, index: usize, before: &Position, after: &Position) -> PlyView {
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
pub(crate) fn plies(s: &Session) -> Vec<PlyView> {
    let positions = s.positions();
    (0..s.plies().len()).map(|i| ply_view(s, i, &positions[i], &positions[i + 1])).collect()
}

/// The announcements of the plies from `from` (0-based) on, then the game's end.
pub(crate) fn said_since(s: &Session, from: usize) -> Vec<Said> {
    present::announcements_since(s, from)
        .iter()
        .map(|a| Said { kind: a.kind(), message: a.words() })
        .collect()
}

/// The players of `s`, White first.
pub(crate) fn players(s: &Session) -> Vec<PlayerView> {
    Side::BOTH
        .iter()
        .map(|&side| {
            let p = s.player(side);
            PlayerView { side, human: p.is_human(), label: p.label(), name: p.describe() }
        })
        .collect()
}

/// The seats as anyone may see them.
pub(crate) fn seats(seats: &[SeatView]) -> Vec<SeatOut> {
    seats.iter().map(|s| SeatOut { side: s.side, invited: s.invited, claimed: s.claimed }).collect()
}

/// The legal destinations of a human to move in `pos`.
fn destinations(pos: &Position) -> Vec<Destination> {
    let mut out: Vec<Destination> = Vec::new();
    for mv in pos.legal_moves().iter() {
        let Some(dest) = mv.destination() else { continue };
        if out.iter().any(|d| d.index as usize == dest.index()) {
            continue;
        }
        let options = match interpret_move(pos, &dest.to_string()) {
            Ok(choice @ MoveChoice::ChooseRemoval { .. }) => {
                let removes = choice.removable(pos);
                let MoveChoice::ChooseRemoval { options, .. } = choice else { continue };
                options
                    .iter()
                    .zip(removes)
                    .map(|(m, v)| MoveOption { mv: m.to_string(), removes: Some(v) })
                    .collect()
            }
            Ok(MoveChoice::Ready(m)) => vec![MoveOption { mv: m.to_string(), removes: None }],
            Err(_) => continue,
        };
        out.push(Destination {
            cell: dest.to_string(),
            index: dest.index() as u8,
            value: pos.value_at(dest),
            options,
        });
    }
    out
}

/// The game as it stands now.
pub(crate) fn now(s: &Session) -> Now {
    let pos = s.position();
    let turn = match s.turn() {
        Turn::Human(side) => TurnView::Human { side },
        Turn::Computer(side) => TurnView::Computer { side },
        Turn::Forced { side, mv } => TurnView::Forced { side, mv: mv.to_string() },
        Turn::Over(o) => TurnView::Over { side: None, result: o.name() },
        Turn::Quit => TurnView::Quit { side: None },
    };
    let human = matches!(turn, TurnView::Human { .. });
    let summary = s.summary();
    let ended = s.status() != cavalo_session::Status::Playing;
    Now {
        status: s.status().name(),
        turn,
        to_move: pos.side_to_move(),
        points: [pos.points(Side::White), pos.points(Side::Black)],
        destinations: if human { destinations(pos) } else { Vec::new() },
        threatened: if human {
            present::session_marks(s)
                .iter()
                .enumerate()
                .filter(|(_, m)| m.threatened)
                .map(|(i, _)| i)
                .collect()
        } else {
            Vec::new()
        },
        undo_side: s.undo_side().filter(|_| s.mode() != cavalo_session::Mode::ComputerComputer),
        can_hint: human,
        result: pos.outcome().map(|o| o.name()),
        result_text: GameResult::of(s).map(|r| Words::Message(r.message())),
        clock: [summary[0].time_ms, summary[1].time_ms],
        summary: ended.then_some(summary),
    }
}
