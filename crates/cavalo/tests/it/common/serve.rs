//! `cavalo serve` as a child process on a free loopback port, and raw HTTP/1.1 requests to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::BIN;

/// A running `cavalo serve`, killed on drop.
pub struct Served {
    /// The process (a test may kill it itself).
    pub child: Child,
    /// The addresses it printed (`http://…/`), in order.
    pub urls: Vec<String>,
    /// The first address as `host:port`.
    pub addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `cavalo serve --port 0 --data-dir DIR ARGS`; returns once it printed where games are
/// kept (after its addresses). Its later output is read and dropped, so it never blocks on it.
pub fn serve(dir: &Path, args: &[&str]) -> Served {
    let mut child = Command::new(BIN)
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(dir)
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start cavalo serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut urls = Vec::new();
    let mut line = String::new();
    while out.read_line(&mut line).expect("read the server's output") > 0
        && !line.starts_with("Games are kept in")
    {
        if let Some(url) = line.trim_end().strip_prefix("Cavalo is being served at ") {
            urls.push(url.to_string());
        }
        line.clear();
    }
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let Some(first) = urls.first() else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("cavalo serve printed no address");
    };
    let addr = first.trim_start_matches("http://").trim_end_matches('/').to_string();
    Served { child, urls, addr }
}

/// One HTTP/1.1 request to `addr` naming `host` (with a same-origin `Origin` and a JSON body when
/// `body` is not empty): the status and the body as JSON (`Null` when it is not JSON).
pub fn http(addr: &str, host: &str, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).expect("read the answer");
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(serde_json::Value::Null))
}
