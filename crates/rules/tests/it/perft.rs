//! Pinned perft counts (RULES.md §7) from the positions after the two placements, for several
//! seeds and every rule variant, plus the consistency of `perft`, `perft_bulk` and `divide`.
//!
//! The counts were produced by this library and cross-checked against the independent reference
//! model of `tests/it/common` at the shallow depths. Each table goes as deep as plain `perft` runs in
//! under a second in release. To keep the default run short it stops one depth short of the table
//! (plain `perft` two short); `cargo test --release -- --ignored` checks the deepest depth too.

use crate::common;

use cavalo_rules::{Position, Rules, divide, perft, perft_bulk};
use common::*;

/// (seed, White's placement, Black's placement, perft for depths 1, 2, …).
type Table = &'static [(u64, &'static str, &'static str, &'static [u64])];

const CANONICAL: Table = &[
    (1, "F1", "J10", &[20, 20, 111, 1556, 10531, 71539, 359398, 1863571, 10798413]),
    (2, "E1", "F10", &[3, 35, 351, 1862, 13734, 94112, 520277, 3071574, 14514520]),
    (3, "E1", "H10", &[4, 40, 271, 1585, 9897, 76657, 342122, 1684916, 9472950]),
    (42, "B1", "F10", &[3, 9, 117, 656, 3998, 25745, 177823, 780312, 4132402, 20580684]),
];

const NO_THREAT_TABLE: Table = &[
    (1, "F1", "J10", &[20, 20, 111, 1781, 12407, 95858, 502600, 2941869, 17232523]),
    (2, "E1", "F10", &[3, 35, 351, 1862, 14830, 101799, 630226, 3732250, 20159938]),
    (3, "E1", "H10", &[4, 40, 271, 1585, 10859, 84160, 420660, 2069483, 13152409]),
    (42, "B1", "F10", &[3, 9, 117, 683, 4195, 29640, 205658, 1038315, 5491907, 31494398]),
];

const NO_ZERO_TABLE: Table = &[
    (1, "F1", "J10", &[11, 11, 58, 807, 4797, 32292, 160310, 807439, 4491780, 23322165]),
    (2, "E1", "F10", &[3, 32, 301, 1605, 8394, 56461, 297410, 1744969, 8428265]),
    (3, "E1", "H10", &[4, 36, 236, 1352, 7864, 52226, 228666, 1164627, 6132973, 34269468]),
    (42, "B1", "F10", &[3, 9, 105, 588, 3356, 16961, 113592, 494203, 2579541, 12484345]),
];

const NEITHER_TABLE: Table = &[
    (1, "F1", "J10", &[11, 11, 58, 882, 5367, 41798, 217210, 1241701, 7048733]),
    (2, "E1", "F10", &[3, 32, 301, 1605, 9336, 62892, 377477, 2217307, 12133598]),
    (3, "E1", "H10", &[4, 36, 236, 1352, 8652, 57793, 285690, 1448060, 8605575]),
    (42, "B1", "F10", &[3, 9, 105, 613, 3523, 20134, 135347, 683881, 3564877, 19742920]),
];

const NEITHER: Rules = Rules { threat: false, zero_double: false };

fn start(seed: u64, white: &str, black: &str, rules: Rules) -> Position {
    let p = after_placements(seed, rules);
    assert_eq!(p.knight(cavalo_rules::Side::White).unwrap().to_string(), white, "seed {seed}");
    assert_eq!(p.knight(cavalo_rules::Side::Black).unwrap().to_string(), black, "seed {seed}");
    p
}

