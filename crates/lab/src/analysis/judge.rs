//! The judgement of every ply from the searches of the game's positions: the losses, the margin
//! of each unproven loss, the classes, the turning points, and whether the budget was too small
//! to judge at all.

use cavalo_rules::{GameRecord, Move, Position, Side};

use super::proven::{corrected_values, view};
use super::{
    Analysis, Budget, FORMAT_VERSION, PlyAnalysis, PositionSearch, Refinement, SideSummary, Thresholds,
    Value, white_view,
};

/// The margin of an unproven loss is this many times the larger of the two compared searches'
/// spreads (how far each value moved in its search's last iteration). Measured by
/// `scripts/label-noise` on 25 self-play games per budget (3000 to 1,000,000 nodes): with it,
/// the engine's own moves at the budget they were played with get an unproven label of mistake
/// or worse in at most 1.4% of the judged plies (2 gave up to 2.4% in all; see the technical
/// manual).
pub const MARGIN_FACTOR: i32 = 3;

/// The budget is too small to judge when the searches of the positions where a move was chosen,
/// their values unproven, searched fewer nodes than this (their median): the smallest budget at
/// which `scripts/label-noise` measured the margins to hold (see the technical manual); below
/// it the searches reach a few plies and their values are not trusted.
pub const MIN_NODES: u64 = 3_000;

/// The margin of a loss measured between two values with these spreads (none when a spread is
/// unknown: nothing can be counted then).
pub fn margin(reference: Option<i32>, played: Option<i32>) -> Option<i32> {
    Some(MARGIN_FACTOR * reference?.max(played?))
}

/// The game's noise: the median spread of the searches of the positions with a choice whose
/// value is unproven (an unknown spread counts as larger than any); 0 when there are none.
pub fn noise(searches: &[PositionSearch], forced: &[bool], values: &[Value]) -> i32 {
    let mut spreads: Vec<i32> = (0..forced.len())
        .filter(|&k| !forced[k] && !values[k].exact)
        .map(|k| searches[k].spread.unwrap_or(i32::MAX))
        .collect();
    spreads.sort_unstable();
    spreads.get(spreads.len() / 2).copied().unwrap_or(0)
}

/// The median nodes of the searches of the positions with a choice whose value is unproven
/// (none when there are none).
pub fn median_nodes(searches: &[PositionSearch], forced: &[bool], values: &[Value]) -> Option<u64> {
    let mut nodes: Vec<u64> =
        (0..forced.len()).filter(|&k| !forced[k] && !values[k].exact).map(|k| searches[k].nodes).collect();
    nodes.sort_unstable();
    nodes.get(nodes.len() / 2).copied()
}

/// The loss counted of a ply that lost `measured` points with `margin` taken off (none: the
/// searches' uncertainty is unknown; 0 for an exact loss), or `None` when the ply is **unclear**:
/// the loss counted would be good, but the margin could hide a mistake (the measured loss plus
/// the margin reaches the mistake threshold, or the margin is unknown) — the margin swallowed
/// the loss, and the searches cannot tell a good move from a mistake. An exact loss is never
/// unclear.
pub fn counted(measured: i32, margin: Option<i32>, thresholds: &Thresholds) -> Option<i32> {
    let margin = margin?;
    let counted = (measured - margin).max(0);
    let hidden = counted < thresholds.inaccuracy && measured.saturating_add(margin) >= thresholds.mistake;
    (!hidden).then_some(counted)
}

/// How far each position's unproven value was from an exact value it should equal: the value of
/// the position after its best move, where that one is proven (the move played, when it was the
/// best the search found, or the search after the best move). A search can be sure of itself
/// (a value that did not move in its last iteration) and still wrong by hundreds of points; the
/// proof next to it shows by how much. None where no such proof is known.
fn disagreements(searches: &[PositionSearch], values: &[Value], played_best: &[bool]) -> Vec<Option<i32>> {
    (0..searches.len())
        .map(|k| {
            if values[k].exact {
                return None;
            }
            let next = played_best
                .get(k)
                .filter(|&&b| b && values[k + 1].exact)
                .map(|_| view(&searches[k], &searches[k + 1]) * values[k + 1].points);
            let after = searches[k]
                .after_best
                .as_deref()
                .filter(|a| a.value.exact)
                .map(|a| view(&searches[k], a) * a.value.points);
            [next, after].into_iter().flatten().map(|v| (values[k].points - v).abs()).max()
        })
        .collect()
}

/// A search's spread, raised to how far its value was from a proof next to it (see
/// [`disagreements`]).
fn seen(spread: Option<i32>, disagreement: Option<i32>) -> Option<i32> {
    spread.map(|s| s.max(disagreement.unwrap_or(0)))
}

/// What a ply's loss was measured against, with that value's spread.
fn reference(before: &PositionSearch, value: Value, before_spread: Option<i32>) -> (Value, Option<i32>) {
    match before.after_best.as_deref() {
        Some(after) if !value.exact => {
            let sign = view(before, after);
            (Value { points: sign * after.value.points, exact: after.value.exact }, after.spread)
        }
        _ => (value, if value.exact { Some(0) } else { before_spread }),
    }
}

