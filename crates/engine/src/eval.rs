//! Static evaluation: points difference plus mobility, tempo and the values each knight can
//! still reach. Weights in [`SearchConfig`].

use cavalo_rules::{CellSet, Position};

use crate::params::SearchConfig;
use crate::score::SCALE;

const NOT_COL_0: u128 = mask_cols(1, 9);
const NOT_COL_01: u128 = mask_cols(2, 9);
const NOT_COL_9: u128 = mask_cols(0, 8);
const NOT_COL_89: u128 = mask_cols(0, 7);

/// The cells whose row and column add up to an even number (a knight's jump changes colour).
const EVEN: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < 100 {
        if (i / 10 + i % 10) % 2 == 0 {
            m |= 1u128 << i;
        }
        i += 1;
    }
    m
};

const fn mask_cols(lo: u32, hi: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 10 {
        let mut c = lo;
        while c <= hi {
            m |= 1u128 << (r * 10 + c);
            c += 1;
        }
        r += 1;
    }
    m
}

/// The cells of `b` moved by each of the eight knight's jumps (cells that would leave the board
/// dropped): cell `c` is in the `i`-th set when `c` is one jump from a cell of `b`.
#[inline]
fn jumps(b: u128) -> [u128; 8] {
    let r1 = b & NOT_COL_9; // may move one column right
    let r2 = b & NOT_COL_89; // two columns right
    let l1 = b & NOT_COL_0;
    let l2 = b & NOT_COL_01;
    [r1 << 21, l1 << 19, r2 << 12, l2 << 8, l1 >> 21, r1 >> 19, l2 >> 12, r2 >> 8]
}

/// Every cell one knight's jump from some cell of `s`.
#[inline]
pub fn knight_spread(s: CellSet) -> CellSet {
    CellSet::from_bits_truncate(jumps(s.bits()).iter().fold(0, |a, &t| a | t))
}

/// The cells with at least one knight's jump neighbour in `s`, and those with at least two.
#[inline]
pub fn neighbour_counts(s: CellSet) -> (CellSet, CellSet) {
    let (mut one, mut two) = (0u128, 0u128);
    for t in jumps(s.bits()) {
        two |= one & t;
        one |= t;
    }
    (CellSet::from_bits_truncate(one), CellSet::from_bits_truncate(two))
}

/// The cells a knight starting on `from` reaches through cells of `open`, one jump layer at a
/// time: the `d`-th item holds the cells first reached after `d` jumps (the cells of `from`
/// count only if they are in `open` and reached again), ignoring the other knight.
#[derive(Clone, Copy, Debug)]
pub struct JumpLayers {
    open: CellSet,
    seen: CellSet,
    frontier: CellSet,
}

impl JumpLayers {
    /// The layers from `from` through `open`.
    #[inline]
    pub fn new(from: CellSet, open: CellSet) -> JumpLayers {
        JumpLayers { open, seen: CellSet::EMPTY, frontier: from }
    }
}

impl Iterator for JumpLayers {
    type Item = CellSet;

    #[inline]
    fn next(&mut self) -> Option<CellSet> {
        let next = knight_spread(self.frontier) & self.open & !self.seen;
        if next.is_empty() {
            return None;
        }
        self.seen |= next;
        self.frontier = next;
        Some(next)
    }
}

/// The cells a knight starting on `from` could ever reach through cells of `open` (not counting
/// `from` itself unless revisited), ignoring the other knight: the union of its [`JumpLayers`].
#[inline]
pub fn reachable(from: CellSet, open: CellSet) -> CellSet {
    JumpLayers::new(from, open).fold(CellSet::EMPTY, |all, layer| all | layer)
}

/// The board's values as seven bit planes (plane `k` holds the cells whose value has bit `k`
/// set), so that the sum of the values on a set of cells is seven population counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct ValuePlanes([u128; 7]);

