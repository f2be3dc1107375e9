//! The page in Portuguese: the browser asks for pt-PT, so the labels, the server's announcements
//! and the result are Portuguese; the switch turns the page to English and is remembered.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::{Value, json};

use cavalo_session::i18n::Lang;

use crate::common::{Server, words};
use crate::driver::*;

/// The page's catalogue in `lang`, from the server.
async fn catalogue(srv: &Server, lang: &str) -> Value {
    let (status, body) = srv.get(&format!("/api/messages?lang={lang}")).await;
    assert_eq!(status, 200, "{body}");
    body["messages"].clone()
}

const NEW_GAME: &str = "document.querySelector('#new-game-button').textContent";
const DEPTH: &str = "document.querySelector('#moves thead th:nth-child(10)').textContent";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_speaks_the_browsers_language_and_remembers_the_switch() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "pt-PT").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    let pt = catalogue(srv, "pt").await;
    let en = catalogue(srv, "en").await;
    assert_ne!(pt["web-new-game"], en["web-new-game"]);

    // A fresh visit from a Portuguese browser: Portuguese labels, from the server's catalogue.
    visit(c, srv).await;
    assert_eq!(text(c, "document.documentElement.lang").await, "pt-PT");
    assert_eq!(text(c, "document.querySelector('#lang').value").await, "pt");
    assert_eq!(json!(text(c, NEW_GAME).await), pt["web-new-game"]);
    assert_eq!(json!(text(c, "document.querySelector('#start-button').textContent").await), pt["web-start"]);
    assert_eq!(json!(text(c, DEPTH).await), pt["web-col-depth"]);
    screenshot(c, "portuguese-new-game.png").await;

    // A game against the computer: the status line and the board's cells are Portuguese.
    start_against_greedy(c).await;
    let status = text(c, "document.querySelector('#status').textContent").await;
    let you = pt["web-you"].as_str().unwrap();
    assert!(status.contains(you), "{status:?} does not say {you:?}");
    let legal = text(c, "document.querySelector('.cell.dest').getAttribute('aria-label')").await;
    let word = pt["web-legal-move"].as_str().unwrap();
    assert!(legal.contains(word), "{legal:?} does not say {word:?}");
    assert_clean(c).await;

    // The switch: English at once, and still after a reload.
    c.find(Locator::Css("#lang")).await.unwrap().select_by_value("en").await.unwrap();
    wait(c, "the English page", &format!("{NEW_GAME} == {} && ({MY_TURN})", en["web-new-game"])).await;
    let status = text(c, "document.querySelector('#status').textContent").await;
    assert!(status.contains(en["web-you"].as_str().unwrap()), "{status:?}");
    assert_eq!(text(c, "localStorage.getItem('cavalo-lang')").await, "en");
    c.refresh().await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    wait(c, "the reloaded page", &format!("document.documentElement.dataset.ready && ({MY_TURN})")).await;
    assert_eq!(text(c, "document.documentElement.lang").await, "en");
    assert_eq!(json!(text(c, NEW_GAME).await), en["web-new-game"]);
    assert_eq!(json!(text(c, DEPTH).await), en["web-col-depth"]);
    assert_clean(c).await;

    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_announcements_and_the_result_are_portuguese() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "pt-PT").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    let pt = catalogue(srv, "pt").await;
    visit(c, srv).await;

    // The computer's reply is announced in the server's Portuguese words.
    let id = start_against_greedy(c).await;
    let before = rows(c).await;
    click_a_move(c, 0).await;
    wait(
        c,
        "the reply",
        &format!("{MY_TURN} && document.querySelectorAll('#moves tbody tr').length > {before} + 1"),
    )
    .await;
    let (_, st) = srv.get(&format!("/api/games/{id}")).await;
    let status = text(c, "document.querySelector('#status').textContent").await;
    let said: Vec<String> =
        st["announcements"].as_array().unwrap().iter().map(|a| words(&a["message"], Lang::Pt)).collect();
    assert!(!said.is_empty(), "the server announced the computer's move: {st}");
    for s in &said {
        assert!(status.contains(s), "{status:?} lacks the announcement {s:?}");
    }

    // A game watched to its end: the result is the server's Portuguese one. Its human is this
    // test, which plays only once the page shows the game, so the page sees the end come (a game
    // opened already over is not announced again).
    let cc = srv
        .create(json!({"mode": "hc", "human": "white", "engine": "greedy", "time_ms": 10, "seed": 7}))
        .await;
    let cc_id = cc["id"].as_str().unwrap();
    // A new document (not only a new hash), whose move list fills once the game is loaded.
    c.goto(&srv.url(&format!("/?watch=1#/game/{cc_id}"))).await.unwrap();
    wait(c, "the game on the page", "document.querySelectorAll('#moves tbody tr').length > 0").await;
    srv.play_out(cc_id).await;
    wait(c, "the end of the game", "document.querySelector('#game-over[open]')").await;
    let shown = text(c, "document.querySelector('#game-over-text').textContent").await;
    let (_, st) = srv.get(&format!("/api/games/{cc_id}")).await;
    let (result_pt, result_en) = (words(&st["result_text"], Lang::Pt), words(&st["result_text"], Lang::En));
    // The server's words, every number grouped as the page writes them all (1 523, where the
    // server's catalogue groups from five digits on).
    let ungrouped = |s: &str| s.replace(['\u{a0}', '\u{202f}'], "");
    assert_eq!(ungrouped(&shown), ungrouped(&result_pt));
    let points = text(c, "document.querySelector('#points-white').textContent").await;
    assert!(shown.contains(&points), "{shown:?} writes White's points as the page does ({points:?})");
    assert_ne!(result_pt, result_en, "the result is worded per language");
    let summary = "document.querySelector('#game-over-summary tbody tr td').textContent";
    assert_eq!(json!(text(c, summary).await), pt["web-summary-player"]);
    screenshot(c, "portuguese.png").await;
    assert_clean(c).await;

    // Switched to English, the server words the same game in English.
    c.find(Locator::Css("#game-over-close")).await.unwrap().click().await.unwrap();
    c.find(Locator::Css("#lang")).await.unwrap().select_by_value("en").await.unwrap();
    let result = "document.querySelector('#result-text').textContent";
    wait(c, "the English result", &format!("{result} == {}", json!(result_en))).await;

    page.close().await;
}
