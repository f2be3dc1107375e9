//! A watcher follows a whole computer-vs-computer game through a real server's event stream,
//! as the page does: it loads the state once, then applies each event's change. The events
//! carry what changed, not the whole game: the test bounds their size.

use crate::common;

use std::time::{Duration, Instant};

use common::{Server, board_after};
use serde_json::{Value, json};

/// The most bytes the whole game's change events may take, and any one of them.
const MAX_TOTAL: usize = 150 * 1024;
const MAX_EVENT: usize = 4 * 1024;
/// A stream that falls behind (more events than the game's buffer while the reader is slow, as
/// on a loaded machine) gets the whole state again: at most this many times in a game.
const MAX_RESYNCS: usize = 3;

/// What the watcher has seen: the state it loaded, changed by every event since.
struct Watcher {
    st: Value,
    /// The change events' sizes (their data, every event but a whole state sent again), and how
    /// many events in all.
    total: usize,
    largest: usize,
    count: usize,
    /// Bytes by kind of event.
    by_kind: std::collections::BTreeMap<String, (usize, usize)>,
}

impl Watcher {
    /// Applies one event; true once the game has ended.
    fn apply(&mut self, event: &str, data: &str) -> bool {
        self.count += 1;
        if event != "state" {
            self.total += data.len();
            self.largest = self.largest.max(data.len());
        }
        let kind = self.by_kind.entry(event.to_string()).or_default();
        kind.0 += 1;
        kind.1 += data.len();
        let ev: Value = serde_json::from_str(data).unwrap();
        match event {
            "thinking" => return false,
            "state" => self.st = ev,
            _ => {
                let version = self.st["version"].as_u64().unwrap();
                // A change the state already showed, dropped as the page drops it.
                if ev["version"].as_u64().unwrap() <= version {
                    return false;
                }
                assert_eq!(ev["version"].as_u64(), Some(version + 1), "no event missed: {data}");
                self.st["version"] = ev["version"].clone();
                match event {
                    "ply" => self.st["plies"].as_array_mut().unwrap().push(ev["ply"].clone()),
                    "status" | "problem" | "seats" => {}
                    other => panic!("a computer game has no {other} event: {data}"),
                }
                if let Some(now) = ev["now"].as_object() {
                    for (k, v) in now {
                        self.st[k] = v.clone();
                    }
                }
            }
        }
        self.st["status"] != "playing"
    }
}

/// A game's event stream, read one server-sent event at a time.
struct Events {
    r: reqwest::Response,
    text: String,
}