fn check(table: Table, rules: Rules) {
    for &(seed, white, black, counts) in table {
        let mut p = start(seed, white, black, rules);
        let before = p.clone();
        let deepest = counts.len() as u32 - 1;
        for (i, &n) in counts[..deepest as usize].iter().enumerate() {
            let d = i as u32 + 1;
            assert_eq!(perft_bulk(&mut p, d), n, "perft_bulk seed {seed} depth {d} {rules}");
            if d < deepest {
                assert_eq!(perft(&mut p, d), n, "perft seed {seed} depth {d} {rules}");
            }
        }
        assert_eq!(perft(&mut p, 0), 1);
        assert_eq!(perft_bulk(&mut p, 0), 1);
        // divide splits perft by first move.
        let d = deepest - 1;
        let parts = divide(&mut p, d);
        assert_eq!(parts.len(), p.legal_moves().len());
        assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), counts[d as usize - 1]);
        for (m, n) in parts {
            let mut q = p.clone();
            q.play(m);
            assert_eq!(perft_bulk(&mut q, d - 1), n, "divide {m}");
        }
        assert!(divide(&mut p, 0).is_empty());
        // Counting leaves the position as it was.
        assert_eq!(p, before);
        assert_eq!(p.hash(), p.compute_hash());
        // The shallow counts agree with the reference model.
        let r = RefPos::of(&p);
        for d in 1..=3 {
            assert_eq!(ref_perft(&r, d), counts[d as usize - 1], "reference seed {seed} depth {d} {rules}");
        }
    }
}

#[test]
fn perft_canonical() {
    check(CANONICAL, Rules::CANONICAL);
}

#[test]
fn perft_no_threat() {
    check(NO_THREAT_TABLE, NO_THREAT);
}

#[test]
fn perft_no_zero_double() {
    check(NO_ZERO_TABLE, NO_ZERO);
}

#[test]
fn perft_no_threat_no_zero_double() {
    check(NEITHER_TABLE, NEITHER);
}

#[test]
#[ignore = "slow: the deepest pinned depth (about a second per seed)"]
fn perft_deepest() {
    for (table, rules) in [
        (CANONICAL, Rules::CANONICAL),
        (NO_THREAT_TABLE, NO_THREAT),
        (NO_ZERO_TABLE, NO_ZERO),
        (NEITHER_TABLE, NEITHER),
    ] {
        for &(seed, white, black, counts) in table {
            let mut p = start(seed, white, black, rules);
            let d = counts.len() as u32;
            assert_eq!(perft(&mut p, d), counts[d as usize - 1], "seed {seed} depth {d} {rules}");
            assert_eq!(perft_bulk(&mut p, d), counts[d as usize - 1], "bulk seed {seed} depth {d} {rules}");
        }
    }
}

#[test]
fn perft_from_the_seeded_start_counts_the_placements() {
    for seed in [1u64, 2, 3, 42] {
        let mut p = Position::from_seed(seed, Rules::default());
        let placements = perft(&mut p, 2);
        assert_eq!(placements, perft_bulk(&mut p, 2));
        // Each placement is one move unless it lands on a double (then one per removal).
        assert!(placements >= 1);
        let r = RefPos::of(&p);
        assert_eq!(ref_perft(&r, 4), perft(&mut p, 4), "seed {seed}");
    }
}

#[test]
fn perft_of_a_finished_game_is_zero_and_a_forced_pass_counts_one() {
    let mut over = pos(&[("A1", "W"), ("J10", "B"), ("E5", "44")], 'w', [0, 0]);
    assert_eq!(perft(&mut over, 0), 1);
    assert_eq!(perft(&mut over, 1), 0);
    assert_eq!(perft_bulk(&mut over, 3), 0);
    let mut pass = pos(&[("A1", "W"), ("D4", "B"), ("F5", "40"), ("J9", "11")], 'w', [0, 0]);
    assert_eq!(perft(&mut pass, 1), 1);
    assert_eq!(perft_bulk(&mut pass, 1), 1);
    assert_eq!(divide(&mut pass, 2), vec![(cavalo_rules::Move::PASS, 1)]);
    // After White's pass, Black's only move (F5), then neither can move.
    assert_eq!(perft(&mut pass, 3), 0);
}
