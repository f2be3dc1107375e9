//! The analysis board: a finished game analysed on request, its progress, the figures of each
//! side, the marks of the move list, the value chart that goes to a ply when clicked, the
//! judgement and arrows of the ply shown, stepping with the keys; on a desktop in English and on a
//! phone in Portuguese (no English word on it), with screenshots.

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::json;

use crate::driver::*;

/// Nodes per position: a small budget, so the analysis of a whole game takes about a second.
pub(crate) const NODES: u64 = 20_000;

/// A finished game of our engine (White, searching 20 ms a move: the table's statistics have
/// six figures) against the greedy player (plenty of mistakes), opened by its address.
pub(crate) async fn open_finished_game(page: &Page) -> String {
    let (c, srv) = (&page.c, &page.srv);
    let st = srv
        .create(json!({"mode": "cc", "white_engine": "cavalo", "black_engine": "greedy", "time_ms": 20, "seed": 7}))
        .await;
    let id = st["id"].as_str().unwrap().to_string();
    srv.wait_for(&id, "the end", |st| st["status"] == "over").await;
    c.goto(&srv.url(&format!("/#/game/{id}"))).await.unwrap();
    wait(
        c,
        "the game",
        "document.documentElement.dataset.ready && document.querySelectorAll('#moves tbody tr').length > 10",
    )
    .await;
    c.execute(
        "document.querySelector('#game-over[open]') && document.querySelector('#game-over').close()",
        vec![],
    )
    .await
    .unwrap();
    id
}

/// Asks for the analysis and waits for its chart.
pub(crate) async fn analyse(c: &Client) {
    wait(c, "the analyse button", "document.querySelector('#analyse')").await;
    c.find(Locator::Css("#analyse")).await.unwrap().click().await.unwrap();
    wait(c, "the value chart", "document.querySelector('.value-chart')").await;
}

/// The judgement line of the ply shown.
async fn judgement(c: &Client) -> String {
    text(c, "document.querySelector('.ply-judgement').textContent").await
}

async fn check_board(c: &Client, plies: u64) {
    assert_eq!(js(c, "return document.querySelectorAll('.analysis-sides tbody tr').length").await, json!(2));
    let marks = js(c, "return document.querySelectorAll('#moves .mark').length").await.as_u64().unwrap();
    assert!(marks > 0, "the move list has the analysis's marks");
    let bad =
        js(c, "return document.querySelectorAll('#moves .mark-mistake, #moves .mark-blunder').length").await;
    assert!(bad.as_u64().unwrap() > 0, "greedy play has mistakes");
    assert!(
        js(c, "return document.querySelectorAll('#moves .mark-exact').length").await.as_u64().unwrap() > 0
    );
    assert!(
        js(c, "return document.querySelectorAll('.value-line.exact').length").await.as_u64().unwrap() > 0
    );

    // The chart goes to the ply clicked: its left edge is the start.
    let chart = c.find(Locator::Css(".value-chart")).await.unwrap();
    c.execute(
        "const r = arguments[0].getBoundingClientRect();
         arguments[0].dispatchEvent(new MouseEvent('click', {clientX: r.left + r.width * 0.55, clientY: r.top + 10, bubbles: true}));",
        vec![serde_json::to_value(&chart).unwrap()],
    )
    .await
    .unwrap();
    let shown = wait(c, "a ply under review", "document.querySelector('#moves tr.current')").await;
    assert!(!shown.is_null());
    let at = js(c, "return Number(document.querySelector('#moves tr.current').dataset.ply)")
        .await
        .as_u64()
        .unwrap();
    assert!(at > 1 && at < plies, "clicked near the middle: ply {at} of {plies}");
    assert!(judgement(c).await.starts_with(&format!("{at}.")), "{}", judgement(c).await);

    // Home: the start; → twice: ply 2; End: the last ply.
    c.execute("document.activeElement && document.activeElement.blur()", vec![]).await.unwrap();
    let body = c.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::Home.to_string()).await.unwrap();
    wait(c, "the start", "!document.querySelector('#moves tr.current') || document.querySelector('#moves tr.current').dataset.ply === '0'").await;
    body.send_keys(&format!("{}{}", Key::Right, Key::Right)).await.unwrap();
    wait(c, "ply 2", "document.querySelector('#moves tr.current') && document.querySelector('#moves tr.current').dataset.ply === '2'").await;
    assert!(judgement(c).await.starts_with("2."));
    // A move with a knight before it: the move played drawn as an arrow.
    body.send_keys(&format!("{}{}{}", Key::Right, Key::Right, Key::Right)).await.unwrap();
    wait(c, "ply 5", "document.querySelector('#moves tr.current') && document.querySelector('#moves tr.current').dataset.ply === '5'").await;
    assert!(
        js(c, "return document.querySelectorAll('#overlay .arrow-played').length").await.as_u64().unwrap()
            >= 1
    );
    assert_clean(c).await;
}

