use std::sync::atomic::AtomicBool;

use crate::i18n::Key;
use crate::key;
use cavalo_rules::{IllegalMoveError, Start};

use super::*;
use crate::{GameConfig, PlayerConfig, Session};

fn every_announcement() -> Vec<Announcement> {
    let cell = "E3".parse().unwrap();
    let who = Who { side: Side::Black, computer: Some("cavalo".parse().unwrap()) };
    let errors = [
        SessionError::Start(cavalo_rules::PositionError::Fields(3)),
        SessionError::NotHumanTurn,
        SessionError::NotComputerTurn,
        SessionError::NotProgramTurn,
        SessionError::NotForced,
        SessionError::GameOver,
        SessionError::Abandoned,
        SessionError::HintNotMove,
        SessionError::Illegal(IllegalMoveError {
            mv: "A1".into(),
            reason: cavalo_rules::IllegalMoveReason::GameOver,
        }),
        SessionError::Unreadable("Z9".parse::<Move>().unwrap_err()),
        SessionError::NotARemoval { text: "12".into(), choices: vec![88, 0] },
        SessionError::NothingToUndo,
        SessionError::Stale,
        SessionError::Io(crate::FileError::new(
            crate::FileKind::Log,
            "/x/log.dat",
            &std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        )),
        SessionError::Restore(crate::RestoreError::Numbering { index: 2, number: 3 }),
    ];
    let mut all = vec![
        Announcement::Placement { who: Who { side: Side::White, computer: None }, cell, gained: 86 },
        Announcement::Moved { who: who.clone(), mv: "G7x88".parse().unwrap(), gained: 1234 },
        Announcement::SymmetricRemoved { number: 7 },
        Announcement::DoubleRemoved { number: 88 },
        Announcement::Pass { who },
        Announcement::Hint { mv: "E3".parse().unwrap() },
        Announcement::Undone { count: 2 },
        Announcement::GameOver(GameResult::Win { side: Side::White, winner: 1500, loser: 900 }),
        Announcement::GameOver(GameResult::Draw { points: 300 }),
        Announcement::GameOver(GameResult::Abandoned { white: 1, black: 2 }),
    ];
    all.extend(errors.into_iter().map(Announcement::Error));
    all
}

#[test]
fn every_announcement_renders_in_both_languages_differently() {
    for a in every_announcement() {
        let (pt, en) = (a.text(Lang::Pt), a.text(Lang::En));
        for t in [&pt, &en] {
            assert!(
                !t.is_empty() && !t.contains('{') && !t.contains("err-") && !t.contains("ann-"),
                "{a:?}: {t}"
            );
        }
        if !matches!(&a, Announcement::Error(SessionError::Unreadable(_))) {
            assert_ne!(pt, en, "{a:?}");
        }
        assert!(!a.kind().is_empty());
    }
    let win = Announcement::GameOver(GameResult::Win { side: Side::White, winner: 1500, loser: 900 });
    assert_eq!(win.text(Lang::En), "Game over: White wins 1,500–900.");
    assert_eq!(win.text(Lang::Pt), "Fim do jogo: Vitória de Branco, 1500–900.");
    let pass =
        Announcement::Pass { who: Who { side: Side::Black, computer: Some("cavalo".parse().unwrap()) } };
    assert_eq!(pass.text(Lang::En), "Black (Cavalo engine) has no legal move and passes.");
    assert_eq!(pass.text(Lang::Pt), "Preto (motor Cavalo) não tem jogadas legais e passa.");
    let level = Who { side: Side::Black, computer: Some("cavalo:level=3".parse().unwrap()) };
    assert_eq!(level.text(Lang::En), "Black (Cavalo engine, level 3)");
    assert_eq!(level.text(Lang::Pt), "Preto (motor Cavalo, nível 3)");
}

fn game() -> Session {
    let mut c = GameConfig::new(Start::Seed(1));
    c.players = [PlayerConfig::human(), PlayerConfig::computer("greedy".parse().unwrap())];
    c.time_ms = 20;
    Session::new(c).unwrap()
}

#[test]
fn plies_announce_placements_moves_and_removals() {
    let mut s = game();
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    let a = announcements_since(&s, 0);
    assert_eq!(a[0].kind(), "placement");
    assert_eq!(a[0].text(Lang::En), "White's knight is placed on F1 (+86).");
    assert!(a.iter().any(|x| x.kind() == "symmetric-removed"), "{a:?}");
    assert_eq!(
        announcements_since(&s, 1)[0].text(Lang::En),
        "Black (greedy engine)'s knight is placed on J10 (+65)."
    );
    // E3 holds a double in seed 1: landing there removes another (88 chosen).
    s.play_human("E3x88".parse().unwrap()).unwrap();
    let a = announcements_since(&s, 2);
    assert_eq!(a[0].kind(), "move");
    assert_eq!(a[1], Announcement::DoubleRemoved { number: 88 });
    assert_eq!(a[1].text(Lang::Pt), "O duplo 88 é removido.");
    s.quit();
    let last = announcements_since(&s, 3);
    let white = s.position().points(Side::White);
    assert_eq!(last, vec![Announcement::GameOver(GameResult::Abandoned { white, black: 65 })]);
}

