//! Reference values for the engine's unit tests: plain negamax to the end of the game, with no
//! bounds and no pruning, to check the solver and the proven bounds against.

use std::collections::HashMap;

use cavalo_rules::Position;

/// The rest of `pos` (the mover's gain to the end minus the opponent's, best play by both) by
/// plain negamax, memoised on the position's key (the rest does not depend on the points won);
/// `None` once the memo holds more than `cap` positions.
pub(crate) fn negamax_rest(pos: &mut Position, memo: &mut HashMap<u64, i32>, cap: usize) -> Option<i32> {
    if let Some(&v) = memo.get(&pos.hash()) {
        return Some(v);
    }
    if memo.len() > cap {
        return None;
    }
    let mut best = None::<i32>;
    for &m in pos.legal_moves().iter() {
        let g = m.destination().and_then(|d| pos.value_at(d)).map_or(0, i32::from);
        let undo = pos.play(m);
        let v = negamax_rest(pos, memo, cap);
        pos.unplay(m, undo);
        let v = g - v?;
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    let v = best.unwrap_or(0);
    memo.insert(pos.hash(), v);
    Some(v)
}

/// The final points difference of `pos` (side to move's view) with best play by both.
pub(crate) fn minimax(pos: &mut Position) -> i32 {
    let rest = negamax_rest(pos, &mut HashMap::new(), usize::MAX).expect("no cap");
    pos.points_diff(pos.side_to_move()) + rest
}
