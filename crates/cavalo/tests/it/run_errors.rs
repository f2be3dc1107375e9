//! The refusals of `cavalo match`, `cavalo tournament` and their merges through the real binary,
//! in the environment's language: under `LANG=pt_PT.UTF-8` a Portuguese sentence (the system's
//! or the JSON reader's words quoted after it), under `LANG=C` English; a failing exit status.

use std::path::Path;
use std::process::Command;

use cavalo_session::i18n::english_words_in;

use crate::common::BIN;

/// Runs `cavalo ARGS` in `dir` under `LANG=lang`, expected to fail: its exit status and its
/// standard error.
fn refused(dir: &Path, lang: &str, args: &[&str]) -> (i32, String) {
    let o = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .output()
        .expect("cavalo runs");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "{args:?} should fail: {err}");
    assert!(!err.contains("panicked"), "{err}");
    (o.status.code().unwrap_or(-1), err)
}

/// The sentence of a refusal: before the quoted words of another program, without what the
/// reader typed (in backquotes) and the options' names (`--seeds`).
fn sentence(text: &str) -> String {
    let before = text.split(" («").next().unwrap();
    let typed: Vec<&str> = before.split('`').step_by(2).collect();
    typed.join(" ").split_whitespace().filter(|w| !w.contains("--")).collect::<Vec<_>>().join(" ")
}

#[test]
fn match_and_tournament_refusals_are_worded_in_the_environments_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("garbled.jsonl"), "not a record\nnor this\n").unwrap();
    std::fs::write(d.join("empty.jsonl"), "").unwrap();
    let play = ["match", "--engine1", "cavalo", "--engine2", "greedy"];
    let cases: Vec<(Vec<&str>, i32, &str, &str)> = vec![
        (
            [&play[..], &["--seeds", "5..x"]].concat(),
            1,
            "erro: --seeds `5..x` não é um intervalo A..B de sementes",
            "error: --seeds `5..x` is not a range A..B of seeds",
        ),
        (
            vec!["match", "--engine1", "chess", "--engine2", "greedy"],
            1,
            "erro: --engine1 `chess`: jogador desconhecido `chess`",
            "error: --engine1 `chess`: unknown player `chess`",
        ),
        (
            [&play[..], &["--games", "3"]].concat(),
            1,
            "erro: --games tem de ser par e positivo",
            "error: --games must be even and positive",
        ),
        (
            [&play[..], &["--games", "abc"]].concat(),
            2,
            "erro: --games <N> pede um número inteiro, não `abc`",
            "invalid value 'abc' for '--games <N>'",
        ),
        (
            vec!["match", "merge", "em-falta.jsonl"],
            1,
            "erro: não foi possível ler em-falta.jsonl («",
            "error: cannot read em-falta.jsonl (“",
        ),
        (
            vec!["match", "merge", "garbled.jsonl"],
            1,
            "erro: garbled.jsonl, linha 1 não é um registo de jogo («",
            "error: garbled.jsonl, line 1 is not a game record (“",
        ),
        (
            vec!["tournament", "-p", "greedy", "-p", "lisp:x.lisp,colour=red"],
            1,
            "chave desconhecida `colour`",
            "unknown key `colour`",
        ),
        (
            vec!["tournament", "-p", "greedy", "-p", "random", "--shard", "5/4"],
            1,
            "erro: --shard `5/4` não é uma parte K/N",
            "error: --shard `5/4` is not a shard K/N",
        ),
        (
            vec!["tournament", "merge", "empty.jsonl", "empty.jsonl"],
            1,
            "é indicado duas vezes",
            "is named twice",
        ),
    ];
    for (args, status, pt, en) in &cases {
        let (code, err) = refused(d, "pt_PT.UTF-8", args);
        assert_eq!(code, *status, "{args:?}: {err}");
        assert!(err.contains(pt), "{args:?}: {err}");
        let words = english_words_in(
            &sentence(&err),
            &["jsonl", "garbled", "empty", "chess", "greedy", "cavalo", "lisp"],
        );
        assert_eq!(words, Vec::<String>::new(), "{args:?}: {err}");
        let (code, err) = refused(d, "C", args);
        assert_eq!(code, *status, "{args:?}: {err}");
        assert!(err.contains(en), "{args:?}: {err}");
    }
    // `--lang` goes before the environment, for clap's refusals too.
    let (_, err) = refused(d, "C", &[&play[..], &["--games", "abc", "--lang", "pt"]].concat());
    assert!(err.contains("pede um número inteiro"), "{err}");
}
