//! Refusals the server's own layers give without words — a body over the request limit (413,
//! `tower_http`'s limit), a request stopped by the timeout (408) — worded as the API's JSON
//! errors in the request's language, like every other answer.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cavalo_session::i18n::Lang;
use cavalo_session::key;

use crate::error::ApiError;
use crate::lang::ReqLang;

/// Replaces a wordless 413 or 408 from the inner layers by a JSON error (`body_limit` is the
/// request limit in bytes, named in the 413's message), and closes the connection after any 413.
pub(crate) async fn word_refusals(State(body_limit): State<usize>, req: Request, next: Next) -> Response {
    let (mut parts, body) = req.into_parts();
    let lang = ReqLang::from_request_parts(&mut parts, &()).await.map_or(Lang::default(), |l| l.0);
    let mut res = next.run(Request::from_parts(parts, body)).await;
    if res.status() == StatusCode::PAYLOAD_TOO_LARGE {
        // The body was not read to its end: the connection cannot carry another request, and
        // the client must not try (hyper closes it).
        res.headers_mut().insert(header::CONNECTION, header::HeaderValue::from_static("close"));
    }
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if json {
        return res;
    }
    let worded = match res.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::say(res.status(), lang, key!("api-body-too-large"), &[("max", body_limit.into())])
        }
        StatusCode::REQUEST_TIMEOUT => ApiError::say(res.status(), lang, key!("api-too-slow"), &[]),
        _ => return res,
    };
    // The inner answer's other headers stay.
    let (mut parts, _) = res.into_parts();
    let (words, body) = worded.into_response().into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.extend(words.headers);
    Response::from_parts(parts, body)
}
