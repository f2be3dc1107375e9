use super::*;
use cavalo_rules::{Move, Position, Rules, Start};
use std::sync::atomic::AtomicBool;

fn search(side: Side, points: i32, exact: bool, best: &str) -> PositionSearch {
    PositionSearch {
        side,
        value: Value { points, exact },
        best: (!best.is_empty()).then(|| best.to_string()),
        pv: Vec::new(),
        depth: 5,
        nodes: MIN_NODES,
        spread: Some(0),
        after_best: None,
    }
}

/// A short game from seed 2 (both placements, then the first legal move each time).
fn short_game(plies: usize) -> (GameRecord, Vec<Position>, Vec<Move>) {
    let mut rec = GameRecord::new(Start::Seed(2), Rules::default());
    let mut pos = rec.initial_position().unwrap();
    let (mut positions, mut moves) = (vec![pos.clone()], Vec::new());
    for i in 0..plies {
        let legal = pos.legal_moves();
        let mv = legal[i % legal.len()];
        pos.play(mv);
        rec.moves.push(mv.to_string());
        positions.push(pos.clone());
        moves.push(mv);
    }
    (rec, positions, moves)
}

#[test]
fn classes_begin_at_their_thresholds() {
    let t = Thresholds::default();
    let got: Vec<Class> = [0, 2, 3, 7, 8, 19, 20, 400].iter().map(|&l| t.classify(l)).collect();
    use Class::*;
    assert_eq!(got, [Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder]);
    let t = Thresholds { inaccuracy: 1, mistake: 1, blunder: 5, swing: 3 };
    assert_eq!((t.classify(0), t.classify(1), t.classify(5)), (Good, Mistake, Blunder));
    assert!(t.checked().is_ok());
    for bad in [
        Thresholds { inaccuracy: 0, ..Thresholds::default() },
        Thresholds { mistake: 2, ..Thresholds::default() },
        Thresholds { blunder: 7, ..Thresholds::default() },
    ] {
        assert!(matches!(bad.checked(), Err(ThresholdError::NotIncreasing(..))), "{bad:?}");
    }
    let bad = Thresholds { swing: 0, ..Thresholds::default() };
    assert_eq!(bad.checked(), Err(ThresholdError::Swing(0)));
}

#[test]
fn accuracy_is_the_share_of_good_moves_and_mean_loss_the_average() {
    let ply = |side, loss: Option<i32>| PlyAnalysis {
        ply: 1,
        side,
        played: "A1".into(),
        forced: loss.is_none(),
        best: None,
        best_value: Value { points: 0, exact: false },
        played_value: Value { points: 0, exact: false },
        loss,
        loss_exact: false,
        class: loss.map(|l| Thresholds::default().classify(l)),
        turning: false,
        pv: Vec::new(),
        depth: 0,
        nodes: 0,
        measured_loss: loss,
        margin: loss.map(|_| 0),
        compared: None,
        uncertain: false,
        unclear: false,
        refined: false,
    };
    let plies = [
        ply(Side::White, None),
        ply(Side::White, Some(0)),
        ply(Side::White, Some(4)),
        ply(Side::White, Some(30)),
        ply(Side::White, Some(2)),
        ply(Side::Black, None),
    ];
    let w = SideSummary::of(&plies, Side::White);
    assert_eq!((w.judged, w.classes, w.total_loss), (4, [2, 1, 0, 1], 36));
    assert_eq!((w.accuracy, w.mean_loss), (50.0, 9.0));
    let b = SideSummary::of(&plies, Side::Black);
    assert_eq!((b.judged, b.accuracy, b.mean_loss), (0, 100.0, 0.0));
}

