//! A real server on a loopback port, and a small JSON client.
#![allow(dead_code)]

// The same helper as the cavalo crate's tests (one file: two test crates cannot share a module).
#[path = "../../../../cavalo/tests/it/common/alone.rs"]
pub mod alone;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use cavalo_web::{App, WebConfig};
use serde_json::{Value, json};

pub struct Server {
    pub addr: SocketAddr,
    pub app: App,
    task: tokio::task::JoinHandle<()>,
    pub http: reqwest::Client,
    /// The seat tokens of the games this client created: game id -> side -> token.
    pub tokens: Mutex<HashMap<String, HashMap<String, String>>>,
}

impl Server {
    /// The server's games database over a connection of the test's own (the server reaches its
    /// own only through its gate).
    pub fn db(&self) -> std::sync::Arc<cavalo_session::store::Db> {
        std::sync::Arc::new(cavalo_session::store::Db::open(&self.app.config().db).unwrap())
    }

    /// The web's tables of the server's database, over a connection of the test's own.
    pub fn web_store(&self) -> cavalo_web::store::WebStore {
        cavalo_web::store::WebStore::open(self.db()).unwrap()
    }

    pub async fn start(dir: &Path) -> Server {
        Server::start_with(WebConfig::new(dir)).await
    }

    pub async fn start_with(config: WebConfig) -> Server {
        let app = App::open(config).expect("open the data dir");
        let (addr, task) = app.spawn("127.0.0.1:0".parse().unwrap()).await.expect("bind a loopback port");
        Server { addr, app, task, http: reqwest::Client::new(), tokens: Mutex::new(HashMap::new()) }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Goes away as a crashed server would: the app closes and the port stops answering (the
    /// data stays). See [`Server::come_back`].
    pub async fn go_down(&mut self) {
        self.app.close();
        self.task.abort();
        let _ = (&mut self.task).await;
    }

    /// Serves again on the same address, with `config` (the same data directory).
    pub async fn come_back(&mut self, config: WebConfig) {
        self.app = App::open(config).expect("open the data dir again");
        let (addr, task) = self.app.spawn(self.addr).await.expect("bind the same port again");
        assert_eq!(addr, self.addr);
        self.task = task;
    }

    /// Stops the searches and the server.
    pub async fn stop(self) {
        self.app.close();
        self.task.abort();
        let _ = self.task.await;
    }

    /// GETs `path`; the list of games (`/api/games`) is asked for with the seat tokens this
    /// client holds (`X-Cavalo-Seats`), as the page asks for it: it shows this client's games
    /// and the public ones.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let mut req = self.http.get(self.url(path));
        if path.split('?').next() == Some("/api/games") {
            req = req.header("x-cavalo-seats", self.held_tokens().join(","));
        }
        let r = req.send().await.expect("GET");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get_text(&self, path: &str) -> (u16, String, String) {
        let r = self.http.get(self.url(path)).send().await.expect("GET");
        let status = r.status().as_u16();
        let ct = r.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        (status, ct, r.text().await.unwrap())
    }

    /// Every seat token this client holds.
    pub fn held_tokens(&self) -> Vec<String> {
        self.tokens.lock().unwrap().values().flat_map(|t| t.values().cloned()).collect()
    }

    /// The token of `side`'s seat in game `id`, if this client holds it.
    pub fn token(&self, id: &str, side: &str) -> Option<String> {
        self.tokens.lock().unwrap().get(id).and_then(|t| t.get(side)).cloned()
    }

    /// The seat token a request to `path` needs: the only seat this client holds in the game,
    /// else the seat of the side that acts (to move, or the last human mover for an undo).
    pub async fn seat_for(&self, path: &str) -> Option<String> {
        let rest = path.strip_prefix("/api/games/")?;
        let id = rest.split(['/', '?']).next()?.to_string();
        let held = self.tokens.lock().unwrap().get(&id).cloned()?;
        if held.len() == 1 {
            return held.values().next().cloned();
        }
        let r = self.http.get(self.url(&format!("/api/games/{id}"))).send().await.ok()?;
        let st: Value = r.json().await.ok()?;
        let side = if rest.contains("/undo") {
            let plies = st["plies"].as_array()?;
            let last = plies.iter().rev().find(|p| p["by"] == "human" && p["forced"] == false);
            last.and_then(|p| p["side"].as_str()).unwrap_or("white").to_string()
        } else {
            st["to_move"].as_str().unwrap_or("white").to_string()
        };
        held.get(&side).cloned()
    }

    /// POSTs `body` as JSON with the seat token the path needs (see [`Server::seat_for`]).
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let mut req = self.http.post(self.url(path)).json(&body);
        if let Some(t) = self.seat_for(path).await {
            req = req.bearer_auth(t);
        }
        let r = req.send().await.expect("POST");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// POSTs an empty JSON object (an action without a form).
    pub async fn post_empty(&self, path: &str) -> (u16, Value) {
        self.post(path, json!({})).await
    }

    /// Creates a game and keeps its seat tokens; panics unless the server answers 201.
    pub async fn create(&self, body: Value) -> Value {
        let (status, st) = self.post("/api/games", body).await;
        assert_eq!(status, 201, "{st}");
        let tokens: HashMap<String, String> =
            serde_json::from_value(st["tokens"].clone()).expect("seat tokens");
        self.tokens.lock().unwrap().insert(st["id"].as_str().unwrap().to_string(), tokens);
        st
    }

    /// Polls the game until `pred` holds.
    pub async fn wait_for(&self, id: &str, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let (status, st) = self.get(&format!("/api/games/{id}")).await;
            assert_eq!(status, 200, "{st}");
            if pred(&st) {
                return st;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "timed out waiting for {what}: {st}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits for the human's turn or the end.
    pub async fn settle(&self, id: &str) -> Value {
        self.wait_for(id, "a human turn or the end", |st| {
            matches!(st["turn"]["kind"].as_str(), Some("human" | "over" | "quit"))
        })
        .await
    }

    /// Plays a human move chosen by `pick` among the destinations' options; returns the answer.
    pub async fn play(&self, st: &Value, pick: usize) -> Value {
        let id = st["id"].as_str().unwrap();
        let dests = st["destinations"].as_array().unwrap();
        let d = &dests[pick % dests.len()];
        let opts = d["options"].as_array().unwrap();
        let mv = opts[pick % opts.len()]["move"].as_str().unwrap();
        let (status, after) = self
            .post(
                &format!("/api/games/{id}/move"),
                json!({"move": mv, "ply": st["plies"].as_array().unwrap().len()}),
            )
            .await;
        assert_eq!(status, 200, "playing {mv}: {after}");
        after
    }

    /// Plays the game to its end, the human taking destination `pick` each time.
    pub async fn play_out(&self, id: &str) -> Value {
        let mut n = 0;
        loop {
            let st = self.settle(id).await;
            if st["turn"]["kind"] != "human" {
                return st;
            }
            self.play(&st, n).await;
            n += 1;
        }
    }
}

/// The data of a change's answer (`{events: [{type, data}]}`), which must be one event of
/// type `kind`: what the watchers got of the change.
pub fn only_event<'a>(answer: &'a Value, kind: &str) -> &'a Value {
    let events = answer["events"].as_array().unwrap_or_else(|| panic!("not a change's answer: {answer}"));
    assert_eq!(events.len(), 1, "one event: {answer}");
    assert_eq!(events[0]["type"], kind, "{answer}");
    &events[0]["data"]
}

/// A seed whose placements are forced and whose first white move can land on a double with a
/// choice of removal.
pub fn double_seed() -> u64 {
    (0..1000u64)
        .find(|&s| {
            let mut p = cavalo_rules::Position::from_seed(s, Default::default());
            for _ in 0..2 {
                let moves = p.legal_moves();
                if moves.len() != 1 {
                    return false;
                }
                p.play(moves[0]);
            }
            p.legal_moves().iter().any(|m| m.removal().is_some())
        })
        .unwrap()
}

/// The server's words (a text, a number, or a catalogue message `{key, args}`) in `lang`, as the
/// page words them.
pub fn words(v: &Value, lang: cavalo_session::i18n::Lang) -> String {
    use cavalo_session::i18n::Arg;
    match v {
        Value::String(t) => t.clone(),
        Value::Number(n) => lang.int(n.as_i64().expect("a whole number")),
        Value::Object(m) => {
            let key = m["key"].as_str().expect("a message's key");
            let empty = serde_json::Map::new();
            let args: Vec<(&str, Arg)> = m
                .get("args")
                .and_then(Value::as_object)
                .unwrap_or(&empty)
                .iter()
                .map(|(name, a)| {
                    let arg = match a {
                        Value::Number(n) => Arg::from(n.as_i64().expect("a whole number")),
                        other => Arg::from(words(other, lang)),
                    };
                    (name.as_str(), arg)
                })
                .collect();
            lang.try_tr(key, &args).unwrap_or_else(|e| panic!("{e}"))
        }
        other => panic!("not words: {other}"),
    }
}

/// The cells after ply `n` of a game's state: its first cells with the changes of its first `n`
/// plies.
pub fn board_after(st: &Value, n: usize) -> Vec<Value> {
    let mut cells = st["cells"].as_array().expect("the first cells").clone();
    for p in &st["plies"].as_array().expect("the plies")[..n] {
        for change in p["changes"].as_array().expect("a ply's changes") {
            cells[change[0].as_u64().unwrap() as usize] = change[1].clone();
        }
    }
    cells
}

/// A server on a loopback port with 1 MiB tables and the settings `set` makes; keep the directory
/// alive as long as the server.
pub async fn server_with(set: impl FnOnce(&mut WebConfig)) -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let mut c = WebConfig::new(dir.path());
    c.hash_mib = 1;
    set(&mut c);
    (dir, Server::start_with(c).await)
}

/// A client whose requests come from `127.0.0.N` (another client to the server).
pub fn client_at(n: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, n]))
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

