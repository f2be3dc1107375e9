//! Runs the real `cavalo` binary: the toolbox commands' output formats, and bad input answered
//! with a non-zero exit and a message naming the problem (never a panic).

use std::process::{Command, Output};

use cavalo_rules::{Position, Rules, perft};

const SEED_1: &str = "32,42,35,28,03,86,81,21,67,16/63,61,10,99,29,49,38,19,90,31/78,43,98,68,00,04,24,71,60,41/26,48,05,01,58,79,51,14,62,20/23,76,85,97,74,15,46,40,09,69/17,07,50,70,91,92,47,11,54,02/94,30,39,88,80,77,22,73,95,66/36,55,72,93,84,59,89,83,82,06/45,44,75,27,34,08,25,56,96,87/18,12,33,37,13,57,53,64,52,65 w 0 0";

fn cavalo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cavalo")).args(args).output().expect("the binary runs")
}

/// Runs a command that must succeed; returns its stdout.
fn ok(args: &[&str]) -> String {
    let out = cavalo(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail; returns its stderr, which must contain `needle`.
fn fails(args: &[&str], needle: &str) -> String {
    let out = cavalo(args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: `{needle}` not in: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} printed {}", String::from_utf8_lossy(&out.stdout));
    stderr
}

/// The position after seed 1's placements (F1 then J10).
fn after_placements() -> String {
    ok(&["apply", "seed:1", "F1", "J10"]).trim_end().to_string()
}

#[test]
fn board_matches_the_rules_md_test_vector() {
    assert_eq!(ok(&["board", "--seed", "1"]), format!("{SEED_1}\n"));
    let big = ok(&["board", "--seed", "18446744073709551615"]);
    assert_eq!(big.trim_end(), Position::from_seed(u64::MAX, Rules::default()).to_string());
}

#[test]
fn board_as_lisp() {
    let text = ok(&["board", "--seed", "1", "--lisp"]);
    assert!(text.starts_with("((32 42 35 28 3 86 81 21 67 16)"), "{text}");
    assert!(text.trim_end().ends_with("(18 12 33 37 13 57 53 64 52 65))"), "{text}");
    assert_eq!(text.lines().count(), 10);
    let p = Position::from_lisp(&text, None, [0, 0], Rules::default()).unwrap();
    assert_eq!(p.to_string(), SEED_1);
}

#[test]
fn moves_lists_one_move_per_line() {
    assert_eq!(ok(&["moves", "seed:1"]), "F1\n");
    assert_eq!(ok(&["moves", SEED_1]), "F1\n");
    let p: Position = after_placements().parse().unwrap();
    let mut want: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    let mut got: Vec<String> = ok(&["moves", &p.to_string()]).lines().map(String::from).collect();
    want.sort();
    got.sort();
    assert_eq!(got.len(), 20);
    assert_eq!(got, want);
    assert!(got.contains(&"D2".to_string()) && got.contains(&"D2x00".to_string()));
    // A finished game prints nothing.
    let over = ".,.,.,.,.,.,.,.,.,W/.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,44,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,B w 3 4";
    assert_eq!(ok(&["moves", over]), "");
}

#[test]
fn apply_plays_moves_and_prints_the_position() {
    let mut p = Position::from_seed(1, Rules::default());
    for m in ["F1", "J10"] {
        let mv = p.parse_move(m).unwrap();
        p.play(mv);
    }
    assert_eq!(after_placements(), p.to_string());
    assert!(after_placements().ends_with(" w 86 65"));
    // Lower case, white space and the explicitly named default removal are accepted.
    let q = ok(&["apply", "seed:1", " f1 ", "j10", "d2x88"]);
    let mv = p.parse_move("D2x88").unwrap();
    p.play(mv);
    assert_eq!(q.trim_end(), p.to_string());
    // No moves: the position itself.
    assert_eq!(ok(&["apply", SEED_1]).trim_end(), SEED_1);
    // --print-lisp
    let lisp = ok(&["apply", "seed:1", "F1", "--print-lisp"]);
    assert!(lisp.starts_with("((32 42 35 28 3 -1 81"), "{lisp}");
}

#[test]
fn perft_prints_the_count_first() {
    let p = after_placements();
    let out = ok(&["perft", &p, "4"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "1556");
    assert!(lines[1].starts_with("time ") && lines[1].ends_with("nodes/s"), "{out}");
    assert_eq!(lines.len(), 2);
    assert_eq!(ok(&["perft", &p, "4", "--bulk"]).lines().next(), Some("1556"));
    assert_eq!(ok(&["perft", "seed:1", "2"]).lines().next(), Some("1"));
    assert_eq!(ok(&["perft", &p, "0"]).lines().next(), Some("1"));
    // --divide: one `MOVE: count` line per move, then the total.
    let out = ok(&["perft", &p, "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20 + 2);
    let sum: u64 = lines[..20].iter().map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 111);
    assert_eq!(lines[20], "111");
    // Variant switches.
    assert_eq!(ok(&["perft", &p, "4", "--no-threat"]).lines().next(), Some("1781"));
    assert_eq!(ok(&["--no-zero-double", "perft", "seed:1", "5"]).lines().next(), Some("58"));
    let mut q = Position::from_position_string(&p, Rules { threat: false, zero_double: false }).unwrap();
    let n = perft(&mut q, 4).to_string();
    assert_eq!(ok(&["perft", &p, "4", "--no-threat", "--no-zero-double"]).lines().next(), Some(n.as_str()));
}

#[test]
fn lisp_input_with_side_and_points() {
    let p = after_placements();
    let lisp = ok(&["apply", &p, "--print-lisp"]);
    // Side defaults to White once both knights stand; points default to 0,0.
    let q = ok(&["apply", &lisp]);
    assert!(q.trim_end().ends_with(" w 0 0"), "{q}");
    assert_eq!(q.split(' ').next(), p.split(' ').next());
    let q = ok(&["apply", &lisp, "--points", "86,65", "--side", "w"]);
    assert_eq!(q.trim_end(), p);
    let q = ok(&["apply", &lisp, "--side", "b", "--points", "1, 2"]);
    assert!(q.trim_end().ends_with(" b 1 2"), "{q}");
    // Moves, perft and apply all read it.
    assert_eq!(ok(&["moves", &lisp]), ok(&["moves", &p]));
    assert_eq!(ok(&["perft", &lisp, "3"]).lines().next(), Some("111"));
    // After White's placement only, Black is to place.
    let lisp1 = ok(&["apply", "seed:1", "F1", "--print-lisp"]);
    assert_eq!(ok(&["moves", &lisp1]), "J10\n");
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let p = after_placements();
    fails(&["moves", "nonsense"], "invalid position");
    fails(&["moves", &p.replacen(",B ", ",W ", 1)], "two white knights");
    fails(&["moves", &p.replace(" w ", " q ")], "side");
    fails(&["apply", &p, "Z9"], "invalid move `Z9`");
    fails(&["apply", &p, "E3x12"], "not a double");
    fails(&["apply", "seed:1", "A1"], "must place its knight on F1");
    fails(&["apply", "seed:1", "F1", "J10", "F1"], "move 3");
    fails(&["apply", &p, "pass"], "passing is not allowed");
    fails(&["moves", "seed:abc"], "not a seed");
    fails(&["moves", "seed:-1"], "not a seed");
    fails(&["board", "--seed", "abc"], "--seed");
    fails(&["board", "--seed", "18446744073709551616"], "--seed");
    fails(&["board"], "--seed");
    fails(&["moves", "((1 2))"], "Lisp board");
    fails(&["moves", "((1 2 3 4 5 6 7 8 9 10) x"], "Lisp board");
    let lisp = ok(&["board", "--seed", "1", "--lisp"]);
    fails(&["moves", &lisp.replacen("32", "320", 1)], "cell A1");
    fails(&["moves", &lisp, "--points", "x"], "--points");
    fails(&["moves", &lisp, "--points", "5000,0"], "4950");
    fails(&["moves", &lisp, "--side", "z"], "not a side");
    fails(&["moves", &lisp, "--side", "b"], "side");
    fails(&["moves", &p, "--side", "w"], "only for Lisp boards");
    fails(&["perft", &p, "200"], "102 plies");
    fails(&["perft", &p, "-1"], "");
    fails(&["frobnicate"], "frobnicate");
}

#[test]
fn engine_options_on_the_command_line_use_the_engine_table() {
    let out = ok(&[
        "go",
        "seed:1",
        "--depth",
        "3",
        "--set",
        "lmr_depth=2,MobilityWeight=150",
        "--set",
        "quiescence=on",
    ]);
    assert!(out.ends_with("bestmove F1\n"), "{out}");
    fails(&["go", "seed:1", "--set", "lmr_depth=0"], "LmrDepth: `0` is not a whole number from 1 to 120");
    fails(&["go", "seed:1", "--set", "speed=9"], "no option named `speed`");
    fails(&["go", "seed:1", "--hash", "0"], "Hash: `0` is not a whole number from 1 to 8192");
    fails(&["go", "seed:1", "--threads", "257"], "Threads");
}

#[test]
fn accuracy_lists_each_position_with_moves() {
    // A suite of two positions: the first two of the built-in suite, whose moves' values are
    // known, measured at a tiny node budget.
    let builtin = include_str!("../../data/accuracy-ply14.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.jsonl");
    let lines: Vec<&str> = builtin.lines().take(3).collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    let text = ok(&["accuracy", "--suite", file, "--nodes", "3000", "--moves", "--quiet"]);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "{text}");
    for (row, line) in rows[..2].iter().zip(&lines[1..]) {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(fields[0], entry["seed"].to_string(), "{row}");
        assert_eq!(fields[1], "canonical", "{row}");
        // The move chosen is one of the suite's, printed with its exact value; the loss is the
        // best value less that one.
        let moves = entry["moves"].as_array().unwrap();
        let value = |m: &str| moves.iter().find(|e| e[0] == m).map(|e| e[1].as_i64().unwrap());
        let chosen = value(fields[2]).unwrap_or_else(|| panic!("{row}: not a suite move"));
        let best = moves.iter().map(|e| e[1].as_i64().unwrap()).max().unwrap();
        assert_eq!(fields[3], format!("{chosen:+}"), "{row}");
        assert_eq!(fields[5], format!("{best:+}"), "{row}");
        assert_eq!(fields[7], (best - chosen).to_string(), "{row}");
    }
    assert!(rows[2].starts_with("2 positions (ply 14, canonical): optimal "), "{text}");

    let json = ok(&["accuracy", "--suite", file, "--nodes", "3000", "--moves", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2, "{json}");
    let lost: i64 = positions.iter().map(|p| p["loss"].as_i64().unwrap()).sum();
    assert!((v["accuracy"]["mean_loss"].as_f64().unwrap() - lost as f64 / 2.0).abs() < 1e-9, "{json}");
    // Without --moves, no list.
    let plain = ok(&["accuracy", "--suite", file, "--nodes", "3000", "--json"]);
    assert!(!plain.contains("\"positions\":["), "{plain}");
}

#[test]
fn bench_proofs_times_each_thread_count_and_checks_the_values() {
    // Late positions (ply 30) prove at once; their exact values come from the suite's build.
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("late.jsonl");
    let path = suite.to_str().unwrap();
    let build = ["accuracy", "--build", path, "--seeds", "1..2", "--variants", "canonical"];
    let small = ["--ply", "30", "--selfplay-nodes", "300", "--budget", "3000000", "--jobs", "1", "--quiet"];
    ok(&[&build[..], &small[..]].concat());
    let text = ok(&["bench", "--proofs", path, "--threads", "1,2", "--hash", "4", "--limit-ms", "60000"]);
    let rows: Vec<&str> = text.lines().collect();
    assert!(rows[0].starts_with("2 positions of "), "{text}");
    assert_eq!(rows[1].split_whitespace().collect::<Vec<_>>(), ["seed", "1", "thr", "ms", "2", "thr", "ms"]);
    for (row, seed) in rows[2..4].iter().zip(["1", "2"]) {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(fields.len(), 3, "{text}");
        assert_eq!(fields[0], seed, "{text}");
        assert!(fields[1..].iter().all(|f| f.parse::<u64>().is_ok()), "proven within the limit: {text}");
    }
    assert!(rows[4].starts_with("  mean") && rows[5].starts_with(" ratio      1.00x"), "{text}");

    // A suite whose value is wrong is an error naming the position.
    let text = std::fs::read_to_string(&suite).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut entry: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    for m in entry["moves"].as_array_mut().unwrap() {
        m[1] = serde_json::json!(m[1].as_i64().unwrap() + 1);
    }
    lines[1] = entry.to_string();
    let wrong = dir.path().join("wrong.jsonl");
    std::fs::write(&wrong, lines[..2].join("\n") + "\n").unwrap();
    let out = cavalo(&["bench", "--proofs", wrong.to_str().unwrap(), "--hash", "4"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.contains("proven values differ from the suite's: seed 1"),
        "{stderr}"
    );
    fails(&["bench", "--proofs", "/no/such/file"], "cannot read /no/such/file");
    fails(&["bench", "--proofs", path, "--threads", "0"], "--threads");
}
