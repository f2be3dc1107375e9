//! Tests of the exact solver and the proof search against minimax.

use super::*;
use crate::testutil::minimax;
use cavalo_rules::Rules;

fn late_position(seed: u64, rules: Rules, ply: u16) -> Option<Position> {
    let mut p = Position::from_seed(seed, rules);
    while p.ply() < ply {
        let moves = p.legal_moves();
        let m = *moves.get((seed as usize + p.ply() as usize) % moves.len().max(1))?;
        p.play(m);
    }
    (!p.is_over()).then_some(p)
}

#[test]
fn the_solver_agrees_with_minimax() {
    let mut checked = 0;
    for seed in 1..40 {
        for rules in [Rules::CANONICAL, Rules { threat: false, ..Rules::CANONICAL }] {
            for ply in [40, 48, 56] {
                let Some(pos) = late_position(seed, rules, ply) else { continue };
                let mut s = Solver::new(1, u64::MAX);
                let exact = minimax(&mut pos.clone());
                assert_eq!(s.solve(&pos), Some(exact), "{pos}");
                let values = s.move_values(&pos).unwrap();
                for (m, v) in values {
                    let mut c = pos.clone();
                    c.play(m);
                    assert_eq!(v, -minimax(&mut c), "{pos} {m}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

/// Hints that name a move in every position two plies deep (the last legal one: often bad).
fn hint_table(pos: &Position) -> Arc<Table> {
    let table = Table::new(1).unwrap();
    let hint = |p: &Position| {
        if let Some(&m) = p.legal_moves().last() {
            let e = crate::tt::Entry {
                best_move: Some(m),
                score: 0,
                proven: false,
                depth: 1,
                bound: crate::tt::Bound::Lower,
            };
            table.store(p.hash(), e);
        }
    };
    hint(pos);
    for &m in pos.legal_moves().iter() {
        let mut c = pos.clone();
        c.play(m);
        hint(&c);
    }
    Arc::new(table)
}

#[test]
fn hints_from_a_heuristic_table_change_the_order_not_the_value() {
    let mut checked = 0;
    let mut fewer_or_more = 0;
    for seed in 1..30 {
        for ply in [36, 44] {
            let Some(pos) = late_position(seed, Rules::CANONICAL, ply) else { continue };
            let exact = minimax(&mut pos.clone());
            let mut plain = Solver::new(1, u64::MAX);
            assert_eq!(plain.prove(&pos, 0, u64::MAX, &mut |_| false).unwrap().diff, exact);
            let mut hinted = Solver::new(1, u64::MAX);
            hinted.set_hints(Some(hint_table(&pos)), 0);
            let proof = hinted.prove(&pos, 0, u64::MAX, &mut |_| false).unwrap();
            assert_eq!(proof.diff, exact, "{pos}");
            let mut c = pos.clone();
            c.play(proof.line[0]);
            assert_eq!(-minimax(&mut c), exact, "{pos} {}", proof.line[0]);
            fewer_or_more += usize::from(hinted.nodes() != plain.nodes());
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
    assert!(fewer_or_more > 0, "the hints were never used");
}

#[test]
fn solvers_sharing_a_table_prove_the_exact_values_at_once_and_put_off_busy_nodes() {
    let mut checked = 0;
    for seed in 1..16 {
        for rules in [Rules::CANONICAL, Rules { threat: false, ..Rules::CANONICAL }] {
            for ply in [36, 44] {
                let Some(pos) = late_position(seed, rules, ply) else { continue };
                let exact = minimax(&mut pos.clone());
                let table = Arc::new(ProofTable::try_new(1).unwrap());
                // Two threads from different guesses, every node marked and put off.
                let proofs: Vec<Proof> = std::thread::scope(|scope| {
                    let threads: Vec<_> = [exact - 7, exact + 30]
                        .into_iter()
                        .map(|guess| {
                            let (table, pos) = (Arc::clone(&table), pos.clone());
                            scope.spawn(move || {
                                let mut s = Solver::sharing(table, u64::MAX);
                                s.set_deferral(0);
                                s.prove(&pos, guess, u64::MAX, &mut |_| false).unwrap()
                            })
                        })
                        .collect();
                    threads.into_iter().map(|t| t.join().unwrap()).collect()
                });
                for proof in proofs {
                    assert_eq!(proof.diff, exact, "{pos}");
                    let mut c = pos.clone();
                    c.play(proof.line[0]);
                    assert_eq!(-minimax(&mut c), exact, "{pos} {}", proof.line[0]);
                }
                // One thread whose children and grandchildren all look busy (marked, never
                // unmarked): the moves into them are put off, not dropped.
                let table = Arc::new(ProofTable::try_new(1).unwrap());
                let mut p = pos.clone();
                for &m in pos.legal_moves().iter() {
                    let undo = p.play(m);
                    table.mark_busy(p.hash());
                    for &r in p.legal_moves().iter() {
                        let back = p.play(r);
                        table.mark_busy(p.hash());
                        p.unplay(r, back);
                    }
                    p.unplay(m, undo);
                }
                let mut s = Solver::sharing(table, u64::MAX);
                s.set_deferral(0);
                assert_eq!(s.prove(&pos, exact + 3, u64::MAX, &mut |_| false).map(|p| p.diff), Some(exact));
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn the_proof_search_agrees_with_minimax_from_any_guess_and_budget() {
    let mut checked = 0;
    for seed in 1..30 {
        for rules in [Rules::CANONICAL, Rules { threat: false, ..Rules::CANONICAL }] {
            for ply in [36, 44, 52] {
                let Some(pos) = late_position(seed, rules, ply) else { continue };
                let exact = minimax(&mut pos.clone());
                let mut s = Solver::new(1, u64::MAX);
                for guess in [exact, exact - 7, exact + 30, -500] {
                    let proof = s.prove(&pos, guess, u64::MAX, &mut |_| false).unwrap();
                    assert_eq!(proof.diff, exact, "{pos} guess {guess}");
                    // The first move of the line achieves the value.
                    let mut c = pos.clone();
                    c.play(proof.line[0]);
                    assert_eq!(-minimax(&mut c), exact, "{pos} {}", proof.line[0]);
                }
                // Small budgets give up or prove the same value; the table carries over.
                let mut s = Solver::new(1, u64::MAX);
                let mut proved = None;
                for _ in 0..200 {
                    proved = s.prove(&pos, 0, 50, &mut |_| false);
                    if proved.is_some() {
                        break;
                    }
                }
                if let Some(p) = proved {
                    assert_eq!(p.diff, exact, "{pos} in slices");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn the_bounds_of_each_move_left_by_unfinished_proofs_hold_and_tell_moves_apart() {
    // After proofs cut short at several budgets, every bound the table gives a move holds
    // for the move's exact value; some moves are told apart before the whole proof ends.
    let (mut checked, mut bounded, mut apart) = (0, 0, 0);
    for seed in 1..30 {
        for ply in [34, 40] {
            let Some(pos) = late_position(seed, Rules::CANONICAL, ply) else { continue };
            let exact: Vec<(Move, i32)> = pos
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut c = pos.clone();
                    c.play(m);
                    (m, -minimax(&mut c))
                })
                .collect();
            let mut s = Solver::new(1, u64::MAX);
            // Nothing proven yet: nothing known but the moves that end the game.
            for (m, lo, hi) in s.move_bounds(&pos) {
                let mut c = pos.clone();
                c.play(m);
                assert_eq!(lo.is_some(), c.is_over(), "{pos} {m}");
                assert_eq!(lo, hi);
            }
            for budget in [200, 2_000, 20_000, u64::MAX] {
                let proof = s.prove(&pos, 0, budget, &mut |_| false);
                let bounds = s.move_bounds(&pos);
                assert_eq!(bounds.len(), exact.len());
                for ((m, lo, hi), &(em, v)) in bounds.iter().zip(&exact) {
                    assert_eq!(*m, em);
                    assert!(
                        lo.is_none_or(|lo| lo <= v) && hi.is_none_or(|hi| v <= hi),
                        "{pos} {m}: {lo:?} {v} {hi:?}"
                    );
                    bounded += usize::from(lo.is_some() || hi.is_some());
                }
                let best_lo = bounds.iter().filter_map(|b| b.1).max();
                if proof.is_none() && bounds.iter().any(|b| b.2.is_some_and(|hi| Some(hi) < best_lo)) {
                    apart += 1;
                }
                checked += 1;
            }
            // A position of another board knows nothing.
            let other = late_position(seed + 100, Rules::CANONICAL, ply);
            if let Some(o) = other {
                assert!(s.move_bounds(&o).iter().all(|(m, lo, _)| {
                    let mut c = o.clone();
                    c.play(*m);
                    lo.is_some() == c.is_over()
                }));
            }
        }
    }
    assert!(checked > 50 && bounded > 100 && apart > 0, "{checked} {bounded} {apart}");
}

#[test]
fn the_proof_search_stops_when_asked_and_forgets_another_board() {
    let pos = late_position(3, Rules::CANONICAL, 4).unwrap();
    let mut s = Solver::new(1, u64::MAX);
    let mut calls = 0;
    assert_eq!(
        s.prove(&pos, 0, u64::MAX, &mut |_| {
            calls += 1;
            calls > 3
        }),
        None
    );
    assert!(s.nodes() <= 4 * STOP_EVERY);
    let boards: Vec<Position> =
        (1..20).filter_map(|seed| late_position(seed, Rules::CANONICAL, 44)).take(2).collect();
    let (a, b) = (&boards[0], &boards[1]);
    assert_ne!(a.board(), b.board());
    for p in [a, b, a] {
        let exact = minimax(&mut p.clone());
        assert_eq!(s.prove(p, 0, u64::MAX, &mut |_| false).map(|p| p.diff), Some(exact));
    }
}

#[test]
fn the_budget_is_honoured() {
    let pos = late_position(3, Rules::CANONICAL, 4).unwrap();
    let mut s = Solver::new(1, 1000);
    assert_eq!(s.solve(&pos), None);
    assert!(s.nodes() <= 1001);
}

#[test]
fn moves_put_off_come_after_the_others_once() {
    let mut passes = Passes::new(5);
    let mut seen = Vec::new();
    while let Some(i) = passes.next() {
        if passes.may_defer() && (i == 0 || i == 3) {
            passes.defer(i);
            continue;
        }
        seen.push(i);
    }
    assert_eq!(seen, [1, 2, 4, 0, 3]);
    assert!(!passes.may_defer(), "the second pass puts nothing off");
    let mut none = Passes::new(0);
    assert_eq!(none.next(), None);
}

#[test]
fn refutations_change_the_order_not_the_value_and_a_clear_forgets_them() {
    let mut checked = 0;
    for seed in 1..20 {
        for ply in [38, 46] {
            let Some(pos) = late_position(seed, Rules::CANONICAL, ply) else { continue };
            let exact = minimax(&mut pos.clone());
            let mut s = Solver::new(1, u64::MAX);
            // Refutations of another game: every entry names some cell, often an illegal move.
            for (side, row) in s.refutations.iter_mut().enumerate() {
                for (cell, r) in row.iter_mut().enumerate() {
                    *r = ((cell * 7 + side * 13 + seed as usize) % 100 + 1) as u8;
                }
            }
            assert_eq!(s.prove(&pos, exact - 3, u64::MAX, &mut |_| false).unwrap().diff, exact, "{pos}");
            assert!(s.refutations.iter().flatten().any(|&r| r != 0));
            s.clear();
            assert!(s.refutations.iter().flatten().all(|&r| r == 0));
            assert_eq!(s.solve(&pos), Some(exact), "{pos}");
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked}");
}
