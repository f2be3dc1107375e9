//! The HTTP routes: the JSON API and the page. Every error is a 4xx answer
//! `{"error": "what is wrong"}`.

use std::convert::Infallible;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use cavalo_engine::PlayerKind;
use cavalo_rules::{Rules, Side, Start};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present::error_text;
use cavalo_session::{
    EngineConfig, ErrorKind, Finished, GameConfig, Mode, MoveChoice, Session, SessionError, Status,
    interpret_move, read_start,
};
use futures_util::Stream;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use crate::App;
use crate::game::{self, Event, Game, lang_index};
use crate::lang::ReqLang;
use crate::server::{LimitError, Peer};

/// The largest request body accepted (a Lisp board is about 400 bytes).
const BODY_LIMIT: usize = 16 * 1024;

pub(crate) fn router(app: App) -> Router {
    Router::new()
        .route("/", get(crate::assets::index))
        .route("/static/{file}", get(crate::assets::file))
        .route("/api/info", get(info))
        .route("/api/messages", get(crate::lang::messages))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/quit", post(quit))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/log", get(log))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
}

/// An error answer: a status and a sentence.
#[derive(Debug)]
pub(crate) struct ApiError(StatusCode, String);

impl ApiError {
    pub(crate) fn new(status: StatusCode, msg: impl Into<String>) -> ApiError {
        ApiError(status, msg.into())
    }
    /// An answer worded by the catalogue: message `key` with `args` in `lang`.
    fn say(status: StatusCode, lang: Lang, key: &str, args: &[(&str, Arg)]) -> ApiError {
        ApiError(status, lang.tr_with(key, args))
    }
    fn bad(lang: Lang, key: &str, args: &[(&str, Arg)]) -> ApiError {
        ApiError::say(StatusCode::BAD_REQUEST, lang, key, args)
    }
    /// A limit's refusal: 429, the text in `lang`.
    fn limit(e: &LimitError, lang: Lang) -> ApiError {
        let (key, cap) = e.message();
        ApiError::say(StatusCode::TOO_MANY_REQUESTS, lang, key, &[("max", cap.into())])
    }
    /// A session's error: the status from its kind, the text in `lang`.
    fn session(e: &SessionError, lang: Lang) -> ApiError {
        let status = match e.kind() {
            ErrorKind::Invalid => StatusCode::BAD_REQUEST,
            ErrorKind::Illegal => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::NotNow => StatusCode::CONFLICT,
            ErrorKind::Storage => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, error_text(e, lang))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// A JSON body whose faults (not JSON, wrong fields, too large, wrong content type) are answered
/// as [`ApiError`]s.
pub(crate) struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) => Err(rejection(r)),
        }
    }
}

fn rejection(r: JsonRejection) -> ApiError {
    let msg = match &r {
        JsonRejection::MissingJsonContentType(_) => {
            "send the body as JSON with the header `Content-Type: application/json`".to_string()
        }
        JsonRejection::JsonSyntaxError(_) => format!("the body is not valid JSON: {}", r.body_text()),
        JsonRejection::JsonDataError(_) => format!("the body does not fit: {}", r.body_text()),
        JsonRejection::BytesRejection(_) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the body is too large (at most {BODY_LIMIT} bytes)")
        }
        _ => r.body_text(),
    };
    ApiError(r.status(), msg)
}

async fn not_found(ReqLang(lang): ReqLang, req: Request) -> ApiError {
    ApiError::say(StatusCode::NOT_FOUND, lang, "api-nothing-at", &[("path", req.uri().path().into())])
}

async fn method_not_allowed(ReqLang(lang): ReqLang, req: Request) -> ApiError {
    let args = [("method", Arg::from(req.method().to_string())), ("path", req.uri().path().into())];
    ApiError::say(StatusCode::METHOD_NOT_ALLOWED, lang, "api-not-allowed", &args)
}

fn find(app: &App, id: &str, lang: Lang) -> ApiResult<Arc<Game>> {
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(ApiError::bad(lang, "api-not-game-id", &[("id", id.into())]));
    }
    app.game(id)
        .ok_or_else(|| ApiError::say(StatusCode::NOT_FOUND, lang, "api-no-game", &[("id", id.into())]))
}

