//! Sound bounds on the points a side can still collect, used by the search as proven score
//! bounds (a node whose mover cannot reach alpha even by collecting everything it could ever
//! collect fails low with a proven upper bound; likewise for beta).
//!
//! A knight only ever lands on cells that hold their number now (cells are never restored), along
//! knight jumps through such cells: what `side` can still collect is at most the sum of the values
//! its knight can reach ([`crate::eval::reachable`], the other knight ignored), reduced by two
//! facts of the rules that hold whatever either side does:
//! - of a symmetric pair `ab`/`ba` at most one value is ever collected (landing on one removes the
//!   other), so a pair both of whose cells are reachable counts only its larger value;
//! - every landing on a double removes a second double while one is left, so of `k` doubles still
//!   on the board at most `ceil(k / 2)` are ever landed on (by both sides together): only the
//!   largest that many reachable doubles count.
//!
//! - the knight's landings from now on are a path: a cell with no neighbour (a knight's jump away)
//!   still holding a number, or with one and not a jump from the knight now, can only be the
//!   path's last cell (the knight can arrive only from that one neighbour, which is emptied when
//!   it leaves, and cells never refill), so of such *dead ends* only the largest counts. Taken as
//!   a second bound, the smaller of the two is used.
//!
//! The threat rule, passes and the opponent's landings only take values away, so the bound stays
//! sound under them.
//!
//! A side's gain is also at least what it surely wins: the side to move its best landing now
//! ([`Collectable::best_landing`]), the other side the least over the mover's moves of its best
//! landing right after ([`Collectable::sure_reply`]). So the value of a position (mover's gain
//! minus opponent's) lies between `best_landing - gain_bound(opponent)` and
//! `gain_bound(mover) - sure_reply`.

use cavalo_rules::{Cell, CellSet, Position, Side};

use crate::eval::{ValuePlanes, neighbour_counts, reachable};

/// The board facts the bound needs, computed once per search.
#[derive(Clone, Debug)]
pub struct Collectable {
    planes: ValuePlanes,
    /// Cells holding a double, from the lowest value to the highest.
    doubles: Vec<Cell>,
    /// All cells holding a double.
    double_set: CellSet,
    /// The symmetric pairs on the board as bits (a pair's index, below 64) of the cells of a set,
    /// read six cells at a time: for each chunk of six cells and each subset of it, the pairs
    /// whose smaller value lies on one of the subset's cells (low 64 bits) and those whose larger
    /// value does (high 64 bits). So a pair test costs 17 lookups instead of a loop over cells.
    pair_chunks: Box<[[u128; 64]; PAIR_CHUNKS]>,
    /// The smaller value of each pair, as seven bit planes over the pairs' indices.
    pair_lows: [u64; 7],
}

/// Chunks of six cells covering the board's 100 cells.
const PAIR_CHUNKS: usize = 100usize.div_ceil(6);

impl Collectable {
    /// The facts of `pos`'s board (the values on its cells and the rules' doubles).
    pub fn new(pos: &Position) -> Collectable {
        let board = pos.board();
        let rules = pos.rules();
        let mut doubles: Vec<(u8, Cell)> = Vec::new();
        let mut pair_chunks = Box::new([[0u128; 64]; PAIR_CHUNKS]);
        let mut pair_lows = [0u64; 7];
        let mut pairs = 0;
        for c in Cell::all() {
            let Some(v) = board.value(c) else { continue };
            if rules.is_double(v) {
                doubles.push((v, c));
            } else if let Some(s) = cavalo_rules::symmetric(v)
                && s > v
                && let Some(high) = board.cell_of(s)
            {
                // Pair `pairs`: its bit in every subset of the chunks holding its two cells.
                for (cell, bit) in [(c, 1u128 << pairs), (high, 1u128 << (64 + pairs))] {
                    let (chunk, at) = (cell.index() / 6, cell.index() % 6);
                    for (subset, pairs_in) in pair_chunks[chunk].iter_mut().enumerate() {
                        if subset >> at & 1 != 0 {
                            *pairs_in |= bit;
                        }
                    }
                }
                for (k, plane) in pair_lows.iter_mut().enumerate() {
                    *plane |= u64::from(v >> k & 1) << pairs;
                }
                pairs += 1;
            }
        }
        debug_assert!(pairs <= 64, "at most 45 symmetric pairs of two-digit numbers");
        doubles.sort_unstable();
        Collectable {
            planes: ValuePlanes::new(pos),
            double_set: doubles.iter().map(|&(_, c)| c).collect(),
            doubles: doubles.into_iter().map(|(_, c)| c).collect(),
            pair_chunks,
            pair_lows,
        }
    }

