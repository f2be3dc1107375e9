//! The analysis board's work: a game's analysis by the engine (the model is
//! `cavalo_lab::analysis`, the JSON the one `cavalo analyse --json` writes), computed on an
//! engine of the pool at the server's budget and stored with the game, so that it is computed
//! once.
//!
//! - `POST /api/games/{id}/analysis` (anyone who may watch the game: its players and its
//!   watchers) starts the analysis of the plies played so far, unless one of them all is stored
//!   or one is under way; it answers as `GET`.
//! - `GET /api/games/{id}/analysis`: 200 with the stored analysis (of the plies it judged: a game
//!   still being played may have more); 202 with its progress (`{state, done, total, plies}`)
//!   while one is waiting for an engine (`queued`) or searching (`running`); 200 with
//!   `{"state": "none"}` when none was asked for (an expected state, answered as such: every page
//!   that opens a game asks); the reason of one that failed (`analysis_failed`).
//!
//! Bounds: each client has at most [`crate::ServerLimits::max_analyses_per_client`] analyses waiting or
//! running (429 `analysis_limit` beyond); the whole server at most as many as it has engines.
//! An analysis holds its place until its search has ended: asking again for a game that has
//! grown stops the analysis under way (its place is freed when it has stopped) and starts one
//! of the whole game. An analysis waits in the study lane of the scheduler (people's moves and
//! hints go first, and only a few study searches run at once) and holds one engine while it
//! runs, on a thread of its own below the threads that answer people.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use cavalo_lab::analysis::store::{AnalysisStoreError, StoredAnalysis};
use cavalo_lab::analysis::{self, Budget, Effort, FORMAT_VERSION, Thresholds};
use cavalo_rules::{GameRecord, Side};
use cavalo_session::i18n::Lang;
use cavalo_session::key;
use cavalo_session::present::store_error_text;
use cavalo_session::store::StoreError;
use serde::Serialize;

use crate::error::{ApiError, ApiResult};
use crate::lang::ReqLang;
use crate::lookup::find;
use crate::quota::{NoPlace, Place, Places};
use crate::sched::Lane;
use crate::server::Peer;
use crate::{App, WebConfig};

/// The analyses under way (waiting, running, or failed until asked again), by game id, and the
/// places they hold.
#[derive(Default)]
pub(crate) struct Analyses {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    places: Arc<Places>,
}

/// One analysis under way.
struct Job {
    client: IpAddr,
    /// Set to stop it: a newer analysis of the game replaced it, or the server is closing.
    stop: AtomicBool,
    /// Wakes it when stopped while it waits for an engine.
    stopping: tokio::sync::Notify,
    /// The plies it judges.
    plies: usize,
    /// The positions searched so far.
    done: AtomicUsize,
    /// Whether it has its engine.
    running: AtomicBool,
    /// Why it failed, and when, once it did.
    failed: Mutex<Option<(Failure, Instant)>>,
}

/// Why an analysis failed, kept with its job and worded in the language of whoever asks
/// (`api-analysis-failed` with the reason from `analysis-fail-*`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Failure {
    /// The server closed before it ended.
    Closing,
    /// Its thread stopped without an answer (a panic in the search).
    Crashed,
    /// The game's moves could not be replayed (the rules' words).
    Record(cavalo_rules::RecordError),
    /// The analysis could not be stored.
    Store(StoreError),
    /// A stored analysis could not be read back (the JSON reader's or the rules' words).
    Unreadable(String),
}

impl Failure {
    /// Why, in `lang`: a sentence, with another program's words quoted after it.
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self {
            Failure::Closing => lang.tr(key!("analysis-fail-closing")),
            Failure::Crashed => lang.tr(key!("analysis-fail-crashed")),
            Failure::Record(e) => lang.with_detail(lang.tr(key!("analysis-fail-record")), &e.to_string()),
            Failure::Store(e) => store_error_text(e, lang),
            Failure::Unreadable(why) => lang.with_detail(lang.tr(key!("analysis-fail-unreadable")), why),
        }
    }

    /// The answer (500 `analysis_failed`), worded in `lang`.
    pub(crate) fn answer(&self, lang: Lang) -> ApiError {
        let reason = [("reason", self.text(lang).into())];
        ApiError::say(StatusCode::INTERNAL_SERVER_ERROR, lang, key!("api-analysis-failed"), &reason)
            .code("analysis_failed")
    }
}

/// How long the reason of a failed analysis is kept for `GET` (when not asked again before).
const FAILURE_KEPT: Duration = Duration::from_secs(600);

