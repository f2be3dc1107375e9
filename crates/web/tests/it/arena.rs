//! The arena on a real server on loopback (`cavalo serve --arena`): uploads good and bad
//! (worded in the request's language), and — with SBCL and bubblewrap, required when
//! CAVALO_SANDBOX_TESTS=1 — the ladder playing real team programs in their sandbox, its standings,
//! a restart that keeps them, a game cut short by a stop played again, and the hostile programs:
//! each forfeits with its message or plays without reading anything outside its files, no canary
//! in any output, and no process left.

#[path = "../../examples/arena_teams/mod.rs"]
mod arena_teams;

use std::net::TcpListener;
use std::time::{Duration, Instant};

use arena_teams::{Hostile, HostileTarget, Team, generated, hostile};
use cavalo_web::{ArenaConfig, WebConfig};
use serde_json::{Value, json};

use crate::common::Server;

const CODE: &str = "AULA2026";

/// The arena's sandbox tests run one at a time: each checks that no sandboxed process is left.
static SANDBOXED: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Whether SBCL and bubblewrap are there; their absence fails when CAVALO_SANDBOX_TESTS=1.
fn sandbox() -> bool {
    let on_path = |tool: &str| {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).any(|d| d.join(tool).is_file())
    };
    let present = on_path("sbcl") && on_path("bwrap");
    if !present {
        assert!(
            std::env::var("CAVALO_SANDBOX_TESTS").as_deref() != Ok("1"),
            "CAVALO_SANDBOX_TESTS=1 but SBCL or bubblewrap is missing"
        );
        eprintln!("skipped: SBCL or bubblewrap is missing");
    }
    present
}

/// A server with the arena on: `time_ms` a move, `games` at once.
fn config(dir: &std::path::Path, time_ms: u64, games: usize) -> WebConfig {
    let mut c = WebConfig::new(dir);
    c.arena = Some(ArenaConfig { code: CODE.into(), concurrency: games, time_ms });
    c
}

