//! `cavalo games list` and `cavalo games show` through the real binary: worded in the
//! environment's language (`LANG=pt_PT.UTF-8`: no English word left; `LANG=C`: English), their
//! columns lined up.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use cavalo_session::i18n::english_words_in;

use crate::common::BIN;

/// Runs `cavalo ARGS` in `dir` under `LANG=lang` (nothing else naming a language).
fn run(dir: &Path, lang: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .stdin(Stdio::null())
        .output()
        .expect("cavalo runs")
}

fn ok(out: Output) -> (String, String) {
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "{stderr}\n{stdout}");
    (stdout, stderr)
}

/// A games database in `dir` with a finished computer game and a human game abandoned after
/// its first plies; the finished game's id.
fn two_games(dir: &Path) -> String {
    let d = dir.to_str().unwrap();
    let cc = ["play", "--plain", "--mode", "cc", "--engine", "greedy", "--time-ms", "10", "--seed", "3"];
    ok(run(dir, "C", &[&cc[..], &["--data-dir", d]].concat()));
    let hc = ["play", "--plain", "--mode", "hc", "--human", "white", "--engine", "greedy", "--seed", "4"];
    let mut child = Command::new(BIN)
        .args(hc)
        .args(["--time-ms", "10", "--data-dir", d])
        .current_dir(dir)
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"quit\ny\n").unwrap();
    assert!(child.wait().unwrap().success());
    let (list, _) = ok(run(dir, "C", &["games", "--data-dir", d, "list", "--status", "over"]));
    list.lines().nth(1).expect("the finished game").split_whitespace().next().unwrap().to_string()
}

/// Where `needle` starts in each line that has it.
fn columns_of(text: &str, needle: &str) -> Vec<usize> {
    text.lines().filter_map(|l| l.find(needle).map(|i| l[..i].chars().count())).collect()
}

#[test]
fn the_list_and_a_game_speak_the_environments_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let id = two_games(dir.path());
    // Names of players and the database file (games.sqlite) are no English to a reader.
    let allowed = ["greedy", "cavalo", "games", "sqlite"];

    let (list, count) = ok(run(dir.path(), "pt_PT.UTF-8", &["games", "--data-dir", d, "list"]));
    assert_eq!(list.lines().count(), 3, "{list}");
    assert!(list.starts_with("id ") && list.contains("meias-jogadas"), "{list}");
    for word in
        ["computador-computador", "humano-computador", "terminado", "abandonado", "computador (greedy)"]
    {
        assert!(list.contains(word), "{word}: {list}");
    }
    assert!(count.contains("2 jogos em "), "{count}");
    assert_eq!(english_words_in(&(list.clone() + &count), &allowed), Vec::<String>::new(), "{list}{count}");
    // The columns line up though Portuguese words are wider or narrower than the English ones.
    let status = columns_of(&list, "estado");
    assert!(status.len() == 1 && columns_of(&list, "terminado") == status, "{list}");
    assert_eq!(columns_of(&list, "abandonado"), status, "{list}");

    let (show, _) = ok(run(dir.path(), "pt_PT.UTF-8", &["games", "--data-dir", d, "show", &id[..8]]));
    assert!(show.starts_with(&format!("jogo    {id}\n")), "{show}");
    for word in ["jogo ", "regras ", "semente 3", "estado ", "terminado", "profundidade", "computador"] {
        assert!(show.contains(word), "{word}: {show}");
    }
    assert_eq!(english_words_in(&show, &allowed), Vec::<String>::new(), "{show}");
    let header = show.lines().find(|l| l.contains("profundidade")).unwrap();
    assert!(header.contains("lado") && header.contains("jogada"), "{header}");

    let (list, count) = ok(run(dir.path(), "C", &["games", "--data-dir", d, "list"]));
    for word in ["created", "computer-computer", "over", "quit", "plies"] {
        assert!(list.contains(word), "{word}: {list}");
    }
    assert!(count.contains("2 games in "), "{count}");
    let (show, _) = ok(run(dir.path(), "en_GB.UTF-8", &["games", "--data-dir", d, "show", &id]));
    for word in ["game ", "rules ", "seed 3", "status  over", "depth", "computer"] {
        assert!(show.contains(word), "{word}: {show}");
    }
    assert!(!show.contains("semente") && !show.contains("terminado"), "{show}");
}
