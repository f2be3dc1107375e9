//! The analysis board's API through a real server on a loopback port: a game's analysis is the
//! JSON `cavalo analyse --json` writes, computed once on the pool, kept across a restart, with
//! its progress while it runs; bounded per client; every refusal a `{code, message}`.

use crate::common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cavalo_engine::{Engine, Options};
use cavalo_lab::analysis::{self, Budget, Thresholds};
use cavalo_rules::GameRecord;
use common::{Server, client_at, server_with};
use serde_json::{Value, json};

/// Posts `{}` to `path` as a watcher would: no seat token.
async fn post_as_watcher(srv: &Server, path: &str) -> (u16, Value) {
    let r = srv.http.post(srv.url(path)).json(&json!({})).send().await.expect("POST");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Polls the analysis of `id` until it is there; checks every progress answer on the way.
async fn analysis_of(srv: &Server, id: &str) -> Value {
    let start = Instant::now();
    let mut last_done = 0;
    loop {
        let (status, body) = srv.get(&format!("/api/games/{id}/analysis")).await;
        match status {
            200 => return body,
            202 => {
                assert!(matches!(body["state"].as_str(), Some("queued" | "running")), "{body}");
                let done = body["done"].as_u64().unwrap();
                assert!(done >= last_done && done <= body["total"].as_u64().unwrap(), "{body}");
                assert_eq!(body["total"].as_u64().unwrap(), body["plies"].as_u64().unwrap() + 1);
                last_done = done;
            }
            _ => panic!("the analysis of {id}: {status} {body}"),
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the analysis of {id} never came");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A computer-vs-computer game of greedy players, played to its end.
async fn finished_game(srv: &Server, seed: u64) -> (String, Value) {
    let st = srv.create(json!({"mode": "cc", "engine": "greedy", "time_ms": 10, "seed": seed})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let end = srv.wait_for(&id, "the end", |st| st["status"] == "over").await;
    (id, end)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_analysis_is_the_commands_json_computed_once_and_kept() {
    let (dir, srv) = server_with(|c| c.analysis_nodes = 20_000).await;
    let (id, end) = finished_game(&srv, 11).await;
    let plies = end["plies"].as_array().unwrap().len();

    let (status, started) = post_as_watcher(&srv, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["plies"].as_u64(), Some(plies as u64));
    let got = analysis_of(&srv, &id).await;

    // The same as `cavalo analyse --nodes 20000` on the game's record with the pool's table size.
    let (_, _, text) = srv.get_text(&format!("/api/games/{id}/record")).await;
    let record = GameRecord::from_json(&text).unwrap();
    let budget = Budget { nodes: Some(20_000), time_ms: None, threads: 1 };
    let mut engine = Engine::new(Options { hash_mib: 1, threads: 1, ..Options::default() });
    let stop = AtomicBool::new(false);
    let want =
        analysis::analyse_with(&mut engine, record, budget, Thresholds::default(), &stop, &mut |_, _| {})
            .unwrap();
    let want: Value = serde_json::from_str(&want.to_json()).unwrap();
    assert_eq!(got, want, "the page's analysis is the command's");
    assert_eq!(got["plies"].as_array().unwrap().len(), plies);

    // Asked again: the stored analysis at once, not a new search.
    let (status, again) = post_as_watcher(&srv, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, 200);
    assert_eq!(again, got);
    srv.stop().await;

    // A restarted server answers it from the database.
    let mut c = cavalo_web::WebConfig::new(dir.path());
    c.hash_mib = 1;
    c.analysis_nodes = 20_000;
    let srv = Server::start_with(c).await;
    let (status, kept) = srv.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, 200, "{kept}");
    assert_eq!(kept, got);
    srv.stop().await;

    // With another budget per game for the re-searches (`--analysis-max-nodes-per-game`), the
    // analysis kept is not that one's: a new one is made within it.
    let mut c = cavalo_web::WebConfig::new(dir.path());
    c.hash_mib = 1;
    c.analysis_nodes = 20_000;
    c.analysis_max_nodes_per_game = Some(0);
    let srv = Server::start_with(c).await;
    let (status, body) = srv.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!((status, body), (200, json!({"state": "none"})), "not analysed within this budget yet");
    let (status, _) = post_as_watcher(&srv, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, 202);
    let none = analysis_of(&srv, &id).await;
    assert_eq!(none["refinement"]["max_nodes"], 0, "{}", none["refinement"]);
    assert_eq!(none["refinement"]["searches"], 0);
    assert_eq!(none["plies"].as_array().unwrap().len(), plies);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unfinished_game_is_analysed_up_to_its_last_ply_and_again_later() {
    let (_dir, srv) = server_with(|c| c.analysis_nodes = 5_000).await;
    let st = srv.create(json!({"mode": "hh", "seed": 5})).await;
    let id = st["id"].as_str().unwrap().to_string();
    srv.play(&srv.settle(&id).await, 0).await;
    let st = srv.settle(&id).await;
    let played = st["plies"].as_array().unwrap().len();
    let path = format!("/api/games/{id}/analysis");
    assert_eq!(srv.post_empty(&path).await.0, 202);
    let first = analysis_of(&srv, &id).await;
    assert_eq!(first["plies"].as_array().unwrap().len(), played);

    srv.play(&st, 1).await;
    let more = srv.settle(&id).await["plies"].as_array().unwrap().len();
    assert!(more > played);
    // The stored analysis is still there (of the plies then) until a new one is asked for.
    let (status, old) = srv.get(&path).await;
    assert_eq!((status, old["plies"].as_array().unwrap().len()), (200, played));
    let (status, _) = srv.post_empty(&path).await;
    assert_eq!(status, 202, "more plies now: analysed again");
    let second = analysis_of(&srv, &id).await;
    assert_eq!(second["plies"].as_array().unwrap().len(), more);
    assert_eq!(second["plies"][0]["played"], first["plies"][0]["played"]);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_name_the_problem() {
    let (_dir, srv) = server_with(|c| {
        // Long enough to be still searching when the second request comes.
        c.analysis_nodes = 500_000_000;
        c.limits.max_analyses_per_client = 1;
    })
    .await;
    let a = srv.create(json!({"mode": "hh", "seed": 1})).await;
    let b = srv.create(json!({"mode": "hh", "seed": 2})).await;
    let (a, b) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());

    // None asked for yet: an expected state, answered as such (every page that opens a game asks).
    let (status, body) = srv.get(&format!("/api/games/{a}/analysis?lang=pt")).await;
    assert_eq!((status, body), (200, json!({"state": "none"})));
    // The exercises need one: refused, in the reader's language.
    let (status, body) = srv.get(&format!("/api/games/{a}/exercises?lang=pt")).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("no_analysis")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("ainda não foi analisado"), "{body}");
    let (status, body) = srv.get("/api/games/nope/analysis").await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")), "{body}");
    let (status, body) = srv.get("/api/games/bad%20id/analysis").await;
    assert_eq!(status, 400, "{body}");

    assert_eq!(post_as_watcher(&srv, &format!("/api/games/{a}/analysis")).await.0, 202);
    // The same game again: its progress, not a second analysis.
    let (status, body) = post_as_watcher(&srv, &format!("/api/games/{a}/analysis")).await;
    assert_eq!(status, 202, "{body}");
    let (status, body) = post_as_watcher(&srv, &format!("/api/games/{b}/analysis")).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("analysis_limit")), "{body}");
    assert!(body["message"].as_str().unwrap().contains('1'), "{body}");
    // Another client has its own place.
    let other = client_at(7);
    let r = other.post(srv.url(&format!("/api/games/{b}/analysis"))).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 202);
    // A request of another site is refused before anything starts.
    let r = srv
        .http
        .post(srv.url(&format!("/api/games/{b}/analysis")))
        .header("origin", "http://evil.example")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worst_moves_become_exercises_judged_by_the_analysis() {
    let (_dir, srv) = server_with(|c| c.analysis_nodes = 20_000).await;
    let (id, _) = finished_game(&srv, 11).await;
    let (status, body) = srv.get(&format!("/api/games/{id}/exercises")).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("no_analysis")), "{body}");
    post_as_watcher(&srv, &format!("/api/games/{id}/analysis")).await;
    let an = analysis_of(&srv, &id).await;

    let (status, body) = srv.get(&format!("/api/games/{id}/exercises")).await;
    assert_eq!(status, 200, "{body}");
    let list = body["exercises"].as_array().unwrap();
    assert!(!list.is_empty() && list.len() <= 5, "greedy play has mistakes: {body}");
    let losses: Vec<i64> = list.iter().map(|e| e["loss"].as_i64().unwrap()).collect();
    assert!(losses.windows(2).all(|w| w[0] >= w[1]), "the worst first: {losses:?}");
    let ex = &list[0];
    assert!(ex.get("best").is_none(), "the answer is kept back: {ex}");
    let ply = ex["ply"].as_u64().unwrap() as usize;
    let judged = &an["plies"][ply - 1];
    assert_eq!(ex["played"], judged["played"]);
    assert!(matches!(judged["class"].as_str(), Some("mistake" | "blunder")), "{judged}");
    let dests: Vec<&str> =
        ex["destinations"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap()).collect();
    assert!(dests.len() >= 2, "{ex}");
    let (status, white) = srv.get(&format!("/api/games/{id}/exercises?side=white")).await;
    assert_eq!(status, 200);
    assert!(white["exercises"].as_array().unwrap().iter().all(|e| e["side"] == "white"));

    let path = format!("/api/games/{id}/exercises/{ply}");
    let attempt = |mv: String| {
        let (srv, path) = (&srv, path.clone());
        async move {
            let r = srv.http.post(srv.url(&path)).json(&json!({ "move": mv })).send().await.unwrap();
            let status = r.status().as_u16();
            (status, r.json::<Value>().await.unwrap())
        }
    };
    let best = judged["best"].as_str().unwrap().to_string();
    let (status, got) = attempt(best.clone()).await;
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["judged"]["verdict"], "best");
    assert_eq!(got["judged"]["value"], judged["best_value"]);
    assert_eq!(got["best"], json!(best));
    let (_, got) = attempt(judged["played"].as_str().unwrap().to_string()).await;
    assert_eq!(got["judged"]["verdict"], "no_better");
    assert_eq!(got["judged"]["loss"], judged["loss"]);
    // Another legal move: searched, judged against the search of the position after the best
    // move (as a try is searched), else the best value.
    let played_cell = &judged["played"].as_str().unwrap()[..2.min(judged["played"].as_str().unwrap().len())];
    if let Some(other) = dests.iter().find(|d| !best.starts_with(**d) && !played_cell.starts_with(**d)) {
        let (status, got) = attempt(other.to_string()).await;
        assert_eq!(status, 200, "{got}");
        let loss = got["judged"]["loss"].as_i64().unwrap();
        let reference =
            if judged["compared"].is_null() { &judged["best_value"] } else { &judged["compared"] };
        let diff = reference["points"].as_i64().unwrap() - got["judged"]["value"]["points"].as_i64().unwrap();
        assert_eq!(loss, diff.max(0), "{got}");
    }

    let (status, body) = attempt("Z99".into()).await;
    assert!(status == 400 || status == 422, "{status} {body}");
    assert!(body["message"].as_str().unwrap().contains("Z99"), "{body}");
    let r = srv
        .http
        .post(srv.url(&format!("/api/games/{id}/exercises/999")))
        .json(&json!({"move": "A1"}))
        .send()
        .await;
    let r = r.unwrap();
    assert_eq!(r.status().as_u16(), 404);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "no_exercise");
    let (status, body) = srv.get(&format!("/api/games/{id}/exercises?side=green&lang=pt")).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("não é um lado"), "{body}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploaded_record_or_log_becomes_a_game_to_analyse() {
    let (_dir, server) = server_with(|c| c.analysis_nodes = 5_000).await;
    let srv = &server;
    let (id, end) = finished_game(srv, 11).await;
    let (_, _, record) = srv.get_text(&format!("/api/games/{id}/record")).await;
    let (_, _, log) = srv.get_text(&format!("/api/games/{id}/log")).await;
    let upload = |body: Value| async move {
        let r = srv.http.post(srv.url("/api/games/upload")).json(&body).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json::<Value>().await.unwrap_or(Value::Null))
    };

    // The record: a new game (a new id) with the same moves, to be watched and analysed.
    let (status, got) = upload(json!({ "text": record })).await;
    assert_eq!(status, 201, "{got}");
    let copy = got["id"].as_str().unwrap().to_string();
    assert_ne!(copy, id);
    let (_, st) = srv.get(&format!("/api/games/{copy}")).await;
    assert_eq!(st["status"], "over");
    let moves =
        |st: &Value| st["plies"].as_array().unwrap().iter().map(|p| p["move"].clone()).collect::<Vec<_>>();
    assert_eq!(moves(&st), moves(&end));
    assert_eq!(st["players"], end["players"], "the players as the record names them");
    assert_eq!(post_as_watcher(srv, &format!("/api/games/{copy}/analysis")).await.0, 202);
    assert_eq!(analysis_of(srv, &copy).await["plies"].as_array().unwrap().len(), moves(&end).len());
    // Nobody holds its seats: it cannot be played, and it is in nobody's list but the list of
    // whoever names it among its uploads.
    let (_, list) = srv.get("/api/games").await;
    assert!(list["games"].as_array().unwrap().iter().all(|g| g["id"] != json!(copy)));
    let named = srv.http.get(srv.url("/api/games")).header("x-cavalo-uploads", format!("{copy},{id}")).send();
    let list: Value = named.await.unwrap().json().await.unwrap();
    let listed: Vec<_> =
        list["games"].as_array().unwrap().iter().map(|g| (&g["id"], &g["uploaded"])).collect();
    assert_eq!(listed, [(&json!(copy), &json!(true))], "the upload named, not the game played here");

    // A log of two games: one must be picked, from the games the answer lists.
    let two = format!("{log}{}", log.replace(&id, "abcdef-second"));
    let (status, got) = upload(json!({ "text": two })).await;
    assert_eq!((status, got["code"].as_str()), (400, Some("several_games")), "{got}");
    assert!(got["message"].as_str().unwrap().contains("2 games"), "{got}");
    let games = got["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{got}");
    assert_eq!(
        (games[0]["id"].as_str(), games[1]["id"].as_str()),
        (Some(id.as_str()), Some("abcdef-second"))
    );
    assert_eq!(games[1]["plies"], json!(moves(&end).len()));
    assert!(["white", "black", "draw"].contains(&games[1]["result"].as_str().unwrap()), "{got}");
    let last = end["plies"].as_array().unwrap().last().unwrap();
    assert_eq!(games[1]["points"], last["points"], "{got}");
    let (status, got) = upload(json!({ "text": two, "game": "abcdef" })).await;
    assert_eq!(status, 201, "{got}");
    let (status, got) = upload(json!({ "text": log, "game": "zzz" })).await;
    assert_eq!((status, got["code"].as_str()), (400, Some("bad_game")), "{got}");

    // Bad texts say what is wrong, in the request's language.
    for (text, pt) in [("{\"moves\": 7}", "não é um registo de jogo"), ("", "não tem nenhum jogo")] {
        let r =
            srv.http.post(srv.url("/api/games/upload?lang=pt")).json(&json!({ "text": text })).send().await;
        let r = r.unwrap();
        assert_eq!(r.status().as_u16(), 400);
        let body: Value = r.json().await.unwrap();
        assert!(body["message"].as_str().unwrap().contains(pt), "{body}");
        let english =
            cavalo_session::i18n::english_words_in(body["message"].as_str().unwrap(), &["moves", "start"]);
        assert!(english.is_empty(), "{body}");
    }
    let mut illegal: Value = serde_json::from_str(&record).unwrap();
    illegal["moves"][3] = json!("A1");
    let (status, got) = upload(json!({ "text": illegal.to_string() })).await;
    assert!(status == 400 || status == 422, "{status} {got}");
    // Larger than the upload's limit: refused before it is read.
    let (status, _) = upload(json!({ "text": "x".repeat(300 * 1024) })).await;
    assert_eq!(status, 413);
    server.stop().await;
}

