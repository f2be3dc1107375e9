//! Thousands of random complete games under every rule variant, checking the game's invariants
//! at every ply (RULES.md §3–§5).

use crate::common;

use cavalo_rules::{CellSet, CellState, GameRecord, Move, Outcome, Position, Rules, Side, Start};
use common::*;

const GAMES_PER_VARIANT: u64 = 5000;

#[derive(Default, Debug)]
struct Stats {
    plies: u64,
    passes: u64,
    explicit_removals: u64,
    symmetric_removals: u64,
    double_removals: u64,
    outcomes: [u64; 3],
    longest: u16,
}

/// Plays one random game from seed `seed`, checking every invariant; returns its record.
fn random_game(seed: u64, rules: Rules, rng: &mut Rng, stats: &mut Stats) -> (GameRecord, Position) {
    let mut p = Position::from_seed(seed, rules);
    let mut rec = GameRecord::new(Start::Seed(seed), rules);
    let mut landed = [0u16; 2];
    let mut landings = 0;
    let mut last_was_pass = false;
    loop {
        let moves = p.legal_moves();
        assert_eq!(moves.len(), p.count_moves(), "{p}");
        assert_eq!(moves.is_empty(), p.is_over(), "{p}");
        assert_eq!(p.outcome().is_some(), p.is_over(), "{p}");
        if moves.is_empty() {
            break;
        }
        assert!(p.ply() < 102, "a game lasts at most 102 plies");
        let mv = moves[rng.below(moves.len())];
        let side = p.side_to_move();
        let before = p.holding();
        let from = p.knight(side);
        let undo = p.play(mv);
        rec.moves.push(mv.to_string());
        stats.plies += 1;
        assert_eq!(p.hash(), p.compute_hash(), "{p}");
        let after = p.holding();
        // Cells only ever disappear.
        assert_eq!(after - before, CellSet::EMPTY, "a number came back after {mv}");
        match mv.destination() {
            None => {
                assert!(!last_was_pass, "two passes in a row (seed {seed})");
                assert_eq!(moves[..], [Move::PASS], "a pass only when it is the only move");
                assert_eq!(after, before);
                stats.passes += 1;
                last_was_pass = true;
            }
            Some(d) => {
                last_was_pass = false;
                landings += 1;
                let v = p.board().value(d).unwrap();
                landed[side.index()] += v as u16;
                assert_eq!(p.cell_state(d), CellState::Knight(side));
                if let Some(f) = from {
                    assert_eq!(p.cell_state(f), CellState::Removed, "the cell left is removed");
                }
                assert_eq!(undo.left(), from);
                // The destination and at most one more number (its symmetric or a double) go.
                let gone = before - after;
                let extra: Vec<_> = (gone - CellSet::from_cell(d)).iter().collect();
                assert!(gone.contains(d));
                assert!(extra.len() <= 1, "{mv} removed {gone:?}");
                match (undo.removed_symmetric(), undo.removed_double()) {
                    (Some(c), None) => {
                        assert_eq!(extra, [c]);
                        assert_eq!(cavalo_rules::symmetric(v), p.board().value(c));
                        stats.symmetric_removals += 1;
                    }
                    (None, Some(c)) => {
                        assert_eq!(extra, [c]);
                        let r = p.board().value(c).unwrap();
                        assert!(rules.is_double(v) && rules.is_double(r) && r != v);
                        // The default removal is the highest double that was held.
                        match mv.removal() {
                            Some(x) => {
                                assert_eq!(x, r);
                                stats.explicit_removals += 1;
                            }
                            None => {
                                let highest = before
                                    .iter()
                                    .filter_map(|c| p.board().value(c))
                                    .filter(|&x| rules.is_double(x) && x != v)
                                    .max();
                                assert_eq!(highest, Some(r));
                            }
                        }
                        stats.double_removals += 1;
                    }
                    (None, None) => assert!(extra.is_empty()),
                    (Some(_), Some(_)) => panic!("{mv} removed a symmetric and a double"),
                }
            }
        }
        // Each side's score is the sum of the values it landed on.
        assert_eq!(p.points(Side::White), landed[0]);
        assert_eq!(p.points(Side::Black), landed[1]);
        // Under the threat rule the knights never stand a jump apart.
        if let (true, Some(w), Some(b)) = (rules.threat, p.knight(Side::White), p.knight(Side::Black)) {
            assert!(!CellSet::knight_jumps(w).contains(b), "{p}");
        }
    }
    assert!(p.ply() <= 102);
    assert!(landings <= 51);
    assert_eq!(p.legal_moves().len(), 0);
    stats.longest = stats.longest.max(p.ply());
    let outcome = p.outcome().expect("the game is over");
    let expect = match p.points(Side::White).cmp(&p.points(Side::Black)) {
        std::cmp::Ordering::Greater => Outcome::White,
        std::cmp::Ordering::Less => Outcome::Black,
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    assert_eq!(outcome, expect);
    stats.outcomes[match outcome {
        Outcome::White => 0,
        Outcome::Black => 1,
        Outcome::Draw => 2,
    }] += 1;
    rec.finish(&p);
    (rec, p)
}

fn run(rules: Rules, first_seed: u64) -> Stats {
    let mut rng = Rng::new(first_seed ^ 0x5EED);
    let mut stats = Stats::default();
    for i in 0..GAMES_PER_VARIANT {
        // Mostly consecutive seeds, some arbitrary 64-bit ones.
        let seed = if i % 4 == 3 { rng.next_u64() } else { first_seed + i };
        let (rec, end) = random_game(seed, rules, &mut rng, &mut stats);
        assert_eq!(rec.result, end.outcome());
        // The record replays to the same final position and result.
        let back = GameRecord::from_json(&rec.to_json_line()).unwrap();
        assert_eq!(back, rec);
        let replayed = back.replay().unwrap();
        assert_eq!(replayed.len(), rec.moves.len() + 1);
        assert_eq!(replayed.last().unwrap(), &end);
        assert_eq!(replayed.last().unwrap().outcome(), rec.result);
    }
    // The sample exercises the rules that matter.
    assert!(stats.passes > 0, "{stats:?}");
    assert!(stats.explicit_removals > 0, "{stats:?}");
    assert!(stats.symmetric_removals > 0 && stats.double_removals > 0, "{stats:?}");
    assert!(stats.outcomes[0] > 0 && stats.outcomes[1] > 0, "{stats:?}");
    stats
}

#[test]
fn random_games_canonical() {
    let s = run(Rules::CANONICAL, 0);
    eprintln!("canonical: {s:?}");
}

#[test]
fn random_games_no_threat() {
    let s = run(NO_THREAT, 1_000_000);
    eprintln!("no-threat: {s:?}");
}

#[test]
fn random_games_no_zero_double() {
    let s = run(NO_ZERO, 2_000_000);
    eprintln!("no-zero-double: {s:?}");
}

#[test]
fn random_games_no_threat_no_zero_double() {
    let s = run(Rules { threat: false, zero_double: false }, 3_000_000);
    eprintln!("no-threat,no-zero-double: {s:?}");
}

#[test]
fn a_tampered_record_is_refused() {
    let mut rng = Rng::new(9);
    let mut stats = Stats::default();
    let (rec, _) = random_game(9, Rules::CANONICAL, &mut rng, &mut stats);
    let mut wrong = rec.clone();
    wrong.result = Some(match rec.result.unwrap() {
        Outcome::White => Outcome::Black,
        _ => Outcome::White,
    });
    assert!(wrong.replay().unwrap_err().to_string().contains("result"));
    let mut wrong = rec.clone();
    wrong.points = Some([1, 2]);
    assert!(wrong.replay().unwrap_err().to_string().contains("points"));
    let mut wrong = rec.clone();
    wrong.moves.truncate(3);
    assert!(wrong.replay().unwrap_err().to_string().contains("not over"));
    let mut wrong = rec;
    wrong.moves.insert(2, "pass".into());
    assert!(wrong.replay().unwrap_err().to_string().contains("move 3"));
}
