//! The language of a request (`?lang=pt|en`, else the browser's `Accept-Language`, else
//! English) and `GET /api/messages`: the page's words in that language.

use axum::Json;
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use cavalo_session::i18n::{Arg, Lang, UnknownLang};
use cavalo_session::key;
use fluent_syntax::ast;
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
        // The language the reader chose on the page (a cookie it sets) goes before the browser's.
        let chosen = parts
            .headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|h| h.to_str().ok())
            .flat_map(|h| h.split(';'))
            .filter_map(|c| c.trim().strip_prefix("cavalo-lang="))
            .find_map(|v| v.parse::<Lang>().ok());
        let browser = chosen.unwrap_or(browser);
        let asked = Query::<LangQuery>::try_from_uri(&parts.uri).ok().and_then(|q| q.0.lang);
        match asked.filter(|n| !n.is_empty()) {
            // An unknown `?lang=` is refused in the browser's language, naming the known ones.
            Some(name) => name.parse().map(ReqLang).map_err(|UnknownLang(name)| {
                let known = Lang::ALL.map(|l| l.code()).join(", ");
                let args = [("lang", Arg::from(name)), ("known", Arg::from(known))];
                ApiError::say(StatusCode::BAD_REQUEST, browser, key!("api-bad-lang"), &args)
            }),
            None => Ok(ReqLang(browser)),
        }
    }
}

/// The prefixes of the catalogue's messages the page words: its labels (`web-`), and the
/// announcements, results, sides and errors the game state sends as messages.
const PAGE_PREFIXES: [&str; 6] = ["web-", "ann-", "who-", "side-", "result-", "err-"];

/// `GET /api/messages`: `{"lang": "pt", "messages": {"web-…": pattern, …}}`, the catalogue's
/// messages the page words, as patterns (see [`pattern`]): a text, or a list of texts,
/// arguments (`{"var": "count"}`) and choices (`{"select": "count", "variants": [["one", …],
/// ["other", …]], "default": 1}`, a number chosen by its plural category in the language).
pub(crate) async fn messages(ReqLang(lang): ReqLang) -> Json<Value> {
    Json(json!({ "lang": lang.code(), "messages": catalogue(lang) }))
}

/// The page's messages of `lang`'s catalogue as patterns.
pub(crate) fn catalogue(lang: Lang) -> Map<String, Value> {
    let source = match lang {
        Lang::Pt => cavalo_session::i18n::PT_FTL,
        Lang::En => cavalo_session::i18n::EN_FTL,
    };
    // A malformed entry is left out (the catalogue's own tests find it); the rest is served.
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(partial, _)| partial);
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            ast::Entry::Message(m) => Some(m),
            _ => None,
        })
        .filter(|m| PAGE_PREFIXES.iter().any(|p| m.id.name.starts_with(p)))
        .filter_map(|m| Some((m.id.name.to_string(), pattern(m.value.as_ref()?))))
        .collect()
}

/// A Fluent pattern as JSON: a plain text as a string, else a list of parts.
fn pattern(p: &ast::Pattern<&str>) -> Value {
    let mut parts: Vec<Value> = Vec::new();
    let mut text = String::new();
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => text.push_str(value),
            ast::PatternElement::Placeable { expression } => match placeable(expression) {
                Value::String(t) => text.push_str(&t),
                part => {
                    if !text.is_empty() {
                        parts.push(Value::String(std::mem::take(&mut text)));
                    }
                    parts.push(part);
                }
            },
        }
    }
    if parts.is_empty() {
        return Value::String(text);
    }
    if !text.is_empty() {
        parts.push(Value::String(text));
    }
    Value::Array(parts)
}

/// A placeable: an argument, a choice, or a literal (as its text).
fn placeable(e: &ast::Expression<&str>) -> Value {
    match e {
        ast::Expression::Inline(i) => inline(i),
        ast::Expression::Select { selector, variants } => {
            let name = match selector {
                ast::InlineExpression::VariableReference { id } => id.name,
                _ => "",
            };
            let default = variants.iter().position(|v| v.default).unwrap_or(0);
            let variants: Vec<Value> = variants
                .iter()
                .map(|v| {
                    let key = match &v.key {
                        ast::VariantKey::Identifier { name } => *name,
                        ast::VariantKey::NumberLiteral { value } => *value,
                    };
                    json!([key, pattern(&v.value)])
                })
                .collect();
            json!({ "select": name, "variants": variants, "default": default })
        }
    }
}

fn inline(i: &ast::InlineExpression<&str>) -> Value {
    match i {
        ast::InlineExpression::VariableReference { id } => json!({ "var": id.name }),
        ast::InlineExpression::StringLiteral { value } | ast::InlineExpression::NumberLiteral { value } => {
            Value::String(value.to_string())
        }
        ast::InlineExpression::Placeable { expression } => placeable(expression),
        // The catalogue uses no references or functions: such a placeable shows as nothing.
        _ => Value::String(String::new()),
    }
}

#[cfg(test)]
mod tests;
