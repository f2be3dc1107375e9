//! One test per rule of RULES.md (§3–§5, §7), on handcrafted positions.

use crate::common;

use cavalo_rules::{Cell, CellState, Move, MoveError, Outcome, Position, Rules, Side};
use common::*;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn illegal(p: &Position, mv: &str) -> String {
    match p.parse_move(mv) {
        Err(MoveError::Illegal(e)) => e.to_string(),
        other => panic!("{mv} should be illegal in {p}, got {other:?}"),
    }
}

// ----- §4: a move, step by step ---------------------------------------------------------------

#[test]
fn landing_scores_removes_the_cell_left_and_the_symmetric() {
    // White E5 jumps to D3 (57); 75 is on J9; Black far away on A10.
    let mut p = pos(&[("E5", "W"), ("D3", "57"), ("J9", "75"), ("A10", "B"), ("B8", "10")], 'w', [3, 4]);
    assert_eq!(move_names(&p), ["D3"]);
    let mv = p.parse_move("D3").unwrap();
    let undo = p.play(mv);
    // 1. White scores 57; 2. E5 is removed; 3. 75 (J9) is removed; nothing else changes.
    let expect = pos_string(&[("D3", "W"), ("A10", "B"), ("B8", "10")], 'b', [60, 4]);
    assert_eq!(p.to_string(), expect);
    assert_eq!(p.cell_state(cell("E5")), CellState::Removed);
    assert_eq!(p.cell_state(cell("J9")), CellState::Removed);
    assert_eq!(undo.left(), Some(cell("E5")));
    assert_eq!(undo.removed_symmetric(), Some(cell("J9")));
    assert_eq!(undo.removed_double(), None);
    assert_eq!(p.ply(), 3);
}

#[test]
fn symmetric_already_gone_removes_nothing_more() {
    let mut p = pos(&[("E5", "W"), ("D3", "57"), ("J9", "74"), ("A10", "B"), ("B8", "10")], 'w', [0, 0]);
    let undo = p.play(Move::land(cell("D3")));
    assert_eq!(undo.removed_symmetric(), None);
    assert_eq!(
        p.to_string(),
        pos_string(&[("D3", "W"), ("J9", "74"), ("A10", "B"), ("B8", "10")], 'b', [57, 0])
    );
}

#[test]
fn symmetric_of_one_digit_numbers() {
    for (landed, sym) in [("05", "50"), ("50", "05"), ("10", "01"), ("01", "10"), ("09", "90")] {
        let mut p = pos(
            &[("E5", "W"), ("D3", landed), ("J9", sym), ("J8", "33"), ("A10", "B"), ("B8", "12")],
            'w',
            [0, 0],
        );
        play(&mut p, "D3");
        assert_eq!(p.cell_state(cell("J9")), CellState::Removed, "{landed} removes {sym}");
        assert_eq!(p.cell_state(cell("J8")), CellState::Holds(33), "{landed}");
        assert_eq!(p.points(Side::White), landed.parse::<u16>().unwrap());
    }
}

#[test]
fn double_removes_the_highest_other_double_by_default() {
    let cells =
        [("E5", "W"), ("D3", "33"), ("A1", "11"), ("J1", "77"), ("J2", "99"), ("A10", "B"), ("B8", "12")];
    let p = pos(&cells, 'w', [0, 0]);
    assert_eq!(move_names(&p), ["D3", "D3x11", "D3x77"]);

    let mut q = p.clone();
    let undo = q.play(q.parse_move("D3").unwrap());
    assert_eq!(undo.removed_double(), Some(cell("J2")));
    assert_eq!(undo.removed_symmetric(), None);
    let expect =
        pos_string(&[("D3", "W"), ("A1", "11"), ("J1", "77"), ("A10", "B"), ("B8", "12")], 'b', [33, 0]);
    assert_eq!(q.to_string(), expect);
}

