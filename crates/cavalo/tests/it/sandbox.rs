//! Teams' programs in the sandbox (`lisp:…,sandbox=yes`), through the real binary, SBCL and
//! bubblewrap: a program plays as before from its own folder; one that reads outside its files
//! (a canary file, `/etc/passwd`), opens a socket to a port of this machine, forks until the
//! limit, allocates until it dies or fills its `/tmp` loses with a clear message, and nothing it
//! read or started is left. Each hostile program is also run without the sandbox where that is
//! harmless, to show that the test would see the harm. Skipped without SBCL or bubblewrap unless
//! CAVALO_SANDBOX_TESTS=1.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::Path;

use serde_json::Value;

use crate::common;
use common::lisp::{example, play_with_summary, present};
use common::processes_with;

/// Whether SBCL and bubblewrap are there (required when CAVALO_SANDBOX_TESTS=1).
fn sandbox() -> bool {
    present(&["sbcl", "bwrap"], "CAVALO_SANDBOX_TESTS")
}

/// A team's folder in `dir`: the course's rules beside `team.lisp`, which loads them by a relative
/// path, runs `at_load` and then plays the first cell in reach; as a player, sandboxed or not.
fn team_folder(dir: &Path, at_load: &str, sandboxed: bool) -> String {
    std::fs::copy(example("course-rules.lisp"), dir.join("course-rules.lisp")).unwrap();
    let body = format!(
        "(load \"course-rules.lisp\")\n{at_load}\n\
         (defun jogar (estado tempo jogador)\n\
           (declare (ignore tempo))\n\
           (let ((lc (first (destinos (first estado) jogador))))\n\
             (format nil \"~c~d\" (code-char (+ 65 (second lc))) (1+ (first lc)))))\n"
    );
    std::fs::write(dir.join("team.lisp"), body).unwrap();
    let sandbox = if sandboxed { ",sandbox=yes" } else { "" };
    format!("lisp:{},args=state+time+side{sandbox}", dir.join("team.lisp").display())
}

/// The records' terminations and details (engine 1's games), and the whole of what was printed.
fn outcome(records: &[Value], summary: &str) -> (Vec<String>, String) {
    let terminations =
        records.iter().map(|r| r["meta"]["termination"].as_str().unwrap().to_string()).collect();
    let all = format!("{summary}\n{}", records.iter().map(Value::to_string).collect::<Vec<_>>().join("\n"));
    (terminations, all)
}

#[test]
fn a_sandboxed_program_plays_from_its_own_folder() {
    if !sandbox() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spec = team_folder(dir.path(), "", true);
    let (records, summary) = play_with_summary(&spec, "greedy", "2", "1000");
    let (terminations, _) = outcome(&records, &summary);
    assert_eq!(terminations, ["normal", "normal"], "{summary}");
}

#[test]
fn files_outside_its_own_are_not_there() {
    if !sandbox() {
        return;
    }
    let secret = tempfile::tempdir().unwrap();
    let canary = format!("CANARY-{}-{:?}", std::process::id(), std::time::SystemTime::now());
    std::fs::write(secret.path().join("canary.txt"), &canary).unwrap();
    // At load: whatever it can read of the canary, /etc/passwd and the other folder's listing
    // is the reason of an error (so it would be in the summary and the records).
    let at_load = format!(
        "(let ((seen (remove nil (list (ignore-errors (with-open-file (s {canary:?}) (read-line s)))\n\
                                     (ignore-errors (with-open-file (s \"/etc/passwd\") (read-line s)))\n\
                                     (ignore-errors (directory {dir:?}))))))\n\
           (when seen (error \"LEAKED ~s\" seen)))",
        canary = secret.path().join("canary.txt").display().to_string(),
        dir = format!("{}/*.*", secret.path().display()),
    );
    let team = tempfile::tempdir().unwrap();
    let (records, summary) =
        play_with_summary(&team_folder(team.path(), &at_load, true), "greedy", "2", "1000");
    let (terminations, all) = outcome(&records, &summary);
    assert_eq!(terminations, ["normal", "normal"], "{summary}");
    assert!(!all.contains(&canary) && !all.contains("LEAKED") && !all.contains("root:"), "{all}");
    // Without the sandbox the same program reads them: the test sees a leak when there is one.
    let (records, summary) =
        play_with_summary(&team_folder(team.path(), &at_load, false), "greedy", "2", "1000");
    let (_, all) = outcome(&records, &summary);
    assert!(all.contains("LEAKED") && all.contains(&canary), "{all}");
}

