//! The API's answers that are not the game's state nor its events (those are in [`crate::wire`]):
//! the server's limits, the list of games, a hint, an invitation and its claim, an upload. Each
//! is a type so that the page's declarations (`static/types/wire.d.ts`) are generated from it.

use std::collections::BTreeMap;

use cavalo_engine::SearchInfo;
use cavalo_rules::{Rules, Side};
use cavalo_session::present::Words;
use cavalo_session::situation::Who;
use serde::Serialize;

use crate::wire::GameState;

/// `GET /api/info`: the server's limits and default rules.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct ServerInfo {
    /// `cavalo 0.1.0`.
    pub program: String,
    /// The computer players a game may name.
    pub engines: [&'static str; 4],
    /// Our engine's levels, weakest to full strength.
    pub levels: LevelRange,
    pub max_time_ms: u64,
    pub min_time_ms: u64,
    /// Searches the server runs at once.
    pub max_searches: usize,
    pub default_rules: Rules,
    /// The languages' codes (`pt`, `en`).
    pub languages: Vec<&'static str>,
    /// Whether the server runs the arena (`cavalo serve --arena`: `GET /api/arena`).
    pub arena: bool,
}

/// The levels of our engine.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct LevelRange {
    pub min: u8,
    pub max: u8,
}

/// `GET /api/games`: the games a client sees, newest first.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct GameList {
    pub games: Vec<ListedGame>,
}

/// A game of the list.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct ListedGame {
    pub id: String,
    pub date: String,
    pub mode: String,
    pub status: String,
    /// White and Black, in parts for the page to word.
    pub players: [Who; 2],
    pub points: [u16; 2],
    pub plies: u32,
    pub result: Option<String>,
    /// Listed for everyone.
    pub public: bool,
    /// The request holds one of its seats.
    pub mine: bool,
    /// The request uploaded it.
    pub uploaded: bool,
}

/// `POST /api/games/{id}/hint`: the engine's move for the player to move.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct Hint {
    /// The move as written (`E3`, `E3x55`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The cell it reaches and its index, none for a pass.
    pub cell: Option<String>,
    pub index: Option<usize>,
    pub info: SearchInfo,
    /// The hint as a message (`Hint: E3`).
    pub message: Words,
}

/// `POST /api/games/{id}/invite`: an invitation to a seat.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct Invitation {
    pub side: Side,
    /// The invitation's secret code.
    pub invite: String,
    /// The page's address that claims it.
    pub link: String,
}

/// `POST /api/games/{id}/claim`: the seat an invitation opened, and the game.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct Claimed {
    pub side: Side,
    /// The seat's secret token.
    pub token: String,
    pub state: GameState,
}

/// `POST /api/games`: the new game's state with the secret tokens of its seats (side -> token).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct Created {
    #[serde(flatten)]
    pub state: GameState,
    pub tokens: BTreeMap<&'static str, String>,
}

/// `POST /api/games/upload`: the stored game's id and plies.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct Uploaded {
    pub id: String,
    pub plies: usize,
}

/// One game of a log sent to upload that holds several (`400 several_games`, in the answer's
/// `detail.games`), in the log's order, for the person to pick one.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct LogChoice {
    pub id: String,
    pub date: Option<String>,
    /// White and Black (none when the log does not say).
    pub players: [Option<Who>; 2],
    /// From its `END` line; none while unfinished.
    pub status: Option<String>,
    pub result: Option<String>,
    /// The plies' points added up, White's then Black's.
    pub points: [u64; 2],
    pub plies: usize,
}
