//! The page's files, embedded in the binary: no build step, nothing to install.
//!
//! The page is plain HTML, CSS and JavaScript modules, one concern each:
//!
//! | module | concern |
//! |---|---|
//! | `app.js` | the controller: loads words and game, passes states to the store, redraws, sends the user's choices |
//! | `api.js` | the API client (every request carries the page's `?lang=`) and the event stream |
//! | `i18n.js` | the language (switch, remembered, else the browser's), the server's catalogue and its patterns (arguments, plurals, numbers), the game's messages worded |
//! | `state.js` | what the page knows, in one place: the game's `Store` (the server's state kept up to date by its events, every ply's board, review, hint, announcements) and the rest of the page's state (`page`); no DOM |
//! | `cells.js` | cell names and indices |
//! | `dom.js` | building elements from nodes and text (no HTML parsing anywhere) |
//! | `view-board.js` | the board and the engine's principal variation |
//! | `board-input.js` | clicks, drags and the keyboard cursor on the board |
//! | `view-moves.js`, `view-chart.js`, `view-panels.js`, `view-dialogs.js` | the move table, the chart, the panels, the dialogs |
//! | `analysis.js` | the game's analysis asked of the server and followed while it runs |
//! | `exercise.js` | learn from your mistakes: the analysis's exercises and the judgement of a try |
//! | `view-analysis.js` | the analysis board: marks of the move list, each side's figures, the value chart, the judgement and arrows of the ply shown |
//! | `shortcuts.js` | the page's keyboard shortcuts |
//! | `clock.js` | the players' clocks, the side to move's ticking between the server's changes |
//! | `arena.js`, `view-arena.js` | the arena's tab (`#/arena`): its standings and games refreshed while shown, and the upload of a team's program |
//!
//! The modules' JSDoc names the wire's types, `static/types/wire.d.ts` (generated from the Rust
//! types by the test in `wire_ts.rs`; not served), and `tsc --checkJs` checks the page against
//! them (`crates/web/page-check`).
//!
//! Every label comes from the catalogue (`GET /api/messages`); every announcement from the
//! game state and its events, as a message the page words (see [`crate::wire`]). The tests below check that every file and import is served, that no script parses
//! HTML, and that every label key the page names exists in both catalogues.

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cavalo_session::i18n::Lang;
use cavalo_session::key;

use crate::error::ApiError;
use crate::lang::ReqLang;

const JS: &str = "text/javascript; charset=utf-8";

/// `(name, content type, text)` of every file under `/static/`.
macro_rules! files {
    ($(($name:literal, $ct:expr)),* $(,)?) => {
        &[$(($name, $ct, include_str!(concat!("../static/", $name)))),*]
    };
}

const FILES: &[(&str, &str, &str)] = files![
    ("app.js", JS),
    ("api.js", JS),
    ("i18n.js", JS),
    ("state.js", JS),
    ("cells.js", JS),
    ("dom.js", JS),
    ("view-board.js", JS),
    ("board-input.js", JS),
    ("view-moves.js", JS),
    ("view-chart.js", JS),
    ("view-panels.js", JS),
    ("view-dialogs.js", JS),
    ("shortcuts.js", JS),
    ("seats.js", JS),
    ("analysis.js", JS),
    ("exercise.js", JS),
    ("view-analysis.js", JS),
    ("clock.js", JS),
    ("choice.js", JS),
    ("upload.js", JS),
    ("invitation.js", JS),
    ("arena.js", JS),
    ("view-arena.js", JS),
    ("style.css", "text/css; charset=utf-8"),
    ("favicon.svg", "image/svg+xml"),
];

/// A file's entity tag: a hash of its bytes, the same as long as the file is (one binary).
fn etag_of(body: &str) -> String {
    let mut h = std::hash::DefaultHasher::new();
    body.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

/// A file as served: `no-cache` (the browser asks again each time) with its entity tag, so that a
/// repeat is a `304 Not Modified` without the body. Compression is the router's layer.
fn serve(headers: &HeaderMap, content_type: &'static str, body: &str, etag: &str, vary: bool) -> Response {
    let matches = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == etag || t.trim() == "*");
    let tag = HeaderValue::from_str(etag).expect("a hex entity tag is a header value");
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, content_type)], body.to_string()).into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::ETAG, tag);
    if vary {
        // The page is worded by the request's language: caches keep one per language.
        h.insert(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    }
    response
}

