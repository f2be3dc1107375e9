//! What the integration tests of the `cavalo` binary share (each test uses some of it).
#![allow(dead_code)]

pub mod alone;
pub mod lisp;
pub mod serve;

use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// Runs `cavalo ARGS` and returns its output; fails the test (with both outputs) when it fails.
/// The language variables are removed: reports are in English unless a test asks otherwise.
pub fn cavalo(args: &[&str]) -> Output {
    let out = Command::new(BIN)
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("cavalo runs");
    assert!(
        out.status.success(),
        "cavalo {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    out
}

/// Processes whose command line contains `needle`.
pub fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(needle) {
                found.push(cmd);
            }
        }
    }
    found
}
