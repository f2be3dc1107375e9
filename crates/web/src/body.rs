//! The JSON body of a request, read by [`Body`]: its faults (not JSON, wrong fields, too large,
//! wrong content type) are answered as [`ApiError`]s in the request's language.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::lang::ReqLang;

/// The largest request body accepted (a Lisp board is about 400 bytes).
pub(crate) const BODY_LIMIT: usize = 16 * 1024;

/// A JSON body whose faults (not JSON, wrong fields, too large, wrong content type) are answered
/// as [`ApiError`]s.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (mut parts, body) = req.into_parts();
        let ReqLang(lang) = ReqLang::from_request_parts(&mut parts, state).await?;
        match Json::<T>::from_request(Request::from_parts(parts, body), state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) => Err(rejection(r, lang)),
        }
    }
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
