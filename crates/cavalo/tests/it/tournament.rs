//! `cavalo tournament` through the real binary: the schedule, the report in its three forms,
//! resume, shards and merge, and bad arguments.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common;
use common::{BIN, cavalo};

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Four players that move at once, with a time per move no loaded machine can overrun: a loss on
/// time would change the standings that the tests compare (seen once at the default 100 ms).
const PLAYERS: [&str; 10] =
    ["-p", "greedy", "-p", "random:1", "-p", "random:2", "-p", "classic:1", "--time-ms", "30000"];

#[test]
fn a_round_robin_reports_every_player() {
    let dir = tempfile::tempdir().unwrap();
    let (out, js, html) = (dir.path().join("t.jsonl"), dir.path().join("t.json"), dir.path().join("t.html"));
    let args = [
        &["tournament"][..],
        &PLAYERS,
        &["--boards", "2", "--concurrency", "2", "--anchor", "random:1", "--anchor-elo", "1000"],
        &[
            "--out",
            out.to_str().unwrap(),
            "--json",
            js.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
            "-q",
        ],
    ]
    .concat();
    let o = cavalo(&args);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("round robin of 4 players") && text.contains("Games       24 of 24"), "{text}");
    let lines = std::fs::read_to_string(&out).unwrap();
    assert_eq!(lines.lines().count(), 24);
    let j = json(&js);
    assert_eq!(j["games"], 24);
    let standings = j["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    let total: f64 = standings.iter().map(|s| s["points"].as_f64().unwrap()).sum();
    assert_eq!(total, 24.0);
    for s in standings {
        assert_eq!(s["games"], 12, "{s}");
        let wdl = s["wins"].as_u64().unwrap() + s["draws"].as_u64().unwrap() + s["losses"].as_u64().unwrap();
        assert_eq!(wdl, 12);
    }
    assert_eq!(standings[1]["rating"]["elo"], 1000.0, "random:1 is the anchor");
    // Every pairing played the same boards, each with both colours.
    for rec in lines.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()) {
        assert!([1, 2].contains(&rec["meta"]["seed"].as_u64().unwrap()));
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.starts_with("<!DOCTYPE html>") && page.contains("classic:1") && !page.contains("src=\"http")
    );
    // Resume after losing the last games: only those are played again.
    let kept: Vec<&str> = lines.lines().take(20).collect();
    std::fs::write(&out, kept.join("\n") + "\n" + &lines.lines().nth(20).unwrap()[..30]).unwrap();
    let mut resumed = args.clone();
    resumed.push("--resume");
    cavalo(&resumed);
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 24);
    assert_eq!(json(&js)["standings"], j["standings"], "greedy, classic and seeded random are deterministic");
}

#[test]
fn shards_merge_into_the_whole_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let base = [&["tournament"][..], &PLAYERS, &["--gauntlet", "--boards", "3", "-q"]].concat();
    let (all_out, all_js) = (p("all.jsonl"), p("all.json"));
    cavalo(&[&base[..], &["--out", &all_out, "--json", &all_js]].concat());
    let mut files = Vec::new();
    for k in 1..=4 {
        let f = p(&format!("part{k}.jsonl"));
        cavalo(&[&base[..], &["--shard", &format!("{k}/4"), "--out", &f]].concat());
        files.push(f);
    }
    let merged = p("m.json");
    let args: Vec<&str> = ["tournament", "merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .chain(["--json", &merged])
        .collect();
    cavalo(&args);
    let (a, m) = (json(Path::new(&all_js)), json(Path::new(&merged)));
    assert_eq!(a["games"], 18, "3 pairings of 3 boards, twice each");
    assert_eq!(a["standings"], m["standings"]);
    assert_eq!(a["about"]["format"], "gauntlet");
    // Merging a file twice is refused.
    let e = Command::new(BIN).args(["tournament", "merge", &files[0], &files[0]]).output().unwrap();
    assert!(!e.status.success() && String::from_utf8_lossy(&e.stderr).contains("is named twice"));
    // A match's records are not a tournament's.
    let m_out = p("match.jsonl");
    cavalo(&["match", "--engine1", "greedy", "--engine2", "random:1", "--games", "2", "--out", &m_out, "-q"]);
    let e = Command::new(BIN).args(["tournament", "merge", &m_out]).output().unwrap();
    assert!(String::from_utf8_lossy(&e.stderr).contains("not a record of cavalo tournament"));
}

#[test]
fn bad_arguments_are_explained() {
    for (args, want) in [
        (vec!["-p", "greedy"], "at least two players"),
        (vec!["-p", "greedy", "-p", "greedy"], "given twice"),
        (vec!["-p", "greedy", "-p", "random", "--anchor", "cavalo"], "no such player"),
        (vec!["-p", "greedy", "-p", "random", "--shard", "5/4"], "shard"),
        (vec!["-p", "greedy", "-p", "lisp:x.lisp,colour=red"], "unknown key"),
    ] {
        let o = Command::new(BIN).arg("tournament").args(&args).output().unwrap();
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
