//! # cavalo-match
//!
//! Matches between *Jogo do Cavalo* players, to measure strength:
//!
//! - [`spec`]: who plays: a built-in player (`cavalo:threads=2`, `classic:4`, `greedy`,
//!   `random`), an external engine speaking the protocol (`cmd:./engine`), or a course program
//!   in Common Lisp behind the adapter (`lisp:team.lisp,function=jogar`, [`lisp`]);
//! - [`contestant`]: a started player of any kind, asked for moves;
//! - [`termination`] and [`limits`]: how a game ended and why a player forfeited, and the limits
//!   of every move: the words the referee, the contestants and the external engines share;
//! - [`referee`]: plays one game, keeping the position itself and checking every move; an illegal
//!   move, a crash, a timeout or malformed output loses, with the reason recorded;
//! - [`run`]: plays the games of a [`MatchPlan`] (pairs of games on one seeded board with the
//!   colours swapped) on several threads;
//! - [`tournament`]: round robins and gauntlets among many players, with [`ratings`] from all
//!   games at once and a crosstable (as JSON here; the `cavalo` binary writes it as text and HTML in
//!   the user's language);
//! - [`runner`]: plays the units of work on several threads, a shard of them if asked;
//! - [`merge`]: what a merge of record files needs: the games missing, the first field in which
//!   two records' matches differ;
//! - [`Tally`] and [`Summary`]: W/D/L, Elo with its 95% interval, LOS, pentanomial counts, SPRT
//!   (formulas in [`stats`]);
//! - [`tune`]: SPSA tuning of the engine's search parameters with game pairs.
#![warn(missing_docs)]

pub mod contestant;
pub mod error;
pub mod external;
pub mod fault;
pub mod limits;
pub mod lisp;
pub mod merge;
pub mod meta;
pub mod program;
pub mod ratings;
pub mod referee;
pub mod runner;
pub mod sandbox;
mod shard;
pub mod spec;
pub mod stats;
pub mod termination;
pub mod tournament;
pub mod tune;
pub mod words;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::ControlFlow;

use cavalo_rules::{GameRecord, Rules};
use serde::Serialize;

/// The most of a forfeit's detail shown in the text summary (the JSON summary has it whole).
const EXAMPLE_CHARS: usize = 1000;

pub use error::{Aspect, PairError, PlanError, RecordMismatch, SprtError};
pub use limits::{MatchLimits, MoveLimits};
pub use lisp::{Expected, GlueError};
pub use meta::{MatchMeta, RecordedLimits};
pub use referee::{GameSetup, GameSpec, GameSummary, Watch, play_game, play_game_watched};
pub use runner::{Shard, Unit, run_units};
pub use spec::{NamedPlayer, ParseSpecError, PlayerSpec, SpecError};
pub use stats::{EloEstimate, MeanEstimate, Sprt, SprtVerdict};
pub use termination::{Fault, Forfeit, Termination};

/// A match: who, on which boards, how many games at once.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    /// Players, rules and limits.
    pub setup: GameSetup,
    /// The names engine 1 and engine 2 are shown under (their specs when not named; see
    /// [`spec::resolve_names`]).
    pub names: [String; 2],
    /// The board of pair 0; pair k plays on `first_seed + k`.
    pub first_seed: u64,
    /// Number of pairs (boards); the match has twice as many games.
    pub pairs: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Only this slice of the pairs (`--shard K/N`).
    pub shard: Option<Shard>,
}

impl MatchPlan {
    /// Number of games (of the shard, when there is one).
    pub fn games(&self) -> u64 {
        2 * self.shard.map_or(self.pairs, |s| s.count(self.pairs))
    }

    /// Game `index` of the match.
    pub fn game(&self, index: u64) -> GameSpec {
        GameSpec { index, seed: self.first_seed.wrapping_add(index / 2) }
    }

    /// The last board's seed.
    pub fn last_seed(&self) -> u64 {
        self.first_seed.wrapping_add(self.pairs.saturating_sub(1))
    }

    /// The specs of engine 1 and engine 2, as records give them.
    pub fn specs(&self) -> [String; 2] {
        [self.setup.engine1.to_string(), self.setup.engine2.to_string()]
    }

