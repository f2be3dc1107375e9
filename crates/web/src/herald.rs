//! The web's broadcaster: a store of a game's events ([`Broadcast`], a [`Sink`] registered after
//! the database) that turns each committed [`GameEvent`] into its versioned [`WireEvent`] and
//! tells every watcher, with no comparison of states afterwards.
//!
//! Each game has one [`Herald`]: its event channel, its version, and a short journal of the last
//! events told, so that a seat's change is answered with the very events the watchers got (see
//! [`Herald::since`]) and a page that was away a moment catches up with the events it missed
//! rather than the whole game. The version only moves while the game's lock is held: the sink
//! runs inside the session's commands, and the seats' and the problem's events go through the
//! lock's guard (see [`crate::game::Held`]).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cavalo_session::{Game as SessionGame, GameEvent, SessionError, Sink};
use serde::Serialize;
use serde_json::value::RawValue;
use tokio::sync::broadcast;

use crate::wire::{self, LiveView, WireEvent};

/// How many events the journal keeps (and the channel holds for a slow watcher).
const KEPT: usize = 64;

/// An event told to the watchers: its version, its SSE name and its JSON, one payload for all.
#[derive(Clone, Debug)]
pub(crate) struct Told {
    /// The game's version after it.
    pub version: u64,
    /// Its SSE name (see [`WireEvent::name`]).
    pub name: &'static str,
    /// Its data, as JSON text.
    pub data: Arc<str>,
}

impl Serialize for Told {
    /// `{"type": name, "data": …}`: an answer's event, the same data the stream carries.
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let data: &RawValue = serde_json::from_str(&self.data).map_err(serde::ser::Error::custom)?;
        let mut st = ser.serialize_struct("Told", 2)?;
        st.serialize_field("type", self.name)?;
        st.serialize_field("data", data)?;
        st.end()
    }
}

/// The answer to a change a seat made (a move, an undo, a resignation): the events it told the
/// watchers, each as they got it (the mover gets the same delta, not the whole game).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct Changes {
    /// In order; a page applies them as it applies the stream's.
    #[cfg_attr(test, ts(type = "Array<Told>"))]
    pub events: Vec<Told>,
}

/// What a game's event channel carries.
#[derive(Clone, Debug)]
pub(crate) enum Event {
    /// A change of the game, versioned.
    Change(Told),
    /// The live search (`thinking`, not versioned), as JSON text.
    Live(Arc<str>),
    /// The game was deleted: the stream ends.
    Deleted,
}

/// A game's event channel, version and journal.
#[derive(Debug)]
pub(crate) struct Herald {
    sender: broadcast::Sender<Event>,
    version: AtomicU64,
    journal: Mutex<VecDeque<Told>>,
    /// When the game last changed or was otherwise used, in ms since the epoch.
    touched: AtomicI64,
}

impl Herald {
    /// A herald at `version` (a game read again goes on past any version a page saw of it).
    pub fn new(version: u64) -> Arc<Herald> {
        let (sender, _) = broadcast::channel(KEPT);
        Arc::new(Herald {
            sender,
            version: AtomicU64::new(version),
            journal: Mutex::new(VecDeque::with_capacity(KEPT)),
            touched: AtomicI64::new(crate::now_ms()),
        })
    }

    /// The game's version now.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    /// A new watcher's receiver.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.sender.subscribe()
    }

    /// Tells every watcher the event `make` builds for the next version (the game is touched).
    /// Called with the game's lock held only (the sink, the guard).
    pub(crate) fn emit(&self, make: impl FnOnce(u64) -> WireEvent) {
        self.touch();
        let version = self.version.fetch_add(1, Ordering::SeqCst) + 1;
        let ev = make(version);
        let data: Arc<str> = serde_json::to_string(&ev).unwrap_or_else(|_| "null".into()).into();
        let told = Told { version, name: ev.name(), data };
        {
            let mut journal = self.journal.lock().expect("journal lock");
            if journal.len() == KEPT {
                journal.pop_front();
            }
            journal.push_back(told.clone());
        }
        let _ = self.sender.send(Event::Change(told));
    }

    /// Tells every watcher the live search (or that none runs).
    pub fn live(&self, view: Option<&LiveView>) {
        let data = serde_json::to_string(&view).unwrap_or_else(|_| "null".into());
        let _ = self.sender.send(Event::Live(data.into()));
    }

    /// Tells every watcher that the game is gone.
    pub fn deleted(&self) {
        let _ = self.sender.send(Event::Deleted);
    }

    /// The events told after `version`, in order; `None` when the journal no longer holds them
    /// all (the whole state is then needed).
    pub fn since(&self, version: u64) -> Option<Vec<Told>> {
        let journal = self.journal.lock().expect("journal lock");
        let now = self.version();
        if version >= now {
            return (version == now).then(Vec::new);
        }
        let first = journal.front()?;
        (first.version <= version + 1)
            .then(|| journal.iter().filter(|t| t.version > version).cloned().collect())
    }

    /// Notes that the game is in use now.
    pub fn touch(&self) {
        self.touched.store(crate::now_ms(), Ordering::SeqCst);
    }

    /// When the game last changed or was used, in ms since the epoch.
    pub fn touched_ms(&self) -> i64 {
        self.touched.load(Ordering::SeqCst)
    }
}

/// The broadcaster as a store of the session's events: registered after the database (it never
/// fails), it tells each committed event to the watchers.
pub(crate) struct Broadcast(pub Arc<Herald>);

impl Sink for Broadcast {
    fn record(&mut self, game: &SessionGame, event: &GameEvent) -> Result<Option<PathBuf>, SessionError> {
        if !matches!(event, GameEvent::Started) {
            self.0.emit(|version| wire::delta(game, event, version));
        }
        Ok(None)
    }

    fn must_record(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::ProblemEvent;

    fn status(version: u64) -> WireEvent {
        WireEvent::Problem(ProblemEvent { version, problem: None })
    }

    #[test]
    fn the_journal_answers_what_followed_a_version_while_it_holds_it() {
        let h = Herald::new(10);
        assert_eq!(h.since(10).unwrap().len(), 0);
        h.emit(status);
        h.emit(status);
        let after: Vec<u64> = h.since(10).unwrap().iter().map(|t| t.version).collect();
        assert_eq!(after, [11, 12]);
        assert_eq!(h.since(11).unwrap()[0].version, 12);
        assert!(h.since(12).unwrap().is_empty());
        assert!(h.since(13).is_none(), "a version from elsewhere: the whole state");
        for _ in 0..KEPT {
            h.emit(status);
        }
        assert!(h.since(10).is_none(), "the journal keeps the last {KEPT} events only");
        assert_eq!(h.since(h.version() - 1).unwrap().len(), 1);
    }

    #[test]
    fn an_answers_event_carries_the_streams_data() {
        let h = Herald::new(1);
        h.emit(status);
        let told = &h.since(1).unwrap()[0];
        let answer = serde_json::to_value(told).unwrap();
        assert_eq!(answer["type"], "problem");
        assert_eq!(answer["data"], serde_json::from_str::<serde_json::Value>(&told.data).unwrap());
        assert_eq!(answer["data"]["version"], 2);
    }
}
