//! The language of a request (`?lang=pt|en`, else the browser's `Accept-Language`, else
//! English) and `GET /api/messages`: the page's labels in that language.

use axum::Json;
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use cavalo_session::i18n::{Arg, Lang, UnknownLang};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::error::ApiError;

/// The language a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReqLang(pub(crate) Lang);

#[derive(Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for ReqLang {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ReqLang, ApiError> {
        let browser = parts
            .headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|h| h.to_str().ok())
            .and_then(Lang::from_accept_language)
            .unwrap_or_default();
        let asked = Query::<LangQuery>::try_from_uri(&parts.uri).ok().and_then(|q| q.0.lang);
        match asked.filter(|n| !n.is_empty()) {
            // An unknown `?lang=` is refused in the browser's language, naming the known ones.
            Some(name) => name.parse().map(ReqLang).map_err(|UnknownLang(name)| {
                let known = Lang::ALL.map(|l| l.code()).join(", ");
                let args = [("lang", Arg::from(name)), ("known", Arg::from(known))];
                ApiError::say(StatusCode::BAD_REQUEST, browser, "api-bad-lang", &args)
            }),
            None => Ok(ReqLang(browser)),
        }
    }
}

/// `GET /api/messages`: `{"lang": "pt", "messages": {"web-…": "text", …}}`, every `web-` label of
/// the catalogue formatted without arguments (a `{$name}` in a text is for the page to fill in).
pub(crate) async fn messages(ReqLang(lang): ReqLang) -> Json<Value> {
    let messages: Map<String, Value> = lang
        .keys()
        .into_iter()
        .filter(|k| k.starts_with("web-"))
        .map(|k| (k.to_string(), Value::String(lang.tr(k))))
        .collect();
    Json(json!({ "lang": lang.code(), "messages": messages }))
}
