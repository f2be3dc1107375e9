//! What a course program in Common Lisp gets told when it goes wrong, through the real binary
//! and the real SBCL: a load error or a missing function is a crash before the first move with
//! the line or the name, infinite recursion names the function, an exhausted heap says so, so does
//! the memory limit (foreign memory, threads: the whole address space is limited), a slow
//! load names `load-ms=`, standard error is quoted, and no process the program started survives
//! its game. Also: a board found anywhere in the answer, and answers that would hang a printer.
//! Skipped without SBCL unless CAVALO_LISP_TESTS=1.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use common::lisp::{course_team, example, play, play_with_summary, sbcl, team};
use common::processes_with;

/// The detail of every record, each checked to be lost by engine 1 for `reason`.
fn details(records: &[Value], reason: &str) -> Vec<String> {
    assert!(!records.is_empty());
    records
        .iter()
        .map(|r| {
            let d = r["meta"]["detail"].as_str().unwrap().to_string();
            assert_eq!(r["meta"]["termination"], reason, "{d}");
            assert_eq!(r["meta"]["engine1_points"], 0.0, "{d}");
            d
        })
        .collect()
}

/// The `first REASON:` line of a match summary.
fn first_line<'a>(summary: &'a str, reason: &str) -> &'a str {
    let tag = format!("first {reason}: ");
    summary.lines().find(|l| l.contains(&tag)).unwrap_or_else(|| panic!("no `{tag}` in {summary}"))
}

/// The course function that plays the first cell in reach, by name, after `before` (for
/// [`course_team`]).
fn playing_after(before: &str) -> String {
    format!(
        "(defun jogar (estado tempo jogador)\n\
           (declare (ignore tempo))\n\
           {before}\n\
           (let ((lc (first (destinos (first estado) jogador))))\n\
             (format nil \"~c~d\" (code-char (+ 65 (second lc))) (1+ (first lc)))))\n"
    )
}

#[test]
fn processes_a_lisp_program_starts_die_with_its_game() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let marker = 987_000_000 + std::process::id();
    let pids = dir.path().join("pids");
    // Once per game: a sleep in a process group of its own (as run-program makes it), one that
    // leaves the session (setsid forks, its parent exits at once), and an echo on standard
    // output, which must not reach the referee. Then a legal move.
    let setsid = if Path::new("/usr/bin/setsid").exists() {
        format!("(sb-ext:run-program \"/usr/bin/setsid\" '(\"-f\" \"/bin/sleep\" \"{marker}\"))")
    } else {
        String::new()
    };
    let body = playing_after(&format!(
        "(unless (boundp '*lancado*)\n\
           (defparameter *lancado* t)\n\
           (let ((p (sb-ext:run-program \"/bin/sleep\" '(\"{marker}\") :wait nil)))\n\
             (with-open-file (f \"{}\" :direction :output :if-exists :append :if-does-not-exist :create)\n\
               (format f \"~d~%\" (sb-ext:process-pid p))))\n\
           {setsid}\n\
           (sb-ext:run-program \"/bin/echo\" '(\"ola do filho\") :output t))",
        pids.display()
    ));
    let spec = course_team(dir.path(), &body);
    for r in play(&spec, "greedy", "2", "5000") {
        assert_eq!(r["meta"]["termination"], "normal", "{}", r["meta"]["detail"]);
    }
    let started: Vec<String> = std::fs::read_to_string(&pids).unwrap().lines().map(str::to_string).collect();
    assert_eq!(started.len(), 2, "one sleep per game: {started:?}");
    // The kernel may take a moment to finish a process killed.
    let needle = format!("sleep {marker}");
    let until = Instant::now() + Duration::from_secs(3);
    while !processes_with(&needle).is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(processes_with(&needle), Vec::<String>::new(), "children survived their game");
    // Nor are they left as zombies: reaped, their ids are gone (or name another program).
    for pid in started {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        assert!(!stat.contains("(sleep)"), "{stat}");
    }
}

