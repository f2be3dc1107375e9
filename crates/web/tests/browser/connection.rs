//! A lost server is seen: when the server stops answering, a banner says so (worded, PT and EN)
//! over the page without moving it, a move made meanwhile is refused in the page's words (not the
//! browser's "Failed to fetch"), and once the server answers again the banner and the message
//! clear themselves and the game goes on.

use serde_json::json;

use crate::driver::*;

async fn lost_and_found(lang: &str, banner: &str) {
    let Some(mut page) = open_page(Screen::Desktop(1280, 800), lang).await else { return };
    visit(&page.c, &page.srv).await;
    let id = start_against_greedy(&page.c).await;
    let c = page.c.clone();
    // Where the board and the move table are: the banner must not push them.
    let edge = "[document.querySelector('#board').getBoundingClientRect().top, document.querySelector('#moves').getBoundingClientRect().left].map(Math.round)";
    let before = js(&c, &format!("return {edge}")).await;

    page.srv.go_down().await;
    let shown = wait(
        &c,
        "the banner",
        "!document.querySelector('#offline').hidden && document.querySelector('#offline').textContent",
    )
    .await;
    assert!(shown.as_str().unwrap().contains(banner), "{shown}");
    assert_eq!(js(&c, &format!("return {edge}")).await, before, "the banner moves nothing");
    // A move meanwhile: refused in the page's words.
    js(&c, "document.querySelector('.cell.dest').click(); return true").await;
    // A destination with a double to choose asks which first, on the board.
    js(&c, "const b = document.querySelector('.cell.burn'); if (b) b.click(); return true").await;
    let said = wait(
        &c,
        "the refusal",
        "!document.querySelector('#error').hidden && document.querySelector('#error').textContent",
    )
    .await;
    assert!(!said.as_str().unwrap().contains("fetch"), "{said}");
    screenshot(&c, &format!("connection-lost-{lang}.png")).await;

    let mut config = cavalo_web::WebConfig::new(page.dir());
    config.hash_mib = 1;
    page.srv.come_back(config).await;
    wait(&c, "the banner gone", "document.querySelector('#offline').hidden").await;
    wait(&c, "the refusal gone", "document.querySelector('#error').hidden").await;
    // The game goes on.
    let (status, st) = page.srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{st}");
    wait(&c, "a move offered again", "document.querySelectorAll('.cell.dest').length > 0").await;
    assert_eq!(js(&c, "return window.cavaloErrors.filter(e => !/fetch|network/i.test(e))").await, json!([]));
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_server_is_said_and_cleared_in_portuguese() {
    lost_and_found("pt-PT", "ligação ao servidor").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_server_is_said_and_cleared_in_english() {
    lost_and_found("en", "connection to the server").await;
}
