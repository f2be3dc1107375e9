//! The arena's requests: `POST /api/arena/programs` (a team's upload, with the class code) and
//! `GET /api/arena` (the standings and the games; `?program=ID`: every game of that version).
//! Both answer 404 when the server runs without `--arena`.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use cavalo_match::program::{MAX_BYTES, ProgramError, TeamProgram};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use serde::{Deserialize, Serialize};

use super::view::{ArenaView, arena_view};
use crate::App;
use crate::body::Body;
use crate::error::{ApiError, ApiResult};
use crate::guard::serving;
use crate::lang::ReqLang;
use crate::query::Params;
use crate::server::Peer;

/// The largest upload's body: the files' [`MAX_BYTES`] with room for JSON's escapes, so that a
/// program within the bounds is never refused for its quoting (the files' own bound is checked
/// on the text, and said so).
pub(crate) const PROGRAM_LIMIT: usize = 2 * MAX_BYTES + 64 * 1024;

/// The longest team name, in characters.
pub(crate) const MAX_TEAM_CHARS: usize = 40;

/// The most teams an arena takes.
pub(crate) const MAX_TEAMS: usize = 100;

/// The most bytes of programs (every version of every team) an arena keeps.
pub(crate) const MAX_STORED_BYTES: u64 = 256 << 20;

/// A file of an upload.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProgramFile {
    /// A plain file name (`equipa.lisp`).
    name: String,
    /// Its text.
    text: String,
}

/// A team's upload.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProgramUpload {
    /// The team's name.
    team: String,
    /// The class code the teacher gave out.
    code: String,
    /// At most 8 files, 512 KiB in all.
    files: Vec<ProgramFile>,
    /// The file to load (by default the only one).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    entry: Option<String>,
    /// The glue of a `lisp:` player (`function`, `args`, `state`, …), each a text.
    #[serde(default)]
    #[cfg_attr(test, ts(optional, as = "Option<BTreeMap<String, String>>"))]
    options: BTreeMap<String, String>,
}

/// The version made of an upload.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize, Debug)]
pub(crate) struct ProgramTaken {
    /// The version's id.
    pub id: String,
    pub team: String,
    pub version: u32,
}

/// The arena, or 404 when the server runs without it.
fn arena(app: &App, lang: Lang) -> ApiResult<&std::sync::Arc<super::Arena>> {
    app.inner.arena.as_ref().ok_or_else(|| {
        ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-arena-off"), &[]).code("arena_off")
    })
}

/// A team's name: trimmed, 1 to [`MAX_TEAM_CHARS`] printable characters, no comma (a player's
/// name in a championship's report).
fn team_name(team: &str, lang: Lang) -> ApiResult<String> {
    let t = team.trim();
    if t.is_empty() || t.chars().count() > MAX_TEAM_CHARS || t.chars().any(|c| c.is_control() || c == ',') {
        let shown: String = t.chars().take(60).collect::<String>().escape_debug().to_string();
        let args = [("team", Arg::from(shown)), ("max", Arg::Count(MAX_TEAM_CHARS as u64))];
        return Err(ApiError::bad(lang, key!("api-arena-bad-team"), &args).code("bad_team"));
    }
    Ok(t.to_string())
}

