//! The JSON body of a request, read by [`Body`]: each kind of fault ([`BodyError`]: not JSON,
//! not valid JSON, not an object, a field unknown, missing, given twice or of the wrong kind, too
//! large, wrong content type) is answered as an [`ApiError`] with a stable code and a sentence
//! in the request's language that says the problem by itself; the JSON reader's own words (in
//! English) may follow it, quoted.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{HeaderMap, StatusCode, header};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;
use crate::lang::ReqLang;

mod fields;
mod unique;

pub(crate) use fields::Found;

/// The largest request body accepted (a Lisp board is about 400 bytes).
pub(crate) const BODY_LIMIT: usize = 16 * 1024;

/// A JSON body whose faults are answered as [`ApiError`]s (see [`BodyError`]); `LIMIT` is the
/// route's body limit in bytes, named when a body is over it. Every request's body is an object
/// of named fields: an array, a number or `null` is refused (400) before its fields are read, so
/// that no default can stand in for a body that says nothing.
pub(crate) struct Body<T, const LIMIT: usize = BODY_LIMIT>(pub(crate) T);

/// Why a request's body is refused.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum BodyError {
    /// No `Content-Type: application/json` (415 `not_json`).
    NotJson,
    /// Over the route's limit of this many bytes (413 `too_large`).
    TooLarge(usize),
    /// The body could not be read; the server's words (400 `bad_body`).
    Unreadable(String),
    /// Nothing at all (400 `bad_json`).
    Empty,
    /// Not valid JSON, from line and column on (from 1); the reader's words (400 `bad_json`).
    Syntax {
        /// The line of the fault.
        line: usize,
        /// Its column.
        column: usize,
        /// The JSON reader's words.
        detail: String,
    },
    /// The JSON stops before its end, at line and column (400 `bad_json`).
    Cut {
        /// The line where it stops.
        line: usize,
        /// Its column.
        column: usize,
        /// The JSON reader's words.
        detail: String,
    },
    /// A key given twice in one object (422 `duplicate_field`).
    Twice(String),
    /// JSON, but not an object: its text, cut short (400 `not_object`).
    NotObject(String),
    /// A field the request does not take (422 `unknown_field`): its path (`rules.gravity`) and
    /// the fields its object takes.
    UnknownField {
        /// The field's path.
        field: String,
        /// The fields the object takes.
        accepted: Vec<String>,
    },
    /// A field the request needs, not given (422 `missing_field`).
    MissingField(String),
    /// A field whose value cannot be (422 `wrong_value`): its path, what it is, the reader's
    /// words (what it should have been).
    WrongValue {
        /// The field's path.
        field: String,
        /// What was given.
        found: Found,
        /// The reader's words.
        detail: String,
    },
    /// The fields are wrong in another way; the reader's words (422 `bad_fields`).
    Shape(String),
}

impl BodyError {
    /// The HTTP status.
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            BodyError::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            BodyError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            BodyError::Unreadable(_)
            | BodyError::Empty
            | BodyError::Syntax { .. }
            | BodyError::Cut { .. }
            | BodyError::NotObject(_) => StatusCode::BAD_REQUEST,
            BodyError::Twice(_)
            | BodyError::UnknownField { .. }
            | BodyError::MissingField(_)
            | BodyError::WrongValue { .. }
            | BodyError::Shape(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// The stable code, for programs.
    pub(crate) fn code(&self) -> &'static str {
        match self {
            BodyError::NotJson => "not_json",
            BodyError::TooLarge(_) => "too_large",
            BodyError::Unreadable(_) => "bad_body",
            BodyError::Empty | BodyError::Syntax { .. } | BodyError::Cut { .. } => "bad_json",
            BodyError::Twice(_) => "duplicate_field",
            BodyError::NotObject(_) => "not_object",
            BodyError::UnknownField { .. } => "unknown_field",
            BodyError::MissingField(_) => "missing_field",
            BodyError::WrongValue { .. } => "wrong_value",
            BodyError::Shape(_) => "bad_fields",
        }
    }

