//! The new-game dialog's level picker, in Portuguese then in English: a game against level 3
//! names its level beside the board, in the page's language.

use fantoccini::Locator;
use serde_json::json;

use crate::driver::*;

const LEVEL_SHOWN: &str = "!document.querySelector('#level-field').hidden";
const BLACK: &str = "document.querySelector('#name-black').textContent";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_3_game_from_the_dialog_in_both_languages() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "pt-PT").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;
    // The picker is our engine's: shown for cavalo (the default), hidden for a reference player.
    assert_eq!(js(c, &format!("return {LEVEL_SHOWN}")).await, json!(true));
    let full = "document.querySelector('#level option[value=\"8\"]').textContent";
    assert_eq!(text(c, full).await, "8 (força máxima)");
    let engine = c.find(Locator::Css("#engine")).await.unwrap();
    engine.select_by_value("greedy").await.unwrap();
    assert_eq!(js(c, &format!("return {LEVEL_SHOWN}")).await, json!(false));
    engine.select_by_value("cavalo").await.unwrap();
    assert_eq!(js(c, &format!("return {LEVEL_SHOWN}")).await, json!(true));
    c.find(Locator::Css("#level")).await.unwrap().select_by_value("3").await.unwrap();
    let time = c.find(Locator::Css("#time")).await.unwrap();
    time.clear().await.unwrap();
    time.send_keys("200").await.unwrap();
    c.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    wait(c, "the human's turn", MY_TURN).await;
    assert_eq!(text(c, BLACK).await, "Cavalo, nível 3");
    let id = text(c, "/#\\/game\\/([A-Za-z0-9-]+)/.exec(location.hash)[1]").await;
    let (_, st) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(st["players"][1]["level"], 3, "{}", st["players"][1]);
    screenshot(c, "level-3-pt.png").await;

    // In English: the same game names the level in English, and so does the dialog.
    c.find(Locator::Css("#lang")).await.unwrap().select_by_value("en").await.unwrap();
    wait(c, "the English name", &format!("{BLACK} == 'Cavalo, level 3'")).await;
    c.find(Locator::Css("#new-game-button")).await.unwrap().click().await.unwrap();
    wait(c, "the dialog", "document.querySelector('#new-game[open]')").await;
    assert_eq!(text(c, full).await, "8 (full strength)");
    let beginner = "document.querySelector('#level option[value=\"1\"]').textContent";
    assert_eq!(text(c, beginner).await, "1 (beginner)");
    assert_clean(c).await;
    page.close().await;
}