/// A program refused: 413 for one over the bounds, else 400; worded in `lang`.
fn refused(e: &ProgramError, lang: Lang) -> ApiError {
    let status = match e {
        ProgramError::TooManyFiles { .. } | ProgramError::TooBig { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, cavalo_match::words::program_error_text(lang, e)).code("bad_program")
}

/// `POST /api/arena/programs`: a team's new version, checked whole before it is kept (201); a
/// wrong class code is 403, a program that is not one 400 or 413, in the request's language.
pub(crate) async fn upload(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
    Peer(client): Peer,
    Body(req): Body<ProgramUpload, PROGRAM_LIMIT>,
) -> ApiResult<(StatusCode, Json<ProgramTaken>)> {
    serving(&app, lang)?;
    let arena = arena(&app, lang)?.clone();
    if !arena.is_code(&req.code) {
        return Err(
            ApiError::say(StatusCode::FORBIDDEN, lang, key!("api-arena-bad-code"), &[]).code("bad_code")
        );
    }
    let team = team_name(&req.team, lang)?;
    let files = req.files.into_iter().map(|f| (f.name, f.text)).collect();
    let program = TeamProgram::check(files, req.entry, req.options.into_iter().collect())
        .map_err(|e| refused(&e, lang))?;
    if !arena.uploads.take(client) {
        let args = [("max", Arg::Count(arena.uploads.max() as u64))];
        return Err(ApiError::say(StatusCode::TOO_MANY_REQUESTS, lang, key!("api-arena-quota"), &args)
            .code("upload_limit"));
    }
    let taken = app
        .store(lang, move |st| {
            let _planning = arena.planning.lock().unwrap_or_else(|p| p.into_inner());
            let a = st.arena();
            let (teams, bytes) = a.room().map_err(|e| ApiError::store(&e, lang))?;
            let new_team = !a.has_team(&team).map_err(|e| ApiError::store(&e, lang))?;
            if (new_team && teams >= MAX_TEAMS) || bytes >= MAX_STORED_BYTES {
                let args =
                    [("teams", Arg::Count(MAX_TEAMS as u64)), ("mib", Arg::Count(MAX_STORED_BYTES >> 20))];
                return Err(ApiError::say(
                    StatusCode::INSUFFICIENT_STORAGE,
                    lang,
                    key!("api-arena-full"),
                    &args,
                )
                .code("arena_full"));
            }
            let v = a.add_program(&team, &program).map_err(|e| ApiError::store(&e, lang))?;
            Ok(ProgramTaken { id: v.id, team: v.team, version: v.version })
        })
        .await?;
    app.inner.arena.as_ref().expect("the arena is on").wake();
    Ok((StatusCode::CREATED, Json(taken)))
}

/// Where `cavalo arena championship` writes its HTML report by default: its folder beside the
/// database.
pub(crate) fn championship_report(app: &App) -> std::path::PathBuf {
    let db = &app.config().db;
    db.parent().unwrap_or(std::path::Path::new(".")).join("championship").join("report.html")
}

/// `GET /api/arena/championship`: the report of the championship played on this server's data
/// (`cavalo arena championship`), as its HTML page to keep; 404 before any.
pub(crate) async fn championship(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    arena(&app, lang)?;
    let path = championship_report(&app);
    let page = crate::offload::blocking(lang, move || Ok(std::fs::read(&path).ok())).await?;
    let Some(page) = page else {
        return Err(ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-arena-no-championship"), &[])
            .code("no_championship"));
    };
    let headers = [
        (axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (axum::http::header::CONTENT_DISPOSITION, "attachment; filename=\"campeonato.html\""),
    ];
    Ok((headers, page).into_response())
}

/// `GET /api/arena`: the standings and the most recent games; `?program=ID`: every game of that
/// version (404 for a version the arena does not have).
pub(crate) async fn show(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
    uri: axum::http::Uri,
) -> ApiResult<Json<ArenaView>> {
    let time_ms = arena(&app, lang)?.config.time_ms;
    let params = Params::of(&uri);
    let program = params.text("program").map_err(|e| e.answer(lang))?.map(str::to_string);
    let app2 = app.clone();
    app.store(lang, move |st| {
        let a = st.arena();
        let store = |e| ApiError::store(&e, lang);
        let all = a.versions(true).map_err(store)?;
        if let Some(id) = &program
            && !all.iter().any(|v| v.id == *id)
        {
            let args = [("id", Arg::from(id.chars().take(60).collect::<String>()))];
            return Err(ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-arena-no-program"), &args)
                .code("no_program"));
        }
        let current = a.versions(false).map_err(store)?;
        let games = a.games().map_err(store)?;
        let mut view = arena_view(lang, time_ms, &current, &all, &games, program.as_deref());
        view.championship = championship_report(&app2).is_file();
        Ok(Json(view))
    })
    .await
}
