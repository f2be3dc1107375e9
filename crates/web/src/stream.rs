//! A game's event stream (`GET /api/games/{id}/events`): the server-sent events a page follows.
//!
//! The stream opens with what the page lacks: nothing when its `?version=N` is the game's, the
//! events it missed while the journal holds them (a page away for a moment), else the whole state
//! (`state`); then the live search (`thinking`), then one event per change, each exactly once
//! (an event the opening already carried is not sent again). A stream that falls behind the
//! channel catches up the same way.

use std::convert::Infallible;

use axum::extract::{Path, State};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::broadcast::error::RecvError;

use crate::App;
use crate::error::ApiResult;
use crate::game::HostedGame;
use crate::guard::serving;
use crate::herald::{Event, Told};
use crate::lang::ReqLang;
use crate::lookup::find;
use crate::offload::{self, blocking};
use crate::query::Params;
use crate::server::Peer;
use crate::wire::WireEvent;

/// `GET /api/games/{id}/events`: the game's server-sent events ([`WireEvent`]; see the module).
pub(crate) async fn events(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    Peer(peer): Peer,
    uri: axum::http::Uri,
) -> ApiResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    serving(&app, lang)?;
    // `?version=N`: the version of the game the page shows.
    let known = Params::of(&uri).whole("version").map_err(|e| e.answer(lang))?;
    let app2 = app.clone();
    let g = app.store(lang, move |st| find(&app2, st, &id, lang)).await?;
    let place = app.open_stream(peer).map_err(|e| e.answer(lang))?;
    // Subscribed before the game is read: no change falls between the two.
    let rx = g.subscribe();
    let g2 = g.clone();
    let (mut first, seen) = blocking(lang, move || Ok(catch_up(&g2, known))).await?;
    first.push(sse(&WireEvent::Thinking(g.live_view())));
    let shutdown = app.inner.shutdown.subscribe();
    // The stream's place (`_place`) is freed when the stream ends.
    let state = (rx, g, shutdown, place, seen);
    let rest =
        futures_util::stream::unfold(state, move |(mut rx, g, mut shutdown, _place, mut seen)| async move {
            loop {
                if *shutdown.borrow() {
                    return None;
                }
                let batch = tokio::select! {
                    r = rx.recv() => match r {
                        Ok(Event::Change(told)) if told.version <= seen => continue,
                        Ok(Event::Change(told)) => {
                            seen = told.version;
                            vec![told_sse(&told)]
                        }
                        Ok(Event::Live(data)) => vec![SseEvent::default().event("thinking").data(&*data)],
                        Err(RecvError::Lagged(_)) => {
                            let g2 = g.clone();
                            let (batch, now) = offload::background(move || catch_up(&g2, Some(seen))).await?;
                            seen = now;
                            batch
                        }
                        Ok(Event::Deleted) | Err(RecvError::Closed) => return None,
                    },
                    _ = shutdown.changed() => return None,
                };
                return Some((batch, (rx, g, shutdown, _place, seen)));
            }
        });
    let rest = futures_util::StreamExt::flat_map(rest, futures_util::stream::iter);
    let all = futures_util::StreamExt::chain(futures_util::stream::iter(first), rest);
    Ok(Sse::new(futures_util::StreamExt::map(all, Ok)).keep_alive(KeepAlive::default()))
}

/// What a page that shows version `known` lacks of `g` (the events after it, else the whole
/// state), with the version that brings it to.
fn catch_up(g: &HostedGame, known: Option<u64>) -> (Vec<SseEvent>, u64) {
    let s = g.lock();
    let now = g.version();
    let events = match known.and_then(|v| g.told_since(v)) {
        Some(told) => told.iter().map(told_sse).collect(),
        None => vec![sse(&WireEvent::State(Box::new(s.state(None))))],
    };
    (events, now)
}

/// An event told, as a server-sent event.
fn told_sse(t: &Told) -> SseEvent {
    SseEvent::default().event(t.name).data(&*t.data)
}

/// `ev` as a server-sent event named by its type.
fn sse(ev: &WireEvent) -> SseEvent {
    SseEvent::default().event(ev.name()).data(serde_json::to_string(ev).unwrap_or_else(|_| "null".into()))
}
