//! `cavalo analyse` through the real binary: a small record, a log, the games database, bad input.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{BIN, cavalo};
use serde_json::Value;

/// A node budget large enough to judge (at least `cavalo_lab::analysis::MIN_NODES`).
const JUDGED: &str = "20000";

/// Ten plies from seed 2 (the two placements forced).
const RECORD: &str =
    r#"{"start":{"seed":2},"moves":["E1","F10","F3","D9x66","H4x00","C7","F5","B5","G3","D6"]}"#;

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn fails(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(!out.status.success(), "cavalo {args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_record_is_judged_ply_by_ply_as_json_text_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let rec = write(dir.path(), "game.json", RECORD);
    let out = cavalo(&["analyse", &rec, "--nodes", JUDGED, "--hash", "1", "--json", "-"]);
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((a["version"].as_u64(), a["too_small"].as_bool()), (Some(3), Some(false)));
    let plies = a["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 10);
    assert_eq!((plies[0]["forced"].as_bool(), plies[0]["loss"].is_null()), (Some(true), true));
    let (mut judged, mut unclear) = (0, 0);
    for p in plies.iter().filter(|p| !p["forced"].as_bool().unwrap()) {
        let (measured, margin) = (p["measured_loss"].as_i64().unwrap(), p["margin"].as_i64());
        if p["unclear"] == true {
            // Counted good, but a mistake (8 points) could hide in the margin: no class.
            unclear += 1;
            assert!(p["loss"].is_null() && p["class"].is_null(), "{p}");
            assert!(margin.is_none_or(|m| (measured - m).max(0) < 3 && measured + m >= 8), "{p}");
            continue;
        }
        judged += 1;
        let loss = p["loss"].as_i64().unwrap();
        assert!(loss >= 0, "{p}");
        if p["best"] == p["played"] {
            assert_eq!(loss, 0, "{p}");
        }
        assert_eq!(loss, margin.map_or(0, |m| (measured - m).max(0)), "{p}");
        let class = p["class"].as_str().unwrap();
        let want = match loss {
            ..3 => "good",
            3..8 => "inaccuracy",
            8..20 => "mistake",
            _ => "blunder",
        };
        assert_eq!(class, want, "{p}");
    }
    let sides = a["sides"].as_array().unwrap();
    let counted: u64 = sides.iter().map(|s| s["judged"].as_u64().unwrap()).sum();
    assert_eq!(counted, judged);
    let apart: u64 = sides.iter().map(|s| s["unclear"].as_u64().unwrap()).sum();
    assert_eq!(apart, unclear, "unclear plies counted apart");
    let r = &a["refinement"];
    // Each search counted at its node limit, which it passes by a few hundred nodes at most.
    let over = 1000 * r["searches"].as_u64().unwrap();
    assert!(r["nodes"].as_u64().unwrap() <= r["max_nodes"].as_u64().unwrap() + over, "{r}");
    for p in plies.iter().filter(|p| p["forced"].as_bool().unwrap()) {
        let (b, a) = (p["best_value"]["points"].as_i64().unwrap(), p["played_value"]["points"].as_i64());
        assert_eq!(Some(b), a, "a forced ply shows one value: {p}");
    }
    // The same analysis again (a node budget, one thread) is the same, and the text says so.
    let again = cavalo(&["analyse", &rec, "--nodes", JUDGED, "--hash", "1", "--json", "-"]);
    assert_eq!(again.stdout, out.stdout, "deterministic at a node budget");
    let svg = dir.path().join("v.svg");
    let json = dir.path().join("a.json");
    let out = cavalo(&[
        "analyse",
        &rec,
        "--nodes",
        JUDGED,
        "--hash",
        "1",
        "--lang",
        "en",
        "--svg",
        svg.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("ply  side"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("1  white   E1") && l.ends_with("forced")),
        "{text}"
    );
    assert!(text.contains(" judged, accuracy") && text.contains(" unclear\n"), "{text}");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(written, a);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"), "{svg}");
    let pt_svg = dir.path().join("pt.svg");
    let pt = cavalo(&[
        "analyse",
        &rec,
        "--nodes",
        JUDGED,
        "--hash",
        "1",
        "--lang",
        "pt",
        "--svg",
        pt_svg.to_str().unwrap(),
    ]);
    let pt = String::from_utf8(pt.stdout).unwrap();
    assert!(pt.contains("margem") && pt.contains("forçada") && pt.contains("precisão"), "{pt}");
    // Portuguese everywhere: the table, the players, the decimals, the chart.
    let english = |t: &str| cavalo_session::i18n::english_words_in(t, &["cavalo", "greedy", "classic"]);
    assert_eq!(english(&pt), Vec::<String>::new(), "English in the Portuguese analysis: {pt}");
    let svg = std::fs::read_to_string(pt_svg).unwrap();
    let words: String = svg.split('>').filter_map(|t| t.split_once('<').map(|(text, _)| text)).collect();
    assert!(words.contains("ponto de vista do Branco"), "{words}");
    assert_eq!(english(&words), Vec::<String>::new(), "English in the Portuguese chart: {words}");
}

#[test]
fn thresholds_change_the_classes() {
    let dir = tempfile::tempdir().unwrap();
    let rec = write(dir.path(), "game.json", RECORD);
    let out = cavalo(&[
        "analyse",
        &rec,
        "--nodes",
        JUDGED,
        "--hash",
        "1",
        "--inaccuracy",
        "1",
        "--mistake",
        "1",
        "--blunder",
        "1",
        "--json",
        "-",
    ]);
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    for p in a["plies"].as_array().unwrap().iter().filter(|p| !p["loss"].is_null()) {
        let want = if p["loss"].as_i64().unwrap() >= 1 { "blunder" } else { "good" };
        assert_eq!(p["class"], want, "{p}");
    }
    let e = fails(&["analyse", &rec, "--nodes", "10", "--inaccuracy", "9", "--mistake", "8"]);
    assert!(e.contains("inaccuracy (9) <= mistake (8)"), "{e}");
}

#[test]
fn a_budget_too_small_to_judge_says_so_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let rec = write(dir.path(), "game.json", RECORD);
    let out = cavalo(&["analyse", &rec, "--nodes", "300", "--hash", "1", "--json", "-"]);
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["too_small"], true);
    assert!(a["plies"].as_array().unwrap().iter().all(|p| p["class"].is_null() && p["loss"].is_null()));
    let en = cavalo(&["analyse", &rec, "--nodes", "300", "--hash", "1", "--lang", "en"]);
    let en = String::from_utf8(en.stdout).unwrap();
    assert!(en.contains("Budget too small to judge") && en.contains("not judged (budget too small)"), "{en}");
    let classed =
        |l: &str| ["good", "inaccuracy", "mistake", "blunder"].iter().any(|c| l.trim_end().ends_with(c));
    assert!(!en.lines().any(classed), "no class printed: {en}");
    let pt = cavalo(&["analyse", &rec, "--nodes", "300", "--hash", "1", "--lang", "pt"]);
    let pt = String::from_utf8(pt.stdout).unwrap();
    assert!(
        pt.contains("Limite de procura pequeno demais para avaliar") && pt.contains("não avaliado"),
        "{pt}"
    );
}

#[test]
fn a_log_game_is_picked_by_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let ply = |g: &str, n: usize, side: &str, mv: &str| {
        format!("PLY game={g} n={n} side={side} player=human move={mv} points=0 total=0-0 time-ms=0\n")
    };
    let mut log = String::new();
    for g in ["aaa", "bbb"] {
        log += &format!(
            "GAME id={g} date=d mode=human-human white=human black=human rules=canonical time-ms=1000 start=seed:2\n"
        );
    }
    for (n, mv) in ["E1", "F10", "F3", "D9x66"].iter().enumerate() {
        log += &ply("aaa", n + 1, if n % 2 == 0 { "white" } else { "black" }, mv);
    }
    log += &ply("bbb", 1, "white", "E1");
    let path = write(dir.path(), "log.dat", &log);
    let e = fails(&["analyse", &path, "--nodes", "100"]);
    assert!(e.contains("holds 2 games (aaa, bbb): pick one with --game ID"), "{e}");
    let out = cavalo(&["analyse", &path, "--game", "aa", "--nodes", "500", "--hash", "1", "--json", "-"]);
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["plies"].as_array().unwrap().len(), 4);
    assert_eq!(a["game"]["meta"]["id"], "aaa");
    let e = fails(&["analyse", &path, "--game", "zzz", "--nodes", "100"]);
    assert!(e.contains("holds no game `zzz`"), "{e}");
}

