//! `cavalo match` through the real binary: broken external engines lose with the right reason and
//! the match goes on; a real external engine plays whole games; resume; SPRT; built-in timeouts.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use common::{BIN, cavalo, processes_with};

/// Writes an executable bash engine that answers the handshake and does `on_go` at `go`.
fn script(dir: &Path, name: &str, on_go: &str) -> PathBuf {
    let path = dir.join(name);
    let body = format!(
        "#!/usr/bin/env bash\n\
         while read -r line; do\n\
           case \"$line\" in\n\
             ugi) echo 'id name {name}'; echo 'id author test'; echo ugiok ;;\n\
             isready) echo readyok ;;\n\
             quit) exit 0 ;;\n\
             go*) {on_go} ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect()
}

fn summary(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Plays 4 games (2 pairs) of `broken` (engine 1) against greedy; every game is lost by
/// `reason` and recorded.
fn broken_engine_loses(on_go: &str, reason: &str, detail: &str) {
    let dir = tempfile::tempdir().unwrap();
    let eng = script(dir.path(), "broken", on_go);
    broken_spec_loses(dir.path(), &format!("cmd:{}", eng.display()), reason, detail);
}

fn broken_spec_loses(dir: &Path, spec: &str, reason: &str, detail: &str) {
    let out = dir.join("games.jsonl");
    let sum = dir.join("summary.json");
    let o = cavalo(&[
        "match",
        "--engine1",
        spec,
        "--engine2",
        "greedy",
        "--games",
        "4",
        "--time-ms",
        "100",
        "--out",
        out.to_str().unwrap(),
        "--summary-json",
        sum.to_str().unwrap(),
        "--quiet",
    ]);
    let recs = records(&out);
    assert_eq!(recs.len(), 4, "the match goes on after a forfeit");
    let mut games: Vec<u64> = recs.iter().map(|r| r["meta"]["game"].as_u64().unwrap()).collect();
    games.sort();
    assert_eq!(games, [0, 1, 2, 3]);
    for r in &recs {
        let m = &r["meta"];
        assert_eq!(m["termination"], reason, "{r}");
        assert_eq!(m["engine1_points"], 0.0, "{r}");
        let loser = m["engine1_side"].as_str().unwrap();
        assert_ne!(m["winner"], loser);
        let d = m["detail"].as_str().unwrap();
        assert!(d.contains(detail) && d.contains(&format!("{loser} (cmd:")), "{d}");
        assert!(r.get("result").is_none(), "a forfeit is not a played-out result: {r}");
        // The record replays: it holds only legal moves.
        assert!(r["moves"].as_array().unwrap().len() <= 1);
    }
    let s = summary(&sum);
    assert_eq!((s["wins"].as_u64(), s["losses"].as_u64()), (Some(0), Some(4)));
    assert_eq!(s["engine1_forfeits"][reason], 4);
    assert_eq!(s["pentanomial"], serde_json::json!([2, 0, 0, 0, 0]));
    assert!(s["pair_margin"].is_null(), "no pair was played out: {s}");
    let example = s["engine1_forfeit_examples"][reason].as_str().unwrap();
    assert!(example.starts_with("game 0 (seed 1): white (cmd:") && example.contains(detail), "{example}");
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains(&format!("lost 4 by {reason}")), "{text}");
    assert!(text.contains(&format!("first {reason}: game 0 (seed 1): white (cmd:")), "{text}");
}

#[test]
fn an_illegal_move_loses() {
    // `pass` is never legal at a placement (the first move of either side).
    broken_engine_loses("echo 'bestmove pass'", "illegal move", "passing is not allowed");
}

#[test]
fn an_engine_error_before_an_illegal_move_is_quoted() {
    broken_engine_loses(
        "echo 'info string error: position: illegal move `pass`'; echo 'info string stats nodes 1'; echo 'bestmove pass'",
        "illegal move",
        "(the engine had said: error: position: illegal move `pass`)",
    );
}

#[test]
fn a_timeout_loses() {
    broken_engine_loses("sleep 2; echo 'bestmove pass'", "timeout", "no bestmove within the time limit");
}

#[test]
fn garbage_output_loses() {
    broken_engine_loses("echo 'I am thinking very hard'", "malformed output", "I am thinking very hard");
}

#[test]
fn an_unreadable_move_loses_as_malformed() {
    broken_engine_loses("echo 'bestmove Z99'", "malformed output", "Z99");
}

#[test]
fn an_engine_that_exits_loses() {
    broken_engine_loses("exit 3", "crash", "exited");
}

#[test]
fn an_engine_that_cannot_start_loses() {
    let dir = tempfile::tempdir().unwrap();
    broken_spec_loses(dir.path(), "cmd:/nonexistent/engine --fast", "crash", "exited");
}

#[test]
fn an_engine_that_never_answers_go_loses_on_time() {
    broken_engine_loses("true", "timeout", "no bestmove within the time limit");
}

#[test]
fn forfeits_by_engine_2_count_for_engine_1() {
    let dir = tempfile::tempdir().unwrap();
    let eng = script(dir.path(), "liar", "echo 'bestmove A1'");
    let sum = dir.path().join("s.json");
    let spec = format!("cmd:{}", eng.display());
    cavalo(&[
        "match",
        "--engine1",
        "random:5",
        "--engine2",
        &spec,
        "--seeds",
        "3..4",
        "--time-ms",
        "100",
        "--summary-json",
        sum.to_str().unwrap(),
        "-q",
    ]);
    let s = summary(&sum);
    assert_eq!(s["wins"], 4);
    assert_eq!(s["engine2_forfeits"]["illegal move"], 4);
    assert_eq!(s["seeds"], "3..4");
}

/// A match of two games, `cavalo engine` through the protocol (with `options`, each an
/// `--option1`) against greedy, its records written to `out`.
fn our_engine_against_greedy(out: &Path, options: &[&str]) -> std::process::Output {
    let spec = format!("cmd:{BIN} engine");
    let mut args = vec!["match", "--engine1", &spec];
    for o in options {
        args.extend(["--option1", o]);
    }
    let out = out.to_str().unwrap();
    args.extend(["--engine2", "greedy", "--games", "2", "--time-ms", "40", "--tolerance-ms", "250"]);
    args.extend(["--out", out, "-q"]);
    cavalo(&args)
}

#[test]
fn an_engine_that_refuses_an_option_loses_naming_it() {
    // Our engine answers a bad `setoption` with `info string error`: the games are not played
    // with a setting nobody asked for, they are lost by "refused option", the refusal quoted.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.jsonl");
    let o = our_engine_against_greedy(&out, &["Hash=4", "Threads=abc"]);
    let recs = records(&out);
    assert_eq!(recs.len(), 2);
    for r in &recs {
        let m = &r["meta"];
        assert_eq!(m["termination"], "refused option", "{r}");
        assert_eq!(m["engine1_points"], 0.0, "{r}");
        let d = m["detail"].as_str().unwrap();
        assert!(d.contains("refused `setoption name Threads value abc`"), "{d}");
        assert!(d.contains("info string error: setoption Threads: `abc` is not a whole number"), "{d}");
    }
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("lost 2 by refused option"), "{text}");
}

