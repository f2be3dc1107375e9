//! The game a request names, looked up for a route: a malformed id is a 400, an unknown one a
//! 404, a failed read of the database the store's answer.

use cavalo_session::key;
use std::sync::Arc;

use axum::http::StatusCode;
use cavalo_session::i18n::Lang;

use crate::App;
use crate::error::{ApiError, ApiResult};
use crate::game::HostedGame;
use crate::gate::Stores;

/// The game `id` (in memory, else a web game of the database `st`), or the answer saying why
/// not, in `lang`.
pub(crate) fn find(app: &App, st: &Stores, id: &str, lang: Lang) -> ApiResult<Arc<HostedGame>> {
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(ApiError::bad(lang, key!("api-not-game-id"), &[("id", id.into())]));
    }
    app.game(st, id)
        .map_err(|e| ApiError::store(&e, lang))?
        .ok_or_else(|| ApiError::say(StatusCode::NOT_FOUND, lang, key!("api-no-game"), &[("id", id.into())]))
}