#[test]
fn a_game_of_the_database_is_analysed_by_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let log = dir.path().join("log.dat");
    let games = dir.path().join("games");
    cavalo(&[
        "play",
        "--plain",
        "--mode",
        "cc",
        "--seed",
        "3",
        "--time-ms",
        "10",
        "--engine",
        "greedy",
        "--data-dir",
        d,
        "--log",
        log.to_str().unwrap(),
        "--games-dir",
        games.to_str().unwrap(),
    ]);
    let list = String::from_utf8(cavalo(&["games", "--data-dir", d, "list"]).stdout).unwrap();
    let id = list.lines().nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    let out = cavalo(&[
        "analyse",
        "--id",
        &id[..8],
        "--data-dir",
        d,
        "--nodes",
        "300",
        "--hash",
        "1",
        "--json",
        "-",
    ]);
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["game"]["meta"]["id"], id.as_str());
    assert!(a["last_value"]["exact"].as_bool().unwrap(), "a finished game ends exact");
    // The log written by the same game gives the same moves.
    let from_log =
        cavalo(&["analyse", log.to_str().unwrap(), "--nodes", "300", "--hash", "1", "--json", "-"]);
    let b: Value = serde_json::from_slice(&from_log.stdout).unwrap();
    assert_eq!(a["game"]["moves"], b["game"]["moves"]);
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let e = fails(&["analyse", dir.path().join("missing.json").to_str().unwrap()]);
    assert!(e.contains("cannot read") && e.contains("missing.json"), "{e}");
    let empty = write(dir.path(), "empty.dat", "hello\n");
    let e = fails(&["analyse", &empty, "--nodes", "100"]);
    assert!(e.contains("holds no game"), "{e}");
    let illegal = RECORD.replace("\"F3\"", "\"A1\"");
    let illegal = write(dir.path(), "illegal.json", &illegal);
    let e = fails(&["analyse", &illegal, "--nodes", "100"]);
    assert!(e.contains("move 3 (white)"), "{e}");
    let broken = write(dir.path(), "broken.json", "{\"start\":");
    let e = fails(&["analyse", &broken, "--nodes", "100"]);
    assert!(e.contains("invalid game record"), "{e}");
    let e = fails(&["analyse", &broken, "--game", "x"]);
    assert!(e.contains("--game picks a game in a log"), "{e}");
    let e = fails(&["analyse"]);
    assert!(e.contains("<FILE>"), "{e}");
}
