//! Work that may wait on the disk — the games database (SQLite) and
//! `log.dat` — runs on tokio's blocking threads, never on the few async workers that serve every
//! connection: a slow write (or a session lock held during one) stalls only its own request. The
//! database is reached only through the gate ([`crate::gate`]), which runs its closures here.

use axum::http::StatusCode;
use cavalo_session::i18n::Lang;
use cavalo_session::key;

use crate::error::{ApiError, ApiResult};

/// Runs `f` on a blocking thread and answers its result; a thread that failed (a panic, a
/// runtime shutting down) is a 500 worded in `lang`.
pub(crate) async fn blocking<T: Send + 'static>(
    lang: Lang,
    f: impl FnOnce() -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    match tokio::task::spawn_blocking(f).await {
        Ok(result) => result,
        Err(e) => {
            eprintln!("cavalo serve: a request's work failed: {e}");
            Err(ApiError::say(StatusCode::INTERNAL_SERVER_ERROR, lang, key!("api-internal"), &[]))
        }
    }
}

/// Runs `f` on a blocking thread for the server's own work (a driver, the retention rules);
/// `None` when the thread failed (reported).
pub(crate) async fn background<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    match tokio::task::spawn_blocking(f).await {
        Ok(v) => Some(v),
        Err(e) => {
            eprintln!("cavalo serve: background work failed: {e}");
            None
        }
    }
}

/// Runs `f` (an engine's search) on a thread of its own below the web's threads (see
/// `cavalo_engine::priority`), so that it shares the cores without delaying any answer; `None`
/// when the thread could not be made or failed (reported).
pub(crate) async fn searching<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let made = std::thread::Builder::new().name("search".into()).spawn(move || {
        cavalo_engine::priority::lower_this_thread(cavalo_engine::priority::BACKGROUND_NICE);
        let _ = tx.send(f());
    });
    if let Err(e) = made {
        eprintln!("cavalo serve: no thread for a search: {e}");
        return None;
    }
    match rx.await {
        Ok(v) => Some(v),
        Err(_) => {
            eprintln!("cavalo serve: a search thread failed");
            None
        }
    }
}