#[test]
fn infinite_recursion_is_a_crash_naming_the_function() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let body = "(defun procura (estado profundidade) (1+ (procura estado (1+ profundidade))))\n\
                (defun jogar (estado tempo) (declare (ignore tempo)) (procura estado 0))\n";
    let (records, summary) = play_with_summary(&team(dir.path(), body), "greedy", "2", "10000");
    for d in details(&records, "crash") {
        // White's first own move is ply 3 and Black's ply 4 (the adapter plays the placements).
        assert!(d.contains(" at ply 3: ") || d.contains(" at ply 4: "), "{d}");
        assert!(d.contains("control stack exhausted in `PROCURA` (infinite recursion?)"), "{d}");
        assert!(!d.contains("fp=") && !d.contains("malformed"), "{d}");
    }
    let first = first_line(&summary, "crash");
    assert!(first.contains("control stack exhausted in `PROCURA` (infinite recursion?)"), "{first}");
}

#[test]
fn an_exhausted_heap_is_a_crash_that_says_so() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Big vectors (SBCL signals a condition the adapter reports) and conses (SBCL dies, its
    // last words on standard error tell), in a 64 MiB heap.
    for grow in ["(make-array 100000)", "(cons 1 2)"] {
        let body = format!(
            "(defun jogar (estado tempo) (declare (ignore estado tempo))\n\
               (let ((l nil)) (loop (push {grow} l))))\n"
        );
        let spec = format!("{},heap-mb=64", team(dir.path(), &body));
        for d in details(&play(&spec, "greedy", "2", "10000"), "crash") {
            assert!(d.contains("heap exhausted: the program used all of its 64 MiB (give heap-mb="), "{d}");
            assert!(d.contains(" at ply 3: ") || d.contains(" at ply 4: "), "{d}");
            assert!(!d.contains("malformed"), "{d}");
        }
    }
}

/// The most memory any child of this test process had at once (the team programs and the
/// referees it ran), in MiB.
fn children_peak_mib() -> u64 {
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut u), 0);
        u
    };
    usage.ru_maxrss as u64 / 1024
}

#[test]
fn memory_outside_the_heap_is_limited_and_named() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // With a 64 MiB heap the whole memory is 64 + 256 + 2 = 322 MiB: foreign memory through
    // make-alien (malloc fails: a storage condition), through malloc itself with its pages
    // touched (a null pointer, then a memory fault), and threads (that cannot be made). Each
    // gives up after 1 GiB, so that without the limit it answers (illegally) instead.
    let malloc = "(sb-alien:alien-funcall (sb-alien:extern-alien \"malloc\" \
                  (function sb-sys:system-area-pointer sb-alien:unsigned-long)) (* 16 1024 1024))";
    let grows = [
        "(sb-alien:make-alien (sb-alien:unsigned 8) (* 16 1024 1024))".to_string(),
        format!(
            "(let ((p {malloc})) (loop for i below (* 16 1024 1024) by 4096 do (setf (sb-sys:sap-ref-8 p i) 1)) p)"
        ),
        "(sb-thread:make-thread (lambda () (sleep 100)))".to_string(),
    ];
    for grow in grows {
        let body = format!(
            "(defun jogar (estado tempo) (declare (ignore tempo))\n\
               (let ((l nil)) (dotimes (i 64) (push {grow} l)) estado))\n"
        );
        let spec = format!("{},heap-mb=64", team(dir.path(), &body));
        for d in details(&play(&spec, "greedy", "2", "10000"), "crash") {
            let said = "memory limit reached: the program used all of its 322 MiB of memory, its 64 MiB heap \
                        (heap-mb), foreign memory, threads and SBCL's own spaces together (give heap-mb=… \
                        for more, or keep less in memory): the engine exited (exit status: 1)";
            assert!(d.contains(said), "{grow}: {d}");
            assert!(d.contains(" at ply 3: ") || d.contains(" at ply 4: "), "{d}");
        }
    }
    // Neither the team programs nor the referee went past the limit (nor did any other test's).
    assert!(children_peak_mib() <= 322, "{} MiB", children_peak_mib());
}

