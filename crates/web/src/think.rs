//! The engine's live lines for a position of a game, on request (the analysis board's "Think
//! here"): `GET /api/games/{id}/think?ply=N` (the position after ply `N`; by default the last)
//! answers server-sent events: `info` (`{ply, side, info}`: the side to move and the search's
//! statistics with its principal variation, as a game's live search) at most every
//! [`INFO_EVERY`], then `done` with the last. The search runs on an engine of the pool (the study
//! lane, below people's games: it may wait its turn) for at most [`THINK_MS`] (or the server's longest move time, if lower), and stops when the
//! page closes the stream. It holds one of the client's event streams and one of its two tries
//! (429 beyond); a position where the game is over is `409 game_over`.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use cavalo_engine::{Limits, SearchInfo};
use cavalo_rules::Side;
use cavalo_session::key;
use futures_util::Stream;
use serde::Serialize;

use crate::App;
use crate::error::{ApiError, ApiResult};
use crate::lang::ReqLang;
use crate::sched::Lane;
use crate::server::Peer;

/// The longest a search of the live lines runs.
pub(crate) const THINK_MS: u64 = 5_000;

/// The shortest time between two `info` events.
pub(crate) const INFO_EVERY: Duration = Duration::from_millis(100);

/// What an event carries.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
pub(crate) struct Lines<'a> {
    ply: usize,
    side: Side,
    info: &'a SearchInfo,
}

fn event(name: &'static str, ply: usize, side: Side, info: &SearchInfo) -> SseEvent {
    let data = serde_json::to_string(&Lines { ply, side, info }).unwrap_or_else(|_| "null".into());
    SseEvent::default().event(name).data(data)
}

/// `GET /api/games/{id}/think?ply=N`.
pub(crate) async fn think(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    Peer(client): Peer,
    uri: axum::http::Uri,
) -> ApiResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    crate::guard::serving(&app, lang)?;
    let ply = crate::query::Params::of(&uri).index("ply").map_err(|e| e.answer(lang))?;
    let record = crate::analysis::read(&app, &id, lang, false).await?.record;
    let plies = record.moves.len();
    let ply = ply.unwrap_or(plies);
    if ply > plies {
        let args = [("ply", ply.into()), ("plies", plies.into())];
        return Err(ApiError::bad(lang, key!("api-think-no-ply"), &args).code("bad_request"));
    }
    let positions = record
        .replay()
        .map_err(|_| ApiError::say(StatusCode::INTERNAL_SERVER_ERROR, lang, key!("api-internal"), &[]))?;
    let pos = positions[ply].clone();
    if pos.is_over() {
        let e = ApiError::say(StatusCode::CONFLICT, lang, key!("api-think-over"), &[("ply", ply.into())]);
        return Err(e.code("game_over"));
    }
    let stream_place = app.open_stream(client).map_err(|e| e.answer(lang))?;
    let try_place = app.take_try(client, lang)?;
    let (tx, rx) = tokio::sync::mpsc::channel::<SseEvent>(8);
    let ms = THINK_MS.min(app.config().max_time_ms);
    let app2 = app.clone();
    tokio::spawn(async move {
        // Waiting for an engine of the study lane; a page that closes the stream meanwhile
        // gives its turn up.
        let lease = tokio::select! {
            lease = app2.inner.sched.acquire(client, Lane::Study) => lease,
            () = tx.closed() => None,
        };
        let Some(mut lease) = lease else { return };
        let side = pos.side_to_move();
        crate::offload::searching(move || {
            let _held = try_place;
            let engine = lease.slot().analysis_engine();
            let stop = AtomicBool::new(false);
            let limits = Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() };
            let mut last = Instant::now();
            let mut told = false;
            let r = engine.choose(&pos, &limits, &stop, &mut |info| {
                if tx.is_closed() || app2.inner.closed.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                } else if !told || last.elapsed() >= INFO_EVERY {
                    (told, last) = (true, Instant::now());
                    let _ = tx.try_send(event("info", ply, side, info));
                }
            });
            let _ = tx.blocking_send(event("done", ply, side, &r.info));
        })
        .await;
    });
    // The stream's place is freed when the stream ends (the page closed it, or `done` was sent).
    let events = futures_util::stream::unfold((rx, stream_place), |(mut rx, place)| async move {
        let ev = rx.recv().await?;
        Some((Ok(ev), (rx, place)))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
