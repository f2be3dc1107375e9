use cavalo_rules::Start;

use super::*;
use crate::key;
use crate::situation::Situation;
use crate::{GameConfig, PlayerConfig, Status};

/// Seed 1, a human (White) against the greedy engine at 20 ms, placements played.
fn against_greedy(lang: Lang) -> Controller {
    let mut c = GameConfig::new(Start::Seed(1));
    c.players = [PlayerConfig::human(), PlayerConfig::computer("greedy".parse().unwrap())];
    c.time_ms = 20;
    let mut ctl = Controller::new(Session::new(c).unwrap(), lang);
    settle(&mut ctl);
    ctl
}

/// Plays what the game plays by itself: forced plies and the computer's searches.
fn settle(c: &mut Controller) {
    for _ in 0..100 {
        match c.waiting() {
            Waiting::Tick => c.tick().unwrap(),
            Waiting::Search => c.wait(&mut |_| {}),
            _ => return,
        }
    }
    panic!("the game did not settle");
}

fn line(c: &mut Controller, text: &str) {
    c.input(Input::Line(text.into()));
    settle(c);
}

#[test]
fn portuguese_command_words_work_and_english_ones_too() {
    let mut c = against_greedy(Lang::Pt);
    c.take_messages();
    line(&mut c, "ajuda");
    let help = c.take_messages().join("\n");
    assert!(help.contains("dica") && help.contains("anular") && help.contains("sair"), "{help}");
    assert!(!help.contains("hint"), "the Portuguese help shows Portuguese words: {help}");

    line(&mut c, "dica");
    let said = c.take_messages().join("\n");
    assert!(said.contains("Sugestão: "), "{said}");

    let plies = c.game().plies().len();
    line(&mut c, "e3");
    line(&mut c, "cancelar");
    assert_eq!(c.prompt(), &Prompt::Move, "cancelar leaves the choice of a double");
    assert_eq!(c.game().plies().len(), plies);
    line(&mut c, "e3");
    line(&mut c, "");
    assert_eq!(c.game().plies().len(), plies + 2, "the move and the computer's reply");
    line(&mut c, "anular");
    assert_eq!(c.game().plies().len(), plies, "anular takes both back");
    line(&mut c, "E3");
    line(&mut c, "88");
    line(&mut c, "undo");
    assert_eq!(c.game().plies().len(), plies, "English words work in Portuguese too");

    line(&mut c, "sair");
    assert_eq!(c.prompt(), &Prompt::ConfirmQuit);
    line(&mut c, "n");
    assert_eq!(c.prompt(), &Prompt::Move);
    assert!(c.take_messages().iter().any(|m| m == &Lang::Pt.tr(key!("term-goes-on"))));
    line(&mut c, "sair");
    line(&mut c, "sim");
    assert!(c.done());
    let said = c.take_messages();
    assert_eq!(said, ["Fim do jogo: Abandonado com 86–65."], "the end is said");
    assert_eq!(c.game().status(), Status::Quit);
}

#[test]
fn an_interrupt_abandons_the_game_at_once() {
    let mut c = against_greedy(Lang::En);
    c.input(Input::Interrupt);
    assert!(c.done());
    assert_eq!(c.waiting(), Waiting::Done);
    assert_eq!(c.into_session().status(), Status::Quit);
}

#[test]
fn the_view_is_worded_in_the_players_language() {
    let mut c = against_greedy(Lang::Pt);
    let v = c.view();
    assert_eq!(v.waiting, Waiting::Input);
    assert!(v.typing);
    assert!(v.prompt.starts_with("Branco"), "{}", v.prompt);
    assert!(v.input_title.contains("dica, anular, ajuda, sair"), "{}", v.input_title);
    assert!(v.title.starts_with("Jogo do Cavalo — "));
    assert_eq!(v.search.1, Lang::Pt.tr(key!("term-no-search")));
    assert!(v.totals.is_none());
    line(&mut c, "e3");
    line(&mut c, "");
    let v = c.view();
    assert!(v.search.0.starts_with(&Lang::Pt.tr(key!("term-last-search"))), "{:?}", v.search);
    assert!(v.search.1.contains("nós analisados"), "{:?}", v.search);
    assert_eq!(v.move_rows.len(), 2, "four plies, two rows: {:?}", v.move_rows);
    assert!(v.moves_line.unwrap().starts_with("Jogadas: 1. "));
    assert!(
        v.points_line.starts_with("Pontos") || v.points_line.contains(&v.players[0].who),
        "{}",
        v.points_line
    );
}

