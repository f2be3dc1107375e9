//! Proven values used wherever they reach.
//!
//! A proven (exact) value is the final points difference with best play, so it tells about the
//! positions next to it. With `V(k)` the value of position `k` from its mover's view and `σ` the
//! sign that turns position `k + 1`'s view into position `k`'s (−1 when the other side moves
//! there), the rules of the game give:
//!
//! 1. `V(k) = max` over the moves from `k` of `σ V(after the move)`: so `V(k) ≥ σ V(k + 1)`, and
//!    `V(k) ≥ σ V(after the best move)` — an exact value after a move is a **lower bound** on the
//!    value before it, and an exact value before a move an **upper bound** on the value (from
//!    the mover's view) after it;
//! 2. with a single legal move (a **forced** ply), `V(k) = σ V(k + 1)`: an exact value on either
//!    side is exact on both, and the two positions are one value;
//! 3. when the value before is exact and the move played is the move that proof chose, the value
//!    after it is that same exact value.
//!
//! [`corrected_values`] applies these: exactness spreads by 2 and 3 until nothing changes, each
//! unproven value is then clamped into the bounds of 1 (a chain of forced plies gathering the
//! bounds of all its positions), and every position of a forced chain takes the value of the
//! chain's last position (the position where a choice comes next; its search is the one that
//! saw furthest past the forced moves). Unproven values stay unproven.

use super::{PositionSearch, Value};

/// `+1` when the mover of `b` is the mover of `a`, else `−1`: turns `b`'s view into `a`'s.
pub(crate) fn view(a: &PositionSearch, b: &PositionSearch) -> i32 {
    if a.side == b.side { 1 } else { -1 }
}

/// The value of every position (its mover's view) with the proven values used wherever they
/// reach (see the module's docs). `forced[k]` and `played_best[k]` describe ply `k` (from
/// position `k` to `k + 1`); `searches` has one more entry than they do.
pub fn corrected_values(searches: &[PositionSearch], forced: &[bool], played_best: &[bool]) -> Vec<Value> {
    let n = searches.len();
    assert!(forced.len() + 1 == n && played_best.len() + 1 == n, "one ply between two positions");
    let sign: Vec<i32> = (0..n - 1).map(|k| view(&searches[k], &searches[k + 1])).collect();
    let mut v: Vec<Value> = searches.iter().map(|s| s.value).collect();
    spread_exactness(&mut v, &sign, forced, played_best);
    let (mut lo, mut hi) = (vec![i32::MIN; n], vec![i32::MAX; n]);
    for k in 0..n - 1 {
        if forced[k] {
            continue;
        }
        if v[k + 1].exact {
            lo[k] = lo[k].max(sign[k] * v[k + 1].points);
        }
        if let Some(after) = searches[k].after_best.as_deref().filter(|a| a.value.exact) {
            lo[k] = lo[k].max(view(&searches[k], after) * after.value.points);
        }
        if v[k].exact {
            // σ V(k + 1) ≤ V(k), in position k + 1's own view.
            if sign[k] > 0 {
                hi[k + 1] = hi[k + 1].min(v[k].points);
            } else {
                lo[k + 1] = lo[k + 1].max(-v[k].points);
            }
        }
    }
    // A forced chain is one value: its bounds gather at its last position.
    for k in 0..n - 1 {
        if forced[k] {
            let (l, h) = if sign[k] > 0 { (lo[k], hi[k]) } else { (neg(hi[k]), neg(lo[k])) };
            lo[k + 1] = lo[k + 1].max(l);
            hi[k + 1] = hi[k + 1].min(h);
        }
    }
    for k in 0..n {
        if !v[k].exact {
            v[k].points = v[k].points.max(lo[k]).min(hi[k]);
        }
    }
    for k in (0..n - 1).rev() {
        if forced[k] {
            v[k] = Value { points: sign[k] * v[k + 1].points, exact: v[k + 1].exact };
        }
    }
    v
}

