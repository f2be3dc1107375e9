use super::*;
use crate::standings::standings;
use cavalo_match::{GameSetup, GameSpec, MoveLimits, play_game};

fn store() -> (tempfile::TempDir, ArenaStore) {
    let dir = tempfile::tempdir().unwrap();
    let db = Arc::new(Db::open(&dir.path().join("games.sqlite")).unwrap());
    (dir, ArenaStore::open(db).unwrap())
}

fn program(text: &str) -> TeamProgram {
    let files = vec![("equipa.lisp".into(), text.into()), ("regras.lisp".into(), "(defun f ())".into())];
    TeamProgram::check(files, Some("equipa.lisp".into()), vec![("args".into(), "state+time".into())]).unwrap()
}

/// A real game of the referee (greedy against random on board 5), as an arena game's record.
fn record() -> GameRecord {
    let setup = GameSetup {
        engine1: "greedy".parse().unwrap(),
        engine2: "random:1".parse().unwrap(),
        rules: Default::default(),
        limits: MoveLimits::movetime(1000),
        limits2: None,
    };
    play_game(&setup, GameSpec { index: 0, seed: 5 })
}

#[test]
fn uploads_are_versions_of_their_team_and_the_latest_is_current() {
    let (_dir, store) = store();
    let a1 = store.add_program("Equipa A", &program("(v1)")).unwrap();
    let b1 = store.add_program("Equipa B", &program("(b)")).unwrap();
    let a2 = store.add_program("Equipa A", &program("(v2)")).unwrap();
    assert_eq!((a1.version, b1.version, a2.version), (1, 1, 2));
    let current: Vec<(String, u32)> =
        store.versions(false).unwrap().into_iter().map(|v| (v.team, v.version)).collect();
    assert_eq!(current, [("Equipa B".to_string(), 1), ("Equipa A".to_string(), 2)]);
    assert_eq!(store.versions(true).unwrap().len(), 3, "old versions stay");
    let back = store.version(&a1.id).unwrap().unwrap();
    assert_eq!(back, a1, "files, entry and glue read back as kept");
    assert_eq!(store.version("nobody").unwrap(), None);
    let (teams, bytes) = store.room().unwrap();
    assert_eq!(teams, 2);
    assert!(bytes > 3 * "(defun f ())".len() as u64, "{bytes}");
    assert!(store.has_team("Equipa A").unwrap() && !store.has_team("Equipa C").unwrap());
}

#[test]
fn a_game_is_kept_from_its_start_and_one_left_unfinished_can_be_forgotten() {
    let (_dir, store) = store();
    let a = store.add_program("A", &program("(a)")).unwrap();
    let planned = Planned {
        white: Seat::Program(a.id.clone()),
        black: Seat::Level(1),
        seed: 5,
        stage: Stage::Qualification,
    };
    let row = store.begin(&planned, "game-1").unwrap();
    let games = store.games().unwrap();
    assert!(games[0].is(&planned) && games[0].ended.is_none() && games[0].game_id == "game-1");
    let rec = record();
    store.finish(row, &rec).unwrap();
    let played = &store.games().unwrap()[0];
    let (_, f) = played.ended.as_ref().unwrap();
    assert_eq!(f.plies, rec.moves.len());
    assert_eq!(f.termination, Termination::Normal);
    assert_eq!(played.points_of(&planned.white), Some(f.white_points));
    assert_eq!(store.unfinished().unwrap(), []);
    // Another started and never ended: listed, then forgotten; a finished game cannot be.
    let row2 = store.begin(&planned, "game-2").unwrap();
    assert_eq!(store.unfinished().unwrap(), [(row2, "game-2".to_string())]);
    store.forget(row2).unwrap();
    store.forget(row).unwrap();
    assert_eq!(store.games().unwrap().len(), 1);
    // The standings read it: one qualification game, no ladder game yet.
    let s = standings(&store.versions(false).unwrap(), &store.games().unwrap());
    assert_eq!((s[0].games, s[0].forfeits, s[0].playing, s[0].level), (0, 0, false, None));
    assert!(s[0].rating.is_some(), "rated against level 1");
}

#[test]
fn a_damaged_row_is_an_error_naming_it() {
    let (_dir, store) = store();
    store
        .db
        .write(|tx| {
            tx.execute(
                "INSERT INTO arena_games (game_id, white, black, seed, stage, started) VALUES ('g', 'level:99', 'x', 1, 'ladder', 't')",
                [],
            )
            .map_err(|e| store.db.sql_error(e))
        })
        .unwrap();
    let e = store.games().unwrap_err();
    assert_eq!(e.kind, StoreErrorKind::Invalid);
    assert!(e.message.contains("arena game 1") && e.message.contains("level:99"), "{e}");
}
