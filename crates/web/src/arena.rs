//! The course's arena on the server (`cavalo serve --arena`): teams upload their Lisp programs
//! with the class code ([`routes`]), and the standing ladder ([`cavalo_arena::ladder`]) plays them
//! on the server's own threads ([`lane`]), each game shown live as one of the server's games (its
//! players [`cavalo_session::PlayerConfig::Program`], its moves brought by the referee), its
//! standings answered by `GET /api/arena` ([`view`]).
//!
//! Every program runs in its sandbox (bubblewrap; the server refuses to start the arena without
//! it, see [`check_sandbox`]). Each move of an arena game waits for an engine of the pool in the
//! scheduler's batch lane (people's moves and studies first; see [`crate::sched`]), and the
//! arena's threads and their programs run at the background priority of the searches.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

use sha2::{Digest, Sha256};

use crate::gate::Stores;

pub(crate) mod lane;
pub(crate) mod routes;
pub(crate) mod view;

/// The arena's settings (`cavalo serve --arena …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The class code a team gives with its upload (`--arena-code`).
    pub code: String,
    /// Arena games played at once (`--arena-concurrency`).
    pub concurrency: usize,
    /// Time per move of the arena's games, in milliseconds (`--arena-time-ms`): the course's
    /// clock.
    pub time_ms: u64,
}

/// The arena's time per move by default: the course's clock.
pub const DEFAULT_ARENA_TIME_MS: u64 = 1000;

/// The characters of a generated class code: no two that a reader could take for each other
/// (no `0`/`O`, `1`/`I`/`L`).
const CODE_CHARS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

impl ArenaConfig {
    /// The arena with `code` (one made up when none: [`new_code`]), one game at a time, at the
    /// course's clock.
    pub fn new(code: Option<String>) -> ArenaConfig {
        ArenaConfig { code: code.unwrap_or_else(new_code), concurrency: 1, time_ms: DEFAULT_ARENA_TIME_MS }
    }
}

/// A new class code: eight characters of [`CODE_CHARS`] from the operating system's randomness
/// (about 40 bits: not guessed by trying within the upload quota).
pub fn new_code() -> String {
    (0..8).map(|_| CODE_CHARS[rand::random_range(0..CODE_CHARS.len())] as char).collect()
}

/// Whether teams' programs can run in their sandbox here: SBCL started under bubblewrap says its
/// version. The arena does not start without it.
pub fn check_sandbox() -> Result<(), cavalo_match::sandbox::SandboxError> {
    cavalo_match::sandbox::probe(&cavalo_match::lisp::sbcl())
}

/// The arena's state on a running server.
pub(crate) struct Arena {
    pub(crate) config: ArenaConfig,
    /// The code's digest (compared instead of the code, in time that does not depend on it).
    code_digest: [u8; 32],
    /// Held while the next game is chosen and noted, so that two threads never start one game.
    pub(crate) planning: Mutex<()>,
    /// Raised (counted) when the ladder may have a game to play: a new upload, a game ended.
    wake: (Mutex<u64>, Condvar),
    /// The uploads of each client in the last hour.
    pub(crate) uploads: crate::quota::Quota,
}

/// Uploads one client may make in an hour.
pub(crate) const UPLOADS_PER_HOUR: usize = 30;

impl Arena {
    pub(crate) fn new(config: ArenaConfig) -> Arena {
        Arena {
            code_digest: Sha256::digest(config.code.as_bytes()).into(),
            config,
            planning: Mutex::new(()),
            wake: (Mutex::new(0), Condvar::new()),
            uploads: crate::quota::Quota::new(UPLOADS_PER_HOUR, Duration::from_secs(3600)),
        }
    }

    /// Whether `code` is the class code.
    pub(crate) fn is_code(&self, code: &str) -> bool {
        let d: [u8; 32] = Sha256::digest(code.as_bytes()).into();
        d.iter().zip(&self.code_digest).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }

    /// Tells the ladder's threads that there may be a game to play.
    pub(crate) fn wake(&self) {
        *self.wake.0.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.wake.1.notify_all();
    }

    /// Waits until woken or `timeout` passed.
    pub(crate) fn sleep(&self, timeout: Duration) {
        let count = self.wake.0.lock().unwrap_or_else(|p| p.into_inner());
        let seen = *count;
        let _ = self.wake.1.wait_timeout_while(count, timeout, |c| *c == seen);
    }
}

/// When the server opens: the arena games that were being played when it stopped are abandoned
/// (their games stored so) and forgotten, so that the ladder plays them again. Returns the ids of
/// the games abandoned.
pub(crate) fn recover(
    st: &Stores,
    games: &mut std::collections::HashMap<String, std::sync::Arc<crate::game::HostedGame>>,
) -> Vec<String> {
    let unfinished = match st.arena().unfinished() {
        Ok(u) => u,
        Err(e) => {
            eprintln!("cavalo serve: arena: {e}");
            return Vec::new();
        }
    };
    let mut abandoned = Vec::new();
    for (row, game_id) in unfinished {
        if let Some(g) = games.remove(&game_id) {
            let mut s = g.lock();
            if let Err(e) = s.abandon() {
                eprintln!("cavalo serve: arena game {game_id}: {e}");
                continue;
            }
            abandoned.push(game_id.clone());
        }
        if let Err(e) = st.arena().forget(row) {
            eprintln!("cavalo serve: arena: {e}");
        }
    }
    abandoned
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_made_of_unmistakable_characters_and_compared_whole() {
        let code = new_code();
        assert_eq!(code.len(), 8);
        assert!(code.bytes().all(|c| CODE_CHARS.contains(&c)), "{code}");
        assert_ne!(new_code(), code);
        let arena = Arena::new(ArenaConfig::new(Some("K7PQ2MXA".into())));
        assert!(arena.is_code("K7PQ2MXA"));
        for wrong in ["", "K7PQ2MX", "K7PQ2MXA ", "k7pq2mxa"] {
            assert!(!arena.is_code(wrong), "{wrong:?}");
        }
    }
}