#[test]
fn judging_losses_classes_turning_points_and_forced_plies() {
    let (rec, positions, moves) = short_game(6);
    let m: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let other = |k: usize| {
        let alt = positions[k].legal_moves().iter().map(|m| m.to_string()).find(|s| *s != m[k]);
        alt.expect("a second legal move")
    };
    // Values from the mover's view. Plies 1 and 2 are the forced placements.
    let searches = vec![
        search(Side::White, 5, false, &m[0]),
        search(Side::Black, -5, false, &m[1]),
        search(Side::White, 6, false, &m[2]), // ply 3: best played, value drops to 4: loss 0
        search(Side::Black, -4, false, &other(3)), // ply 4: Black, best -4, after: -(+10) = -10: loss 6
        search(Side::White, 10, false, &other(4)), // ply 5: White 10 → after -(4) = -4: loss 14, crosses 0
        search(Side::Black, 4, true, &other(5)), // ply 6: Black 4 → after -(-9) = 9 > 4: loss 0
        search(Side::White, -9, true, ""),
    ];
    let budget = Budget { nodes: Some(1), time_ms: None, threads: 1 };
    let a = judge(rec, &positions, &moves, &searches, budget, Thresholds::default());
    assert!(a.plies[0].forced && a.plies[1].forced);
    assert_eq!((a.plies[0].loss, a.plies[0].class), (None, None));
    let losses: Vec<Option<i32>> = a.plies.iter().map(|p| p.loss).collect();
    assert_eq!(losses, [None, None, Some(0), Some(6), Some(14), Some(0)]);
    assert_eq!(a.plies[3].class, Some(Class::Inaccuracy));
    assert_eq!(a.plies[4].class, Some(Class::Mistake));
    assert_eq!(a.plies[4].played_value, Value { points: -4, exact: true });
    assert!(!a.plies[4].loss_exact && a.plies[5].loss_exact);
    assert_eq!(a.turning_points, [5], "ply 5 crosses 0 and loses 14");
    assert_eq!((a.plies[4].white_before(), a.plies[4].white_after()), (10, -4));
    assert_eq!(a.last_value, Value { points: -9, exact: true });
    assert_eq!(a.sides[0].judged, 2);
    assert_eq!(a.sides[1].classes, [1, 1, 0, 0]);
    // The forced placements (plies 1 and 2) are one value: the value after them.
    let values: Vec<i32> = a.white_values().iter().map(|(_, v)| v.points).collect();
    assert_eq!(values, [6, 6, 6, 4, 10, -4, -9]);
    assert_eq!(
        (a.plies[0].best_value, a.plies[0].played_value),
        (Value { points: 6, exact: false }, a.plies[0].best_value)
    );
    // A swing of at least `swing` points is a turning point even on one side of 0.
    let t = Thresholds { swing: 6, ..Thresholds::default() };
    let a = judge(a.game.clone(), &positions, &moves, &searches, budget, t);
    assert_eq!(a.turning_points, [4, 5]);
    let back: Analysis = serde_json::from_str(&a.to_json()).unwrap();
    assert_eq!(back, a);
}

