//! Effort where a verdict is unsure.
//!
//! After the first pass (every position searched within the budget, see [`super::search_game`])
//! a ply's verdict is **unsure** when it is unclear (the margin swallowed its measured loss, see
//! [`super::counted`]) or uncertain (the margin lowered its class). Plies are taken in the order
//! of [`priority`]: the unsure ones first, then, with the nodes left, the other plies whose loss
//! is unproven and whose move was not the best found, then the plies whose move was the best
//! found, unproven. For each, two positions are searched
//! again, each with [`Effort::nodes_per_search`] nodes: the position before the ply (its proof,
//! where one is found, also proves which move is best) and the position whose search values the
//! move played (the next one, past a chain of forced plies); where such a search finds a best
//! move other than the one played from it and does not prove its position, the position after
//! that best move is searched again too (the loss is two searches of the same kind). A search of
//! that many nodes also proves its position where the proof is within its reach (the engine's
//! proof search runs within a search from `ProofMinNodes` nodes on), and an exact loss needs no
//! margin. The new searches replace the old; the game is judged again after each ply.
//!
//! No re-search starts unless its node limit fits in what is left of
//! [`Effort::max_nodes_per_game`] (each counted at its limit), nor the search of a position
//! unless the search after its best move would fit too; what they spent is told in
//! [`Refinement`].

use std::sync::atomic::{AtomicBool, Ordering};

use cavalo_engine::{Limits, Player};
use cavalo_rules::{GameRecord, Move, Position};
use serde::{Deserialize, Serialize};

use super::search::best_child;
use super::{Analysis, Budget, Class, MIN_NODES, PlyAnalysis, PositionSearch, Thresholds, judge, search_one};

/// A re-search has this many times the nodes per position of the first pass (with a time
/// budget, its median nodes).
pub const RESEARCH_FACTOR: u64 = 8;

/// A re-search has at least this many times the nodes per position of the first pass (see
/// [`default_nodes_per_search`]).
pub const MIN_RESEARCH_FACTOR: u64 = 2;

/// The first pass and the re-searches of a game have at least this many times the nodes per
/// position in all (a short game still has its re-searches: five at a 2-ply game); otherwise the
/// re-searches have half the nodes the first pass searched (a re-search's node costs about twice
/// a first pass's, whose late positions are proven cheaply: the analysis of a whole game takes
/// about twice as long at most, see the technical manual).
pub const MIN_GAME_FACTOR: u64 = 40;

/// How much an analysis may search again where its verdicts are unsure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    /// Nodes of all the re-searches of a game together (none: [`default_max_nodes`]; 0: no
    /// re-search).
    pub max_nodes_per_game: Option<u64>,
    /// Nodes of one re-search (none: [`default_nodes_per_search`]).
    pub nodes_per_search: Option<u64>,
}

/// What an analysis spent where its verdicts were unsure.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refinement {
    /// The nodes the re-searches of the game could have in all.
    pub max_nodes: u64,
    /// The nodes of one re-search.
    pub nodes_per_search: u64,
    /// The nodes they searched.
    pub nodes: u64,
    /// The positions searched again.
    pub searches: usize,
    /// How many of those searches proved their position.
    pub proven: usize,
    /// The plies whose positions were searched again, in the order they were.
    pub plies: Vec<usize>,
}

/// The game, its positions and moves, and the searches of the first pass.
pub(crate) struct Pass<'a> {
    pub game: &'a GameRecord,
    pub positions: &'a [Position],
    pub moves: &'a [Move],
    pub searches: Vec<PositionSearch>,
    pub budget: Budget,
    pub thresholds: Thresholds,
}

/// The order in which plies are searched again (larger first), none for a ply not to be: first
/// the unsure plies (unclear or uncertain), by the classes between their measured loss and
/// their loss counted, then their measured loss, then their margin; then, with the nodes left,
/// the other plies whose loss is unproven and whose move was not the best found, by their
/// measured loss plus its margin (a sure verdict may still be wrong: the exact values settle it);
/// last, the plies whose move the first pass found best without proving it (a mistake the first
/// pass took for the best move is found only by searching its position again), earliest first.
pub(crate) fn priority(p: &PlyAnalysis, t: &Thresholds) -> Option<(Tier, usize, i32, i32)> {
    let measured = p.measured_loss?;
    if p.forced || p.loss_exact || p.loss.is_none() && !p.unclear {
        return None;
    }
    let margin = p.margin.unwrap_or(i32::MAX);
    if !(p.unclear || p.uncertain) {
        if p.best.as_deref() == Some(p.played.as_str()) {
            return Some((Tier::FoundBest, 0, 0, 0));
        }
        return Some((Tier::Unproven, 0, measured.saturating_add(margin), 0));
    }
    let rank = |c: Class| Class::ALL.iter().position(|x| *x == c).expect("a class");
    let gap = rank(t.classify(measured)) - rank(t.classify(p.loss.unwrap_or(0)));
    Some((Tier::Unsure, gap, measured, margin))
}

/// The three kinds of plies searched again, in the order they are (the last first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tier {
    /// The move played was the best the first pass found, unproven.
    FoundBest,
    /// The loss is unproven and its verdict sure.
    Unproven,
    /// The ply is unclear or uncertain.
    Unsure,
}

/// The position whose search gives the value after ply `k`: the next one, past any forced plies.
fn value_position(an: &Analysis, k: usize) -> usize {
    let mut j = k + 1;
    while j < an.plies.len() && an.plies[j].forced {
        j += 1;
    }
    j
}

