//! Learn from your mistakes: the exercises of an analysed game (`cavalo_lab::exercises`), and a
//! try judged by the analysis's values.
//!
//! - `GET /api/games/{id}/exercises` (`?side=white|black`; by default the sides humans played, or
//!   both when none did): the worst moves of the game's stored analysis, each with the position
//!   before it (its ply) and the legal destinations there, the answer kept back;
//!   `404 no_analysis` before an analysis.
//! - `POST /api/games/{id}/exercises/{ply}` with `{"move": "E3"}` (anyone who may watch the game):
//!   the try's value and verdict (`best`, `better`, `no_better`) with the answer (the best move,
//!   its value and line; the move played and its value). A move that is neither the best nor the
//!   one played is searched with the analysis's budget on an engine of the pool (people's lane).
//!   `404 no_exercise` for a ply that is not an exercise, `422` for an illegal move, `429
//!   exercise_limit` when the client already has two tries searching.

use std::net::IpAddr;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use cavalo_lab::analysis::{Analysis, Thresholds, Value};
use cavalo_lab::exercises::{self, Judged};
use cavalo_rules::{Position, Side};
use cavalo_session::i18n::Lang;
use cavalo_session::situation::{Destination, destinations};
use cavalo_session::{MoveChoice, interpret_move, key};
use serde::{Deserialize, Serialize};

use crate::App;
use crate::analysis::Failure;
use crate::body::Body;
use crate::error::{ApiError, ApiResult};
use crate::lang::ReqLang;
use crate::quota::Place;
use crate::sched::Lane;
use crate::server::Peer;

/// The most exercises a game gives.
const MAX_EXERCISES: usize = 5;

/// Tries one client may have searching at once (the live lines of [`crate::think`] count too).
const TRIES_PER_CLIENT: usize = 2;

impl App {
    /// A place for one more search of `client`'s tries, or 429 `exercise_limit` (in `lang`)
    /// when it has [`TRIES_PER_CLIENT`] searching. Whoever searches holds it until the search
    /// has ended, also when the request that asked for it was dropped before.
    pub(crate) fn take_try(&self, client: IpAddr, lang: Lang) -> ApiResult<Place> {
        self.inner.tries.take(client, TRIES_PER_CLIENT, usize::MAX).map_err(|_| {
            let e = ApiError::say(
                StatusCode::TOO_MANY_REQUESTS,
                lang,
                key!("api-exercise-limit"),
                &[("max", TRIES_PER_CLIENT.into())],
            );
            e.code("exercise_limit")
        })
    }
}

/// An exercise as the page gets it: the answer kept back.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
pub(crate) struct Shown {
    ply: usize,
    side: Side,
    played: String,
    loss: i32,
    class: cavalo_lab::analysis::Class,
    destinations: Vec<Destination>,
}

/// `GET /api/games/{id}/exercises`: the analysis's worst moves, the worst first.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
pub(crate) struct ExerciseList {
    exercises: Vec<Shown>,
}

/// The game's stored analysis and the position before each of its plies.
async fn analysed(app: &App, id: &str, lang: Lang) -> ApiResult<(Analysis, Vec<Position>, [bool; 2])> {
    let read = crate::analysis::read(app, id, lang, true).await?;
    let Some(stored) = read.stored else {
        let e = ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-no-analysis"), &[("id", id.into())]);
        return Err(e.code("no_analysis"));
    };
    let an = stored.analysis;
    let positions = an.game.replay().map_err(|e| Failure::Unreadable(e.to_string()).answer(lang))?;
    Ok((an, positions, read.humans))
}

/// `GET /api/games/{id}/exercises`.
pub(crate) async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    uri: axum::http::Uri,
) -> ApiResult<Json<ExerciseList>> {
    let (an, positions, humans) = analysed(&app, &id, lang).await?;
    let params = crate::query::Params::of(&uri);
    let side = params.text("side").map_err(|e| e.answer(lang))?;
    let sides: Vec<Side> = match side {
        Some(name) => vec![
            Side::parse(name)
                .ok_or_else(|| ApiError::bad(lang, key!("bad-side"), &[("side", name.into())]))?,
        ],
        None if humans.iter().any(|h| *h) => Side::BOTH.into_iter().filter(|s| humans[s.index()]).collect(),
        None => Side::BOTH.to_vec(),
    };
    let shown: Vec<Shown> = exercises::exercises(&an, &sides, MAX_EXERCISES)
        .into_iter()
        .map(|ex| Shown {
            ply: ex.ply,
            side: ex.side,
            destinations: destinations(&positions[ex.ply - 1]),
            played: ex.played,
            loss: ex.loss,
            class: ex.class,
        })
        .collect();
    Ok(Json(ExerciseList { exercises: shown }))
}

/// A try.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize)]
pub(crate) struct TryRequest {
    #[serde(rename = "move")]
    mv: String,
}

/// What a try answers: its judgement and the answer.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
pub(crate) struct Answer {
    judged: Judged,
    best: String,
    best_value: Value,
    played: String,
    played_value: Value,
    pv: Vec<String>,
}

/// `POST /api/games/{id}/exercises/{ply}`.
pub(crate) async fn attempt(
    State(app): State<App>,
    Path((id, ply)): Path<(String, String)>,
    ReqLang(lang): ReqLang,
    Peer(client): Peer,
    Body(req): Body<TryRequest>,
) -> ApiResult<Json<Answer>> {
    crate::guard::serving(&app, lang)?;
    let (an, positions, _) = analysed(&app, &id, lang).await?;
    let all = exercises::exercises(&an, &Side::BOTH, usize::MAX);
    let Some(ex) = all.into_iter().find(|e| ply.parse() == Ok(e.ply)) else {
        let e = ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-no-exercise"), &[("ply", ply.into())]);
        return Err(e.code("no_exercise"));
    };
    let before = positions[ex.ply - 1].clone();
    let mv = match interpret_move(&before, &req.mv).map_err(|e| ApiError::session(&e, lang))? {
        MoveChoice::Ready(m) => m,
        MoveChoice::ChooseRemoval { options, .. } => options[0],
    };
    let written = mv.to_string();
    let value = match ex.known_value(&written) {
        Some(v) => v,
        None => search_try(&app, client, before, mv, lang).await?,
    };
    let judged = exercises::judge_try(&ex, &written, value, &Thresholds::default());
    Ok(Json(Answer {
        judged,
        best: ex.best,
        best_value: ex.best_value,
        played: ex.played,
        played_value: ex.played_value,
        pv: ex.pv,
    }))
}

/// The value of a try searched on an engine of the pool, in the study lane. The try's place is
/// held by the search itself: a client that hangs up does not free it while the search runs.
async fn search_try(
    app: &App,
    client: IpAddr,
    before: Position,
    mv: cavalo_rules::Move,
    lang: Lang,
) -> ApiResult<Value> {
    let place = app.take_try(client, lang)?;
    let failed = || ApiError::say(StatusCode::SERVICE_UNAVAILABLE, lang, key!("api-hint-failed"), &[]);
    let budget = crate::analysis::budget(app.config().analysis_nodes);
    let app2 = app.clone();
    // A task of its own: the search and its place outlive a request that is dropped.
    let search = tokio::spawn(async move {
        let mut lease = app2.inner.sched.acquire(client, Lane::Study).await?;
        let closed = app2.clone();
        crate::offload::searching(move || {
            let _held = place;
            let engine = lease.slot().analysis_engine();
            exercises::try_value(engine, &before, mv, &budget, &closed.inner.closed)
        })
        .await
    });
    search.await.ok().flatten().ok_or_else(failed)
}
