//! The page as steady and clear as lichess's (issue 43): notation that does not contradict itself
//! (≡ a proven value, ! a turning point only, an uncertain class in its own sign, dotted) in
//! colours that read at 4.5:1; every number written the language's way; what matters on screen
//! (the game's buttons, the invitation link, the exercise's verdict on a desktop; the judgement
//! and the verdict right under the board on a phone; whole names); the double to remove chosen
//! on the board itself; uploaded games under Games; a log of several games answered with a
//! choice of them.

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::analysis::{NODES, analyse, open_finished_game};
use crate::common::double_seed;
use crate::driver::*;

/// The contrast of every analysis mark on the page against the background it is drawn on (its
/// nearest opaque ancestor's): `[[class, text, ratio], …]`.
const CONTRASTS: &str = "
    const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ground = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
      }
      return rgb(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
    };
    return [...document.querySelectorAll('.mark')].map((m) => {
      const [a, b] = [lum(rgb(getComputedStyle(m).color)), lum(ground(m))];
      return [m.className, m.textContent, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
    });";

/// Every mark reads at 4.5:1 or more where it is drawn.
async fn assert_marks_readable(c: &Client, when: &str) {
    let got = js(c, CONTRASTS).await;
    let marks = got.as_array().unwrap();
    assert!(!marks.is_empty(), "{when}: no marks");
    for m in marks {
        assert!(m[2].as_f64().unwrap() >= 4.5, "{when}: mark {m} reads below 4.5:1");
    }
}

/// The move table's notation: a proven value ends with ≡, an uncertain class keeps its own
/// sign, and every "!" in the table is a turning point's (or the inaccuracy's "?!").
async fn assert_notation(c: &Client) {
    let values = js(
        c,
        "return [...document.querySelectorAll('#moves tbody td:nth-child(11)')].map(td => td.textContent)",
    )
    .await;
    let values: Vec<String> = serde_json::from_value(values).unwrap();
    assert!(values.iter().any(|v| v.ends_with('≡')), "no proven value in the table: {values:?}");
    assert!(values.iter().all(|v| !v.contains('!')), "a value says \"!\": {values:?}");
    let stray = js(
        c,
        "const walk = document.createTreeWalker(document.querySelector('#moves tbody'), NodeFilter.SHOW_TEXT);
         const out = [];
         for (let n = walk.nextNode(); n; n = walk.nextNode()) {
           const ok = n.parentElement.closest('.mark-turning, .mark-inaccuracy');
           if (n.textContent.includes('!') && !ok) out.push(n.parentElement.outerHTML);
         }
         return out;",
    )
    .await;
    assert_eq!(stray, json!([]), "a \"!\" that is no turning point");
    let uncertain = js(
        c,
        "return [...document.querySelectorAll('.mark-uncertain')].map(m => [m.className, m.textContent])",
    )
    .await;
    for m in uncertain.as_array().unwrap() {
        let (cls, text) = (m[0].as_str().unwrap(), m[1].as_str().unwrap());
        let sign = if cls.contains("inaccuracy") {
            "?!"
        } else if cls.contains("blunder") {
            "??"
        } else {
            "?"
        };
        assert_eq!(text, sign, "{cls}");
    }
}

/// The marks of an uncertain mistake, in the page's own module: one "?" (as it is counted),
/// dotted, saying it may be worse; and a proven search value.
async fn assert_uncertain_mark(c: &Client, worse: &str) {
    let got = c
        .execute_async(
            r#"const done = arguments[0];
            Promise.all([import("/static/view-analysis.js"), import("/static/view-moves.js")]).then(([a, m]) => {
              const p = { ply: 9, side: "white", class: "mistake", uncertain: true, loss: 12, played_value: { points: 3, exact: false } };
              done({ marks: a.marks(p), value: m.value({ score: -2, proven: true }) });
            }, (e) => done({ failed: String(e) }));"#,
            vec![],
        )
        .await
        .unwrap();
    let mark = &got["marks"][0];
    assert_eq!(mark["text"], "?", "{got}");
    assert!(mark["cls"].as_str().unwrap().contains("mark-uncertain"), "{got}");
    assert!(mark["title"].as_str().unwrap().contains(worse), "{got}");
    assert_eq!(got["value"], "-2≡");
}

/// Where `sel`'s box is, and whether it is wholly inside the window.
async fn in_view(c: &Client, sel: &str) -> (bool, Value) {
    let v = js(
        c,
        &format!(
            "const r = document.querySelector({sel:?}).getBoundingClientRect();
             return [r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0,
                     [r.top, r.bottom, r.left, r.right, innerHeight, innerWidth, scrollY]];"
        ),
    )
    .await;
    (v[0] == json!(true), v[1].clone())
}

/// Tries the first exercise (a click on its first destination) and waits for the verdict.
async fn try_an_exercise(c: &Client) {
    wait(c, "the exercises button", "document.querySelector('#exercises-start')").await;
    js(c, "document.querySelector('#exercises-start').click(); return true").await;
    wait(
        c,
        "the exercise's destinations",
        "document.querySelector('.exercise-task') && document.querySelectorAll('.cell.dest').length > 0",
    )
    .await;
    click_a_move(c, 0).await;
    wait(c, "the verdict", "document.querySelector('.exercise-verdict')").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_notation_agrees_with_itself_and_reads_well_on_a_laptop() {
    let Some(page) = open_page_with(Screen::Desktop(1280, 800), "en-US", |c| c.analysis_nodes = NODES).await
    else {
        return;
    };
    open_finished_game(&page).await;
    let c = &page.c;
    analyse(c).await;
    assert_notation(c).await;
    assert_uncertain_mark(c, "may be worse").await;
    let legend = text(c, "document.querySelector('.analysis-panel').textContent").await;
    assert!(legend.contains("≡ exact (also a proven value"), "{legend}");
    // On a highlighted row too: a mistake's, reviewed.
    js(c, "document.querySelector('#moves .mark-mistake, #moves .mark-blunder').closest('tr').click(); return true")
        .await;
    wait(c, "the row reviewed", "document.querySelector('#moves tr.current .mark')").await;
    assert_marks_readable(c, "English").await;
    screenshot(c, "notation-desktop-en.png").await;
    // The exercise's verdict is on screen after a try, in both languages.
    for (lang, word) in [("en", "Analysis"), ("pt", "Análise")] {
        c.find(Locator::Css("#lang")).await.unwrap().select_by_value(lang).await.unwrap();
        wait(
            c,
            "the language",
            &format!("document.querySelector('#analysis-title').textContent === '{word}'"),
        )
        .await;
        assert_marks_readable(c, lang).await;
        try_an_exercise(c).await;
        let (seen, at) = in_view(c, ".exercise-verdict").await;
        assert!(seen, "{lang}: the verdict is off screen: {at}");
        assert_eq!(at[6], json!(0), "{lang}: the page scrolled");
        screenshot(c, &format!("exercise-laptop-{lang}.png")).await;
        js(c, "document.querySelector('#exercise-close').click(); return true").await;
        wait(c, "the exercises closed", "document.querySelector('#exercises-start')").await;
    }
    assert_uncertain_mark(c, "pode ser pior").await;
    assert_clean(c).await;
    page.close().await;
}

/// On a phone of `width`: the judgement of the ply shown and an exercise's verdict come right
/// after the board (before every other panel) and are in view; the players' names are whole.
async fn phone_shows_what_matters(width: u32, height: u32) {
    let Some(page) =
        open_page_with(Screen::Phone(width, height), "pt-PT", |c| c.analysis_nodes = NODES).await
    else {
        return;
    };
    open_finished_game(&page).await;
    let c = &page.c;
    analyse(c).await;
    let order = "const coach = document.querySelector('#coach').getBoundingClientRect().top;
        const board = document.querySelector('#board').getBoundingClientRect().bottom;
        const others = [...document.querySelectorAll('.side .panel:not(#coach), #result')].filter(p => !p.hidden).map(p => p.getBoundingClientRect().top);
        return [coach > board && others.every(t => t > coach), coach, board, others];";
    js(c, "document.querySelector('#moves tbody tr:nth-child(6)').click(); return true").await;
    wait(c, "the judgement", "document.querySelector('#coach .ply-judgement')").await;
    let at = js(c, order).await;
    assert_eq!(at[0], json!(true), "{width}: the judgement is not next to the board: {at}");
    // The names whole, and the side's name clear of the points.
    let players = js(
        c,
        "const r = (s) => document.querySelector(s).getBoundingClientRect();
         const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
         return ['white', 'black'].flatMap((side) => {
           const name = document.querySelector(`#name-${side}`);
           const bad = [];
           if (name.scrollWidth > name.clientWidth + 1) bad.push(`${side}: ${name.textContent} cut`);
           for (const s of [`#player-${side} .side-name`, `#name-${side}`]) {
             if (hit(r(s), r(`#points-${side}`)) || hit(r(s), r(`#clock-${side}`))) bad.push(`${s} runs into the points or the clock`);
           }
           return bad;
         });",
    )
    .await;
    assert_eq!(players, json!([]), "{width}");
    js(c, "document.querySelector('#board').scrollIntoView(); return true").await;
    try_an_exercise(c).await;
    let (seen, at) = in_view(c, ".exercise-verdict").await;
    assert!(seen, "{width}: the verdict is off screen: {at}");
    let at = js(c, order).await;
    assert_eq!(at[0], json!(true), "{width}: the exercise is not next to the board: {at}");
    screenshot(c, &format!("exercise-phone-{width}-pt.png")).await;
    assert_clean(c).await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_judgement_and_the_verdict_follow_the_board() {
    phone_shows_what_matters(390, 844).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_small_phone_the_judgement_and_the_verdict_follow_the_board() {
    phone_shows_what_matters(320, 640).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_buttons_and_the_invitation_are_on_a_laptops_screen() {
    let Some(page) = open_page(Screen::Desktop(1280, 800), "pt-PT").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;
    c.find(Locator::Css("#mode")).await.unwrap().select_by_value("human-human").await.unwrap();
    c.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    wait(
        c,
        "the game",
        "document.querySelector('#invite-white') && !document.querySelector('#invite-white').hidden",
    )
    .await;
    for (lang, word) in [("pt", "Convidar para"), ("en", "Invite for")] {
        c.find(Locator::Css("#lang")).await.unwrap().select_by_value(lang).await.unwrap();
        wait(
            c,
            "the language",
            &format!("document.querySelector('#invite-white').textContent.startsWith('{word}')"),
        )
        .await;
        c.find(Locator::Css("#invite-white")).await.unwrap().click().await.unwrap();
        wait(
            c,
            "the link",
            "!document.querySelector('#invite-box').hidden && document.querySelector('#invite-link').value",
        )
        .await;
        screenshot(c, &format!("invite-desktop-{lang}.png")).await;
        for sel in ["#undo", "#quit", "#last", "#invite-black", "#invite-link"] {
            let (seen, at) = in_view(c, sel).await;
            assert!(seen, "{lang}: {sel} is off screen: {at}");
        }
    }
    assert_clean(c).await;
    page.close().await;
}

/// The double to remove, chosen on the board: the candidates are uncovered cells, the status
/// line says what to do (`hint`), Escape cancels, and the cell clicked is the move played.
async fn choose_a_double(screen: Screen, lang: &str, hint: &str, shot: &str) {
    let Some(page) = open_page(screen, lang).await else { return };
    let (c, srv) = (&page.c, &page.srv);
    visit(c, srv).await;
    c.find(Locator::Css("#engine")).await.unwrap().select_by_value("greedy").await.unwrap();
    c.find(Locator::Css("#new-game summary")).await.unwrap().click().await.unwrap();
    c.find(Locator::Css("#seed")).await.unwrap().send_keys(&double_seed().to_string()).await.unwrap();
    c.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    wait(c, "the human's turn", MY_TURN).await;
    let land = "document.querySelector('.cell.dest.choice').click(); return true";
    js(c, land).await;
    let options = burn_choices(c).await;
    let uncovered = js(
        c,
        "return [...document.querySelectorAll('.cell.burn')].map((cell) => {
           const r = cell.getBoundingClientRect();
           const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
           return !!hit && hit.closest('.cell') === cell;
         }).concat([!document.querySelector('dialog[open]')]);",
    )
    .await;
    assert!(
        uncovered.as_array().unwrap().iter().all(|v| v == &json!(true)),
        "the board is covered: {uncovered}"
    );
    let said = text(c, "document.querySelector('#status').textContent").await;
    assert!(said.contains(hint), "{said}");
    screenshot(c, shot).await;
    // Escape: no choice, the destinations again.
    let body = c.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::Escape.to_string()).await.unwrap();
    wait(c, "the choice cancelled", &format!("!document.querySelector('.cell.burn') && {MY_TURN}")).await;
    // The last double offered (not the default): the move that removes it is played.
    js(c, land).await;
    let (cell, chosen) = burn_choices(c).await.last().unwrap().clone();
    assert_eq!(options.last().unwrap().1, chosen);
    c.find(Locator::Css(&format!(".cell.burn[data-cell='{cell}']"))).await.unwrap().click().await.unwrap();
    let played =
        wait(c, "the move", "document.querySelector('#moves tbody tr[data-ply=\"3\"] td:nth-child(3)')")
            .await;
    assert!(!played.is_null());
    let played = text(
        c,
        "document.querySelector('#moves tbody tr[data-ply=\"3\"] td:nth-child(3)').firstChild.textContent",
    )
    .await;
    assert_eq!(played, chosen);
    assert_clean(c).await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_double_is_chosen_on_the_board_on_a_desktop() {
    choose_a_double(
        Screen::Desktop(1280, 800),
        "en-US",
        "removes another double",
        "double-choice-desktop-en.png",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_double_is_chosen_on_the_board_on_a_phone() {
    choose_a_double(Screen::Phone(390, 844), "pt-PT", "remove outro duplo", "double-choice-phone-pt.png")
        .await;
}

/// The `n`th finished game of the greedy player against itself, with its log.dat.
async fn a_logged_game(srv: &crate::common::Server, seed: u64) -> (Value, String) {
    let st = srv.create(json!({"mode": "cc", "engine": "greedy", "time_ms": 10, "seed": seed})).await;
    let id = st["id"].as_str().unwrap().to_string();
    let st = srv.wait_for(&id, "the end", |st| st["status"] == "over").await;
    let (_, _, log) = srv.get_text(&format!("/api/games/{id}/log")).await;
    (st, log)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_of_two_games_is_picked_from_and_uploads_are_listed() {
    let Some(page) = open_page_with(Screen::Desktop(1280, 800), "pt-PT", |c| c.analysis_nodes = NODES).await
    else {
        return;
    };
    let (c, srv) = (&page.c, &page.srv);
    let (first, log1) = a_logged_game(srv, 4).await;
    let (second, log2) = a_logged_game(srv, 5).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("log.dat");
    std::fs::write(&file, format!("{log1}{log2}")).unwrap();

    visit(c, srv).await;
    c.execute("document.querySelector('#new-game').close()", vec![]).await.unwrap();
    c.find(Locator::Css("#games-button")).await.unwrap().click().await.unwrap();
    wait(c, "the games dialog", "document.querySelector('#games[open]')").await;
    c.find(Locator::Css("#upload-file")).await.unwrap().send_keys(file.to_str().unwrap()).await.unwrap();
    c.find(Locator::Css("#upload-button")).await.unwrap().click().await.unwrap();
    let choice = wait(c, "the choice", "document.querySelectorAll('.upload-pick').length === 2 && document.querySelector('#upload-choice').textContent").await;
    let choice = choice.as_str().unwrap();
    let plies = |st: &Value| st["plies"].as_array().unwrap().len();
    assert!(
        choice.contains("2 jogos") && choice.contains(&format!("{} meias-jogadas", plies(&second))),
        "{choice}"
    );
    assert!(choice.contains("greedy") && !choice.contains("computer:") && !choice.contains('T'), "{choice}");
    assert!(js(c, "return document.querySelector('#upload-error').hidden").await == json!(true));
    screenshot(c, "upload-choice-pt.png").await;
    js(c, "document.querySelectorAll('.upload-pick')[1].click(); return true").await;
    let moves = |st: &Value| {
        st["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["move"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let shown_moves = "[...document.querySelectorAll('#moves tbody td:nth-child(3)')].map(td => td.firstChild ? td.firstChild.textContent : '')";
    wait(
        c,
        "the second game",
        &format!("document.querySelectorAll('#moves tbody tr').length === {}", plies(&second)),
    )
    .await;
    let shown: Vec<String> = serde_json::from_value(js(c, &format!("return {shown_moves}")).await).unwrap();
    let pass = |m: &String| if m == "pass" { "passa".to_string() } else { m.clone() };
    assert_eq!(shown, moves(&second).iter().map(pass).collect::<Vec<_>>());
    assert_ne!(moves(&first), moves(&second));
    let uploaded = text(c, "/#\\/game\\/([A-Za-z0-9-]+)/.exec(location.hash)[1]").await;

    // Under Games: marked as uploaded, dated the reader's way; it opens from there.
    c.goto(&srv.url(&format!("/#/game/{}", first["id"].as_str().unwrap()))).await.unwrap();
    wait(
        c,
        "the first game",
        &format!("document.querySelectorAll('#moves tbody tr').length === {}", plies(&first)),
    )
    .await;
    c.find(Locator::Css("#games-button")).await.unwrap().click().await.unwrap();
    let line = wait(c, "the upload listed", &format!("document.querySelector('#games-list a[href$=\"{uploaded}\"]') && document.querySelector('#games-list a[href$=\"{uploaded}\"]').textContent")).await;
    let line = line.as_str().unwrap();
    assert!(line.contains("carregado de um ficheiro"), "{line}");
    let date = text(c, "document.querySelector('#games-list a').textContent.split(' · ')[0]").await;
    assert!(date.contains('/') && !date.contains('T'), "the reader's date: {date}");
    screenshot(c, "games-uploaded-pt.png").await;
    js(c, &format!("document.querySelector('#games-list a[href$=\"{uploaded}\"]').click(); return true"))
        .await;
    wait(c, "the upload opened", &format!("location.hash.endsWith('{uploaded}') && document.querySelectorAll('#moves tbody tr').length === {}", plies(&second))).await;
    assert_clean(c).await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn numbers_are_written_the_portuguese_way_everywhere() {
    let Some(page) = open_page(Screen::Desktop(1280, 800), "pt-PT").await else { return };
    let (c, srv) = (&page.c, &page.srv);
    let (st, _) = a_logged_game(srv, 7).await;
    let id = st["id"].as_str().unwrap();
    c.goto(&srv.url(&format!("/#/game/{id}"))).await.unwrap();
    wait(
        c,
        "the result",
        "!document.querySelector('#result').hidden && document.querySelector('#result-text').textContent",
    )
    .await;
    let got = js(
        c,
        "const q = (s) => document.querySelector(s).textContent;
         return [q('#result-text'), q('#points-white'), q('#points-black'), q('#moves tbody tr:last-child td:nth-child(5)'),
                 ...[...document.querySelectorAll('#summary td')].map((td) => td.textContent)];",
    )
    .await;
    let got: Vec<String> = serde_json::from_value(got).unwrap();
    let points = &st["plies"].as_array().unwrap().last().unwrap()["points"];
    assert!(
        points.as_array().unwrap().iter().any(|p| p.as_u64().unwrap() >= 1000),
        "no points in the thousands: {points}"
    );
    let (result, white, black) = (&got[0], &got[1], &got[2]);
    assert!(
        result.contains(white.as_str()) && result.contains(black.as_str()),
        "{result} beside {white} and {black}"
    );
    assert_eq!(&got[3], &format!("{white}–{black}"));
    for shown in &got {
        let digits: Vec<usize> = shown.split(|ch: char| !ch.is_ascii_digit()).map(str::len).collect();
        assert!(digits.iter().all(|&n| n < 4), "a number in the thousands not grouped: {shown:?}");
    }
    assert_clean(c).await;
    page.close().await;
}
