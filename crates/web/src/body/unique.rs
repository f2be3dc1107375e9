//! A body's JSON read whole, with no object naming a key twice (`{"move": "E3", "move": "A1"}`:
//! which of the two counts is not for the server to guess), and its faults told apart by the
//! JSON reader's own classification ([`serde_json::Error::classify`], its line and column).

use std::cell::RefCell;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::error::Category;

use super::BodyError;

/// `bytes` as one JSON value, or why they are none.
pub(super) fn parse(bytes: &[u8]) -> Result<Value, BodyError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(BodyError::Empty);
    }
    // The key given twice, when that is the fault (set by the seed as it reads).
    let twice = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = Unique { twice: &twice }.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    value.map_err(|e| match (e.classify(), twice.into_inner()) {
        (_, Some(key)) => BodyError::Twice(key),
        (Category::Eof, None) => BodyError::Cut { line: e.line(), column: e.column(), detail: e.to_string() },
        (Category::Syntax, None) => {
            BodyError::Syntax { line: e.line(), column: e.column(), detail: e.to_string() }
        }
        (Category::Io | Category::Data, None) => BodyError::Shape(e.to_string()),
    })
}

/// Reads one JSON value, noting in `twice` a key given twice in one object (and failing there).
#[derive(Clone, Copy)]
struct Unique<'a> {
    twice: &'a RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for Unique<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Unique<'_> {
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

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(self)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let v = map.next_value_seed(self)?;
            if object.contains_key(&key) {
                let e = serde::de::Error::custom(format_args!("the key `{key}` is given twice"));
                *self.twice.borrow_mut() = Some(key);
                return Err(e);
            }
            object.insert(key, v);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        assert_eq!(parse(br#"{"move": "E3", "move": "A1"}"#), Err(BodyError::Twice("move".into())));
        assert_eq!(parse(br#"{"a": [{"b": 1, "b": 2}]}"#), Err(BodyError::Twice("b".into())));
        let fine = r#"{"a": [1, 2.5, -3, null, true, "x", {"b": {}}], "c": {"a": 1}}"#;
        assert_eq!(parse(fine.as_bytes()).unwrap(), serde_json::from_str::<Value>(fine).unwrap());
    }

    #[test]
    fn faults_are_told_apart_with_their_place() {
        assert_eq!(parse(b" \n "), Err(BodyError::Empty));
        assert!(matches!(parse(b"{\"mode\":"), Err(BodyError::Cut { line: 1, column: 8, .. })));
        assert!(matches!(parse(b"{\n  \"mode\": hh}"), Err(BodyError::Syntax { line: 2, column: 11, .. })));
        assert!(matches!(parse(b"{} {}"), Err(BodyError::Syntax { line: 1, column: 4, .. })));
        assert!(matches!(parse(b"plain text"), Err(BodyError::Syntax { line: 1, column: 1, .. })));
    }
}
