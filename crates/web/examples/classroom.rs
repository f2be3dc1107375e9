//! A class on one server: the classroom load of issue 28, against a real `cavalo serve` on
//! 127.0.0.1. Every simulated person is a client of its own loopback address (127.0.0.N):
//!
//! - students (default 30) each play the computer (human-vs-computer, `--time-ms` a computer
//!   move), thinking `--think-ms` before each move, a new game when one ends;
//! - watchers (default 60) follow the students' games' event streams;
//! - computer-vs-computer games (default 10) run beside, a new one when one ends;
//! - a prober asks `/api/info` four times a second;
//! - thinkers (default 0), each at 127.0.1.N, keep two live searches ("Think about this
//!   position", `GET …/think`) open on the students' games, one again as soon as one ends, and
//!   ask for a student game's analysis every 10 s: the study lane's load beside the class.
//!
//! After `--seconds` it prints, in milliseconds: a move's acknowledgement (the `POST …/move`
//! answer), the computer's reply (from the acknowledgement to the event that publishes the
//! computer's ply), a student's read of the game (`GET /api/games/{id}`) and `/api/info`, each
//! p50/p99/max with its count; the computer games' searched plies; then it kills the server
//! (`kill -9`), starts it again on the same data and counts the acknowledged plies it lost.
//!
//! ```text
//! cargo build --release -p cavalo
//! cargo run --release -p cavalo-web --example classroom -- --bin target/release/cavalo
//! ```
//!
//! `--bin` may be an older build (its API's whole-state events are understood too); give serve
//! flags after `--` (e.g. `-- --engines 32`). Everything is bounded: the people, the time, and the
//! server's data directory is a temporary one.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::IpAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use rand::Rng;
use serde_json::{Value, json};
use tokio::sync::watch;

mod arena_load;

#[derive(Parser, Debug, Clone)]
#[command(
    about = "A class of students, watchers and computer games against a real cavalo serve on 127.0.0.1"
)]
struct Args {
    /// The cavalo binary to serve with.
    #[arg(long, default_value = "target/release/cavalo")]
    bin: String,
    /// Students playing the computer.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u8).range(0..=80))]
    students: u8,
    /// Watchers of the students' games.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u8).range(0..=80))]
    watchers: u8,
    /// Computer-vs-computer games beside the class.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(0..=40))]
    cc: u8,
    /// Clients each holding two live searches open and asking analyses, beside the class.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    thinkers: u8,
    /// The computer's time a move, in the students' games and the computer games.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// A student's thinking time before each move (±50%).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Team programs uploaded to the server's arena (`cavalo serve --arena`), its ladder
    /// playing beside the class (0: no arena).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=40))]
    arena_teams: u8,
    /// How long the class plays.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=1800))]
    seconds: u64,
    /// Flags for `cavalo serve` (after `--`).
    #[arg(last = true)]
    serve: Vec<String>,
}

/// Latencies of one kind, in milliseconds.
#[derive(Default)]
struct Samples(Mutex<Vec<f64>>);

impl Samples {
    fn add(&self, since: Instant) {
        self.0.lock().unwrap().push(since.elapsed().as_secs_f64() * 1000.0);
    }

    fn line(&self, what: &str) -> String {
        let mut v = self.0.lock().unwrap().clone();
        if v.is_empty() {
            return format!("{what:<28} {:>8}", "none");
        }
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1];
        format!("{what:<28} {:>8.0} {:>8.0} {:>8.0} {:>7}", at(0.5), at(0.99), v[v.len() - 1], v.len())
    }
}

/// What the run measured.
#[derive(Default)]
struct Figures {
    ack: Samples,
    reply: Samples,
    read: Samples,
    info: Samples,
    errors: Mutex<BTreeMap<String, usize>>,
    cc_plies: Mutex<usize>,
    /// Each student game's id and the plies the student saw acknowledged or published.
    acked: Mutex<BTreeMap<String, usize>>,
    watched_bytes: Mutex<u64>,
    /// Live searches that ended with `done`, and analyses asked for (by answer status).
    thoughts: Mutex<usize>,
    analyses: Mutex<BTreeMap<u16, usize>>,
}