/// POSTs a raw JSON `body` to the arena with `Accept-Language: lang`.
async fn upload_raw(srv: &Server, body: String, lang: &str) -> (u16, Value) {
    let r = srv
        .http
        .post(srv.url("/api/arena/programs"))
        .header("content-type", "application/json")
        .header("accept-language", lang)
        .body(body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// Uploads `team`; returns its version's id.
async fn upload(srv: &Server, team: &Team) -> String {
    let (status, body) = upload_raw(srv, team.body(CODE), "en").await;
    assert_eq!(status, 201, "{} {body}", team.name);
    body["id"].as_str().unwrap().to_string()
}

/// `GET /api/arena` (`query`: e.g. `?program=ID`) in `lang`.
async fn arena(srv: &Server, query: &str, lang: &str) -> Value {
    let r = srv
        .http
        .get(srv.url(&format!("/api/arena{query}")))
        .header("accept-language", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// The standing of version `id`.
fn standing<'a>(view: &'a Value, id: &str) -> &'a Value {
    view["standings"].as_array().unwrap().iter().find(|s| s["id"] == id).expect("in the standings")
}

/// Polls the arena until `done` holds (at most `secs`); the last view.
async fn wait_arena(srv: &Server, secs: u64, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let view = arena(srv, "", "en").await;
        if done(&view) {
            return view;
        }
        assert!(start.elapsed() < Duration::from_secs(secs), "timed out waiting for {what}: {view}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A one-file program of `text`.
fn one_file(team: &str, name: &str, text: &str) -> Value {
    json!({"team": team, "code": CODE, "files": [{"name": name, "text": text}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_are_checked_and_refusals_worded_in_the_readers_language() {
    let dir = tempfile::tempdir().unwrap();
    // No game is played here (no ladder thread): the uploads only.
    let srv = Server::start_with(config(dir.path(), 1000, 0)).await;
    let good = one_file("Equipa A", "equipa.lisp", "(defun jogar (estado) estado)");
    let (status, body) = upload_raw(&srv, good.to_string(), "en").await;
    assert_eq!((status, &body["team"], &body["version"]), (201, &json!("Equipa A"), &json!(1)), "{body}");
    let (status, again) = upload_raw(&srv, good.to_string(), "en").await;
    assert_eq!((status, &again["version"]), (201, &json!(2)), "a new upload is the next version");

    let mut wrong_code = good.clone();
    wrong_code["code"] = json!("AULA2025");
    let nine: Vec<Value> = (0..9).map(|i| json!({"name": format!("f{i}.lisp"), "text": ""})).collect();
    let big = "x".repeat(600 << 10);
    let cases: Vec<(Value, u16, &str, &str)> = vec![
        (wrong_code, 403, "bad_code", "código da turma"),
        (json!({"team": "A", "code": CODE, "files": nine}), 413, "bad_program", "9 ficheiros: no máximo 8"),
        (one_file("A", "a.lisp", &big), 413, "bad_program", "600 KiB: no máximo 512 KiB"),
        (
            one_file("A", "../escape.lisp", "x"),
            400,
            "bad_program",
            "`../escape.lisp` não é um nome de ficheiro",
        ),
        (one_file("A", "/etc/x", "x"), 400, "bad_program", "`/etc/x` não é um nome de ficheiro"),
        (one_file("A", "a/../../b", "x"), 400, "bad_program", "`a/../../b` não é um nome de ficheiro"),
        (one_file("A", "a.lisp", "(a)\u{0}(b)"), 400, "bad_program", "`a.lisp` não é um ficheiro de texto"),
        (
            json!({"team": "A", "code": CODE, "files": [{"name": "a.lisp", "text": ""}, {"name": "a.lisp", "text": ""}]}),
            400,
            "bad_program",
            "dois ficheiros com o nome `a.lisp`",
        ),
        (
            json!({"team": "A", "code": CODE, "files": [{"name": "a.lisp", "text": ""}], "entry": "b.lisp"}),
            400,
            "bad_program",
            "`b.lisp`, não está entre os ficheiros",
        ),
        (
            json!({"team": "A", "code": CODE, "files": [{"name": "a.lisp", "text": ""}], "options": {"sandbox": "no"}}),
            400,
            "bad_program",
            "`sandbox` é fixado pelo árbitro",
        ),
        (
            json!({"team": "A", "code": CODE, "files": [{"name": "a.lisp", "text": ""}], "options": {"args": "board"}}),
            400,
            "bad_program",
            "`args=board`",
        ),
        (one_file("   ", "a.lisp", ""), 400, "bad_team", "não é um nome de equipa"),
        (one_file(&"E".repeat(41), "a.lisp", ""), 400, "bad_team", "de 1 a 40 caracteres"),
    ];
    for (body, status, code, words) in cases {
        let (got, answer) = upload_raw(&srv, body.to_string(), "pt-PT").await;
        assert_eq!((got, answer["code"].as_str()), (status, Some(code)), "{answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains(words), "{message:?} should say {words:?}");
    }
    // A body that is not JSON is refused as such.
    let (status, answer) = upload_raw(&srv, "{\"team\":".into(), "en").await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("bad_json")), "{answer}");

    // Only the two good uploads were kept: one team, its second version current.
    let view = arena(&srv, "", "en").await;
    let standings = view["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 1, "{view}");
    assert_eq!((&standings[0]["team"], &standings[0]["version"]), (&json!("Equipa A"), &json!(2)));
    let (status, answer) = srv.get("/api/arena?program=nobody").await;
    assert_eq!((status, answer["code"].as_str()), (404, Some("no_program")));
    srv.stop().await;

    // Without --arena the arena's doors answer 404, saying so.
    let plain = tempfile::tempdir().unwrap();
    let srv = Server::start(plain.path()).await;
    let (status, answer) = upload_raw(&srv, one_file("A", "a.lisp", "").to_string(), "en").await;
    assert_eq!((status, answer["code"].as_str()), (404, Some("arena_off")), "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("--arena"));
    let (status, _) = srv.get("/api/arena").await;
    assert_eq!(status, 404);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ladder_plays_the_teams_and_keeps_its_standings_across_restarts() {
    if !sandbox() {
        return;
    }
    let _one = SANDBOXED.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let cfg = || config(dir.path(), 300, 1);
    let mut srv = Server::start_with(cfg()).await;
    let teams = generated(5);
    // Equipa 01 plays; Equipa 05 leaves a parenthesis open (it cannot even load).
    let (good, broken) = (&teams[0], &teams[4]);
    let good_id = upload(&srv, good).await;

    // A game under way is shown live as one of the server's games: its players are programs or
    // our engine at a level, and it has plies; a stop cuts it short.
    let live = wait_arena(&srv, 120, "a game under way", |v| v["games"][0]["playing"] == true).await;
    let live_id = live["games"][0]["game"].as_str().unwrap().to_string();
    let st = srv.wait_for(&live_id, "its first plies", |st| st["plies"].as_array().unwrap().len() >= 2).await;
    let players: Vec<&str> =
        st["players"].as_array().unwrap().iter().map(|p| p["who"]["kind"].as_str().unwrap()).collect();
    assert!(players.contains(&"program"), "{players:?}");
    assert_eq!(st["turn"]["kind"], "program", "the referee brings every move: {}", st["turn"]);
    srv.go_down().await;
    srv.come_back(cfg()).await;
    // The game cut short was abandoned, and the ladder plays it again (a new game, same board).
    let (_, cut) = srv.get(&format!("/api/games/{live_id}")).await;
    assert_eq!(cut["status"], "quit", "{cut}");
    let board = live["games"][0]["seed"].clone();
    let again = wait_arena(&srv, 120, "the cut game played again", |v| {
        v["games"].as_array().unwrap().iter().any(|g| g["seed"] == board && g["game"] != live_id.as_str())
    })
    .await;
    assert!(!again["games"].as_array().unwrap().iter().any(|g| g["game"] == live_id.as_str()), "forgotten");

    let broken_id = upload(&srv, broken).await;
    let rested = |v: &Value| {
        v["standings"].as_array().unwrap().iter().all(|s| s["games"] == 2 && s["playing"] == false)
    };
    let view = wait_arena(&srv, 300, "the ladder to rest", rested).await;
    let (g, b) = (standing(&view, &good_id), standing(&view, &broken_id));
    assert_eq!((g["score"].as_f64(), b["score"].as_f64()), (Some(2.0), Some(0.0)), "{view}");
    assert_eq!(g["qualifying"], false);
    assert!(b["level"].is_null() && b["qualifying"] == false, "beat no level: {b}");
    assert!(b["forfeits"].as_u64().unwrap() >= 4, "its qualification and its pair: {b}");
    assert!(g["rating"].as_f64().unwrap() > b["rating"].as_f64().unwrap(), "{view}");
    assert!(g["margin"].as_f64().unwrap() > 0.0);

    // Its last error, in Portuguese: at load, with what SBCL said.
    let pt = arena(&srv, &format!("?program={broken_id}"), "pt-PT").await;
    let error = &standing(&pt, &broken_id)["last_error"];
    assert!(error["ply"].is_null(), "{error}");
    assert_eq!(error["when"], "ao carregar, antes da primeira jogada", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("main.lisp") && message.contains("parêntese"), "{message}");
    let games = pt["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "every game of that version: {pt}");
    assert!(games.iter().all(|g| g["termination"] == "crash" && g["forfeit"]["game"] == g["game"]));

    // Nothing is lost across a restart: the same standings.
    let before = arena(&srv, "", "en").await;
    srv.go_down().await;
    srv.come_back(cfg()).await;
    let after = arena(&srv, "", "en").await;
    assert_eq!(after["standings"], before["standings"]);
    assert_eq!(after["total_games"], before["total_games"]);
    srv.stop().await;
    no_sandbox_left().await;
}

/// The command lines of this machine's processes that contain `needle`.
fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(needle) {
                found.push(cmd);
            }
        }
    }
    found
}

/// Waits (a few seconds at most) until no sandboxed process is left.
async fn no_sandbox_left() {
    let start = Instant::now();
    loop {
        let left = processes_with("cavalo-sandbox-");
        if left.is_empty() {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "processes left: {left:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_programs_lose_with_their_message_and_read_nothing_outside_their_files() {
    if !sandbox() {
        return;
    }
    let _one = SANDBOXED.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start_with(config(dir.path(), 200, 2)).await;
    let other = tempfile::tempdir().unwrap();
    let canary = format!("CANARY-{}-{:?}", std::process::id(), Instant::now());
    std::fs::write(other.path().join("canary.txt"), &canary).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let target = HostileTarget {
        other_team_dir: other.path().display().to_string(),
        database: srv.app.config().db.display().to_string(),
        port: listener.local_addr().unwrap().port(),
    };
    let mut ids = Vec::new();
    for kind in Hostile::ALL {
        ids.push((kind, upload(&srv, &hostile(kind, &target)).await));
    }
    // Each plays its first pair against level 1 (one at a time for each program).
    let firsts = |v: &Value| {
        let games = v["games"].as_array().unwrap();
        ids.iter().all(|(_, id)| {
            games
                .iter()
                .filter(|g| {
                    g["playing"] == false
                        && (g["white"]["id"] == id.as_str() || g["black"]["id"] == id.as_str())
                })
                .count()
                >= 2
        })
    };
    wait_arena(&srv, 400, "every hostile program's first games", firsts).await;
    srv.stop().await;
    no_sandbox_left().await;

    // What each did, from the arena's answers (which hold the forfeits' messages and the
    // programs' last lines of standard error) and its records.
    let srv = Server::start_with(config(dir.path(), 200, 0)).await;
    let mut everything = String::new();
    for (kind, id) in &ids {
        let view = arena(&srv, &format!("?program={id}"), "en").await;
        everything.push_str(&view.to_string());
        let s = standing(&view, id);
        let terminations: Vec<&str> =
            view["games"].as_array().unwrap().iter().filter_map(|g| g["termination"].as_str()).collect();
        let forfeits = s["forfeits"].as_u64().unwrap();
        let says = |words: &str| s["last_error"]["message"].as_str().is_some_and(|m| m.contains(words));
        match kind {
            // Nothing to read, nobody to call: they play (and may win or lose).
            Hostile::ReadsPasswd
            | Hostile::ReadsOtherTeam
            | Hostile::ReadsDatabase
            | Hostile::ConnectsToServer => {
                assert!(!terminations.is_empty(), "{kind:?}: {view}")
            }
            // Stopped by the process limit (SBCL's words), or by the clock on a busy machine; out
            // of its heap, or out of its time collecting garbage in a full heap.
            Hostile::ForkBomb | Hostile::Allocates => assert!(
                forfeits >= 1 && terminations.iter().any(|t| ["crash", "timeout"].contains(t)),
                "{kind:?}: {view}"
            ),
            Hostile::FloodsStdout | Hostile::NeverAnswers => {
                assert!(forfeits >= 1 && terminations.contains(&"timeout"), "{kind:?}: {view}")
            }
            Hostile::ErrorsAtLoad => {
                assert!(says("cannot load") && s["last_error"]["ply"].is_null(), "{kind:?}: {view}")
            }
            Hostile::WrongShape => assert!(says("not a board"), "{kind:?}: {view}"),
        }
    }
    for leak in [canary.as_str(), "root:x:0", "SQLite format 3", "LEAKED", "CONNECTED"] {
        assert!(!everything.contains(leak), "`{leak}` in the arena's answers");
    }
    assert_eq!(
        listener.accept().map(|_| ()).unwrap_err().kind(),
        std::io::ErrorKind::WouldBlock,
        "nobody connected"
    );
    srv.stop().await;
}
