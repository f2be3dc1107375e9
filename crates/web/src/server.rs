//! The HTTP server and its limits, from the ecosystem's layers rather than hand-written code:
//! - a **connection cap**: a tokio semaphore around `accept` (the loop hyper-util documents for
//!   serving with hyper directly); beyond the cap new connections wait in the kernel's backlog
//!   until a connection ends, so file descriptors stay bounded;
//! - a **per-client connection cap** ([`crate::quota::Places`]): a connection from a client
//!   that has its cap open is closed at once, so one client never holds the server's places;
//! - a **header-read timeout** (hyper's `http1::Builder::header_read_timeout`): a client that does
//!   not send a whole request head in time is dropped. Hyper arms it whenever it waits for a
//!   head, so it is also the **idle timeout** of kept-alive connections;
//! - a **body timeout** ([`crate::limits::body_in_time`]): 408 when a body is not whole in time;
//! - a **request body limit** (`tower_http::limit::RequestBodyLimitLayer`: 413 beyond it, for
//!   every route, raised to an arena upload's when the arena is on; the JSON API's extractors
//!   have their own, lower one, `DefaultBodyLimit`);
//! - a **request timeout** (`tower_http::timeout::TimeoutLayer`: 408 when the answer's head is
//!   not ready in time; event streams are not cut, their head comes at once);
//! - **event-stream caps** per server and per client ([`App::open_stream`], 429 beyond them);
//! - a **per-client cap on running computer-vs-computer games** ([`App::check_cc`]).
//!
//! A client is the peer's IP address ([`Peer`]).

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::Service;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::App;
use crate::limits::LimitError;
use crate::quota::{NoPlace, Place, Places};

/// The server's limits (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// Open connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// Open connections of one client (IP address); more are closed as soon as they are accepted.
    /// Below `max_connections`, one client cannot hold every place of the server.
    pub max_connections_per_client: usize,
    /// Time a client has to send a request's head (and the longest a kept-alive connection may
    /// stay idle).
    pub header_timeout: Duration,
    /// Time a client has to send a request's whole body once its head has come (408 after).
    pub body_timeout: Duration,
    /// Time for an answer's head (at least twice the longest move time plus 10 s, for hints).
    pub request_timeout: Duration,
    /// The largest request body any route reads, in bytes (413 beyond it, before the body is
    /// read). The JSON API's own limit (16 KiB, answered with a JSON error) is below it.
    pub body_limit: usize,
    /// Event streams open at once on the server.
    pub max_streams: usize,
    /// Event streams open at once per client.
    pub max_streams_per_client: usize,
    /// Computer-vs-computer games one client may have running (playing) at once.
    pub max_cc_per_client: usize,
    /// Computer-vs-computer games the whole server may have running at once.
    pub max_cc_games: usize,
    /// Unfinished (playing) games one client may have created; more are refused (429).
    pub max_games_per_client: usize,
    /// How long an unfinished game may stay untouched (no move, no change, no hint) before it
    /// is closed (abandoned, stored as such) and leaves memory.
    pub idle_game: Duration,
    /// Analyses of games one client may have waiting or running at once; more are refused (429).
    pub max_analyses_per_client: usize,
    /// Games one client may upload in an hour (`POST /api/games/upload`); more are refused (429).
    pub max_uploads_per_client: usize,
    /// Uploaded games the server keeps: an upload beyond it deletes the oldest uploaded game.
    pub max_uploads_kept: usize,
    /// Searches of the study lane (analyses, exercises' tries, live lines) running at once: the
    /// rest wait, so that people's games keep the cores (see [`crate::sched`]).
    pub max_study_searches: usize,
}

