//! Text from the server is shown as text: markup in an error message or in game data never
//! becomes elements (or runs).

use fantoccini::Locator;
use serde_json::json;

use crate::driver::*;

const EVIL: &str = r#"<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn markup_in_data_is_shown_as_text() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;

    // The server's refusal of a "position" made of markup, shown as the server wrote it.
    let (status, refusal) = srv.post("/api/games?lang=en", json!({"position": EVIL})).await;
    assert_eq!(status, 400, "{refusal}");
    c.find(Locator::Css("#new-game summary")).await.unwrap().click().await.unwrap();
    c.find(Locator::Css("#position")).await.unwrap().send_keys(EVIL).await.unwrap();
    c.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    wait(c, "the refusal", "!document.querySelector('#new-game-error').hidden").await;
    assert_eq!(
        json!(text(c, "document.querySelector('#new-game-error').textContent").await),
        refusal["message"]
    );
    assert_eq!(js(c, "return document.querySelectorAll('#new-game-error *').length").await, json!(0));

    // Game data with markup through the views themselves: the move table, the end-of-game totals,
    // the error line and the toast.
    let shown = c
        .execute_async(
            r##"const [evil, done] = arguments;
            Promise.all([import("/static/view-moves.js"), import("/static/view-panels.js"), import("/static/view-dialogs.js")])
              .then(([moves, panels, dialogs]) => {
                const tbody = document.createElement("tbody");
                const ply = { number: 1, side: "white", move: evil, gained: 1, points: [1, 0], forced: false,
                              by: "computer", time_ms: 5, search: { nodes: 1, alpha_cuts: 0, beta_cuts: 0, depth: 1, score: 1 } };
                moves.renderMoves(tbody, [ply], 1);
                const totals = { player: evil, points: 1, moves: 1, passes: 0, time_ms: 5, searches: 1, nodes: 1,
                                 alpha_cuts: 0, beta_cuts: 0, mean_depth: 1, max_depth: 1 };
                const who = { side: "white", human: true, label: "human", name: "human", who: { kind: "human", name: evil } };
                const table = panels.summaryTable({ summary: [totals, totals], players: [who, who] });
                dialogs.showError(evil);
                dialogs.toast(evil);
                const made = [tbody, table, document.querySelector("#error"), document.querySelector("#toast")]
                  .map((el) => el.querySelectorAll("img, script").length);
                done({ made, move: tbody.querySelector("td:nth-child(3)").textContent,
                       player: table.querySelector("tbody td:nth-child(2)").textContent,
                       error: document.querySelector("#error").textContent });
              }, (e) => done({ failed: String(e) }));"##,
            vec![json!(EVIL)],
        )
        .await
        .unwrap();
    assert_eq!(shown["made"], json!([0, 0, 0, 0]), "{shown}");
    assert_eq!(shown["move"], json!(EVIL));
    assert_eq!(shown["player"], json!(EVIL));
    assert_eq!(shown["error"], json!(EVIL));
    assert_eq!(js(c, "return window.pwned === undefined").await, json!(true), "nothing ran");
    assert_eq!(js(c, "return window.cavaloErrors").await, json!([]));

    page.close().await;
}
