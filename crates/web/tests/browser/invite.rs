//! Human against human across two browsers: the creator hands Black's seat over with an
//! invitation link, a second browser (its own profile) opens it and plays Black; the link works
//! once, and the creator can no longer move Black.

use fantoccini::Locator;
use serde_json::json;

use crate::driver::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_link_lets_a_second_browser_play_the_other_seat() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (a, srv) = (&page.c, &page.srv);
    visit(a, srv).await;
    a.find(Locator::Css("#mode")).await.unwrap().select_by_value("human-human").await.unwrap();
    // Seed 1: both placements are forced (no double to choose), so the server plays them and
    // the first move to make is White's knight move.
    a.find(Locator::Css("#new-game summary")).await.unwrap().click().await.unwrap();
    a.find(Locator::Css("#seed")).await.unwrap().send_keys("1").await.unwrap();
    a.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    wait(a, "the placements played", "document.querySelectorAll('#moves tbody tr').length == 2").await;
    wait(a, "White's turn", MY_TURN).await;
    let id = text(a, "/#\\/game\\/([A-Za-z0-9-]+)/.exec(location.hash)[1]").await;

    // The creator holds both seats: it may hand Black's over.
    a.find(Locator::Css("#invite-black")).await.unwrap().click().await.unwrap();
    let link = wait(a, "the invitation link", "document.querySelector('#invite-link').value").await;
    let link = link.as_str().unwrap().to_string();
    assert!(link.contains(&format!("game={id}")) && link.contains("invite="), "{link}");

    // A second person opens the link in another browser: Black's seat is theirs.
    let (_driver, b) = page.second_browser(Screen::Desktop(1280, 1000), "en-US").await;
    b.goto(&link).await.unwrap();
    wait(
        &b,
        "the game in the second browser",
        "document.querySelectorAll('.cell').length == 100 && document.querySelector('#moves tbody tr')",
    )
    .await;
    assert!(!text(&b, "location.href").await.contains("invite="), "the code leaves the address bar");
    wait(a, "the seat shown as taken", "document.querySelector('#invite-black').hidden").await;

    // White (the creator) moves; Black (the second browser) answers; each sees the other's move.
    let before = rows(a).await;
    assert_eq!(js(&b, "return document.querySelectorAll('.cell.dest').length").await, json!(0));
    click_a_move(a, 0).await;
    wait(&b, "Black's turn in the second browser", MY_TURN).await;
    assert_eq!(
        js(a, "return document.querySelectorAll('.cell.dest').length").await,
        json!(0),
        "the creator no longer plays Black"
    );
    click_a_move(&b, 0).await;
    wait(
        a,
        "Black's move in the first browser",
        &format!("{MY_TURN} && document.querySelectorAll('#moves tbody tr').length == {before} + 2"),
    )
    .await;
    let (_, st) = srv.get(&format!("/api/games/{id}")).await;
    let plies = st["plies"].as_array().unwrap();
    assert_eq!(plies.len() as u64, before + 2);
    assert_eq!(plies.last().unwrap()["side"], "black");
    assert_eq!(plies.last().unwrap()["by"], "human");

    // The link works once: opened again (a third person), it is refused and gives no seat.
    let code = link.split("invite=").nth(1).unwrap().to_string();
    let (status, err) = srv.post(&format!("/api/games/{id}/claim"), json!({ "invite": code })).await;
    assert_eq!(status, 403, "{err}");
    // Opened again in a browser, the spent link says so instead of silently making a watcher.
    a.goto(&link).await.unwrap();
    let said = wait(
        a,
        "the refusal",
        "!document.querySelector('#error').hidden && document.querySelector('#error').textContent",
    )
    .await;
    assert!(said.as_str().unwrap().contains("used already"), "{said}");
    assert!(!text(a, "location.href").await.contains("invite="), "the spent code leaves the address bar");
    assert_clean(a).await;
    assert_clean(&b).await;
    b.close().await.unwrap();
    page.close().await;
}
