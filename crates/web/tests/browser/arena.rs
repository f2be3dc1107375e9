//! The arena's tab (`#/arena`) on a server with the arena on: in Portuguese on a phone, its entry
//! in the navigation, a program uploaded through the form (a wrong class code refused in
//! Portuguese first), the new version in the standings with its games, the team and the code
//! remembered, and a game of the list opened on the board; then in English on a desktop. With
//! SBCL and bubblewrap the program plays, without them it forfeits at load: neither is relied on.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::driver::*;

const CODE: &str = "CODE1234";

/// The team's program: the course's greedy player (which takes the side to move) and the rules it
/// loads from its folder, as paths for the file input.
fn program() -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters/lisp/examples");
    let path =
        |name: &str| dir.join(name).canonicalize().expect("the example").to_string_lossy().into_owned();
    format!("{}\n{}", path("greedy.lisp"), path("course-rules.lisp"))
}

/// Types `text` into the field `sel`, replacing what it held.
async fn fill(c: &Client, sel: &str, text: &str) {
    let field = c.find(Locator::Css(sel)).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(text).await.unwrap();
}

/// The page is no wider than its window.
async fn assert_fits(c: &Client, when: &str) {
    let fits = js(c, "return document.documentElement.scrollWidth <= innerWidth").await;
    assert_eq!(fits, json!(true), "{when}: the page is wider than the window");
}