/// The page worded in each language, and its entity tag, made once.
fn pages() -> &'static [(Lang, String, String)] {
    static PAGES: OnceLock<Vec<(Lang, String, String)>> = OnceLock::new();
    PAGES.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|&lang| {
                let body = crate::page::worded(lang);
                let etag = etag_of(&body);
                (lang, body, etag)
            })
            .collect()
    })
}

/// `GET /`: the page worded in the reader's language (`?lang=`, else the `cavalo-lang` cookie the
/// page sets, else `Accept-Language`).
pub(crate) async fn index(ReqLang(lang): ReqLang, headers: HeaderMap) -> Response {
    let (_, body, etag) = pages().iter().find(|(l, _, _)| *l == lang).expect("every language has its page");
    serve(&headers, "text/html; charset=utf-8", body, etag, true)
}

/// The entity tags of [`FILES`], made once.
fn file_tags() -> &'static [String] {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    TAGS.get_or_init(|| FILES.iter().map(|(_, _, body)| etag_of(body)).collect())
}

pub(crate) async fn file(
    ReqLang(lang): ReqLang,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Some(at) = FILES.iter().position(|(n, _, _)| *n == name) else {
        let path = format!("/static/{name}");
        return Err(ApiError::say(
            StatusCode::NOT_FOUND,
            lang,
            key!("api-nothing-at"),
            &[("path", path.into())],
        ));
    };
    let (_, ct, body) = FILES[at];
    Ok(serve(&headers, ct, body, &file_tags()[at], false))
}

#[cfg(test)]
mod tests {
    use super::FILES;

    /// A file added to `static/` and not registered here would be a 404 for the page.
    #[test]
    fn every_static_file_is_served() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            // The page's type declarations are for the type check (tsc) only.
            if name == "index.html" || name == "types" {
                continue;
            }
            assert!(FILES.iter().any(|(n, _, _)| *n == name), "static/{name} is not in assets::FILES");
        }
        for (name, _, body) in FILES {
            assert!(!body.is_empty(), "{name} is empty");
        }
    }

    /// The page builds its DOM from nodes and text: no script parses strings as HTML.
    #[test]
    fn no_script_parses_html() {
        for (name, _, body) in FILES.iter().filter(|(n, _, _)| n.ends_with(".js")) {
            for bad in [
                ".innerHTML",
                ".outerHTML",
                "insertAdjacentHTML",
                "document.write",
                "createContextualFragment",
            ] {
                assert!(!body.contains(bad), "{name} uses {bad}");
            }
        }
    }

    /// Every label key the page names (`"web-…"`, `data-i18n="web-…"`) is in both catalogues.
    #[test]
    fn every_label_of_the_page_is_in_both_catalogues() {
        use cavalo_session::i18n::Lang;
        let texts = FILES.iter().map(|(_, _, body)| *body).chain([crate::page::INDEX]);
        let mut named = std::collections::BTreeSet::new();
        for text in texts {
            for (at, _) in text.match_indices("\"web-") {
                let key: String =
                    text[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
                // `web-mode-${mode}`: a key made up by the page, whose parts are checked where used.
                if !key.ends_with('-') {
                    named.insert(key);
                }
            }
        }
        assert!(named.len() > 50, "the page names its labels by key: {named:?}");
        for lang in [Lang::Pt, Lang::En] {
            let keys = lang.keys();
            for key in &named {
                assert!(keys.contains(&key.as_str()), "{key} is not in the {} catalogue", lang.code());
            }
        }
    }

    /// Every module an embedded script imports is served too.
    #[test]
    fn every_import_is_served() {
        for (name, _, body) in FILES.iter().filter(|(n, _, _)| n.ends_with(".js")) {
            for line in body.lines().filter(|l| l.starts_with("import ")) {
                let target = line.rsplit("\"./").next().unwrap().trim_end_matches("\";");
                assert!(
                    FILES.iter().any(|(n, _, _)| *n == target),
                    "{name} imports {target}, which is not served"
                );
            }
        }
    }
}
