//! The classroom server's guards through a real server on loopback with a real SQLite file:
//! seats' tokens, cross-origin and DNS-rebinding refusals (each leaving the game unchanged in the
//! database), deleting, retention, distinct ids under rapid creates, a failed write, and the
//! import of older sessions.

use crate::common;

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cavalo_web::WebConfig;
use common::Server;
use serde_json::{Value, json};

/// The game as the database holds it: plies and status.
fn stored(srv: &Server, id: &str) -> (usize, String) {
    let s = srv.db().load(id).unwrap();
    (s.plies().len(), s.status().name().to_string())
}

/// A raw request: `method path` with `headers` and `body`; answers the status and the JSON.
async fn raw(srv: &Server, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, Value) {
    let mut req = srv.http.request(method.parse().unwrap(), srv.url(path)).body(body.to_string());
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A refused request: method, path, headers, body, the status and a piece of its message.
type Case<'a> = (&'a str, String, Vec<(&'a str, &'a str)>, &'a str, u16, &'a str);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_requests_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hh", "seed": 3})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let st = srv.settle(&id).await;
    let other = srv.create(json!({"mode": "hh", "seed": 4})).await;
    let white = srv.token(&id, "white").unwrap();
    let black = srv.token(&id, "black").unwrap();
    let foreign = srv.token(other["id"].as_str().unwrap(), "white").unwrap();
    let mv = st["destinations"][0]["cell"].as_str().unwrap().to_string();
    let body = json!({ "move": mv }).to_string();
    let before = stored(&srv, &id);
    let games_before = srv.db().list().unwrap().len();
    let host = srv.addr.to_string();
    let bearer = |t: &str| format!("Bearer {t}");
    let (w, b, f) = (bearer(&white), bearer(&black), bearer(&foreign));
    let json_ct = ("content-type", "application/json");
    let move_path = format!("/api/games/{id}/move");
    let cases: Vec<Case> = vec![
        (
            "POST",
            move_path.clone(),
            vec![json_ct, ("authorization", &w), ("origin", "http://evil.example")],
            &body,
            403,
            "another site",
        ),
        (
            "POST",
            move_path.clone(),
            vec![json_ct, ("authorization", &w), ("sec-fetch-site", "cross-site")],
            &body,
            403,
            "another site",
        ),
        ("POST", move_path.clone(), vec![json_ct], &body, 403, "token"),
        (
            "POST",
            move_path.clone(),
            vec![json_ct, ("authorization", "Bearer 00000000000000000000000000000000")],
            &body,
            403,
            "not a seat",
        ),
        ("POST", move_path.clone(), vec![json_ct, ("authorization", &f)], &body, 403, "not a seat"),
        ("POST", move_path.clone(), vec![json_ct, ("authorization", &b)], &body, 403, "your seat is Black"),
        (
            "POST",
            move_path.clone(),
            vec![("content-type", "text/plain"), ("authorization", &w)],
            &body,
            415,
            "Content-Type",
        ),
        (
            "POST",
            move_path.clone(),
            vec![("content-type", "application/x-www-form-urlencoded"), ("authorization", &w)],
            "move=A1",
            415,
            "Content-Type",
        ),
        (
            "POST",
            move_path.clone(),
            vec![json_ct, ("authorization", &w), ("host", "evil.example")],
            &body,
            403,
            "evil.example",
        ),
        ("GET", format!("/api/games/{id}"), vec![("host", "rebound.example:80")], "", 403, "rebound.example"),
        ("POST", format!("/api/games/{id}/quit"), vec![json_ct], "{}", 403, "token"),
        ("POST", format!("/api/games/{id}/quit"), vec![("authorization", &w)], "", 415, "Content-Type"),
        ("POST", format!("/api/games/{id}/hint"), vec![json_ct], "{}", 403, "token"),
        (
            "POST",
            format!("/api/games/{id}/undo"),
            vec![json_ct, ("authorization", &f)],
            "{}",
            403,
            "not a seat",
        ),
        ("DELETE", format!("/api/games/{id}"), vec![json_ct], "", 403, "token"),
        (
            "DELETE",
            format!("/api/games/{id}"),
            vec![json_ct, ("authorization", &w), ("origin", "null")],
            "",
            403,
            "another site",
        ),
        (
            "POST",
            format!("/api/games/{id}/invite"),
            vec![json_ct, ("authorization", &w)],
            r#"{"side":"black"}"#,
            403,
            "your seat is White",
        ),
        ("POST", format!("/api/games/{id}/claim"), vec![json_ct], r#"{"invite":"nope"}"#, 403, "invitation"),
        (
            "POST",
            "/api/games".into(),
            vec![json_ct, ("origin", "http://evil.example")],
            "{}",
            403,
            "another site",
        ),
        ("POST", "/api/games".into(), vec![("content-type", "text/plain")], "{}", 415, "Content-Type"),
    ];
    for (method, path, headers, body, status, text) in &cases {
        let (got, answer) = raw(&srv, method, path, headers, body).await;
        assert_eq!(got, *status, "{method} {path} {headers:?}: {answer}");
        let msg = answer["message"].as_str().unwrap_or_else(|| panic!("{method} {path}: {answer}"));
        assert!(msg.contains(text), "{method} {path}: `{msg}` lacks `{text}`");
        assert_eq!(stored(&srv, &id), before, "{method} {path} {headers:?} changed the game");
        assert_eq!(srv.db().list().unwrap().len(), games_before, "{method} {path} wrote a game");
    }
    // The same origin, the loopback names, and no Origin at all (curl) are served.
    for (origin_host, origin) in [("localhost", "http://localhost"), ("127.0.0.1", "")] {
        let port = srv.addr.port();
        let h = format!("{origin_host}:{port}");
        let o = if origin.is_empty() { String::new() } else { format!("{origin}:{port}") };
        let mut headers = vec![("host", h.as_str())];
        if !o.is_empty() {
            headers.push(("origin", o.as_str()));
        }
        let (got, _) = raw(&srv, "GET", &format!("/api/games/{id}"), &headers, "").await;
        assert_eq!(got, 200, "{headers:?}");
    }
    let same = format!("http://{host}");
    let (got, after) =
        raw(&srv, "POST", &move_path, &[json_ct, ("authorization", &w), ("origin", &same)], &body).await;
    assert_eq!(got, 200, "{after}");
    // The move is stored (a forced reply may follow it at once).
    assert!(stored(&srv, &id).0 > before.0);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_deletes_its_game_and_watchers_cannot() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hc", "engine": "greedy", "time_ms": 20, "seed": 5})).await;
    let id = st["id"].as_str().unwrap().to_string();
    assert_eq!(st["tokens"].as_object().unwrap().len(), 1, "one human seat: {}", st["tokens"]);
    srv.settle(&id).await;
    let path = format!("/api/games/{id}");
    let (status, _) = raw(&srv, "DELETE", &path, &[("content-type", "application/json")], "").await;
    assert_eq!(status, 403);
    assert!(srv.db().load(&id).is_ok());
    let token = format!("Bearer {}", srv.token(&id, "white").unwrap());
    let (status, v) =
        raw(&srv, "DELETE", &path, &[("content-type", "application/json"), ("authorization", &token)], "")
            .await;
    assert_eq!(status, 204, "{v}");
    assert!(srv.db().load(&id).is_err(), "gone from the database");
    let (status, _) = srv.get(&path).await;
    assert_eq!(status, 404);
    let (_, list) = srv.get("/api/games").await;
    assert!(list["games"].as_array().unwrap().iter().all(|g| g["id"] != id.as_str()));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_beyond_the_limits_are_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = WebConfig::new(dir.path());
    config.retention.max_finished = Some(2);
    let srv = Server::start_with(config).await;
    let playing = srv.create(json!({"mode": "hh", "seed": 1})).await["id"].as_str().unwrap().to_string();
    let mut finished = Vec::new();
    for seed in 2..6 {
        let id = srv.create(json!({"mode": "hh", "seed": seed})).await["id"].as_str().unwrap().to_string();
        let (status, v) = srv.post_empty(&format!("/api/games/{id}/quit")).await;
        assert_eq!(status, 200, "{v}");
        finished.push(id);
        // Ends are stored to the second: keep them apart.
        tokio::time::sleep(Duration::from_millis(1100)).await;
    }
    let left: HashSet<String> = srv.db().list().unwrap().into_iter().map(|r| r.id).collect();
    assert_eq!(left, HashSet::from([playing.clone(), finished[2].clone(), finished[3].clone()]));
    let (status, _) = srv.get(&format!("/api/games/{}", finished[0])).await;
    assert_eq!(status, 404);
    srv.stop().await;

    // Older than --keep-days: deleted when the server starts.
    let conn = rusqlite::Connection::open(dir.path().join("games.sqlite")).unwrap();
    conn.execute("UPDATE games SET ended = '2001-01-01T00:00:00Z' WHERE id = ?1", [&finished[2]]).unwrap();
    drop(conn);
    let mut config = WebConfig::new(dir.path());
    config.retention.keep_days = Some(30);
    let srv = Server::start_with(config).await;
    let left: HashSet<String> = srv.db().list().unwrap().into_iter().map(|r| r.id).collect();
    assert_eq!(left, HashSet::from([playing, finished[3].clone()]));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thousands_of_rapid_creates_give_distinct_ids() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = WebConfig::new(dir.path());
    // Every game stays unfinished: one client may keep them all here.
    config.limits.max_games_per_client = 2000;
    let srv = Arc::new(Server::start_with(config).await);
    let start = Instant::now();
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let srv = srv.clone();
            tokio::spawn(async move {
                let mut ids = Vec::new();
                for _ in 0..250 {
                    let (status, st) = srv.post("/api/games", json!({"mode": "hh", "seed": 1})).await;
                    assert_eq!(status, 201, "{st}");
                    ids.push(st["id"].as_str().unwrap().to_string());
                }
                ids
            })
        })
        .collect();
    let mut ids = HashSet::new();
    for t in tasks {
        for id in t.await.unwrap() {
            assert_eq!(id.len(), 36, "a UUID: {id}");
            assert!(ids.insert(id.clone()), "id {id} given twice");
        }
    }
    assert_eq!(ids.len(), 2000);
    assert_eq!(srv.db().list().unwrap().len(), 2000, "every game stored, none replaced");
    eprintln!("2000 creates in {:?}", start.elapsed());
    Arc::try_unwrap(srv).ok().unwrap().stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_is_a_500_and_the_game_does_not_advance() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hh", "seed": 7})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let st = srv.settle(&id).await;
    let before = stored(&srv, &id);
    // Another program holds the database locked past the server's wait.
    let conn = rusqlite::Connection::open(dir.path().join("games.sqlite")).unwrap();
    conn.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let mv = st["destinations"][0]["cell"].as_str().unwrap().to_string();
    let (status, err) = srv.post(&format!("/api/games/{id}/move"), json!({ "move": mv })).await;
    assert_eq!(status, 500, "{err}");
    assert!(err["message"].as_str().unwrap().contains("locked"), "{err}");
    conn.execute_batch("ROLLBACK").unwrap();
    drop(conn);
    let (_, now) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(now["plies"], st["plies"], "the game did not advance");
    assert_eq!(stored(&srv, &id), before);
    let (status, after) = srv.post(&format!("/api/games/{id}/move"), json!({ "move": mv })).await;
    assert_eq!(status, 200, "{after}");
    assert!(stored(&srv, &id).0 > before.0, "the move is stored once the database is free");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn older_sessions_are_imported_once_and_bad_files_skipped() {
    use cavalo_session::{GameConfig, PlayerConfig, Session};
    let dir = tempfile::tempdir().unwrap();
    let sessions = dir.path().join("sessions");
    std::fs::create_dir(&sessions).unwrap();
    let mut c = GameConfig::new(cavalo_rules::Start::Seed(8));
    c.players = [PlayerConfig::human(), PlayerConfig::human()];
    let mut s = Session::new(c).unwrap();
    for _ in 0..4 {
        let mv = s.position().legal_moves()[0];
        s.play_human(mv).unwrap();
    }
    // A crafted file naming a log outside the data directory.
    let outside = tempfile::tempdir().unwrap();
    let evil = outside.path().join("evil.dat");
    let mut crafted: Value = serde_json::from_str(&s.to_json()).unwrap();
    crafted["config"]["log"] = json!(evil);
    std::fs::write(sessions.join(format!("{}.json", s.id())), crafted.to_string()).unwrap();
    std::fs::write(sessions.join("latin1.json"), b"{\"id\": \"caf\xe9\"}").unwrap();
    std::fs::write(sessions.join("empty.json"), b"{}").unwrap();
    for _ in 0..2 {
        let srv = Server::start(dir.path()).await;
        let (status, st) = srv.get(&format!("/api/games/{}", s.id())).await;
        assert_eq!(status, 200, "{st}");
        assert_eq!(st["plies"].as_array().unwrap().len(), 4);
        assert_eq!(srv.db().list().unwrap().len(), 1, "imported once");
        assert_eq!(srv.db().load(s.id()).unwrap().config().log, None, "paths in files are not trusted");
        let (status, v) = srv.post_empty(&format!("/api/games/{}/quit", s.id())).await;
        assert_eq!(status, 403, "nobody holds an imported game's seats: {v}");
        srv.stop().await;
    }
    assert!(!evil.exists(), "nothing written where the file said");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_move_that_cannot_be_stored_is_shown_and_tried_again() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    // Our engine at 2 s a move: the lock below is taken long before the first searched move is
    // stored (a greedy game at 10 ms could end before the lock, and show no problem at all).
    let st = srv.create(json!({"mode": "cc", "engine": "cavalo", "time_ms": 2000, "seed": 11})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let conn = rusqlite::Connection::open(dir.path().join("games.sqlite")).unwrap();
    conn.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let stuck = srv.wait_for(&id, "the problem shown", |st| !st["problem"].is_null()).await;
    // One payload for every language: the problem is a catalogue message the page words.
    assert_eq!(stuck["problem"]["key"], "err-store-locked", "{}", stuck["problem"]);
    let en = common::words(&stuck["problem"], cavalo_session::i18n::Lang::En);
    assert!(en.contains("locked"), "{en}");
    conn.execute_batch("ROLLBACK").unwrap();
    drop(conn);
    let n = stuck["plies"].as_array().unwrap().len();
    assert_eq!(stored(&srv, &id).0, n, "what the watchers see is what is stored");
    // The driver tries again: the next move is stored and the problem cleared.
    let on = srv
        .wait_for(&id, "the game going on", |st| {
            st["plies"].as_array().unwrap().len() > n && st["problem"].is_null()
        })
        .await;
    assert!(stored(&srv, &id).0 >= on["plies"].as_array().unwrap().len(), "a ply seen is a ply stored");
    srv.stop().await;
}