impl Default for ServerLimits {
    /// 256 connections (128 per client: a browser needs about 8, a classroom of 30 behind one
    /// NAT address about 90), 10 s for a request head and 10 s for its body, 60 s for an answer,
    /// 256 KiB bodies (an uploaded log.dat; the JSON API's own routes take 16 KiB), 128 event streams (8 per client), 4 running computer-vs-computer games per
    /// client and 64 in all, 200 unfinished games per client, closed after 6 hours untouched, 2
    /// analyses under way per client, 20 uploads per client an hour and 200 uploaded games kept,
    /// [`default_study_searches`] searches of the study lane at once.
    fn default() -> ServerLimits {
        ServerLimits {
            max_connections: 256,
            max_connections_per_client: 128,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            body_limit: 256 * 1024,
            max_streams: 128,
            max_streams_per_client: 8,
            max_cc_per_client: 4,
            max_cc_games: 64,
            max_games_per_client: 200,
            idle_game: Duration::from_secs(6 * 3600),
            max_analyses_per_client: 2,
            max_uploads_per_client: 20,
            max_uploads_kept: 200,
            max_study_searches: default_study_searches(),
        }
    }
}

/// The default number of study searches at once: half the machine's cores, at least two (a
/// student's analysis does not keep their live lines waiting).
pub fn default_study_searches() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get() / 2).max(2)
}

/// The client of a request: the peer's IP address (unspecified when the router runs without a
/// connection, e.g. in a unit test).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Peer(pub(crate) IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Infallible> {
        let ip = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        Ok(Peer(ip.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}

impl App {
    /// A place for one more event stream of `client` (held until the stream ends), or the limit
    /// it would pass.
    pub(crate) fn open_stream(&self, client: IpAddr) -> Result<Place, LimitError> {
        let limits = &self.config().limits;
        let (cap, all) = (limits.max_streams_per_client, limits.max_streams);
        self.inner.streams.take(client, cap, all).map_err(|why| match why {
            NoPlace::Client => LimitError::ClientStreams { cap },
            NoPlace::Server => LimitError::ServerStreams { cap: all },
        })
    }

    /// Whether `client` may start one more computer-vs-computer game (under its cap and the
    /// server's).
    pub(crate) fn check_cc(&self, client: IpAddr) -> Result<(), LimitError> {
        let limits = &self.config().limits;
        let running: Vec<IpAddr> = self
            .games()
            .iter()
            .filter(|g| {
                let s = g.lock();
                s.mode() == cavalo_session::Mode::ComputerComputer
                    && s.status() == cavalo_session::Status::Playing
            })
            .map(|g| g.client)
            .collect();
        if running.len() >= limits.max_cc_games {
            return Err(LimitError::ServerCcGames { cap: limits.max_cc_games });
        }
        if running.iter().filter(|&&c| c == client).count() >= limits.max_cc_per_client {
            return Err(LimitError::CcGames { cap: limits.max_cc_per_client });
        }
        Ok(())
    }
}

/// Serves `app` on `listener` with the limits of its configuration until `shutdown` completes;
/// then stops accepting, and waits (at most 5 s) for open connections to finish.
pub(crate) async fn serve(
    listener: TcpListener,
    app: App,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = app.config().limits.clone();
    let longest_answer = Duration::from_millis(2 * app.config().max_time_ms + 10_000);
    let router = app
        .router()
        .layer(axum::middleware::from_fn_with_state(limits.body_timeout, crate::limits::body_in_time))
        .layer(RequestBodyLimitLayer::new(limits.body_limit))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout.max(longest_answer),
        ))
        .layer(axum::middleware::from_fn_with_state(limits.body_limit, crate::worded::word_refusals));
    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_client = Arc::new(Places::default());
    let cap = limits.max_connections_per_client.max(1);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = connections.clone().acquire_owned() => p.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(e) => {
                    // Out of file descriptors or similar: wait a little rather than spin.
                    eprintln!("cavalo serve: cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // A client over its cap is closed at once: its place in the server is given back.
        let Ok(place) = per_client.take(peer.ip(), cap, usize::MAX) else {
            drop((stream, permit));
            continue;
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            router.clone().call(req)
        });
        let conn = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = conn.await;
            drop((place, permit));
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(Duration::from_secs(5), graceful.shutdown()).await;
    Ok(())
}