impl ValuePlanes {
    /// The planes of `pos`'s board.
    pub fn new(pos: &Position) -> ValuePlanes {
        let mut planes = [0u128; 7];
        for c in cavalo_rules::Cell::all() {
            if let Some(v) = pos.board().value(c) {
                for (k, plane) in planes.iter_mut().enumerate() {
                    if v >> k & 1 != 0 {
                        *plane |= 1u128 << c.index();
                    }
                }
            }
        }
        ValuePlanes(planes)
    }

    /// The highest value written on a cell of `s` (0 when `s` is empty): the planes from the
    /// highest bit down, keeping the cells that have each bit when some do.
    #[inline]
    pub fn max(&self, s: CellSet) -> i32 {
        let mut cells = s.bits();
        let mut best = 0;
        for k in (0..7).rev() {
            let with = cells & self.0[k];
            if with != 0 {
                cells = with;
                best |= 1 << k;
            }
        }
        best
    }

    /// The sum of the values written on the cells of `s`.
    #[inline]
    pub fn sum(&self, s: CellSet) -> i32 {
        self.0.iter().enumerate().map(|(k, p)| ((p & s.bits()).count_ones() << k) as i32).sum()
    }
}

/// The evaluator of one search: weights and the board's value planes.
#[derive(Clone, Copy, Debug)]
pub struct Evaluator {
    /// The weights (the evaluation fields of the configuration).
    pub weights: SearchConfig,
    /// The value planes of the board searched.
    pub planes: ValuePlanes,
    /// The optional terms the weights use (derived once, not at every node).
    need: Needed,
}

impl Evaluator {
    /// An evaluator for positions on `pos`'s board.
    pub fn new(pos: &Position, weights: SearchConfig) -> Evaluator {
        Evaluator { weights, planes: ValuePlanes::new(pos), need: Needed::of(&weights) }
    }

    /// The evaluation of `pos` in centipoints from the side to move's view.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        weigh(&terms(pos, &self.weights, &self.planes, self.need), &self.weights)
    }
}

/// The evaluation of `pos` in centipoints from the side to move's view.
pub fn evaluate(pos: &Position, w: &SearchConfig) -> i32 {
    Evaluator::new(pos, *w).evaluate(pos)
}

/// The evaluation's terms before weighting, from the side to move's view: what a fit of the
/// weights (`cavalo fit`) regresses on. The evaluation is
/// `SCALE * points_diff + mobility * MobilityWeight + SCALE * best * TempoWeight / 1000
/// + stuck * StuckPenalty + SCALE * region * RegionWeight / 1000
/// + SCALE * reach1 * Reach1Weight / 1000 + SCALE * reach2 * Reach2Weight / 1000
/// + mobility2 * Mobility2Weight + SCALE * parity * ParityWeight / 1000
/// + SCALE * distance * DistanceWeight / 1000`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Points difference so far (mover minus opponent).
    pub points: i32,
    /// Legal destinations of the mover minus the opponent's.
    pub mobility: i32,
    /// The highest value the mover can land on next (0 when none).
    pub best: i32,
    /// +1 when the opponent has no destination, -1 when the mover has none (both: 0).
    pub stuck: i32,
    /// The sum of the values only the mover's knight can reach minus those only the opponent's
    /// can reach; 0 unless at most `RegionMaxCells` cells hold numbers.
    pub region: i32,
    /// The values on the mover's legal destinations minus those on the opponent's.
    pub reach1: i32,
    /// The values two knight jumps away and not one, the mover's minus the opponent's.
    pub reach2: i32,
    /// Cells holding numbers two knight jumps away and not one, the mover's minus the opponent's.
    pub mobility2: i32,
    /// The values on the colour the mover lands on next minus those on the colour the opponent
    /// lands on next.
    pub parity: i32,
    /// Every value each knight can still reach through cells holding numbers, discounted by
    /// `DistanceDecay` per jump of its shortest path there, the mover's minus the opponent's
    /// (in points, rounded down).
    pub distance: i32,
}

/// Which optional terms to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needed {
    /// The region term (still only when the board is sparse enough).
    pub region: bool,
    /// The values on the destinations.
    pub reach1: bool,
    /// The values two jumps out.
    pub reach2: bool,
    /// The cells two jumps out.
    pub mobility2: bool,
    /// The values on the colour each knight lands on next.
    pub parity: bool,
    /// The values each knight can reach, discounted by their distance.
    pub distance: bool,
}

