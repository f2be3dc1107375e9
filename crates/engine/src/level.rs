//! Levels for people: opponents from a beginner (level 1) to the full engine (level 8).
//!
//! A lower level sees less and misjudges more, the way a person does, rather than playing a
//! random move now and then:
//!
//! - **it misjudges more** (levels 1 to 4): every legal move is searched with a glance (its
//!   search stops at the engine's first look at its limits, about a thousand nodes), and the
//!   level does not always play the move it values most:
//!   it chooses among them with a weight of `exp(−d / spread)` for a move valued `d` points below
//!   the best ([`spread`]), never one more than [`CUTOFF`] spreads below (a plausible mistake — a
//!   double missed, a trap two moves away — never an absurd one). The spread shrinks with the
//!   level;
//! - **it sees less** (levels 5 to 7): the engine's own search, stopped after the level's nodes
//!   ([`nodes`]), always playing the best move it found;
//! - a level's strength is defined in nodes and points, not in time, so an old laptop and the
//!   classroom server give the same opponent (a time limit still caps every search).
//!
//! Measured: more nodes help little past the first thousands (each fourfold +115, +70, +42, +21
//! Elo from 1,000 to 256,000 nodes), and the spread is what takes the engine down to the
//! reference players: so the lower levels misjudge and the higher ones see less (see the user
//! manual's ladder).
//!
//! The choice is drawn from a generator seeded by the level's seed and the position, so the
//! same seed gives the same game (tests rely on it). Level 8 is the engine itself, untouched.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cavalo_rules::{Move, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Engine, Limits, SearchInfo, SearchResult};

/// The full engine's level (the default).
pub const FULL: u8 = 8;

/// The weakest level.
pub const WEAKEST: u8 = 1;

/// A move is never chosen when valued more than this many spreads below the best.
pub const CUTOFF: f64 = 4.0;

/// The nodes of one move at `level` (all its searches together), none at full strength.
pub fn nodes(level: u8) -> Option<u64> {
    match level {
        // A glance at each move: its search stops at the engine's first look at its limits
        // (every [`crate::params::CHECK_EVERY`] nodes), so these levels differ by their spread.
        1..=4 => Some(1_000),
        5 => Some(1_500),
        6 => Some(6_000),
        7 => Some(30_000),
        _ => None,
    }
}

/// The spread of `level`'s choice, in points: 0 from level 5 on (always the best move found).
pub fn spread(level: u8) -> f64 {
    match level {
        1 => 120.0,
        2 => 90.0,
        3 => 55.0,
        4 => 12.0,
        _ => 0.0,
    }
}

/// The time each of `moves` searches may take within `limits`: the move's time (or, on a
/// clock, a twentieth of what is left plus half the increment) shared among them.
fn time_each(limits: &Limits, moves: usize) -> Option<Duration> {
    let whole = limits.movetime.or(limits.clock.map(|c| c.remaining / 20 + c.increment / 2))?;
    Some(whole / moves.max(1) as u32)
}

/// The index chosen among `values` (each move's value from the mover's view) at `spread`, with
/// the draw `u` in `[0, 1)`: the best when the spread is 0.
pub fn pick(values: &[i32], spread: f64, u: f64) -> usize {
    let best = values.iter().copied().max().expect("at least one move");
    if spread <= 0.0 {
        return values.iter().position(|&v| v == best).expect("the best");
    }
    let weight = |v: i32| {
        let d = f64::from(best - v);
        if d > CUTOFF * spread { 0.0 } else { (-d / spread).exp() }
    };
    let total: f64 = values.iter().map(|&v| weight(v)).sum();
    let mut at = u * total;
    for (i, &v) in values.iter().enumerate() {
        at -= weight(v);
        if at < 0.0 && weight(v) > 0.0 {
            return i;
        }
    }
    values.iter().position(|&v| v == best).expect("the best")
}

