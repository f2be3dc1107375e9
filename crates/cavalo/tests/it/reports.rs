//! The reports of `match` and `tournament` through the real binary: in Portuguese with `--lang pt`
//! or a Portuguese environment, English otherwise, the plurals right in both; merges that find
//! games missing or files of another match or tournament say which and what.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;
use common::{BIN, cavalo};

/// `cavalo ARGS` with the environment variables `env` (and no other language variable).
fn run_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).env_remove("LC_ALL").env_remove("LC_MESSAGES").env_remove("LANG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// `cavalo ARGS`, expected to fail: its standard error.
fn refused(args: &[&str]) -> String {
    let o = run_env(args, &[]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(!o.status.success(), "{args:?} should fail");
    assert!(!err.contains("panicked"), "{err}");
    err
}

const MATCH: [&str; 9] =
    ["match", "--engine1", "greedy", "--engine2", "random:9", "--games", "2", "--time-ms", "50"];

#[test]
fn a_match_summary_in_portuguese() {
    let pt = stdout(&run_env(&[&MATCH[..], &["--lang", "pt"]].concat(), &[]));
    let lines: Vec<&str> = pt.lines().collect();
    assert_eq!(lines[0], "Encontro  greedy contra random:9", "{pt}");
    assert_eq!(
        lines[1],
        "Condições sementes 1..1 (2 jogos previstos), 50 ms por jogada (tolerância 50 ms), regras canónicas"
    );
    assert!(lines[2].starts_with("Jogos     2 (1 par completo): "), "{pt}");
    assert!(lines[2].ends_with(" de greedy"), "{pt}");
    assert!(lines[3].starts_with("Pontuação ") && lines[3].contains(",0%"), "{pt}");
    assert!(pt.contains("Pares     [0; 0,5; 1; 1,5; 2] pontos de greedy: ["), "{pt}");
    // The environment decides without --lang (LC_ALL first); --lang decides over it.
    let by_env = stdout(&run_env(&MATCH, &[("LANG", "pt_PT.UTF-8")]));
    assert_eq!(by_env, pt);
    let by_lc_all = stdout(&run_env(&MATCH, &[("LANG", "en_GB.UTF-8"), ("LC_ALL", "pt_BR.UTF-8")]));
    assert_eq!(by_lc_all, pt);
    let en = stdout(&run_env(&[&MATCH[..], &["--lang", "en"]].concat(), &[("LANG", "pt_PT.UTF-8")]));
    assert!(en.starts_with("Match     greedy vs random:9\n"), "{en}");
    assert!(en.contains("Games     2 (1 complete pair): "), "{en}");
    assert!(refused(&[&MATCH[..], &["--lang", "fr"]].concat()).contains("unknown language `fr`"));
}

#[test]
fn plurals_follow_the_counts() {
    let two = stdout(&run_env(&MATCH, &[]));
    assert!(two.contains("(2 games planned)") && two.contains("(1 complete pair): "), "{two}");
    for one in [" 1 wins", " 1 draws", " 1 losses", " 1 pairs"] {
        assert!(!two.contains(one), "{two}");
    }
    let four = ["match", "--engine1", "greedy", "--engine2", "random:9", "--games", "4", "--time-ms", "50"];
    assert!(stdout(&run_env(&four, &[])).contains("(2 complete pairs): "));
    let pt = stdout(&run_env(&[&four[..], &["--lang", "pt"]].concat(), &[]));
    assert!(pt.contains("(2 pares completos): ") && pt.contains("(4 jogos previstos)"), "{pt}");
    let pt = stdout(&run_env(&[&MATCH[..], &["--lang", "pt"]].concat(), &[]));
    assert!(pt.contains("(1 par completo): "), "{pt}");
    // A limit of one node is one node.
    let node = ["match", "--engine1", "greedy", "--engine2", "random:9", "--games", "2", "--nodes", "1"];
    assert!(stdout(&run_env(&node, &[])).contains(", 1 node, at most 60000 ms per move,"));
}

#[test]
fn a_crosstable_in_portuguese() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("t.html");
    let args =
        ["tournament", "-p", "greedy", "-p", "random:1,name=Sorte", "--boards", "1", "--time-ms", "50", "-q"];
    let o = run_env(&[&args[..], &["--html", html.to_str().unwrap()]].concat(), &[("LANG", "pt_PT.UTF-8")]);
    let pt = stdout(&o);
    let lines: Vec<&str> = pt.lines().collect();
    assert_eq!(
        lines[0],
        "Torneio     todos contra todos entre 2 jogadores, 1 tabuleiro por emparelhamento (sementes 1..1), \
         50 ms por jogada (tolerância 50 ms), regras canónicas"
    );
    assert_eq!(lines[1], "Jogos       2 de 2");
    assert!(
        lines[3].contains("Jogador") && lines[3].contains("Pontos") && lines[3].contains("V-E-D"),
        "{pt}"
    );
    assert!(lines[3].ends_with("Pontuação   Margem  Faltas"), "{pt}");
    assert!(
        pt.contains("greedy fixado em 0")
            && pt.contains("Tabela cruzada (pontos/jogos da linha contra a coluna)")
    );
    assert!(pt.contains("\nJogadores\n  Sorte = random:1\n"), "{pt}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("<html lang=\"pt-PT\">") && page.contains("<caption>Classificação</caption>"),
        "{page}"
    );
    assert!(page.contains("Jogos: 2 de 2."), "{page}");
    // The JSON is the same in both languages.
    let (en_json, pt_json) = (dir.path().join("en.json"), dir.path().join("pt.json"));
    stdout(&run_env(&[&args[..], &["--json", en_json.to_str().unwrap(), "--lang", "en"]].concat(), &[]));
    stdout(&run_env(&[&args[..], &["--json", pt_json.to_str().unwrap(), "--lang", "pt"]].concat(), &[]));
    let read = |p: &Path| -> Value { serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap() };
    assert_eq!(read(&en_json), read(&pt_json));
    let en = stdout(&run_env(&args, &[]));
    assert!(en.starts_with("Tournament  round robin of 2 players, 1 board per pairing (seeds 1..1)"), "{en}");
}

