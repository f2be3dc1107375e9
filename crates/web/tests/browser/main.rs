//! The page in real headless Chromium, driven through chromedriver: start a game from the dialog,
//! play by clicking, choose a double to remove, take back, play with the keyboard alone, reload and
//! continue, finish the game, and watch the engine think; the page in Portuguese (`language`),
//! markup in data shown as text (`escaping`), a human-against-human game across two browsers
//! through an invitation link (`invite`), who sees which games in the list (`listing`), a
//! phone-sized screen (`phone`), the analysis board (`analysis`), no console error on opening a game (`console`), the page as steady and clear as
//! lichess's (`steady`), the page's logic module by module (`modules`), and the arena's tab with
//! a team's upload (`arena`). Screenshots
//! are saved in `target/web-artifacts/`.
//!
//! Skipped (with a message) when chromedriver or Chromium is missing, unless
//! `CAVALO_BROWSER_TESTS=1`, which makes their absence a failure.

#[path = "../it/common/mod.rs"]
mod common;

mod analysis;
mod arena;
mod clocks;
mod connection;
mod console;
mod driver;
mod escaping;
mod invite;
mod language;
mod levels;
mod listing;
mod modules;
mod phone;
mod steady;

use std::time::{Duration, Instant};

use common::double_seed;
use driver::*;
use fantoccini::Locator;
use fantoccini::key::Key;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_game_in_the_browser() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (c, srv) = (&page.c, &page.srv);

    // The new-game dialog opens on a fresh visit.
    c.goto(&srv.url("/")).await.unwrap();
    wait(c, "the new-game dialog", "document.querySelector('#new-game[open]')").await;
    let seed = double_seed();
    c.find(Locator::Css("#engine")).await.unwrap().select_by_value("greedy").await.unwrap();
    let time = c.find(Locator::Css("#time")).await.unwrap();
    time.clear().await.unwrap();
    time.send_keys("20").await.unwrap();
    c.find(Locator::Css("#new-game summary")).await.unwrap().click().await.unwrap();
    c.find(Locator::Css("#seed")).await.unwrap().send_keys(&seed.to_string()).await.unwrap();
    c.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    let id =
        wait(c, "the game's address", "(/#\\/game\\/([A-Za-z0-9-]+)/.exec(location.hash) || [])[1]").await;
    let id = id.as_str().unwrap().to_string();

    // Both placements are forced; White (the human) is to move.
    wait(c, "the human's turn", MY_TURN).await;
    assert_eq!(rows(c).await, 2);
    assert_eq!(js(c, "return document.querySelectorAll('.cell').length").await, json!(100));
    assert_eq!(
        js(c, "return document.querySelectorAll('.cell.knight-white, .cell.knight-black').length").await,
        json!(2)
    );
    let status = js(c, "return document.querySelector('#status').textContent").await;
    assert!(status.as_str().unwrap().contains("You to move"), "{status}");
    let labels =
        js(c, "return [...document.querySelectorAll('.files span')].map(e => e.textContent).join('')").await;
    assert_eq!(labels, json!("ABCDEFGHIJ"));

    // A landing on a double: the board offers every removal; take the last (not the default).
    c.find(Locator::Css(".cell.dest.choice")).await.unwrap().click().await.unwrap();
    let options = burn_choices(c).await;
    let (cell, chosen) = options.last().unwrap().clone();
    assert!(chosen.contains('x'), "{chosen}");
    c.find(Locator::Css(&format!(".cell.burn[data-cell='{cell}']"))).await.unwrap().click().await.unwrap();
    wait(
        c,
        "the computer's reply",
        &format!("{MY_TURN} && document.querySelectorAll('#moves tbody tr').length >= 4"),
    )
    .await;
    let third =
        js(c, "return document.querySelector('#moves tbody tr[data-ply=\"3\"] td:nth-child(3)').textContent")
            .await;
    assert_eq!(third.as_str().unwrap(), chosen);
    assert!(js(c, "return document.querySelector('.cell.last') !== null").await == json!(true));
    // The computer's statistics are in the move list.
    let stats =
        js(c, "return document.querySelector('#moves tbody tr[data-ply=\"4\"] td:nth-child(6)').textContent")
            .await;
    assert!(!stats.as_str().unwrap().is_empty(), "nodes of the computer's move");

    // Another move by clicking, then take it back.
    let before = rows(c).await;
    click_a_move(c, 1).await;
    wait(
        c,
        "the reply",
        &format!("{MY_TURN} && document.querySelectorAll('#moves tbody tr').length > {before}"),
    )
    .await;
    screenshot(c, "board.png").await;
    c.find(Locator::Css("#undo")).await.unwrap().click().await.unwrap();
    wait(
        c,
        "the takeback",
        &format!("{MY_TURN} && document.querySelectorAll('#moves tbody tr').length == {before}"),
    )
    .await;

    // A hint: marked on the board, and announced in the server's words.
    c.find(Locator::Css("#hint")).await.unwrap().click().await.unwrap();
    let hinted = wait(
        c,
        "the hint",
        "document.querySelector('.cell.hint') && document.querySelector('.cell.hint').dataset.cell",
    )
    .await;
    let said = text(c, "document.querySelector('#toast').textContent").await;
    assert!(said.starts_with("Hint: ") && said.contains(hinted.as_str().unwrap()), "{said:?} for {hinted}");

    // The keyboard alone: focus the board's cursor, walk to a legal destination, press Enter.
    let (from, to) = {
        let v = js(
            c,
            "const d = document.querySelector('.cell.dest'); const cur = document.querySelector('.cell[tabindex=\"0\"]');
             return [Number(cur.dataset.index), Number(d.dataset.index)];",
        )
        .await;
        (v[0].as_u64().unwrap() as i64, v[1].as_u64().unwrap() as i64)
    };
    js(c, "document.querySelector('.cell[tabindex=\"0\"]').focus(); return null;").await;
    let mut keys = String::new();
    let (dr, dc) = (to / 10 - from / 10, to % 10 - from % 10);
    let vertical: char = if dr > 0 { Key::Down.into() } else { Key::Up.into() };
    let horizontal: char = if dc > 0 { Key::Right.into() } else { Key::Left.into() };
    keys.extend(std::iter::repeat_n(vertical, dr.unsigned_abs() as usize));
    keys.extend(std::iter::repeat_n(horizontal, dc.unsigned_abs() as usize));
    keys.push(Key::Enter.into());
    c.active_element().await.unwrap().send_keys(&keys).await.unwrap();
    let focused = js(c, "return document.activeElement.dataset.index").await;
    assert_eq!(focused, json!(to.to_string()), "the cursor follows the arrow keys");
    // A landing on a double: the cursor (and the focus) is on the default removal; Enter takes it.
    if js(c, "return !!document.querySelector('.cell.burn')").await == json!(true) {
        let on = js(c, "return document.activeElement.classList.contains('burn')").await;
        assert_eq!(on, json!(true), "the focus is on a double to remove");
        let enter: char = Key::Enter.into();
        c.active_element().await.unwrap().send_keys(&enter.to_string()).await.unwrap();
    }
    wait(c, "the keyboard move", &format!("document.querySelectorAll('#moves tbody tr').length > {before}"))
        .await;
    wait(c, "the human's turn", MY_TURN).await;

    // Review with ← and Home, back with End.
    js(c, "document.activeElement.blur(); return null;").await;
    let body = c.find(Locator::Css("body")).await.unwrap();
    let left: char = Key::Left.into();
    body.send_keys(&left.to_string()).await.unwrap();
    wait(c, "review mode", "document.querySelector('#board.reviewing')").await;
    let home: char = Key::Home.into();
    body.send_keys(&home.to_string()).await.unwrap();
    wait(c, "the first position", "document.querySelectorAll('.cell.knight-white').length == 0").await;
    let end: char = Key::End.into();
    body.send_keys(&end.to_string()).await.unwrap();
    wait(c, "the current position", &format!("!document.querySelector('#board.reviewing') && {MY_TURN}"))
        .await;

    // Reload: the game is still there, on the same ply.
    let n = rows(c).await;
    let knights = "return [...document.querySelectorAll('.cell.knight-white, .cell.knight-black')].map(e => e.dataset.cell).join(',')";
    let where_before = js(c, knights).await;
    c.refresh().await.unwrap();
    wait(c, "the reloaded game", MY_TURN).await;
    assert_eq!(rows(c).await, n);
    assert_eq!(js(c, knights).await, where_before);
    assert!(c.current_url().await.unwrap().as_str().contains(&id));

    // Play to the end by clicking. The side panel stays where it is all game long, whatever the
    // status line says.
    let side_left = "return Math.round(document.querySelector('aside.side').getBoundingClientRect().left)";
    let mut lefts = std::collections::BTreeSet::new();
    let start = Instant::now();
    let mut k = 0;
    loop {
        lefts.insert(js(c, side_left).await.as_i64().unwrap());
        let v = wait(
            c,
            "a turn or the end",
            &format!("document.querySelector('#game-over[open]') ? 'over' : ({MY_TURN}) ? 'turn' : null"),
        )
        .await;
        if v == json!("over") {
            break;
        }
        let before = rows(c).await;
        click_a_move(c, k).await;
        k += 1;
        wait(c, "the move", &format!("document.querySelectorAll('#moves tbody tr').length > {before}")).await;
        assert!(start.elapsed() < Duration::from_secs(120), "the game did not end");
    }
    lefts.insert(js(c, side_left).await.as_i64().unwrap());
    assert_eq!(lefts.len(), 1, "the side panel's left edge moved: {lefts:?}");
    let text = js(c, "return document.querySelector('#game-over-text').textContent").await;
    let text = text.as_str().unwrap();
    assert!(text.contains("wins") || text.starts_with("Draw"), "{text}");
    let (_, st) = srv.get(&format!("/api/games/{id}")).await;
    assert_eq!(st["status"], "over");
    assert_eq!(text, common::words(&st["result_text"], cavalo_session::i18n::Lang::En));
    assert_eq!(rows(c).await as usize, st["plies"].as_array().unwrap().len());
    screenshot(c, "game-over.png").await;
    c.find(Locator::Css("#game-over-close")).await.unwrap().click().await.unwrap();
    let shown = js(c, "return document.querySelector('#result-text').textContent").await;
    assert_eq!(shown.as_str().unwrap(), text);
    let chart = js(c, "return document.querySelectorAll('#chart svg rect').length").await;
    assert!(chart.as_u64().unwrap() > 0, "the chart has a bar per computer move");

    // Watching the engine think: the principal variation is drawn on the board.
    let cc = srv.create(json!({"mode": "cc", "engine": "cavalo", "time_ms": 2500, "seed": 21})).await;
    let cc_id = cc["id"].as_str().unwrap();
    c.goto(&srv.url(&format!("/#/game/{cc_id}"))).await.unwrap();
    wait(c, "a principal variation", "document.querySelectorAll('#overlay circle').length >= 2 && document.querySelectorAll('#moves tbody tr').length >= 4").await;
    let thinking = js(c, "return document.querySelector('#thinking').textContent").await;
    assert!(thinking.as_str().unwrap().contains("thinking"), "{thinking}");
    screenshot(c, "thinking.png").await;

    page.close().await;
}
