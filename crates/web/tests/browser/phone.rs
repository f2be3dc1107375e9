//! A phone-sized screen (390×844): loading or starting a game leaves the board in view, and the
//! move table's last columns (Time, Depth, Value) can be reached.

use fantoccini::Client;
use serde_json::json;

use crate::driver::*;

/// The board is wholly inside the window.
async fn assert_board_in_view(c: &Client, when: &str) {
    // The page scrolls smoothly: give it time on a busy machine before judging.
    let start = std::time::Instant::now();
    loop {
        let r = js(
            c,
            "const r = document.querySelector('#board').getBoundingClientRect();
             return [r.top, r.bottom, r.left, r.right, innerHeight, innerWidth, scrollY];",
        )
        .await;
        let v: Vec<f64> = r.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        let (top, bottom, left, right, height, width) = (v[0], v[1], v[2], v[3], v[4], v[5]);
        let seen = top >= 0.0 && bottom <= height && left >= 0.0 && right <= width;
        if seen {
            return;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "{when}: the board is not in view (board {top}..{bottom} × {left}..{right}, window {height}×{width}, scrolled {})",
            v[6]
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// The header of table column `n` (1-based) can be scrolled to, and is then visible and on top.
async fn assert_column_reachable(c: &Client, n: usize) {
    let seen = js(
        c,
        &format!(
            "const th = document.querySelector('#moves thead th:nth-child({n})');
             th.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
             const r = th.getBoundingClientRect();
             const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
             const hit = document.elementFromPoint(x, y);
             // Sub-pixel layout: a header scrolled to the window's edge may end a fraction past it.
             return [r.left >= -1 && r.right <= innerWidth + 1 && r.top >= -1 && r.bottom <= innerHeight + 1,
                     !!hit && th.contains(hit), th.textContent + ' ' + JSON.stringify([r.left, r.right, r.top, r.bottom, innerWidth, innerHeight])];"
        ),
    )
    .await;
    assert_eq!(seen[0], json!(true), "column {n} ({}) is outside the window", seen[2]);
    assert_eq!(seen[1], json!(true), "column {n} ({}) is covered", seen[2]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_board_stays_in_view_and_the_statistics_are_reachable() {
    let Some(page) = open_page(Screen::Phone(390, 844), "en-US").await else { return };
    let (c, srv) = (&page.c, &page.srv);

    // A finished computer game with a long move list, opened by its address.
    let cc = srv.create(json!({"mode": "cc", "engine": "greedy", "time_ms": 10, "seed": 7})).await;
    let id = cc["id"].as_str().unwrap();
    let over = srv.wait_for(id, "the end", |st| st["status"] == "over").await;
    let plies = over["plies"].as_array().unwrap().len();
    c.goto(&srv.url(&format!("/#/game/{id}"))).await.unwrap();
    wait(c, "the move list", &format!("document.querySelectorAll('#moves tbody tr').length == {plies}"))
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_board_in_view(c, "after loading a finished game").await;
    let wide = js(c, "return document.documentElement.scrollWidth <= innerWidth").await;
    assert_eq!(wide, json!(true), "the page is wider than the phone");
    screenshot(c, "phone-loaded.png").await;
    for n in [9, 10, 11] {
        assert_column_reachable(c, n).await;
    }
    let last = text(c, "[...document.querySelectorAll('#moves tbody tr:last-child td')].slice(8).map(td => td.textContent).join('|')").await;
    assert!(
        last.split('|').filter(|s| !s.is_empty()).count() >= 2,
        "time, depth, value of the last move: {last:?}"
    );
    js(c, "document.querySelector('.table-wrap').scrollIntoView({block: 'end'}); return null;").await;
    screenshot(c, "phone-table.png").await;

    // A new game started from down the page (the move list in view): the board is in view when
    // the game loads, and after the replies.
    js(c, "scrollTo(0, document.body.scrollHeight); document.querySelector('#new-game-button').click(); return null;").await;
    wait(c, "the new-game dialog", "document.querySelector('#new-game[open]')").await;
    start_against_greedy(c).await;
    assert_board_in_view(c, "after starting a game").await;
    // The board is a new random one: the human's knight may be left without moves before the
    // third reply, and the game then ends (the computer plays on alone).
    let over = "document.querySelector('#game-over[open]')";
    for k in 0..3 {
        let before = rows(c).await;
        click_a_move(c, k).await;
        let reply =
            format!("{MY_TURN} && document.querySelectorAll('#moves tbody tr').length > {before} + 1");
        wait(c, "the reply or the end of the game", &format!("({reply}) || {over}")).await;
        if js(c, &format!("return !!{over}")).await == json!(true) {
            break;
        }
        assert_board_in_view(c, "after a reply").await;
    }
    screenshot(c, "phone-play.png").await;
    assert_clean(c).await;

    page.close().await;
}
