//! Score encoding. Scores are in *centipoints* (1/100 of a game point) from the side to move's
//! view: the expected final points difference (mover minus opponent), points already won included.
//!
//! A *proven* result (the search saw every line to the end of the game) is the exact final
//! difference shifted by [`PROVEN`] away from zero, so that any proven win outranks any heuristic
//! score and any proven loss ranks below every heuristic score. A proven draw is 0.

/// Internal units per game point.
pub const SCALE: i32 = 100;
/// The offset that lifts proven wins above (and proven losses below) every heuristic score.
pub const PROVEN: i32 = 1_000_000;
/// Heuristic scores never reach this magnitude (the largest points difference is 4950).
pub const HEURISTIC_MAX: i32 = 600_000;
/// Larger than every score: the initial window bound.
pub const INFINITE: i32 = 2_000_000;

/// The score of a finished game whose final difference (mover minus opponent) is `diff` points.
#[inline]
pub const fn proven(diff: i32) -> i32 {
    if diff > 0 {
        PROVEN + diff * SCALE
    } else if diff < 0 {
        -PROVEN + diff * SCALE
    } else {
        0
    }
}

/// Whether `v` is a proven win or loss.
#[inline]
pub const fn is_proven(v: i32) -> bool {
    v >= HEURISTIC_MAX || v <= -HEURISTIC_MAX
}

/// The final difference in points of a proven win or loss.
#[inline]
pub const fn proven_diff(v: i32) -> i32 {
    if v > 0 { (v - PROVEN) / SCALE } else { (v + PROVEN) / SCALE }
}

/// A score as game points for display: the exact difference when proven, else rounded.
pub fn to_points(v: i32) -> i32 {
    if is_proven(v) { proven_diff(v) } else { (v as f64 / SCALE as f64).round() as i32 }
}

/// A score made independent of the points already won (`diff` points, mover minus opponent),
/// for the transposition table: positions with the same key may carry different scores.
///
/// An `exact` score (a finished-game value: a proven win or loss, or 0 for a proven draw) is
/// stored as the points still to be won, `final difference - diff`; a heuristic score as
/// `v - diff` in centipoints.
#[inline]
pub const fn to_relative(v: i32, diff: i32, exact: bool) -> i32 {
    if exact {
        let final_diff = if v == 0 { 0 } else { proven_diff(v) };
        final_diff - diff
    } else {
        v - diff * SCALE
    }
}

/// The inverse of [`to_relative`] at a node whose points difference is `diff`.
#[inline]
pub const fn from_relative(rel: i32, diff: i32, exact: bool) -> i32 {
    if exact { proven(rel + diff) } else { rel + diff * SCALE }
}

/// Whether `v` can be an exact (finished-game) score: a proven win or loss, or a draw.
#[inline]
pub const fn can_be_exact(v: i32) -> bool {
    v == 0 || is_proven(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_outrank_heuristics() {
        assert!(proven(1) > HEURISTIC_MAX);
        assert!(proven(-1) < -HEURISTIC_MAX);
        assert!(proven(1) < proven(2));
        assert!(proven(-3) < proven(-2));
        assert_eq!(proven(0), 0);
        assert_eq!(proven_diff(proven(37)), 37);
        assert_eq!(proven_diff(proven(-37)), -37);
        assert_eq!(to_points(proven(-37)), -37);
        assert_eq!(to_points(1250), 13);
    }

    #[test]
    fn relative_scores_round_trip_and_move_the_final_difference() {
        for (v, d) in [(1234, 10), (-500, -7)] {
            assert_eq!(from_relative(to_relative(v, d, false), d, false), v);
        }
        for (v, d) in [(proven(20), 5), (proven(-20), 5), (proven(3), 10), (0, 12), (0, -12)] {
            assert_eq!(from_relative(to_relative(v, d, true), d, true), v);
        }
        // Proven +3 stored at a node 10 ahead means the rest of the game loses 7; seen at a node
        // 2 ahead the final result is a loss by 5.
        let rel = to_relative(proven(3), 10, true);
        assert_eq!(from_relative(rel, 2, true), proven(-5));
        // A proven draw reached 12 ahead: the rest of the game loses 12. Seen level, it loses 12.
        let rel = to_relative(0, 12, true);
        assert_eq!(from_relative(rel, 0, true), proven(-12));
    }
}
