//! Proven values are exact: the engine's proven results against a plain negamax over every line
//! (no pruning, no table), and the consistency "value = best over moves of minus the child's
//! proven value".

use std::sync::atomic::AtomicBool;

use cavalo_engine::{Engine, Limits, Options};
use cavalo_rules::{Position, Rules};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The exact final difference (side to move minus opponent) by plain negamax over every line,
/// or `None` when the tree has more than `budget` nodes.
fn negamax(pos: &mut Position, budget: &mut u64) -> Option<i32> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(pos.points_diff(pos.side_to_move()));
    }
    let mut best = i32::MIN;
    for &m in moves.iter() {
        let undo = pos.play(m);
        let v = negamax(pos, budget);
        pos.unplay(m, undo);
        best = best.max(-v?);
    }
    Some(best)
}

/// The position after `plies` random plies from the seeded board.
fn random_position(seed: u64, plies: usize, rules: Rules) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::from_seed(seed, rules);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.random_range(0..moves.len())]);
    }
    pos
}

/// The engine's proven value of `pos` (points, side to move's view), if it proves it.
fn engine_value(pos: &Position, options: &Options, nodes: u64) -> Option<i32> {
    let mut engine = Engine::new(options.clone());
    let stop = AtomicBool::new(false);
    let r = engine.search(pos, &Limits::nodes(nodes), &stop, &mut |_| {});
    r.info.proven.then_some(r.info.score)
}

fn small_options(bounds: bool) -> Options {
    let mut o = Options { hash_mib: 2, ..Options::default() };
    o.search.bound_max_cells = if bounds { 100 } else { 0 };
    o.search.separated_max_cells = if bounds { 100 } else { 0 };
    o
}