fn guard(app: &App, lang: Lang) -> ApiResult<()> {
    if app.closed() {
        return Err(ApiError::say(StatusCode::SERVICE_UNAVAILABLE, lang, "api-stopping", &[]));
    }
    Ok(())
}

async fn info(State(app): State<App>) -> Json<Value> {
    Json(json!({
        "program": format!("cavalo {}", env!("CARGO_PKG_VERSION")),
        "engines": ["cavalo", "classic", "greedy", "random"],
        "max_time_ms": app.config().max_time_ms,
        "min_time_ms": MIN_TIME_MS,
        "max_searches": app.config().max_searches,
        "default_rules": app.config().default_rules,
        "languages": Lang::ALL.map(|l| l.code()),
    }))
}

async fn list(State(app): State<App>) -> Json<Value> {
    let mut games: Vec<Value> = app
        .games()
        .iter()
        .map(|g| {
            let s = g.lock();
            let pos = s.position();
            json!({
                "id": s.id(),
                "date": s.date(),
                "mode": s.mode().name(),
                "status": s.status().name(),
                "white": s.player(Side::White).describe(),
                "black": s.player(Side::Black).describe(),
                "points": [pos.points(Side::White), pos.points(Side::Black)],
                "plies": s.plies().len(),
                "result": pos.outcome().map(|o| o.name()),
            })
        })
        .collect();
    games.sort_by(|a, b| {
        b["date"].as_str().cmp(&a["date"].as_str()).then(b["id"].as_str().cmp(&a["id"].as_str()))
    });
    Json(json!({ "games": games }))
}

const MIN_TIME_MS: u64 = 10;

/// The new-game form.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    /// `human-computer` (default), `computer-computer`, `human-human` (or `hc`, `cc`, `hh`).
    #[serde(default)]
    mode: Option<String>,
    /// The human's side against the computer: `white` (default) or `black`.
    #[serde(default)]
    human: Option<String>,
    /// The computer player: `cavalo` (default), `classic[:D]`, `greedy`, `random[:S]`.
    #[serde(default)]
    engine: Option<String>,
    #[serde(default)]
    white_engine: Option<String>,
    #[serde(default)]
    black_engine: Option<String>,
    /// The computer's time per move, ms (default 1000).
    #[serde(default)]
    time_ms: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
    /// A position string, a course Lisp board or `seed:N`.
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    rules: Option<Rules>,
}

fn random_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

fn game_config(app: &App, req: NewGame, lang: Lang) -> ApiResult<GameConfig> {
    let rules = req.rules.unwrap_or(app.config().default_rules);
    let position = req.position.filter(|p| !p.trim().is_empty());
    let start = match (req.seed, position) {
        (Some(_), Some(_)) => return Err(ApiError::bad(lang, "api-seed-or-position", &[])),
        (Some(seed), None) => Start::Seed(seed),
        (None, Some(p)) => read_start(&p, rules)
            .map_err(|e| ApiError::bad(lang, "api-bad-position", &[("reason", e.into())]))?,
        (None, None) => Start::Seed(random_seed()),
    };
    let mode = match req.mode.as_deref() {
        None => Mode::HumanComputer,
        Some(m) => {
            Mode::parse(m).ok_or_else(|| ApiError::bad(lang, "api-bad-mode", &[("mode", m.into())]))?
        }
    };
    let human = match req.human.as_deref() {
        None => Side::White,
        Some(h) => {
            Side::parse(h).ok_or_else(|| ApiError::bad(lang, "api-bad-side", &[("side", h.into())]))?
        }
    };
    let engine = |text: Option<&str>| -> ApiResult<EngineConfig> {
        let text = text.or(req.engine.as_deref()).unwrap_or("cavalo");
        let kind: PlayerKind = text.parse().map_err(|e: String| {
            ApiError::bad(lang, "api-bad-engine", &[("engine", text.into()), ("reason", e.into())])
        })?;
        let mut e = EngineConfig::new(kind);
        e.options.hash_mib = app.config().hash_mib;
        e.options.threads = 1;
        Ok(e)
    };
    let engines = [engine(req.white_engine.as_deref())?, engine(req.black_engine.as_deref())?];
    let time_ms = req.time_ms.unwrap_or(1000);
    let max = app.config().max_time_ms;
    if !(MIN_TIME_MS..=max).contains(&time_ms) {
        let args = [("min", Arg::from(MIN_TIME_MS)), ("max", max.into()), ("time", time_ms.into())];
        return Err(ApiError::bad(lang, "api-bad-time", &args));
    }
    let dir = &app.config().data_dir;
    Ok(GameConfig {
        rules,
        time_ms,
        log: Some(dir.join("log.dat")),
        games_dir: Some(dir.join("games")),
        ..GameConfig::for_mode(start, mode, human, engines)
    })
}

