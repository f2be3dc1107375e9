//! Nothing is lost when the terminal goes away: `cavalo play` in a pseudo-terminal, full-screen
//! and plain, whose terminal is closed in the middle of a game. With the terminal as the game's
//! controlling terminal the kernel sends SIGHUP; without it the terminal just vanishes (reads end,
//! writes fail, no signal). Either way the game ends abandoned in the database, with its `END`
//! line in log.dat and its record, and the program exits with 129, as SIGHUP makes it (no abort,
//! no panic, no spinning).

use std::fs::File;
use std::io::Read;
use std::os::fd::FromRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use rusqlite::Connection;

const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// A pseudo-terminal of 80×24: the master side (non-blocking) and the slave's path.
fn open_pty() -> (File, String) {
    // (Close-on-exec: no other test's child may hold this terminal open.)
    // SAFETY: plain libc calls on a descriptor this function owns; ptsname_r writes at most
    // `buf.len()` bytes into `buf`.
    unsafe {
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_NONBLOCK | libc::O_CLOEXEC);
        assert!(fd >= 0, "posix_openpt: {}", std::io::Error::last_os_error());
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        let mut buf = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(fd, buf.as_mut_ptr(), buf.len()), 0);
        let size = libc::winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
        assert_eq!(libc::ioctl(fd, libc::TIOCSWINSZ, &size), 0);
        let path = std::ffi::CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned();
        (File::from_raw_fd(fd), path)
    }
}

/// `cavalo play ARGS` in `dir` on the pseudo-terminal `slave`, in a session of its own; with
/// `controlling`, the terminal is the session's controlling terminal (closing it sends SIGHUP).
fn spawn_on(dir: &Path, slave: &str, controlling: bool, args: &[&str]) -> Child {
    let open = || std::fs::OpenOptions::new().read(true).write(true).custom_flags(libc::O_NOCTTY).open(slave);
    let mut command = Command::new(BIN);
    command
        .arg("play")
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .env("TERM", "xterm")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(open().unwrap())
        .stdout(open().unwrap())
        .stderr(open().unwrap());
    // SAFETY: between fork and exec the closure calls only setsid and ioctl (async-signal-safe)
    // and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            if controlling && libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.spawn().unwrap()
}

/// Reads what is waiting on the master side (the program's screen), so it never blocks writing.
fn drain(master: &mut File, screen: &mut Vec<u8>) {
    let mut buf = [0u8; 8192];
    while let Ok(n) = master.read(&mut buf) {
        if n == 0 {
            break;
        }
        screen.extend_from_slice(&buf[..n]);
    }
}

/// The only game in the database, once it exists: (id, status, plies).
fn the_game(db: &Path) -> Option<(String, String, u32)> {
    let c = Connection::open(db).ok()?;
    c.query_row("SELECT id, status, plies FROM games", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).ok()
}

/// Plays until the game in `db` has its two placements (human against human: then it waits for
/// White), closes the terminal, and checks the program ended with 129 (128 + SIGHUP) and saved
/// the game abandoned.
fn close_the_terminal_during_a_game(plain: bool, controlling: bool) {
    interrupt_a_game(plain, controlling, None);
}

/// The same, ended by the signal `signal` (a number) instead, the terminal left open: the
/// program exits with 128 + the signal's number.
fn interrupt_a_game(plain: bool, controlling: bool, signal: Option<i32>) {
    let what = format!("plain {plain}, controlling terminal {controlling}, signal {signal:?}");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let (mut master, slave) = open_pty();
    let mut args = vec!["--mode", "hh", "--seed", "1", "--lang", "en", "--db", db.to_str().unwrap()];
    if plain {
        args.push("--plain");
    }
    let mut child = spawn_on(dir.path(), &slave, controlling, &args);
    let mut screen = Vec::new();
    let start = Instant::now();
    let id = loop {
        drain(&mut master, &mut screen);
        if let Some((id, _, 2)) = the_game(&db) {
            break id;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{what}: no game: {}",
            String::from_utf8_lossy(&screen)
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "{what}: ended early: {}",
            String::from_utf8_lossy(&screen)
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    // Let it draw and wait for the move, then close the terminal.
    std::thread::sleep(Duration::from_millis(300));
    drain(&mut master, &mut screen);
    match signal {
        // SAFETY: kill only sends a signal, to our own child, not reaped yet.
        Some(sig) => assert_eq!(unsafe { libc::kill(child.id() as i32, sig) }, 0),
        None => drop(master),
    }
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{what}: cavalo play did not end after its terminal closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.signal().is_none(), "{what}: killed by signal {:?} (an abort?)", status.signal());
    // A terminal that closed ends the program as SIGHUP does, with or without the signal.
    assert_eq!(status.code(), Some(128 + signal.unwrap_or(libc::SIGHUP)), "{what}");
    assert_ne!(status.code(), Some(101), "{what}: panicked");
    let (_, state, plies) = the_game(&db).unwrap();
    assert_eq!((state.as_str(), plies), ("quit", 2), "{what}");
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    let ends = log.matches(&format!("END game={id} status=quit")).count();
    assert_eq!(ends, 1, "{what}: one END line: {log}");
    let record = std::fs::read_to_string(dir.path().join(format!("games/{id}.json"))).unwrap();
    assert!(record.contains("\"quit\""), "{what}: {record}");
}

#[test]
fn a_full_screen_game_is_saved_when_its_terminal_hangs_up() {
    close_the_terminal_during_a_game(false, true);
}

#[test]
fn a_full_screen_game_is_saved_when_its_terminal_vanishes() {
    close_the_terminal_during_a_game(false, false);
}

#[test]
fn a_plain_game_is_saved_when_its_terminal_hangs_up() {
    close_the_terminal_during_a_game(true, true);
}

#[test]
fn a_plain_game_is_saved_when_its_terminal_vanishes() {
    close_the_terminal_during_a_game(true, false);
}

#[test]
fn a_full_screen_game_is_saved_on_sigterm_and_sigint() {
    for sig in [libc::SIGTERM, libc::SIGINT] {
        interrupt_a_game(false, true, Some(sig));
    }
}
