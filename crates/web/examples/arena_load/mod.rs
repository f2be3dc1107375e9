//! The arena beside a class (the classroom example's `--arena-teams N`): `N` generated team
//! programs uploaded to the server's arena, and what the ladder did by the end — its games, how
//! they ended, and the sandboxed processes left after the server is killed.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::Value;

#[path = "../arena_teams/mod.rs"]
mod arena_teams;

/// The class code of the arena's load.
pub const CODE: &str = "CLASSROOM1";

/// Uploads `n` generated teams (their programs as a class would hand them in); panics on a
/// refusal.
pub async fn upload_teams(client: &reqwest::Client, url: &str, n: usize) {
    for team in arena_teams::generated(n) {
        let r = client
            .post(format!("{url}/api/arena/programs"))
            .header("content-type", "application/json")
            .body(team.body(CODE))
            .send()
            .await
            .expect("an upload");
        assert_eq!(r.status().as_u16(), 201, "{}: {}", team.name, r.text().await.unwrap_or_default());
    }
}

/// The arena's games: (played, being played, how the played ones ended by termination).
pub async fn games(client: &reqwest::Client, url: &str) -> (usize, usize, BTreeMap<String, usize>) {
    let view: Value = match client.get(format!("{url}/api/arena")).send().await {
        Ok(r) => r.json().await.unwrap_or_default(),
        Err(_) => Value::Null,
    };
    let total = view["total_games"].as_u64().unwrap_or(0) as usize;
    let playing =
        view["standings"].as_array().map_or(0, |s| s.iter().filter(|s| s["playing"] == true).count());
    // The terminations of the 100 most recent games (the answer's list), for a picture of them.
    let mut ended = BTreeMap::new();
    for g in view["games"].as_array().into_iter().flatten() {
        if let Some(t) = g["termination"].as_str() {
            *ended.entry(t.to_string()).or_default() += 1;
        }
    }
    (total, playing, ended)
}

/// The sandboxed processes of this machine (their command lines name a sandbox's folder).
pub fn sandboxed() -> usize {
    std::fs::read_dir("/proc")
        .map(|d| {
            d.flatten()
                .filter(|e| {
                    std::fs::read(e.path().join("cmdline"))
                        .is_ok_and(|c| String::from_utf8_lossy(&c).contains("cavalo-sandbox-"))
                })
                .count()
        })
        .unwrap_or(0)
}

/// Waits up to `secs` for the sandboxed processes to be gone; how many are left.
pub async fn sandboxed_after(secs: u64) -> usize {
    let start = Instant::now();
    loop {
        let left = sandboxed();
        if left == 0 || start.elapsed() > Duration::from_secs(secs) {
            return left;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
