//! Every door of the server bounded, through a real server on loopback, as a careless or hostile
//! student would try them (issue: uploads, analyses, tries, live searches): uploads counted per
//! client and kept under a retention of their own, an upload's date checked before it reaches
//! log.dat, a log of many games refused in a line, a key given twice refused, a try's place
//! held while its search runs after the client hung up, one server per database, a server on
//! another loopback address answering to it. Bounded in count and time.

use crate::common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use cavalo_engine::{Engine, Options};
use cavalo_lab::analysis::store::{AnalysisStore, StoredAnalysis};
use cavalo_lab::analysis::{self, Budget, FORMAT_VERSION, Thresholds};
use cavalo_rules::{GameRecord, Start};
use common::{Server, client_at, server_with};
use serde_json::{Value, json};

/// A record of a game with no move yet (uploaded, it is kept as an abandoned game).
fn empty_record(seed: u64) -> String {
    GameRecord::new(Start::Seed(seed), Default::default()).to_json()
}

async fn upload_from(srv: &Server, client: &reqwest::Client, body: Value, lang: &str) -> (u16, Value) {
    let r = client.post(srv.url(&format!("/api/games/upload?lang={lang}"))).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_are_counted_per_client_and_kept_under_their_own_retention() {
    let (_dir, srv) = server_with(|c| {
        c.limits.max_uploads_per_client = 30;
        c.limits.max_uploads_kept = 5;
    })
    .await;
    let (flooder, other) = (client_at(2), client_at(3));
    let size = || std::fs::metadata(&srv.app.config().db).unwrap().len();
    let mut accepted = Vec::new();
    for n in 0..40 {
        let (status, got) = upload_from(&srv, &flooder, json!({ "text": empty_record(n) }), "pt").await;
        if n < 30 {
            assert_eq!(status, 201, "upload {n}: {got}");
            accepted.push(got["id"].as_str().unwrap().to_string());
        } else {
            assert_eq!((status, got["code"].as_str()), (429, Some("upload_limit")), "upload {n}: {got}");
            let message = got["message"].as_str().unwrap();
            assert!(message.contains("30 jogos na última hora"), "{message}");
        }
        if n == 10 {
            // From here the database grows no more: each upload deletes the oldest.
            let before = size();
            for _ in 0..19 {
                let (status, got) =
                    upload_from(&srv, &flooder, json!({ "text": empty_record(n) }), "en").await;
                assert_eq!(status, 201, "{got}");
                accepted.push(got["id"].as_str().unwrap().to_string());
            }
            assert!(size() <= before + 64 * 1024, "the database grew from {before} to {} bytes", size());
            break;
        }
    }
    let (status, got) = upload_from(&srv, &flooder, json!({ "text": empty_record(99) }), "en").await;
    assert_eq!((status, got["code"].as_str()), (429, Some("upload_limit")), "{got}");
    let (status, got) = upload_from(&srv, &other, json!({ "text": empty_record(7) }), "en").await;
    assert_eq!(status, 201, "another client has its own quota: {got}");
    let newest = got["id"].as_str().unwrap().to_string();
    assert_eq!(srv.web_store().upload_count().unwrap(), 5, "the uploads kept");
    assert_eq!(srv.get(&format!("/api/games/{newest}")).await.0, 200);
    assert_eq!(srv.get(&format!("/api/games/{}", accepted[0])).await.0, 404, "the oldest upload went");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploads_date_and_its_list_of_games_are_checked_and_bounded() {
    let (dir, srv) = server_with(|_| {}).await;
    let mut record: Value = serde_json::from_str(&empty_record(3)).unwrap();
    record["meta"] = json!({ "date": "2025-03-01T14:05:09Z\nGAME id=forged date=x" });
    let (status, got) = upload_from(&srv, &srv.http, json!({ "text": record.to_string() }), "pt").await;
    assert_eq!((status, got["code"].as_str()), (400, Some("bad_game")), "{got}");
    let message = got["message"].as_str().unwrap();
    assert!(message.contains("não é uma data") && !message.contains('\n'), "{message}");
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap_or_default();
    assert!(!log.contains("forged"), "{log}");

    // A log of many games: refused in a line naming a few of them, not a list of every id.
    let st = srv.create(json!({"mode": "hh", "seed": 4})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let (_, _, one) = srv.get_text(&format!("/api/games/{id}/log")).await;
    // Fewer than 1000, so that the message's count is written without a group separator
    // whatever the log's length (its placements may or may not be in it yet).
    let count = (200 * 1024 / one.len()).min(999);
    assert!(count > 20, "a game's log takes {} bytes", one.len());
    let many: String = (0..count).map(|n| one.replace(&id, &format!("{n:04}-{id}"))).collect();
    let (status, got) = upload_from(&srv, &srv.http, json!({ "text": many }), "en").await;
    assert_eq!((status, got["code"].as_str()), (400, Some("several_games")), "{got}");
    // The games to pick from: the first 200 of them (the message counts them all).
    assert_eq!(got["games"].as_array().unwrap().len(), count.min(200));
    // Each with its players in parts (two people here).
    let first = &got["games"][0];
    assert_eq!(first["players"], json!([{"kind": "human"}, {"kind": "human"}]), "{first}");
    assert_eq!(first["id"], format!("0000-{id}"));
    let message = got["message"].as_str().unwrap();
    let said = format!("{count} games");
    assert!(message.contains(&said) && message.contains('…') && message.len() < 1000, "{message}");

    // A key given twice: which one counts is not for the server to guess.
    let r = srv
        .http
        .post(srv.url("/api/games/upload"))
        .header("content-type", "application/json")
        .body(format!(r#"{{"text": {}, "text": "x"}}"#, json!(empty_record(3))))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 422);
    let got: Value = r.json().await.unwrap();
    assert!(got["message"].as_str().unwrap().contains("`text` is given twice"), "{got}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_server_per_database_and_each_answers_to_its_own_address() {
    let dir = tempfile::tempdir().unwrap();
    let config = || {
        let mut c = cavalo_web::WebConfig::new(dir.path());
        c.hash_mib = 1;
        c
    };
    let app = cavalo_web::App::open(config()).unwrap();
    let (addr, task) = app.spawn("127.0.0.5:0".parse().unwrap()).await.unwrap();
    match cavalo_web::App::open(config()) {
        Err(cavalo_web::OpenError::Lock(e @ cavalo_web::LockError::InUse { .. })) => {
            let text = e.to_string();
            assert!(text.contains(&format!("process {}", std::process::id())), "{text}");
        }
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("a second server opened the same database"),
    }
    // The address it listens on is one of its names.
    let r = reqwest::get(format!("http://{addr}/api/info")).await.unwrap();
    assert_eq!(r.status().as_u16(), 200, "{}", r.text().await.unwrap());
    app.close();
    task.abort();
    let _ = task.await;
    let again = cavalo_web::App::open(config()).expect("the database is free once the first server closed");
    again.close();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_try_holds_its_place_while_it_searches_after_the_client_hung_up() {
    // Tries search with the server's analysis budget: a billion nodes keeps them searching.
    let nodes = 1_000_000_000;
    let (_dir, srv) = server_with(|c| c.analysis_nodes = nodes).await;
    let st = srv.create(json!({"mode": "cc", "engine": "greedy", "time_ms": 10, "seed": 11})).await;
    let id = st["id"].as_str().unwrap().to_string();
    srv.wait_for(&id, "the end", |st| st["status"] == "over").await;
    // Its analysis, made here with a small budget, is stored as the server's.
    let (_, _, text) = srv.get_text(&format!("/api/games/{id}/record")).await;
    let record = GameRecord::from_json(&text).unwrap();
    let plies = record.moves.len();
    let budget = Budget { nodes: Some(20_000), time_ms: None, threads: 1 };
    let mut engine = Engine::new(Options { hash_mib: 1, threads: 1, ..Options::default() });
    let stop = AtomicBool::new(false);
    let an =
        analysis::analyse_with(&mut engine, record, budget, Thresholds::default(), &stop, &mut |_, _| {})
            .unwrap();
    let key = format!("v{FORMAT_VERSION}:nodes={nodes}");
    let analyses = AnalysisStore::open(srv.db()).unwrap();
    analyses.put(&id, &key, &StoredAnalysis { plies, analysis: an.clone() }).unwrap();

    let (status, list) = srv.get(&format!("/api/games/{id}/exercises")).await;
    assert_eq!(status, 200, "{list}");
    let ex = &list["exercises"].as_array().expect("exercises")[0];
    let ply = ex["ply"].as_u64().unwrap() as usize;
    let judged = &an.plies[ply - 1];
    let known: Vec<&str> =
        [Some(judged.played.as_str()), judged.best.as_deref()].into_iter().flatten().collect();
    let cell = ex["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["cell"].as_str().unwrap())
        .find(|c| known.iter().all(|k| !k.starts_with(c)))
        .expect("a move that is neither the best nor the one played");
    let path = srv.url(&format!("/api/games/{id}/exercises/{ply}"));
    let impatient = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 4]))
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    for _ in 0..2 {
        let r = impatient.post(&path).json(&json!({ "move": cell })).send().await;
        assert!(r.is_err(), "the try answered at once: {:?}", r.map(|r| r.status()));
    }
    // Both searches run on: the client's two places are taken.
    let r = client_at(4).post(&path).json(&json!({ "move": cell })).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let got: Value = r.json().await.unwrap();
    assert_eq!(got["code"], "exercise_limit", "{got}");
    srv.stop().await;
}