/// Sends a request and checks the answer is the error `status` with a `{code, message}` body
/// whose message contains `text` (any case).
pub async fn expect_error(
    srv: &Server,
    method: &str,
    path: &str,
    body: Option<&str>,
    status: u16,
    text: &str,
) {
    let mut req = match method {
        "GET" => srv.http.get(srv.url(path)),
        "POST" => srv.http.post(srv.url(path)),
        "DELETE" => srv.http.delete(srv.url(path)),
        "PUT" => srv.http.put(srv.url(path)),
        _ => unreachable!(),
    };
    if method != "GET" {
        req = req.header("content-type", "application/json");
        if let Some(t) = srv.seat_for(path).await {
            req = req.bearer_auth(t);
        }
    }
    if let Some(b) = body {
        req = req.body(b.to_string());
    }
    let r = req.send().await.unwrap();
    let got = r.status().as_u16();
    let ct = r.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let v: Value = r.json().await.unwrap_or(Value::Null);
    assert_eq!(got, status, "{method} {path} {body:?}: {v}");
    assert!(ct.starts_with("application/json"), "{method} {path}: content type {ct}");
    let msg = v["message"].as_str().unwrap_or_else(|| panic!("{method} {path}: no error in {v}"));
    let code = v["code"].as_str().unwrap_or_default();
    assert!(
        !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "{method} {path}: code `{code}` in {v}"
    );
    assert!(msg.to_lowercase().contains(&text.to_lowercase()), "{method} {path}: `{msg}` lacks `{text}`");
}