#[test]
fn there_is_no_network() {
    if !sandbox() {
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let at_load = format!(
        "(require :sb-bsd-sockets)\n\
         (let ((s (make-instance 'sb-bsd-sockets:inet-socket :type :stream :protocol :tcp)))\n\
           (when (ignore-errors (sb-bsd-sockets:socket-connect s #(127 0 0 1) {port}) t)\n\
             (error \"CONNECTED to {port}\")))"
    );
    let team = tempfile::tempdir().unwrap();
    let (records, summary) =
        play_with_summary(&team_folder(team.path(), &at_load, true), "greedy", "2", "1000");
    let (terminations, all) = outcome(&records, &summary);
    assert_eq!(terminations, ["normal", "normal"], "{summary}");
    assert!(!all.contains("CONNECTED"), "{all}");
    assert_eq!(listener.accept().map(|_| ()).unwrap_err().kind(), ErrorKind::WouldBlock, "nobody connected");
    // Without the sandbox the same program connects: the test sees a connection when there is one.
    let (records, summary) =
        play_with_summary(&team_folder(team.path(), &at_load, false), "greedy", "2", "1000");
    let (_, all) = outcome(&records, &summary);
    assert!(all.contains("CONNECTED"), "{all}");
}

#[test]
fn a_fork_bomb_meets_the_process_limit_and_nothing_is_left() {
    if !sandbox() {
        return;
    }
    // (No word of the failure in the marker: the file's name is in every record.)
    let marker = format!("bomba-{}", std::process::id());
    // Every process forks for ever; the first refusal ends the program's move with an error.
    let at_load = "(require :sb-posix)\n(defun bomb () (loop (when (zerop (sb-posix:fork)) (bomb))))";
    let team = tempfile::tempdir().unwrap();
    let spec = team_folder(team.path(), at_load, true);
    // Named by the marker, so that its processes (the file's name is in their command line) are
    // told from other tests' programs.
    let code = std::fs::read_to_string(team.path().join("team.lisp"))
        .unwrap()
        .replace("(let ((lc", "(bomb) (let ((lc");
    std::fs::remove_file(team.path().join("team.lisp")).unwrap();
    std::fs::write(team.path().join(format!("{marker}.lisp")), code).unwrap();
    let spec = spec.replace("team.lisp", &format!("{marker}.lisp"));
    let started = std::time::Instant::now();
    let (records, summary) = play_with_summary(&spec, "greedy", "2", "2000");
    let (terminations, all) = outcome(&records, &summary);
    assert_eq!(terminations, ["crash", "crash"], "{summary}");
    // SBCL's own words: a child forked beyond the limit cannot make the thread it needs.
    assert!(all.contains("Could not create new OS thread"), "the message says what failed: {summary}");
    assert!(started.elapsed().as_secs() < 60, "bounded");
    assert_eq!(processes_with(&marker), Vec::<String>::new(), "nothing left");
}

#[test]
fn a_full_tmp_and_a_greedy_heap_end_with_their_reason() {
    if !sandbox() {
        return;
    }
    // 64 MiB into the sandbox's /tmp (16 MiB) fails; the program goes on and plays.
    let fill = "(multiple-value-bind (done failure)\n\
                  (ignore-errors (with-open-file (s \"/tmp/big\" :direction :output :element-type '(unsigned-byte 8))\n\
                    (let ((block (make-array 65536 :element-type '(unsigned-byte 8) :initial-element 7)))\n\
                      (dotimes (i 1024) (write-sequence block s)))\n\
                    t))\n\
                  (declare (ignore done))\n\
                  (unless failure (error \"BIG FILE\")))";
    let team = tempfile::tempdir().unwrap();
    let (records, summary) = play_with_summary(&team_folder(team.path(), fill, true), "greedy", "2", "1000");
    let (terminations, all) = outcome(&records, &summary);
    assert_eq!(terminations, ["normal", "normal"], "{summary}");
    assert!(!all.contains("BIG FILE"), "{all}");
    // Allocating for ever: the heap's limit, said as such.
    let greedy = "(defparameter *all* nil) (loop (push (make-array 1000000) *all*))";
    let team = tempfile::tempdir().unwrap();
    let (records, summary) =
        play_with_summary(&team_folder(team.path(), greedy, true), "greedy", "2", "1000");
    let (terminations, _) = outcome(&records, &summary);
    assert_eq!(terminations, ["crash", "crash"], "{summary}");
    assert!(summary.contains("heap") || summary.contains("memory"), "{summary}");
}