/// `-x`, the unbounded ends kept unbounded.
fn neg(x: i32) -> i32 {
    match x {
        i32::MIN => i32::MAX,
        i32::MAX => i32::MIN,
        x => -x,
    }
}

/// Rules 2 and 3 of the module's docs until nothing changes.
fn spread_exactness(v: &mut [Value], sign: &[i32], forced: &[bool], played_best: &[bool]) {
    let mut changed = true;
    while changed {
        changed = false;
        for k in 0..sign.len() {
            let (before, after) = (v[k], v[k + 1]);
            if (forced[k] || played_best[k]) && before.exact && !after.exact {
                v[k + 1] = Value { points: sign[k] * before.points, exact: true };
                changed = true;
            }
            if forced[k] && after.exact && !before.exact {
                v[k] = Value { points: sign[k] * after.points, exact: true };
                changed = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Side::{Black, White};

    fn at(side: cavalo_rules::Side, points: i32, exact: bool) -> PositionSearch {
        PositionSearch {
            side,
            value: Value { points, exact },
            best: None,
            pv: Vec::new(),
            depth: 5,
            nodes: 100,
            spread: Some(0),
            after_best: None,
        }
    }

    fn points(v: &[Value]) -> Vec<(i32, bool)> {
        v.iter().map(|v| (v.points, v.exact)).collect()
    }

    #[test]
    fn a_proven_value_after_a_move_raises_an_unproven_value_before_it() {
        // White's best is valued +5 unproven; after its move Black is proven at -12: White has at
        // least +12.
        let s = [at(White, 5, false), at(Black, -12, true)];
        assert_eq!(points(&corrected_values(&s, &[false], &[false])), [(12, false), (-12, true)]);
        // A higher unproven value stays: the bound is only a floor.
        let s = [at(White, 30, false), at(Black, -12, true)];
        assert_eq!(points(&corrected_values(&s, &[false], &[false])), [(30, false), (-12, true)]);
        // A proven search of the position after the best move is a floor too.
        let mut s = [at(White, 5, false), at(Black, 0, false)];
        s[0].after_best = Some(Box::new(at(Black, -20, true)));
        assert_eq!(points(&corrected_values(&s, &[false], &[false])), [(20, false), (0, false)]);
    }

    #[test]
    fn a_proven_value_before_a_move_caps_the_value_after_it() {
        // White is proven at +7: after any move, Black has at least -7.
        let s = [at(White, 7, true), at(Black, -30, false)];
        assert_eq!(points(&corrected_values(&s, &[false], &[false])), [(7, true), (-7, false)]);
        // The move that proof chose keeps the proven value.
        assert_eq!(points(&corrected_values(&s, &[false], &[true])), [(7, true), (-7, true)]);
    }

    #[test]
    fn a_forced_chain_is_one_value_exact_if_any_of_it_is() {
        // Plies 0 and 1 forced: positions 0, 1, 2 are one value, the last one's (+40 for White).
        let s = [at(White, 10, false), at(Black, -25, false), at(White, 40, false), at(Black, -38, false)];
        let v = corrected_values(&s, &[true, true, false], &[false; 3]);
        assert_eq!(points(&v), [(40, false), (-40, false), (40, false), (-38, false)]);
        // A proven value at the end of the chain reaches its start.
        let s = [at(White, 10, false), at(Black, -25, false), at(White, 40, true)];
        let v = corrected_values(&s, &[true, true], &[false; 2]);
        assert_eq!(points(&v), [(40, true), (-40, true), (40, true)]);
        // A bound on any position of the chain holds for all of it: position 2 is proven at
        // -50 for Black, so White at position 1 has at least +50, and so Black at position 0
        // (forced to it) has at most -50.
        let s = [at(Black, -10, false), at(White, 20, false), at(Black, -50, true)];
        let v = corrected_values(&s, &[true, false], &[false; 2]);
        assert_eq!(points(&v), [(-50, false), (50, false), (-50, true)]);
    }
}