#[test]
fn marks_show_knights_last_move_legal_and_threatened_cells() {
    let mut s = game();
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    let m = session_marks(&s);
    let at = |c: &str| m[c.parse::<Cell>().unwrap().index()];
    assert_eq!(at("F1").state, CellState::Knight(Side::White));
    assert!(at("J10").last_to);
    assert!(at("E3").legal && !at("A1").legal);
    assert_eq!(m.iter().filter(|c| c.legal).count(), s.position().destinations(Side::White).len());
    assert!(m.iter().any(|c| c.threatened));
    let stop = AtomicBool::new(false);
    s.play_human("E3".parse().unwrap()).unwrap();
    s.play_computer(&stop, &mut |_| {}).unwrap();
    let m = session_marks(&s);
    assert!(m.iter().any(|c| c.last_from) && m.iter().filter(|c| c.last_to).count() == 1);
}

#[test]
fn move_rows_and_statistics_in_both_languages() {
    let mut s = game();
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    s.play_human("E3".parse().unwrap()).unwrap();
    let stop = AtomicBool::new(false);
    let p = s.play_computer(&stop, &mut |_| {}).unwrap().clone();
    let rows = move_rows(&s, Lang::Pt);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0].mv, "F1");
    assert_eq!(rows[0].time, "");
    assert!(rows[2].time.ends_with(" s") && rows[2].nodes.is_empty());
    assert!(rows[3].time.ends_with(" ms") && !rows[3].nodes.is_empty());
    let info = p.search.unwrap();
    let pt = stats_line(Lang::Pt, &info);
    assert!(
        pt.starts_with("nós analisados ") && pt.contains("cortes alfa") && pt.contains("profundidade"),
        "{pt}"
    );
    let en = stats_line(Lang::En, &info);
    assert!(en.starts_with("nodes analysed ") && en.contains("beta cuts") && en.contains("value"), "{en}");
    let sum = summary_lines(&s, Lang::Pt);
    assert!(sum[1].starts_with("Preto (motor greedy): ") && sum[1].contains("nós analisados"), "{sum:?}");
}

#[test]
fn rules_and_points_in_words() {
    let canonical = Rules::default();
    assert_eq!(rules_text(Lang::Pt, canonical), "canónicas");
    let odd = Rules { threat: false, zero_double: false };
    assert_eq!(rules_text(Lang::En, odd), "no threat rule, 00 not a double");
    let pos = Position::from_seed(1, canonical);
    assert_eq!(points_text(Lang::Pt, &pos), "Branco 0  Preto 0");
    assert_eq!(GameResult::of_position(&pos), None);
}

#[test]
fn totals_agree_in_number() {
    let n = |lang: Lang, key: Key, count: u32| lang.tr_with(key, &[("count", count.into())]);
    assert_eq!(n(Lang::En, key!("sum-passes"), 1), "1 pass");
    assert_eq!(n(Lang::En, key!("sum-passes"), 0), "0 passes");
    assert_eq!(n(Lang::Pt, key!("sum-passes"), 1), "1 passagem");
    assert_eq!(n(Lang::Pt, key!("sum-passes"), 0), "0 passagens");
    assert_eq!(n(Lang::Pt, key!("sum-points"), 1500), "1500 pontos");
    assert_eq!(n(Lang::En, key!("sum-moves"), 1500), "1,500 moves");
}

#[test]
fn illegal_moves_are_explained_in_both_languages() {
    use cavalo_rules::IllegalMoveReason as R;
    let cell = |s: &str| s.parse::<Cell>().unwrap();
    let threatened = IllegalMoveError {
        mv: "I6".into(),
        reason: R::Threatened { cell: cell("I6"), side: Side::White, from: cell("G7") },
    };
    assert_eq!(
        illegal_text(Lang::Pt, &threatened),
        "Jogada ilegal I6: a casa I6 está ameaçada pelo cavalo branco em G7."
    );
    assert_eq!(
        illegal_text(Lang::En, &threatened),
        "Illegal move I6: I6 is threatened by the white knight on G7."
    );
    let reasons = [
        R::GameOver,
        R::PassNotAllowed(Side::Black),
        R::MustPass(Side::White),
        R::PlaceOn { side: Side::Black, cell: cell("J10"), row: 10 },
        R::NoPlacement(Side::White),
        R::NotAJump { to: cell("A1"), from: cell("B2") },
        R::Removed(cell("C3")),
        R::Occupied { cell: cell("D4"), side: Side::Black },
        R::Unreachable(cell("E5")),
        R::NothingToRemove { cell: cell("F6"), value: 7 },
        R::RemovesLanding(88),
        R::NoSuchDouble(0),
    ];
    for r in &reasons {
        let (pt, en) = (illegal_reason(Lang::Pt, r), illegal_reason(Lang::En, r));
        assert!(!pt.is_empty() && pt != en, "{r:?}: {pt} / {en}");
    }
    assert!(illegal_reason(Lang::Pt, &R::NoSuchDouble(0)).contains(" 00 "));
    assert!(
        illegal_reason(Lang::Pt, &R::PlaceOn { side: Side::Black, cell: cell("J10"), row: 10 })
            .starts_with("o Preto")
    );
}

