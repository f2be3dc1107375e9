use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use cavalo_engine::Options;
use cavalo_rules::Start;
use cavalo_session::store::StoreErrorKind;
use cavalo_session::{GameConfig, PlayerConfig, Session};

use super::*;
use crate::analysis::{Budget, Effort, Thresholds, analyse};

/// A game of two humans, two plies in, stored in `db`; its id and its analysis.
fn stored_game(db: &Db) -> (String, Analysis) {
    let mut c = GameConfig::new(Start::Seed(4));
    c.players = [PlayerConfig::human(), PlayerConfig::human()];
    let mut s = Session::new(c).unwrap();
    for _ in 0..2 {
        let mv = s.position().legal_moves()[0];
        s.play_human(mv).unwrap();
    }
    db.put_game(s.game()).unwrap();
    let budget = Budget { nodes: Some(500), time_ms: None, threads: 1 };
    let options = Options { hash_mib: 1, ..Options::default() };
    let stop = AtomicBool::new(false);
    let an =
        analyse(s.record(), budget, Effort::default(), Thresholds::default(), options, &stop, &mut |_, _| {})
            .unwrap();
    (s.id().to_string(), an)
}

fn store() -> (tempfile::TempDir, AnalysisStore) {
    let dir = tempfile::tempdir().unwrap();
    let db = Arc::new(Db::open(&dir.path().join("g.sqlite")).unwrap());
    (dir, AnalysisStore::open(db).unwrap())
}

#[test]
fn an_analysis_is_kept_per_budget_replaced_and_goes_with_its_game() {
    let (_dir, store) = store();
    let (id, an) = stored_game(&store.db);
    assert_eq!(store.get(&id, "nodes=1000").unwrap(), None);
    let three = StoredAnalysis { plies: 3, analysis: an.clone() };
    store.put(&id, "nodes=1000", &three).unwrap();
    store.put(&id, "nodes=9", &StoredAnalysis { plies: 1, analysis: an.clone() }).unwrap();
    assert_eq!(store.get(&id, "nodes=1000").unwrap(), Some(three), "read back as it was written");
    store.put(&id, "nodes=1000", &StoredAnalysis { plies: 5, analysis: an }).unwrap();
    assert_eq!(store.get(&id, "nodes=1000").unwrap().unwrap().plies, 5, "the newer one replaced it");
    assert_eq!(store.get(&id, "nodes=9").unwrap().unwrap().plies, 1, "another budget is its own");
    assert!(store.db.delete(&id).unwrap());
    assert_eq!(store.get(&id, "nodes=1000").unwrap(), None, "deleted with its game");
}

#[test]
fn an_analysis_of_no_stored_game_is_refused() {
    let (_dir, store) = store();
    let (_, an) = stored_game(&store.db);
    let e = store.put("nobody", "nodes=1", &StoredAnalysis { plies: 0, analysis: an }).unwrap_err();
    assert_eq!(e.kind, StoreErrorKind::Invalid, "{e:?}");
    assert_eq!(store.get("nobody", "nodes=1").unwrap(), None);
}

#[test]
fn a_row_that_is_not_an_analysis_is_named_unreadable() {
    let (_dir, store) = store();
    let (id, _) = stored_game(&store.db);
    store
        .db
        .write(|tx| {
            tx.execute(
                "INSERT INTO analyses (game_id, budget, plies, json, created) VALUES (?1, 'b', 2, '{}', 'now')",
                [&id],
            )
            .map_err(|e| store.db.sql_error(e))
        })
        .unwrap();
    match store.get(&id, "b") {
        Err(AnalysisStoreError::Unreadable { game, budget, why }) => {
            assert_eq!((game.as_str(), budget.as_str()), (id.as_str(), "b"));
            assert!(why.contains("missing field"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

/// A copy of the database a Cavalo of schema version 6 made (see the fixture's README), in a
/// directory of its own.
pub(crate) fn old_file() -> (tempfile::TempDir, PathBuf) {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../session/tests/fixtures/games-schema-6.sqlite");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite");
    std::fs::copy(fixture, &path).unwrap();
    (dir, path)
}

#[test]
fn the_analyses_of_a_file_made_before_the_stores_had_versions_are_read_as_analyses() {
    let (_dir, path) = old_file();
    let db = Arc::new(Db::open(&path).unwrap());
    let store = AnalysisStore::open(db.clone()).unwrap();
    assert_eq!(db.store_version(&SCHEMA).unwrap(), 1, "its table was there");
    let got = store.get("325a154d-8d0c-4e60-9d21-c5d0cb1c6c4d", "v3:nodes=2000").unwrap().unwrap();
    assert_eq!(got.plies, 12);
    assert_eq!(got.analysis.plies.len(), 12);
    assert_eq!(got.analysis.game.moves.len(), 12);
    // Opened again: nothing more to do, the row still there.
    let again = AnalysisStore::open(Arc::new(Db::open(&path).unwrap())).unwrap();
    assert!(again.get("325a154d-8d0c-4e60-9d21-c5d0cb1c6c4d", "v3:nodes=2000").unwrap().is_some());
}
