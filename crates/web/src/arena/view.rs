//! What `GET /api/arena` answers: the arena's settings, the standings of the current versions and
//! the games (every game of one version when asked for, else the most recent), each forfeit
//! worded in the reader's language with its ply and the program's last lines of standard error.

use cavalo_arena::standings::{LastError, Standing};
use cavalo_arena::{ArenaGame, Seat, Stage, Version};
use cavalo_match::Forfeit;
use cavalo_session::i18n::Lang;
use serde::Serialize;

/// How many games the arena's answer lists when no version is asked for (the most recent).
pub(crate) const RECENT_GAMES: usize = 100;

/// The arena, as the page shows it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize, Debug)]
pub(crate) struct ArenaView {
    /// The arena games' time per move, in milliseconds.
    pub time_ms: u64,
    /// The current version of every team, the strongest first.
    pub standings: Vec<StandingView>,
    /// Games: those of the version asked for, else the most recent; the newest first.
    pub games: Vec<ArenaGameView>,
    /// How many arena games were played or are being played in all.
    pub total_games: usize,
    /// A championship's report is there to download (`GET /api/arena/championship`).
    pub championship: bool,
}

/// A current version in the standings.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize, Debug)]
pub(crate) struct StandingView {
    /// The version's id (its games: `GET /api/arena?program=ID`).
    pub id: String,
    pub team: String,
    pub version: u32,
    /// Ladder games against the other current versions, and the points in them.
    pub games: u32,
    pub score: f64,
    /// Elo, our engine's level 1 at 0, with half its 95% interval; none before any game.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// Still playing its qualification against the levels.
    pub qualifying: bool,
    /// The highest level of our engine it beat (none: not even level 1, or still qualifying).
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Its games lost by forfeit, and the last of them.
    pub forfeits: u32,
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_error: Option<ForfeitView>,
    /// One of its games is being played.
    pub playing: bool,
}

/// A forfeit, worded.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize, Debug, Clone)]
pub(crate) struct ForfeitView {
    /// The game (open it with `GET /api/games/ID`).
    pub game: String,
    /// The ply at which it failed; none while loading.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<u16>,
    /// When, in the reader's language (`at ply 5`, `at load, before the first move`).
    pub when: String,
    /// What went wrong, in the reader's language.
    pub message: String,
    /// The program's last lines on its standard error.
    pub stderr: Vec<String>,
}

/// A side's player in an arena game.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize, Debug)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum ArenaSeat {
    /// A version of a team's program.
    Program { id: String, team: String, version: u32 },
    /// Our engine at a level.
    Level { level: u8 },
}

/// An arena game.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize, Debug)]
pub(crate) struct ArenaGameView {
    /// The game that shows it (`GET /api/games/ID`, its events, its analysis).
    pub game: String,
    pub white: ArenaSeat,
    pub black: ArenaSeat,
    #[cfg_attr(test, ts(type = "\"qualification\" | \"ladder\""))]
    pub stage: Stage,
    pub seed: u64,
    /// When it started (ISO 8601, UTC).
    pub started: String,
    /// Still being played.
    pub playing: bool,
    /// White's points in it (1, 0.5, 0), once played.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_points: Option<f64>,
    /// How it ended (`normal`, `timeout`, `crash`, `illegal move`, …), once played.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination: Option<String>,
    /// The forfeit, with the side that lost by it.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<ForfeitView>,
    #[cfg_attr(test, ts(optional, type = "\"white\" | \"black\""))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit_side: Option<&'static str>,
    /// The points on the board when it ended.
    #[cfg_attr(test, ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u16; 2]>,
}

/// A forfeit in `game`, worded in `lang`.
fn forfeit_view(lang: Lang, game: &str, f: &Forfeit) -> ForfeitView {
    let (when, message) = cavalo_match::words::forfeit_parts(lang, f);
    ForfeitView { game: game.to_string(), ply: f.ply, when, message, stderr: f.stderr.clone() }
}

/// A seat for the page: its team and version by the versions known.
fn seat_view(seat: &Seat, versions: &[Version]) -> ArenaSeat {
    match seat {
        Seat::Level(level) => ArenaSeat::Level { level: *level },
        Seat::Program(id) => {
            let v = versions.iter().find(|v| v.id == *id);
            ArenaSeat::Program {
                id: id.clone(),
                team: v.map_or_else(|| "?".to_string(), |v| v.team.clone()),
                version: v.map_or(0, |v| v.version),
            }
        }
    }
}

fn standing_view(lang: Lang, s: Standing) -> StandingView {
    StandingView {
        id: s.id,
        team: s.team,
        version: s.version,
        games: s.games,
        score: s.score,
        rating: s.rating.map(|r| r.elo.round()),
        margin: s.rating.map(|r| r.margin.round()),
        qualifying: s.level.is_none(),
        level: s.level.flatten(),
        forfeits: s.forfeits,
        last_error: s
            .last_error
            .map(|LastError { game_id, forfeit, .. }| forfeit_view(lang, &game_id, &forfeit)),
        playing: s.playing,
    }
}

fn game_view(lang: Lang, g: &ArenaGame, versions: &[Version]) -> ArenaGameView {
    let finished = g.ended.as_ref().map(|(_, f)| f);
    let forfeit = finished.and_then(|f| f.forfeit.as_ref());
    ArenaGameView {
        game: g.game_id.clone(),
        white: seat_view(&g.white, versions),
        black: seat_view(&g.black, versions),
        stage: g.stage,
        seed: g.seed,
        started: g.started.clone(),
        playing: g.ended.is_none(),
        white_points: finished.map(|f| f.white_points),
        termination: finished.map(|f| f.termination.name().to_string()),
        forfeit: forfeit.map(|f| forfeit_view(lang, &g.game_id, f)),
        forfeit_side: forfeit.map(|f| f.side.name()),
        points: finished.and_then(|f| f.points),
    }
}

/// The arena's answer in `lang`: the standings of `current`, and the games of `program` (every
/// one) or the [`RECENT_GAMES`] most recent. `all` holds every version, to name old ones.
pub(crate) fn arena_view(
    lang: Lang,
    time_ms: u64,
    current: &[Version],
    all: &[Version],
    games: &[ArenaGame],
    program: Option<&str>,
) -> ArenaView {
    let standings =
        cavalo_arena::standings(current, games).into_iter().map(|s| standing_view(lang, s)).collect();
    let listed: Vec<ArenaGameView> = match program {
        Some(id) => {
            let me = Seat::Program(id.to_string());
            games
                .iter()
                .rev()
                .filter(|g| g.white == me || g.black == me)
                .map(|g| game_view(lang, g, all))
                .collect()
        }
        None => games.iter().rev().take(RECENT_GAMES).map(|g| game_view(lang, g, all)).collect(),
    };
    ArenaView { time_ms, standings, games: listed, total_games: games.len(), championship: false }
}
