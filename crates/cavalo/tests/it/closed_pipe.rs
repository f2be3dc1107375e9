//! A reader that goes away is not a crash: every command whose standard output (or error) is a
//! pipe nobody reads any more (`cavalo analyse game.json | head -1`) ends quietly, with status 0
//! or 141 (128 + SIGPIPE, as Unix tools report it), never "panicked … Broken pipe" and a
//! backtrace (status 101).
//!
//! The pipe's reading end is closed before the program starts, so its first write fails, every
//! time, whatever the speed of the machine.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// Runs `cavalo ARGS` in `dir` with standard output (or, with `close_stderr`, standard error)
/// writing into a pipe whose reader is already gone; the other stream is captured.
fn run_closed(dir: &Path, args: &[&str], close_stderr: bool) -> (Output, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut command = Command::new(BIN);
    command
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::null());
    if close_stderr {
        command.stdout(Stdio::piped()).stderr(writer);
    } else {
        command.stdout(writer).stderr(Stdio::piped());
    }
    let mut child = command.spawn().unwrap();
    let mut other = String::new();
    let stream: Option<Box<dyn Read>> = if close_stderr {
        child.stdout.take().map(|s| Box::new(s) as Box<dyn Read>)
    } else {
        child.stderr.take().map(|s| Box::new(s) as Box<dyn Read>)
    };
    if let Some(mut s) = stream {
        s.read_to_string(&mut other).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    (out, other)
}

/// Checks that `cavalo ARGS` with its standard output closed ends with 0 or 141 and says nothing.
fn quiet(dir: &Path, args: &[&str]) {
    let (out, stderr) = run_closed(dir, args, false);
    let code = out.status.code();
    assert!(matches!(code, Some(0 | 141)), "{args:?}: status {:?}, stderr: {stderr}", out.status);
    assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{args:?}: {stderr}");
}

/// A finished computer game in `dir`: its JSON record and the log.dat beside it.
fn a_played_game(dir: &Path) -> String {
    let out = Command::new(BIN)
        .args(["play", "--plain", "--mode", "cc", "--time-ms", "10", "--seed", "7", "--lang", "en"])
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let record = std::fs::read_dir(dir.join("games")).unwrap().next().unwrap().unwrap().path();
    record.to_string_lossy().into_owned()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let record = a_played_game(d);
    for args in [
        &["--help"][..],
        &["board", "--seed", "1"],
        &["moves", "seed:1"],
        &["apply", "seed:1", "F1", "J10"],
        &["perft", "seed:1", "4", "--divide"],
        &["go", "seed:1", "--depth", "6"],
        &["bench", "--depth", "4"],
        &["analyse", &record, "--nodes", "2000"],
        &["replay", &record],
        &["stats", "log.dat"],
        &["games", "list"],
        &["move", "seed:1", "--time-ms", "50"],
        &["match", "--engine1", "greedy", "--engine2", "random", "--games", "2", "-q"],
        &["tournament", "-p", "greedy", "-p", "random", "--boards", "1", "-q"],
    ] {
        quiet(d, args);
    }
}

#[test]
fn a_closed_standard_error_is_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    // An error to report, and nowhere to report it: a failure (1, or 141 for the closed pipe),
    // not a panic (101).
    let (out, stdout) = run_closed(dir.path(), &["apply", "seed:1", "A1"], true);
    assert!(matches!(out.status.code(), Some(1 | 141)), "{:?} {stdout}", out.status);
    // A progress report on standard error while the summary goes to standard output.
    let (out, stdout) = run_closed(
        dir.path(),
        &["match", "--engine1", "greedy", "--engine2", "random", "--games", "2"],
        true,
    );
    assert!(matches!(out.status.code(), Some(0 | 1 | 141)), "{:?} {stdout}", out.status);
}
