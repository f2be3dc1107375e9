//! `cavalo serve` as the real binary: the addresses it prints for `--host`, a host name it cannot
//! resolve, and the host guard answering through the printed address (on loopback, and bound to
//! every interface with `--allow-host`).

use std::process::Command;

use crate::common;
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
}

/// Bound to every interface, the server answers to its own names only: each address it printed,
/// localhost, the machine's name and the names given with `--allow-host`. A page of another
/// site whose name points at the server (DNS rebinding) can neither list nor create games.
#[test]
fn a_classroom_server_answers_to_its_own_names_only() {
    let dir = tempfile::tempdir().unwrap();
    let srv = serve(dir.path(), &["--host", "0.0.0.0", "--allow-host", "Cavalo.Escola.example"]);
    let port = srv.addr.rsplit(':').next().unwrap().to_string();
    let mut own: Vec<String> =
        srv.urls.iter().map(|u| u.trim_start_matches("http://").trim_end_matches('/').into()).collect();
    own.push(format!("localhost:{port}"));
    own.push(format!("cavalo.escola.example:{port}"));
    if let Some(name) = hostname() {
        own.push(format!("{name}:{port}"));
    }
    for host in &own {
        assert_eq!(http(&srv.addr, host, "GET", "/api/info", "").0, 200, "{host}");
    }
    for (method, path, body) in [("GET", "/api/games", ""), ("POST", "/api/games", r#"{"mode":"hh"}"#)] {
        let (status, refusal) = http(&srv.addr, &format!("rebound.example:{port}"), method, path, body);
        assert_eq!(status, 403, "{method} {path}: {refusal}");
        assert_eq!(refusal["code"], "bad_host", "{refusal}");
    }
}

#[test]
fn an_allowed_host_must_be_a_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cavalo"))
        .args(["serve", "--port", "0", "--allow-host", "http://x.example:80/", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a host name nor an address"), "{err}");
}

/// This machine's name, as the server reads it.
fn hostname() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer is writable for its whole length, which is passed.
    let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    let end = buf.iter().position(|&b| b == 0)?;
    let name = std::str::from_utf8(&buf[..end]).ok()?;
    (rc == 0 && !name.is_empty()).then(|| name.to_string())
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

/// Under a Portuguese environment the lines `cavalo serve` prints when it starts are Portuguese.
#[test]
fn the_start_lines_follow_the_environments_language() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(common::BIN)
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(dir.path())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "pt_PT.UTF-8")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines: Vec<String> =
        BufReader::new(child.stdout.take().unwrap()).lines().take(4).map(|l| l.unwrap()).collect();
    let _ = child.kill();
    let _ = child.wait();
    let text = lines.join("\n");
    assert!(text.starts_with("O Cavalo está a ser servido em http://127.0.0.1:"), "{text}");
    assert!(text.contains("Os jogos são guardados em ") && text.contains(" MiB para a procura"), "{text}");
    assert_eq!(
        cavalo_session::i18n::english_words_in(&text, &["ctrl", "games", "sqlite"]),
        Vec::<String>::new(),
        "{text}"
    );
}