#[test]
fn double_with_an_explicit_choice_removes_that_double() {
    let cells =
        [("E5", "W"), ("D3", "33"), ("A1", "11"), ("J1", "77"), ("J2", "99"), ("A10", "B"), ("B8", "12")];
    for (mv, gone) in [("D3x11", "A1"), ("d3X77", "J1"), ("D3x99", "J2")] {
        let mut p = pos(&cells, 'w', [0, 0]);
        let undo = p.play(p.parse_move(mv).unwrap());
        assert_eq!(undo.removed_double(), Some(cell(gone)), "{mv}");
        for c in ["A1", "J1", "J2"] {
            let expect_removed = c == gone;
            assert_eq!(p.cell_state(cell(c)) == CellState::Removed, expect_removed, "{mv}: {c}");
        }
        assert_eq!(p.points(Side::White), 33);
    }
}

#[test]
fn double_when_no_other_double_remains_is_one_move_without_suffix() {
    let mut p = pos(&[("E5", "W"), ("D3", "33"), ("J9", "12"), ("A10", "B"), ("B8", "21")], 'w', [0, 0]);
    assert_eq!(move_names(&p), ["D3"]);
    let undo = p.play(p.legal_moves()[0]);
    assert_eq!((undo.removed_double(), undo.removed_symmetric()), (None, None));
    assert_eq!(
        p.to_string(),
        pos_string(&[("D3", "W"), ("J9", "12"), ("A10", "B"), ("B8", "21")], 'b', [33, 0])
    );
    // Naming a removal is then an error that names the reason.
    let p = pos(&[("E5", "W"), ("D3", "33"), ("A10", "B"), ("B8", "21")], 'w', [0, 0]);
    assert!(illegal(&p, "D3x44").contains("no double 44"));
}

#[test]
fn zero_zero_is_a_double() {
    // Landing on 00 removes another double.
    let cells = [("E5", "W"), ("D3", "00"), ("J2", "44"), ("J3", "99"), ("A10", "B"), ("B8", "12")];
    let mut p = pos(&cells, 'w', [0, 0]);
    assert_eq!(move_names(&p), ["D3", "D3x44"]);
    play(&mut p, "D3");
    assert_eq!(p.cell_state(cell("J3")), CellState::Removed);
    assert_eq!(p.cell_state(cell("J2")), CellState::Holds(44));
    assert_eq!(p.points(Side::White), 0);
    // Landing on a double removes 00 when it is the only other double.
    let cells = [("E5", "W"), ("D3", "44"), ("J2", "00"), ("A10", "B"), ("B8", "12")];
    let mut p = pos(&cells, 'w', [0, 0]);
    assert_eq!(move_names(&p), ["D3"]);
    play(&mut p, "D3");
    assert_eq!(p.cell_state(cell("J2")), CellState::Removed);
    // 00 can be chosen explicitly.
    let cells = [("E5", "W"), ("D3", "44"), ("J2", "00"), ("J3", "99"), ("A10", "B"), ("B8", "12")];
    let mut p = pos(&cells, 'w', [0, 0]);
    assert_eq!(move_names(&p), ["D3", "D3x00"]);
    play(&mut p, "D3x00");
    assert_eq!(p.cell_state(cell("J2")), CellState::Removed);
    assert_eq!(p.cell_state(cell("J3")), CellState::Holds(99));
}

#[test]
fn without_zero_double_00_is_an_ordinary_number() {
    // Landing on 00 removes nothing (00 has no symmetric and is no double).
    let cells = [("E5", "W"), ("D3", "00"), ("J2", "44"), ("J3", "99"), ("A10", "B"), ("B8", "12")];
    let mut p = pos_rules(&cells, 'w', [0, 0], NO_ZERO);
    assert_eq!(move_names(&p), ["D3"]);
    play(&mut p, "D3");
    assert_eq!(p.cell_state(cell("J2")), CellState::Holds(44));
    assert_eq!(p.cell_state(cell("J3")), CellState::Holds(99));
    // 00 is not another double to remove.
    let cells = [("E5", "W"), ("D3", "44"), ("J2", "00"), ("J3", "99"), ("A10", "B"), ("B8", "12")];
    let mut p = pos_rules(&cells, 'w', [0, 0], NO_ZERO);
    assert_eq!(move_names(&p), ["D3"]);
    assert!(illegal(&p, "D3x00").contains("no double 00"));
    play(&mut p, "D3");
    assert_eq!(p.cell_state(cell("J2")), CellState::Holds(0));
    assert_eq!(p.cell_state(cell("J3")), CellState::Removed);
    // With 00 the only other number that would be a double: nothing removed.
    let cells = [("E5", "W"), ("D3", "44"), ("J2", "00"), ("A10", "B"), ("B8", "12")];
    let mut p = pos_rules(&cells, 'w', [0, 0], NO_ZERO);
    play(&mut p, "D3");
    assert_eq!(p.cell_state(cell("J2")), CellState::Holds(0));
}