impl Events {
    /// Opens the stream of game `id` at `version`.
    async fn open(srv: &Server, id: &str, version: u64) -> Events {
        let url = srv.url(&format!("/api/games/{id}/events?version={version}"));
        let r = srv.http.get(url).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200);
        Events { r, text: String::new() }
    }

    /// The next event: its name and its data (waits at most 30 s).
    async fn next(&mut self) -> (String, String) {
        loop {
            if let Some(end) = self.text.find("\n\n") {
                let block: String = self.text.drain(..end + 2).collect();
                let event = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or("");
                let data: String = block.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
                if !event.is_empty() {
                    return (event.to_string(), data);
                }
                continue;
            }
            let chunk = tokio::time::timeout(Duration::from_secs(30), self.r.chunk()).await.unwrap().unwrap();
            self.text.push_str(&String::from_utf8_lossy(&chunk.expect("the stream ended")));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_follows_a_whole_computer_game_in_small_events() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    // About 45 plies (28 to 56 in the runs measured: the searches are timed) at 30 ms a move.
    let st = srv.create(json!({"mode": "cc", "engine": "cavalo", "time_ms": 30, "seed": 5})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let (_, st) = srv.get(&format!("/api/games/{id}")).await;
    let mut events = Events::open(&srv, &id, st["version"].as_u64().unwrap()).await;
    let mut w = Watcher { st, total: 0, largest: 0, count: 0, by_kind: Default::default() };
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut ended = w.st["status"] != "playing";
    while !ended {
        assert!(Instant::now() < deadline, "the game did not end");
        let (event, data) = events.next().await;
        ended = w.apply(&event, &data);
    }
    drop(events);
    // Its end stored and told, the game leaves the server's memory (it is read again below).
    let start = Instant::now();
    while srv.app.game_count() > 0 && start.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(srv.app.game_count(), 0, "the finished game is let go");
    let (_, fin) = srv.get(&format!("/api/games/{id}")).await;
    let plies = fin["plies"].as_array().unwrap().len();
    eprintln!(
        "watcher: {plies} plies, {} events, {} bytes in all, the largest {} bytes; by kind (events, bytes): {:?}",
        w.count, w.total, w.largest, w.by_kind
    );
    // What the page shows is the game's result.
    assert_eq!(w.st["status"], fin["status"]);
    assert_eq!(w.st["points"], fin["points"]);
    assert_eq!(w.st["plies"].as_array().unwrap().len(), plies);
    assert_eq!(w.st["result_text"], fin["result_text"]);
    assert_eq!(board_after(&w.st, plies), board_after(&fin, plies));
    // The searches are timed, so the game's length varies with the machine's load (28 to 56
    // plies seen); the bounds below hold for any length up to the board's 100 cells.
    assert!((10..=100).contains(&plies), "a whole game: {plies} plies");
    assert!(w.total <= MAX_TOTAL, "{} bytes of events for the game", w.total);
    assert!(w.largest <= MAX_EVENT, "an event of {} bytes", w.largest);
    // The stream opened at the state the watcher had: a whole state only when it fell behind.
    let resyncs = w.by_kind.get("state").map_or(0, |k| k.0);
    assert!(resyncs <= MAX_RESYNCS, "the whole state sent {resyncs} times");
    srv.stop().await;
}

/// The most bytes one answer to a move may take, and all of one player's answers in a game.
const MAX_ANSWER: usize = 2 * 1024;
const MAX_ANSWERS: usize = 80 * 1024;

/// The changes of `events` (the live search left out) until one says the game ended.
async fn changes_until_the_end(mut events: Events) -> Vec<(String, String)> {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut seen = Vec::new();
    loop {
        assert!(Instant::now() < deadline, "the game did not end");
        let (event, data) = events.next().await;
        if event == "thinking" {
            continue;
        }
        let ended =
            serde_json::from_str::<Value>(&data).unwrap()["now"]["status"].as_str() != Some("playing");
        seen.push((event, data));
        if ended {
            return seen;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_movers_answer_is_the_delta_its_watchers_get() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hh", "seed": 5})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let version = st["version"].as_u64().unwrap();
    let watcher = tokio::spawn(changes_until_the_end(Events::open(&srv, &id, version).await));
    // Both seats play the whole game; every answer is measured and kept by version.
    let (mut sizes, mut answered) = ([0usize; 2], std::collections::BTreeMap::new());
    let (mut largest, mut n) = (0, 0);
    loop {
        let st = srv.settle(&id).await;
        if st["turn"]["kind"] != "human" {
            break;
        }
        let side = usize::from(st["turn"]["side"] == "black");
        let answer = srv.play(&st, n).await;
        n += 1;
        let bytes = answer.to_string().len();
        sizes[side] += bytes;
        largest = largest.max(bytes);
        let ply = common::only_event(&answer, "ply");
        answered.insert(ply["version"].as_u64().unwrap(), ply.clone());
    }
    let seen = watcher.await.unwrap();
    eprintln!("mover: {n} moves, answers of {sizes:?} bytes by side, the largest {largest} bytes");
    assert!(n >= 20, "a whole game: {n} moves");
    assert!(largest <= MAX_ANSWER, "an answer of {largest} bytes");
    assert!(sizes.iter().all(|&b| b <= MAX_ANSWERS), "{sizes:?} bytes of answers");
    // Every answer is the event the watcher got for that version, byte for byte in JSON.
    let by_version: std::collections::BTreeMap<u64, Value> = seen
        .iter()
        .map(|(_, data)| serde_json::from_str::<Value>(data).unwrap())
        .map(|v| (v["version"].as_u64().unwrap(), v))
        .collect();
    assert_eq!(by_version.len(), seen.len(), "no event told twice");
    for (version, data) in &answered {
        assert_eq!(by_version.get(version), Some(data), "version {version}");
    }
    // The watcher saw each change once, in order, with nothing missed.
    let versions: Vec<u64> = by_version.keys().copied().collect();
    assert_eq!(versions, (version + 1..=version + versions.len() as u64).collect::<Vec<_>>());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_opened_behind_gets_the_changes_it_missed_else_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hh", "seed": 5})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let seen = st["version"].as_u64().unwrap();
    for n in 0..2 {
        let st = srv.settle(&id).await;
        srv.play(&st, n).await;
    }
    let now = srv.settle(&id).await["version"].as_u64().unwrap();
    assert!(now >= seen + 4, "two placements and two moves: {seen} → {now}");
    // A page a few changes behind: exactly the changes after its version, in order, then the
    // live search.
    let mut events = Events::open(&srv, &id, seen).await;
    for version in seen + 1..=now {
        let (event, data) = events.next().await;
        assert_eq!(event, "ply", "{data}");
        assert_eq!(serde_json::from_str::<Value>(&data).unwrap()["version"], version);
    }
    assert_eq!(events.next().await.0, "thinking");
    // A version the server has no changes after (never its, or ahead of it): the whole state.
    for version in [1, now + 5] {
        let mut events = Events::open(&srv, &id, version).await;
        let (event, data) = events.next().await;
        assert_eq!(event, "state", "from version {version}");
        assert_eq!(serde_json::from_str::<Value>(&data).unwrap()["version"], now);
    }
    // The page's own version: nothing but the live search.
    assert_eq!(Events::open(&srv, &id, now).await.next().await.0, "thinking");
    srv.stop().await;
}
