//! Where a game's events go: the stores ([`store::sinks`](crate::store::sinks): the games
//! database, the course's `log.dat`, the JSON record) each record every event of a game before
//! the event is acknowledged.

use std::path::PathBuf;

use crate::error::SessionError;
use crate::game::{Game, GameEvent};

/// A store that records the events of one game.
pub trait Sink: Send {
    /// Records `event`, which has just made `game` what it is (`game` is the game after the
    /// event). Answers the file it wrote, when the event made one of its own (a game record).
    fn record(&mut self, game: &Game, event: &GameEvent) -> Result<Option<PathBuf>, SessionError>;

    /// Whether the event must not happen when this store cannot record it (the games database:
    /// a ply the user has seen is on disk). Otherwise a failure is a warning and the game goes on.
    fn must_record(&self) -> bool;
}