// ----- §3: placements --------------------------------------------------------------------------

#[test]
fn white_places_on_the_highest_of_row_1() {
    for seed in 0..300u64 {
        let mut p = Position::from_seed(seed, Rules::default());
        let best = (0..10u8).map(|c| Cell::new(c).unwrap()).max_by_key(|&c| p.board().value(c)).unwrap();
        let moves = p.legal_moves();
        assert!(moves.iter().all(|m| m.destination() == Some(best)), "seed {seed}");
        assert!(moves.contains(&Move::land(best)), "seed {seed}");
        let v = p.board().value(best).unwrap();
        // Without a double choice there is exactly one move; with one, one per other double.
        let expect = if v.is_multiple_of(11) { 9 } else { 1 };
        assert_eq!(moves.len(), expect, "seed {seed}");
        p.play(Move::land(best));
        assert_eq!(p.points(Side::White), v as u16);
        assert_eq!(p.knight(Side::White), Some(best));
        assert_eq!(p.side_to_move(), Side::Black);
        // Black: the highest number still on row 10.
        let best_b = (90..100u8)
            .map(|c| Cell::new(c).unwrap())
            .filter_map(|c| p.value_at(c).map(|v| (v, c)))
            .max()
            .unwrap();
        // The placement cell is forced (a placement on a double may still choose the removal).
        let moves = p.legal_moves();
        assert!(moves.contains(&Move::land(best_b.1)), "seed {seed}");
        assert!(moves.iter().all(|m| m.destination() == Some(best_b.1)), "seed {seed}");
    }
}

#[test]
fn placement_is_forced_and_wrong_cells_are_refused() {
    let p = pos(&[("C1", "89"), ("A1", "12"), ("H1", "40"), ("E10", "70"), ("E5", "07")], 'w', [0, 0]);
    assert_eq!(move_names(&p), ["C1"]);
    let e = illegal(&p, "A1");
    assert!(e.contains("must place its knight on C1"), "{e}");
}

#[test]
fn black_places_on_the_highest_still_there_after_a_symmetric_removal() {
    // White places on 89 (C1), which removes 98 (E10), row 10's maximum.
    let cells = [("C1", "89"), ("A1", "12"), ("E10", "98"), ("A10", "70"), ("J10", "60"), ("E5", "07")];
    let mut p = pos(&cells, 'w', [0, 0]);
    let undo = p.play(p.parse_move("C1").unwrap());
    assert_eq!(undo.left(), None, "a placement leaves no cell");
    assert_eq!(undo.removed_symmetric(), Some(cell("E10")));
    let after_white =
        pos_string(&[("C1", "W"), ("A1", "12"), ("A10", "70"), ("J10", "60"), ("E5", "07")], 'b', [89, 0]);
    assert_eq!(p.to_string(), after_white);
    assert_eq!(move_names(&p), ["A10"]);
    assert!(illegal(&p, "E10").contains("must place its knight on A10"));
    play(&mut p, "A10");
    // Black's placement removes 07, the symmetric of 70.
    let after_black = pos_string(&[("C1", "W"), ("A1", "12"), ("A10", "B"), ("J10", "60")], 'w', [89, 70]);
    assert_eq!(p.to_string(), after_black);
}

