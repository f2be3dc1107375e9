//! `cavalo tune` through the real binary: a run split by `--resume` is the straight run, bad
//! specs are refused.

use crate::common;

use std::process::Command;

use common::{BIN, cavalo};
use serde_json::Value;

fn tune(state: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "tune",
        "--param",
        "MobilityWeight:20:0.05",
        "--param",
        "TempoWeight",
        "--iterations",
        "4",
        "--nodes",
        "200",
        "--seed",
        "5",
        "--state",
        state,
    ];
    args.extend_from_slice(extra);
    String::from_utf8(cavalo(&args).stdout).unwrap()
}

fn state(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn two_and_two_iterations_with_resume_are_four_straight() {
    let dir = tempfile::tempdir().unwrap();
    let straight = dir.path().join("straight.json");
    let split = dir.path().join("split.json");
    let (straight, split) = (straight.to_str().unwrap(), split.to_str().unwrap());
    let out = tune(straight, &[]);
    assert!(out.contains("iteration 4/4"), "{out}");
    let tuned = out.lines().find_map(|l| l.strip_prefix("tuned: ")).unwrap().to_string();
    assert!(tuned.starts_with("cavalo:mobility_weight=") && tuned.contains(",tempo_weight="), "{out}");
    let first = tune(split, &["--stop-after", "2"]);
    assert!(first.contains("stopped after 2 iterations (2 of 4 done)"), "{first}");
    assert_eq!(state(split)["done"], 2);
    let again = Command::new(BIN)
        .args(["tune", "--param", "MobilityWeight:20:0.05", "--param", "TempoWeight", "--iterations", "4"])
        .args(["--nodes", "200", "--seed", "5", "--state", split])
        .output()
        .unwrap();
    assert!(!again.status.success(), "a saved run is not overwritten without --resume");
    assert!(String::from_utf8_lossy(&again.stderr).contains("add --resume"));
    let second = tune(split, &["--resume"]);
    assert!(second.contains("resuming") && second.contains("iteration 3/4"), "{second}");
    assert_eq!(state(split), state(straight));
    assert!(second.ends_with(&format!("tuned: {tuned}\n")), "{second}");
    // The tuned spec is one `cavalo match` takes.
    let m = cavalo(&[
        "match",
        "--engine1",
        &tuned,
        "--engine2",
        "cavalo",
        "--games",
        "2",
        "--nodes",
        "100",
        "-q",
    ]);
    assert!(
        String::from_utf8_lossy(&m.stdout).to_lowercase().contains("margin"),
        "{}",
        String::from_utf8_lossy(&m.stdout)
    );
    // A resume with other settings is refused.
    let other = Command::new(BIN)
        .args(["tune", "--param", "MobilityWeight", "--iterations", "4", "--nodes", "200", "--seed", "5"])
        .args(["--state", split, "--resume"])
        .output()
        .unwrap();
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("other parameters"));
}

#[test]
fn bad_specs_are_refused() {
    for (spec, why) in [
        ("Nope", "is not a search parameter"),
        ("Hash", "is not a search parameter"),
        ("MobilityWeight:0", "C_END must be a positive number"),
        ("MobilityWeight:5:x", "R_END must be a positive number"),
        ("MobilityWeight:1:2:3", "is not NAME[:C_END[:R_END]]"),
    ] {
        let out = Command::new(BIN)
            .args(["tune", "--param", spec, "--iterations", "1", "--nodes", "10"])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{spec}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why) && !err.contains("panicked"), "{spec}: {err}");
    }
    let out = Command::new(BIN)
        .args(["tune", "--param", "MobilityWeight", "--param", "mobility_weight", "--nodes", "10"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("tuned twice"));
    let out = Command::new(BIN).args(["tune", "--nodes", "10"]).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("--param"));
}