/// Every unclear mark of the move list (∞, its own colour) says what it means in the page's
/// language (`word`), and the sides' column of unclear moves counts them.
async fn check_unclear_marks(c: &Client, word: &str) {
    let marks = js(c, "return [...document.querySelectorAll('#moves .mark-unclear')].map(m => m.textContent + ' ' + m.title)").await;
    for m in marks.as_array().unwrap() {
        let m = m.as_str().unwrap();
        assert!(m.starts_with('∞') && m.contains(word), "{m}");
    }
    let counted = js(c, "return [...document.querySelectorAll('.analysis-sides tbody td:last-child')].reduce((n, td) => n + Number(td.textContent), 0)").await;
    assert_eq!(
        counted.as_u64().unwrap() as usize,
        marks.as_array().unwrap().len(),
        "unclear moves counted apart"
    );
}

/// At 1280 pixels the move table shows every column, the analysis's marks included, without
/// scrolling sideways.
async fn assert_table_fits(c: &Client, lang: &str) {
    let w = js(
        c,
        "const b = document.querySelector('.table-wrap');
         const cols = [...document.querySelectorAll('#moves thead th')].map(th => th.textContent + ' ' + Math.round(th.getBoundingClientRect().width));
         return [b.scrollWidth, b.clientWidth, cols.join(', ')];",
    )
    .await;
    let (scroll, client) = (w[0].as_u64().unwrap(), w[1].as_u64().unwrap());
    assert!(
        scroll <= client,
        "{lang}: the move table is {scroll} pixels wide in a box of {client}: {}",
        w[2]
    );
}