#[test]
fn black_places_on_the_highest_still_there_after_a_double_removal() {
    // White places on 88 (C1): the highest other double, 99 on E10 (row 10's maximum), goes.
    let cells = [("C1", "88"), ("A1", "12"), ("E10", "99"), ("A10", "70"), ("J10", "22")];
    let p = pos(&cells, 'w', [0, 0]);
    assert_eq!(move_names(&p), ["C1", "C1x22"], "a placement on a double still has a choice");
    let mut q = p.clone();
    play(&mut q, "C1");
    assert_eq!(q.cell_state(cell("E10")), CellState::Removed);
    assert_eq!(move_names(&q), ["A10"]);
    // Removing 22 instead leaves 99 for Black.
    let mut q = p.clone();
    play(&mut q, "C1x22");
    assert_eq!(q.cell_state(cell("J10")), CellState::Removed);
    assert_eq!(move_names(&q), ["E10"]);
    play(&mut q, "E10");
    // Black's placement on 99: 88 is occupied by White, no other double remains.
    assert_eq!(
        q.to_string(),
        pos_string(&[("C1", "W"), ("A1", "12"), ("E10", "B"), ("A10", "70")], 'w', [88, 99])
    );
}

// ----- §4 threat rule, §5 passing -------------------------------------------------------------

/// White on A1 (jumps B3, C2), Black on D4, which also attacks B3 and C2.
fn threat_position(rules: Rules) -> Position {
    pos_rules(&[("A1", "W"), ("B3", "20"), ("C2", "30"), ("D4", "B"), ("F5", "40")], 'w', [0, 0], rules)
}

