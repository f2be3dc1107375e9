//! Unfinished games nobody uses are closed: a game untouched (no move, no other change, no hint)
//! for `ServerLimits::idle_game` is abandoned through its session, so the games database and `log.dat`
//! record its end like a player's quit; its watchers are told, and it then leaves memory and is
//! kept or deleted by the retention rules like any ended game. A game loaded from the database at
//! start counts as touched then.

use std::time::Duration;

use cavalo_session::Status;

use crate::App;
use crate::gate::Stores;

/// The shortest time between two sweeps (closing idle games, retention, unloading).
const SWEEP_AT_MOST_EVERY: Duration = Duration::from_millis(50);

impl App {
    /// How often the server sweeps: every 10 minutes, or a quarter of the idle time when that is
    /// shorter (so a game is closed at most a quarter late).
    pub(crate) fn sweep_every(&self) -> Duration {
        (self.config().limits.idle_game / 4).clamp(SWEEP_AT_MOST_EVERY, crate::PRUNE_EVERY)
    }

    /// Closes the unfinished games untouched for the configured idle time as if it were `now_ms`
    /// (ms since the epoch; see the module's documentation), on a blocking thread through the
    /// database's gate; returns how many (0 when the thread failed). Every sweep does it now.
    pub async fn close_idle_at(&self, now_ms: i64) -> usize {
        let app = self.clone();
        self.store_background(move |st| app.close_idle_in(st, now_ms)).await.unwrap_or(0)
    }

    /// [`App::close_idle_at`] with the database at hand (on a blocking thread).
    pub(crate) fn close_idle_in(&self, st: &Stores, now_ms: i64) -> usize {
        let idle_ms = i64::try_from(self.config().limits.idle_game.as_millis()).unwrap_or(i64::MAX);
        let idle = |touched: i64| now_ms.saturating_sub(touched) >= idle_ms;
        let mut closed = 0;
        for g in self.games() {
            if self.closed() {
                break;
            }
            if !idle(g.touched_ms()) || g.is_deleted() {
                continue;
            }
            let status = {
                let mut s = g.lock();
                // Looked at again under the lock: a move may have come in between.
                if s.status() != Status::Playing || !idle(g.touched_ms()) {
                    continue;
                }
                // Stored first: when the database cannot record it, the game stays as it was
                // and the next sweep tries again.
                if let Err(e) = s.abandon() {
                    eprintln!("cavalo serve: cannot close the idle game {}: {e}", g.id);
                    continue;
                }
                g.stop_search();
                self.changed(st, &mut s);
                s.status()
            };
            self.let_go_if_ended(&g, status);
            closed += 1;
        }
        closed
    }
}
