//! `cavalo serve` as the real binary: the addresses it prints for `--host`, a host name it cannot
//! resolve, and the loopback guard answering through the printed address.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A `cavalo serve` child, killed on drop; its output stays open while it runs.
struct Serve {
    child: Child,
    _out: BufReader<std::process::ChildStdout>,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `cavalo serve --port 0 ARGS` on a fresh data directory; answers the child and the
/// addresses it printed.
fn serve(dir: &std::path::Path, args: &[&str]) -> (Serve, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cavalo"))
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start cavalo serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut urls = Vec::new();
    let mut line = String::new();
    while out.read_line(&mut line).unwrap() > 0 && !line.starts_with("Games are kept in") {
        if let Some(url) = line.trim_end().strip_prefix("Cavalo is being served at ") {
            urls.push(url.to_string());
        }
        line.clear();
    }
    (Serve { child, _out: out }, urls)
}

/// A raw HTTP/1.1 GET of `path` at `addr` naming `host`; answers the status line.
fn get(addr: &str, path: &str, host: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text.lines().next().unwrap_or_default().to_string()
}

#[test]
fn localhost_is_resolved_and_only_loopback_names_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let (_child, urls) = serve(dir.path(), &["--host", "localhost"]);
    assert_eq!(urls.len(), 1, "{urls:?}");
    let addr = urls[0].trim_start_matches("http://").trim_end_matches('/').to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let port = addr.rsplit(':').next().unwrap();
    assert!(get(&addr, "/api/info", &format!("localhost:{port}")).contains(" 200 "));
    assert!(get(&addr, "/api/info", "attacker.example").contains(" 403 "));
    assert!(dir.path().join("games.sqlite").exists(), "the games database is in --data-dir");
}

#[test]
fn every_address_is_printed_for_an_unspecified_host() {
    let dir = tempfile::tempdir().unwrap();
    let (_child, urls) = serve(dir.path(), &["--host", "0.0.0.0"]);
    assert!(urls[0].starts_with("http://127.0.0.1:"), "{urls:?}");
    assert!(urls.iter().all(|u| !u.contains("0.0.0.0")), "{urls:?}");
    let addr = urls[0].trim_start_matches("http://").trim_end_matches('/');
    // Bound to every interface: any host name is served.
    assert!(get(addr, "/api/info", "classroom.example").contains(" 200 "));
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