/// Plays `base` as shards `1/n`..`n/n` into `dir`; their files.
fn shards(dir: &Path, base: &[&str], n: u32) -> Vec<String> {
    (1..=n)
        .map(|k| {
            let f = dir.join(format!("part{k}.jsonl")).to_str().unwrap().to_string();
            cavalo(&[base, &["--shard", &format!("{k}/{n}"), "--out", &f, "-q"]].concat());
            f
        })
        .collect()
}

#[test]
fn a_match_merge_names_the_games_missing_and_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let base =
        ["match", "--engine1", "greedy", "--engine2", "random:9", "--seeds", "21..26", "--time-ms", "50"];
    let files = shards(dir.path(), &base, 3);
    // Shard 3 holds pairs 2 and 5: games 4..5 and 10..11, the last ones.
    let err = refused(&["match", "merge", &files[0], &files[1]]);
    assert!(
        err.contains("games 4..5 (seed 23), games 10..11 (seed 26) are missing: is a shard's file left out?"),
        "{err}"
    );
    let o = run_env(&["match", "merge", &files[0], &files[1], "--partial"], &[]);
    let text = stdout(&o);
    assert!(text.contains("seeds 21..26 (merged from 2 files) (12 games planned)"), "{text}");
    assert!(text.contains("Games     8 (4 complete pairs)"), "{text}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("note: games 4..5 (seed 23)"));
    let all = stdout(&run_env(&["match", "merge", &files[0], &files[1], &files[2], "--lang", "pt"], &[]));
    assert!(all.contains("sementes 21..26 (juntos de 3 ficheiros) (12 jogos previstos)"), "{all}");
    // Files of another match: the field that differs, with both values.
    let other = dir.path().join("other.jsonl").to_str().unwrap().to_string();
    let slower =
        ["match", "--engine1", "greedy", "--engine2", "random:9", "--seeds", "21..26", "--time-ms", "60"];
    cavalo(&[&slower[..], &["--shard", "3/3", "--out", &other, "-q"]].concat());
    let err = refused(&["match", "merge", &files[0], &files[1], &other]);
    assert!(
        err.contains("the limits per move `60 ms per move (tolerance 50 ms)`, but `50 ms per move (tolerance 50 ms)` in")
            && err.contains("part1.jsonl, line 1"),
        "{err}"
    );
    let named = [
        "match",
        "--engine1",
        "greedy",
        "--engine2",
        "random:9,name=R",
        "--seeds",
        "21..26",
        "--time-ms",
        "50",
    ];
    std::fs::remove_file(&other).unwrap();
    cavalo(&[&named[..], &["--shard", "3/3", "--out", &other, "-q"]].concat());
    let err = refused(&["match", "merge", &files[0], &other]);
    assert!(err.contains("the name of engine 2 `R`, but `random:9` in"), "{err}");
}

