//! The limits on one client (an IP address) and on one game, beside the server-wide ones of
//! [`crate::server`], so that one client cannot slow the others down:
//! - **connections per client** ([`crate::quota::Places`], in the accept loop): a connection from an address that already has
//!   `max_connections_per_client` open is closed as soon as it is accepted, before it holds one
//!   of the server's places; so slow request heads from one address wait only on that address's
//!   own places, and one address never fills the server's (when its cap is below the server's);
//! - **a request body's time** ([`body_in_time`]): a body must arrive whole within
//!   `body_timeout` (408 otherwise), so a trickled body holds its connection that long at most;
//! - **unfinished games per client** ([`App::check_new_game`]): 429 beyond
//!   `max_games_per_client` (games loaded from the database at start belong to nobody);
//! - **one hint at a time per game** ([`HintPlace`]): a second hint while one is searched is
//!   refused (409 `hint_running`), never queued.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, MutexGuard};
use std::time::Duration;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cavalo_session::i18n::Lang;
use cavalo_session::key;
use cavalo_session::{ThinkJob, Thought};

use crate::App;
use crate::error::ApiError;
use crate::game::HostedGame;
use crate::lang::ReqLang;

/// Reads a request's body whole within `within` before the routes see it (bodies are at most the
/// request limit, 256 KiB by default): a body that does not arrive in time is answered 408, one
/// over the limit 413, one that cannot be read 400; each closes the connection (the body was not
/// read to its end).
pub(crate) async fn body_in_time(State(within): State<Duration>, req: Request, next: Next) -> Response {
    let (mut parts, body) = req.into_parts();
    let lang = ReqLang::from_request_parts(&mut parts, &()).await.map_or(Lang::default(), |l| l.0);
    let mut refusal = match tokio::time::timeout(within, axum::body::to_bytes(body, usize::MAX)).await {
        Ok(Ok(bytes)) => return next.run(Request::from_parts(parts, axum::body::Body::from(bytes))).await,
        Ok(Err(e)) if too_large(&e) => StatusCode::PAYLOAD_TOO_LARGE.into_response(),
        Ok(Err(e)) => crate::body::BodyError::Unreadable(e.to_string()).answer(lang).into_response(),
        Err(_) => {
            let secs = [("secs", within.as_secs().max(1).into())];
            ApiError::say(StatusCode::REQUEST_TIMEOUT, lang, key!("api-body-too-slow"), &secs).into_response()
        }
    };
    refusal.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    refusal
}

/// Whether a body's error is the request limit's (`http_body_util::Limited`, possibly wrapped).
fn too_large(e: &axum::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        cause = c.source();
    }
    false
}

/// The one hint search a game may have at a time; dropping it (the search ended) frees it.
pub(crate) struct HintPlace(Arc<HostedGame>);

impl HintPlace {
    /// The game's place for a hint search, or 409 `hint_running` (in `lang`) when a hint is
    /// being searched for it already.
    pub(crate) fn take(game: &Arc<HostedGame>, lang: Lang) -> Result<HintPlace, ApiError> {
        if game.hinting.swap(true, Ordering::SeqCst) {
            let e = ApiError::say(StatusCode::CONFLICT, lang, key!("api-hint-running"), &[]);
            return Err(e.code("hint_running"));
        }
        // A hint asked for is a seat's use of the game, like a move.
        game.touch();
        Ok(HintPlace(game.clone()))
    }

    /// Runs the hint's search (see [`crate::game::run_search`]) holding the place until the
    /// search ends, also when the request that asked for it is dropped before: a client that
    /// gives up and asks again is refused until then. `None` when the search failed.
    pub(crate) async fn search(
        self,
        app: &App,
        game: &Arc<HostedGame>,
        job: ThinkJob,
        time_ms: u64,
    ) -> Option<Thought> {
        let (app, game) = (app.clone(), game.clone());
        let search = tokio::spawn(async move {
            let thought = crate::game::run_search(&app, &game, job, time_ms).await;
            drop(self);
            thought
        });
        search.await.ok().flatten()
    }
}

impl Drop for HintPlace {
    fn drop(&mut self) {
        self.0.hinting.store(false, Ordering::SeqCst);
    }
}

impl App {
    /// Whether `client` may create one more game of `mode`: under its cap of unfinished games
    /// and, for a computer-vs-computer game, under the caps of those. The answer holds the
    /// server's creation lock: keep it until the new game is in memory, so that two requests at
    /// once cannot both take the last place. Call on a blocking thread.
    pub(crate) fn check_new_game(
        &self,
        client: IpAddr,
        mode: cavalo_session::Mode,
    ) -> Result<MutexGuard<'_, ()>, LimitError> {
        let creating = self.inner.creating.lock().unwrap_or_else(|e| e.into_inner());
        if mode == cavalo_session::Mode::ComputerComputer {
            self.check_cc(client)?;
        }
        let cap = self.config().limits.max_games_per_client;
        let unfinished = self
            .games()
            .iter()
            .filter(|g| g.client == client && g.lock().status() == cavalo_session::Status::Playing)
            .count();
        if unfinished >= cap {
            return Err(LimitError::Games { cap });
        }
        Ok(creating)
    }
}

/// A request refused by a limit. Each variant is a kind a front end can act on; the API answers
/// 429 (Too Many Requests).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// The client already runs as many computer-vs-computer games as it may.
    #[error("this client already runs {cap} computer-vs-computer games")]
    CcGames {
        /// The cap.
        cap: usize,
    },
    /// The server already runs as many computer-vs-computer games as it may.
    #[error("the server already runs {cap} computer-vs-computer games")]
    ServerCcGames {
        /// The cap.
        cap: usize,
    },
    /// The client already has as many unfinished games as it may.
    #[error("this client already has {cap} unfinished games")]
    Games {
        /// The cap.
        cap: usize,
    },
    /// The client already has as many event streams open as it may.
    #[error("this client already has {cap} event streams open")]
    ClientStreams {
        /// The cap.
        cap: usize,
    },
    /// The server has as many event streams open as it may.
    #[error("the server already has {cap} event streams open")]
    ServerStreams {
        /// The cap.
        cap: usize,
    },
}

impl LimitError {
    /// The refusal as an answer: 429, the text in `lang`.
    pub(crate) fn answer(&self, lang: Lang) -> ApiError {
        let (key, cap) = self.message();
        ApiError::say(StatusCode::TOO_MANY_REQUESTS, lang, key, &[("max", cap.into())])
    }
}

impl LimitError {
    /// The catalogue's message for it and its argument.
    pub(crate) fn message(&self) -> (cavalo_session::i18n::Key, usize) {
        match *self {
            LimitError::CcGames { cap } => (key!("api-too-many-cc"), cap),
            LimitError::ServerCcGames { cap } => (key!("api-server-cc"), cap),
            LimitError::Games { cap } => (key!("api-too-many-games"), cap),
            LimitError::ClientStreams { cap } => (key!("api-too-many-streams"), cap),
            LimitError::ServerStreams { cap } => (key!("api-server-streams"), cap),
        }
    }
}
