//! Course programs in Common Lisp through the adapter (adapters/lisp), refereed by `cavalo match`:
//! the example programs play whole games, the rule breakers lose with the rule named, a team's
//! error is reported. Needs SBCL: without it these tests say so and pass, unless
//! CAVALO_LISP_TESTS=1 (set by scripts/test once SBCL is installed) makes them required.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common;
use common::cavalo;
use common::lisp::{course_team, example, play, sbcl, team};

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

#[test]
fn the_example_programs_play_whole_games() {
    if !sbcl() {
        return;
    }
    for spec in [greedy(), alphabeta()] {
        let recs = play(&spec, "greedy", "4", "500");
        // The adapter is compiled once, and loaded compiled from then on.
        let fasl = std::fs::read_dir(std::env::temp_dir()).unwrap().flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("cavalo-adapter-") && name.ends_with(".fasl")
        });
        assert!(fasl, "no compiled adapter in {}", std::env::temp_dir().display());
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

#[test]
fn a_board_no_legal_move_gives_is_explained() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Moves like greedy but never removes the symmetric number nor a second double.
    let body = "(defun jogar (estado tempo jogador)\n\
           (declare (ignore tempo))\n\
           (let* ((tab (first estado))\n\
                  (lc (first (destinos tab jogador))) (de (posicao-valor tab jogador)))\n\
             (list (substituir (first lc) (second lc) (substituir (first de) (second de) tab nil) jogador)\n\
                   (second estado))))\n";
    let spec = course_team(dir.path(), body);
    let recs = play(&spec, "greedy", "2", "500");
    for r in &recs {
        let d = r["meta"]["detail"].as_str().unwrap();
        assert_eq!(r["meta"]["termination"], "illegal move", "{d}");
        // The cells that differ first, then why.
        let cells = d.find("should be NIL (removed) but is").expect(d);
        let why = d.find("(the board returned is not the board after the knight's move to").expect(d);
        assert!(cells < why, "{d}");
    }
}

#[test]
fn a_team_error_is_reported() {
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
        assert_eq!(r["meta"]["termination"], "crash", "{d}");
        assert!(
            d.contains("the program crashed: DIVISION-BY-ZERO: ") && d.contains("in the function jogar"),
            "{d}"
        );
    }
}

#[test]
fn printing_by_the_team_does_not_disturb_the_protocol() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Prints on load and on every move, as course programs do; answers with the cell name.
    let body = "(format t \"Bem-vindo!~%\")\n\
         (defun jogar (estado tempo jogador)\n\
           (print estado) (format t \"tempo ~a~%\" tempo)\n\
           (let ((lc (first (destinos (first estado) jogador))))\n\
             (format nil \"~c~d\" (code-char (+ 65 (second lc))) (1+ (first lc)))))\n";
    let spec = course_team(dir.path(), body);
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

#[test]
fn the_adapter_speaks_the_protocol_from_a_position_string() {
    if !sbcl() {
        return;
    }
    use std::io::Write;
    let fen = "59,43,77,00,10,45,02,33,89,W/21,47,92,38,69,14,95,61,37,76/22,29,01,27,65,54,58,08,32,51/\
               44,19,25,42,13,04,15,52,05,16/31,40,60,67,07,73,90,68,82,18/63,06,23,41,56,85,09,35,94,66/\
               26,53,12,30,46,78,87,34,17,48/71,75,11,64,24,57,99,.,81,98/96,74,49,72,.,86,50,88,70,91/\
               28,36,83,80,03,55,62,20,84,B w 93 97";
    let adapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters/lisp/cavalo-adapter.lisp");
    let form = format!(
        "(cavalo-adapter:main :file \"{}\" :args '(:state :time :side))",
        example("greedy.lisp").display()
    );
    let mut child = Command::new("sbcl")
        .args(["--noinform", "--non-interactive", "--no-sysinit", "--no-userinit", "--load"])
        .arg(&adapter)
        .args(["--eval", &form])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "ugi\nisready\nposition fen {fen}\nquery score\nquery p1turn\ngo movetime 200\n\
         position fen {fen} moves A1\nposition seed 1 moves F1 J10 D2\nquery p1turn\nfrobnicate\nquit\n"
    );
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"ugiok") && lines.contains(&"readyok"), "{text}");
    assert!(lines.contains(&"response 93 97") && lines.contains(&"response true"), "{text}");
    let best = lines.iter().find_map(|l| l.strip_prefix("bestmove ")).unwrap();
    let legal = cavalo(&["moves", fen]);
    assert!(String::from_utf8(legal.stdout).unwrap().lines().any(|m| m == best), "{best} is legal");
    assert!(text.contains("info string error: illegal move A1"), "{text}");
    assert!(lines.contains(&"response false"), "after three plies Black is to move: {text}");
    assert!(text.contains("info string unknown command: frobnicate"), "{text}");
}

#[test]
fn the_other_glue_keys_shape_the_call() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The board alone, the time in microseconds, (row column) from 1, and the forced plies too.
    let body = "(defun jogar (tab tempo jogador)\n\
           (when (< tempo 100000) (error \"time not scaled: ~a\" tempo))\n\
           (let ((p (posicao-valor tab jogador)))\n\
             (if (null p)\n\
                 (let* ((l (if (= jogador -1) 0 9)) (row (nth l tab))\n\
                        (c (position (reduce #'max (remove-if-not #'integerp row)) row)))\n\
                   (list (1+ l) (1+ c)))\n\
                 (let ((d (first (destinos tab jogador))))\n\
                   (if d (list (1+ (first d)) (1+ (second d))) \"pass\")))))\n";
    let spec =
        format!("{},state=board,time-scale=1000,cell-base=1,forced=team", course_team(dir.path(), body));
    for r in play(&spec, "greedy", "2", "500") {
        assert_eq!(r["meta"]["termination"], "normal", "{}", r["meta"]["detail"]);
    }
}

#[test]
fn the_lisp_greedy_is_measured_on_the_accuracy_suite_as_the_built_in_greedy() {
    if !sbcl() {
        return;
    }
    // The first four canonical positions of the built-in suite (the example programs play the
    // course's rules, with the threat rule).
    let builtin = include_str!("../../data/accuracy-ply14.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("four.jsonl");
    std::fs::write(&suite, builtin.lines().take(5).collect::<Vec<_>>().join("\n") + "\n").unwrap();
    let measure = |player: &str| -> Value {
        let out = cavalo(&[
            "accuracy",
            "--suite",
            suite.to_str().unwrap(),
            "--player",
            player,
            "--time-ms",
            "500",
            "--moves",
            "--json",
        ]);
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let (lisp, ours) = (measure(&greedy()), measure("greedy"));
    assert_eq!(lisp["failures"], serde_json::json!([]), "{lisp}");
    assert_eq!(lisp["positions"].as_array().unwrap().len(), 4, "{lisp}");
    assert_eq!(lisp["positions"], ours["positions"]);
}