#[test]
fn our_engine_plays_through_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.jsonl");
    let o = our_engine_against_greedy(&out, &["Hash=4"]);
    let recs = records(&out);
    assert_eq!(recs.len(), 2);
    for r in &recs {
        assert_eq!(r["meta"]["termination"], "normal", "{r}");
        assert!(r["result"].is_string());
        assert_eq!(r["meta"]["winner"], r["result"]);
        let moves = r["moves"].as_array().unwrap();
        let stats = r["meta"]["stats"].as_array().unwrap();
        assert_eq!(moves.len(), stats.len());
        let e1 = r["meta"]["engine1_side"].as_str().unwrap();
        // Engine 1's moves carry its reported depth and nodes.
        let first = if e1 == "white" { 2 } else { 3 };
        assert!(stats[first]["depth"].as_u64().unwrap() >= 1, "{}", stats[first]);
        assert!(stats[first]["nodes"].as_u64().unwrap() >= 1);
        assert!(stats.iter().all(|s| s["ms"].as_u64().unwrap() < 40 + 250));
    }
    // Who wins at 40 ms a move depends on the machine's load (a loaded machine gives the searches
    // a few milliseconds): the games are played out, their result is not the point here.
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("Games     2 (1 complete pair): "), "{text}");
}

#[test]
fn built_in_players_are_held_to_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.jsonl");
    // Depth 60 takes far longer than 30 ms on any real move; greedy answers at once.
    cavalo(&[
        "match",
        "--engine1",
        "cavalo:hash=1",
        "--engine2",
        "greedy",
        "--games",
        "2",
        "--depth",
        "60",
        "--max-move-ms",
        "30",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    for r in records(&out) {
        assert_eq!(r["meta"]["termination"], "timeout", "{r}");
        assert_eq!(r["meta"]["engine1_points"], 0.0);
        assert!(r["meta"]["detail"].as_str().unwrap().contains("the limit is 30 ms"), "{r}");
    }
}

#[test]
fn resume_plays_only_the_missing_games() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.jsonl");
    let o = out.to_str().unwrap();
    let args = ["match", "--engine1", "greedy", "--engine2", "random:9", "--games", "6", "--out", o, "-q"];
    cavalo(&args);
    let full = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    assert_eq!(lines.len(), 6);
    // The same match again without --resume is refused: the file holds games.
    let again = Command::new(BIN).args(args).output().unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
    // Interrupt it: keep 3 games and half of a fourth line.
    let torn = format!("{}\n{}\n{}\n{}", lines[0], lines[1], lines[4], &lines[2][..40]);
    std::fs::write(&out, torn).unwrap();
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let sum = dir.path().join("s.json");
    resumed.extend(["--summary-json", sum.to_str().unwrap()]);
    cavalo(&resumed);
    let recs = records(&out);
    assert_eq!(recs.len(), 6, "3 kept + 3 played");
    let new = std::fs::read_to_string(&out).unwrap();
    assert!(new.starts_with(&format!("{}\n{}\n{}\n", lines[0], lines[1], lines[4])), "old games untouched");
    let mut games: Vec<u64> = recs.iter().map(|r| r["meta"]["game"].as_u64().unwrap()).collect();
    games.sort();
    assert_eq!(games, [0, 1, 2, 3, 4, 5]);
    // Greedy and a seeded random player are deterministic: the same games as before.
    for l in &lines {
        let v: Value = serde_json::from_str(l).unwrap();
        let g = v["meta"]["game"].as_u64().unwrap();
        let r = recs.iter().find(|r| r["meta"]["game"] == g).unwrap();
        assert_eq!(r["moves"], v["moves"]);
    }
    assert_eq!(summary(&sum)["games"], 6);
    // Resuming a finished match plays nothing.
    cavalo(&resumed);
    assert_eq!(records(&out).len(), 6);
    // Resuming with other players is refused.
    let other =
        ["match", "--engine1", "greedy", "--engine2", "random:8", "--games", "6", "--out", o, "--resume"];
    let e = Command::new(BIN).args(other).output().unwrap();
    assert!(!e.status.success());
    assert!(String::from_utf8_lossy(&e.stderr).contains("random:9"));
}

