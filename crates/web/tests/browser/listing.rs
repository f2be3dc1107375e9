//! Who sees what in the list of games: a browser lists the games it holds seats of and the
//! public ones; a second browser (its own profile) lists only the public one.

use fantoccini::{Client, Locator};

use crate::driver::*;

/// Opens the list of games; answers the ids it links to, and each line's text.
async fn listed(c: &Client, count: usize) -> Vec<(String, String)> {
    c.find(Locator::Css("#games-button")).await.unwrap().click().await.unwrap();
    wait(c, "the list", &format!("document.querySelectorAll('#games-list a').length == {count}")).await;
    let v = js(
        c,
        "return [...document.querySelectorAll('#games-list a')].map(a => [decodeURIComponent(a.hash.slice(7)), a.textContent]);",
    )
    .await;
    let out = serde_json::from_value(v).unwrap();
    c.find(Locator::Css("#games-close")).await.unwrap().click().await.unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_lists_its_own_games_and_the_public_ones() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (a, srv) = (&page.c, &page.srv);
    visit(a, srv).await;
    let private = start_against_greedy(a).await;
    // A second game, listed for everyone: the dialog's checkbox.
    a.find(Locator::Css("#new-game-button")).await.unwrap().click().await.unwrap();
    wait(a, "the new-game dialog", "document.querySelector('#new-game[open]')").await;
    a.find(Locator::Css("#mode")).await.unwrap().select_by_value("human-human").await.unwrap();
    a.find(Locator::Css("#public")).await.unwrap().click().await.unwrap();
    a.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    let public = wait(
        a,
        "the second game",
        &format!("location.hash.includes('/game/') && !location.hash.includes('{private}') && location.hash.slice(7)"),
    )
    .await;
    let public = public.as_str().unwrap().to_string();

    let mut mine = listed(a, 2).await;
    mine.sort();
    let ids: Vec<&str> = mine.iter().map(|(id, _)| id.as_str()).collect();
    let mut want = vec![private.as_str(), public.as_str()];
    want.sort();
    assert_eq!(ids, want);
    for (id, line) in &mine {
        assert_eq!(line.ends_with("public"), *id == public, "{line}");
    }

    let (_driver, b) = page.second_browser(Screen::Desktop(1280, 1000), "en-US").await;
    visit(&b, srv).await;
    b.find(Locator::Css("#new-game-cancel")).await.unwrap().click().await.unwrap();
    let theirs = listed(&b, 1).await;
    assert_eq!(theirs[0].0, public, "another browser sees the public game only");
    b.close().await.unwrap();
    page.close().await;
}
