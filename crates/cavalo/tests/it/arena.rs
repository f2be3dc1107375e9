//! `cavalo arena championship` on an arena's data, and `cavalo serve --arena`'s refusals, through
//! the real binary: the current versions frozen, the round robin played in the sandbox (SBCL and
//! bubblewrap; skipped without them unless CAVALO_SANDBOX_TESTS=1), the report in Portuguese in
//! the championship's folder, a second run going on with the same versions; an arena without two
//! teams, and a server asked for an arena without a sandbox, refused in words.

use std::process::Command;
use std::sync::Arc;

use cavalo_arena::ArenaStore;
use cavalo_match::program::TeamProgram;
use cavalo_session::store::Db;

use crate::common::lisp::{example, present};
use crate::common::{BIN, cavalo};

/// A team's program: the example greedy player beside the course's rules.
fn greedy() -> TeamProgram {
    let file = |name: &str| (name.to_string(), std::fs::read_to_string(example(name)).unwrap());
    let glue = vec![("args".to_string(), "state+time+side".to_string())];
    TeamProgram::check(vec![file("greedy.lisp"), file("course-rules.lisp")], Some("greedy.lisp".into()), glue)
        .unwrap()
}

/// An arena of `teams` in a database in `dir` (as a server with --arena keeps it).
fn arena(dir: &std::path::Path, teams: &[&str]) -> ArenaStore {
    let store = ArenaStore::open(Arc::new(Db::open(&dir.join("games.sqlite")).unwrap())).unwrap();
    for team in teams {
        store.add_program(team, &greedy()).unwrap();
    }
    store
}

/// Runs `cavalo ARGS` in Portuguese, expecting it to fail; its standard error.
fn refused(args: &[&str], envs: &[(&str, &str)]) -> String {
    let out =
        Command::new(BIN).args(args).env("LANG", "pt_PT.UTF-8").envs(envs.iter().copied()).output().unwrap();
    assert!(!out.status.success(), "cavalo {args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_championship_freezes_the_current_versions_and_plays_them_once() {
    if !present(&["sbcl", "bwrap"], "CAVALO_SANDBOX_TESTS") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let store = arena(dir.path(), &["Equipa A", "Equipa B", "Equipa A"]);
    let data = dir.path().to_str().unwrap();
    let args = [
        "arena",
        "championship",
        "--data-dir",
        data,
        "--boards",
        "1",
        "--time-ms",
        "300",
        "--lang",
        "pt",
        "-q",
    ];
    let out = cavalo(&args);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("Equipa A v2") && report.contains("Equipa B v1"), "{report}");
    assert!(!report.contains("Equipa A v1"), "only the current versions: {report}");
    assert!(report.contains("Jogos       2 de 2"), "{report}");
    let folder = dir.path().join("championship");
    let html = std::fs::read_to_string(folder.join("report.html")).unwrap();
    assert!(html.contains("lang=\"pt") && html.contains("Equipa B v1"), "the HTML report, in Portuguese");
    assert_eq!(std::fs::read_to_string(folder.join("games.jsonl")).unwrap().lines().count(), 2);

    // A new upload after the freeze does not enter; the same folder goes on with the versions
    // frozen, and plays nothing again.
    store.add_program("Equipa B", &greedy()).unwrap();
    let again = String::from_utf8(cavalo(&args).stdout).unwrap();
    assert!(again.contains("Equipa B v1") && !again.contains("Equipa B v2"), "{again}");
    assert_eq!(std::fs::read_to_string(folder.join("games.jsonl")).unwrap().lines().count(), 2);
}

#[test]
fn an_arena_without_two_teams_or_a_server_without_a_sandbox_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    arena(dir.path(), &["Equipa A"]);
    let data = dir.path().to_str().unwrap();
    let said = refused(&["arena", "championship", "--data-dir", data], &[]);
    assert!(said.contains("a arena tem uma equipa: um campeonato precisa de pelo menos duas"), "{said}");
    let none = dir.path().join("nothing");
    let said = refused(&["arena", "championship", "--data-dir", none.to_str().unwrap()], &[]);
    assert!(said.contains("não há base de dados de jogos em"), "{said}");
    // No sandbox: the server does not start its arena.
    let args = ["serve", "--port", "0", "--data-dir", data, "--arena"];
    let said = refused(&args, &[("CAVALO_BWRAP", "/nonexistent/bwrap")]);
    assert!(said.contains("a arena precisa de uma caixa de areia"), "{said}");
    // The arena's options mean nothing without it.
    let said = refused(&["serve", "--port", "0", "--data-dir", data, "--arena-code", "AULA1234"], &[]);
    assert!(said.contains("--arena"), "{said}");
}
