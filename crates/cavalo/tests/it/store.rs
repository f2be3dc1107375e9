//! The games database through the real binary: signals, kill -9 at random moments, concurrent
//! games in one log.dat, `cavalo games` import and export. Every file lives in a temporary
//! directory (XDG_DATA_HOME points there too).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use rusqlite::Connection;

const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

fn cavalo(dir: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    c
}

fn run(dir: &Path, args: &[&str]) -> Output {
    cavalo(dir).args(args).stdin(Stdio::null()).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Starts `cavalo play --plain` with `args`, its standard output read line by line on a thread.
fn spawn_play(dir: &Path, args: &[&str]) -> (Child, Receiver<String>) {
    let mut child = cavalo(dir)
        .args(["play", "--plain"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// The game's id from the first line (`Game <id>, kept in <path>`).
fn game_id(line: &str) -> String {
    let rest = line.strip_prefix("Game ").unwrap_or_else(|| panic!("first line: {line}"));
    rest.split(',').next().unwrap().to_string()
}

/// A points line (`Points: White (human) 89, Black (human) 1,056. Ply 2.`): the ply (from 1)
/// and the points.
fn points_line(line: &str) -> Option<(u32, [u16; 2])> {
    let rest = line.strip_prefix("Points: ")?;
    let (points, ply) = rest.rsplit_once(". Ply ")?;
    let ply = ply.strip_suffix('.')?.parse().ok().filter(|&n| n > 0)?;
    let mut pts =
        points.split(", ").map(|p| p.rsplit(' ').next().and_then(|v| v.replace(',', "").parse::<u16>().ok()));
    let points = [pts.next()??, pts.next()??];
    if pts.next().is_some() {
        return None;
    }
    Some((ply, points))
}

fn signal(pid: u32, name: &str) {
    let ok = Command::new("kill").args(["-s", name, &pid.to_string()]).status().unwrap().success();
    assert!(ok, "kill -s {name}");
}

fn wait_with_timeout(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let t = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            panic!("cavalo play did not stop within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn db_game(db: &Path, id: &str) -> (String, u32, Vec<(u32, [u16; 2])>) {
    let c = Connection::open(db).unwrap();
    let (status, plies) = c
        .query_row("SELECT status, plies FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap_or_else(|e| panic!("game {id} is not in {}: {e}", db.display()));
    let mut stmt =
        c.prepare("SELECT n, white_points, black_points FROM plies WHERE game_id = ?1 ORDER BY n").unwrap();
    let rows = stmt.query_map([id], |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?]))).unwrap();
    (status, plies, rows.map(Result::unwrap).collect())
}

fn integrity(db: &Path) -> String {
    Connection::open(db).unwrap().query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap()
}

#[test]
fn each_signal_leaves_the_game_abandoned_in_the_store_the_log_and_a_record() {
    for (sig, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("g.sqlite");
        let (mut child, lines) =
            spawn_play(dir.path(), &["--mode", "hh", "--seed", "1", "--db", db.to_str().unwrap()]);
        let id = game_id(&lines.recv_timeout(Duration::from_secs(20)).unwrap());
        // The two placements are played without asking; then the game waits for White's move.
        loop {
            let line = lines.recv_timeout(Duration::from_secs(20)).expect("the game goes on");
            if points_line(&line).is_some_and(|(ply, _)| ply == 2) {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(100));
        signal(child.id(), sig);
        let status = wait_with_timeout(&mut child, Duration::from_secs(20));
        assert_eq!(status.code(), Some(code), "SIG{sig}");
        let (status, plies, rows) = db_game(&db, &id);
        assert_eq!((status.as_str(), plies, rows.len()), ("quit", 2, 2), "SIG{sig}");
        let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
        assert!(log.contains(&format!("END game={id} status=quit result=none")), "SIG{sig}: {log}");
        let record = std::fs::read_to_string(dir.path().join(format!("games/{id}.json"))).unwrap();
        assert!(record.contains("\"quit\""), "SIG{sig}: {record}");
    }
}

/// A tiny random number generator (xorshift), seeded from the clock: the kill moments differ
/// from run to run; the seed is printed to repeat one.
struct Rng(u64);

impl Rng {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }
}

#[test]
fn kill_9_at_random_moments_loses_no_acknowledged_ply() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let seed = std::env::var("KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1
    });
    eprintln!("KILL_SEED={seed}");
    let mut rng = Rng(seed);
    // KILL_ROUNDS=N runs a longer loop (for measurements); 8 by default.
    let rounds: u32 = std::env::var("KILL_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(8).min(1000);
    let (mut total_acknowledged, mut mid_game) = (0, 0);
    for round in 0..rounds {
        let args = ["--mode", "cc", "--time-ms", "10", "--hash", "1", "--seed", &round.to_string()];
        let (mut child, lines) =
            spawn_play(dir.path(), &[&args[..], &["--db", db.to_str().unwrap()]].concat());
        let id = game_id(&lines.recv_timeout(Duration::from_secs(20)).unwrap());
        let delay = Duration::from_millis(5 + rng.next(200));
        std::thread::sleep(delay);
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        // Every points line printed before the kill is a ply the user saw.
        let printed: Vec<String> = lines.try_iter().collect();
        let seen: Vec<(u32, [u16; 2])> = printed.iter().filter_map(|l| points_line(l)).collect();
        let odd: Vec<&String> = printed
            .iter()
            .filter(|l| l.starts_with("Points:") && !l.ends_with("Ply 0.") && points_line(l).is_none())
            .collect();
        assert!(odd.len() <= 1, "round {round}: unreadable points lines {odd:?}");
        let (status, plies, rows) = db_game(&db, &id);
        assert!(rows.len() as u32 == plies, "round {round}: the game's row and its plies agree");
        for (ply, points) in &seen {
            let stored = rows.get(*ply as usize - 1);
            assert_eq!(
                stored,
                Some(&(*ply, *points)),
                "round {round} (KILL_SEED={seed}): ply {ply} shown, not stored"
            );
        }
        total_acknowledged += seen.len();
        mid_game += usize::from(status == "playing");
        assert_eq!(integrity(&db), "ok", "round {round} (KILL_SEED={seed})");
    }
    eprintln!(
        "{rounds} rounds, {mid_game} killed in the middle of a game, {total_acknowledged} plies shown, all stored"
    );
    assert!(total_acknowledged > 0, "some plies were shown before the kills");
    let check = run(dir.path(), &["games", "--db", db.to_str().unwrap(), "check"]);
    assert!(check.status.success() && text(&check.stdout).contains("integrity ok"), "{check:?}");
}

/// The report section of each game in `cavalo stats` output, by id.
fn sections(report: &str) -> Vec<(String, String)> {
    report
        .split("\nGame ")
        .filter(|s| s.contains(" ("))
        .map(|s| {
            let id = s.split_once(" (").unwrap().1.split(',').next().unwrap().to_string();
            let body = s.split_once('\n').unwrap().1.split("\nAll ").next().unwrap().trim().to_string();
            (id, body)
        })
        .collect()
}

#[test]
fn concurrent_games_in_one_log_are_told_apart_by_stats() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let db = db.to_str().unwrap();
    let mut children: Vec<Child> = (0..2)
        .map(|i| {
            cavalo(dir.path())
                .args(["play", "--plain", "--mode", "cc", "--time-ms", "10", "--hash", "1", "--db", db])
                .args(["--seed", &(40 + i).to_string()])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in &mut children {
        assert!(wait_with_timeout(c, Duration::from_secs(120)).success());
    }
    let from_log = run(dir.path(), &["stats"]);
    assert!(from_log.status.success(), "{}", text(&from_log.stderr));
    let from_db = run(dir.path(), &["stats", "--db", db]);
    assert!(from_db.status.success(), "{}", text(&from_db.stderr));
    let (log_games, db_games) = (sections(&text(&from_log.stdout)), sections(&text(&from_db.stdout)));
    assert_eq!(log_games.len(), 2, "{}", text(&from_log.stdout));
    for (id, body) in &log_games {
        let (_, plies, _) = db_game(Path::new(db), id);
        assert!(body.contains(&format!(", {plies} plies")), "game {id}: {body}");
        let same = db_games.iter().find(|(i, _)| i == id).map(|(_, b)| b);
        assert_eq!(same, Some(body), "the log and the database give game {id} the same statistics");
        let one = run(dir.path(), &["stats", "--id", &id[..8]]);
        assert_eq!(sections(&text(&one.stdout)), vec![(id.clone(), body.clone())]);
    }
}

#[test]
fn import_skips_bad_files_by_name_and_export_gives_the_record_and_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for seed in ["1", "2"] {
        let o = run(
            d,
            &[
                "play",
                "--plain",
                "--mode",
                "cc",
                "--time-ms",
                "10",
                "--hash",
                "1",
                "--seed",
                seed,
                "--db",
                "first.sqlite",
            ],
        );
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    std::fs::create_dir(d.join("sessions")).unwrap();
    std::fs::write(d.join("sessions/latin1.json"), b"{\"id\": \"caf\xe9\"}").unwrap();
    std::fs::write(d.join("sessions/empty.json"), b"{}").unwrap();
    std::fs::write(d.join("sessions/notes.txt"), b"not json, not looked at").unwrap();

    let o = run(d, &["games", "--db", "new.sqlite", "import", "games", "sessions"]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(!o.status.success(), "bad files make the import fail after it ran");
    assert!(out.contains("imported 2 games"), "{out}");
    assert!(err.contains("latin1.json: not UTF-8") && err.contains("empty.json: not a game"), "{err}");
    assert!(!err.contains("notes.txt") && !err.contains("panicked"), "{err}");
    let again = run(d, &["games", "--db", "new.sqlite", "import", "games"]);
    assert!(again.status.success() && text(&again.stdout).contains("2 already there"));

    let list = text(&run(d, &["games", "--db", "new.sqlite", "list", "--status", "over"]).stdout);
    let ids: Vec<&str> = list.lines().skip(1).map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(ids.len(), 2, "{list}");
    for id in ids {
        let json = run(d, &["games", "--db", "new.sqlite", "export", id]);
        let original = std::fs::read_to_string(d.join(format!("games/{id}.json"))).unwrap();
        let (a, b): (serde_json::Value, serde_json::Value) =
            (serde_json::from_slice(&json.stdout).unwrap(), serde_json::from_str(&original).unwrap());
        assert_eq!(a, b, "the exported record is the one play saved");
        let log = text(&run(d, &["games", "--db", "new.sqlite", "export", id, "--format", "log"]).stdout);
        assert!(
            log.starts_with(&format!("GAME id={id} ")) && log.contains(&format!("END game={id} status=over"))
        );
        let show = text(&run(d, &["games", "--db", "new.sqlite", "show", &id[..6]]).stdout);
        assert!(show.contains(id) && show.contains("status  over"), "{show}");
    }
    let first = list.lines().nth(1).unwrap().split_whitespace().next().unwrap();
    assert!(run(d, &["games", "--db", "new.sqlite", "delete", first]).status.success());
    let gone = run(d, &["games", "--db", "new.sqlite", "show", first]);
    assert!(!gone.status.success() && text(&gone.stderr).contains("no game"), "{gone:?}");
}

/// Waits for a line of `lines` that `want` accepts; panics after 30 s.
fn wait_for(lines: &Receiver<String>, what: &str, want: impl Fn(&str) -> bool) -> String {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(30) {
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(200))
            && want(&line)
        {
            return line;
        }
    }
    panic!("no line {what} within 30 s");
}

#[test]
fn a_locked_database_refuses_the_move_with_a_message_and_the_game_waits() {
    use cavalo_rules::{Rules, Start};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let (mut child, lines) =
        spawn_play(dir.path(), &["--mode", "hh", "--seed", "1", "--db", db.to_str().unwrap()]);
    let id = game_id(&lines.recv_timeout(Duration::from_secs(20)).unwrap());
    wait_for(&lines, "for ply 2", |l| points_line(l).is_some_and(|(n, _)| n == 2));
    let mut pos = Start::Seed(1).position(Rules::default()).unwrap();
    for _ in 0..2 {
        pos.play(pos.legal_moves()[0]);
    }
    // The move, then an empty line: the default removal if it lands on a double.
    let mv = format!("{}\n\n", pos.legal_moves()[0]);
    let mut stdin = child.stdin.take().unwrap();

    let other = Connection::open(&db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    std::io::Write::write_all(&mut stdin, mv.as_bytes()).unwrap();
    let said = wait_for(&lines, "about the lock", |l| l.contains("locked") || l.contains("Ply 3."));
    assert!(said.contains("g.sqlite") && said.contains("locked"), "{said}");
    other.execute_batch("ROLLBACK").unwrap();
    assert_eq!(db_game(&db, &id).1, 2, "the refused move is not stored");

    std::io::Write::write_all(&mut stdin, mv.as_bytes()).unwrap();
    wait_for(&lines, "for ply 3", |l| points_line(l).is_some_and(|(n, _)| n == 3));
    drop(stdin);
    assert!(wait_with_timeout(&mut child, Duration::from_secs(20)).success());
    let (status, plies, _) = db_game(&db, &id);
    assert_eq!((status.as_str(), plies), ("quit", 3), "the end of input abandons the game");
}

/// Starts a human-against-human game on `seed`, waits for its two placements and kills it
/// (SIGKILL: nothing can be saved), leaving it `playing` in `db`; returns its id.
fn killed_after_the_placements(dir: &Path, db: &Path, seed: &str) -> String {
    let (mut child, lines) = spawn_play(dir, &["--mode", "hh", "--seed", seed, "--db", db.to_str().unwrap()]);
    let id = game_id(&lines.recv_timeout(Duration::from_secs(20)).unwrap());
    loop {
        let line = lines.recv_timeout(Duration::from_secs(20)).expect("the game goes on");
        if points_line(&line).is_some_and(|(ply, _)| ply == 2) {
            break;
        }
    }
    signal(child.id(), "KILL");
    let _ = child.wait();
    assert_eq!(db_game(db, &id).0, "playing");
    id
}

#[test]
fn a_game_left_playing_is_closed_or_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let (d, db) = (dir.path(), dir.path().join("g.sqlite"));
    let db_arg = db.to_str().unwrap();
    let closed = killed_after_the_placements(d, &db, "1");
    let resumed = killed_after_the_placements(d, &db, "2");
    // Closed from outside, by the beginning of its id: abandoned, its END line, its record.
    let out = run(d, &["games", "close", &closed[..8], "--db", db_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(&format!("closed {closed}")), "{}", text(&out.stdout));
    assert_eq!(db_game(&db, &closed).0, "quit");
    let log = std::fs::read_to_string(d.join("log.dat")).unwrap();
    assert_eq!(log.matches(&format!("END game={closed} status=quit")).count(), 1, "{log}");
    assert!(std::fs::read_to_string(d.join(format!("games/{closed}.json"))).unwrap().contains("\"quit\""));
    // A game not being played is neither closed again nor resumed.
    let again = run(d, &["games", "close", &closed, "--db", db_arg]);
    assert!(!again.status.success() && text(&again.stderr).contains("not being played"), "{again:?}");
    let out = run(d, &["play", "--plain", "--resume", &closed, "--db", db_arg]);
    assert!(!out.status.success() && text(&out.stderr).contains("nothing to resume"), "{out:?}");
    // Resumed: it goes on from its third ply with the moves typed, and ends saved.
    let mut moves = String::new();
    for r in 1..=10 {
        for c in 'A'..='J' {
            moves.push_str(&format!("{c}{r}\n\n"));
        }
    }
    let mut child = cavalo(d)
        .args(["play", "--plain", "--resume", &resumed[..8], "--db", db_arg])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(moves.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (status, plies, rows) = db_game(&db, &resumed);
    assert!(plies > 2 && rows.len() == plies as usize, "{status} {plies}: {}", text(&out.stdout));
    assert!(["quit", "over"].contains(&status.as_str()), "{status}");
    let log = std::fs::read_to_string(d.join("log.dat")).unwrap();
    assert_eq!(log.matches(&format!("END game={resumed}")).count(), 1, "{log}");
}

#[test]
fn a_negative_schema_version_is_named_as_written_and_the_file_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let db_arg = db.to_str().unwrap();
    assert!(run(dir.path(), &["games", "list", "--db", db_arg]).status.success());
    Connection::open(&db).unwrap().pragma_update(None, "user_version", -1).unwrap();
    let out = run(dir.path(), &["games", "list", "--db", db_arg]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("has schema version -1, which is not one Cavalo writes: the file is damaged"),
        "{err}"
    );
    assert!(!err.contains("18,446") && !err.contains("panicked"), "{err}");
    let play = ["play", "--lang", "pt", "--mode", "hh", "--seed", "1", "--db", db_arg];
    let err = text(&run(dir.path(), &play).stderr);
    assert!(err.contains("tem a versão do esquema -1, que não é uma versão que o Cavalo escreva"), "{err}");
    let v: i64 =
        Connection::open(&db).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(v, -1, "the file was not changed");
}