/// The loss of the ply from position `k` (not forced): measured, margin, counted (none when
/// unclear, see [`counted`]).
struct Loss {
    measured: i32,
    margin: Option<i32>,
    counted: Option<i32>,
    exact: bool,
    compared: Option<Value>,
}

/// The two searches of a ply (the position before it and the one after), each with its spread
/// as seen (see [`seen`]), and how far the search before was from the proof after its best move.
struct Compared<'a> {
    before: &'a PositionSearch,
    before_spread: Option<i32>,
    before_disagreement: Option<i32>,
    after_spread: Option<i32>,
}

fn loss_of(c: &Compared, best: Value, played: Value, played_best: bool, thresholds: &Thresholds) -> Loss {
    if played_best {
        let exact = best.exact && played.exact;
        // The search before chose the move played but valued it wrongly by this much (its value
        // against the move's proven value): the other moves' values may be as wrong, and the
        // loss is somewhere between 0 and that.
        let margin = if exact { 0 } else { c.before_disagreement.unwrap_or(0) };
        let counted = counted(0, Some(margin), thresholds);
        return Loss { measured: 0, margin: Some(margin), counted, exact, compared: None };
    }
    let (reference, ref_spread) = reference(c.before, best, c.before_spread);
    let compared = c.before.after_best.is_some().then_some(reference);
    let measured = (reference.points - played.points).max(0);
    let exact = reference.exact && played.exact;
    let margin =
        if exact { Some(0) } else { margin(ref_spread, if played.exact { Some(0) } else { c.after_spread }) };
    Loss { measured, margin, counted: counted(measured, margin, thresholds), exact, compared }
}

/// Judges the plies of a game from the searches of its positions (`searches[k]` is position
/// `k`, one more than `moves`; an [`PositionSearch::after_best`] there is used as the value of
/// the best move). The analysis's [`Analysis::refinement`] is left empty (see [`super::refine`]).
pub fn judge(
    game: GameRecord,
    positions: &[Position],
    moves: &[Move],
    searches: &[PositionSearch],
    budget: Budget,
    thresholds: Thresholds,
) -> Analysis {
    assert_eq!(searches.len(), moves.len() + 1, "one search per position");
    let forced: Vec<bool> =
        moves.iter().enumerate().map(|(k, _)| positions[k].legal_moves().len() == 1).collect();
    let played_best: Vec<bool> = moves
        .iter()
        .enumerate()
        .map(|(k, mv)| searches[k].best.as_deref() == Some(mv.to_string().as_str()))
        .collect();
    let values = corrected_values(searches, &forced, &played_best);
    let disagree = disagreements(searches, &values, &played_best);
    let noise = noise(searches, &forced, &values);
    let median_nodes = median_nodes(searches, &forced, &values);
    let too_small = median_nodes.is_some_and(|n| n < MIN_NODES);
    let plies: Vec<PlyAnalysis> = moves
        .iter()
        .enumerate()
        .map(|(k, mv)| {
            let (before, after) = (&searches[k], &searches[k + 1]);
            let best_value = values[k];
            let played_value = Value { points: view(before, after) * values[k + 1].points, ..values[k + 1] };
            let compared = Compared {
                before,
                before_spread: seen(before.spread, disagree[k]),
                before_disagreement: disagree[k],
                after_spread: seen(after.spread, disagree[k + 1]),
            };
            let loss = (!forced[k])
                .then(|| loss_of(&compared, best_value, played_value, played_best[k], &thresholds));
            let judged = loss.as_ref().filter(|_| !too_small);
            let counted = judged.and_then(|l| l.counted);
            let unclear = judged.is_some_and(|l| l.counted.is_none());
            let turning = counted.is_some_and(|l| {
                let (b, a) = (best_value.points, played_value.points);
                l > 0 && (b.signum() != a.signum() || l >= thresholds.swing)
            });
            PlyAnalysis {
                ply: k + 1,
                side: before.side,
                played: mv.to_string(),
                forced: forced[k],
                best: before.best.clone(),
                best_value,
                played_value,
                loss: counted,
                loss_exact: best_value.exact && played_value.exact || judged.is_some_and(|l| l.exact),
                class: counted.map(|l| thresholds.classify(l)),
                turning,
                pv: before.pv.clone(),
                depth: before.depth,
                nodes: before.nodes,
                measured_loss: loss.as_ref().map(|l| l.measured),
                margin: loss.as_ref().and_then(|l| l.margin),
                compared: loss.as_ref().and_then(|l| l.compared),
                uncertain: judged
                    .zip(counted)
                    .is_some_and(|(l, c)| thresholds.classify(l.measured) != thresholds.classify(c)),
                unclear,
                refined: false,
            }
        })
        .collect();
    let last = values.last().expect("at least the start");
    let last_side = searches.last().expect("at least the start").side;
    Analysis {
        version: FORMAT_VERSION,
        budget,
        thresholds,
        game,
        sides: [SideSummary::of(&plies, Side::White), SideSummary::of(&plies, Side::Black)],
        turning_points: plies.iter().filter(|p| p.turning).map(|p| p.ply).collect(),
        last_value: Value { points: white_view(last_side, last.points), exact: last.exact },
        plies,
        noise,
        median_nodes: median_nodes.unwrap_or(0),
        too_small,
        refinement: Refinement::default(),
    }
}
