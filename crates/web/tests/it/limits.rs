//! The limits on one client (an IP address) and on one game, through a real server on
//! 127.0.0.1; clients of other addresses come from `127.0.0.N`. Bounded in count and time: the only
//! times asserted are the limits' own, with generous bounds.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Server, client_at, server_with};
use serde_json::{Value, json};
use tokio::net::TcpSocket;

/// A connection from `127.0.0.N` to `addr` that sends `sent`, then nothing more.
async fn trickle(addr: SocketAddr, n: u8, sent: &[u8]) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from(([127, 0, 0, n], 0))).unwrap();
    let s = socket.connect(addr).await.unwrap().into_std().unwrap();
    s.set_nonblocking(false).unwrap();
    (&s).write_all(sent).unwrap();
    s
}

/// What the server sends on `s` until it closes it; `None` when it is still open after `within`
/// (on a blocking thread).
async fn until_closed(s: TcpStream, within: Duration) -> (TcpStream, Option<String>) {
    tokio::task::spawn_blocking(move || {
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        let start = Instant::now();
        s.set_read_timeout(Some(within)).unwrap();
        let closed = loop {
            match (&s).read(&mut buf) {
                Ok(0) => break true,
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    break false;
                }
                Err(_) => break true,
            }
            if start.elapsed() > within {
                break false;
            }
        };
        let answer = closed.then(|| String::from_utf8_lossy(&got).into_owned());
        (s, answer)
    })
    .await
    .unwrap()
}