/// What `GET` answers while an analysis is under way.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
pub(crate) struct Progress {
    /// `queued` (waiting for an engine), `running`.
    #[cfg_attr(test, ts(type = "\"queued\" | \"running\""))]
    state: &'static str,
    /// Positions searched.
    done: usize,
    /// Positions to search.
    total: usize,
    /// The plies it judges.
    plies: usize,
}

/// What `GET` answers when no analysis was asked for (or the one asked for was of another
/// budget): `{"state": "none"}`, with 200.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
pub(crate) struct NoAnalysis {
    /// Always `none`.
    #[cfg_attr(test, ts(type = "\"none\""))]
    state: &'static str,
}

impl Job {
    fn progress(&self) -> Response {
        let state = if self.running.load(Ordering::SeqCst) { "running" } else { "queued" };
        let p = Progress {
            state,
            done: self.done.load(Ordering::SeqCst),
            total: self.plies + 1,
            plies: self.plies,
        };
        (StatusCode::ACCEPTED, Json(p)).into_response()
    }

    /// Stops it, also while it waits for an engine.
    fn halt(&self) {
        self.stop.store(true, Ordering::SeqCst);
        // A permit is kept when it is not waiting yet: it stops as soon as it would.
        self.stopping.notify_one();
    }

    fn failure(&self) -> Option<Failure> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(|(why, _)| why.clone())
    }

    /// Whether it failed longer than [`FAILURE_KEPT`] ago (and may be forgotten).
    fn failed_long_ago(&self) -> bool {
        self.failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .is_some_and(|(_, at)| at.elapsed() > FAILURE_KEPT)
    }
}

impl Analyses {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Job>>> {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops every analysis under way (the server is closing).
    pub(crate) fn stop_all(&self) {
        for job in self.lock().values() {
            job.halt();
        }
    }
}

/// The name of the server's budget in the store: the format's version and the nodes, so that an
/// analysis made by another budget or format is made again.
pub(crate) fn budget_key(config: &WebConfig) -> String {
    match config.analysis_max_nodes_per_game {
        None => format!("v{FORMAT_VERSION}:nodes={}", config.analysis_nodes),
        Some(game) => format!("v{FORMAT_VERSION}:nodes={}:game={game}", config.analysis_nodes),
    }
}

/// What the analysis's routes read of a game.
pub(crate) struct GameRead {
    /// Its record (set-up and moves).
    pub(crate) record: GameRecord,
    /// Whether a human plays White, Black.
    pub(crate) humans: [bool; 2],
    /// Its analysis stored with the server's budget, when asked for and there.
    pub(crate) stored: Option<StoredAnalysis>,
}

/// Reads game `id` on a blocking thread, with its stored analysis when `with_analysis` (one
/// that no longer reads is the failure [`Failure::Unreadable`]).
pub(crate) async fn read(app: &App, id: &str, lang: Lang, with_analysis: bool) -> ApiResult<GameRead> {
    let (app2, id) = (app.clone(), id.to_string());
    app.store(lang, move |st| {
        let app = app2;
        let g = find(&app, st, &id, lang)?;
        let (record, humans) = {
            let s = g.lock();
            (s.record(), Side::BOTH.map(|side| s.player(side).is_human()))
        };
        let stored = if with_analysis {
            let key = budget_key(app.config());
            st.analyses().get(&id, &key).map_err(|e| match e {
                AnalysisStoreError::Store(e) => ApiError::store(&e, lang),
                AnalysisStoreError::Unreadable { why, .. } => Failure::Unreadable(why).answer(lang),
            })?
        } else {
            None
        };
        Ok(GameRead { record, humans, stored })
    })
    .await
}

/// A stored analysis as `cavalo analyse --json` writes it.
fn stored_answer(stored: &StoredAnalysis) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], stored.analysis.to_json()).into_response()
}

/// `GET /api/games/{id}/analysis`.
pub(crate) async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
) -> ApiResult<Response> {
    let stored = read(&app, &id, lang, true).await?.stored;
    let job = app.inner.analyses.lock().get(&id).cloned();
    if let Some(job) = job {
        if let Some(why) = job.failure() {
            return Err(why.answer(lang));
        }
        if stored.as_ref().is_none_or(|s| s.plies < job.plies) {
            return Ok(job.progress());
        }
    }
    match stored {
        Some(s) => Ok(stored_answer(&s)),
        None => Ok(Json(NoAnalysis { state: "none" }).into_response()),
    }
}

