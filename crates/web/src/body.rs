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
        let value = match Json::<Unique>::from_request(Request::from_parts(parts, body), state).await {
            Ok(Json(Unique(v))) => v,
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

/// A JSON value in which no object names a key twice: `{"move": "E3", "move": "A1"}` is
/// refused (which of the two counts is not for the server to guess).
struct Unique(Value);

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Unique(v) = map.next_value()?;
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!("the key `{key}` is given twice")));
            }
            object.insert(key, v);
        }
        Ok(Value::Object(object))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        let read = |t: &str| serde_json::from_str::<Unique>(t).map(|u| u.0);
        let e = read(r#"{"move": "E3", "move": "A1"}"#).unwrap_err().to_string();
        assert!(e.contains("the key `move` is given twice"), "{e}");
        assert!(read(r#"{"a": [{"b": 1, "b": 2}]}"#).is_err());
        let fine = r#"{"a": [1, 2.5, -3, null, true, "x", {"b": {}}], "c": {"a": 1}}"#;
        assert_eq!(read(fine).unwrap(), serde_json::from_str::<Value>(fine).unwrap());
    }
}
