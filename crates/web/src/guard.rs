//! The request guard, before any route: requests refused here change nothing.
//!
//! - The server answers only to its own names as `Host` (see [`crate::hosts`]: on a loopback
//!   binding `localhost`, `127.0.0.1`, `[::1]`; on another its address, its interfaces' and the
//!   machine's name too; and the names given with `--allow-host`), with any port: a page of
//!   another site whose name was made to point at the server (DNS rebinding) gets 403.
//! - A request that may change something (any method but GET, HEAD, OPTIONS) must say
//!   `Content-Type: application/json` (415 otherwise): a plain HTML form of another site cannot,
//!   and a script of another site cannot without the browser asking first (CORS), which this
//!   server never allows.
//! - When such a request carries an `Origin` (browsers send it), it must be this server's own
//!   (`http://` + the `Host`); else 403. Without an `Origin` a browser's `Sec-Fetch-Site`, when
//!   present, must say `same-origin` or `none`. Programs such as curl send neither and pass: the
//!   seats' tokens (see [`crate::seats`]) are what guard the games.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cavalo_rules::Side;
use cavalo_session::i18n::{Arg, Lang};

use crate::App;
use crate::error::{ApiError, ApiResult};
use crate::hosts::HostNames;
use crate::lang::ReqLang;
use cavalo_session::key;

/// The most seat tokens a request may present for the list of games.
pub(crate) const MAX_LISTED: usize = 200;

/// The longest seat token accepted (the server's are 32 characters).
pub(crate) const MAX_TOKEN: usize = 128;

/// Why a request is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// A `Host` that is not one of the server's names.
    Host(String),
    /// An `Origin` (or `Sec-Fetch-Site`) of another site on a request that changes something.
    CrossOrigin(String),
    /// A request that changes something without `Content-Type: application/json`.
    NotJson,
    /// No seat token where one is needed.
    NoSeat,
    /// A token that opens no seat of the game.
    WrongSeat,
    /// A seat's token where another seat's is needed.
    OtherSeat { seat: Side, needed: Side },
    /// An invitation code that opens no seat (wrong, or already used).
    BadInvite,
    /// The side has no seat in the game (a computer plays it).
    NoSuchSeat(Side),
    /// A list of held seats (`X-Cavalo-Seats`) that is too long or holds something that is not
    /// a token.
    BadSeatList,
}

impl Refusal {
    /// The HTTP status of each kind.
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            Refusal::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Refusal::NoSuchSeat(_) | Refusal::BadSeatList => StatusCode::BAD_REQUEST,
            Refusal::Host(_)
            | Refusal::CrossOrigin(_)
            | Refusal::NoSeat
            | Refusal::WrongSeat
            | Refusal::OtherSeat { .. }
            | Refusal::BadInvite => StatusCode::FORBIDDEN,
        }
    }

    /// The answer, worded in `lang`.
    pub(crate) fn answer(&self, lang: Lang) -> ApiError {
        let side = |s: &Side| Arg::from(cavalo_session::present::side_name(lang, *s));
        let text = match self {
            Refusal::Host(host) => lang.tr_with(key!("api-bad-host"), &[("host", host.as_str().into())]),
            Refusal::CrossOrigin(origin) => {
                lang.tr_with(key!("api-cross-origin"), &[("origin", origin.as_str().into())])
            }
            Refusal::NotJson => lang.tr(key!("api-not-json")),
            Refusal::NoSeat => lang.tr(key!("api-no-seat")),
            Refusal::WrongSeat => lang.tr(key!("api-wrong-seat")),
            Refusal::OtherSeat { seat, needed } => {
                lang.tr_with(key!("api-other-seat"), &[("seat", side(seat)), ("needed", side(needed))])
            }
            Refusal::BadInvite => lang.tr(key!("api-bad-invite")),
            Refusal::NoSuchSeat(s) => lang.tr_with(key!("api-no-such-seat"), &[("side", side(s))]),
            Refusal::BadSeatList => lang.tr_with(
                key!("api-bad-seat-list"),
                &[("max", MAX_LISTED.into()), ("length", MAX_TOKEN.into())],
            ),
        };
        ApiError::new(self.status(), text).code(self.code())
    }

    /// The answer's code.
    fn code(&self) -> &'static str {
        match self {
            Refusal::Host(_) => "bad_host",
            Refusal::CrossOrigin(_) => "cross_origin",
            Refusal::NotJson => "not_json",
            Refusal::NoSeat => "no_seat",
            Refusal::WrongSeat => "wrong_seat",
            Refusal::OtherSeat { .. } => "other_seat",
            Refusal::BadInvite => "bad_invite",
            Refusal::NoSuchSeat(_) => "no_such_seat",
            Refusal::BadSeatList => "bad_seat_list",
        }
    }
}