#[test]
fn a_computer_game_plays_to_its_end_then_any_key_leaves() {
    let mut config = GameConfig::new(Start::Seed(4));
    let greedy = || PlayerConfig::computer("greedy".parse().unwrap());
    config.players = [greedy(), greedy()];
    config.time_ms = 5;
    let mut c = Controller::new(Session::new(config).unwrap(), Lang::En);
    for _ in 0..400 {
        settle(&mut c);
        if c.waiting() == Waiting::Over {
            break;
        }
    }
    assert_eq!(c.waiting(), Waiting::Over);
    let v = c.view();
    let totals = v.totals.expect("the totals show at the end");
    assert_eq!(totals.rows.len(), 7);
    assert_eq!(totals.result, v.status);
    let said = c.take_messages();
    let over = said.iter().filter(|m| m.contains("Game over")).count();
    c.tick().unwrap();
    c.tick().unwrap();
    assert_eq!(c.waiting(), Waiting::Over);
    assert_eq!(c.take_messages().len(), 0, "the end is said once");
    assert_eq!(over, 1, "{said:?}");
    c.input(Input::Line(String::new()));
    assert!(c.done());
}

#[test]
fn messages_are_bounded_and_taken_once() {
    let mut c = against_greedy(Lang::En);
    c.take_messages();
    for _ in 0..(MAX_MESSAGES + 50) {
        c.input(Input::Line("zz".into()));
    }
    assert_eq!(c.view().messages.len(), MAX_MESSAGES);
    assert_eq!(c.take_messages().len(), MAX_MESSAGES);
    assert!(c.take_messages().is_empty());
}

#[test]
fn the_board_changes_with_the_plies() {
    let mut c = against_greedy(Lang::En);
    assert!(c.board_changed());
    assert!(!c.board_changed());
    line(&mut c, "help");
    assert!(!c.board_changed(), "help does not move anything");
    line(&mut c, "e3");
    line(&mut c, "");
    assert!(c.board_changed());
}

#[test]
fn the_view_words_the_one_situation_the_web_is_sent() {
    for lang in Lang::ALL {
        let mut c = against_greedy(lang);
        let v = c.view();
        assert_eq!(v.situation, crate::situation::Situation::of(c.game()));
        let count = v.situation.destinations.len();
        assert!(count > 0);
        let who = Who::of(c.game(), Side::White).text(lang);
        let to_move = lang.tr_with(key!("ann-to-move"), &[("who", who.into()), ("count", count.into())]);
        assert_eq!(v.status, to_move, "the status counts the situation's destinations");
        assert_eq!(v.players[0].points, lang.int(v.situation.points[0].into()));

        if lang == Lang::Pt {
            let mut words = vec![v.title.clone(), v.points_line.clone(), v.legend.clone(), v.status.clone()];
            words.extend([v.search.0.clone(), v.search.1.clone(), v.prompt.clone(), v.input_title.clone()]);
            words.extend(v.players.iter().map(|p| p.who.clone()).chain(v.panels.clone()));
            words.extend(v.messages.clone());
            let english = crate::i18n::english_words_in(&words.join("\n"), &["greedy", "seed"]);
            assert_eq!(english, Vec::<String>::new(), "English on a Portuguese screen: {words:#?}");
        }
        line(&mut c, "sair");
        line(&mut c, lang.tr(key!("cmd-yes")).split_whitespace().next().unwrap());
        let v = c.view();
        let result = v.situation.result_text.as_ref().expect("an abandoned game has a result").text(lang);
        assert_eq!(v.status, result, "the status words the situation's result");
        assert!(v.situation.summary.is_some() && v.situation.destinations.is_empty());
    }
}

/// The announcements come from the committed events: every move is said once, the computer's
/// statistics after its move, and the end once, last.
#[test]
fn each_committed_event_is_announced_once_and_the_end_last() {
    let mut c = against_greedy(Lang::En);
    let mut said = c.take_messages();
    let mut n = 0;
    while c.waiting() == Waiting::Input && n < 200 {
        let dests = Situation::of(c.game()).destinations;
        line(&mut c, &dests[n % dests.len()].options[0].mv);
        if matches!(c.prompt(), Prompt::Removal { .. }) {
            line(&mut c, ""); // the default double
        }
        said.extend(c.take_messages());
        n += 1;
    }
    assert_eq!(c.waiting(), Waiting::Over, "the game ended: {said:?}");
    let ends = said.iter().filter(|m| m.starts_with("Game over: ")).count();
    assert_eq!(ends, 1, "the end said once: {said:?}");
    assert!(said.last().unwrap().starts_with("Game over: "), "the end last: {said:?}");
    // Every ply but the two placements and the passes is a move.
    let moves = c.game().plies().iter().filter(|p| p.mv.destination().is_some()).count() - 2;
    assert_eq!(said.iter().filter(|m| m.contains(" plays ")).count(), moves, "each move once: {said:?}");
    let stats = said.iter().filter(|m| m.starts_with("Statistics: ")).count();
    assert!(stats > 0 && stats <= moves, "{said:?}");
}
