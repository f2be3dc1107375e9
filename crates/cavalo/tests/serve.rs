//! `cavalo serve` as the real binary: the addresses it prints for `--host`, a host name it cannot
//! resolve, and the loopback guard answering through the printed address.

use std::process::Command;

mod common;
use common::serve::{http, serve};

#[test]
fn localhost_is_resolved_and_only_loopback_names_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let srv = serve(dir.path(), &["--host", "localhost"]);
    assert_eq!(srv.urls.len(), 1, "{:?}", srv.urls);
    let addr = &srv.addr;
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let port = addr.rsplit(':').next().unwrap();
    assert_eq!(http(addr, &format!("localhost:{port}"), "GET", "/api/info", "").0, 200);
    let (status, refusal) = http(addr, "attacker.example", "GET", "/api/info", "");
    assert_eq!(status, 403, "{refusal}");
    assert!(dir.path().join("games.sqlite").exists(), "the games database is in --data-dir");
}

#[test]
fn every_address_is_printed_for_an_unspecified_host() {
    let dir = tempfile::tempdir().unwrap();
    let srv = serve(dir.path(), &["--host", "0.0.0.0"]);
    assert!(srv.urls[0].starts_with("http://127.0.0.1:"), "{:?}", srv.urls);
    assert!(srv.urls.iter().all(|u| !u.contains("0.0.0.0")), "{:?}", srv.urls);
    // Bound to every interface: any host name is served.
    assert_eq!(http(&srv.addr, "classroom.example", "GET", "/api/info", "").0, 200);
}

#[test]
fn a_host_that_does_not_resolve_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cavalo"))
        .args(["serve", "--port", "0", "--host", "no-such-host.invalid", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no-such-host.invalid"), "{err}");
}

#[test]
fn the_per_client_limits_are_flags() {
    let dir = tempfile::tempdir().unwrap();
    let flags = [
        "--games-per-client",
        "1",
        "--connections-per-client",
        "4",
        "--body-timeout",
        "5",
        "--idle-hours",
        "1",
        "--streams-per-client",
        "2",
    ];
    let srv = serve(dir.path(), &flags);
    let host = srv.addr.clone();
    let (status, game) = http(&srv.addr, &host, "POST", "/api/games", r#"{"mode":"hh"}"#);
    assert_eq!(status, 201, "{game}");
    let (status, refusal) = http(&srv.addr, &host, "POST", "/api/games", r#"{"mode":"hh"}"#);
    assert_eq!(status, 429, "{refusal}");
    assert!(refusal["message"].as_str().unwrap().contains("already have 1 unfinished game on"), "{refusal}");
}
