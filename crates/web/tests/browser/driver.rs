//! Headless Chromium through chromedriver, and the small helpers the scenarios share.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::common::Server;
use serde_json::{Value, json};

fn find_program(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in names {
        for dir in std::env::split_paths(&path)
            .chain([PathBuf::from("/usr/bin"), PathBuf::from("/usr/lib/chromium")])
        {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// chromedriver and the browser, or `None` (with a message) when the test is to be skipped.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let driver = find_program("CHROMEDRIVER", &["chromedriver"]);
    let browser = find_program("CHROME", &["chromium", "chromium-browser", "google-chrome"]);
    match (driver, browser) {
        (Some(d), Some(b)) => Some((d, b)),
        (d, _) => {
            let missing = if d.is_none() { "chromedriver" } else { "chromium" };
            if std::env::var("CAVALO_BROWSER_TESTS").as_deref() == Ok("1") {
                panic!(
                    "CAVALO_BROWSER_TESTS=1 but {missing} is not installed (apt-get install chromium chromium-driver)"
                );
            }
            eprintln!(
                "SKIPPED browser test: {missing} is not installed (apt-get install chromium chromium-driver; \
                 set CAVALO_BROWSER_TESTS=1 to make this a failure)"
            );
            None
        }
    }
}

/// A running chromedriver (killed on drop) with its own browser profile.
pub struct Driver {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The screen the page is shown on.
#[derive(Clone, Copy, Debug)]
pub enum Screen {
    /// A desktop window of this many CSS pixels.
    Desktop(u32, u32),
    /// A phone's viewport of this many CSS pixels, with touch (Chromium's device emulation: a
    /// desktop window cannot be made narrower than about 500 pixels).
    Phone(u32, u32),
}

/// Starts chromedriver and a headless browser on `screen` whose preferred language is `lang` (a
/// BCP 47 tag such as `en-US` or `pt-PT`).
async fn start_browser(
    (driver, browser): &(PathBuf, PathBuf),
    screen: Screen,
    lang: &str,
) -> (Driver, Client) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let profile = tempfile::tempdir().unwrap();
    let d = Driver { child, port, _profile: profile };
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        format!("--lang={lang}"),
        format!("--user-data-dir={}", d._profile.path().display()),
    ];
    let mut options = json!({"binary": browser, "args": args, "prefs": {"intl.accept_languages": lang}});
    match screen {
        Screen::Desktop(width, height) => {
            options["args"].as_array_mut().unwrap().push(json!(format!("--window-size={width},{height}")));
        }
        Screen::Phone(width, height) => {
            options["mobileEmulation"] =
                json!({"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1, "touch": true}});
        }
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), options);
    // The browser's console is kept for [`Page::console_errors`].
    caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", d.port))
        .await
        .expect("open a browser session");
    (d, client)
}

/// A server on a fresh data directory and a browser to look at it.
pub struct Page {
    /// The server.
    pub srv: Server,
    /// The browser.
    pub c: Client,
    _driver: Driver,
    _dir: tempfile::TempDir,
}

/// Starts a server and a browser on `screen` preferring `lang`; `None` (with a message) when the
/// browser test is to be skipped.
pub async fn open_page(screen: Screen, lang: &str) -> Option<Page> {
    open_page_with(screen, lang, |_| {}).await
}

/// [`open_page`] with a server of the settings `set` makes.
pub async fn open_page_with(
    screen: Screen,
    lang: &str,
    set: impl FnOnce(&mut cavalo_web::WebConfig),
) -> Option<Page> {
    let tools = tools()?;
    let dir = tempfile::tempdir().unwrap();
    let mut config = cavalo_web::WebConfig::new(dir.path());
    set(&mut config);
    let srv = Server::start_with(config).await;
    let (driver, c) = start_browser(&tools, screen, lang).await;
    Some(Page { srv, c, _driver: driver, _dir: dir })
}

impl Page {
    /// Another browser (its own profile: its own localStorage) on `screen` preferring `lang`, as
    /// a second person would open the page; keep the driver while the client is used.
    pub async fn second_browser(&self, screen: Screen, lang: &str) -> (Driver, Client) {
        let tools = tools().expect("the first browser started");
        start_browser(&tools, screen, lang).await
    }

    /// The server's data directory.
    pub fn dir(&self) -> &std::path::Path {
        self._dir.path()
    }

    /// The browser's console errors (level `SEVERE`) since last asked, from chromedriver's log:
    /// a script's `console.error`, and the browser's own `Failed to load resource` of a request
    /// answered with an error status.
    pub async fn console_errors(&self) -> Vec<String> {
        let session = self.c.session_id().await.unwrap().expect("a browser session");
        let url = format!("http://127.0.0.1:{}/session/{session}/se/log", self._driver.port);
        let answer = reqwest::Client::new().post(url).json(&json!({"type": "browser"})).send().await.unwrap();
        let log: Value = answer.json().await.unwrap();
        let entries = log["value"].as_array().unwrap_or_else(|| panic!("chromedriver's log: {log}"));
        entries
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Closes the browser and stops the server.
    pub async fn close(self) {
        self.c.close().await.unwrap();
        self.srv.stop().await;
    }
}

/// Runs `script` in the page; answers its return value.
pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("script `{script}` failed: {e}"))
}

/// A string the page's `expr` evaluates to.
pub async fn text(c: &Client, expr: &str) -> String {
    let v = js(c, &format!("return String({expr});")).await;
    v.as_str().unwrap().to_string()
}

/// Waits until `expr` (JavaScript) is truthy; returns its value.
pub async fn wait(c: &Client, what: &str, expr: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = js(c, &format!("return ({expr}) || null;")).await;
        if !v.is_null() && v != json!(false) {
            return v;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let status = js(c, "return document.querySelector('#status').textContent + ' / ' + document.querySelector('#error').textContent + ' / errors: ' + window.cavaloErrors.join(' | ')").await;
            panic!("timed out waiting for {what} (page says: {status})");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The rows of the move table.
pub async fn rows(c: &Client) -> u64 {
    js(c, "return document.querySelectorAll('#moves tbody tr').length").await.as_u64().unwrap()
}

/// True when the human may click a destination.
pub const MY_TURN: &str =
    "document.querySelectorAll('.cell.dest').length > 0 && !document.querySelector('dialog[open]')";

fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/web-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves a screenshot as `target/web-artifacts/<name>`.
pub async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"));
    let path = artifacts().join(name);
    std::fs::write(&path, png).unwrap();
    eprintln!("screenshot: {}", path.display());
}

/// Clicks a legal destination (the `n`th) and, when it lands on a double, the double to remove
/// the board then offers first (the default).
pub async fn click_a_move(c: &Client, n: usize) {
    let dests = c.find_all(Locator::Css(".cell.dest")).await.unwrap();
    let dest = &dests[n % dests.len()];
    let choice = dest.attr("class").await.unwrap().unwrap_or_default().contains("choice");
    dest.click().await.unwrap();
    if choice {
        wait(c, "the doubles to remove", "document.querySelector('.cell.burn')").await;
        js(c, "document.querySelector('.cell.burn').click(); return true").await;
    }
}

/// The doubles the board offers to remove, as `(cell, move)`, once a landing on a double asks.
pub async fn burn_choices(c: &Client) -> Vec<(String, String)> {
    wait(c, "the doubles to remove", "document.querySelectorAll('.cell.burn').length >= 2").await;
    let v = js(
        c,
        "return [...document.querySelectorAll('.cell.burn')].map(e => [e.dataset.cell, e.dataset.move])",
    )
    .await;
    serde_json::from_value(v).unwrap()
}

/// The page's script errors and the catalogue keys it missed, which must both be none.
pub async fn assert_clean(c: &Client) {
    let errors = js(c, "return window.cavaloErrors").await;
    assert_eq!(errors, json!([]), "script errors");
    let missing = js(c, "return [...window.cavaloMissing]").await;
    assert_eq!(missing, json!([]), "keys missing from the catalogue");
}

/// Opens the page on a fresh visit and waits for the new-game dialog.
pub async fn visit(c: &Client, srv: &Server) {
    c.goto(&srv.url("/")).await.unwrap();
    wait(
        c,
        "the new-game dialog",
        "document.documentElement.dataset.ready && document.querySelector('#new-game[open]')",
    )
    .await;
}

/// Starts a game against the greedy computer from the dialog; answers its id.
pub async fn start_against_greedy(c: &Client) -> String {
    c.find(Locator::Css("#engine")).await.unwrap().select_by_value("greedy").await.unwrap();
    let time = c.find(Locator::Css("#time")).await.unwrap();
    time.clear().await.unwrap();
    time.send_keys("20").await.unwrap();
    c.find(Locator::Css("#start-button")).await.unwrap().click().await.unwrap();
    wait(c, "the human's turn", MY_TURN).await;
    text(c, "/#\\/game\\/([A-Za-z0-9-]+)/.exec(location.hash)[1]").await
}
