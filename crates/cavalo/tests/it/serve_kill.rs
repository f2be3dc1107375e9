//! `cavalo serve` killed with SIGKILL at random moments while a computer-vs-computer game plays:
//! after every restart, every ply the API had acknowledged (shown by `GET /api/games/{id}`) is
//! still there, and the game goes on to its end.
//!
//! Between two lives of the server the games database is read directly: `PRAGMA integrity_check`
//! is `ok` and every acknowledged ply is stored, in order.

use std::time::{Duration, Instant};

use crate::common;
use common::serve::{Served, http as request, serve as start};

/// Starts the server with one small engine.
fn serve(dir: &std::path::Path) -> Served {
    start(dir, &["--host", "127.0.0.1", "--engines", "1", "--hash", "1"])
}

/// A request naming the server's own address as its host.
fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    request(addr, addr, method, path, body)
}

/// The moves of `id` stored in the games database, and its integrity check.
fn stored(dir: &std::path::Path, id: &str) -> (Vec<String>, String) {
    let db = rusqlite::Connection::open(dir.join("games.sqlite")).expect("open the games database");
    let check: String = db.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    let mut q = db.prepare("SELECT move FROM plies WHERE game_id = ?1 ORDER BY n").unwrap();
    let moves = q.query_map([id], |r| r.get::<_, String>(0)).unwrap().map(Result::unwrap).collect();
    (moves, check)
}

fn plies(st: &serde_json::Value) -> Vec<String> {
    st["plies"].as_array().unwrap().iter().map(|p| p["move"].as_str().unwrap().to_string()).collect()
}

/// xorshift from the clock: the kill moments differ from run to run.
fn rng() -> impl FnMut(u64) -> u64 {
    let mut x =
        (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64) | 1;
    move |n| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    }
}

#[test]
fn acknowledged_plies_survive_kill_9_at_random_moments() {
    let dir = tempfile::tempdir().unwrap();
    let mut next = rng();
    let mut srv = serve(dir.path());
    let (status, st) = http(&srv.addr, "POST", "/api/games", r#"{"mode":"cc","time_ms":50,"seed":11}"#);
    assert_eq!(status, 201, "{st}");
    let id = st["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    let mut acknowledged: Vec<String> = Vec::new();
    let mut kills = 0;
    for _round in 0..12 {
        // Watch the game for a random while, remembering the longest state acknowledged.
        let until = Instant::now() + Duration::from_millis(50 + next(400));
        let mut status = String::new();
        while Instant::now() < until {
            let (code, st) = http(&srv.addr, "GET", &path, "");
            assert_eq!(code, 200, "{st}");
            let seen = plies(&st);
            assert!(seen.starts_with(&acknowledged), "plies changed under a live server");
            acknowledged = seen;
            status = st["status"].as_str().unwrap().to_string();
        }
        if status != "playing" {
            break;
        }
        srv.child.kill().expect("kill -9");
        srv.child.wait().unwrap();
        kills += 1;
        let (in_db, check) = stored(dir.path(), &id);
        assert_eq!(check, "ok", "PRAGMA integrity_check after kill -9 number {kills}");
        assert!(
            in_db.starts_with(&acknowledged),
            "after kill -9 number {kills}: {} plies acknowledged, {} in the database, or they differ",
            acknowledged.len(),
            in_db.len()
        );
        srv = serve(dir.path());
        let (code, st) = http(&srv.addr, "GET", &path, "");
        assert_eq!(code, 200, "the game is back after kill -9: {st}");
        let back = plies(&st);
        assert!(
            back.starts_with(&acknowledged),
            "after kill -9 number {kills}: {} plies acknowledged, {} back, or they differ",
            acknowledged.len(),
            back.len()
        );
        acknowledged = back;
    }
    assert!(kills > 0, "the game ended before any kill");
    // The restarted server plays the game on to its end.
    let start = Instant::now();
    loop {
        let (_, st) = http(&srv.addr, "GET", &path, "");
        if st["status"] != "playing" {
            assert!(plies(&st).starts_with(&acknowledged));
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the game did not end: {st}");
        std::thread::sleep(Duration::from_millis(50));
    }
}
