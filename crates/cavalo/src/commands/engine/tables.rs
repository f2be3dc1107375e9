//! Tables made while the conversation goes on. `setoption Hash` (or the proof search switched
//! on) makes the engine's new tables on a thread of their own: a `go` sent right after is read
//! at once, its time counted from then, and searched with the tables the engine has. `isready`
//! waits for the new tables before `readyok`; the engine takes them before the next search.
//! Tables asked for and then replaced by another size before they were made finish apart and
//! are dropped.

use std::thread::JoinHandle;

use cavalo_engine::{AllocError, Options, Tables};

/// New tables, in the making or made, and the options they are for.
pub(super) struct Pending {
    state: State,
    /// Their `Hash`, and whether they hold a proof table.
    made_for: (usize, bool),
}

enum State {
    /// A thread is making them (for a `Hash` of this many MiB).
    Making(JoinHandle<Result<Tables, AllocError>>, usize),
    /// Made (or refused), waiting for the engine to be free.
    Made(Box<Result<Tables, AllocError>>),
}

impl Pending {
    /// Starts making the tables for `options`; `None` when no thread can be started (the caller
    /// makes them itself).
    pub(super) fn start(options: &Options) -> Option<Pending> {
        let options = options.clone().clamped();
        let made_for = (options.hash_mib, options.search.proof_share > 0);
        let mib = options.hash_mib;
        let thread = std::thread::Builder::new().name("tables".into()).spawn(move || Tables::new(&options));
        thread.ok().map(|h| Pending { state: State::Making(h, mib), made_for })
    }

    /// Whether these tables serve `options` (the same `Hash`, and a proof table if they need one).
    pub(super) fn serve(&self, options: &Options) -> bool {
        let options = options.clone().clamped();
        options.hash_mib == self.made_for.0 && (options.search.proof_share == 0 || self.made_for.1)
    }

    /// Whether the tables are made (or refused).
    pub(super) fn is_ready(&self) -> bool {
        match &self.state {
            State::Making(h, _) => h.is_finished(),
            State::Made(_) => true,
        }
    }

    /// Waits until the tables are made (or refused).
    pub(super) fn wait(self) -> Pending {
        let made_for = self.made_for;
        Pending { state: State::Made(Box::new(self.take())), made_for }
    }

    /// The tables, once made: waits for them. A thread that failed counts as refused.
    pub(super) fn take(self) -> Result<Tables, AllocError> {
        match self.state {
            State::Making(h, mib) => h.join().unwrap_or(Err(AllocError { mib })),
            State::Made(r) => *r,
        }
    }
}
