//! The HTTP routes: the JSON API and the page. Every error is an answer
//! `{"code": "not_found", "message": "what is wrong"}` (see [`crate::error`]).

use cavalo_session::key;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use cavalo_engine::level;
use cavalo_rules::Side;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::situation::Who;
use cavalo_session::{Finished, Mode, MoveChoice, Session, SessionError, interpret_move};
use serde::Deserialize;

use crate::App;
use crate::answers::{Created, GameList, Hint, LevelRange, ListedGame, ServerInfo};
use crate::body::{BODY_LIMIT, Body};
use crate::error::{ApiError, ApiResult};
use crate::game::{self, HostedGame};
use crate::guard::serving;
use crate::herald::Changes;
use crate::lang::ReqLang;
use crate::limits::HintPlace;
use crate::lookup::find;
use crate::new_game::{MIN_TIME_MS, NewGame, game_config};
use crate::offload::blocking;
use crate::query::Params;
use crate::seats::{self, HeldSeats, HeldUploads, Need, SeatToken, seat_of};
use crate::server::Peer;
use crate::store::new_secret;
use crate::wire::GameState;

/// The routes of `app`: the page, its files and the API, behind the request guard.
pub(crate) fn router(app: App) -> Router {
    Router::new()
        .route("/", get(crate::assets::index))
        .route("/static/{file}", get(crate::assets::file))
        .route("/api/info", get(info))
        .route("/api/messages", get(crate::lang::messages))
        .route("/api/games", get(list).post(create))
        .route(
            "/api/games/upload",
            post(crate::upload::upload).layer(DefaultBodyLimit::max(crate::upload::UPLOAD_LIMIT)),
        )
        .route("/api/games/{id}", get(show).delete(delete))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/quit", post(quit))
        .route("/api/games/{id}/invite", post(crate::invite::invite))
        .route("/api/games/{id}/claim", post(crate::invite::claim))
        .route("/api/games/{id}/events", get(crate::stream::events))
        .route("/api/games/{id}/analysis", get(crate::analysis::show).post(crate::analysis::start))
        .route("/api/games/{id}/exercises", get(crate::exercises::list))
        .route("/api/games/{id}/think", get(crate::think::think))
        .route("/api/games/{id}/exercises/{ply}", post(crate::exercises::attempt))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/log", get(log))
        .route("/api/arena", get(crate::arena::routes::show))
        .route("/api/arena/championship", get(crate::arena::routes::championship))
        .route(
            "/api/arena/programs",
            post(crate::arena::routes::upload)
                .layer(DefaultBodyLimit::max(crate::arena::routes::PROGRAM_LIMIT)),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        // gzip when asked for (`Accept-Encoding`); never the event streams (the layer's default).
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(axum::middleware::from_fn_with_state(app.clone(), crate::guard::guard))
        .with_state(app)
}

async fn not_found(ReqLang(lang): ReqLang, req: Request) -> ApiError {
    ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-nothing-at"), &[("path", req.uri().path().into())])
}

async fn method_not_allowed(ReqLang(lang): ReqLang, req: Request) -> ApiError {
    let args = [("method", Arg::from(req.method().to_string())), ("path", req.uri().path().into())];
    ApiError::say(StatusCode::METHOD_NOT_ALLOWED, lang, key!("api-not-allowed"), &args)
}

/// The seat a move or a hint needs: the side to move's, when a human plays it (else any seat:
/// the answer is then "not your turn").
fn mover(s: &Session) -> Need {
    let side = s.position().side_to_move();
    if s.player(side).is_human() { Need::Side(side) } else { Need::Any }
}

async fn info(State(app): State<App>) -> Json<ServerInfo> {
    Json(ServerInfo {
        program: format!("cavalo {}", env!("CARGO_PKG_VERSION")),
        engines: ["cavalo", "classic", "greedy", "random"],
        levels: LevelRange { min: level::WEAKEST, max: level::FULL },
        max_time_ms: app.config().max_time_ms,
        min_time_ms: MIN_TIME_MS,
        max_searches: app.config().max_searches,
        default_rules: app.config().default_rules,
        languages: Lang::ALL.map(|l| l.code()).to_vec(),
        arena: app.inner.arena.is_some(),
    })
}

/// `GET /api/games`: the games whose seats the request holds (`X-Cavalo-Seats`, see
/// [`crate::seats`]), the public ones and the request's uploaded games (`X-Cavalo-Uploads`),
/// newest first; each says whether it is `mine`, `public` and `uploaded`. Any other game is watched only by whoever has its link.
async fn list(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
    HeldSeats(tokens): HeldSeats,
    HeldUploads(uploads): HeldUploads,
) -> ApiResult<Json<GameList>> {
    let (listed, mut rows) = app
        .store(lang, move |st| {
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let uploads: Vec<&str> = uploads.iter().map(String::as_str).collect();
            let listed = st.web().listed(&tokens, &uploads).map_err(|e| ApiError::store(&e, lang))?;
            let listed: std::collections::HashMap<String, (bool, bool, bool)> =
                listed.into_iter().map(|l| (l.id, (l.public, l.mine, l.uploaded))).collect();
            Ok((listed, st.games().list().map_err(|e| ApiError::store(&e, lang))?))
        })
        .await?;
    rows.retain(|r| listed.contains_key(&r.id));
    rows.sort_by(|a, b| b.created.cmp(&a.created).then(b.id.cmp(&a.id)));
    let games = rows
        .iter()
        .map(|r| {
            let (public, mine, uploaded) = listed[&r.id];
            ListedGame {
                id: r.id.clone(),
                date: r.created.clone(),
                mode: r.mode.clone(),
                status: r.status.clone(),
                players: [Who::of_label(&r.players[0]), Who::of_label(&r.players[1])],
                points: r.points,
                plies: r.plies,
                result: r.result.clone(),
                public,
                mine,
                uploaded,
            }
        })
        .collect();
    Ok(Json(GameList { games }))
}

async fn create(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
    Peer(peer): Peer,
    Body(req): Body<NewGame>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    serving(&app, lang)?;
    let public = req.public;
    let config = game_config(&app, req, lang)?;
    let app2 = app.clone();
    let (g, created) = app
        .store(lang, move |st| {
            let app = app2;
            let _counted = app.check_new_game(peer, config.mode()).map_err(|e| e.answer(lang))?;
            let mut s = Session::new(config).map_err(|e| ApiError::session(&e, lang))?;
            let humans = Side::BOTH.map(|side| s.player(side).is_human());
            let tokens: Vec<(Side, String)> =
                seats::seat_sides(humans).into_iter().map(|side| (side, new_secret())).collect();
            let pairs: Vec<(Side, &str)> = tokens.iter().map(|(side, t)| (*side, t.as_str())).collect();
            st.web().add_game(&s, &pairs, public).map_err(|e| ApiError::store(&e, lang))?;
            s.keep_in(st.games().clone());
            let seats = st.web().seats(s.id()).map_err(|e| ApiError::store(&e, lang))?;
            let g = Arc::new(HostedGame::owned_by(s, seats, peer));
            app.insert(g.clone());
            let state = g.lock().state(None);
            let tokens = tokens.into_iter().map(|(side, t)| (side.name(), t)).collect();
            Ok((g, Created { state, tokens }))
        })
        .await?;
    game::kick(&app, &g);
    Ok((StatusCode::CREATED, Json(created)))
}

/// `?since=N`: the announcements from ply N (0-based) on.
async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    uri: axum::http::Uri,
) -> ApiResult<Json<GameState>> {
    let since = Params::of(&uri).index("since").map_err(|e| e.answer(lang))?;
    let app2 = app.clone();
    app.store(lang, move |st| {
        let g = find(&app2, st, &id, lang)?;
        Ok(Json(g.lock().state(since)))
    })
    .await
}

