use cavalo_rules::Start;
use cavalo_session::{GameConfig, PlayerConfig};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::model::{Model, Msg, update};
use super::*;
use cavalo_session::controller::{Input, Prompt, Waiting};

fn text(b: &Buffer) -> String {
    let w = b.area.width as usize;
    b.content()
        .chunks(w)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn draw(m: &Model, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::view(f, m)).unwrap();
    t.backend().buffer().clone()
}

fn model(lang: Lang) -> Model {
    let mut c = GameConfig::new(Start::Seed(1));
    c.players = [PlayerConfig::human(), PlayerConfig::computer("greedy".parse().unwrap())];
    c.time_ms = 20;
    let mut m = Model::new(Session::new(c).unwrap(), lang);
    ticks(&mut m);
    m
}

/// Ticks while the game has steps to take by itself (forced plies, the end).
fn ticks(m: &mut Model) {
    while m.ctl.waiting() == Waiting::Tick {
        update(m, Msg::Tick).unwrap();
    }
}

/// Ticks until the computer has replied (or a human is to move).
fn settle(m: &mut Model) {
    for _ in 0..500 {
        update(m, Msg::Tick).unwrap();
        if matches!(m.ctl.waiting(), Waiting::Input | Waiting::Over) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the computer did not reply");
}

fn submit(m: &mut Model, line: &str) {
    m.ctl.input(Input::Line(line.into()));
}

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

#[test]
fn the_whole_board_shows_at_80x24_with_marks() {
    let m = model(Lang::En);
    let b = draw(&m, 80, 24);
    let screen = text(&b);
    assert!(screen.contains("  A    B    C    D    E    F    G    H    I    J"), "{screen}");
    for r in 1..=10 {
        assert!(screen.lines().any(|l| l.contains(&format!("│{r:>3}  "))), "row {r}\n{screen}");
    }
    assert!(screen.contains(" 32   42   35   28   03 "), "{screen}");
    assert!(screen.contains("[BN]") && screen.contains("WN"), "{screen}");
    assert!(screen.contains("*00"), "the human's destinations are marked\n{screen}");
    assert!(screen.contains("White to move"), "{screen}");
}

#[test]
fn below_the_minimum_size_a_clear_message() {
    let m = model(Lang::Pt);
    let screen = text(&draw(&m, 50, 15));
    assert!(screen.contains("demasiado pequena"), "{screen}");
    let screen = text(&draw(&model(Lang::En), 57, 30));
    assert!(screen.contains("too small") && screen.contains("58×20"), "{screen}");
}

#[test]
fn the_newest_move_shows_at_any_height() {
    let mut m = model(Lang::En);
    for _ in 0..6 {
        let mv = m.ctl.game().position().legal_moves()[0];
        submit(&mut m, &mv.to_string());
        if matches!(m.ctl.prompt(), Prompt::Removal { .. }) {
            submit(&mut m, "");
        }
        settle(&mut m);
    }
    // Long messages that wrap must not push the newest off either.
    submit(&mut m, &"x".repeat(300));
    let last = m.ctl.game().last_ply().unwrap().mv.to_string();
    for h in [20u16, 24, 30, 50] {
        for w in [80u16, 120] {
            let screen = text(&draw(&m, w, h));
            assert!(screen.contains(&last), "{w}x{h}: newest move {last} missing\n{screen}");
            let messages = m.ctl.view().messages;
            let newest = messages.last().unwrap();
            assert!(screen.contains(&newest[newest.len().saturating_sub(20)..]), "{w}x{h}\n{screen}");
        }
    }
}

#[test]
fn cancel_and_esc_leave_the_double_prompt() {
    let mut m = model(Lang::En);
    submit(&mut m, "e3");
    assert!(matches!(m.ctl.prompt(), Prompt::Removal { .. }));
    assert!(text(&draw(&m, 80, 24)).contains("cancel (Esc"), "Esc is mentioned");
    submit(&mut m, "cancel");
    assert_eq!(m.ctl.prompt(), &Prompt::Move);
    assert_eq!(m.ctl.game().plies().len(), 2);
    submit(&mut m, "e3");
    update(&mut m, key(KeyCode::Esc)).unwrap();
    assert_eq!(m.ctl.prompt(), &Prompt::Move);
    submit(&mut m, "e3");
    submit(&mut m, "88");
    assert_eq!(m.ctl.game().last_ply().unwrap().mv.to_string(), "E3x88");
}

#[test]
fn after_undo_the_last_search_panel_forgets_the_undone_move() {
    let mut m = model(Lang::En);
    assert!(text(&draw(&m, 100, 30)).contains("No search yet."));
    submit(&mut m, "e3");
    submit(&mut m, "");
    settle(&mut m);
    let reply = m.ctl.game().last_ply().unwrap().mv.to_string();
    let screen = text(&draw(&m, 100, 30));
    assert!(
        screen.contains(&format!("Last search: Black (greedy engine) {reply}"))
            && screen.contains("nodes analysed"),
        "{screen}"
    );
    submit(&mut m, "undo");
    let screen = text(&draw(&m, 100, 30));
    assert!(screen.contains("No search yet.") && !screen.contains("Last search: Black"), "{screen}");
}

#[test]
fn the_totals_are_not_cut_at_80x24() {
    let mut c = GameConfig::new(Start::Seed(3));
    c.players = [
        PlayerConfig::computer("greedy".parse().unwrap()),
        PlayerConfig::computer("greedy".parse().unwrap()),
    ];
    c.time_ms = 10;
    let mut m = Model::new(Session::new(c).unwrap(), Lang::Pt);
    for _ in 0..5000 {
        update(&mut m, Msg::Tick).unwrap();
        if m.ctl.waiting() == Waiting::Over {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(m.ctl.waiting(), Waiting::Over);
    let screen = text(&draw(&m, 80, 24));
    if std::env::var_os("CAVALO_SHOW").is_some() {
        println!("{screen}");
    }
    for word in [
        "Vitória",
        "nós analisados",
        "profundidade média / profundidade máxima",
        "cortes alfa / cortes beta",
        " Branco ",
        " Preto ",
    ] {
        assert!(
            screen.contains(word) || (word == "Vitória" && screen.contains("Empate")),
            "{word}\n{screen}"
        );
    }
    update(&mut m, key(KeyCode::Char('x'))).unwrap();
    assert!(m.done());
}

#[test]
fn the_replay_screen() {
    let m = model(Lang::En);
    let rec = cavalo_session::store::record::build(m.ctl.game());
    let positions = rec.replay().unwrap();
    let moves = rec.parsed_moves().unwrap();
    let stats = [None, Some("nodes 1234 depth 7".to_string())];
    let r = Replay { title: "a game", positions: &positions, moves: &moves, stats: &stats };
    // At 80×24, the size of a plain terminal: the whole board and the ply's statistics.
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| render_replay(f, Lang::En, &r, 2)).unwrap();
    let screen = text(t.backend().buffer());
    assert!(screen.contains("Ply 2 of 2"), "{screen}");
    assert!(screen.contains("White 86"));
    assert!(screen.contains("Last move:"));
    assert!(screen.contains("A    B    C    D    E    F    G    H    I    J"), "{screen}");
    assert!(screen.contains("nodes 1234"), "the ply's search statistics: {screen}");
    assert!(screen.contains("[BN]") && screen.contains("WN"));
    let r = Replay { title: "um jogo", ..r };
    t.draw(|f| render_replay(f, Lang::Pt, &r, 0)).unwrap();
    let screen = text(t.backend().buffer());
    assert!(screen.contains("Meia-jogada 0 de 2") && screen.contains("Branco 0  Preto 0"), "{screen}");
    assert!(!screen.contains("WN"));
}

/// The same scripted game as the plain terminal's and the web API's tests (seed 11, human
/// against human, each human's `k`-th legal move at ply `k`): the TUI says the session's
/// announcements, in order, in both languages.
#[test]
fn the_tui_says_the_models_announcements() {
    for lang in Lang::ALL {
        let mut c = GameConfig::new(Start::Seed(11));
        c.players = [PlayerConfig::human(), PlayerConfig::human()];
        let mut m = Model::new(Session::new(c).unwrap(), lang);
        ticks(&mut m);
        while matches!(m.ctl.game().turn(), cavalo_session::Turn::Human(_)) {
            let moves = m.ctl.game().position().legal_moves();
            let mv = moves[m.ctl.game().plies().len() % moves.len()];
            submit(&mut m, &mv.to_string());
            if matches!(m.ctl.prompt(), Prompt::Removal { .. }) {
                submit(&mut m, "");
            }
            ticks(&mut m);
        }
        assert_eq!(m.ctl.waiting(), Waiting::Over);
        let wanted: Vec<String> = cavalo_session::present::announcements_since(m.ctl.game(), 0)
            .iter()
            .map(|a| a.text(lang))
            .collect();
        let messages = m.ctl.view().messages;
        let mut said = messages.iter();
        for w in &wanted {
            assert!(said.any(|l| l == w), "{lang:?}: `{w}` not said in order: {messages:?}");
        }
    }
}

/// At 80×24 the clocks are on screen, and the help, longer than the messages panel, can be
/// scrolled back to its first line with PgUp (and forward again with PgDn).
#[test]
fn at_80_by_24_the_clocks_show_and_the_help_scrolls() {
    for lang in Lang::ALL {
        let mut m = model(lang);
        let screen = text(&draw(&m, 80, 24));
        let clock = lang.tr_with(key!("unit-s"), &[("s", cavalo_session::i18n::Arg::Decimal(0.0, 1))]);
        assert_eq!(screen.matches(clock.as_str()).count(), 2, "both clocks: {screen}");

        for c in lang.tr(key!("cmd-help")).split_whitespace().next().unwrap().chars() {
            update(&mut m, key(KeyCode::Char(c))).unwrap();
        }
        update(&mut m, key(KeyCode::Enter)).unwrap();
        let help = cavalo_session::present::commands_help(lang);
        let first = help.lines().next().unwrap().trim().to_string();
        let last = help.lines().last().unwrap().trim().to_string();
        let screen = text(&draw(&m, 80, 24));
        assert!(screen.contains(&last[..20.min(last.len())]), "the newest line shows: {screen}");
        assert!(
            !screen.contains(&first[..20.min(first.len())]),
            "the help is longer than the panel: {screen}"
        );
        let head = &first[..20.min(first.len())];
        let mut screen = String::new();
        for _ in 0..40 {
            update(&mut m, key(KeyCode::PageUp)).unwrap();
            screen = text(&draw(&m, 80, 24));
            if screen.contains(head) {
                break;
            }
        }
        assert!(screen.contains(head), "scrolled back to the help's first line: {screen}");
        assert!(screen.contains("↑"), "{screen}");
        for _ in 0..200 {
            update(&mut m, key(KeyCode::PageDown)).unwrap();
        }
        assert_eq!(m.back, 0);
        let screen = text(&draw(&m, 80, 24));
        assert!(screen.contains(&last[..20.min(last.len())]), "{screen}");
    }
}

/// At 80×24 a question longer than the line (the choice of a double, in Portuguese) wraps above
/// the input instead of being cut.
#[test]
fn a_long_question_wraps_at_80_columns() {
    let mut m = model(Lang::Pt);
    for c in "e3".chars() {
        update(&mut m, key(KeyCode::Char(c))).unwrap();
    }
    update(&mut m, key(KeyCode::Enter)).unwrap();
    assert!(matches!(m.ctl.prompt(), Prompt::Removal { .. }), "E3 lands on a double");
    let question = m.ctl.view().input_title;
    assert!(question.chars().count() > 80, "{question}");
    let screen = text(&draw(&m, 80, 24));
    let shown: Vec<&str> = screen.split_whitespace().collect();
    let shown = shown.join(" ");
    assert!(shown.contains(question.trim()), "the whole question: {screen}");
    assert!(screen.contains("> _"), "{screen}");
}