const SLOW_HEAD: &[u8] = b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n";
const SLOW_BODY: &[u8] = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
    Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"mode\"";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_s_slow_connections_do_not_delay_another_address() {
    // Slow heads and bodies are kept 30 s: without a cap per client, the 40 connections of
    // 127.0.0.2 would fill the server's 16 places and 127.0.0.3 would wait about 30 s.
    let (_dir, srv) = server_with(|c| {
        c.limits.max_connections = 16;
        c.limits.max_connections_per_client = 8;
        c.limits.header_timeout = Duration::from_secs(30);
        c.limits.body_timeout = Duration::from_secs(30);
    })
    .await;
    let mut slow = Vec::new();
    for i in 0..40 {
        slow.push(trickle(srv.addr, 2, if i % 2 == 0 { SLOW_HEAD } else { SLOW_BODY }).await);
    }
    let start = Instant::now();
    let r = client_at(3).get(srv.url("/api/info")).send().await.expect("another address is served");
    assert_eq!(r.status(), 200);
    let waited = start.elapsed();
    assert!(waited < Duration::from_secs(10), "another address waited {waited:?}");
    // The connections over 127.0.0.2's cap were closed when accepted; its 8 others stay open.
    let mut closed = 0;
    for s in std::mem::take(&mut slow) {
        let (s, answer) = until_closed(s, Duration::from_millis(100)).await;
        closed += usize::from(answer.is_some());
        slow.push(s);
    }
    assert_eq!(closed, 32, "connections closed of 40 from one address with a cap of 8");
    // 127.0.0.2 itself is served again once the server has seen its connections end.
    drop(slow);
    let start = Instant::now();
    loop {
        if let Ok(r) = client_at(2).get(srv.url("/api/info")).send().await {
            assert_eq!(r.status(), 200);
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "127.0.0.2 is never served again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_does_not_arrive_in_time_is_408_and_closes_the_connection() {
    let (_dir, srv) = server_with(|c| {
        c.limits.body_timeout = Duration::from_secs(1);
    })
    .await;
    let s = trickle(srv.addr, 2, SLOW_BODY).await;
    let answer = until_closed(s, Duration::from_secs(20)).await.1.expect("the connection is closed");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""code":"too_slow""#), "{answer}");
    assert!(answer.contains("did not arrive within 1 s"), "{answer}");
    assert_eq!(srv.app.game_count(), 0, "nothing was created");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_body_over_the_limit_is_413() {
    let (_dir, srv) = server_with(|_| {}).await;
    let head = "POST /api/games?lang=pt HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                Transfer-Encoding: chunked\r\n\r\n";
    let s = trickle(srv.addr, 2, head.as_bytes()).await;
    let chunk = format!("{:x}\r\n{}\r\n", 8192, "x".repeat(8192));
    // Past the server's 256 KiB.
    for _ in 0..34 {
        if (&s).write_all(chunk.as_bytes()).is_err() {
            break; // answered and closed before the whole body
        }
    }
    let answer = until_closed(s, Duration::from_secs(20)).await.1.expect("the connection is closed");
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("no máximo 262"), "{answer}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unfinished_games_are_capped_per_client() {
    let (_dir, srv) = server_with(|c| {
        c.limits.max_games_per_client = 3;
    })
    .await;
    let mut mine = Vec::new();
    for mode in ["hh", "hc", "cc"] {
        mine.push(
            srv.create(json!({"mode": mode, "time_ms": 5000})).await["id"].as_str().unwrap().to_string(),
        );
    }
    let (status, err) = srv.post("/api/games", json!({"mode": "hh"})).await;
    assert_eq!((status, err["code"].as_str()), (429, Some("too_many")), "{err}");
    assert!(err["message"].as_str().unwrap().contains("already have 3 unfinished games"), "{err}");
    let (status, err) = srv.post("/api/games?lang=pt", json!({"mode": "hh"})).await;
    assert_eq!(status, 429, "{err}");
    assert!(err["message"].as_str().unwrap().contains("já tem 3 jogos por acabar"), "{err}");
    // Another address has its own places.
    let r = client_at(2).post(srv.url("/api/games")).json(&json!({"mode": "hh"})).send().await.unwrap();
    assert_eq!(r.status(), 201);
    // The list shows this client's own games: its three, none of the refused ones.
    let (_, list) = srv.get("/api/games").await;
    assert_eq!(list["games"].as_array().unwrap().len(), 3, "a refused game was kept: {list}");
    // A game that ends frees its place.
    let (status, _) = srv.post_empty(&format!("/api/games/{}/quit", mine[0])).await;
    assert_eq!(status, 200);
    srv.create(json!({"mode": "hh"})).await;
    let (status, _) = srv.post("/api/games", json!({"mode": "hh"})).await;
    assert_eq!(status, 429);
    srv.stop().await;
}

/// Asks for a hint in game `id` as its white seat.
async fn ask_hint(srv: &Server, id: &str, lang: &str) -> reqwest::Response {
    let token = srv.token(id, "white").expect("the white seat");
    let url = srv.url(&format!("/api/games/{id}/hint?lang={lang}"));
    srv.http.post(url).bearer_auth(token).json(&json!({})).send().await.expect("a hint's answer")
}

/// Waits until game `id` shows a hint being searched.
async fn hint_searched(srv: &Server, id: &str) {
    srv.wait_for(id, "a hint's search", |st| st["thinking"]["hint"] == true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_hint_on_a_game_is_refused_while_one_is_searched() {
    let (_dir, srv) = server_with(|_| {}).await;
    let st = srv.create(json!({"mode": "hc", "time_ms": 2000, "seed": 1})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let st = srv.settle(&id).await;
    assert!(st["destinations"].as_array().unwrap().len() > 1, "a choice to search: {st}");
    let second = async {
        hint_searched(&srv, &id).await;
        ask_hint(&srv, &id, "pt").await
    };
    let (first, second) = tokio::join!(ask_hint(&srv, &id, "en"), second);
    assert_eq!(first.status(), 200);
    assert_eq!(second.status(), 409);
    let err: Value = second.json().await.unwrap();
    assert_eq!(err["code"], "hint_running", "{err}");
    assert!(err["message"].as_str().unwrap().contains("já se está a procurar uma sugestão"), "{err}");
    // A hint whose request was dropped keeps its place until its search ends; then a hint is
    // searched again.
    tokio::select! {
        _ = ask_hint(&srv, &id, "en") => panic!("the hint was answered before it was dropped"),
        () = hint_searched(&srv, &id) => {}
    }
    assert_eq!(ask_hint(&srv, &id, "en").await.status(), 409, "a hint while the dropped one is searched");
    let start = Instant::now();
    loop {
        let r = ask_hint(&srv, &id, "en").await;
        if r.status() == 200 {
            break;
        }
        assert_eq!(r.status(), 409);
        assert!(start.elapsed() < Duration::from_secs(60), "the dropped hint's place was never freed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_unfinished_game_is_closed_stored_logged_and_let_go() {
    let (dir, srv) = server_with(|c| {
        c.limits.idle_game = Duration::from_secs(1);
        c.limits.max_games_per_client = 1;
    })
    .await;
    let st = srv.create(json!({"mode": "hh"})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let (status, _) = srv.post("/api/games", json!({"mode": "hh"})).await;
    assert_eq!(status, 429, "the client has its one unfinished game");
    // Nobody touches it: the sweep closes it and lets it go.
    let start = Instant::now();
    while srv.app.game_count() > 0 {
        assert!(start.elapsed() < Duration::from_secs(30), "the idle game is still in memory");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (_, st) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(st["status"], "quit", "{st}");
    assert_eq!(srv.db().load(&id).unwrap().status().name(), "quit", "stored as abandoned");
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    assert!(log.contains(&format!("END game={id} status=quit")), "{log}");
    // Its place is free again.
    srv.create(json!({"mode": "hh"})).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_keeps_a_game_from_being_closed_as_idle() {
    let idle = Duration::from_secs(3600);
    let (_dir, srv) = server_with(|c| c.limits.idle_game = idle).await;
    let untouched = srv.create(json!({"mode": "hh"})).await["id"].as_str().unwrap().to_string();
    let moved = srv.create(json!({"mode": "hh"})).await["id"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let st = srv.settle(&moved).await;
    srv.play(&st, 0).await;
    // An hour less a second after the move: the game untouched for 2 s longer is idle, the moved
    // one is not.
    let at = now_ms() + idle.as_millis() as i64 - 1000;
    let closed = srv.app.close_idle_at(at).await;
    assert_eq!(closed, 1);
    let (_, st) = srv.get(&format!("/api/games/{untouched}")).await;
    assert_eq!(st["status"], "quit", "{st}");
    let (_, st) = srv.get(&format!("/api/games/{moved}")).await;
    assert_eq!(st["status"], "playing", "{st}");
    srv.stop().await;
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}