async fn create(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
    Peer(peer): Peer,
    Body(req): Body<NewGame>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    guard(&app, lang)?;
    let config = game_config(&app, req, lang)?;
    if config.mode() == Mode::ComputerComputer {
        app.check_cc(peer).map_err(|e| ApiError::limit(&e, lang))?;
    }
    let mut s = Session::new(config).map_err(|e| ApiError::session(&e, lang))?;
    app.save(&mut s);
    let g = Arc::new(Game::owned_by(s, peer));
    app.insert(g.clone()).map_err(|max| {
        ApiError::say(StatusCode::SERVICE_UNAVAILABLE, lang, "api-too-many", &[("max", max.into())])
    })?;
    let state = g.state(&g.lock(), lang, None);
    game::kick(&app, &g);
    Ok((StatusCode::CREATED, Json(state)))
}

/// `?since=N`: the announcements from ply N (0-based) on.
#[derive(Deserialize)]
struct Since {
    since: Option<usize>,
}

async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    uri: axum::http::Uri,
) -> ApiResult<Json<Value>> {
    let Query(q) = Query::<Since>::try_from_uri(&uri)
        .map_err(|e| ApiError::bad(lang, "api-bad-query", &[("reason", e.body_text().into())]))?;
    let g = find(&app, &id, lang)?;
    let s = g.lock();
    Ok(Json(g.state(&s, lang, q.since)))
}

/// A human's move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    /// `E3`, `E3x77` (landing on a double and removing 77 rather than the highest), `3 5`.
    #[serde(rename = "move")]
    mv: String,
    /// The number of plies the client has seen; when given and the game has moved on, the move
    /// is refused (a second click, another tab).
    #[serde(default)]
    ply: Option<usize>,
}

async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    Body(req): Body<MoveRequest>,
) -> ApiResult<Json<Value>> {
    guard(&app, lang)?;
    let g = find(&app, &id, lang)?;
    let state = {
        let mut s = g.lock();
        s.human_to_move().map_err(|e| ApiError::session(&e, lang))?;
        if let Some(n) = req.ply
            && n != s.plies().len()
        {
            let args = [("ply", Arg::from(s.plies().len())), ("seen", n.into())];
            return Err(ApiError::say(StatusCode::CONFLICT, lang, "api-moved-on", &args));
        }
        let choice = interpret_move(s.position(), &req.mv).map_err(|e| ApiError::session(&e, lang))?;
        let mv = match choice {
            MoveChoice::Ready(m) => m,
            // A landing on a double without a choice removes the highest other double (RULES §4).
            MoveChoice::ChooseRemoval { options, .. } => options[0],
        };
        s.play_human(mv).map_err(|e| ApiError::session(&e, lang))?;
        app.save(&mut s);
        g.publish(&s);
        g.state(&s, lang, None)
    };
    game::kick(&app, &g);
    Ok(Json(state))
}

async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
) -> ApiResult<Json<Value>> {
    guard(&app, lang)?;
    let g = find(&app, &id, lang)?;
    let state = {
        let mut s = g.lock();
        if s.mode() == Mode::ComputerComputer || !s.can_undo() {
            return Err(ApiError::session(&SessionError::NothingToUndo, lang));
        }
        g.stop_search();
        s.undo().map_err(|e| ApiError::session(&e, lang))?;
        app.save(&mut s);
        g.publish(&s);
        g.state(&s, lang, None)
    };
    game::kick(&app, &g);
    Ok(Json(state))
}