#[test]
fn load_errors_are_crashes_before_the_first_move_with_the_line() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("(defun ok () 1)\n\n(defun jogar (e tm)\n  (list e tm)\n", "line 3: read error: end of file"),
        (
            "(defun ok () 1)\n\n(defun jogar (e tm)\n  (equipa::jogada e tm))\n",
            "line 4: read error: Package EQUIPA",
        ),
        (
            ";; início\n(defun ok () 1) ; café\n\n;; a seguir\n(print\n  (/ 1 0))\n",
            "line 5: arithmetic error",
        ),
        ("(defvar *nome* (read-line))\n", "line 1: it reads standard input, which is empty"),
    ];
    for (body, said) in cases {
        let (records, summary) = play_with_summary(&team(dir.path(), body), "greedy", "2", "1000");
        for (r, d) in records.iter().zip(details(&records, "crash")) {
            assert!(
                d.contains(&format!("at load, before the first move: cannot load team.lisp: {said}")),
                "{d}"
            );
            assert!(r["moves"].as_array().unwrap().is_empty(), "{r}");
        }
        let first = first_line(&summary, "crash");
        assert!(first.contains(&format!("cannot load team.lisp: {said}")), "{first}");
    }
    let spec = format!("{},function=joga", team(dir.path(), "(defun jogar (e tm) e)"));
    for d in details(&play(&spec, "greedy", "2", "1000"), "crash") {
        assert!(
            d.contains("before the first move: team.lisp defines no function JOGA (give function=NAME)"),
            "{d}"
        );
    }
}

#[test]
fn a_slow_load_names_load_ms() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spec = format!("{},load-ms=300", team(dir.path(), "(sleep 5)\n(defun jogar (e tm) e)\n"));
    let started = Instant::now();
    for d in details(&play(&spec, "greedy", "2", "1000"), "timeout") {
        let said = "team.lisp did not finish loading within 300 ms (give load-ms=… for a slow load)";
        assert!(d.contains(said), "{d}");
    }
    assert!(started.elapsed() < Duration::from_secs(60), "the slow loads were not cut short");
}

#[test]
fn standard_error_is_quoted_and_never_blocks() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Megabytes on standard error, at load and at every move: the games are played.
    let flood = |lines: u32| {
        format!(
            "(dotimes (i {lines}) (format *error-output* \"ruido ~d ~a~%\" i (make-string 100 :initial-element #\\x)))"
        )
    };
    let body = format!("{}\n{}", flood(20_000), playing_after(&flood(5_000)));
    let spec = course_team(dir.path(), &body);
    for r in play(&spec, "greedy", "2", "20000") {
        assert_eq!(r["meta"]["termination"], "normal", "{}", r["meta"]["detail"]);
    }
    // A program that says goodbye and exits: its last words are quoted, with the ply.
    let body = playing_after(
        "(format t \"a pensar...~%\") (format *error-output* \"adeus, mundo~%\") (finish-output *error-output*)\n\
         (sb-ext:exit :code 3 :abort t)",
    );
    let spec = course_team(dir.path(), &body);
    for d in details(&play(&spec, "greedy", "2", "1000"), "crash") {
        assert!(
            d.contains(" at ply 3: the engine exited (exit status: 3)") || d.contains(" at ply 4: "),
            "{d}"
        );
        assert!(
            d.contains("last lines on standard error: ") && d.ends_with("`a pensar...` | `adeus, mundo`"),
            "{d}"
        );
    }
}

