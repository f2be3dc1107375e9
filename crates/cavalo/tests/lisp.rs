//! Course programs in Common Lisp through the adapter (adapters/lisp), refereed by `cavalo match`:
//! the example programs play whole games, the rule breakers lose with the rule named, a team's
//! error is reported. Needs SBCL: without it these tests say so and pass, unless
//! CAVALO_LISP_TESTS=1 (set by scripts/test once SBCL is installed) makes them required.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// Whether SBCL is there; panics when it is required and missing.
fn sbcl() -> bool {
    let found = Command::new("sbcl").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CAVALO_LISP_TESTS").as_deref() != Ok("1"),
            "CAVALO_LISP_TESTS=1 but sbcl cannot be run"
        );
        eprintln!("skipped: sbcl is not installed (apt-get install sbcl, or run scripts/test)");
    }
    found
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters/lisp/examples").join(name)
}

/// The glue of each example program.
pub fn greedy() -> String {
    format!("lisp:{},args=state+time+side", example("greedy.lisp").display())
}
fn alphabeta() -> String {
    format!(
        "lisp:{},function=jogada-computador,state=points-board,white-only=yes",
        example("alphabeta.lisp").display()
    )
}
fn ignores_threat() -> String {
    format!("lisp:{},function=melhor-casa,args=state+time+side", example("ignores-threat.lisp").display())
}

fn cavalo(args: &[&str]) -> Output {
    let out = Command::new(BIN).args(args).output().expect("cavalo runs");
    assert!(
        out.status.success(),
        "cavalo {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    out
}

/// Plays `games` games of `spec` against `other` and returns the records.
fn play(spec: &str, other: &str, games: &str, time_ms: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    cavalo(&[
        "match",
        "--engine1",
        spec,
        "--engine2",
        other,
        "--games",
        games,
        "--time-ms",
        time_ms,
        "--tolerance-ms",
        "200",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    std::fs::read_to_string(&out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn the_example_programs_play_whole_games() {
    if !sbcl() {
        return;
    }
    for spec in [greedy(), alphabeta()] {
        let recs = play(&spec, "greedy", "4", "500");
        assert_eq!(recs.len(), 4);
        for r in &recs {
            assert_eq!(r["meta"]["termination"], "normal", "{spec}: {}", r["meta"]["detail"]);
            assert!(r["moves"].as_array().unwrap().len() > 10);
        }
    }
}

#[test]
fn the_lisp_greedy_plays_as_the_built_in_greedy() {
    if !sbcl() {
        return;
    }
    // Both take the highest number in reach, and both remove the highest other double: the
    // games are the same move for move.
    let lisp = play(&greedy(), "random:3", "2", "500");
    let ours = play("greedy", "random:3", "2", "500");
    for (a, b) in lisp.iter().zip(&ours) {
        assert_eq!(a["moves"], b["moves"]);
    }
}

#[test]
fn breaking_the_threat_rule_loses_with_the_knight_named() {
    if !sbcl() {
        return;
    }
    let recs = play(&ignores_threat(), "greedy", "4", "500");
    let illegal: Vec<&str> = recs
        .iter()
        .filter(|r| r["meta"]["termination"] == "illegal move")
        .map(|r| r["meta"]["detail"].as_str().unwrap())
        .collect();
    assert!(!illegal.is_empty(), "the rule breaker was never caught");
    for d in illegal {
        assert!(d.contains("is threatened by the") && d.contains("knight on"), "{d}");
    }
}

/// A team file in a temporary directory.
fn team(dir: &Path, body: &str) -> String {
    let path = dir.join("team.lisp");
    std::fs::write(&path, body).unwrap();
    format!("lisp:{}", path.display())
}

#[test]
fn a_board_no_legal_move_gives_is_explained() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Moves like greedy but never removes the symmetric number nor a second double.
    let body = format!(
        "(load \"{}\")\n\
         (defun jogar (estado tempo jogador)\n\
           (declare (ignore tempo))\n\
           (let* ((tab (first estado))\n\
                  (lc (first (destinos tab jogador))) (de (posicao-valor tab jogador)))\n\
             (list (substituir (first lc) (second lc) (substituir (first de) (second de) tab nil) jogador)\n\
                   (second estado))))\n",
        example("course-rules.lisp").display()
    );
    let spec = format!("{},args=state+time+side", team(dir.path(), &body));
    let recs = play(&spec, "greedy", "2", "500");
    for r in &recs {
        let d = r["meta"]["detail"].as_str().unwrap();
        assert_eq!(r["meta"]["termination"], "illegal move", "{d}");
        assert!(d.contains("a legal move, but the board returned is not the board after it"), "{d}");
        assert!(d.contains("should be NIL (removed) but is"), "{d}");
    }
}

#[test]
fn a_team_error_and_a_missing_function_are_reported() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spec = team(
        dir.path(),
        "(defun jogar (estado tempo) (declare (ignore tempo)) (car (car (car estado))) (/ 1 0))",
    );
    for r in play(&spec, "greedy", "2", "500") {
        let d = r["meta"]["detail"].as_str().unwrap();
        assert_eq!(r["meta"]["termination"], "malformed output", "{d}");
        assert!(d.contains("the function") && d.contains("signalled"), "{d}");
    }
    let spec = format!("{},function=joga", team(dir.path(), "(defun jogar (e tm) e)"));
    for r in play(&spec, "greedy", "2", "500") {
        let d = r["meta"]["detail"].as_str().unwrap();
        assert!(d.contains("defines no function joga"), "{d}");
    }
}

#[test]
fn printing_by_the_team_does_not_disturb_the_protocol() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Prints on load and on every move, as course programs do; answers with the cell name.
    let body = format!(
        "(load \"{}\")\n(format t \"Bem-vindo!~%\")\n\
         (defun jogar (estado tempo jogador)\n\
           (print estado) (format t \"tempo ~a~%\" tempo)\n\
           (let ((lc (first (destinos (first estado) jogador))))\n\
             (format nil \"~c~d\" (code-char (+ 65 (second lc))) (1+ (first lc)))))\n",
        example("course-rules.lisp").display()
    );
    let spec = format!("{},args=state+time+side", team(dir.path(), &body));
    for r in play(&spec, "greedy", "2", "500") {
        assert_eq!(r["meta"]["termination"], "normal", "{}", r["meta"]["detail"]);
    }
}

#[test]
fn a_small_tournament_with_the_lisp_examples_has_its_crosstable() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let js = dir.path().join("t.json");
    let o = cavalo(&[
        "tournament",
        "-p",
        "cavalo:hash=4",
        "-p",
        "greedy",
        "-p",
        &greedy(),
        "-p",
        &alphabeta(),
        "--boards",
        "1",
        "--time-ms",
        "300",
        "--tolerance-ms",
        "200",
        "--json",
        js.to_str().unwrap(),
        "-q",
    ]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("Crosstable") && text.contains("greedy.lisp") && text.contains("alphabeta.lisp"),
        "{text}"
    );
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&js).unwrap()).unwrap();
    assert_eq!(j["games"], 12);
    for s in j["standings"].as_array().unwrap() {
        assert_eq!(s["games"], 6);
        if s["name"].as_str().unwrap().ends_with(".lisp") {
            assert!(s["forfeits"].as_object().unwrap().is_empty(), "{s}");
        }
        assert!(s["rating"]["elo"].as_f64().is_some());
    }
}
