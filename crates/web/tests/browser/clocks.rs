//! The players' clocks: each side's time spent, the side to move's ticking while it thinks, on a
//! desktop in English and on a phone in Portuguese; the names, clocks and points side by side
//! without running into each other.

use crate::driver::*;

async fn clocks_tick(screen: Screen, lang: &str) {
    let Some(page) = open_page(screen, lang).await else { return };
    let c = &page.c;
    visit(c, &page.srv).await;
    start_against_greedy(c).await;
    let clock = "document.querySelector('#clock-white').textContent";
    let first = text(c, clock).await;
    assert!(first.len() >= 4 && first.contains(':'), "{first}");
    assert_eq!(text(c, "document.querySelector('#clock-white').classList.contains('running')").await, "true");
    assert_eq!(
        text(c, "document.querySelector('#clock-black').classList.contains('running')").await,
        "false"
    );
    // The human's clock runs while they think (no event comes from the server meanwhile).
    wait(c, "the clock ticking", &format!("{clock} !== {first:?}")).await;
    // Nothing of a player's box runs into another: the side, the name, the clock and the points
    // (side by side on a desktop, the clock over the points on a phone).
    let overlap = js(
        c,
        "const r = (s) => document.querySelector(s).getBoundingClientRect();
         const hit = (a, b) => a.left + 0.5 < b.right && b.left + 0.5 < a.right && a.top + 0.5 < b.bottom && b.top + 0.5 < a.bottom;
         return ['white', 'black'].some((side) => {
           const boxes = [`#player-${side} .side-name`, `#name-${side}`, `#clock-${side}`, `#points-${side}`].map(r);
           return boxes.some((a, i) => boxes.some((b, j) => i < j && hit(a, b)));
         });",
    )
    .await;
    assert_eq!(overlap, serde_json::json!(false), "a player's box overlaps itself");
    // The players' names are whole (`human`, `greedy`), not cut with an ellipsis.
    let cut =
        "[...document.querySelectorAll('.player .name')].some((e) => e.scrollWidth > e.clientWidth + 1)";
    assert_eq!(js(c, &format!("return {cut}")).await, serde_json::json!(false), "a name is cut");
    if let Screen::Desktop(..) = screen {
        // The game's buttons are on screen, above the fold.
        let at = "[document.querySelector('.controls').getBoundingClientRect().bottom, window.innerHeight]";
        let at = js(c, &format!("return {at}")).await;
        assert!(at[0].as_f64().unwrap() <= at[1].as_f64().unwrap(), "the buttons are below the fold: {at}");
    }
    screenshot(c, &format!("clocks-{lang}.png")).await;
    assert_clean(c).await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clocks_tick_on_a_desktop_in_english() {
    clocks_tick(Screen::Desktop(1280, 800), "en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clocks_tick_on_a_phone_in_portuguese() {
    clocks_tick(Screen::Phone(390, 844), "pt-PT").await;
}