    /// The sentence in `lang`, the reader's words quoted after it where there are some.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let place = |line: usize, column: usize| {
            [("line", Arg::Count(line as u64)), ("column", Arg::Count(column as u64))]
        };
        match self {
            BodyError::NotJson => lang.tr(key!("api-not-json")),
            BodyError::TooLarge(max) => lang.tr_with(key!("api-body-too-large"), &[("max", (*max).into())]),
            BodyError::Unreadable(detail) => lang.with_detail(lang.tr(key!("api-body-unreadable")), detail),
            BodyError::Empty => lang.tr(key!("api-body-empty")),
            BodyError::Syntax { line, column, detail } => {
                lang.with_detail(lang.tr_with(key!("api-body-syntax"), &place(*line, *column)), detail)
            }
            BodyError::Cut { line, column, detail } => {
                lang.with_detail(lang.tr_with(key!("api-body-eof"), &place(*line, *column)), detail)
            }
            BodyError::Twice(name) => {
                lang.tr_with(key!("api-body-twice"), &[("field", name.as_str().into())])
            }
            BodyError::NotObject(found) => {
                lang.tr_with(key!("api-body-not-object"), &[("found", found.as_str().into())])
            }
            BodyError::UnknownField { field: name, accepted } if accepted.is_empty() => {
                lang.tr_with(key!("api-body-unknown-field-none"), &[("field", name.as_str().into())])
            }
            BodyError::UnknownField { field: name, accepted } => {
                let accepted: Vec<String> = accepted.iter().map(|a| format!("`{a}`")).collect();
                let args = [("field", name.as_str().into()), ("accepted", accepted.join(", ").into())];
                lang.tr_with(key!("api-body-unknown-field"), &args)
            }
            BodyError::MissingField(name) => {
                lang.tr_with(key!("api-body-missing-field"), &[("field", name.as_str().into())])
            }
            BodyError::WrongValue { field: name, found, detail } => {
                let args = [("field", name.as_str().into()), ("found", found.text(lang).into())];
                lang.with_detail(lang.tr_with(key!("api-body-wrong-value"), &args), detail)
            }
            BodyError::Shape(detail) => lang.with_detail(lang.tr(key!("api-body-shape")), detail),
        }
    }

    /// The answer, worded in `lang`.
    pub(crate) fn answer(&self, lang: Lang) -> ApiError {
        ApiError::new(self.status(), self.text(lang)).code(self.code())
    }
}

impl<S: Send + Sync, T: DeserializeOwned, const LIMIT: usize> FromRequest<S> for Body<T, LIMIT> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (mut parts, body) = req.into_parts();
        let ReqLang(lang) = ReqLang::from_request_parts(&mut parts, state).await?;
        read::<T, S>(Request::from_parts(parts, body), state, LIMIT)
            .await
            .map(Body)
            .map_err(|e| e.answer(lang))
    }
}

/// Whether the request says its body is JSON (`application/json`, or `application/…+json`).
fn says_json(headers: &HeaderMap) -> bool {
    let Some(essence) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = essence.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The body of `req` read as a `T`, or why it cannot be (`limit`: the route's, in bytes).
async fn read<T: DeserializeOwned, S: Send + Sync>(
    req: Request,
    state: &S,
    limit: usize,
) -> Result<T, BodyError> {
    if !says_json(req.headers()) {
        return Err(BodyError::NotJson);
    }
    let bytes = Bytes::from_request(req, state).await.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            BodyError::TooLarge(limit)
        } else {
            BodyError::Unreadable(r.body_text())
        }
    })?;
    let value = unique::parse(&bytes)?;
    if !value.is_object() {
        return Err(not_object(&value));
    }
    fields::read(value)
}

/// The refusal of a body that is JSON but not an object: its text (cut short) is quoted.
fn not_object(value: &Value) -> BodyError {
    let mut text = value.to_string();
    if let Some((cut, _)) = text.char_indices().nth(40) {
        text.truncate(cut);
        text.push('…');
    }
    BodyError::NotObject(text)
}

#[cfg(test)]
mod tests;
