//! A game brought to the server to be analysed: `POST /api/games/upload` with
//! `{"text": "…", "game": "ID"}` — a JSON game record (as `cavalo play` saves it, the page
//! downloads it, `cavalo match` writes it), a saved game, or a log.dat (`game`, the beginning of
//! an id, picks one of its games; a log of one game needs none). The game is played again, every
//! move checked (`cavalo_session::Game::of_record`), and kept as one of the server's games,
//! abandoned when it stops before the end, with no seats: whoever has its id watches it and asks
//! for its analysis, nobody plays it; it is listed only to a client that names it among its
//! uploads (`X-Cavalo-Uploads`, see [`crate::seats`]). Answers `201 {id, plies}`. A log of
//! several games with none picked answers `400 several_games` with the games to pick from
//! (`games: [{id, date, white, black, status, result, points, plies}]`, the first
//! [`CHOICES`]).
//!
//! Bounded three ways, so that no client fills the disk: the body's size (256 KiB); each
//! client's uploads in an hour ([`crate::ServerLimits::max_uploads_per_client`], 429 `upload_limit`
//! beyond); and the uploaded games kept ([`crate::ServerLimits::max_uploads_kept`]: an upload beyond
//! it deletes the oldest uploaded game, in the same transaction), besides the retention rules
//! of every finished game. The record's date reaches log.dat: one not written as Cavalo writes
//! dates is refused (400 `bad_game`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use cavalo_rules::Side;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::situation::Who;
use cavalo_session::store::logfile;
use cavalo_session::store::text::first_ids;
use cavalo_session::store::{RecordedPlayer, SessionMeta, TextGameError, game_of_text};
use cavalo_session::{Game, PlayerConfig, key};
use serde::Deserialize;

use crate::App;
use crate::answers::{LogChoice, Uploaded};
use crate::body::Body;
use crate::error::{ApiError, ApiResult};
use crate::lang::ReqLang;
use crate::offload::blocking;
use crate::server::Peer;

/// The largest upload: a log.dat of a few games (a game of sixty plies takes about 30 KiB there,
/// the board being written after every ply). A server's own limit on bodies may be lower.
pub(crate) const UPLOAD_LIMIT: usize = 256 * 1024;

/// An upload.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize)]
pub(crate) struct Upload {
    text: String,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    game: Option<String>,
}

/// The most games of a log the answer `several_games` lists (a log of a whole term stays one
/// answer; the message counts them all).
pub(crate) const CHOICES: usize = 200;

/// The games of a log to pick one from, in the log's order (at most [`CHOICES`]).
fn choices(text: &str) -> Vec<LogChoice> {
    let games = logfile::parse(text).unwrap_or_default();
    games
        .iter()
        .take(CHOICES)
        .map(|g| {
            let end = |k: &str| g.end.as_ref().and_then(|e| e.get(k)).cloned();
            let points =
                |side| g.plies.iter().filter(|p| p.side == Some(side)).map(|p| p.points).sum::<u64>();
            let who = |k: &str| g.header.get(k).map(|l| Who::of_label(l));
            LogChoice {
                id: g.id().to_string(),
                date: g.header.get("date").cloned(),
                players: [who("white"), who("black")],
                status: end("status"),
                result: end("result"),
                points: [points(Side::White), points(Side::Black)],
                plies: g.plies.len(),
            }
        })
        .collect()
}

/// The game of an upload's text, or why none (a log of several games: with its games to pick
/// from).
fn record_of(text: &str, game: Option<&str>, lang: Lang) -> ApiResult<cavalo_rules::GameRecord> {
    game_of_text(text, game).map_err(|e| match e {
        TextGameError::Several(_) => refusal(&e, lang)
            .code("several_games")
            .with("games", serde_json::to_value(choices(text)).unwrap_or_default()),
        _ => refusal(&e, lang),
    })
}

/// Why the text gives no game, in `lang` (400 `bad_game`).
fn refusal(e: &TextGameError, lang: Lang) -> ApiError {
    let (key, args): (_, Vec<(&str, Arg)>) = match e {
        // The readers' own words are English: the message says what was expected instead.
        TextGameError::NotARecord(_) => (key!("api-upload-not-record"), vec![]),
        TextGameError::NotALog(_) | TextGameError::LogGame(_) => (key!("api-upload-not-log"), vec![]),
        TextGameError::PickInRecord => (key!("api-upload-pick-in-record"), vec![]),
        TextGameError::Empty => (key!("api-upload-empty"), vec![]),
        TextGameError::NoSuchGame(id) => (key!("api-upload-no-such-game"), vec![("id", id.clone().into())]),
        TextGameError::Several(ids) => {
            (key!("api-upload-several"), vec![("count", ids.len().into()), ("ids", first_ids(ids).into())])
        }
    };
    ApiError::bad(lang, key, &args).code("bad_game")
}

/// `POST /api/games/upload`.
pub(crate) async fn upload(
    State(app): State<App>,
    ReqLang(lang): ReqLang,
    Peer(client): Peer,
    Body(req): Body<Upload, UPLOAD_LIMIT>,
) -> ApiResult<(StatusCode, Json<Uploaded>)> {
    crate::guard::serving(&app, lang)?;
    // Reading a log of many games takes a while: off the runtime's threads.
    let record = blocking(lang, move || record_of(&req.text, req.game.as_deref(), lang)).await?;
    let meta = SessionMeta::read(&record.meta).map_err(|e| {
        let found: String = e.found.escape_debug().to_string();
        let args = [("key", Arg::from(e.key)), ("found", found.into())];
        ApiError::bad(lang, key!("api-upload-bad-meta"), &args).code("bad_game")
    })?;
    if let Some(date) = meta.date.as_deref()
        && !cavalo_session::datetime::is_iso(date)
    {
        let shown: String = date.chars().take(40).collect::<String>().escape_debug().to_string();
        return Err(
            ApiError::bad(lang, key!("api-upload-bad-date"), &[("date", shown.into())]).code("bad_game")
        );
    }
    // A player the record names otherwise (a match's engine) is played again as a human: nobody
    // plays an uploaded game on.
    let players = Side::BOTH.map(|side| {
        meta.player(side).and_then(RecordedPlayer::config).cloned().unwrap_or_else(PlayerConfig::human)
    });
    let game =
        Game::of_record(&record, meta.date.as_deref(), players).map_err(|e| ApiError::session(&e, lang))?;
    let (id, plies) = (game.id().to_string(), game.plies().len());
    // Counted once the upload is a game: a refused text costs the client nothing.
    if !app.inner.uploads.take(client) {
        let max = app.inner.uploads.max();
        let e = ApiError::say(
            StatusCode::TOO_MANY_REQUESTS,
            lang,
            key!("api-upload-quota"),
            &[("max", max.into())],
        );
        return Err(e.code("upload_limit"));
    }
    let keep = app.config().limits.max_uploads_kept;
    let gone = app
        .store(lang, move |st| st.web().add_upload(&game, keep).map_err(|e| ApiError::store(&e, lang)))
        .await?;
    app.forget(&gone);
    Ok((StatusCode::CREATED, Json(Uploaded { id, plies })))
}