#[test]
fn sprt_stops_when_a_bound_is_crossed() {
    let dir = tempfile::tempdir().unwrap();
    let sum = dir.path().join("s.json");
    let o = cavalo(&[
        "match",
        "--engine1",
        "classic:2",
        "--engine2",
        "random:1",
        "--games",
        "400",
        "--concurrency",
        "2",
        "--sprt",
        "-10",
        "10",
        "0.05",
        "0.05",
        "--summary-json",
        sum.to_str().unwrap(),
        "-q",
    ]);
    let s = summary(&sum);
    let games = s["games"].as_u64().unwrap();
    assert!(games < 400, "stopped early: {games}");
    assert_eq!(games % 2, 0, "pairs are finished");
    assert_eq!(s["sprt"]["verdict"], "h1", "{s}");
    assert!(s["sprt"]["llr"].as_f64().unwrap() > 2.0, "{s}");
    assert!((s["sprt"]["upper"].as_f64().unwrap() - 2.944).abs() < 1e-3);
    assert!((s["sprt"]["lower"].as_f64().unwrap() + 2.944).abs() < 1e-3);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("H1 accepted"), "{text}");
}

#[test]
fn bad_arguments_are_explained() {
    for (args, want) in [
        (vec!["--engine1", "cavalo", "--engine2", "chess"], "unknown player"),
        (vec!["--engine1", "cavalo", "--engine2", "greedy", "--games", "3"], "even"),
        (vec!["--engine1", "cavalo", "--engine2", "greedy", "--seeds", "9..2"], "empty"),
        (vec!["--engine1", "cavalo", "--engine2", "greedy", "--option1", "Hash=1"], "external"),
        (
            vec!["--engine1", "cavalo", "--engine2", "greedy", "--sprt", "5", "0", "0.05", "0.05"],
            "elo0 < elo1",
        ),
    ] {
        let o = Command::new(BIN).arg("match").args(&args).output().unwrap();
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn engine_2_can_have_its_own_time() {
    let dir = tempfile::tempdir().unwrap();
    let sum = dir.path().join("s.json");
    let out = dir.path().join("g.jsonl");
    cavalo(&[
        "match",
        "--engine1",
        "cavalo:hash=4",
        "--engine2",
        "cavalo:hash=4",
        "--seeds",
        "1..1",
        "--time-ms",
        "60",
        "--time-ms2",
        "6",
        "--out",
        out.to_str().unwrap(),
        "--summary-json",
        sum.to_str().unwrap(),
        "-q",
    ]);
    let s = summary(&sum);
    assert_eq!(s["games"], 2);
    let limits = s["limits"].as_str().unwrap();
    assert!(limits.contains("engine 1") && limits.contains("engine 2"), "{limits}");
    // Engine 2 never spends engine 1's time.
    for rec in records(&out) {
        let meta = &rec["meta"];
        let e2_is_white = meta["engine1_side"] == "black";
        for (i, st) in meta["stats"].as_array().unwrap().iter().enumerate() {
            let white_ply = i % 2 == 0;
            if white_ply == e2_is_white {
                assert!(st["ms"].as_u64().unwrap() <= 6 + 50, "{st}");
            }
        }
    }
}

#[test]
fn an_endless_line_loses_without_growing_the_referee() {
    // 10 MB without a newline: read up to the cap, then a forfeit.
    broken_engine_loses(
        "head -c 10000000 /dev/zero | tr '\\0' x",
        "line too long",
        "longer than 65536 bytes",
    );
}

#[test]
fn output_that_is_not_utf8_is_named() {
    broken_engine_loses("printf 'bestmove \\377\\376\\n'", "invalid utf-8", "not UTF-8");
}

#[test]
fn a_second_bestmove_for_one_go_loses() {
    // Our engine, with every bestmove line written twice.
    let dir = tempfile::tempdir().unwrap();
    let spec = format!("cmd:{BIN} engine | sed -u -e 's/^bestmove.*/&\\n&/'");
    broken_spec_loses(dir.path(), &spec, "second bestmove", "two bestmove lines");
}

#[test]
fn children_of_an_engine_are_killed_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let marker = format!("{}", 900_000 + std::process::id() % 99_999);
    // The engine forks a long sleep at start (it keeps the engine's output open too), then
    // answers garbage at `go`.
    let eng = script(dir.path(), "forker", "echo 'I am thinking very hard'");
    let body = std::fs::read_to_string(&eng).unwrap();
    let body = body.replacen("\nwhile", &format!("\nsleep {marker} &\nwhile"), 1);
    std::fs::write(&eng, body).unwrap();
    let spec = format!("cmd:{}", eng.display());
    let started = Instant::now();
    broken_spec_loses(dir.path(), &spec, "malformed output", "I am thinking very hard");
    assert!(started.elapsed() < Duration::from_secs(30), "the referee did not wait for the child");
    let left = processes_with(&format!("sleep {marker}"));
    assert!(left.is_empty(), "forked children survived the games: {left:?}");
}

#[test]
fn an_illegal_move_names_the_rule_broken() {
    // Our engine told to play without the threat rule, refereed with it: sooner or later it lands
    // on a cell the other knight attacks, and the forfeit names that knight.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    let spec = format!("cmd:{BIN} engine");
    cavalo(&[
        "match",
        "--engine1",
        &spec,
        "--option1",
        "Threat=false",
        "--option1",
        "Hash=4",
        "--engine2",
        "greedy",
        "--seeds",
        "1..6",
        "--depth",
        "2",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    let recs = records(&out);
    let illegal: Vec<&Value> = recs.iter().filter(|r| r["meta"]["termination"] == "illegal move").collect();
    let details: Vec<&str> = illegal.iter().map(|r| r["meta"]["detail"].as_str().unwrap()).collect();
    assert!(details.iter().all(|d| d.contains("the legal moves were:")), "{details:?}");
    assert!(
        details.iter().any(|d| d.contains("is threatened by the") && d.contains(" knight on ")),
        "no game broke the threat rule: {details:?}"
    );
}

#[test]
fn shards_merge_into_the_whole_match() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let base = ["match", "--engine1", "greedy", "--engine2", "random:9", "--games", "10", "-q"];
    let (all_out, all_sum) = (p("all.jsonl"), p("all.json"));
    cavalo(&[&base[..], &["--out", &all_out, "--summary-json", &all_sum]].concat());
    for k in ["1/3", "2/3", "3/3"] {
        let name = format!("shard{}.jsonl", &k[..1]);
        cavalo(&[&base[..], &["--shard", k, "--out", &p(&name)]].concat());
    }
    let sizes: Vec<usize> =
        (1..=3).map(|k| records(Path::new(&p(&format!("shard{k}.jsonl")))).len()).collect();
    assert_eq!(sizes, [4, 4, 2], "pairs 0,3 / 1,4 / 2");
    let o = cavalo(&[
        "match",
        "merge",
        &p("shard1.jsonl"),
        &p("shard2.jsonl"),
        &p("shard3.jsonl"),
        "--summary-json",
        &p("m.json"),
    ]);
    let (all, merged) = (summary(Path::new(&p("all.json"))), summary(Path::new(&p("m.json"))));
    for k in
        ["games", "pairs", "wins", "draws", "losses", "pentanomial", "engine1", "engine2", "planned_games"]
    {
        assert_eq!(all[k], merged[k], "{k}");
    }
    assert!(String::from_utf8(o.stdout).unwrap().contains("merged from 3 files"));
    // Overlapping files are refused, naming the game and both files.
    let e = Command::new(BIN).args(["match", "merge", &p("all.jsonl"), &p("shard2.jsonl")]).output().unwrap();
    assert!(!e.status.success());
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(err.contains("shard2.jsonl") && err.contains("all.jsonl") && err.contains("overlap"), "{err}");
    // A shard resumed with another shard's file is refused.
    let e = Command::new(BIN)
        .args([&base[..], &["--shard", "1/3", "--out", &p("shard2.jsonl"), "--resume"]].concat())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&e.stderr).contains("not in shard 1/3"));
}

#[test]
fn a_missing_lisp_program_is_refused_before_any_game() {
    for args in [
        &["match", "--engine1", "cavalo", "--engine2", "lisp:no-such-team.lisp", "--games", "2"][..],
        &["tournament", "-p", "greedy", "-p", "lisp:no-such-team.lisp,function=jogar", "-q"][..],
    ] {
        let out = Command::new(BIN).args(args).output().expect("cavalo runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(err.contains("cannot read the Lisp program `no-such-team.lisp`"), "{args:?}: {err}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("Forfeits"), "no game was played");
    }
}