/// A human's move.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    /// `E3`, `E3x77` (landing on a double and removing 77 rather than the highest), `3 5`.
    #[serde(rename = "move")]
    mv: String,
    /// The number of plies the client has seen; when given and the game has moved on, the move
    /// is refused (a second click, another tab).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    ply: Option<usize>,
}

/// A state-changing request on game `id` by the seat `token` holds: `need` says which seat the
/// game's state requires, `act` changes the session. The session's stores record the change and
/// its broadcaster tells every watcher; the answer is the events it told (the mover gets the same
/// delta as the watchers), and the game's driver is woken (the computer may be to move).
async fn change(
    app: &App,
    id: String,
    lang: Lang,
    token: SeatToken,
    need: impl FnOnce(&Session) -> Need + Send + 'static,
    act: impl FnOnce(&mut Session, &HostedGame) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Json<Changes>> {
    serving(app, lang)?;
    let app2 = app.clone();
    // The change is stored (SQLite, log.dat) on a blocking thread, through the database's gate,
    // under the game's lock.
    let (g, events) = app
        .store(lang, move |st| {
            let app = app2;
            let g = find(&app, st, &id, lang)?;
            let (events, status) = {
                let mut s = g.lock();
                seat_of(st, &g, &token, need(&s), lang)?;
                let before = g.version();
                act(&mut s, &g)?;
                app.changed(st, &mut s);
                (s.told_since(before), s.status())
            };
            app.let_go_if_ended(&g, status);
            Ok((g, events))
        })
        .await?;
    game::kick(app, &g);
    Ok(Json(Changes { events }))
}

async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    token: SeatToken,
    Body(req): Body<MoveRequest>,
) -> ApiResult<Json<Changes>> {
    change(&app, id, lang, token, mover, move |s, _| {
        s.human_to_move().map_err(|e| ApiError::session(&e, lang))?;
        if let Some(n) = req.ply
            && n != s.plies().len()
        {
            let args = [("ply", Arg::from(s.plies().len())), ("seen", n.into())];
            return Err(
                ApiError::say(StatusCode::CONFLICT, lang, key!("api-moved-on"), &args).code("moved_on")
            );
        }
        let choice = interpret_move(s.position(), &req.mv).map_err(|e| ApiError::session(&e, lang))?;
        let mv = match choice {
            MoveChoice::Ready(m) => m,
            // A landing on a double without a choice removes the highest other double (RULES §4).
            MoveChoice::ChooseRemoval { options, .. } => options[0],
        };
        s.play_human(mv).map(|_| ()).map_err(|e| ApiError::session(&e, lang))
    })
    .await
}