    /// The points `side` wins by its next landing at best (0 when it has none): a part of its
    /// gain it is sure of when it is to move.
    #[inline]
    pub fn best_landing(&self, pos: &Position, side: Side) -> i32 {
        self.planes.max(pos.destinations(side))
    }

    /// What the opponent of the side to move is sure to win: the least, over the mover's moves,
    /// of the opponent's best landing right after it; 0 without trying the moves when even the
    /// opponent's best value one jump away now, `best_now` (its [`Collectable::gain_floor`],
    /// which the answer can only be below), is less than `need`, the amount that would decide.
    pub fn sure_reply(&self, pos: &mut Position, need: i32, best_now: i32) -> i32 {
        // The opponent's knight does not move meanwhile: its landings stay among its jumps.
        if best_now < need {
            return 0;
        }
        let mut least = i32::MAX;
        for &m in pos.legal_moves().iter() {
            let undo = pos.play(m);
            least = least.min(self.best_landing(pos, pos.side_to_move()));
            pos.unplay(m, undo);
        }
        if least == i32::MAX { 0 } else { least }
    }

    /// A floor of [`Collectable::gain_bound`] that costs almost nothing: the largest value one
    /// jump from `side`'s knight (those cells are in its reach, and the bound never counts less
    /// than the largest value it reaches). Not a floor of what the side will collect.
    #[inline]
    pub fn gain_floor(&self, pos: &Position, side: Side) -> i32 {
        pos.knight(side).map_or(0, |k| self.planes.max(CellSet::knight_jumps(k) & pos.holding()))
    }

    /// The sum of the values still on the board.
    #[inline]
    pub fn remaining(&self, pos: &Position) -> i32 {
        self.planes.sum(pos.holding())
    }

    /// An upper bound on the points `side` can still collect in `pos`.
    pub fn gain_bound(&self, pos: &Position, side: Side) -> i32 {
        let open = pos.holding();
        let Some(k) = pos.knight(side) else { return self.counted(pos, open) };
        let reach = reachable(CellSet::from_cell(k), open);
        let all = self.counted(pos, reach);
        // Dead ends: of those only the largest can be collected (the last landing).
        let (one, two) = neighbour_counts(open);
        let dead_ends = reach - two - (one & CellSet::knight_jumps(k));
        if dead_ends.len() < 2 {
            return all;
        }
        all.min(self.counted(pos, reach - dead_ends) + self.planes.max(dead_ends))
    }

    /// The sum of the values on `cells` that one side could all collect: of a symmetric pair
    /// both in `cells` only the larger value, of the doubles in `cells` only as many as are ever
    /// landed on (the largest).
    fn counted(&self, pos: &Position, cells: CellSet) -> i32 {
        let mut sum = self.planes.sum(cells);
        // Symmetric pairs: only the larger value of a pair both of whose cells are counted.
        let (lows, highs) = self.pair_bits(cells);
        let both = lows & highs;
        sum -= self
            .pair_lows
            .iter()
            .enumerate()
            .map(|(k, p)| ((p & both).count_ones() << k) as i32)
            .sum::<i32>();
        // Doubles: at most ceil(k / 2) of the k left are ever landed on.
        let left = (pos.holding() & self.double_set).len();
        let reached = cells & self.double_set;
        let mut excess = reached.len().saturating_sub(left.div_ceil(2));
        for &c in &self.doubles {
            if excess == 0 {
                break;
            }
            if reached.contains(c) {
                sum -= pos.value_at(c).unwrap_or(0) as i32;
                excess -= 1;
            }
        }
        sum
    }
}

