//! Plays one arena game: each program written to a folder of its own and played by the referee
//! in its sandbox (`lisp:…,sandbox=yes`), our engine's levels in this process, at the course's
//! clock; every accepted move is told to a watcher as it is played.

use cavalo_match::{GameSetup, GameSpec, MoveLimits, PlayerSpec, Watch, play_game_watched};
use cavalo_rules::{GameRecord, Rules};

use crate::seat::{Planned, Seat};
use crate::store::Version;

/// The hash table of a level's engine in an arena game, in MiB: the levels play people's
/// strength, they need no large table, and the arena's games must leave the memory to people.
pub const LEVEL_HASH_MIB: usize = 16;

/// Why an arena game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// A program's folder could not be made.
    #[error("cannot write the program's files: {0}")]
    Files(#[from] std::io::Error),
    /// A seat names a version that is not given.
    #[error("no program {0}")]
    NoProgram(String),
}

/// The player of `seat`: a version written into `dir`, or our engine at a level.
fn player(
    seat: &Seat,
    versions: &[&Version],
    dirs: &mut Vec<tempfile::TempDir>,
) -> Result<PlayerSpec, PlayError> {
    match seat {
        Seat::Level(level) => {
            let text = format!("cavalo:level={level},hash={LEVEL_HASH_MIB},threads=1");
            Ok(text.parse().expect("a level is a player"))
        }
        Seat::Program(id) => {
            let v = versions.iter().find(|v| v.id == *id).ok_or_else(|| PlayError::NoProgram(id.clone()))?;
            let dir = tempfile::Builder::new().prefix("cavalo-arena-").tempdir()?;
            v.program.write_to(dir.path())?;
            let spec = v.program.player(dir.path());
            dirs.push(dir);
            Ok(spec)
        }
    }
}

/// Plays `planned` between `versions` (those its seats name) at `time_ms` a move under `rules`,
/// telling `watch` of every move; `None` when `watch` stopped it. The folders written for the
/// programs are removed when it ends.
pub fn play(
    planned: &Planned,
    versions: &[&Version],
    rules: Rules,
    time_ms: u64,
    watch: &mut dyn Watch,
) -> Result<Option<GameRecord>, PlayError> {
    let mut dirs = Vec::new();
    let setup = GameSetup {
        engine1: player(&planned.white, versions, &mut dirs)?,
        engine2: player(&planned.black, versions, &mut dirs)?,
        rules,
        limits: MoveLimits::movetime(time_ms),
        limits2: None,
    };
    // Game 0 of a match: engine 1 (White's player here) is White.
    Ok(play_game_watched(&setup, GameSpec { index: 0, seed: planned.seed }, watch))
}
