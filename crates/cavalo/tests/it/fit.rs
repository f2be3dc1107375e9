//! `cavalo fit` through the real binary: on a suite of `cavalo accuracy --build` (every position
//! and the position after each of its moves, labelled exactly) and on bad input.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{BIN, cavalo};

/// Builds a small suite (late positions, solved at once) into `path`; returns the number of
/// labelled positions it holds: each kept position and each of its moves.
fn small_suite(path: &Path) -> usize {
    let p = path.to_str().unwrap();
    cavalo(&[
        "accuracy",
        "--build",
        p,
        "--ply",
        "36",
        "--seeds",
        "1..8",
        "--variants",
        "canonical",
        "--quiet",
    ]);
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if let Some(moves) = v.get("moves").and_then(|m| m.as_array()) {
            n += 1 + moves.len();
        }
    }
    assert!(n > 8, "the suite holds positions: {text}");
    n
}

/// The two counts of the first line: `positions: T training, V validation`.
fn counts(stdout: &str) -> (usize, usize) {
    let first = stdout.lines().next().unwrap();
    let nums: Vec<usize> =
        first.split(|c: char| !c.is_ascii_digit()).filter_map(|s| s.parse().ok()).collect();
    assert_eq!(nums.len(), 2, "{first}");
    (nums[0], nums[1])
}

#[test]
fn a_suite_is_fitted_on_its_positions_and_their_children() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.jsonl");
    let n = small_suite(&suite);
    let s = suite.to_str().unwrap();
    let out = cavalo(&["fit", s, "--holdout", "2", "--weights", "TempoWeight,DistanceWeight"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let (train, valid) = counts(&text);
    assert_eq!(train + valid, n, "{text}");
    assert!(train > 0 && valid > 0, "{text}");
    assert!(text.contains("DistanceWeight"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("spec: cavalo:")), "{text}");
    // The parents are at ply 36, their children at 37: the ply filters see both.
    let out = cavalo(&["fit", s, "--holdout", "2", "--min-ply", "37"]);
    let (t, v) = counts(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(t + v, n - 8);
}

#[test]
fn bad_files_are_refused_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"format\":\"cavalo-accuracy\",\"version\":2,\"ply\":\"x\"}\n").unwrap();
    let garbage = dir.path().join("garbage.jsonl");
    std::fs::write(&garbage, "not json\n").unwrap();
    for f in [&bad, &garbage, &dir.path().join("missing.jsonl")] {
        let out = Command::new(BIN).args(["fit", f.to_str().unwrap()]).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{f:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let name = f.file_name().unwrap().to_str().unwrap();
        assert!(err.contains(name), "{f:?}: {err}");
    }
    // A suite whose positions the filters leave out: nothing to fit.
    let suite = dir.path().join("suite.jsonl");
    small_suite(&suite);
    let out = Command::new(BIN).args(["fit", suite.to_str().unwrap(), "--min-ply", "90"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no positions to fit"));
}

/// A file that never ends (`/dev/zero`: one line without an end) is refused once its first line
/// passes the bound, with a message naming it, not read until the memory runs out.
#[cfg(unix)]
#[test]
fn a_file_without_end_is_refused_not_read_forever() {
    let out = Command::new(BIN).args(["fit", "/dev/zero"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/dev/zero") && err.contains("a line longer than 16 MiB"), "{err}");
}
