//! `cavalo accuracy --player`: any player measured on a suite, through the real binary. Our
//! engine through the protocol chooses what it chooses in process; a program that answers
//! nonsense or crashes has those positions counted as its worst move, each with the reason.

use std::process::Command;

use serde_json::Value;

use crate::common;
use common::{BIN, cavalo};

/// A suite file of the built-in suite's first two canonical positions and its first no-threat
/// one (so that a player is started for each variant).
fn small_suite(dir: &std::path::Path) -> String {
    let builtin = include_str!("../../data/accuracy-ply14.jsonl");
    let mut lines: Vec<&str> = builtin.lines().take(3).collect();
    lines.push(builtin.lines().find(|l| l.contains("\"threat\":false") && l.contains("\"moves\"")).unwrap());
    let file = dir.join("small.jsonl");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    file.to_str().unwrap().to_string()
}

fn measure(suite: &str, player: &[&str]) -> Value {
    let mut args =
        vec!["accuracy", "--suite", suite, "--variants", "all", "--nodes", "3000", "--moves", "--json"];
    args.extend(player);
    serde_json::from_slice(&cavalo(&args).stdout).unwrap()
}

/// A fake engine: a shell script that does the handshake and then does `on_go` for every `go`.
fn fake_engine(dir: &std::path::Path, on_go: &str) -> String {
    let script = dir.join("fake.sh");
    std::fs::write(
        &script,
        format!(
            "while read -r line; do case \"$line\" in ugi) echo ugiok ;; isready) echo readyok ;; \
             setoption*) last=${{line##* }} ;; go*) {on_go} ;; quit) exit 0 ;; esac; done\n"
        ),
    )
    .unwrap();
    format!("cmd:sh {}", script.display())
}

#[test]
fn our_engine_through_the_protocol_chooses_what_it_chooses_in_process() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let inside = measure(&suite, &[]);
    let engine = format!("cmd:{BIN} engine");
    let outside = measure(&suite, &["--player", &engine]);
    assert_eq!(inside["positions"].as_array().unwrap().len(), 3, "{inside}");
    assert_eq!(outside["positions"], inside["positions"]);
    assert_eq!(outside["accuracy"], inside["accuracy"]);
    assert_eq!(outside["player"], engine.as_str());
    assert_eq!(outside["failures"], serde_json::json!([]));
    assert_eq!(inside["player"], "cavalo");
}

#[test]
fn a_player_without_a_usable_move_loses_the_worst_move_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    // An answer that is no move: every position counts its worst move, and says why. (The
    // fake engine answers the value of the last `setoption`: --option reaches it.)
    let nonsense = fake_engine(dir.path(), "echo 'info string thinking'; echo \"bestmove $last\"");
    let out = Command::new(BIN)
        .args([
            "accuracy",
            "--suite",
            &suite,
            "--variants",
            "all",
            "--nodes",
            "3000",
            "--player",
            &nonsense,
            "--option",
            "Answer=Z9",
        ])
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("optimal 0.0%") && stdout.contains("(3 positions without a usable move"),
        "{stdout}"
    );
    assert!(stderr.contains("`bestmove Z9`") && stderr.contains("(the player said: thinking)"), "{stderr}");
    let v = measure(&suite, &["--player", &nonsense, "--option", "Answer=Z9"]);
    let failures = v["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 3, "{v}");
    let entries: Vec<Value> = std::fs::read_to_string(&suite)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for ((f, p), e) in failures.iter().zip(v["positions"].as_array().unwrap()).zip(&entries) {
        assert_eq!((&f["seed"], &p["seed"]), (&e["seed"], &e["seed"]));
        let values: Vec<i64> =
            e["moves"].as_array().unwrap().iter().map(|m| m[1].as_i64().unwrap()).collect();
        let (best, worst) = (values.iter().max().unwrap(), values.iter().min().unwrap());
        assert_eq!((p["chosen"].clone(), p["loss"].as_i64().unwrap()), (Value::Null, best - worst), "{p}");
    }
    // A player that dies at every `go` is started again for the next position.
    let crashing = fake_engine(dir.path(), "exit 3");
    let v = measure(&suite, &["--player", &crashing]);
    let failures = v["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 3, "{v}");
    assert!(failures.iter().all(|f| f["detail"].as_str().unwrap().starts_with("crash:")), "{v}");
}

#[test]
fn a_player_that_cannot_start_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    for (player, said) in [
        ("cmd:/nonexistent/engine", "the player cmd:/nonexistent/engine"),
        ("lisp:/nonexistent/team.lisp", "cannot read the Lisp program"),
        ("nobody", "unknown player `nobody`"),
    ] {
        let out =
            Command::new(BIN).args(["accuracy", "--suite", &suite, "--player", player]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && stderr.contains(said), "{player}: {stderr}");
        assert!(out.stdout.is_empty() && !stderr.contains("panicked"), "{player}: {stderr}");
    }
    // An option the engine refuses stops the measure before any position, quoting the refusal.
    let ours = format!("cmd:{BIN} engine");
    let out = Command::new(BIN)
        .args(["accuracy", "--suite", &suite, "--player", &ours, "--option", "Bogus=1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && out.stdout.is_empty(), "{stderr}");
    assert!(stderr.contains("refused `setoption name Bogus value 1`: info string error"), "{stderr}");
    // A built-in player is chosen with --engine and --set, or with --player alone.
    let out =
        Command::new(BIN).args(["accuracy", "--player", "greedy", "--set", "threads=2"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
}

#[test]
fn variants_choose_the_positions_measured() {
    let dir = tempfile::tempdir().unwrap();
    let suite = small_suite(dir.path());
    let count = |variants: &[&str]| {
        let mut args = vec!["accuracy", "--suite", &suite, "--nodes", "2000", "--json"];
        args.extend(variants);
        let v: Value = serde_json::from_slice(&cavalo(&args).stdout).unwrap();
        (v["accuracy"]["positions"].as_u64().unwrap(), v["variants"].as_str().unwrap().to_string())
    };
    // The course's rules by default: the two canonical positions of three.
    assert_eq!(count(&[]), (2, "canonical".into()));
    assert_eq!(count(&["--variants", "no-threat"]), (1, "no-threat".into()));
    assert_eq!(count(&["--variants", "all"]), (3, "all variants".into()));
    assert_eq!(count(&["--variants", "canonical,no-threat"]), (3, "canonical, no-threat".into()));
    for (variants, said) in [
        ("no-zero-double", "no positions of no-zero-double (it holds 2 canonical, 1 no-threat)"),
        ("sideways", "`sideways` is not a rule variant"),
        ("all,canonical", "`all` stands alone"),
    ] {
        let out =
            Command::new(BIN).args(["accuracy", "--suite", &suite, "--variants", variants]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && stderr.contains(said), "{variants}: {stderr}");
    }
    // The help gives the default that applies: 100 ms per move, canonical positions.
    let help = String::from_utf8(cavalo(&["accuracy", "--help"]).stdout).unwrap();
    assert!(help.contains("[default: 100, when neither --depth nor --nodes is given]"), "{help}");
    assert!(help.contains("[default: canonical, the course's rules]"), "{help}");
}