#[test]
fn threat_rule_blocks_then_unblocks() {
    let mut p = threat_position(Rules::CANONICAL);
    // White is stuck only by the threat rule: it must pass.
    assert_eq!(p.destinations(Side::White).len(), 0);
    assert_eq!(move_names(&p), ["pass"]);
    assert_eq!(p.count_moves(), 1);
    assert!(illegal(&p, "B3").contains("must pass"));
    play(&mut p, "pass");
    // Black may not land on B3/C2 either (White's knight attacks them): F5 only.
    assert_eq!(move_names(&p), ["F5"]);
    play(&mut p, "F5");
    // Black moved away: White moves again.
    assert_eq!(move_names(&p), ["B3", "C2"]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn threatened_destination_is_refused_with_the_reason() {
    // White on A1 can jump to B3 or C2; Black on D2 attacks B3 (and B1, C4, E4, F1, F3), not C2.
    let p = pos(&[("A1", "W"), ("B3", "20"), ("C2", "30"), ("D2", "B"), ("F3", "40")], 'w', [0, 0]);
    assert_eq!(move_names(&p), ["C2"]);
    let e = illegal(&p, "B3");
    assert!(e.contains("threatened by the black knight on D2"), "{e}");
    // Without the threat rule both are legal.
    let p = pos_rules(
        &[("A1", "W"), ("B3", "20"), ("C2", "30"), ("D2", "B"), ("F3", "40")],
        'w',
        [0, 0],
        NO_THREAT,
    );
    assert_eq!(move_names(&p), ["B3", "C2"]);
}

#[test]
fn no_threat_variant_lets_knights_land_next_to_each_other() {
    let mut p = threat_position(NO_THREAT);
    assert_eq!(move_names(&p), ["B3", "C2"]);
    play(&mut p, "B3");
    // Black on D4 may land on C2, next to White's knight on B3, and on F5; B3 is White's.
    assert_eq!(move_names(&p), ["C2", "F5"]);
    let e = illegal(&p, "B3");
    assert!(e.contains("occupied by the white knight"), "{e}");
}

#[test]
fn forced_pass_is_the_only_move() {
    // White on A1 with both jumps removed; Black can move.
    let p = pos(&[("A1", "W"), ("D4", "B"), ("F5", "40"), ("J9", "11")], 'w', [5, 0]);
    let moves = p.legal_moves();
    assert_eq!(moves[..], [Move::PASS]);
    assert_eq!(p.count_moves(), 1);
    assert!(!p.is_over());
    assert_eq!(p.outcome(), None);
    let e = illegal(&p, "C2");
    assert!(e.contains("must pass"), "{e}");
}

#[test]
fn pass_changes_nothing_but_the_side_and_play_resumes() {
    let mut p = pos(&[("A1", "W"), ("D4", "B"), ("F5", "40"), ("H6", "41"), ("J9", "11")], 'w', [5, 7]);
    let before = p.clone();
    let undo = p.play(Move::PASS);
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.ply(), before.ply() + 1);
    assert_eq!(p.cells(), before.cells());
    assert_eq!((p.points(Side::White), p.points(Side::Black)), (5, 7));
    assert_ne!(p.hash(), before.hash());
    assert_eq!(p.hash(), p.compute_hash());
    assert_eq!((undo.left(), undo.removed_symmetric(), undo.removed_double()), (None, None, None));
    // Black must move (passing is not a choice), then White is stuck again and passes again.
    let e = illegal(&p, "pass");
    assert!(e.contains("passing is not allowed"), "{e}");
    play(&mut p, "F5");
    assert_eq!(move_names(&p), ["pass"]);
    play(&mut p, "pass");
    assert_eq!(move_names(&p), ["H6"]);
    let before_last = p.clone();
    let last = p.parse_move("H6").unwrap();
    let undo = p.play(last);
    // Now neither side can move: the game is over.
    assert!(p.legal_moves().is_empty());
    assert!(p.is_over());
    assert_eq!(p.outcome(), Some(Outcome::Black));
    assert_eq!(p.points(Side::Black), 7 + 40 + 41);
    p.unplay(last, undo);
    assert_eq!(p, before_last);
    assert_eq!(p.outcome(), None);
}

#[test]
fn game_end_and_outcomes() {
    for (points, outcome) in
        [([10, 20], Outcome::Black), ([30, 20], Outcome::White), ([25, 25], Outcome::Draw)]
    {
        let p = pos(&[("A1", "W"), ("J10", "B"), ("E5", "44")], 'w', points);
        assert!(p.legal_moves().is_empty());
        assert_eq!(p.count_moves(), 0);
        assert!(p.is_over());
        assert_eq!(p.outcome(), Some(outcome));
        assert!(illegal(&p, "pass").contains("game is over"));
        assert!(illegal(&p, "B3").contains("game is over"));
    }
    assert_eq!(Outcome::Draw.winner(), None);
    assert_eq!(Outcome::White.winner(), Some(Side::White));
    assert_eq!(Outcome::Black.to_string(), "black wins");
    assert_eq!(Outcome::Draw.to_string(), "draw");
}

#[test]
fn game_ends_when_both_are_stuck_by_threats_only() {
    // White A1 and Black D4: each attacks the other's only destinations (B3, C2).
    let p = pos(&[("A1", "W"), ("B3", "20"), ("C2", "30"), ("D4", "B")], 'w', [1, 1]);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    // Without the threat rule the same position goes on.
    let p = pos_rules(&[("A1", "W"), ("B3", "20"), ("C2", "30"), ("D4", "B")], 'w', [1, 1], NO_THREAT);
    assert_eq!(move_names(&p), ["B3", "C2"]);
}

#[test]
fn draw_by_play() {
    let mut p = pos(&[("E5", "W"), ("D3", "40"), ("A10", "B"), ("B8", "30")], 'w', [0, 10]);
    play(&mut p, "D3");
    assert_eq!(p.outcome(), None);
    play(&mut p, "B8");
    assert!(p.is_over());
    assert_eq!((p.points(Side::White), p.points(Side::Black)), (40, 40));
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

// ----- §7 notation ------------------------------------------------------------------------------

#[test]
fn default_removal_named_explicitly_is_normalised() {
    let cells = [("E5", "W"), ("G6", "33"), ("A1", "11"), ("J2", "99"), ("A10", "B"), ("B8", "12")];
    let p = pos(&cells, 'w', [0, 0]);
    let m = p.parse_move(" g6X99 ").unwrap();
    assert_eq!(m, Move::land(cell("G6")));
    assert_eq!(m.to_string(), "G6");
    assert_eq!(p.check_move("G6x99".parse().unwrap()).unwrap().to_string(), "G6");
    assert_eq!(p.check_move("G6x11".parse().unwrap()).unwrap().to_string(), "G6x11");
    // The default never appears with its suffix in a move list.
    assert_eq!(move_names(&p), ["G6", "G6x11"]);
    let mut q = p.clone();
    q.play_checked("G6x99".parse().unwrap()).unwrap();
    let mut r = p.clone();
    r.play(Move::land(cell("G6")));
    assert_eq!(q, r);
}

#[test]
fn illegal_move_messages_name_the_reason() {
    let cells = [
        ("E5", "W"),
        ("D3", "33"),
        ("F3", "57"),
        ("C4", "11"),
        ("A1", "44"),
        ("A10", "B"),
        ("B8", "12"),
        ("C6", "13"),
    ];
    let p = pos(&cells, 'w', [0, 0]);
    for (mv, needle) in [
        ("E6", "not a knight's jump from E5"),
        ("G4", "G4 is removed"),
        ("F3x44", "not a double"),
        ("D3x33", "the double being landed on"),
        ("D3x77", "no double 77"),
        ("pass", "passing is not allowed"),
    ] {
        let e = illegal(&p, mv);
        assert!(e.contains(needle), "{mv}: {e}");
        assert!(e.contains(&format!("`{mv}`")), "the message names the move: {e}");
    }
    // Unreadable moves are parse errors naming the problem.
    for (mv, needle) in
        [("K3", "column"), ("E11", "row"), ("D3x3", "two digits"), ("D3x34", "not a double"), ("", "empty")]
    {
        match p.parse_move(mv) {
            Err(MoveError::Parse(e)) => assert!(e.to_string().contains(needle), "{mv}: {e}"),
            other => panic!("{mv}: {other:?}"),
        }
    }
    // A failed play_checked leaves the position untouched.
    let mut q = p.clone();
    assert!(q.play_checked(Move::land(cell("E6"))).is_err());
    assert_eq!(q, p);
}

#[test]
fn knight_cell_is_occupied_in_the_message() {
    let p = pos_rules(&[("A1", "W"), ("B3", "B"), ("C2", "30"), ("J10", "40")], 'w', [0, 0], NO_THREAT);
    let e = illegal(&p, "B3");
    assert!(e.contains("occupied by the black knight"), "{e}");
}

#[test]
fn rules_md_example_position() {
    let s = "59,43,77,00,10,45,02,33,89,W/21,47,92,38,69,14,95,61,37,76/22,29,01,27,65,54,58,08,32,51/44,19,25,42,13,04,15,52,05,16/31,40,60,67,07,73,90,68,82,18/63,06,23,41,56,85,09,35,94,66/26,53,12,30,46,78,87,34,17,48/71,75,11,64,24,57,99,.,81,98/96,74,49,72,.,86,50,88,70,91/28,36,83,80,03,55,62,20,84,B w 93 97";
    let p: Position = s.parse().unwrap();
    // White on J1 jumps to H2 (61) or I3 (32); Black on J10 attacks H9 and I8, not those.
    assert_eq!(move_names(&p), ["H2", "I3"]);
    let mut q = p.clone();
    play(&mut q, "H2");
    assert_eq!(q.points(Side::White), 93 + 61);
    assert_eq!(q.cell_state(cell("J1")), CellState::Removed);
    // 16 (J4) is 61's symmetric.
    assert_eq!(q.cell_state(cell("J4")), CellState::Removed);
}

#[test]
fn library_agrees_with_the_reference_model_on_handcrafted_positions() {
    let positions = [
        pos(
            &[
                ("E5", "W"),
                ("D3", "33"),
                ("A1", "11"),
                ("J1", "77"),
                ("J2", "99"),
                ("A10", "B"),
                ("B8", "12"),
            ],
            'w',
            [0, 0],
        ),
        threat_position(Rules::CANONICAL),
        threat_position(NO_THREAT),
        pos(&[("C1", "88"), ("A1", "12"), ("E10", "99"), ("A10", "70"), ("J10", "22")], 'w', [0, 0]),
    ];
    for p in positions {
        let r = RefPos::of(&p);
        assert_eq!(move_names(&p), r.moves(), "{p}");
        for m in p.legal_moves().iter() {
            let mut q = p.clone();
            q.play(*m);
            assert_eq!(RefPos::of(&q), r.play(&m.to_string()), "{p} {m}");
        }
    }
}
