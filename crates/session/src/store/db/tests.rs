use std::collections::HashSet;
use std::sync::Arc;

use cavalo_rules::Start;

use super::*;
use crate::{ErrorKind, GameConfig, PlayerConfig, Session, SessionError};

fn hh(seed: u64) -> Session {
    let mut c = GameConfig::new(Start::Seed(seed));
    c.players = [PlayerConfig::human(), PlayerConfig::human()];
    Session::new(c).unwrap()
}

fn play_first(s: &mut Session) -> Result<(), SessionError> {
    let mv = s.position().legal_moves()[0];
    s.play_human(mv).map(|_| ())
}

#[test]
fn a_new_file_gets_the_whole_schema_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("sub/games.sqlite")).unwrap();
    assert_eq!(db.schema_version().unwrap(), STEPS.len());
    assert_eq!(db.integrity_check().unwrap(), "ok");
    let mode: String = db.conn().pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    let tables: Vec<String> = {
        let conn = db.conn();
        let mut stmt =
            conn.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").unwrap();
        stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    };
    assert_eq!(
        tables,
        ["games", "plies", "schema_before_stores", "store_versions"],
        "the games' tables only"
    );
    migrations().validate().unwrap();
}

#[test]
fn a_version_1_file_is_brought_up_to_date_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite");
    {
        let mut conn = Connection::open(&path).unwrap();
        migrations().to_version(&mut conn, 1).unwrap();
        conn.execute(
            "INSERT INTO games (id, created, updated, mode, rules, start, time_ms, white, black, config,
                                status, result, white_points, black_points, plies)
             VALUES ('old', '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z', 'human-human', 'canonical',
                     'seed:1', 1000, 'human', 'human', '{}', 'over', 'white', 10, 5, 0)",
            [],
        )
        .unwrap();
    }
    let db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), STEPS.len());
    let rows = db.list().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].ended.as_deref(), Some("2025-01-02T00:00:00Z"), "v2 fills `ended` of finished games");
    assert_eq!(rows[0].points, [10, 5]);
}

#[test]
fn a_stored_game_follows_every_ply_undo_and_quit() {
    let dir = tempfile::tempdir().unwrap();
    let db = Arc::new(Db::open(&dir.path().join("g.sqlite")).unwrap());
    let mut s = hh(5);
    play_first(&mut s).unwrap();
    s.attach_store(db.clone()).unwrap();
    for _ in 0..6 {
        play_first(&mut s).unwrap();
    }
    let back = db.load(s.id()).unwrap();
    assert_eq!(back.plies(), s.plies());
    assert_eq!(back.position(), s.position());
    s.undo().unwrap();
    assert_eq!(db.load(s.id()).unwrap().plies(), s.plies());
    s.quit();
    let row = db.list().unwrap().remove(0);
    assert_eq!((row.status.as_str(), row.plies as usize), ("quit", s.plies().len()));
    assert!(row.ended.is_some());
    assert_eq!(db.load(s.id()).unwrap().status(), Status::Quit);
    assert_eq!(db.resolve(&s.id()[..8]).unwrap(), s.id());
    assert!(db.delete(s.id()).unwrap());
    assert_eq!(db.load(s.id()).unwrap_err().kind, StoreErrorKind::NotFound);
    let plies: i64 = db.conn().query_row("SELECT count(*) FROM plies", [], |r| r.get(0)).unwrap();
    assert_eq!(plies, 0, "deleting a game deletes its plies");
}

#[test]
fn a_failed_write_is_typed_and_the_game_does_not_advance() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite");
    let db = Arc::new(Db::open(&path).unwrap());
    let mut s = hh(9);
    s.attach_store(db.clone()).unwrap();
    for _ in 0..3 {
        play_first(&mut s).unwrap();
    }
    assert!(s.can_undo());

    db.conn().pragma_update(None, "query_only", true).unwrap();
    let e = play_first(&mut s).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Storage);
    assert!(matches!(&e, SessionError::Store(StoreError { kind: StoreErrorKind::ReadOnly, .. })), "{e:?}");
    assert_eq!(s.plies().len(), 3, "the game did not advance");
    assert_eq!(s.undo().unwrap_err().kind(), ErrorKind::Storage);
    assert_eq!(s.plies().len(), 3, "nor went back");
    db.conn().pragma_update(None, "query_only", false).unwrap();

    let other = Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    db.conn().busy_timeout(std::time::Duration::from_millis(20)).unwrap();
    let e = play_first(&mut s).unwrap_err();
    assert!(matches!(&e, SessionError::Store(StoreError { kind: StoreErrorKind::Locked, .. })), "{e:?}");
    assert_eq!(s.plies().len(), 3);
    other.execute_batch("ROLLBACK").unwrap();

    play_first(&mut s).unwrap();
    assert_eq!(db.load(s.id()).unwrap().plies(), s.plies());
}