    /// Marks a record of this match: `meta.engine1`, `engine2`, `white` and `black` give the
    /// players' names, `meta.engine1_spec` and `engine2_spec` what played, and `meta.match` the
    /// schedule (`first_seed`, `pairs`), so that a merge knows which games belong to the match.
    /// A record that is no match's is left as it is.
    pub fn annotate(&self, rec: &mut GameRecord) {
        if let Ok(mut m) = MatchMeta::read(&rec.meta) {
            (m.names, m.specs) = (self.names.clone(), self.specs());
            m.schedule = Some(meta::Schedule { first_seed: self.first_seed, pairs: self.pairs });
            m.write(&mut rec.meta);
        }
    }

    /// Checks that a record (from `--resume`) belongs to this match, and reads it.
    pub fn check_record(&self, rec: &GameRecord) -> Result<GameSummary, RecordMismatch> {
        let m = MatchMeta::read(&rec.meta)?;
        let g = GameSummary::of(rec, &m);
        let game = g.index;
        if game >= 2 * self.pairs {
            return Err(RecordMismatch::Beyond { game, games: 2 * self.pairs, tournament: false });
        }
        if let Some(shard) = self.shard
            && !shard.contains(game / 2)
        {
            return Err(RecordMismatch::NotInShard { game, shard });
        }
        let (found, want) = (m.specs, self.specs());
        if found != want {
            return Err(RecordMismatch::OtherPlayers { game, found, want });
        }
        if g.engines != self.names {
            return Err(RecordMismatch::OtherNames { game, found: g.engines, want: self.names.clone() });
        }
        let want = self.game(game).seed;
        if g.seed != want {
            return Err(RecordMismatch::OtherSeed { game, found: g.seed, want });
        }
        if rec.rules != self.setup.rules {
            return Err(RecordMismatch::OtherRules { game, found: rec.rules, want: self.setup.rules });
        }
        Ok(g)
    }
}

/// Plays the games of `plan` (of its shard) that are not in `done`, `plan.concurrency` at a
/// time, both games of a pair by the same worker. `on_game` gets every finished game (in the
/// order they finish, marked by [`MatchPlan::annotate`]); when it answers [`ControlFlow::Break`] no new pair is started, and the
/// pairs under way are finished (so that pairs stay whole) and reported.
pub fn run(plan: &MatchPlan, done: &HashSet<u64>, on_game: &mut dyn FnMut(GameRecord) -> ControlFlow<()>) {
    let units: Vec<Unit<'_>> = (0..plan.pairs)
        .filter(|&pair| plan.shard.is_none_or(|s| s.contains(pair)))
        .map(|pair| Unit {
            setup: &plan.setup,
            games: [2 * pair, 2 * pair + 1]
                .into_iter()
                .filter(|i| !done.contains(i))
                .map(|i| plan.game(i))
                .collect(),
        })
        .collect();
    run_units(units, plan.concurrency, &mut |mut rec| {
        plan.annotate(&mut rec);
        on_game(rec)
    });
}

/// A game lost by forfeit, as a summary shows the first of each reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForfeitCase {
    /// The game's number.
    pub game: u64,
    /// Its board.
    pub seed: u64,
    /// What went wrong.
    pub forfeit: Forfeit,
}