#[test]
fn a_board_is_found_anywhere_in_the_answer() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The example greedy's state (board points), returned inside (state depth value …): the
    // same games as the example itself.
    let body = format!(
        "(load \"{}\")\n\
         (defun jogar-fundo (estado tempo jogador)\n\
           (list (list :estado (jogar estado tempo jogador)) 4 17 \"valor\"))\n",
        example("greedy.lisp").display()
    );
    let spec = format!("{},function=jogar-fundo,args=state+time+side", team(dir.path(), &body));
    let nested = play(&spec, "random:3", "2", "1000");
    let plain = play(
        &format!("lisp:{},args=state+time+side", example("greedy.lisp").display()),
        "random:3",
        "2",
        "1000",
    );
    for (a, b) in nested.iter().zip(&plain) {
        assert_eq!(a["meta"]["termination"], "normal", "{}", a["meta"]["detail"]);
        assert_eq!(a["moves"], b["moves"]);
    }
}

#[test]
fn answers_that_would_hang_a_printer_are_refused_quickly() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A circular list and a dotted one: no board in them, no hang, a readable message.
    for answer in ["(let ((l (list 1 2 3))) (setf (cdr (last l)) l) l)", "(cons 3 (cons 4 5))"] {
        let body = format!("(defun jogar (estado tempo) (declare (ignore estado tempo)) {answer})\n");
        for d in details(&play(&team(dir.path(), &body), "greedy", "2", "10000"), "illegal move") {
            assert!(d.contains("which is not a board, a cell or a move"), "{d}");
        }
    }
}

/// A team whose `jogar` calls `melhor`, which calls `avalia`, which adds NIL to a number, and
/// whose file has a line the compiler warns about.
const ADDS_NIL: &str = "(defun avalia (estado) (+ (first (second estado)) (third (second estado))))\n\
                        (defun melhor (estado) (list (avalia estado)))\n\
                        (defun aviso () (+ 1 nil))\n\
                        (defun jogar (estado tempo) (declare (ignore tempo)) (first (melhor estado)))\n";

#[test]
fn an_error_in_the_function_is_a_crash_naming_the_condition_the_calls_and_the_state() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spec = team(dir.path(), ADDS_NIL);
    let (records, summary) = play_with_summary(&spec, "greedy", "2", "5000");
    for d in details(&records, "crash") {
        assert!(d.contains(" at ply 3: ") || d.contains(" at ply 4: "), "{d}");
        assert!(
            d.contains("the program crashed: ") && d.contains("TYPE-ERROR: ") && d.contains("NUMBER"),
            "{d}"
        );
        assert!(d.contains("in the function jogar; the team's calls, innermost first: (AVALIA ((("), "{d}");
        // The state as the course writes it: a board of 10 rows of 10, then the points.
        let state = d.split("jogar was given the state ").nth(1).expect(&d);
        assert!(state.starts_with("(((") && state.matches('(').count() == 13, "{state}");
        assert!(state.contains("-1") && state.contains("-2"), "{state}");
        // Neither SBCL's compile remarks nor the old wording.
        assert!(!d.contains("Undefined") && !d.contains("caught") && !d.contains("malformed"), "{d}");
        assert!(!d.contains("last lines on standard error"), "{d}");
    }
    assert!(first_line(&summary, "crash").contains("(AVALIA"), "{summary}");
    // In Portuguese: the condition worded, the calls and the state.
    let out = dir.path().join("pt.jsonl");
    let o = common::cavalo(&[
        "match",
        "--engine1",
        &spec,
        "--engine2",
        "greedy",
        "--games",
        "2",
        "--time-ms",
        "5000",
        "--lang",
        "pt",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    let pt = String::from_utf8(o.stdout).unwrap();
    let line = pt.lines().find(|l| l.contains("primeiro caso de falha do programa")).expect(&pt);
    assert!(line.contains("TYPE-ERROR`: o valor NIL não é do tipo NUMBER, na função jogar"), "{line}");
    assert!(line.contains("as chamadas da equipa, da mais interior para fora: (AVALIA"), "{line}");
    assert!(line.contains("jogar recebeu o estado ((("), "{line}");
    let allowed =
        ["number", "simple", "type", "error", "lisp", "team", "lisp:", "greedy", "avalia", "melhor"];
    let english = cavalo_session::i18n::english_words_in(&pt, &allowed);
    assert_eq!(english, Vec::<String>::new(), "{pt}");
}

#[test]
fn a_one_based_cell_answer_names_the_answer_and_cell_base() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The first cell in reach as (row column) counted from 1, as a course program may.
    let body = "(defun jogar (estado tempo jogador)\n\
           (declare (ignore tempo))\n\
           (let ((lc (first (destinos (first estado) jogador))))\n\
             (list (1+ (first lc)) (1+ (second lc)))))\n";
    let spec = course_team(dir.path(), body);
    let records = play(&spec, "greedy", "4", "5000");
    for r in &records {
        let d = r["meta"]["detail"].as_str().unwrap();
        assert_eq!(r["meta"]["termination"], "illegal move", "{d}");
        assert_eq!(r["meta"]["engine1_points"], 0.0, "{d}");
        // The answer as written and the key that fixes it.
        let answer = d.find("the answer (").expect(d);
        assert!(d[answer..].contains("rows and columns counted from 0 (give cell-base=1"), "{d}");
    }
    // With cell-base=1 the same program plays its games out.
    for r in play(&format!("{spec},cell-base=1"), "greedy", "2", "5000") {
        assert_eq!(r["meta"]["termination"], "normal", "{}", r["meta"]["detail"]);
    }
}

