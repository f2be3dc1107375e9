//! Our engine's levels through the API: a game against level 3 shows its level wherever the
//! player is named, and a level out of its range is refused in the reader's language.

use crate::common;

use cavalo_rules::GameRecord;
use common::{Server, expect_error};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_level_3_names_its_level() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let st = srv.create(json!({"mode": "hc", "human": "black", "level": 3, "time_ms": 500, "seed": 6})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let white = &st["players"][0];
    assert_eq!(white["engine"], "cavalo");
    assert_eq!(white["level"], 3);
    assert_eq!(white["label"], "computer:cavalo:level=3");
    assert!(st["players"][1].get("level").is_none(), "a human has no level: {}", st["players"][1]);
    // The same from the player's text.
    let other = srv
        .create(json!({"mode": "cc", "engine": "cavalo:level=5", "white_engine": "greedy", "time_ms": 50}))
        .await;
    assert_eq!(other["players"][0]["engine"], "greedy");
    assert!(other["players"][0].get("level").is_none());
    assert_eq!(other["players"][1]["level"], 5);
    // Full strength is the engine itself, with no level shown.
    let full = srv.create(json!({"mode": "hc", "level": 8, "time_ms": 50})).await;
    assert!(full["players"][1].get("level").is_none(), "{}", full["players"][1]);
    assert_eq!(full["players"][1]["label"], "computer:cavalo");

    // The level plays: its moves come with their search, then the human's turn.
    let st = srv.settle(&id).await;
    assert_eq!(st["turn"]["kind"], "human", "{st}");
    let plies = st["plies"].as_array().unwrap();
    assert!(
        plies.iter().any(|p| p["by"] == "computer" && p["search"]["nodes"].as_u64().unwrap_or(0) > 0),
        "{st}"
    );
    let (status, _) = srv.post(&format!("/api/games/{id}/quit"), json!({})).await;
    assert_eq!(status, 200);
    let (_, _, text) = srv.get_text(&format!("/api/games/{id}/record")).await;
    let rec = GameRecord::from_json(&text).unwrap();
    assert_eq!(rec.meta["white"], "computer:cavalo:level=3");
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    assert!(log.contains(" white=computer:cavalo:level=3 "), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_out_of_its_range_is_refused_in_the_readers_language() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let (en, pt) = ("/api/games", "/api/games?lang=pt");
    for level in ["0", "9", "-1", "300"] {
        let body = format!(r#"{{"level":{level}}}"#);
        expect_error(&srv, "POST", en, Some(&body), 400, "level must be a whole number from 1 to 8").await;
        expect_error(&srv, "POST", pt, Some(&body), 400, "nível tem de ser um número inteiro de 1 a 8").await;
    }
    for engine in ["cavalo:level=0", "cavalo:level=9", "cavalo:level=x"] {
        let body = format!(r#"{{"engine":"{engine}"}}"#);
        expect_error(&srv, "POST", en, Some(&body), 400, "level must be a whole number from 1 to 8").await;
        expect_error(&srv, "POST", pt, Some(&body), 400, "level tem de ser um número inteiro de 1 a 8").await;
    }
    let hash = Some(r#"{"engine":"cavalo:hash=4000"}"#);
    expect_error(&srv, "POST", en, hash, 400, "level and seed only").await;
    expect_error(&srv, "POST", pt, hash, 400, "só pode escolher o nível").await;
    let greedy = Some(r#"{"engine":"greedy","level":3}"#);
    expect_error(&srv, "POST", en, greedy, 400, "for the cavalo engine only").await;
    expect_error(&srv, "POST", pt, greedy, 400, "só para o motor cavalo").await;
    expect_error(&srv, "POST", en, Some(r#"{"level":"x"}"#), 422, "the field `level` cannot be the text")
        .await;
    let (status, v) = srv.post(en, json!({"level": 9})).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad_level")), "{v}");
    let (status, v) = srv.post(en, json!({"engine": "cavalo:level=9"})).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad_engine")), "{v}");
    assert_eq!(srv.app.game_count(), 0, "no refused level created a game");
}
