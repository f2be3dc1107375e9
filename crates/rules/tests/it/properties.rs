//! Property tests: move generation, play/unplay, hashing and every notation's round trip, on
//! random reachable positions (random seeds, random variants, random move sequences).

use crate::common;

use cavalo_rules::{Cell, CellSet, GameRecord, Move, Position, Rules, Side, Start};
use common::*;
use proptest::prelude::*;

/// A random variant.
fn rules() -> impl Strategy<Value = Rules> {
    (any::<bool>(), any::<bool>()).prop_map(|(threat, zero_double)| Rules { threat, zero_double })
}

/// A random game prefix: a seed, a variant and move choices (each taken modulo the move count).
fn game() -> impl Strategy<Value = (u64, Rules, Vec<u16>)> {
    (any::<u64>(), rules(), prop::collection::vec(any::<u16>(), 0..110))
}

/// Plays the choices from the seeded start; returns every position visited and the moves.
fn walk(seed: u64, rules: Rules, choices: &[u16]) -> (Vec<Position>, Vec<Move>) {
    let mut p = Position::from_seed(seed, rules);
    let mut seen = vec![p.clone()];
    let mut moves = Vec::new();
    for &c in choices {
        let list = p.legal_moves();
        if list.is_empty() {
            break;
        }
        let mv = list[c as usize % list.len()];
        p.play(mv);
        seen.push(p.clone());
        moves.push(mv);
    }
    (seen, moves)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_bits_give_only_valid_cells(bits in any::<u128>()) {
        let s = CellSet::from_bits_truncate(bits);
        prop_assert_eq!(s.bits(), bits & ((1u128 << 100) - 1));
        prop_assert_eq!(s.iter().count(), s.len());
        for c in s {
            prop_assert!(c.index() < 100);
            prop_assert_eq!(Cell::new(c.index() as u8), Some(c));
        }
        prop_assert_eq!(s.first().map(|c| c.index()), (s.bits() != 0).then(|| s.bits().trailing_zeros() as usize));
    }

    #[test]
    fn generated_moves_are_legal_and_normal((seed, rules, choices) in game()) {
        let (seen, _) = walk(seed, rules, &choices);
        for p in &seen {
            let list = p.legal_moves();
            prop_assert_eq!(p.count_moves(), list.len());
            let mut distinct: Vec<Move> = list.to_vec();
            distinct.sort();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), list.len(), "duplicates in {}", p);
            for &m in list.iter() {
                prop_assert_eq!(p.check_move(m), Ok(m), "{} in {}", m, p);
                prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m));
                let mut q = p.clone();
                prop_assert!(q.play_checked(m).is_ok());
            }
            // Passing is legal exactly when it is the only move.
            prop_assert_eq!(p.check_move(Move::PASS).is_ok(), list[..] == [Move::PASS]);
            prop_assert_eq!(list.is_empty(), p.is_over());
            prop_assert_eq!(p.outcome().is_some(), p.is_over());
        }
    }

    #[test]
    fn every_other_move_is_rejected((seed, rules, choices) in game()) {
        let (seen, _) = walk(seed, rules, &choices);
        let p = seen.last().unwrap();
        let list = p.legal_moves();
        for c in Cell::all() {
            let mut candidates = vec![Move::land(c)];
            candidates.extend((0..10u8).map(|k| Move::land_removing(c, k * 11)));
            for m in candidates {
                match p.check_move(m) {
                    Ok(n) => {
                        prop_assert!(list.contains(&n), "{} accepted as {} but not listed in {}", m, n, p);
                        prop_assert!(n == m || n == m.with_default_removal(), "{} became {}", m, n);
                    }
                    Err(e) => {
                        prop_assert!(!list.contains(&m), "{} listed but rejected: {}", m, e);
                        prop_assert!(!e.reason.to_string().is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn play_unplay_is_the_identity((seed, rules, choices) in game()) {
        let (seen, _) = walk(seed, rules, &choices);
        for p in &seen {
            let mut q = p.clone();
            for &m in p.legal_moves().iter() {
                let undo = q.play(m);
                prop_assert_eq!(q.hash(), q.compute_hash(), "{} after {}", p, m);
                prop_assert_eq!(q.ply(), p.ply() + 1);
                q.unplay(m, undo);
                prop_assert_eq!(&q, p);
                prop_assert_eq!(q.hash(), p.hash());
            }
        }
    }

    #[test]
    fn incremental_hash_matches_after_every_move((seed, rules, choices) in game()) {
        let (seen, _) = walk(seed, rules, &choices);
        for p in &seen {
            prop_assert_eq!(p.hash(), p.compute_hash());
        }
        // Positions that differ get different hashes (no collision on one game's path, where every
        // ply changes the side to move or the cells).
        let mut hashes: Vec<u64> = seen.iter().map(Position::hash).collect();
        hashes.sort();
        hashes.dedup();
        prop_assert_eq!(hashes.len(), seen.len());
    }

    #[test]
    fn the_library_agrees_with_the_reference_model((seed, rules, choices) in game()) {
        let (seen, moves) = walk(seed, rules, &choices);
        for (i, p) in seen.iter().enumerate() {
            let r = RefPos::of(p);
            prop_assert_eq!(move_names(p), r.moves(), "{}", p);
            prop_assert_eq!(p.is_over(), r.is_over());
            if let Some(m) = moves.get(i) {
                prop_assert_eq!(RefPos::of(&seen[i + 1]), r.play(&m.to_string()), "{} then {}", p, m);
            }
        }
    }

    #[test]
    fn position_strings_round_trip((seed, rules, choices) in game()) {
        let (seen, _) = walk(seed, rules, &choices);
        for p in &seen {
            let s = p.to_string();
            let q = Position::from_position_string(&s, rules).unwrap();
            prop_assert_eq!(q.to_string(), s.clone());
            prop_assert_eq!(q.cells(), p.cells());
            prop_assert_eq!(q.hash(), p.hash());
            prop_assert_eq!(move_names(&q), move_names(p));
            prop_assert_eq!(q.side_to_move(), p.side_to_move());
            // Tolerated input: one-digit numbers, extra white space.
            let loose = format!("  {}  ", s.replace(",0", ",").replace("/0", "/").replace(' ', "   "));
            let loose = loose.strip_prefix("  0").map_or(loose.clone(), |t| format!("  {t}"));
            let r = Position::from_position_string(&loose, rules).unwrap();
            prop_assert_eq!(r.to_string(), s);
        }
    }

    #[test]
    fn lisp_boards_round_trip((seed, rules, choices) in game()) {
        let (seen, _) = walk(seed, rules, &choices);
        for p in &seen {
            let text = p.to_lisp();
            let side = p.side_to_move();
            let points = [p.points(Side::White), p.points(Side::Black)];
            let q = Position::from_lisp(&text, Some(side), points, rules).unwrap();
            prop_assert_eq!(q.to_string(), p.to_string());
            prop_assert_eq!(q.to_lisp(), text.clone());
            // Lower-case nil and a single line are read too.
            let flat = text.replace('\n', " ").replace("NIL", "nil");
            let r = Position::from_lisp(&flat, Some(side), points, rules).unwrap();
            prop_assert_eq!(r.to_string(), p.to_string());
        }
    }

    #[test]
    fn game_records_round_trip((seed, rules, choices) in game(), from_string in any::<bool>()) {
        let (seen, moves) = walk(seed, rules, &choices);
        // Start from the seed, or from the position string of a position part-way through.
        let skip = if from_string { moves.len() / 3 } else { 0 };
        let start = if from_string { Start::Position(seen[skip].to_string()) } else { Start::Seed(seed) };
        let mut rec = GameRecord::new(start, rules);
        rec.moves = moves[skip..].iter().map(Move::to_string).collect();
        let last = seen.last().unwrap();
        rec.finish(last);
        for json in [rec.to_json(), rec.to_json_line()] {
            let back = GameRecord::from_json(&json).unwrap();
            prop_assert_eq!(&back, &rec);
            let replayed = back.replay().unwrap();
            prop_assert_eq!(replayed.len(), moves.len() - skip + 1);
            let end = replayed.last().unwrap();
            prop_assert_eq!(end.to_string(), last.to_string());
            if !from_string {
                prop_assert_eq!(end, last);
            }
            prop_assert_eq!(end.outcome(), rec.result);
            prop_assert_eq!(back.parsed_moves().unwrap(), moves[skip..].to_vec());
        }
    }

    #[test]
    fn cells_round_trip(i in 0u8..100, lower in any::<bool>(), pad in "[ \t]{0,2}") {
        let c = Cell::new(i).unwrap();
        let name = c.to_string();
        prop_assert_eq!(name.clone(), common::name(i as usize));
        let text = if lower { name.to_lowercase() } else { name.clone() };
        prop_assert_eq!(format!("{pad}{text}{pad}").parse::<Cell>(), Ok(c));
        prop_assert_eq!(Cell::from_pair(&format!("{} {}", c.row() + 1, c.col() + 1)), Ok(c));
        prop_assert_eq!(Cell::from_coords(c.row(), c.col()), Some(c));
        prop_assert_eq!(c.index(), i as usize);
    }

    #[test]
    fn moves_round_trip(i in 0u8..100, removal in prop::option::of(0u8..10), lower in any::<bool>(), pad in "[ \t]{0,2}") {
        let c = Cell::new(i).unwrap();
        let m = match removal {
            Some(k) => Move::land_removing(c, k * 11),
            None => Move::land(c),
        };
        let s = m.to_string();
        match removal {
            Some(k) => prop_assert_eq!(s.clone(), format!("{c}x{k}{k}")),
            None => prop_assert_eq!(s.clone(), c.to_string()),
        }
        let text = if lower { s.to_lowercase() } else { s.clone() };
        prop_assert_eq!(format!("{pad}{text}{pad}").parse::<Move>(), Ok(m));
        prop_assert_eq!(Move::from_bits(m.bits()), Some(m));
        prop_assert_eq!(m.destination(), Some(c));
        prop_assert_eq!(m.removal(), removal.map(|k| k * 11));
        prop_assert_eq!(m.with_default_removal(), Move::land(c));
    }

    #[test]
    fn garbage_never_panics_and_is_named(s in "\\PC{0,12}") {
        if let Err(e) = s.parse::<Move>() {
            prop_assert!(e.to_string().contains("invalid move"));
        }
        if let Err(e) = s.parse::<Cell>() {
            prop_assert!(e.to_string().contains("invalid cell"));
        }
        prop_assert!(s.parse::<Position>().is_err());
        prop_assert!(Position::from_lisp(&s, None, [0, 0], Rules::default()).is_err());
        prop_assert!(GameRecord::from_json(&s).is_err());
    }
}

#[test]
fn pass_round_trips() {
    for s in ["pass", "PASS", " Pass "] {
        assert_eq!(s.parse::<Move>().unwrap(), Move::PASS);
    }
    assert_eq!(Move::PASS.to_string(), "pass");
    assert_eq!(Move::from_bits(Move::PASS.bits()), Some(Move::PASS));
}