/// How a position splits between the two knights (see [`Collectable::separated`]).
impl Collectable {
    /// When the knights can no longer interact — no cell reachable by both, no symmetric pair
    /// with one cell in each side's reach, not both sides with a double in reach — each side's
    /// gain is its own business and the exact value is the points difference plus the most the
    /// mover can collect alone minus the most the opponent can collect alone. Returns the two
    /// reachable regions (mover's, opponent's) then.
    ///
    /// (The threat rule cannot matter then either: a cell next to the other knight and holding
    /// its number is reachable by that knight.)
    pub fn separated(&self, pos: &Position) -> Option<(CellSet, CellSet)> {
        let me = pos.side_to_move();
        let (km, ko) = (pos.knight(me)?, pos.knight(!me)?);
        let open = pos.holding();
        let rm = reachable(CellSet::from_cell(km), open);
        let ro = reachable(CellSet::from_cell(ko), open);
        if rm.intersects(ro) || (rm.intersects(self.double_set) && ro.intersects(self.double_set)) {
            return None;
        }
        // A symmetric pair with one cell in each region.
        let ((mine_low, mine_high), (their_low, their_high)) = (self.pair_bits(rm), self.pair_bits(ro));
        if mine_low & their_high != 0 || their_low & mine_high != 0 {
            return None;
        }
        Some((rm, ro))
    }

    /// The symmetric pairs (as bits, see `pair_chunks`) with their smaller value on a cell of
    /// `cells`, and those with their larger value on one.
    #[inline]
    fn pair_bits(&self, cells: CellSet) -> (u64, u64) {
        let bits = cells.bits();
        let found = self
            .pair_chunks
            .iter()
            .enumerate()
            .fold(0, |found, (j, chunk)| found | chunk[(bits >> (6 * j)) as usize & 63]);
        (found as u64, (found >> 64) as u64)
    }
}

/// The most a knight can collect alone in its region: an exhaustive search over its paths (the
/// other side passing), memoised on (knight cell, cells of the region and doubles still holding).
/// One solver serves the positions of one board.
pub struct SoloSolver {
    memo: std::collections::HashMap<(u8, u128), i32>,
    /// The board's doubles ([`Collectable`]'s): those left outside the region are part of a memo
    /// key, since a landing on a double must remove another one and takes one of the region's
    /// only when none is left outside it.
    doubles: CellSet,
}

impl SoloSolver {
    /// A solver for the positions of the board `c` was made for.
    pub fn new(c: &Collectable) -> SoloSolver {
        SoloSolver { memo: std::collections::HashMap::new(), doubles: c.double_set }
    }
}

/// Memo entries kept before the memo is emptied (bounded memory).
const SOLO_MEMO_MAX: usize = 1 << 20;