/// The middleware: refuses what [`check`] refuses, before the route runs.
pub(crate) async fn guard(State(app): State<App>, req: Request, next: Next) -> Response {
    let (mut parts, body) = req.into_parts();
    if let Err(refusal) = check(&app.host_names(), &parts) {
        let lang = ReqLang::from_request_parts(&mut parts, &()).await.map_or(Lang::default(), |l| l.0);
        return refusal.answer(lang).into_response();
    }
    next.run(Request::from_parts(parts, body)).await
}

/// Refuses a request while the server stops (503, in `lang`): what a route that changes a game or
/// opens a stream checks first.
pub(crate) fn serving(app: &App, lang: Lang) -> ApiResult<()> {
    if app.closed() {
        return Err(ApiError::say(StatusCode::SERVICE_UNAVAILABLE, lang, key!("api-stopping"), &[]));
    }
    Ok(())
}

fn header(parts: &Parts, name: impl header::AsHeaderName) -> Option<&str> {
    parts.headers.get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"))
}

/// The request's faults, if any (see the module's description).
pub(crate) fn check(names: &HostNames, parts: &Parts) -> Result<(), Refusal> {
    let host = header(parts, header::HOST).unwrap_or("");
    if !names.allows(host) {
        return Err(Refusal::Host(host.to_string()));
    }
    if matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    match header(parts, header::ORIGIN) {
        Some(origin) if !same_origin(origin, host) => return Err(Refusal::CrossOrigin(origin.to_string())),
        Some(_) => {}
        None => {
            if let Some(site) = header(parts, "sec-fetch-site")
                && !matches!(site, "same-origin" | "none")
            {
                return Err(Refusal::CrossOrigin(site.to_string()));
            }
        }
    }
    let json = header(parts, header::CONTENT_TYPE)
        .and_then(|ct| ct.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Err(Refusal::NotJson);
    }
    Ok(())
}

/// Whether `origin` is `http://HOST` or `https://HOST`.
fn same_origin(origin: &str, host: &str) -> bool {
    let rest = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://"));
    !host.is_empty() && rest.is_some_and(|r| r.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(method: Method, headers: &[(&str, &str)]) -> Parts {
        let mut b = Request::builder().method(method).uri("/api/games");
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        b.body(()).unwrap().into_parts().0
    }

    #[test]
    fn other_host_names_are_refused() {
        let p = parts(Method::GET, &[("host", "evil.example:8080")]);
        assert_eq!(check(&HostNames::default(), &p), Err(Refusal::Host("evil.example:8080".into())));
        assert_eq!(check(&HostNames::loopback(&["evil.example".into()]), &p), Ok(()));
    }

    #[test]
    fn changes_need_json_and_the_same_origin() {
        let json = ("content-type", "application/json; charset=utf-8");
        let host = ("host", "localhost:8080");
        assert_eq!(check(&HostNames::default(), &parts(Method::POST, &[host, json])), Ok(()));
        assert_eq!(
            check(
                &HostNames::default(),
                &parts(Method::POST, &[host, json, ("origin", "http://localhost:8080")])
            ),
            Ok(())
        );
        assert_eq!(
            check(
                &HostNames::default(),
                &parts(Method::POST, &[host, json, ("origin", "http://evil.example")])
            ),
            Err(Refusal::CrossOrigin("http://evil.example".into()))
        );
        assert_eq!(
            check(
                &HostNames::default(),
                &parts(Method::DELETE, &[host, json, ("sec-fetch-site", "cross-site")])
            ),
            Err(Refusal::CrossOrigin("cross-site".into()))
        );
        assert_eq!(check(&HostNames::default(), &parts(Method::POST, &[host])), Err(Refusal::NotJson));
        assert_eq!(
            check(&HostNames::default(), &parts(Method::POST, &[host, ("content-type", "text/plain")])),
            Err(Refusal::NotJson)
        );
        assert_eq!(
            check(&HostNames::default(), &parts(Method::GET, &[host, ("origin", "http://evil.example")])),
            Ok(())
        );
    }

    #[test]
    fn statuses_come_from_the_kinds() {
        assert_eq!(Refusal::NotJson.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(Refusal::WrongSeat.status(), StatusCode::FORBIDDEN);
        assert_eq!(Refusal::Host(String::new()).status(), StatusCode::FORBIDDEN);
    }
}