#[test]
fn a_real_analysis_never_has_a_negative_loss_and_the_best_move_loses_nothing() {
    let (rec, _, _) = short_game(14);
    let budget = Budget { nodes: Some(MIN_NODES.max(3000)), time_ms: None, threads: 1 };
    let options = Options { hash_mib: 1, ..Options::default() };
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let a = analyse(
        rec.clone(),
        budget,
        Effort::default(),
        Thresholds::default(),
        options.clone(),
        &stop,
        &mut |d, t| seen.push((d, t)),
    )
    .unwrap();
    assert_eq!(seen.last(), Some(&(15, 15)));
    assert_eq!(a.plies.len(), 14);
    for p in &a.plies {
        if let Some(loss) = p.loss {
            assert!(loss >= 0, "ply {}: {loss}", p.ply);
            assert_eq!(p.class, Some(Thresholds::default().classify(loss)));
            let measured = p.measured_loss.expect("measured");
            if p.best.as_deref() == Some(p.played.as_str()) {
                assert_eq!((loss, measured), (0, 0), "ply {} played the best move", p.ply);
            } else {
                let against = p.compared.unwrap_or(p.best_value);
                assert_eq!(measured, (against.points - p.played_value.points).max(0), "ply {}", p.ply);
                assert_eq!(loss, p.margin.map_or(0, |m| (measured - m).max(0)), "ply {}", p.ply);
            }
        } else if p.unclear {
            let measured = p.measured_loss.expect("measured");
            assert_eq!(counted(measured, p.margin, &Thresholds::default()), None, "ply {}", p.ply);
            assert!(p.class.is_none() && !p.forced && !p.loss_exact);
        } else {
            assert!(p.forced && p.class.is_none());
            assert_eq!(p.best_value, p.played_value, "a forced ply is one value (ply {})", p.ply);
        }
    }
    assert!(!a.too_small && a.plies.iter().any(|p| p.loss.is_some()));
    // The searches made again stay within the game's budget, and their plies say so.
    let r = &a.refinement;
    assert_eq!(r.nodes_per_search, refine::default_nodes_per_search(r.max_nodes, 3000));
    // Eight times the nodes per position, but at least four re-searches in the game's budget,
    // and never under twice the nodes per position.
    assert_eq!(
        (
            refine::default_nodes_per_search(40, 1),
            refine::default_nodes_per_search(16, 1),
            refine::default_nodes_per_search(4, 1)
        ),
        (8, 4, 2)
    );
    assert!(r.max_nodes >= 40 * 3000 / 3, "{r:?}");
    assert_eq!(
        (
            refine::default_max_nodes(4, 1),
            refine::default_max_nodes(30, 1),
            refine::default_max_nodes(100, 1)
        ),
        (36, 15, 50)
    );
    assert!(r.nodes <= r.max_nodes, "{r:?}");
    assert!(a.plies.iter().all(|p| p.refined == r.plies.contains(&p.ply)));
    let none = Effort { max_nodes_per_game: Some(0), nodes_per_search: None };
    let plain =
        analyse(rec.clone(), budget, none, Thresholds::default(), options.clone(), &stop, &mut |_, _| {});
    let plain = plain.unwrap();
    assert!(plain.refinement.plies.is_empty() && plain.plies.iter().all(|p| !p.refined));
    // Deterministic at a node budget with one thread.
    let again =
        analyse(rec, budget, Effort::default(), Thresholds::default(), options, &stop, &mut |_, _| {})
            .unwrap();
    assert_eq!(again, a);
}

#[test]
fn an_illegal_move_in_the_record_is_an_error() {
    let (mut rec, _, _) = short_game(4);
    rec.moves.push("A1".into());
    let budget = Budget { nodes: Some(100), time_ms: None, threads: 1 };
    let stop = AtomicBool::new(false);
    let e = analyse(
        rec,
        budget,
        Effort::default(),
        Thresholds::default(),
        Options::default(),
        &stop,
        &mut |_, _| {},
    );
    assert!(matches!(e, Err(RecordError::Move { index: 5, .. })), "{e:?}");
}

/// Plies 1 and 2 forced, ply 3 (White) a choice: its position valued +40 with spread 5, the
/// move played not the best, Black's value after it -10 with spread `after_spread`.
fn one_choice(after_spread: Option<i32>) -> (GameRecord, Vec<Position>, Vec<Move>, Vec<PositionSearch>) {
    let (rec, positions, moves) = short_game(3);
    let other = positions[2].legal_moves().iter().map(|m| m.to_string()).find(|s| *s != moves[2].to_string());
    let mut before = search(Side::White, 40, false, &other.expect("a choice"));
    before.spread = Some(5);
    let mut after = search(Side::Black, -10, false, "A1");
    after.spread = after_spread;
    let searches =
        vec![search(Side::White, 40, false, "x"), search(Side::Black, -40, false, "x"), before, after];
    (rec, positions, moves, searches)
}

