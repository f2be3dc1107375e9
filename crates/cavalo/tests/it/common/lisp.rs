//! Course programs in Common Lisp refereed by `cavalo match`: whether SBCL is there, the example
//! programs, a team's file, and the records and summary of a match.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::cavalo;

/// Whether SBCL is there; panics when it is required (CAVALO_LISP_TESTS=1) and missing.
pub fn sbcl() -> bool {
    present(&["sbcl"], "CAVALO_LISP_TESTS")
}

/// Whether every program of `tools` answers `--version`; panics when they are required (the
/// variable `required` is `1`) and one is missing, else says the tests are skipped.
pub fn present(tools: &[&str], required: &str) -> bool {
    let runs = |p: &&str| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success());
    let found = tools.iter().all(runs);
    if !found {
        assert!(
            std::env::var(required).as_deref() != Ok("1"),
            "{required}=1 but one of {tools:?} cannot be run"
        );
        eprintln!("skipped: one of {tools:?} is not installed (apt-get install it, or run scripts/test)");
    }
    found
}

/// An example program of adapters/lisp/examples.
pub fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters/lisp/examples").join(name)
}

/// A team file `team.lisp` in `dir` holding `body`, as a player (`lisp:PATH`).
pub fn team(dir: &Path, body: &str) -> String {
    let path = dir.join("team.lisp");
    std::fs::write(&path, body).unwrap();
    format!("lisp:{}", path.display())
}

/// A course team in `dir`: `code` after loading the course's rules (`course-rules.lisp`), called
/// as course programs are (`args=state+time+side`), as a player.
pub fn course_team(dir: &Path, code: &str) -> String {
    let body = format!("(load \"{}\")\n{code}", example("course-rules.lisp").display());
    format!("{},args=state+time+side", team(dir, &body))
}

/// Plays `games` games of `spec` against `other` (a tolerance of 200 ms) and returns the records
/// and the summary printed.
pub fn play_with_summary(spec: &str, other: &str, games: &str, time_ms: &str) -> (Vec<Value>, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    let args = ["match", "--engine1", spec, "--engine2", other, "--games", games, "--time-ms", time_ms];
    let o = cavalo(&[&args[..], &["--tolerance-ms", "200", "--out", out.to_str().unwrap(), "-q"]].concat());
    let records =
        std::fs::read_to_string(&out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (records, String::from_utf8(o.stdout).unwrap())
}

/// Plays `games` games of `spec` against `other` and returns the records.
pub fn play(spec: &str, other: &str, games: &str, time_ms: &str) -> Vec<Value> {
    play_with_summary(spec, other, games, time_ms).0
}