async fn hint(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
) -> ApiResult<Json<Value>> {
    guard(&app, lang)?;
    let g = find(&app, &id, lang)?;
    let (job, time_ms) = {
        let mut s = g.lock();
        s.human_to_move().map_err(|e| ApiError::session(&e, lang))?;
        (s.begin_hint().map_err(|e| ApiError::session(&e, lang))?, s.config().time_ms)
    };
    let thought = game::run_search(&app, &g, job, time_ms)
        .await
        .ok_or_else(|| ApiError::say(StatusCode::SERVICE_UNAVAILABLE, lang, "api-hint-failed", &[]))?;
    let finished = g.lock().finish(thought).map_err(|e| ApiError::session(&e, lang))?;
    let Finished::Hint { mv, info } = finished else {
        return Err(ApiError::session(&SessionError::HintNotMove, lang));
    };
    let text = cavalo_session::present::Announcement::Hint { mv }.text(lang);
    Ok(Json(json!({
        "move": mv.to_string(),
        "cell": mv.destination().map(|c| c.to_string()),
        "index": mv.destination().map(|c| c.index()),
        "info": info,
        "text": text,
    })))
}

async fn quit(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
) -> ApiResult<Json<Value>> {
    guard(&app, lang)?;
    let g = find(&app, &id, lang)?;
    let mut s = g.lock();
    let ended = match s.status() {
        Status::Playing => None,
        Status::Over => Some(SessionError::GameOver),
        Status::Quit => Some(SessionError::Abandoned),
    };
    if let Some(e) = ended {
        return Err(ApiError::session(&e, lang));
    }
    g.stop_search();
    s.quit();
    app.save(&mut s);
    g.publish(&s);
    Ok(Json(g.state(&s, lang, None)))
}

async fn events(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    Peer(peer): Peer,
) -> ApiResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    guard(&app, lang)?;
    let g = find(&app, &id, lang)?;
    let place = app.open_stream(peer).map_err(|e| ApiError::limit(&e, lang))?;
    let rx = g.subscribe();
    let first = {
        let s = g.lock();
        vec![
            Ok(SseEvent::default().event("state").data(g.state(&s, lang, None).to_string())),
            Ok(SseEvent::default().event("thinking").data(g.live_json().to_string())),
        ]
    };
    let shutdown = app.inner.shutdown.subscribe();
    // The stream's place (`_place`) is freed when the stream ends.
    let state = (rx, g, shutdown, place);
    let rest = futures_util::stream::unfold(state, move |(mut rx, g, mut shutdown, _place)| async move {
        if *shutdown.borrow() {
            return None;
        }
        let ev = tokio::select! {
            r = rx.recv() => match r {
                Ok(Event::State(t)) => SseEvent::default().event("state").data(&*t[lang_index(lang)]),
                Ok(Event::Thinking(t)) => SseEvent::default().event("thinking").data(&*t),
                Err(RecvError::Lagged(_)) => {
                    let text = g.state(&g.lock(), lang, None).to_string();
                    SseEvent::default().event("state").data(text)
                }
                Err(RecvError::Closed) => return None,
            },
            _ = shutdown.changed() => return None,
        };
        Some((Ok(ev), (rx, g, shutdown, _place)))
    });
    Ok(Sse::new(futures_util::StreamExt::chain(futures_util::stream::iter(first), rest))
        .keep_alive(KeepAlive::default()))
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
    let g = find(&app, &id, lang)?;
    let text = g.lock().record().to_json();
    Ok(download("application/json", format!("cavalo-{id}.json"), text))
}

async fn log(State(app): State<App>, Path(id): Path<String>, ReqLang(lang): ReqLang) -> ApiResult<Response> {
    let g = find(&app, &id, lang)?;
    let text = g.lock().log_text();
    Ok(download("text/plain; charset=utf-8", format!("log-{id}.dat"), text))
}
