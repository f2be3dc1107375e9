//! The JSON body of a request, read by [`Body`]: its faults (not JSON, not an object, wrong
//! fields, too large, wrong content type) are answered as [`ApiError`]s in the request's language.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;
use crate::lang::ReqLang;

/// The largest request body accepted (a Lisp board is about 400 bytes).
pub(crate) const BODY_LIMIT: usize = 16 * 1024;

/// A JSON body whose faults (not JSON, not an object, wrong fields, too large, wrong content
/// type) are answered as [`ApiError`]s. Every request's body is an object of named fields: an
/// array, a number or `null` is refused (400) before its fields are read, so that no default can
/// stand in for a body that says nothing.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (mut parts, body) = req.into_parts();
        let ReqLang(lang) = ReqLang::from_request_parts(&mut parts, state).await?;
        let value = match Json::<Value>::from_request(Request::from_parts(parts, body), state).await {
            Ok(Json(v)) => v,
            Err(r) => return Err(rejection(r, lang)),
        };
        if !value.is_object() {
            return Err(not_object(&value, lang));
        }
        T::deserialize(value).map(Body).map_err(|e| {
            let reason = [("reason", Arg::from(e.to_string()))];
            ApiError::say(StatusCode::UNPROCESSABLE_ENTITY, lang, key!("api-body-shape"), &reason)
        })
    }
}

/// The refusal of a body that is JSON but not an object: its text (cut short) is quoted.
fn not_object(value: &Value, lang: Lang) -> ApiError {
    let mut text = value.to_string();
    if let Some((cut, _)) = text.char_indices().nth(40) {
        text.truncate(cut);
        text.push('…');
    }
    ApiError::bad(lang, key!("api-body-not-object"), &[("found", text.into())]).code("not_object")
}

/// A JSON body's fault in `lang`, worded by its kind (serde's own detail is the reason).
fn rejection(r: JsonRejection, lang: Lang) -> ApiError {
    let reason = |r: &JsonRejection| [("reason", Arg::from(r.body_text()))];
    match &r {
        JsonRejection::MissingJsonContentType(_) => {
            ApiError::say(r.status(), lang, key!("api-not-json"), &[])
        }
        JsonRejection::JsonSyntaxError(_) => {
            ApiError::say(r.status(), lang, key!("api-body-syntax"), &reason(&r))
        }
        JsonRejection::JsonDataError(_) => {
            ApiError::say(r.status(), lang, key!("api-body-shape"), &reason(&r))
        }
        JsonRejection::BytesRejection(_) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::say(r.status(), lang, key!("api-body-too-large"), &[("max", BODY_LIMIT.into())])
        }
        _ => ApiError::say(r.status(), lang, key!("api-body-unreadable"), &reason(&r)),
    }
}