#[test]
fn a_file_that_is_not_a_database_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite");
    std::fs::write(&path, vec![b'x'; 4096]).unwrap();
    let e = Db::open(&path).unwrap_err();
    assert_eq!(e.kind, StoreErrorKind::Corrupt, "{e}");
    assert!(e.message.contains("g.sqlite"), "{e}");
}

#[test]
fn thousands_of_ids_are_distinct() {
    let ids: HashSet<String> = (0..5000).map(|_| hh(1).id().to_string()).collect();
    assert_eq!(ids.len(), 5000);
    assert!(ids.iter().all(|i| uuid::Uuid::parse_str(i).is_ok_and(|u| u.get_version_num() == 4)));
}

#[test]
fn a_file_from_a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite");
    Db::open(&path).unwrap();
    Connection::open(&path).unwrap().pragma_update(None, "user_version", 99).unwrap();
    let e = Db::open(&path).unwrap_err();
    assert_eq!(e.kind, StoreErrorKind::Newer { found: 99, known: STEPS.len() }, "{e}");
    assert!(e.message.contains("g.sqlite") && e.message.contains("schema version 99"), "{e}");
    let v: i64 =
        Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(v, 99, "the file was not changed");
}

#[test]
fn a_schema_version_no_cavalo_writes_is_refused_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite");
    Db::open(&path).unwrap();
    for bad in [-1_i64, i64::from(i32::MIN), 10_000, i64::from(i32::MAX)] {
        Connection::open(&path).unwrap().pragma_update(None, "user_version", bad).unwrap();
        let e = Db::open(&path).unwrap_err();
        assert_eq!(e.kind, StoreErrorKind::BadVersion { found: bad }, "{e}");
        let said = format!("its schema version {bad} is not one Cavalo writes: the file is damaged");
        assert!(e.message.contains("g.sqlite") && e.message.contains(&said), "{e}");
        let en = crate::present::store_open_text(&e, &path, crate::i18n::Lang::En);
        assert!(en.contains(&format!("has schema version {bad}, which is not one Cavalo writes")), "{en}");
        let pt = crate::present::store_open_text(&e, &path, crate::i18n::Lang::Pt);
        assert!(pt.contains(&format!("tem a versão do esquema {bad}, que não é")), "{pt}");
        let v: i64 =
            Connection::open(&path).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(v, bad, "the file was not changed");
    }
    // Changed under an open database: read as an error, never as a huge number.
    Connection::open(&path).unwrap().pragma_update(None, "user_version", STEPS.len() as i64).unwrap();
    let db = Db::open(&path).unwrap();
    Connection::open(&path).unwrap().pragma_update(None, "user_version", -1).unwrap();
    assert_eq!(db.schema_version().unwrap_err().kind, StoreErrorKind::BadVersion { found: -1 });
}

#[test]
fn a_file_of_schema_version_6_keeps_its_games_and_the_other_stores_tables() {
    // Made by the Cavalo of schema version 6 (see `tests/fixtures/README.md`), copied.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/games-schema-6.sqlite");
    std::fs::copy(fixture, &path).unwrap();
    let db = Db::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), STEPS.len());
    assert_eq!(db.list().unwrap().len(), 4);
    let played = db.load("325a154d-8d0c-4e60-9d21-c5d0cb1c6c4d").unwrap();
    assert_eq!(played.plies().len(), 12);
    let before: i64 =
        db.conn().query_row("SELECT version FROM schema_before_stores", [], |r| r.get(0)).unwrap();
    assert_eq!(before, 6, "kept for the stores above");
    // The tables of the stores above are left as they were, rows and all.
    for (table, rows) in [("seats", 3), ("web_games", 3), ("analyses", 1)] {
        let n: i64 = db.conn().query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0)).unwrap();
        assert_eq!(n, rows, "{table}");
    }
    assert_eq!(db.integrity_check().unwrap(), "ok");
    // Deleting a game still takes what the stores above keep of it.
    assert!(db.delete("325a154d-8d0c-4e60-9d21-c5d0cb1c6c4d").unwrap());
    let seats: i64 = db.conn().query_row("SELECT count(*) FROM seats", [], |r| r.get(0)).unwrap();
    assert_eq!(seats, 1);
}

#[test]
fn a_server_commits_without_waiting_for_the_disk_and_syncs_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("games.sqlite")).unwrap();
    let sync = |db: &Db| -> i64 { db.conn().pragma_query_value(None, "synchronous", |r| r.get(0)).unwrap() };
    assert_eq!(sync(&db), 2, "FULL by default: every write on the disk before it returns");
    db.commit_without_waiting_for_disk().unwrap();
    assert_eq!(sync(&db), 1, "NORMAL");
    let s = hh(1);
    db.put_game(&s).unwrap();
    assert!(dir.path().join("games.sqlite-wal").exists(), "the write is in the log");
    db.sync_log().unwrap();
    // A second connection (another program, the server restarted) reads the write.
    let other = Db::open(&dir.path().join("games.sqlite")).unwrap();
    assert_eq!(other.load(s.id()).unwrap().plies().len(), 0);
}
