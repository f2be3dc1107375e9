//! The page's modules on their own, in the browser: which announcements the page says, how a
//! label's arguments are filled in, and numbers written per language.

use serde_json::json;

use crate::driver::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_logic() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;
    let got = c
        .execute_async(
            r##"const done = arguments[0];
            Promise.all([import("/static/state.js"), import("/static/i18n.js")]).then(async ([state, i18n]) => {
              const a = (kind, text) => ({ kind, text });
              const list = [a("move", "m1"), a("double-removed", "d1"), a("pass", "p2"), a("move", "m3"),
                            a("symmetric-removed", "s3"), a("game-over", "end")];
              const texts = (l) => l.map((x) => x.text).join(",");
              const latest = [0, 1, 2, 3, 9].map((n) => texts(state.latest(list, n)));
              await i18n.load("pt");
              const pt = {
                filled: i18n.t("web-to-move", { who: "W", side: "S", count: 7 }),
                unfilled: i18n.t("web-to-move", { who: "W" }),
                missing: i18n.t("web-no-such-label"),
                missed: [...i18n.missing],
                int: i18n.num(1234567),
                dec: i18n.num(1234.5, 1),
              };
              i18n.missing.clear();
              await i18n.load("en");
              const en = { int: i18n.num(1234567), dec: i18n.num(1234.5, 1), filled: i18n.t("web-forced", { side: "White", move: "E3" }) };
              done({ latest, pt, en });
            }, (e) => done({ failed: String(e) }));"##,
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        got["latest"],
        json!(["end", "m3,s3,end", "p2,m3,s3,end", "m1,d1,p2,m3,s3,end", "m1,d1,p2,m3,s3,end"]),
        "{got}"
    );
    let pt = &got["pt"];
    let filled = pt["filled"].as_str().unwrap();
    assert!(
        filled.contains('W') && filled.contains('S') && filled.contains('7') && !filled.contains('$'),
        "{filled}"
    );
    assert!(
        pt["unfilled"].as_str().unwrap().contains("{$side}"),
        "an argument not given stays visible: {pt}"
    );
    assert_eq!(pt["missing"], "web-no-such-label");
    assert_eq!(pt["missed"], json!(["web-no-such-label"]));
    // pt-PT: thousands grouped with a (no-break) space, a decimal comma; en: commas and a point.
    let spaces = |s: &str| s.replace(['\u{a0}', '\u{202f}'], " ");
    assert_eq!(spaces(pt["int"].as_str().unwrap()), "1 234 567");
    assert_eq!(spaces(pt["dec"].as_str().unwrap()), "1 234,5");
    assert_eq!(got["en"]["int"], "1,234,567");
    assert_eq!(got["en"]["dec"], "1,234.5");
    assert_eq!(got["en"]["filled"], "White plays the forced move E3.");

    page.close().await;
}
