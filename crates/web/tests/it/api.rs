//! The JSON API through a real server on a loopback port: complete games, every error, restart
//! and resume, many clients at once, and the event stream.

use crate::common;

use std::time::{Duration, Instant};

use cavalo_rules::{GameRecord, Position};
use cavalo_session::i18n::Lang;
use cavalo_session::logfile;
use common::{Server, board_after, double_seed, expect_error, only_event, words};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_computer_game_to_the_end_with_downloads() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv
        .create(json!({"mode": "hc", "human": "black", "engine": "greedy", "time_ms": 20, "seed": 3}))
        .await;
    let id = st["id"].as_str().unwrap().to_string();
    assert_eq!(st["mode"], "human-computer");
    assert_eq!(st["players"][0]["human"], false);
    assert_eq!(st["players"][1]["human"], true);
    assert_eq!(st["start"], "seed:3");
    assert_eq!(st["cells"].as_array().unwrap().len(), 100);
    assert_eq!(st["plies"].as_array().unwrap().len(), 0);

    let end = srv.play_out(&id).await;
    assert_eq!(end["status"], "over");
    assert_eq!(end["turn"]["kind"], "over");
    let plies = end["plies"].as_array().unwrap();
    // The plies' changes lead from the first cells to the position now.
    let now: Position = end["position"].as_str().unwrap().parse().unwrap();
    let cells: Vec<Value> = board_after(&end, plies.len());
    let knights = |side: i64| cells.iter().position(|c| c.as_i64() == Some(side));
    assert_eq!(knights(-1), now.knight(cavalo_rules::Side::White).map(|c| c.index()));
    assert_eq!(knights(-2), now.knight(cavalo_rules::Side::Black).map(|c| c.index()));
    assert!(words(&end["result_text"], Lang::En).contains('–'));
    // One state for every language: the page words its messages.
    assert!(end.get("lang").is_none());
    let last = end["announcements"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["kind"], "game-over");
    assert!(words(&last["message"], Lang::En).starts_with("Game over: "));
    let (_, pt) = srv.get(&format!("/api/games/{id}?lang=pt&since=0")).await;
    let all = pt["announcements"].as_array().unwrap();
    assert_eq!(all[0]["kind"], "placement");
    assert!(words(&all[0]["message"], Lang::Pt).starts_with("O cavalo de "), "{}", all[0]);
    assert!(words(&all.last().unwrap()["message"], Lang::Pt).starts_with("Fim do jogo: "));
    assert!(plies.iter().any(|p| p["by"] == "computer" && p["search"]["nodes"].is_u64()));
    assert!(plies.iter().any(|p| p["by"] == "human" && p["forced"] == false));
    assert_eq!(end["destinations"].as_array().unwrap().len(), 0);
    assert_eq!(end["can_hint"], false);

    // The record replays to the final position.
    let (status, ct, text) = srv.get_text(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert!(ct.starts_with("application/json"));
    let rec = GameRecord::from_json(&text).unwrap();
    let last = rec.replay().unwrap().pop().unwrap();
    assert_eq!(last.to_string(), end["position"].as_str().unwrap());
    assert_eq!(rec.result.map(|o| o.name()), end["result"].as_str());

    // The game's own log.dat.
    let (status, ct, text) = srv.get_text(&format!("/api/games/{id}/log")).await;
    assert_eq!(status, 200);
    assert!(ct.starts_with("text/plain"));
    let games = logfile::parse(&text).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].plies.len(), plies.len());
    assert!(games[0].end.is_some());

    // Stored: the game in the database, ply by ply; the shared log.
    let stored = srv.db().load(&id).unwrap();
    assert_eq!(stored.plies().len(), plies.len());
    assert_eq!(stored.status().name(), "over");
    assert!(std::fs::read_to_string(dir.path().join("log.dat")).unwrap().contains(&id));

    // Listed.
    let (status, list) = srv.get("/api/games").await;
    assert_eq!(status, 200);
    assert_eq!(list["games"][0]["id"], id.as_str());
    assert_eq!(list["games"][0]["status"], "over");
    // Its players in parts, for the page to word (no label to parse).
    let players = &list["games"][0]["players"];
    assert_eq!(players, &json!([{"kind": "computer", "engine": "greedy"}, {"kind": "human"}]), "{list}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_computer_game_plays_itself_without_a_client() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv
        .create(
            json!({"mode": "computer-computer", "engine": "cavalo", "white_engine": "greedy", "time_ms": 20}),
        )
        .await;
    let id = st["id"].as_str().unwrap();
    assert_eq!(st["players"][0]["label"], "computer:greedy");
    assert_eq!(st["players"][1]["label"], "computer:cavalo");
    let end = srv.wait_for(id, "the end", |st| st["status"] == "over").await;
    assert!(end["plies"].as_array().unwrap().len() >= 4);
    assert_eq!(end["undo_side"], Value::Null);
    let (status, err) = srv.post_empty(&format!("/api/games/{id}/undo")).await;
    assert_eq!(status, 409, "{err}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn human_human_takeback_hint_double_choice_and_quit() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    // A board where White's first move can land on a double with several removals.
    let seed = double_seed();
    let st = srv.create(json!({"mode": "hh", "seed": seed, "time_ms": 50})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let st = srv.settle(&id).await;
    assert_eq!(st["plies"].as_array().unwrap().len(), 2, "both placements are forced and played");
    assert_eq!(st["turn"]["kind"], "human");
    assert_eq!(st["turn"]["side"], "white");
    let double = st["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["options"].as_array().unwrap().len() > 1)
        .unwrap()
        .clone();
    let opts = double["options"].as_array().unwrap();
    assert!(opts[0]["move"].as_str().unwrap().len() <= 3, "the default removal comes first, without suffix");
    assert!(opts[0]["removes"].as_u64() > opts[1]["removes"].as_u64());

    // A hint for the human to move.
    let (status, h) = srv.post_empty(&format!("/api/games/{id}/hint")).await;
    assert_eq!(status, 200, "{h}");
    assert!(h["cell"].is_string() && h["info"]["depth"].is_u64(), "{h}");

    // The non-default removal.
    let chosen = opts.last().unwrap()["move"].as_str().unwrap().to_string();
    let (status, after) =
        srv.post(&format!("/api/games/{id}/move"), json!({"move": chosen.to_lowercase()})).await;
    assert_eq!(status, 200, "{after}");
    // The mover's answer is the watchers' delta: the ply with its changes and what follows it.
    let ply = only_event(&after, "ply");
    assert_eq!(ply["ply"]["move"], chosen.as_str());
    assert_eq!(ply["now"]["turn"]["side"], "black");
    assert_eq!(ply["now"]["undo_side"], "white", "the server says whose seat takes the move back");
    let removed = opts.last().unwrap()["removes"].as_u64().unwrap();
    let (_, after) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["version"], ply["version"], "the answer's event is the game's last change");
    assert_eq!(after["plies"][2]["move"], chosen.as_str());
    let cells = board_after(&after, 3);
    assert!(!cells.iter().any(|c| c.as_u64() == Some(removed)), "{removed} is gone");
    let changed: Vec<u64> =
        ply["ply"]["changes"].as_array().unwrap().iter().map(|c| c[0].as_u64().unwrap()).collect();
    assert!(changed.iter().any(|&i| cells[i as usize].is_null()), "the removal is among the ply's changes");

    // Take it back.
    let (status, back) = srv.post_empty(&format!("/api/games/{id}/undo")).await;
    assert_eq!(status, 200, "{back}");
    let undone = only_event(&back, "undone");
    assert_eq!(undone["count"], 1);
    assert_eq!(undone["version"], ply["version"].as_u64().unwrap() + 1);
    assert_eq!(undone["now"]["turn"]["side"], "white");
    assert_eq!(undone["now"]["undo_side"], Value::Null, "nothing left to take back");
    let (_, back) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(back["plies"].as_array().unwrap().len(), 2);
    let (status, err) = srv.post_empty(&format!("/api/games/{id}/undo")).await;
    assert_eq!(status, 409);
    assert!(err["message"].as_str().unwrap().contains("no move"), "{err}");
    assert_eq!(err["code"], "nothing_to_undo");

    // A bare landing on a double takes the default removal (RULES §4).
    let bare = double["cell"].as_str().unwrap();
    let (status, after) = srv.post(&format!("/api/games/{id}/move"), json!({"move": bare})).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(only_event(&after, "ply")["ply"]["move"], opts[0]["move"]);

    // Abandon.
    let (status, q) = srv.post_empty(&format!("/api/games/{id}/quit")).await;
    assert_eq!(status, 200);
    let q = &only_event(&q, "status")["now"];
    assert_eq!(q["status"], "quit");
    assert!(words(&q["result_text"], Lang::En).starts_with("Abandoned"));
    let (status, _) = srv.post_empty(&format!("/api/games/{id}/quit")).await;
    assert_eq!(status, 409);
    assert_eq!(srv.db().load(&id).unwrap().status().name(), "quit");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_request_gets_a_4xx_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let games = "/api/games";
    let pt = "/api/games?lang=pt";
    // Creating games.
    expect_error(&srv, "POST", games, Some("{\"mode\":"), 400, "stops before its end").await;
    expect_error(&srv, "POST", games, Some("{\"mode\" hh}"), 400, "not valid JSON").await;
    // A body that is JSON but not an object is refused before any default stands in for it.
    for body in ["[1,2]", "[]", "null", "3", "\"hh\"", "true"] {
        expect_error(&srv, "POST", games, Some(body), 400, "must be a JSON object").await;
    }
    expect_error(&srv, "POST", pt, Some("[]"), 400, "tem de ser um objeto JSON").await;
    expect_error(
        &srv,
        "POST",
        games,
        Some(r#"{"colour":"red"}"#),
        422,
        "`colour` is not one this request takes",
    )
    .await;
    expect_error(&srv, "POST", games, Some(r#"{"mode":"xx"}"#), 400, "not a mode").await;
    expect_error(&srv, "POST", pt, Some(r#"{"mode":"xx"}"#), 400, "não é um modo").await;
    expect_error(&srv, "POST", pt, Some(r#"{"time_ms":5}"#), 400, "tempo por jogada").await;
    expect_error(&srv, "GET", "/api/nothing?lang=pt", None, 404, "não há nada em").await;
    expect_error(
        &srv,
        "GET",
        "/api/games/nope?lang=xx",
        None,
        400,
        "`xx` is not a language of this server: use pt, en",
    )
    .await;
    expect_error(&srv, "GET", "/api/games/nope?since=abc", None, 400, "must be a whole number").await;
    expect_error(&srv, "POST", games, Some(r#"{"human":"green"}"#), 400, "not a side").await;
    expect_error(&srv, "POST", games, Some(r#"{"engine":"stockfish"}"#), 400, "not a computer player").await;
    expect_error(&srv, "POST", games, Some(r#"{"time_ms":5}"#), 400, "time per move").await;
    expect_error(&srv, "POST", games, Some(r#"{"time_ms":999999}"#), 400, "time per move").await;
    expect_error(&srv, "POST", games, Some(r#"{"time_ms":-1}"#), 422, "cannot be the number -1").await;
    expect_error(&srv, "POST", games, Some(r#"{"seed":1,"position":"seed:2"}"#), 400, "not both").await;
    expect_error(&srv, "POST", games, Some(r#"{"position":"banana"}"#), 400, "bad position").await;
    expect_error(&srv, "POST", games, Some(r#"{"position":"((1 2 3))"}"#), 400, "bad position").await;
    expect_error(&srv, "POST", games, Some(r#"{"rules":{"threat":"yes"}}"#), 422, "`rules.threat` cannot be")
        .await;
    expect_error(
        &srv,
        "POST",
        games,
        Some(r#"{"rules":{"gravity":true}}"#),
        422,
        "`rules.gravity` is not one",
    )
    .await;
    let big = format!(r#"{{"position":"{}"}}"#, "1,".repeat(20_000));
    expect_error(&srv, "POST", games, Some(&big), 413, "too large").await;
    let r = srv.http.post(srv.url(games)).body("{}").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 415);
    assert!(r.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("Content-Type"));
    assert_eq!(srv.app.game_count(), 0, "no refused body created a game");
    assert_eq!(srv.db().list().unwrap().len(), 0, "nor stored one");
    // Routes and methods.
    expect_error(&srv, "GET", "/api/nothing", None, 404, "nothing at").await;
    expect_error(&srv, "GET", "/static/secret.txt?lang=pt", None, 404, "não há nada em /static/secret.txt")
        .await;
    expect_error(&srv, "DELETE", games, None, 405, "not allowed").await;
    expect_error(&srv, "PUT", "/api/games/x/move", None, 405, "not allowed").await;
    // Unknown games and bad ids.
    expect_error(&srv, "GET", "/api/games/20200101-000000-abcd", None, 404, "no game").await;
    expect_error(&srv, "GET", "/api/games/..%2F..%2Fetc", None, 400, "not a game id").await;
    expect_error(&srv, "POST", "/api/games/nope/move", Some(r#"{"move":"A1"}"#), 404, "no game").await;
    expect_error(&srv, "POST", "/api/games/nope/undo", None, 404, "no game").await;
    expect_error(&srv, "POST", "/api/games/nope/hint", None, 404, "no game").await;
    expect_error(&srv, "GET", "/api/games/nope/events", None, 404, "no game").await;
    expect_error(&srv, "GET", "/api/games/nope/record", None, 404, "no game").await;
    expect_error(&srv, "GET", "/api/games/nope/log", None, 404, "no game").await;

    // Moves.
    let st = srv.create(json!({"mode": "hh", "seed": 1})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let st = srv.settle(&id).await;
    let mv = format!("/api/games/{id}/move");
    expect_error(&srv, "POST", &mv, Some(r#"{"move":"A1"}"#), 422, "").await;
    expect_error(&srv, "POST", &mv, Some(r#"{"move":"banana"}"#), 422, "is not a move").await;
    expect_error(&srv, "POST", &mv, Some(r#"{"move":"Z99"}"#), 422, "").await;
    expect_error(&srv, "POST", &mv, Some(r#"{"move":7}"#), 422, "`move` cannot be the number 7").await;
    expect_error(&srv, "POST", &mv, Some("null"), 400, "must be a JSON object").await;
    expect_error(&srv, "POST", &mv, Some(r#"{}"#), 422, "the field `move` is missing").await;
    expect_error(&srv, "POST", &mv, Some(r#"{"move":"A1","ply":0}"#), 409, "moved on").await;
    let legal = st["destinations"][0]["cell"].as_str().unwrap();
    expect_error(&srv, "POST", &mv, Some(&format!(r#"{{"move":"{legal}","ply":99}}"#)), 409, "moved on")
        .await;
    expect_error(&srv, "POST", &format!("/api/games/{id}/undo"), None, 409, "no move").await;

    // Not the human's turn: the computer is thinking.
    let st = srv
        .create(json!({"mode": "hc", "human": "black", "engine": "cavalo", "time_ms": 3000, "seed": 4}))
        .await;
    let id2 = st["id"].as_str().unwrap().to_string();
    srv.wait_for(&id2, "the computer's turn", |st| st["turn"]["kind"] == "computer").await;
    expect_error(
        &srv,
        "POST",
        &format!("/api/games/{id2}/move"),
        Some(r#"{"move":"A1"}"#),
        409,
        "not your turn",
    )
    .await;
    expect_error(&srv, "POST", &format!("/api/games/{id2}/hint"), None, 409, "not your turn").await;

    // The game over: no moves, no hints.
    srv.post_empty(&format!("/api/games/{id}/quit")).await;
    expect_error(&srv, "POST", &mv, Some(&format!(r#"{{"move":"{legal}"}}"#)), 409, "abandoned").await;
    expect_error(&srv, "POST", &format!("/api/games/{id}/hint"), None, 409, "abandoned").await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_server_on_the_same_data_resumes_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hc", "engine": "greedy", "time_ms": 20, "seed": 8})).await;
    let id = st["id"].as_str().unwrap().to_string();
    for n in 0..3 {
        let st = srv.settle(&id).await;
        srv.play(&st, n).await;
    }
    let before = srv.settle(&id).await;
    // A computer-computer game still under way when the server stops.
    let cc = srv.create(json!({"mode": "cc", "engine": "cavalo", "time_ms": 60, "seed": 9})).await;
    let cc_id = cc["id"].as_str().unwrap().to_string();
    srv.wait_for(&cc_id, "a few plies", |st| st["plies"].as_array().unwrap().len() >= 4).await;
    let tokens = std::mem::take(&mut *srv.tokens.lock().unwrap());
    srv.stop().await;
    let db = cavalo_session::store::Db::open(&dir.path().join("games.sqlite")).unwrap();
    assert_eq!(db.integrity_check().unwrap(), "ok");
    assert_eq!(db.load(&id).unwrap().plies().len(), before["plies"].as_array().unwrap().len());

    let srv = Server::start(dir.path()).await;
    // The seats' tokens still open their seats on the new server (and nothing else does).
    let mv = format!("/api/games/{id}/move");
    let (status, _) = srv.post(&mv, json!({"move": before["destinations"][0]["cell"]})).await;
    assert_eq!(status, 403, "a client without the token");
    *srv.tokens.lock().unwrap() = tokens;
    let (status, after) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(after["plies"], before["plies"]);
    assert_eq!(after["position"], before["position"]);
    assert_eq!(after["turn"]["kind"], "human");
    let end = srv.play_out(&id).await;
    assert_eq!(end["status"], "over");
    // The computer-computer game goes on by itself on the new server.
    let end = srv.wait_for(&cc_id, "the end of the resumed game", |st| st["status"] == "over").await;
    assert!(end["plies"].as_array().unwrap().len() > 4);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_clients_at_once_share_the_bounded_engine_pool() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = cavalo_web::WebConfig::new(dir.path());
    config.max_searches = 2;
    config.hash_mib = 1;
    let srv = std::sync::Arc::new(Server::start_with(config).await);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for n in 0..20u64 {
        let srv = srv.clone();
        tasks.push(tokio::spawn(async move {
            let st =
                srv.create(json!({"mode": "hc", "engine": "cavalo", "time_ms": 10, "seed": 100 + n})).await;
            let id = st["id"].as_str().unwrap().to_string();
            let mut moves = 0;
            loop {
                let st = srv.settle(&id).await;
                if st["turn"]["kind"] != "human" || moves == 6 {
                    break;
                }
                srv.play(&st, n as usize).await;
                moves += 1;
            }
            id
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap());
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 20);
    // A game that ended within its moves is let go of memory (it stays stored).
    assert_eq!(srv.web_store().game_ids(false).unwrap().len(), 20);
    assert!(srv.app.game_count() <= 20);
    assert!(start.elapsed() < Duration::from_secs(60));
    let (_, list) = srv.get("/api/games").await;
    assert_eq!(list["games"].as_array().unwrap().len(), 20);
    std::sync::Arc::try_unwrap(srv).ok().unwrap().stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_stream_delivers_thinking_and_moves() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "cc", "engine": "cavalo", "time_ms": 300, "seed": 12})).await;
    let id = st["id"].as_str().unwrap();
    let mut r = srv.http.get(srv.url(&format!("/api/games/{id}/events"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let mut text = String::new();
    let (mut states, mut plies, mut thinking_with_info, mut computer_moves) = (0, 0, 0, 0);
    let mut version = 0;
    let deadline = Instant::now() + Duration::from_secs(30);
    while (plies < 3 || thinking_with_info < 1 || computer_moves < 1) && Instant::now() < deadline {
        let chunk = tokio::time::timeout(Duration::from_secs(10), r.chunk()).await.unwrap().unwrap().unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            let event = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or("");
            let data: String = block.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
            if event.is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(&data).unwrap();
            match event {
                // Without `?version=`, the stream opens with the whole state.
                "state" => {
                    states += 1;
                    assert_eq!(plies, 0, "the state comes first");
                    version = v["version"].as_u64().unwrap();
                }
                // Then each ply alone, each the version after the one before.
                "ply" => {
                    // A change the state already showed (the page drops it too).
                    if v["version"].as_u64().unwrap() <= version {
                        continue;
                    }
                    plies += 1;
                    assert_eq!(v["version"].as_u64().unwrap(), version + 1, "{data}");
                    version += 1;
                    assert!(!v["ply"]["changes"].as_array().unwrap().is_empty(), "{data}");
                    assert!(v["now"]["turn"]["kind"].is_string(), "{data}");
                    assert!(v.get("plies").is_none() && v["now"].get("plies").is_none(), "{data}");
                    if v["ply"]["by"] == "computer" && v["ply"]["search"].is_object() {
                        computer_moves += 1;
                    }
                }
                "thinking" => {
                    if v["info"]["depth"].as_u64().is_some_and(|d| d >= 1) {
                        assert!(v["info"]["pv"].is_array());
                        assert!(v["info"]["nodes"].is_u64());
                        thinking_with_info += 1;
                    }
                }
                other => panic!("unexpected event {other}: {data}"),
            }
        }
    }
    assert_eq!(states, 1, "one whole state");
    assert!(plies >= 3, "ply events: {plies}");
    assert!(thinking_with_info >= 1, "no live thinking");
    assert!(computer_moves >= 1, "no computer move");
    drop(r);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rule_variants_positions_and_the_servers_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = cavalo_web::WebConfig::new(dir.path());
    config.default_rules = cavalo_rules::Rules { threat: false, zero_double: true };
    let srv = Server::start_with(config).await;
    let (status, info) = srv.get("/api/info").await;
    assert_eq!(status, 200);
    assert_eq!(info["default_rules"], json!({"threat": false, "zero_double": true}));
    assert_eq!(info["max_time_ms"], 10_000);
    let st = srv.create(json!({"mode": "hh", "seed": 2})).await;
    assert_eq!(st["rules"]["threat"], false);
    let st = srv.create(json!({"mode": "hh", "seed": 2, "rules": {"zero_double": false}})).await;
    assert_eq!(st["rules"], json!({"threat": true, "zero_double": false}));
    assert!(!st["doubles"].as_array().unwrap().contains(&json!(0)));
    // A pasted Lisp board and a position string start where they say.
    let pos = Position::from_seed(5, Default::default());
    let st = srv.create(json!({"mode": "hh", "position": pos.to_lisp()})).await;
    assert_eq!(st["position"], pos.to_string());
    let st = srv.create(json!({"mode": "hh", "position": pos.to_string()})).await;
    assert_eq!(st["start"], pos.to_string());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_labels_come_in_the_asked_language() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let (status, pt) = srv.get("/api/messages?lang=pt").await;
    assert_eq!(status, 200);
    assert_eq!(pt["lang"], "pt");
    assert_eq!(pt["messages"]["web-new-game"], "Novo jogo");
    assert_eq!(pt["messages"]["web-summary-nodes"], "Nós analisados");
    let (_, en) = srv.get("/api/messages?lang=en").await;
    assert_eq!(en["lang"], "en");
    assert_eq!(en["messages"]["web-new-game"], "New game");
    let keys = |v: &Value| v["messages"].as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&pt), keys(&en));
    // The page's labels, and the messages the game's state words (announcements, results,
    // sides, errors): nothing else of the catalogue.
    let page = ["web-", "ann-", "who-", "side-", "result-", "err-"];
    assert!(keys(&en).iter().all(|k| page.iter().any(|p| k.starts_with(p))), "{:?}", keys(&en));
    assert!(keys(&en).iter().any(|k| k == "ann-undo") && !keys(&en).iter().any(|k| k.starts_with("stat-")));
    // A message with arguments comes as its pattern: texts, arguments and plural choices.
    let undo = &pt["messages"]["ann-undo"];
    assert_eq!(undo[0]["select"], "count", "{undo}");
    assert!(keys(&en).len() > 50);
    assert_eq!(srv.get("/api/info").await.1["languages"], json!(["pt", "en"]));

    // No ?lang=: the browser's preference, else English.
    let ask = |accept: &'static str| {
        let req = srv.http.get(srv.url("/api/messages")).header("Accept-Language", accept);
        async move { req.send().await.unwrap().json::<Value>().await.unwrap()["lang"].clone() }
    };
    assert_eq!(ask("pt-PT,pt;q=0.9,en;q=0.8").await, "pt");
    assert_eq!(ask("fr-FR,en;q=0.5,pt;q=0.4").await, "en");
    assert_eq!(ask("de").await, "en");
    assert_eq!(srv.get("/api/messages").await.1["lang"], "en");

    let (status, err) = srv.get("/api/messages?lang=xx").await;
    assert_eq!(status, 400);
    assert!(err["message"].as_str().unwrap().contains("xx"));
    srv.stop().await;
}

/// The same scripted game as the terminals' tests (seed 11, human against human, each human's
/// `k`-th legal move at ply `k`): the API's announcements are the session's, in both languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_says_the_models_announcements() {
    use cavalo_session::{GameConfig, PlayerConfig, Session, Turn, present};
    let mut c = GameConfig::new(cavalo_rules::Start::Seed(11));
    c.players = [PlayerConfig::human(), PlayerConfig::human()];
    let mut local = Session::new(c).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let id = srv.create(json!({"mode": "hh", "seed": 11})).await["id"].as_str().unwrap().to_string();
    loop {
        match local.turn() {
            Turn::Forced { .. } => drop(local.play_forced().unwrap()),
            Turn::Human(_) => {
                let moves = local.position().legal_moves();
                let mv = moves[local.plies().len() % moves.len()];
                local.play_human(mv).unwrap();
                let st = srv.settle(&id).await;
                let (status, v) = srv
                    .post(
                        &format!("/api/games/{id}/move"),
                        json!({"move": mv.to_string(), "ply": st["plies"].as_array().unwrap().len()}),
                    )
                    .await;
                assert_eq!(status, 200, "{mv}: {v}");
            }
            _ => break,
        }
    }
    srv.settle(&id).await;
    for lang in Lang::ALL {
        let (_, st) = srv.get(&format!("/api/games/{id}?since=0&lang={}", lang.code())).await;
        let got: Vec<String> =
            st["announcements"].as_array().unwrap().iter().map(|a| words(&a["message"], lang)).collect();
        let wanted: Vec<String> =
            present::announcements_since(&local, 0).iter().map(|a| a.text(lang)).collect();
        assert_eq!(got, wanted, "{lang:?}");
    }
    // Errors come in the asked language, with the status of their kind.
    let (status, v) = srv.post_empty(&format!("/api/games/{id}/hint?lang=pt")).await;
    assert_eq!(status, 409);
    assert_eq!(v["message"], "O jogo terminou.");
    assert_eq!(v["code"], "game_over");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_leave_memory_and_come_back_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let playing = srv.create(json!({"mode": "hh", "seed": 3})).await["id"].as_str().unwrap().to_string();
    let over = srv.create(json!({"mode": "hh", "seed": 4})).await["id"].as_str().unwrap().to_string();
    assert_eq!(srv.app.game_count(), 2);
    let (status, _) = srv.post_empty(&format!("/api/games/{over}/quit")).await;
    assert_eq!(status, 200);
    // Its end stored and told, the game leaves memory at once.
    assert_eq!(srv.app.game_count(), 1, "the abandoned game is let go");

    // Asked for again, it is read from the database as it was.
    let (status, st) = srv.get(&format!("/api/games/{over}")).await;
    assert_eq!((status, st["status"].as_str()), (200, Some("quit")), "{st}");
    assert_eq!(srv.app.game_count(), 2);

    // A page watching the finished game keeps it.
    let watching = srv.http.get(srv.url(&format!("/api/games/{over}/events"))).send().await.unwrap();
    assert_eq!(watching.status(), 200);
    assert_eq!(srv.app.unload_idle(), 0);
    drop(watching);
    // The stream ends when the server next writes to it or notices the closed connection.
    let start = Instant::now();
    let mut gone = 0;
    while gone == 0 && start.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        gone = srv.app.unload_idle();
    }
    assert_eq!(gone, 1, "the finished game, unwatched, is let go");
    assert_eq!(srv.app.game_count(), 1, "the unfinished game stays");
    let (status, st) = srv.get(&format!("/api/games/{playing}")).await;
    assert_eq!((status, st["status"].as_str()), (200, Some("playing")), "{st}");
    srv.stop().await;
}
