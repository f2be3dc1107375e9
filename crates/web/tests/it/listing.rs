//! Who sees what, through the real server: the list of games shows a client the games whose
//! seats it holds (their tokens sent as `X-Cavalo-Seats`) and the games their creators made
//! public; any game is still watched by whoever has its link.

use crate::common;

use common::Server;
use serde_json::{Value, json};

/// The ids of the list `GET /api/games` answers with `seats` as `X-Cavalo-Seats` (none: no
/// header), each with its `public` and `mine` marks.
async fn listed(srv: &Server, seats: Option<&[String]>) -> Vec<(String, bool, bool)> {
    let mut req = srv.http.get(srv.url("/api/games"));
    if let Some(seats) = seats {
        req = req.header("x-cavalo-seats", seats.join(", "));
    }
    let r = req.send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    let mut out: Vec<(String, bool, bool)> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["id"].as_str().unwrap().to_string(), g["public"] == true, g["mine"] == true))
        .collect();
    out.sort();
    out
}

/// A game created by another client (it keeps the tokens; this test passes them by hand).
async fn create_elsewhere(srv: &Server, body: Value) -> (String, Vec<String>) {
    let r = reqwest::Client::new().post(srv.url("/api/games")).json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let st: Value = r.json().await.unwrap();
    let tokens =
        st["tokens"].as_object().unwrap().values().map(|t| t.as_str().unwrap().to_string()).collect();
    (st["id"].as_str().unwrap().to_string(), tokens)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_lists_its_own_games_and_the_public_ones() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let mine = srv.create(json!({"mode": "hh", "seed": 1})).await["id"].as_str().unwrap().to_string();
    let (private, theirs) = create_elsewhere(&srv, json!({"mode": "hh", "seed": 2})).await;
    let (public, _) = create_elsewhere(&srv, json!({"mode": "hh", "seed": 3, "public": true})).await;

    let held = srv.held_tokens();
    let mut want = vec![(mine.clone(), false, true), (public.clone(), true, false)];
    want.sort();
    assert_eq!(listed(&srv, Some(&held)).await, want, "mine and the public one");
    let mut want = vec![(private.clone(), false, true), (public.clone(), true, false)];
    want.sort();
    assert_eq!(listed(&srv, Some(&theirs)).await, want, "the other client's own");
    assert_eq!(listed(&srv, None).await, [(public.clone(), true, false)], "a stranger: the public one only");
    assert_eq!(listed(&srv, Some(&["0123abcd".to_string()])).await, [(public, true, false)]);

    // The link still shows any game, to anyone: its state and its event stream.
    let (status, st) = srv.get(&format!("/api/games/{private}")).await;
    assert_eq!((status, st["id"].as_str()), (200, Some(private.as_str())));
    let r = srv.http.get(srv.url(&format!("/api/games/{private}/events"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    drop(r);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_list_of_seats_is_refused_in_the_request_language() {
    let dir = tempfile::tempdir().unwrap();
    let srv = Server::start(dir.path()).await;
    let too_many = vec!["ab"; 201].join(",");
    for (seats, lang, words) in [
        ("not a token!", "en", "at most 200 seat tokens"),
        (too_many.as_str(), "pt", "no máximo 200 códigos de lugar"),
        (&"x".repeat(129), "en", "at most 128 letters"),
    ] {
        let r = srv
            .http
            .get(srv.url(&format!("/api/games?lang={lang}")))
            .header("x-cavalo-seats", seats)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 400, "{seats}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["code"], "bad_seat_list", "{v}");
        assert!(v["message"].as_str().unwrap().contains(words), "{v}");
    }
    // A `public` that is not a yes or no is refused like any other bad field.
    let (status, v) = srv.post("/api/games", json!({"mode": "hh", "public": "yes"})).await;
    assert_eq!(status, 422, "{v}");
    srv.stop().await;
}