impl Needed {
    /// Every term (what a fit regresses on).
    pub const ALL: Needed =
        Needed { region: true, reach1: true, reach2: true, mobility2: true, parity: true, distance: true };
    /// Only the terms always computed.
    pub const NONE: Needed = Needed {
        region: false,
        reach1: false,
        reach2: false,
        mobility2: false,
        parity: false,
        distance: false,
    };

    /// The terms whose weight in `w` is not zero.
    pub fn of(w: &SearchConfig) -> Needed {
        Needed {
            region: w.region != 0,
            reach1: w.reach1 != 0,
            reach2: w.reach2 != 0,
            mobility2: w.mobility2 != 0,
            parity: w.parity != 0,
            distance: w.distance != 0,
        }
    }
}

/// The terms of `pos` (the optional ones only when `need` asks for them; the region term also
/// only when the board is sparse enough for `w.region_max_cells`).
#[inline]
pub fn terms(pos: &Position, w: &SearchConfig, planes: &ValuePlanes, need: Needed) -> Terms {
    let me = pos.side_to_move();
    let opp = !me;
    let dm = pos.destinations(me);
    let dopp = pos.destinations(opp);
    let mut t = Terms {
        points: pos.points_diff(me),
        mobility: dm.len() as i32 - dopp.len() as i32,
        best: planes.max(dm),
        stuck: i32::from(dopp.is_empty()) - i32::from(dm.is_empty()),
        ..Terms::default()
    };
    let open = pos.holding();
    if need.reach1 {
        t.reach1 = planes.sum(dm) - planes.sum(dopp);
    }
    if need.reach2 || need.mobility2 {
        let second = |d: CellSet| knight_spread(d) & open & !d;
        let (s2m, s2o) = (second(dm), second(dopp));
        t.mobility2 = s2m.len() as i32 - s2o.len() as i32;
        if need.reach2 {
            t.reach2 = planes.sum(s2m) - planes.sum(s2o);
        }
    }
    if need.parity
        && let (Some(km), Some(ko)) = (pos.knight(me), pos.knight(opp))
    {
        // The colour a knight lands on next is the one it does not stand on.
        let even = CellSet::from_bits_truncate(EVEN);
        let next = |k: cavalo_rules::Cell| if EVEN >> k.index() & 1 == 1 { open - even } else { open & even };
        t.parity = planes.sum(next(km)) - planes.sum(next(ko));
    }
    // The distance term walks each knight's jump layers, whose union is the region term's reach:
    // one walk serves both.
    let region = need.region && open.len() <= w.region_max_cells as usize;
    if (need.distance || region)
        && let (Some(km), Some(ko)) = (pos.knight(me), pos.knight(opp))
    {
        let (rm, ro) = if need.distance {
            let (dm, rm) = discounted_reach(km, open, planes, w.distance_decay);
            let (dopp, ro) = discounted_reach(ko, open, planes, w.distance_decay);
            t.distance = dm - dopp;
            (rm, ro)
        } else {
            (reachable(CellSet::from_cell(km), open), reachable(CellSet::from_cell(ko), open))
        };
        if region {
            let shared = rm & ro;
            t.region = planes.sum(rm - shared) - planes.sum(ro - shared);
        }
    }
    t
}

/// The values of the cells a knight on `from` can reach through `open`, each discounted by
/// `decay` per mille for every jump of the shortest path to it, in points (rounded down), and the
/// cells it reaches ([`reachable`]'s): its [`JumpLayers`], each layer's values summed at once.
#[inline]
pub fn discounted_reach(
    from: cavalo_rules::Cell,
    open: CellSet,
    planes: &ValuePlanes,
    decay: i32,
) -> (i32, CellSet) {
    const ONE: i64 = 1 << 16;
    let (mut factor, mut sum, mut reach) = (ONE, 0i64, CellSet::EMPTY);
    for layer in JumpLayers::new(CellSet::from_cell(from), open) {
        factor = factor * i64::from(decay) / 1000;
        sum += i64::from(planes.sum(layer)) * factor;
        reach |= layer;
    }
    ((sum / ONE) as i32, reach)
}

