//! What the integration tests of the `cavalo` binary share (each test uses some of it).
#![allow(dead_code)]

pub mod lisp;
pub mod serve;

use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// Runs `cavalo ARGS` and returns its output; fails the test (with both outputs) when it fails.
pub fn cavalo(args: &[&str]) -> Output {
    let out = Command::new(BIN).args(args).output().expect("cavalo runs");
    assert!(
        out.status.success(),
        "cavalo {args:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    out
}