/// The generator of `level`'s choice in `pos` with `seed`.
fn generator(seed: u64, level: u8, pos: &Position) -> SmallRng {
    SmallRng::seed_from_u64(
        seed ^ pos.hash().rotate_left(17) ^ u64::from(level).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
}

impl Engine {
    /// The move of `level` (below [`FULL`]) in `pos` (see the module's docs); `on_info` hears
    /// one report, of the move chosen.
    pub(crate) fn search_level(
        &mut self,
        level: u8,
        start: Instant,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let budget = nodes(level).unwrap_or(u64::MAX);
        let most = limits.nodes.unwrap_or(u64::MAX);
        if spread(level) <= 0.0 {
            // Sees less: the engine's own search, stopped after the level's nodes.
            let whole = Limits { nodes: Some(budget.min(most)), ..limits.clone() };
            return self.search_full(start, pos, &whole, stop, on_info);
        }
        let moves = pos.legal_moves();
        // Misjudges: a glance at each move, each with its share of the nodes and the time.
        let each = Limits {
            nodes: Some((budget / moves.len().max(1) as u64).max(1).min(most)),
            movetime: time_each(limits, moves.len()),
            depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
            clock: None,
            answer_by: limits.answer_by,
        };
        if moves.len() <= 1 {
            return self.search_full(start, pos, &each, stop, on_info);
        }
        let mut info = SearchInfo::default();
        let mut values = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            let r = self.search_full(Instant::now(), &child, &each, stop, &mut |_| {});
            let sign = if child.side_to_move() == pos.side_to_move() { 1 } else { -1 };
            values.push(sign * r.info.score);
            info.nodes += r.info.nodes;
            info.alpha_cuts += r.info.alpha_cuts;
            info.beta_cuts += r.info.beta_cuts;
            info.depth = info.depth.max(r.info.depth + 1);
            info.seldepth = info.seldepth.max(r.info.seldepth + 1);
        }
        let u: f64 = generator(self.options().seed, level, pos).random();
        let chosen = pick(&values, spread(level), u);
        let mv: Move = moves[chosen];
        info.score = values[chosen];
        info.time = start.elapsed();
        info.nps = (info.nodes as f64 / info.time.as_secs_f64().max(1e-6)) as u64;
        info.pv = vec![mv];
        on_info(&info);
        SearchResult { best_move: Some(mv), info }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choice_weighs_values_by_the_spread_and_never_goes_past_the_cutoff() {
        let values = [10, 0, -200];
        // At spread 0: always the best.
        assert!((0..100).all(|i| pick(&values, 0.0, f64::from(i) / 100.0) == 0));
        // At spread 10: the move 10 points below is chosen exp(-1) times as often as the best;
        // the one 210 below never.
        let count = |spread: f64, k: usize| {
            (0..10_000).filter(|&i| pick(&values, spread, f64::from(i) / 10_000.0) == k).count()
        };
        let (best, second) = (count(10.0, 0), count(10.0, 1));
        assert_eq!(best + second, 10_000);
        let ratio = second as f64 / best as f64;
        assert!((ratio - (-1.0f64).exp()).abs() < 0.01, "{ratio}");
        assert_eq!(count(40.0, 2), 0, "210 points below is past 4 spreads of 40");
        // A larger spread chooses the worse move more often.
        assert!(count(40.0, 1) > count(10.0, 1));
    }

    #[test]
    fn the_levels_see_more_and_misjudge_less_as_they_rise() {
        for level in WEAKEST..FULL {
            let (n, next) = (nodes(level).unwrap(), nodes(level + 1).unwrap_or(u64::MAX));
            assert!(n <= next && spread(level) >= spread(level + 1));
            assert!(n < next || spread(level) > spread(level + 1), "level {} is level {level}", level + 1);
        }
        // The lower levels misjudge less and less, the higher ones see more and more.
        assert!((WEAKEST..5).all(|l| spread(l) > spread(l + 1)));
        assert!((5..=FULL).all(|l| spread(l) == 0.0));
        assert_eq!((nodes(FULL), spread(FULL)), (None, 0.0));
    }

    /// The first `plies` moves a level plays against itself from board `board`.
    fn game(level: u8, seed: u64, board: u64, plies: usize) -> Vec<Move> {
        let options = crate::Options { level, seed, hash_mib: 1, ..crate::Options::default() };
        let mut engine = Engine::new(options);
        let mut pos = Position::from_seed(board, cavalo_rules::Rules::default());
        let stop = AtomicBool::new(false);
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            let Some(mv) = engine.search(&pos, &Limits::default(), &stop, &mut |_| {}).best_move else {
                break;
            };
            assert!(legal.contains(&mv), "{mv} is legal");
            pos.play(mv);
            moves.push(mv);
        }
        moves
    }

    #[test]
    fn a_level_plays_legal_moves_and_the_same_game_with_the_same_seed() {
        let once = game(2, 7, 3, 12);
        assert_eq!(once.len(), 12);
        assert_eq!(game(2, 7, 3, 12), once, "the same seed, the same game");
        let others: Vec<Vec<Move>> = (8..12).map(|seed| game(2, seed, 3, 12)).collect();
        assert!(others.iter().any(|g| *g != once), "another seed, another game");
        // A level that sees less (no choice drawn) plays the same game too.
        assert_eq!(game(5, 7, 3, 12), game(5, 7, 3, 12));
    }

    #[test]
    fn a_levels_search_stays_within_its_nodes() {
        let check = crate::params::CHECK_EVERY;
        for level in [3, 6] {
            let options = crate::Options { level, hash_mib: 1, ..crate::Options::default() };
            let mut engine = Engine::new(options);
            let mut pos = Position::from_seed(5, cavalo_rules::Rules::default());
            let stop = AtomicBool::new(false);
            // Past the two placements, to a position with a choice.
            for _ in 0..2 {
                let mv = engine.search(&pos, &Limits::default(), &stop, &mut |_| {}).best_move.unwrap();
                pos.play(mv);
            }
            let moves = pos.legal_moves().len() as u64;
            let r = engine.search(&pos, &Limits::default(), &stop, &mut |_| {});
            assert!(r.best_move.is_some());
            // A search stops at its first look at its limits past its share: a glance at each
            // move for level 3, the level's nodes for level 6.
            let most = if level == 3 { moves * 2 * check } else { nodes(level).unwrap() + 2 * check };
            assert!(r.info.nodes <= most, "level {level}: {} nodes, at most {most}", r.info.nodes);
        }
    }

    #[test]
    fn time_is_shared_among_the_moves() {
        let l = Limits::movetime_ms(1000);
        assert_eq!(time_each(&l, 4), Some(Duration::from_millis(250)));
        assert_eq!(time_each(&Limits::nodes(5), 4), None);
    }
}