/// Waits up to `secs` for a game in the arena's list; answers its id, if one came.
async fn a_listed_game(c: &Client, secs: u64) -> Option<String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        let id = js(
            c,
            "const li = document.querySelector('#arena-games li[data-game]'); return li && li.dataset.game",
        )
        .await;
        if let Some(id) = id.as_str() {
            return Some(id.to_string());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arena_tab_takes_a_program_and_shows_its_standing_and_games() {
    let arena =
        |c: &mut cavalo_web::WebConfig| c.arena = Some(cavalo_web::ArenaConfig::new(Some(CODE.into())));
    let Some(page) = open_page_with(Screen::Phone(390, 844), "pt-PT", arena).await else { return };
    let (c, srv) = (&page.c, &page.srv);

    // The arena's entry is in the navigation; it shows the tab instead of the board.
    visit(c, srv).await;
    wait(c, "the arena's entry", "!document.querySelector('#arena-link').hidden").await;
    c.find(Locator::Css("#new-game-cancel")).await.unwrap().click().await.unwrap();
    c.find(Locator::Css("#arena-link")).await.unwrap().click().await.unwrap();
    wait(
        c,
        "the arena's tab",
        "!document.querySelector('#arena').hidden && document.querySelector('.layout').hidden",
    )
    .await;
    let empty =
        wait(c, "the empty standings", "document.querySelector('#arena-standings tbody').textContent").await;
    assert!(empty.as_str().unwrap().contains("Ainda não há programas"), "{empty}");
    assert_eq!(text(c, "document.querySelector('#arena-link').textContent").await, "Arena");
    // The header's entries, one more now, stay on one line within the phone's width.
    let header = "[...document.querySelectorAll('.top nav > *')].filter(e => !e.hidden).map(e => e.getBoundingClientRect()).every(r => r.right <= innerWidth && r.height < 42)";
    assert_eq!(js(c, &format!("return {header}")).await, json!(true), "the header does not fit the phone");
    assert_eq!(
        text(c, "document.querySelector('#arena-standings-title').textContent").await,
        "Classificação"
    );

    // A program with a wrong class code: refused in Portuguese, in the server's words.
    fill(c, "#arena-team", "Equipa Teste").await;
    fill(c, "#arena-code", "ERRADO99").await;
    c.find(Locator::Css("#arena-files")).await.unwrap().send_keys(&program()).await.unwrap();
    let total = wait(c, "the files' size", "document.querySelector('#arena-files-total').textContent").await;
    let total = total.as_str().unwrap();
    assert!(total.starts_with("2 ficheiros") && total.contains("de 512 KiB"), "{total}");
    // Two files: the one to load is chosen.
    wait(c, "the entry's choice", "!document.querySelector('#arena-entry-field').hidden").await;
    c.find(Locator::Css("#arena-entry")).await.unwrap().select_by_value("greedy.lisp").await.unwrap();
    c.find(Locator::Css("#arena-form summary")).await.unwrap().click().await.unwrap();
    fill(c, "#arena-args", "state+time+side").await;
    c.find(Locator::Css("#arena-send")).await.unwrap().click().await.unwrap();
    let refused = wait(c, "the refusal", "!document.querySelector('#arena-upload-error').hidden && document.querySelector('#arena-upload-error').textContent").await;
    assert!(refused.as_str().unwrap().contains("código da turma"), "{refused}");

    // The right code: the new version is in the standings, and its games are listed.
    fill(c, "#arena-code", CODE).await;
    c.find(Locator::Css("#arena-send")).await.unwrap().click().await.unwrap();
    let id = wait(c, "the version's address", "(/^#\\/arena\\/(.+)$/.exec(location.hash) || [])[1]").await;
    let id = id.as_str().unwrap().to_string();
    let done = text(c, "document.querySelector('#arena-upload-done').textContent").await;
    assert!(done.contains("Equipa Teste v1"), "{done}");
    let row = wait(
        c,
        "the version's row",
        &format!("document.querySelector('#arena-standings tr[data-id=\"{id}\"]')?.textContent"),
    )
    .await;
    assert!(row.as_str().unwrap().contains("Equipa Teste"), "{row}");
    assert_eq!(
        js(
            c,
            &format!("return document.querySelector('tr[data-id=\"{id}\"]').classList.contains('selected')")
        )
        .await,
        json!(true)
    );
    let title = text(c, "document.querySelector('#arena-games-title').textContent").await;
    assert_eq!(title, "Jogos de Equipa Teste v1");
    let (_, arena_now) = srv.get(&format!("/api/arena?program={id}")).await;
    assert_eq!(arena_now["standings"][0]["team"], "Equipa Teste");
    assert_fits(c, "the standings on a phone").await;
    let game = a_listed_game(c, 40).await;
    // Let a forfeit's reason or a game's marker be drawn before the picture.
    tokio::time::sleep(Duration::from_millis(500)).await;
    js(c, "scrollTo(0, 0); return null").await;
    screenshot(c, "arena-phone-pt.png").await;
    assert_fits(c, "the games on a phone").await;
    assert_clean(c).await;

    // The team and the code are remembered for the next upload.
    c.refresh().await.unwrap();
    wait(
        c,
        "the tab again",
        "document.documentElement.dataset.ready && !document.querySelector('#arena').hidden",
    )
    .await;
    assert_eq!(text(c, "document.querySelector('#arena-team').value").await, "Equipa Teste");
    assert_eq!(text(c, "document.querySelector('#arena-code').value").await, CODE);
    assert_eq!(js(c, "return !!document.querySelector('#new-game[open]')").await, json!(false));

    // A game of the list opens on the board (live, or finished with its analysis to ask for).
    if let Some(game) = &game {
        wait(
            c,
            "the game's link",
            &format!("document.querySelector('#arena-games li[data-game=\"{game}\"] a.arena-open')"),
        )
        .await;
        js(c, &format!("document.querySelector('#arena-games li[data-game=\"{game}\"] a.arena-open').click(); return null")).await;
        wait(c, "the board", &format!("location.hash === '#/game/{game}' && !document.querySelector('.layout').hidden && document.querySelector('#arena').hidden")).await;
        // The team's program is one of the players, by its team and version.
        let names = "document.querySelector('#name-white').textContent + ' / ' + document.querySelector('#name-black').textContent";
        wait(c, "the team among the players", &format!("({names}).includes('Equipa Teste v1')")).await;
        assert_clean(c).await;
    } else {
        eprintln!("no arena game came within 40 s: the link to the board is not checked");
    }

    // In English on a desktop: the same tab, its words English.
    let (_driver, d) = page.second_browser(Screen::Desktop(1280, 900), "en-US").await;
    d.goto(&srv.url("/#/arena")).await.unwrap();
    wait(&d, "the standings", &format!("document.querySelector('#arena-standings tr[data-id=\"{id}\"]')"))
        .await;
    assert_eq!(text(&d, "document.querySelector('#arena-standings-title').textContent").await, "Standings");
    assert_eq!(js(&d, "return !!document.querySelector('#new-game[open]')").await, json!(false));
    if game.is_some() {
        wait(&d, "the games", "document.querySelector('#arena-games li[data-game]')").await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    screenshot(&d, "arena-desktop-en.png").await;
    assert_clean(&d).await;
    d.close().await.unwrap();
    page.close().await;
}
