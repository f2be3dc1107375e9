//! Bounded load tests against a real server on 127.0.0.1: the engine pool and its scheduler, the
//! per-client caps, and the server's connection, header, body and stream limits.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{client_at, server_with};
use serde_json::{Value, json};

/// The computer's searched plies (not forced placements or passes) of a game's state.
fn searched(st: &Value) -> usize {
    st["plies"].as_array().unwrap().iter().filter(|p| p["by"] == "computer" && p["forced"] == false).count()
}

/// A computer-vs-computer game that keeps running for the length of a test.
fn long_cc() -> Value {
    json!({"mode": "cc", "time_ms": 5000, "seed": 1})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_game_moves_before_long_cc_games_finish_a_search() {
    let (_dir, srv) = server_with(|c| {
        c.max_searches = 2;
    })
    .await;
    // Three cc games at 5 s per move: with first-come-first-served places, both engines would be
    // busy for 5 s and the short game's move would come after a cc game's.
    let mut cc = Vec::new();
    for seed in 0..3 {
        let st = srv.create(json!({"mode": "cc", "time_ms": 5000, "seed": seed, "engine": "cavalo"})).await;
        cc.push(st["id"].as_str().unwrap().to_string());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let hc = srv.create(json!({"mode": "hc", "human": "black", "time_ms": 100, "seed": 7})).await;
    let id = hc["id"].as_str().unwrap();
    srv.wait_for(id, "the computer's first move", |st| searched(st) >= 1).await;
    for g in &cc {
        let (_, st) = srv.get(&format!("/api/games/{g}")).await;
        assert_eq!(searched(&st), 0, "a cc game finished a search before the short game's move: {st}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_cc_games_are_capped_per_client() {
    let (_dir, srv) = server_with(|c| {
        c.limits.max_cc_per_client = 2;
    })
    .await;
    let long = long_cc();
    let first = srv.create(long.clone()).await;
    srv.create(long.clone()).await;
    let (status, err) = srv.post("/api/games", long.clone()).await;
    assert_eq!(status, 429, "{err}");
    assert!(err["message"].as_str().unwrap().contains("2 computer-vs-computer games"), "{err}");
    assert_eq!(
        srv.get("/api/games").await.1["games"].as_array().unwrap().len(),
        2,
        "the refused game was kept"
    );
    // Other modes are not capped; a finished (here: abandoned) cc game frees its place.
    srv.create(json!({"mode": "hh"})).await;
    let (status, _) =
        srv.post(&format!("/api/games/{}/quit", first["id"].as_str().unwrap()), json!({})).await;
    assert_eq!(status, 200);
    srv.create(long.clone()).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_cc_games_are_capped_for_the_server() {
    let (_dir, srv) = server_with(|c| {
        c.limits.max_cc_games = 2;
    })
    .await;
    let long = long_cc();
    srv.create(long.clone()).await;
    // Another client (another loopback address) counts towards the server's cap.
    let other = client_at(3);
    let r = other.post(srv.url("/api/games")).json(&long).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let (status, err) = srv.post("/api/games", long).await;
    assert_eq!(status, 429, "{err}");
    assert!(err["message"].as_str().unwrap().contains("server already runs 2"), "{err}");
    srv.stop().await;
}

/// Reads until the server closes the connection; false if it is still open after `within`.
fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    s.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 4096];
    let start = Instant::now();
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return false;
            }
            Err(_) => return true,
        }
        if start.elapsed() > within {
            return false;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_header_client_is_dropped() {
    let (_dir, srv) = server_with(|c| {
        c.limits.header_timeout = Duration::from_secs(1);
    })
    .await;
    let addr = srv.addr;
    let dropped = tokio::task::spawn_blocking(move || {
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n").unwrap();
        closed_within(&mut s, Duration::from_secs(5))
    })
    .await
    .unwrap();
    assert!(dropped, "a client that never finished its head was kept");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_cap_wait_and_a_fresh_client_is_served_once_idle_ones_time_out() {
    let (_dir, srv) = server_with(|c| {
        c.limits.max_connections = 4;
        c.limits.header_timeout = Duration::from_secs(1);
    })
    .await;
    let idle: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(srv.addr).unwrap()).collect();
    let start = Instant::now();
    let client = reqwest::Client::builder().timeout(Duration::from_secs(15)).build().unwrap();
    let r = client.get(srv.url("/api/info")).send().await.expect("served once the idle ones timed out");
    assert_eq!(r.status(), 200);
    assert!(start.elapsed() >= Duration::from_millis(500), "served before any idle connection ended");
    let closed = tokio::task::spawn_blocking(move || {
        idle.into_iter().map(|mut s| closed_within(&mut s, Duration::from_secs(5))).filter(|&c| c).count()
    })
    .await
    .unwrap();
    assert_eq!(closed, 4, "the idle connections were closed by the header timeout");
    srv.stop().await;
}

fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd").map(|d| d.count()).unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn file_descriptors_stay_bounded_under_many_idle_connections() {
    // Alone in a process of its own: the descriptors counted are the whole process's, which the
    // other tests of the binary would open and close meanwhile.
    if !common::alone::alone(module_path!(), "file_descriptors_stay_bounded_under_many_idle_connections") {
        return;
    }
    if !std::path::Path::new("/proc/self/fd").exists() {
        return;
    }
    let (_dir, srv) = server_with(|c| {
        c.limits.max_connections = 8;
    })
    .await;
    let before = open_fds();
    let idle: Vec<TcpStream> = (0..100).map(|_| TcpStream::connect(srv.addr).unwrap()).collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let grown = open_fds() - before;
    // Our 100 client sockets, plus at most 8 the server accepted (and a little slack).
    assert!(grown <= 100 + 8 + 4, "{grown} descriptors for 100 idle connections with a cap of 8");
    drop(idle);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_too_large_body_is_413() {
    let (_dir, srv) = server_with(|_| {}).await;
    let big = "x".repeat(300 * 1024);
    let cases = [("/api/games", "at most 262"), ("/api/games/abc/undo?lang=pt", "no máximo 262")];
    for (path, words) in cases {
        let r = srv
            .http
            .post(srv.url(path))
            .header("content-type", "application/json")
            .body(big.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 413, "{path}");
        // Worded like every other refusal: JSON, in the request's language.
        let v: serde_json::Value = r.json().await.unwrap();
        assert!(v["message"].as_str().unwrap().contains(words), "{path}: {v}");
    }
    assert!(srv.get("/api/games").await.1["games"].as_array().unwrap().is_empty(), "nothing was created");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_streams_are_capped_per_client_and_per_server() {
    let (_dir, srv) = server_with(|c| {
        c.limits.max_streams_per_client = 2;
        c.limits.max_streams = 3;
    })
    .await;
    let g = srv.create(json!({"mode": "hh"})).await;
    let path = format!("/api/games/{}/events", g["id"].as_str().unwrap());
    let mut open = Vec::new();
    for _ in 0..2 {
        let r = srv.http.get(srv.url(&path)).send().await.unwrap();
        assert_eq!(r.status(), 200);
        open.push(r);
    }
    let r = srv.http.get(srv.url(&path)).send().await.unwrap();
    assert_eq!(r.status(), 429);
    let v: Value = r.json().await.unwrap();
    assert!(v["message"].as_str().unwrap().contains("2 game pages"), "{v}");
    // Another client (another loopback address) has its own places, up to the server's cap.
    let other = client_at(2);
    let r = other.get(srv.url(&path)).send().await.unwrap();
    assert_eq!(r.status(), 200);
    open.push(r);
    let r = other.get(srv.url(&path)).send().await.unwrap();
    assert_eq!(r.status(), 429);
    let v: Value = r.json().await.unwrap();
    assert!(v["message"].as_str().unwrap().contains("already serves 3"), "{v}");
    srv.stop().await;
}
