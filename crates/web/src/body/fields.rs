//! A body's fields read into the request's type, and a fault told by its kind.
//!
//! Serde's errors carry no kind a program can match on: [`serde_json::Error::classify`] says
//! `Data` for all of them, and a value read from a [`Value`] has no line or column. So the
//! field's path comes typed from `serde_path_to_error`, the value found there from the body
//! itself, and only the kind (unknown field, missing field, wrong value) and the fields an object
//! takes are read from the fixed shapes of the messages serde's own `de::Error` methods write
//! (`unknown field `x`, expected one of `a`, `b``, `missing field `x``, `invalid type: …`,
//! `invalid value: …`, `unknown variant `x`, …`). A message of another shape is answered as a
//! fault of the fields with the reader's words quoted: never a guess.

use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

use super::BodyError;

/// What a field was given, as the sentence names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// A string (its JSON text, cut short).
    Text(String),
    /// A number, as written.
    Number(String),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// A list.
    List,
    /// An object.
    Object,
}

impl Found {
    /// What `v` is.
    fn of(v: &Value) -> Found {
        match v {
            Value::String(_) => {
                let mut text = v.to_string();
                if let Some((cut, _)) = text.char_indices().nth(40) {
                    text.truncate(cut);
                    text.push('…');
                }
                Found::Text(text)
            }
            Value::Number(n) => Found::Number(n.to_string()),
            Value::Bool(b) => Found::Bool(*b),
            Value::Null => Found::Null,
            Value::Array(_) => Found::List,
            Value::Object(_) => Found::Object,
        }
    }

    /// In words: `o texto "yes"`, `o número -1`, `uma lista`, `null`.
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self {
            Found::Text(t) => lang.tr_with(key!("api-json-text"), &[("text", Arg::from(t.as_str()))]),
            Found::Number(n) => lang.tr_with(key!("api-json-number"), &[("number", Arg::from(n.as_str()))]),
            Found::Bool(b) => format!("`{b}`"),
            Found::Null => "`null`".into(),
            Found::List => lang.tr(key!("api-json-list")),
            Found::Object => lang.tr(key!("api-json-object")),
        }
    }
}

/// `value` (an object) as a `T`, or the fault of its fields.
pub(super) fn read<T: DeserializeOwned>(value: Value) -> Result<T, BodyError> {
    let body = value.clone();
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path: Vec<String> = e
            .path()
            .iter()
            .filter_map(|s| match s {
                Segment::Map { key } => Some(key.clone()),
                Segment::Seq { index } => Some(index.to_string()),
                Segment::Enum { .. } | Segment::Unknown => None,
            })
            .collect();
        classify(&body, path, e.into_inner().to_string())
    })
}

/// The names in backquotes in `text`, in order.
fn quoted(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// `path` with `name` as its last segment (unless it is already).
fn joined(mut path: Vec<String>, name: &str) -> String {
    if path.last().map(String::as_str) != Some(name) {
        path.push(name.to_string());
    }
    path.join(".")
}

/// The value at `path` in `body`.
fn at<'a>(body: &'a Value, path: &[String]) -> Option<&'a Value> {
    path.iter().try_fold(body, |v, seg| match v {
        Value::Object(map) => map.get(seg),
        Value::Array(items) => items.get(seg.parse::<usize>().ok()?),
        _ => None,
    })
}

/// The fault of the fields that serde's `message` names, at `path` in `body`.
fn classify(body: &Value, path: Vec<String>, message: String) -> BodyError {
    if let Some(rest) = message.strip_prefix("unknown field `")
        && let Some((name, accepted)) = rest.split_once('`')
    {
        // `unknown field `x`, there are no fields` or `…, expected `a``, `… `a` or `b``,
        // `… one of `a`, `b``.
        return BodyError::UnknownField { field: joined(path, name), accepted: quoted(accepted) };
    }
    if let Some(rest) = message.strip_prefix("missing field `")
        && let Some((name, _)) = rest.split_once('`')
    {
        return BodyError::MissingField(joined(path, name));
    }
    let wrong = ["invalid type: ", "invalid value: ", "invalid length ", "unknown variant `"];
    if wrong.iter().any(|w| message.starts_with(w))
        && !path.is_empty()
        && let Some(value) = at(body, &path)
    {
        return BodyError::WrongValue { field: path.join("."), found: Found::of(value), detail: message };
    }
    BodyError::Shape(message)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Rules {
        threat: Option<bool>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct New {
        mode: String,
        time_ms: Option<u64>,
        rules: Option<Rules>,
        side: Option<Side>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Side {
        White,
    }

    fn fault(body: &str) -> BodyError {
        read::<New>(serde_json::from_str(body).unwrap()).unwrap_err()
    }

    #[test]
    fn each_fault_of_the_fields_is_told_by_its_kind() {
        let accepted = ["mode", "time_ms", "rules", "side"].map(String::from).to_vec();
        let e = fault(r#"{"mode": "hh", "extra": 1}"#);
        assert_eq!(e, BodyError::UnknownField { field: "extra".into(), accepted });
        let e = fault(r#"{"mode": "hh", "rules": {"gravity": true}}"#);
        assert_eq!(
            e,
            BodyError::UnknownField { field: "rules.gravity".into(), accepted: vec!["threat".into()] }
        );
        assert_eq!(fault(r#"{"time_ms": 5}"#), BodyError::MissingField("mode".into()));
        let e = fault(r#"{"mode": "hh", "time_ms": -1}"#);
        assert!(
            matches!(&e, BodyError::WrongValue { field, found: Found::Number(n), .. } if field == "time_ms" && n == "-1"),
            "{e:?}"
        );
        let e = fault(r#"{"mode": "hh", "rules": {"threat": "yes"}}"#);
        assert!(
            matches!(&e, BodyError::WrongValue { field, found: Found::Text(t), .. } if field == "rules.threat" && t == "\"yes\""),
            "{e:?}"
        );
        let e = fault(r#"{"mode": [1]}"#);
        assert!(matches!(&e, BodyError::WrongValue { found: Found::List, .. }), "{e:?}");
        let e = fault(r#"{"mode": "hh", "side": "green"}"#);
        assert!(matches!(&e, BodyError::WrongValue { field, .. } if field == "side"), "{e:?}");
    }

    #[test]
    fn a_fault_of_another_shape_is_not_guessed() {
        assert_eq!(
            classify(&Value::Null, vec![], "something else".into()),
            BodyError::Shape("something else".into())
        );
        let e = classify(&Value::Null, vec!["x".into()], "invalid type: null, expected u64".into());
        assert!(matches!(e, BodyError::Shape(_)), "no value at the path: {e:?}");
    }
}
