//! The API's error answer: a status, a stable code and a sentence, sent as
//! `{"code": "not_found", "message": "what is wrong"}`. The code (snake_case) says the error's
//! kind for a program to act on; the message is worded in the request's language for people.
//! Every refusal of the server (a route's, an extractor's, the request guard's, a limit's) is one.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use cavalo_session::i18n::{Arg, Key, Lang};
use cavalo_session::present::{error_text, store_error_text};
use cavalo_session::store::{StoreError, StoreErrorKind};
use cavalo_session::{ErrorKind, SessionError};
use serde::Serialize;

/// An error answer: a status, a code and a sentence.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    body: ErrorBody,
}

/// The body of an error answer.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Debug, Serialize)]
pub(crate) struct ErrorBody {
    /// The kind of error, stable, snake_case: `not_found`, `illegal_move`, `too_many`…
    pub code: &'static str,
    /// The sentence, in the request's language.
    pub message: String,
    /// What a program needs to act on this error besides its code (the games of a log to pick
    /// one from), when it needs more: `{"games": […]}`.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(skip))]
    pub detail: Option<serde_json::Map<String, serde_json::Value>>,
}

/// What a route answers: its value, or an error answer.
pub(crate) type ApiResult<T> = Result<T, ApiError>;

/// The code of an answer that has no more precise one: its status's.
fn status_code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::REQUEST_TIMEOUT => "too_slow",
        StatusCode::CONFLICT => "conflict",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "not_json",
        StatusCode::UNPROCESSABLE_ENTITY => "unprocessable",
        StatusCode::TOO_MANY_REQUESTS => "too_many",
        StatusCode::SERVICE_UNAVAILABLE => "unavailable",
        _ => "internal",
    }
}

impl ApiError {
    /// An answer with `status` and the sentence `msg`, already worded; its code is the status's.
    pub(crate) fn new(status: StatusCode, msg: impl Into<String>) -> ApiError {
        ApiError { status, body: ErrorBody { code: status_code(status), message: msg.into(), detail: None } }
    }

    /// The answer's status and body (for tests).
    #[cfg(test)]
    pub(crate) fn parts(&self) -> (StatusCode, &ErrorBody) {
        (self.status, &self.body)
    }

    /// The same answer with a more precise code.
    pub(crate) fn code(mut self, code: &'static str) -> ApiError {
        self.body.code = code;
        self
    }

    /// The same answer with `value` as its field `name`, beside the code and the message.
    pub(crate) fn with(mut self, name: &str, value: serde_json::Value) -> ApiError {
        self.body.detail.get_or_insert_with(Default::default).insert(name.to_string(), value);
        self
    }

    /// An answer worded by the catalogue: message `key` with `args` in `lang`.
    pub(crate) fn say(status: StatusCode, lang: Lang, key: Key, args: &[(&str, Arg)]) -> ApiError {
        ApiError::new(status, lang.tr_with(key, args))
    }

    /// A 400 (Bad Request) worded by the catalogue: message `key` with `args` in `lang`.
    pub(crate) fn bad(lang: Lang, key: Key, args: &[(&str, Arg)]) -> ApiError {
        ApiError::say(StatusCode::BAD_REQUEST, lang, key, args)
    }

    /// A session's error: the status from its kind, the code from the error, the text in `lang`.
    pub(crate) fn session(e: &SessionError, lang: Lang) -> ApiError {
        let status = match e.kind() {
            ErrorKind::Invalid => StatusCode::BAD_REQUEST,
            ErrorKind::Illegal => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::NotNow => StatusCode::CONFLICT,
            ErrorKind::Storage => StatusCode::INTERNAL_SERVER_ERROR,
        };
        if let SessionError::Store(e) = e {
            eprintln!("cavalo serve: {e}");
        }
        ApiError::new(status, error_text(e, lang)).code(session_code(e))
    }

    /// A failed read or write of the games database, in `lang`: nothing was changed. The status
    /// and the code come from the error's kind.
    pub(crate) fn store(e: &StoreError, lang: Lang) -> ApiError {
        let status = match e.kind {
            StoreErrorKind::NotFound => StatusCode::NOT_FOUND,
            StoreErrorKind::Locked => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        eprintln!("cavalo serve: {e}");
        ApiError::new(status, store_error_text(e, lang)).code(store_code(e.kind))
    }
}

/// The code of a session's error.
pub(crate) fn session_code(e: &SessionError) -> &'static str {
    match e {
        SessionError::Start(_) => "bad_start",
        SessionError::NotHumanTurn => "not_your_turn",
        SessionError::NotComputerTurn => "not_computer_turn",
        SessionError::NotProgramTurn => "not_program_turn",
        SessionError::NotForced => "not_forced",
        SessionError::GameOver => "game_over",
        SessionError::Abandoned => "game_abandoned",
        SessionError::HintNotMove => "hint_not_move",
        SessionError::Illegal(_) => "illegal_move",
        SessionError::Unreadable(_) => "unreadable_move",
        SessionError::NotARemoval { .. } => "not_a_removal",
        SessionError::NothingToUndo => "nothing_to_undo",
        SessionError::Stale => "stale",
        SessionError::Io(_) => "io_error",
        SessionError::Store(e) => store_code(e.kind),
        SessionError::Restore(_) => "restore_failed",
    }
}

/// The code of a failed read or write of the games database.
fn store_code(kind: StoreErrorKind) -> &'static str {
    match kind {
        StoreErrorKind::NotFound => "not_found",
        StoreErrorKind::Full => "storage_full",
        StoreErrorKind::ReadOnly => "storage_read_only",
        StoreErrorKind::Locked => "storage_locked",
        StoreErrorKind::Corrupt | StoreErrorKind::BadVersion { .. } => "storage_corrupt",
        StoreErrorKind::Newer { .. } => "storage_newer",
        StoreErrorKind::Open | StoreErrorKind::Invalid | StoreErrorKind::Other => "storage_error",
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_session::key;

    #[test]
    fn codes_come_from_the_kind_and_messages_from_the_catalogue() {
        let e = ApiError::session(&SessionError::NotHumanTurn, Lang::En);
        assert_eq!((e.status, e.body.code), (StatusCode::CONFLICT, "not_your_turn"));
        assert_eq!(e.body.message, error_text(&SessionError::NotHumanTurn, Lang::En));
        let e = ApiError::say(StatusCode::TOO_MANY_REQUESTS, Lang::Pt, key!("api-stopping"), &[]);
        assert_eq!(e.body.code, "too_many");
        let json = serde_json::to_value(&e.body).unwrap();
        assert_eq!(json["message"], Lang::Pt.tr(key!("api-stopping")));
    }
}
