use std::path::PathBuf;

use cavalo_session::i18n::english_words_in;

use super::*;

fn at(line: usize) -> At {
    At { path: PathBuf::from("parte1.jsonl"), line }
}

/// Every kind of error, as the commands make them.
fn every_error() -> Vec<RunError> {
    let player = |given: &str| player("--engine1", given).unwrap_err();
    vec![
        seed_range("5..x").unwrap_err(),
        seed_range("9..3").unwrap_err(),
        RunError::GamesOdd(3),
        RunError::AtLeastOne("--time-ms"),
        RunError::OptionsNotExternal("option1"),
        RunError::OptionNotNameValue { flag: "option2", given: "Hash".into() },
        player("foo"),
        player("cmd:"),
        player("lisp:"),
        player("lisp:p.lisp,function"),
        player("lisp:p.lisp,colour=red"),
        player("lisp:p.lisp,state=sideways"),
        player("lisp:p.lisp,load-ms=5"),
        player("cavalo:speed=9"),
        player("greedy,name="),
        player("greedy,name=a,name=b"),
        player(&format!("greedy,name={}", "x".repeat(41))),
        shard("3/2").unwrap_err(),
        RunError::CannotRead(
            PathBuf::from("em-falta.jsonl"),
            "No such file or directory (os error 2)".into(),
        ),
        RunError::CannotWrite(PathBuf::from("/sem/acesso.json"), "Permission denied (os error 13)".into()),
        RunError::NotRecord(at(1), "expected value at line 1 column 1".into()),
        RunError::InLine { at: at(2), problem: Box::new(Problem::NotTournament), resume: false },
        RunError::InLine {
            at: at(3),
            problem: Box::new(Problem::OtherMatch {
                game: 4,
                what: Aspect::Rules,
                here: "canonical".into(),
                there: "no-threat".into(),
                first: at(1),
            }),
            resume: false,
        },
        RunError::InLine {
            at: at(3),
            problem: Box::new(Problem::Record(RecordMismatch::Beyond {
                game: 9,
                games: 8,
                tournament: false,
            })),
            resume: true,
        },
        RunError::NamedTwice(PathBuf::from("parte1.jsonl")),
        RunError::GameTwice { game: 5, first: at(1), second: at(7) },
        RunError::ResumeTwice(at(2), 5),
        RunError::NoGames(vec![PathBuf::from("vazio.jsonl")]),
        RunError::Missing(vec![((40, 79), GapAbout::Seeds(21, 40)), ((91, 91), GapAbout::Seeds(46, 46))]),
        RunError::Missing(vec![(
            (2, 3),
            GapAbout::Pairing { players: ["A".into(), "B".into()], seeds: (2, 2) },
        )]),
        RunError::NoAnchor { name: "Z".into(), players: vec!["A".into(), "B".into()] },
    ]
}

/// The sentence of a message: before the quoted detail, without what the reader typed (in
/// backquotes) and the options' names (`--seeds`).
fn sentence(text: &str) -> String {
    let before = text.split(" («").next().unwrap();
    let unquoted: Vec<&str> = before.split('`').step_by(2).collect();
    unquoted.join(" ").split_whitespace().filter(|w| !w.contains("--")).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_error_is_worded_in_portuguese_with_details_quoted_after_the_sentence() {
    // File names and the players' specs are the reader's own.
    let allowed = ["jsonl", "greedy", "cavalo", "lisp", "keys"];
    for e in every_error() {
        let pt = e.text(Lang::Pt);
        assert_eq!(english_words_in(&sentence(&pt), &allowed), Vec::<String>::new(), "{e:?}: {pt}");
        let en = e.text(Lang::En);
        assert_ne!(pt, en, "{e:?}");
        assert_eq!(e.to_string(), en);
    }
}

#[test]
fn the_system_s_words_follow_the_sentence_quoted() {
    let e = RunError::CannotRead(PathBuf::from("x.jsonl"), "No such file or directory (os error 2)".into());
    assert_eq!(e.text(Lang::Pt), "não foi possível ler x.jsonl («No such file or directory (os error 2)»)");
    assert_eq!(e.text(Lang::En), "cannot read x.jsonl (“No such file or directory (os error 2)”)");
    let e = RunError::NotRecord(at(3), "expected value at line 1 column 1".into());
    assert_eq!(
        e.text(Lang::Pt),
        "parte1.jsonl, linha 3 não é um registo de jogo («expected value at line 1 column 1»)"
    );
}

#[test]
fn players_are_refused_by_kind() {
    let e = player("--engine1", "foo").unwrap_err();
    assert!(
        e.text(Lang::Pt).starts_with("--engine1 `foo`: jogador desconhecido `foo`: use "),
        "{}",
        e.text(Lang::Pt)
    );
    let e = player("-p", "lisp:p.lisp,heap-mb=8").unwrap_err();
    assert!(
        e.text(Lang::Pt).contains("esperava-se um número inteiro de MiB de 64 a 262144"),
        "{}",
        e.text(Lang::Pt)
    );
    let e = RunError::Missing(vec![((91, 91), GapAbout::Seeds(46, 46))]);
    assert!(e.text(Lang::Pt).starts_with("falta o jogo 91 (semente 46): "), "{}", e.text(Lang::Pt));
    assert!(e.text(Lang::En).starts_with("game 91 (seed 46) is missing: "), "{}", e.text(Lang::En));
}
