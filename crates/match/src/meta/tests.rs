use std::path::PathBuf;

use cavalo_rules::GameRecord;
use proptest::prelude::*;
use serde_json::json;

use super::*;
use crate::merge::RecordedMatch;

/// The records of `file` among those cavalo 0.1.0 wrote before the meta had types.
fn old_records(file: &str) -> Vec<GameRecord> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records-0.1.0").join(file);
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| GameRecord::from_json(l).unwrap()).collect()
}

#[test]
fn old_records_read_and_are_written_back_as_they_were() {
    for file in
        ["match-time2.jsonl", "match-depth.jsonl", "match-forfeit.jsonl", "match-shard1.jsonl", "tour.jsonl"]
    {
        for rec in old_records(file) {
            let m = MatchMeta::read(&rec.meta).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(m.other.is_empty(), "{file}: {:?}", m.other);
            let mut back = Map::new();
            m.write(&mut back);
            assert_eq!(back, rec.meta, "{file}: the same keys and values as cavalo 0.1.0 wrote");
        }
    }
}

#[test]
fn old_records_keep_their_limits_forfeits_and_schedules_as_data() {
    let time2 = MatchMeta::read(&old_records("match-time2.jsonl")[0].meta).unwrap();
    let want = MatchLimits { engine1: MoveLimits::movetime(30), engine2: Some(MoveLimits::movetime(20)) };
    assert_eq!(time2.limits, Some(RecordedLimits::Data(want)));
    assert_eq!(time2.schedule, Some(Schedule { first_seed: 1, pairs: 2 }));
    let forfeits: Vec<MatchMeta> =
        old_records("match-forfeit.jsonl").iter().map(|r| MatchMeta::read(&r.meta).unwrap()).collect();
    assert!(forfeits.iter().all(|m| m.termination == Termination::Crash && m.forfeit.is_some()));
    assert!(forfeits.iter().all(|m| m.engine1_points == 0.0 && m.names[1] == "greedy"));
    let tour = MatchMeta::read(&old_records("tour.jsonl")[0].meta).unwrap();
    let about = tour.tournament.unwrap();
    assert_eq!((about.names.len(), about.rules), (3, cavalo_rules::Rules::CANONICAL));
    let (recorded, game) = RecordedMatch::of(&old_records("match-depth.jsonl")[1]).unwrap();
    assert_eq!((recorded.rules.threat, game.index), (false, 1));
    let depth = recorded.limits.unwrap();
    let l = &depth.data().unwrap().engine1;
    assert_eq!((l.time_ms, l.depth, l.nodes), (None, Some(2), Some(500)));
}

#[test]
fn a_description_from_before_the_data_is_read_once() {
    let rec = &old_records("match-time2.jsonl")[0];
    let mut older = rec.meta.clone();
    older.remove("limits_per_move");
    let m = MatchMeta::read(&older).unwrap();
    let full = MatchMeta::read(&rec.meta).unwrap();
    assert_eq!(m.limits, full.limits, "the description gives the same data");
    older.insert("limits".into(), json!("two minutes a move"));
    let m = MatchMeta::read(&older).unwrap();
    assert_eq!(m.limits, Some(RecordedLimits::Described("two minutes a move".into())));
    let mut back = Map::new();
    m.write(&mut back);
    assert_eq!(back["limits"], "two minutes a move");
    assert!(!back.contains_key("limits_per_move"));
}

#[test]
fn a_missing_or_bad_value_is_an_error_naming_its_key() {
    let rec = &old_records("match-time2.jsonl")[0];
    for (key, value, want) in [
        ("game", None, RecordMismatch::Missing("game")),
        ("seed", Some(json!("one")), RecordMismatch::Invalid("seed")),
        ("engine2", Some(json!(2)), RecordMismatch::Invalid("engine2")),
        ("engine1_points", Some(json!(0.25)), RecordMismatch::Invalid("engine1_points")),
        ("engine1_side", Some(json!("red")), RecordMismatch::Invalid("engine1_side")),
        ("termination", Some(json!("won")), RecordMismatch::Invalid("termination")),
        ("limits_per_move", Some(json!({"engine1": 5})), RecordMismatch::Invalid("limits_per_move")),
        ("stats", Some(json!([{"ms": -1}])), RecordMismatch::Invalid("stats")),
        ("match", Some(json!({"pairs": 2})), RecordMismatch::Invalid("match")),
    ] {
        let mut meta = rec.meta.clone();
        match value {
            Some(v) => meta.insert(key.into(), v),
            None => meta.remove(key),
        };
        assert_eq!(MatchMeta::read(&meta), Err(want));
    }
}

#[test]
fn a_record_from_before_names_reads_its_specs_from_the_names() {
    let mut meta = old_records("match-shard1.jsonl")[1].meta.clone();
    for k in ["engine1_spec", "engine2_spec", "engine1_side", "match"] {
        meta.remove(k);
    }
    meta.insert("other".into(), json!({"kept": true}));
    let m = MatchMeta::read(&meta).unwrap();
    assert_eq!(m.specs, m.names);
    assert_eq!(m.engine1_side, if m.game.is_multiple_of(2) { Side::White } else { Side::Black });
    assert_eq!(m.other.get("other"), Some(&json!({"kept": true})));
}

fn move_limits() -> impl Strategy<Value = MoveLimits> {
    use proptest::option::of;
    (of(1..100_000u64), of(1..60u32), of(1..10_000_000u64), 0..5000u64, 1..600_000u64).prop_map(
        |(time_ms, depth, nodes, tolerance_ms, max_move_ms)| MoveLimits {
            time_ms,
            depth,
            nodes,
            tolerance_ms,
            max_move_ms,
        },
    )
}

proptest! {
    #[test]
    fn any_limits_described_read_back_alike(one in move_limits(), two in proptest::option::of(move_limits())) {
        let l = MatchLimits { engine1: one, engine2: two };
        let back = MatchLimits::from_description(&l.describe());
        prop_assert_eq!(back.map(|b| b.describe()), Some(l.describe()));
    }

    #[test]
    fn any_meta_written_reads_back_equal(game in 0..1000u64, seed in any::<u64>(), points in 0..3usize, limits in move_limits()) {
        let mut m = MatchMeta::read(&old_records("match-forfeit.jsonl")[0].meta).unwrap();
        (m.game, m.seed, m.engine1_points) = (game, seed, [0.0, 0.5, 1.0][points]);
        m.limits = Some(RecordedLimits::Data(MatchLimits { engine1: limits, engine2: None }));
        let mut map = Map::new();
        m.write(&mut map);
        prop_assert_eq!(MatchMeta::read(&map).unwrap(), m);
    }
}
