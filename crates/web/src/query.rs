//! The query of a request's address (`?since=3&lang=pt`), read parameter by parameter: each
//! route reads the ones it takes, typed, and a fault ([`QueryError`]: a parameter given twice, a
//! number that is not one) is answered in the request's language. Parameters a route does not
//! take are left alone (`lang` is the language's, see [`crate::lang`]).

use std::num::IntErrorKind;

use axum::http::Uri;
use cavalo_session::i18n::Lang;
use cavalo_session::key;

use crate::error::ApiError;

/// The parameters of a query, decoded, in order.
pub(crate) struct Params(Vec<(String, String)>);

/// Why a query parameter is refused (400 `bad_query`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum QueryError {
    /// Given more than once.
    Twice(String),
    /// Not a whole number, 0 or more: its name and value.
    NotWhole(String, String),
    /// A whole number too large.
    TooLarge(String, String),
}

impl QueryError {
    /// The answer, worded in `lang`.
    pub(crate) fn answer(&self, lang: Lang) -> ApiError {
        let text = match self {
            QueryError::Twice(name) => {
                lang.tr_with(key!("api-query-twice"), &[("name", name.as_str().into())])
            }
            QueryError::NotWhole(name, value) => lang.tr_with(
                key!("api-query-not-whole"),
                &[("name", name.as_str().into()), ("value", value.as_str().into())],
            ),
            QueryError::TooLarge(name, value) => lang.tr_with(
                key!("api-query-too-large"),
                &[("name", name.as_str().into()), ("value", value.as_str().into())],
            ),
        };
        ApiError::new(axum::http::StatusCode::BAD_REQUEST, text).code("bad_query")
    }
}

impl Params {
    /// The query of `uri`.
    pub(crate) fn of(uri: &Uri) -> Params {
        let query = uri.query().unwrap_or_default();
        Params(
            form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect(),
        )
    }

    /// The value of `name`, if given (once).
    pub(crate) fn text(&self, name: &str) -> Result<Option<&str>, QueryError> {
        let mut values = self.0.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str());
        match (values.next(), values.next()) {
            (Some(_), Some(_)) => Err(QueryError::Twice(name.to_string())),
            (value, _) => Ok(value),
        }
    }

    /// The whole number `name`, if given.
    pub(crate) fn whole(&self, name: &str) -> Result<Option<u64>, QueryError> {
        let Some(value) = self.text(name)? else { return Ok(None) };
        match value.trim().parse::<u64>() {
            Ok(n) => Ok(Some(n)),
            Err(e) if *e.kind() == IntErrorKind::PosOverflow => {
                Err(QueryError::TooLarge(name.to_string(), value.to_string()))
            }
            Err(_) => Err(QueryError::NotWhole(name.to_string(), value.to_string())),
        }
    }

    /// The whole number `name` as an index or a count, if given.
    pub(crate) fn index(&self, name: &str) -> Result<Option<usize>, QueryError> {
        match self.whole(name)? {
            Some(n) => {
                usize::try_from(n).map(Some).map_err(|_| QueryError::TooLarge(name.into(), n.to_string()))
            }
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(q: &str) -> Params {
        Params::of(&format!("/api/games/x?{q}").parse().unwrap())
    }

    #[test]
    fn parameters_are_read_typed_and_refused_by_kind() {
        assert_eq!(params("since=3&lang=pt").index("since"), Ok(Some(3)));
        assert_eq!(params("lang=pt").index("since"), Ok(None));
        assert_eq!(params("side=white%20").text("side"), Ok(Some("white ")));
        assert_eq!(
            params("since=abc").index("since"),
            Err(QueryError::NotWhole("since".into(), "abc".into()))
        );
        assert_eq!(params("since=-1").index("since"), Err(QueryError::NotWhole("since".into(), "-1".into())));
        let huge = "99999999999999999999999";
        assert_eq!(
            params(&format!("ply={huge}")).index("ply"),
            Err(QueryError::TooLarge("ply".into(), huge.into()))
        );
        assert_eq!(params("since=1&since=2").index("since"), Err(QueryError::Twice("since".into())));
        let e = QueryError::NotWhole("since".into(), "abc".into()).answer(Lang::Pt);
        let json = serde_json::to_value(e.parts().1).unwrap();
        assert_eq!(json["code"], "bad_query");
        let message = json["message"].as_str().unwrap();
        assert_eq!(
            cavalo_session::i18n::english_words_in(message, &["since"]),
            Vec::<String>::new(),
            "{message}"
        );
    }
}