#[test]
fn an_unproven_loss_is_counted_less_its_margin_three_times_the_larger_spread() {
    let budget = Budget { nodes: Some(MIN_NODES), time_ms: None, threads: 1 };
    let t = Thresholds::default();
    let (rec, positions, moves, searches) = one_choice(Some(8));
    let a = judge(rec.clone(), &positions, &moves, &searches, budget, t);
    let p = &a.plies[2];
    // Measured 40 - 10 = 30 (a blunder); margin 3 × max(5, 8) = 24; counted 6: an inaccuracy.
    assert_eq!(MARGIN_FACTOR, 3);
    assert_eq!((p.measured_loss, p.margin, p.loss), (Some(30), Some(24), Some(6)));
    assert_eq!((p.class, p.uncertain, p.loss_exact), (Some(Class::Inaccuracy), true, false));
    assert_eq!(margin(Some(3), Some(0)), Some(9));
    // An unknown spread (a search of one iteration): nothing can be counted, the ply is unclear.
    let (rec, positions, moves, searches) = one_choice(None);
    let a = judge(rec.clone(), &positions, &moves, &searches, budget, t);
    let p = &a.plies[2];
    assert_eq!((p.measured_loss, p.margin, p.loss, p.class), (Some(30), None, None, None));
    assert!(p.unclear && !p.uncertain);
    assert_eq!((a.sides[0].judged, a.sides[0].unclear), (0, 1), "counted apart from the accuracy");
    // The search of the position after the best move is what the move played is compared with.
    let (rec, positions, moves, mut searches) = one_choice(Some(8));
    let mut best_after = search(Side::Black, -25, false, "A1");
    best_after.spread = Some(2);
    searches[2].after_best = Some(Box::new(best_after));
    let a = judge(rec, &positions, &moves, &searches, budget, t);
    let p = &a.plies[2];
    assert_eq!(p.compared, Some(Value { points: 25, exact: false }));
    // Measured 15 (a mistake), swallowed by the margin of 24: unclear, not good.
    assert_eq!((p.measured_loss, p.margin, p.loss, p.class), (Some(15), Some(24), None, None));
    assert!(p.unclear && !p.uncertain && !p.turning);
    assert_eq!(p.best_value.points, 40, "the position's own value stays the position's");
    assert_eq!(
        p.reference().points - p.played_value.points,
        15,
        "the values shown differ by the loss measured"
    );
}

#[test]
fn the_verdict_of_a_loss_unclear_exact_or_less_its_margin() {
    let t = Thresholds::default();
    // Less its margin, within the class or lowered (uncertain), but not swallowed.
    assert_eq!(counted(30, Some(6), &t), Some(24));
    assert_eq!(counted(30, Some(24), &t), Some(6));
    assert_eq!(counted(2, Some(5), &t), Some(0), "good, and at worst an inaccuracy");
    // Swallowed: counted good, but the margin could hide a mistake (8 points): unclear.
    assert_eq!(counted(2, Some(6), &t), None);
    assert_eq!(counted(0, Some(654), &t), None, "measured nothing, within a margin of 654");
    assert_eq!(counted(137, Some(654), &t), None);
    assert_eq!(counted(2, None, &t), None, "an unknown margin");
    // An exact loss has no margin (0): never unclear.
    assert_eq!(counted(137, Some(0), &t), Some(137));
    assert_eq!(counted(0, Some(0), &t), Some(0));
}

#[test]
fn an_exact_loss_has_no_margin_and_is_classed_as_measured() {
    let budget = Budget { nodes: Some(MIN_NODES), time_ms: None, threads: 1 };
    let (rec, positions, moves, mut searches) = one_choice(Some(50));
    searches[3].value.exact = true;
    let mut best_after = search(Side::Black, -25, true, "A1");
    best_after.spread = Some(0);
    searches[2].after_best = Some(Box::new(best_after));
    let a = judge(rec, &positions, &moves, &searches, budget, Thresholds::default());
    let p = &a.plies[2];
    assert_eq!((p.measured_loss, p.margin, p.loss), (Some(15), Some(0), Some(15)));
    assert_eq!((p.class, p.loss_exact, p.unclear, p.uncertain), (Some(Class::Mistake), true, false, false));
}