/// `POST /api/games/{id}/analysis`.
pub(crate) async fn start(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    Peer(client): Peer,
) -> ApiResult<Response> {
    crate::guard::serving(&app, lang)?;
    let GameRead { record, stored, .. } = read(&app, &id, lang, true).await?;
    let plies = record.moves.len();
    if let Some(s) = stored
        && s.plies >= plies
    {
        return Ok(stored_answer(&s));
    }
    let (job, place) = {
        let mut jobs = app.inner.analyses.lock();
        if let Some(job) = jobs.get(&id)
            && job.failure().is_none()
            && job.plies >= plies
        {
            return Ok(job.progress());
        }
        jobs.retain(|_, j| !j.failed_long_ago());
        let place = take_place(&app, client, lang)?;
        // The game grew since: the analysis under way stops (its place is freed once it has).
        if let Some(old) = jobs.remove(&id) {
            old.halt();
        }
        let job = Arc::new(Job {
            client,
            stop: AtomicBool::new(false),
            stopping: tokio::sync::Notify::new(),
            plies,
            done: AtomicUsize::new(0),
            running: AtomicBool::new(false),
            failed: Mutex::new(None),
        });
        jobs.insert(id.clone(), job.clone());
        (job, place)
    };
    tokio::spawn(run(app.clone(), id, record, job.clone(), place));
    Ok(job.progress())
}

/// A place for one more analysis of `client`: under its cap, and under the server's (as many
/// as it has engines); 429 `analysis_limit` or `analysis_busy` otherwise.
fn take_place(app: &App, client: IpAddr, lang: Lang) -> ApiResult<Place> {
    let (cap, all) = (app.config().limits.max_analyses_per_client, app.config().max_searches);
    app.inner.analyses.places.take(client, cap, all).map_err(|why| {
        let (key, code, max) = match why {
            NoPlace::Client => (key!("api-analysis-limit"), "analysis_limit", cap),
            NoPlace::Server => (key!("api-analysis-busy"), "analysis_busy", all),
        };
        ApiError::say(StatusCode::TOO_MANY_REQUESTS, lang, key, &[("max", max.into())]).code(code)
    })
}

/// Waits for an engine, analyses on a thread of its own, stores the result and ends the job (a
/// failure stays with the job until the analysis is asked for again). The job's place is held
/// until then.
async fn run(app: App, id: String, record: GameRecord, job: Arc<Job>, place: Place) {
    let lease = tokio::select! {
        lease = app.inner.sched.acquire(job.client, Lane::Study) => lease,
        () = job.stopping.notified() => None,
    };
    let outcome = match lease {
        Some(lease) => analyse_apart(&app, &id, record, &job, lease).await,
        None if job.stop.load(Ordering::SeqCst) && !app.closed() => Ok(()),
        None => Err(Failure::Closing),
    };
    drop(place);
    let mut jobs = app.inner.analyses.lock();
    match outcome {
        Ok(()) => {
            if jobs.get(&id).is_some_and(|j| Arc::ptr_eq(j, &job)) {
                jobs.remove(&id);
            }
        }
        Err(why) => {
            eprintln!("cavalo serve: the analysis of game {id} failed: {}", why.text(Lang::En));
            *job.failed.lock().unwrap_or_else(|e| e.into_inner()) = Some((why, Instant::now()));
        }
    }
}

/// The analysis on its own thread (below the web's threads) with the engine of `lease`, then
/// stored through the database's gate.
async fn analyse_apart(
    app: &App,
    id: &str,
    record: GameRecord,
    job: &Arc<Job>,
    mut lease: crate::sched::Lease,
) -> Result<(), Failure> {
    job.running.store(true, Ordering::SeqCst);
    let (app2, job2) = (app.clone(), job.clone());
    let nodes = app.config().analysis_nodes;
    let effort =
        Effort { max_nodes_per_game: app.config().analysis_max_nodes_per_game, nodes_per_search: None };
    let outcome = crate::offload::searching(move || {
        let engine = lease.slot().analysis_engine();
        let done = &job2.done;
        let result = analysis::analyse_with_effort(
            engine,
            record,
            budget(nodes),
            effort,
            Thresholds::default(),
            &job2.stop,
            &mut |n, _| done.store(n, Ordering::SeqCst),
        );
        drop(lease);
        match result {
            Err(e) => Err(Failure::Record(e)),
            Ok(_) if app2.inner.closed.load(Ordering::SeqCst) => Err(Failure::Closing),
            // Replaced by the analysis of a longer game: nothing to store.
            Ok(_) if job2.stop.load(Ordering::SeqCst) => Ok(None),
            Ok(an) => Ok(Some(an)),
        }
    })
    .await;
    let Some(analysis) = outcome.unwrap_or(Err(Failure::Crashed))? else { return Ok(()) };
    // A closed app (another server may own the database now) stores nothing.
    if app.closed() {
        return Err(Failure::Closing);
    }
    let (id, key) = (id.to_string(), budget_key(app.config()));
    let stored = StoredAnalysis { plies: job.plies, analysis };
    match app.store_background(move |st| st.analyses().put(&id, &key, &stored)).await {
        Some(put) => put.map_err(Failure::Store),
        None => Err(Failure::Crashed),
    }
}

