//! The page's files, embedded in the binary: no build step, nothing to install.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::ApiError;

const INDEX: &str = include_str!("../static/index.html");

/// `(name, content type, text)` of every file under `/static/`.
const FILES: &[(&str, &str, &str)] = &[
    ("app.js", "text/javascript; charset=utf-8", include_str!("../static/app.js")),
    ("board.js", "text/javascript; charset=utf-8", include_str!("../static/board.js")),
    ("chart.js", "text/javascript; charset=utf-8", include_str!("../static/chart.js")),
    ("style.css", "text/css; charset=utf-8", include_str!("../static/style.css")),
    ("favicon.svg", "image/svg+xml", include_str!("../static/favicon.svg")),
];

fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

pub(crate) async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX)
}

pub(crate) async fn file(Path(name): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, ct, body)| page(ct, body))
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("there is no file /static/{name}")))
}
