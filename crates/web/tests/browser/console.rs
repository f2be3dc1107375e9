//! The browser's console stays quiet: opening a game (new, or again by its address) asks the
//! server only what it answers as a success, so no request logs an error.

use crate::driver::*;

/// Waits until the page has had the answer to the game's analysis request (the browser lists
/// a request among its resources once its answer has come).
async fn analysis_asked(c: &fantoccini::Client) {
    let asked = "performance.getEntriesByType('resource').some((e) => /\\/analysis(\\?|$)/.test(e.name))";
    wait(c, "the analysis's answer", asked).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_a_game_logs_no_console_error() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;
    start_against_greedy(c).await;
    analysis_asked(c).await;
    // Opened again by its address: a fresh page load asks everything again.
    c.refresh().await.unwrap();
    wait(c, "the reloaded game", MY_TURN).await;
    analysis_asked(c).await;
    assert_clean(c).await;
    assert_eq!(page.console_errors().await, Vec::<String>::new(), "console errors");

    // The log is read indeed: an error the page logs is seen, and so is a request answered with
    // an error status (what a 404 for an expected state was).
    js(c, "console.error('cavalo-probe'); fetch('/api/games/no-such-game').catch(() => {}); return null;")
        .await;
    let mut seen = Vec::new();
    for _ in 0..100 {
        seen.extend(page.console_errors().await);
        if seen.iter().any(|m| m.contains("no-such-game") && m.contains("404")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(seen.iter().any(|m| m.contains("cavalo-probe")), "{seen:?}");
    assert!(seen.iter().any(|m| m.contains("no-such-game") && m.contains("404")), "{seen:?}");
    page.close().await;
}