/// Judges the first pass, then searches again where the verdicts are unsure, within `effort`
/// (see the module's docs), and gives the last judgement with its [`Refinement`].
pub(crate) fn refine(engine: &mut dyn Player, mut pass: Pass, effort: Effort, stop: &AtomicBool) -> Analysis {
    let judge_now =
        |p: &Pass| judge(p.game.clone(), p.positions, p.moves, &p.searches, p.budget, p.thresholds);
    let mut an = judge_now(&pass);
    if an.too_small {
        return an;
    }
    let base = pass.budget.nodes.unwrap_or(an.median_nodes).max(MIN_NODES);
    let max_nodes =
        effort.max_nodes_per_game.unwrap_or_else(|| default_max_nodes(first_pass(&pass.searches), base));
    let mut r = Refinement {
        max_nodes,
        nodes_per_search: effort
            .nodes_per_search
            .unwrap_or_else(|| default_nodes_per_search(max_nodes, base))
            .max(1),
        ..Refinement::default()
    };
    let limits = Limits { nodes: Some(r.nodes_per_search), ..Limits::default() };
    let mut tried = vec![false; an.plies.len()];
    let mut redone = vec![false; pass.searches.len()];
    while !stop.load(Ordering::Relaxed) {
        let next = (0..an.plies.len())
            .filter(|&k| !tried[k])
            .filter_map(|k| priority(&an.plies[k], &pass.thresholds).map(|u| (u, k)))
            .max_by_key(|&(u, k)| (u, std::cmp::Reverse(k)));
        let Some((_, k)) = next else { break };
        tried[k] = true;
        let mut research = Research { engine: &mut *engine, limits: &limits, stop, r: &mut r };
        // The position before (its proof also proves which move is best), then the position whose
        // search values the move played.
        let mut any = false;
        for i in [k, value_position(&an, k)] {
            if !redone[i] && !pass.searches[i].value.exact {
                if !research.again(&mut pass, i) {
                    break;
                }
                (redone[i], any) = (true, true);
            }
        }
        if any {
            r.plies.push(k + 1);
            an = judge_now(&pass);
        }
    }
    for &ply in &r.plies {
        an.plies[ply - 1].refined = true;
    }
    an.refinement = r;
    an
}

/// The default nodes of the re-searches of a game whose first pass searched `first` nodes at
/// `base` nodes per position (see [`MIN_GAME_FACTOR`]).
pub fn default_max_nodes(first: u64, base: u64) -> u64 {
    (first / 2).max(MIN_GAME_FACTOR.saturating_mul(base).saturating_sub(first))
}

/// The default nodes of one re-search within `max_nodes` for the game, at `base` nodes per
/// position: [`RESEARCH_FACTOR`] times `base`, but no more than a quarter of `max_nodes` (a budget
/// holds two plies' searches at least: a whole game's half of its first pass would otherwise
/// hold less than one), nor less than [`MIN_RESEARCH_FACTOR`] times `base`.
pub fn default_nodes_per_search(max_nodes: u64, base: u64) -> u64 {
    RESEARCH_FACTOR.saturating_mul(base).min((max_nodes / 4).max(MIN_RESEARCH_FACTOR.saturating_mul(base)))
}

/// The nodes of the first pass: every position's search and every search after a best move.
fn first_pass(searches: &[PositionSearch]) -> u64 {
    searches.iter().map(|s| s.nodes + s.after_best.as_ref().map_or(0, |a| a.nodes)).sum()
}

/// The re-searches of a game, within its budget.
struct Research<'a> {
    engine: &'a mut dyn Player,
    limits: &'a Limits,
    stop: &'a AtomicBool,
    r: &'a mut Refinement,
}

impl Research<'_> {
    /// Whether the budget still has room for `n` more whole re-searches (each counted at its
    /// limit; a search stops within a few hundred nodes past it).
    fn room(&self, n: u64) -> bool {
        (self.r.searches as u64 + n).saturating_mul(self.r.nodes_per_search) <= self.r.max_nodes
    }

    /// One position searched again, when the budget still has a whole re-search.
    fn one(&mut self, pos: &Position) -> Option<PositionSearch> {
        if !self.room(1) {
            return None;
        }
        let s = search_one(self.engine, pos, self.limits, self.stop);
        self.r.nodes += s.nodes;
        self.r.searches += 1;
        self.r.proven += usize::from(s.value.exact);
        Some(s)
    }

    /// Position `i` of `pass` searched again, and, when its move was not the best move it
    /// finds, the position after that best move too (the two compared for ply `i + 1`); false
    /// when the budget had no room for it.
    fn again(&mut self, pass: &mut Pass, i: usize) -> bool {
        // Room for the search after its best move too, where one may be needed.
        let choice = pass.moves.get(i).is_some() && pass.positions[i].legal_moves().len() > 1;
        if !self.room(1 + u64::from(choice)) {
            return false;
        }
        let Some(mut s) = self.one(&pass.positions[i]) else { return false };
        if let Some(child) = best_child(&pass.positions[i], &s, pass.moves.get(i)) {
            // Without room for it, the old search after the best move stays if it is the same.
            let old = pass.searches[i].after_best.clone().filter(|_| pass.searches[i].best == s.best);
            s.after_best = self.one(&child).map(Box::new).or(old);
            if s.after_best.is_none() {
                // Nothing to compare the move played with: keep the first search.
                return false;
            }
        }
        pass.searches[i] = s;
        true
    }
}