/// The server's budget per position: `nodes`, one thread.
pub(crate) fn budget(nodes: u64) -> Budget {
    Budget { nodes: Some(nodes), time_ms: None, threads: 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Start;
    use cavalo_session::{GameConfig, PlayerConfig, Session, Turn};

    /// A server of one engine whose analyses take long, and a game of two humans in it.
    fn app_with_game() -> (tempfile::TempDir, App, Arc<crate::game::HostedGame>) {
        let dir = tempfile::tempdir().unwrap();
        let mut config = crate::WebConfig::new(dir.path());
        config.max_searches = 2;
        config.analysis_nodes = 1_000_000_000;
        let app = App::open(config).unwrap();
        let mut c = GameConfig::new(Start::Seed(5));
        c.players = [PlayerConfig::human(), PlayerConfig::human()];
        let mut s = Session::new(c).unwrap();
        // Written over a connection of the test's own (the app's is behind its gate).
        let db = Arc::new(cavalo_session::store::Db::open(&app.config().db).unwrap());
        crate::store::WebStore::open(db.clone()).unwrap().add_game(&s, &[], false).unwrap();
        s.keep_in(db);
        let game = Arc::new(crate::game::HostedGame::new(s, Vec::new()));
        app.insert(game.clone());
        (dir, app, game)
    }

    fn grow(game: &crate::game::HostedGame) {
        let mut s = game.lock();
        if matches!(s.turn(), Turn::Forced { .. }) {
            s.play_forced().unwrap();
        } else {
            let mv = s.position().legal_moves()[0];
            s.play_human(mv).unwrap();
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn asking_again_for_a_growing_game_never_runs_more_than_the_clients_cap() {
        let (_dir, app, game) = app_with_game();
        let client = IpAddr::from([10, 0, 0, 7]);
        let ask = || start(State(app.clone()), Path(game.id.clone()), ReqLang(Lang::En), Peer(client));
        for n in 0..6 {
            grow(&game);
            let answer = ask().await;
            assert!(answer.is_ok(), "ask {n}: {:?}", answer.err());
            let held = app.inner.analyses.places.held_by(client);
            assert!(held <= 2, "ask {n}: {held} analyses under way");
            // The replaced analysis stops at once, waiting or searching, and frees its place.
            let t0 = Instant::now();
            while app.inner.analyses.places.held_by(client) > 1 {
                assert!(t0.elapsed() < Duration::from_secs(10), "ask {n}: the replaced analysis runs on");
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        // The last one goes on alone.
        assert_eq!(app.inner.sched.studying(), (0, 1), "one study search runs, none waits");
        app.close();
        let t0 = Instant::now();
        while app.inner.analyses.places.held_by(client) > 0 {
            assert!(t0.elapsed() < Duration::from_secs(20), "closing stops the analysis");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    #[test]
    fn a_failure_is_worded_in_the_readers_language() {
        use cavalo_session::i18n::english_words_in;
        use cavalo_session::store::StoreErrorKind;
        let store = StoreError {
            kind: StoreErrorKind::Full,
            message: "cannot store the analysis".into(),
            detail: "database or disk is full".into(),
        };
        let record = cavalo_rules::RecordError::Json("expected value at line 1 column 1".into());
        let failures = [
            Failure::Closing,
            Failure::Crashed,
            Failure::Record(record),
            Failure::Store(store),
            Failure::Unreadable("EOF while parsing a value at line 1 column 0".into()),
        ];
        for f in failures {
            let pt = f.text(Lang::Pt);
            // The sentence says why; the words of SQLite or of the JSON reader follow, quoted (the
            // store's own message, English, is the reason of its worded sentence).
            let sentence = pt.split(" («").next().unwrap();
            assert_eq!(
                english_words_in(sentence, &["database", "disk", "full", "cannot", "store", "analysis"]),
                Vec::<String>::new(),
                "{pt}"
            );
            assert_ne!(pt, f.text(Lang::En), "{f:?}");
            let answer = f.answer(Lang::Pt);
            let (status, body) = answer.parts();
            assert_eq!((status, body.code), (StatusCode::INTERNAL_SERVER_ERROR, "analysis_failed"));
            assert!(body.message.contains(&pt), "{}", body.message);
        }
        assert_eq!(Failure::Closing.text(Lang::Pt), "o servidor está a fechar");
        assert_eq!(Failure::Crashed.text(Lang::En), "the analysis stopped unexpectedly");
        let record = Failure::Record(cavalo_rules::RecordError::Json("trailing characters".into()));
        assert!(record.text(Lang::Pt).starts_with("não foi possível repetir as jogadas do jogo («"));
    }
}