impl Figures {
    fn error(&self, what: impl Into<String>) {
        *self.errors.lock().unwrap().entry(what.into()).or_default() += 1;
    }
}

/// A client whose requests come from 127.0.0.`n`.
fn client_at(n: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, n]))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("a loopback client")
}

/// A client whose requests come from 127.0.1.`n` (the thinkers').
fn thinker_client(n: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 1, n]))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("a loopback client")
}

/// The game's state in a create or move answer, in this API or an older one.
fn state_of(v: &Value) -> &Value {
    v.get("state").unwrap_or(v)
}

/// Whose turn (`human`, `computer`, `forced`, `over`, `quit`).
fn turn(st: &Value) -> &str {
    st.get("now").unwrap_or(st)["turn"]["kind"].as_str().unwrap_or("?")
}

fn plies(st: &Value) -> usize {
    st["plies"].as_array().map_or(0, Vec::len)
}

/// Reads a game's event stream, keeping its ply count in `count`; returns the bytes read.
async fn follow(
    client: &reqwest::Client,
    url: &str,
    count: Option<&watch::Sender<usize>>,
    until: Instant,
) -> u64 {
    let Ok(mut resp) = client.get(url).timeout(Duration::from_secs(3600)).send().await else { return 0 };
    let mut bytes = 0;
    let mut buf = String::new();
    let mut version = 0;
    while Instant::now() < until {
        let left = until.saturating_duration_since(Instant::now());
        let Ok(Ok(Some(chunk))) = tokio::time::timeout(left, resp.chunk()).await else { break };
        bytes += chunk.len() as u64;
        buf.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buf.find("\n\n") {
            let event: String = buf.drain(..end + 2).collect();
            if let Some(count) = count {
                seen(&event, count, &mut version);
            }
        }
    }
    bytes
}

/// Applies one server-sent event to the ply count; `version` is the game's version the count
/// stands at (the first `state` may already hold the changes of the events queued behind it).
fn seen(event: &str, count: &watch::Sender<usize>, version: &mut u64) {
    let mut name = "message";
    let mut data = String::new();
    for line in event.lines() {
        if let Some(n) = line.strip_prefix("event:") {
            name = n.trim();
        } else if let Some(d) = line.strip_prefix("data:") {
            data.push_str(d.trim_start());
        }
    }
    if !matches!(name, "state" | "ply" | "undone") {
        return;
    }
    let Ok(v) = serde_json::from_str::<Value>(&data) else { return };
    let at = v["version"].as_u64().unwrap_or(0);
    if name != "state" && at <= *version {
        return;
    }
    *version = at;
    match name {
        "state" => {
            count.send_replace(plies(&v));
        }
        "ply" => count.send_modify(|n| *n += 1),
        _ => {
            let k = v["count"].as_u64().unwrap_or(0) as usize;
            count.send_modify(|n| *n = n.saturating_sub(k));
        }
    }
}

struct Class {
    url: String,
    args: Args,
    until: Instant,
    figures: Figures,
    /// The game each student plays now (watchers follow it).
    games: Mutex<Vec<Option<String>>>,
}

