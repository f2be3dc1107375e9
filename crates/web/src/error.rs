//! The API's error answer: a status and a sentence, sent as `{"error": "what is wrong"}`. Every
//! refusal of the server (a route's, an extractor's, the request guard's, a limit's) is one.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present::{error_text, store_error_text};
use cavalo_session::store::{StoreError, StoreErrorKind};
use cavalo_session::{ErrorKind, SessionError};
use serde_json::json;

/// An error answer: a status and a sentence.
#[derive(Debug)]
pub(crate) struct ApiError(StatusCode, String);

/// What a route answers: its value, or an error answer.
pub(crate) type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    /// An answer with `status` and the sentence `msg`, already worded.
    pub(crate) fn new(status: StatusCode, msg: impl Into<String>) -> ApiError {
        ApiError(status, msg.into())
    }

    /// An answer worded by the catalogue: message `key` with `args` in `lang`.
    pub(crate) fn say(status: StatusCode, lang: Lang, key: &str, args: &[(&str, Arg)]) -> ApiError {
        ApiError(status, lang.tr_with(key, args))
    }

    /// A 400 (Bad Request) worded by the catalogue: message `key` with `args` in `lang`.
    pub(crate) fn bad(lang: Lang, key: &str, args: &[(&str, Arg)]) -> ApiError {
        ApiError::say(StatusCode::BAD_REQUEST, lang, key, args)
    }

    /// A session's error: the status from its kind, the text in `lang`.
    pub(crate) fn session(e: &SessionError, lang: Lang) -> ApiError {
        let status = match e.kind() {
            ErrorKind::Invalid => StatusCode::BAD_REQUEST,
            ErrorKind::Illegal => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::NotNow => StatusCode::CONFLICT,
            ErrorKind::Storage => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, error_text(e, lang))
    }

    /// A failed read or write of the games database, in `lang`: nothing was changed. The status
    /// comes from the error's kind.
    pub(crate) fn store(e: &StoreError, lang: Lang) -> ApiError {
        let status = match e.kind {
            StoreErrorKind::NotFound => StatusCode::NOT_FOUND,
            StoreErrorKind::Locked => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        eprintln!("cavalo serve: {e}");
        ApiError(status, store_error_text(e, lang))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}
