use std::path::PathBuf;

use cavalo_rules::{GameRecord, Start};
use proptest::prelude::*;
use serde_json::json;

use super::*;
use crate::store::logfile;
use crate::{GameConfig, Session};

/// The records (and `log.dat`) written by cavalo 0.1.0 before the meta had types.
fn old_files() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records-0.1.0")
}

fn old_records() -> Vec<(String, GameRecord)> {
    let mut out: Vec<(String, GameRecord)> = std::fs::read_dir(old_files())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (text.clone(), GameRecord::from_json(&text).unwrap())
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(out.len(), 4, "the fixtures' records");
    out
}

#[test]
fn old_records_read_and_are_written_back_as_they_were() {
    let mut statuses = Vec::new();
    for (text, rec) in old_records() {
        let meta = SessionMeta::read(&rec.meta).unwrap();
        assert!(meta.other.is_empty(), "{:?}", meta.other);
        assert!(meta.players.iter().all(|p| matches!(p, Some(RecordedPlayer::Config(_)))));
        assert_eq!(meta.plies.as_ref().map(Vec::len), Some(rec.moves.len()));
        assert!(meta.summary.is_some() && meta.time_ms.is_some() && meta.mode.is_some());
        statuses.push(meta.status.unwrap());
        let mut again = rec.clone();
        again.meta.clear();
        meta.write(&mut again.meta);
        assert_eq!(again.to_json(), text.trim_end(), "the same text as cavalo 0.1.0 wrote");
        // And the store imports it as a game.
        let game = crate::store::read_game(text.as_bytes()).unwrap();
        assert_eq!(Some(game.id()), meta.id.as_deref());
    }
    statuses.sort_by_key(|s| s.name());
    assert_eq!(statuses, [Status::Over, Status::Over, Status::Quit, Status::Quit]);
}

#[test]
fn an_old_log_reads_into_records_with_their_players() {
    let text = std::fs::read_to_string(old_files().join("course-log.dat")).unwrap();
    let games = logfile::parse(&text).unwrap();
    assert_eq!(games.len(), 4);
    let mut labels = Vec::new();
    for g in &games {
        let rec = g.record().unwrap();
        rec.replay().unwrap();
        let meta = SessionMeta::read(&rec.meta).unwrap();
        assert_eq!(meta.id.as_deref(), Some(g.id()));
        labels.extend(Side::BOTH.map(|s| meta.player(s).unwrap().label()));
    }
    labels.sort();
    let want = [
        "computer:cavalo:level=2,seed=3",
        "computer:classic:2",
        "computer:greedy",
        "computer:greedy",
        "computer:random:4",
        "human",
        "human",
        "human",
    ];
    assert_eq!(labels, want);
}

#[test]
fn a_played_game_reads_back_equal() {
    let mut c = GameConfig::new(Start::Seed(3));
    c.players = [PlayerConfig::Human { name: "Ana".into() }, PlayerConfig::human()];
    let mut s = Session::new(c).unwrap();
    for _ in 0..6 {
        let mv = s.position().legal_moves()[0];
        s.play_human(mv).unwrap();
    }
    let rec = s.record();
    let meta = SessionMeta::read(&rec.meta).unwrap();
    assert_eq!(meta.plies.as_deref(), Some(s.plies()));
    assert_eq!(meta.player(Side::White).and_then(RecordedPlayer::config), Some(&s.config().players[0]));
    assert_eq!(meta.status, Some(Status::Playing));
    let mut written = Map::new();
    meta.write(&mut written);
    assert_eq!(written, rec.meta);
}

#[test]
fn a_bad_value_is_an_error_naming_its_key() {
    for (key, value, expected) in [
        ("time_ms", json!("fast"), "a whole number"),
        ("time_ms", json!(-3), "a whole number"),
        ("status", json!("won"), "playing, over or quit"),
        ("mode", json!(1), "human-computer, computer-computer or human-human"),
        ("white", json!(["human"]), "a text"),
        ("plies", json!([{"move": 3}]), "a list of plies"),
    ] {
        let mut meta = Map::new();
        meta.insert(key.to_string(), value);
        let e = SessionMeta::read(&meta).unwrap_err();
        assert_eq!((e.key.as_str(), e.expected), (key, expected));
        assert!(e.to_string().starts_with(&format!("meta.{key} is not")), "{e}");
    }
}

#[test]
fn other_writers_keys_and_names_are_kept() {
    let meta = json!({"white": "Sorte", "black": "computer:greedy", "game": 3, "engine1": "greedy"});
    let Value::Object(map) = meta else { unreachable!() };
    let m = SessionMeta::read(&map).unwrap();
    assert_eq!(m.player(Side::White), Some(&RecordedPlayer::Named("Sorte".into())));
    assert!(m.player(Side::Black).and_then(RecordedPlayer::config).is_some_and(|p| !p.is_human()));
    assert_eq!(m.other.len(), 2);
    let mut back = Map::new();
    m.write(&mut back);
    assert_eq!(back, map);
}

fn label() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("human".to_string()),
        "[A-Za-z0-9_]{1,8}".prop_map(|n| format!("human:{n}")),
        prop::sample::select(vec!["cavalo", "greedy", "classic:4", "random:7", "cavalo:level=3,seed=7"])
            .prop_map(|e| format!("computer:{e}")),
        "[a-z]{1,6}(:[a-z0-9]{1,4})?",
    ]
}

fn meta() -> impl Strategy<Value = SessionMeta> {
    let texts = (proptest::option::of(".{0,12}"), proptest::option::of("[a-f0-9-]{1,12}"));
    let status =
        proptest::option::of(prop::sample::select(vec![Status::Playing, Status::Over, Status::Quit]));
    let mode = proptest::option::of(prop::sample::select(vec![
        Mode::HumanComputer,
        Mode::ComputerComputer,
        Mode::HumanHuman,
    ]));
    let players = [proptest::option::of(label()), proptest::option::of(label())];
    let other = proptest::collection::btree_map("x[a-z]{0,5}", any::<i64>(), 0..3);
    (texts, status, mode, players, proptest::option::of(any::<u64>()), other).prop_map(
        |((program, date), status, mode, players, time_ms, other)| SessionMeta {
            program,
            id: date.clone(),
            date,
            mode,
            players: players.map(|p| p.map(|l| RecordedPlayer::of_label(&l))),
            time_ms,
            status,
            plies: None,
            summary: None,
            other: other.into_iter().map(|(k, v)| (k, Value::from(v))).collect(),
        },
    )
}

proptest! {
    #[test]
    fn any_meta_written_reads_back_equal(m in meta()) {
        let mut map = Map::new();
        m.write(&mut map);
        prop_assert_eq!(SessionMeta::read(&map).unwrap(), m);
    }
}