#[test]
fn the_tournament_report_says_why_each_team_forfeited() {
    if !sbcl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let a = format!("{},name=Equipa A", team(dir.path(), ADDS_NIL));
    let b_path = dir.path().join("b.lisp");
    std::fs::write(&b_path, "(defun jogar (estado tempo) (declare (ignore estado tempo)) (list 10 4))\n")
        .unwrap();
    let b = format!("lisp:{},name=Equipa B", b_path.display());
    let html = dir.path().join("t.html");
    for lang in ["pt", "en"] {
        // No --out: the reasons are in the report itself.
        let o = common::cavalo(&[
            "tournament",
            "-p",
            &a,
            "-p",
            &b,
            "-p",
            "greedy",
            "--boards",
            "1",
            "--time-ms",
            "5000",
            "-q",
            "--lang",
            lang,
            "--html",
            html.to_str().unwrap(),
        ]);
        let text = String::from_utf8(o.stdout).unwrap();
        let page = std::fs::read_to_string(&html).unwrap();
        if lang == "pt" {
            assert!(
                text.contains("Faltas: o primeiro jogo que cada jogador perdeu por cada motivo"),
                "{text}"
            );
            for t in [&text, &page] {
                assert!(
                    t.contains("primeiro caso de falha do programa: jogo ")
                        || t.contains("falha do programa</td>"),
                    "{t}"
                );
                assert!(
                    t.contains("Equipa A (Branco) na meia-jogada 3: o programa falhou: `TYPE-ERROR`"),
                    "{t}"
                );
                assert!(
                    t.contains("a resposta (10 4) fica fora do tabuleiro") && t.contains("cell-base=1"),
                    "{t}"
                );
            }
            let allowed = [
                "number", "simple", "type", "error", "greedy", "avalia", "melhor", "lisp", "team", "cell",
                "bradley", "terry",
            ];
            let english = cavalo_session::i18n::english_words_in(&text, &allowed);
            assert_eq!(english, Vec::<String>::new(), "{text}");
        } else {
            assert!(text.contains("Forfeits: the first game each player lost by each reason"), "{text}");
            assert!(text.contains("first crash: game ") && text.contains("the program crashed: "), "{text}");
            assert!(page.contains("Equipa B (White) at ply 3: the answer (10 4) is off the board"), "{page}");
        }
    }
}