impl SoloSolver {
    /// The most the side to move of `pos` can collect alone within `region` (its reachable
    /// cells), or `None` when more than `budget` new positions would be needed.
    pub fn solve(&mut self, pos: &mut Position, region: CellSet, budget: &mut u32) -> Option<i32> {
        if self.memo.len() > SOLO_MEMO_MAX {
            self.memo.clear();
        }
        let me = pos.side_to_move();
        let key = (pos.knight(me)?.index() as u8, (pos.holding() & (region | self.doubles)).bits());
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let moves = pos.legal_moves();
        let mut best = 0;
        for &m in moves.iter() {
            let Some(d) = m.destination() else { continue };
            let gained = pos.value_at(d).unwrap_or(0) as i32;
            let undo = pos.play(m);
            let pass = pos.play(cavalo_rules::Move::PASS);
            let rest = self.solve(pos, region, budget);
            pos.unplay(cavalo_rules::Move::PASS, pass);
            pos.unplay(m, undo);
            best = best.max(gained + rest?);
        }
        self.memo.insert(key, best);
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::negamax_rest;
    use cavalo_rules::Rules;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The most points `side` can collect from `pos` on, whatever both sides play (a search over
    /// every line: both sides cooperate to maximise `side`'s gain).
    fn most_collectable(pos: &mut Position, side: Side, budget: &mut u64) -> Option<i32> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let moves = pos.legal_moves();
        let mut best = 0;
        for &m in moves.iter() {
            let before = pos.points(side) as i32;
            let undo = pos.play(m);
            let gained = pos.points(side) as i32 - before;
            let rest = most_collectable(pos, side, budget);
            pos.unplay(m, undo);
            best = best.max(gained + rest?);
        }
        Some(best)
    }

    #[test]
    fn counted_drops_the_smaller_value_of_each_pair_inside_and_the_doubles_never_landed_on() {
        // Against a count cell by cell: the values of `cells`, less the smaller value of every
        // symmetric pair with both cells in `cells`, less the smallest doubles in `cells` beyond
        // half (rounded up) of those still on the board.
        let mut rng = SmallRng::seed_from_u64(31);
        for seed in 0..30u64 {
            let rules = Rules { zero_double: seed % 2 == 0, ..Rules::default() };
            let mut pos = Position::from_seed(seed, rules);
            for _ in 0..rng.random_range(0..30) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.random_range(0..moves.len())]);
            }
            let c = Collectable::new(&pos);
            let holding = pos.holding();
            for _ in 0..20 {
                let cells: CellSet = holding.iter().filter(|_| rng.random_bool(0.6)).collect();
                let value = |cell: Cell| i32::from(pos.value_at(cell).unwrap());
                let mut expect: i32 = cells.iter().map(value).sum();
                for low in cells.iter() {
                    let v = pos.value_at(low).unwrap();
                    if let Some(s) = cavalo_rules::symmetric(v)
                        && s > v
                        && !rules.is_double(v)
                        && cells.iter().any(|h| pos.value_at(h) == Some(s))
                    {
                        expect -= i32::from(v);
                    }
                }
                let left = holding.iter().filter(|&d| rules.is_double(pos.value_at(d).unwrap())).count();
                let mut inside: Vec<i32> =
                    cells.iter().filter(|&d| rules.is_double(pos.value_at(d).unwrap())).map(value).collect();
                inside.sort_unstable();
                let excess = inside.len().saturating_sub(left.div_ceil(2));
                expect -= inside[..excess].iter().sum::<i32>();
                assert_eq!(c.counted(&pos, cells), expect, "seed {seed} {pos} {cells:?}");
            }
        }
    }

    #[test]
    fn separated_positions_are_worth_each_sides_best_alone_whatever_the_memo_saw_before() {
        // One memo shared by many positions of a board (as in a search) against a fresh memo
        // for each, and the difference of the two sides' best alone against the exact solver.
        let mut rng = SmallRng::seed_from_u64(29);
        let mut checked = 0;
        let mut exact_checked = 0;
        for seed in 0..40u64 {
            let mut shared = None;
            for _ in 0..6 {
                let mut pos = Position::from_seed(seed, Rules::default());
                while !pos.is_over() {
                    let moves = pos.legal_moves();
                    pos.play(moves[rng.random_range(0..moves.len())]);
                    let c = Collectable::new(&pos);
                    let Some((mine, theirs)) = c.separated(&pos) else { continue };
                    let shared = shared.get_or_insert_with(|| SoloSolver::new(&c));
                    let (mut a, mut b) = (20_000, u32::MAX);
                    let Some(fresh) = SoloSolver::new(&c).solve(&mut pos.clone(), mine, &mut a) else {
                        continue;
                    };
                    let remembered = shared.solve(&mut pos.clone(), mine, &mut b);
                    assert_eq!(remembered, Some(fresh), "seed {seed}: {pos}");
                    checked += 1;
                    if pos.holding().len() > 30 {
                        continue;
                    }
                    let mut p = pos.clone();
                    let undo = p.play(cavalo_rules::Move::PASS);
                    let lost = SoloSolver::new(&c).solve(&mut p, theirs, &mut a);
                    p.unplay(cavalo_rules::Move::PASS, undo);
                    if let (Some(lost), Some(exact)) =
                        (lost, crate::solver::Solver::new(1, 50_000).solve(&pos))
                    {
                        assert_eq!(
                            pos.points_diff(pos.side_to_move()) + fresh - lost,
                            exact,
                            "seed {seed}: {pos}"
                        );
                        exact_checked += 1;
                    }
                }
            }
        }
        assert!(checked > 200, "only {checked} separated positions");
        assert!(exact_checked > 100, "only {exact_checked} solved");
    }

    #[test]
    fn a_double_left_outside_the_region_is_part_of_the_memo_key() {
        // Black alone in its region with the doubles 55 and 33: a landing on 55 removes 33 unless
        // another double is left elsewhere (00 in the first position, not in the second).
        let without = ".,.,35,.,.,.,81,.,.,16/.,61,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,60,41/.,.,.,.,.,.,.,14,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,54,./.,.,.,B,.,.,.,.,95,./W,55,.,.,.,59,.,.,.,06/45,.,.,.,.,.,25,.,.,./18,.,33,.,.,.,53,.,52,. b 1448 1100";
        let with = without.replacen(".,.,.,.,.,.,.,.,60,41", ".,.,.,.,00,.,.,.,60,41", 1);
        let best_alone = |solver: &mut SoloSolver, fen: &str| {
            let pos: Position = fen.parse().unwrap();
            let (mine, _) = Collectable::new(&pos).separated(&pos).unwrap();
            let mut budget = u32::MAX;
            solver.solve(&mut pos.clone(), mine, &mut budget)
        };
        // (The board of a position string knows only the values still on it: the solver is made
        // for the one that still shows 00, as a search's is made for the whole board.)
        let board: Position = with.parse().unwrap();
        let fresh = || SoloSolver::new(&Collectable::new(&board));
        let mut shared = fresh();
        let fresh_with = best_alone(&mut fresh(), &with);
        let fresh_without = best_alone(&mut fresh(), without);
        assert_ne!(fresh_with, fresh_without, "the outside double must matter here");
        assert_eq!(best_alone(&mut shared, &with), fresh_with);
        assert_eq!(best_alone(&mut shared, without), fresh_without);
    }

    /// The position after a random number of random plies (in `plies`) on the board of `seed`,
    /// or `None` when the game is over or a knight is not placed yet.
    fn random_game_position(seed: u64, rng: &mut SmallRng, plies: std::ops::Range<u32>) -> Option<Position> {
        let mut pos = Position::from_seed(seed, Rules::default());
        for _ in 0..rng.random_range(plies) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]);
        }
        (!pos.is_over() && pos.placements_done()).then_some(pos)
    }

    #[test]
    fn the_bound_is_never_below_what_a_side_can_collect() {
        let mut rng = SmallRng::seed_from_u64(13);
        let mut checked = 0;
        let mut tighter = 0;
        for seed in 0..150u64 {
            let Some(pos) = random_game_position(seed, &mut rng, 14..40) else { continue };
            let c = Collectable::new(&pos);
            for side in [Side::White, Side::Black] {
                let mut budget = 30_000;
                if let Some(most) = most_collectable(&mut pos.clone(), side, &mut budget) {
                    let bound = c.gain_bound(&pos, side);
                    assert!(
                        bound >= most,
                        "seed {seed}: bound {bound} < {most} collectable by {side:?} in {pos}"
                    );
                    assert!(bound <= c.remaining(&pos));
                    assert!(c.gain_floor(&pos, side) <= bound, "seed {seed}: floor above the bound in {pos}");
                    checked += 1;
                    let reach = reachable(CellSet::from_cell(pos.knight(side).unwrap()), pos.holding());
                    tighter += usize::from(bound < c.counted(&pos, reach));
                }
            }
        }
        assert!(checked > 20, "only {checked} positions small enough");
        assert!(tighter > 30, "the dead ends tightened only {tighter} of {checked} bounds");
    }

    #[test]
    fn the_value_lies_between_the_sure_gains_and_the_bounds() {
        let mut rng = SmallRng::seed_from_u64(29);
        let (mut checked, mut lifted, mut lowered) = (0, 0, 0);
        for seed in 0..120u64 {
            let Some(pos) = random_game_position(seed, &mut rng, 36..56) else { continue };
            // Plain negamax (none of these bounds), memoised on the position.
            let mut memo = std::collections::HashMap::new();
            let Some(rest) = negamax_rest(&mut pos.clone(), &mut memo, 200_000) else { continue };
            let me = pos.side_to_move();
            let c = Collectable::new(&pos);
            let lower = c.best_landing(&pos, me) - c.gain_bound(&pos, !me);
            let best_now = c.gain_floor(&pos, !pos.side_to_move());
            let sure = c.sure_reply(&mut pos.clone(), i32::MIN, best_now);
            let upper = c.gain_bound(&pos, me) - sure;
            assert!(lower <= rest && rest <= upper, "seed {seed}: {lower} <= {rest} <= {upper} in {pos}");
            // Skipped when it could not decide: 0 then.
            assert_eq!(c.sure_reply(&mut pos.clone(), i32::MAX, best_now), 0);
            assert!(sure <= best_now, "{pos}");
            checked += 1;
            lifted += usize::from(c.best_landing(&pos, me) > 0);
            lowered += usize::from(sure > 0);
        }
        assert!(checked > 40, "{checked}");
        assert!(lifted > 20 && lowered > 20, "{lifted} {lowered} of {checked}");
    }
}
