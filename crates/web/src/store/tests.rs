use std::sync::Arc;

use cavalo_rules::{Side, Start};
use cavalo_session::store::Db;
use cavalo_session::{GameConfig, PlayerConfig, Session};

use super::*;

/// A new game of two humans.
pub(crate) fn hh() -> Session {
    let mut c = GameConfig::new(Start::Seed(5));
    c.players = [PlayerConfig::human(), PlayerConfig::human()];
    Session::new(c).unwrap()
}

/// The web's store of a new database.
pub(crate) fn store() -> (tempfile::TempDir, WebStore) {
    let dir = tempfile::tempdir().unwrap();
    let db = Arc::new(Db::open(&dir.path().join("g.sqlite")).unwrap());
    (dir, WebStore::open(db).unwrap())
}

#[test]
fn a_client_sees_its_own_games_and_the_public_ones() {
    let (_dir, store) = store();
    let (mine, theirs, public) = (hh(), hh(), hh());
    let (t1, t2, t3) = (new_secret(), new_secret(), new_secret());
    store.add_game(&mine, &[(Side::White, &t1)], false).unwrap();
    store.add_game(&theirs, &[(Side::White, &t2)], false).unwrap();
    store.add_game(&public, &[(Side::Black, &t3)], true).unwrap();
    let seen = |tokens: &[&str]| {
        let mut v: Vec<(String, bool, bool)> =
            store.listed(tokens, &[]).unwrap().into_iter().map(|l| (l.id, l.public, l.mine)).collect();
        v.sort();
        v
    };
    let mut want = vec![(mine.id().to_string(), false, true), (public.id().to_string(), true, false)];
    want.sort();
    assert_eq!(seen(&[&t1, "not-a-token"]), want);
    assert_eq!(seen(&[]), [(public.id().to_string(), true, false)]);
    let both = seen(&[&t3]);
    assert_eq!(both, [(public.id().to_string(), true, true)]);
}

#[test]
fn a_game_and_its_seats_are_written_together_or_not_at_all() {
    let (_dir, store) = store();
    let s = hh();
    let token = new_secret();
    // Two seats of one side: the second breaks the seats' key, and nothing of the game stays.
    let e = store.add_game(&s, &[(Side::White, &token), (Side::White, &token)], false).unwrap_err();
    assert_eq!(e.kind, cavalo_session::store::StoreErrorKind::Invalid, "{e}");
    assert!(store.db().list().unwrap().is_empty());
    assert!(!store.is_web_game(s.id()).unwrap());
}

#[test]
fn uploaded_games_keep_the_most_recent_only_and_leave_the_others_alone() {
    let (_dir, store) = store();
    let played = hh();
    store.add_game(&played, &[], false).unwrap();
    let mut ids = Vec::new();
    for n in 0..5 {
        let s = hh();
        let gone = store.add_upload(&s, 3).unwrap();
        ids.push(s.id().to_string());
        if n < 3 {
            assert!(gone.is_empty(), "{gone:?}");
        } else {
            assert_eq!(gone, [ids[n - 3].clone()], "the oldest upload goes");
        }
    }
    assert_eq!(store.upload_count().unwrap(), 3);
    assert!(store.is_web_game(played.id()).unwrap(), "a game played here is not an upload");
    for id in &ids[2..] {
        assert!(store.is_web_game(id).unwrap());
    }
    assert_eq!(store.db().list().unwrap().len(), 4);
    // Listed only to whoever names them: an uploaded game named, never one played here.
    let named: Vec<&str> = vec![ids[4].as_str(), ids[0].as_str(), played.id()];
    let listed = store.listed(&[], &named).unwrap();
    let want = Listed { id: ids[4].clone(), public: false, mine: false, uploaded: true };
    assert_eq!(listed, [want], "the deleted upload and the played game are not listed");
    assert!(store.listed(&[], &[]).unwrap().is_empty());
}

#[test]
fn an_imported_game_is_adopted_once_without_seats() {
    let (_dir, store) = store();
    let s = hh();
    store.db().put_game(&s).unwrap();
    assert!(!store.is_web_game(s.id()).unwrap());
    store.adopt(s.id()).unwrap();
    store.adopt(s.id()).unwrap();
    assert_eq!(store.game_ids(false).unwrap(), [s.id()]);
    assert!(store.seats(s.id()).unwrap().is_empty());
}