/// Options whose proof search runs after every iteration and gets most of the nodes (`on`), or
/// never runs.
fn proof_options(on: bool) -> Options {
    let mut o = Options { hash_mib: 2, ..Options::default() };
    o.search.proof_share = if on { 90 } else { 0 };
    o.search.proof_depth = 1;
    o
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Near the end of random games: whatever the engine proves is the exact minimax value, with
    /// and without the proven bounds and the separated-position solver, under both threat variants.
    #[test]
    fn proven_values_equal_exhaustive_minimax(seed in 0u64..1_000_000, plies in 20usize..40, threat in any::<bool>()) {
        let rules = Rules { threat, ..Rules::default() };
        let pos = random_position(seed, plies, rules);
        let mut budget = 50_000;
        if let Some(exact) = negamax(&mut pos.clone(), &mut budget) {
            for bounds in [true, false] {
                let v = engine_value(&pos, &small_options(bounds), 400_000);
                prop_assert_eq!(v, Some(exact), "bounds {} in {}", bounds, pos);
            }
            for proof in [true, false] {
                let v = engine_value(&pos, &proof_options(proof), 400_000);
                prop_assert_eq!(v, Some(exact), "proof search {} in {}", proof, pos);
            }
            // Two threads proving together (the helper's proofs share the table).
            let two = Options { threads: 2, ..proof_options(true) };
            prop_assert_eq!(engine_value(&pos, &two, 400_000), Some(exact), "two threads in {}", pos);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// A proven value is the best over the moves of minus the children's proven values.
    #[test]
    fn a_proven_value_is_the_best_of_its_children(seed in 0u64..1_000_000, plies in 24usize..40) {
        let pos = random_position(seed, plies, Rules::default());
        let options = small_options(true);
        if let Some(v) = engine_value(&pos, &options, 20_000) {
            let mut best = None;
            let mut all = true;
            for &m in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.play(m);
                match engine_value(&child, &options, 50_000) {
                    Some(c) => best = best.max(Some(-c)),
                    None => all = false,
                }
            }
            if all && !pos.is_over() {
                prop_assert_eq!(best, Some(v), "{}", pos);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    /// Earlier in random games, where the depth-limited search alone proves nothing within the
    /// budget: what the proof search proves is the best over the moves of minus the children's
    /// values proven by the depth-limited search alone (an independent method), and its first
    /// move achieves it.
    #[test]
    fn the_proof_search_agrees_with_the_depth_limited_search(seed in 0u64..1_000_000, plies in 18usize..30) {
        let pos = random_position(seed, plies, Rules::default());
        let mut engine = Engine::new(proof_options(true));
        let stop = AtomicBool::new(false);
        let r = engine.search(&pos, &Limits::nodes(300_000), &stop, &mut |_| {});
        if r.info.proven && !pos.is_over() {
            let mut best = None;
            let mut first = None;
            let mut all = true;
            for &m in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.play(m);
                match engine_value(&child, &proof_options(false), 3_000_000) {
                    Some(c) => {
                        best = best.max(Some(-c));
                        if Some(m) == r.best_move {
                            first = Some(-c);
                        }
                    }
                    None => all = false,
                }
            }
            if all {
                prop_assert_eq!(best, Some(r.info.score), "{}", pos);
                prop_assert_eq!(first, Some(r.info.score), "the best move in {}", pos);
            }
        }
    }
}

/// The proof search's gate above `ProofLateCells` (here every position is above it): a search
/// whose node limit reaches `ProofMinNodes` gives the proof search its share and proves
/// positions the heuristic search alone does not, or sooner; one whose limit falls short
/// searches exactly as with no proof search at all (same move, score and nodes).
#[test]
fn the_proof_search_runs_early_only_when_the_budget_reaches_proof_min_nodes() {
    let gated = |min_nodes: i32, share: i32| {
        let mut o = Options { hash_mib: 2, ..Options::default() };
        o.search.proof_late_cells = 0;
        o.search.proof_min_nodes = min_nodes;
        o.search.proof_share = share;
        o
    };
    let search = |pos: &Position, o: Options| {
        let r = Engine::new(o).search(pos, &Limits::nodes(400_000), &AtomicBool::new(false), &mut |_| {});
        (r.best_move, r.info.score, r.info.proven, r.info.nodes)
    };
    let mut opened = 0;
    for seed in 1..=12 {
        let pos = random_position(seed, 22, Rules::default());
        if pos.is_over() {
            continue;
        }
        let none = search(&pos, gated(100_000, 0));
        assert_eq!(search(&pos, gated(1_000_000, 90)), none, "budget below the gate, seed {seed}: {pos}");
        let early = search(&pos, gated(100_000, 90));
        if early.2 && none.2 {
            assert_eq!(early.1, none.1, "two proven values differ, seed {seed}: {pos}");
        }
        // Proven where the heuristic search alone is not, or proven sooner.
        opened += usize::from(early.2 && (!none.2 || early.3 < none.3));
    }
    assert!(opened >= 4, "the open gate proved only {opened} positions sooner than the heuristic search");
}

/// Threads sharing one proof (helpers joining the main thread's proof, the probes and the table
/// shared, busy nodes put off) prove the same values as one thread, and exact ones: checked
/// against plain negamax where its tree is small enough.
#[test]
fn proofs_shared_by_threads_prove_the_same_values_as_one_thread() {
    let options = |threads: usize| {
        let mut o = proof_options(true);
        o.search.proof_late_cells = 100;
        o.search.proof_defer_cells = 100;
        Options { threads, ..o }
    };
    let (mut proven, mut checked) = (0, 0);
    for seed in 1..=24u64 {
        let pos = random_position(seed, 26 + (seed as usize % 3) * 4, Rules::default());
        if pos.is_over() {
            continue;
        }
        let one = engine_value(&pos, &options(1), 3_000_000);
        for threads in [2, 4] {
            let many = engine_value(&pos, &options(threads), 3_000_000);
            if let (Some(a), Some(b)) = (one, many) {
                assert_eq!(a, b, "{threads} threads against one, seed {seed}: {pos}");
                proven += 1;
            }
        }
        if let (Some(v), Some(exact)) = (one, negamax(&mut pos.clone(), &mut 3_000_000)) {
            assert_eq!(v, exact, "seed {seed}: {pos}");
            checked += 1;
        }
    }
    assert!(proven >= 20, "only {proven} positions proven by both");
    assert!(checked >= 3, "only {checked} positions checked against negamax");
}
