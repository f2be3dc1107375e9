//! What the terminals announce comes from the game's committed events: [`Heard`] is a store
//! ([`Sink`]) registered after the others that keeps each event's announcements until the
//! controller says them.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::error::SessionError;
use crate::game::{Game, GameEvent};
use crate::present::{self, Announcement};
use crate::sink::Sink;

/// The announcements of the events committed and not yet said.
#[derive(Clone, Default)]
pub(super) struct Heard(Arc<Mutex<Vec<Announcement>>>);

impl Heard {
    /// The announcements heard since the last call, in order.
    pub fn take(&self) -> Vec<Announcement> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Sink for Heard {
    fn record(&mut self, game: &Game, event: &GameEvent) -> Result<Option<PathBuf>, SessionError> {
        let said = present::event_announcements(game, event);
        self.0.lock().unwrap_or_else(|e| e.into_inner()).extend(said);
        Ok(None)
    }

    fn must_record(&self) -> bool {
        false
    }
}