/// The weighted sum of the terms, in centipoints.
#[inline]
pub fn weigh(t: &Terms, w: &SearchConfig) -> i32 {
    t.points * SCALE
        + t.mobility * w.mobility
        + t.best * SCALE * w.tempo_best / 1000
        + t.stuck * w.stuck
        + t.region * SCALE * w.region / 1000
        + t.reach1 * SCALE * w.reach1 / 1000
        + t.reach2 * SCALE * w.reach2 / 1000
        + t.mobility2 * w.mobility2
        + t.parity * SCALE * w.parity / 1000
        + t.distance * SCALE * w.distance / 1000
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Cell;

    #[test]
    fn spread_matches_the_jump_table() {
        for c in Cell::all() {
            assert_eq!(knight_spread(CellSet::from_cell(c)), CellSet::knight_jumps(c), "{c}");
        }
    }

    #[test]
    fn neighbour_counts_count_jumps_into_the_set() {
        let mut pos = Position::from_seed(12, cavalo_rules::Rules::default());
        for _ in 0..30 {
            let Some(&m) = pos.legal_moves().first() else { break };
            pos.play(m);
            let open = pos.holding();
            let (one, two) = neighbour_counts(open);
            for c in Cell::all() {
                let n = (CellSet::knight_jumps(c) & open).len();
                assert_eq!(one.contains(c), n >= 1, "{c} {pos}");
                assert_eq!(two.contains(c), n >= 2, "{c} {pos}");
            }
        }
    }

    #[test]
    fn planes_sum_values() {
        let pos = Position::from_seed(4, cavalo_rules::Rules::default());
        let planes = ValuePlanes::new(&pos);
        assert_eq!(planes.sum(CellSet::FULL), 4950);
        let s: CellSet = Cell::all().take(10).collect();
        let expect: i32 = s.iter().map(|c| pos.value_at(c).unwrap() as i32).sum();
        assert_eq!(planes.sum(s), expect);
        assert_eq!(planes.max(CellSet::EMPTY), 0);
        for n in 1..30 {
            let s: CellSet = Cell::all().skip(n * 3).take(n).collect();
            let expect = s.iter().map(|c| pos.value_at(c).unwrap() as i32).max().unwrap_or(0);
            assert_eq!(planes.max(s), expect, "{n}");
        }
    }

    #[test]
    fn the_terms_weighed_are_the_evaluation() {
        let w = SearchConfig {
            region_max_cells: 100,
            reach1: 300,
            reach2: -70,
            mobility2: 40,
            parity: 20,
            ..SearchConfig::default()
        };
        let mut pos = Position::from_seed(9, cavalo_rules::Rules::default());
        for _ in 0..20 {
            let Some(&m) = pos.legal_moves().last() else { break };
            pos.play(m);
            let planes = ValuePlanes::new(&pos);
            let t = terms(&pos, &w, &planes, Needed::ALL);
            assert_eq!(weigh(&t, &w), evaluate(&pos, &w), "{pos}");
            assert_eq!(t.points, pos.points_diff(pos.side_to_move()));
        }
    }

    #[test]
    fn reach_and_parity_terms_count_what_they_say() {
        let mut pos = Position::from_seed(5, cavalo_rules::Rules::default());
        for _ in 0..10 {
            let m = pos.legal_moves()[0];
            pos.play(m);
        }
        let w = SearchConfig::default();
        let planes = ValuePlanes::new(&pos);
        let t = terms(&pos, &w, &planes, Needed::ALL);
        let me = pos.side_to_move();
        let sum = |side| -> i32 {
            pos.destinations(side).iter().filter_map(|c| pos.value_at(c)).map(i32::from).sum()
        };
        assert_eq!(t.reach1, sum(me) - sum(!me));
        let (km, ko) = (pos.knight(me).unwrap(), pos.knight(!me).unwrap());
        let colour = |c: Cell| (c.index() / 10 + c.index() % 10) % 2;
        let next = |k: Cell| -> i32 {
            pos.holding()
                .iter()
                .filter(|&c| colour(c) != colour(k))
                .filter_map(|c| pos.value_at(c))
                .map(i32::from)
                .sum()
        };
        assert_eq!(t.parity, next(km) - next(ko));
        // Terms not asked for stay zero.
        let few = terms(&pos, &w, &planes, Needed::NONE);
        assert_eq!((few.reach1, few.reach2, few.mobility2, few.parity, few.region), (0, 0, 0, 0, 0));
        assert_eq!(few.distance, 0);
    }

    /// The distance term by a plain breadth-first search over cells, in floating point.
    fn discounted_by_cells(pos: &Position, from: Cell, decay: f64) -> f64 {
        let open = pos.holding();
        let mut dist = [usize::MAX; 100];
        let mut queue = std::collections::VecDeque::from([from]);
        dist[from.index()] = 0;
        let mut sum = 0.0;
        while let Some(c) = queue.pop_front() {
            for n in CellSet::knight_jumps(c).iter().filter(|&n| open.contains(n)) {
                if dist[n.index()] == usize::MAX {
                    dist[n.index()] = dist[c.index()] + 1;
                    sum += f64::from(pos.value_at(n).unwrap()) * decay.powi(dist[n.index()] as i32);
                    queue.push_back(n);
                }
            }
        }
        sum
    }

    #[test]
    fn the_distance_term_discounts_each_value_by_its_shortest_path() {
        for seed in [3, 8, 21] {
            let mut pos = Position::from_seed(seed, cavalo_rules::Rules::default());
            for ply in 0..40 {
                let planes = ValuePlanes::new(&pos);
                let open = pos.holding();
                for side in [cavalo_rules::Side::White, cavalo_rules::Side::Black] {
                    let Some(k) = pos.knight(side) else { continue };
                    for decay in [500, 800, 950] {
                        let (fast, reach) = discounted_reach(k, open, &planes, decay);
                        assert_eq!(reach, reachable(CellSet::from_cell(k), open), "{pos}");
                        let slow = discounted_by_cells(&pos, k, f64::from(decay) / 1000.0);
                        // Rounded down, the fixed-point factors too: within a point and 0.1%.
                        let within = 1.0 + slow * 0.001;
                        assert!(
                            (f64::from(fast) - slow).abs() <= within,
                            "{pos} {side:?} {decay}: {fast} {slow}"
                        );
                    }
                    // No discount: every value the knight can reach; full discount: nothing.
                    let all = planes.sum(reachable(CellSet::from_cell(k), open));
                    assert_eq!(discounted_reach(k, open, &planes, 1000).0, all, "{pos}");
                    assert_eq!(discounted_reach(k, open, &planes, 0).0, 0);
                }
                let w = SearchConfig { distance: 500, ..SearchConfig::default() };
                let t = terms(&pos, &w, &planes, Needed::of(&w));
                let me = pos.side_to_move();
                if let (Some(km), Some(ko)) = (pos.knight(me), pos.knight(!me)) {
                    let d = w.distance_decay;
                    let want =
                        discounted_reach(km, open, &planes, d).0 - discounted_reach(ko, open, &planes, d).0;
                    assert_eq!(t.distance, want, "ply {ply} {pos}");
                }
                // The region term comes from the same walk when the distance term is on.
                let without =
                    terms(&pos, &SearchConfig::default(), &planes, Needed::of(&SearchConfig::default()));
                assert_eq!(t.region, without.region, "ply {ply} {pos}");
                assert_eq!(without.distance, 0);
                let moves = pos.legal_moves();
                let Some(&m) = moves.get(ply % moves.len().max(1)) else { break };
                pos.play(m);
            }
        }
    }

    #[test]
    fn reachable_on_an_open_board_is_everything_but_unreachable_nothing() {
        let all = CellSet::FULL;
        let a1 = CellSet::from_cell(Cell::A1);
        assert_eq!(reachable(a1, all).len(), 100);
        assert!(reachable(a1, CellSet::EMPTY).is_empty());
    }
}