/// One student at 127.0.0.(10 + i): games against the computer until the class ends.
async fn student(class: Arc<Class>, i: u8) {
    let client = client_at(10 + i);
    let side = if i.is_multiple_of(2) { "white" } else { "black" };
    while Instant::now() < class.until {
        if let Err(e) = one_game(&class, &client, i, side).await {
            class.figures.error(e);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

async fn one_game(class: &Class, client: &reqwest::Client, i: u8, side: &str) -> Result<(), String> {
    let url = &class.url;
    let body = json!({"mode": "hc", "human": side, "time_ms": class.args.time_ms, "seed": i as u64 * 7919 + rand::rng().random_range(0..1000u64)});
    let created: Value = post(client, &format!("{url}/api/games"), None, &body).await?;
    let token = created["tokens"][side].as_str().ok_or("no seat token")?.to_string();
    let mut st = state_of(&created).clone();
    let id = st["id"].as_str().ok_or("no id")?.to_string();
    class.games.lock().unwrap()[i as usize] = Some(id.clone());
    let (tx, mut rx) = watch::channel(plies(&st));
    let events = format!("{url}/api/games/{id}/events");
    let (c2, until) = (client.clone(), class.until);
    let reader = tokio::spawn(async move { follow(&c2, &events, Some(&tx), until).await });
    while Instant::now() < class.until {
        match turn(&st) {
            "over" | "quit" => break,
            "human" => {}
            _ => {
                // The computer (or a forced ply) is to move: wait for the next ply, then look.
                let n = plies(&st);
                if wait_for(&mut rx, n + 1, class.until).await.is_none() {
                    break;
                }
                st = read(class, client, &id).await?;
                continue;
            }
        }
        let think = class.args.think_ms / 2 + rand::rng().random_range(0..=class.args.think_ms);
        tokio::time::sleep(Duration::from_millis(think)).await;
        let dests = st.get("now").unwrap_or(&st)["destinations"].as_array().cloned().unwrap_or_default();
        if dests.is_empty() {
            return Err("a human turn without destinations".into());
        }
        let dest = &dests[rand::rng().random_range(0..dests.len())];
        let mv = dest["options"][0]["move"].as_str().ok_or("no move")?.to_string();
        let asked = Instant::now();
        let answer =
            post(client, &format!("{url}/api/games/{id}/move"), Some(&token), &json!({"move": mv})).await?;
        class.figures.ack.add(asked);
        let acked = Instant::now();
        // The answer is the event the watchers got: the ply, and the game after it (`now`).
        let told = answer["events"].as_array().and_then(|e| e.iter().find(|e| e["type"] == "ply"));
        let now = &told.ok_or("no ply in the move's answer")?["data"]["now"];
        let n = plies(&st) + 1;
        class.figures.acked.lock().unwrap().insert(id.clone(), n);
        if matches!(turn(now), "over" | "quit") {
            break;
        }
        if wait_for(&mut rx, n + 1, class.until).await.is_none() {
            break;
        }
        class.figures.reply.add(acked);
        class.figures.acked.lock().unwrap().insert(id.clone(), n + 1);
        st = read(class, client, &id).await?;
    }
    reader.abort();
    Ok(())
}

/// Waits until the stream has counted at least `n` plies; `None` when the class ended first.
async fn wait_for(rx: &mut watch::Receiver<usize>, n: usize, until: Instant) -> Option<()> {
    let left = until.saturating_duration_since(Instant::now());
    tokio::time::timeout(left, rx.wait_for(|&k| k >= n)).await.ok()?.ok().map(|_| ())
}

async fn read(class: &Class, client: &reqwest::Client, id: &str) -> Result<Value, String> {
    let asked = Instant::now();
    let r =
        client.get(format!("{}/api/games/{id}", class.url)).send().await.map_err(|e| format!("read: {e}"))?;
    let status = r.status();
    let v: Value = r.json().await.map_err(|e| format!("read: {e}"))?;
    if !status.is_success() {
        return Err(format!("read: {status}"));
    }
    class.figures.read.add(asked);
    Ok(v)
}

async fn post(
    client: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    body: &Value,
) -> Result<Value, String> {
    let mut req = client.post(url).json(body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.map_err(|e| format!("POST: {e}"))?;
    let status = r.status();
    let v: Value = r.json().await.map_err(|e| format!("POST: {e}"))?;
    if !status.is_success() {
        return Err(format!("POST {status} {}", v.get("code").and_then(Value::as_str).unwrap_or("")));
    }
    Ok(v)
}

/// Watcher `j` at 127.0.0.(100 + j) follows student `j % students`' current game.
async fn watcher(class: Arc<Class>, j: u8) {
    let client = client_at(100 + j);
    let students = class.args.students.max(1) as usize;
    while Instant::now() < class.until {
        let Some(id) = class.games.lock().unwrap()[j as usize % students].clone() else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let until = class.until;
        let bytes = follow(
            &client,
            &format!("{}/api/games/{id}/events", class.url),
            None,
            until.min(Instant::now() + Duration::from_secs(20)),
        )
        .await;
        *class.figures.watched_bytes.lock().unwrap() += bytes;
    }
}

/// Computer game `k` at 127.0.0.(200 + k): counts its searched plies, a new game when one ends.
async fn computer_games(class: Arc<Class>, k: u8) {
    let client = client_at(200 + k);
    let url = class.url.clone();
    while Instant::now() < class.until {
        let body = json!({"mode": "cc", "time_ms": class.args.time_ms, "seed": 5000 + k as u64});
        let created = match post(&client, &format!("{url}/api/games"), None, &body).await {
            Ok(v) => v,
            Err(e) => {
                class.figures.error(format!("cc {e}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let id = state_of(&created)["id"].as_str().unwrap_or_default().to_string();
        let mut counted = 0;
        while Instant::now() < class.until {
            tokio::time::sleep(Duration::from_secs(2)).await;
            let Ok(r) = client.get(format!("{url}/api/games/{id}")).send().await else { continue };
            let Ok(st) = r.json::<Value>().await else { continue };
            let searched = st["plies"]
                .as_array()
                .map_or(0, |p| p.iter().filter(|p| p["by"] == "computer" && p["forced"] == false).count());
            *class.figures.cc_plies.lock().unwrap() += searched.saturating_sub(counted);
            counted = counted.max(searched);
            if matches!(turn(&st), "over" | "quit") {
                break;
            }
        }
    }
}

/// Thinker `t` at 127.0.1.`t`: two live searches open on student games, and an analysis asked
/// for every 10 s.
async fn thinker(class: Arc<Class>, t: u8) {
    let client = thinker_client(t);
    let students = class.args.students.max(1) as usize;
    let mut streams = Vec::new();
    for s in 0..2u8 {
        let (class, client) = (class.clone(), client.clone());
        streams.push(tokio::spawn(async move {
            let mut k = t as usize * 2 + s as usize;
            while Instant::now() < class.until {
                k += 1;
                let Some(id) = class.games.lock().unwrap()[k % students].clone() else {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                };
                let url = format!("{}/api/games/{id}/think", class.url);
                let Ok(mut r) = client.get(&url).timeout(Duration::from_secs(3600)).send().await else {
                    continue;
                };
                if !r.status().is_success() {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    continue;
                }
                let mut text = String::new();
                while Instant::now() < class.until {
                    let left = class.until.saturating_duration_since(Instant::now());
                    let Ok(Ok(Some(chunk))) = tokio::time::timeout(left, r.chunk()).await else { break };
                    text.push_str(&String::from_utf8_lossy(&chunk));
                    if text.contains("event: done") || text.contains("event:done") {
                        *class.figures.thoughts.lock().unwrap() += 1;
                        break;
                    }
                }
            }
        }));
    }
    let mut k = t as usize;
    while Instant::now() < class.until {
        k += 1;
        let id = class.games.lock().unwrap()[k % students].clone();
        if let Some(id) = id {
            let url = format!("{}/api/games/{id}/analysis", class.url);
            if let Ok(r) = client.post(&url).json(&json!({})).send().await {
                *class.figures.analyses.lock().unwrap().entry(r.status().as_u16()).or_default() += 1;
            }
        }
        tokio::time::sleep(Duration::from_secs(10)).await;
    }
    for s in streams {
        let _ = s.await;
    }
}

/// Asks `/api/info` four times a second from 127.0.0.250.
async fn prober(class: Arc<Class>) {
    let client = client_at(250);
    while Instant::now() < class.until {
        let asked = Instant::now();
        match client.get(format!("{}/api/info", class.url)).send().await {
            Ok(r) if r.status().is_success() => {
                let _ = r.bytes().await;
                class.figures.info.add(asked);
            }
            _ => class.figures.error("info"),
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// `cavalo serve` on a free loopback port of `data`; its URL.
fn serve(args: &Args, data: &std::path::Path) -> (Child, String) {
    let mut child = Command::new(&args.bin)
        .args(["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir"])
        .arg(data)
        .args(&args.serve)
        .args(if args.arena_teams > 0 { vec!["--arena", "--arena-code", arena_load::CODE] } else { vec![] })
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", args.bin));
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut url = None;
    for line in lines.by_ref() {
        let line = line.expect("the server's output");
        println!("server: {line}");
        if let Some(at) = line.find("http://127.0.0.1:") {
            let rest = &line[at..];
            url = Some(rest.split_whitespace().next().unwrap_or(rest).trim_end_matches('/').to_string());
            break;
        }
    }
    std::thread::spawn(move || for _ in lines {});
    (child, url.expect("the server printed no http://127.0.0.1 address"))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (mut child, url) = serve(&args, dir.path());
    arena_load::upload_teams(&client_at(250), &url, args.arena_teams.into()).await;
    let class = Arc::new(Class {
        url: url.clone(),
        args: args.clone(),
        until: Instant::now() + Duration::from_secs(args.seconds),
        figures: Figures::default(),
        games: Mutex::new(vec![None; args.students as usize]),
    });
    let mut tasks = Vec::new();
    for i in 0..args.students {
        tasks.push(tokio::spawn(student(class.clone(), i)));
    }
    for j in 0..args.watchers {
        tasks.push(tokio::spawn(watcher(class.clone(), j)));
    }
    for k in 0..args.cc {
        tasks.push(tokio::spawn(computer_games(class.clone(), k)));
    }
    for t in 0..args.thinkers {
        tasks.push(tokio::spawn(thinker(class.clone(), t)));
    }
    tasks.push(tokio::spawn(prober(class.clone())));
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(90), t).await;
    }
    let f = &class.figures;
    println!(
        "\n{} students, {} watchers, {} computer games, {} thinkers, {} ms a move, {} s",
        args.students, args.watchers, args.cc, args.thinkers, args.time_ms, args.seconds
    );
    println!("{:<28} {:>8} {:>8} {:>8} {:>7}", "ms", "p50", "p99", "max", "count");
    println!("{}", f.ack.line("move acknowledged"));
    println!("{}", f.reply.line("computer's reply published"));
    println!("{}", f.read.line("GET /api/games/{id}"));
    println!("{}", f.info.line("GET /api/info"));
    println!("computer games' searched plies: {}", f.cc_plies.lock().unwrap());
    println!("watchers' bytes: {}", f.watched_bytes.lock().unwrap());
    if args.thinkers > 0 {
        println!("live searches done: {}", f.thoughts.lock().unwrap());
        println!("analyses asked (status: count): {:?}", f.analyses.lock().unwrap());
    }
    println!("errors: {:?}", f.errors.lock().unwrap());
    let arena =
        if args.arena_teams > 0 { Some(arena_load::games(&client_at(250), &url).await) } else { None };
    if let Some((total, playing, ended)) = &arena {
        println!("arena: {total} games started, {playing} being played; the last 100 ended: {ended:?}");
    }
    let _ = child.kill();
    let _ = child.wait();
    if arena.is_some() {
        println!(
            "arena: sandboxed processes left 5 s after kill -9: {}",
            arena_load::sandboxed_after(5).await
        );
    }
    let (mut child, url) = serve(&args, dir.path());
    let client = client_at(1);
    let acked = f.acked.lock().unwrap().clone();
    let (mut lost, mut games) = (0, 0);
    for (id, n) in &acked {
        games += 1;
        match client.get(format!("{url}/api/games/{id}")).send().await {
            Ok(r) if r.status().is_success() => {
                let st: Value = r.json().await.unwrap_or_default();
                lost += n.saturating_sub(plies(&st));
            }
            _ => lost += n,
        }
    }
    let total: usize = acked.values().sum();
    println!("after kill -9: {lost} of {total} acknowledged plies lost ({games} games)");
    if let Some((before, playing, _)) = arena {
        let (after, _, _) = arena_load::games(&client, &url).await;
        println!("arena after kill -9: {after} games (of {before} started, {playing} then being played)");
    }
    let _ = child.kill();
    let _ = child.wait();
}
