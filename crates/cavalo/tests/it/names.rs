//! Players' names (`name=TEXT`) through the real binary: `match` and `tournament` show them in
//! the text, JSON and HTML reports and write them in the game records (with the specs kept);
//! two players named alike are refused; resume and merge keep working with names.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common;
use common::{BIN, cavalo};

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// `cavalo ARGS`, expected to fail: its standard error.
fn refused(args: &[&str]) -> String {
    let o = Command::new(BIN).args(args).env_remove("LC_ALL").env_remove("LANG").output().unwrap();
    assert!(!o.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// An engine file `DIR/NAME` in its own directory under `root` that runs our engine through the
/// protocol: two teams that hand in files of the same name.
fn team(root: &Path, dir: &str, name: &str) -> PathBuf {
    let d = root.join(dir);
    std::fs::create_dir_all(&d).unwrap();
    let path = d.join(name);
    std::fs::write(&path, format!("#!/bin/sh\nexec '{BIN}' engine\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_match_shows_the_names_and_records_the_specs() {
    let dir = tempfile::tempdir().unwrap();
    let (out, sum) = (dir.path().join("g.jsonl"), dir.path().join("s.json"));
    let a = format!("cmd:{},name=Equipa A", team(dir.path(), "a", "projeto.sh").display());
    let base =
        ["match", "--engine1", &a, "--engine2", "random:3, name=Equipa B", "--games", "4", "--nodes", "500"];
    let files = ["--out", out.to_str().unwrap(), "--summary-json", sum.to_str().unwrap(), "-q"];
    let o = cavalo(&[&base[..], &files].concat());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("Match     Equipa A vs Equipa B\n"), "{text}");
    assert!(text.contains("losses for Equipa A") && !text.contains("projeto.sh"), "{text}");
    let s = json(&sum);
    assert_eq!((&s["engine1"], &s["engine2"]), (&Value::from("Equipa A"), &Value::from("Equipa B")));
    assert!(s["engine1_spec"].as_str().unwrap().ends_with("a/projeto.sh"), "{s}");
    assert_eq!(s["engine2_spec"], "random:3");
    let recs = records(&out);
    assert_eq!(recs.len(), 4);
    for r in &recs {
        let m = &r["meta"];
        assert_eq!((&m["engine1"], &m["engine2_spec"]), (&Value::from("Equipa A"), &Value::from("random:3")));
        let (white, black) =
            if m["engine1_side"] == "white" { ("Equipa A", "Equipa B") } else { ("Equipa B", "Equipa A") };
        assert_eq!((m["white"].as_str(), m["black"].as_str()), (Some(white), Some(black)), "{m}");
        assert_eq!(m["match"]["pairs"], 2);
    }
    // Resumed with the same names: nothing to play; with other names: refused, naming them.
    cavalo(&[&base[..], &files, &["--resume"]].concat());
    assert_eq!(records(&out).len(), 4);
    let renamed =
        ["match", "--engine1", &a, "--engine2", "random:3,name=Sorte", "--games", "4", "--nodes", "500"];
    let err = refused(&[&renamed[..], &["--out", out.to_str().unwrap(), "--resume"]].concat());
    assert!(err.contains("named Equipa A and Equipa B, not Equipa A and Sorte"), "{err}");
    // A merge of the file keeps the names.
    let o = cavalo(&["match", "merge", out.to_str().unwrap()]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.starts_with("Match     Equipa A vs Equipa B\n") && text.contains("merged from 1 file)"),
        "{text}"
    );
}

#[test]
fn a_tournament_shows_the_names_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let p = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let a = team(dir.path(), "a", "projeto.sh").display().to_string();
    let b = team(dir.path(), "b", "projeto.sh").display().to_string();
    // Without names, the two files of the same name are told apart by a number.
    let base = ["tournament", "--boards", "1", "--nodes", "300", "-q"];
    let plain = [format!("cmd:{a}"), format!("cmd:{b}"), "greedy".into()];
    let args: Vec<&str> = plain.iter().flat_map(|s| ["-p", s.as_str()]).collect();
    let text = String::from_utf8(cavalo(&[&base[..], &args].concat()).stdout).unwrap();
    assert!(text.contains("projeto.sh#2") && text.contains("projeto.sh = cmd:"), "{text}");
    // Named, they show as their names in the text, JSON and HTML reports and the records.
    let named =
        [format!("cmd:{a},name=Equipa A"), format!("cmd:{b},name=Equipa <B>"), "greedy,name=Guloso".into()];
    let args: Vec<&str> = named.iter().flat_map(|s| ["-p", s.as_str()]).collect();
    let files =
        ["--out", &p("t.jsonl"), "--json", &p("t.json"), "--html", &p("t.html"), "--anchor", "Guloso"];
    let text = String::from_utf8(cavalo(&[&base[..], &args, &files].concat()).stdout).unwrap();
    assert!(!text.contains("projeto.sh#2"), "{text}");
    for name in ["Equipa A", "Equipa <B>", "Guloso anchored at 0"] {
        assert!(text.contains(name), "{name}: {text}");
    }
    assert!(text.contains(&format!("Equipa A = cmd:{a}")), "{text}");
    let j = json(Path::new(&p("t.json")));
    let names: Vec<&str> =
        j["standings"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Equipa A", "Equipa <B>", "Guloso"]);
    assert_eq!(j["standings"][1]["player"], format!("cmd:{b}"));
    let page = std::fs::read_to_string(p("t.html")).unwrap();
    assert!(
        // The page's template escapes with numeric references (`&#60;` for `<`).
        page.contains("Equipa A") && page.contains("Equipa &#60;B&#62;") && !page.contains("<B>"),
        "{page}"
    );
    for r in records(Path::new(&p("t.jsonl"))) {
        let m = &r["meta"];
        assert!(names.contains(&m["engine1"].as_str().unwrap()), "{m}");
        assert!(!m["engine1_spec"].as_str().unwrap().starts_with("Equipa"), "{m}");
    }
    // Resumed with the same names it plays nothing; merged, the names stay.
    cavalo(&[&base[..], &args, &files, &["--resume"]].concat());
    let o = cavalo(&["tournament", "merge", &p("t.jsonl"), "--anchor", "Equipa A"]);
    assert!(String::from_utf8(o.stdout).unwrap().contains("Equipa A anchored at 0"));
}

#[test]
fn two_players_with_one_name_are_refused() {
    for args in [
        &["match", "--engine1", "greedy,name=X", "--engine2", "random,name=X"][..],
        &["match", "--engine1", "greedy,name=random:2", "--engine2", "random:2"][..],
        &["tournament", "-p", "lisp:a.lisp,name=Equipa", "-p", "greedy", "-p", "cavalo:name=Equipa"][..],
    ] {
        let err = refused(args);
        assert!(err.contains("two players are named `") && err.contains("name=TEXT"), "{args:?}: {err}");
    }
    for (spec, want) in [
        ("greedy,name=", "is empty"),
        ("greedy,name=a,name=b", "given twice"),
        ("greedy,name=0123456789012345678901234567890123456789x", "longer than 40 characters"),
        ("random,name=tab\there", "not printable"),
        ("lisp:p.lisp,name=", "is empty"),
    ] {
        let err = refused(&["match", "--engine1", spec, "--engine2", "greedy"]);
        assert!(err.contains(want), "{spec}: {err}");
    }
}

/// Copies the example program `greedy.lisp` (with the rules it loads) to `DIR/projeto.lisp`.
fn lisp_team(root: &Path, dir: &str) -> String {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters/lisp/examples");
    let d = root.join(dir);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::copy(examples.join("greedy.lisp"), d.join("projeto.lisp")).unwrap();
    std::fs::copy(examples.join("course-rules.lisp"), d.join("course-rules.lisp")).unwrap();
    d.join("projeto.lisp").display().to_string()
}

#[test]
fn two_teams_that_hand_in_projeto_lisp_show_as_their_names() {
    if Command::new("sbcl").arg("--version").output().is_err() {
        eprintln!("skipped: sbcl is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let a = format!("lisp:{},name=Equipa A,args=state+time+side", lisp_team(dir.path(), "a"));
    let b = format!("lisp:{},args=state+time+side,name=Equipa B", lisp_team(dir.path(), "b"));
    let out = dir.path().join("g.jsonl");
    let args =
        ["tournament", "-p", &a, "-p", &b, "--boards", "1", "--time-ms", "300", "--tolerance-ms", "300"];
    let o = cavalo(&[&args[..], &["--out", out.to_str().unwrap(), "-q"]].concat());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("Equipa A") && text.contains("Equipa B") && !text.contains("projeto.lisp#2"),
        "{text}"
    );
    assert!(
        text.contains("Equipa B = lisp:") && text.contains("b/projeto.lisp,args=state+time+side"),
        "{text}"
    );
    for r in records(&out) {
        assert_eq!(r["meta"]["termination"], "normal", "{r}");
        assert!(r["meta"]["detail"].as_str().is_some());
        assert!(["Equipa A", "Equipa B"].contains(&r["meta"]["white"].as_str().unwrap()));
    }
}