async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    token: SeatToken,
) -> ApiResult<Json<Changes>> {
    // The move taken back is the last one a human chose: its side's seat takes it back.
    let need = |s: &Session| s.undo_side().map_or(Need::Any, Need::Side);
    change(&app, id, lang, token, need, move |s, g| {
        if s.mode() == Mode::ComputerComputer || !s.can_undo() {
            return Err(ApiError::session(&SessionError::NothingToUndo, lang));
        }
        g.stop_search();
        s.undo().map(|_| ()).map_err(|e| ApiError::session(&e, lang))
    })
    .await
}

async fn hint(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    token: SeatToken,
) -> ApiResult<Json<Hint>> {
    serving(&app, lang)?;
    let app2 = app.clone();
    let (g, job, time_ms, place) = app
        .store(lang, move |st| {
            let g = find(&app2, st, &id, lang)?;
            let mut s = g.lock();
            seat_of(st, &g, &token, mover(&s), lang)?;
            s.human_to_move().map_err(|e| ApiError::session(&e, lang))?;
            let place = HintPlace::take(&g, lang)?;
            let job = s.begin_hint().map_err(|e| ApiError::session(&e, lang))?;
            let time_ms = s.config().time_ms;
            drop(s);
            Ok((g, job, time_ms, place))
        })
        .await?;
    let thought = place
        .search(&app, &g, job, time_ms)
        .await
        .ok_or_else(|| ApiError::say(StatusCode::SERVICE_UNAVAILABLE, lang, key!("api-hint-failed"), &[]))?;
    let finished =
        blocking(lang, move || g.lock().finish(thought).map_err(|e| ApiError::session(&e, lang))).await?;
    let Finished::Hint { mv, info } = finished else {
        return Err(ApiError::session(&SessionError::HintNotMove, lang));
    };
    let message = cavalo_session::present::Announcement::Hint { mv }.words();
    Ok(Json(Hint {
        mv: mv.to_string(),
        cell: mv.destination().map(|c| c.to_string()),
        index: mv.destination().map(|c| c.index()),
        info,
        message,
    }))
}

async fn quit(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    token: SeatToken,
) -> ApiResult<Json<Changes>> {
    change(
        &app,
        id.clone(),
        lang,
        token,
        |_| Need::Any,
        move |s, g| {
            // Stored first (the game's database store): a failed write leaves the game as it was.
            s.abandon().map_err(|e| ApiError::session(&e, lang))?;
            g.stop_search();
            Ok(())
        },
    )
    .await
}

/// `DELETE /api/games/{id}`: deletes the game for good (any of its seats may); its watchers are
/// told and its search stops.
async fn delete(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    token: SeatToken,
) -> ApiResult<StatusCode> {
    serving(&app, lang)?;
    let app2 = app.clone();
    app.store(lang, move |st| {
        let g = find(&app2, st, &id, lang)?;
        seat_of(st, &g, &token, Need::Any, lang)?;
        let _s = g.lock();
        st.games().delete(&id).map_err(|e| ApiError::store(&e, lang))?;
        app2.forget(std::slice::from_ref(&id));
        Ok(StatusCode::NO_CONTENT)
    })
    .await
}

fn download(content_type: &'static str, name: String, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        body,
    )
        .into_response()
}

async fn record(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
) -> ApiResult<Response> {
    let text = app
        .store(lang, {
            let (app, id) = (app.clone(), id.clone());
            move |st| Ok(find(&app, st, &id, lang)?.lock().record().to_json())
        })
        .await?;
    Ok(download("application/json", format!("cavalo-{id}.json"), text))
}

async fn log(State(app): State<App>, Path(id): Path<String>, ReqLang(lang): ReqLang) -> ApiResult<Response> {
    let text = app
        .store(lang, {
            let (app, id) = (app.clone(), id.clone());
            move |st| Ok(find(&app, st, &id, lang)?.lock().log_text())
        })
        .await?;
    Ok(download("text/plain; charset=utf-8", format!("log-{id}.dat"), text))
}