/// Running totals of a match, from engine 1's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games won by engine 1.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost by engine 1.
    pub losses: u64,
    /// Complete pairs by engine 1's points in the pair: 0, ½, 1, 1½, 2.
    pub pentanomial: [u64; 5],
    /// Games lost by forfeit, by loser (0: engine 1, 1: engine 2) and reason.
    pub forfeits: [BTreeMap<Termination, u64>; 2],
    /// The first forfeit's detail for each loser and reason: what a user needs to see to
    /// mend a program without reading the records.
    pub forfeit_examples: [BTreeMap<Termination, String>; 2],
    /// The same first forfeits as data, when their records keep it (for front ends to word).
    pub forfeit_cases: [BTreeMap<Termination, ForfeitCase>; 2],
    /// Engine 1's points margin over each complete pair whose two games were played out.
    pub pair_margins: Vec<f64>,
    open_pairs: HashMap<u64, (f64, Option<f64>)>,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, g: &GameSummary) {
        match g.engine1_points {
            p if p >= 1.0 => self.wins += 1,
            p if p <= 0.0 => self.losses += 1,
            _ => self.draws += 1,
        }
        if g.termination != Termination::Normal {
            let loser = if g.engine1_points <= 0.0 { 0 } else { 1 };
            *self.forfeits[loser].entry(g.termination).or_default() += 1;
            if let Some(d) = &g.detail {
                self.forfeit_examples[loser]
                    .entry(g.termination)
                    .or_insert_with(|| format!("game {} (seed {}): {d}", g.index, g.seed));
            }
            if let Some(f) = &g.forfeit {
                let case = || ForfeitCase { game: g.index, seed: g.seed, forfeit: f.clone() };
                self.forfeit_cases[loser].entry(g.termination).or_insert_with(case);
            }
        }
        let pair = g.index / 2;
        match self.open_pairs.remove(&pair) {
            Some((first, first_margin)) => {
                self.pentanomial[((first + g.engine1_points) * 2.0).round() as usize] += 1;
                if let (Some(a), Some(b)) = (first_margin, g.engine1_margin) {
                    self.pair_margins.push(a + b);
                }
            }
            None => {
                self.open_pairs.insert(pair, (g.engine1_points, g.engine1_margin));
            }
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Complete pairs counted.
    pub fn pairs(&self) -> u64 {
        self.pentanomial.iter().sum()
    }

    /// Engine 1's score, 0..1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 { 0.5 } else { (self.wins as f64 + self.draws as f64 / 2.0) / n as f64 }
    }

    /// The Elo estimate: pentanomial over the complete pairs when there are some, else (or when
    /// every pair ended alike, which leaves the pentanomial variance at zero) trinomial.
    pub fn elo(&self) -> Option<(EloEstimate, &'static str)> {
        let penta =
            stats::elo_pentanomial(&self.pentanomial).filter(|e| e.elo.is_infinite() || e.high > e.low);
        match penta {
            Some(e) => Some((e, "pentanomial")),
            None => stats::elo_trinomial(self.wins, self.draws, self.losses).map(|e| (e, "trinomial")),
        }
    }

    /// The SPRT's log-likelihood ratio (pentanomial model, complete pairs).
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        sprt.llr_pentanomial(&self.pentanomial)
    }
}

/// The SPRT part of a summary.
#[derive(Clone, Debug, Serialize)]
pub struct SprtSummary {
    /// The test's parameters.
    #[serde(flatten)]
    pub params: Sprt,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound (accept H0 at or below).
    pub lower: f64,
    /// The upper bound (accept H1 at or above).
    pub upper: f64,
    /// The verdict, `null` while undecided.
    pub verdict: Option<SprtVerdict>,
    /// The model: `pentanomial` (the GSPRT for logistic Elo, as fishtest).
    pub model: &'static str,
}

/// What a summary says of the match besides the results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchAbout {
    /// Engine 1's name.
    pub engine1: String,
    /// Engine 2's name.
    pub engine2: String,
    /// Engine 1's spec (what played).
    pub engine1_spec: String,
    /// Engine 2's spec.
    pub engine2_spec: String,
    /// The rule variant (in JSON as records name it: `canonical`, `no-threat`, …).
    #[serde(serialize_with = "as_text")]
    pub rules: Rules,
    /// The limits per move (in JSON: `limits`, their English description, and
    /// `limits_per_move`, the data, when known).
    #[serde(flatten)]
    pub limits: RecordedLimits,
    /// The first board's seed.
    pub first_seed: u64,
    /// The last board's seed.
    pub last_seed: u64,
    /// The slice of the pairs played, when only one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// How many record files a merge read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merged_files: Option<usize>,
    /// Games planned.
    pub planned_games: u64,
}

fn as_text<S: serde::Serializer, T: std::fmt::Display>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

impl MatchAbout {
    /// The boards as text: `1..50`, `1..50 shard 2/3`, `1..50 (merged from 3 files)` (for the
    /// JSON summary; the binary words them from its catalogues).
    pub fn seeds(&self) -> String {
        let mut s = format!("{}..{}", self.first_seed, self.last_seed);
        if let Some(k) = self.shard {
            s += &format!(" shard {k}");
        }
        if let Some(n) = self.merged_files {
            s += &format!(" (merged from {n} file{})", if n == 1 { "" } else { "s" });
        }
        s
    }
}