/// A round robin of greedy and two random players on `boards` boards per pairing.
fn three_players_on(boards: &str) -> [&str; 11] {
    ["tournament", "-p", "greedy", "-p", "random:1", "-p", "random:2", "--boards", boards, "--time-ms", "50"]
}

#[test]
fn a_tournament_merge_names_the_games_missing_and_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let base = three_players_on("2");
    let files = shards(dir.path(), &base, 2);
    let err = refused(&["tournament", "merge", &files[0]]);
    assert!(
        err.contains(
            "games 2..3 (greedy vs random:1, seed 2), games 6..7 (greedy vs random:2, seed 2), \
             games 10..11 (random:1 vs random:2, seed 2) are missing: is a shard's file left out?"
        ),
        "{err}"
    );
    let o = run_env(&["tournament", "merge", &files[0], "--partial"], &[]);
    assert!(stdout(&o).contains("Games       6 of 12"));
    stdout(&run_env(&["tournament", "merge", &files[0], &files[1]], &[]));
    let other = dir.path().join("other.jsonl").to_str().unwrap().to_string();
    let more = three_players_on("3");
    cavalo(&[&more[..], &["--shard", "2/2", "--out", &other, "-q"]].concat());
    let err = refused(&["tournament", "merge", &files[0], &other]);
    assert!(err.contains("another tournament: the boards per pairing `3`, but `2` in"), "{err}");
}

/// The Portuguese outputs of the tools (issue 45): `accuracy --lang pt`, `match`'s refusal of a
/// file that holds games, both with none of the English catalogue's words.
#[test]
fn accuracy_and_a_match_refusal_speak_portuguese() {
    let english = |t: &str| cavalo_session::i18n::english_words_in(t, &["canonical", "greedy", "resume"]);
    let o = run_env(&["accuracy", "--engine", "greedy", "--quiet", "--moves", "--lang", "pt"], &[]);
    let pt = stdout(&o);
    assert!(
        pt.contains(" posições (meia-jogada 14, canonical): ótimas ") && pt.contains("perda média"),
        "{pt}"
    );
    assert!(pt.contains("   melhor ") && pt.contains("  perda "), "{pt}");
    assert_eq!(english(&pt), Vec::<String>::new(), "{pt}");
    let env = run_env(&["accuracy", "--engine", "greedy", "--quiet"], &[("LANG", "pt_PT.UTF-8")]);
    assert!(stdout(&env).contains(" posições "), "the environment's language");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    let args = [
        "match",
        "--engine1",
        "greedy",
        "--engine2",
        "random",
        "--games",
        "2",
        "-q",
        "--lang",
        "pt",
        "--out",
    ];
    let args = [&args[..], &[out.to_str().unwrap()]].concat();
    stdout(&run_env(&args, &[]));
    let o = run_env(&args, &[]);
    assert!(!o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.starts_with("erro: ")
            && err.contains("já tem jogos: junte --resume para continuar esse encontro"),
        "{err}"
    );
    assert_eq!(english(&err), Vec::<String>::new(), "{err}");
}