/// The events of a server-sent stream until `done` (or the stream's end): `(name, data)`.
async fn sse_events(r: reqwest::Response) -> Vec<(String, Value)> {
    let text =
        tokio::time::timeout(Duration::from_secs(30), r.text()).await.expect("the stream ends").unwrap();
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let name = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or_default();
        let data = block.lines().find_map(|l| l.strip_prefix("data: ")).unwrap_or("null");
        if !name.is_empty() {
            out.push((name.to_string(), serde_json::from_str(data).unwrap()));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_thinks_live_about_any_position_of_a_game() {
    let (_dir, srv) = server_with(|c| c.max_time_ms = 300).await;
    let (id, end) = finished_game(&srv, 11).await;
    let plies = end["plies"].as_array().unwrap().len();
    let r = srv.http.get(srv.url(&format!("/api/games/{id}/think?ply=10"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let events = sse_events(r).await;
    let (last, done) = events.last().unwrap();
    assert_eq!(last, "done", "{events:?}");
    assert!(events.iter().filter(|(n, _)| n == "info").count() >= 1, "{events:?}");
    assert_eq!(done["ply"], 10);
    assert_eq!(done["side"], end["plies"][10]["side"], "the side to move after ply 10");
    assert!(
        done["info"]["depth"].as_u64().unwrap() >= 1 && !done["info"]["pv"].as_array().unwrap().is_empty()
    );

    let (status, body) = srv.get(&format!("/api/games/{id}/think?ply={plies}&lang=pt")).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("game_over")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("acabou"), "{body}");
    let (status, body) = srv.get(&format!("/api/games/{id}/think?ply=999")).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = srv.get(&format!("/api/games/{id}/think?ply=abc")).await;
    assert_eq!(status, 400, "{body}");
    srv.stop().await;
}