/// The result of a match, for people (the binary words it) and programs (JSON).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The match.
    #[serde(flatten)]
    pub about: MatchAbout,
    /// The boards of the match, as text (see [`MatchAbout::seeds`]).
    pub seeds: String,
    /// Games played.
    pub games: u64,
    /// Complete pairs played.
    pub pairs: u64,
    /// Engine 1's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Engine 1's losses.
    pub losses: u64,
    /// Engine 1's score, 0..1.
    pub score: f64,
    /// Elo difference (engine 1 − engine 2); infinite ends are written `null` in JSON.
    pub elo: Option<EloEstimate>,
    /// How the Elo interval was measured: `pentanomial` (pairs) or `trinomial` (games).
    pub elo_model: Option<&'static str>,
    /// Likelihood that engine 1 is the stronger, 0..1.
    pub los: f64,
    /// Pairs by engine 1's points in the pair: [0, 0.5, 1, 1.5, 2].
    pub pentanomial: [u64; 5],
    /// Engine 1's points margin (its board points minus the other's) per complete pair, both
    /// games played out, with its 95% interval: more sensitive than wins and losses when many
    /// boards favour one colour.
    pub pair_margin: Option<MeanEstimate>,
    /// Engine 1's forfeited games by reason.
    pub engine1_forfeits: BTreeMap<Termination, u64>,
    /// Engine 2's forfeited games by reason.
    pub engine2_forfeits: BTreeMap<Termination, u64>,
    /// The first of engine 1's forfeits for each reason, with its game, seed and detail.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub engine1_forfeit_examples: BTreeMap<Termination, String>,
    /// The same for engine 2.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub engine2_forfeit_examples: BTreeMap<Termination, String>,
    /// Engine 1's first forfeits as data (when their records keep it), by reason.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub engine1_forfeit_cases: BTreeMap<Termination, ForfeitCase>,
    /// The same for engine 2.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub engine2_forfeit_cases: BTreeMap<Termination, ForfeitCase>,
    /// The SPRT, when asked for.
    pub sprt: Option<SprtSummary>,
}

impl Summary {
    /// The summary of `tally` for `plan`. `decided` is the SPRT verdict when a bound was
    /// crossed (it stands even if the pairs finished afterwards moved the ratio back inside).
    pub fn new(
        plan: &MatchPlan,
        tally: &Tally,
        sprt: Option<&Sprt>,
        decided: Option<SprtVerdict>,
    ) -> Summary {
        let [engine1, engine2] = plan.names.clone();
        let [engine1_spec, engine2_spec] = plan.specs();
        let about = MatchAbout {
            engine1,
            engine2,
            engine1_spec,
            engine2_spec,
            rules: plan.setup.rules,
            limits: RecordedLimits::Data(plan.setup.kept_limits()),
            first_seed: plan.first_seed,
            last_seed: plan.last_seed(),
            shard: plan.shard,
            merged_files: None,
            planned_games: plan.games(),
        };
        Summary::of(about, tally, sprt, decided)
    }

    /// The summary of `tally` for the match `about` describes.
    pub fn of(
        about: MatchAbout,
        tally: &Tally,
        sprt: Option<&Sprt>,
        decided: Option<SprtVerdict>,
    ) -> Summary {
        let elo = tally.elo();
        Summary {
            seeds: about.seeds(),
            about,
            games: tally.games(),
            pairs: tally.pairs(),
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            score: tally.score(),
            elo: elo.map(|e| e.0),
            elo_model: elo.map(|e| e.1),
            los: stats::los(tally.wins, tally.losses),
            pentanomial: tally.pentanomial,
            pair_margin: stats::mean_estimate(&tally.pair_margins),
            engine1_forfeits: tally.forfeits[0].clone(),
            engine2_forfeits: tally.forfeits[1].clone(),
            engine1_forfeit_examples: tally.forfeit_examples[0].clone(),
            engine2_forfeit_examples: tally.forfeit_examples[1].clone(),
            engine1_forfeit_cases: tally.forfeit_cases[0].clone(),
            engine2_forfeit_cases: tally.forfeit_cases[1].clone(),
            sprt: sprt.map(|s| {
                let llr = tally.llr(s);
                let (lower, upper) = s.bounds();
                SprtSummary {
                    params: *s,
                    llr,
                    lower,
                    upper,
                    verdict: decided.or(s.verdict(llr)),
                    model: "pentanomial",
                }
            }),
        }
    }

    /// The summary as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a summary serialises")
    }
}

