//! A match's forfeits worded in the user's language through the real binary: with `--lang pt`
//! the report words the referee's data (the loser named by its name, the exit status, the
//! illegal move's reason) with none of the referee's English; with `--lang en` it is worded as
//! the records' English detail.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::common;
use common::cavalo;

/// A match of 2 games: an engine named `Equipa A` that does `on_go` at every `go` (and writes
/// `a pensar` on standard error first) against greedy; the report in `lang`.
fn report(on_go: &str, lang: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let eng = dir.path().join("equipa");
    let body = format!(
        "#!/usr/bin/env bash\nwhile read -r line; do case \"$line\" in\n\
         ugi) echo ugiok ;; isready) echo readyok ;; quit) exit 0 ;;\n\
         go*) echo 'a pensar' >&2; {on_go} ;; esac; done\n"
    );
    std::fs::write(&eng, body).unwrap();
    std::fs::set_permissions(&eng, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec = format!("cmd:{},name=Equipa A", eng.display());
    let out = dir.path().join("games.jsonl");
    let o = cavalo(&[
        "match",
        "--engine1",
        &spec,
        "--engine2",
        "greedy",
        "--games",
        "2",
        "--time-ms",
        "100",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
        "--lang",
        lang,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_typed_forfeits(&out);
    String::from_utf8(o.stdout).unwrap()
}

/// Every record keeps its forfeit as data beside the English detail.
fn assert_typed_forfeits(out: &Path) {
    for line in std::fs::read_to_string(out).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let (detail, forfeit) = (&r["meta"]["detail"], &r["meta"]["forfeit"]);
        assert!(detail.as_str().is_some_and(|d| d.contains(" loses: ")), "{r}");
        assert!(forfeit["fault"]["kind"].is_string() && forfeit["side"].is_string(), "{r}");
        assert_eq!(r["meta"]["limits_per_move"]["engine1"]["time_ms"], 100, "{r}");
    }
}

/// English words of the referee's text that must not be in a Portuguese report.
const REFEREE_ENGLISH: [&str; 8] = [
    "loses",
    "at ply",
    "exited",
    "exit status",
    "standard error",
    "illegal move",
    "the position was",
    "legal moves",
];

fn assert_no_referee_english(text: &str) {
    for words in REFEREE_ENGLISH {
        assert!(!text.contains(words), "`{words}` in: {text}");
    }
}

#[test]
fn a_crash_is_worded_in_portuguese_naming_the_player() {
    let pt = report("exit 3", "pt");
    assert!(pt.contains("primeiro caso de falha do programa: jogo 0 (semente 1): Equipa A (Branco) na meia-jogada 1: o programa terminou (código de saída 3)"), "{pt}");
    assert!(pt.contains("últimas linhas do erro padrão: `a pensar`"), "{pt}");
    assert_no_referee_english(&pt);
    let en = report("exit 3", "en");
    assert!(en.contains("first crash: game 0 (seed 1): white (cmd:"), "{en}");
    assert!(en.contains("the engine exited (exit status: 3)"), "{en}");
    assert!(en.contains("; last lines on standard error: `a pensar`"), "{en}");
}

#[test]
fn an_illegal_move_is_worded_in_portuguese_with_the_rules_reason() {
    let pt = report("echo 'bestmove pass'", "pt");
    assert!(pt.contains("primeiro caso de jogada ilegal: jogo 0 (semente 1): Equipa A (Branco) na meia-jogada 1: jogada ilegal `pass`"), "{pt}");
    assert!(pt.contains("a posição era"), "{pt}");
    assert!(!pt.contains("passing is not allowed"), "{pt}");
    assert_no_referee_english(&pt.replace("jogada ilegal", ""));
    let en = report("echo 'bestmove pass'", "en");
    assert!(en.contains("first illegal move: game 0 (seed 1): white (cmd:"), "{en}");
    assert!(en.contains("passing is not allowed; the position was"), "{en}");
}