/// Learn from your mistakes: the first exercise shows the position before the move to better, a
/// try on the board is judged with the answer drawn, and the exercise can be tried again.
async fn do_an_exercise(c: &Client, shot: &str) {
    c.find(Locator::Css("#exercises-start")).await.unwrap().click().await.unwrap();
    let task = wait(
        c,
        "the first exercise",
        "document.querySelector('.exercise-task') && document.querySelector('.exercise-task').textContent",
    )
    .await;
    let ply = js(c, "return Number(/\\d+/.exec(document.querySelector('.exercise-task').textContent)[0])")
        .await
        .as_u64()
        .unwrap();
    // The board shows the position before that ply, its legal destinations offered.
    wait(c, "the exercise's position", &format!("document.querySelector('#moves tr.current') ? document.querySelector('#moves tr.current').dataset.ply === '{}' : {}", ply - 1, ply == 1)).await;
    let dests = wait(c, "the destinations", "document.querySelectorAll('.cell.dest').length").await;
    assert!(dests.as_u64().unwrap() >= 2, "{task}");
    click_a_move(c, 0).await;
    let said = wait(c, "the judgement", "document.querySelector('.exercise-verdict') && document.querySelector('.exercise-verdict').textContent").await;
    assert!(said.as_str().unwrap().len() > 10, "{said}");
    assert!(
        js(c, "return document.querySelectorAll('#overlay .arrow-played').length").await.as_u64().unwrap()
            >= 1
    );
    assert_eq!(
        js(c, "return document.querySelectorAll('.cell.dest').length").await,
        json!(0),
        "answered: no more tries"
    );
    screenshot(c, shot).await;
    c.find(Locator::Css("#exercise-again")).await.unwrap().click().await.unwrap();
    wait(c, "the destinations again", "document.querySelectorAll('.cell.dest').length > 0").await;
    c.find(Locator::Css("#exercise-close")).await.unwrap().click().await.unwrap();
    wait(c, "the exercises closed", "document.querySelector('#exercises-start')").await;
    assert_clean(c).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_in_the_page() {
    let Some(page) = open_page_with(Screen::Desktop(1280, 1000), "en-US", |c| c.analysis_nodes = NODES).await
    else {
        return;
    };
    let id = open_finished_game(&page).await;
    let c = &page.c;
    let about = text(c, "document.querySelector('#analysis').textContent").await;
    assert!(about.contains("Analyse the game"), "{about}");
    analyse(c).await;
    let plies = page.srv.get(&format!("/api/games/{id}")).await.1["plies"].as_array().unwrap().len() as u64;
    let head = text(c, "document.querySelector('.analysis-sides thead').textContent").await;
    assert!(head.contains("Accuracy") && head.contains("Mean loss") && head.contains('∞'), "{head}");
    let legend =
        text(c, "[...document.querySelectorAll('.muted.small')].map(e => e.textContent).join(' ')").await;
    assert!(legend.contains("∞ unclear"), "the unclear mark has its words: {legend}");
    check_unclear_marks(c, "unclear").await;
    check_board(c, plies).await;
    // A blunder's row, reviewed, for the screenshot.
    c.execute(
        "document.querySelector('#moves .mark-blunder, #moves .mark-mistake').closest('tr').click()",
        vec![],
    )
    .await
    .unwrap();
    wait(
        c,
        "the blunder reviewed",
        "document.querySelector('#moves tr.current .mark-blunder, #moves tr.current .mark-mistake')",
    )
    .await;
    screenshot(c, "analysis-desktop-en.png").await;
    assert_table_fits(c, "English").await;
    c.find(Locator::Css("#lang")).await.unwrap().select_by_value("pt").await.unwrap();
    wait(c, "the page in Portuguese", "document.querySelector('#analysis-title').textContent === 'Análise'")
        .await;
    assert_table_fits(c, "Portuguese").await;
    screenshot(c, "analysis-desktop-pt.png").await;
    do_an_exercise(c, "exercise-desktop-pt.png").await;
    c.find(Locator::Css("#lang")).await.unwrap().select_by_value("en").await.unwrap();
    wait(c, "the page in English", "document.querySelector('#analysis-title').textContent === 'Analysis'")
        .await;
    do_an_exercise(c, "exercise-desktop-en.png").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_in_portuguese() {
    let Some(page) = open_page_with(Screen::Phone(390, 844), "pt-PT", |c| c.analysis_nodes = NODES).await
    else {
        return;
    };
    let id = open_finished_game(&page).await;
    let c = &page.c;
    analyse(c).await;
    let plies = page.srv.get(&format!("/api/games/{id}")).await.1["plies"].as_array().unwrap().len() as u64;
    let panel = text(c, "document.querySelector('.analysis-panel').textContent").await;
    assert!(panel.contains("Precisão") && panel.contains("Perda média"), "{panel}");
    assert!(panel.contains("∞ inconclusiva"), "the unclear mark has its words: {panel}");
    check_unclear_marks(c, "inconclusiva").await;
    let english = cavalo_session::i18n::english_words_in(&panel, &["greedy"]);
    assert_eq!(english, Vec::<String>::new(), "English in the Portuguese panel: {panel}");
    // Decimals with a comma.
    let accuracy = text(c, "document.querySelector('.analysis-sides tbody td').textContent").await;
    assert!(accuracy.contains(',') || accuracy == "100,0 %" || !accuracy.contains('.'), "{accuracy}");
    check_board(c, plies).await;
    c.execute("document.querySelector('.analysis-panel').scrollIntoView()", vec![]).await.unwrap();
    screenshot(c, "analysis-phone-pt.png").await;
    c.execute("document.querySelector('#board').scrollIntoView()", vec![]).await.unwrap();
    do_an_exercise(c, "exercise-phone-pt.png").await;
    // The same phone in English.
    c.find(Locator::Css("#lang")).await.unwrap().select_by_value("en").await.unwrap();
    wait(c, "the page in English", "document.querySelector('#analysis-title').textContent === 'Analysis'")
        .await;
    c.execute("document.querySelector('.analysis-panel').scrollIntoView()", vec![]).await.unwrap();
    screenshot(c, "analysis-phone-en.png").await;
    c.execute("document.querySelector('#board').scrollIntoView()", vec![]).await.unwrap();
    do_an_exercise(c, "exercise-phone-en.png").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_file_is_opened_and_analysed() {
    let Some(page) = open_page_with(Screen::Desktop(1280, 1000), "pt-PT", |c| c.analysis_nodes = NODES).await
    else {
        return;
    };
    let (c, srv) = (&page.c, &page.srv);
    let st = srv.create(json!({"mode": "cc", "engine": "greedy", "time_ms": 10, "seed": 4})).await;
    let id = st["id"].as_str().unwrap().to_string();
    srv.wait_for(&id, "the end", |st| st["status"] == "over").await;
    let (_, _, log) = srv.get_text(&format!("/api/games/{id}/log")).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("log.dat");
    std::fs::write(&file, &log).unwrap();

    visit(c, srv).await;
    c.execute("document.querySelector('#new-game').close()", vec![]).await.unwrap();
    c.find(Locator::Css("#games-button")).await.unwrap().click().await.unwrap();
    wait(c, "the games dialog", "document.querySelector('#games[open]')").await;
    // No file: nothing happens; a file that is no game: the server's words, in Portuguese.
    let junk = dir.path().join("notes.txt");
    std::fs::write(&junk, "apontamentos").unwrap();
    c.find(Locator::Css("#upload-file")).await.unwrap().send_keys(junk.to_str().unwrap()).await.unwrap();
    c.find(Locator::Css("#upload-button")).await.unwrap().click().await.unwrap();
    let said = wait(c, "the refusal", "!document.querySelector('#upload-error').hidden && document.querySelector('#upload-error').textContent").await;
    assert!(said.as_str().unwrap().contains("não tem nenhum jogo"), "{said}");
    c.execute("document.querySelector('#upload-file').value = ''", vec![]).await.unwrap();
    c.find(Locator::Css("#upload-file")).await.unwrap().send_keys(file.to_str().unwrap()).await.unwrap();
    c.find(Locator::Css("#upload-button")).await.unwrap().click().await.unwrap();
    // The game opens (a new id) and its analysis starts at once.
    let shown =
        wait(c, "the uploaded game", "(/#\\/game\\/([A-Za-z0-9-]+)/.exec(location.hash) || [])[1]").await;
    assert_ne!(shown.as_str().unwrap(), id);
    wait(c, "the value chart", "document.querySelector('.value-chart')").await;
    assert!(
        text(c, "document.querySelector('#watching').hidden").await == "false",
        "nobody plays an uploaded game"
    );

    // The engine's live lines for a position of the game, on request, drawn on the board: the
    // position before one of its exercises.
    let (_, list) = srv.get(&format!("/api/games/{}/exercises", shown.as_str().unwrap())).await;
    let ply = list["exercises"][0]["ply"].as_u64().expect("an exercise");
    assert!(ply >= 2, "the first exercise is at ply {ply}");
    c.execute("document.activeElement && document.activeElement.blur()", vec![]).await.unwrap();
    let body = c.find(Locator::Css("body")).await.unwrap();
    let keys: String =
        std::iter::once(Key::Home.to_string()).chain((1..ply).map(|_| Key::Right.to_string())).collect();
    body.send_keys(&keys).await.unwrap();
    let at = format!(
        "document.querySelector('#moves tr.current') && document.querySelector('#moves tr.current').dataset.ply === '{}'",
        ply - 1
    );
    wait(c, "the position before the exercise", &at).await;
    c.find(Locator::Css("#think")).await.unwrap().click().await.unwrap();
    let lines = wait(
        c,
        "the live lines",
        "document.querySelector('.think-lines') && document.querySelector('.think-lines').textContent",
    )
    .await;
    assert!(lines.as_str().unwrap().contains("profundidade"), "{lines}");
    assert!(
        js(c, "return document.querySelectorAll('#overlay .pv-line, #overlay circle').length")
            .await
            .as_u64()
            .unwrap()
            >= 1
    );
    screenshot(c, "think-desktop-pt.png").await;
    // The exercises start at this very position: they never show the engine's line (its answer).
    c.find(Locator::Css("#exercises-start")).await.unwrap().click().await.unwrap();
    wait(c, "the exercise", "document.querySelector('.exercise-task')").await;
    let task_ply =
        js(c, "return Number(/\\d+/.exec(document.querySelector('.exercise-task').textContent)[0])").await;
    assert_eq!(task_ply.as_u64(), Some(ply));
    assert_eq!(js(c, "return document.querySelectorAll('.think-lines').length").await, json!(0));
    assert_eq!(
        js(c, "return document.querySelectorAll('#overlay .pv-line, #overlay circle').length").await,
        json!(0),
        "the engine's line is not drawn on the exercise"
    );
    c.find(Locator::Css("#exercise-close")).await.unwrap().click().await.unwrap();
    wait(c, "the exercises closed", "document.querySelector('#exercises-start')").await;
    // Stopped if still searching: found and clicked in one step, since the button is redrawn
    // (a stale element otherwise) when the search ends between a look and a click.
    js(c, "const b = document.querySelector('#think-stop'); if (b) b.click(); return true").await;
    wait(c, "the lines stopped", "document.querySelector('#think')").await;
    assert_clean(c).await;
    page.close().await;
}