/// A forfeit's example as a text summary shows it: at most its first characters, cut after a
/// word with `…` when cut (the JSON summary has it whole).
pub fn shown_example(example: &str) -> String {
    referee::cut_at_word(example, EXAMPLE_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Rules;

    fn summary(index: u64, points: f64, t: Termination) -> GameSummary {
        let engine1_margin = (t == Termination::Normal).then_some((points - 0.5) * 20.0);
        GameSummary {
            index,
            seed: 1,
            engine1_points: points,
            termination: t,
            engines: Default::default(),
            engine1_margin,
            detail: (t != Termination::Normal).then(|| format!("what went wrong in game {index}")),
            forfeit: None,
        }
    }

    #[test]
    fn tally_counts_games_and_pairs() {
        let mut t = Tally::default();
        t.add(&summary(0, 1.0, Termination::Normal));
        assert_eq!(t.pairs(), 0);
        t.add(&summary(3, 0.5, Termination::Normal));
        t.add(&summary(1, 0.5, Termination::Normal));
        t.add(&summary(2, 0.0, Termination::Timeout));
        t.add(&summary(4, 1.0, Termination::IllegalMove));
        assert_eq!((t.wins, t.draws, t.losses), (2, 2, 1));
        assert_eq!(t.pentanomial, [0, 1, 0, 1, 0]);
        assert_eq!(t.forfeits[0].get(&Termination::Timeout), Some(&1));
        // The first forfeit of each reason is kept as the example, with its game and seed.
        let mut more = t.clone();
        more.add(&summary(6, 0.0, Termination::Timeout));
        assert_eq!(more.forfeits[0].get(&Termination::Timeout), Some(&2));
        let example = "game 2 (seed 1): what went wrong in game 2";
        assert_eq!(more.forfeit_examples[0].get(&Termination::Timeout).map(String::as_str), Some(example));
        assert_eq!(more.forfeit_examples[1].len(), 1);
        assert_eq!(t.forfeits[1].get(&Termination::IllegalMove), Some(&1));
        assert!((t.score() - 0.6).abs() < 1e-12);
        assert_eq!(t.elo().unwrap().1, "pentanomial");
        // Margins: pair 1 (games 3 and 2) has a forfeit, so only pair 0 (+10 and 0) counts.
        assert_eq!(t.pair_margins, vec![10.0]);
        // Every pair split 1-1: no spread between pairs, so the games' spread is used.
        let mut t = Tally::default();
        for i in 0..10 {
            t.add(&summary(i, (i % 2) as f64, Termination::Normal));
        }
        assert_eq!(t.pentanomial, [0, 0, 5, 0, 0]);
        let (e, model) = t.elo().unwrap();
        assert_eq!(model, "trinomial");
        assert!(e.high > 100.0 && e.low < -100.0, "{e:?}");
    }

    #[test]
    fn plans_and_the_summary() {
        let setup = GameSetup {
            engine1: "greedy".parse().unwrap(),
            engine2: "random:3".parse().unwrap(),
            rules: Rules::default(),
            limits: MoveLimits::movetime(20),
            limits2: None,
        };
        let names = ["greedy".to_string(), "Sorte".to_string()];
        let plan = MatchPlan { setup, names, first_seed: 5, pairs: 3, concurrency: 2, shard: None };
        assert_eq!(plan.game(3), GameSpec { index: 3, seed: 6 });
        assert_eq!(plan.last_seed(), 7);
        let mut seen = Vec::new();
        let mut tally = Tally::default();
        run(&plan, &HashSet::from([0]), &mut |rec| {
            let g = plan.check_record(&rec).unwrap();
            rec.replay().unwrap();
            tally.add(&g);
            seen.push(g.index);
            ControlFlow::Continue(())
        });
        seen.sort();
        assert_eq!(seen, vec![1, 2, 3, 4, 5]);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let s = Summary::new(&plan, &tally, Some(&sprt), None);
        assert_eq!(s.games, 5);
        assert_eq!(s.pairs, 2);
        let json: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
        assert_eq!(json["games"], 5);
        assert_eq!(
            (json["engine2"].as_str(), json["engine2_spec"].as_str()),
            (Some("Sorte"), Some("random:3"))
        );
        assert_eq!(json["seeds"], "5..7");
        assert!((json["sprt"]["upper"].as_f64().unwrap() - 2.944).abs() < 1e-3);
    }
}
