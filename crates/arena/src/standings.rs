//! The standings of the current versions: each one's ladder games against the other current
//! versions (games, points), its rating with its 95% interval — the tournament's ratings
//! ([`cavalo_match::ratings`]) fitted to the ladder's and the qualifications' games at once, our
//! engine's level 1 anchored at 0 —, the highest level it beat in its qualification, the games it
//! lost by forfeit and its last forfeit (which the front ends word in their reader's language).

use std::collections::HashMap;

use cavalo_match::Forfeit;
use cavalo_match::ratings::{Rating, Results, fit};

use crate::ladder::{Qualification, qualification};
use crate::seat::{Seat, Stage};
use crate::store::{ArenaGame, Version};

/// The Elo of our engine's level 1, the ratings' anchor.
pub const LEVEL_1_ELO: f64 = 0.0;

/// One current version in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The version's id.
    pub id: String,
    /// Its team.
    pub team: String,
    /// Its number among the team's uploads.
    pub version: u32,
    /// Ladder games played against the other current versions.
    pub games: u32,
    /// Its points in them.
    pub score: f64,
    /// Its rating (our engine's level 1 at [`LEVEL_1_ELO`]), once it has played.
    pub rating: Option<Rating>,
    /// Its qualification: still under way (`None`), or the highest level it beat.
    pub level: Option<Option<u8>>,
    /// Its games (any stage) lost by forfeit.
    pub forfeits: u32,
    /// Its last forfeit: the game's row, the game shown, the forfeit.
    pub last_error: Option<LastError>,
    /// Whether one of its games is being played.
    pub playing: bool,
}

/// A version's last forfeit.
#[derive(Clone, Debug, PartialEq)]
pub struct LastError {
    /// The arena game's row.
    pub row: i64,
    /// The game that shows it.
    pub game_id: String,
    /// What went wrong.
    pub forfeit: Forfeit,
}

/// The standings of the `current` versions after `games`: the highest rating first (then the
/// most points, then the team's name).
pub fn standings(current: &[Version], games: &[ArenaGame]) -> Vec<Standing> {
    let ratings = ratings(current, games);
    let mut all: Vec<Standing> = current
        .iter()
        .map(|v| {
            let me = Seat::Program(v.id.clone());
            let mine: Vec<&ArenaGame> = games.iter().filter(|g| g.white == me || g.black == me).collect();
            let ladder: Vec<&ArenaGame> = mine
                .iter()
                .copied()
                .filter(|g| g.stage == Stage::Ladder && among(g, current) && g.ended.is_some())
                .collect();
            let lost: Vec<&&ArenaGame> = mine.iter().filter(|g| g.forfeited_by() == Some(&me)).collect();
            let last_error = lost.last().map(|g| LastError {
                row: g.row,
                game_id: g.game_id.clone(),
                forfeit: g.ended.as_ref().and_then(|(_, f)| f.forfeit.clone()).expect("a forfeit"),
            });
            Standing {
                id: v.id.clone(),
                team: v.team.clone(),
                version: v.version,
                games: ladder.len() as u32,
                // (A fold from +0: an empty sum of floats is -0.)
                score: ladder.iter().filter_map(|g| g.points_of(&me)).fold(0.0, |a, b| a + b),
                rating: ratings.get(&me).copied(),
                level: match qualification(&v.id, games) {
                    Qualification::Done(level) => Some(level),
                    _ => None,
                },
                forfeits: lost.len() as u32,
                last_error,
                playing: mine.iter().any(|g| g.ended.is_none()),
            }
        })
        .collect();
    all.sort_by(|a, b| {
        let elo = |s: &Standing| s.rating.map_or(f64::NEG_INFINITY, |r| r.elo);
        elo(b).total_cmp(&elo(a)).then(b.score.total_cmp(&a.score)).then_with(|| a.team.cmp(&b.team))
    });
    all
}

/// Whether both players of `g` are levels or current versions.
fn among(g: &ArenaGame, current: &[Version]) -> bool {
    [&g.white, &g.black].iter().all(|s| match s {
        Seat::Level(_) => true,
        Seat::Program(id) => current.iter().any(|v| v.id == *id),
    })
}

/// The ratings of the current versions and the levels they met, from every finished game among
/// them; none when level 1 is not among them or the fit fails.
fn ratings(current: &[Version], games: &[ArenaGame]) -> HashMap<Seat, Rating> {
    let played: Vec<&ArenaGame> = games.iter().filter(|g| g.ended.is_some() && among(g, current)).collect();
    let mut players: Vec<Seat> = played.iter().flat_map(|g| [g.white.clone(), g.black.clone()]).collect();
    players.sort();
    players.dedup();
    let Some(anchor) = players.iter().position(|s| *s == Seat::Level(1)) else {
        return HashMap::new();
    };
    let index = |s: &Seat| players.iter().position(|p| p == s).expect("a player");
    let mut results = Results::new(players.len());
    for g in &played {
        results.add(index(&g.white), index(&g.black), g.points_of(&g.white).expect("played"));
    }
    match fit(&results, anchor, LEVEL_1_ELO) {
        Some(r) => players.into_iter().zip(r).collect(),
        None => HashMap::new(),
    }
}