#[test]
fn unreadable_moves_and_bad_removals_are_explained_in_both_languages() {
    let z9 = SessionError::Unreadable("Z9".parse::<Move>().unwrap_err());
    assert_eq!(error_text(&z9, Lang::Pt), "`Z9` não é uma jogada: a coluna tem de ser uma letra de A a J.");
    assert_eq!(error_text(&z9, Lang::En), "`Z9` is not a move: the column must be a letter from A to J.");
    let removal = SessionError::NotARemoval { text: "12".into(), choices: vec![88, 0] };
    assert_eq!(error_text(&removal, Lang::Pt), "`12` não é nenhum dos duplos que se podem remover: 88, 00.");
    for text in ["", "pass?", "E3x8", "E3x12", "K1", "E11"] {
        if let Err(e) = text.parse::<Move>() {
            let e = SessionError::Unreadable(e);
            assert_ne!(error_text(&e, Lang::Pt), error_text(&e, Lang::En), "{text}");
        }
    }
}

#[test]
fn store_errors_are_worded_by_kind_in_both_languages() {
    use crate::store::{StoreError, StoreErrorKind};
    let full = StoreError::new(StoreErrorKind::Full, "games.db: disk I/O");
    let other = StoreError::new(StoreErrorKind::Other, "games.db: odd");
    assert_eq!(
        store_error_text(&full, Lang::En),
        "The disk is full: the games database could not be written (games.db: disk I/O)."
    );
    assert!(store_error_text(&full, Lang::Pt).starts_with("O disco está cheio"));
    assert!(
        store_error_text(&other, Lang::En)
            .starts_with("The games database could not be read or written: games.db: odd")
    );
    // A session's storage error is worded the same way.
    assert_eq!(error_text(&SessionError::Store(full.clone()), Lang::Pt), store_error_text(&full, Lang::Pt));
}

/// Invalid starting positions, worded in Portuguese with no English left in: the rules' typed
/// reasons, each worded by the catalogue.
#[test]
fn invalid_positions_are_worded_in_portuguese() {
    let row = "1,2,3,4,5,6,7,8,9,10";
    let bad = [
        "a b c".to_string(),
        format!("{row} w 0 0"),
        format!("{row}/{row}/{row}/{row}/{row}/{row}/{row}/{row}/{row}/1,2 w 0 0"),
        "((1 2) (3".to_string(),
        "(1 2)".to_string(),
    ];
    let mut seen = 0;
    for text in &bad {
        let start = cavalo_rules::Start::Position(text.clone());
        let Err(e) = start.position(cavalo_rules::Rules::default()) else { continue };
        seen += 1;
        let pt = error_text(&SessionError::Start(e.clone()), Lang::Pt);
        let en = error_text(&SessionError::Start(e.clone()), Lang::En);
        assert!(pt.starts_with("Posição inicial inválida: "), "{pt}");
        for english in ["invalid", "expected", "found", " row ", "cells", "points"] {
            assert!(!pt.contains(english), "`{english}` in `{pt}` ({e:?})");
        }
        assert_ne!(pt, en);
    }
    assert!(seen >= 4, "the bad positions are refused");
    let all = [
        cavalo_rules::PositionError::Rows(3),
        cavalo_rules::PositionError::SideField("x".into()),
        cavalo_rules::PositionError::Seed("x".into()),
        cavalo_rules::PositionError::LispExtras,
        cavalo_rules::PositionError::WhitePlacesFirst,
        cavalo_rules::PositionError::BlackPlacesSecond,
        cavalo_rules::PositionError::BlackWithoutWhite,
        cavalo_rules::PositionError::Lisp(cavalo_rules::LispBoardError::NoOpening),
    ];
    for e in all {
        let pt = position_text(Lang::Pt, &e);
        assert!(!pt.contains('{') && !pt.contains("invalid") && pt != position_text(Lang::En, &e), "{pt}");
    }
}
