//! The page's modules on their own, in the browser: which announcements the page says, how a
//! message's arguments and plural choices are filled in, and numbers written per language.

use cavalo_rules::Side;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present::{Announcement, Who};
use serde_json::json;

use crate::driver::*;
use cavalo_session::key;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_logic() {
    let Some(page) = open_page(Screen::Desktop(1280, 1000), "en-US").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;
    let got = c
        .execute_async(
            r##"const done = arguments[0];
            Promise.all([import("/static/state.js"), import("/static/i18n.js")]).then(async ([state, i18n]) => {
              const a = (kind, message) => ({ kind, message });
              const list = [a("move", "m1"), a("double-removed", "d1"), a("pass", "p2"), a("move", "m3"),
                            a("symmetric-removed", "s3"), a("game-over", "end")];
              const texts = (l) => l.map((x) => x.message).join(",");
              const latest = [0, 1, 2, 3, 9].map((n) => texts(state.latest(list, n)));
              await i18n.load("pt");
              const pt = {
                filled: i18n.t("web-to-move", { who: "W", side: "S", count: 7 }),
                one: i18n.t("web-to-move", { who: "W", side: "S", count: 1 }),
                many: i18n.t("web-to-move", { who: "W", side: "S", count: 12345 }),
                undo: i18n.words({ key: "ann-undo", args: { count: 1 } }),
                pass: i18n.words({ key: "ann-pass", args: { who: { key: "who-computer", args: { side: { key: "side-black" }, player: "greedy" } } } }),
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
    // Messages are worded as the catalogue words them: plural forms, numbers the language's way.
    let to_move = |n: u32| {
        let args = [("who", Arg::from("W")), ("side", Arg::from("S")), ("count", Arg::from(n))];
        Lang::Pt.tr_with(key!("web-to-move"), &args)
    };
    assert_eq!(pt["one"], json!(to_move(1)));
    assert!(pt["one"].as_str().unwrap().contains("1 jogada legal."), "{pt}");
    assert_eq!(pt["many"], json!(to_move(12345)));
    assert_eq!(pt["undo"], json!(Lang::Pt.tr_with(key!("ann-undo"), &[("count", Arg::from(1u8))])));
    let pass =
        Announcement::Pass { who: Who { side: Side::Black, computer: Some("greedy".parse().unwrap()) } };
    assert_eq!(pt["pass"], json!(pass.text(Lang::Pt)));
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