#[test]
fn a_budget_too_small_is_flagged_and_nothing_is_judged() {
    let budget = Budget { nodes: Some(10), time_ms: None, threads: 1 };
    let (rec, positions, moves, mut searches) = one_choice(Some(8));
    for s in &mut searches {
        s.nodes = MIN_NODES - 1;
    }
    let a = judge(rec, &positions, &moves, &searches, budget, Thresholds::default());
    assert!(a.too_small && a.median_nodes == MIN_NODES - 1);
    assert!(a.plies.iter().all(|p| p.loss.is_none() && p.class.is_none() && !p.turning));
    assert_eq!((a.plies[2].measured_loss, a.sides[0].judged), (Some(30), 0));
    assert!(!a.plies[2].forced, "not judged, yet not forced");
    // A real search at a tiny budget says so too.
    let (rec, _, _) = short_game(8);
    let stop = AtomicBool::new(false);
    let options = Options { hash_mib: 1, ..Options::default() };
    let a = analyse(rec, budget, Effort::default(), Thresholds::default(), options, &stop, &mut |_, _| {})
        .unwrap();
    assert!(a.too_small && a.plies.iter().all(|p| p.class.is_none()), "{}", a.to_json());
}

#[test]
fn a_proof_next_to_a_search_shows_how_wrong_it_was() {
    let budget = Budget { nodes: Some(MIN_NODES), time_ms: None, threads: 1 };
    let t = Thresholds::default();
    // Ply 3's move is the one its search found best (valued +40, sure of itself: spread 0), and
    // the position after it is proven at -10 for Black (+10 for White): the search was 30 points
    // wrong about that move, so the others' values may be as wrong: not good, unclear.
    let (rec, positions, moves, mut searches) = one_choice(Some(0));
    searches[2].best = Some(moves[2].to_string());
    searches[2].spread = Some(0);
    searches[3].value.exact = true;
    let a = judge(rec.clone(), &positions, &moves, &searches, budget, t);
    let p = &a.plies[2];
    assert_eq!((p.measured_loss, p.margin, p.loss, p.class), (Some(0), Some(30), None, None));
    assert!(p.unclear && !p.loss_exact);
    // Proven at -38 instead: 2 points wrong, the move is good.
    searches[3].value.points = -38;
    let a = judge(rec.clone(), &positions, &moves, &searches, budget, t);
    let p = &a.plies[2];
    assert_eq!((p.measured_loss, p.margin, p.loss, p.class), (Some(0), Some(2), Some(0), Some(Class::Good)));
    // No proof after the move: nothing shows the search wrong, no margin (as before).
    searches[3].value.exact = false;
    let a = judge(rec, &positions, &moves, &searches, budget, t);
    assert_eq!((a.plies[2].margin, a.plies[2].class), (Some(0), Some(Class::Good)));

    // Ply 3's move is not its search's best: the value after it comes from Black's search (-10,
    // spread 0: a margin of 3 × 5 from the search before). Black's search chose the move played
    // at ply 4, proven to leave White +250: Black's search was 240 points wrong, and the margin of
    // ply 3 is three times that: the 30 points measured are unclear, not a blunder.
    let (rec, positions, moves) = short_game(4);
    let (_, _, _, three) = one_choice(Some(0));
    let mut searches = three;
    searches[3].best = Some(moves[3].to_string());
    searches.push(search(Side::White, 250, true, ""));
    let before = judge(rec.clone(), &positions, &moves, &searches[..], budget, t);
    assert_eq!((before.plies[2].measured_loss, before.plies[2].margin), (Some(30), Some(3 * 240)));
    assert!(before.plies[2].unclear);
    searches[4].value.exact = false;
    let a = judge(rec, &positions, &moves, &searches, budget, t);
    let p = &a.plies[2];
    assert_eq!(
        (p.measured_loss, p.margin, p.loss, p.class),
        (Some(30), Some(15), Some(15), Some(Class::Mistake))
    );
    assert!(p.uncertain);
}
